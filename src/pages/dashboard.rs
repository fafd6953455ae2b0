//! `/`: the overview of one account: balance and limits, active calls now, today's calls, ASR,
//! ACD and spend — originated and terminated side by side when the profile shows both sides,
//! each figure only if the profile shows it (`TODAYS_FIGURES` through `StatsAccess`) — and the
//! last hour of originated CPS (a series of the calls, shown with them). Refreshed every 30 s
//! while the tab is visible; the chosen account is in the URL (`/?account-id=…`). "Today" is
//! the day in the display zone at the time of each refresh; changing the zone shows times anew
//! without asking again. Nothing the profile governs is asked for before it is read.

use crate::access::Access;
use crate::components::balance::{balance_summary, named_above_minimum};
use crate::components::chart::{ChartSpec, Legend, label, line_chart};
use crate::components::credit_ahead::{credit_ahead_list, forecast_words};
use crate::components::link::Link;
use crate::components::status;
use crate::format;
use crate::http::Api;
use crate::i18n::tr;
use crate::i18n::{Phrase, texts};
use crate::prefs::Prefs;
use crate::read::{Read, use_read};
use crate::routing::{Charted, Page, record_href};
use api_model::catalog::Attributes;
use api_model::credit::{LAST_DAY_HOURS, LAST_WEEK_HOURS, Spend, credit_ahead, spend_query};
use api_model::document::{Resource, SingleDocument};
use api_model::errors::ApiError;
use api_model::number::Metric;
use api_model::profile::StatsAccess;
use api_model::resources::{Account, ChartOriginatedCps, chart_request};
use api_model::stats::{
    Direction, Sampling, StatsEndpoint, StatsKind, StatsMetric, StatsPayload, StatsQuery,
    TODAYS_FIGURES,
};
use chart_data::presets::{Preset, range};
use chrono::{Duration as TimeSpan, Utc};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_navigate, use_query_map};
use rust_decimal::Decimal;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// How often the overview refreshes while it is visible.
pub const REFRESH_EVERY: Duration = Duration::from_secs(30);

fn tab_is_visible() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_none_or(|d| d.visibility_state() == web_sys::VisibilityState::Visible)
}

/// Counts the refreshes: every [`REFRESH_EVERY`] while the tab is visible.
fn refresh_tick() -> RwSignal<u32> {
    let tick = RwSignal::new(0u32);
    let handle = set_interval_with_handle(
        move || {
            if tab_is_visible() {
                tick.update(|n| *n += 1);
            }
        },
        REFRESH_EVERY,
    )
    .ok();
    on_cleanup(move || {
        if let Some(handle) = handle {
            handle.clear();
        }
    });
    tick
}

/// The overview's numbers for one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Today {
    totals: Vec<(StatsMetric, Metric)>,
    active_now: Option<Decimal>,
    /// The account's credit ahead, when asked for with the figures (an account's page).
    credit: Option<Credit>,
}

/// What an account's credit ahead is worked out from (`api_model::credit`): its balance above
/// its minimum, and what it spent over the last 24 hours and 7 days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Credit {
    headroom: Decimal,
    spend: Spend,
}

type Accounts = crate::accounts::AccountList;

#[component]
pub fn Dashboard(ahead: Option<crate::http::ReadAhead>) -> impl IntoView {
    let api = expect_context::<Api>();
    let access = expect_context::<Access>();
    let query = use_query_map();
    let tick = refresh_tick();
    let accounts = crate::pages::account_choices::session_accounts(ahead);
    // The session's list, asked again with the rest of the overview (balances change).
    Effect::new(move |previous: Option<u32>| {
        let round = tick.get();
        if previous.is_some() {
            accounts.retry();
        }
        round
    });
    let chosen = Memo::new(move |_| {
        let wanted = query.with(|q| q.get("account-id"));
        accounts.with_data(|list| {
            let list = list?;
            list.iter()
                .find(|a| Some(&a.id) == wanted.as_ref())
                .or(list.first())
                .map(|a| a.id.clone())
        })
    });
    // Statistics the profile withholds are neither asked for nor shown.
    let side = |direction| Memo::new(move |_| access.stats(direction));
    let (originated, terminated) = (side(Direction::Origination), side(Direction::Termination));
    let shows = |side: Memo<Option<StatsAccess>>| {
        Memo::new(move |_| {
            side.get()
                .is_some_and(|a| !a.figures(&TODAYS_FIGURES).is_empty())
        })
    };
    let (shows_originated, shows_terminated) = (shows(originated), shows(terminated));
    let key = move |side: Memo<Option<StatsAccess>>, wanted: Memo<bool>| {
        move || {
            tick.track();
            Some((chosen.get()?, side.get()?)).filter(|_| wanted.get())
        }
    };
    let today = todays_figures(api.clone(), None, key(originated, shows_originated));
    let today_terminated = todays_figures(api.clone(), None, key(terminated, shows_terminated));
    let shows_cps =
        Memo::new(move |_| originated.get().is_some_and(|a| a.series(StatsMetric::Cps)));
    let cps = last_hour_of_cps(api.clone(), key(originated, shows_cps));
    let credit = named_spends(api, accounts, originated);
    let both = move || shows_originated.get() && shows_terminated.get();
    let known = move || originated.with(Option::is_some);
    view! {
        <section class="dashboard">
            <div class="list-heading">
                <h1>{tr(|t| t.overview_title)}</h1>
                {move || account_picker(accounts, chosen)}
            </div>
            {move || balance_warnings(accounts, credit)}
            <div class="dashboard-grid">
                {move || account_card(accounts, chosen)}
                <div
                    class="dashboard-today"
                    class:by-direction=both
                    hidden=move || known() && !shows_originated.get() && !shows_terminated.get()
                >
                    {move || profile_state(access)}
                    <section class="today-direction" data-direction="originated" hidden=move || !shows_originated.get()>
                        <h2 hidden=move || !both()>{tr(|t| t.overview_originated)}</h2>
                        {move || figures(today, originated.get(), accounts, chosen)}
                    </section>
                    <section class="today-direction" data-direction="terminated" hidden=move || !shows_terminated.get()>
                        <h2 hidden=move || !both()>{tr(|t| t.overview_terminated)}</h2>
                        {move || figures(today_terminated, terminated.get(), accounts, chosen)}
                    </section>
                </div>
            </div>
            <div hidden=move || !shows_cps.get()>{move || sparkline(cps)}</div>
        </section>
    }
}

/// Until the access profile is read, what today's figures wait for: the profile itself, or
/// its failure with a Retry.
fn profile_state(access: Access) -> Option<AnyView> {
    if let Some(error) = access.failure() {
        return Some(status::error_panel(error, move || access.retry()).into_any());
    }
    access
        .stats(Direction::Origination)
        .is_none()
        .then(|| status::loading(texts().loading_todays_figures).into_any())
}

/// One word on the balances of all the customer's accounts (see [`balance_summary`]), with
/// the credit ahead of those it names above their minimum.
fn balance_warnings(accounts: Accounts, credit: Read<Spends>) -> Option<impl IntoView> {
    let note = |account: &Resource<Account>| credit_note(credit, account);
    let summary = accounts.with_data(|list| balance_summary(list?, &note))?;
    let failed = credit
        .error()
        .map(|error| status::error_panel(error, move || credit.retry()));
    Some(view! { <div class="balance-warnings">{summary}{failed}</div> })
}

/// What each account the balance summary names above its minimum spent (`api_model::credit`).
type Spends = Vec<(String, Spend)>;

/// The spend of the accounts the balance summary names above their minimum: asked when they
/// are named, and not at all when the profile withholds the price of calls.
fn named_spends(
    api: Api,
    accounts: Accounts,
    originated: Memo<Option<StatsAccess>>,
) -> Read<Spends> {
    week_spends(api, move || {
        let priced = originated.get()?.figure(StatsMetric::TotalPrice);
        let named = accounts.with_data(|list| list.map(|l| named_above_minimum(l)))?;
        (priced && !named.is_empty()).then_some(named)
    })
}

/// What each account `key` names spent over the last 24 hours and 7 days, for its credit
/// ahead: one request an account (a week of its originated calls by the hour), all at once.
fn week_spends(api: Api, key: impl Fn() -> Option<Vec<String>> + 'static) -> Read<Spends> {
    use_read(key, move |named: Vec<String>, signal| {
        let api = api.clone();
        async move {
            let now = Utc::now();
            let spends = named.into_iter().map(|id| {
                let (api, signal) = (api.clone(), signal.clone());
                async move {
                    let spend = week_spend(&api, id.clone(), now, signal).await?;
                    Ok::<_, ApiError>((id, spend))
                }
            });
            futures_util::future::try_join_all(spends).await
        }
    })
}

/// What the account spent over the last 24 hours and 7 days before `now`: one request, a week
/// of its originated calls by the hour (`api_model::credit`).
async fn week_spend(
    api: &Api,
    account_id: String,
    now: chrono::DateTime<Utc>,
    signal: Option<web_sys::AbortSignal>,
) -> Result<Spend, ApiError> {
    let endpoint = StatsEndpoint::new(Direction::Origination, StatsKind::Traffic);
    let week = statistics(api, endpoint, spend_query(&account_id, now), signal).await?;
    Ok(Spend::of(&week, now))
}

/// An account's credit ahead, once its spend has come.
fn credit_note(credit: Read<Spends>, account: &Resource<Account>) -> Option<AnyView> {
    let a = &account.attributes;
    let headroom = a.balance - a.min_balance?;
    let spend = credit.with_data(|spends| {
        let (_, spend) = spends?.iter().find(|(id, _)| *id == account.id)?;
        Some(*spend)
    })?;
    let currency = a.currency.as_deref().unwrap_or_default();
    Some(credit_ahead_list(&a.name, headroom, spend, currency).into_any())
}

/// Today's totals and the calls active now on one side of the traffic, for the account `key`
/// names, as far as the side's [`StatsAccess`] shows them: what it withholds is not asked for,
/// and what it withholds of an answer is dropped. With the `headroom` of an account above its
/// minimum, its credit ahead too (the originated spend of the last week, when the side shows
/// prices): an account's page reads it with its figures and shows it among them, so that it
/// brings no read and no view of its own (some 7 KB of its first load).
pub fn todays_figures(
    api: Api,
    headroom: Option<Decimal>,
    key: impl Fn() -> Option<(String, StatsAccess)> + 'static,
) -> Read<Today> {
    let prefs = expect_context::<Prefs>();
    use_read(
        key,
        move |(account_id, access): (String, StatsAccess), signal| {
            let api = api.clone();
            // The day as the display zone has it now; a later change of zone waits for the
            // next refresh.
            let zone = prefs.zone_untracked();
            let direction = access.direction();
            let totals_shown = TODAYS_FIGURES
                .iter()
                .any(|m| *m != StatsMetric::ActiveCalls && access.figure(*m));
            let headroom = headroom.filter(|_| {
                direction == Direction::Origination && access.figure(StatsMetric::TotalPrice)
            });
            async move {
                let now = Utc::now();
                // Both asked at once: the figures show when the slower answer comes.
                let totals = async {
                    if !totals_shown {
                        return Ok(Vec::new());
                    }
                    let (from, _) = range(Preset::Today, now, zone.rules());
                    todays_totals(&api, &access, account_id.clone(), from, now, signal.clone())
                        .await
                };
                let active = async {
                    if !access.figure(StatsMetric::ActiveCalls) {
                        return Ok(None);
                    }
                    active_now(&api, direction, account_id.clone(), now, signal.clone()).await
                };
                let (totals, active_now) = futures_util::future::join(totals, active).await;
                let (totals, active_now) = (totals?, active_now?);
                // Asked after them, not with them: a third future joined in is more code on
                // the account's page than the one round trip is worth (docs/loading.md).
                let credit = match headroom {
                    Some(headroom) => Some(Credit {
                        headroom,
                        spend: week_spend(&api, account_id, now, signal).await?,
                    }),
                    None => None,
                };
                Ok(Today {
                    totals,
                    active_now,
                    credit,
                })
            }
        },
    )
}

/// A side's totals of the day from `from` to `now`, as its [`StatsAccess`] shows them.
async fn todays_totals(
    api: &Api,
    access: &StatsAccess,
    account_id: String,
    from: chrono::DateTime<Utc>,
    now: chrono::DateTime<Utc>,
    signal: Option<web_sys::AbortSignal>,
) -> Result<Vec<(StatsMetric, Metric)>, ApiError> {
    let day = StatsQuery {
        account_id,
        from_time: Some(from),
        to_time: Some(now),
        sampling: Some(Sampling::Day),
        filters: BTreeMap::new(),
    };
    let endpoint = StatsEndpoint::new(access.direction(), StatsKind::Traffic);
    let stats = statistics(api, endpoint, day, signal).await?;
    Ok(access.shown_figures(&stats, &TODAYS_FIGURES))
}

/// One request for statistics: the figures' and the credit ahead's share it (each its own
/// copy of the request's code weighed on an account's page).
async fn statistics(
    api: &Api,
    endpoint: StatsEndpoint,
    query: StatsQuery,
    signal: Option<web_sys::AbortSignal>,
) -> Result<StatsPayload, ApiError> {
    api.get(endpoint.path(), &query.to_query(endpoint), signal)
        .await
}

/// The calls in progress on a side of an account now: the last minute of the last ten that
/// has a value (the axis is filled up to now).
async fn active_now(
    api: &Api,
    direction: Direction,
    account_id: String,
    now: chrono::DateTime<Utc>,
    signal: Option<web_sys::AbortSignal>,
) -> Result<Option<Decimal>, api_model::errors::ApiError> {
    let recent = StatsQuery {
        account_id,
        from_time: Some(now - TimeSpan::minutes(10)),
        to_time: None,
        sampling: None,
        filters: BTreeMap::new(),
    };
    let endpoint = StatsEndpoint::new(direction, StatsKind::ActiveCalls);
    let active = statistics(api, endpoint, recent, signal).await?;
    Ok(active
        .series(StatsMetric::ActiveCalls.key())
        .and_then(|calls| calls.iter().rev().find_map(|m| m.0)))
}

/// The last hour of originated CPS, for the account `key` names, as its side's
/// [`StatsAccess`] shows it.
fn last_hour_of_cps(
    api: Api,
    key: impl Fn() -> Option<(String, StatsAccess)> + 'static,
) -> Read<Arc<StatsPayload>> {
    use_read(
        key,
        move |(account_id, access): (String, StatsAccess), signal| {
            let api = api.clone();
            async move {
                let now = Utc::now();
                let body = chart_request(
                    "chart-originated-cps",
                    &account_id,
                    Some(now - TimeSpan::hours(1)),
                    Some(now),
                );
                let document: SingleDocument<ChartOriginatedCps> =
                    api.create("chart-originated-cps", &body, signal).await?;
                let payload = crate::pages::statistics::cps_payload(&document.data.attributes);
                Ok(Arc::new(access.strip(payload)))
            }
        },
    )
}

fn account_picker(accounts: Accounts, chosen: Memo<Option<String>>) -> Option<impl IntoView> {
    let navigate = use_navigate();
    let chosen = chosen.get().unwrap_or_default();
    accounts.with_data(|list| {
        let options = list?
            .iter()
            .map(|a| {
                view! { <option value=a.id.clone() selected=a.id == chosen>{a.attributes.name.clone()}</option> }
            })
            .collect_view();
        let navigate = navigate.clone();
        let on_change = move |ev: leptos::ev::Event| {
            let id = event_target_value(&ev);
            navigate(
                &Page::Dashboard.href_with(&[("account-id", &id)]),
                NavigateOptions::default(),
            );
        };
        Some(view! {
            <label class="account-picker">
                {tr(|t| t.account)} " " <select name="account-id" on:change=on_change>{options}</select>
            </label>
        })
    })
}

/// The chosen account: balance, limits and links to its pages.
fn account_card(accounts: Accounts, chosen: Memo<Option<String>>) -> AnyView {
    let t = texts();
    if let (Some(error), false) = (accounts.error(), accounts.has_data()) {
        return status::error_panel(error, move || accounts.retry()).into_any();
    }
    let chosen = chosen.get();
    accounts.with_data(|list| match list.map(Vec::as_slice) {
        None => status::loading(t.loading_accounts).into_any(),
        Some([]) => view! { <p class="empty">{tr(|t| t.no_accounts)}</p> }.into_any(),
        Some(list) => match list.iter().find(|a| Some(&a.id) == chosen.as_ref()) {
            None => status::loading(t.loading_the_account).into_any(),
            Some(account) => card(account).into_any(),
        },
    })
}

fn card(account: &Resource<Account>) -> impl IntoView + use<> {
    let a = account.attributes.clone();
    let currency = a.currency.clone().unwrap_or_default();
    let money = move |value: Option<&Decimal>| format::money(value, &currency);
    let limits = [
        ("min-balance", money(a.min_balance.as_ref())),
        ("max-balance", money(a.max_balance.as_ref())),
        (
            "origination-capacity",
            format::integer(a.origination_capacity),
        ),
        ("total-capacity", format::integer(a.total_capacity)),
    ]
    .into_iter()
    .map(|(key, value)| {
        view! {
            <dt>{move || crate::resources::field_label(key)}</dt>
            <dd>{value}</dd>
        }
    })
    .collect_view();
    let href = record_href(Account::COLLECTION, &account.id).unwrap_or_default();
    let access = expect_context::<Access>();
    // Links to the account's pages the profile allows.
    let links = [
        (
            Page::Statistics(Charted::Origination),
            texts().statistics_link,
        ),
        (
            Page::Statistics(Charted::OriginatedCps),
            texts().nav_cps_chart,
        ),
        (Page::LiveCalls, texts().live_calls_link),
    ]
    .into_iter()
    .map(|(page, words)| {
        let href = page.href_with(&[("account-id", &account.id)]);
        let shown = move || access.allows(page) == Some(true);
        view! { <li hidden=move || !shown()><Link href=href>{words}</Link></li> }
    })
    .collect_view();
    crate::perf::mark_when_shown("portal:overview-shown");
    view! {
        <article class="account-card">
            <h2>
                <Link href=href>{a.name.clone()}</Link>
            </h2>
            <p class="balance" class:negative=a.balance.is_sign_negative()>
                {money(Some(&a.balance))}
            </p>
            <dl class="limits">{limits}</dl>
            // A list, spaced by its gap: a separator would be left at a line's end on a phone.
            <ul class="related-links">{links}</ul>
        </article>
    }
}

/// Today's figures of one side; the price in the chosen account's currency.
fn figures(
    today: Read<Today>,
    access: Option<StatsAccess>,
    accounts: Accounts,
    chosen: Memo<Option<String>>,
) -> Option<AnyView> {
    let chosen = chosen.get();
    let currency = accounts
        .with_data(|list| {
            list.and_then(|l| {
                l.iter()
                    .find(|a| Some(&a.id) == chosen.as_ref())
                    .and_then(|a| a.attributes.currency.clone())
            })
        })
        .unwrap_or_default();
    Some(todays_list(today, &access?, &currency))
}

/// Today's figures of one account on one side that its [`StatsAccess`] shows, the price in
/// `currency`: what the customer spent on originated calls, or earned on terminated ones; then
/// its credit ahead, when read with them. Their words follow the language (the caller's
/// closure draws them again).
pub fn todays_list(today: Read<Today>, access: &StatsAccess, currency: &str) -> AnyView {
    let t = texts();
    if let (Some(error), false) = (today.error(), today.has_data()) {
        return status::error_panel(error, move || today.retry()).into_any();
    }
    let Some(today) = today.data() else {
        return status::loading(t.loading_todays_figures).into_any();
    };
    let total = |metric: StatsMetric| {
        let (_, value) = today.totals.iter().find(|(shown, _)| *shown == metric)?;
        value.0
    };
    let show = |value: Option<Decimal>, unit: &str| match value {
        Some(v) if unit.is_empty() => format::decimal(&v),
        Some(v) => format!("{} {unit}", format::decimal(&v)),
        None => format::DASH.to_owned(),
    };
    let mut items: Vec<_> = access
        .figures(&TODAYS_FIGURES)
        .into_iter()
        .map(|metric| {
            let (key, label, value) = match metric {
                StatsMetric::ActiveCalls => {
                    ("active-now", t.active_calls_now, show(today.active_now, ""))
                }
                StatsMetric::Asr => (metric.key(), t.asr_today, show(total(metric), "%")),
                StatsMetric::Acd => (
                    metric.key(),
                    t.acd_today,
                    show(total(metric), t.unit_seconds.get()),
                ),
                StatsMetric::TotalPrice => (
                    metric.key(),
                    match access.direction() {
                        Direction::Origination => t.spend_today,
                        Direction::Termination => t.earned_today,
                    },
                    show(total(metric), currency),
                ),
                _ => (metric.key(), t.calls_today, show(total(metric), "")),
            };
            (key, label.get().to_owned(), value)
        })
        .collect();
    if let Some(credit) = today.credit {
        items.extend(credit_figures(credit, currency));
    }
    let items = items
        .into_iter()
        .map(|(key, label, value)| {
            view! {
                <div class="figure" data-key=key>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                </div>
            }
        })
        .collect_view();
    view! { <dl class="totals">{items}</dl> }.into_any()
}

/// An account's credit ahead as two figures: at the spend of the last 24 hours and at that of
/// the last 7 days, each with its spend in `currency`.
fn credit_figures(credit: Credit, currency: &str) -> [(&'static str, String, String); 2] {
    let t = texts();
    let Credit { headroom, spend } = credit;
    let figure = |key, at: fn(&str) -> Phrase, spent: Decimal, hours| {
        let label = at(&format::money(Some(&spent), currency)).get();
        (
            key,
            label,
            forecast_words(credit_ahead(headroom, spent, hours)),
        )
    };
    [
        figure(
            "credit-day",
            t.credit_at_day_spend,
            spend.last_day,
            LAST_DAY_HOURS,
        ),
        figure(
            "credit-week",
            t.credit_at_week_spend,
            spend.last_week,
            LAST_WEEK_HOURS,
        ),
    ]
}

fn sparkline(cps: Read<Arc<StatsPayload>>) -> AnyView {
    let t = texts();
    let prefs = expect_context::<Prefs>();
    if let (Some(error), false) = (cps.error(), cps.has_data()) {
        return status::error_panel(error, move || cps.retry()).into_any();
    }
    match cps.data() {
        None => status::loading(t.loading_cps_chart).into_any(),
        Some(payload) if payload.is_empty() => {
            view! { <p class="empty">{tr(|t| t.no_calls_last_hour)}</p> }.into_any()
        }
        Some(payload) => line_chart(
            ChartSpec {
                id: "dashboard-cps".into(),
                title: label(move || texts().cps_last_hour.to_string()),
                unit: label(move || texts().unit_calls_per_second.to_string()),
                series: vec![("cps".into(), label(move || texts().cps.to_string()))],
                payload,
                span: None,
                legend: Legend::own(),
            },
            Signal::derive(move || prefs.zone()),
        )
        .into_any(),
    }
}
