//! `/check-rate?rateplan-id=<uuid>&number=<digits>[&duration=<seconds>]`: the rates of one of
//! the customer's rate plans that match a number (`POST /check-rate`), the longest prefix
//! first, and what a call of the given duration costs under each.
//!
//! The URL is the lookup: the form checks what was typed and goes to the lookup's URL, and the
//! page asks the server for what the URL says, so a lookup can be shared and opened cold.
//! Only the customer's own plans (`GET /rateplans`) are offered or looked up in: the server
//! finds any plan by its UUID.

use crate::components::problems::FieldProblems;
use crate::components::status;
use crate::format::Zone;
use crate::http::Api;
use crate::i18n::{field_label, texts, tr};
use crate::pages::named_choices::{LoadFailed, NamedOptions, NamedRecord, named_records};
use crate::prefs::Prefs;
use crate::read::{Read, use_read};
use crate::routing::CHECK_RATE_PATH;
use api_model::catalog::Collection;
use api_model::document::{Document, Resource};
use api_model::errors::field_errors_of;
use api_model::query::decode_pairs;
use api_model::rates::{
    CHECK_RATE_PATH as API_PATH, CallCost, CheckRate, DURATION_KEY, Lookup, LookupProblem,
    MAX_NUMBER_DIGITS, MatchedRate, call_cost, duration_seconds,
};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use rust_decimal::Decimal;

/// The request's attributes, as the server's 422 pointers name them.
const FIELDS: [&str; 2] = ["rateplan-id", "number"];
/// Digits a shown cost keeps; an exact quotient such as 0.01 / 60 has 28.
const SHOWN_COST_DIGITS: u32 = 8;

/// What the page's URL asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Asked {
    rateplan_id: String,
    number: String,
    duration: String,
}

impl Asked {
    fn read(search: &str) -> Asked {
        let mut asked = Asked::default();
        for (key, value) in decode_pairs(search.trim_start_matches('?')) {
            match key.as_str() {
                "rateplan-id" => asked.rateplan_id = value,
                "number" => asked.number = value,
                DURATION_KEY => asked.duration = value,
                _ => {}
            }
        }
        asked
    }

    fn is_empty(&self) -> bool {
        self.rateplan_id.is_empty() && self.number.is_empty()
    }
}

/// A problem shown under a field (`None`: above the form).
type Problems = Vec<(Option<&'static str>, String)>;

fn lookup_problem_text(problem: &LookupProblem) -> String {
    let t = texts();
    match problem {
        LookupProblem::NoRateplan => t.rateplan_missing.to_string(),
        LookupProblem::RateplanNotUuid => t.rateplan_not_uuid.to_string(),
        LookupProblem::NoNumber => t.number_missing.to_string(),
        LookupProblem::NumberNotDigits => t.number_not_digits.to_string(),
        LookupProblem::NumberTooLong => (t.number_too_long)(&MAX_NUMBER_DIGITS.to_string()).get(),
    }
}

/// Everything wrong with a lookup before any request: its fields, the plan not among the
/// customer's (once they are known), the duration.
fn check(asked: &Asked, plans: Option<&[NamedRecord]>) -> Result<Lookup, Problems> {
    let mut problems: Problems = Vec::new();
    let lookup = Lookup::new(&asked.rateplan_id, &asked.number).map_err(|found| {
        for problem in found {
            problems.push((Some(problem.field()), lookup_problem_text(&problem)));
        }
    });
    if let (Ok(lookup), Some(plans)) = (&lookup, plans)
        && !plans
            .iter()
            .any(|p| p.id.eq_ignore_ascii_case(&lookup.rateplan_id))
    {
        problems.push((Some("rateplan-id"), texts().rateplan_unknown.to_string()));
    }
    if !asked.duration.trim().is_empty() && duration_seconds(&asked.duration).is_none() {
        problems.push((Some(DURATION_KEY), texts().duration_invalid.to_string()));
    }
    match lookup {
        Ok(lookup) if problems.is_empty() => Ok(lookup),
        _ => Err(problems),
    }
}

/// The problems at `field` (`None`: above the form), with the id a control refers to.
fn problems_at(
    problems: impl Fn() -> Problems + Send + Sync + 'static,
    field: Option<&'static str>,
) -> impl IntoView {
    let texts = Signal::derive(move || {
        problems()
            .into_iter()
            .filter(|(at, _)| *at == field)
            .map(|(_, text)| text)
            .collect::<Vec<String>>()
    });
    let id = format!("{}-error", field.unwrap_or("check-rate"));
    view! { <FieldProblems texts id /> }
}

/// A cost as shown: exact when short, else to [`SHOWN_COST_DIGITS`] places.
fn shown_cost(value: Decimal) -> String {
    let rounded = value.round_dp(SHOWN_COST_DIGITS);
    let text = crate::format::decimal(&rounded.normalize());
    if rounded == value {
        text
    } else {
        format!("≈ {text}")
    }
}

/// The server's rates for the URL's lookup (`POST /check-rate`), asked whenever it changes.
fn lookup_answer(api: Api, wanted: Memo<Option<Lookup>>) -> Read<CheckRate> {
    use_read(
        move || wanted.get(),
        move |lookup: Lookup, signal| {
            let api = api.clone();
            async move {
                let document: Document<Resource<CheckRate>> =
                    api.create(API_PATH, &lookup.document(), signal).await?;
                Ok(document.data.attributes)
            }
        },
    )
}

/// The rate plan picker: the customer's plans, or why they did not come and a retry.
fn plan_field(
    plan: RwSignal<String>,
    plans: Read<Vec<NamedRecord>>,
    problems: impl Fn() -> Problems + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let chosen = Signal::derive(move || plan.get());
    view! {
        <label>
            {move || field_label("rateplan-id")}
            <select name="rateplan-id" on:change=move |ev| plan.set(event_target_value(&ev))>
                <option value="" disabled=true selected=move || plan.with(String::is_empty)>
                    {tr(|t| t.choose_rateplan)}
                </option>
                <NamedOptions choices=plans chosen />
            </select>
            {problems_at(problems, Some("rateplan-id"))}
            <LoadFailed remote=plans />
        </label>
    }
}

/// Below the form: the matching rates with the costs of a call of `seconds`, dimmed while
/// another lookup is on its way; a failure other than a refusal of the fields (which shows at
/// the fields) says why, with a retry.
fn results_area(
    wanted: Memo<Option<Lookup>>,
    answer: Read<CheckRate>,
    seconds: Memo<Option<u64>>,
) -> impl IntoView {
    let pending = RwSignal::new(false);
    let failure = move |error: api_model::errors::ApiError| match error.status() {
        Some(422) => ().into_any(),
        _ => status::error_panel(error, move || answer.retry()).into_any(),
    };
    let results = move || {
        let lookup = wanted.get()?;
        answer.with_data(|found| {
            found.map(|found| results_view(&lookup, found, seconds.get()).into_any())
        })
    };
    let body = view! {
        <div class="check-rate-results" aria-live="polite" class:stale=move || pending.get()>
            {results}
        </div>
    };
    let waiting = || status::loading(texts().check_rate_checking).into_any();
    crate::read::loaded_or(answer, waiting, pending, body, failure)
}

/// The form as typed.
#[derive(Clone, Copy)]
struct Typed {
    plan: RwSignal<String>,
    number: RwSignal<String>,
    duration: RwSignal<String>,
}

impl Typed {
    /// Filled from the URL, anew whenever it changes (back, forward, a link); with one plan
    /// only, it is the one.
    fn following(asked: Memo<Asked>, plans: Read<Vec<NamedRecord>>) -> Typed {
        let typed = Typed {
            plan: RwSignal::new(String::new()),
            number: RwSignal::new(String::new()),
            duration: RwSignal::new(String::new()),
        };
        Effect::new(move |_| {
            let asked = asked.get();
            typed.plan.set(asked.rateplan_id);
            typed.number.set(asked.number);
            typed.duration.set(asked.duration);
        });
        Effect::new(move |_| {
            plans.with_data(|list| {
                if let Some([only]) = list.map(Vec::as_slice)
                    && typed.plan.with_untracked(String::is_empty)
                {
                    typed.plan.set(only.id.clone());
                }
            })
        });
        typed
    }

    fn asked(&self) -> Asked {
        Asked {
            rateplan_id: self.plan.get_untracked(),
            number: self.number.get_untracked(),
            duration: self.duration.get_untracked(),
        }
    }
}

/// The URL's lookup, once the customer's plans are known; what is wrong with it otherwise
/// (wrong fields show at once; a well-formed lookup waits for the plans).
fn url_lookup(
    asked: Memo<Asked>,
    plans: Read<Vec<NamedRecord>>,
) -> Memo<Option<Result<Lookup, Problems>>> {
    Memo::new(move |_| {
        let asked = asked.get();
        if asked.is_empty() {
            return None;
        }
        plans.with_data(|list| match check(&asked, list.map(Vec::as_slice)) {
            Ok(_) if list.is_none() => None,
            checked => Some(checked),
        })
    })
}

/// The problems the form found as typed; a new URL takes them away.
fn problems_until_the_url_changes(asked: Memo<Asked>) -> RwSignal<Problems> {
    let problems = RwSignal::new(Problems::new());
    Effect::new(move |_| {
        asked.track();
        problems.set(Vec::new());
    });
    problems
}

/// The problems shown: the form's as typed, else the URL's, else the server's refusal of
/// the fields.
fn shown_problems(
    typed_problems: RwSignal<Problems>,
    checked: Memo<Option<Result<Lookup, Problems>>>,
    answer: Read<CheckRate>,
) -> impl Fn() -> Problems + Copy + Send + Sync + 'static {
    move || {
        let typed = typed_problems.get();
        if !typed.is_empty() {
            return typed;
        }
        if let Some(Err(found)) = checked.get() {
            return found;
        }
        match answer.error() {
            Some(error) if error.status() == Some(422) => field_errors_of(&error, &FIELDS),
            _ => Vec::new(),
        }
    }
}

/// The form sent: the lookup's page query and whether it is the lookup shown already (then
/// only the costs change: no new request, no new history entry; a failed one has its retry),
/// or nothing with the problems shown.
fn submitted(
    typed: Typed,
    plans: Read<Vec<NamedRecord>>,
    wanted: Memo<Option<Lookup>>,
    typed_problems: RwSignal<Problems>,
) -> Option<(String, bool)> {
    let typed = typed.asked();
    let known = plans.data();
    match check(&typed, known.as_deref()) {
        Ok(lookup) => {
            typed_problems.set(Vec::new());
            let same = wanted.get_untracked().as_ref() == Some(&lookup);
            Some((lookup.page_query(Some(&typed.duration)), same))
        }
        Err(found) => {
            typed_problems.set(found);
            None
        }
    }
}

/// The rate lookup in one of the customer's rate plans (`collection`'s records).
pub fn check_rate_page(collection: Collection) -> impl IntoView {
    let api = expect_context::<Api>();
    let location = use_location();
    let navigate = use_navigate();
    let asked = Memo::new(move |_| Asked::read(&location.search.get()));
    let plans = named_records(collection);
    let typed = Typed::following(asked, plans);
    let Typed {
        plan,
        number,
        duration,
    } = typed;
    let checked = url_lookup(asked, plans);
    let wanted = Memo::new(move |_| checked.get().and_then(Result::ok));
    let typed_problems = problems_until_the_url_changes(asked);
    let answer = lookup_answer(api, wanted);
    let problems = shown_problems(typed_problems, checked, answer);
    let go = move |query: String, replace: bool| {
        navigate(
            &format!("{CHECK_RATE_PATH}?{query}"),
            NavigateOptions {
                replace,
                ..Default::default()
            },
        )
    };
    let submit = {
        let go = go.clone();
        move |ev: leptos::ev::SubmitEvent| {
            ev.prevent_default();
            if let Some((query, same)) = submitted(typed, plans, wanted, typed_problems) {
                go(query, same);
            }
        }
    };
    // A new duration changes only the costs: the URL keeps it, without a new entry.
    let duration_changed = move |_| {
        let typed = duration.get_untracked();
        if let Some(lookup) = wanted.get_untracked()
            && (typed.trim().is_empty() || duration_seconds(&typed).is_some())
        {
            go(lookup.page_query(Some(&typed)), true);
        }
    };
    let seconds = Memo::new(move |_| duration_seconds(&duration.get()));
    let t = texts();
    view! {
        <section class="check-rate-page">
            <h1>{tr(|t| t.check_rate)}</h1>
            <p class="hint">{tr(|t| t.check_rate_hint)}</p>
            {problems_at(problems, None)}
            <form class="export-form check-rate-form" on:submit=submit novalidate=true>
                {plan_field(plan, plans, problems)}
                <label>
                    {tr(|t| t.number)}
                    <input type="text" name="number" inputmode="tel" autocomplete="off"
                        prop:value=move || number.get()
                        on:input=move |ev| number.set(event_target_value(&ev)) />
                    {problems_at(problems, Some("number"))}
                </label>
                <label>
                    {tr(|t| t.call_duration)}
                    <input type="text" name="duration" inputmode="numeric" autocomplete="off"
                        prop:value=move || duration.get()
                        on:input=move |ev| duration.set(event_target_value(&ev))
                        on:change=duration_changed />
                    {problems_at(problems, Some(DURATION_KEY))}
                </label>
                <button type="submit" class="primary" disabled=move || answer.is_loading()>
                    {move || if answer.is_loading() { t.check_rate_checking } else { t.check_rate_submit }}
                </button>
            </form>
            {results_area(wanted, answer, seconds)}
        </section>
    }
}

/// One matching rate; `applies` for the longest prefix's, with the cost of a call of
/// `seconds`.
fn rate_row(rate: &MatchedRate, applies: bool, seconds: Option<u64>, zone: Zone) -> impl IntoView {
    let t = texts();
    let time = |text: &Option<String>| match text.as_deref() {
        None | Some("") => crate::format::DASH.to_owned(),
        Some(text) => api_model::stats::parse_time(text)
            .map(|time| crate::format::timestamp_in(&time, zone))
            .unwrap_or_else(|| text.to_owned()),
    };
    let cost = seconds.map(|s| {
        let cost = call_cost(&rate.tariff(), s);
        view! { <td class="num cost">{shown_cost(cost.total)}</td> }
    });
    let tags = rate.routing_tag_names.join(", ");
    view! {
        <tr data-prefix=rate.prefix.clone() class:applies=applies>
            <th scope="row">
                {rate.prefix.clone()}
                {applies.then(|| view! { " " <span class="badge">{t.rate_applies}</span> })}
            </th>
            <td class="num">{crate::format::decimal(&rate.initial_rate)}</td>
            <td class="num">{rate.initial_interval}</td>
            <td class="num">{crate::format::decimal(&rate.next_rate)}</td>
            <td class="num">{rate.next_interval}</td>
            <td class="num">{crate::format::optional_decimal(rate.connect_fee.as_ref())}</td>
            <td class="num">{crate::format::optional_decimal(rate.attempt_fee.as_ref())}</td>
            <td>{if rate.reject_calls { t.yes } else { t.no }}</td>
            <td>{time(&rate.valid_from)}</td>
            <td>{time(&rate.valid_till)}</td>
            <td>{tags}</td>
            {cost}
        </tr>
    }
}

/// The matching rates, the longest prefix first, with each one's cost for `seconds`, and the
/// cost of the one that applies part by part.
fn results_view(lookup: &Lookup, found: &CheckRate, seconds: Option<u64>) -> impl IntoView {
    let t = texts();
    let zone = expect_context::<Prefs>().zone();
    let rates = found.longest_prefix_first();
    let heading = (t.rates_for_number)(&lookup.number);
    if rates.is_empty() {
        return view! {
            <h2>{heading}</h2>
            <p class="empty">{t.no_matching_rate}</p>
        }
        .into_any();
    }
    let cost_head =
        seconds.map(|s| view! { <th scope="col">{(t.cost_of_call)(&s.to_string())}</th> });
    let rows = rates
        .iter()
        .enumerate()
        .map(|(index, rate)| rate_row(rate, index == 0, seconds, zone))
        .collect_view();
    let heads = [
        "prefix",
        "initial-rate",
        "initial-interval",
        "next-rate",
        "next-interval",
        "connect-fee",
        "attempt-fee",
        "reject-calls",
        "valid-from",
        "valid-till",
    ]
    .map(|name| view! { <th scope="col">{field_label(name)}</th> });
    let breakdown = seconds.zip(rates.first()).map(|(s, applying)| {
        cost_breakdown(
            &applying.prefix,
            s,
            call_cost(&applying.tariff(), s),
            applying,
        )
    });
    let (region_label, caption) = (heading.clone(), heading.clone());
    view! {
        <h2>{heading}</h2>
        <p class="hint">{t.rates_per_minute}</p>
        <div class="table-scroll" tabindex="0" role="region" aria-label=region_label>
            <table class="data-table" id="check-rate-table">
                <caption class="visually-hidden">{caption}</caption>
                <thead>
                    <tr>{heads.into_iter().collect_view()}<th scope="col">{t.routing_tags}</th>{cost_head}</tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        {breakdown}
    }
    .into_any()
}

/// What a call of `seconds` costs under the rate that applies, part by part.
fn cost_breakdown(prefix: &str, seconds: u64, cost: CallCost, rate: &MatchedRate) -> impl IntoView {
    let t = texts();
    let parts = if cost.answered {
        let mut parts = vec![
            (t.cost_connect_fee.to_string(), cost.connect_fee),
            (
                (t.cost_initial)(
                    &cost.initial_seconds.to_string(),
                    &crate::format::decimal(&rate.initial_rate),
                )
                .get(),
                cost.initial_amount,
            ),
        ];
        if cost.next_intervals > 0 {
            parts.push((
                (t.cost_next)(
                    &cost.next_intervals.to_string(),
                    &rate.next_interval.max(1).to_string(),
                    &crate::format::decimal(&rate.next_rate),
                )
                .get(),
                cost.next_amount,
            ));
        }
        parts
    } else {
        vec![(field_label("attempt-fee"), cost.attempt_fee)]
    };
    let lines = parts
        .into_iter()
        .map(|(what, amount)| view! { <dt>{what}</dt><dd class="num">{shown_cost(amount)}</dd> })
        .collect_view();
    view! {
        <section class="call-cost" data-prefix=prefix.to_owned()>
            <h3>{(t.cost_of_call)(&seconds.to_string())} " — " {prefix.to_owned()}</h3>
            {(!cost.answered).then(|| view! { <p class="hint">{t.cost_unanswered}</p> })}
            <dl>
                {lines}
                <dt class="total">{t.cost_total}</dt>
                <dd class="num total" data-total=cost.total.normalize().to_string()>{shown_cost(cost.total)}</dd>
            </dl>
        </section>
    }
}
