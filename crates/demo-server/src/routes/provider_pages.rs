//! Pages the demo serves in place of outside services, outside the API (never faulted):
//!
//! - `GET /__demo/cryptomus/:id`: the payment provider's page of a crypto top-up, with the
//!   amount, a "Pay" and a "Cancel" button (forms posting to `…/pay` and `…/cancel`). Both end
//!   the top-up and send the browser back to the portal's top-up page,
//!   `{public_url}payments/top-up`.
//! - `GET /__demo/phone-system?session=…`: the hosted PBX a phone-system session opens.
//!
//! Plain HTML, no script; whoever has a page's address may use it, as with the real provider.

use crate::model::money::{PaymentRecord, PaymentStatus, amount_text};
use crate::routes::payments::{Outcome, PAYMENT_PAGES, finish_top_up, top_up};
use crate::routes::phone_systems::PHONE_SYSTEM_PAGE;
use crate::routes::state::AppState;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use std::collections::HashMap;
use std::sync::Arc;

/// What the pages need: the data, and where the portal is.
#[derive(Clone)]
pub struct Pages {
    pub state: Arc<AppState>,
    /// The portal's path, `/` or `/portal/`.
    pub portal: String,
}

/// The pages' routes, for the portal served under `public_url`.
pub fn routes(state: Arc<AppState>, public_url: &str) -> Router {
    let pages = Pages {
        state,
        portal: portal_config::normalize_public_url(public_url),
    };
    Router::new()
        .route(&format!("{PAYMENT_PAGES}/{{id}}"), get(payment_page))
        .route(&format!("{PAYMENT_PAGES}/{{id}}/pay"), post(pay))
        .route(&format!("{PAYMENT_PAGES}/{{id}}/cancel"), post(cancel))
        .route(PHONE_SYSTEM_PAGE, get(phone_system_page))
        .with_state(pages)
}

/// Text made safe inside HTML, in text and in quoted attribute values.
fn escape(text: &str) -> String {
    html_escape::encode_quoted_attribute(text).into_owned()
}

/// A whole page around `body` (HTML already escaped), with a policy that allows only its own
/// style and forms posting back here.
fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style>\
         body{{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}}\
         .stand-in{{color:#555;font-size:.9rem}}dt{{font-weight:600}}dd{{margin:0 0 .5rem}}\
         form{{display:inline-block;margin-right:.5rem}}button{{font-size:1rem;padding:.5rem 1rem}}\
         </style></head><body><main>{body}</main></body></html>\n",
        title = escape(title),
    );
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
            ),
        ],
        html,
    )
        .into_response()
}

fn not_found(what: &str) -> Response {
    page(
        StatusCode::NOT_FOUND,
        "Not found",
        &format!("<h1>Not found</h1><p>{}</p>", escape(what)),
    )
}

/// `25.5 USD`.
fn amount_with_currency(payment: &PaymentRecord) -> String {
    let amount = amount_text(payment.attributes.amount);
    match &payment.attributes.currency {
        Some(currency) => format!("{amount} {currency}"),
        None => amount,
    }
}

async fn payment_page(State(pages): State<Pages>, Path(id): Path<String>) -> Response {
    let Some(payment) = top_up(&pages.state.data, &id) else {
        return not_found("There is no such payment.");
    };
    let amount = escape(&amount_with_currency(&payment));
    let account = pages
        .state
        .data
        .accounts
        .get(payment.account)
        .map_or_else(String::new, |a| escape(&a.attributes.name));
    let notes = escape(payment.attributes.notes.as_deref().unwrap_or(""));
    let status = &payment.attributes.status;
    let action = |what: &str| format!("{PAYMENT_PAGES}/{}/{what}", escape(&payment.id));
    let next = match status {
        PaymentStatus::Pending => format!(
            "<form method=\"post\" action=\"{}\"><button type=\"submit\">Pay {amount}</button></form>\
             <form method=\"post\" action=\"{}\"><button type=\"submit\">Cancel</button></form>",
            action("pay"),
            action("cancel"),
        ),
        final_status => format!(
            "<p>This payment is {}. <a href=\"{}\">Back to the portal</a></p>",
            final_status.as_str(),
            escape(&top_up_page(&pages)),
        ),
    };
    page(
        StatusCode::OK,
        &format!("Top-up of {}", amount_with_currency(&payment)),
        &format!(
            "<p class=\"stand-in\">The demo server's stand-in for the Cryptomus payment page: \
             nothing is charged.</p><h1>Top-up of {amount}</h1><dl><dt>Account</dt><dd>{account}</dd>\
             <dt>Notes</dt><dd>{notes}</dd><dt>Status</dt><dd class=\"status\">{}</dd></dl>{next}",
            status.as_str()
        ),
    )
}

/// The portal's page that follows a top-up.
fn top_up_page(pages: &Pages) -> String {
    format!("{}payments/top-up", pages.portal)
}

/// Ends the top-up and sends the browser back to the portal (303, so it asks with GET).
fn finish(pages: &Pages, id: &str, outcome: Outcome) -> Response {
    match finish_top_up(&pages.state.data, id, outcome) {
        Some(_) => Redirect::to(&top_up_page(pages)).into_response(),
        None => not_found("There is no such payment."),
    }
}

async fn pay(State(pages): State<Pages>, Path(id): Path<String>) -> Response {
    finish(&pages, &id, Outcome::Paid)
}

async fn cancel(State(pages): State<Pages>, Path(id): Path<String>) -> Response {
    finish(&pages, &id, Outcome::Canceled)
}

async fn phone_system_page(
    State(pages): State<Pages>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let data = &pages.state.data;
    let service = query
        .get("session")
        .and_then(|session| pages.state.phone_sessions.service(session))
        .and_then(|index| data.services.get(index));
    let Some(service) = service else {
        return not_found("This phone-system session is unknown or has ended.");
    };
    let name = escape(&service.attributes.name);
    page(
        StatusCode::OK,
        &format!("Phone system: {}", service.attributes.name),
        &format!(
            "<p class=\"stand-in\">The demo server's stand-in for the hosted PBX \
             (phone.systems) a real switch signs you in to.</p>\
             <h1>Phone system</h1><p>Signed in to the phone system of <strong>{name}</strong>.</p>"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("<b>\"Tom\" & 'Jerry'</b>"),
            "&lt;b&gt;&quot;Tom&quot; &amp; &#x27;Jerry&#x27;&lt;/b&gt;"
        );
    }
}
