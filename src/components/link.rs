//! Links to portal pages. Every in-portal link goes through here so that it carries the
//! sub-path the portal is served under: the router's `A` leaves absolute paths as they are.

use crate::routing;
use leptos::prelude::*;
use leptos_router::components::A;

/// A link to the portal path `href` (`/accounts/…`), followed without reloading the page.
#[component]
pub fn Link(
    #[prop(into)] href: Signal<String>,
    /// Marked current only on exactly this path (not on the paths below it).
    #[prop(optional)]
    exact: bool,
    #[prop(optional, into)] class: Option<String>,
    children: Children,
) -> impl IntoView {
    view! { <A href=move || href.with(|h| routing::href(h)) exact=exact attr:class=class>{children()}</A> }
}
