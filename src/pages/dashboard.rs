//! `/`: the overview of one account: balance and limits, active calls now, today's calls, ASR,
//! ACD and spend, and the last hour of originated CPS. Refreshed every 30 s while the tab is
//! visible; the chosen account is in the URL (`/?account-id=…`).

use crate::components::chart::{ChartSpec, line_chart};
use crate::components::link::Link;
use crate::components::status;
use crate::format;
use crate::http::Api;
use crate::prefs::Prefs;
use crate::remote::Remote;
use api_model::document::{ListDocument, Resource, SingleDocument};
use api_model::list::{ListParams, MAX_PAGE_SIZE};
use api_model::number::Metric;
use api_model::query::encode_component;
use api_model::resources::{Account, ChartOriginatedCps, chart_request};
use api_model::stats::{Sampling, StatsEndpoint, StatsPayload, StatsQuery};
use chart_data::presets::{Preset, range};
use chrono::{Duration as TimeSpan, Utc};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_navigate, use_query_map};
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

/// The overview's numbers for one account.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Today {
    totals: BTreeMap<String, Metric>,
    active_now: Option<rust_decimal::Decimal>,
}

#[component]
pub fn Dashboard() -> impl IntoView {
    let t = crate::i18n::texts();
    let api = expect_context::<Api>();
    let prefs = expect_context::<Prefs>();
    let query = use_query_map();
    let navigate = use_navigate();
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

    let accounts_api = api.clone();
    let accounts: Remote<Vec<Resource<Account>>> = Remote::new(
        move || {
            tick.track();
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
                Ok(document.data)
            }
        },
    );
    let chosen_id = Memo::new(move |_| {
        let wanted = query.with(|q| q.get("account-id"));
        accounts.with_data(|list| {
            let list = list?;
            list.iter()
                .find(|a| Some(&a.id) == wanted.as_ref())
                .or(list.first())
                .map(|a| a.id.clone())
        })
    });

    let today_api = api.clone();
    let today: Remote<Today> = Remote::new(
        move || {
            tick.track();
            Some((chosen_id.get()?, prefs.zone()))
        },
        move |(account_id, zone), signal| {
            let api = today_api.clone();
            async move {
                let now = Utc::now();
                let (from, _) = range(Preset::Today, now, zone.rules());
                let day = StatsQuery {
                    account_id: account_id.clone(),
                    from_time: Some(from),
                    to_time: Some(now),
                    sampling: Some(Sampling::Day),
                    filters: BTreeMap::new(),
                };
                let endpoint = StatsEndpoint::Origination;
                let stats: StatsPayload = api
                    .get(endpoint.path(), &day.to_query(endpoint), signal.clone())
                    .await?;
                let recent = StatsQuery {
                    account_id,
                    from_time: Some(now - TimeSpan::minutes(10)),
                    to_time: None,
                    sampling: None,
                    filters: BTreeMap::new(),
                };
                let endpoint = StatsEndpoint::ActiveCalls;
                let active: StatsPayload = api
                    .get(endpoint.path(), &recent.to_query(endpoint), signal)
                    .await?;
                // The axis is filled up to now: the last sample that has a value is "now".
                let active_now = active
                    .series("calls")
                    .and_then(|calls| calls.iter().rev().find_map(|m| m.0));
                Ok(Today {
                    totals: stats.totals.unwrap_or_default(),
                    active_now,
                })
            }
        },
    );

    let cps_api = api.clone();
    let cps: Remote<Arc<StatsPayload>> = Remote::new(
        move || {
            tick.track();
            chosen_id.get()
        },
        move |account_id: String, signal| {
            let api = cps_api.clone();
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
                let points = &document.data.attributes.cps;
                let mut series = BTreeMap::new();
                series.insert(
                    "cps".to_owned(),
                    points.iter().map(|p| Metric(Some(p.y))).collect(),
                );
                Ok(Arc::new(StatsPayload {
                    t: points.iter().map(|p| p.x.timestamp()).collect(),
                    series,
                    rows: points.len() as u64,
                    totals: None,
                }))
            }
        },
    );

    let picker = move || {
        let chosen = chosen_id.get().unwrap_or_default();
        let navigate = navigate.clone();
        accounts.with_data(|list| {
            let list = list?;
            let options = list
                .iter()
                .map(|a| {
                    view! { <option value=a.id.clone() selected=a.id == chosen>{a.attributes.name.clone()}</option> }
                })
                .collect_view();
            let on_change = move |ev: leptos::ev::Event| {
                let id = event_target_value(&ev);
                navigate(&format!("/?account-id={}", encode_component(&id)), NavigateOptions::default());
            };
            Some(view! {
                <label class="account-picker">
                    {t.account} " " <select name="account-id" on:change=on_change>{options}</select>
                </label>
            })
        })
    };

    let account_card = move || {
        if let (Some(error), false) = (accounts.error(), accounts.has_data()) {
            return status::error_panel(error, move || accounts.retry()).into_any();
        }
        let chosen = chosen_id.get();
        accounts.with_data(|list| match list.map(Vec::as_slice) {
            None => status::loading(t.loading_accounts).into_any(),
            Some([]) => view! { <p class="empty">{t.no_accounts}</p> }.into_any(),
            Some(list) => match list.iter().find(|a| Some(&a.id) == chosen.as_ref()) {
                None => status::loading(t.loading_the_account).into_any(),
                Some(account) => {
                    let a = &account.attributes;
                    let id = encode_component(&account.id);
                    let (name, href) = (a.name.clone(), format!("/accounts/{id}"));
                    view! {
                        <article class="account-card">
                            <h2>
                                <Link href=href>{name}</Link>
                            </h2>
                            <p class="balance" class:negative=a.balance.is_sign_negative()>
                                {format::money(Some(&a.balance), a.currency.as_deref().unwrap_or_default())}
                            </p>
                            <dl class="limits">
                                <dt>{t.col_min_balance}</dt>
                                <dd>{format::money(a.min_balance.as_ref(), a.currency.as_deref().unwrap_or_default())}</dd>
                                <dt>{t.col_max_balance}</dt>
                                <dd>{format::money(a.max_balance.as_ref(), a.currency.as_deref().unwrap_or_default())}</dd>
                                <dt>{t.col_origination_capacity}</dt>
                                <dd>{format::optional_decimal(a.origination_capacity.as_ref())}</dd>
                                <dt>{t.col_total_capacity}</dt>
                                <dd>{format::optional_decimal(a.total_capacity.as_ref())}</dd>
                            </dl>
                            <p class="related-links">
                                <Link href=format!("/statistics/origination?account-id={id}")>{t.statistics_link}</Link>
                                " · "
                                <Link href=format!("/statistics/cps?account-id={id}")>{t.nav_cps_chart}</Link>
                            </p>
                        </article>
                    }
                    .into_any()
                }
            },
        })
    };

    let currency = Memo::new(move |_| {
        let chosen = chosen_id.get();
        accounts
            .with_data(|list| {
                list.and_then(|l| {
                    l.iter()
                        .find(|a| Some(&a.id) == chosen.as_ref())
                        .and_then(|a| a.attributes.currency.clone())
                })
            })
            .unwrap_or_default()
    });
    let figures = move || {
        if let (Some(error), false) = (today.error(), today.has_data()) {
            return status::error_panel(error, move || today.retry()).into_any();
        }
        let Some(today) = today.data() else {
            return status::loading(t.loading_todays_figures).into_any();
        };
        let total = |key: &str| today.totals.get(key).and_then(|m| m.0);
        let show = |value: Option<rust_decimal::Decimal>, unit: &str| match value {
            Some(v) if unit.is_empty() => format::decimal(&v),
            Some(v) => format!("{} {unit}", format::decimal(&v)),
            None => format::DASH.to_owned(),
        };
        let currency = currency.get();
        let items = [
            ("active-now", t.active_calls_now, show(today.active_now, "")),
            ("total_calls", t.calls_today, show(total("total_calls"), "")),
            ("asr", t.asr_today, show(total("asr"), "%")),
            ("acd", t.acd_today, show(total("acd"), t.unit_seconds)),
            (
                "total_price",
                t.spend_today,
                show(total("total_price"), &currency),
            ),
        ]
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
    };
    let zone = Signal::derive(move || prefs.zone());
    let sparkline = move || {
        if let (Some(error), false) = (cps.error(), cps.has_data()) {
            return status::error_panel(error, move || cps.retry()).into_any();
        }
        match cps.data() {
            None => status::loading(t.loading_cps_chart).into_any(),
            Some(payload) if payload.is_empty() => {
                view! { <p class="empty">{t.no_calls_last_hour}</p> }.into_any()
            }
            Some(payload) => line_chart(
                ChartSpec {
                    id: "dashboard-cps".into(),
                    title: t.cps_last_hour.into(),
                    unit: t.unit_calls_per_second.into(),
                    series: vec![("cps".into(), t.cps.into())],
                    payload,
                    span: None,
                },
                zone,
            )
            .into_any(),
        }
    };

    view! {
        <section class="dashboard">
            <div class="list-heading">
                <h1>{t.overview_title}</h1>
                {picker}
            </div>
            <div class="dashboard-grid">
                {account_card}
                <div class="dashboard-today">{figures}</div>
            </div>
            {sparkline}
        </section>
    }
}
