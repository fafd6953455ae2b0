//! What each statistics page shows, as the customer's access profile lets it: its charts (the
//! model's, with the series allowed) and totals, and the words for its series, totals, units,
//! samplings and narrowing parameters in the language in use.

use crate::i18n::{Texts, texts};
use api_model::profile::StatsAccess;
use api_model::stats::{
    Chart, Direction, ORIGINATED_CPS_CHARTS, Sampling, StatsEndpoint, StatsKind, StatsMetric, Unit,
};

/// A text of the language in use, picked from its [`Texts`].
pub type Words = fn(&Texts) -> crate::i18n::Text;

/// One chart of a page as the customer sees it: the model's chart (`StatsEndpoint::charts`)
/// with only the series the access profile lets it draw.
pub struct ChartPlan {
    pub chart: Chart,
    pub title: Words,
    pub series: Vec<StatsMetric>,
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

    /// The side of the traffic the page is about.
    pub fn direction(self) -> Direction {
        self.form_endpoint().direction
    }

    pub fn takes_narrowing(self) -> bool {
        matches!(self, StatsPage::Table(_))
    }

    /// The narrowing parameters the form offers: its endpoint's side's, but a bound of a
    /// metric the customer may not see (a price bound while the price is withheld).
    pub fn narrowing_params(self, access: &StatsAccess) -> Vec<&'static str> {
        self.form_endpoint()
            .filter_params()
            .iter()
            .copied()
            .filter(|name| access.offers_param(name))
            .collect()
    }

    /// The charts of the page the customer may see, one per unit, each with the series it may
    /// draw; both directions draw the same.
    pub fn charts(self, access: &StatsAccess) -> Vec<ChartPlan> {
        access
            .charts(self.model_charts())
            .into_iter()
            .map(|(chart, series)| ChartPlan {
                chart,
                title: match self {
                    StatsPage::Table(_) => chart_title(chart.id),
                    StatsPage::OriginatedCps => |t| t.stats_originated_cps,
                },
                series,
            })
            .collect()
    }

    /// The metrics whose totals the page shows: its endpoint's, where it counts totals.
    fn totals(self) -> &'static [StatsMetric] {
        match self {
            StatsPage::Table(endpoint) if endpoint.has_totals() => endpoint.metrics(),
            _ => &[],
        }
    }

    /// The totals of the page the customer may see, in their order.
    pub fn figures(self, access: &StatsAccess) -> Vec<StatsMetric> {
        access.figures(self.totals())
    }

    /// Whether the page has anything the customer may see: else it says so and asks nothing.
    pub fn shows_anything(self, access: &StatsAccess) -> bool {
        access.shows_any(self.model_charts(), self.totals())
    }

    /// The series the page's legends show, as its URL names them.
    pub fn picked(self, access: &StatsAccess, named: Option<&[String]>) -> Vec<StatsMetric> {
        access.picked(self.model_charts(), named)
    }

    /// The model's charts of the page, before the profile has its say.
    fn model_charts(self) -> &'static [Chart] {
        match self {
            StatsPage::Table(endpoint) => endpoint.charts(),
            StatsPage::OriginatedCps => &ORIGINATED_CPS_CHARTS,
        }
    }
}

/// A chart's title, by its id.
fn chart_title(id: &str) -> Words {
    match id {
        "calls" => |t| t.chart_calls,
        "duration" => |t| t.total_duration,
        "acd" => |t| t.acd_long,
        "asr" => |t| t.asr_long,
        "price" => |t| t.total_price,
        "cps" => |t| t.calls_per_second,
        "active-calls" => |t| t.concurrent_calls,
        _ => |t| t.value,
    }
}

/// A series' name in its chart's legend and tooltip: short where the chart's title already
/// says what is counted (the calls chart of a traffic view: "Total", "Successful", "Failed").
pub fn series_label(chart: &Chart, metric: StatsMetric) -> crate::i18n::Text {
    let t = texts();
    match (chart.metrics.len() > 1, metric) {
        (true, StatsMetric::TotalCalls) => t.series_total,
        (true, StatsMetric::SuccessfulCalls) => t.series_successful,
        (true, StatsMetric::FailedCalls) => t.series_failed,
        (_, StatsMetric::Cps) => t.cps,
        (_, StatsMetric::ActiveCalls) => t.active_calls,
        (_, metric) => total_label(metric),
    }
}

/// Readable names of the totals.
pub fn total_label(metric: StatsMetric) -> crate::i18n::Text {
    let t = texts();
    match metric {
        StatsMetric::TotalCalls => t.total_calls,
        StatsMetric::SuccessfulCalls => t.successful_calls,
        StatsMetric::FailedCalls => t.failed_calls,
        StatsMetric::TotalDuration => t.total_duration,
        StatsMetric::Acd => t.acd,
        StatsMetric::Asr => t.asr,
        StatsMetric::Cps => t.cps,
        StatsMetric::TotalPrice => t.total_price,
        StatsMetric::ActiveCalls => t.active_calls,
    }
}

/// A unit in the language in use (`api_model` names them as a type).
pub fn unit_for(unit: Unit, currency: &str) -> String {
    let t = texts();
    match unit {
        Unit::Currency => currency.to_owned(),
        Unit::Minutes => t.unit_minutes.to_string(),
        Unit::Seconds => t.unit_seconds.to_string(),
        Unit::CallsPerSecond => t.unit_calls_per_second.to_string(),
        Unit::Calls => t.unit_calls.to_string(),
        Unit::Percent => "%".to_owned(),
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
