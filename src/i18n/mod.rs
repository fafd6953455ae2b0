//! Languages. Every text the portal shows is a message of the language files,
//! `src/i18n/<tag>.ftl` (Fluent), which a translator edits without knowing Rust; `build.rs`
//! checks every file against English and gives each message a Rust name in [`Texts`] (generated
//! from `en.ftl`), so a misspelt name is a compile error. Numbers, money and dates are
//! formatted for the language by the browser's `Intl` (`crate::format`), plural forms chosen by
//! `Intl.PluralRules`: the wasm carries no locale tables.
//!
//! Adding a language: translate `en.ftl` into `<tag>.ftl` beside it (its first messages say
//! the language's name, locale, date pattern and plural forms); the build lists it in
//! [`LANGUAGES`], and the deployment's `config.json` may offer it.
//!
//! Only the language in use travels: each language is a JSON file fetched when it is first
//! needed (`loaded`), with a content hash in its name so it is cached for good.
//!
//! A text is a value that follows the language: [`Text`] (`t.retry`) and [`Phrase`] (a text
//! with values, `(t.pager_page)(&page, &count)`) render in a view as reactive text, so a new
//! language redraws only words: pages keep their state (a half-typed filter, a chart's zoom) and
//! make no request. To read one as a string (`get`, `to_string`) is to read a signal: it follows
//! the language only inside a reactive closure.
//!
//! Texts with values take them already formatted (`&str`), so each language orders its words
//! freely; a selection on a count reads the count from those digits. Errors that the pure crates
//! describe in English (`ApiError`, filter, token and `config.json` errors) are put into words
//! here by [`error_text`] and its siblings, keeping the server's own words as sent.

mod errors;
mod loaded;
mod view;

pub use errors::{
    config_error_text, error_text, filter_error_text, list_params_error_text, notice_text,
    token_error_text,
};
pub use loaded::{TextsMissing, install, load, load_whole};

use api_model::catalog::{Collection, Section};
use leptos::prelude::{Get, GetUntracked, RwSignal, Set, Track};
use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

/// One language of the portal, as its file says.
#[derive(Debug)]
pub struct Language {
    /// BCP 47 tag, for `lang` and for choosing (`uk`, `en`).
    pub tag: &'static str,
    /// The language's name in itself, for the switcher.
    pub native_name: &'static str,
    /// The locale `Intl` formats numbers and chooses plural forms with.
    pub intl_locale: &'static str,
    /// How a date and time reads (chrono's strftime), e.g. `%d.%m.%Y %H:%M:%S`. A pattern, not
    /// `Intl`: the zone is the portal's choice, and no calendar tables are needed. Written by
    /// `api_model::date_text`, which knows `%Y %m %d %H %M %S` and literal text.
    pub date_time_pattern: &'static str,
    /// The CLDR plural categories its texts give for a count (`one`, `few`, `many`, `other`).
    pub plural_forms: &'static [&'static str],
    /// Its compiled texts' file, under `i18n/` beside `index.html`.
    pub file: &'static str,
}

/// Languages are one per tag.
impl PartialEq for Language {
    fn eq(&self, other: &Language) -> bool {
        self.tag == other.tag
    }
}

/// A text of the portal (a message of the language files without values), in whatever language
/// is in use: in a view it is reactive text (`{t.retry}`, `aria-label=t.menu`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Text(u16);

impl Text {
    const fn at(index: usize) -> Text {
        Text(index as u16)
    }

    /// The text in the language in use; read in a reactive closure, it follows the language.
    pub fn get(self) -> &'static str {
        track_language();
        self.get_untracked()
    }

    /// The text in the language in use, without following it.
    pub fn get_untracked(self) -> &'static str {
        loaded::current().map_or("", |texts| texts.plain(usize::from(self.0)))
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.get())
    }
}

/// A text with values (`(t.pager_page)("2", "7")`), in whatever language is in use: in a view
/// it is reactive text, as [`Text`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    index: u16,
    args: Arc<[String]>,
}

impl Phrase {
    /// Not inlined: every text with values calls it from a function of its own (`TEXTS`).
    #[inline(never)]
    fn new(index: usize, args: &[&str]) -> Phrase {
        Phrase {
            index: index as u16,
            args: args.iter().map(|a| (*a).to_owned()).collect(),
        }
    }

    /// The text in the language in use; read in a reactive closure, it follows the language.
    pub fn get(&self) -> String {
        track_language();
        self.get_untracked()
    }

    /// The text in the language in use, without following it.
    pub fn get_untracked(&self) -> String {
        loaded::current().map_or_else(String::new, |texts| {
            texts.format(usize::from(self.index), &self.args)
        })
    }
}

impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.get())
    }
}

impl Texts {
    /// A group of the navigation's name.
    pub fn section(&self, section: Section) -> Text {
        match section {
            Section::Overview => self.section_overview,
            Section::AccountAndMoney => self.section_account_and_money,
            Section::Calls => self.section_calls,
            Section::Statistics => self.section_statistics,
            Section::Rates => self.section_rates,
            Section::Reference => self.section_reference,
        }
    }
}

/// The texts, read afresh at each use in the language in use.
pub fn texts() -> &'static Texts {
    &TEXTS
}

/// One text, for a view: `{tr(|t| t.retry)}` is `{texts().retry}`.
pub fn tr(pick: fn(&Texts) -> Text) -> Text {
    pick(&TEXTS)
}

/// An API field or relationship name (`min-balance`, `network-type`) as a label in the
/// language in use (`field-<name>` of the language file), else spelled out.
pub fn field_label(name: &str) -> String {
    track_language();
    field_label_untracked(name)
}

fn field_label_untracked(name: &str) -> String {
    loaded::current()
        .and_then(|texts| texts.keyed(&["field-", name]))
        .map_or_else(|| spelled_out(name), str::to_owned)
}

/// [`field_label`] in the language `tag`, if its texts have come.
pub fn field_label_in(tag: &str, name: &str) -> Option<String> {
    let texts = loaded::of(tag)?;
    Some(
        texts
            .keyed(&["field-", name])
            .map_or_else(|| spelled_out(name), str::to_owned),
    )
}

/// A detail page's group of fields (`timing`, `billing`) as its heading.
pub fn group_label(name: &str) -> Option<&'static str> {
    track_language();
    loaded::current()?.keyed(&["group-", name])
}

/// [`group_label`] in the language `tag`, if its texts have come.
pub fn group_label_in(tag: &str, name: &str) -> Option<&'static str> {
    loaded::of(tag)?.keyed(&["group-", name])
}

/// A known word of an attribute (`status`, `Pending`) in the language; `None` leaves the word
/// as the server sent it. The language file says it for the attribute
/// (`choice-<attribute>-<word>`) or for any attribute (`choice-<word>`).
pub fn choice_label(attribute: &str, word: &str) -> Option<&'static str> {
    track_language();
    choice_label_of(loaded::current()?, attribute, word)
}

/// [`choice_label`] in the language `tag`, if its texts have come.
pub fn choice_label_in(tag: &str, attribute: &str, word: &str) -> Option<&'static str> {
    choice_label_of(loaded::of(tag)?, attribute, word)
}

fn choice_label_of(
    texts: &'static loaded::Loaded,
    attribute: &str,
    word: &str,
) -> Option<&'static str> {
    texts
        .keyed(&["choice-", attribute, "-", word])
        .or_else(|| texts.keyed(&["choice-", word]))
}

/// An API name spelled out for reading: `min-balance` → `Min balance`. English labels are
/// mostly this; every language falls back to it for names its file does not list.
pub fn spelled_out(name: &str) -> String {
    let spaced = name.replace('-', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) if first.is_ascii() => std::iter::once(first.to_ascii_uppercase())
            .chain(chars)
            .collect(),
        // Names are ASCII in practice; another first letter is capitalised by the browser
        // (the same Unicode mapping as `char::to_uppercase`), sparing the wasm Unicode's
        // upper-case table.
        Some(first) => {
            let upper: String = js_sys::JsString::from(first).to_upper_case().into();
            upper + chars.as_str()
        }
        None => String::new(),
    }
}

/// `text` in lower case, as `str::to_lowercase` writes it. Texts are ASCII in practice; another
/// is lowered by the browser (the same Unicode mapping), sparing the wasm Unicode's case tables.
pub fn lowercase(text: &str) -> String {
    if text.is_ascii() {
        text.to_ascii_lowercase()
    } else {
        js_sys::JsString::from(text).to_lower_case().into()
    }
}

thread_local! {
    static CURRENT: Cell<&'static Language> = Cell::new(&LANGUAGES[0]);
}

/// The language for a tag such as `uk`, `uk-UA` or `en-GB` (by its primary subtag).
pub fn by_tag(tag: &str) -> Option<&'static Language> {
    let primary = portal_config::languages::primary_subtag(tag);
    LANGUAGES.iter().find(|l| l.tag == primary)
}

/// The language in use; read in a reactive closure, it subscribes the closure to the language
/// (numbers and dates are written per language too).
pub fn language() -> &'static Language {
    track_language();
    language_untracked()
}

/// The language in use, without subscribing to it.
pub fn language_untracked() -> &'static Language {
    CURRENT.with(Cell::get)
}

fn track_language() {
    SIGNAL.with(|signal| {
        if let Some(signal) = signal.get() {
            signal.track();
        }
    });
}

thread_local! {
    /// The language signal of the running app, which reading a text subscribes to.
    static SIGNAL: Cell<Option<RwSignal<&'static Language>>> = const { Cell::new(None) };
    /// The language last asked for, which a file arriving late must not override.
    static WANTED: Cell<&'static Language> = Cell::new(&LANGUAGES[0]);
    /// The languages whose files are on the way for [`Locale::set`].
    static FETCHING: Cell<Fetching> = const { Cell::new(Fetching(0)) };
}

/// A set of languages, by their place in [`LANGUAGES`].
#[derive(Clone, Copy)]
struct Fetching(u64);

impl Fetching {
    fn bit(language: &'static Language) -> u64 {
        LANGUAGES
            .iter()
            .position(|l| l == language)
            .map_or(0, |place| 1 << (place % 64))
    }

    fn contains(self, language: &'static Language) -> bool {
        self.0 & Fetching::bit(language) != 0
    }

    fn with(self, language: &'static Language) -> Fetching {
        Fetching(self.0 | Fetching::bit(language))
    }

    fn without(self, language: &'static Language) -> Fetching {
        Fetching(self.0 & !Fetching::bit(language))
    }
}

/// Makes `language` the one in use, for the start-up before the app's [`Locale`] exists (its
/// texts, if they have not come, read as empty until they do).
pub fn set_language(language: &'static Language) {
    CURRENT.with(|current| current.set(language));
    loaded::make_current(language);
}

/// The language in use as a signal, which every text read in a reactive closure follows.
#[derive(Clone, Copy)]
pub struct Locale(RwSignal<&'static Language>);

impl Locale {
    /// The language in use, whose texts have come (`load`).
    pub fn new(language: &'static Language) -> Locale {
        set_language(language);
        WANTED.with(|wanted| wanted.set(language));
        crate::appearance::apply_locale(language.tag);
        let signal = RwSignal::new(language);
        SIGNAL.with(|s| s.set(Some(signal)));
        Locale(signal)
    }

    /// The language in use; tracked.
    pub fn get(&self) -> &'static Language {
        self.0.get()
    }

    /// Puts `language` in force once its texts are here: at once if they have come before,
    /// else when its file arrives (fetched once), the page staying as it is meanwhile. The
    /// language asked for last wins; a file that cannot be fetched leaves the language as it
    /// was.
    pub fn set(&self, language: &'static Language) {
        WANTED.with(|wanted| wanted.set(language));
        if loaded::of(language.tag).is_some() {
            self.put_in_force(language);
            return;
        }
        // Asked for again while its file is on the way (two effects may ask at once): the
        // file on the way puts it in force, as it is the one wanted.
        if FETCHING.with(|fetching| fetching.get().contains(language)) {
            return;
        }
        FETCHING.with(|fetching| fetching.set(fetching.get().with(language)));
        let locale = *self;
        // A file gone with an older version: the tab reloads to the new one.
        let new_version = leptos::prelude::use_context::<crate::new_version::NewVersion>();
        leptos::task::spawn_local(async move {
            let loaded = load(language).await;
            FETCHING.with(|fetching| fetching.set(fetching.get().without(language)));
            match loaded {
                Ok(()) if WANTED.with(Cell::get) == language => locale.put_in_force(language),
                Ok(()) => {}
                Err(missing) => {
                    leptos::logging::warn!("{}", missing.reason);
                    if let Some(new_version) = new_version.filter(|_| missing.gone) {
                        new_version.code_gone();
                    }
                }
            }
        });
    }

    fn put_in_force(&self, language: &'static Language) {
        if self.0.get_untracked() == language {
            return;
        }
        set_language(language);
        crate::appearance::apply_locale(language.tag);
        self.0.set(language);
    }
}

/// The first of the browser's preferred languages the portal speaks.
pub fn from_browser() -> Option<&'static Language> {
    from_browser_among(&offered(&[]))
}

/// The first of the browser's languages among `offered`.
pub fn from_browser_among(offered: &[&'static Language]) -> Option<&'static Language> {
    let languages = web_sys::window()?.navigator().languages();
    languages
        .iter()
        .filter_map(|tag| tag.as_string())
        .find_map(|tag| by_tag(&tag).filter(|l| offered.contains(l)))
}

/// The languages a deployment offers (`config.json` `languages`, shipped tags as
/// `portal_config` checked them), in its order; every shipped one if it names none.
pub fn offered(tags: &[String]) -> Vec<&'static Language> {
    let offered: Vec<&'static Language> = tags.iter().filter_map(|tag| by_tag(tag)).collect();
    if offered.is_empty() {
        LANGUAGES.iter().collect()
    } else {
        offered
    }
}
