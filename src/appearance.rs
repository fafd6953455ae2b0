//! How the page looks as a whole: colour theme and language, set on `<html>` so that the
//! stylesheet (`[data-theme]`) and the browser (`lang`) follow.

use leptos::prelude::*;
use portal_config::embed::Theme;
use wasm_bindgen::JsCast;

fn root() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.document_element()
}

/// The theme the user (or the embedding parent) chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ThemeChoice {
    /// Follows the system's light or dark setting (`prefers-color-scheme`).
    #[default]
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark];

    pub fn as_str(self) -> &'static str {
        match self {
            ThemeChoice::System => "system",
            ThemeChoice::Light => "light",
            ThemeChoice::Dark => "dark",
        }
    }

    pub fn parse(text: &str) -> Option<ThemeChoice> {
        ThemeChoice::ALL.into_iter().find(|t| t.as_str() == text)
    }
}

impl From<Theme> for ThemeChoice {
    fn from(theme: Theme) -> ThemeChoice {
        match theme {
            Theme::Light => ThemeChoice::Light,
            Theme::Dark => ThemeChoice::Dark,
        }
    }
}

/// The page's theme, for whoever draws colours themselves (charts).
#[derive(Clone, Copy)]
pub struct Appearance {
    theme: RwSignal<ThemeChoice>,
    system_dark: RwSignal<bool>,
}

impl Appearance {
    /// Puts `theme` in force and follows the system's setting from now on.
    pub fn new(theme: ThemeChoice) -> Appearance {
        let media = web_sys::window()
            .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten());
        let appearance = Appearance {
            theme: RwSignal::new(theme),
            system_dark: RwSignal::new(media.as_ref().is_some_and(|m| m.matches())),
        };
        if let Some(media) = media {
            let system_dark = appearance.system_dark;
            let listener = gloo_events::EventListener::new(&media, "change", move |event| {
                if let Some(media) = event.dyn_ref::<web_sys::MediaQueryListEvent>() {
                    system_dark.set(media.matches());
                }
            });
            // The page follows the system for as long as it lives.
            listener.forget();
        }
        apply_theme(theme);
        appearance
    }

    pub fn theme(&self) -> ThemeChoice {
        self.theme.get()
    }

    pub fn theme_untracked(&self) -> ThemeChoice {
        self.theme.get_untracked()
    }

    pub fn set_theme(&self, theme: ThemeChoice) {
        apply_theme(theme);
        self.theme.set(theme);
    }

    /// Whether the page is dark now (chosen, or the system's setting); tracked.
    pub fn is_dark(&self) -> bool {
        match self.theme.get() {
            ThemeChoice::Dark => true,
            ThemeChoice::Light => false,
            ThemeChoice::System => self.system_dark.get(),
        }
    }
}

/// `data-theme` on `<html>`, or none to follow the system (the stylesheet's `light-dark()`).
fn apply_theme(theme: ThemeChoice) {
    if let Some(root) = root() {
        let _ = match theme {
            ThemeChoice::System => root.remove_attribute("data-theme"),
            chosen => root.set_attribute("data-theme", chosen.as_str()),
        };
    }
}

/// The value of a CSS custom property of the page (`--text`), for drawing on canvas.
pub fn css_variable(name: &str) -> Option<String> {
    let window = web_sys::window()?;
    let root = root()?;
    let value = window
        .get_computed_style(&root)
        .ok()??
        .get_property_value(name)
        .ok()?;
    let value = value.trim();
    (!value.is_empty()).then(|| value.to_owned())
}

pub fn apply_locale(locale: &str) {
    if let Some(root) = root() {
        let _ = root.set_attribute("lang", locale);
    }
}

/// Marks the page as shown inside another site's frame (the stylesheet drops full-height
/// layout so that the content height can size the frame).
pub fn mark_embedded() {
    if let Some(root) = root() {
        let _ = root.class_list().add_1("embedded");
    }
}

/// The operator's brand on the page as a whole: accent colours and favicon.
pub fn apply_branding(config: &portal_config::PortalConfig) {
    if let Some(accent) = &config.branding.accent {
        apply_accent(accent);
    }
    if let Some(favicon) = &config.branding.favicon {
        apply_favicon(favicon);
    }
}

/// The operator's accent colours (`branding.accentColor`, derived and checked for contrast by
/// `portal_config::colour`) in place of the stylesheet's, for both themes: set through the
/// CSSOM on `<html>`, which the CSP allows (no inline style attribute is written).
pub fn apply_accent(accent: &portal_config::colour::Accent) {
    let Some(root) = root().and_then(|r| r.dyn_into::<web_sys::HtmlElement>().ok()) else {
        return;
    };
    let (light, dark) = (accent.light, accent.dark);
    let style = root.style();
    for (property, light, dark) in [
        ("--accent", light.accent, dark.accent),
        ("--accent-text", light.accent_text, dark.accent_text),
        ("--link", light.link, dark.link),
        ("--focus", light.focus, dark.focus),
    ] {
        let _ = style.set_property(property, &format!("light-dark({light}, {dark})"));
    }
}

/// The operator's favicon (`branding.favicon`, a path of this site) in place of index.html's
/// empty one.
pub fn apply_favicon(path: &str) {
    let icon = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("link[rel=icon]").ok().flatten());
    if let Some(icon) = icon {
        let _ = icon.set_attribute("href", path);
    }
}
