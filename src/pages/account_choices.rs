//! The customer's accounts as every picker offers them: the session's one list
//! (`crate::accounts`), its options and its failure.

use crate::accounts::{AccountList, SessionAccounts};
use crate::http::ReadAhead;
use crate::i18n::{error_text, tr};
use crate::pages::named_choices::first_records;
use api_model::catalog::Attributes;
use api_model::resources::Account;
use leptos::prelude::*;

/// The session's accounts, asked for the first time a page of the session needs them (with
/// the answer read `ahead` of the page's code, if there is one).
pub fn session_accounts(ahead: Option<ReadAhead>) -> AccountList {
    let shared = expect_context::<SessionAccounts>();
    shared
        .get_or_make(|key| first_records(Account::COLLECTION.path(), ahead, key, |account| account))
}

/// With one account only, it is the one chosen: `choose` is given its id while `unchosen`
/// says nothing is chosen yet.
pub fn choose_the_only_account(
    accounts: AccountList,
    unchosen: impl Fn() -> bool + 'static,
    choose: impl Fn(String) + 'static,
) {
    Effect::new(move |_| {
        let only = accounts.with_data(|list| match list.map(Vec::as_slice) {
            Some([only]) => Some(only.id.clone()),
            _ => None,
        });
        if let Some(id) = only.filter(|_| untrack(&unchosen)) {
            choose(id);
        }
    });
}

/// The currency of the account `id` ("" until the list has it).
pub fn currency_of(accounts: AccountList, id: &str) -> String {
    accounts
        .with_data(|list| {
            list.and_then(|l| l.iter().find(|a| a.id == id))
                .and_then(|a| a.attributes.currency.clone())
        })
        .unwrap_or_default()
}

/// The `<option>`s of an account picker, the account `chosen` names selected.
#[component]
pub fn AccountOptions(
    accounts: AccountList,
    #[prop(into)] chosen: Signal<String>,
) -> impl IntoView {
    move || {
        let chosen = chosen.get();
        accounts.with_data(|list| {
            list.map(|list| {
                list.iter()
                    .map(|a| {
                        let selected = a.id == chosen;
                        view! { <option value=a.id.clone() selected=selected>{a.attributes.name.clone()}</option> }
                    })
                    .collect_view()
            })
        })
    }
}

/// Under a picker: why the list did not come, and a way to ask again.
#[component]
pub fn AccountsFailed(accounts: AccountList) -> impl IntoView {
    move || {
        accounts.error().map(|error| {
            view! {
                <span class="field-error" role="alert">{move || error_text(&error)}</span>
                <button type="button" on:click=move |_| accounts.retry()>{tr(|t| t.retry)}</button>
            }
        })
    }
}
