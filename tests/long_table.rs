//! In the browser: a long page of rows shows its first rows at once and the others once those
//! are painted; in the end the table holds every row of the newest page once, in order, even
//! when a newer page came while the rest of an older one was still to be added.
#![cfg(target_arch = "wasm32")]

use api_model::catalog::Kind;
use api_model::record::Value;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use portal::components::table::{TableSettings, resource_table};
use portal::format::Zone;
use portal::resources::{Cell, ColumnHead, ColumnKind, TableRow};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod support;

/// `count` rows whose ids are `{page}-0`, `{page}-1`, …
fn page(page: &str, count: usize) -> Vec<TableRow> {
    (0..count)
        .map(|i| TableRow {
            id: format!("{page}-{i}"),
            cells: vec![Cell {
                value: Value::Text(format!("{page} {i}")),
                href: None,
            }]
            .into(),
        })
        .collect()
}

fn settings() -> TableSettings {
    TableSettings {
        id: "long-table".to_owned(),
        caption: Signal::stored("Rows".to_owned()),
        columns: vec![ColumnHead {
            key: "name",
            kind: ColumnKind::Attribute(Kind::Text),
            sort_key: None,
            optional: false,
            key_place: None,
        }],
        sort: Signal::stored(Vec::new()),
        visible: Memo::new(|_| vec!["name".to_owned()]),
        zone: Signal::stored(Zone::Utc),
        on_sort: Callback::new(|_| {}),
    }
}

/// The ids of the rows in the table's body, in order.
fn shown_ids(container: &web_sys::Element) -> Vec<String> {
    let Ok(rows) = container.query_selector_all("tbody > tr") else {
        return Vec::new();
    };
    (0..rows.length())
        .filter_map(|i| rows.item(i)?.dyn_into::<web_sys::Element>().ok())
        .filter_map(|row| row.get_attribute("data-id"))
        .collect()
}

fn ids(page: &str, count: usize) -> Vec<String> {
    (0..count).map(|i| format!("{page}-{i}")).collect()
}

/// Waits out a few painted frames (where the rest of a page is added).
async fn frames() {
    for _ in 0..3 {
        let frame = js_sys::Promise::new(&mut |painted, _| {
            let _ = web_sys::window()
                .expect("a window")
                .request_animation_frame(&painted);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(frame).await;
        TimeoutFuture::new(0).await;
    }
}

#[wasm_bindgen_test]
async fn a_long_page_ends_with_every_row_of_the_newest_page_once_in_order() {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    support::install_texts();
    let document = web_sys::window().unwrap().document().unwrap();
    let container = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&container).unwrap();
    let rows = RwSignal::new(page("a", 250));
    let mounted = leptos::mount::mount_to(container.clone().unchecked_into(), move || {
        resource_table(rows.into(), settings())
    });

    let first = shown_ids(&container);
    assert!(
        !first.is_empty() && first.len() < 250,
        "the first rows come at once, the others after ({} at once)",
        first.len()
    );
    assert_eq!(first, ids("a", first.len()));
    frames().await;
    assert_eq!(shown_ids(&container), ids("a", 250));

    // Two newer pages before the rest of the first could be added: only the last one shows.
    rows.set(page("b", 300));
    TimeoutFuture::new(0).await;
    rows.set(page("c", 120));
    frames().await;
    assert_eq!(shown_ids(&container), ids("c", 120));

    // A long page, then a short one at once: the long one's rest never joins it.
    rows.set(page("d", 400));
    rows.set(page("e", 3));
    frames().await;
    assert_eq!(shown_ids(&container), ids("e", 3));
    drop(mounted);
    container.remove();
}
