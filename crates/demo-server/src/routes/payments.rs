//! Crypto top-ups: `POST /cryptomus-payments` validates like the real server and makes a
//! `pending` payment of type `cryptomus`, answered with the address of its payment page (here
//! the demo's stand-in, see [`crate::routes::provider_pages`]); `GET /cryptomus-payments/:id`
//! answers that address while the payment is pending and `null` once it is final. Paying on
//! the page completes the payment and raises the account's balance by its amount.

use crate::jsonapi::linkage::{ACCOUNT, related_id};
use crate::jsonapi::record::{Record, same_id};
use crate::jsonapi::responses::{self, ApiBase, Failure, RequestOrigin};
use crate::model::customers::Viewer;
use crate::model::data_set::DataSet;
use crate::model::money::{Payment, PaymentRecord, PaymentStatus, PaymentType};
use crate::routes::auth::Customer;
use crate::routes::charts::create_request_data;
use crate::routes::resources::check_path;
use crate::routes::state::AppState;
use crate::seeded::random::fresh_uuid;
use api_model::catalog::IdKind;
use api_model::document::{Document, Resource, ResourceLinks};
use api_model::money::MIN_TOP_UP;
use api_model::number::parse_decimal;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use chrono::Utc;
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::sync::Arc;

/// The JSON:API type (and path) of a top-up.
const KIND: &str = "cryptomus-payments";

/// Where the demo's stand-in for the provider's payment pages is, outside the API.
pub const PAYMENT_PAGES: &str = "/__demo/cryptomus";

/// The address of a top-up's payment page on the server at `origin`.
pub fn payment_page_url(origin: &str, id: &str) -> String {
    format!("{origin}{PAYMENT_PAGES}/{id}")
}

fn amount_error(message: &str) -> Failure {
    responses::unprocessable(message, "amount", "/data/attributes/amount")
}

/// `amount`: required, a number (text or JSON number) of at least 0.01.
fn amount_of(data: &Value) -> Result<Decimal, Failure> {
    let text = match data.pointer("/attributes/amount") {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text.trim().to_owned()),
        Some(Value::Number(number)) => Some(number.to_string()),
        Some(_) => return Err(amount_error("is not a number")),
    };
    let text = text
        .filter(|t| !t.is_empty())
        .ok_or_else(|| amount_error("can't be blank"))?;
    let amount = parse_decimal(&text).map_err(|_| amount_error("is not a number"))?;
    if amount < MIN_TOP_UP {
        return Err(amount_error(&format!(
            "must be greater than or equal to {MIN_TOP_UP}"
        )));
    }
    Ok(amount)
}

/// `notes`: optional text.
fn notes_of(data: &Value) -> Result<Option<String>, Failure> {
    match data.pointer("/attributes/notes") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(notes)) => Ok(Some(notes.clone()).filter(|n| !n.trim().is_empty())),
        Some(_) => Err(responses::unprocessable(
            "is invalid",
            "notes",
            "/data/attributes/notes",
        )),
    }
}

/// A top-up's resource: its id and the address of its payment page, `null` once final.
fn top_up_document(api: &str, origin: &str, payment: &PaymentRecord) -> Document<Resource<Value>> {
    let pending = payment.attributes.status == PaymentStatus::Pending;
    let url = pending.then(|| payment_page_url(origin, &payment.id));
    Document {
        data: Resource {
            id: payment.id.clone(),
            kind: KIND.to_owned(),
            links: Some(ResourceLinks {
                self_link: Some(format!("{api}/{KIND}/{}", payment.id)),
            }),
            attributes: json!({ "url": url }),
            relationships: Default::default(),
        },
        included: Vec::new(),
        meta: None,
        links: None,
    }
}

/// The customer's account the top-up is for. The real form looks the account up among the
/// customer's (those the access allows) and checks the result's presence, so an unknown or
/// another customer's account is as blank as a missing one.
fn top_up_account(id: Option<&str>, state: &AppState, viewer: Viewer) -> Result<usize, Failure> {
    id.and_then(|id| state.data.own_account(viewer, id))
        .ok_or_else(|| {
            responses::unprocessable("can't be blank", "account", "/data/relationships/account")
        })
}

/// `POST /cryptomus-payments`: every problem of the request in one 422 (`amount - can't be
/// blank` at `/data/attributes/amount`, `account - can't be blank` at
/// `/data/relationships/account`, …), else a new pending top-up.
pub async fn create(
    State(state): State<Arc<AppState>>,
    Customer(customer): Customer,
    ApiBase(api): ApiBase,
    RequestOrigin(origin): RequestOrigin,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Failure> {
    let data = create_request_data(&headers, &body, KIND)?;
    // `url` is the server's to give: the real resource takes only these.
    responses::only_accepted_members(&data, &["amount", "notes", "account"])?;
    let account = related_id(&data, ACCOUNT)?;
    let amount = amount_of(&data);
    let notes = notes_of(&data);
    let account = top_up_account(account.as_deref(), &state, customer);
    let problems = [
        amount.as_ref().err(),
        notes.as_ref().err(),
        account.as_ref().err(),
    ];
    responses::all_problems(problems.into_iter().flatten().cloned().collect())?;
    let (amount, notes, account) = (amount?, notes?, account?);
    let record = state
        .data
        .accounts
        .get(account)
        .map(|owner| PaymentRecord {
            id: fresh_uuid(),
            customer: customer.customer,
            account,
            attributes: Payment {
                amount,
                currency: owner.attributes.currency.clone(),
                notes,
                status: PaymentStatus::Pending,
                type_name: PaymentType::Cryptomus,
                created_at: Utc::now(),
                balance_before_payment: Some(owner.balance.get()),
                rolledback_at: None,
            },
            credited_before_start: false,
        })
        .ok_or_else(responses::internal_server_error)?;
    let document = top_up_document(&api, &origin, &record);
    state
        .data
        .payments
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .push(record);
    Ok(responses::jsonapi(StatusCode::CREATED, &document))
}

/// A copy of the customer's crypto top-up with this id (`None` for a manual payment, a
/// rolled-back one, another customer's or none).
fn own_top_up(data: &DataSet, viewer: Viewer, id: &str) -> Option<PaymentRecord> {
    let payments = data
        .payments
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    payments
        .iter()
        .find(|p| {
            same_id(IdKind::Uuid, &p.id, id)
                && p.visible_to(viewer, data)
                && p.attributes.type_name == PaymentType::Cryptomus
        })
        .cloned()
}

/// `GET /cryptomus-payments/:id`: `{url}` while pending, `url: null` once paid or canceled;
/// "Record not found" for a manual payment or another customer's.
pub async fn show(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    customer: Result<Customer, Failure>,
    ApiBase(api): ApiBase,
    RequestOrigin(origin): RequestOrigin,
) -> Result<Response, Failure> {
    let customer = check_path::<PaymentRecord>(&id, customer)?;
    let payment =
        own_top_up(&state.data, customer, &id).ok_or_else(|| responses::record_not_found(&id))?;
    Ok(responses::jsonapi(
        StatusCode::OK,
        &top_up_document(&api, &origin, &payment),
    ))
}

/// How a top-up ends on the provider's page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Paid,
    Canceled,
}

/// A copy of the crypto top-up with this id, whoever's (the provider's page knows no
/// customer: its address is the secret).
pub fn top_up(data: &DataSet, id: &str) -> Option<PaymentRecord> {
    let payments = data
        .payments
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    payments
        .iter()
        .find(|p| {
            same_id(IdKind::Uuid, &p.id, id)
                && !p.is_rolled_back()
                && p.attributes.type_name == PaymentType::Cryptomus
        })
        .cloned()
}

/// Ends a pending crypto top-up. Paid: completed, and the account's balance rises by the
/// amount (its balance before is the balance just then); canceled: only canceled. A final one
/// stays as it is. Answers the payment as it stands after; `None` when there is no such top-up.
pub fn finish_top_up(data: &DataSet, id: &str, outcome: Outcome) -> Option<PaymentRecord> {
    // Payments, then the account's balance: the one order both locks are taken in.
    let mut payments = data
        .payments
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let payment = payments.iter_mut().find(|p| {
        same_id(IdKind::Uuid, &p.id, id)
            && !p.is_rolled_back()
            && p.attributes.type_name == PaymentType::Cryptomus
    })?;
    if payment.attributes.status == PaymentStatus::Pending {
        match outcome {
            Outcome::Paid => {
                let balance = &data.accounts.get(payment.account)?.balance;
                let before = balance.credit(payment.attributes.amount);
                payment.attributes.balance_before_payment = Some(before);
                payment.attributes.status = PaymentStatus::Completed;
            }
            Outcome::Canceled => payment.attributes.status = PaymentStatus::Canceled,
        }
    }
    Some(payment.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::customers::DEMO_CUSTOMER;

    #[test]
    fn amounts_are_read_like_the_real_server() {
        let with = |amount: Value| amount_of(&json!({"attributes": {"amount": amount}}));
        let detail = |result: Result<Decimal, Failure>| match result {
            Err(Failure::JsonApi { error, .. }) => error.detail.unwrap_or_default(),
            other => panic!("{other:?}"),
        };
        assert_eq!(with(json!("25.50")).unwrap(), Decimal::new(2550, 2));
        assert_eq!(with(json!(100)).unwrap(), Decimal::from(100));
        assert_eq!(with(json!("0.01")).unwrap(), Decimal::new(1, 2));
        assert_eq!(detail(with(json!(""))), "amount - can't be blank");
        assert_eq!(
            detail(amount_of(&json!({"attributes": {}}))),
            "amount - can't be blank"
        );
        assert_eq!(detail(with(json!("ten"))), "amount - is not a number");
        assert_eq!(
            detail(with(json!("0.009"))),
            "amount - must be greater than or equal to 0.01"
        );
        assert_eq!(
            detail(with(json!(-5))),
            "amount - must be greater than or equal to 0.01"
        );
    }

    #[test]
    fn paying_raises_the_balance_once_and_canceling_does_not() {
        let data = DataSet::generate(6, Utc::now());
        let pending = |data: &DataSet| {
            data.payments
                .read()
                .unwrap()
                .iter()
                .filter(|p| {
                    p.customer == DEMO_CUSTOMER && p.attributes.status == PaymentStatus::Pending
                })
                .map(|p| (p.id.clone(), p.account, p.attributes.amount))
                .collect::<Vec<_>>()
        };
        let pending = pending(&data);
        let [(first, account, amount), (second, other_account, _), ..] = &pending[..] else {
            panic!("two pending top-ups");
        };
        let (account, other_account, amount) = (*account, *other_account, *amount);
        let before = data.accounts[account].balance.get();
        let paid = finish_top_up(&data, first, Outcome::Paid).unwrap();
        assert_eq!(paid.attributes.status, PaymentStatus::Completed);
        assert_eq!(paid.attributes.balance_before_payment, Some(before));
        assert_eq!(data.accounts[account].balance.get(), before + amount);
        // Final: paying again changes nothing.
        finish_top_up(&data, first, Outcome::Paid).unwrap();
        assert_eq!(data.accounts[account].balance.get(), before + amount);
        let unchanged = data.accounts[other_account].balance.get();
        let canceled = finish_top_up(&data, second, Outcome::Canceled).unwrap();
        assert_eq!(canceled.attributes.status, PaymentStatus::Canceled);
        assert_eq!(data.accounts[other_account].balance.get(), unchanged);
        assert!(
            finish_top_up(&data, "0b9f8b52-5d2c-11ef-9a4e-0242ac120003", Outcome::Paid).is_none()
        );
    }
}
