//! The signed-in layout: navigation to every section, the signed-in state, and the guard that
//! sends a signed-out visitor to `/login?next=<where they were>`.

use crate::config::PortalConfig;
use crate::format::{Zone, browser_zone_name};
use crate::prefs::Prefs;
use crate::session::Session;
use api_model::query::encode_component;
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::components::{A, Outlet};
use leptos_router::hooks::{use_location, use_navigate};

const SECTIONS: [(&str, &str); 11] = [
    ("/", "Overview"),
    ("/accounts", "Accounts"),
    ("/services", "Services"),
    ("/rates", "Rates"),
    ("/cdr-exports", "CDR exports"),
    ("/network-types", "Network types"),
    ("/network-prefixes", "Network prefixes"),
    ("/statistics/origination", "Origination"),
    ("/statistics/quality", "Quality"),
    ("/statistics/active-calls", "Active calls"),
    ("/statistics/cps", "CPS chart"),
];

/// `/login?next=…` for the current location.
pub fn login_url(pathname: &str, search: &str) -> String {
    let search = search.trim_start_matches('?');
    let here = if search.is_empty() {
        pathname.to_owned()
    } else {
        format!("{pathname}?{search}")
    };
    format!("/login?next={}", encode_component(&here))
}

/// Which time zone timestamps are shown in: the browser's (named) or UTC.
fn zone_picker() -> impl IntoView {
    let prefs = expect_context::<Prefs>();
    let browser = match browser_zone_name() {
        Some(name) => format!("Local time ({name})"),
        None => "Local time".to_owned(),
    };
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(zone) = Zone::parse(&event_target_value(&ev)) {
            prefs.set_zone(zone);
        }
    };
    view! {
        <label class="zone-picker">
            <span class="visually-hidden">"Time zone"</span>
            <select id="time-zone" on:change=on_change>
                <option value="browser" selected=move || prefs.zone() == Zone::Browser>{browser}</option>
                <option value="utc" selected=move || prefs.zone() == Zone::Utc>"UTC"</option>
            </select>
        </label>
    }
}

#[component]
pub fn Shell() -> impl IntoView {
    let session = expect_context::<Session>();
    let config = expect_context::<PortalConfig>();
    let location = use_location();
    let navigate = use_navigate();

    let guard_navigate = navigate.clone();
    Effect::new(move |_| {
        if session.is_signed_in() {
            return;
        }
        let pathname = location.pathname.get_untracked();
        if pathname.starts_with("/login") {
            return;
        }
        let target = login_url(&pathname, &location.search.get_untracked());
        guard_navigate(
            &target,
            NavigateOptions {
                replace: true,
                ..Default::default()
            },
        );
    });

    let prefs = expect_context::<Prefs>();
    // Signing out forgets the preferences too: remembered views hold the customer's filters.
    // An expired session keeps them, so the user comes back to the same views.
    let sign_out = move |_| {
        navigate("/login", NavigateOptions::default());
        prefs.forget();
        session.sign_out();
    };
    let title = StoredValue::new(config.title.clone());
    let links = || {
        SECTIONS
            .iter()
            .map(|(href, label)| view! { <li><A href=*href exact=true>{*label}</A></li> })
            .collect_view()
    };

    view! {
        <Show
            when=move || session.is_signed_in()
            fallback=|| view! { <p class="loading">"Redirecting to sign-in…"</p> }
        >
            <a class="skip-link" href="#main">"Skip to content"</a>
            <header class="topbar">
                <A href="/" attr:class="brand">{move || title.get_value()}</A>
                <nav id="main-nav" aria-label="Sections">
                    <ul>{links()}</ul>
                </nav>
                {zone_picker()}
                <div class="account-state">
                    <span class="signed-in">"Signed in"</span>
                    <button type="button" id="sign-out" on:click=sign_out.clone()>"Sign out"</button>
                </div>
            </header>
            <main id="main" tabindex="-1">
                <Outlet />
            </main>
        </Show>
    }
}
