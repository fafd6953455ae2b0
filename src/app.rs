//! The application: configuration first, then the session, the API client and the routes.

use crate::access::Access;
use crate::appearance::Appearance;
use crate::config::{ConfigError, PortalConfig, load_config};
use crate::embed::Framing;
use crate::http::Api;
use crate::i18n::tr;
use crate::i18n::{self, Language, Locale};
use crate::prefs::Choice;
use crate::routes::PortalRoutes;
use crate::session::Session;
use leptos::prelude::*;
use leptos_router::components::Router;

/// What the portal needs before it draws anything: `config.json` and the texts of its
/// language.
type Started = Result<(PortalConfig, &'static Language), StartFailed>;

#[derive(Clone)]
enum StartFailed {
    Texts(String),
    Config(ConfigError, &'static Language),
}

#[component]
pub fn App() -> impl IntoView {
    // index.html's skeleton stays until the first page is drawn: one loading state, no flash
    // of empty words.
    move || {
        // The browser's futures are not `Send`; the portal runs on one thread.
        Suspend::new(send_wrapper::SendWrapper::new(crate::read::Untracked::new(
            async move {
                match start().await {
                    Ok((config, language)) => view! { <Portal config language /> }.into_any(),
                    Err(StartFailed::Texts(reason)) => {
                        crate::remove_skeleton();
                        texts_error_page(reason).into_any()
                    }
                    Err(StartFailed::Config(error, language)) => {
                        crate::remove_skeleton();
                        i18n::set_language(language);
                        config_error_page(error).into_any()
                    }
                }
            },
        )))
    }
}

/// Reads `config.json` and the texts of the language it leads to. A language the customer
/// chose before is fetched alongside `config.json`, not after it.
async fn start() -> Started {
    // With a session to resume, the code of the page the address names comes beside
    // config.json, not after it.
    if crate::session::Session::is_stored()
        && let Some(path) = web_sys::window().and_then(|w| w.location().pathname().ok())
    {
        crate::routes::fetch_code_of(&crate::routing::portal_path(&path));
    }
    let stored = crate::prefs::stored_language();
    let chosen_before_config = stored.as_deref().and_then(i18n::by_tag);
    let (early_sender, early) = futures_channel::oneshot::channel();
    if let Some(language) = chosen_before_config {
        leptos::task::spawn_local(async move {
            let loaded = i18n::load(language).await.map_err(|missing| missing.reason);
            let _ = early_sender.send(loaded.map(|()| language));
        });
    }
    let loaded = load_config().await;
    let (offered, deployment) = match &loaded {
        Ok(config) => (i18n::offered(&config.languages), config.locale.as_deref()),
        Err(_) => (i18n::offered(&[]), None),
    };
    let language = chosen_language(stored.as_deref(), &offered, deployment);
    let early = if chosen_before_config == Some(language) {
        early.await.ok()
    } else {
        None
    };
    let texts = match early {
        Some(early) => early,
        // The stored choice is not one this deployment offers: its own.
        _ => {
            next_task().await;
            let loaded = i18n::load(language).await;
            loaded.map(|()| language).map_err(|missing| missing.reason)
        }
    };
    next_task().await;
    match (loaded, texts) {
        (_, Err(reason)) => Err(StartFailed::Texts(reason)),
        (Err(error), Ok(language)) => Err(StartFailed::Config(error, language)),
        (Ok(config), Ok(language)) => Ok((config, language)),
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
    crate::new_version::NewVersion::provide(Some(session), config.support.clone());
    provide_context(prefs);
    let api = Api::new(&config, session);
    provide_context(Access::new(api.clone(), session));
    provide_context(crate::accounts::SessionAccounts::new(session));
    crate::pages::families::Loaded::provide();
    provide_context(api);
    provide_context(embedding.clone());
    provide_context(config);

    // A new language changes the words in place (`i18n::texts`): pages keep their state.
    view! {
        <Router base=crate::routing::base()>
            {embedding.map(crate::routes::embed_bridge)}
            {crate::new_version::watch_navigations()}
            <PortalRoutes />
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
