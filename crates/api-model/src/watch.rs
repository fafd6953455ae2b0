//! Watch rules: what a customer asks to be told about an account while any tab of the portal is
//! open (its balance below an amount, its credit ahead below a time, its spend of the last hour
//! above an amount, its ASR of the last hour below a percentage), and when a rule fires: once,
//! when its condition starts to hold, and again only after it has cleared. Pure: what was seen
//! of the accounts and the clock are passed in.

use crate::credit::{CreditAhead, LAST_DAY_HOURS, LAST_WEEK_HOURS, Spend, credit_ahead};
use crate::number::decimal;
use crate::stats::{Sampling, StatsMetric, StatsPayload, StatsQuery};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::str::FromStr;

/// The version of the kept rules' shape; older or newer ones are dropped, not misread.
pub const RULES_VERSION: u32 = 1;
/// At most this many rules: each may cost a request or two at every look.
pub const MOST_RULES: usize = 20;
/// The longest credit ahead a rule may ask about: 90 days.
pub const MOST_HOURS: u32 = 90 * 24;
const SECONDS_AN_HOUR: i64 = 3600;

/// What a rule watches for on its account. Kept with serde's plainest shapes (externally
/// tagged, amounts through `number::decimal`, times in seconds): an adjacent tag, rust_decimal's
/// own decoding or an RFC 3339 parser would bring a float formatter, a date parser and a
/// buffering deserializer to the rules' page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Condition {
    /// The balance is below this amount.
    BalanceBelow(#[serde(deserialize_with = "decimal")] Decimal),
    /// The minimum comes within this many hours, at the spend of the last 24 hours or of the
    /// last 7 days, whichever is sooner.
    CreditAheadBelow(u32),
    /// The calls of the last hour cost more than this amount.
    SpendAbove(#[serde(deserialize_with = "decimal")] Decimal),
    /// The answer-seizure ratio of the last hour's calls is below this percentage.
    AsrBelow(#[serde(deserialize_with = "decimal")] Decimal),
}

/// The kinds of condition, in the order the form offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConditionKind {
    BalanceBelow,
    CreditAheadBelow,
    SpendAbove,
    AsrBelow,
}

impl ConditionKind {
    pub const ALL: [ConditionKind; 4] = [
        ConditionKind::BalanceBelow,
        ConditionKind::CreditAheadBelow,
        ConditionKind::SpendAbove,
        ConditionKind::AsrBelow,
    ];

    /// Its name in a form's choice.
    pub const fn slug(self) -> &'static str {
        match self {
            ConditionKind::BalanceBelow => "balance-below",
            ConditionKind::CreditAheadBelow => "credit-ahead-below",
            ConditionKind::SpendAbove => "spend-above",
            ConditionKind::AsrBelow => "asr-below",
        }
    }

    pub fn from_slug(slug: &str) -> Option<ConditionKind> {
        ConditionKind::ALL
            .into_iter()
            .find(|kind| kind.slug() == slug)
    }

    /// Whether it needs the prices of the account's calls (withheld by some profiles).
    pub const fn needs_prices(self) -> bool {
        matches!(
            self,
            ConditionKind::CreditAheadBelow | ConditionKind::SpendAbove
        )
    }

    /// The condition with `limit` as the customer typed it, checked.
    pub fn with_limit(self, limit: &str) -> Result<Condition, LimitError> {
        let limit = limit.trim();
        if limit.is_empty() {
            return Err(LimitError::Missing);
        }
        if self == ConditionKind::CreditAheadBelow {
            let hours = u32::from_str(limit).map_err(|_| LimitError::NotWholeHours)?;
            return match hours {
                1..=MOST_HOURS => Ok(Condition::CreditAheadBelow(hours)),
                _ => Err(LimitError::HoursOutOfRange),
            };
        }
        let amount = Decimal::from_str(limit).map_err(|_| LimitError::NotANumber)?;
        match self {
            ConditionKind::BalanceBelow => Ok(Condition::BalanceBelow(amount)),
            _ if amount.is_sign_negative() => Err(LimitError::Negative),
            ConditionKind::SpendAbove => Ok(Condition::SpendAbove(amount)),
            _ if amount > Decimal::ONE_HUNDRED => Err(LimitError::OverAHundred),
            _ => Ok(Condition::AsrBelow(amount)),
        }
    }
}

/// Why a typed limit is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitError {
    Missing,
    NotANumber,
    NotWholeHours,
    /// Hours from 1 to [`MOST_HOURS`].
    HoursOutOfRange,
    Negative,
    /// A percentage over 100.
    OverAHundred,
}

impl Condition {
    pub fn kind(&self) -> ConditionKind {
        match self {
            Condition::BalanceBelow(_) => ConditionKind::BalanceBelow,
            Condition::CreditAheadBelow(_) => ConditionKind::CreditAheadBelow,
            Condition::SpendAbove(_) => ConditionKind::SpendAbove,
            Condition::AsrBelow(_) => ConditionKind::AsrBelow,
        }
    }

    /// Its limit as a form shows it.
    pub fn limit_text(&self) -> String {
        match self {
            Condition::BalanceBelow(amount)
            | Condition::SpendAbove(amount)
            | Condition::AsrBelow(amount) => amount.to_string(),
            Condition::CreditAheadBelow(hours) => hours.to_string(),
        }
    }

    /// Whether it holds on what was seen; `None` when what it needs was not seen (an account
    /// gone, no calls in the last hour for an ASR).
    pub fn reading(&self, seen: &Seen) -> Option<Reading> {
        let reading = match *self {
            Condition::BalanceBelow(limit) => {
                let balance = seen.balance?;
                Reading::new(balance < limit, Figure::Money(balance))
            }
            Condition::CreditAheadBelow(hours) => {
                let soonest = seen.soonest_minimum()?;
                let holds = soonest.hours().is_some_and(|at| at < u64::from(hours));
                Reading::new(holds, Figure::Forecast(soonest))
            }
            Condition::SpendAbove(limit) => {
                let spent = seen.last_hour?.spend?;
                Reading::new(spent > limit, Figure::Money(spent))
            }
            Condition::AsrBelow(limit) => {
                let asr = seen.last_hour?.asr?;
                Reading::new(asr < limit, Figure::Percent(asr))
            }
        };
        Some(reading)
    }
}

/// What was seen of an account at one look.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seen {
    /// `None`: the account was not among the customer's.
    pub balance: Option<Decimal>,
    pub min_balance: Option<Decimal>,
    /// Its spend of the last day and week, when a credit rule asked for it.
    pub spend: Option<Spend>,
    /// Its last hour, when a spend or ASR rule asked for it.
    pub last_hour: Option<LastHour>,
}

impl Seen {
    /// When the minimum comes at the sooner of the two spends.
    fn soonest_minimum(&self) -> Option<CreditAhead> {
        let headroom = self.balance? - self.min_balance?;
        let spend = self.spend?;
        let day = credit_ahead(headroom, spend.last_day, LAST_DAY_HOURS);
        let week = credit_ahead(headroom, spend.last_week, LAST_WEEK_HOURS);
        Some(match (day.hours(), week.hours()) {
            (_, None) => day,
            (None, Some(_)) => week,
            (Some(d), Some(w)) if d <= w => day,
            _ => week,
        })
    }
}

impl CreditAhead {
    /// About how many hours away; `None` when not at this spend.
    pub fn hours(self) -> Option<u64> {
        match self {
            CreditAhead::Reached | CreditAhead::WithinTheHour => Some(0),
            CreditAhead::NotAtThisSpend => None,
            CreditAhead::Hours(hours) => Some(hours),
            CreditAhead::Days(days) => Some(days.saturating_mul(24)),
        }
    }
}

/// An account's calls of the last hour, as far as the profile shows them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LastHour {
    /// `None`: the profile withholds prices.
    pub spend: Option<Decimal>,
    /// The answered share of the calls, per cent, to two decimals; `None` without calls, or
    /// when the profile withholds the ASR.
    pub asr: Option<Decimal>,
}

impl LastHour {
    /// The last hour in a payload of [`last_hour_query`]: the minutes that start within the
    /// hour before `now`, its spend if `prices` are shown and its ASR if `asr` is. A minute
    /// without a figure counts nothing.
    pub fn of(payload: &StatsPayload, now: DateTime<Utc>, prices: bool, asr: bool) -> LastHour {
        let start = now.timestamp() - SECONDS_AN_HOUR;
        let sum = |metric: StatsMetric| {
            let values = payload.series(metric.key()).unwrap_or(&[]);
            payload
                .t
                .iter()
                .zip(values)
                .filter(|(t, _)| **t >= start)
                .filter_map(|(_, value)| value.0)
                .sum::<Decimal>()
        };
        let calls = sum(StatsMetric::TotalCalls);
        let answered = sum(StatsMetric::SuccessfulCalls);
        LastHour {
            spend: prices.then(|| sum(StatsMetric::TotalPrice)),
            asr: asr.then(|| share(answered, calls)).flatten(),
        }
    }
}

/// `part` of `whole`, per cent, to two decimals; `None` of nothing.
fn share(part: Decimal, whole: Decimal) -> Option<Decimal> {
    if whole <= Decimal::ZERO {
        return None;
    }
    Some((part.checked_mul(Decimal::ONE_HUNDRED)? / whole).round_dp(2))
}

/// The one request a spend or ASR rule needs: the account's originated calls of the last
/// hour, a minute a sample.
pub fn last_hour_query(account_id: &str, now: DateTime<Utc>) -> StatsQuery {
    StatsQuery {
        account_id: account_id.to_owned(),
        from_time: DateTime::from_timestamp(
            now.timestamp() - SECONDS_AN_HOUR,
            now.timestamp_subsec_nanos(),
        ),
        to_time: Some(now),
        sampling: Some(Sampling::Minute),
        filters: BTreeMap::new(),
    }
}

/// A figure a rule was read from, for its alert.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Figure {
    /// In the account's currency.
    Money(#[serde(deserialize_with = "decimal")] Decimal),
    /// When the minimum comes.
    Forecast(CreditAhead),
    Percent(#[serde(deserialize_with = "decimal")] Decimal),
}

/// Whether a condition holds, and on what figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub holds: bool,
    pub figure: Figure,
}

impl Reading {
    fn new(holds: bool, figure: Figure) -> Reading {
        Reading { holds, figure }
    }
}

/// A rule that fired and has not cleared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fired {
    #[serde(with = "chrono::serde::ts_seconds")]
    pub at: DateTime<Utc>,
    /// What was seen at the last look.
    pub figure: Figure,
}

/// A customer's rule on one account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rule {
    pub id: u32,
    pub account_id: String,
    /// The account's name when the rule was made, for its alert.
    pub account_name: String,
    pub currency: Option<String>,
    pub condition: Condition,
    #[serde(default)]
    pub fired: Option<Fired>,
}

/// A customer's rules, as kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub version: u32,
    pub rules: Vec<Rule>,
}

/// What one look changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes {
    /// The rules that fired at this look.
    pub fired: Vec<u32>,
    /// The rules that cleared at this look.
    pub cleared: Vec<u32>,
}

impl Rules {
    /// Kept rules read back; another version's are none.
    pub fn from_kept(text: &str) -> Rules {
        serde_json::from_str::<Rules>(text)
            .ok()
            .filter(|rules| rules.version == RULES_VERSION)
            .unwrap_or_default()
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Adds a rule on an account (it has not fired); `false` when there are
    /// [`MOST_RULES`] already.
    pub fn add(&mut self, account: (&str, &str, Option<&str>), condition: Condition) -> bool {
        if self.rules.len() >= MOST_RULES {
            return false;
        }
        let (account_id, account_name, currency) = account;
        self.version = RULES_VERSION;
        let id = self.rules.iter().map(|r| r.id).max().map_or(1, |id| id + 1);
        self.rules.push(Rule {
            id,
            account_id: account_id.to_owned(),
            account_name: account_name.to_owned(),
            currency: currency.map(str::to_owned),
            condition,
            fired: None,
        });
        true
    }

    pub fn remove(&mut self, id: u32) {
        self.rules.retain(|rule| rule.id != id);
    }

    /// The rules that have fired and not cleared.
    pub fn firing(&self) -> impl Iterator<Item = &Rule> {
        self.rules.iter().filter(|rule| rule.fired.is_some())
    }

    /// What a look needs: for each account with a rule, whether its week's spend (credit) and
    /// its last hour (spend, ASR) are wanted.
    pub fn wanted(&self) -> BTreeMap<String, Wanted> {
        let mut wanted = BTreeMap::<String, Wanted>::new();
        for rule in &self.rules {
            let entry = wanted.entry(rule.account_id.clone()).or_default();
            match rule.condition.kind() {
                ConditionKind::BalanceBelow => {}
                ConditionKind::CreditAheadBelow => entry.week = true,
                ConditionKind::SpendAbove | ConditionKind::AsrBelow => entry.last_hour = true,
            }
        }
        wanted
    }

    /// Applies a look: a rule whose condition starts to hold fires, one that stops holding
    /// clears, one that cannot be read stays as it was.
    pub fn apply(&mut self, seen: &BTreeMap<String, Seen>, now: DateTime<Utc>) -> Changes {
        let mut changes = Changes::default();
        for rule in &mut self.rules {
            let reading = seen
                .get(&rule.account_id)
                .and_then(|seen| rule.condition.reading(seen));
            let Some(reading) = reading else { continue };
            match (&mut rule.fired, reading.holds) {
                (None, true) => {
                    rule.fired = Some(Fired {
                        at: now,
                        figure: reading.figure,
                    });
                    changes.fired.push(rule.id);
                }
                (Some(fired), true) => fired.figure = reading.figure,
                (Some(_), false) => {
                    rule.fired = None;
                    changes.cleared.push(rule.id);
                }
                (None, false) => {}
            }
        }
        changes
    }
}

/// What a look asks about one account beyond its balance.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wanted {
    pub week: bool,
    pub last_hour: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Metric;

    fn dec(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(seconds, 0).unwrap()
    }

    fn balance(amount: &str) -> BTreeMap<String, Seen> {
        let seen = Seen {
            balance: Some(dec(amount)),
            min_balance: Some(dec("0")),
            ..Seen::default()
        };
        BTreeMap::from([("7".to_owned(), seen)])
    }

    fn rules_with(condition: Condition) -> Rules {
        let mut rules = Rules::default();
        assert!(rules.add(("7", "Lviv Overdraft", Some("EUR")), condition));
        rules
    }

    #[test]
    fn a_rule_fires_once_until_it_clears_then_fires_again() {
        let mut rules = rules_with(Condition::BalanceBelow(dec("10")));
        let fired = rules.apply(&balance("-12.50"), at(100));
        assert_eq!(fired.fired, vec![1]);
        let again = rules.apply(&balance("-13.00"), at(160));
        assert_eq!(again, Changes::default(), "no second alert while it holds");
        let firing = rules.firing().next().unwrap().fired.unwrap();
        assert_eq!(firing.at, at(100));
        assert_eq!(firing.figure, Figure::Money(dec("-13.00")));
        let cleared = rules.apply(&balance("10.00"), at(220));
        assert_eq!(cleared.cleared, vec![1], "the limit itself is not below it");
        assert_eq!(rules.apply(&balance("9.99"), at(280)).fired, vec![1]);
    }

    #[test]
    fn a_rule_that_cannot_be_read_stays_as_it_was() {
        let mut rules = rules_with(Condition::AsrBelow(dec("40")));
        let no_calls = Seen {
            last_hour: Some(LastHour::default()),
            ..Seen::default()
        };
        let seen = BTreeMap::from([("7".to_owned(), no_calls)]);
        assert_eq!(rules.apply(&seen, at(0)), Changes::default());
        assert_eq!(rules.apply(&BTreeMap::new(), at(0)), Changes::default());
    }

    #[test]
    fn the_last_hour_is_summed_from_its_minutes_and_its_asr_from_the_counts() {
        let now = at(10_000);
        let payload = StatsPayload {
            t: vec![10_000 - 3_660, 10_000 - 3_600, 10_000 - 60],
            series: BTreeMap::from([
                (
                    "total_price".to_owned(),
                    vec![
                        Metric(Some(dec("5"))),
                        Metric(Some(dec("0.125"))),
                        Metric(None),
                    ],
                ),
                (
                    "total_calls".to_owned(),
                    vec![
                        Metric(Some(dec("9"))),
                        Metric(Some(dec("2"))),
                        Metric(Some(dec("1"))),
                    ],
                ),
                (
                    "successful_calls".to_owned(),
                    vec![
                        Metric(Some(dec("9"))),
                        Metric(Some(dec("1"))),
                        Metric(Some(dec("0"))),
                    ],
                ),
            ]),
            rows: 3,
            totals: None,
        };
        let hour = LastHour::of(&payload, now, true, true);
        let out = "the minute an hour and a minute ago is out";
        assert_eq!(hour.spend, Some(dec("0.125")), "{out}");
        assert_eq!(hour.asr, Some(dec("33.33")), "1 of 3 calls answered");
        let withheld = LastHour::of(&payload, now, false, false);
        assert_eq!(
            withheld,
            LastHour::default(),
            "what the profile withholds is not read"
        );
        let unread = Seen {
            last_hour: Some(withheld),
            ..Seen::default()
        };
        assert_eq!(Condition::SpendAbove(dec("0")).reading(&unread), None);
        let rule = Condition::AsrBelow(dec("33.34"));
        let seen = Seen {
            last_hour: Some(hour),
            ..Seen::default()
        };
        assert!(rule.reading(&seen).unwrap().holds);
        assert!(
            !Condition::SpendAbove(dec("0.125"))
                .reading(&seen)
                .unwrap()
                .holds
        );
        assert_eq!(last_hour_query("7", now).from_time, Some(at(6_400)));
    }

    #[test]
    fn a_credit_rule_reads_the_sooner_of_the_two_spends() {
        let seen = Seen {
            balance: Some(dec("100")),
            min_balance: Some(dec("40")),
            spend: Some(Spend {
                last_day: dec("30"),
                last_week: dec("7"),
            }),
            last_hour: None,
        };
        // 60 above the minimum: 48 hours at the day's spend, 1,440 at the week's.
        let reading = Condition::CreditAheadBelow(49).reading(&seen).unwrap();
        assert!(reading.holds);
        assert_eq!(reading.figure, Figure::Forecast(CreditAhead::Days(2)));
        assert!(
            !Condition::CreditAheadBelow(48)
                .reading(&seen)
                .unwrap()
                .holds
        );
        let idle = Seen {
            spend: Some(Spend {
                last_day: dec("0"),
                last_week: dec("0"),
            }),
            ..seen
        };
        assert!(
            !Condition::CreditAheadBelow(MOST_HOURS)
                .reading(&idle)
                .unwrap()
                .holds
        );
    }

    #[test]
    fn typed_limits_are_checked_before_anything_is_kept() {
        use ConditionKind::*;
        assert_eq!(
            BalanceBelow.with_limit(" -5.5 "),
            Ok(Condition::BalanceBelow(dec("-5.5")))
        );
        assert_eq!(BalanceBelow.with_limit(""), Err(LimitError::Missing));
        assert_eq!(SpendAbove.with_limit("ten"), Err(LimitError::NotANumber));
        assert_eq!(SpendAbove.with_limit("-1"), Err(LimitError::Negative));
        assert_eq!(AsrBelow.with_limit("100.5"), Err(LimitError::OverAHundred));
        assert_eq!(
            CreditAheadBelow.with_limit("1.5"),
            Err(LimitError::NotWholeHours)
        );
        assert_eq!(
            CreditAheadBelow.with_limit("0"),
            Err(LimitError::HoursOutOfRange)
        );
        assert_eq!(
            CreditAheadBelow.with_limit("72"),
            Ok(Condition::CreditAheadBelow(72))
        );
        for kind in ConditionKind::ALL {
            assert_eq!(ConditionKind::from_slug(kind.slug()), Some(kind));
        }
    }

    #[test]
    fn rules_are_kept_and_read_back_and_capped() {
        let mut rules = rules_with(Condition::SpendAbove(dec("2.50")));
        rules.apply(
            &BTreeMap::from([(
                "7".to_owned(),
                Seen {
                    last_hour: Some(LastHour {
                        spend: Some(dec("3")),
                        asr: None,
                    }),
                    ..Seen::default()
                },
            )]),
            at(0),
        );
        let kept = serde_json::to_string(&rules).unwrap();
        assert_eq!(Rules::from_kept(&kept), rules);
        assert!(Rules::from_kept(&kept.replace("\"version\":1", "\"version\":9")).is_empty());
        assert!(Rules::from_kept("not json").is_empty());
        for _ in 1..MOST_RULES {
            assert!(rules.add(("8", "Kyiv", None), Condition::BalanceBelow(dec("1"))));
        }
        assert!(!rules.add(("8", "Kyiv", None), Condition::BalanceBelow(dec("1"))));
        rules.remove(1);
        assert_eq!(rules.rules.len(), MOST_RULES - 1);
        let wanted = rules.wanted();
        assert_eq!(wanted["8"], Wanted::default());
    }
}
