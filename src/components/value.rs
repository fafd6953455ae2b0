//! One value as shown in a table cell or a detail entry.

use crate::format::{self, Zone};
use crate::i18n::tr;
use crate::resources::{Cell, ColumnHead, ColumnKind, display};
use crate::routing;
use api_model::record::Value;
use leptos::prelude::*;

/// Copies text to the clipboard; browsers without the API just do nothing.
fn copy_to_clipboard(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}

/// A long identifier, shortened, with a button that copies it whole.
fn id_view(id: String) -> AnyView {
    let short = format::short_id(&id);
    let title = id.clone();
    view! {
        <span class="id-value">
            <code title=title>{short}</code>
            <button
                type="button"
                class="copy"
                aria-label=tr(|t| t.copy_identifier)
                on:click=move |_| copy_to_clipboard(&id)
            >
                {tr(|t| t.copy)}
            </button>
        </span>
    }
    .into_any()
}

/// The content of a cell: text in the chosen zone and the language in use, a link, or an
/// identifier with copy. Built anew by the caller when the language or zone changes.
///
/// A link to a record is a plain anchor, which the router follows all the same: a record is
/// never the current page, so the router's `A` would only add a memo on the location per row
/// (a 1000-row page has a thousand of them).
pub fn cell_content(cell: &Cell, column: &ColumnHead, zone: Zone) -> AnyView {
    match (&cell.value, &cell.href, column.kind) {
        (Value::Reference(id), None, ColumnKind::Id) => id_view(id.clone()),
        (value, Some(href), _) => {
            let (href, text) = (routing::href(href), display(value, column, zone));
            view! { <a href=href>{text}</a> }.into_any()
        }
        (value, None, _) => display(value, column, zone).into_any(),
    }
}

/// The same content as [`cell_content`] as HTML, for the rows of a table: the browser parses a
/// page of a thousand rows in one go, several times faster than it builds them node by node.
/// An identifier's copy button carries the identifier in `data-copy`; the table's one click
/// handler ([`copy_clicked`]) copies it.
pub fn cell_html(cell: &Cell, column: &ColumnHead, zone: Zone, out: &mut String) {
    if let (Value::Reference(id), None, ColumnKind::Id) = (&cell.value, &cell.href, column.kind) {
        let t = crate::i18n::texts();
        out.push_str("<span class=\"id-value\"><code title=\"");
        escape_html(id, out);
        out.push_str("\">");
        escape_html(&format::short_id(id), out);
        out.push_str("</code><button type=\"button\" class=\"copy\" aria-label=\"");
        escape_html(t.copy_identifier, out);
        out.push_str("\" data-copy=\"");
        escape_html(id, out);
        out.push_str("\">");
        escape_html(t.copy, out);
        out.push_str("</button></span>");
        return;
    }
    let text = display(&cell.value, column, zone);
    match &cell.href {
        Some(href) => {
            out.push_str("<a href=\"");
            escape_html(&routing::href(href), out);
            out.push_str("\">");
            escape_html(&text, out);
            out.push_str("</a>");
        }
        None => escape_html(&text, out),
    }
}

/// A click in a table of [`cell_html`] cells: on a copy button, copies its identifier.
pub fn copy_clicked(event: web_sys::MouseEvent) {
    use wasm_bindgen::JsCast;
    let button = event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
        .and_then(|element| element.closest("button[data-copy]").ok().flatten());
    if let Some(id) = button.and_then(|b| b.get_attribute("data-copy")) {
        copy_to_clipboard(&id);
    }
}

/// Text made safe inside HTML content and quoted attribute values.
pub fn escape_html(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}
