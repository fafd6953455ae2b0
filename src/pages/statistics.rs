//! The statistics views: origination, quality, active calls, and the originated-CPS chart.
//!
//! The page URL carries the query (see `stats_view`); the form edits a draft and applies it to
//! the URL; the URL drives the request. Results show as totals and one chart per unit.

use crate::components::chart::{ChartSpec, line_chart};
use crate::components::status;
use crate::format::{self, Zone};
use crate::http::Api;
use crate::i18n::{Texts, texts};
use crate::prefs::Prefs;
use crate::remote::Remote;
use crate::routing::portal_path;
use crate::stats_view::{FieldError, StatsView, TimeRange, url_time};
use api_model::document::{ListDocument, SingleDocument};
use api_model::list::{ListParams, MAX_PAGE_SIZE};
use api_model::number::Metric;
use api_model::resources::{Account, ChartOriginatedCps, Country, chart_request};
use api_model::stats::{
    STATS_FILTER_PARAMS, Sampling, StatsEndpoint, StatsPayload, parse_time, series_unit,
};
use chart_data::presets::Preset;
use chrono::Utc;
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use std::collections::BTreeMap;
use std::sync::Arc;

/// One chart of a page: which series it draws and in which unit.
struct ChartPlan {
    id: &'static str,
    title: &'static str,
    /// The series whose unit labels the value axis.
    unit_of: &'static str,
    /// (series key, label)
    series: Vec<(&'static str, &'static str)>,
}

const fn plan(
    id: &'static str,
    title: &'static str,
    unit_of: &'static str,
    series: Vec<(&'static str, &'static str)>,
) -> ChartPlan {
    ChartPlan {
        id,
        title,
        unit_of,
        series,
    }
}

/// ACD and ASR read the same on origination and quality pages.
fn acd_plan(t: &'static Texts) -> ChartPlan {
    plan("acd", t.acd_long, "acd", vec![("acd", t.acd)])
}

fn asr_plan(t: &'static Texts) -> ChartPlan {
    plan("asr", t.asr_long, "asr", vec![("asr", t.asr)])
}

/// What a statistics page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatsPage {
    Table(StatsEndpoint),
    /// `POST /chart-originated-cps`: an account and a range, nothing else.
    OriginatedCps,
}

impl StatsPage {
    fn title(self) -> &'static str {
        let t = texts();
        match self {
            StatsPage::Table(StatsEndpoint::Origination) => t.stats_origination,
            StatsPage::Table(StatsEndpoint::Quality) => t.stats_quality,
            StatsPage::Table(StatsEndpoint::ActiveCalls) => t.stats_active_calls,
            StatsPage::OriginatedCps => t.stats_originated_cps,
        }
    }

    /// The endpoint whose form rules (sampling, narrowing parameters) apply. The CPS chart takes
    /// neither, like active calls take no sampling; its narrowing fields are hidden.
    fn form_endpoint(self) -> StatsEndpoint {
        match self {
            StatsPage::Table(endpoint) => endpoint,
            StatsPage::OriginatedCps => StatsEndpoint::ActiveCalls,
        }
    }

    fn takes_narrowing(self) -> bool {
        matches!(self, StatsPage::Table(_))
    }

    /// The charts of the page, one per unit.
    fn charts(self) -> Vec<ChartPlan> {
        let t = texts();
        match self {
            StatsPage::Table(StatsEndpoint::Origination) => vec![
                plan(
                    "calls",
                    t.chart_calls,
                    "total_calls",
                    vec![
                        ("total_calls", t.series_total),
                        ("successful_calls", t.series_successful),
                        ("failed_calls", t.series_failed),
                    ],
                ),
                plan(
                    "duration",
                    t.total_duration,
                    "total_duration",
                    vec![("total_duration", t.total_duration)],
                ),
                acd_plan(t),
                asr_plan(t),
                plan(
                    "price",
                    t.total_price,
                    "total_price",
                    vec![("total_price", t.total_price)],
                ),
            ],
            StatsPage::Table(StatsEndpoint::Quality) => vec![
                plan(
                    "calls",
                    t.chart_calls,
                    "total_calls",
                    vec![("total_calls", t.total_calls)],
                ),
                acd_plan(t),
                asr_plan(t),
                plan("cps", t.calls_per_second, "cps", vec![("cps", t.cps)]),
            ],
            StatsPage::Table(StatsEndpoint::ActiveCalls) => {
                vec![plan(
                    "active-calls",
                    t.concurrent_calls,
                    "calls",
                    vec![("calls", t.active_calls)],
                )]
            }
            StatsPage::OriginatedCps => vec![plan(
                "cps",
                t.stats_originated_cps,
                "cps",
                vec![("cps", t.cps)],
            )],
        }
    }
}

/// Readable names of the totals and narrowing parameters.
fn total_label(key: &str) -> &'static str {
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
fn unit_for(key: &str, currency: &str) -> String {
    let t = texts();
    match series_unit(key) {
        "currency" => currency.to_owned(),
        "min" => t.unit_minutes.to_owned(),
        "s" => t.unit_seconds.to_owned(),
        "calls/s" => t.unit_calls_per_second.to_owned(),
        "calls" => t.unit_calls.to_owned(),
        unit => unit.to_owned(),
    }
}

/// A range preset's name in the language in use.
fn preset_label(preset: Preset) -> &'static str {
    let t = texts();
    match preset {
        Preset::LastHour => t.range_last_hour,
        Preset::Today => t.range_today,
        Preset::Yesterday => t.range_yesterday,
        Preset::Last7Days => t.range_last_7_days,
        Preset::ThisMonth => t.range_this_month,
        Preset::LastMonth => t.range_last_month,
    }
}

/// A sampling's name in the language in use.
fn sampling_label(sampling: Sampling) -> &'static str {
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

/// Whether a payload shows any traffic. Filled axes (quality, active calls) come back full of
/// zero rows for a quiet range, which is "no calls" too.
fn has_calls(payload: &StatsPayload) -> bool {
    if payload.is_empty() {
        return false;
    }
    if let Some(total) = payload.total("total_calls") {
        return !total.is_zero();
    }
    payload
        .series
        .values()
        .flatten()
        .any(|m| m.0.is_some_and(|v| !v.is_zero()))
}

/// The CPS chart as a payload of one series, so it draws like the others.
fn cps_payload(chart: &ChartOriginatedCps) -> StatsPayload {
    let mut series = BTreeMap::new();
    series.insert(
        "cps".to_owned(),
        chart.cps.iter().map(|p| Metric(Some(p.y))).collect(),
    );
    StatsPayload {
        t: chart.cps.iter().map(|p| p.x.timestamp()).collect(),
        series,
        rows: chart.cps.len() as u64,
        totals: None,
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct AccountChoice {
    id: String,
    name: String,
    currency: String,
}

pub fn statistics_page(page: StatsPage) -> impl IntoView {
    let api = expect_context::<Api>();
    let prefs = expect_context::<Prefs>();
    let location = use_location();
    let navigate = use_navigate();
    let endpoint = page.form_endpoint();
    let zone = Signal::derive(move || prefs.zone());

    let applied = Memo::new(move |_| StatsView::from_query(&location.search.get(), endpoint));
    let refresh = RwSignal::new(0u32);
    let request = Memo::new(move |_| {
        refresh.track();
        applied
            .get()
            .to_request(endpoint, Utc::now(), zone.get().rules())
    });

    let accounts_api = api.clone();
    let accounts: Remote<Vec<AccountChoice>> = Remote::new(
        || {
            Some(ListParams {
                page_size: Some(MAX_PAGE_SIZE),
                ..Default::default()
            })
        },
        move |params: ListParams, signal| {
            let api = accounts_api.clone();
            async move {
                let document: ListDocument<Account> =
                    api.get("accounts", &params.to_query(), signal).await?;
                Ok(document
                    .data
                    .into_iter()
                    .map(|a| AccountChoice {
                        id: a.id,
                        name: a.attributes.name,
                        currency: a.attributes.currency.unwrap_or_default(),
                    })
                    .collect())
            }
        },
    );
    // Without an account in the URL, the first account is shown.
    let pick_first = navigate.clone();
    // Only while this page is the one shown: leaving it empties the query too.
    let own_path = location.pathname.get_untracked();
    Effect::new(move |_| {
        if location.pathname.get() != own_path {
            return;
        }
        let first = accounts.with_data(|list| list.and_then(|l| l.first().map(|a| a.id.clone())));
        let view = applied.get();
        if let (Some(first), true) = (first, view.account_id.is_empty()) {
            let view = StatsView {
                account_id: first,
                ..view
            };
            let url = format!(
                "{}?{}",
                portal_path(&location.pathname.get_untracked()),
                view.to_query(endpoint)
            );
            pick_first(
                &url,
                NavigateOptions {
                    replace: true,
                    ..Default::default()
                },
            );
        }
    });

    let results_api = api.clone();
    let results: Remote<Arc<StatsPayload>> = Remote::new(
        // "Show" asks again even for an unchanged view (a range up to now has new calls).
        move || {
            let asked = refresh.get();
            request
                .get()
                .ok()
                .map(|q| (q.clone(), q.to_query(endpoint), asked))
        },
        move |(query, text, _asked), signal| {
            let api = results_api.clone();
            async move {
                match page {
                    StatsPage::Table(endpoint) => {
                        let payload: StatsPayload = api.get(endpoint.path(), &text, signal).await?;
                        Ok(Arc::new(payload))
                    }
                    StatsPage::OriginatedCps => {
                        let body = chart_request(
                            "chart-originated-cps",
                            &query.account_id,
                            query.from_time,
                            query.to_time,
                        );
                        let document: SingleDocument<ChartOriginatedCps> =
                            api.create("chart-originated-cps", &body, signal).await?;
                        Ok(Arc::new(cps_payload(&document.data.attributes)))
                    }
                }
            }
        },
    );

    let apply = Callback::new(move |view: StatsView| {
        let url = format!(
            "{}?{}",
            portal_path(&location.pathname.get_untracked()),
            view.to_query(endpoint)
        );
        navigate(&url, NavigateOptions::default());
        refresh.update(|n| *n += 1);
    });

    let currency = Memo::new(move |_| {
        let id = applied.get().account_id;
        accounts
            .with_data(|list| {
                list.and_then(|l| l.iter().find(|a| a.id == id).map(|a| a.currency.clone()))
            })
            .unwrap_or_default()
    });
    let url_errors = move || request.get().err().unwrap_or_default();
    // How large the asked series are, for the progress while they come.
    let expected_points = move || {
        let query = request.get_untracked().ok()?;
        let step = query.sampling?.seconds()?;
        let span = (query.to_time? - query.from_time?).num_seconds();
        let points = u64::try_from(span / step).ok().filter(|p| *p > 0)?;
        Some((texts().points_per_series)(&crate::format::count(points)))
    };

    let t = texts();
    let outcome = move || {
        // Without the account list there is nothing to choose from: say why, offer a retry.
        if let (Some(error), false) = (accounts.error(), accounts.has_data()) {
            let retry_both = move || {
                accounts.retry();
                results.retry();
            };
            return status::error_panel(error, retry_both).into_any();
        }
        if request.with(Result::is_err) {
            return view! { <p class="hint">{t.fix_the_form}</p> }.into_any();
        }
        if let (Some(error), false) = (results.error(), results.has_data()) {
            return status::error_panel(error, move || results.retry()).into_any();
        }
        // Totals in the account's currency: wait for the account list unless it failed.
        let (Some(payload), false) = (
            results.data(),
            !accounts.has_data() && accounts.error().is_none(),
        ) else {
            return status::working(t.loading_statistics, expected_points()).into_any();
        };
        if !has_calls(&payload) {
            return view! { <p class="empty">{t.no_calls_in_range}</p> }.into_any();
        }
        let currency = currency.get();
        // The requested range, when it has an end; the charts show that span.
        let span = request.with(|r| {
            let query = r.as_ref().ok()?;
            Some((
                query.from_time?.timestamp() as f64,
                query.to_time?.timestamp() as f64,
            ))
        });
        view! {
            <div class="stats-results" class:stale=move || results.is_loading()>
                {totals_view(&payload, &currency)}
                {charts_view(page, payload.clone(), &currency, zone, span)}
            </div>
        }
        .into_any()
    };
    let reload_error = move || {
        results
            .error()
            .filter(|_| results.has_data())
            .map(|error| status::error_panel(error, move || results.retry()))
    };

    view! {
        <section class="statistics-page">
            <h1>{page.title()}</h1>
            {stats_form(page, applied, accounts, apply, zone, Signal::derive(url_errors))}
            {reload_error}
            {outcome}
        </section>
    }
}

fn totals_view(payload: &StatsPayload, currency: &str) -> impl IntoView {
    let figures = payload.totals.as_ref().map(|totals| {
        totals
            .iter()
            .filter(|(key, _)| key.as_str() != "t")
            .map(|(key, value)| {
                let text = match value.0 {
                    Some(v) => format!("{} {}", format::decimal(&v), unit_for(key, currency)),
                    None => format::DASH.to_owned(),
                };
                view! {
                    <div class="figure" data-key=key.clone()>
                        <dt>{total_label(key)}</dt>
                        <dd>{text}</dd>
                    </div>
                }
            })
            .collect_view()
    });
    view! {
        <dl class="totals">{figures}</dl>
        <p class="samples">{(texts().samples)(&format::count(payload.t.len() as u64))}</p>
    }
}

fn charts_view(
    page: StatsPage,
    payload: Arc<StatsPayload>,
    currency: &str,
    zone: Signal<Zone>,
    span: Option<(f64, f64)>,
) -> impl IntoView {
    page.charts()
        .into_iter()
        .filter(|chart| {
            chart
                .series
                .iter()
                .any(|(key, _)| payload.series.contains_key(*key))
        })
        .map(|chart| {
            let spec = ChartSpec {
                id: format!("chart-{}", chart.id),
                title: chart.title.to_owned(),
                unit: unit_for(chart.unit_of, currency),
                series: chart
                    .series
                    .iter()
                    .map(|(k, l)| ((*k).to_owned(), (*l).to_owned()))
                    .collect(),
                payload: payload.clone(),
                span,
            };
            line_chart(spec, zone)
        })
        .collect_view()
}

/// A local wall-clock text for a `datetime-local` input, from a URL time.
fn to_input(url_value: &str, zone: Zone) -> String {
    parse_time(url_value)
        .map(|t| api_model::date_text::format("%Y-%m-%dT%H:%M:%S", &zone.rules().to_local(t)))
        .unwrap_or_default()
}

/// A URL time from a `datetime-local` input's local wall-clock text.
fn from_input(input: &str, zone: Zone) -> String {
    let text = input.trim();
    ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|f| api_model::date_text::parse(text, f))
        .map(|local| url_time(&zone.rules().to_utc(local)))
        .unwrap_or_else(|| text.to_owned())
}

fn narrowing_label(name: &str) -> &'static str {
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
        _ => t.parameter,
    }
}

fn stats_form(
    page: StatsPage,
    applied: Memo<StatsView>,
    accounts: Remote<Vec<AccountChoice>>,
    apply: Callback<StatsView>,
    zone: Signal<Zone>,
    url_errors: Signal<Vec<FieldError>>,
) -> impl IntoView {
    let endpoint = page.form_endpoint();
    let t = texts();
    let api = expect_context::<Api>();
    let draft = RwSignal::new(applied.get_untracked());
    Effect::new(move |_| draft.set(applied.get()));
    let form_errors = RwSignal::new(Vec::<FieldError>::new());
    let error_for = move |field: &'static str| {
        move || {
            let mut errors = form_errors.get();
            errors.extend(url_errors.get());
            errors
                .into_iter()
                .find(|e| e.field == field)
                .map(|e| view! { <span class="field-error" role="alert">{e.message}</span> })
        }
    };

    let countries: Remote<Vec<(String, String)>> = Remote::new(
        move || {
            page.takes_narrowing().then(|| ListParams {
                page_size: Some(MAX_PAGE_SIZE),
                ..Default::default()
            })
        },
        move |params: ListParams, signal| {
            let api = api.clone();
            async move {
                let document: ListDocument<Country> =
                    api.get("countries", &params.to_query(), signal).await?;
                Ok(document
                    .data
                    .into_iter()
                    .map(|c| (c.id, c.attributes.name))
                    .collect())
            }
        },
    );

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let view = draft.get_untracked();
        match view.to_request(endpoint, Utc::now(), zone.get_untracked().rules()) {
            Ok(_) => {
                form_errors.set(Vec::new());
                apply.run(view);
            }
            Err(errors) => form_errors.set(errors),
        }
    };

    let account_options = move || {
        let chosen = draft.with(|d| d.account_id.clone());
        accounts.with_data(|list| {
            list.map(|list| {
                list.iter()
                    .map(|a| {
                        let selected = a.id == chosen;
                        view! { <option value=a.id.clone() selected=selected>{a.name.clone()}</option> }
                    })
                    .collect_view()
            })
        })
    };
    let on_account =
        move |ev: leptos::ev::Event| draft.update(|d| d.account_id = event_target_value(&ev));

    let range_value = move || match draft.with(|d| d.range.clone()) {
        TimeRange::Preset(p) => p.as_str().to_owned(),
        TimeRange::Custom { .. } => "custom".to_owned(),
    };
    let on_range = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        draft.update(|d| {
            d.range = match Preset::parse(&value) {
                Some(preset) => TimeRange::Preset(preset),
                None => {
                    // Start a custom range from what the preset covered.
                    let (from, to) = d
                        .resolve_range(Utc::now(), zone.get_untracked().rules())
                        .map(|(f, t)| (url_time(&f), t.map(|t| url_time(&t)).unwrap_or_default()))
                        .unwrap_or_default();
                    TimeRange::Custom { from, to }
                }
            }
        });
    };
    let range_options = Preset::ALL
        .iter()
        .map(|p| {
            let value = p.as_str();
            view! { <option value=value selected=move || range_value() == value>{preset_label(*p)}</option> }
        })
        .collect_view();
    let custom_inputs = move || {
        let TimeRange::Custom { from, to } = draft.with(|d| d.range.clone()) else {
            return None;
        };
        let zone_now = zone.get();
        let set_from = move |ev: leptos::ev::Event| {
            let value = from_input(&event_target_value(&ev), zone_now);
            draft.update(|d| {
                if let TimeRange::Custom { from, .. } = &mut d.range {
                    *from = value;
                }
            });
        };
        let set_to = move |ev: leptos::ev::Event| {
            let value = from_input(&event_target_value(&ev), zone_now);
            draft.update(|d| {
                if let TimeRange::Custom { to, .. } = &mut d.range {
                    *to = value;
                }
            });
        };
        Some(view! {
            <label>
                {t.from}
                <input type="datetime-local" name="from-time" step="1" prop:value=to_input(&from, zone_now) on:change=set_from />
                {error_for("from-time")}
            </label>
            <label>
                {t.to}
                <input type="datetime-local" name="to-time" step="1" prop:value=to_input(&to, zone_now) on:change=set_to />
                {error_for("to-time")}
            </label>
        })
    };

    let sampling_field = (!endpoint.samplings().is_empty()).then(|| {
        let options = endpoint
            .samplings()
            .iter()
            .map(|s| {
                let s = *s;
                view! { <option value=s.as_str() selected=move || draft.with(|d| d.sampling == Some(s))>{sampling_label(s)}</option> }
            })
            .collect_view();
        let on_sampling = move |ev: leptos::ev::Event| {
            draft.update(|d| d.sampling = api_model::stats::Sampling::parse(&event_target_value(&ev)))
        };
        view! {
            <label>
                {t.sampling} <select name="sampling" on:change=on_sampling>{options}</select>
                {error_for("sampling")}
            </label>
        }
    });

    let narrowing = page.takes_narrowing().then(|| {
        let fields = STATS_FILTER_PARAMS
            .iter()
            .map(|name| {
                let name: &'static str = name;
                let value = move || draft.with(|d| d.filters.get(name).cloned().unwrap_or_default());
                let on_input = move |ev: leptos::ev::Event| {
                    let text = event_target_value(&ev);
                    draft.update(|d| {
                        if text.trim().is_empty() {
                            d.filters.remove(name);
                        } else {
                            d.filters.insert(name.to_owned(), text);
                        }
                    });
                };
                let input = if name.ends_with("country-id") {
                    let options = move || {
                        let chosen = value();
                        countries.with_data(|list| {
                            list.map(|list| {
                                list.iter()
                                    .map(|(id, label)| {
                                        let selected = *id == chosen;
                                        view! { <option value=id.clone() selected=selected>{label.clone()}</option> }
                                    })
                                    .collect_view()
                            })
                        })
                    };
                    view! {
                        <select name=name on:change=on_input>
                            <option value="">{t.any}</option>
                            {options}
                        </select>
                    }
                    .into_any()
                } else {
                    view! { <input name=name prop:value=value on:input=on_input /> }.into_any()
                };
                view! {
                    <label>
                        {narrowing_label(name)} {input} {error_for(name)}
                    </label>
                }
            })
            .collect_view();
        let active = move || draft.with(|d| d.filters.len());
        view! {
            <details class="more-filters" open=move || applied.with(|a| !a.filters.is_empty())>
                <summary>{move || match active() {
                    0 => t.more_filters.to_owned(),
                    n => (t.more_filters_set)(&n.to_string()),
                }}</summary>
                <div class="narrowing-fields">{fields}</div>
            </details>
        }
    });

    view! {
        <form class="stats-form" on:submit=submit novalidate=true>
            <div class="stats-fields">
                <label>
                    {t.account}
                    <select name="account-id" on:change=on_account>
                        <option value="" disabled=true>{t.choose_an_account}</option>
                        {account_options}
                    </select>
                    {error_for("account-id")}
                </label>
                <label>{t.time_range} <select name="range" on:change=on_range>{range_options}<option value="custom" selected=move || range_value() == "custom">{t.custom_range}</option></select></label>
                {custom_inputs}
                {sampling_field}
                <button type="submit" class="apply">{t.show}</button>
            </div>
            {narrowing}
        </form>
    }
}
