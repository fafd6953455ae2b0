//! Time ranges as people pick them: the statistics pages' presets ("Today", "Last month"), or
//! a custom range typed as local wall-clock times in the chosen zone. The statistics form and
//! the call lists' window control share these pieces.
//!
//! A call list's window is its `time-start` filters (`api_model::window`), so the URL keeps
//! it; a preset is resolved to its times when chosen, and a bookmark shows the same calls later.

use crate::format::{Zone, timestamp_in};
use crate::i18n::{texts, tr};
use crate::stats_view::url_time;
use api_model::catalog::Window;
use api_model::filters::Filter;
use api_model::stats::parse_time;
use api_model::window::Shown;
use chart_data::presets::{self, Preset};
use chrono::{DateTime, Utc};
use leptos::prelude::*;

/// A local wall-clock text for a `datetime-local` input, from a URL time.
pub fn to_input(url_value: &str, zone: Zone) -> String {
    parse_time(url_value)
        .map(|t| api_model::date_text::format("%Y-%m-%dT%H:%M:%S", &zone.rules().to_local(t)))
        .unwrap_or_default()
}

/// A URL time from a `datetime-local` input's local wall-clock text; text that does not read
/// as a time is kept as typed, for the check to point at.
pub fn from_input(input: &str, zone: Zone) -> String {
    let text = input.trim();
    ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|f| api_model::date_text::parse(text, f))
        .map(|local| url_time(&zone.rules().to_utc(local)))
        .unwrap_or_else(|| text.to_owned())
}

/// A preset's name in the language in use.
pub fn preset_label(preset: Preset) -> crate::i18n::Text {
    let t = texts();
    match preset {
        Preset::LastHour => t.range_last_hour,
        Preset::Today => t.range_today,
        Preset::Yesterday => t.range_yesterday,
        Preset::Last7Days => t.range_last_7_days,
        Preset::ThisMonth => t.range_this_month,
        Preset::LastMonth => t.range_last_month,
    }
}

/// The `<option>`s of the presets, `selected` when `current` names them.
pub fn preset_options(
    current: impl Fn() -> String + Copy + Send + Sync + 'static,
) -> impl IntoView {
    Preset::ALL
        .iter()
        .map(|p| {
            let (preset, value) = (*p, p.as_str());
            view! { <option value=value selected=move || current() == value>{move || preset_label(preset)}</option> }
        })
        .collect_view()
}

/// Why a typed custom range cannot be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RangeProblem {
    NoStart,
    EndUnreadable,
    EndBeforeStart,
}

type Range = (DateTime<Utc>, Option<DateTime<Utc>>);

/// A typed range, as URL times, checked.
fn check_range(from: &str, to: &str) -> Result<Range, RangeProblem> {
    let from = parse_time(from).ok_or(RangeProblem::NoStart)?;
    let to = match to.trim() {
        "" => None,
        text => Some(parse_time(text).ok_or(RangeProblem::EndUnreadable)?),
    };
    match to {
        Some(to) if to <= from => Err(RangeProblem::EndBeforeStart),
        _ => Ok((from, to)),
    }
}

/// The window a call list shows, in words, and a control that changes it through `apply`
/// (the list's new filters).
pub fn window_control(
    window: Window,
    filters: Signal<Vec<Filter>>,
    zone: Signal<Zone>,
    apply: Callback<Vec<Filter>>,
) -> impl IntoView {
    let t = texts();
    let shown = Memo::new(move |_| filters.with(|f| window.shown(f)));
    // The custom range being typed, as URL times; `None` while a preset or the server's own
    // window is chosen.
    let typing = RwSignal::new(None::<(String, String)>);
    let problem = RwSignal::new(None::<RangeProblem>);
    let choice = move || match (typing.with(Option::is_some), shown.get()) {
        (true, _) | (false, Shown::Between { .. }) => "custom".to_owned(),
        (false, Shown::Recent { .. }) => "recent".to_owned(),
    };
    let apply_range = move |range: Option<Range>| {
        typing.set(None);
        problem.set(None);
        apply.run(filters.with_untracked(|f| window.with_range(f, range)));
    };
    let on_choice = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        if let Some(preset) = Preset::parse(&value) {
            let (from, to) = presets::range(preset, Utc::now(), zone.get_untracked().rules());
            apply_range(Some((from, Some(to))));
        } else if value == "custom" {
            let (from, to) = match shown.get_untracked() {
                Shown::Between { from, to } => (from, to),
                Shown::Recent { to } => (window.recent(Utc::now()).0, to),
            };
            typing.set(Some((
                url_time(&from),
                to.map(|t| url_time(&t)).unwrap_or_default(),
            )));
        } else {
            apply_range(None);
        }
    };
    let summary = move || {
        let zone = zone.get();
        let at = |time: &DateTime<Utc>| timestamp_in(time, zone);
        match shown.get() {
            Shown::Recent { .. } => (t.window_default)(&window.default_hours.to_string()),
            Shown::Between { from, to: Some(to) } => (t.window_between)(&at(&from), &at(&to)),
            Shown::Between { from, to: None } => (t.window_since)(&at(&from)),
        }
    };
    view! {
        <div class="time-window">
            <label>
                {tr(|t| t.window_change)}
                <select name="window" on:change=on_choice>
                    <option value="recent" selected=move || choice() == "recent">{tr(|t| t.window_last_24_hours)}</option>
                    {preset_options(choice)}
                    <option value="custom" selected=move || choice() == "custom">{tr(|t| t.custom_range)}</option>
                </select>
            </label>
            {move || custom_fields(shown.get(), typing, problem, zone, apply_range)}
            <p class="window-shown" role="status">{summary}</p>
        </div>
    }
}

/// From and to of a custom window, with "Show"; prefilled with the window in force.
fn custom_fields<A>(
    shown: Shown,
    typing: RwSignal<Option<(String, String)>>,
    problem: RwSignal<Option<RangeProblem>>,
    zone: Signal<Zone>,
    apply_range: A,
) -> Option<impl IntoView + use<A>>
where
    A: Fn(Option<Range>) + Copy + Send + Sync + 'static,
{
    let (from, to) = match (typing.get(), shown) {
        (Some(typed), _) => typed,
        (None, Shown::Between { from, to }) => (
            url_time(&from),
            to.map(|t| url_time(&t)).unwrap_or_default(),
        ),
        (None, Shown::Recent { .. }) => return None,
    };
    let zone_now = zone.get();
    let set = move |end: &'static str| {
        move |ev: leptos::ev::Event| {
            let value = from_input(&event_target_value(&ev), zone_now);
            typing.update(|typed| {
                let (from, to) = typed.get_or_insert_with(Default::default);
                *if end == "from" { from } else { to } = value;
            });
        }
    };
    let (from_now, to_now) = (from.clone(), to.clone());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (from, to) = typing
            .get_untracked()
            .unwrap_or_else(|| (from_now.clone(), to_now.clone()));
        match check_range(&from, &to) {
            Ok(range) => apply_range(Some(range)),
            Err(reason) => problem.set(Some(reason)),
        }
    };
    let error_at = move |field: &'static str| {
        move || {
            let wrong = match problem.get()? {
                RangeProblem::NoStart => ("from", texts().enter_start_time),
                RangeProblem::EndUnreadable => ("to", texts().end_time_unreadable),
                RangeProblem::EndBeforeStart => ("to", texts().end_after_start),
            };
            (wrong.0 == field)
                .then(|| view! { <span class="field-error" role="alert">{wrong.1}</span> })
        }
    };
    Some(view! {
        <form class="window-range" on:submit=submit novalidate=true>
            <label>
                {tr(|t| t.from)}
                <input type="datetime-local" name="window-from" step="1" prop:value=to_input(&from, zone_now) on:change=set("from") />
                {error_at("from")}
            </label>
            <label>
                {tr(|t| t.to)}
                <input type="datetime-local" name="window-to" step="1" prop:value=to_input(&to, zone_now) on:change=set("to") />
                {error_at("to")}
            </label>
            <button type="submit" class="apply">{tr(|t| t.show)}</button>
        </form>
    })
}
