//! A number list's page, `/numberlists/<id>`: the list (its matching and default action by
//! name) and its items with search, sort and paging (the URL holds the items' query, as every
//! list's does), where the customer adds keys (one, or many pasted at once), changes an item's
//! action and deletes items (confirmed, with an undo that makes the item again).
//!
//! Every write shows at once and is taken back, with the server's words, when refused
//! ([`api_model::numberlist::Editor`]). After every write, and whenever the tab comes back into
//! view, the items are loaded again; a list changed elsewhere (another tab, someone else) is
//! said to be so.

use crate::components::link::Link;
use crate::components::pager::{PagerState, pager};
use crate::components::problems::FieldProblems;
use crate::components::status;
use crate::components::table::toggled_sort;
use crate::http::Api;
use crate::i18n::{choice_label, field_label, texts, tr};
use crate::read::{Read, use_read};
use crate::routing::{Page, record_href};
use crate::write::Write;
use api_model::catalog::{Collection, Listed, NUMBERLIST_ACTIONS, NUMBERLIST_MODES};
use api_model::document::{Document, PageLinks, Resource};
use api_model::errors::ApiError;
use api_model::filters::{Filter, Operator};
use api_model::list::{ListParams, SortKey};
use api_model::numberlist::{
    ALLOW, BatchError, Change, Editor, Item, Loaded, MAX_BATCH_KEYS, MAX_KEY_LENGTH, Numberlist,
    NumberlistItem, REJECT, Row, RowState, Snapshot, action_document, create_document, parse_batch,
};
use api_model::query::encode_component;
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use std::time::Duration;

/// How long a deleted item can be brought back.
pub const UNDO_FOR: Duration = Duration::from_secs(10);
/// The search box's filter: keys containing the text.
const SEARCH_FIELD: &str = "key";

/// The name of a known code (`reject`), in the reader's language.
fn code_name(attribute: &str, names: &[(i64, &'static str)], code: Option<i64>) -> String {
    let Some(code) = code else {
        return String::new();
    };
    match names.iter().find(|(c, _)| *c == code) {
        Some((_, name)) => choice_label(attribute, name).unwrap_or(name).to_owned(),
        None => code.to_string(),
    }
}

/// An action as a `<select>` value: `""` for the list's default.
fn action_value(action: Option<i64>) -> String {
    action.map(|a| a.to_string()).unwrap_or_default()
}

fn action_of_value(value: &str) -> Option<i64> {
    value
        .parse::<i64>()
        .ok()
        .filter(|a| *a == REJECT || *a == ALLOW)
}

fn batch_error_text(error: &BatchError) -> String {
    let t = texts();
    match error {
        BatchError::Empty => t.nl_batch_empty.to_string(),
        BatchError::BadCharacter { key, character } => {
            (t.nl_batch_bad_character)(key, &character.to_string()).get()
        }
        BatchError::TooLong { key } => {
            (t.nl_batch_too_long)(key, &MAX_KEY_LENGTH.to_string()).get()
        }
        BatchError::TooMany { count } => {
            (t.nl_batch_too_many)(&count.to_string(), &MAX_BATCH_KEYS.to_string()).get()
        }
    }
}

/// What the page last said about the writes.
#[derive(Debug, Clone, PartialEq)]
enum Notice {
    None,
    Added { count: usize, repeated: usize },
    Deleted { item: Item, undo_until: f64 },
    Restored(String),
    NotSaved(String),
}

/// The view of the items (records of `items`): the URL's query (without the list's own
/// filter), checked before any request.
fn items_params(search: &str, items: Collection) -> Result<ListParams, String> {
    let params =
        ListParams::from_query(search).map_err(|e| crate::i18n::list_params_error_text(&e))?;
    for filter in &params.filters {
        filter
            .validate(items)
            .map_err(|e| crate::i18n::filter_error_text(&e))?;
    }
    Ok(params)
}

fn item_of(resource: &Resource<NumberlistItem>) -> Item {
    Item {
        id: resource.id.clone(),
        key: resource.attributes.key.clone(),
        action_id: resource.attributes.action_id,
    }
}

/// A list's matching and default action, by name.
fn list_facts(list: crate::read::Read<Resource<Numberlist>>) -> Option<impl IntoView> {
    list.with_data(|l| {
        l.map(|l| {
            let mode = code_name("mode-id", NUMBERLIST_MODES, l.attributes.mode_id);
            let action = code_name(
                "default-action-id",
                NUMBERLIST_ACTIONS,
                l.attributes.default_action_id,
            );
            view! {
                <dl class="numberlist-facts">
                    <dt>{field_label("mode-id")}</dt>
                    <dd class="numberlist-mode">{mode}</dd>
                    <dt>{field_label("default-action-id")}</dt>
                    <dd class="numberlist-default-action">{action}</dd>
                </dl>
            }
        })
    })
}

/// The list's default action by name, for the pickers' first option.
fn default_action_of(list: crate::read::Read<Resource<Numberlist>>) -> Signal<String> {
    Signal::derive(move || {
        list.with_data(|l| {
            code_name(
                "default-action-id",
                NUMBERLIST_ACTIONS,
                l.and_then(|l| l.attributes.default_action_id),
            )
        })
    })
}

/// The page of a record of `collection` (number lists), where its `items` (those its
/// declarations say are edited within it) are edited. The editor's rules are number-list
/// items' as `api_model::numberlist` types them (keys, batches, actions).
pub fn numberlist_page(collection: Collection, items: Listed) -> impl IntoView {
    let api = expect_context::<Api>();
    let t = texts();
    let id = crate::routing::record_id_param();
    let well_formed = Memo::new(move |_| collection.spec().id.accepts(&id.get()));
    let list_api = api.clone();
    let list: crate::read::Read<Resource<Numberlist>> = crate::read::use_read(
        move || well_formed.get().then(|| id.get()),
        move |id: String, signal| {
            let api = list_api.clone();
            async move {
                let path = format!("{}/{}", collection.path(), encode_component(&id));
                let document: Document<Resource<Numberlist>> = api.get(&path, "", signal).await?;
                Ok(document.data)
            }
        },
    );
    let heading =
        move || list.with_data(|l| l.map(|l| (t.resource(collection).heading)(&l.attributes.name)));
    let facts = move || list_facts(list);
    let default_action = default_action_of(list);
    let missing = move || {
        view! {
            <div class="not-found">
                <h1>{move || t.resource(collection).missing_title}</h1>
                <p>{move || (t.resource(collection).missing)(&id.get())}</p>
            </div>
        }
        .into_any()
    };
    let failure = move |error: ApiError| {
        if error.is_no_such_record() {
            missing()
        } else {
            status::error_panel(error, move || list.retry()).into_any()
        }
    };
    // The items editor of the list shown, made again for another list.
    let shown = Memo::new(move |_| list.with_data(|l| l.map(|l| l.id.clone())));
    let editor = move || {
        shown
            .get()
            .map(|list_id| untrack(|| items_editor(collection, items, list_id, default_action)))
    };
    let pending = RwSignal::new(false);
    let waiting = move || status::loading(t.resource(collection).loading_one).into_any();
    let body = move || {
        view! {
            <div class="record" class:stale=move || pending.get()>
                <h1>{heading}</h1>
                {facts}
                {editor}
            </div>
        }
    };
    view! {
        <section class="detail-page numberlist-page">
            <p class="breadcrumb">
                <Link href=Page::List(collection).href()>
                    {move || t.resource(collection).title}
                </Link>
            </p>
            <Show when=move || well_formed.get() fallback=missing>
                {crate::read::loaded_or(list, waiting, pending, body(), failure)}
            </Show>
        </section>
    }
}

/// The items editor's state: what it shows (shown at once, confirmed or taken back:
/// [`Editor`]), the read of the URL's view of the items, and what the reads found.
#[derive(Clone, Copy)]
struct Items {
    /// The items' collection.
    collection: Collection,
    editor: RwSignal<Editor>,
    read: Read<()>,
    links: RwSignal<PageLinks>,
    changed_elsewhere: RwSignal<bool>,
}

impl Items {
    /// Reads the URL's view of list `list_id`'s items (`edited`'s records) whenever it
    /// changes, or a write or the tab's return asks again ([`Items::reload`]).
    fn follow(
        api: Api,
        edited: Listed,
        list_id: String,
        params: Memo<Result<ListParams, String>>,
    ) -> Items {
        let editor = RwSignal::new(Editor::new());
        let links = RwSignal::new(PageLinks::default());
        let changed_elsewhere = RwSignal::new(false);
        let read = use_read(
            move || params.get().ok(),
            move |view: ListParams, signal| {
                let compare_total = view.filters.is_empty();
                let mut query = view;
                query
                    .filters
                    .insert(0, Filter::new(edited.filter, Operator::Eq, &list_id));
                let api = api.clone();
                async move {
                    let load = editor
                        .try_update(Editor::load_started)
                        .ok_or(ApiError::Aborted)?;
                    let answer: Document<Vec<Resource<NumberlistItem>>> = api
                        .get(edited.collection.path(), &query.to_query(), signal)
                        .await?;
                    let snapshot = Snapshot {
                        items: answer.data.iter().map(item_of).collect(),
                        total: answer.total_count(),
                    };
                    match editor.try_update(|e| e.loaded(load, snapshot, compare_total)) {
                        // A write started since: what this read saw is already old.
                        Some(Loaded::Superseded) | None => return Err(ApiError::Aborted),
                        Some(Loaded::ChangedElsewhere) => {
                            changed_elsewhere.try_set(true);
                        }
                        Some(_) => {}
                    }
                    links.try_set(answer.links.unwrap_or_default());
                    Ok(())
                }
            },
        );
        Items {
            collection: edited.collection,
            editor,
            read,
            links,
            changed_elsewhere,
        }
    }

    fn reload(&self) {
        self.read.retry();
    }

    /// Back in view (another tab may have changed the list): read again.
    fn reload_when_back(self) {
        let on_focus = window_event_listener(leptos::ev::focus, move |_| self.reload());
        let on_visible = web_sys::window()
            .and_then(|w| w.document())
            .map(|document| {
                let watched = document.clone();
                gloo_events::EventListener::new(&document, "visibilitychange", move |_| {
                    if watched.visibility_state() == web_sys::VisibilityState::Visible {
                        self.reload();
                    }
                })
            });
        let on_visible = StoredValue::new_local(on_visible);
        on_cleanup(move || {
            on_focus.remove();
            on_visible.set_value(None);
        });
    }
}

/// A change of the list: shown at once, then confirmed or taken back (with the server's words
/// in the notice), and the items read again.
#[derive(Clone)]
struct Changes {
    items: Items,
    api: Api,
    list_id: String,
    notice: RwSignal<Notice>,
}

impl Changes {
    async fn apply(self, change: Change) -> Result<(), ApiError> {
        let Changes {
            items,
            api,
            list_id,
            notice,
        } = self;
        let number = items
            .editor
            .try_update(|e| e.start(change.clone()))
            .ok_or(ApiError::Aborted)?;
        let result = send_change(&api, items.collection, &list_id, &change).await;
        match &result {
            Ok(()) => items.editor.try_update(|e| e.confirmed(number)),
            Err(error) => {
                notice.try_set(Notice::NotSaved(crate::i18n::error_text(error)));
                items.editor.try_update(|e| {
                    e.failed(number);
                })
            }
        };
        items.reload();
        result
    }
}

/// An edit of one item of the list, through the editor's one write.
#[derive(Clone)]
enum Edit {
    SetAction {
        id: String,
        action_id: Option<i64>,
    },
    Delete(Item),
    /// A deleted item made again (its undo).
    Restore(Item),
}

impl Edit {
    fn change(&self) -> Change {
        match self {
            Edit::SetAction { id, action_id } => Change::SetAction {
                id: id.clone(),
                action_id: *action_id,
            },
            Edit::Delete(item) => Change::Delete {
                id: item.id.clone(),
            },
            Edit::Restore(item) => Change::Add {
                keys: vec![item.key.clone()],
                action_id: item.action_id,
            },
        }
    }

    /// What the notice says once the edit is saved.
    fn saved(&self) -> Option<Notice> {
        match self {
            Edit::SetAction { .. } => None,
            Edit::Delete(item) => Some(Notice::Deleted {
                item: item.clone(),
                undo_until: js_sys::Date::now() + UNDO_FOR.as_millis() as f64,
            }),
            Edit::Restore(item) => Some(Notice::Restored(item.key.clone())),
        }
    }
}

/// The items' edits (an action changed, a deletion, its undo), each row's on its way at once.
type Edits = Write<Edit, ()>;

fn edits(changes: Changes) -> Edits {
    let notice = changes.notice;
    Write::new(
        [],
        move |edit: Edit| changes.clone().apply(edit.change()),
        move |edit: &Edit, _: &()| {
            if let Some(saved) = edit.saved() {
                notice.set(saved);
            }
            Ok(())
        },
    )
    .concurrent()
}

/// The items (`edited`'s records) of list `list_id`: the add form, the search, the table with
/// its writes, the pager.
fn items_editor(
    collection: Collection,
    edited: Listed,
    list_id: String,
    default_action: Signal<String>,
) -> impl IntoView {
    let api = expect_context::<Api>();
    let location = use_location();
    let navigate = use_navigate();
    let t = texts();
    let own_path = record_href(collection, &list_id).unwrap_or_default();
    let params = Memo::new(move |_| items_params(&location.search.get(), edited.collection));
    let items = Items::follow(api.clone(), edited, list_id.clone(), params);
    items.reload_when_back();
    let Items {
        collection: items_collection,
        editor,
        links,
        changed_elsewhere,
        ..
    } = items;
    let notice = RwSignal::new(Notice::None);
    let changes = Changes {
        items,
        api,
        list_id,
        notice,
    };
    let edits = edits(changes.clone());

    let go = Callback::new(move |to: ListParams| {
        let query = to.to_query();
        let url = if query.is_empty() {
            own_path.clone()
        } else {
            format!("{own_path}?{query}")
        };
        navigate(&url, NavigateOptions::default());
    });
    let add_form = add_form(default_action, changes);
    let search = search_form(params, go);
    let rows = Memo::new(move |_| editor.with(Editor::rows));
    let table = items_table(items_collection, rows, params, default_action, go, edits);
    let pager_state = Memo::new(move |_| PagerState {
        params: params.get().unwrap_or_default(),
        links: links.get(),
        rows_on_page: editor.with(|e| e.rows().len()),
        total: editor.with(Editor::total),
    });
    let has_data = move || editor.with(Editor::has_data);
    let empty = move || {
        (has_data() && rows.with(Vec::is_empty)).then(
            || view! { <p class="empty">{move || t.resource(items_collection).none_match}</p> },
        )
    };
    let pending = RwSignal::new(false);
    let body = view! {
        <div
            class="list-body"
            hidden=move || !has_data() || params.with(Result::is_err)
            class:stale=move || pending.get()
            aria-busy=move || pending.get().to_string()
        >
            {empty}
            <div hidden=move || rows.with(Vec::is_empty)>{table}</div>
            {pager(pager_state, go)}
        </div>
    };
    let waiting =
        move || status::loading(texts().resource(items_collection).loading_list).into_any();
    view! {
        {add_form}
        <Notices notice edits changed_elsewhere />
        <h2 id="numberlist-items-heading">{move || t.resource(items_collection).title}</h2>
        {search}
        {move || params.get().err().map(status::input_error)}
        {crate::read::loaded(items.read, waiting, pending, body)}
    }
}

/// What the last write did, and whether the list changed elsewhere.
#[component]
fn Notices(
    notice: RwSignal<Notice>,
    edits: Edits,
    changed_elsewhere: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <div class="numberlist-notices">
            <div class="numberlist-status" role="status" aria-live="polite">
                {move || notice_view(notice, edits)}
            </div>
            <div class="numberlist-changed" aria-live="polite">
                {move || changed_elsewhere.get().then(|| view! {
                    <p class="changed-elsewhere">
                        {tr(|t| t.nl_changed_elsewhere)} " "
                        <button type="button" class="dismiss" on:click=move |_| changed_elsewhere.set(false)>
                            {tr(|t| t.nl_cancel)}
                        </button>
                    </p>
                })}
            </div>
        </div>
    }
}

/// Sends `change` of list `list_id`'s items, records of `items`.
async fn send_change(
    api: &Api,
    items: Collection,
    list_id: &str,
    change: &Change,
) -> Result<(), ApiError> {
    let item_path = |id: &str| format!("{}/{}", items.path(), encode_component(id));
    match change {
        Change::Add { keys, action_id } => {
            let _: Document<Resource<NumberlistItem>> = api
                .create(
                    items.path(),
                    &create_document(list_id, keys, *action_id),
                    None,
                )
                .await?;
            Ok(())
        }
        Change::SetAction { id, action_id } => {
            let _: Document<Resource<NumberlistItem>> = api
                .update(&item_path(id), &action_document(id, *action_id), None)
                .await?;
            Ok(())
        }
        Change::Delete { id } => api.delete(&item_path(id), None).await,
    }
}

/// The action picker's options: the list's default (by name), reject, allow.
fn action_options(default_action: Signal<String>, selected: Signal<String>) -> impl IntoView {
    let option = move |value: &'static str, label: Box<dyn Fn() -> String + Send + Sync>| {
        view! { <option value=value selected=move || selected.with(|s| s == value)>{label}</option> }
    };
    view! {
        {option("", Box::new(move || {
            let name = default_action.get();
            if name.is_empty() {
                texts().nl_action_default.to_string()
            } else {
                (texts().nl_action_default_named)(&name).get()
            }
        }))}
        {option("1", Box::new(|| code_name("action-id", NUMBERLIST_ACTIONS, Some(REJECT))))}
        {option("2", Box::new(|| code_name("action-id", NUMBERLIST_ACTIONS, Some(ALLOW))))}
    }
}

/// Numbers to add, as the add form sends them.
#[derive(Clone)]
struct Addition {
    change: Change,
    count: usize,
    repeated: usize,
}

/// The add form's fields as the server's 422 pointers name them; any other pointer (the list
/// itself) shows above the form.
const ADD_FIELDS: [&str; 3] = ["key", "batch-key", "action-id"];

/// The add form's request, through the editor's writes: on success the typed keys go and the
/// notice says how many were added; a failure also says, beside the list, that nothing was
/// saved.
fn add_write(changes: Changes, keys: RwSignal<String>) -> Write<Addition, ()> {
    let notice = changes.notice;
    Write::new(
        ADD_FIELDS,
        move |addition: Addition| changes.clone().apply(addition.change),
        move |addition, ()| {
            keys.set(String::new());
            notice.set(Notice::Added {
                count: addition.count,
                repeated: addition.repeated,
            });
            Ok(())
        },
    )
}

/// "Add numbers": one key or many, checked before any request; the server's refusal is shown
/// by the field it names, and the typed keys stay.
fn add_form(default_action: Signal<String>, changes: Changes) -> impl IntoView {
    let t = texts();
    let keys = RwSignal::new(String::new());
    let action = RwSignal::new(String::new());
    let write = add_write(changes, keys);
    let keys_problems = Signal::derive(move || {
        [
            write.texts_at(Some("key")).get(),
            write.texts_at(Some("batch-key")).get(),
        ]
        .concat()
    });
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match parse_batch(&keys.get_untracked()) {
            Err(problem) => write.refuse(vec![(Some("key"), batch_error_text(&problem))]),
            Ok(batch) => {
                write.dispatch(Addition {
                    count: batch.keys.len(),
                    repeated: batch.repeated,
                    change: Change::Add {
                        keys: batch.keys,
                        action_id: action_of_value(&action.get_untracked()),
                    },
                });
            }
        }
    };
    view! {
        <form class="numberlist-add" on:submit=submit novalidate>
            <h2>{tr(|t| t.nl_add_heading)}</h2>
            <div class="field">
                <label for="numberlist-keys">{tr(|t| t.nl_keys_label)}</label>
                <textarea
                    id="numberlist-keys"
                    name="keys"
                    rows="3"
                    aria-describedby="numberlist-keys-hint numberlist-keys-error"
                    aria-invalid=move || keys_problems.with(|p| !p.is_empty()).to_string()
                    prop:value=move || keys.get()
                    on:input=move |ev| {
                        keys.set(event_target_value(&ev));
                        write.forget_at(&[Some("key"), Some("batch-key")]);
                    }
                ></textarea>
                <p class="hint" id="numberlist-keys-hint">{tr(|t| t.nl_keys_hint)}</p>
                <FieldProblems texts=keys_problems id="numberlist-keys-error" />
            </div>
            <div class="field">
                <label for="numberlist-action">{tr(|t| t.nl_action_label)}</label>
                <select
                    id="numberlist-action"
                    name="action"
                    aria-describedby="numberlist-action-error"
                    on:change=move |ev| action.set(event_target_value(&ev))
                >
                    {action_options(default_action, action.into())}
                </select>
                <FieldProblems texts=write.texts_at(Some("action-id")) id="numberlist-action-error" />
            </div>
            {write.above_form()}
            <button type="submit" class="numberlist-add-submit" aria-disabled=move || write.pending().to_string()>
                {move || if write.pending() { t.nl_adding } else { t.nl_add }}
            </button>
        </form>
    }
}

/// The search box: keys containing the text, kept in the URL (`filter[key-cont]`).
fn search_form(
    params: Memo<Result<ListParams, String>>,
    go: Callback<ListParams>,
) -> impl IntoView {
    let current = move || {
        params.with(|p| {
            p.as_ref()
                .ok()
                .and_then(|p| {
                    p.filters
                        .iter()
                        .find(|f| f.field == SEARCH_FIELD && f.operator == Some(Operator::Cont))
                })
                .map(|f| f.value.clone())
                .unwrap_or_default()
        })
    };
    let typed = RwSignal::new(String::new());
    Effect::new(move |_| typed.set(current()));
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut view = params.get_untracked().unwrap_or_default();
        view.filters
            .retain(|f| !(f.field == SEARCH_FIELD && f.operator == Some(Operator::Cont)));
        let text = typed.get_untracked().trim().to_owned();
        if !text.is_empty() {
            view.filters.push(Filter::from_typed(
                SEARCH_FIELD,
                Some(Operator::Cont),
                &text,
            ));
        }
        view.page_number = None;
        go.run(view);
    };
    view! {
        <form class="numberlist-search" role="search" on:submit=submit>
            <label for="numberlist-search">{tr(|t| t.nl_search_label)}</label>
            <input
                id="numberlist-search"
                type="search"
                name="search"
                prop:value=move || typed.get()
                on:input=move |ev| typed.set(event_target_value(&ev))
            />
            <button type="submit">{tr(|t| t.nl_search)}</button>
        </form>
    }
}

/// What every row of the items table shares.
#[derive(Clone, Copy)]
struct RowsOf {
    default_action: Signal<String>,
    edits: Edits,
    /// The item whose deletion is being confirmed.
    confirming: RwSignal<Option<String>>,
}

/// One number of the list: its key, its action (changed at once) and its deletion (confirmed
/// first); a row still being saved takes no change.
fn item_row(row: Row, rows: RowsOf) -> impl IntoView {
    let RowsOf {
        default_action,
        edits,
        confirming,
    } = rows;
    let Row { item, state } = row;
    let saved = state == RowState::Saved && !item.id.is_empty();
    let (id, key) = (item.id.clone(), item.key.clone());
    let current = action_value(item.action_id);
    let on_action = {
        let id = id.clone();
        move |ev: leptos::ev::Event| {
            let action_id = action_of_value(&event_target_value(&ev));
            edits.dispatch(Edit::SetAction {
                id: id.clone(),
                action_id,
            });
        }
    };
    let confirm_id = id.clone();
    let is_confirming = move || confirming.with(|c| c.as_deref() == Some(confirm_id.as_str()));
    let delete = {
        let item = item.clone();
        move |_| {
            confirming.set(None);
            edits.dispatch(Edit::Delete(item.clone()));
        }
    };
    let ask_id = id.clone();
    let (label_key, delete_key) = (key.clone(), key.clone());
    let select_id = format!(
        "numberlist-action-{}",
        if id.is_empty() {
            key.clone()
        } else {
            id.clone()
        }
    );
    view! {
        <tr data-key=key.clone() data-id=id.clone() class:saving=!saved>
            <th scope="row" class="numberlist-key">{key.clone()}</th>
            <td>
                <label class="visually-hidden" for=select_id.clone()>
                    {move || (texts().nl_action_of)(&label_key)}
                </label>
                <select
                    id=select_id
                    class="numberlist-item-action"
                    disabled=!saved
                    on:change=on_action
                >
                    {action_options(default_action, Signal::stored(current))}
                </select>
            </td>
            <td class="numberlist-changes">
                {move || delete_controls(saved, is_confirming(), &ask_id, &delete_key, delete.clone(), confirming)}
            </td>
        </tr>
    }
}

/// The deletion controls of a row: saving, a delete button, or the confirmation asked.
fn delete_controls(
    saved: bool,
    is_confirming: bool,
    id: &str,
    key: &str,
    delete: impl Fn(leptos::ev::MouseEvent) + 'static,
    confirming: RwSignal<Option<String>>,
) -> AnyView {
    let (id, key) = (id.to_owned(), key.to_owned());
    match (saved, is_confirming) {
        (false, _) => view! { <span class="saving">{tr(|t| t.nl_saving)}</span> }.into_any(),
        (true, false) => view! {
            <button
                type="button"
                class="numberlist-delete"
                aria-label=move || (texts().nl_delete_of)(&key)
                on:click=move |_| confirming.set(Some(id.clone()))
            >
                {tr(|t| t.nl_delete)}
            </button>
        }
        .into_any(),
        (true, true) => {
            let shown_key = key.clone();
            view! {
                <span class="numberlist-confirm" role="group" aria-label=move || (texts().nl_confirm_delete)(&key)>
                    <span aria-hidden="true">{move || (texts().nl_confirm_delete)(&shown_key)}</span> " "
                    <button type="button" class="numberlist-confirm-delete" on:click=delete>
                        {tr(|t| t.nl_delete)}
                    </button>
                    <button type="button" class="numberlist-cancel-delete" on:click=move |_| confirming.set(None)>
                        {tr(|t| t.nl_cancel)}
                    </button>
                </span>
            }
            .into_any()
        }
    }
}

/// A sortable column heading.
fn sort_heading(
    field: &'static str,
    sort: Signal<Vec<SortKey>>,
    on_sort: Callback<Vec<SortKey>>,
) -> impl IntoView {
    let direction =
        move || sort.with(|s| s.first().filter(|k| k.field == field).map(|k| k.descending));
    let aria_sort = move || match direction() {
        Some(true) => "descending",
        Some(false) => "ascending",
        None => "none",
    };
    let arrow = move || match direction() {
        Some(true) => " ▼",
        Some(false) => " ▲",
        None => "",
    };
    view! {
        <th scope="col" aria-sort=aria_sort data-key=field>
            <button
                type="button"
                class="sort"
                on:click=move |_| on_sort.run(sort.with_untracked(|s| toggled_sort(s, field)))
            >
                {move || field_label(field)}
                <span aria-hidden="true">{arrow}</span>
            </button>
        </th>
    }
}

fn items_table(
    items: Collection,
    rows: Memo<Vec<Row>>,
    params: Memo<Result<ListParams, String>>,
    default_action: Signal<String>,
    go: Callback<ListParams>,
    edits: Edits,
) -> impl IntoView {
    let sort = Signal::derive(move || {
        params.with(|p| {
            p.as_ref()
                .ok()
                .map(|p| crate::pages::list::effective_sort(items, p))
                .unwrap_or_default()
        })
    });
    let on_sort = Callback::new(move |sort: Vec<SortKey>| {
        go.run(ListParams {
            sort,
            page_number: None,
            ..params.get_untracked().unwrap_or_default()
        });
    });
    let rows_of = RowsOf {
        default_action,
        edits,
        confirming: RwSignal::new(None),
    };
    view! {
        <div class="table-scroll">
            <table id="outgoing-numberlist-items-table" class="resource-table numberlist-items" aria-labelledby="numberlist-items-heading">
                <thead>
                    <tr>
                        {sort_heading("key", sort, on_sort)}
                        {sort_heading("action-id", sort, on_sort)}
                        <th scope="col">{tr(|t| t.nl_actions)}</th>
                    </tr>
                </thead>
                <tbody>
                    <For
                        each=move || rows.get()
                        key=|row: &Row| (row.item.id.clone(), row.item.key.clone(), row.item.action_id, row.state)
                        children=move |row| item_row(row, rows_of)
                    />
                </tbody>
            </table>
        </div>
    }
}

/// The latest outcome: how many were added, an undo for a deletion (for a while), a refusal.
fn notice_view(notice: RwSignal<Notice>, edits: Edits) -> impl IntoView {
    let t = texts();
    match notice.get() {
        Notice::None => None,
        Notice::Added { count, repeated } => Some(
            view! {
                <p class="numberlist-added">
                    {(t.nl_added)(&crate::format::count(count as u64))}
                    {(repeated > 0).then(|| view! { " " {(t.nl_repeated)(&crate::format::count(repeated as u64))} })}
                </p>
            }
            .into_any(),
        ),
        Notice::Restored(key) => Some(view! { <p class="numberlist-restored">{(t.nl_restored)(&key)}</p> }.into_any()),
        Notice::NotSaved(reason) => Some(
            view! { <p class="numberlist-not-saved error-message" role="alert">{(t.nl_not_saved)(&reason)}</p> }
                .into_any(),
        ),
        Notice::Deleted { item, undo_until } => {
            let left = (undo_until - js_sys::Date::now()).max(0.0);
            // The undo goes when its time is up (unless something else was said meanwhile).
            let expired = item.clone();
            if let Ok(handle) = set_timeout_with_handle(
                move || {
                    if notice.with_untracked(|n| matches!(n, Notice::Deleted { item, .. } if *item == expired)) {
                        notice.set(Notice::None);
                    }
                },
                Duration::from_millis(left as u64),
            ) {
                on_cleanup(move || handle.clear());
            }
            let key = item.key.clone();
            let undo = move |_| {
                notice.set(Notice::None);
                edits.dispatch(Edit::Restore(item.clone()));
            };
            Some(
                view! {
                    <p class="numberlist-deleted">
                        {(t.nl_deleted)(&key)} " "
                        <button type="button" class="numberlist-undo" on:click=undo>{tr(|t| t.nl_undo)}</button>
                    </p>
                }
                .into_any(),
            )
        }
    }
}
