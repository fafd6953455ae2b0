use crate::components::link::Link;
use crate::components::support::SupportNote;
use crate::i18n::tr;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

/// A path the portal has no page for: said inside the signed-in layout, with a way back.
#[component]
pub fn NotFound() -> impl IntoView {
    let location = use_location();
    let t = crate::i18n::texts();
    view! {
        <section class="not-found">
            <h1>{tr(|t| t.not_found_title)}</h1>
            <p>{move || (t.not_found_text)(&location.pathname.get())}</p>
            <p>
                <Link href="/">{tr(|t| t.go_to_overview)}</Link>
            </p>
        </section>
    }
}

/// A page the customer's access profile does not include: plainly said, not an error.
#[component]
pub fn NotAvailable() -> impl IntoView {
    view! {
        <section class="not-found not-available">
            <h1>{tr(|t| t.not_available_title)}</h1>
            <p>{tr(|t| t.not_available_text)}</p>
            <SupportNote lead=|t| t.not_available_help />
            <p>
                <Link href="/">{tr(|t| t.go_to_overview)}</Link>
            </p>
        </section>
    }
}
