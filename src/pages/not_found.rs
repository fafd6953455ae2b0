use crate::components::link::Link;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

#[component]
pub fn NotFound() -> impl IntoView {
    let location = use_location();
    view! {
        <section class="not-found">
            <h1>"Page not found"</h1>
            <p>{move || format!("There is no page at {}.", location.pathname.get())}</p>
            <p>
                <Link href="/">"Go to the overview"</Link>
            </p>
        </section>
    }
}
