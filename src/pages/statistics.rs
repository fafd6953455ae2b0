//! Statistics routes. Their URLs are fixed now because users bookmark them; the charts and the
//! query form are the statistics issue's work.

use leptos::prelude::*;
use leptos_router::components::A;

pub fn statistics_page(title: &'static str, what: &'static str) -> impl IntoView {
    view! {
        <section class="statistics-page">
            <h1>{title}</h1>
            <p class="pending-feature">
                {format!("{what} will be shown here. Until then, balances and limits are on the ")}
                <A href="/accounts">"accounts page"</A>
                "."
            </p>
        </section>
    }
}
