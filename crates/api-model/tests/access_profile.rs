//! The access profile's rules: every flag of the real server's profile read by its name, each
//! statistics flag withholding its metric from every list a page builds (charts and their
//! series, totals, today's figures, the payload kept) and nothing else, a bookmark naming a
//! withheld series, a view left with nothing, and profiles from newer and older servers.

use api_model::number::Metric;
use api_model::profile::{AccessProfile, Flag, Presentation, StatsAccess};
use api_model::stats::{
    Chart, Direction, ORIGINATED_CPS_CHARTS, StatsEndpoint, StatsKind, StatsMetric, StatsPayload,
    TODAYS_FIGURES,
};
use serde_json::json;
use std::collections::BTreeMap;

/// Each statistics metric's flag, as the server names it after `…-statistics-`, and the
/// payload keys it withholds: its own, and what is worked out from it (calls per second are
/// the calls counted over a bucket's length).
const METRIC_FLAGS: [(&str, &[&str]); 7] = [
    ("acd", &["acd"]),
    ("asr", &["asr"]),
    ("failed-calls", &["failed_calls"]),
    ("successful-calls", &["successful_calls"]),
    ("total-calls", &["total_calls", "cps"]),
    ("total-duration", &["total_duration"]),
    ("total-price", &["total_price"]),
];

const SIDES: [(&str, Direction); 2] = [
    ("outgoing", Direction::Origination),
    ("incoming", Direction::Termination),
];

/// The views of a side: the charts each draws and the metrics of its totals.
fn views(direction: Direction) -> Vec<(&'static str, &'static [Chart], &'static [StatsMetric])> {
    let mut views: Vec<_> = [
        StatsKind::Traffic,
        StatsKind::Quality,
        StatsKind::ActiveCalls,
    ]
    .into_iter()
    .map(|kind| {
        let endpoint = StatsEndpoint::new(direction, kind);
        let totals = match endpoint.has_totals() {
            true => endpoint.metrics(),
            false => &[],
        };
        (endpoint.path(), endpoint.charts(), totals)
    })
    .collect();
    if direction == Direction::Origination {
        views.push(("chart-originated-cps", &ORIGINATED_CPS_CHARTS, &[]));
    }
    views
}

fn keys(metrics: impl IntoIterator<Item = StatsMetric>) -> Vec<&'static str> {
    metrics.into_iter().map(StatsMetric::key).collect()
}

/// `metrics`' keys without those in `withheld`, in their order.
fn keys_but(metrics: &[StatsMetric], withheld: &[&str]) -> Vec<&'static str> {
    keys(metrics.iter().copied())
        .into_iter()
        .filter(|key| !withheld.contains(key))
        .collect()
}

/// The series a view draws, chart after chart.
fn drawn(access: &StatsAccess, charts: &[Chart]) -> Vec<&'static str> {
    keys(
        access
            .charts(charts)
            .into_iter()
            .flat_map(|(_, series)| series),
    )
}

/// An answer with every metric of the view as a series and a total.
fn full_payload(metrics: &[StatsMetric]) -> StatsPayload {
    let one = || Metric(Some(1.into()));
    StatsPayload {
        t: vec![60],
        series: metrics
            .iter()
            .map(|m| (m.key().to_owned(), vec![one()]))
            .collect(),
        rows: 1,
        totals: Some(
            metrics
                .iter()
                .map(|m| (m.key().to_owned(), one()))
                .collect(),
        ),
    }
}

/// A side shows every metric but those of `from_series` as series and those of `from_figures`
/// as figures, in every list its pages build.
fn assert_withholds(access: &StatsAccess, from_series: &[&str], from_figures: &[&str], what: &str) {
    for (view, charts, totals) in views(access.direction()) {
        let every: Vec<StatsMetric> = charts.iter().flat_map(|c| c.metrics).copied().collect();
        let expected = keys_but(&every, from_series);
        assert_eq!(
            drawn(access, charts),
            expected,
            "{what}: {view}'s chart series"
        );
        assert_eq!(
            keys(access.picked(charts, None)),
            expected,
            "{what}: {view}'s legends"
        );
        assert_eq!(
            keys(access.figures(totals)),
            keys_but(totals, from_figures),
            "{what}: {view}'s totals"
        );
        let stripped = access.strip(full_payload(&every));
        let series: Vec<&str> = stripped.series.keys().map(String::as_str).collect();
        let mut expected_series = keys_but(&every, from_series);
        expected_series.sort();
        assert_eq!(series, expected_series, "{what}: {view}'s series kept");
        let totals_kept: Vec<&str> = stripped
            .totals
            .iter()
            .flatten()
            .map(|(k, _)| k.as_str())
            .collect();
        let mut expected_totals = keys_but(&every, from_figures);
        expected_totals.sort();
        assert_eq!(totals_kept, expected_totals, "{what}: {view}'s totals kept");
    }
    assert_eq!(
        keys(access.figures(&TODAYS_FIGURES)),
        keys_but(&TODAYS_FIGURES, from_figures),
        "{what}: today's figures"
    );
    let kept = access.shown_figures(&full_payload(&TODAYS_FIGURES), &TODAYS_FIGURES);
    let kept: Vec<StatsMetric> = kept.into_iter().map(|(metric, _)| metric).collect();
    assert_eq!(
        keys(kept),
        keys_but(&TODAYS_FIGURES, from_figures),
        "{what}: today's totals kept"
    );
}

/// Each metric flag of each side, withheld alone: its metric (and what is worked out from it)
/// leaves every list of its side in its presentation, and everything else stays: the metric's
/// other presentation, the other metrics, the other side.
#[test]
fn every_metric_flag_withholds_its_metric_and_nothing_else() {
    let mut covered = Vec::new();
    for (prefix, direction) in SIDES {
        for (metric, withheld) in METRIC_FLAGS {
            for (suffix, presentation) in
                [("", Presentation::Series), ("-value", Presentation::Figure)]
            {
                let name = format!("{prefix}-statistics-{metric}{suffix}");
                let flag = Flag::from_name(&name).unwrap_or_else(|| panic!("no flag {name}"));
                covered.push(flag);
                let document =
                    json!({"data": {"type": "profiles", "attributes": {name.as_str(): false}}});
                let profile = AccessProfile::from_document(&document);
                assert_eq!(
                    profile,
                    AccessProfile::default().with(flag, false),
                    "{name}"
                );
                let (from_series, from_figures) = match presentation {
                    Presentation::Series => (withheld, &[][..]),
                    Presentation::Figure => (&[][..], withheld),
                };
                assert_withholds(&profile.stats(direction), from_series, from_figures, &name);
                let other = match direction {
                    Direction::Origination => Direction::Termination,
                    Direction::Termination => Direction::Origination,
                };
                assert_eq!(
                    profile.stats(other),
                    StatsAccess::everything(other),
                    "{name}: the other side"
                );
                assert_withholds(
                    &profile.stats(other),
                    &[],
                    &[],
                    &format!("{name}, other side"),
                );
            }
        }
    }
    let mut metric_flags: Vec<Flag> = Flag::ALL
        .into_iter()
        .filter(|f| f.metric().is_some())
        .collect();
    covered.sort();
    metric_flags.sort();
    assert_eq!(
        covered, metric_flags,
        "the table covers every metric flag of the profile"
    );
}

/// A side's statistics flag withholds its every metric; its active-calls flag the calls in
/// progress alone; crypto top-up is off unless sent, every other flag on.
#[test]
fn section_flags_govern_their_sides() {
    for (prefix, direction) in SIDES {
        let off = AccessProfile::default().with(Flag::statistics(direction), false);
        let access = off.stats(direction);
        for (_, charts, totals) in views(direction) {
            let kept = drawn(&access, charts);
            assert!(
                kept.iter().all(|key| *key == "calls"),
                "{prefix}: only calls in progress: {kept:?}"
            );
            assert!(access.figures(totals).is_empty(), "{prefix}");
        }
        let active = AccessProfile::default().with(Flag::statistics_active_calls(direction), false);
        let access = active.stats(direction);
        assert!(
            !access.series(StatsMetric::ActiveCalls) && !access.figure(StatsMetric::ActiveCalls)
        );
        let what = format!("{prefix}-statistics-active-calls");
        assert_withholds(&access, &["calls"], &["calls"], &what);
    }
    let default = AccessProfile::default();
    for flag in Flag::ALL {
        assert_eq!(
            default.allows(flag),
            flag != Flag::PaymentsCryptomus,
            "{}",
            flag.name()
        );
    }
}

/// The flags are the real server's (yeti-web's `ProfileResource`): 45, each read by its name.
#[test]
fn every_flag_of_the_server_is_read_by_its_name() {
    assert_eq!(Flag::ALL.len(), 45);
    for flag in Flag::ALL {
        assert_eq!(Flag::from_name(flag.name()), Some(flag));
        let document = json!({"data": {"attributes": {flag.name(): !flag.default_value()}}});
        let profile = AccessProfile::from_document(&document);
        assert_eq!(
            profile.allows(flag),
            !flag.default_value(),
            "{}",
            flag.name()
        );
        assert_eq!(profile.sent(flag), Some(!flag.default_value()));
    }
    for name in [
        "payments-cryptomus",
        "webrtc-dialer",
        "outgoing-active-calls",
        "incoming-statistics-active-calls",
    ] {
        assert!(Flag::from_name(name).is_some(), "{name}");
    }
}

/// A newer server's profile: a flag the portal does not know is ignored, a known flag with a
/// value that is no boolean keeps its default, and the flags it knows still count.
#[test]
fn unknown_flags_and_odd_values_are_ignored() {
    let document = json!({"data": {"id": "1", "type": "profiles", "attributes": {
        "outgoing-statistics-total-price": false,
        "outgoing-statistics-total-price-percentile": false,
        "voicemail": true,
        "invoices": "no",
        "payments": null,
        "outgoing-statistics-acd-value": false
    }}});
    let profile = AccessProfile::from_document(&document);
    assert_eq!(
        profile,
        AccessProfile::default()
            .with(Flag::OutgoingStatisticsTotalPrice, false)
            .with(Flag::OutgoingStatisticsAcdValue, false)
    );
    assert!(profile.allows(Flag::Invoices) && profile.allows(Flag::Payments));
    let access = profile.stats(Direction::Origination);
    assert!(!access.series(StatsMetric::TotalPrice) && access.figure(StatsMetric::TotalPrice));
    assert!(!access.figure(StatsMetric::Acd) && access.series(StatsMetric::Acd));
    // A newer server's series or total is no metric the portal knows: it is not kept.
    let mut payload = full_payload(&[StatsMetric::Acd]);
    payload
        .series
        .insert("margin".into(), vec![Metric(Some(1.into()))]);
    payload
        .totals
        .get_or_insert_with(BTreeMap::new)
        .insert("margin".into(), Metric(None));
    let stripped = access.strip(payload);
    assert_eq!(stripped.series.keys().collect::<Vec<_>>(), ["acd"]);
    assert!(stripped.totals.unwrap_or_default().is_empty());
}

/// An older server: without the statistics' flags (or without profiles at all) every metric
/// shows, as before the flags existed.
#[test]
fn an_older_server_without_metric_flags_shows_every_metric() {
    let sections = json!({"data": {"attributes": {
        "account": true, "outgoing-statistics": true, "incoming-statistics": true,
        "outgoing-cdrs": true, "invoices": false
    }}});
    let profile = AccessProfile::from_document(&sections);
    for (_, direction) in SIDES {
        assert_eq!(profile.stats(direction), StatsAccess::everything(direction));
        assert_withholds(&profile.stats(direction), &[], &[], "an older server");
    }
    assert!(!profile.allows(Flag::Invoices));
    assert_eq!(
        AccessProfile::from_document(&json!({})),
        AccessProfile::default()
    );
    assert_eq!(
        AccessProfile::from_document(&json!([])),
        AccessProfile::default()
    );
}

/// A bookmark naming a withheld series opens without it: the named series the customer may
/// see, else (naming only withheld or unknown ones) every series the customer may see.
#[test]
fn a_bookmark_naming_a_withheld_series_opens_without_it() {
    let access = AccessProfile::default()
        .with(Flag::OutgoingStatisticsTotalPrice, false)
        .with(Flag::OutgoingStatisticsAcd, false)
        .stats(Direction::Origination);
    let charts = StatsEndpoint::ORIGINATION.charts();
    let named = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    assert_eq!(
        keys(access.picked(
            charts,
            Some(&named(&["total_price", "total_calls", "acd", "asr"]))
        )),
        ["total_calls", "asr"]
    );
    let everything_allowed = [
        "total_calls",
        "successful_calls",
        "failed_calls",
        "total_duration",
        "asr",
    ];
    assert_eq!(
        keys(access.picked(charts, Some(&named(&["total_price", "acd"])))),
        everything_allowed
    );
    assert_eq!(
        keys(access.picked(charts, Some(&named(&["colour"])))),
        everything_allowed
    );
    assert_eq!(keys(access.picked(charts, None)), everything_allowed);
    assert!(
        access.picked(charts, Some(&[])).is_empty(),
        "every legend entry turned off"
    );
}

/// A view whose every metric is withheld has nothing to show (it says so rather than drawing
/// empty charts); one with a figure or a series left has something.
#[test]
fn a_view_left_with_nothing_says_so() {
    let quality = StatsEndpoint::ORIGINATION_QUALITY;
    let mut profile = AccessProfile::default();
    for flag in [
        Flag::OutgoingStatisticsTotalCalls,
        Flag::OutgoingStatisticsAcd,
        Flag::OutgoingStatisticsAsr,
    ] {
        profile = profile.with(flag, false);
    }
    let access = profile.stats(Direction::Origination);
    assert!(access.charts(quality.charts()).is_empty());
    assert!(
        access.shows_any(quality.charts(), quality.metrics()),
        "its totals are left"
    );
    assert!(
        !access.shows_any(&ORIGINATED_CPS_CHARTS, &[]),
        "the CPS chart counts the calls"
    );
    for flag in [
        Flag::OutgoingStatisticsTotalCallsValue,
        Flag::OutgoingStatisticsAcdValue,
        Flag::OutgoingStatisticsAsrValue,
    ] {
        profile = profile.with(flag, false);
    }
    let access = profile.stats(Direction::Origination);
    assert!(!access.shows_any(quality.charts(), quality.metrics()));
    assert!(access.shows_any(
        StatsEndpoint::ORIGINATION.charts(),
        StatsEndpoint::ORIGINATION.metrics()
    ));
    let termination = profile.stats(Direction::Termination);
    assert!(termination.shows_any(StatsEndpoint::TERMINATION_QUALITY.charts(), &[]));
}

/// A price bound is offered while the price shows somehow, and not once it shows nowhere.
#[test]
fn price_bounds_follow_the_price() {
    let series_only = AccessProfile::default().with(Flag::IncomingStatisticsTotalPriceValue, false);
    assert!(
        series_only
            .stats(Direction::Termination)
            .offers_param("vendor-price-gt")
    );
    let neither = series_only.with(Flag::IncomingStatisticsTotalPrice, false);
    let access = neither.stats(Direction::Termination);
    assert!(!access.offers_param("vendor-price-gt") && !access.offers_param("vendor-price-eq"));
    assert!(access.offers_param("duration-gt") && access.offers_param("dst-country-id"));
    assert!(
        neither
            .stats(Direction::Origination)
            .offers_param("customer-price-lt")
    );
}
