//! How the page looks as a whole: colour theme and language, set on `<html>` so that the
//! stylesheet (`[data-theme]`) and the browser (`lang`) follow.

use portal_config::embed::Theme;

fn root() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.document_element()
}

pub fn apply_theme(theme: Theme) {
    if let Some(root) = root() {
        let name = match theme {
            Theme::Light => "light",
            Theme::Dark => "dark",
        };
        let _ = root.set_attribute("data-theme", name);
    }
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
