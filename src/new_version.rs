//! A new version of the portal deployed while this tab is open.
//!
//! The portal's code comes in parts fetched as pages are first shown, from a directory named by
//! the build (`wasm-<hex>/`); a deployment replaces it, so a part this tab has not fetched yet is
//! gone (404), or a host's single-page fallback answers `index.html` for it. The loader tells
//! that from a network failure (`CodeMissing`), and so does a language file that is gone or no
//! JSON. Then this tab reloads to the new version, keeping its place: the address (the page and
//! its query), the session (kept in the browser's storage), and what the customer typed
//! (`crate::drafts`, for this one reload). Where the page holds typed input, the customer is
//! asked first. A tab reloads itself at most once a minute
//! (`portal_config::deployment::may_reload`, held in sessionStorage across the reload): if the
//! new version's code does not come either, it says so plainly, with the support contacts.
//!
//! A new deployment is also noticed before a part fails: when the tab comes back into view,
//! and every few minutes while it is in view, `index.html` is asked again (revalidated, so
//! usually a 304) and the build it names compared with this one; the next page the customer
//! opens is then loaded from the new version. Nothing of this runs on the first load.

use crate::kept::Kept;
use crate::session::Session;
use leptos::prelude::*;
use leptos_router::hooks::use_location;
use portal_config::deployment::{build_id, may_reload};
use wasm_bindgen::JsCast;

/// How often a tab in view asks whether a new version was deployed.
const CHECK_EVERY_MS: u32 = 5 * 60 * 1000;

/// What this tab knows of a newer version than its own.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Known {
    /// Nothing: this is the version served.
    Current,
    /// A new version is deployed: the next page opened comes from it.
    Deployed,
    /// A new version is needed or served, and the page holds typed input: the customer is
    /// asked to reload (the input kept through it).
    Offered,
    /// Reloading to the new version.
    Reloading,
    /// Reloaded within the last minute and still missing code: said plainly.
    Stranded,
}

/// The tab's knowledge of new versions; provided with the app.
#[derive(Clone, Copy)]
pub struct NewVersion {
    known: StoredValue<Known>,
    session: Option<Session>,
    /// The operator's support desk (`config.json` `support`), named when stranded.
    support: StoredValue<portal_config::Support>,
}

impl NewVersion {
    pub fn provide(session: Option<Session>, support: portal_config::Support) -> NewVersion {
        let new_version = NewVersion {
            known: StoredValue::new(Known::Current),
            session,
            support: StoredValue::new(support),
        };
        provide_context(new_version);
        new_version
    }

    /// What is known.
    pub fn known(&self) -> Known {
        self.known.get_value()
    }

    fn set(&self, known: Known) {
        self.known.set_value(known);
        show(known, *self);
    }

    /// Code or texts of this version are gone: reload to the new one, after asking when the
    /// page holds typed input.
    pub fn code_gone(&self) {
        if crate::drafts::page_holds_typed_input() {
            self.set(Known::Offered);
        } else {
            self.reload();
        }
    }

    /// Reloads to the new version with the page's input kept, unless this tab did so within
    /// the last minute: then it is stranded, and says so.
    pub fn reload(&self) {
        // Whole milliseconds: no float is formatted or parsed (their code would weigh on the
        // shell).
        let now = js_sys::Date::now() as u64;
        let storage = crate::kept::session_storage();
        let last = storage
            .as_ref()
            .and_then(|s| s.get_item(Kept::ReloadedAt.key()).ok().flatten())
            .and_then(|text| text.parse::<u64>().ok());
        if !may_reload(last, now) {
            self.set(Known::Stranded);
            return;
        }
        if let Some(storage) = storage {
            let _ = storage.set_item(Kept::ReloadedAt.key(), &now.to_string());
        }
        let customer = self.session.and_then(|s| s.customer_untracked());
        if let Some(customer) = customer {
            crate::drafts::keep_from_page(&customer);
        }
        self.set(Known::Reloading);
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    }

    /// Watches for a new deployment while the tab is open: when it comes back into view, and
    /// every few minutes while in view; the page opened next then comes from it.
    pub fn watch(&self) {
        let this = *self;
        let check = move || {
            if this.known.get_value() == Known::Current && in_view() {
                leptos::task::spawn_local(async move {
                    if a_new_build_is_served().await {
                        this.deployed();
                    }
                });
            }
        };
        let shown = window_event_listener(leptos::ev::visibilitychange, move |_| check());
        let every = set_interval_with_handle(
            check,
            std::time::Duration::from_millis(u64::from(CHECK_EVERY_MS)),
        )
        .ok();
        on_cleanup(move || {
            shown.remove();
            if let Some(every) = every {
                every.clear();
            }
        });
    }

    /// A new version is served: the page opened next comes from it; a page holding typed
    /// input offers the reload now (the input kept through it).
    fn deployed(&self) {
        let known = match crate::drafts::page_holds_typed_input() {
            true => Known::Offered,
            false => Known::Deployed,
        };
        self.set(known);
    }

    /// The page the customer opens next comes from the new version, when one is known:
    /// call with each new address.
    pub fn on_navigation(&self) {
        if matches!(self.known.get_value(), Known::Deployed | Known::Offered) {
            self.reload();
        }
    }
}

fn in_view() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Visible)
}

/// The build this tab runs: the one its document's module names.
fn running_build() -> Option<String> {
    let document = web_sys::window()?.document()?;
    let module = document.query_selector("script[type=module][src]").ok()??;
    build_id(&module.get_attribute("src")?).map(str::to_owned)
}

/// Whether `index.html`, asked again (revalidated), names another build than this tab's.
async fn a_new_build_is_served() -> bool {
    let Some(running) = running_build() else {
        return false;
    };
    let answer = gloo_net::http::Request::get(&crate::routing::href("/"))
        .cache(web_sys::RequestCache::NoCache)
        .send()
        .await;
    let Ok(answer) = answer else {
        return false;
    };
    let Ok(text) = answer.text().await else {
        return false;
    };
    answer.ok() && build_id(&text).is_some_and(|served| served != running)
}

/// Watches for new deployments and loads the page opened next from one once known: call once,
/// inside the router.
pub fn watch_navigations() {
    let Some(new_version) = use_context::<NewVersion>() else {
        return;
    };
    new_version.watch();
    let location = use_location();
    Effect::new(move |before: Option<(String, String)>| {
        let here = (location.pathname.get(), location.search.get());
        if before.is_some_and(|before| before != here) {
            new_version.on_navigation();
        }
        here
    });
}

/// Says what this tab does about a new version, above every page. Plain DOM, not a view: the
/// words must show when the code of every page is gone, and a view's code would weigh on every
/// first load (this is the shell).
fn show(known: Known, new_version: NewVersion) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(old) = document.get_element_by_id(NOTICE_ID) {
        old.remove();
    }
    let t = crate::i18n::texts();
    let (class, role, words) = match known {
        Known::Current | Known::Deployed => return,
        Known::Reloading => ("notice new-version", "status", t.new_version_loading),
        Known::Offered => ("notice new-version", "alert", t.new_version_offered),
        Known::Stranded => ("error-panel new-version", "alert", t.new_version_stranded),
    };
    let Some(notice) = element(&document, "div", class, None) else {
        return;
    };
    let _ = notice.set_attribute("id", NOTICE_ID);
    let _ = notice.set_attribute("role", role);
    if let Some(text) = element(&document, "p", "", Some(words.get_untracked())) {
        let _ = notice.append_child(&text);
    }
    match known {
        Known::Offered => offer_reload(&document, &notice, new_version),
        Known::Stranded => support_links(&document, &notice, new_version.support.get_value()),
        _ => {}
    }
    if let Some(body) = document.body() {
        let _ = body.prepend_with_node_1(&notice);
    }
}

const NOTICE_ID: &str = "new-version";

fn element(
    document: &web_sys::Document,
    tag: &str,
    class: &str,
    text: Option<&str>,
) -> Option<web_sys::Element> {
    let element = document.create_element(tag).ok()?;
    if !class.is_empty() {
        element.set_class_name(class);
    }
    element.set_text_content(text);
    Some(element)
}

fn offer_reload(document: &web_sys::Document, notice: &web_sys::Element, new_version: NewVersion) {
    let words = crate::i18n::texts().new_version_reload.get_untracked();
    let Some(button) = element(document, "button", "primary", Some(words)) else {
        return;
    };
    let _ = button.set_attribute("type", "button");
    gloo_events::EventListener::new(&button, "click", move |_| new_version.reload()).forget();
    let _ = notice.append_child(&button);
}

/// The operator's support desk (`config.json` `support`): its email, phone and page.
fn support_links(
    document: &web_sys::Document,
    notice: &web_sys::Element,
    support: portal_config::Support,
) {
    let links = [
        (support.email.clone(), support.email_link(), ""),
        (support.phone.clone(), support.phone_link(), ""),
        (support.url.clone(), support.url.clone(), "_blank"),
    ];
    for (text, href, target) in links {
        let (Some(text), Some(href)) = (text, href) else {
            continue;
        };
        if let Some(link) = element(document, "a", "support-link", Some(&text)) {
            let _ = link.set_attribute("href", &href);
            if !target.is_empty() {
                let _ = link.set_attribute("target", target);
                let _ = link.set_attribute("rel", "noopener noreferrer");
            }
            let _ = notice.append_child(&link);
        }
    }
}

/// Whether the part of the code that just failed to come is gone (the loader's verdict, see
/// `wasm-splitter`'s `FAILURE_FUNCTION`), rather than kept from coming by the network.
pub fn part_is_gone() -> bool {
    let failure = js_sys::Reflect::get(
        &js_sys::global(),
        &wasm_bindgen::JsValue::from_str("wasmPartFailure"),
    )
    .ok()
    .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    .and_then(|f| f.call0(&wasm_bindgen::JsValue::NULL).ok())
    .and_then(|kind| kind.as_string());
    failure.as_deref() == Some("gone")
}
