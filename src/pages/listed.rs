//! On a record's page, the latest records of other collections that belong to it (an
//! account's services, invoices, payments and calls; a service's charges), as its declaration
//! lists them: a short table each, linked to the whole list filtered to this record.

use crate::access::Access;
use crate::components::link::Link;
use crate::components::status;
use crate::components::table::{card_cell_classes, column_title};
use crate::components::value::cell_html;
use crate::format::ZoneMark;
use crate::http::Api;
use crate::i18n::texts;
use crate::pages::list::{export_control, page_loader};
use crate::prefs::Prefs;
use crate::read::{Read, use_read};
use crate::resources::{ColumnKind, TablePage, columns, table_page};
use crate::routing::Page;
use api_model::catalog::{Collection, Listed};
use api_model::filters::{Filter, Operator};
use api_model::list::{ListParams, SortKey};
use leptos::prelude::*;

/// How many of the latest records each section shows.
pub const LATEST: u32 = 5;
/// How many columns a section's table shows: its collection's key fields first.
const COLUMNS: usize = 4;

/// The view of `listed` that belongs to record `id`: its filter, the server's order.
pub fn listed_params(listed: Listed, id: &str) -> ListParams {
    let spec = listed.collection.spec();
    ListParams {
        filters: vec![Filter::new(listed.filter, Operator::Eq, id)],
        sort: spec
            .default_sort
            .split(',')
            .filter(|key| !key.is_empty())
            .filter_map(|key| key.parse::<SortKey>().ok())
            .collect(),
        ..Default::default()
    }
}

/// Every section the declaration lists and the profile allows.
pub fn listed_records(collection: Collection, id: String) -> impl IntoView {
    let access = expect_context::<Access>();
    collection
        .spec()
        .lists
        .iter()
        .map(|listed| {
            let (listed, id) = (*listed, id.clone());
            move || {
                (access.allows(Page::List(listed.collection)) == Some(true))
                    .then(|| section(listed, id.clone()))
            }
        })
        .collect_view()
}

fn section(listed: Listed, id: String) -> impl IntoView {
    let api = expect_context::<Api>();
    let other = listed.collection;
    let params = listed_params(listed, &id);
    let whole_list = format!("{}?{}", Page::List(other).href(), params.to_query());
    // The whole list as CSV, with the list page's export (all pages, progress, cancel).
    let download = listed.downloadable.then(|| {
        let everything = params.clone();
        export_control(
            other,
            Signal::derive(move || Some(everything.clone())),
            page_loader(other, None),
            format!("{}-{}.csv", other.path(), id),
            |t| t.download_rate_deck,
        )
    });
    let request = ListParams {
        include: other.spec().column_includes().map(str::to_owned).collect(),
        page_size: Some(LATEST),
        ..params
    };
    let remote: Read<TablePage> = use_read(
        move || Some(request.clone()),
        move |params: ListParams, signal| {
            let api = api.clone();
            async move {
                api.get_with(other.path(), &params.to_query(), signal, |body| {
                    table_page(other, body)
                })
                .await
            }
        },
    );
    // Not the record this page is about (a service's charges all name the service).
    let own_record = listed.filter.strip_suffix("-id");
    let t = texts();
    let body = move || {
        if let (Some(error), false) = (remote.error(), remote.has_data()) {
            return status::error_panel(error, move || remote.retry()).into_any();
        }
        remote.with_data(|page| match page {
            None => status::loading(t.resource(other).loading_list).into_any(),
            Some(page) if page.rows.is_empty() => {
                view! { <p class="empty">{move || t.resource(other).none_match}</p> }.into_any()
            }
            Some(_) => view! { <LatestTable collection=other own_record remote /> }.into_any(),
        })
    };
    view! {
        <section class="listed-records" data-collection=other.path()>
            <h2>{move || (t.latest)(t.resource(other).title.get())}</h2>
            {body}
            <p><Link href=whole_list>{move || (t.see_all)(&crate::i18n::lowercase(t.resource(other).title.get()))}</Link></p>
            {download}
        </section>
    }
}

/// The latest records of a collection: its key fields (a call's time, destination, duration,
/// price), then its list's first columns, without `own_record`; on a phone each row is a card.
#[component]
fn LatestTable(
    collection: Collection,
    own_record: Option<&'static str>,
    remote: Read<TablePage>,
) -> impl IntoView {
    let prefs = expect_context::<Prefs>();
    let t = texts();
    let heads = columns(collection.spec());
    // Each shown column's place in the row, key fields first.
    // Ordered by a B-tree's inserts rather than a sort, whose code is 1.5 KB (brotli) more
    // of the record pages' first load.
    let mut ordered = std::collections::BTreeSet::new();
    ordered.extend(
        heads
            .iter()
            .enumerate()
            .filter(|(_, c)| (!c.optional || c.key_place.is_some()) && c.kind != ColumnKind::Id)
            .filter(|(_, c)| Some(c.key) != own_record)
            .map(|(i, c)| (c.key_place.unwrap_or(usize::MAX), i)),
    );
    let shown: Vec<usize> = ordered.into_iter().map(|(_, i)| i).take(COLUMNS).collect();
    let header_columns: Vec<_> = shown
        .iter()
        .filter_map(|i| heads.get(*i).copied())
        .collect();
    let header = move || {
        header_columns
            .iter()
            .map(|&column| view! { <th scope="col">{move || column_title(&column, prefs.zone())}</th> })
            .collect_view()
    };
    let rows = move || {
        let zone = prefs.zone();
        remote.with_data(|page| {
            page.map(|page| {
                page.rows
                    .iter()
                    .map(|row| {
                        let cells = shown
                            .iter()
                            .filter_map(|i| Some((heads.get(*i)?, row.cells.get(*i)?)))
                            .map(|(column, cell)| {
                                // The heading names the zone of a time column; on a phone the
                                // row is a card, each value under its heading (data-label).
                                let mut html = String::new();
                                cell_html(cell, column, zone, ZoneMark::InHeading, &mut html);
                                view! {
                                    <td class=card_cell_classes(column)
                                        data-label=column_title(column, zone) inner_html=html></td>
                                }
                            })
                            .collect_view();
                        view! { <tr>{cells}</tr> }
                    })
                    .collect_view()
            })
        })
    };
    view! {
        <div class="table-scroll" tabindex="0" role="region"
            aria-label=move || (t.latest)(t.resource(collection).title.get())>
            <table class="data-table row-cards">
                <thead><tr>{header()}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
