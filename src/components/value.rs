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
