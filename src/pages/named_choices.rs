//! Records offered by name in a `<select>`: a list's pick (rate plan) and the rate lookup's
//! plan. One fetch, its options and its failure with a retry.

use crate::http::{Api, ReadAhead};
use crate::i18n::{error_text, tr};
use crate::read::{Read, use_read};
use api_model::catalog::Collection;
use api_model::document::{Document, Resource};
use api_model::list::first_records_query;
use leptos::prelude::*;
use serde::de::DeserializeOwned;

/// A record as a picker offers it: its id and the text that names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRecord {
    pub id: String,
    pub name: String,
}

/// The first records under (as many as a page holds) `path`, each made into what a picker keeps by
/// `keep`, asked for once `ready` says so (and again whenever it changes).
pub fn first_records<T, R>(
    path: &'static str,
    ahead: Option<ReadAhead>,
    ready: impl Fn() -> Option<()> + 'static,
    keep: impl Fn(Resource<T>) -> R + Copy + 'static,
) -> Read<Vec<R>>
where
    T: DeserializeOwned + 'static,
    R: Clone + Send + Sync + 'static,
{
    let api = expect_context::<Api>();
    let ahead = std::rc::Rc::new(ahead);
    use_read(ready, move |(), signal| {
        let (api, ahead) = (api.clone(), ahead.clone());
        async move {
            let query = first_records_query();
            let document: Document<Vec<Resource<T>>> = api
                .get_with_ahead((*ahead).as_ref(), path, &query, signal, |body| {
                    serde_json::from_str(body)
                })
                .await?;
            Ok(document.data.into_iter().map(keep).collect())
        }
    })
}

/// The first records of `collection`, named by its declared title (the id
/// where a record has none).
pub fn named_records(collection: Collection) -> Read<Vec<NamedRecord>> {
    let spec = collection.spec();
    first_records(spec.path, None, || Some(()), named(spec.title))
}

fn named(title: &'static str) -> impl Fn(Resource<serde_json::Value>) -> NamedRecord + Copy {
    move |record| NamedRecord {
        name: record
            .attributes
            .get(title)
            .and_then(|v| v.as_str())
            .map_or_else(|| record.id.clone(), str::to_owned),
        id: record.id,
    }
}

/// The `<option>`s of named records, the one `chosen` names selected.
#[component]
pub fn NamedOptions(choices: Read<Vec<NamedRecord>>, chosen: Signal<String>) -> impl IntoView {
    move || {
        let chosen = chosen.get();
        choices.with_data(|list| {
            list.map(|list| {
                list.iter()
                    .map(|record| {
                        view! {
                            <option value=record.id.clone() selected=record.id.eq_ignore_ascii_case(&chosen)>
                                {record.name.clone()}
                            </option>
                        }
                    })
                    .collect_view()
            })
        })
    }
}

/// Why the records did not come, in the server's words, with a retry.
#[component]
pub fn LoadFailed(remote: Read<Vec<NamedRecord>>) -> impl IntoView {
    move || {
        remote.error().map(|error| {
            view! {
                <span class="field-error" role="alert">{move || error_text(&error)}</span>
                <button type="button" class="retry" on:click=move |_| remote.retry()>{tr(|t| t.retry)}</button>
            }
        })
    }
}
