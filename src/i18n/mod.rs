//! Languages. Every string the portal shows lives in one [`Texts`] per language: a struct, so a
//! missing or misspelt key is a compile error, and a text with values is a function of them.
//! Numbers, money and dates are formatted for the language by the browser's `Intl`
//! (`crate::format`), so the wasm carries no locale tables.
//!
//! Adding a language: copy `en.rs` to `<tag>.rs`, translate it, and list it in [`LANGUAGES`].
//!
//! Changing the language re-renders the portal at the same URL (the URL holds all view state),
//! so views read their texts once with [`texts`] instead of subscribing to each string.

mod en;
mod uk;

use std::cell::Cell;

/// One language of the portal.
pub struct Language {
    /// BCP 47 tag, for `lang` and for choosing (`uk`, `en`).
    pub tag: &'static str,
    /// The language's name in itself, for the switcher.
    pub native_name: &'static str,
    /// The locale `Intl` formats numbers and dates with.
    pub intl_locale: &'static str,
    pub texts: Texts,
}

/// Every text of the portal. Grouped by where it shows; a `fn` when it includes values.
pub struct Texts {
    // Shell and navigation
    pub nav_overview: &'static str,
    pub nav_accounts: &'static str,
    pub nav_services: &'static str,
    pub nav_rates: &'static str,
    pub nav_cdr_exports: &'static str,
    pub nav_network_types: &'static str,
    pub nav_network_prefixes: &'static str,
    pub nav_origination: &'static str,
    pub nav_quality: &'static str,
    pub nav_active_calls: &'static str,
    pub nav_cps_chart: &'static str,
    pub nav_sections_label: &'static str,
    pub skip_to_content: &'static str,
    pub signed_in: &'static str,
    pub sign_out: &'static str,
    pub menu: &'static str,
    pub language_label: &'static str,
    pub theme_label: &'static str,
    pub theme_system: &'static str,
    pub theme_light: &'static str,
    pub theme_dark: &'static str,
    pub time_zone_label: &'static str,
    pub time_zone_local: &'static str,
    pub time_zone_local_named: fn(&str) -> String,
    pub time_zone_utc: &'static str,
    pub redirecting_to_sign_in: &'static str,
    pub loading_portal: &'static str,
}

/// The languages offered, the default first.
pub static LANGUAGES: [&Language; 2] = [&en::ENGLISH, &uk::UKRAINIAN];

thread_local! {
    static CURRENT: Cell<&'static Language> = Cell::new(LANGUAGES[0]);
}

/// The language for a tag such as `uk`, `uk-UA` or `en-GB` (by its primary subtag).
pub fn by_tag(tag: &str) -> Option<&'static Language> {
    let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    LANGUAGES.iter().copied().find(|l| l.tag == primary)
}

/// The language in use.
pub fn language() -> &'static Language {
    CURRENT.with(Cell::get)
}

/// The texts of the language in use.
pub fn texts() -> &'static Texts {
    &language().texts
}

/// Makes `language` the one in use (the app re-renders through its own signal).
pub fn set_language(language: &'static Language) {
    CURRENT.with(|current| current.set(language));
}

/// The language in use as a signal: the app re-renders its routes when it changes.
#[derive(Clone, Copy)]
pub struct Locale(leptos::prelude::RwSignal<&'static Language>);

impl Locale {
    pub fn new(language: &'static Language) -> Locale {
        set_language(language);
        crate::appearance::apply_locale(language.tag);
        Locale(leptos::prelude::RwSignal::new(language))
    }

    /// The language in use; tracked.
    pub fn get(&self) -> &'static Language {
        leptos::prelude::Get::get(&self.0)
    }

    pub fn set(&self, language: &'static Language) {
        set_language(language);
        crate::appearance::apply_locale(language.tag);
        leptos::prelude::Set::set(&self.0, language);
    }
}

/// The first of the browser's preferred languages the portal speaks.
pub fn from_browser() -> Option<&'static Language> {
    let languages = web_sys::window()?.navigator().languages();
    languages
        .iter()
        .filter_map(|tag| tag.as_string())
        .find_map(|tag| by_tag(&tag))
}
