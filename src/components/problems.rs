//! What is wrong with a form's field (under it) or with the form as a whole (above it): one
//! view for every form, so each says it the same way to the eye and to a screen reader.

use leptos::prelude::*;

/// The problems' words as one alert, or nothing when there are none.
#[component]
pub fn FieldProblems(
    #[prop(into)] texts: Signal<Vec<String>>,
    /// For a control's `aria-describedby`.
    #[prop(optional, into)]
    id: Option<String>,
) -> impl IntoView {
    move || {
        let texts = texts.get();
        (!texts.is_empty()).then(|| {
            view! { <span class="field-error" id=id.clone() role="alert">{texts.join(" ")}</span> }
        })
    }
}
