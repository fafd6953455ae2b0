//! The customer's portal access profile (`GET /profiles`, yeti-web's `ProfileResource`): the
//! flags with which an operator decides what a customer portal shows. The real server enforces
//! none of them (its statistics answer every column whatever they say), so a portal's word is
//! all there is: this module reads them, and every part of the portal that the profile governs
//! asks it.
//!
//! Every flag of the server's resource is declared once below ([`Flag`]), in the server's
//! order. Reading a profile ([`AccessProfile::from_flags`]) keeps what the server sent for the
//! flags it declares and ignores any other attribute (a newer server's flag, or a value that
//! is not a boolean); a flag the server did not send has its default, the real server's column
//! default ([`Flag::default_value`]): an older server without the statistics' flags shows every
//! statistic.
//!
//! What the flags mean (yeti-web's migrations and admin form say no more than the names):
//! - a section flag allows a part of the portal: `account`, `outgoing-rateplans`, … allow pages
//!   and forms (the catalog's `profile_flag`s); `outgoing-statistics` and
//!   `incoming-statistics` allow a side's statistics altogether, and its
//!   `…-statistics-active-calls` the calls in progress on that side;
//! - `…-statistics-X` allows the metric X as a series (a chart's line, its legend entry and
//!   tooltip row, its CSV column, its words for screen readers), `…-statistics-X-value` as a
//!   figure (the totals of a statistics page, the overview's and the account page's figures of
//!   today). [`StatsAccess`] says which of one side's metrics a customer sees, and how.

use crate::number::Metric;
use crate::stats::{Chart, Direction, StatsMetric, StatsPayload};
use std::collections::BTreeMap;

/// How a metric is shown: as a series over time, or as one figure (a total).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Presentation {
    Series,
    Figure,
}

macro_rules! flags {
    ($($variant:ident = $name:literal $(=> $direction:ident $metric:ident $shown:ident)?,)*) => {
        /// A flag of the access profile, named as the real server names its attribute.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Flag {
            $($variant),*
        }

        impl Flag {
            /// Every flag of the real server's profile resource, in its order.
            pub const ALL: [Flag; [$($name),*].len()] = [$(Flag::$variant),*];

            /// The attribute's name in `GET /profiles`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Flag::$variant => $name,)*
                }
            }

            /// The metric, the side and the presentation a metric flag allows; `None` for a
            /// section flag.
            pub const fn metric(self) -> Option<(Direction, StatsMetric, Presentation)> {
                match self {
                    $(Flag::$variant => flags!(@metric $($direction $metric $shown)?),)*
                }
            }
        }
    };
    (@metric) => { None };
    (@metric $direction:ident $metric:ident $shown:ident) => {
        Some((Direction::$direction, StatsMetric::$metric, Presentation::$shown))
    };
}

flags! {
    Account = "account",
    OutgoingRateplans = "outgoing-rateplans",
    OutgoingCdrs = "outgoing-cdrs",
    OutgoingCdrExports = "outgoing-cdr-exports",
    OutgoingStatistics = "outgoing-statistics",
    OutgoingStatisticsActiveCalls = "outgoing-statistics-active-calls",
    OutgoingStatisticsAcd = "outgoing-statistics-acd" => Origination Acd Series,
    OutgoingStatisticsAsr = "outgoing-statistics-asr" => Origination Asr Series,
    OutgoingStatisticsFailedCalls = "outgoing-statistics-failed-calls"
        => Origination FailedCalls Series,
    OutgoingStatisticsSuccessfulCalls = "outgoing-statistics-successful-calls"
        => Origination SuccessfulCalls Series,
    OutgoingStatisticsTotalCalls = "outgoing-statistics-total-calls"
        => Origination TotalCalls Series,
    OutgoingStatisticsTotalDuration = "outgoing-statistics-total-duration"
        => Origination TotalDuration Series,
    OutgoingStatisticsTotalPrice = "outgoing-statistics-total-price"
        => Origination TotalPrice Series,
    OutgoingStatisticsAcdValue = "outgoing-statistics-acd-value" => Origination Acd Figure,
    OutgoingStatisticsAsrValue = "outgoing-statistics-asr-value" => Origination Asr Figure,
    OutgoingStatisticsFailedCallsValue = "outgoing-statistics-failed-calls-value"
        => Origination FailedCalls Figure,
    OutgoingStatisticsSuccessfulCallsValue = "outgoing-statistics-successful-calls-value"
        => Origination SuccessfulCalls Figure,
    OutgoingStatisticsTotalCallsValue = "outgoing-statistics-total-calls-value"
        => Origination TotalCalls Figure,
    OutgoingStatisticsTotalDurationValue = "outgoing-statistics-total-duration-value"
        => Origination TotalDuration Figure,
    OutgoingStatisticsTotalPriceValue = "outgoing-statistics-total-price-value"
        => Origination TotalPrice Figure,
    OutgoingActiveCalls = "outgoing-active-calls",
    OutgoingNumberlists = "outgoing-numberlists",
    IncomingCdrs = "incoming-cdrs",
    IncomingStatistics = "incoming-statistics",
    IncomingStatisticsActiveCalls = "incoming-statistics-active-calls",
    IncomingStatisticsAcd = "incoming-statistics-acd" => Termination Acd Series,
    IncomingStatisticsAsr = "incoming-statistics-asr" => Termination Asr Series,
    IncomingStatisticsFailedCalls = "incoming-statistics-failed-calls"
        => Termination FailedCalls Series,
    IncomingStatisticsSuccessfulCalls = "incoming-statistics-successful-calls"
        => Termination SuccessfulCalls Series,
    IncomingStatisticsTotalCalls = "incoming-statistics-total-calls"
        => Termination TotalCalls Series,
    IncomingStatisticsTotalDuration = "incoming-statistics-total-duration"
        => Termination TotalDuration Series,
    IncomingStatisticsTotalPrice = "incoming-statistics-total-price"
        => Termination TotalPrice Series,
    IncomingStatisticsAcdValue = "incoming-statistics-acd-value" => Termination Acd Figure,
    IncomingStatisticsAsrValue = "incoming-statistics-asr-value" => Termination Asr Figure,
    IncomingStatisticsFailedCallsValue = "incoming-statistics-failed-calls-value"
        => Termination FailedCalls Figure,
    IncomingStatisticsSuccessfulCallsValue = "incoming-statistics-successful-calls-value"
        => Termination SuccessfulCalls Figure,
    IncomingStatisticsTotalCallsValue = "incoming-statistics-total-calls-value"
        => Termination TotalCalls Figure,
    IncomingStatisticsTotalDurationValue = "incoming-statistics-total-duration-value"
        => Termination TotalDuration Figure,
    IncomingStatisticsTotalPriceValue = "incoming-statistics-total-price-value"
        => Termination TotalPrice Figure,
    Invoices = "invoices",
    Payments = "payments",
    PaymentsCryptomus = "payments-cryptomus",
    Services = "services",
    Transactions = "transactions",
    WebrtcDialer = "webrtc-dialer",
}

/// How many flags the profile has.
const FLAGS: usize = Flag::ALL.len();

impl Flag {
    /// The flag of this attribute name; `None` for a name the portal does not know.
    pub fn from_name(name: &str) -> Option<Flag> {
        Flag::ALL.into_iter().find(|flag| flag.name() == name)
    }

    /// What a flag the server does not send counts as: the real server's column default, on
    /// for every flag but crypto top-up, which an operator turns on.
    pub const fn default_value(self) -> bool {
        !matches!(self, Flag::PaymentsCryptomus)
    }

    /// The flag of a side's statistics altogether (`outgoing-statistics`).
    pub const fn statistics(direction: Direction) -> Flag {
        match direction {
            Direction::Origination => Flag::OutgoingStatistics,
            Direction::Termination => Flag::IncomingStatistics,
        }
    }

    /// The flag of a side's calls in progress (`outgoing-statistics-active-calls`).
    pub const fn statistics_active_calls(direction: Direction) -> Flag {
        match direction {
            Direction::Origination => Flag::OutgoingStatisticsActiveCalls,
            Direction::Termination => Flag::IncomingStatisticsActiveCalls,
        }
    }

    /// The flag of a metric on a side, shown so; `None` for a metric without flags of its own
    /// (calls per second, calls in progress).
    pub fn of_metric(
        direction: Direction,
        metric: StatsMetric,
        presentation: Presentation,
    ) -> Option<Flag> {
        Flag::ALL
            .into_iter()
            .find(|flag| flag.metric() == Some((direction, metric, presentation)))
    }
}

/// A customer's access profile: what the server sent for each flag it declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AccessProfile {
    sent: [Option<bool>; FLAGS],
}

impl Default for AccessProfile {
    /// The profile of a server that sends none (an older deployment, which answers
    /// `GET /profiles` with 404): every flag at its default.
    fn default() -> AccessProfile {
        AccessProfile {
            sent: [None; FLAGS],
        }
    }
}

impl AccessProfile {
    /// The profile of a `GET /profiles` document's attributes, as (name, boolean) pairs: the
    /// flags it declares are taken, any other name is ignored (a newer server's flag).
    pub fn from_flags<'a>(attributes: impl IntoIterator<Item = (&'a str, bool)>) -> AccessProfile {
        let mut profile = AccessProfile::default();
        for (name, value) in attributes {
            if let Some(flag) = Flag::from_name(name) {
                profile.sent[flag as usize] = Some(value);
            }
        }
        profile
    }

    /// The profile of a `GET /profiles` document: its `data.attributes` read as
    /// [`from_flags`](AccessProfile::from_flags) reads them, a value that is not a boolean
    /// left out (so at its default).
    pub fn from_document(document: &serde_json::Value) -> AccessProfile {
        let attributes = document["data"]["attributes"].as_object();
        AccessProfile::from_flags(
            attributes
                .into_iter()
                .flatten()
                .filter_map(|(name, value)| Some((name.as_str(), value.as_bool()?))),
        )
    }

    /// The same profile with `flag` sent as `value`.
    pub fn with(mut self, flag: Flag, value: bool) -> AccessProfile {
        self.sent[flag as usize] = Some(value);
        self
    }

    /// What the server sent for `flag`, if it sent it.
    pub fn sent(&self, flag: Flag) -> Option<bool> {
        self.sent[flag as usize]
    }

    /// Whether the flag is on: as sent, else its default.
    pub fn allows(&self, flag: Flag) -> bool {
        self.sent(flag).unwrap_or(flag.default_value())
    }

    /// Which statistics of one side the customer sees, and how.
    pub fn stats(&self, direction: Direction) -> StatsAccess {
        let mut access = StatsAccess {
            direction,
            series: 0,
            figures: 0,
        };
        for metric in StatsMetric::ALL {
            if self.shows(direction, metric, Presentation::Series) {
                access.series |= bit(metric);
            }
            if self.shows(direction, metric, Presentation::Figure) {
                access.figures |= bit(metric);
            }
        }
        access
    }

    /// Whether a metric of a side is shown so: its side's statistics allowed, its own flag on,
    /// and each metric it is worked out from shown so too. Calls in progress have the one flag
    /// of their section, as series and figure alike.
    fn shows(&self, direction: Direction, metric: StatsMetric, presentation: Presentation) -> bool {
        if metric == StatsMetric::ActiveCalls {
            return self.allows(Flag::statistics_active_calls(direction));
        }
        let own = match metric.sources() {
            [] => Flag::of_metric(direction, metric, presentation)
                .is_some_and(|flag| self.allows(flag)),
            sources => sources
                .iter()
                .all(|source| self.shows(direction, *source, presentation)),
        };
        own && self.allows(Flag::statistics(direction))
    }
}

fn bit(metric: StatsMetric) -> u16 {
    1 << metric as u16
}

/// Which metrics of one side of the traffic a customer sees, as series and as figures (see the
/// module's note). Pages build their lists of metrics (charts, series, totals, figures of
/// today, narrowing fields) through it, so a withheld metric is in none of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StatsAccess {
    direction: Direction,
    series: u16,
    figures: u16,
}

impl StatsAccess {
    /// Every metric of the side, both ways (the default profile's).
    pub fn everything(direction: Direction) -> StatsAccess {
        AccessProfile::default().stats(direction)
    }

    pub fn direction(&self) -> Direction {
        self.direction
    }

    pub fn shows(&self, metric: StatsMetric, presentation: Presentation) -> bool {
        let bits = match presentation {
            Presentation::Series => self.series,
            Presentation::Figure => self.figures,
        };
        bits & bit(metric) != 0
    }

    /// Whether the metric may be drawn as a series.
    pub fn series(&self, metric: StatsMetric) -> bool {
        self.shows(metric, Presentation::Series)
    }

    /// Whether the metric may be shown as a figure.
    pub fn figure(&self, metric: StatsMetric) -> bool {
        self.shows(metric, Presentation::Figure)
    }

    /// Whether the metric is shown at all, as a series or a figure.
    pub fn shown(&self, metric: StatsMetric) -> bool {
        self.series(metric) || self.figure(metric)
    }

    /// The charts as the customer sees them: each with the series it may draw, in their
    /// order; a chart left without any is left out.
    pub fn charts(&self, charts: &[Chart]) -> Vec<(Chart, Vec<StatsMetric>)> {
        charts
            .iter()
            .map(|chart| (*chart, self.only(chart.metrics, Presentation::Series)))
            .filter(|(_, metrics)| !metrics.is_empty())
            .collect()
    }

    /// Whether a view of these charts and totals has anything the customer may see: a view
    /// left with nothing says so rather than drawing empty charts.
    pub fn shows_any(&self, charts: &[Chart], totals: &[StatsMetric]) -> bool {
        !self.charts(charts).is_empty() || !self.figures(totals).is_empty()
    }

    /// The series a view of `charts` shows when its URL names some (`series=`): those named
    /// that the customer may see, in the charts' order. Naming none (`None`) shows every
    /// series the customer may see, and so does naming only series the customer may not see
    /// or the portal does not know: a bookmark from before the operator withheld them opens
    /// without them, quietly. An empty list (every legend entry turned off) shows none.
    pub fn picked(&self, charts: &[Chart], named: Option<&[String]>) -> Vec<StatsMetric> {
        let allowed: Vec<StatsMetric> = self
            .charts(charts)
            .into_iter()
            .flat_map(|(_, series)| series)
            .collect();
        let Some(named) = named else {
            return allowed;
        };
        let picked: Vec<StatsMetric> = allowed
            .iter()
            .copied()
            .filter(|metric| named.iter().any(|name| name == metric.key()))
            .collect();
        match (named.is_empty(), picked.is_empty()) {
            (false, true) => allowed,
            _ => picked,
        }
    }

    /// The metrics of `metrics` the customer may see as figures, in their order.
    pub fn figures(&self, metrics: &[StatsMetric]) -> Vec<StatsMetric> {
        self.only(metrics, Presentation::Figure)
    }

    fn only(&self, metrics: &[StatsMetric], presentation: Presentation) -> Vec<StatsMetric> {
        metrics
            .iter()
            .copied()
            .filter(|metric| self.shows(*metric, presentation))
            .collect()
    }

    /// Whether a narrowing parameter of the side's endpoints may be offered: one that bounds a
    /// metric (a price bound) only while that metric is shown somehow.
    pub fn offers_param(&self, name: &str) -> bool {
        StatsMetric::narrowed_by(name).is_none_or(|metric| self.shown(metric))
    }

    /// The totals of `metrics` in the payload that are shown as figures, in the order of
    /// `metrics`: what the profile withholds stays behind with the payload (a few figures need
    /// no map of their own, as [`Self::strip`] builds).
    pub fn shown_figures(
        &self,
        payload: &StatsPayload,
        metrics: &[StatsMetric],
    ) -> Vec<(StatsMetric, Metric)> {
        let Some(totals) = &payload.totals else {
            return Vec::new();
        };
        metrics
            .iter()
            .filter(|metric| self.figure(**metric))
            .filter_map(|metric| Some((*metric, *totals.get(metric.key())?)))
            .collect()
    }

    /// The payload with only what the customer sees: the series shown as series, the totals
    /// shown as figures; a series or total of a name the portal does not know (a newer
    /// server's) is left out too.
    pub fn strip(&self, payload: StatsPayload) -> StatsPayload {
        let StatsPayload {
            t,
            series,
            rows,
            totals,
        } = payload;
        let known = |key: &str, presentation| {
            StatsMetric::from_key(key).is_some_and(|metric| self.shows(metric, presentation))
        };
        StatsPayload {
            t,
            series: kept(series, |key| known(key, Presentation::Series)),
            rows,
            totals: totals.map(|totals| kept(totals, |key| known(key, Presentation::Figure))),
        }
    }
}

/// The entries of `map` whose key `keep` accepts, into a map of their own. Not `retain`: the
/// B-tree's removal code weighs on every page that strips a payload, and `extend` on an empty
/// map inserts one by one with the code every map has.
fn kept<V>(map: BTreeMap<String, V>, keep: impl Fn(&str) -> bool) -> BTreeMap<String, V> {
    let mut kept = BTreeMap::new();
    kept.extend(map.into_iter().filter(|(key, _)| keep(key)));
    kept
}
