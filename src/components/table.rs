//! The resource table: column headings that sort, rows of cells that may link.
//!
//! The table stays on the page while its rows change: headings update their sort marks in
//! place, so a focused heading keeps the focus through sorting, paging and reloading. The body
//! is HTML (see [`rows_html`]): the first [`FIRST_ROWS`] rows with the table, a long page's
//! others once those are painted.
//!
//! A narrow screen shows each row as a card (style/main.css, `.row-cards`): the collection's
//! key fields first, each under its label, the other columns small below. The labels and the
//! places are attributes of the cells, so the cards cost no second set of elements, and they are
//! written only while the screen is narrow (a 1000-row page on a wide one is spared them).

use crate::components::value::{cell_html, copy_clicked, escape_html};
use crate::format::{Zone, ZoneMark};
use crate::resources::{ColumnHead, ColumnKind, TableRow};
use api_model::catalog::Kind;
use api_model::list::SortKey;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The sort after clicking a column: ascending first, then toggling.
pub fn toggled_sort(current: &[SortKey], field: &str) -> Vec<SortKey> {
    match current.first() {
        Some(key) if key.field == field && !key.descending => vec![SortKey::descending(field)],
        _ => vec![SortKey::ascending(field)],
    }
}

/// Numbers are right-aligned, dashes for missing ones included.
fn is_numeric(column: &ColumnHead) -> bool {
    matches!(column.kind, ColumnKind::Attribute(kind) if kind.is_numeric())
}

pub struct TableSettings {
    pub id: String,
    /// Names the table for screen readers (the list's title).
    pub caption: Signal<String>,
    pub columns: Vec<ColumnHead>,
    /// The order the rows are in: the URL's, else the server's default.
    pub sort: Signal<Vec<SortKey>>,
    pub visible: Memo<Vec<String>>,
    pub zone: Signal<Zone>,
    pub on_sort: Callback<Vec<SortKey>>,
}

/// A column's heading in the language in use. A time column's names the zone, which its cells
/// then leave out.
pub fn column_title(column: &ColumnHead, zone: Zone) -> String {
    let label = column.label();
    match column.kind {
        ColumnKind::Attribute(Kind::Time) => {
            format!("{label} ({})", crate::format::zone_name(zone))
        }
        _ => label,
    }
}

/// How many key fields a row card may lead with: the classes `key-0` … of style/main.css.
const KEY_PLACES: usize = 6;

fn heading(column: ColumnHead, settings: &TableSettings) -> impl IntoView + use<> {
    let t = crate::i18n::texts();
    let (sort, visible, on_sort, zone) = (
        settings.sort,
        settings.visible,
        settings.on_sort,
        settings.zone,
    );
    let title = move || column_title(&column, zone.get());
    let key = column.key;
    let sort_key = column.sort_key;
    // A URL may sort by a column that offers no sort: it still says so.
    let sorted_as = sort_key.unwrap_or(key);
    let direction = Memo::new(move |_| {
        sort.with(|sort| {
            sort.first()
                .filter(|s| s.field == sorted_as)
                .map(|s| s.descending)
        })
    });
    let aria_sort = move || {
        // Only a column that sorts says how it is sorted.
        let direction = direction.get();
        (sort_key.is_some() || direction.is_some()).then_some(match direction {
            Some(true) => "descending",
            Some(false) => "ascending",
            None => "none",
        })
    };
    let arrow = move || match direction.get() {
        Some(true) => " ▼",
        Some(false) => " ▲",
        None => "",
    };
    let content = move || {
        if let Some(sort_key) = sort_key {
            view! {
                <button
                    type="button"
                    class="sort"
                    title=move || (t.sort_by)(&crate::i18n::lowercase(&title()))
                    on:click=move |_| on_sort.run(sort.with_untracked(|s| toggled_sort(s, sort_key)))
                >
                    {title}
                    {arrow}
                </button>
            }
            .into_any()
        } else {
            title.into_any()
        }
    };
    let shown = Memo::new(move |_| visible.with(|v| v.iter().any(|k| k == key)));
    // A row card's key fields keep their sort buttons on a narrow screen (style/main.css).
    let key_field = column.key_place.is_some();
    move || {
        shown.get().then(|| {
            view! {
                <th scope="col" class:key=key_field aria-sort=aria_sort data-key=key>{content()}</th>
            }
        })
    }
}

/// The rows as HTML, drawn anew when the rows, the zone, the language or the columns shown
/// change: a row needs no reactivity of its own (a 1000-row page would carry a thousand
/// effects), and one parse of the whole body is several times faster than a parse per row.
fn rows_html(rows: &[TableRow], columns: &[ShownColumn], zone: Zone) -> String {
    let mut html = String::with_capacity(rows.len() * 96 * columns.len());
    for row in rows {
        html.push_str("<tr data-id=\"");
        escape_html(&row.id, &mut html);
        html.push_str("\">");
        for (shown, cell) in columns
            .iter()
            .filter_map(|shown| Some((shown, row.cells.get(shown.index)?)))
        {
            html.push_str(&shown.opening);
            cell_html(cell, &shown.head, zone, ZoneMark::InHeading, &mut html);
            html.push_str("</td>");
        }
        html.push_str("</tr>");
    }
    html
}

/// A column the table shows, worked out once per drawing rather than once per cell.
struct ShownColumn {
    head: ColumnHead,
    /// Its place among the row's cells.
    index: usize,
    /// Its cells' opening tag: the label a row card shows, the key field's place, whether it
    /// is a number (right-aligned in the table).
    opening: String,
}

/// A cell's opening tag. As a card (`cards`), it carries its column's label and key place; a
/// wide table needs neither, and a 1000-row page parses half again as much HTML with them.
fn opening_tag(column: &ColumnHead, zone: Zone, cards: bool) -> String {
    let numeric = is_numeric(column);
    if !cards {
        return if numeric {
            "<td class=\"num\">"
        } else {
            "<td>"
        }
        .to_owned();
    }
    let mut tag = String::from("<td data-label=\"");
    escape_html(&column_title(column, zone), &mut tag);
    tag.push('"');
    let classes = card_cell_classes(column);
    // Only where there are classes: an empty attribute would still be parsed for every cell.
    if !classes.is_empty() {
        tag.push_str(&format!(" class=\"{classes}\""));
    }
    tag.push('>');
    tag
}

/// A row card's cell classes (style/main.css's `.row-cards`): its key field's place, whether
/// it is a number, whether it is a leading time (which keeps its label, naming the zone; a
/// leading name needs none).
pub fn card_cell_classes(column: &ColumnHead) -> String {
    let place = column.key_place.filter(|place| *place < KEY_PLACES);
    let time = column.kind == ColumnKind::Attribute(Kind::Time);
    let classes: Vec<String> = place
        .map(|place| format!("key key-{place}"))
        .into_iter()
        .chain(is_numeric(column).then(|| "num".to_owned()))
        .chain((time && place.is_some()).then(|| "time".to_owned()))
        .collect();
    classes.join(" ")
}

fn shown_columns(
    columns: &[ColumnHead],
    visible: &[String],
    zone: Zone,
    cards: bool,
) -> Vec<ShownColumn> {
    columns
        .iter()
        .enumerate()
        .filter(|(_, column)| visible.iter().any(|k| k == column.key))
        .map(|(index, column)| ShownColumn {
            head: *column,
            index,
            opening: opening_tag(column, zone, cards),
        })
        .collect()
}

/// Adds the rows after the first [`FIRST_ROWS`] to the table's body.
fn add_rest(
    tbody: NodeRef<leptos::html::Tbody>,
    rows: Signal<Vec<TableRow>>,
    shown: &[ShownColumn],
    zone: Zone,
) {
    let html = rows.with_untracked(|all| {
        untrack(|| rows_html(all.get(FIRST_ROWS..).unwrap_or_default(), shown, zone))
    });
    if let Some(tbody) = tbody.get_untracked() {
        let _ = tbody.insert_adjacent_html("beforeend", &html);
        crate::perf::mark("portal:table-complete");
    }
}

/// Runs `then` in a task after the next frame is painted.
fn after_paint(then: impl FnOnce() + 'static) {
    let _ = request_animation_frame_with_handle(move || {
        let _ = set_timeout_with_handle(then, std::time::Duration::ZERO);
    });
}

/// Where rows show as cards: style/main.css's `.row-cards` media query.
const CARDS_QUERY: &str = "(max-width: 640px)";

/// Whether rows show as cards now, following the window's width for as long as the table lives.
fn rows_are_cards() -> ReadSignal<bool> {
    let media = web_sys::window().and_then(|w| w.match_media(CARDS_QUERY).ok().flatten());
    let (cards, set_cards) = signal(media.as_ref().is_some_and(|m| m.matches()));
    if let Some(media) = media {
        let listener = gloo_events::EventListener::new(&media, "change", move |event| {
            if let Some(media) = event.dyn_ref::<web_sys::MediaQueryListEvent>() {
                set_cards.set(media.matches());
            }
        });
        // Dropped with the table: it stops listening.
        StoredValue::new_local(listener);
    }
    cards
}

/// Rows drawn with the table. A longer page's other rows follow in a task of their own once
/// these are painted: a thousand rows' style and layout held the first paint back by 0.4 s.
const FIRST_ROWS: usize = 100;

pub fn resource_table(rows: Signal<Vec<TableRow>>, settings: TableSettings) -> impl IntoView {
    let headers = settings
        .columns
        .iter()
        .map(|column| heading(*column, &settings))
        .collect_view();
    let columns = StoredValue::new(settings.columns.clone());
    let (visible, zone) = (settings.visible, settings.zone);
    let cards = rows_are_cards();
    let tbody = NodeRef::<leptos::html::Tbody>::new();
    // Counts the drawings, so that the rest of an older one is never added to a newer one.
    let drawing = StoredValue::new(0u64);
    let body = move || {
        let _ = crate::i18n::language();
        let (zone, cards) = (zone.get(), cards.get());
        let shown = visible.with(|visible| {
            columns.with_value(|columns| shown_columns(columns, visible, zone, cards))
        });
        drawing.update_value(|n| *n += 1);
        let this_drawing = drawing.get_value();
        // The language is tracked once above; thousands of cells reading their texts would each
        // subscribe this closure again.
        let (first, count) = rows.with(|all| {
            let first = &all[..all.len().min(FIRST_ROWS)];
            (untrack(|| rows_html(first, &shown, zone)), all.len())
        });
        if count > FIRST_ROWS {
            after_paint(move || {
                if drawing.try_get_value() == Some(this_drawing) {
                    add_rest(tbody, rows, &shown, zone);
                }
            });
        } else if count > 0 {
            crate::perf::mark_when_shown("portal:table-complete");
        }
        first
    };
    // Marks the moment a page of rows is on screen (`cargo xtask bench`).
    Effect::new(move |_| {
        if rows.with(|rows| !rows.is_empty()) {
            crate::perf::mark_when_shown("portal:table-rendered");
        }
    });
    // The scrolling container takes the focus, so a keyboard can scroll it too.
    let caption_id = format!("{}-caption", settings.id);
    let labelled_by = caption_id.clone();
    let caption = settings.caption;
    view! {
        <div class="table-scroll" role="region" tabindex="0" aria-labelledby=labelled_by>
            <table id=settings.id class="data-table row-cards">
                <caption id=caption_id class="visually-hidden">{caption}</caption>
                <thead>
                    <tr>{headers}</tr>
                </thead>
                <tbody node_ref=tbody inner_html=body on:click=copy_clicked></tbody>
            </table>
        </div>
    }
}
