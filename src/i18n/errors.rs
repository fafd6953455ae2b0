//! Errors as the user reads them, in the language in use. The pure crates (`api_model`,
//! `portal_config`) describe errors in English for logs and the server; these functions say the
//! same in the portal's language, keeping the server's own words and details as they came. In
//! English each gives exactly the crate's own `message()` or `Display` text.

use super::Texts;
use crate::session::Notice;
use api_model::auth::TokenError;
use api_model::errors::{ApiError, ErrorObject, Unreachable, Unreadable};
use api_model::filters::{Expected, FilterError};
use api_model::list::{ListParamsError, MAX_PAGE_SIZE};
use portal_config::ConfigError;

/// `api_model`'s stand-in for the server's words on an empty 401.
const SESSION_EXPIRED_IN_ENGLISH: &str = "Your session has expired. Please sign in again.";

/// A text the portal itself put among the server's words (`api_model`'s stand-in for an empty
/// 401), in the language in use; anything else as sent.
fn server_words(t: &Texts, text: &str) -> String {
    if text == SESSION_EXPIRED_IN_ENGLISH {
        t.session_expired.to_string()
    } else {
        text.to_owned()
    }
}

/// An error object's most helpful text: its detail, else its title.
fn object_text(t: &Texts, error: &ErrorObject) -> String {
    error
        .detail
        .as_deref()
        .filter(|d| !d.is_empty())
        .or(error.title.as_deref())
        .map_or_else(|| t.error_unknown.to_string(), |text| server_words(t, text))
}

/// A failed request as a sentence for the user: [`ApiError::message`] in the language in use.
pub fn error_text(error: &ApiError) -> String {
    let t = super::texts();
    match error {
        ApiError::Api { status, errors } if errors.is_empty() => {
            (t.status_text)(&status.to_string()).get()
        }
        ApiError::Api { errors, .. } => errors
            .iter()
            .map(|e| object_text(t, e))
            .collect::<Vec<_>>()
            .join("; "),
        ApiError::Plain { message, .. } => message.clone(),
        ApiError::Empty { status } => (t.status_text)(&status.to_string()).get(),
        ApiError::NotJson { status, excerpt } if excerpt.is_empty() => {
            (t.status_text)(&status.to_string()).get()
        }
        ApiError::NotJson { status, excerpt } => {
            format!("{} ({excerpt})", (t.status_text)(&status.to_string()).get())
        }
        ApiError::Unauthorized { message } => server_words(t, message),
        ApiError::Decode { reason, .. } => {
            (t.error_unreadable_answer)(&unreadable_text(t, reason)).get()
        }
        ApiError::Network { reason } => (t.error_unreachable)(&unreachable_text(t, reason)).get(),
        ApiError::Aborted => t.error_cancelled.to_string(),
    }
}

fn unreachable_text(t: &Texts, reason: &Unreachable) -> String {
    match reason {
        Unreachable::NoRequests => t.reason_no_requests.to_string(),
        Unreachable::Timeout { seconds } => (t.reason_timeout)(&seconds.to_string()).get(),
        Unreachable::BrokeOff { status, detail } => {
            (t.reason_broke_off)(&status.to_string(), detail).get()
        }
        Unreachable::Failed { detail } => detail.clone(),
    }
}

fn unreadable_text(t: &Texts, reason: &Unreadable) -> String {
    match reason {
        Unreadable::NotUtf8 => t.reason_not_utf8.to_string(),
        Unreadable::Malformed(detail) => detail.clone(),
        Unreadable::UnusableToken(error) => {
            (t.reason_unusable_token)(&token_error_text(error)).get()
        }
    }
}

/// What the sign-in page says about the session that ended.
pub fn notice_text(notice: &Notice) -> String {
    let t = super::texts();
    match notice {
        Notice::Expired | Notice::Rejected(None) => t.session_expired.to_string(),
        Notice::Rejected(Some(words)) => (t.signed_out_by_server)(&server_words(t, words)).get(),
        Notice::SignedOutElsewhere => t.signed_out_elsewhere.to_string(),
    }
}

/// A filter the API would refuse, as the inline message next to it.
pub fn filter_error_text(error: &FilterError) -> String {
    let t = super::texts();
    match error {
        FilterError::UnknownField(name) => (t.filter_unknown_field)(name).get(),
        FilterError::OperatorNotAllowed { field, operator } => {
            // `api_model` names a missing operator in English.
            let operator = match operator.as_str() {
                "(none)" => t.filter_no_operator.get(),
                other => other,
            };
            (t.filter_operator_not_allowed)(field, operator).get()
        }
        FilterError::EmptyValue { field } => (t.filter_empty_value)(field).get(),
        FilterError::OneValueOnly { field } => (t.filter_one_value_only)(field).get(),
        FilterError::BadValue {
            field,
            value,
            expected,
        } => match expected {
            Expected::Number => (t.filter_not_a_number)(field, value).get(),
            Expected::Uuid => (t.filter_not_an_id)(field, value).get(),
            Expected::Boolean => (t.filter_not_a_boolean)(field, value).get(),
            Expected::Time => (t.filter_not_a_time)(field, value).get(),
            Expected::IpAddress => (t.filter_not_an_ip)(field, value).get(),
            Expected::OneOf(words) => (t.filter_not_one_of)(field, value, &words.join(", ")).get(),
        },
    }
}

/// A list URL's bad paging parameter.
pub fn list_params_error_text(error: &ListParamsError) -> String {
    let t = super::texts();
    match error {
        ListParamsError::BadPageNumber(value) => (t.page_number_invalid)(value).get(),
        ListParamsError::BadPageSize(value) => {
            (t.page_size_invalid)(value, &MAX_PAGE_SIZE.to_string()).get()
        }
    }
}

/// A pasted or received token that cannot be used.
pub fn token_error_text(error: &TokenError) -> String {
    let t = super::texts();
    match error {
        TokenError::NotAJwt => t.token_not_jwt.to_string(),
        TokenError::BadPayload(reason) => (t.token_unreadable)(reason).get(),
        TokenError::Expired => t.token_already_expired.to_string(),
    }
}

/// Why `config.json` stopped the portal; the reason inside is the parser's, as given.
pub fn config_error_text(error: &ConfigError) -> String {
    let t = super::texts();
    match error {
        ConfigError::Missing { status } => (t.config_missing)(&status.to_string()).get(),
        ConfigError::Unreachable(reason) => (t.config_unreachable)(reason).get(),
        ConfigError::Malformed(reason) => (t.config_malformed)(reason).get(),
        ConfigError::Invalid(reason) => (t.config_invalid)(reason).get(),
    }
}
