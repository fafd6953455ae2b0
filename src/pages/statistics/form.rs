//! The statistics form: account, time range, sampling and the narrowing parameters. It edits
//! a draft of the view, checks it inline, and hands it on only when it can be asked for.

use super::plans::{StatsPage, narrowing_label, sampling_label};
use super::{AccountList, AccountOptions};
use crate::components::problems::FieldProblems;
use crate::components::time_window::{from_input, preset_options, to_input};
use crate::format::Zone;
use crate::i18n::texts;
use crate::i18n::tr;
use crate::pages::named_choices::first_records;
use crate::read::Read;
use crate::stats_view::{FieldError, StatsView, TimeRange, url_time};
use api_model::catalog::Attributes;
use api_model::resources::Country;
use api_model::stats::Sampling;
use chart_data::presets::Preset;
use chrono::Utc;
use leptos::prelude::*;

/// The draft the form edits, and the problems to show next to its fields.
#[derive(Clone, Copy)]
struct Draft {
    view: RwSignal<StatsView>,
    /// Problems found when "Show" was pressed.
    form_errors: RwSignal<Vec<FieldError>>,
    /// Problems of the view in the URL.
    url_errors: Signal<Vec<FieldError>>,
    zone: Signal<Zone>,
}

impl Draft {
    /// The problem with `field`, in the language in use, next to it.
    fn error_for(self, field: &'static str) -> impl IntoView {
        let texts = Signal::derive(move || {
            let mut errors = self.form_errors.get();
            errors.extend(self.url_errors.get());
            errors
                .into_iter()
                .find(|e| e.field == field)
                .map(|e| e.problem.text())
                .into_iter()
                .collect::<Vec<_>>()
        });
        view! { <FieldProblems texts /> }
    }
}

/// What the form works from: the page, the view in the URL (its legends' series aside: a
/// legend's change keeps what the form holds), the accounts to choose from, the narrowing
/// parameters the profile lets it offer, and the zone.
pub struct FormSource {
    pub page: StatsPage,
    pub applied: Memo<StatsView>,
    pub accounts: AccountList,
    pub narrowing: Vec<&'static str>,
    pub zone: Signal<Zone>,
}

pub fn stats_form(
    source: FormSource,
    apply: Callback<StatsView>,
    url_errors: Signal<Vec<FieldError>>,
) -> impl IntoView {
    let FormSource {
        page,
        applied,
        accounts,
        narrowing,
        zone,
    } = source;
    let endpoint = page.form_endpoint();
    let applied = Memo::new(move |_| StatsView {
        series: None,
        ..applied.get()
    });
    let draft = Draft {
        view: RwSignal::new(applied.get_untracked()),
        form_errors: RwSignal::new(Vec::new()),
        url_errors,
        zone,
    };
    Effect::new(move |_| draft.view.set(applied.get()));
    let range = Memo::new(move |_| draft.view.with(|d| d.range.clone()));
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let view = draft.view.get_untracked();
        match view.to_request(endpoint, Utc::now(), zone.get_untracked().rules()) {
            Ok(_) => {
                draft.form_errors.set(Vec::new());
                apply.run(view);
            }
            Err(errors) => draft.form_errors.set(errors),
        }
    };
    let sampling =
        (!endpoint.samplings().is_empty()).then(|| sampling_field(draft, endpoint.samplings()));
    let narrowing = page
        .takes_narrowing()
        .then(|| narrowing_fields(draft, applied, narrowing));
    view! {
        <form class="stats-form" on:submit=submit novalidate=true>
            <div class="stats-fields">
                {account_field(draft, accounts)}
                {range_field(draft)}
                {move || custom_range(draft, range.get())}
                {sampling}
                <button type="submit" class="apply">{tr(|t| t.show)}</button>
            </div>
            {narrowing}
        </form>
    }
}

fn account_field(draft: Draft, accounts: AccountList) -> impl IntoView {
    let chosen = Signal::derive(move || draft.view.with(|d| d.account_id.clone()));
    let on_account = move |ev: leptos::ev::Event| {
        draft
            .view
            .update(|d| d.account_id = event_target_value(&ev))
    };
    view! {
        <label>
            {tr(|t| t.account)}
            <select name="account-id" on:change=on_account>
                <option value="" disabled=true>{tr(|t| t.choose_an_account)}</option>
                <AccountOptions accounts chosen />
            </select>
            {draft.error_for("account-id")}
        </label>
    }
}

fn range_field(draft: Draft) -> impl IntoView {
    let range_value = move || match draft.view.with(|d| d.range.clone()) {
        TimeRange::Preset(p) => p.as_str().to_owned(),
        TimeRange::Custom { .. } => "custom".to_owned(),
    };
    let on_range = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        draft.view.update(|d| {
            d.range = match Preset::parse(&value) {
                Some(preset) => TimeRange::Preset(preset),
                None => {
                    // Start a custom range from what the preset covered.
                    let (from, to) = d
                        .resolve_range(Utc::now(), draft.zone.get_untracked().rules())
                        .map(|(f, t)| (url_time(&f), t.map(|t| url_time(&t)).unwrap_or_default()))
                        .unwrap_or_default();
                    TimeRange::Custom { from, to }
                }
            }
        });
    };
    view! {
        <label>
            {tr(|t| t.time_range)}
            <select name="range" on:change=on_range>
                {preset_options(range_value)}
                <option value="custom" selected=move || range_value() == "custom">{tr(|t| t.custom_range)}</option>
            </select>
        </label>
    }
}

/// The start and end of a custom range, in the display zone; none for a preset.
fn custom_range(draft: Draft, range: TimeRange) -> Option<impl IntoView + use<>> {
    let TimeRange::Custom { from, to } = range else {
        return None;
    };
    let zone_now = draft.zone.get();
    let set = move |end: &'static str| {
        move |ev: leptos::ev::Event| {
            let value = from_input(&event_target_value(&ev), zone_now);
            draft.view.update(|d| {
                if let TimeRange::Custom { from, to } = &mut d.range {
                    *if end == "from" { from } else { to } = value;
                }
            });
        }
    };
    Some(view! {
        <label>
            {tr(|t| t.from)}
            <input type="datetime-local" name="from-time" step="1" prop:value=to_input(&from, zone_now) on:change=set("from") />
            {draft.error_for("from-time")}
        </label>
        <label>
            {tr(|t| t.to)}
            <input type="datetime-local" name="to-time" step="1" prop:value=to_input(&to, zone_now) on:change=set("to") />
            {draft.error_for("to-time")}
        </label>
    })
}

fn sampling_field(draft: Draft, samplings: &'static [Sampling]) -> impl IntoView {
    let options = samplings
        .iter()
        .map(|s| {
            let s = *s;
            view! { <option value=s.as_str() selected=move || draft.view.with(|d| d.sampling == Some(s))>{move || sampling_label(s)}</option> }
        })
        .collect_view();
    let on_sampling = move |ev: leptos::ev::Event| {
        draft
            .view
            .update(|d| d.sampling = Sampling::parse(&event_target_value(&ev)))
    };
    view! {
        <label>
            {tr(|t| t.sampling)} <select name="sampling" on:change=on_sampling>{options}</select>
            {draft.error_for("sampling")}
        </label>
    }
}

/// The countries, for the country parameters' pickers, asked for once they are `wanted`: on a
/// page's first load they would compete with its statistics for the link and the server.
fn countries(wanted: Signal<bool>) -> Read<Vec<(String, String)>> {
    first_records(
        Country::COLLECTION.path(),
        None,
        move || wanted.get().then_some(()),
        |country: api_model::document::Resource<Country>| (country.id, country.attributes.name),
    )
}

/// A country parameter's picker: the countries by name with their integer ids. While the list
/// is missing the chosen id stays chosen (see [`countries_failed`] for a failed list).
fn country_picker(
    name: &'static str,
    countries: Read<Vec<(String, String)>>,
    value: impl Fn() -> String + Copy + Send + Sync + 'static,
    on_change: impl Fn(leptos::ev::Event) + 'static,
) -> impl IntoView {
    let options = move || {
        let chosen = value();
        countries.with_data(|list| match list {
            Some(list) => list
                .iter()
                .map(|(id, label)| {
                    let selected = *id == chosen;
                    view! { <option value=id.clone() selected=selected>{label.clone()}</option> }
                })
                .collect_view()
                .into_any(),
            // Without names the id chosen in the URL is still chosen, and can be cleared.
            None => (!chosen.is_empty())
                .then(|| view! { <option value=chosen.clone() selected=true>{chosen.clone()}</option> })
                .into_any(),
        })
    };
    let loading = move || countries.is_loading() && !countries.has_data();
    view! {
        <select name=name on:change=on_change aria-busy=move || loading().to_string()>
            <option value="">
                {move || if loading() { texts().loading_countries } else { texts().any }}
            </option>
            {options}
        </select>
    }
}

/// Beside a country picker, outside its label (a label holds one control): the countries could
/// not be read, and a button to ask again.
fn countries_failed(countries: Read<Vec<(String, String)>>) -> impl IntoView {
    move || {
        countries
            .error()
            .filter(|_| !countries.has_data())
            .map(|_| {
                view! {
                    <p class="field-error countries-failed" role="alert">
                        {tr(|t| t.countries_failed)} " "
                        <button type="button" class="retry" on:click=move |_| countries.retry()>
                            {tr(|t| t.retry)}
                        </button>
                    </p>
                }
            })
    }
}

/// The parameters that narrow the statistics, folded away until wanted: those of the
/// endpoint's side the form may offer.
fn narrowing_fields(
    draft: Draft,
    applied: Memo<StatsView>,
    params: Vec<&'static str>,
) -> impl IntoView {
    let t = texts();
    // Wanted once the fields are shown (unfolded, or open with the filters in force), if a
    // country is among them; a picker stays filled when they are folded again.
    let has_country = params.iter().any(|name| name.ends_with("country-id"));
    let shown = RwSignal::new(applied.with_untracked(|a| !a.filters.is_empty()));
    let countries = countries(Signal::derive(move || has_country && shown.get()));
    // Set once: setting it again would ask for the countries again.
    let on_toggle = move |ev: leptos::ev::Event| {
        if !shown.get_untracked() && event_target::<web_sys::Element>(&ev).has_attribute("open") {
            shown.set(true);
        }
    };
    let fields = params
        .into_iter()
        .map(|name| {
            let value = move || {
                draft
                    .view
                    .with(|d| d.filters.get(name).cloned().unwrap_or_default())
            };
            let on_input = move |ev: leptos::ev::Event| {
                let text = event_target_value(&ev);
                draft.view.update(|d| {
                    if text.trim().is_empty() {
                        d.filters.remove(name);
                    } else {
                        d.filters.insert(name.to_owned(), text);
                    }
                });
            };
            let is_country = name.ends_with("country-id");
            let input = if is_country {
                country_picker(name, countries, value, on_input).into_any()
            } else {
                view! { <input name=name prop:value=value on:input=on_input /> }.into_any()
            };
            view! {
                <div class="narrowing-field">
                    <label>
                        {move || narrowing_label(name)} {input} {draft.error_for(name)}
                    </label>
                    {is_country.then(|| countries_failed(countries))}
                </div>
            }
        })
        .collect_view();
    let active = move || draft.view.with(|d| d.filters.len());
    view! {
        <details class="more-filters" open=move || applied.with(|a| !a.filters.is_empty()) on:toggle=on_toggle>
            <summary>{move || match active() {
                0 => t.more_filters.to_string(),
                n => (t.more_filters_set)(&n.to_string()).get(),
            }}</summary>
            <div class="narrowing-fields">{fields}</div>
        </details>
    }
}
