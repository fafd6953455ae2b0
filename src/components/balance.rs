//! A warning about a balance at or near its account's minimum, as the overview and the
//! account's page show it.

use crate::i18n::texts;
use api_model::money::{Standing, standing};
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
