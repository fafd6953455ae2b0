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

use crate::access::Access;
pub use crate::accounts::AccountList;
use crate::components::chart::{ChartSpec, Legend, label, line_chart};
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
use api_model::profile::StatsAccess;
use api_model::resources::{ChartOriginatedCps, chart_request};
use api_model::stats::{StatsMetric, StatsPayload, StatsQuery};
use chrono::{DateTime, Utc};
use form::FormSource;
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use plans::{series_label, total_label, unit_for};
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

/// A statistics answer with only what the customer may see (`StatsAccess::strip`), and
/// whether the whole answer had calls (told before the stripping: a range with calls whose
/// every series is withheld still has calls).
struct Results {
    payload: Arc<StatsPayload>,
    has_calls: bool,
}

impl Results {
    fn of(payload: StatsPayload, access: &StatsAccess) -> Arc<Results> {
        Arc::new(Results {
            has_calls: has_calls(&payload),
            payload: Arc::new(access.strip(payload)),
        })
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

/// The statistics (or the CPS chart) of a valid view, as the customer may see them.
fn results(
    page: StatsPage,
    api: Api,
    access: StatsAccess,
    request: Memo<Result<StatsQuery, Vec<FieldError>>>,
    asked: RwSignal<Asked>,
) -> Read<Arc<Results>> {
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
                let payload = match page {
                    StatsPage::Table(endpoint) => api.get(endpoint.path(), &text, signal).await?,
                    StatsPage::OriginatedCps => {
                        let body = chart_request(
                            "chart-originated-cps",
                            &query.account_id,
                            query.from_time,
                            query.to_time,
                        );
                        let document: SingleDocument<ChartOriginatedCps> =
                            api.create("chart-originated-cps", &body, signal).await?;
                        cps_payload(&document.data.attributes)
                    }
                };
                Ok(Results::of(payload, &access))
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
    let access = expect_context::<Access>();
    // The page is drawn once its profile is read (`routes::drawn`).
    match untrack(|| access.stats(page.direction())) {
        Some(access) if page.shows_anything(&access) => shown_page(page, access, ahead).into_any(),
        Some(_) => nothing_shown(page).into_any(),
        None => status::loading(texts().loading_page).into_any(),
    }
}

/// A page whose every metric the profile withholds: it says so, and asks nothing.
fn nothing_shown(page: StatsPage) -> impl IntoView {
    view! {
        <section class="statistics-page">
            <h1>{move || page.title()}</h1>
            <p class="empty nothing-shown">{tr(|t| t.statistics_nothing_shown)}</p>
        </section>
    }
}

fn shown_page(
    page: StatsPage,
    access: StatsAccess,
    ahead: Option<crate::http::ReadAhead>,
) -> impl IntoView {
    let api = expect_context::<Api>();
    let prefs = expect_context::<Prefs>();
    let location = use_location();
    let navigate = use_navigate();
    let endpoint = page.form_endpoint();
    let zone = Signal::derive(move || prefs.zone());

    let query = crate::history::own_query(portal_path(&location.pathname.get_untracked()));
    let applied = Memo::new(move |_| {
        query.with(|query| StatsView::from_query(query, endpoint).within(&access))
    });
    let asked = RwSignal::new(Asked::now(prefs.zone_untracked(), 0));
    let request = Memo::new(move |_| {
        let asked = asked.get();
        applied
            .get()
            .to_request(endpoint, asked.at, asked.zone.rules())
    });
    let accounts = session_accounts(ahead);
    pick_first_account(accounts, applied, endpoint);
    let results = results(page, api, access, request, asked);

    let apply = Callback::new(move |view: StatsView| {
        // The form holds no series: the legends' choice stays.
        let view = StatsView {
            series: applied.with_untracked(|a| a.series.clone()),
            ..view
        };
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
    let drawn = Drawn {
        page,
        access,
        legend: url_legend(page, access, applied),
        zone,
    };
    let source = FormSource {
        page,
        applied,
        accounts,
        narrowing: page.narrowing_params(&access),
        zone,
    };
    view! {
        <section class="statistics-page">
            <h1>{move || page.title()}</h1>
            {form::stats_form(source, apply, url_errors)}
            {move || reload_error(results)}
            {crate::read::previous_note(results)}
            {move || outcome_view(drawn, outcome.get(), accounts, request, results)}
        </section>
    }
}

/// The page's legends, kept in its URL (`series=`): the series they turn off, and a toggle
/// that writes their choice back in place of the current entry of the history.
fn url_legend(page: StatsPage, access: StatsAccess, applied: Memo<StatsView>) -> Legend {
    let location = use_location();
    let navigate = use_navigate();
    let endpoint = page.form_endpoint();
    let picked =
        Memo::new(move |_| applied.with(|view| page.picked(&access, view.series.as_deref())));
    let drawable = page.picked(&access, None);
    let hidden = {
        let drawable = drawable.clone();
        Signal::derive(move || {
            picked.with(|picked| {
                // `extend`, not `collect`: a B-tree's `FromIterator` sorts first, and its sort
                // is ~2 KB (brotli) of the page's first load.
                let mut hidden = std::collections::BTreeSet::new();
                hidden.extend(
                    drawable
                        .iter()
                        .filter(|metric| !picked.contains(metric))
                        .map(|metric| metric.key().to_owned()),
                );
                hidden
            })
        })
    };
    let toggle = Callback::new(move |(key, shown): (String, bool)| {
        let picked = picked.get_untracked();
        let next: Vec<String> = drawable
            .iter()
            .filter(|metric| match metric.key() == key {
                true => shown,
                false => picked.contains(metric),
            })
            .map(|metric| metric.key().to_owned())
            .collect();
        let view = StatsView {
            series: (next.len() != drawable.len()).then_some(next),
            ..applied.get_untracked()
        };
        let url = format!(
            "{}?{}",
            portal_path(&location.pathname.get_untracked()),
            view.to_query(endpoint)
        );
        let replace = NavigateOptions {
            replace: true,
            ..Default::default()
        };
        navigate(&url, replace);
    });
    Legend { hidden, toggle }
}

/// What the page shows below its form, from the accounts, the form and the answer.
fn outcome(
    accounts: AccountList,
    request: Memo<Result<StatsQuery, Vec<FieldError>>>,
    results: Read<Arc<Results>>,
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
        let (Some(results), false) = (
            results.data(),
            !accounts.has_data() && accounts.error().is_none(),
        ) else {
            return Outcome::Loading;
        };
        if !results.has_calls {
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
            answer: Answer(results.payload.clone()),
            currency: currency.get(),
            span,
        }
    })
}

/// A failed reload keeps the results shown and says so above them.
fn reload_error(results: Read<Arc<Results>>) -> Option<impl IntoView> {
    results
        .error()
        .filter(|_| results.has_data())
        .map(|error| status::error_panel(error, move || results.retry()))
}

/// What draws the results: the page, what the customer may see of it, its legends, the zone.
#[derive(Clone, Copy)]
struct Drawn {
    page: StatsPage,
    access: StatsAccess,
    legend: Legend,
    zone: Signal<Zone>,
}

/// The outcome drawn; drawn again only when it changes (the charts keep their zoom through a
/// new language, theme or zone).
fn outcome_view(
    drawn: Drawn,
    outcome: Outcome,
    accounts: AccountList,
    request: Memo<Result<StatsQuery, Vec<FieldError>>>,
    results: Read<Arc<Results>>,
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
            <div class="stats-results" class:stale=move || results.is_loading()
                class:previous-answer=move || results.shows_previous()>
                {totals_view(&drawn.page.figures(&drawn.access), &answer.0, &currency)}
                {charts_view(drawn, answer.0.clone(), &currency, span)}
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
            let path = portal_path(&own_path);
            let url = format!("{path}?{}", view.to_query(endpoint));
            crate::history::correct_address(path, url);
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

/// The totals the customer may see (`figures`), those the answer has, in their order.
fn totals_view(
    figures: &[StatsMetric],
    payload: &StatsPayload,
    currency: &str,
) -> impl IntoView + use<> {
    let figures = payload.totals.as_ref().map(|totals| {
        figures
            .iter()
            .filter_map(|metric| Some((*metric, totals.get(metric.key())?.0)))
            .map(|(metric, value)| {
                let currency = currency.to_owned();
                let text = move || match value {
                    Some(v) => format!(
                        "{} {}",
                        format::decimal(&v),
                        unit_for(metric.unit(), &currency)
                    )
                    .trim_end()
                    .to_owned(),
                    None => format::DASH.to_owned(),
                };
                view! {
                    <div class="figure" data-key=metric.key()>
                        <dt>{move || total_label(metric)}</dt>
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

/// The charts the customer may see, each with the series it may draw, those the answer has.
fn charts_view(
    drawn: Drawn,
    payload: Arc<StatsPayload>,
    currency: &str,
    span: Option<(f64, f64)>,
) -> impl IntoView + use<> {
    drawn
        .page
        .charts(&drawn.access)
        .into_iter()
        .filter(|plan| {
            plan.series
                .iter()
                .any(|metric| payload.series.contains_key(metric.key()))
        })
        .map(|plan| {
            let (title, unit, currency) = (plan.title, plan.chart.unit(), currency.to_owned());
            let chart = plan.chart;
            let spec = ChartSpec {
                id: format!("chart-{}", chart.id),
                title: label(move || title(texts()).to_string()),
                unit: label(move || unit_for(unit, &currency)),
                series: plan
                    .series
                    .iter()
                    .map(|&metric| {
                        let words = label(move || series_label(&chart, metric).to_string());
                        (metric.key().to_owned(), words)
                    })
                    .collect(),
                payload: payload.clone(),
                span,
                legend: drawn.legend,
            };
            line_chart(spec, drawn.zone)
        })
        .collect_view()
}
