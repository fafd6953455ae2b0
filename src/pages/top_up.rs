//! `/payments/top-up`: the customer tops an account up in cryptocurrency. The form
//! (account, amount in the account's currency, notes) posts `/cryptomus-payments`, and the
//! browser goes to the payment page the server returns. The payment is remembered in this
//! browser; back here, each remembered payment is checked (`GET /cryptomus-payments/:id`) until
//! the server says it is final, then shown with the account's new balance.

use crate::components::problems::FieldProblems;
use crate::components::support::SupportNote;
use crate::http::Api;
use crate::i18n::{error_text, texts, tr};
use crate::kept::{self, Kept};
use crate::pages::account_choices::{
    AccountOptions, AccountsFailed, choose_the_only_account, currency_of, session_accounts,
};
use crate::routing::{Page, record_href};
use crate::write::{Problem, Write};
use api_model::catalog::Collection;
use api_model::document::{Document, Resource};
use api_model::errors::ApiError;
use api_model::money::{AmountProblem, top_up_amount, top_up_document};
use leptos::prelude::*;
use leptos::task::spawn_local;
use portal_config::web_url;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How often a pending top-up is checked while the page is open.
pub const CHECK_EVERY: Duration = Duration::from_secs(3);
/// The form's fields, as the server's 422 pointers name them.
const FIELDS: [&str; 3] = ["account", "amount", "notes"];

/// A top-up this browser started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Started {
    /// The payment's id.
    id: String,
    account_id: String,
    /// As shown: amount and currency.
    amount: String,
    /// The provider's page, to go back to while it is pending.
    url: String,
}

/// The top-ups this customer started in this browser (`kept::Kept::TopUps`); an entry whose
/// provider link is not a plain web address is dropped, whatever put it there.
fn remembered() -> Vec<Started> {
    let mut list: Vec<Started> = kept::read_customer(Kept::TopUps).unwrap_or_default();
    list.retain(|started| web_url(&started.url).is_some());
    list
}

fn remember(list: &[Started]) {
    kept::write_customer(Kept::TopUps, &list, list.is_empty());
}

/// A top-up as sent: the server's document, and what this browser remembers of it.
#[derive(Clone)]
struct TopUp {
    document: serde_json::Value,
    account_id: String,
    /// As shown: amount and currency.
    shown_amount: String,
}

type Created = Document<Resource<serde_json::Value>>;

/// Remembers the created top-up and sends the browser to the provider's page; refused when
/// the server gave no plain web address to go to.
fn go_to_provider(
    top_up: &TopUp,
    created: &Created,
    leaving: RwSignal<bool>,
) -> Result<(), String> {
    // The provider's page is followed and kept only as a plain web address.
    let provider_page = created
        .data
        .attributes
        .get("url")
        .and_then(|u| u.as_str())
        .and_then(web_url)
        .map(str::to_owned);
    let Some(url) = provider_page else {
        return Err(texts().top_up_no_provider_page.to_string());
    };
    let mut list = remembered();
    list.retain(|s| s.id != created.data.id);
    list.push(Started {
        id: created.data.id.clone(),
        account_id: top_up.account_id.clone(),
        amount: top_up.shown_amount.clone(),
        url: url.clone(),
    });
    remember(&list);
    let _ = leaving.try_set(true);
    if let Some(window) = web_sys::window() {
        let _ = window.location().assign(&url);
    }
    Ok(())
}

/// What is wrong with the form's account and amount, before anything is sent.
fn checked_amount(account_id: &str, typed: &str) -> Result<Decimal, Vec<Problem<String>>> {
    let t = texts();
    let mut found = Vec::new();
    if account_id.is_empty() {
        found.push((Some("account"), t.choose_account_error.to_string()));
    }
    match top_up_amount(typed) {
        Ok(value) if found.is_empty() => return Ok(value),
        Ok(_) => {}
        Err(AmountProblem::TooSmall) => {
            found.push((Some("amount"), t.amount_too_small.to_string()))
        }
        Err(AmountProblem::Unreadable(typed)) => {
            found.push((Some("amount"), (t.amount_unreadable)(&typed).get()))
        }
    }
    Err(found)
}

/// The top-up's request: on its answer, off to the provider's page.
fn top_up_write(path: &'static str, leaving: RwSignal<bool>) -> Write<TopUp, Created> {
    let api = expect_context::<Api>();
    Write::new(
        FIELDS,
        move |top_up: TopUp| {
            let api = api.clone();
            async move { api.create(path, &top_up.document, None).await }
        },
        move |top_up, created| go_to_provider(top_up, created, leaving),
    )
}

/// The top-up form of `collection` (payments), as its declaration's [`Form::TopUp`] says:
/// its own view, as what follows the answer (the provider's page, the payment followed until
/// final) is more than declared inputs say.
///
/// [`Form::TopUp`]: api_model::catalog::Form::TopUp
pub fn top_up_page(collection: Collection) -> impl IntoView {
    let accounts = session_accounts(None);
    let account = RwSignal::new(String::new());
    let amount = RwSignal::new(String::new());
    let notes = RwSignal::new(String::new());
    let leaving = RwSignal::new(false);
    let path = collection
        .creation()
        .map_or(collection.path(), |form| form.path);
    let write = top_up_write(path, leaving);
    choose_the_only_account(
        accounts,
        move || account.with_untracked(String::is_empty),
        move |id| account.set(id),
    );
    let currency = move || currency_of(accounts, &account.get());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let account_id = account.get_untracked();
        match checked_amount(&account_id, &amount.get_untracked()) {
            Err(found) => write.refuse(found),
            Ok(value) => {
                write.dispatch(TopUp {
                    document: top_up_document(&account_id, value, &notes.get_untracked()),
                    shown_amount: crate::format::money(Some(&value), &currency()),
                    account_id,
                });
            }
        }
    };
    view! {
        <section class="top-up-page">
            <p class="breadcrumb">
                <a href=crate::routing::href(&Page::List(collection).href())>{move || texts().resource(collection).title}</a>
            </p>
            <h1>{tr(|t| t.top_up)}</h1>
            {tracked_top_ups(collection)}
            <p class="hint">{tr(|t| t.top_up_hint)}</p>
            {write.above_form()}
            <form class="export-form top-up-form" on:submit=submit novalidate=true>
                <label>
                    {tr(|t| t.account)}
                    <select name="account" on:change=move |ev| account.set(event_target_value(&ev))>
                        <option value="" disabled=true selected=move || account.with(String::is_empty)>{tr(|t| t.choose_an_account)}</option>
                        <AccountOptions accounts chosen=account />
                    </select>
                    <FieldProblems texts=write.texts_at(Some("account")) />
                    <AccountsFailed accounts />
                </label>
                <label>
                    {move || match currency() {
                        currency if currency.is_empty() => texts().top_up_amount.to_string(),
                        currency => (texts().top_up_amount_in)(&currency).get(),
                    }}
                    <input type="text" name="amount" inputmode="decimal" autocomplete="off"
                        prop:value=move || amount.get()
                        on:input=move |ev| amount.set(event_target_value(&ev)) />
                    <FieldProblems texts=write.texts_at(Some("amount")) />
                </label>
                <label>
                    {tr(|t| t.top_up_notes)}
                    <input type="text" name="notes" prop:value=move || notes.get()
                        on:input=move |ev| notes.set(event_target_value(&ev)) />
                    <FieldProblems texts=write.texts_at(Some("notes")) />
                </label>
                <button type="submit" class="primary" disabled=move || write.pending() || leaving.get()>
                    {move || {
                        let t = texts();
                        if leaving.get() { t.top_up_leaving } else if write.pending() { t.top_up_submitting } else { t.top_up_submit }
                    }}
                </button>
            </form>
        </section>
    }
}

/// Where a remembered top-up stands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Progress {
    Waiting,
    /// Final: the payment's status and the account's balance now, as shown.
    Done {
        status: String,
        balance: Option<String>,
    },
}

/// The top-ups this browser started, each followed until final. A final one is forgotten once
/// shown.
fn tracked_top_ups(payments: Collection) -> impl IntoView {
    let api = expect_context::<Api>();
    let started = remembered();
    if started.is_empty() {
        return None;
    }
    let items = started
        .into_iter()
        .map(|top_up| {
            let progress = RwSignal::new(Progress::Waiting);
            let error = RwSignal::new(None::<ApiError>);
            follow(api.clone(), top_up.clone(), progress, error);
            let t = texts();
            let amount = top_up.amount.clone();
            let url = top_up.url.clone();
            let payment = record_href(payments, &top_up.id).unwrap_or_default();
            view! {
                <li class="top-up" data-payment=top_up.id.clone()>
                    {move || match progress.get() {
                        Progress::Waiting => view! {
                            <span role="status">{(t.top_up_waiting)(&amount)}</span> " "
                            <a href=url.clone()>{t.top_up_continue}</a>
                        }.into_any(),
                        Progress::Done { status, balance } => {
                            let paid = status == "completed";
                            let text = if paid { (t.top_up_paid)(&amount) } else { (t.top_up_canceled)(&amount) };
                            view! {
                                <span role="status" data-status=status>{text}</span> " "
                                {balance.map(|b| view! { <span class="new-balance">{t.balance} ": " {b}</span> })} " "
                                <a href=crate::routing::href(&payment)>{t.resource(payments).title}</a>
                                {(!paid).then(|| view! { <SupportNote lead=|t| t.payment_failed_help /> })}
                            }.into_any()
                        }
                    }}
                    {move || error.get().map(|e| view! { <span class="field-error" role="alert">{error_text(&e)}</span> })}
                </li>
            }
        })
        .collect_view();
    Some(view! {
        <section class="top-ups">
            <h2>{tr(|t| t.your_top_ups)}</h2>
            <ul>{items}</ul>
        </section>
    })
}

/// Checks the payment every [`CHECK_EVERY`] while the page is shown (one request at a time)
/// until the server's `url` is gone, then reads its final status and the account's balance.
fn follow(
    api: Api,
    top_up: Started,
    progress: RwSignal<Progress>,
    error: RwSignal<Option<ApiError>>,
) {
    let shown = StoredValue::new(true);
    on_cleanup(move || shown.set_value(false));
    let check = format!(
        "cryptomus-payments/{}",
        api_model::query::encode_component(&top_up.id)
    );
    spawn_local(async move {
        loop {
            if !shown.try_get_value().unwrap_or(false) {
                return;
            }
            let answer: Result<Document<Resource<serde_json::Value>>, ApiError> =
                api.get(&check, "", None).await;
            match answer {
                Ok(document)
                    if document
                        .data
                        .attributes
                        .get("url")
                        .is_some_and(|u| !u.is_null()) =>
                {
                    let _ = error.try_set(None);
                }
                Ok(_) => break,
                // Not a top-up this customer can see (any more): nothing to follow.
                Err(e) if e.status() == Some(404) => {
                    forget(&top_up.id);
                    let _ = error.try_set(Some(e));
                    return;
                }
                Err(e) => {
                    let _ = error.try_set(Some(e));
                }
            }
            gloo_timers::future::sleep(CHECK_EVERY).await;
        }
        let payment = format!(
            "payments/{}",
            api_model::query::encode_component(&top_up.id)
        );
        let account = format!(
            "accounts/{}",
            api_model::query::encode_component(&top_up.account_id)
        );
        let status = api
            .get::<Document<Resource<serde_json::Value>>>(&payment, "", None)
            .await
            .ok()
            .and_then(|d| d.data.attributes.get("status")?.as_str().map(str::to_owned))
            .unwrap_or_default();
        let balance = api
            .get::<Document<Resource<api_model::resources::Account>>>(&account, "", None)
            .await
            .ok()
            .map(|d| {
                let a = d.data.attributes;
                crate::format::money(Some(&a.balance), a.currency.as_deref().unwrap_or_default())
            });
        forget(&top_up.id);
        let _ = progress.try_set(Progress::Done { status, balance });
    });
}

fn forget(id: &str) {
    let mut list = remembered();
    list.retain(|s| s.id != id);
    remember(&list);
}
