//! The filter bar: rows of field, operator and value, exactly the fields and operator sets the
//! API allows for the collection. Input is checked as it is typed; only when every row is valid
//! does the bar hand the filters on, after a short pause so typing does not flood requests.
//!
//! A row keeps the value as typed; the filter it stands for carries the value as the server
//! reads it (`Filter::from_typed`: list items without the blanks after commas, a single value
//! with a comma quoted).

use crate::i18n::tr;
use crate::resources::field_label;
use api_model::catalog::Collection;
use api_model::filters::{Filter, FilterField, Operator};
use leptos::prelude::*;
use std::time::Duration;

/// How long typing must pause before the filters apply.
pub const TYPING_PAUSE: Duration = Duration::from_millis(400);

/// An operator's name in the language in use.
pub fn operator_label(op: Operator) -> crate::i18n::Text {
    let t = crate::i18n::texts();
    match op {
        Operator::Eq => t.op_eq,
        Operator::NotEq => t.op_not_eq,
        Operator::Cont => t.op_cont,
        Operator::Start => t.op_start,
        Operator::End => t.op_end,
        Operator::In => t.op_in,
        Operator::NotIn => t.op_not_in,
        Operator::ContAny => t.op_cont_any,
        Operator::Gt => t.op_gt,
        Operator::Gteq => t.op_gteq,
        Operator::Lt => t.op_lt,
        Operator::Lteq => t.op_lteq,
    }
}

#[derive(Clone, Copy)]
struct Row {
    key: u32,
    field: RwSignal<String>,
    operator: RwSignal<Option<Operator>>,
    value: RwSignal<String>,
}

impl Row {
    fn new(key: u32, filter: &Filter) -> Row {
        Row {
            key,
            field: RwSignal::new(filter.field.clone()),
            operator: RwSignal::new(filter.operator),
            value: RwSignal::new(filter.typed()),
        }
    }

    /// The filter this row stands for; `None` while its value is still empty.
    fn filter(&self) -> Option<Filter> {
        let typed = self.value.get();
        if typed.trim().is_empty() {
            return None;
        }
        Some(Filter::from_typed(
            &self.field.get(),
            self.operator.get(),
            &typed,
        ))
    }

    fn error(&self, collection: Collection) -> Option<String> {
        self.filter()?
            .validate(collection)
            .err()
            .map(|e| crate::i18n::filter_error_text(&e))
    }
}

fn default_operator(field: &FilterField) -> Option<Operator> {
    field.operators.map(|set| set.operators()[0])
}

/// A new, empty row on the first field that has operators.
fn blank_filter(collection: Collection) -> Filter {
    let fields = collection.filter_fields();
    let field = fields
        .iter()
        .find(|f| f.operators.is_some())
        .or(fields.first());
    Filter {
        field: field.map(|f| f.name.to_owned()).unwrap_or_default(),
        operator: field.and_then(default_operator),
        value: String::new(),
    }
}

pub fn filter_bar(
    collection: Collection,
    applied: Signal<Vec<Filter>>,
    on_apply: Callback<Vec<Filter>>,
) -> impl IntoView {
    let next_key = StoredValue::new(0u32);
    let new_row = move |filter: &Filter| {
        let key = next_key.try_update_value(|k| {
            *k += 1;
            *k
        });
        Row::new(key.unwrap_or_default(), filter)
    };
    let rows = RwSignal::new(Vec::<Row>::new());
    // What this bar last handed on, to tell its own change coming back through the URL from a
    // change made elsewhere (back/forward, a link), which must replace the rows.
    let last_applied = StoredValue::new(None::<Vec<Filter>>);

    Effect::new(move |_| {
        let applied = applied.get();
        if last_applied.get_value().as_ref() == Some(&applied) {
            return;
        }
        last_applied.set_value(Some(applied.clone()));
        rows.set(applied.iter().map(new_row).collect());
    });

    apply_after_a_pause(collection, rows, applied, last_applied, on_apply);

    // The focus follows: to a new row's first field, and back to "Add filter" when the row it
    // was in goes.
    let add = move |_| {
        let row = new_row(&blank_filter(collection));
        let key = row.key;
        rows.update(|rs| rs.push(row));
        focus_soon(format!(
            ".filter-bar .filter-row[data-key='{key}'] select.filter-field"
        ));
    };
    let clear = move |_| {
        rows.set(Vec::new());
        focus_soon(ADD_BUTTON.to_owned());
    };

    view! {
        <div class="filter-bar" role="group" aria-label=tr(|t| t.filters_label)>
            <For each=move || rows.get() key=|row| row.key let:row>
                {filter_row(collection, row, move || {
                    rows.update(|rs| rs.retain(|r| r.key != row.key));
                    focus_soon(ADD_BUTTON.to_owned());
                })}
            </For>
            <div class="filter-actions">
                <button type="button" class="filter-add" on:click=add>{tr(|t| t.add_filter)}</button>
                <Show when=move || rows.with(|rs| !rs.is_empty())>
                    <button type="button" class="filter-clear" on:click=clear>{tr(|t| t.clear_filters)}</button>
                </Show>
            </div>
        </div>
    }
}

/// Hands the rows' filters on once typing pauses, when they are all valid and differ from the
/// applied ones.
fn apply_after_a_pause(
    collection: Collection,
    rows: RwSignal<Vec<Row>>,
    applied: Signal<Vec<Filter>>,
    last_applied: StoredValue<Option<Vec<Filter>>>,
    on_apply: Callback<Vec<Filter>>,
) {
    let pending = StoredValue::new(None::<TimeoutHandle>);
    let cancel_pending = move || {
        if let Some(handle) = pending.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    };
    Effect::new(move |_| {
        let checked: Vec<(Option<Filter>, bool)> = rows
            .get()
            .iter()
            .map(|r| {
                let filter = r.filter();
                let invalid = filter
                    .as_ref()
                    .is_some_and(|f| f.validate(collection).is_err());
                (filter, invalid)
            })
            .collect();
        cancel_pending();
        if checked.iter().any(|(_, invalid)| *invalid) {
            return;
        }
        let filters: Vec<Filter> = checked.into_iter().filter_map(|(f, _)| f).collect();
        if filters == applied.get_untracked() {
            return;
        }
        let handle = set_timeout_with_handle(
            move || {
                last_applied.set_value(Some(filters.clone()));
                on_apply.run(filters);
            },
            TYPING_PAUSE,
        )
        .ok();
        pending.set_value(handle);
    });
    on_cleanup(cancel_pending);
}

const ADD_BUTTON: &str = ".filter-bar button.filter-add";

/// Focuses the element matching `css` once the page shows what just changed.
fn focus_soon(css: String) {
    set_timeout(
        move || {
            use wasm_bindgen::JsCast;
            let element = document()
                .query_selector(&css)
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(element) = element {
                let _ = element.focus();
            }
        },
        Duration::ZERO,
    );
}

fn filter_row(
    collection: Collection,
    row: Row,
    remove: impl Fn() + Copy + 'static,
) -> impl IntoView {
    let t = crate::i18n::texts();
    let placeholder = move || {
        let takes_list = row.operator.get().is_none_or(Operator::takes_list);
        if takes_list {
            t.placeholder_values
        } else {
            t.placeholder_value
        }
    };
    let error = move || row.error(collection);
    let error_id = format!("filter-error-{}", row.key);
    let described_by = error_id.clone();
    view! {
        <div class="filter-row" data-key=row.key>
            <FieldSelect collection row />
            <OperatorSelect collection row />
            <input
                class="filter-value"
                aria-label=tr(|t| t.filter_value)
                placeholder=placeholder
                bind:value=row.value
                aria-invalid=move || error().is_some().to_string()
                aria-describedby=described_by
            />
            <button type="button" class="filter-remove" aria-label=tr(|t| t.filter_remove) on:click=move |_| remove()>
                "×"
            </button>
            <p class="filter-error" id=error_id role="alert">
                {error}
            </p>
        </div>
    }
}

/// The row's field, among the collection's filters; a field change keeps the operator only
/// when the new field has it.
#[component]
fn FieldSelect(collection: Collection, row: Row) -> impl IntoView {
    let field_options = collection
        .filter_fields()
        .iter()
        .map(|f| {
            let name = f.name;
            view! { <option value=name selected=move || row.field.get() == name>{move || field_label(name)}</option> }
        })
        .collect_view();
    let on_field = move |ev: leptos::ev::Event| {
        let name = event_target_value(&ev);
        if let Some(field) = collection.filter_field(&name) {
            let keeps_operator = match (field.operators, row.operator.get_untracked()) {
                (Some(set), Some(op)) => set.operators().contains(&op),
                (None, None) => true,
                _ => false,
            };
            if !keeps_operator {
                row.operator.set(default_operator(&field));
            }
            row.field.set(name);
        }
    };
    view! {
        <select class="filter-field" aria-label=tr(|t| t.filter_field) on:change=on_field>
            {field_options}
        </select>
    }
}

/// The row's operator, among its field's (none to choose for a plain filter).
#[component]
fn OperatorSelect(collection: Collection, row: Row) -> impl IntoView {
    let operator_options = move || {
        let set = collection
            .filter_field(&row.field.get())
            .and_then(|f| f.operators);
        match set {
            None => view! { <option value="" selected=true>{tr(|t| t.op_is)}</option> }.into_any(),
            Some(set) => set
                .operators()
                .iter()
                .map(|op| {
                    let op = *op;
                    view! {
                        <option value=op.as_str() selected=move || row.operator.get() == Some(op)>
                            {move || operator_label(op)}
                        </option>
                    }
                })
                .collect_view()
                .into_any(),
        }
    };
    let on_operator = move |ev: leptos::ev::Event| {
        row.operator.set(Operator::parse(&event_target_value(&ev)));
    };
    view! {
        <select
            class="filter-operator"
            aria-label=tr(|t| t.filter_operator)
            on:change=on_operator
            disabled=move || collection.filter_field(&row.field.get()).is_none_or(|f| f.operators.is_none())
        >
            {operator_options}
        </select>
    }
}
