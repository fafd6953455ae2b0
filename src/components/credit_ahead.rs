//! An account's credit ahead (`api_model::credit`): when its balance reaches its minimum at
//! the spend of the last 24 hours and at that of the last 7 days, with the spend each is
//! worked out from.

use crate::format;
use crate::i18n::{Phrase, texts};
use api_model::credit::{CreditAhead, LAST_DAY_HOURS, LAST_WEEK_HOURS, Spend, credit_ahead};
use leptos::prelude::*;
use rust_decimal::Decimal;

/// The two forecasts for the account `name`, whose balance is `headroom` above its minimum, in
/// `currency`. Its words are read once: drawn again (in a reactive closure) with the language.
pub fn credit_ahead_list(
    name: &str,
    headroom: Decimal,
    spend: Spend,
    currency: &str,
) -> impl IntoView + use<> {
    let t = texts();
    let row = |at: fn(&str) -> Phrase, spent: Decimal, hours: i64, key: &'static str| {
        let at = at(&format::money(Some(&spent), currency));
        let when = forecast_words(credit_ahead(headroom, spent, hours));
        view! {
            <div data-span=key>
                <dt>{at}</dt>
                <dd>{when}</dd>
            </div>
        }
    };
    view! {
        <div class="credit-ahead">
            <p>{(t.credit_ahead_of)(name)}</p>
            <dl>
                {row(t.credit_at_day_spend, spend.last_day, LAST_DAY_HOURS, "day")}
                {row(t.credit_at_week_spend, spend.last_week, LAST_WEEK_HOURS, "week")}
            </dl>
        </div>
    }
}

/// A forecast in words ("the minimum in about 3 days").
pub fn forecast_words(forecast: CreditAhead) -> String {
    let t = texts();
    match forecast {
        // Not asked for an account at its minimum: its balance's own warning says so.
        CreditAhead::Reached | CreditAhead::WithinTheHour => {
            t.credit_minimum_within_hour.get().to_owned()
        }
        CreditAhead::NotAtThisSpend => t.credit_minimum_not_reached.get().to_owned(),
        CreditAhead::Hours(hours) => (t.credit_minimum_in_hours)(&format::count(hours)).get(),
        CreditAhead::Days(days) => (t.credit_minimum_in_days)(&format::count(days)).get(),
    }
}
