//! The live calls' running cost and capacity (issue 45): what the calls of the page's snapshot
//! have cost so far, the account's total and the costliest destination prefixes, and the
//! account's calls against its capacity. They draw what the page worked out once per answer
//! (`api_model::live_cost`) and ask nothing themselves.
//!
//! What every first load carries stays as it was: the stylesheet and the texts of the
//! document come with the sign-in page too, so there are no style rules of their own (the
//! bar's geometry is set on the element, through the CSSOM, which the CSP allows; the rest
//! reuses the tables' and notices' classes), the words are the CDR's "Price" and the
//! statistics' "Total price", and the capacity's figures need no words but its name.

use crate::format;
use crate::i18n::{texts, tr};
use api_model::live_cost::{CapacityKind, CapacityUse, LiveCosts, PrefixTotal, shown_cost};
use leptos::prelude::*;
use rust_decimal::Decimal;

/// How many destination prefixes the totals name, the costliest first: what a wall screen
/// reads at a glance; the account's total counts them all.
pub const PREFIXES_SHOWN: usize = 10;

/// A cost as a figure: six decimals, in the language's digits; a dash for no cost.
pub fn cost_figure(cost: Option<Decimal>) -> String {
    format::optional_decimal(cost.map(shown_cost).as_ref())
}

/// "Price (USD)", as a call's page names it: the heading of a column of costs so far in the
/// account's currency.
pub fn cost_heading(currency: &str) -> String {
    let words = crate::resources::field_label("customer-price");
    if currency.is_empty() {
        words
    } else {
        format!("{words} ({currency})")
    }
}

fn prefix_row(prefix: &PrefixTotal) -> impl IntoView + use<> {
    let name = if prefix.prefix.is_empty() {
        format::DASH.to_owned()
    } else {
        prefix.prefix.clone()
    };
    view! {
        <tr>
            <th scope="row">{name}</th>
            <td class="num">{format::count(prefix.total.calls)}</td>
            <td class="num">{cost_figure(prefix.total.cost)}</td>
        </tr>
    }
}

/// The account's cost so far and the costliest destination prefixes, in a table a screen
/// reader walks by its headings; calls without a rate are counted apart, in words.
pub fn cost_totals(costs: &LiveCosts, currency: String) -> impl IntoView + use<> {
    let total = format::money(costs.account.cost.map(shown_cost).as_ref(), &currency);
    let without = costs.account.without_cost;
    let rows = costs
        .by_prefix
        .iter()
        .take(PREFIXES_SHOWN)
        .map(prefix_row)
        .collect_view();

    view! {
        <section class="live-costs" aria-labelledby="live-costs-title">
            <h2 id="live-costs-title">{tr(|t| t.total_price)}</h2>
            <p class="live-cost-total">
                <strong>{total}</strong>
                {(without > 0).then(|| view! {
                    " · " <span class="live-cost-without">{tr(|t| t.live_cost_without_rate)} " " {format::count(without)}</span>
                })}
            </p>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="live-costs-title">
                <table class="data-table live-cost-prefixes">
                    <thead>
                        <tr>
                            <th scope="col">{tr(|t| t.column_destination)}</th>
                            <th scope="col" class="num">{tr(|t| t.calls)}</th>
                            <th scope="col" class="num">{move || cost_heading(&currency)}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

/// The capacity's name, as the account's page labels it.
fn capacity_name(kind: CapacityKind) -> String {
    crate::resources::field_label(match kind {
        CapacityKind::Origination => "origination-capacity",
        CapacityKind::Total => "total-capacity",
    })
}

/// "12 / 100 (12 %)", and near the limit the words for it: the warning is words, not a colour.
fn capacity_words(used: CapacityUse) -> String {
    let share = format!(
        "{} / {} ({} %)",
        format::count(used.calls),
        format::count(used.limit),
        format::count(used.percent)
    );
    if used.near_limit {
        format!("{share} · {}", texts().live_capacity_near_limit)
    } else {
        share
    }
}

/// The account's calls in progress against its capacity: a bar that turns to the warning's
/// colours near the limit, with the same in words beside it (and as the meter's value text).
pub fn capacity_bar(used: CapacityUse) -> impl IntoView + use<> {
    let filled = format!("{}%", used.percent.min(100));
    let (fill, class) = if used.near_limit {
        ("var(--danger)", "live-capacity balance-warning near-limit")
    } else {
        ("var(--accent)", "live-capacity")
    };
    view! {
        <div class=class data-percent=used.percent.to_string()>
            <span id="live-capacity-name">{move || capacity_name(used.kind)}</span>
            <div
                role="meter"
                aria-labelledby="live-capacity-name"
                aria-valuemin="0"
                aria-valuemax=used.limit.to_string()
                aria-valuenow=used.calls.min(used.limit).to_string()
                aria-valuetext=move || capacity_words(used)
                style:height="0.75rem"
                style:max-width="24rem"
                style:margin="0.25rem 0"
                style:border="1px solid var(--control-border)"
                style:border-radius="var(--radius)"
                style:background="var(--surface)"
                style:overflow="hidden"
            >
                <div style:width=filled style:height="100%" style:background=fill></div>
            </div>
            <span class="live-capacity-words">{move || capacity_words(used)}</span>
        </div>
    }
}
