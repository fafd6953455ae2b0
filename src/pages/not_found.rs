use crate::components::link::Link;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

#[component]
pub fn NotFound() -> impl IntoView {
    let location = use_location();
    let t = crate::i18n::texts();
    view! {
        // Shown without the signed-in layout, so it is the page's main landmark itself.
        <main id="main" class="not-found">
            <h1>{t.not_found_title}</h1>
            <p>{move || (t.not_found_text)(&location.pathname.get())}</p>
            <p>
                <Link href="/">{t.go_to_overview}</Link>
            </p>
        </main>
    }
}
