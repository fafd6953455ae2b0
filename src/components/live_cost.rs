//! The live calls' running cost and capacity (issue 45): what the calls of the page's snapshot
//! have cost so far, the account's total and the costliest destination prefixes and networks,
//! and the account's calls against its capacity. They draw what the page worked out once per answer
//! (`api_model::live_cost`) and ask nothing themselves.
//!
//! What every first load carries stays as it was: the stylesheet and the texts of the
//! document come with the sign-in page too, so there are no style rules of their own (the
//! bar's geometry is set on the element, through the CSSOM, which the CSP allows; the rest
//! reuses the tables' and notices' classes), the words are the CDR's "Price" and the
//! statistics' "Total price", and the capacity's figures need no words but its name.

use crate::format;
use crate::i18n::{texts, tr};
use api_model::live_cost::{
    CapacityKind, CapacityUse, CostTotal, LiveCosts, NetworkTotal, shown_cost,
};
use leptos::prelude::*;
use rust_decimal::Decimal;

/// How many destination prefixes (and networks) the totals name, the costliest first: what a
/// wall screen reads at a glance; the account's total counts them all.
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

fn total_row(name: &str, total: &CostTotal) -> impl IntoView + use<> {
    let name = if name.is_empty() {
        format::DASH.to_owned()
    } else {
        name.to_owned()
    };
    view! {
        <tr>
            <th scope="row">{name}</th>
            <td class="num">{format::count(total.calls)}</td>
            <td class="num">{cost_figure(total.cost)}</td>
        </tr>
    }
}

/// A table of totals, the costliest first: what each row is (its heading `named`), its calls
/// and their cost so far; a screen reader walks it by its headings.
fn totals_table(
    class: &'static str,
    named: fn() -> String,
    rows: &[(&str, &CostTotal)],
    currency: String,
) -> impl IntoView + use<> {
    let rows = rows
        .iter()
        .take(PREFIXES_SHOWN)
        .map(|(name, total)| total_row(name, total))
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=named>
            <table class=format!("data-table {class}")>
                <thead>
                    <tr>
                        <th scope="col">{named}</th>
                        <th scope="col" class="num">{tr(|t| t.calls)}</th>
                        <th scope="col" class="num">{move || cost_heading(&currency)}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// The account's cost so far, and the costliest destination prefixes and (once their names
/// have come) networks; calls without a rate are counted apart, in words.
pub fn cost_totals(
    costs: &LiveCosts,
    networks: Option<Vec<NetworkTotal>>,
    currency: String,
) -> impl IntoView + use<> {
    let total = format::money(costs.account.cost.map(shown_cost).as_ref(), &currency);
    let without = costs.account.without_cost;
    let prefixes: Vec<_> = costs
        .by_prefix
        .iter()
        .map(|p| (p.prefix.as_str(), &p.total))
        .collect();
    let by_prefix = totals_table(
        "live-cost-prefixes",
        || texts().column_destination.get().to_owned(),
        &prefixes,
        currency.clone(),
    );
    let by_network = networks.map(|networks| {
        let rows: Vec<_> = networks
            .iter()
            .map(|n| (n.network.as_str(), &n.total))
            .collect();
        totals_table(
            "live-cost-networks",
            || crate::resources::field_label("network"),
            &rows,
            currency,
        )
    });
    view! {
        <section class="live-costs" aria-labelledby="live-costs-title">
            <h2 id="live-costs-title">{tr(|t| t.total_price)}</h2>
            <p class="live-cost-total">
                <strong>{total}</strong>
                {(without > 0).then(|| view! {
                    " · " <span class="live-cost-without">{tr(|t| t.live_cost_without_rate)} " " {format::count(without)}</span>
                })}
            </p>
            {by_prefix}
            {by_network}
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
