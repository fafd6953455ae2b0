//! The languages whose files have come: each fetched once (`i18n/<tag>.<hash>.json` beside
//! `index.html`, immutable under its content-hashed name) unless index.html carries it, read
//! with the browser's JSON parser and kept for the session (a few tens of KB each, at most one
//! per language), so texts are `&'static str`.
//!
//! The file is the `texts` crate's compilation of `<tag>.ftl`: `{"m": [...], "k": {...}}`, the
//! texts by position (the numbers of `Text` and `Phrase`) and the texts looked up by name. A
//! text is a string or a list of parts: a string, an argument's position, or a selection
//! `{"s": argument, "v": [[key, parts], ...], "d": default}` whose key is a number, a CLDR
//! plural category (by `Intl.PluralRules` of the language) or a word.
//!
//! index.html's copy lacks the texts of the pages that bring them (`"p": 1`, partial: the
//! `texts` crate's `first_json`); the first of those pages asks for the whole file
//! ([`load_whole`]), which every language loaded from then on is.

use super::{Language, TEXT_COUNT};
use std::cell::{Cell, RefCell};
use wasm_bindgen::{JsCast, JsValue};

/// One language's texts.
pub struct Loaded {
    tag: &'static str,
    /// Without the texts of the pages that bring them (index.html's copy).
    partial: bool,
    texts: Vec<Compiled>,
    /// By id, sorted (as the file has them): a binary search needs no hashing code in the
    /// shell.
    keyed: Vec<(String, String)>,
    plural_rules: js_sys::Intl::PluralRules,
}

enum Compiled {
    Plain(String),
    Parts(Vec<Part>),
}

enum Part {
    Text(String),
    Argument(usize),
    Select {
        argument: usize,
        variants: Vec<(String, Vec<Part>)>,
        default: usize,
    },
}

thread_local! {
    static LOADED: RefCell<Vec<&'static Loaded>> = const { RefCell::new(Vec::new()) };
    static CURRENT: Cell<Option<&'static Loaded>> = const { Cell::new(None) };
    /// A page whose texts come with it has been asked for: partial texts no longer do.
    static WHOLE_WANTED: Cell<bool> = const { Cell::new(false) };
}

/// The texts of the language in use, once they have come.
pub fn current() -> Option<&'static Loaded> {
    CURRENT.with(Cell::get)
}

/// The texts of the language `tag`, if they have come.
pub fn of(tag: &str) -> Option<&'static Loaded> {
    let whole = WHOLE_WANTED.get();
    LOADED.with(|loaded| {
        let loaded = loaded.borrow();
        loaded
            .iter()
            .copied()
            .find(|l| l.tag == tag && !(whole && l.partial))
    })
}

/// Fetches the whole texts of the language in use, for a page whose texts come with it; from
/// then on, every language loaded is whole.
pub async fn load_whole() -> Result<(), TextsMissing> {
    WHOLE_WANTED.set(true);
    load(super::language_untracked()).await
}

pub(super) fn make_current(language: &Language) {
    CURRENT.with(|current| current.set(of(language.tag)));
}

/// Takes a language's compiled file as its texts (what [`load`] does with the file it
/// fetched; tests give the build's copy).
pub fn install(language: &'static Language, json: &str) -> Result<(), String> {
    if of(language.tag).is_some() {
        return Ok(());
    }
    let loaded = read(language, json).map_err(|reason| {
        format!(
            "The texts of {} cannot be read: {reason}",
            language.native_name
        )
    })?;
    let loaded: &'static Loaded = Box::leak(Box::new(loaded));
    LOADED.with(|all| all.borrow_mut().push(loaded));
    if super::language_untracked() == language {
        make_current(language);
    }
    Ok(())
}

/// Why the texts of a language did not come.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextsMissing {
    /// What went wrong, in English (the portal has no words of its own without them).
    pub reason: String,
    /// The server no longer has this version's file (404, 410, a page instead of JSON, JSON
    /// that is not this version's texts): a new version was deployed. Else the network failed.
    pub gone: bool,
}

/// Fetches the texts of `language` unless they have come.
pub async fn load(language: &'static Language) -> Result<(), TextsMissing> {
    if of(language.tag).is_some() {
        return Ok(());
    }
    let path = format!("{}/{}", super::BUNDLE_DIR, language.file);
    let carried = match WHOLE_WANTED.get() {
        true => None,
        false => carried_by_the_document(&path),
    };
    if let Some(json) = carried {
        return install(language, &json).map_err(|reason| TextsMissing { reason, gone: true });
    }
    let missing = |reason: String, gone: bool| TextsMissing {
        reason: format!("The texts at {path} could not be loaded: {reason}"),
        gone,
    };
    // Relative, so it resolves against `<base href>`; no headers, so a preload is used.
    let response = gloo_net::http::Request::get(&path)
        .send()
        .await
        .map_err(|e| missing(e.to_string(), false))?;
    if !response.ok() {
        let gone = matches!(response.status(), 404 | 410);
        return Err(missing(format!("HTTP {}", response.status()), gone));
    }
    let text = response
        .text()
        .await
        .map_err(|e| missing(e.to_string(), false))?;
    install(language, &text).map_err(|reason| missing(reason, true))
}

/// The id of the element in which index.html carries the starting language's texts
/// (xtask/src/languages.rs), so that the first page asks for no file of texts.
const CARRIED_TEXTS_ID: &str = "portal-texts";

/// The texts index.html carries, if they are the file at `path` (`data-src` names it); taken
/// out of the document once read. A visitor of another language leaves them for later.
fn carried_by_the_document(path: &str) -> Option<String> {
    let element = web_sys::window()?
        .document()?
        .get_element_by_id(CARRIED_TEXTS_ID)?;
    let source = element.get_attribute("data-src")?;
    if !source.ends_with(&format!("/{path}")) {
        return None;
    }
    let json = element.text_content();
    element.remove();
    json
}

fn read(language: &'static Language, json: &str) -> Result<Loaded, String> {
    let document = crate::json::parse(json)?;
    let positional = js_sys::Reflect::get(&document, &"m".into())
        .ok()
        .and_then(|m| m.dyn_into::<js_sys::Array>().ok())
        .ok_or("no texts")?;
    if positional.length() as usize != TEXT_COUNT {
        return Err(format!(
            "{} texts where the portal has {TEXT_COUNT}: the file is of another build",
            positional.length()
        ));
    }
    let texts = positional
        .iter()
        .map(|text| compiled(&text))
        .collect::<Result<Vec<_>, _>>()?;
    let mut keyed = Vec::new();
    if let Some(object) = js_sys::Reflect::get(&document, &"k".into())
        .ok()
        .and_then(|k| k.dyn_into::<js_sys::Object>().ok())
    {
        for entry in js_sys::Object::entries(&object).iter() {
            let pair: js_sys::Array = entry.unchecked_into();
            if let (Some(id), Some(text)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                keyed.push((id, text));
            }
        }
    }
    // The build writes them sorted (the `texts` crate); checking costs less code than sorting.
    if !keyed.is_sorted_by(|a, b| a.0 < b.0) {
        return Err("the texts by name are out of order: the file is of another build".to_owned());
    }
    let locales = js_sys::Array::of1(&language.intl_locale.into());
    let plural_rules = js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new());
    let partial = js_sys::Reflect::get(&document, &"p".into()).is_ok_and(|p| p.is_truthy());
    Ok(Loaded {
        tag: language.tag,
        partial,
        texts,
        keyed,
        plural_rules,
    })
}

fn compiled(text: &JsValue) -> Result<Compiled, String> {
    if let Some(plain) = text.as_string() {
        return Ok(Compiled::Plain(plain));
    }
    let parts = parts(text)?;
    // Parts without arguments (a number written as `{ 5 }`) are plain text all the same.
    if parts.iter().all(|p| matches!(p, Part::Text(_))) {
        let mut plain = String::new();
        for part in &parts {
            if let Part::Text(text) = part {
                plain.push_str(text);
            }
        }
        return Ok(Compiled::Plain(plain));
    }
    Ok(Compiled::Parts(parts))
}

fn parts(value: &JsValue) -> Result<Vec<Part>, String> {
    if let Some(text) = value.as_string() {
        return Ok(vec![Part::Text(text)]);
    }
    let array: &js_sys::Array = value.dyn_ref().ok_or("a text is neither text nor parts")?;
    array.iter().map(|part| self::part(&part)).collect()
}

fn part(value: &JsValue) -> Result<Part, String> {
    if let Some(text) = value.as_string() {
        return Ok(Part::Text(text));
    }
    if let Some(index) = value.as_f64() {
        return Ok(Part::Argument(index as usize));
    }
    let field = |name: &str| js_sys::Reflect::get(value, &name.into()).unwrap_or_default();
    let argument = field("s")
        .as_f64()
        .ok_or("a selection without its argument")? as usize;
    let default = field("d")
        .as_f64()
        .ok_or("a selection without its default")? as usize;
    let variants: js_sys::Array = field("v")
        .dyn_into()
        .map_err(|_| "a selection without variants")?;
    let variants = variants
        .iter()
        .map(|variant| {
            let pair: js_sys::Array = variant.dyn_into().map_err(|_| "a variant is not a pair")?;
            let key = pair.get(0).as_string().ok_or("a variant without its key")?;
            Ok((key, parts(&pair.get(1))?))
        })
        .collect::<Result<Vec<_>, String>>()?;
    if default >= variants.len() {
        return Err("a selection's default is not among its variants".to_owned());
    }
    Ok(Part::Select {
        argument,
        variants,
        default,
    })
}

impl Loaded {
    /// A text without values; empty for one with values (the generated names never ask so).
    pub fn plain(&'static self, index: usize) -> &'static str {
        match self.texts.get(index) {
            Some(Compiled::Plain(text)) => text,
            _ => "",
        }
    }

    /// A text with its values put in.
    pub fn format(&self, index: usize, args: &[String]) -> String {
        match self.texts.get(index) {
            Some(Compiled::Plain(text)) => text.clone(),
            Some(Compiled::Parts(parts)) => {
                let mut out = String::new();
                self.write(parts, args, &mut out);
                out
            }
            None => String::new(),
        }
    }

    /// A text looked up by its name in parts (`["field-", "min-balance"]` for
    /// `field-min-balance`): a table asks once per cell, so the name is never built.
    pub fn keyed(&'static self, id: &[&str]) -> Option<&'static str> {
        let found = self
            .keyed
            .binary_search_by(|(key, _)| compare_joined(key.as_bytes(), id));
        found.ok().map(|index| self.keyed[index].1.as_str())
    }

    fn write(&self, parts: &[Part], args: &[String], out: &mut String) {
        for part in parts {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Argument(index) => out.push_str(args.get(*index).map_or("", String::as_str)),
                Part::Select {
                    argument,
                    variants,
                    default,
                } => {
                    let value = args.get(*argument).map_or("", String::as_str);
                    let chosen = self.choose(value, variants).unwrap_or(*default);
                    self.write(&variants[chosen].1, args, out);
                }
            }
        }
    }

    /// Fluent's choice: a key equal to the value as a number, else the number's plural
    /// category, else a key equal to the value as a word.
    fn choose(&self, value: &str, variants: &[(String, Vec<Part>)]) -> Option<usize> {
        if let Some(number) = count(value) {
            let exact = variants
                .iter()
                .position(|(key, _)| key.parse::<u64>().ok() == Some(number));
            if exact.is_some() {
                return exact;
            }
            let category = self.plural_rules.select(number as f64).as_string()?;
            if let Some(found) = variants.iter().position(|(key, _)| *key == category) {
                return Some(found);
            }
        }
        variants.iter().position(|(key, _)| key == value)
    }
}

/// A formatted whole number (`1 237`, `1.237`, `21`) as a number: its digits, grouping aside.
/// `None` for text that is not one. Whole numbers only: counts are, and reading decimals would
/// bring the float parser into the shell.
fn count(value: &str) -> Option<u64> {
    let digits: String = value.chars().filter(char::is_ascii_digit).collect();
    let only_digits_and_grouping = value
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '\u{a0}' | '\u{202f}' | ',' | '.' | '\''));
    if digits.is_empty() || !only_digits_and_grouping {
        return None;
    }
    digits.parse().ok()
}

/// How `key` orders against the concatenation of `parts`, byte by byte as `str::cmp` orders.
fn compare_joined(key: &[u8], parts: &[&str]) -> std::cmp::Ordering {
    let mut rest = key;
    for part in parts {
        let part = part.as_bytes();
        let common = part.len().min(rest.len());
        match rest[..common].cmp(&part[..common]) {
            std::cmp::Ordering::Equal if common < part.len() => return std::cmp::Ordering::Less,
            std::cmp::Ordering::Equal => rest = &rest[common..],
            unequal => return unequal,
        }
    }
    if rest.is_empty() {
        std::cmp::Ordering::Equal
    } else {
        std::cmp::Ordering::Greater
    }
}
