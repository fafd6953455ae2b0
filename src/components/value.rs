//! One value as shown in a table cell or a detail entry.

use crate::format::{self, Zone, ZoneMark};
use crate::resources::{Cell, ColumnHead, ColumnKind, display_marked};
use crate::routing;
use api_model::record::Value;

/// Copies text to the clipboard; browsers without the API just do nothing.
fn copy_to_clipboard(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}

/// A cell's content as HTML (see [`cell_html`]), for an element's `inner_html`.
pub fn cell_markup(cell: &Cell, column: &ColumnHead, zone: Zone) -> String {
    let mut html = String::new();
    cell_html(cell, column, zone, ZoneMark::OnEachTime, &mut html);
    html
}

/// The content of a cell as HTML: text in the chosen zone and the language in use, a link, or
/// an identifier with a copy button, which carries the identifier in `data-copy` for one click
/// handler around it ([`copy_clicked`]). Built anew by the caller when the language or zone
/// changes. HTML rather than views: the browser parses a page of a thousand rows in one go,
/// several times faster than it builds them node by node.
///
/// A link to a record is a plain anchor, which the router follows all the same: a record is
/// never the current page, so the router's `A` would only add a memo on the location per row.
pub fn cell_html(cell: &Cell, column: &ColumnHead, zone: Zone, mark: ZoneMark, out: &mut String) {
    if let (Value::Reference(id), None, ColumnKind::Id) = (&cell.value, &cell.href, column.kind) {
        let t = crate::i18n::texts();
        out.push_str("<span class=\"id-value\"><code title=\"");
        escape_html(id, out);
        out.push_str("\">");
        escape_html(&format::short_id(id), out);
        out.push_str("</code><button type=\"button\" class=\"copy\" aria-label=\"");
        escape_html(t.copy_identifier.get(), out);
        out.push_str("\" data-copy=\"");
        escape_html(id, out);
        out.push_str("\">");
        escape_html(t.copy.get(), out);
        out.push_str("</button></span>");
        return;
    }
    let text = display_marked(&cell.value, column, zone, mark);
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

/// A click among [`cell_html`] cells: on a copy button, copies its identifier.
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

/// Text made safe inside HTML content and quoted attribute values. Runs without special
/// characters are copied whole: a page of a thousand rows is some 350 KB of HTML.
pub fn escape_html(text: &str, out: &mut String) {
    let mut rest = text;
    // The special characters are ASCII, which never occurs inside a multi-byte character,
    // so their byte positions are character boundaries.
    while let Some(at) = rest
        .bytes()
        .position(|b| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\''))
    {
        let (run, special) = rest.split_at(at);
        out.push_str(run);
        out.push_str(match special.as_bytes().first() {
            Some(b'&') => "&amp;",
            Some(b'<') => "&lt;",
            Some(b'>') => "&gt;",
            Some(b'"') => "&quot;",
            _ => "&#39;",
        });
        rest = special.get(1..).unwrap_or_default();
    }
    out.push_str(rest);
}
