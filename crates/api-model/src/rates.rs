//! Rates as the portal reasons about them, without I/O: what a call costs under a rate, and
//! the `POST /check-rate` lookup (its request, checked before sending, and its answer).
//!
//! The real server's rates are per minute. An answered call pays the connect fee, the
//! initial interval at the initial rate (even when the call was shorter) and every started next
//! interval at the next rate; an unanswered attempt pays only the attempt fee. The demo server
//! prices its calls with [`call_cost`] too.

use crate::catalog::is_uuid;
use crate::number::{decimal, optional_decimal};
use crate::resources::{LooseId, ResourceType, decimal_text};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The path of the lookup below the API root.
pub const CHECK_RATE_PATH: &str = "check-rate";
/// The query key of the portal's `/check-rate` page that keeps the call duration: not part of
/// the request, so named apart from its attributes.
pub const DURATION_KEY: &str = "duration";
/// The longest number the lookup takes (E.164 allows 15 digits; routing prefixes add a few).
pub const MAX_NUMBER_DIGITS: usize = 32;
/// The longest call duration the cost is worked out for: a day.
pub const MAX_DURATION_SECONDS: u64 = 86_400;

/// The terms of a rate that price a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tariff {
    /// Per minute, for the first interval.
    pub initial_rate: Decimal,
    /// Seconds.
    pub initial_interval: i64,
    /// Per minute, for every interval after the first.
    pub next_rate: Decimal,
    /// Seconds.
    pub next_interval: i64,
    pub connect_fee: Decimal,
    pub attempt_fee: Decimal,
}

/// What a call costs, part by part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallCost {
    /// The call was answered (a duration above zero); otherwise only the attempt fee is due.
    pub answered: bool,
    pub connect_fee: Decimal,
    pub attempt_fee: Decimal,
    /// Seconds billed at the initial rate, and what they cost.
    pub initial_seconds: i64,
    pub initial_amount: Decimal,
    /// Next intervals started after the initial one, the seconds they bill, what they cost.
    pub next_intervals: i64,
    pub next_seconds: i64,
    pub next_amount: Decimal,
    /// The sum, exact (not rounded).
    pub total: Decimal,
}

impl CallCost {
    /// The seconds the customer pays for: whole intervals.
    pub fn billed_seconds(&self) -> i64 {
        self.initial_seconds + self.next_seconds
    }
}

const SECONDS_PER_MINUTE: Decimal = Decimal::from_parts(60, 0, 0, false, 0);

/// What a call of `duration_seconds` costs under `tariff`. A duration of zero is an
/// unanswered attempt. Intervals below one second count as one second (a misconfigured rate
/// must not divide by zero). Panics past what a decimal holds, as its arithmetic did; the
/// lookup's durations are at most a day ([`checked_call_cost`] answers `None` instead).
pub fn call_cost(tariff: &Tariff, duration_seconds: u64) -> CallCost {
    checked_call_cost(tariff, duration_seconds).expect("a call's cost past a decimal's range")
}

/// [`call_cost`], or `None` when an amount leaves a decimal's range (a call in progress for
/// years at an absurd rate must not stop the page that shows it).
pub fn checked_call_cost(tariff: &Tariff, duration_seconds: u64) -> Option<CallCost> {
    let nothing = CallCost {
        answered: false,
        connect_fee: Decimal::ZERO,
        attempt_fee: tariff.attempt_fee,
        initial_seconds: 0,
        initial_amount: Decimal::ZERO,
        next_intervals: 0,
        next_seconds: 0,
        next_amount: Decimal::ZERO,
        total: tariff.attempt_fee,
    };
    if duration_seconds == 0 {
        return Some(nothing);
    }
    let initial = tariff.initial_interval.max(1);
    let next = tariff.next_interval.max(1);
    let duration = i64::try_from(duration_seconds).unwrap_or(i64::MAX);
    let rest = duration.saturating_sub(initial).max(0);
    let next_intervals = rest / next + i64::from(rest % next != 0);
    let next_seconds = next_intervals.saturating_mul(next);
    let per_minute = |rate: Decimal, seconds: i64| {
        rate.checked_mul(Decimal::from(seconds))?
            .checked_div(SECONDS_PER_MINUTE)
    };
    let initial_amount = per_minute(tariff.initial_rate, initial)?;
    let next_amount = per_minute(tariff.next_rate, next_seconds)?;
    Some(CallCost {
        answered: true,
        connect_fee: tariff.connect_fee,
        attempt_fee: Decimal::ZERO,
        initial_seconds: initial,
        initial_amount,
        next_intervals,
        next_seconds,
        next_amount,
        total: tariff
            .connect_fee
            .checked_add(initial_amount)?
            .checked_add(next_amount)?,
    })
}

/// Why a lookup is not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LookupProblem {
    NoRateplan,
    /// Not the id of a rate plan (the server finds rate plans by UUID).
    RateplanNotUuid,
    NoNumber,
    /// The number has something other than digits (blanks, dashes, brackets and a leading `+`
    /// are allowed and dropped).
    NumberNotDigits,
    NumberTooLong,
}

impl LookupProblem {
    /// The request attribute it is about, as the server's 422 pointers name them.
    pub fn field(&self) -> &'static str {
        match self {
            LookupProblem::NoRateplan | LookupProblem::RateplanNotUuid => "rateplan-id",
            _ => "number",
        }
    }
}

/// A `POST /check-rate` lookup: a rate plan and a number, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lookup {
    pub rateplan_id: String,
    /// Digits only.
    pub number: String,
}

/// The number as the lookup sends it: digits, without the blanks, dashes, dots, brackets and
/// leading `+` people write numbers with.
pub fn number_digits(typed: &str) -> Result<String, LookupProblem> {
    let trimmed = typed.trim();
    let trimmed = trimmed.strip_prefix('+').unwrap_or(trimmed);
    let digits: String = trimmed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')' | '\u{a0}'))
        .collect();
    if digits.is_empty() {
        return Err(LookupProblem::NoNumber);
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(LookupProblem::NumberNotDigits);
    }
    if digits.len() > MAX_NUMBER_DIGITS {
        return Err(LookupProblem::NumberTooLong);
    }
    Ok(digits)
}

impl Lookup {
    /// The lookup of what was typed or read from a URL; every problem found, by field.
    pub fn new(rateplan_id: &str, number: &str) -> Result<Lookup, Vec<LookupProblem>> {
        let mut problems = Vec::new();
        let rateplan_id = rateplan_id.trim();
        if rateplan_id.is_empty() {
            problems.push(LookupProblem::NoRateplan);
        } else if !is_uuid(rateplan_id) {
            problems.push(LookupProblem::RateplanNotUuid);
        }
        let number = number_digits(number).map_err(|p| problems.push(p)).ok();
        match number {
            Some(number) if problems.is_empty() => Ok(Lookup {
                rateplan_id: rateplan_id.to_owned(),
                number,
            }),
            _ => Err(problems),
        }
    }

    /// The request's JSON:API document.
    pub fn document(&self) -> serde_json::Value {
        serde_json::json!({
            "data": {
                "type": CheckRate::TYPE,
                "attributes": { "rateplan-id": self.rateplan_id, "number": self.number }
            }
        })
    }

    /// The query of the portal page that shows this lookup (and, when given, a duration).
    pub fn page_query(&self, duration: Option<&str>) -> String {
        let mut pairs = vec![
            ("rateplan-id", self.rateplan_id.as_str()),
            ("number", self.number.as_str()),
        ];
        if let Some(duration) = duration.filter(|d| !d.trim().is_empty()) {
            pairs.push((DURATION_KEY, duration.trim()));
        }
        crate::query::encode_pairs(&pairs)
    }
}

/// A call duration as typed: whole seconds, or `m:ss` / `h:mm:ss`.
pub fn duration_seconds(typed: &str) -> Option<u64> {
    let typed = typed.trim();
    if typed.is_empty() {
        return None;
    }
    let mut total: u64 = 0;
    let parts: Vec<&str> = typed.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    for (i, part) in parts.iter().enumerate() {
        if part.is_empty() || part.len() > 6 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let value: u64 = part.parse().ok()?;
        // Minutes and seconds after the first part stay below 60.
        if i > 0 && value >= 60 {
            return None;
        }
        total = total.checked_mul(60)?.checked_add(value)?;
    }
    (total <= MAX_DURATION_SECONDS).then_some(total)
}

/// The answer of `POST /check-rate` (type `check-rates`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CheckRate {
    #[serde(default)]
    pub rateplan_id: Option<String>,
    #[serde(default)]
    pub number: Option<String>,
    /// As the server lists them; [`CheckRate::longest_prefix_first`] orders them.
    #[serde(default)]
    pub rates: Vec<MatchedRate>,
}

impl ResourceType for CheckRate {
    const TYPE: &'static str = "check-rates";
}

impl CheckRate {
    /// The matching rates, the longest prefix (the one that applies) first; equal prefixes
    /// keep the server's order.
    pub fn longest_prefix_first(&self) -> Vec<&MatchedRate> {
        let mut rates: Vec<&MatchedRate> = self.rates.iter().collect();
        rates.sort_by_key(|r| std::cmp::Reverse(r.prefix.chars().count()));
        rates
    }
}

/// One rate that matches the number. Unlike resources' attributes, its keys are snake_case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchedRate {
    /// The destination's UUID.
    #[serde(default)]
    pub id: Option<String>,
    pub prefix: String,
    #[serde(
        deserialize_with = "decimal",
        serialize_with = "decimal_text::serialize"
    )]
    pub initial_rate: Decimal,
    pub initial_interval: i64,
    #[serde(
        deserialize_with = "decimal",
        serialize_with = "decimal_text::serialize"
    )]
    pub next_rate: Decimal,
    pub next_interval: i64,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "decimal_text::option::serialize"
    )]
    pub connect_fee: Option<Decimal>,
    #[serde(
        default,
        deserialize_with = "optional_decimal",
        serialize_with = "decimal_text::option::serialize"
    )]
    pub attempt_fee: Option<Decimal>,
    #[serde(default)]
    pub reject_calls: bool,
    /// Times as the server writes them (their form is not fixed): shown, not computed with.
    #[serde(default)]
    pub valid_from: Option<String>,
    #[serde(default)]
    pub valid_till: Option<String>,
    #[serde(default)]
    pub network_prefix_id: Option<LooseId>,
    #[serde(default)]
    pub routing_tag_names: Vec<String>,
}

impl MatchedRate {
    pub fn tariff(&self) -> Tariff {
        Tariff {
            initial_rate: self.initial_rate,
            initial_interval: self.initial_interval,
            next_rate: self.next_rate,
            next_interval: self.next_interval,
            connect_fee: self.connect_fee.unwrap_or_default(),
            attempt_fee: self.attempt_fee.unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Document, Resource};

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn tariff(initial: (&str, i64), next: (&str, i64), connect: &str, attempt: &str) -> Tariff {
        Tariff {
            initial_rate: dec(initial.0),
            initial_interval: initial.1,
            next_rate: dec(next.0),
            next_interval: next.1,
            connect_fee: dec(connect),
            attempt_fee: dec(attempt),
        }
    }

    #[test]
    fn an_answered_call_pays_its_intervals_and_the_connect_fee() {
        // 0.06/min for the first 60 s, then 0.03/min by 6 s, connect fee 0.01.
        let t = tariff(("0.06", 60), ("0.03", 6), "0.01", "0.002");
        // 70 s: 60 s at 0.06/min = 0.06; 10 s left → two 6-s intervals = 12 s at 0.03/min
        // = 0.006; plus 0.01 → 0.076.
        let cost = call_cost(&t, 70);
        assert_eq!(cost.initial_amount, dec("0.06"));
        assert_eq!((cost.next_intervals, cost.next_seconds), (2, 12));
        assert_eq!(cost.next_amount, dec("0.006"));
        assert_eq!(cost.total, dec("0.076"));
        assert_eq!(cost.billed_seconds(), 72);
        // 10 s: the whole initial interval is paid: 0.06 + 0.01.
        assert_eq!(call_cost(&t, 10).total, dec("0.07"));
        // Exactly the initial interval: no next interval.
        assert_eq!(call_cost(&t, 60).next_intervals, 0);
        // 66 s: one next interval exactly.
        assert_eq!(call_cost(&t, 66).total, dec("0.073"));
    }

    #[test]
    fn per_second_billing_is_exact_without_rounding() {
        // 0.0135/min by the second, 125 s: 1 s + 124 s = 125 s × 0.0135 / 60 = 0.028125.
        let t = tariff(("0.0135", 1), ("0.0135", 1), "0", "0");
        assert_eq!(call_cost(&t, 125).total, dec("0.028125"));
        // A third of a cent per minute for a second: 0.01 / 60 is not a finite decimal; the
        // sum keeps rust_decimal's 28 digits, and 60 of them make the minute's price again.
        let t = tariff(("0.01", 1), ("0.01", 1), "0", "0");
        assert_eq!(call_cost(&t, 60).total.round_dp(20), dec("0.01"));
    }

    #[test]
    fn an_unanswered_attempt_pays_only_the_attempt_fee() {
        let t = tariff(("0.06", 60), ("0.03", 6), "0.01", "0.002");
        let cost = call_cost(&t, 0);
        assert!(!cost.answered);
        assert_eq!(cost.total, dec("0.002"));
        assert_eq!(cost.billed_seconds(), 0);
    }

    #[test]
    fn intervals_below_a_second_count_as_one() {
        let t = tariff(("0.6", 0), ("0.6", -5), "0", "0");
        // 3 s at 0.6/min = 0.03.
        assert_eq!(call_cost(&t, 3).total, dec("0.03"));
        // A duration beyond i64 does not overflow.
        let cost = call_cost(&t, u64::MAX);
        assert!(cost.answered && cost.next_intervals > 0);
    }

    #[test]
    fn numbers_are_digits_and_rateplans_uuids_before_any_request() {
        let plan = "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003";
        assert_eq!(
            Lookup::new(plan, " +380 (67) 123-45.67 "),
            Ok(Lookup {
                rateplan_id: plan.into(),
                number: "380671234567".into()
            })
        );
        assert_eq!(
            Lookup::new("", ""),
            Err(vec![LookupProblem::NoRateplan, LookupProblem::NoNumber])
        );
        assert_eq!(
            Lookup::new("plan", "38067x"),
            Err(vec![
                LookupProblem::RateplanNotUuid,
                LookupProblem::NumberNotDigits
            ])
        );
        assert_eq!(
            Lookup::new(plan, &"1".repeat(33)),
            Err(vec![LookupProblem::NumberTooLong])
        );
        assert_eq!(Lookup::new(plan, "++380").unwrap_err()[0].field(), "number");
        assert_eq!(LookupProblem::RateplanNotUuid.field(), "rateplan-id");
    }

    #[test]
    fn the_request_is_the_servers_document_and_the_page_query_keeps_it() {
        let lookup = Lookup::new("0b9f7a8e-5d2c-11ef-9a4e-0242ac120003", "444444444").unwrap();
        assert_eq!(
            lookup.document(),
            serde_json::json!({"data": {"type": "check-rates", "attributes": {
                "rateplan-id": "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003", "number": "444444444"}}})
        );
        assert_eq!(
            lookup.page_query(Some(" 90 ")),
            "rateplan-id=0b9f7a8e-5d2c-11ef-9a4e-0242ac120003&number=444444444&duration=90"
        );
        assert_eq!(
            lookup.page_query(Some("")),
            "rateplan-id=0b9f7a8e-5d2c-11ef-9a4e-0242ac120003&number=444444444"
        );
    }

    #[test]
    fn durations_are_seconds_or_minutes_and_seconds() {
        assert_eq!(duration_seconds("90"), Some(90));
        assert_eq!(duration_seconds("1:30"), Some(90));
        assert_eq!(duration_seconds("1:00:05"), Some(3605));
        assert_eq!(duration_seconds("0"), Some(0));
        for bad in ["", "1:60", "-5", "1.5", "a", "1::2", "24:00:01", "1:2:3:4"] {
            assert_eq!(duration_seconds(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_servers_answer_decodes_and_orders_the_longest_prefix_first() {
        let body = r#"{"data":{"id":"x","type":"check-rates","attributes":{
            "rateplan-id":"0b9f7a8e-5d2c-11ef-9a4e-0242ac120003","number":"444444444",
            "rates":[
              {"id":"d1","prefix":"444","initial_rate":"0.01","initial_interval":1,
               "next_rate":"0.01","next_interval":1,"connect_fee":"0.0","attempt_fee":"0.0",
               "reject_calls":false,"valid_from":"2025-01-01 00:00:00","valid_till":null,
               "network_prefix_id":null,"routing_tag_names":["UA","US"]},
              {"id":"d2","prefix":"44444","initial_rate":0.02,"initial_interval":60,
               "next_rate":"0.015","next_interval":6,"connect_fee":null,
               "reject_calls":true,"network_prefix_id":17,"routing_tag_names":[]}
            ]}}}"#;
        let document: Document<Resource<CheckRate>> = serde_json::from_str(body).unwrap();
        let answer = document.data.attributes;
        let ordered: Vec<&str> = answer
            .longest_prefix_first()
            .iter()
            .map(|r| r.prefix.as_str())
            .collect();
        assert_eq!(ordered, ["44444", "444"]);
        let longest = answer.longest_prefix_first()[0].tariff();
        assert_eq!(longest.initial_rate, dec("0.02"));
        assert_eq!(longest.connect_fee, Decimal::ZERO);
        assert_eq!(answer.rates[0].routing_tag_names, ["UA", "US"]);
        // Nothing matches: an empty list.
        let empty: Document<Resource<CheckRate>> = serde_json::from_str(
            r#"{"data":{"id":"y","type":"check-rates","attributes":{"rates":[]}}}"#,
        )
        .unwrap();
        assert!(empty.data.attributes.rates.is_empty());
    }
}
