//! The signed-in layout: navigation to every section, the preferences, the signed-in state.
//! It comes with the chunk the page families share (`pages::families`): the sign-in page does
//! without it.

use crate::access::Access;
use crate::appearance::{Appearance, ThemeChoice};
use crate::components::brand::BrandMark;
use crate::components::link::Link;
use crate::components::support::HelpMenu;
use crate::config::PortalConfig;
use crate::embed::Embedding;
use crate::format::{Zone, browser_zone_name};
use crate::http::Api;
use crate::i18n;
use crate::i18n::tr;
use crate::pages::families;
use crate::prefs::Prefs;
use crate::routing::Page;
use crate::session::{Ended, Session, SessionId};
use api_model::catalog::Section;
use api_model::query::encode_component;
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::components::Outlet;
use leptos_router::hooks::{use_location, use_navigate};

/// The navigation: every page the customer's profile allows, grouped by section; a section
/// without such pages is left out. The overview stands alone at the top.
fn navigation(menu_open: RwSignal<bool>) -> impl IntoView {
    let t = i18n::texts();
    let access = expect_context::<Access>();
    let sections = Page::navigation()
        .into_iter()
        .map(|(section, pages)| {
            let shown = Memo::new(move |_| {
                pages
                    .iter()
                    .copied()
                    .filter(|page| access.allows(*page) == Some(true))
                    .collect::<Vec<Page>>()
            });
            let title_id = section_title_id(section);
            let labelled_by = title_id;
            let title = (section != Section::Overview).then(|| {
                view! { <span class="nav-section-title" id=title_id>{move || t.section(section)}</span> }
            });
            let links = move || {
                shown
                    .get()
                    .into_iter()
                    .map(|page| {
                        view! {
                            <li on:click=move |_| menu_open.set(false)>
                                <Link href=page.href() exact=page == Page::Dashboard>{page.title(t)}</Link>
                            </li>
                        }
                    })
                    .collect_view()
            };
            view! {
                <li class="nav-section" hidden=move || shown.with(Vec::is_empty)>
                    {title}
                    <ul aria-labelledby=(section != Section::Overview).then_some(labelled_by)>{links}</ul>
                </li>
            }
        })
        .collect_view();
    view! {
        <nav id="main-nav" aria-label=tr(|t| t.nav_sections_label)>
            <ul class="nav-sections">{sections}</ul>
        </nav>
    }
}

/// The id of a section's title in the navigation, which its list of links is labelled by.
/// Written out, not the variant's `Debug` name lowercased: that drew Unicode's case tables into
/// the wasm.
fn section_title_id(section: Section) -> &'static str {
    match section {
        Section::Overview => "nav-overview",
        Section::AccountAndMoney => "nav-accountandmoney",
        Section::Calls => "nav-calls",
        Section::Statistics => "nav-statistics",
        Section::Rates => "nav-rates",
        Section::Reference => "nav-reference",
    }
}

/// The customer's watch rules at work (`pages::watch`): their alerts, above every page, and the
/// checks behind them. Their code comes once the customer has a rule, so a customer without
/// any fetches none of it; each session has its own watcher. Its signals are of types the
/// shell has already (each new one would bring its own code to every page); how the last check
/// went is kept with the watcher's code.
#[derive(Clone, Copy)]
pub struct Watching {
    /// Whether the customer has rules (kept with their data, `Kept::WatchRules`).
    pub on: RwSignal<bool>,
    /// Bumped when the rules change in this tab, or the customer asks for a check: the watcher
    /// reads them and checks at once.
    pub changed: RwSignal<u32>,
    /// Bumped when the watcher has checked, or another tab changed the rules: pages read them
    /// again.
    pub looked: RwSignal<u32>,
}

fn watching(running: Memo<Option<SessionId>>) -> impl IntoView {
    let kept = crate::kept::Kept::WatchRules;
    let on = RwSignal::new(crate::kept::has_customer(kept));
    provide_context(Watching {
        on,
        changed: RwSignal::new(0),
        looked: RwSignal::new(0),
    });
    // Rules added, or all removed, in another tab sharing the session.
    let other_tab = web_sys::window().map(|window| {
        gloo_events::EventListener::new(&window, "storage", move |_| {
            let now = crate::kept::has_customer(kept);
            if on.get_untracked() != now {
                on.set(now);
            }
        })
    });
    let other_tab = StoredValue::new_local(other_tab);
    on_cleanup(move || other_tab.dispose());
    move || {
        running.track();
        on.get().then(|| {
            let draw = || Box::pin(families::draw_tool(families::Tool::Watcher)) as _;
            crate::routes::drawn_or_retry(Box::new(draw)).into_any()
        })
    }
}

/// `/login?next=…` for the current location.
pub fn login_url(pathname: &str, search: &str) -> String {
    // Already on the way to sign in (the customer signed out): no way back to keep.
    if pathname.trim_end_matches('/') == "/login" {
        return "/login".to_owned();
    }
    let search = search.trim_start_matches('?');
    let here = if search.is_empty() {
        pathname.to_owned()
    } else {
        format!("{pathname}?{search}")
    };
    format!("/login?next={}", encode_component(&here))
}

/// The language of the portal; the choice is remembered.
fn language_picker() -> impl IntoView {
    let prefs = expect_context::<Prefs>();
    // The app puts the stored choice in force.
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(language) = i18n::by_tag(&event_target_value(&ev)) {
            prefs.set_language(language.tag);
        }
    };
    // Only the deployment's languages (`config.json` `languages`), in its order.
    let offered = i18n::offered(&expect_context::<PortalConfig>().languages);
    let options = offered
        .into_iter()
        .map(|l| {
            view! {
                <option value=l.tag selected=move || i18n::language().tag == l.tag lang=l.tag>{l.native_name}</option>
            }
        })
        .collect_view();
    view! {
        <label class="picker">
            <span class="visually-hidden">{tr(|t| t.language_label)}</span>
            <select id="language" on:change=on_change>{options}</select>
        </label>
    }
}

/// Light, dark, or the system's setting; the choice is remembered.
fn theme_picker() -> impl IntoView {
    let prefs = expect_context::<Prefs>();
    let appearance = expect_context::<Appearance>();
    let t = i18n::texts();
    // The app puts the stored choice in force.
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(theme) = ThemeChoice::parse(&event_target_value(&ev)) {
            prefs.set_theme(theme);
        }
    };
    let name = move |theme| match theme {
        ThemeChoice::System => t.theme_system,
        ThemeChoice::Light => t.theme_light,
        ThemeChoice::Dark => t.theme_dark,
    };
    let options = ThemeChoice::ALL
        .into_iter()
        .map(|theme| {
            view! {
                <option value=theme.as_str() selected=move || appearance.theme() == theme>
                    {move || name(theme)}
                </option>
            }
        })
        .collect_view();
    view! {
        <label class="picker">
            <span class="visually-hidden">{tr(|t| t.theme_label)}</span>
            <select id="theme" on:change=on_change>{options}</select>
        </label>
    }
}

/// Which time zone timestamps are shown in: the browser's (named) or UTC, and a zone by name
/// that the deployment or the embedding parent chose.
fn zone_picker() -> impl IntoView {
    let prefs = expect_context::<Prefs>();
    let t = i18n::texts();
    let zone_name = browser_zone_name();
    let browser = move || match &zone_name {
        Some(name) => (t.time_zone_local_named)(name).get(),
        None => t.time_zone_local.to_string(),
    };
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(zone) = Zone::parse(&event_target_value(&ev)) {
            prefs.set_zone(zone);
        }
    };
    view! {
        <label class="zone-picker">
            <span class="visually-hidden">{tr(|t| t.time_zone_label)}</span>
            <select id="time-zone" on:change=on_change>
                <option value="browser" selected=move || prefs.zone() == Zone::Browser>{browser}</option>
                <option value="utc" selected=move || prefs.zone() == Zone::Utc>{tr(|t| t.time_zone_utc)}</option>
                {move || named_zone_options(prefs)}
            </select>
        </label>
    }
}

/// The deployment's zone and the zone in force, when named (`Europe/Kyiv`), as options.
fn named_zone_options(prefs: Prefs) -> impl IntoView {
    let mut named: Vec<Zone> = prefs.deployment_zone().into_iter().collect();
    let current = prefs.zone();
    if matches!(current, Zone::Named(_)) && !named.contains(&current) {
        named.push(current);
    }
    named
        .into_iter()
        .map(|zone| {
            view! {
                <option value=zone.as_str() selected=move || prefs.zone() == zone>
                    {zone.as_str().replace('_', " ")}
                </option>
            }
        })
        .collect_view()
}

#[component]
pub fn Shell() -> impl IntoView {
    let session = expect_context::<Session>();
    // Only the signed-in pages have positions to restore: the sign-in page's first load
    // carries none of it.
    crate::scroll::install();

    // Embedded, the parent page signs the customer in; the portal waits for its token. (A
    // signed-out visitor elsewhere is sent to sign in before this code is even fetched:
    // `crate::app`.)
    let embedding = use_context::<Option<Embedding>>().flatten();
    let embedded = embedding.is_some();

    let chrome_hidden = {
        let embedding = embedding.clone();
        move || embedding.as_ref().is_some_and(Embedding::chrome_hidden)
    };
    let signed_out_view = move || match embedding.clone() {
        Some(embedding) => waiting_for_parent(embedding, session).into_any(),
        None => view! { <p class="loading">{tr(|t| t.redirecting_to_sign_in)}</p> }.into_any(),
    };
    // On narrow screens the sections fold into a menu; following a link folds it again.
    let menu_open = RwSignal::new(false);

    // The skip link moves the focus itself: followed, `#main` would resolve against
    // <base href> and leave the page.
    let skip_to_main = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        focus_main();
    };
    // Escape folds the open menu and leaves the focus on its button.
    let menu_keys = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && menu_open.get_untracked() {
            menu_open.set(false);
            focus_by_id("menu-button");
        }
    };
    focus_follows_the_page();
    let running = Memo::new(move |_| session.id());
    back_to_the_overview_for_another_customer(running);

    // The page inside is drawn anew for each session (`routes::PageRoute`): nothing a page of
    // one holds (its data, its inputs, its requests) is there in the next.
    let signed_in = Memo::new(move |_| running.get().is_some());
    move || match signed_in.get() {
        true => view! {
            <a class="skip-link" href="#main" on:click=skip_to_main>{tr(|t| t.skip_to_content)}</a>
            <div
                class="portal-layout"
                class:chrome-hidden=chrome_hidden.clone()
                class:menu-open=menu_open
                on:keydown=menu_keys
            >
                <Topbar menu_open embedded />
                {navigation(menu_open)}
                <main id="main" tabindex="-1">
                    {watching(running)}
                    <Outlet />
                </main>
            </div>
        }
        .into_any(),
        false => signed_out_view().into_any(),
    }
}

/// A session that takes the place of another without a sign-in page between (an embedding
/// parent's token for another customer) starts at the overview: the address the last one was
/// at names its records and filters.
fn back_to_the_overview_for_another_customer(running: Memo<Option<SessionId>>) {
    let navigate = use_navigate();
    Effect::new(move |before: Option<Option<SessionId>>| {
        let now = running.get();
        if let (Some(Some(before)), Some(now)) = (before, now)
            && before != now
        {
            navigate(
                "/",
                NavigateOptions {
                    replace: true,
                    ..Default::default()
                },
            );
        }
        now
    });
}

/// On another page the focus goes to its content, as a page load would take a screen reader
/// there; the link that was followed may be gone.
fn focus_follows_the_page() {
    let pathname = use_location().pathname;
    Effect::new(move |previous: Option<String>| {
        let path = pathname.get();
        if previous.is_some_and(|previous| previous != path) {
            focus_main();
        }
        path
    });
}

/// The bar above every signed-in page: the brand (name, logo), the menu button (narrow screens),
/// the preferences, the Help menu and signing out.
#[component]
fn Topbar(menu_open: RwSignal<bool>, embedded: bool) -> impl IntoView {
    let navigate = use_navigate();
    let prefs = expect_context::<Prefs>();
    let api = expect_context::<Api>();
    // Signing out forgets the preferences too: remembered views hold the customer's filters.
    // An expired session keeps them, so the user comes back to the same views.
    let sign_out = move |_| {
        if !embedded {
            navigate("/login", NavigateOptions::default());
        }
        prefs.forget();
        api.sign_out();
    };
    view! {
        <header class="topbar">
            <Link href="/" class="brand"><BrandMark /></Link>
            <button
                type="button"
                id="menu-button"
                class="menu-button"
                aria-controls="main-nav"
                aria-expanded=move || menu_open.get().to_string()
                on:click=move |_| menu_open.update(|open| *open = !*open)
            >
                {tr(|t| t.menu)}
            </button>
            <div class="preferences">
                {language_picker()}
                {theme_picker()}
                {zone_picker()}
            </div>
            <HelpMenu />
            <div class="account-state">
                <span class="signed-in">{tr(|t| t.signed_in)}</span>
                <button type="button" id="sign-out" on:click=sign_out.clone()>{tr(|t| t.sign_out)}</button>
            </div>
        </header>
    }
}

/// Moves the keyboard focus to the element `id` (focusable, or `tabindex="-1"`).
fn focus_by_id(id: &str) {
    use wasm_bindgen::JsCast;
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

/// The focus to the page's content (`main`, `tabindex="-1"`).
fn focus_main() {
    focus_by_id("main");
}

/// Embedded and without a token: the parent page has been asked for one. A parent that does
/// not speak the protocol leaves the customer a way to sign in here.
fn waiting_for_parent(embedding: Embedding, session: Session) -> impl IntoView {
    let t = i18n::texts();
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
            .unwrap_or_else(|| t.embed_parent_unknown.to_string())
    };
    let message = move || match session.ended() {
        Some(Ended::Expired) => t.embed_waiting_expired,
        Some(Ended::Rejected) => t.embed_waiting_rejected,
        Some(Ended::SignedOut) => t.embed_waiting_signed_out,
        None => t.embed_waiting,
    };
    view! {
        <main id="main" class="embed-waiting" role="status">
            <p>{message} " " <bdi>{host}</bdi> "…"</p>
            <p><Link href=Signal::derive(sign_in_here)>{tr(|t| t.embed_sign_in_here)}</Link></p>
        </main>
    }
}
