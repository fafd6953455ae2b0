//! What each statistics page shows: its charts (which series, in which unit) and the words for
//! its series, totals, units, ranges and samplings in the language in use.

use crate::i18n::{Texts, texts};
use api_model::stats::{Direction, Sampling, StatsEndpoint, StatsKind, series_unit};

/// A text of the language in use, picked from its [`Texts`].
pub type Words = fn(&Texts) -> crate::i18n::Text;

/// One chart of a page: which series it draws and in which unit.
pub struct ChartPlan {
    pub id: &'static str,
    pub title: Words,
    /// The series whose unit labels the value axis.
    pub unit_of: &'static str,
    /// (series key, label)
    pub series: Vec<(&'static str, Words)>,
}

const fn plan(
    id: &'static str,
    title: Words,
    unit_of: &'static str,
    series: Vec<(&'static str, Words)>,
) -> ChartPlan {
    ChartPlan {
        id,
        title,
        unit_of,
        series,
    }
}

/// ACD and ASR read the same on origination and quality pages.
fn acd_plan() -> ChartPlan {
    plan("acd", |t| t.acd_long, "acd", vec![("acd", |t| t.acd)])
}

fn asr_plan() -> ChartPlan {
    plan("asr", |t| t.asr_long, "asr", vec![("asr", |t| t.asr)])
}

/// What a statistics page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatsPage {
    Table(StatsEndpoint),
    /// `POST /chart-originated-cps`: an account and a range, nothing else.
    OriginatedCps,
}

impl StatsPage {
    pub fn title(self) -> crate::i18n::Text {
        let t = texts();
        let StatsPage::Table(endpoint) = self else {
            return t.stats_originated_cps;
        };
        match (endpoint.direction, endpoint.kind) {
            (Direction::Origination, StatsKind::Traffic) => t.stats_origination,
            (Direction::Origination, StatsKind::Quality) => t.stats_quality,
            (Direction::Origination, StatsKind::ActiveCalls) => t.stats_active_calls,
            (Direction::Termination, StatsKind::Traffic) => t.stats_termination,
            (Direction::Termination, StatsKind::Quality) => t.stats_termination_quality,
            (Direction::Termination, StatsKind::ActiveCalls) => t.stats_termination_active_calls,
        }
    }

    /// The endpoint whose form rules (sampling, narrowing parameters) apply. The CPS chart takes
    /// neither, like active calls take no sampling; its narrowing fields are hidden.
    pub fn form_endpoint(self) -> StatsEndpoint {
        match self {
            StatsPage::Table(endpoint) => endpoint,
            StatsPage::OriginatedCps => StatsEndpoint::ORIGINATION_ACTIVE_CALLS,
        }
    }

    pub fn takes_narrowing(self) -> bool {
        matches!(self, StatsPage::Table(_))
    }

    /// The charts of the page, one per unit; both directions draw the same.
    pub fn charts(self) -> Vec<ChartPlan> {
        let StatsPage::Table(endpoint) = self else {
            return vec![plan(
                "cps",
                |t| t.stats_originated_cps,
                "cps",
                vec![("cps", |t| t.cps)],
            )];
        };
        match endpoint.kind {
            StatsKind::Traffic => vec![
                plan(
                    "calls",
                    |t| t.chart_calls,
                    "total_calls",
                    vec![
                        ("total_calls", |t| t.series_total),
                        ("successful_calls", |t| t.series_successful),
                        ("failed_calls", |t| t.series_failed),
                    ],
                ),
                plan(
                    "duration",
                    |t| t.total_duration,
                    "total_duration",
                    vec![("total_duration", |t| t.total_duration)],
                ),
                acd_plan(),
                asr_plan(),
                plan(
                    "price",
                    |t| t.total_price,
                    "total_price",
                    vec![("total_price", |t| t.total_price)],
                ),
            ],
            StatsKind::Quality => vec![
                plan(
                    "calls",
                    |t| t.chart_calls,
                    "total_calls",
                    vec![("total_calls", |t| t.total_calls)],
                ),
                acd_plan(),
                asr_plan(),
                plan(
                    "cps",
                    |t| t.calls_per_second,
                    "cps",
                    vec![("cps", |t| t.cps)],
                ),
            ],
            StatsKind::ActiveCalls => vec![plan(
                "active-calls",
                |t| t.concurrent_calls,
                "calls",
                vec![("calls", |t| t.active_calls)],
            )],
        }
    }
}

/// Readable names of the totals.
pub fn total_label(key: &str) -> crate::i18n::Text {
    let t = texts();
    match key {
        "total_calls" => t.total_calls,
        "successful_calls" => t.successful_calls,
        "failed_calls" => t.failed_calls,
        "total_duration" => t.total_duration,
        "acd" => t.acd,
        "asr" => t.asr,
        "cps" => t.cps,
        "total_price" => t.total_price,
        _ => t.value,
    }
}

/// The unit of a series in the language in use (`api_model` names them in English).
pub fn unit_for(key: &str, currency: &str) -> String {
    let t = texts();
    match series_unit(key) {
        "currency" => currency.to_owned(),
        "min" => t.unit_minutes.to_string(),
        "s" => t.unit_seconds.to_string(),
        "calls/s" => t.unit_calls_per_second.to_string(),
        "calls" => t.unit_calls.to_string(),
        unit => unit.to_owned(),
    }
}

/// A sampling's name in the language in use.
pub fn sampling_label(sampling: Sampling) -> crate::i18n::Text {
    let t = texts();
    match sampling {
        Sampling::Minute => t.sampling_minute,
        Sampling::FiveMinutes => t.sampling_5_minutes,
        Sampling::FifteenMinutes => t.sampling_15_minutes,
        Sampling::Hour => t.sampling_hour,
        Sampling::Day => t.sampling_day,
        Sampling::Week => t.sampling_week,
        Sampling::Month => t.sampling_month,
    }
}

/// A narrowing parameter's name in the language in use.
pub fn narrowing_label(name: &str) -> crate::i18n::Text {
    let t = texts();
    match name {
        "src-country-id" => t.src_country,
        "dst-country-id" => t.dst_country,
        "src-prefix-routing-eq" => t.src_prefix_eq,
        "src-prefix-routing-starts-with" => t.src_prefix_starts_with,
        "src-prefix-routing-ends-with" => t.src_prefix_ends_with,
        "src-prefix-routing-contains" => t.src_prefix_contains,
        "dst-prefix-routing-eq" => t.dst_prefix_eq,
        "dst-prefix-routing-starts-with" => t.dst_prefix_starts_with,
        "dst-prefix-routing-ends-with" => t.dst_prefix_ends_with,
        "dst-prefix-routing-contains" => t.dst_prefix_contains,
        "duration-eq" => t.duration_eq,
        "duration-gt" => t.duration_gt,
        "duration-lt" => t.duration_lt,
        "auth-orig-ip" => t.orig_ip,
        "customer-price-eq" => t.price_eq,
        "customer-price-gt" => t.price_gt,
        "customer-price-lt" => t.price_lt,
        "vendor-price-eq" => t.vendor_price_eq,
        "vendor-price-gt" => t.vendor_price_gt,
        "vendor-price-lt" => t.vendor_price_lt,
        _ => t.parameter,
    }
}
