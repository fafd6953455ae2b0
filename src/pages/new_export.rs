//! `/cdr-exports/new`: the customer asks the server for a file of their calls. The URL may
//! carry a call list's filters ("Export these calls"), which prefill what an export can take
//! (`api_model::cdr_export`). Problems show next to their field before anything is sent; the
//! server's 422 shows next to the field its pointer names, and the input stays as typed.

use crate::accounts::AccountList;
use crate::components::problems::FieldProblems;
use crate::components::time_window::{from_input, to_input};
use crate::format::Zone;
use crate::http::Api;
use crate::i18n::{texts, tr};
use crate::pages::account_choices::{
    AccountOptions, AccountsFailed, choose_the_only_account, session_accounts,
};
use crate::prefs::Prefs;
use crate::routing::record_href;
use crate::write::{Said, Write};
use api_model::catalog::Collection;
use api_model::cdr_export::{self as export, DraftProblem, ExportDraft};
use api_model::document::{Document, Resource};
use api_model::list::ListParams;
use chrono::Utc;
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};

/// A problem to show next to a field (`None`: above the form), in the language in use.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shown {
    Draft(DraftProblem),
    /// The server's own words.
    Server(String),
}

impl Shown {
    fn text(&self) -> String {
        let t = texts();
        match self {
            Shown::Draft(DraftProblem::ChooseAccount) => t.choose_account_error.to_string(),
            Shown::Draft(DraftProblem::EnterStart) => t.enter_start_time.to_string(),
            Shown::Draft(DraftProblem::EnterEnd) => t.end_time_unreadable.to_string(),
            Shown::Draft(DraftProblem::EndNotAfterStart) => t.end_after_start.to_string(),
            Shown::Draft(DraftProblem::NotWholeSeconds(typed)) => {
                (t.not_a_whole_number)(typed).get()
            }
            Shown::Server(words) => words.clone(),
        }
    }
}

impl Said for Shown {
    fn server(words: String) -> Self {
        Shown::Server(words)
    }

    fn text(&self) -> String {
        Shown::text(self)
    }
}

/// The export's write: the server's document sent, a created export answered.
type ExportWrite = Write<serde_json::Value, Created, Shown>;
type Created = Document<Resource<serde_json::Value>>;

/// The CDR export form of `collection`, as its declaration's [`Form::CdrExport`] says: its own
/// view, as an export's attributes are a call filter over a window, prefilled from a call
/// list's view, which declared inputs cannot say.
///
/// [`Form::CdrExport`]: api_model::catalog::Form::CdrExport
pub fn new_export_page(collection: Collection) -> impl IntoView {
    let api = expect_context::<Api>();
    let prefs = expect_context::<Prefs>();
    let navigate = use_navigate();
    let filters = ListParams::from_query(&use_location().search.get_untracked())
        .map(|p| p.filters)
        .unwrap_or_default();
    // The filters are the view of the list that exports here (the calls), over its window.
    let mut prefilled = collection
        .exported_from()
        .and_then(|calls| calls.spec().window)
        .map(|window| ExportDraft::from_call_filters(&filters, window, Utc::now()))
        .unwrap_or_default();
    prefilled.time_zone_name = prefs.zone_untracked().iana_name().unwrap_or_default();
    let draft = RwSignal::new(prefilled);
    let path = collection
        .creation()
        .map_or(collection.path(), |form| form.path);
    let write: ExportWrite = Write::new(
        export::FIELDS,
        move |document| {
            let api = api.clone();
            async move { api.create(path, &document, None).await }
        },
        move |_, created: &Created| {
            if let Some(href) = record_href(collection, &created.data.id) {
                navigate(&href, Default::default());
            }
            Ok(())
        },
    );
    let accounts = session_accounts(None);
    choose_the_only_account(
        accounts,
        move || draft.with_untracked(|d| d.account_id.is_empty()),
        move |id| draft.update(|d| d.account_id = id),
    );
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match draft.with_untracked(ExportDraft::to_document) {
            Ok(document) => {
                write.dispatch(document);
            }
            Err(errors) => write.refuse(
                errors
                    .into_iter()
                    .map(|e| (Some(e.field), Shown::Draft(e.problem)))
                    .collect(),
            ),
        }
    };
    let zone = Signal::derive(move || prefs.zone());
    view! {
        <section class="export-form-page">
            <h1>{tr(|t| t.new_cdr_export)}</h1>
            <p class="hint">{tr(|t| t.export_form_hint)}</p>
            {write.above_form()}
            <form class="export-form" on:submit=submit novalidate=true>
                {account_field(draft, accounts, write)}
                <fieldset>
                    <legend>{tr(|t| t.window_change)}</legend>
                    <FieldProblems texts=write.texts_at(Some(export::FILTERS)) />
                    {move || time_fields(draft, zone.get(), write)}
                </fieldset>
                {narrowing_fields(draft, write)}
                {file_fields(draft, write)}
                <button type="submit" class="primary" disabled=move || write.pending()>
                    {move || if write.pending() { texts().creating_export } else { texts().create_export }}
                </button>
            </form>
        </section>
    }
}

fn account_field(
    draft: RwSignal<ExportDraft>,
    accounts: AccountList,
    write: ExportWrite,
) -> impl IntoView {
    let chosen = Signal::derive(move || draft.with(|d| d.account_id.clone()));
    view! {
        <label>
            {tr(|t| t.account)}
            <select name=export::ACCOUNT on:change=move |ev| draft.update(|d| d.account_id = event_target_value(&ev))>
                <option value="" disabled=true selected=move || draft.with(|d| d.account_id.is_empty())>{tr(|t| t.choose_an_account)}</option>
                <AccountOptions accounts chosen />
            </select>
            <FieldProblems texts=write.texts_at(Some(export::ACCOUNT)) />
            <AccountsFailed accounts />
        </label>
    }
}

/// From and to, typed in the chosen zone and kept in the API's form.
fn time_fields(draft: RwSignal<ExportDraft>, zone: Zone, write: ExportWrite) -> impl IntoView {
    let (from, to) = draft.with_untracked(|d| (d.from.clone(), d.to.clone()));
    view! {
        <label>
            {tr(|t| t.from)}
            <input type="datetime-local" name=export::FROM step="1" prop:value=to_input(&from, zone)
                on:change=move |ev| draft.update(|d| d.from = from_input(&event_target_value(&ev), zone)) />
            <FieldProblems texts=write.texts_at(Some(export::FROM)) />
        </label>
        <label>
            {tr(|t| t.to)}
            <input type="datetime-local" name=export::TO step="1" prop:value=to_input(&to, zone)
                on:change=move |ev| draft.update(|d| d.to = from_input(&event_target_value(&ev), zone)) />
            <FieldProblems texts=write.texts_at(Some(export::TO)) />
        </label>
    }
}

/// A text input bound to one field of the draft.
fn text_field(
    draft: RwSignal<ExportDraft>,
    write: ExportWrite,
    name: &'static str,
    label: crate::i18n::Text,
    field: fn(&mut ExportDraft) -> &mut String,
    numeric: bool,
) -> impl IntoView {
    let value = draft
        .try_update_untracked(|d| field(d).clone())
        .unwrap_or_default(); // as prefilled
    view! {
        <label>
            {label}
            <input type="text" name=name inputmode=numeric.then_some("numeric") prop:value=value
                on:input=move |ev| draft.update(|d| *field(d) = event_target_value(&ev)) />
            <FieldProblems texts=write.texts_at(Some(name)) />
        </label>
    }
}

fn narrowing_fields(draft: RwSignal<ExportDraft>, write: ExportWrite) -> impl IntoView {
    let success = draft.with_untracked(|d| d.success.clone());
    let t = texts();
    view! {
        <fieldset>
            <legend>{tr(|t| t.more_filters)}</legend>
            <label>
                {move || crate::resources::field_label("success")}
                <select name=export::SUCCESS on:change=move |ev| draft.update(|d| d.success = event_target_value(&ev))>
                    <option value="" selected=success.is_empty()>{tr(|t| t.any_outcome)}</option>
                    <option value="true" selected=success == "true">{tr(|t| t.successful_only)}</option>
                    <option value="false" selected=success == "false">{tr(|t| t.failed_only)}</option>
                </select>
            </label>
            {text_field(draft, write, export::DURATION_GTEQ, t.duration_at_least, |d| &mut d.duration_gteq, true)}
            {text_field(draft, write, export::DURATION_LTEQ, t.duration_at_most, |d| &mut d.duration_lteq, true)}
            {text_field(draft, write, export::DURATION_EQ, t.duration_exactly, |d| &mut d.duration_eq, true)}
            {text_field(draft, write, export::SRC_PREFIX_ROUTING, t.src_prefix_eq, |d| &mut d.src_prefix_routing, false)}
            {text_field(draft, write, export::DST_PREFIX_ROUTING, t.dst_prefix_eq, |d| &mut d.dst_prefix_routing, false)}
        </fieldset>
    }
}

/// How the file writes times.
fn file_fields(draft: RwSignal<ExportDraft>, write: ExportWrite) -> impl IntoView {
    let formats = ["with_timezone", "without_timezone", "round_to_seconds"]
        .into_iter()
        .map(|format| {
            let label = move || crate::i18n::choice_label("time-format", format).unwrap_or(format);
            view! { <option value=format>{label}</option> }
        })
        .collect_view();
    let t = texts();
    view! {
        <div class="export-file">
            <label>
                {move || crate::resources::field_label("time-format")}
                <select name=export::TIME_FORMAT on:change=move |ev| draft.update(|d| d.time_format = event_target_value(&ev))>
                    {formats}
                </select>
                <FieldProblems texts=write.texts_at(Some(export::TIME_FORMAT)) />
            </label>
            {text_field(draft, write, export::TIME_ZONE_NAME, t.time_zone_of_times, |d| &mut d.time_zone_name, false)}
        </div>
    }
}
