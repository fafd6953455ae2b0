//! The filter bar: rows of field, operator and value, exactly the fields and operator sets the
//! API allows for the collection. Input is checked as it is typed; only when every row is valid
//! does the bar hand the filters on, after a short pause so typing does not flood requests.

use api_model::filters::{Collection, Filter, FilterField, Operator};
use leptos::prelude::*;
use std::time::Duration;

/// How long typing must pause before the filters apply.
pub const TYPING_PAUSE: Duration = Duration::from_millis(400);

/// `min-balance` → `Min balance`.
pub fn field_label(name: &str) -> String {
    let spaced = name.replace('-', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
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
            value: RwSignal::new(filter.value.clone()),
        }
    }

    /// The filter this row stands for; `None` while its value is still empty.
    fn filter(&self) -> Option<Filter> {
        let value = self.value.get();
        if value.trim().is_empty() {
            return None;
        }
        Some(Filter {
            field: self.field.get(),
            operator: self.operator.get(),
            value: value.trim().to_owned(),
        })
    }

    fn error(&self, collection: Collection) -> Option<String> {
        self.filter()?
            .validate(collection)
            .err()
            .map(|e| e.to_string())
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
            .map(|r| (r.filter(), r.error(collection).is_some()))
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

    let add = move |_| rows.update(|rs| rs.push(new_row(&blank_filter(collection))));
    let clear = move |_| rows.set(Vec::new());

    view! {
        <div class="filter-bar" role="group" aria-label="Filters">
            <For each=move || rows.get() key=|row| row.key let:row>
                {filter_row(collection, row, move || rows.update(|rs| rs.retain(|r| r.key != row.key)))}
            </For>
            <div class="filter-actions">
                <button type="button" class="filter-add" on:click=add>"+ Add filter"</button>
                <Show when=move || rows.with(|rs| !rs.is_empty())>
                    <button type="button" class="filter-clear" on:click=clear>"Clear filters"</button>
                </Show>
            </div>
        </div>
    }
}

fn filter_row(
    collection: Collection,
    row: Row,
    remove: impl Fn() + Copy + 'static,
) -> impl IntoView {
    let fields = collection.filter_fields();
    let field_options = fields
        .iter()
        .map(|f| {
            let name = f.name;
            view! { <option value=name selected=move || row.field.get() == name>{field_label(name)}</option> }
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
    let operator_options = move || {
        let set = collection
            .filter_field(&row.field.get())
            .and_then(|f| f.operators);
        match set {
            None => view! { <option value="" selected=true>"is"</option> }.into_any(),
            Some(set) => set
                .operators()
                .iter()
                .map(|op| {
                    let op = *op;
                    view! {
                        <option value=op.as_str() selected=move || row.operator.get() == Some(op)>
                            {op.label()}
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
    let placeholder = move || {
        let takes_list =
            row.operator.get().is_some_and(Operator::takes_list) || row.field.get() == "id";
        if takes_list {
            "values, separated by commas"
        } else {
            "value"
        }
    };
    let error = move || row.error(collection);
    let error_id = format!("filter-error-{}", row.key);
    let described_by = error_id.clone();
    view! {
        <div class="filter-row" data-key=row.key>
            <select class="filter-field" aria-label="Field" on:change=on_field>
                {field_options}
            </select>
            <select
                class="filter-operator"
                aria-label="Operator"
                on:change=on_operator
                disabled=move || collection.filter_field(&row.field.get()).is_none_or(|f| f.operators.is_none())
            >
                {operator_options}
            </select>
            <input
                class="filter-value"
                aria-label="Value"
                placeholder=placeholder
                bind:value=row.value
                aria-invalid=move || error().is_some().to_string()
                aria-describedby=described_by
            />
            <button type="button" class="filter-remove" aria-label="Remove this filter" on:click=move |_| remove()>
                "×"
            </button>
            <p class="filter-error" id=error_id role="alert">
                {error}
            </p>
        </div>
    }
}
