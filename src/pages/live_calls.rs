//! `/active-calls?account-id=…`: an account's calls in progress (`GET /outgoing-active-calls`),
//! asked again a few seconds after each answer while the tab is visible — never two requests
//! at once, none while the tab is hidden, one at once when it shows again. The URL is the API's
//! query; the form edits a draft of it. Each call's duration so far ticks every second from the
//! page's clock; calls that were not in the previous answer to the same query are marked new.
//! The server's times have no zone: they are read as UTC (`api_model::live_calls`), and the page
//! says so.
//!
//! Each answer's cost so far (issue 45) is worked out once, when it comes
//! (`api_model::live_cost`): each call's, the account's total and the totals by destination
//! prefix, and by network once the networks of its rate prefixes have come (one request,
//! asked again only when they change), shown unless the access profile withholds prices;
//! and, for the unfiltered list, the account's calls against its capacity
//! (`components::live_cost`).

use crate::access::Access;
use crate::accounts::AccountList;
use crate::components::live_cost::{capacity_bar, cost_figure, cost_heading, cost_totals};
use crate::components::problems::FieldProblems;
use crate::components::status;
use crate::format::{self, Zone, ZoneMark};
use crate::http::Api;
use crate::i18n::{texts, tr};
use crate::pages::account_choices::{AccountOptions, session_accounts};
use crate::prefs::Prefs;
use crate::read::{Read, use_read};
use crate::routing::{Page, portal_path};
use api_model::document::ListDocument;
use api_model::live_calls::{
    ADDRESS_PARAMS, ANSWERED_PARAM, ActiveCall, Answered, CallKey, Elapsed, LiveCalls, LiveProblem,
    LiveQuery, PATH, TEXT_FIELDS, TEXT_MATCHES,
};
use api_model::live_cost::{
    LiveCosts, RunningCost, by_network, capacity_use, network_names, network_prefix_candidates,
    network_prefix_query,
};
use api_model::stats::{Direction, StatsMetric};
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

/// The reference data that names the networks of rate prefixes.
const NETWORK_PREFIXES: &str = "network-prefixes";

/// How long after an answer the next request goes out.
pub const REFRESH_AFTER: Duration = Duration::from_secs(5);

/// One answer, with which of its calls are new since the answer before it.
#[derive(Clone)]
struct Snapshot {
    live: Arc<LiveCalls>,
    new: Arc<Vec<bool>>,
    at: DateTime<Utc>,
    /// What its calls have cost at `at`: worked out once per answer, not per drawing.
    costs: Arc<LiveCosts>,
}

/// The page's clock: the time now, once a second. Durations read it, so they tick.
fn ticking_clock() -> ReadSignal<DateTime<Utc>> {
    let (now, set_now) = signal(Utc::now());
    let handle =
        set_interval_with_handle(move || set_now.set(Utc::now()), Duration::from_secs(1)).ok();
    on_cleanup(move || {
        if let Some(handle) = handle {
            handle.clear();
        }
    });
    now
}

/// Asks again [`REFRESH_AFTER`] an answer (or a failure) while the tab is visible: `round`
/// counts the requests made. Hidden, nothing is scheduled; shown again, it asks at once
/// ([`crate::again`], the rules a failed read's retry follows too).
struct Refresh {
    round: RwSignal<u32>,
    paused: RwSignal<bool>,
}

fn refresh_while_visible(loading: Signal<bool>) -> Refresh {
    let round = RwSignal::new(0u32);
    // Each request that ends, ends in the next one's schedule: requests never overlap.
    let paused = crate::again::ask_again_while_visible(
        move || (!loading.get()).then_some(REFRESH_AFTER),
        move || {
            round.try_update(|n| *n = n.wrapping_add(1));
        },
    );
    Refresh { round, paused }
}

/// The calls of a valid query, refreshed with `round`; the previous answer to the same query
/// tells which calls are new.
fn live_calls(api: Api, query: Memo<LiveQuery>, round: RwSignal<u32>) -> Read<Snapshot> {
    // (query, keys of its last answer)
    let previous = StoredValue::new(None::<(String, BTreeSet<CallKey>)>);
    let api = api.without_kept_answers();
    use_read(
        move || {
            let query = query.get();
            let round = round.get();
            // Nothing is asked while paused (round does not move) or while the form is wrong.
            query
                .problems()
                .is_empty()
                .then(|| (query.to_query(), round))
        },
        move |(text, _round): (String, u32), signal| {
            let api = api.clone();
            async move {
                let live: LiveCalls = api.get(PATH, &text, signal).await?;
                let before = previous
                    .get_value()
                    .filter(|(query, _)| *query == text)
                    .map(|(_, keys)| keys);
                let new = live.new_since(before.as_ref());
                previous.set_value(Some((text, live.keys())));
                let at = Utc::now();
                let costs = Arc::new(LiveCosts::of(&live.calls, at));
                Ok(Snapshot {
                    live: Arc::new(live),
                    new: Arc::new(new),
                    at,
                    costs,
                })
            }
        },
    )
    // Its refresh asks again after a failure too.
    .refreshed_by_page()
}

pub fn live_calls_page(ahead: Option<crate::http::ReadAhead>) -> impl IntoView {
    let api = expect_context::<Api>();
    let prefs = expect_context::<Prefs>();
    let location = use_location();
    let navigate = use_navigate();
    let zone = Signal::derive(move || prefs.zone());
    let query = crate::history::own_query(Page::LiveCalls.href());
    let applied = Memo::new(move |_| query.with(|query| LiveQuery::from_query(query)));
    let accounts = session_accounts(ahead);
    let own_path = location.pathname.get_untracked();
    // Without an account in the URL, the first account's calls are shown.
    Effect::new(move |_| {
        if location.pathname.get() != own_path {
            return;
        }
        let first = accounts.with_data(|list| list.and_then(|l| l.first().map(|a| a.id.clone())));
        let query = applied.get();
        if let (Some(first), true) = (first, query.account_id.is_empty()) {
            let query = LiveQuery {
                account_id: first,
                ..query
            };
            let path = Page::LiveCalls.href();
            let url = format!("{path}?{}", query.to_query());
            crate::history::correct_address(path, url);
        }
    });
    let loading = RwSignal::new(false);
    let refresh = refresh_while_visible(loading.into());
    let calls = live_calls(api.clone(), applied, refresh.round);
    Effect::new(move |_| loading.set(calls.is_loading()));
    let now = ticking_clock();
    let costing = costing(applied, accounts);
    let networks = network_names_read(api, calls, costing.priced);
    let apply = Callback::new(move |query: LiveQuery| {
        let url = format!(
            "{}?{}",
            portal_path(&location.pathname.get_untracked()),
            query.to_query()
        );
        navigate(&url, NavigateOptions::default());
    });
    let paused = refresh.paused;
    view! {
        <section class="live-calls-page">
            <h1>{tr(|t| t.live_calls_title)}</h1>
            <p class="hint">{tr(|t| t.live_calls_times_utc)}</p>
            {live_form(applied, accounts, apply)}
            <p class="live-status" role="status" aria-live="polite">
                {move || {
                    let t = texts();
                    if paused.get() {
                        t.live_calls_paused.to_string()
                    } else {
                        (t.live_calls_refreshing)(&REFRESH_AFTER.as_secs().to_string()).get()
                    }
                }}
            </p>
            {move || calls_view(calls, applied, now, zone, costing, networks)}
        </section>
    }
}

/// What the page shows of money and capacity: whether prices are shown (the access profile's
/// origination price as a figure; withheld until the profile is read), and the chosen
/// account's currency, origination and total capacities.
#[derive(Clone, Copy)]
struct Costing {
    priced: Memo<bool>,
    account: Memo<(String, Option<i64>, Option<i64>)>,
}

fn costing(applied: Memo<LiveQuery>, accounts: AccountList) -> Costing {
    let access = expect_context::<Access>();
    let priced = Memo::new(move |_| {
        access
            .stats(Direction::Origination)
            .is_some_and(|side| side.figure(StatsMetric::TotalPrice))
    });
    let account = Memo::new(move |_| {
        let id = applied.with(|q| q.account_id.clone());
        accounts
            .with_data(|list| {
                let account = list.and_then(|l| l.iter().find(|a| a.id == id))?;
                let a = &account.attributes;
                Some((
                    a.currency.clone().unwrap_or_default(),
                    a.origination_capacity,
                    a.total_capacity,
                ))
            })
            .unwrap_or_default()
    });
    Costing { priced, account }
}

/// The networks of the snapshot's rate prefixes (`GET /network-prefixes`, one request for
/// every leading part of them, their networks included): asked again only when that set
/// changes, and nothing while prices are withheld (the totals it names are prices).
fn network_names_read(
    api: Api,
    calls: Read<Snapshot>,
    priced: Memo<bool>,
) -> Read<Arc<HashMap<String, String>>> {
    use_read(
        move || {
            let candidates = calls
                .with_data(|snapshot| network_prefix_candidates(&snapshot?.costs.by_prefix))?;
            priced.get().then(|| network_prefix_query(&candidates))
        },
        move |query: String, signal| {
            let api = api.clone();
            async move {
                let document: ListDocument<serde_json::Value> =
                    api.get(NETWORK_PREFIXES, &query, signal).await?;
                Ok(Arc::new(network_names(&document)))
            }
        },
    )
}

/// The problem with one field, in the language in use.
fn problem_text(problem: &LiveProblem) -> String {
    let t = texts();
    match problem {
        LiveProblem::ChooseAccount => t.choose_account_error.to_string(),
        LiveProblem::NotAnIp(value) => (t.not_an_ip)(value).get(),
        LiveProblem::NotAPort(value) => (t.not_a_port)(value).get(),
        LiveProblem::NotATransport(value) => (t.not_a_transport)(value).get(),
        LiveProblem::NotTrueOrFalse(value) => (t.not_true_or_false)(value).get(),
    }
}

fn text_field_label(field: &str) -> crate::i18n::Text {
    let t = texts();
    match field {
        "src-name-in" => t.live_src_name,
        "src-prefix-in" => t.live_src_number,
        "dst-prefix-in" => t.live_dst_number,
        "src-prefix-routing" => t.live_src_routing,
        _ => t.live_dst_routing,
    }
}

fn match_label(how: &str) -> crate::i18n::Text {
    let t = texts();
    match how {
        "eq" => t.match_eq,
        "starts-with" => t.match_starts_with,
        "ends-with" => t.match_ends_with,
        _ => t.match_contains,
    }
}

fn address_label(name: &str) -> crate::i18n::Text {
    let t = texts();
    match name {
        "auth-orig-ip" => t.orig_ip,
        "auth-orig-port" => t.orig_port,
        _ => t.orig_transport,
    }
}

/// A filter's value in the draft; an empty one takes the filter away.
fn set_filter(draft: RwSignal<LiveQuery>, name: String, value: String) {
    draft.update(|q| {
        if value.trim().is_empty() {
            q.filters.remove(&name);
        } else {
            q.filters.insert(name, value);
        }
    })
}

/// Answered or not yet, as the picker offers it.
fn answered_options(draft: RwSignal<LiveQuery>) -> impl IntoView {
    Answered::ALL
        .into_iter()
        .map(|answered| {
            let label = move || {
                let t = texts();
                match answered {
                    Answered::Any => t.answered_any,
                    Answered::Yes => t.answered_yes,
                    Answered::NotYet => t.answered_not_yet,
                }
            };
            view! {
                <option value=answered.param().unwrap_or("") selected=move || draft.with(|q| q.answered() == answered)>
                    {label}
                </option>
            }
        })
        .collect_view()
}

/// A text field's filter: one match per field, the first the draft has, "starts with" for a
/// new one.
fn text_filter(draft: RwSignal<LiveQuery>, field: &'static str) -> impl IntoView {
    let current = move || {
        draft.with(|q| {
            TEXT_MATCHES.iter().find_map(|how| {
                q.filters
                    .get(&format!("{field}-{how}"))
                    .map(|v| (*how, v.clone()))
            })
        })
    };
    let how = RwSignal::new(current().map_or("starts-with", |(how, _)| how));
    // A match the URL brings (back, forward, a shared link) shows in the picker.
    Effect::new(move |_| {
        if let Some((chosen, _)) = current() {
            how.set(chosen);
        }
    });
    let on_how = move |ev: leptos::ev::Event| {
        let chosen = event_target_value(&ev);
        let Some(chosen) = TEXT_MATCHES.iter().find(|m| **m == chosen).copied() else {
            return;
        };
        // The value typed moves to the chosen match.
        let value = current().map(|(_, v)| v).unwrap_or_default();
        draft.update(|q| {
            for m in TEXT_MATCHES {
                q.filters.remove(&format!("{field}-{m}"));
            }
        });
        how.set(chosen);
        set_filter(draft, format!("{field}-{chosen}"), value);
    };
    let on_value = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        draft.update(|q| {
            for m in TEXT_MATCHES {
                q.filters.remove(&format!("{field}-{m}"));
            }
        });
        set_filter(draft, format!("{field}-{}", how.get_untracked()), value);
    };
    let options = TEXT_MATCHES
        .iter()
        .map(|m| {
            let m: &'static str = m;
            view! { <option value=m selected=move || how.get() == m>{move || match_label(m)}</option> }
        })
        .collect_view();
    let value = move || current().map(|(_, v)| v).unwrap_or_default();
    let select_label = move || format!("{}: {}", text_field_label(field), texts().match_kind);
    view! {
        <div class="live-text-filter">
            <label for=format!("live-{field}")>{move || text_field_label(field)}</label>
            <span class="live-text-inputs">
                <select name=format!("{field}-match") aria-label=select_label on:change=on_how>{options}</select>
                <input id=format!("live-{field}") name=field prop:value=value on:input=on_value />
            </span>
        </div>
    }
}

/// The problem the form shows at `field`.
fn problem_of(
    shown_problems: RwSignal<Vec<(String, LiveProblem)>>,
    field: String,
) -> impl IntoView {
    let texts = Signal::derive(move || {
        shown_problems.with(|problems| {
            problems
                .iter()
                .find(|(f, _)| *f == field)
                .map(|(_, p)| problem_text(p))
                .into_iter()
                .collect::<Vec<_>>()
        })
    });
    view! { <FieldProblems texts /> }
}

/// The address filters, each with its problem.
fn address_fields(
    draft: RwSignal<LiveQuery>,
    shown_problems: RwSignal<Vec<(String, LiveProblem)>>,
) -> impl IntoView {
    ADDRESS_PARAMS
        .iter()
        .map(|name| {
            let name: &'static str = name;
            let value = move || draft.with(|q| q.filters.get(name).cloned().unwrap_or_default());
            view! {
                <label>
                    {move || address_label(name)}
                    <input name=name prop:value=value on:input=move |ev| set_filter(draft, name.to_owned(), event_target_value(&ev)) />
                    {problem_of(shown_problems, name.to_owned())}
                </label>
            }
        })
        .collect_view()
}

/// The form: account, answered or not, and the narrowing fields folded away. It edits a draft
/// and hands it on only without problems; the URL's own problems show too.
fn live_form(
    applied: Memo<LiveQuery>,
    accounts: AccountList,
    apply: Callback<LiveQuery>,
) -> impl IntoView {
    let draft = RwSignal::new(applied.get_untracked());
    Effect::new(move |_| draft.set(applied.get()));
    let shown_problems = RwSignal::new(Vec::<(String, LiveProblem)>::new());
    Effect::new(move |_| shown_problems.set(applied.get().problems()));
    let error_for = move |field: String| problem_of(shown_problems, field);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let query = draft.get_untracked();
        let problems = query.problems();
        if problems.is_empty() {
            shown_problems.set(Vec::new());
            apply.run(query);
        } else {
            shown_problems.set(problems);
        }
    };
    let set = move |name: String, value: String| set_filter(draft, name, value);
    let chosen_account = Signal::derive(move || draft.with(|q| q.account_id.clone()));
    let addresses = address_fields(draft, shown_problems);
    let texts_fields = TEXT_FIELDS
        .iter()
        .map(|field| text_filter(draft, field))
        .collect_view();
    let set_count = move || {
        draft.with(|q| {
            q.filters
                .keys()
                .filter(|k| k.as_str() != ANSWERED_PARAM)
                .count()
        })
    };
    let t = texts();
    view! {
        <form class="stats-form live-form" on:submit=submit novalidate=true>
            <div class="stats-fields">
                <label>
                    {tr(|t| t.account)}
                    <select name="account-id" on:change=move |ev| draft.update(|q| q.account_id = event_target_value(&ev))>
                        <option value="" disabled=true>{tr(|t| t.choose_an_account)}</option>
                        <AccountOptions accounts chosen=chosen_account />
                    </select>
                    {error_for("account-id".to_owned())}
                </label>
                <label>
                    {tr(|t| t.answered_filter)}
                    <select name=ANSWERED_PARAM on:change=move |ev| set(ANSWERED_PARAM.to_owned(), event_target_value(&ev))>
                        {answered_options(draft)}
                    </select>
                    {error_for(ANSWERED_PARAM.to_owned())}
                </label>
                <button type="submit" class="apply">{tr(|t| t.show)}</button>
            </div>
            <details class="more-filters" open=move || applied.with(|q| q.filters.keys().any(|k| k != ANSWERED_PARAM))>
                <summary>{move || match set_count() {
                    0 => t.more_filters.to_string(),
                    n => (t.more_filters_set)(&n.to_string()).get(),
                }}</summary>
                <div class="narrowing-fields">{addresses}{texts_fields}</div>
            </details>
        </form>
    }
}

/// `m:ss` (or `h:mm:ss`) of a number of seconds.
fn clock_text(seconds: i64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

fn text(value: &Option<String>) -> String {
    value
        .clone()
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| format::DASH.to_owned())
}

fn calls_view(
    calls: Read<Snapshot>,
    query: Memo<LiveQuery>,
    now: ReadSignal<DateTime<Utc>>,
    zone: Signal<Zone>,
    costing: Costing,
    networks: Read<Arc<HashMap<String, String>>>,
) -> AnyView {
    let t = texts();
    if query.with(|q| !q.problems().is_empty()) {
        return view! { <p class="hint">{tr(|t| t.fix_the_form)}</p> }.into_any();
    }
    let failed = calls.error().map(|error| {
        let retry = move || calls.retry();
        status::error_panel(error, retry)
    });
    let Some(snapshot) = calls.data() else {
        return match failed {
            Some(panel) => panel.into_any(),
            None => status::loading(t.live_calls_loading).into_any(),
        };
    };
    let count = snapshot.live.calls.len() as u64;
    let new_count = snapshot.new.iter().filter(|n| **n).count() as u64;
    let at = snapshot.at;
    let summary = view! {
        <p class="live-count" data-count=count.to_string()>
            <strong>{move || (texts().live_calls_count)(&format::count(count))}</strong>
            {(new_count > 0).then(|| view! { " · " <span class="live-new-count">{move || (texts().live_calls_new_count)(&format::count(new_count))}</span> })}
            " · "
            <span class="live-updated">{move || (texts().live_calls_updated)(&format::timestamp_marked(&at, zone.get(), ZoneMark::InHeading))}</span>
        </p>
    };
    // A narrowed list counts only some of the account's calls: no capacity then.
    let (currency, origination, total) = costing.account.get();
    let capacity = query
        .with(|q| q.filters.is_empty())
        .then(|| capacity_use(count, origination, total).map(capacity_bar))
        .flatten();
    if count == 0 {
        return view! {
            {failed}
            {summary}
            {capacity}
            <p class="empty">{tr(|t| t.live_calls_none)}</p>
        }
        .into_any();
    }
    let priced = costing.priced.get();
    let totals = priced.then(|| {
        let networks =
            networks.with_data(|names| Some(by_network(&snapshot.costs.by_prefix, names?)));
        cost_totals(&snapshot.costs, networks, currency.clone())
    });
    let table = calls_table(&snapshot, calls, now, zone, priced.then_some(currency));
    view! {
        {failed}
        {summary}
        {capacity}
        {totals}
        {table}
    }
    .into_any()
}

/// The calls, newest first; with each call's cost so far when prices are shown (`currency`,
/// the account's, is then known).
fn calls_table(
    snapshot: &Snapshot,
    calls: Read<Snapshot>,
    now: ReadSignal<DateTime<Utc>>,
    zone: Signal<Zone>,
    currency: Option<String>,
) -> impl IntoView + use<> {
    let t = texts();
    let priced = currency.is_some();
    let rows = snapshot
        .live
        .calls
        .iter()
        .zip(snapshot.new.iter())
        .zip(snapshot.costs.calls.iter())
        .map(|((call, is_new), cost)| {
            call_row(call.clone(), *is_new, now, zone, priced.then_some(*cost))
        })
        .collect_view();
    let cost_column = currency.map(|currency| {
        view! { <th scope="col" class="num">{move || cost_heading(&currency)}</th> }
    });
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=t.live_calls_title>
            <table class="data-table live-calls row-cards" class:stale=move || calls.is_loading()>
                <thead>
                    <tr>
                        <th scope="col">{move || started_heading(zone.get())}</th>
                        <th scope="col">{tr(|t| t.column_state)}</th>
                        <th scope="col" class="num">{tr(|t| t.column_duration_so_far)}</th>
                        <th scope="col">{tr(|t| t.column_from)}</th>
                        <th scope="col">{tr(|t| t.column_to)}</th>
                        <th scope="col">{tr(|t| t.column_destination)}</th>
                        <th scope="col" class="num">{tr(|t| t.column_rate)}</th>
                        {cost_column}
                        <th scope="col">{tr(|t| t.column_origin)}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// The start's column heading, naming the zone its times are in (they leave it out).
fn started_heading(zone: Zone) -> String {
    format!("{} ({})", texts().column_started, format::zone_name(zone))
}

/// A call's row; `cost` is there when prices are shown (its inner `None`: no cost known).
fn call_row(
    call: ActiveCall,
    is_new: bool,
    now: ReadSignal<DateTime<Utc>>,
    zone: Signal<Zone>,
    cost: Option<Option<RunningCost>>,
) -> impl IntoView {
    let start = call.start_time;
    let started = move || {
        start.map_or_else(
            || format::DASH.to_owned(),
            |t| format::timestamp_marked(&t, zone.get(), ZoneMark::InHeading),
        )
    };
    let answered = call.is_answered();
    let state = move || {
        let t = texts();
        if answered {
            t.state_talking
        } else {
            t.state_ringing
        }
    };
    let elapsed_call = call.clone();
    let elapsed = move || match elapsed_call.elapsed(now.get()) {
        Elapsed::Ringing(s) | Elapsed::Talking(s) => clock_text(s),
        Elapsed::Unknown => format::DASH.to_owned(),
    };
    let from = match (&call.src_name_in, &call.src_prefix_in) {
        (Some(name), number) if !name.is_empty() => format!("{name} <{}>", text(number)),
        (_, number) => text(number),
    };
    let rate = call
        .destination_initial_rate
        .0
        .map_or_else(|| format::DASH.to_owned(), |r| format::decimal(&r));
    let origin = match (&call.auth_orig_ip, call.auth_orig_port.0) {
        (Some(ip), Some(port)) => format!("{ip}:{port}"),
        (ip, _) => text(ip),
    };
    // The seconds it was billed for, beside the figure: what a check of the sum starts from.
    let cost = cost.map(|cost| {
        let seconds = cost.map(|c| c.seconds.to_string());
        view! {
            <td class="num cost key key-5" data-seconds=seconds data-label=move || cost_heading("")>
                {cost_figure(cost.map(|c| c.cost))}
            </td>
        }
    });
    // On a phone the row is a card (style/main.css's `.row-cards`): the start, where to, how
    // long so far, the state, the rate and the cost lead, each under its heading (`data-label`).
    view! {
        <tr class:new-call=is_new class:answered=answered>
            <td class="key key-0 time" data-label=move || started_heading(zone.get())>
                {started}
                {is_new.then(|| view! { " " <span class="badge new-badge">{tr(|t| t.live_calls_new)}</span> })}
            </td>
            <td class="key key-3" data-label=tr(|t| t.column_state)>{state}</td>
            <td class="num key key-2" data-label=tr(|t| t.column_duration_so_far)>{elapsed}</td>
            <td class="from" data-label=tr(|t| t.column_from)>{from}</td>
            <td class="key key-1" data-label=tr(|t| t.column_to)>{text(&call.dst_prefix_in)}</td>
            <td data-label=tr(|t| t.column_destination)>{text(&call.destination_prefix)}</td>
            <td class="num key key-4" data-label=tr(|t| t.column_rate)>{rate}</td>
            {cost}
            <td data-label=tr(|t| t.column_origin)>{origin}</td>
        </tr>
    }
}
