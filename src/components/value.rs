//! One value as shown in a table cell or a detail entry.

use crate::format::{self, Zone};
use crate::resources::{Cell, Value};
use crate::routing;
use leptos::prelude::*;

/// Copies text to the clipboard; browsers without the API just do nothing.
fn copy_to_clipboard(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}

/// A long identifier, shortened, with a button that copies it whole.
fn id_view(id: String) -> AnyView {
    let t = crate::i18n::texts();
    let short = format::short_id(&id);
    let title = id.clone();
    view! {
        <span class="id-value">
            <code title=title>{short}</code>
            <button
                type="button"
                class="copy"
                aria-label=t.copy_identifier
                on:click=move |_| copy_to_clipboard(&id)
            >
                {t.copy}
            </button>
        </span>
    }
    .into_any()
}

/// The content of a cell: text in the chosen zone, a link, or an identifier with copy.
///
/// A link to a record is a plain anchor, which the router follows all the same: a record is
/// never the current page, so the router's `A` would only add a memo on the location per row
/// (a 1000-row page has a thousand of them).
pub fn cell_content(cell: &Cell, zone: Zone) -> AnyView {
    match (&cell.value, &cell.href) {
        (Value::Id(id), None) => id_view(id.clone()),
        (value, Some(href)) => {
            let (href, text) = (routing::href(href), value.display(zone));
            view! { <a href=href>{text}</a> }.into_any()
        }
        (value, None) => value.display(zone).into_any(),
    }
}
