//! The application: configuration first, then the session, the API client and the routes.

use crate::access::Access;
use crate::appearance::Appearance;
use crate::components::shell::login_url;
use crate::config::{ConfigError, PortalConfig, load_config};
use crate::embed::{Embedding, Framing};
use crate::http::Api;
use crate::i18n::tr;
use crate::i18n::{self, Language, Locale};
use crate::pages::not_found::{NotAvailable, NotFound};
use crate::pages::on_demand::{Code, fetch_ahead, on_demand};
use crate::prefs::Choice;
use crate::routing::Page;
use crate::session::Session;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::NavigateOptions;
use leptos_router::components::{ParentRoute, Route, Router, Routes};
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::path;

#[component]
pub fn App() -> impl IntoView {
    let config = RwSignal::new(None::<Result<PortalConfig, ConfigError>>);
    // The first language's texts: which language needs config.json unless the user chose one.
    let words = RwSignal::new(None::<Result<&'static Language, String>>);
    let stored = crate::prefs::stored_language();
    let chosen_before_config = stored.as_deref().and_then(i18n::by_tag);
    if let Some(language) = chosen_before_config {
        // Alongside config.json, not after it.
        spawn_local(async move {
            let loaded = i18n::load(language).await.map(|()| language);
            // Unless the deployment's own choice has come first.
            if words.get_untracked().is_none() {
                words.set(Some(loaded));
            }
        });
    }
    spawn_local(async move {
        let loaded = load_config().await;
        let (offered, deployment) = match &loaded {
            Ok(config) => (i18n::offered(&config.languages), config.locale.as_deref()),
            Err(_) => (i18n::offered(&[]), None),
        };
        let language = chosen_language(stored.as_deref(), &offered, deployment);
        // The stored choice fetched alongside is not one this deployment offers: fetch its own.
        if chosen_before_config != Some(language) {
            next_task().await;
            words.set(Some(i18n::load(language).await.map(|()| language)));
        }
        next_task().await;
        config.set(Some(loaded));
    });
    // After config.json's request, which the page's code must not hold up.
    fetch_ahead();
    // index.html's skeleton stays until config.json and the texts have come: one loading
    // state, no flash of empty words.
    move || {
        let loaded = config.get()?;
        let words = words.get()?;
        crate::remove_skeleton();
        Some(match (loaded, words) {
            (_, Err(reason)) => texts_error_page(reason).into_any(),
            (Err(error), Ok(language)) => {
                i18n::set_language(language);
                config_error_page(error).into_any()
            }
            (Ok(config), Ok(language)) => view! { <Portal config language /> }.into_any(),
        })
    }
}

/// Waits for a task of its own, after what the browser has queued (a key press, a paint). The
/// start reads the texts and draws the first page in tasks of their own: in one task they held
/// up input for 45–55 ms here, 180–220 ms on a phone's CPU (Lighthouse's total blocking time).
/// Without the loader (tests) it goes on at once.
async fn next_task() {
    if let Ok(arrived) = loader_next_task() {
        let _ = wasm_bindgen_futures::JsFuture::from(arrived).await;
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The loader's promise of a task of its own (xtask/src/start/start.js): there in a few
    /// bytes of JS, as the sign-in page's code is within its budget by less than the bindings'.
    #[wasm_bindgen(catch, js_namespace = globalThis, js_name = portalNextTask)]
    fn loader_next_task() -> Result<js_sys::Promise, wasm_bindgen::JsValue>;
}

/// Among the languages the deployment offers (`config.json` `languages`): the user's choice,
/// else the deployment's (`defaultLanguage`), else the browser's, else the first offered, as
/// `portal_config::languages::chosen_language` rules (the loader's early sign-in form chooses
/// by the same rule).
fn chosen_language(
    stored: Option<&str>,
    offered: &[&'static Language],
    deployment: Option<&str>,
) -> &'static Language {
    portal_config::languages::chosen_language(
        stored.and_then(i18n::by_tag),
        offered,
        deployment.and_then(i18n::by_tag),
        i18n::from_browser_among(offered),
    )
    .unwrap_or(&i18n::LANGUAGES[0])
}

/// The texts could not be fetched: the portal has no words but these (English, the reference).
fn texts_error_page(reason: String) -> impl IntoView {
    view! {
        <main id="main" class="fatal-error" role="alert">
            <h1>"The portal could not load its texts"</h1>
            <p>{reason}</p>
            <button type="button" on:click=|_| reload()>"Reload"</button>
        </main>
    }
}

fn config_error_page(error: ConfigError) -> impl IntoView {
    view! {
        <main id="main" class="fatal-error" role="alert">
            <h1>{tr(|t| t.config_error_title)}</h1>
            <p>{i18n::config_error_text(&error)}</p>
            <p class="hint">{tr(|t| t.config_error_hint)}</p>
            <button type="button" on:click=|_| reload()>{tr(|t| t.config_reload)}</button>
        </main>
    }
}

fn reload() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

#[component]
fn Portal(config: PortalConfig, language: &'static Language) -> impl IntoView {
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(&config.title);
    }
    crate::appearance::apply_branding(&config);
    // The deployment's zone (checked against the browser's zones as config.json was read) for
    // customers who have not chosen one.
    let default_zone = config
        .time_zone
        .as_deref()
        .and_then(crate::format::Zone::parse)
        .unwrap_or_default();
    let prefs = crate::prefs::Prefs::load(default_zone);
    let offered = i18n::offered(&config.languages);
    let deployment_locale = config.locale.clone();
    let chosen_language = Memo::new(move |_| {
        chosen_language(
            prefs.language().as_deref(),
            &offered,
            deployment_locale.as_deref(),
        )
    });
    // The first language's texts have come (`App`); another is put in force once its own do.
    let locale = Locale::new(language);
    let chosen_theme = Memo::new(move |_| prefs.theme());
    let appearance = Appearance::new(chosen_theme.get_untracked());
    // A choice in the preferences, or their forgetting on sign-out, is put in force here; an
    // embedding parent's theme and language go straight to the page instead.
    Effect::new(move |_| locale.set(chosen_language.get()));
    Effect::new(move |_| appearance.set_theme(chosen_theme.get()));
    // Chosen again while the parent's is in force, a choice changes no memo: put it in force.
    Effect::new(move |_| match prefs.last_choice() {
        Some(Choice::Language) => locale.set(chosen_language.get_untracked()),
        Some(Choice::Theme) => appearance.set_theme(chosen_theme.get_untracked()),
        Some(Choice::Zone) | None => {}
    });
    provide_context(locale);
    provide_context(appearance);
    let embedding = match Framing::detect(&config.embed) {
        Framing::Top => None,
        Framing::Embedded(embedding) => Some(embedding),
        Framing::Refused => return framing_refused().into_any(),
    };
    // An embedded portal's token belongs to the parent page: nothing is restored from storage.
    let session = match embedding {
        Some(_) => Session::in_memory(),
        None => Session::restore(),
    };
    provide_context(session);
    provide_context(prefs);
    let api = Api::new(&config, session);
    let ahead = crate::pages::on_demand::read_ahead(&api, &prefs, session);
    provide_context(Access::new(api.clone(), session, ahead));
    provide_context(crate::accounts::SessionAccounts::new(session));
    provide_context(api);
    provide_context(embedding.clone());
    provide_context(config);

    // A new language changes the words in place (`i18n::texts`): pages keep their state.
    view! {
        <Router base=crate::routing::base()>
            {embedding.clone().map(crate::pages::on_demand::embed_bridge)}
            // Every path but the sign-in page is the signed-in layout's: its page comes from
            // the one route table, `Page::at`, and an unknown path shows not-found inside it.
            // What the layout holds comes with the layout's code, as the layout does.
            <Routes fallback=|| view! { <main id="main">{on_demand(Code::InLayout)}</main> }>
                <Route path=path!("/login") view=|| on_demand(Code::Page(Page::Login)) />
                <ParentRoute path=path!("") view=signed_in_layout>
                    <Route path=path!("/*any") view=|| on_demand(Code::InLayout) />
                </ParentRoute>
            </Routes>
        </Router>
    }
    .into_any()
}

/// A frame config.json does not allow: a short refusal and a way to open the portal as a page
/// of its own, nothing of a session.
fn framing_refused() -> impl IntoView {
    let own_page = crate::routing::href("/");
    view! {
        <main id="main" class="fatal-error framing-refused" role="alert">
            <h1>{tr(|t| t.framing_refused_title)}</h1>
            <p>{tr(|t| t.framing_refused_text)}</p>
            <p><a href=own_page target="_blank" rel="noopener">{tr(|t| t.framing_refused_open)}</a></p>
        </main>
    }
}

/// The signed-in layout, once its code has come; a signed-out visitor (unless the portal is
/// framed, where the parent signs in) is sent to `/login?next=<where they were>` instead,
/// without fetching that code.
fn signed_in_layout() -> impl IntoView {
    let session = expect_context::<Session>();
    let embedded = use_context::<Option<Embedding>>().flatten().is_some();
    let location = use_location();
    let navigate = use_navigate();
    let shown = Memo::new(move |_| session.is_signed_in() || embedded);
    let pathname = location.pathname;
    Effect::new(move |_| {
        if shown.get() {
            return;
        }
        let pathname = crate::routing::portal_path(&location.pathname.get_untracked());
        if pathname.starts_with("/login") {
            return;
        }
        navigate(
            &login_url(&pathname, &location.search.get_untracked()),
            NavigateOptions {
                replace: true,
                ..Default::default()
            },
        );
    });
    move || {
        if shown.get() {
            let pathname = crate::routing::portal_path(&pathname.get_untracked());
            on_demand(Code::Layout {
                around: Page::at(&pathname),
            })
            .into_any()
        } else {
            let t = i18n::texts();
            view! { <p class="loading">{move || t.redirecting_to_sign_in}</p> }.into_any()
        }
    }
}

/// The page at the address bar's path, inside the signed-in layout (and drawn from its chunk,
/// `pages::on_demand`). Rendered again only when
/// the page changes: another record or query is the page's own business. A page the access
/// profile governs waits for the profile (read as the portal starts, alongside the page's
/// code), so a withheld page neither shows nor asks for data, and a profile that could not be
/// read says so with a Retry; a path that is no page is not found.
pub fn signed_in_page() -> impl IntoView {
    let pathname = use_location().pathname;
    let access = expect_context::<Access>();
    let page = Memo::new(move |_| Page::at(&crate::routing::portal_path(&pathname.get())));
    let allowed = Memo::new(move |_| page.get().map(|p| access.allows(p)));
    move || match (page.get(), allowed.get()) {
        (Some(page), Some(Some(true))) => on_demand(Code::Page(page)).into_any(),
        (Some(_), Some(Some(false))) => view! { <NotAvailable /> }.into_any(),
        (Some(_), _) => match access.failure() {
            Some(error) => profile_failed(access, error).into_any(),
            None => {
                view! { <p class="loading" role="status">{tr(|t| t.loading_page)}</p> }.into_any()
            }
        },
        (None, _) => view! { <NotFound /> }.into_any(),
    }
}

/// The access profile could not be read: the server's words and a Retry, in place of a page
/// the profile governs.
fn profile_failed(access: Access, error: api_model::errors::ApiError) -> impl IntoView {
    view! {
        <div class="error-panel profile-failed" role="alert">
            <p>{tr(|t| t.profile_failed)}</p>
            <p class="error-message">{move || i18n::error_text(&error)}</p>
            <button type="button" class="retry" on:click=move |_| access.retry()>
                {tr(|t| t.retry)}
            </button>
        </div>
    }
}
