//! Warnings about balances at or near their account's minimum: one account's, as its page
//! shows it, and the overview's summary of all of them.

use crate::components::link::Link;
use crate::format;
use crate::i18n::texts;
use crate::routing::{Page, record_href};
use api_model::catalog::Attributes;
use api_model::document::Resource;
use api_model::money::{Standing, standing};
use api_model::resources::Account;
use leptos::prelude::*;
use rust_decimal::Decimal;

/// The warning for the account, if its balance calls for one; the texts are the values as
/// shown (with currency).
pub fn balance_notice(
    name: &str,
    balance: Decimal,
    min: Option<Decimal>,
    max: Option<Decimal>,
    balance_text: &str,
    min_text: &str,
) -> Option<impl IntoView + use<>> {
    let t = texts();
    let (class, text) = match standing(balance, min, max)? {
        Standing::AtOrBelowMinimum => (
            "balance-warning below-minimum",
            (t.balance_below_minimum)(name, balance_text, min_text),
        ),
        Standing::NearMinimum => (
            "balance-warning near-minimum",
            (t.balance_near_minimum)(name, balance_text, min_text),
        ),
        Standing::Comfortable => return None,
    };
    Some(view! { <p class=class role="status">{text}</p> })
}

/// How many of the accounts shown in the overview's summary are named, the lowest first.
const NAMED_IN_SUMMARY: usize = 3;

/// An account whose balance calls for a warning, as the overview's summary weighs it.
struct Flagged<'a> {
    account: &'a Resource<Account>,
    standing: Standing,
    /// How far the balance is above its minimum (negative below it): the smaller, the worse.
    headroom: Decimal,
}

fn flagged(account: &Resource<Account>) -> Option<Flagged<'_>> {
    let a = &account.attributes;
    let standing = standing(a.balance, a.min_balance, a.max_balance)?;
    (standing != Standing::Comfortable).then(|| Flagged {
        account,
        standing,
        headroom: a.balance - a.min_balance.unwrap_or_default(),
    })
}

fn notice_of(account: &Resource<Account>) -> Option<impl IntoView + use<>> {
    let a = &account.attributes;
    let currency = a.currency.as_deref().unwrap_or_default();
    balance_notice(
        &a.name,
        a.balance,
        a.min_balance,
        a.max_balance,
        &format::money(Some(&a.balance), currency),
        &format::money(a.min_balance.as_ref(), currency),
    )
}

/// The flagged accounts the overview's word on balances names: the one, or the lowest few.
fn named(accounts: &[Resource<Account>]) -> (Vec<Flagged<'_>>, usize) {
    let mut flagged: Vec<Flagged> = accounts.iter().filter_map(flagged).collect();
    flagged.sort_by_key(|f| f.headroom);
    let named = flagged.len().min(NAMED_IN_SUMMARY);
    (flagged, named)
}

/// The accounts the overview's word on balances names that are still above their minimum:
/// those whose credit ahead it tells (`api_model::credit`), with their headroom.
pub fn named_above_minimum(accounts: &[Resource<Account>]) -> Vec<String> {
    let (flagged, named) = named(accounts);
    flagged[..named]
        .iter()
        .filter(|f| f.standing == Standing::NearMinimum)
        .map(|f| f.account.id.clone())
        .collect()
}

/// What the page tells of a named account beside its balance (its credit ahead).
pub type AccountNote<'a> = &'a dyn Fn(&Resource<Account>) -> Option<AnyView>;

/// The overview's word on balances: nothing when every account is comfortable, the account's
/// own warning when one is not, and for more a summary — how many are at or below their
/// minimum, how many are close to it, the worst few by name — with a link to the accounts
/// list narrowed to them, lowest balance first. Each named account has the page's `note`.
/// Each account's page keeps its own warning.
pub fn balance_summary(accounts: &[Resource<Account>], note: AccountNote) -> Option<AnyView> {
    let (flagged, named) = named(accounts);
    match flagged.as_slice() {
        [] => return None,
        [one] => {
            let notice = notice_of(one.account)?;
            return Some(view! { {notice} {note(one.account)} }.into_any());
        }
        _ => {}
    }
    let t = texts();
    let count = |wanted: Standing| flagged.iter().filter(|f| f.standing == wanted).count();
    let (below, near) = (
        count(Standing::AtOrBelowMinimum),
        count(Standing::NearMinimum),
    );
    let lines = [
        (below, "below-minimum", t.accounts_below_minimum),
        (near, "near-minimum", t.accounts_near_minimum),
    ]
    .into_iter()
    .filter(|(count, _, _)| *count > 0)
    .map(|(count, key, text)| {
        view! { <li data-standing=key>{text(&format::count(count as u64))}</li> }
    })
    .collect_view();
    let lowest = flagged[..named]
        .iter()
        .map(|f| lowest_entry(f.account))
        .collect_view();
    let notes = flagged[..named]
        .iter()
        .filter_map(|f| note(f.account))
        .collect_view();
    let severity = if below > 0 {
        "below-minimum"
    } else {
        "near-minimum"
    };
    Some(view! {
        <section class=format!("balance-summary {severity}") role="status" aria-labelledby="balance-summary-title">
            <h2 id="balance-summary-title" class="visually-hidden">{t.balances_to_watch}</h2>
            <ul class="balance-counts">{lines}</ul>
            <p class="balance-lowest">{t.lowest_balances}</p>
            <ul class="lowest-accounts">{lowest}</ul>
            {notes}
            <p class="balance-list-link">
                <Link href=low_balances_href(&flagged)>{t.show_low_balances}</Link>
            </p>
        </section>
    }
    .into_any())
}

/// A named account of the summary, linked to its page, with its balance.
fn lowest_entry(account: &Resource<Account>) -> impl IntoView + use<> {
    let a = &account.attributes;
    let balance = format::money(Some(&a.balance), a.currency.as_deref().unwrap_or_default());
    let href = record_href(Account::COLLECTION, &account.id).unwrap_or_default();
    let name = a.name.clone();
    view! {
        <li>
            <Link href=href>{name}</Link>
            " "
            <span class="lowest-balance">{balance}</span>
        </li>
    }
}

/// The accounts list with every flagged account, lowest balance first: the balances up to the
/// highest flagged one. (Naming the accounts by id would be exact but grows the address past
/// what servers take for a reseller's hundreds of accounts.)
fn low_balances_href(flagged: &[Flagged]) -> String {
    let highest = flagged
        .iter()
        .map(|f| f.account.attributes.balance)
        .max()
        .unwrap_or_default();
    Page::List(Account::COLLECTION).href_with(&[
        ("filter[balance-lteq]", &highest.normalize().to_string()),
        ("sort", "balance"),
    ])
}
