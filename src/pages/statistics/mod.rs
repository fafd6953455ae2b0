//! The statistics views: origination, quality, active calls, and the originated-CPS chart.
//!
//! The page URL carries the query (see `stats_view`); the form edits a draft and applies it to
//! the URL; the URL drives the request. A range such as "today" is resolved when the view is
//! asked for (the page opens, or "Show"), with the time and zone of that moment: nothing else
//! (a new display zone, language or theme) asks the server again. Results show as totals and
//! one chart per unit.

mod form;
mod plans;

pub use plans::StatsPage;

pub use crate::accounts::AccountList;
use crate::components::chart::{ChartSpec, label, line_chart};
use crate::components::status;
use crate::format::{self, Zone};
use crate::http::Api;
use crate::i18n::texts;
use crate::i18n::tr;
pub use crate::pages::account_choices::{AccountOptions, currency_of, session_accounts};
use crate::prefs::Prefs;
use crate::read::{Read, use_read};
use crate::routing::portal_path;
use crate::stats_view::{FieldError, StatsView};
use api_model::document::SingleDocument;
use api_model::errors::ApiError;
use api_model::number::Metric;
use api_model::resources::{ChartOriginatedCps, chart_request};
use api_model::stats::{StatsPayload, StatsQuery};
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use plans::{total_label, unit_for};
use std::collections::BTreeMap;
use std::sync::Arc;

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
pub fn cps_payload(chart: &ChartOriginatedCps) -> StatsPayload {
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

/// When, and in which zone, the view was asked for: the moment its relative range is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Asked {
    at: DateTime<Utc>,
    zone: Zone,
    /// Counts the times "Show" was pressed: it asks again even for an unchanged view (a range
    /// up to now has new calls).
    generation: u32,
}

impl Asked {
    fn now(zone: Zone, generation: u32) -> Asked {
        Asked {
            at: Utc::now(),
            zone,
            generation,
        }
    }
}

/// A statistics answer, shared by the charts that draw it; the same answer is equal to itself
/// only, so comparing two does not walk their series.
#[derive(Clone)]
struct Answer(Arc<StatsPayload>);

impl PartialEq for Answer {
    fn eq(&self, other: &Answer) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// What the page shows below its form.
#[derive(Clone, PartialEq)]
enum Outcome {
    /// Without the account list there is nothing to choose from.
    AccountsFailed(ApiError),
    FixTheForm,
    Failed(ApiError),
    Loading,
    NoCalls,
    Shown {
        answer: Answer,
        currency: String,
        /// The requested range, when it has an end; the charts show that span.
        span: Option<(f64, f64)>,
    },
}

/// The statistics (or the CPS chart) of a valid view.
fn results(
    page: StatsPage,
    api: Api,
    request: Memo<Result<StatsQuery, Vec<FieldError>>>,
    asked: RwSignal<Asked>,
) -> Read<Arc<StatsPayload>> {
    let endpoint = page.form_endpoint();
    use_read(
        move || {
            let generation = asked.with(|a| a.generation);
            request
                .get()
                .ok()
                .map(|q| (q.to_query(endpoint), q, generation))
        },
        move |(text, query, _generation), signal| {
            let api = api.clone();
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
    )
}

pub fn statistics_page(
    charted: crate::routing::Charted,
    ahead: Option<crate::http::ReadAhead>,
) -> impl IntoView {
    let page = charted
        .endpoint()
        .map_or(StatsPage::OriginatedCps, StatsPage::Table);
    let api = expect_context::<Api>();
    let prefs = expect_context::<Prefs>();
    let location = use_location();
    let navigate = use_navigate();
    let endpoint = page.form_endpoint();
    let zone = Signal::derive(move || prefs.zone());

    let applied = Memo::new(move |_| StatsView::from_query(&location.search.get(), endpoint));
    let asked = RwSignal::new(Asked::now(prefs.zone_untracked(), 0));
    let request = Memo::new(move |_| {
        let asked = asked.get();
        applied
            .get()
            .to_request(endpoint, asked.at, asked.zone.rules())
    });
    let accounts = session_accounts(ahead);
    pick_first_account(accounts, applied, endpoint);
    let results = results(page, api, request, asked);

    let apply = Callback::new(move |view: StatsView| {
        let url = format!(
            "{}?{}",
            portal_path(&location.pathname.get_untracked()),
            view.to_query(endpoint)
        );
        navigate(&url, NavigateOptions::default());
        let generation = asked.with_untracked(|a| a.generation) + 1;
        asked.set(Asked::now(prefs.zone_untracked(), generation));
    });
    let currency = Memo::new(move |_| currency_of(accounts, &applied.get().account_id));
    let outcome = outcome(accounts, request, results, currency);
    let url_errors = Signal::derive(move || request.get().err().unwrap_or_default());
    view! {
        <section class="statistics-page">
            <h1>{move || page.title()}</h1>
            {form::stats_form(page, applied, accounts, apply, zone, url_errors)}
            {move || reload_error(results)}
            {move || outcome_view(page, outcome.get(), accounts, request, results, zone)}
        </section>
    }
}

/// What the page shows below its form, from the accounts, the form and the answer.
fn outcome(
    accounts: AccountList,
    request: Memo<Result<StatsQuery, Vec<FieldError>>>,
    results: Read<Arc<StatsPayload>>,
    currency: Memo<String>,
) -> Memo<Outcome> {
    Memo::new(move |_| {
        if let (Some(error), false) = (accounts.error(), accounts.has_data()) {
            return Outcome::AccountsFailed(error);
        }
        if request.with(Result::is_err) {
            return Outcome::FixTheForm;
        }
        if let (Some(error), false) = (results.error(), results.has_data()) {
            return Outcome::Failed(error);
        }
        // Totals in the account's currency: wait for the account list unless it failed.
        let (Some(payload), false) = (
            results.data(),
            !accounts.has_data() && accounts.error().is_none(),
        ) else {
            return Outcome::Loading;
        };
        if !has_calls(&payload) {
            return Outcome::NoCalls;
        }
        let span = request.with(|r| {
            let query = r.as_ref().ok()?;
            Some((
                query.from_time?.timestamp() as f64,
                query.to_time?.timestamp() as f64,
            ))
        });
        Outcome::Shown {
            answer: Answer(payload),
            currency: currency.get(),
            span,
        }
    })
}

/// A failed reload keeps the results shown and says so above them.
fn reload_error(results: Read<Arc<StatsPayload>>) -> Option<impl IntoView> {
    results
        .error()
        .filter(|_| results.has_data())
        .map(|error| status::error_panel(error, move || results.retry()))
}

/// The outcome drawn; drawn again only when it changes (the charts keep their zoom through a
/// new language, theme or zone).
fn outcome_view(
    page: StatsPage,
    outcome: Outcome,
    accounts: AccountList,
    request: Memo<Result<StatsQuery, Vec<FieldError>>>,
    results: Read<Arc<StatsPayload>>,
    zone: Signal<Zone>,
) -> AnyView {
    match outcome {
        Outcome::AccountsFailed(error) => {
            let retry_both = move || {
                accounts.retry();
                results.retry();
            };
            status::error_panel(error, retry_both).into_any()
        }
        Outcome::FixTheForm => view! { <p class="hint">{tr(|t| t.fix_the_form)}</p> }.into_any(),
        Outcome::Failed(error) => status::error_panel(error, move || results.retry()).into_any(),
        Outcome::Loading => {
            status::working(texts().loading_statistics, move || expected_points(request)).into_any()
        }
        Outcome::NoCalls => view! { <p class="empty">{tr(|t| t.no_calls_in_range)}</p> }.into_any(),
        Outcome::Shown {
            answer,
            currency,
            span,
        } => view! {
            <div class="stats-results" class:stale=move || results.is_loading()>
                {totals_view(&answer.0, &currency)}
                {charts_view(page, answer.0.clone(), &currency, zone, span)}
            </div>
        }
        .into_any(),
    }
}

/// Without an account in the URL, the first account is shown.
fn pick_first_account(
    accounts: AccountList,
    applied: Memo<StatsView>,
    endpoint: api_model::stats::StatsEndpoint,
) {
    let location = use_location();
    let navigate = use_navigate();
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
            navigate(
                &url,
                NavigateOptions {
                    replace: true,
                    ..Default::default()
                },
            );
        }
    });
}

/// How large the asked series are, for the progress while they come.
fn expected_points(request: Memo<Result<StatsQuery, Vec<FieldError>>>) -> Option<String> {
    let query = request.get_untracked().ok()?;
    let step = query.sampling?.seconds()?;
    let span = (query.to_time? - query.from_time?).num_seconds();
    let points = u64::try_from(span / step).ok().filter(|p| *p > 0)?;
    Some((texts().points_per_series)(&format::count(points)).get())
}

fn totals_view(payload: &StatsPayload, currency: &str) -> impl IntoView + use<> {
    let figures = payload.totals.as_ref().map(|totals| {
        totals
            .iter()
            .filter(|(key, _)| key.as_str() != "t")
            .map(|(key, value)| {
                let (key, value, currency) = (key.clone(), value.0, currency.to_owned());
                let (label_key, data_key) = (key.clone(), key.clone());
                let text = move || match value {
                    Some(v) => format!("{} {}", format::decimal(&v), unit_for(&key, &currency))
                        .trim_end()
                        .to_owned(),
                    None => format::DASH.to_owned(),
                };
                view! {
                    <div class="figure" data-key=data_key>
                        <dt>{move || total_label(&label_key)}</dt>
                        <dd>{text}</dd>
                    </div>
                }
            })
            .collect_view()
    });
    let samples = payload.t.len() as u64;
    view! {
        <dl class="totals">{figures}</dl>
        <p class="samples">{move || (texts().samples)(&format::count(samples))}</p>
    }
}

fn charts_view(
    page: StatsPage,
    payload: Arc<StatsPayload>,
    currency: &str,
    zone: Signal<Zone>,
    span: Option<(f64, f64)>,
) -> impl IntoView + use<> {
    page.charts()
        .into_iter()
        .filter(|chart| {
            chart
                .series
                .iter()
                .any(|(key, _)| payload.series.contains_key(*key))
        })
        .map(|chart| {
            let (title, unit_of, currency) = (chart.title, chart.unit_of, currency.to_owned());
            let spec = ChartSpec {
                id: format!("chart-{}", chart.id),
                title: label(move || title(texts()).to_string()),
                unit: label(move || unit_for(unit_of, &currency)),
                series: chart
                    .series
                    .iter()
                    .map(|&(key, words)| {
                        (key.to_owned(), label(move || words(texts()).to_string()))
                    })
                    .collect(),
                payload: payload.clone(),
                span,
            };
            line_chart(spec, zone)
        })
        .collect_view()
}
