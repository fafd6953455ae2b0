//! The signed-in layout: navigation to every section, the signed-in state, and the guard that
//! sends a signed-out visitor to `/login?next=<where they were>`.

use crate::components::link::Link;
use crate::config::PortalConfig;
use crate::embed::Embedding;
use crate::format::{Zone, browser_zone_name};
use crate::http::Api;
use crate::prefs::Prefs;
use crate::session::{Ended, Session};
use api_model::query::encode_component;
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::components::Outlet;
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

    // Embedded, the parent page signs the customer in; the portal waits for its token.
    let embedding = use_context::<Option<Embedding>>().flatten();
    let embedded = embedding.is_some();

    let guard_navigate = navigate.clone();
    Effect::new(move |_| {
        if session.is_signed_in() || embedded {
            return;
        }
        let pathname = crate::routing::portal_path(&location.pathname.get_untracked());
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
    let api = expect_context::<Api>();
    let sign_out = move |_| {
        if !embedded {
            navigate("/login", NavigateOptions::default());
        }
        prefs.forget();
        api.sign_out();
    };
    let chrome_hidden = {
        let embedding = embedding.clone();
        move || embedding.as_ref().is_some_and(Embedding::chrome_hidden)
    };
    let signed_out_view = move || match embedding.clone() {
        Some(embedding) => waiting_for_parent(embedding, session).into_any(),
        None => view! { <p class="loading">"Redirecting to sign-in…"</p> }.into_any(),
    };
    let title = StoredValue::new(config.title.clone());
    let links = || {
        SECTIONS
            .iter()
            .map(|(href, label)| view! { <li><Link href=*href exact=true>{*label}</Link></li> })
            .collect_view()
    };

    view! {
        <Show when=move || session.is_signed_in() fallback=signed_out_view>
            <a class="skip-link" href="#main">"Skip to content"</a>
            <header class="topbar" class:hidden=chrome_hidden.clone()>
                <Link href="/" class="brand">{move || title.get_value()}</Link>
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

/// Embedded and without a token: the parent page has been asked for one. A parent that does
/// not speak the protocol leaves the customer a way to sign in here.
fn waiting_for_parent(embedding: Embedding, session: Session) -> impl IntoView {
    let location = use_location();
    let sign_in_here = move || {
        login_url(
            &crate::routing::portal_path(&location.pathname.get()),
            &location.search.get(),
        )
    };
    let host = move || {
        embedding
            .parent_origin()
            .unwrap_or_else(|| "the page around the portal".to_owned())
    };
    let message = move || match session.ended() {
        Some(Ended::Expired) => "Your session has expired. Waiting for a new one from",
        Some(Ended::Rejected) => "The server refused the session. Waiting for a new one from",
        Some(Ended::SignedOut) => "You signed out. Waiting to be signed in again by",
        None => "Waiting to be signed in by",
    };
    view! {
        <main id="main" class="embed-waiting" role="status">
            <p>{message} " " <bdi>{host}</bdi> "…"</p>
            <p><Link href=Signal::derive(sign_in_here)>"Sign in here instead"</Link></p>
        </main>
    }
}
