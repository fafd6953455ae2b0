//! `/<collection>/<segment>` of a collection whose declaration lists its creation form's
//! inputs ([`Form::Inputs`]): one page for every such form. Each input shows as its kind asks
//! (a choice of the customer's accounts for a relationship to them, of the declared words for a
//! choice, a text box otherwise), is checked before anything is sent
//! (`api_model::creation`), and the form posts through the one write mechanism
//! (`crate::write`) to the declared path; the created record's page opens.

use crate::components::link::Link;
use crate::components::problems::FieldProblems;
use crate::i18n::{choice_label, texts, tr};
use crate::pages::account_choices::{
    AccountOptions, AccountsFailed, choose_the_only_account, session_accounts,
};
use crate::resources::field_label;
use crate::routing::{Page, record_href};
use crate::write::{Said, Write};
use api_model::catalog::{Attributes, Collection, Form, Input, Kind};
use api_model::creation::{InputProblem, creation_document};
use api_model::document::{Document, Resource};
use api_model::resources::Account;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use std::collections::BTreeMap;

/// A problem to show next to an input (`None`: above the form), in the language in use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    Input(InputProblem),
    /// The server's own words.
    Server(String),
}

impl Said for Shown {
    fn server(words: String) -> Self {
        Shown::Server(words)
    }

    fn text(&self) -> String {
        let t = texts();
        match self {
            Shown::Input(InputProblem::Missing) => t.input_missing.to_string(),
            Shown::Input(InputProblem::NotAnInteger(typed) | InputProblem::NotADecimal(typed)) => {
                (t.input_not_a_number)(typed).get()
            }
            Shown::Input(InputProblem::NotAChoice(typed)) => (t.input_not_a_choice)(typed).get(),
            Shown::Server(words) => words.clone(),
        }
    }
}

/// The record the server created.
pub type Created = Document<Resource<serde_json::Value>>;
/// A declared form's write: the document it posts, the record created.
pub type CreateWrite = Write<serde_json::Value, Created, Shown>;
/// What the customer typed, by input name.
type Typed = RwSignal<BTreeMap<&'static str, String>>;

/// The declared form of `collection`: its inputs, checked, posted, then the new record shown.
pub fn create_page(collection: Collection) -> impl IntoView {
    let creation = collection.creation();
    let inputs: &'static [Input] = match creation.map(|c| c.form) {
        Some(Form::Inputs(inputs)) => inputs,
        _ => &[],
    };
    let path = creation.map_or(collection.path(), |c| c.path);
    let write = create_write(collection, path, inputs);
    view! {
        <section class="export-form-page create-page">
            <p class="breadcrumb">
                <Link href=Page::List(collection).href()>{texts().resource(collection).title}</Link>
            </p>
            <h1>{Page::Create(collection).title(texts())}</h1>
            <DeclaredForm path inputs write />
        </section>
    }
}

/// A form of declared inputs: each shows as its kind asks, is checked before anything is sent,
/// and the form posts to `path` through `write`.
#[component]
pub fn DeclaredForm(
    path: &'static str,
    inputs: &'static [Input],
    write: CreateWrite,
) -> impl IntoView {
    let typed: Typed = RwSignal::new(BTreeMap::new());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let value_of = |name: &str| typed.with_untracked(|t| t.get(name).cloned());
        match creation_document(path, inputs, |name| value_of(name).unwrap_or_default()) {
            Ok(document) => {
                write.dispatch(document);
            }
            Err(found) => write.refuse(
                found
                    .into_iter()
                    .map(|(name, problem)| (Some(name), Shown::Input(problem)))
                    .collect(),
            ),
        }
    };
    let fields = inputs
        .iter()
        .map(|&input| view! { <InputField input typed write /> })
        .collect_view();
    view! {
        {write.above_form()}
        <form class="export-form" on:submit=submit novalidate=true>
            {fields}
            <button type="submit" class="primary" disabled=move || write.pending()>
                {move || if write.pending() { texts().creating_record } else { texts().create_record }}
            </button>
        </form>
    }
}

/// The form's write: the document posted to `path`, then the created record's page (or the
/// list, for records without one).
fn create_write(
    collection: Collection,
    path: &'static str,
    inputs: &'static [Input],
) -> CreateWrite {
    let api = expect_context::<crate::http::Api>();
    let navigate = use_navigate();
    let names: Vec<&'static str> = inputs.iter().map(|input| input.name).collect();
    Write::new(
        names,
        move |document| {
            let api = api.clone();
            async move { api.create(path, &document, None).await }
        },
        move |_, created: &Created| {
            let href = record_href(collection, &created.data.id)
                .unwrap_or_else(|| Page::List(collection).href());
            navigate(&href, Default::default());
            Ok(())
        },
    )
}

/// One declared input with its label and its problems.
#[component]
fn InputField(input: Input, typed: Typed, write: CreateWrite) -> impl IntoView {
    let name = input.name;
    let set = move |value: String| typed.update(|t| _ = t.insert(name, value));
    let control = match (input.to, input.kind) {
        (Some(target), _) if target == Account::COLLECTION.path() => {
            view! { <AccountChoice name typed /> }.into_any()
        }
        (None, Kind::Choice(words)) => view! { <WordChoice name words typed /> }.into_any(),
        (None, Kind::Boolean) => view! { <YesNo name typed /> }.into_any(),
        (_, kind) => {
            let mode = kind.is_numeric().then_some("decimal");
            view! {
                <input type="text" name=name inputmode=mode autocomplete="off"
                    on:input=move |ev| set(event_target_value(&ev)) />
            }
            .into_any()
        }
    };
    view! {
        <label>
            {move || field_label(name)}
            {control}
            <FieldProblems texts=write.texts_at(Some(name)) />
        </label>
    }
}

/// A choice among the customer's accounts (the only one chosen by itself).
#[component]
fn AccountChoice(name: &'static str, typed: Typed) -> impl IntoView {
    let accounts = session_accounts(None);
    let chosen = Signal::derive(move || typed.with(|t| t.get(name).cloned().unwrap_or_default()));
    choose_the_only_account(
        accounts,
        move || chosen.with_untracked(String::is_empty),
        move |id| typed.update(|t| _ = t.insert(name, id)),
    );
    view! {
        <select name=name on:change=move |ev| typed.update(|t| _ = t.insert(name, event_target_value(&ev)))>
            <option value="" disabled=true selected=move || chosen.with(String::is_empty)>{tr(|t| t.choose_an_account)}</option>
            <AccountOptions accounts chosen />
        </select>
        <AccountsFailed accounts />
    }
}

/// A choice among declared words, each in the reader's language.
#[component]
fn WordChoice(name: &'static str, words: &'static [&'static str], typed: Typed) -> impl IntoView {
    let options = words
        .iter()
        .map(|&word| {
            let label = move || choice_label(name, word).unwrap_or(word);
            view! { <option value=word>{label}</option> }
        })
        .collect_view();
    view! {
        <select name=name on:change=move |ev| typed.update(|t| _ = t.insert(name, event_target_value(&ev)))>
            <option value="" selected=true>"—"</option>
            {options}
        </select>
    }
}

/// Yes or no, or nothing chosen.
#[component]
fn YesNo(name: &'static str, typed: Typed) -> impl IntoView {
    view! {
        <select name=name on:change=move |ev| typed.update(|t| _ = t.insert(name, event_target_value(&ev)))>
            <option value="" selected=true>"—"</option>
            <option value="true">{tr(|t| t.yes)}</option>
            <option value="false">{tr(|t| t.no)}</option>
        </select>
    }
}
