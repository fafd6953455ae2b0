//! The parts of record pages that are about money and have a view of their own: an invoice's
//! breakdown, an account's balance against its limits, and the request a record offers (a
//! service's hosted phone system).

use crate::components::balance::balance_notice;
use crate::format::{Zone, ZoneMark};
use crate::http::Api;
use crate::i18n::{texts, tr};
use crate::pages::dashboard::{todays_figures, todays_list};
use crate::resources::{Cell, ColumnHead, DetailView, columns, display};
use crate::write::Write;
use api_model::catalog::{Action, Collection, Summary};
use api_model::document::{Document, Resource};
use api_model::errors::ApiError;
use api_model::money::{INVOICE_CALL_PARTS, action_document, invoice_part_fields};
use api_model::record::Value;
use api_model::stats::{Direction, TODAYS_FIGURES};
use leptos::prelude::*;
use rust_decimal::Decimal;

/// What a collection's record page shows above its attributes: the summary its declaration
/// names.
pub fn own_view(collection: Collection, detail: &DetailView, zone: Zone) -> Option<AnyView> {
    match collection.spec().summary? {
        Summary::InvoiceParts => Some(invoice_breakdown(collection, detail, zone).into_any()),
        Summary::Balance(_) => Some(account_summary(collection, detail, zone).into_any()),
    }
}

/// The invoice's figures its breakdown shows beside those of each call part
/// ([`invoice_part_fields`]): the services' amount and count, and the total.
const INVOICE_BREAKDOWN_TOTALS: [&str; 3] = [
    "services-amount-spent",
    "service-transactions-count",
    "amount-spent",
];

/// Whether a collection's own view ([`own_view`]) shows the attribute `name`, which its
/// attribute list then leaves out: each fact once on a record's page.
pub fn shown_in_own_view(collection: Collection, name: &str) -> bool {
    match collection.spec().summary {
        Some(Summary::Balance(fields)) => fields.contains(&name),
        Some(Summary::InvoiceParts) => {
            INVOICE_BREAKDOWN_TOTALS.contains(&name)
                || INVOICE_CALL_PARTS
                    .iter()
                    .any(|part| invoice_part_fields(part).iter().any(|field| field == name))
        }
        None => false,
    }
}

/// What a record page shows once per record, not redrawn with each change of language or
/// zone: an account's figures of today (those the profile shows of its originated calls; none
/// while it shows none).
pub fn own_live_view(collection: Collection, detail: &DetailView) -> Option<AnyView> {
    if !matches!(collection.spec().summary, Some(Summary::Balance(_))) {
        return None;
    }
    let id = detail.id.clone();
    let currency = value_of(collection, detail, "currency")
        .map(|(_, cell)| cell.value.raw())
        .unwrap_or_default();
    let access = expect_context::<crate::access::Access>();
    let api = expect_context::<Api>();
    let page = crate::routing::Page::Statistics(crate::routing::Charted::Origination);
    let shown = Memo::new(move |_| {
        access
            .stats(Direction::Origination)
            .filter(|a| !a.figures(&TODAYS_FIGURES).is_empty())
    });
    let account = id.clone();
    // An account at or below its minimum has no credit ahead: its balance's warning says so.
    let headroom = amount(collection, detail, "balance")
        .zip(amount(collection, detail, "min-balance"))
        .map(|(balance, min)| balance - min)
        .filter(|headroom| *headroom > Decimal::ZERO);
    let today = todays_figures(api, headroom, move || Some((account.clone(), shown.get()?)));
    let link = move || access.allows(page) == Some(true);
    Some(
        view! {
            <section class="account-today" hidden=move || shown.with(Option::is_none)>
                <h2>{tr(|t| t.today)}</h2>
                {move || shown.get().map(|access| todays_list(today, &access, &currency))}
                <p hidden=move || !link()><a href=crate::routing::href(&page.href_with(&[("account-id", &id)]))>{tr(|t| t.statistics_link)}</a></p>
            </section>
        }
        .into_any(),
    )
}

/// The record's value of an attribute, with its column.
fn value_of<'a>(
    collection: Collection,
    detail: &'a DetailView,
    name: &str,
) -> Option<(ColumnHead, &'a Cell)> {
    columns(collection.spec())
        .into_iter()
        .zip(&detail.cells)
        .find(|(column, _)| column.key == name)
}

fn shown(collection: Collection, detail: &DetailView, name: &str, zone: Zone) -> String {
    value_of(collection, detail, name)
        .map(|(column, cell)| display(&cell.value, &column, zone))
        .unwrap_or_else(|| crate::format::DASH.to_owned())
}

/// The invoice as a table: calls made, calls received and services, each with its amount and
/// figures, and the total.
fn invoice_breakdown(
    collection: Collection,
    detail: &DetailView,
    zone: Zone,
) -> impl IntoView + use<> {
    let t = texts();
    // The first and last calls' headings name the zone; their times leave it out.
    let cell = |name: &str| {
        value_of(collection, detail, name)
            .map(|(column, cell)| {
                crate::resources::display_marked(&cell.value, &column, zone, ZoneMark::InHeading)
            })
            .unwrap_or_else(|| crate::format::DASH.to_owned())
    };
    let in_zone = |label: &str| format!("{label} ({})", crate::format::zone_name(zone));
    let call_rows = INVOICE_CALL_PARTS
        .into_iter()
        .zip([t.invoice_originated, t.invoice_terminated])
        .map(|(part, label)| {
            let figures = invoice_part_fields(part)
                .iter()
                .map(|name| view! { <td class="num" data-key=name.clone()>{cell(name)}</td> })
                .collect_view();
            view! { <tr data-part=part><th scope="row">{label}</th>{figures}</tr> }
        })
        .collect_view();
    let charges = value_of(collection, detail, "service-transactions-count")
        .and_then(|(_, cell)| match cell.value {
            Value::Integer(n) => Some((t.service_charges)(&crate::format::integer(Some(n))).get()),
            _ => None,
        })
        .unwrap_or_default();
    view! {
        <section class="invoice-breakdown">
            <h2>{t.invoice_breakdown}</h2>
            <div class="table-scroll" tabindex="0" role="region" aria-label=t.invoice_breakdown>
                <table class="data-table">
                    <thead>
                        <tr>
                            <th scope="col">{t.invoice_part}</th>
                            <th scope="col">{t.amount}</th>
                            <th scope="col">{t.calls}</th>
                            <th scope="col">{t.successful_calls}</th>
                            <th scope="col">{t.call_time}</th>
                            <th scope="col">{t.billed_time}</th>
                            <th scope="col">{in_zone(t.first_call.get())}</th>
                            <th scope="col">{in_zone(t.last_call.get())}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {call_rows}
                        <tr data-part="services">
                            <th scope="row">{t.invoice_services}</th>
                            <td class="num" data-key="services-amount-spent">{cell("services-amount-spent")}</td>
                            <td colspan="6">{charges}</td>
                        </tr>
                    </tbody>
                    <tfoot>
                        <tr data-part="total">
                            <th scope="row">{t.invoice_total}</th>
                            <td class="num" data-key="amount-spent">{cell("amount-spent")}</td>
                            <td colspan="6"></td>
                        </tr>
                    </tfoot>
                </table>
            </div>
        </section>
    }
}

/// An amount of the record, when it reads as one.
fn amount(
    collection: Collection,
    detail: &DetailView,
    name: &str,
) -> Option<rust_decimal::Decimal> {
    value_of(collection, detail, name).and_then(|(_, cell)| match &cell.value {
        Value::Money { amount, .. } | Value::Decimal(amount) => Some(*amount),
        _ => None,
    })
}

/// The account's balance between its minimum and maximum, a warning near the minimum, and
/// its capacities.
fn account_summary(
    collection: Collection,
    detail: &DetailView,
    zone: Zone,
) -> impl IntoView + use<> {
    let t = texts();
    let cell = |name: &str| shown(collection, detail, name, zone);
    let balance = amount(collection, detail, "balance");
    let (min, max) = (
        amount(collection, detail, "min-balance"),
        amount(collection, detail, "max-balance"),
    );
    let notice = balance.and_then(|balance| {
        balance_notice(
            &cell("name"),
            balance,
            min,
            max,
            &cell("balance"),
            &cell("min-balance"),
        )
    });
    // The meter only places the balance (the text says it); its attributes take the exact
    // decimals as written.
    let meter = match (balance, min, max) {
        (Some(balance), Some(min), Some(max)) if max > min => {
            let low = min + (max - min) / rust_decimal::Decimal::TEN;
            Some(view! {
                <meter class="balance-meter" min=min.to_string() max=max.to_string()
                    low=low.to_string() optimum=max.to_string() value=balance.to_string()
                    aria-hidden="true"></meter>
            })
        }
        _ => None,
    };
    let capacities = [
        "origination-capacity",
        "termination-capacity",
        "total-capacity",
    ]
    .into_iter()
    .map(|name| {
        view! {
            <div class="figure" data-key=name>
                <dt>{crate::resources::field_label(name)}</dt>
                <dd>{cell(name)}</dd>
            </div>
        }
    })
    .collect_view();
    view! {
        <section class="account-summary">
            <div class="account-balance">
                <h2>{t.balance}</h2>
                <p class="balance" data-key="balance">{cell("balance")}</p>
                {meter}
                <p class="balance-range">{(t.balance_range)(&cell("min-balance"), &cell("max-balance"))}</p>
                {notice}
            </div>
            <div class="account-capacity">
                <h2>{t.capacity}</h2>
                <dl class="totals">{capacities}</dl>
            </div>
        </section>
    }
}

/// Whether the record is in the state its collection's action asks for.
pub fn action_applies(collection: Collection, detail: &DetailView, action: &Action) -> bool {
    value_of(collection, detail, action.when.attribute)
        .is_some_and(|(_, cell)| cell.value.raw() == action.when.equals)
}

/// Where the address the server gave went.
#[derive(Clone)]
enum Opened {
    InNewTab,
    /// The browser kept the tab from opening: the address to open by hand.
    Blocked(String),
}

type Created = Document<Resource<serde_json::Value>>;

/// The server's answer could not be used: said as an answer that could not be read.
fn unusable_answer(reason: String) -> String {
    crate::i18n::error_text(&ApiError::Decode {
        status: 201,
        reason: api_model::errors::Unreadable::Malformed(reason),
    })
}

/// A button that asks the server for the address of the record's action and opens it in a
/// new tab; its failures (422s included) are shown beside it.
pub fn record_action(action: Action, id: String) -> impl IntoView {
    let api = expect_context::<Api>();
    let opened = RwSignal::new(None::<Opened>);
    let write: Write<String, Created> = Write::new(
        [],
        move |id: String| {
            let api = api.clone();
            async move {
                let body = action_document(action.path, action.attribute, &id);
                api.create(action.path, &body, None).await
            }
        },
        move |_, created: &Created| {
            let url = created
                .data
                .attributes
                .get(action.opens)
                .and_then(|v| v.as_str());
            let url =
                url.ok_or_else(|| unusable_answer(format!("the answer has no {}", action.opens)))?;
            opened.set(Some(open_in_new_tab(url)?));
            Ok(())
        },
    );
    let start = move |_| {
        if write.dispatch(id.clone()) {
            opened.set(None);
        }
    };
    let t = texts();
    view! {
        <p class="record-action" data-action=action.name>
            <button type="button" on:click=start disabled=move || write.pending()>
                {move || if write.pending() { t.opening_phone_system } else { t.open_phone_system }}
            </button>
            {move || match opened.get() {
                Some(Opened::InNewTab) => Some(view! { <span class="export-note" role="status">{tr(|t| t.phone_system_opened)}</span> }.into_any()),
                Some(Opened::Blocked(url)) => Some(view! {
                    <span class="export-note" role="status">
                        {tr(|t| t.phone_system_blocked)} " "
                        <a href=url target="_blank" rel="noopener noreferrer">{tr(|t| t.open_phone_system)}</a>
                    </span>
                }.into_any()),
                None => None,
            }}
            {write.above_form()}
        </p>
    }
}

/// Opens an address the server gave in a new tab, without giving that page this one.
fn open_in_new_tab(url: &str) -> Result<Opened, String> {
    // Only plain web addresses: a `javascript:` one would run here, and one with user info or
    // a backslash names another host than it seems to.
    if portal_config::web_url(url).is_none() {
        return Err(unusable_answer(format!("not a web address: {url}")));
    }
    // Opened without `noopener`, which would hide whether it opened, then cut off from this
    // page before the new one runs.
    let opened =
        web_sys::window().and_then(|w| w.open_with_url_and_target(url, "_blank").ok().flatten());
    match opened {
        Some(tab) => {
            let _ = tab.set_opener(&wasm_bindgen::JsValue::NULL);
            Ok(Opened::InNewTab)
        }
        None => Ok(Opened::Blocked(url.to_owned())),
    }
}
