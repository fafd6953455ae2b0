//! What the calls in progress have cost so far (issue 45), and how close they run to the
//! account's capacity. Pure: the live calls page works it out once per answer. The totals by
//! network ([`by_network`]) need the networks of the answer's rate prefixes, one request more
//! ([`network_prefix_query`]), which the page makes when that set of prefixes changes.
//!
//! A call is billed as the switch bills its CDR (yeti-web's `billing.bill_cdr` and
//! `billing.interval_billing`): nothing until it is answered and has lasted a second; then the
//! connect fee, the whole initial interval at the initial rate and every started next interval
//! at the next rate, rates per minute, in exact decimals ([`crate::rates::call_cost`]). A live
//! call's row carries no VAT and no attempt fee, so neither is counted. A row without every
//! term of its rate has no cost (not a cost of zero): its total leaves it out and counts it.

use crate::document::ListDocument;
use crate::list::MAX_PAGE_SIZE;
use crate::live_calls::{ActiveCall, Elapsed};
use crate::query::encode_pairs;
use crate::rates::{Tariff, checked_call_cost};
use chrono::{DateTime, Utc};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use std::collections::HashMap;

/// Decimal places a cost is shown with: a per-minute rate of four decimals billed by the
/// second (0.0123 / 60 = 0.000205) still shows in whole.
pub const COST_DECIMALS: u32 = 6;

/// From this share of its capacity (percent) the account's calls are near the limit.
pub const NEAR_LIMIT_PERCENT: u64 = 80;

/// A cost as shown: rounded half away from zero (as PostgreSQL's `round`) to
/// [`COST_DECIMALS`], always with that many decimals (columns of costs line up).
pub fn shown_cost(cost: Decimal) -> Decimal {
    let mut shown =
        cost.round_dp_with_strategy(COST_DECIMALS, RoundingStrategy::MidpointAwayFromZero);
    shown.rescale(COST_DECIMALS);
    shown
}

/// A whole, positive number of seconds: an interval the switch can bill by.
fn interval(value: Option<Decimal>) -> Option<i64> {
    value
        .filter(|v| v.fract().is_zero() && v.is_sign_positive() && !v.is_zero())
        .and_then(|v| v.to_i64())
}

/// The terms a call's row carries; `None` when one is missing or an interval is not a whole,
/// positive number of seconds (the switch accepts no other; it could not bill by it).
pub fn tariff(call: &ActiveCall) -> Option<Tariff> {
    Some(Tariff {
        initial_rate: call.destination_initial_rate.0?,
        initial_interval: interval(call.destination_initial_interval.0)?,
        next_rate: call.destination_next_rate.0?,
        next_interval: interval(call.destination_next_interval.0)?,
        connect_fee: call.destination_fee.0?,
        // Not in a live call's row: only a failed attempt pays it, and this one is running.
        attempt_fee: Decimal::ZERO,
    })
}

/// A call's cost so far, and the seconds of talk it is worked out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunningCost {
    pub seconds: i64,
    pub cost: Decimal,
}

/// What a call has cost at `at`: zero while it rings, its intervals once answered; `None`
/// without its rate's terms, without a readable start, or past what a decimal holds.
pub fn running_cost(call: &ActiveCall, at: DateTime<Utc>) -> Option<RunningCost> {
    let tariff = tariff(call)?;
    let seconds = match call.elapsed(at) {
        Elapsed::Talking(seconds) => seconds,
        // Unanswered so far: the switch bills no call that was not answered.
        Elapsed::Ringing(_) => 0,
        Elapsed::Unknown => return None,
    };
    let billed = checked_call_cost(&tariff, seconds.max(0).unsigned_abs())?;
    Some(RunningCost {
        seconds,
        cost: billed.total,
    })
}

/// A sum of costs: the calls it counts, and those without a cost.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CostTotal {
    /// `None` while no call in it has a cost, or past what a decimal holds.
    pub cost: Option<Decimal>,
    pub calls: u64,
    pub without_cost: u64,
}

impl CostTotal {
    fn add(&mut self, cost: Option<Decimal>) {
        self.calls += 1;
        let Some(cost) = cost else {
            self.without_cost += 1;
            return;
        };
        let first = self.calls - self.without_cost == 1;
        // Once past a decimal's range, the sum stays unknown.
        self.cost = if first {
            Some(cost)
        } else {
            self.cost.and_then(|sum| sum.checked_add(cost))
        };
    }

    /// Adds another sum's calls and cost.
    fn merge(&mut self, other: &CostTotal) {
        let priced = self.calls - self.without_cost;
        self.calls += other.calls;
        self.without_cost += other.without_cost;
        if other.calls == other.without_cost {
            return;
        }
        self.cost = match (priced, self.cost, other.cost) {
            (0, _, theirs) => theirs,
            (_, Some(ours), Some(theirs)) => ours.checked_add(theirs),
            _ => None,
        };
    }
}

/// One destination prefix's calls and what they have cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrefixTotal {
    /// The rate's prefix (`destination_prefix`); empty when the row has none.
    pub prefix: String,
    pub total: CostTotal,
}

/// What a snapshot's calls have cost, worked out once per answer: each call's (in the
/// snapshot's order), the account's total, and the totals by destination prefix.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LiveCosts {
    pub calls: Vec<Option<RunningCost>>,
    pub account: CostTotal,
    /// The costliest first (a prefix without any cost last), then by prefix.
    pub by_prefix: Vec<PrefixTotal>,
}

impl LiveCosts {
    /// The costs at `at` (the time of the answer). One pass over the calls, one hash lookup
    /// each: 5,000 calls are a few milliseconds' work.
    pub fn of(calls: &[ActiveCall], at: DateTime<Utc>) -> LiveCosts {
        let mut costs = LiveCosts {
            calls: Vec::with_capacity(calls.len()),
            ..LiveCosts::default()
        };
        let mut prefixes: HashMap<&str, CostTotal> = HashMap::new();
        for call in calls {
            let running = running_cost(call, at);
            let cost = running.map(|r| r.cost);
            costs.account.add(cost);
            let prefix = call.destination_prefix.as_deref().unwrap_or_default();
            prefixes.entry(prefix).or_default().add(cost);
            costs.calls.push(running);
        }
        costs.by_prefix = prefixes
            .into_iter()
            .map(|(prefix, total)| PrefixTotal {
                prefix: prefix.to_owned(),
                total,
            })
            .collect();
        costs.by_prefix.sort_by(|a, b| {
            b.total
                .cost
                .cmp(&a.total.cost)
                .then_with(|| a.prefix.cmp(&b.prefix))
        });
        costs
    }
}

/// The most network prefixes one request asks for: every leading part of each rate prefix
/// goes into its address, which must stay short enough for any server.
pub const MAX_NETWORK_PREFIXES: usize = 500;

/// The network prefixes that may begin the snapshot's rate prefixes (every leading part of
/// each), sorted, for one `filter[prefix-in]` request; `None` when there are none, or more
/// than [`MAX_NETWORK_PREFIXES`] (the totals by network are then left out).
pub fn network_prefix_candidates(by_prefix: &[PrefixTotal]) -> Option<Vec<String>> {
    let mut candidates: Vec<String> = by_prefix
        .iter()
        .flat_map(|p| {
            (1..=p.prefix.len())
                .filter(|end| p.prefix.is_char_boundary(*end))
                .map(|end| p.prefix[..end].to_owned())
        })
        .collect();
    candidates.sort_unstable();
    candidates.dedup();
    (!candidates.is_empty() && candidates.len() <= MAX_NETWORK_PREFIXES).then_some(candidates)
}

/// The query of `GET /network-prefixes` for those candidates, their networks included.
pub fn network_prefix_query(candidates: &[String]) -> String {
    encode_pairs(&[
        ("filter[prefix-in]", candidates.join(",")),
        ("include", "network".to_owned()),
        ("page[size]", MAX_PAGE_SIZE.to_string()),
    ])
}

/// Network names by network prefix, from that answer: each prefix's `network`, named by the
/// included networks (a network the answer does not name is left out).
pub fn network_names(document: &ListDocument<serde_json::Value>) -> HashMap<String, String> {
    let names: HashMap<&str, &str> = document
        .included
        .iter()
        .filter(|r| r.kind == "networks")
        .filter_map(|r| Some((r.id.as_str(), r.attributes["name"].as_str()?)))
        .collect();
    document
        .data
        .iter()
        .filter_map(|prefix| {
            let network = names.get(prefix.related_id("network")?.id.as_str())?;
            let text = prefix.attributes["prefix"].as_str()?;
            Some((text.to_owned(), (*network).to_owned()))
        })
        .collect()
}

/// One network's calls and what they have cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetworkTotal {
    /// Its name; empty for the rate prefixes no known network prefix begins.
    pub network: String,
    pub total: CostTotal,
}

/// The totals by network: each rate prefix's total goes to the network of the longest network
/// prefix that begins it (the switch matches a number so). Per prefix, not per call: a few
/// hundred entries at most, however many calls.
pub fn by_network(by_prefix: &[PrefixTotal], names: &HashMap<String, String>) -> Vec<NetworkTotal> {
    let mut networks: HashMap<&str, CostTotal> = HashMap::new();
    for prefix in by_prefix {
        let network = (1..=prefix.prefix.len())
            .rev()
            .filter(|end| prefix.prefix.is_char_boundary(*end))
            .find_map(|end| names.get(&prefix.prefix[..end]))
            .map_or("", String::as_str);
        networks.entry(network).or_default().merge(&prefix.total);
    }
    let mut totals: Vec<NetworkTotal> = networks
        .into_iter()
        .map(|(network, total)| NetworkTotal {
            network: network.to_owned(),
            total,
        })
        .collect();
    totals.sort_by(|a, b| {
        b.total
            .cost
            .cmp(&a.total.cost)
            .then_with(|| a.network.cmp(&b.network))
    });
    totals
}

/// Which of the account's capacities a bar shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapacityKind {
    Origination,
    Total,
}

/// The account's calls in progress against one of its capacities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CapacityUse {
    pub kind: CapacityKind,
    pub calls: u64,
    pub limit: u64,
    /// Of the limit, rounded down; above 100 when the snapshot shows more calls than it allows.
    pub percent: u64,
    /// At [`NEAR_LIMIT_PERCENT`] or above.
    pub near_limit: bool,
}

/// A capacity that limits: the switch takes a positive number, and none means no limit.
fn limit(capacity: Option<i64>) -> Option<u64> {
    capacity.filter(|c| *c > 0).map(i64::unsigned_abs)
}

/// The account's outgoing calls in progress against the capacity that stops them first: the
/// smaller of its origination and total capacities (the total counts its incoming calls too,
/// which this list does not have, so it is the bound of last resort). `None` without a limit.
pub fn capacity_use(
    calls: u64,
    origination_capacity: Option<i64>,
    total_capacity: Option<i64>,
) -> Option<CapacityUse> {
    let (kind, limit) = match (limit(origination_capacity), limit(total_capacity)) {
        (Some(o), Some(t)) if t < o => (CapacityKind::Total, t),
        (Some(o), _) => (CapacityKind::Origination, o),
        (None, Some(t)) => (CapacityKind::Total, t),
        (None, None) => return None,
    };
    let share = u128::from(calls) * 100;
    Some(CapacityUse {
        kind,
        calls,
        limit,
        percent: u64::try_from(share / u128::from(limit)).unwrap_or(u64::MAX),
        near_limit: share >= u128::from(limit) * u128::from(NEAR_LIMIT_PERCENT),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Metric;
    use crate::stats::parse_time;
    use std::str::FromStr;

    fn dec(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    fn metric(text: &str) -> Metric {
        Metric(Some(dec(text)))
    }

    const CONNECTED: &str = "2026-01-10 12:00:00";

    /// An answered call: 0.06/min for the first 60 s, then 0.03/min by 6 s, connect fee 0.01.
    fn call(prefix: &str) -> ActiveCall {
        ActiveCall {
            start_time: parse_time("2026-01-10 11:59:50"),
            connect_time: parse_time(CONNECTED),
            destination_prefix: Some(prefix.into()),
            destination_initial_interval: metric("60"),
            destination_initial_rate: metric("0.06"),
            destination_next_interval: metric("6"),
            destination_next_rate: metric("0.03"),
            destination_fee: metric("0.01"),
            ..ActiveCall::default()
        }
    }

    fn after(seconds: i64) -> DateTime<Utc> {
        parse_time(CONNECTED).unwrap() + chrono::Duration::seconds(seconds)
    }

    fn cost_after(call: &ActiveCall, seconds: i64) -> Option<Decimal> {
        running_cost(call, after(seconds)).map(|r| r.cost)
    }

    #[test]
    fn nothing_is_billed_before_the_first_second_of_talk() {
        let call = call("44");
        assert_eq!(cost_after(&call, 0), Some(Decimal::ZERO), "duration 0");
        let ringing = ActiveCall {
            connect_time: None,
            ..call.clone()
        };
        assert_eq!(
            running_cost(&ringing, after(30)),
            Some(RunningCost {
                seconds: 0,
                cost: Decimal::ZERO
            }),
            "a ringing call has cost nothing yet"
        );
    }

    #[test]
    fn the_initial_interval_is_billed_whole_then_next_intervals_round_up() {
        let call = call("44");
        // One second: the fee and the whole first minute, 0.01 + 0.06.
        assert_eq!(cost_after(&call, 1), Some(dec("0.07")));
        // Exactly one initial interval: no next interval yet.
        assert_eq!(cost_after(&call, 60), Some(dec("0.07")));
        // 61 s: one started 6-s interval at 0.03/min = 0.003.
        assert_eq!(cost_after(&call, 61), Some(dec("0.073")));
        // 66 s: still one; 67 s: two.
        assert_eq!(cost_after(&call, 66), Some(dec("0.073")));
        assert_eq!(cost_after(&call, 67), Some(dec("0.076")));
        assert_eq!(running_cost(&call, after(67)).unwrap().seconds, 67);
    }

    #[test]
    fn decimals_stay_exact_and_show_rounded_half_away_from_zero() {
        // 0.0123/min by the second for 37 s: 37 × 0.0123 / 60 = 0.007585, exactly.
        let call = ActiveCall {
            destination_initial_interval: metric("1"),
            destination_initial_rate: metric("0.0123"),
            destination_next_interval: metric("1"),
            destination_next_rate: metric("0.0123"),
            destination_fee: metric("0"),
            ..call("380")
        };
        assert_eq!(cost_after(&call, 37), Some(dec("0.007585")));
        assert_eq!(shown_cost(dec("0.007585")).to_string(), "0.007585");
        assert_eq!(shown_cost(dec("0.07")).to_string(), "0.070000");
        assert_eq!(shown_cost(dec("0.0000005")).to_string(), "0.000001");
        assert_eq!(shown_cost(dec("0.00000049")).to_string(), "0.000000");
        // 0.01/min for 1 s is no finite decimal: shown to six places, summed unrounded.
        let third = ActiveCall {
            destination_initial_rate: metric("0.01"),
            destination_next_rate: metric("0.01"),
            ..call
        };
        let one_second = cost_after(&third, 1).unwrap();
        assert_eq!(shown_cost(one_second).to_string(), "0.000167");
        assert_eq!((one_second * Decimal::from(60)).round_dp(20), dec("0.01"));
    }

    #[test]
    fn a_missing_term_means_no_cost_not_zero() {
        let full = call("44");
        let without = [
            ActiveCall {
                destination_initial_rate: Metric(None),
                ..full.clone()
            },
            ActiveCall {
                destination_next_rate: Metric(None),
                ..full.clone()
            },
            ActiveCall {
                destination_fee: Metric(None),
                ..full.clone()
            },
            ActiveCall {
                destination_initial_interval: Metric(None),
                ..full.clone()
            },
            ActiveCall {
                destination_next_interval: metric("0"),
                ..full.clone()
            },
            ActiveCall {
                destination_next_interval: metric("1.5"),
                ..full.clone()
            },
            ActiveCall {
                start_time: None,
                connect_time: None,
                ..full.clone()
            },
        ];
        for call in &without {
            assert_eq!(running_cost(call, after(90)), None, "{call:?}");
        }
    }

    #[test]
    fn huge_durations_are_exact_or_no_cost_never_a_panic() {
        let call = call("44");
        // Ten years of talk: 60 s, then 315,359,940 s in 6-s intervals, 0.03/min.
        let ten_years = 10 * 365 * 86_400;
        let expected = dec("0.07") + Decimal::from(ten_years - 60) * dec("0.03") / dec("60");
        assert_eq!(cost_after(&call, ten_years), Some(expected));
        // A rate so large that the product leaves a decimal's range: no cost.
        let absurd = ActiveCall {
            destination_next_rate: Metric(Some(Decimal::MAX)),
            ..call
        };
        assert_eq!(cost_after(&absurd, ten_years), None);
    }

    #[test]
    fn totals_per_account_and_prefix_count_calls_without_a_cost() {
        let unpriced = ActiveCall {
            destination_fee: Metric(None),
            ..call("44")
        };
        let calls = [call("44"), call("380"), call("44"), unpriced];
        let costs = LiveCosts::of(&calls, after(61));
        assert_eq!(costs.calls.len(), 4);
        assert_eq!(costs.calls[3], None);
        assert_eq!(costs.account.cost, Some(dec("0.219")), "3 × 0.073");
        assert_eq!((costs.account.calls, costs.account.without_cost), (4, 1));
        let prefixes: Vec<(&str, Option<Decimal>, u64, u64)> = costs
            .by_prefix
            .iter()
            .map(|p| {
                let t = &p.total;
                (p.prefix.as_str(), t.cost, t.calls, t.without_cost)
            })
            .collect();
        assert_eq!(
            prefixes,
            [
                ("44", Some(dec("0.146")), 3, 1),
                ("380", Some(dec("0.073")), 1, 0)
            ]
        );
        let nothing = LiveCosts::of(&[ActiveCall::default()], after(1));
        assert_eq!(nothing.account.cost, None, "no call with a cost: no total");
    }

    #[test]
    fn five_thousand_calls_are_summed_in_one_pass() {
        let calls: Vec<ActiveCall> = (0..5_000)
            .map(|i| call(&format!("{}", 100 + i % 250)))
            .collect();
        let started = std::time::Instant::now();
        let costs = LiveCosts::of(&calls, after(61));
        assert_eq!(
            costs.account.cost,
            Some(dec("0.073") * Decimal::from(5_000))
        );
        assert_eq!(costs.by_prefix.len(), 250);
        assert!(costs.by_prefix.iter().all(|p| p.total.calls == 20));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(1),
            "took {:?}",
            started.elapsed()
        );
    }

    #[test]
    fn capacity_is_the_tighter_limit_and_warns_from_eighty_percent() {
        let used = capacity_use(79, Some(100), Some(150)).unwrap();
        assert_eq!(
            (used.kind, used.limit, used.percent, used.near_limit),
            (CapacityKind::Origination, 100, 79, false)
        );
        assert!(capacity_use(80, Some(100), None).unwrap().near_limit);
        let total = capacity_use(4, Some(30), Some(5)).unwrap();
        assert_eq!(
            (total.kind, total.limit, total.percent),
            (CapacityKind::Total, 5, 80)
        );
        assert!(total.near_limit);
        assert_eq!(capacity_use(7, None, Some(5)).unwrap().percent, 140);
        assert_eq!(capacity_use(3, None, None), None, "no capacity: no limit");
        assert_eq!(capacity_use(3, Some(0), Some(-1)), None);
        assert_eq!(capacity_use(0, Some(20), None).unwrap().percent, 0);
    }

    #[test]
    fn totals_by_network_follow_the_longest_network_prefix() {
        let calls = [call("4930"), call("4930"), call("4917"), call("380")];
        let costs = LiveCosts::of(&calls, after(61));
        let candidates = network_prefix_candidates(&costs.by_prefix).unwrap();
        assert_eq!(
            candidates,
            ["3", "38", "380", "4", "49", "491", "4917", "493", "4930"]
        );
        assert_eq!(
            network_prefix_query(&candidates[..2]),
            "filter[prefix-in]=3,38&include=network&page[size]=1000"
        );
        let document: ListDocument<serde_json::Value> = serde_json::from_value(serde_json::json!({
            "data": [
                {"id": "1", "type": "network-prefixes", "attributes": {"prefix": "49"},
                 "relationships": {"network": {"data": {"type": "networks", "id": "de"}}}},
                {"id": "2", "type": "network-prefixes", "attributes": {"prefix": "4917"},
                 "relationships": {"network": {"data": {"type": "networks", "id": "mobile"}}}},
                {"id": "3", "type": "network-prefixes", "attributes": {"prefix": "3"},
                 "relationships": {"network": {"data": {"type": "networks", "id": "gone"}}}}
            ],
            "included": [
                {"id": "de", "type": "networks", "attributes": {"name": "Germany fixed"}},
                {"id": "mobile", "type": "networks", "attributes": {"name": "Germany mobile"}}
            ]
        }))
        .unwrap();
        let names = network_names(&document);
        assert_eq!(
            names.len(),
            2,
            "a network the answer does not name is left out"
        );
        let networks: Vec<(String, Option<Decimal>, u64)> = by_network(&costs.by_prefix, &names)
            .into_iter()
            .map(|n| (n.network, n.total.cost, n.total.calls))
            .collect();
        assert_eq!(
            networks,
            [
                ("Germany fixed".to_owned(), Some(dec("0.146")), 2),
                (String::new(), Some(dec("0.073")), 1),
                ("Germany mobile".to_owned(), Some(dec("0.073")), 1),
            ]
        );
        let many: Vec<PrefixTotal> = (0..600)
            .map(|i| PrefixTotal {
                prefix: format!("{i:06}"),
                total: CostTotal::default(),
            })
            .collect();
        assert_eq!(
            network_prefix_candidates(&many),
            None,
            "too many to ask at once"
        );
    }
}
