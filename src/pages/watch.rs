//! The customer's watch rules (`/alerts`): per account, its balance below an amount, its credit
//! ahead below a time, its spend of the last hour above an amount, its ASR of the last hour
//! below a percentage (`api_model::watch`). They are the customer's data (`Kept::WatchRules`):
//! beside the session's credential, forgotten when it ends, never seen by another customer.
//! While any page is shown, the watcher (`watcher`) checks them and alerts.

use crate::access::Access;
use crate::components::credit_ahead::forecast_words;
use crate::components::shell::Watching;
use crate::format;
use crate::i18n::{Text, Texts, error_text, texts, tr};
use crate::kept::{self, Kept};
use crate::pages::account_choices::{AccountOptions, AccountsFailed, session_accounts};
use crate::prefs::Prefs;
use api_model::errors::ApiError;
use api_model::stats::{Direction, StatsMetric};
use api_model::watch::{
    Condition, ConditionKind, Figure, LimitError, MOST_HOURS, MOST_RULES, RULES_VERSION, Rule,
    Rules,
};
use chrono::{DateTime, Utc};
use leptos::prelude::*;

mod look;
mod notify;
mod one_tab;
mod watcher;

pub use watcher::watcher;

/// The customer's rules as kept; none when there are none or they cannot be read.
pub fn kept_rules() -> Rules {
    kept::read_customer::<Rules>(Kept::WatchRules)
        .filter(|rules| rules.version == RULES_VERSION)
        .unwrap_or_default()
}

/// Keeps the customer's rules (none: the key goes).
pub fn keep_rules(rules: &Rules) {
    kept::write_customer(Kept::WatchRules, rules, rules.is_empty());
}

/// How the last check went. Kept here, with the watcher's code, rather than as signals of the
/// shell, whose every new type of signal weighs on every page: the watcher writes it and moves
/// `Watching::looked`, which the rules page follows.
#[derive(Debug, Clone, Default)]
pub struct LastCheck {
    pub checking: bool,
    pub ended_at: Option<DateTime<Utc>>,
    pub failed: Option<ApiError>,
}

thread_local! {
    static LAST_CHECK: std::cell::RefCell<LastCheck> = std::cell::RefCell::default();
}

pub fn last_check() -> LastCheck {
    LAST_CHECK.with_borrow(LastCheck::clone)
}

/// Changes how the last check went (a new session's watcher starts it afresh).
pub fn note_check(change: impl FnOnce(&mut LastCheck)) {
    LAST_CHECK.with_borrow_mut(change);
}

/// What the profile lets rules read: the calls' prices, and the ASR (originated side).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readable {
    pub prices: bool,
    pub asr: bool,
}

impl Readable {
    /// `None` until the profile is read. Tracked.
    pub fn of(access: Option<Access>) -> Option<Readable> {
        let Some(access) = access else {
            return Some(Readable {
                prices: true,
                asr: true,
            });
        };
        let side = access.stats(Direction::Origination)?;
        Some(Readable {
            prices: side.shown(StatsMetric::TotalPrice),
            asr: side.shown(StatsMetric::Asr),
        })
    }

    pub fn allows(self, kind: ConditionKind) -> bool {
        match kind {
            ConditionKind::BalanceBelow => true,
            ConditionKind::AsrBelow => self.asr,
            _ => self.prices,
        }
    }
}

/// A rule in words: "Lviv Overdraft: balance below 0.00 EUR".
pub fn rule_words(rule: &Rule) -> String {
    let currency = rule.currency.as_deref().unwrap_or_default();
    let limit = match &rule.condition {
        Condition::BalanceBelow(amount) | Condition::SpendAbove(amount) => {
            format::money(Some(amount), currency)
        }
        Condition::CreditAheadBelow(hours) => format::count(u64::from(*hours)),
        Condition::AsrBelow(share) => format::decimal(share),
    };
    let kind = rule.condition.kind().slug();
    (texts().watch_rule)(&rule.account_name, kind, &limit).get()
}

/// What a rule was read from, in words: "-12.50 EUR", "in about 3 days", "35.5 %".
pub fn figure_words(figure: Figure, currency: Option<&str>) -> String {
    match figure {
        Figure::Money(amount) => format::money(Some(&amount), currency.unwrap_or_default()),
        Figure::Forecast(forecast) => forecast_words(forecast),
        Figure::Percent(share) => format!("{} %", format::decimal(&share)),
    }
}

/// When, in the customer's zone.
pub fn time_words(at: &DateTime<Utc>) -> String {
    let zone = use_context::<Prefs>().map_or(format::Zone::Utc, |p| p.zone());
    format::timestamp_in(at, zone)
}

fn kind_label(t: &Texts, kind: ConditionKind) -> Text {
    match kind {
        ConditionKind::BalanceBelow => t.watch_kind_balance_below,
        ConditionKind::CreditAheadBelow => t.watch_kind_credit_ahead_below,
        ConditionKind::SpendAbove => t.watch_kind_spend_above,
        ConditionKind::AsrBelow => t.watch_kind_asr_below,
    }
}

fn limit_error_text(error: LimitError) -> String {
    let t = texts();
    match error {
        LimitError::Missing => t.watch_limit_missing.get().to_owned(),
        LimitError::NotANumber => t.watch_limit_not_a_number.get().to_owned(),
        LimitError::NotWholeHours | LimitError::HoursOutOfRange => {
            (t.watch_limit_hours_out_of_range)(&format::count(u64::from(MOST_HOURS))).get()
        }
        LimitError::Negative => t.watch_limit_negative.get().to_owned(),
        LimitError::OverAHundred => t.watch_limit_over_a_hundred.get().to_owned(),
    }
}

/// The rules page: the form that adds a rule, the rules with where each stands, the last check.
pub fn rules_page() -> impl IntoView {
    let watching = expect_context::<Watching>();
    let rules = RwSignal::new(kept_rules());
    // Read again whenever the watcher has checked or another tab changed them.
    Effect::new(move |_| {
        watching.looked.track();
        rules.set(kept_rules());
    });
    let change = move |edit: &dyn Fn(&mut Rules) -> bool| {
        let mut kept = kept_rules();
        if !edit(&mut kept) {
            return false;
        }
        keep_rules(&kept);
        rules.set(kept.clone());
        watching.on.set(!kept.is_empty());
        watching.changed.update(|n| *n = n.wrapping_add(1));
        true
    };
    let change = StoredValue::new_local(change);
    let add = move |account: (&str, &str, Option<&str>), condition: Condition| {
        change.with_value(|change| change(&|rules| rules.add(account, condition)))
    };
    let remove = move |id: u32| {
        change.with_value(|change| {
            change(&|rules| {
                rules.remove(id);
                true
            })
        });
    };
    view! {
        <section class="watch-page">
            <h1>{tr(|t| t.nav_watch)}</h1>
            <p class="hint">{tr(|t| t.watch_intro)}</p>
            {rule_form(add)}
            {rule_list(rules, remove)}
            {check_line(watching)}
            {notify::permission_control()}
        </section>
    }
}

/// The form that adds a rule: an account, a kind of rule the profile allows, a limit checked
/// before anything is kept.
fn rule_form(
    add: impl Fn((&str, &str, Option<&str>), Condition) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let accounts = session_accounts(None);
    let readable = {
        let access = use_context::<Access>();
        Memo::new(move |_| Readable::of(access))
    };
    let account = RwSignal::new(String::new());
    crate::pages::account_choices::choose_the_only_account(
        accounts,
        move || account.with_untracked(String::is_empty),
        move |id| account.set(id),
    );
    let kind = RwSignal::new(ConditionKind::BalanceBelow);
    let limit = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let chosen = account.get_untracked();
        let found = accounts.with_data(|list| {
            let a = list?.iter().find(|a| a.id == chosen)?;
            Some((a.attributes.name.clone(), a.attributes.currency.clone()))
        });
        let Some((name, currency)) = found else {
            return;
        };
        match kind.get_untracked().with_limit(&limit.get_untracked()) {
            Err(error) => problem.set(Some(limit_error_text(error))),
            Ok(condition) => {
                let added = add((&chosen, &name, currency.as_deref()), condition);
                let too_many = (texts().watch_too_many)(&format::count(MOST_RULES as u64));
                problem.set((!added).then(|| too_many.get()));
                if added {
                    limit.set(String::new());
                }
            }
        }
    };
    view! {
        <form class="watch-form" on:submit=submit novalidate>
            <label>
                {tr(|t| t.account)}
                <select name="account" on:change=move |ev| account.set(event_target_value(&ev))>
                    <option value="" selected=move || account.with(String::is_empty)></option>
                    <AccountOptions accounts chosen=account />
                </select>
            </label>
            <AccountsFailed accounts />
            <label>
                {tr(|t| t.watch_condition)}
                <select name="condition" on:change=move |ev| {
                    if let Some(k) = ConditionKind::from_slug(&event_target_value(&ev)) {
                        kind.set(k);
                    }
                }>{kind_options(kind, readable)}</select>
            </label>
            <label>
                {tr(|t| t.watch_limit)}
                <input
                    name="limit"
                    inputmode="decimal"
                    prop:value=limit
                    on:input=move |ev| {
                        limit.set(event_target_value(&ev));
                        problem.set(None);
                    }
                    aria-invalid=move || problem.with(Option::is_some).to_string()
                    aria-describedby="watch-limit-problem"
                />
            </label>
            <p class="form-error" id="watch-limit-problem" role="alert">{move || problem.get()}</p>
            <button type="submit" class="watch-add" disabled=move || account.with(String::is_empty)>
                {tr(|t| t.watch_add)}
            </button>
        </form>
        {move || withheld_note(readable.get()?)}
    }
}

/// The kinds of rule, those the profile does not allow disabled.
fn kind_options(kind: RwSignal<ConditionKind>, readable: Memo<Option<Readable>>) -> impl IntoView {
    ConditionKind::ALL
        .into_iter()
        .map(|k| {
            let allowed = move || readable.get().is_some_and(|r| r.allows(k));
            view! {
                <option value=k.slug() selected=move || kind.get() == k disabled=move || !allowed()>
                    {move || kind_label(texts(), k).get()}
                </option>
            }
        })
        .collect_view()
}

/// Why some kinds of rule are not offered.
fn withheld_note(readable: Readable) -> Option<impl IntoView + use<>> {
    (!readable.prices || !readable.asr)
        .then(|| view! { <p class="hint watch-withheld">{tr(|t| t.watch_withheld)}</p> })
}

/// The rules, each with where it stands and a button that removes it.
fn rule_list(
    rules: RwSignal<Rules>,
    remove: impl Fn(u32) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let items = move || {
        rules
            .get()
            .rules
            .into_iter()
            .map(|rule| {
                let words = rule_words(&rule);
                let standing = match rule.fired {
                    None => texts().watch_quiet.get().to_owned(),
                    Some(fired) => {
                        let seen = figure_words(fired.figure, rule.currency.as_deref());
                        (texts().watch_firing)(&time_words(&fired.at), &seen).get()
                    }
                };
                let label = format!("{}: {words}", texts().watch_remove.get());
                let id = rule.id;
                view! {
                    <li class="watch-rule" class:firing=rule.fired.is_some() data-rule=id>
                        <span class="watch-rule-words">{words}</span>
                        " "
                        <span class="watch-rule-standing hint">{standing}</span>
                        <button type="button" class="watch-remove" aria-label=label on:click=move |_| remove(id)>
                            "×"
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <h2>{tr(|t| t.watch_rules)}</h2>
        <p class="hint" hidden=move || !rules.with(Rules::is_empty)>{tr(|t| t.watch_none)}</p>
        <ul class="watch-rules">{items}</ul>
    }
}

/// When the rules were last checked, or why that failed; and a button that checks them now.
fn check_line(watching: Watching) -> impl IntoView {
    let said = move || {
        let t = texts();
        watching.looked.track();
        let last = last_check();
        if last.checking {
            return t.watch_checking.get().to_owned();
        }
        match (last.failed, last.ended_at) {
            (Some(error), _) => (t.watch_check_failed)(&error_text(&error)).get(),
            (None, Some(at)) => (t.watch_checked)(&time_words(&at)).get(),
            (None, None) => String::new(),
        }
    };
    let check = move |_| watching.changed.update(|n| *n = n.wrapping_add(1));
    view! {
        <p class="watch-check">
            <span class="watch-checked" role="status">{said}</span>
            " "
            <button type="button" class="watch-check-now" on:click=check disabled=move || !watching.on.get()>
                {tr(|t| t.watch_check_now)}
            </button>
        </p>
    }
}
