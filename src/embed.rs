//! The portal inside a parent page's iframe: its side of the message protocol
//! (`portal_config::embed`, described in `docs/embedding.md`).
//!
//! Only the origins in `config.json` `embed.allowedOrigins` are listened to, and only when the
//! message comes from the window that frames us. The token arrives by message (never in the
//! URL) and stays in memory; the parent is asked for a new one before it runs out.

use crate::appearance::{Appearance, ThemeChoice};
use crate::config::PortalConfig;
use crate::format::Zone;
use crate::i18n::{self, Locale};
use crate::long_timeout::LongTimeout;
use crate::prefs::{Choice, Prefs};
use crate::routing;
use crate::session::{Ended, Keep, Session};
use chrono::Utc;
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use portal_config::EmbedConfig;
use portal_config::embed::{
    ParentMessage, PortalMessage, Refusal, ThemeSetting, TokenRequestReason, renew_ahead,
};
use std::sync::Arc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// The portal is embedded: framed by another window, with parents allowed by config.json.
#[derive(Clone)]
pub struct Embedding {
    allowed: Arc<EmbedConfig>,
    /// The parent's origin once it has spoken; until then messages go to every allowed origin
    /// (the browser delivers only to the one that matches).
    parent_origin: RwSignal<Option<String>>,
    chrome_hidden: RwSignal<bool>,
}

/// The window the portal is framed in, if it is.
pub fn parent_window() -> Option<web_sys::Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok().flatten()?;
    (!js_sys::Object::is(&parent, &window)).then_some(parent)
}

/// Where the portal finds itself, against `config.json`'s `embed.allowedOrigins`.
pub enum Framing {
    /// A page of its own: the session is restored as usual.
    Top,
    /// Framed by an allowed parent, which signs the customer in by message.
    Embedded(Embedding),
    /// Framed where config.json does not allow it (no list, or an ancestor not on it): the
    /// header that should have stopped the framing is missing or wrong, and nothing of a session
    /// may show.
    Refused,
}

impl Framing {
    pub fn detect(allowed: &EmbedConfig) -> Framing {
        if parent_window().is_none() {
            return Framing::Top;
        }
        if allowed.allowed_origins.is_empty() || !ancestors_allowed(allowed) {
            return Framing::Refused;
        }
        Framing::Embedded(Embedding {
            allowed: Arc::new(allowed.clone()),
            parent_origin: RwSignal::new(None),
            chrome_hidden: RwSignal::new(false),
        })
    }
}

/// Whether every page framing the portal is on an allowed origin (or the portal's own), where
/// the browser says (`location.ancestorOrigins`; Firefox does not, and there the CSP header and
/// the messages' origins decide alone).
fn ancestors_allowed(allowed: &EmbedConfig) -> bool {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return false;
    };
    let own = location.origin().unwrap_or_default();
    let Ok(ancestors) = js_sys::Reflect::get(&location, &"ancestorOrigins".into()) else {
        return true;
    };
    let Some(list) = ancestors.dyn_ref::<web_sys::DomStringList>() else {
        return true;
    };
    (0..list.length())
        .filter_map(|index| list.item(index))
        .all(|origin| origin == own || allowed.allows(&origin))
}

impl Embedding {
    /// Whether the parent asked the portal to hide its navigation bar.
    pub fn chrome_hidden(&self) -> bool {
        self.chrome_hidden.get()
    }

    /// The parent's origin, once it has spoken.
    pub fn parent_origin(&self) -> Option<String> {
        self.parent_origin.get()
    }

    pub fn post(&self, message: &PortalMessage) {
        let Some(parent) = parent_window() else {
            return;
        };
        let Ok(data) = js_sys::JSON::parse(&message.encode().to_json()) else {
            return;
        };
        match self.parent_origin.get_untracked() {
            Some(origin) => {
                let _ = parent.post_message(&data, &origin);
            }
            None => {
                for origin in &self.allowed.allowed_origins {
                    let _ = parent.post_message(&data, origin.as_str());
                }
            }
        }
    }

    /// The message's protocol content, when it comes from our parent on an allowed origin.
    fn accept(&self, event: &web_sys::MessageEvent) -> Option<ParentMessage> {
        let from_parent = match (event.source(), parent_window()) {
            (Some(source), Some(parent)) => js_sys::Object::is(&source, &parent),
            _ => false,
        };
        let origin = event.origin();
        if !from_parent || !self.allowed.allows(&origin) {
            return None;
        }
        match ParentMessage::decode(&crate::json::loose(&event.data())) {
            Ok(message) => {
                self.parent_origin.set(Some(origin));
                Some(message)
            }
            Err(Refusal::NotOurs) => None,
            Err(Refusal::NotUnderstood(why)) => {
                leptos::logging::warn!("portal: ignored a message from {origin}: {why}");
                None
            }
        }
    }
}

/// Runs the protocol for the page's lifetime; sits inside the router (it follows and changes
/// the location). In a part of its own (`pages::families`), fetched only when framed.
#[component]
pub fn EmbedBridge(embedding: Embedding) -> impl IntoView {
    let session = expect_context::<Session>();
    let listener = {
        let embedding = embedding.clone();
        let obey = obey_parent(embedding.clone(), session);
        web_sys::window().map(|window| {
            gloo_events::EventListener::new(&window, "message", move |event| {
                if let Some(message) = event
                    .dyn_ref::<web_sys::MessageEvent>()
                    .and_then(|event| embedding.accept(event))
                {
                    obey(message);
                }
            })
        })
    };
    let resize_observer = watch_content_height(embedding.clone());
    // Dropped with the app: stop listening and observing.
    StoredValue::new_local((listener, resize_observer));
    ask_for_tokens(embedding.clone(), session);
    report_location(embedding.clone());
    report_preferences(embedding.clone());
    embedding.post(&PortalMessage::Ready);
}

/// What the parent's messages do.
fn obey_parent(embedding: Embedding, session: Session) -> impl Fn(ParentMessage) {
    let navigate = use_navigate();
    let look = use_context::<Appearance>();
    let use_locale = use_context::<Locale>();
    let prefs = use_context::<Prefs>();
    let offered_languages = use_context::<PortalConfig>()
        .map(|config| i18n::offered(&config.languages))
        .unwrap_or_else(|| i18n::offered(&[]));
    move |message| match message {
        ParentMessage::Token { token } => {
            if let Err(e) = session.sign_in(&token, Keep::InMemory) {
                leptos::logging::warn!("portal: the parent's token is unusable: {e}");
                embedding.post(&PortalMessage::TokenRequest {
                    reason: TokenRequestReason::Rejected,
                });
            }
        }
        ParentMessage::Theme { theme } => {
            if let Some(look) = look {
                look.set_theme(theme.into())
            }
        }
        ParentMessage::Locale { locale } => {
            match (offered(&offered_languages, &locale), use_locale) {
                (Some(language), Some(use_locale)) => use_locale.set(language),
                _ => leptos::logging::warn!("portal: the language {locale} is not offered here"),
            }
        }
        ParentMessage::TimeZone { time_zone } => match (Zone::parse(&time_zone), prefs) {
            (Some(zone), Some(prefs)) => prefs.set_parent_zone(zone),
            _ => leptos::logging::warn!("portal: this browser knows no time zone {time_zone}"),
        },
        ParentMessage::Chrome { hidden } => embedding.chrome_hidden.set(hidden),
        ParentMessage::Navigate { path } => match routing::in_app_target(&path) {
            Some(target) => navigate(&target, Default::default()),
            None => leptos::logging::warn!(
                "portal: the parent asked for {path:?}, not a page of the portal"
            ),
        },
    }
}

/// The language for a tag, when the deployment offers it (`config.json` `languages`).
fn offered(offered: &[&'static i18n::Language], tag: &str) -> Option<&'static i18n::Language> {
    let language = i18n::by_tag(tag)?;
    offered.contains(&language).then_some(language)
}

/// Tells the parent when the customer changes the language, theme or time zone in the portal
/// (their stored choices; the parent's own messages are not stored, so never echoed back).
fn report_preferences(embedding: Embedding) {
    let (Some(prefs), Some(look)) = (use_context::<Prefs>(), use_context::<Appearance>()) else {
        return;
    };
    Effect::new(move |started: Option<()>| {
        let choice = prefs.last_choice();
        if started.is_none() || choice.is_none() {
            return;
        }
        // What the customer just chose, else what is in force (perhaps the parent's): the
        // app's effects may not have put the new choice in force yet.
        let locale = (choice == Some(Choice::Language))
            .then(|| {
                prefs
                    .language_untracked()
                    .and_then(|tag| i18n::by_tag(&tag))
            })
            .flatten()
            .unwrap_or_else(i18n::language_untracked);
        let theme = if choice == Some(Choice::Theme) {
            prefs.theme_untracked()
        } else {
            look.theme_untracked()
        };
        embedding.post(&PortalMessage::Preferences {
            locale: locale.tag.to_owned(),
            theme: match theme {
                ThemeChoice::System => ThemeSetting::System,
                ThemeChoice::Light => ThemeSetting::Light,
                ThemeChoice::Dark => ThemeSetting::Dark,
            },
            time_zone: prefs.zone_untracked().iana_name().unwrap_or_default(),
        });
    });
}

/// Asks the parent for a new token a little before this one runs out, and again when the
/// session ends; tells it when the customer signs out.
fn ask_for_tokens(embedding: Embedding, session: Session) {
    let renewal = StoredValue::new_local(None::<LongTimeout>);
    let ahead = embedding.clone();
    Effect::new(move |_| {
        let timer = session.expires_at().and_then(|expires_at| {
            let remaining = (expires_at - Utc::now()).to_std().ok()?;
            let wait = remaining - renew_ahead(remaining);
            let embedding = ahead.clone();
            Some(LongTimeout::start(wait, move || {
                embedding.post(&PortalMessage::TokenRequest {
                    reason: TokenRequestReason::Expiring,
                })
            }))
        });
        // Replacing the old timer cancels it.
        renewal.set_value(timer);
    });
    Effect::new(move |_| {
        let message = match session.ended() {
            Some(Ended::Expired) => PortalMessage::TokenRequest {
                reason: TokenRequestReason::Expired,
            },
            Some(Ended::Rejected) => PortalMessage::TokenRequest {
                reason: TokenRequestReason::Rejected,
            },
            Some(Ended::SignedOut) => PortalMessage::SignedOut,
            None => return,
        };
        embedding.post(&message);
    });
}

/// Tells the parent where the portal is, for its own address bar or breadcrumbs.
fn report_location(embedding: Embedding) {
    let location = use_location();
    Effect::new(move |_| {
        let path = routing::portal_path(&location.pathname.get());
        let search = location.search.get();
        let path = if search.is_empty() {
            path
        } else {
            format!("{path}?{}", search.trim_start_matches('?'))
        };
        embedding.post(&PortalMessage::Location { path });
    });
}

/// Reports the content height whenever it changes, so that the parent can size the frame
/// without a scroll bar.
fn watch_content_height(embedding: Embedding) -> Option<web_sys::ResizeObserver> {
    let body = web_sys::window()?.document()?.body()?;
    let last = std::cell::Cell::new(0u32);
    let measured = body.clone();
    let on_resize = Closure::<dyn Fn()>::new(move || {
        let height = measured.get_bounding_client_rect().height().ceil().max(0.0) as u32;
        if height != last.replace(height) {
            embedding.post(&PortalMessage::Resize { height });
        }
    });
    let observer = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok()?;
    observer.observe(&body);
    // The observer calls back for as long as the page lives.
    on_resize.forget();
    Some(observer)
}
