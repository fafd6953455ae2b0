//! The portal's language files: one [Fluent](https://projectfluent.org) file per language
//! (`src/i18n/<tag>.ftl`), which a translator edits without knowing Rust. At build time the
//! portal's `build.rs` reads them here:
//!
//! - [`read_reference`] reads English, the reference: which messages exist and which named
//!   arguments each takes (a message with two or more names them in order in its comment,
//!   `# $first, $last, $total`, which is also the order the Rust code passes them in);
//! - [`compile`] checks a language against it (a missing or unknown message, an argument the
//!   reference does not have, a plural form the language needs but the message lacks: each fails
//!   the build, named with the file and message) and compiles it into the JSON the portal
//!   fetches ([`LanguageFile::json`], named by its content in [`LanguageFile::file_name`]);
//! - [`rust_api`] writes the Rust names the portal reads the texts by.
//!
//! The subset of Fluent the portal speaks: text, `{ $argument }`, and selections on an
//! argument (`{ $count -> [one] … *[other] … }`) by CLDR plural category, number or word; no
//! functions, terms or message references. Each file starts with its language's facts as
//! messages: `language-name` (in the language itself), `language-locale` (the BCP 47 locale
//! `Intl` formats numbers and chooses plural forms with), `language-date-time-pattern` (chrono's
//! strftime, e.g. `%d.%m.%Y %H:%M:%S`) and `language-plural-forms` (the CLDR plural categories
//! of the language, which the portal's tests compare with the browser's `Intl.PluralRules`).
//!
//! Messages whose id starts with `field-`, `choice-` or `group-` are looked up by an API name
//! at run time (a field's label, a known word, a detail page's group); they are plain text.
//! A message with attributes is one of a family of the same attributes (the resource types'
//! texts): its value and each attribute are texts of their own.
//!
//! The texts of a page with code of its own may come with it rather than with the first load:
//! the reference marks their group (`## A month's statement [with its page]`), and
//! [`LanguageFile::first_json`] leaves them out (the copy index.html carries).

use fluent_syntax::ast;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Where the language files are, from the workspace root.
pub const DIR: &str = "src/i18n";
/// The reference language, whose file every other follows.
pub const REFERENCE: &str = "en";
/// Where the compiled files go in the bundle, beside `index.html`.
pub const BUNDLE_DIR: &str = "i18n";

/// The messages that describe the language rather than being shown.
const FACTS: [&str; 4] = [
    "language-name",
    "language-locale",
    "language-date-time-pattern",
    "language-plural-forms",
];
/// The ids that are looked up by an API name, not by a Rust name.
const KEYED_PREFIXES: [&str; 3] = ["field-", "choice-", "group-"];
/// What marks a group of messages (its `##` comment) as coming with its page.
pub const WITH_ITS_PAGE: &str = "[with its page]";
/// CLDR's plural categories; a selection with one of them as a key chooses by plural form.
const PLURAL_CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// One text of the reference: a message's value or one of its attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct Declared {
    /// `nav-overview`, or `accounts.loading-list` for an attribute.
    pub id: String,
    /// Its named arguments, in the order the Rust code passes them.
    pub args: Vec<String>,
    /// The message's comment, for the Rust documentation.
    pub doc: Vec<String>,
    /// Whether it comes with its page, not with the first load ([`WITH_ITS_PAGE`]).
    pub with_its_page: bool,
}

/// What the reference language (English) declares.
#[derive(Debug)]
pub struct Reference {
    /// Positional texts, in the file's order: what [`rust_api`] names.
    pub texts: Vec<Declared>,
    /// Ids looked up by name (`field-…`, `choice-…`, `group-…`).
    pub keyed: BTreeSet<String>,
    /// The attributes of the family of messages with attributes, in order.
    pub family: Vec<String>,
}

/// A language compiled for the portal.
#[derive(Debug)]
pub struct LanguageFile {
    pub tag: String,
    pub name: String,
    pub locale: String,
    pub date_time_pattern: String,
    pub plural_forms: Vec<String>,
    /// `{"m": [texts by position], "k": {id: text}}`; a text is a string, or an array of parts:
    /// a string, an argument's index, or a selection `{"s": argument, "v": [[key, parts], …],
    /// "d": index of the default variant}`.
    pub json: String,
    /// [`LanguageFile::json`] without the texts that come with their page (each `""`) and with
    /// `"p":1` (partial), for the first load; the same as `json` where none do.
    pub first_json: String,
}

impl LanguageFile {
    /// `uk.0123456789abcdef.json`: a new text is a new name, so the file may be cached forever.
    pub fn file_name(&self) -> String {
        format!("{}.{:016x}.json", self.tag, fnv1a(self.json.as_bytes()))
    }
}

/// FNV-1a: stable across builds and tools (the build script and the bundler name files alike).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

type Problems = Vec<String>;

fn parse<'s>(file: &str, source: &'s str) -> Result<ast::Resource<&'s str>, Problems> {
    fluent_syntax::parser::parse(source).map_err(|(_, errors)| {
        errors
            .iter()
            .map(|e| {
                let line = source[..e.pos.start.min(source.len())]
                    .lines()
                    .count()
                    .max(1);
                format!("{file}:{line}: {}", e.kind)
            })
            .collect()
    })
}

fn messages<'a, 's>(
    file: &str,
    resource: &'a ast::Resource<&'s str>,
    problems: &mut Problems,
) -> Vec<&'a ast::Message<&'s str>> {
    let mut seen = BTreeSet::new();
    let mut found = Vec::new();
    for entry in &resource.body {
        match entry {
            ast::Entry::Message(message) => {
                if !seen.insert(message.id.name) {
                    problems.push(format!("{file}: `{}` is given twice", message.id.name));
                }
                found.push(message);
            }
            ast::Entry::Term(term) => problems.push(format!(
                "{file}: `-{}`: terms are not used by the portal",
                term.id.name
            )),
            _ => {}
        }
    }
    found
}

/// The ids of the messages in groups marked [`WITH_ITS_PAGE`].
fn with_its_page<'s>(resource: &ast::Resource<&'s str>) -> BTreeSet<&'s str> {
    let mut marked = false;
    let mut ids = BTreeSet::new();
    for entry in &resource.body {
        match entry {
            ast::Entry::GroupComment(comment) => {
                marked = comment.content.iter().any(|l| l.contains(WITH_ITS_PAGE));
            }
            ast::Entry::Message(message) if marked => {
                ids.insert(message.id.name);
            }
            _ => {}
        }
    }
    ids
}

fn is_keyed(id: &str) -> bool {
    KEYED_PREFIXES.iter().any(|p| id.starts_with(p))
}

/// The arguments a pattern uses, in order of first use.
fn arguments(pattern: &ast::Pattern<&str>, into: &mut Vec<String>) {
    fn inline(expression: &ast::InlineExpression<&str>, into: &mut Vec<String>) {
        match expression {
            ast::InlineExpression::VariableReference { id }
                if !into.iter().any(|a| a == id.name) =>
            {
                into.push(id.name.to_owned());
            }
            ast::InlineExpression::Placeable { expression } => expr(expression, into),
            _ => {}
        }
    }
    fn expr(expression: &ast::Expression<&str>, into: &mut Vec<String>) {
        match expression {
            ast::Expression::Inline(e) => inline(e, into),
            ast::Expression::Select { selector, variants } => {
                inline(selector, into);
                for variant in variants {
                    arguments(&variant.value, into);
                }
            }
        }
    }
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expr(expression, into);
        }
    }
}

/// The `$names` a comment declares, in order.
fn declared_in(comment: &[String]) -> Vec<String> {
    let mut names = Vec::new();
    for line in comment {
        let mut rest = line.as_str();
        while let Some(at) = rest.find('$') {
            rest = &rest[at + 1..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .unwrap_or(rest.len());
            let name = &rest[..end];
            if !name.is_empty() && !names.iter().any(|n| n == name) {
                names.push(name.to_owned());
            }
            rest = &rest[end..];
        }
    }
    names
}

fn comment_of(message: &ast::Message<&str>) -> Vec<String> {
    message
        .comment
        .as_ref()
        .map(|c| c.content.iter().map(|l| (*l).to_owned()).collect())
        .unwrap_or_default()
}

/// The texts of a message: its value and its attributes, with their ids.
fn texts_of<'a, 's>(
    message: &'a ast::Message<&'s str>,
) -> Vec<(String, &'a ast::Pattern<&'s str>)> {
    let id = message.id.name;
    message
        .value
        .iter()
        .map(|v| (id.to_owned(), v))
        .chain(
            message
                .attributes
                .iter()
                .map(|a| (format!("{id}.{}", a.id.name), &a.value)),
        )
        .collect()
}

/// Reads the reference language.
pub fn read_reference(file: &str, source: &str) -> Result<Reference, Problems> {
    let resource = parse(file, source)?;
    let mut problems = Vec::new();
    let mut reference = Reference {
        texts: Vec::new(),
        keyed: BTreeSet::new(),
        family: Vec::new(),
    };
    let later = with_its_page(&resource);
    for message in messages(file, &resource, &mut problems) {
        let id = message.id.name;
        if FACTS.contains(&id) {
            continue;
        }
        if is_keyed(id) {
            if later.contains(id) {
                problems.push(format!(
                    "{file}: `{id}` is looked up by name: it cannot come with its page"
                ));
            }
            reference.keyed.insert(id.to_owned());
            continue;
        }
        if message.value.is_none() {
            problems.push(format!("{file}: `{id}` has no value"));
        }
        let attributes: Vec<String> = message
            .attributes
            .iter()
            .map(|a| a.id.name.to_owned())
            .collect();
        if !attributes.is_empty() {
            if reference.family.is_empty() {
                reference.family.clone_from(&attributes);
            } else if reference.family != attributes {
                problems.push(format!(
                    "{file}: `{id}` has the attributes {attributes:?}; every message with attributes has {:?}",
                    reference.family
                ));
            }
        }
        let doc = comment_of(message);
        for (text_id, pattern) in texts_of(message) {
            let mut used = Vec::new();
            arguments(pattern, &mut used);
            let args = if used.len() > 1 {
                let declared = declared_in(&doc);
                let sorted = |v: &[String]| v.iter().cloned().collect::<BTreeSet<_>>();
                if sorted(&declared) != sorted(&used) {
                    problems.push(format!(
                        "{file}: `{text_id}` uses {} but its comment declares {}: name the arguments in order (`# $a, $b`)",
                        dollars(&used),
                        dollars(&declared)
                    ));
                }
                declared
            } else {
                used
            };
            reference.texts.push(Declared {
                id: text_id,
                args,
                doc: doc.clone(),
                with_its_page: later.contains(id),
            });
        }
    }
    if problems.is_empty() {
        Ok(reference)
    } else {
        Err(problems)
    }
}

fn dollars(names: &[String]) -> String {
    if names.is_empty() {
        return "no arguments".to_owned();
    }
    names
        .iter()
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks a language against the reference and compiles it.
pub fn compile(
    reference: &Reference,
    tag: &str,
    file: &str,
    source: &str,
) -> Result<LanguageFile, Problems> {
    let resource = parse(file, source)?;
    let mut problems = Vec::new();
    let found = messages(file, &resource, &mut problems);
    let facts = read_facts(file, &found, &mut problems);
    let messages = Messages::sort(reference, file, &found, &mut problems);
    let [json, first_json] = messages.json(reference, file, &facts.plural_forms, &mut problems);
    if problems.is_empty() {
        Ok(LanguageFile {
            tag: tag.to_owned(),
            name: facts.name,
            locale: facts.locale,
            date_time_pattern: facts.date_time_pattern,
            plural_forms: facts.plural_forms,
            json,
            first_json,
        })
    } else {
        Err(problems)
    }
}

/// A language's facts: the messages that describe it ([`FACTS`]).
struct Facts {
    name: String,
    locale: String,
    date_time_pattern: String,
    plural_forms: Vec<String>,
}

/// Reads the facts of a language; each must be there, as plain text, and its plural forms
/// must be CLDR's.
fn read_facts(file: &str, found: &[&ast::Message<&str>], problems: &mut Problems) -> Facts {
    let mut fact = |name: &str| -> String {
        match found.iter().find(|m| m.id.name == name) {
            Some(message) => match message.value.as_ref().map(|v| plain(v)) {
                Some(Some(text)) => text,
                _ => {
                    problems.push(format!("{file}: `{name}` must be plain text"));
                    String::new()
                }
            },
            None => {
                problems.push(format!("{file}: `{name}` is missing"));
                String::new()
            }
        }
    };
    let name = fact("language-name");
    let locale = fact("language-locale");
    let date_time_pattern = fact("language-date-time-pattern");
    let plural_forms: Vec<String> = fact("language-plural-forms")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    for form in &plural_forms {
        if !PLURAL_CATEGORIES.contains(&form.as_str()) {
            problems.push(format!("{file}: `{form}` is not a CLDR plural category"));
        }
    }
    Facts {
        name,
        locale,
        date_time_pattern,
        plural_forms,
    }
}

/// A language's messages but its facts, by how the portal looks them up.
struct Messages<'a, 's> {
    /// The texts looked up by position, with their ids.
    texts: Vec<(String, &'a ast::Pattern<&'s str>)>,
    /// The plain texts looked up by an API name.
    keyed: Vec<(&'s str, String)>,
}

impl<'a, 's> Messages<'a, 's> {
    /// Sorts the messages `found`, checked against the reference's: none unknown, no keyed one
    /// missing (a missing text shows in [`Messages::json`]), keyed ones plain text.
    fn sort(
        reference: &Reference,
        file: &str,
        found: &[&'a ast::Message<&'s str>],
        problems: &mut Problems,
    ) -> Self {
        let mut messages = Messages {
            texts: Vec::new(),
            keyed: Vec::new(),
        };
        for message in found {
            let id = message.id.name;
            if FACTS.contains(&id) {
                continue;
            }
            if is_keyed(id) {
                if !reference.keyed.contains(id) {
                    problems.push(format!("{file}: `{id}` is not in the reference language"));
                }
                match message.value.as_ref().and_then(|v| plain(v)) {
                    Some(text) if message.attributes.is_empty() => messages.keyed.push((id, text)),
                    _ => problems.push(format!("{file}: `{id}` must be plain text")),
                }
                continue;
            }
            messages.texts.extend(texts_of(message));
        }
        for id in &reference.keyed {
            if !messages.keyed.iter().any(|(k, _)| k == id) {
                problems.push(format!("{file}: `{id}` is missing"));
            }
        }
        for (id, _) in &messages.texts {
            if !reference.texts.iter().any(|d| &d.id == id) {
                problems.push(format!("{file}: `{id}` is not in the reference language"));
            }
        }
        messages
    }

    /// [`LanguageFile::json`] and [`LanguageFile::first_json`]: the texts in the reference's
    /// order, then the keyed ones.
    fn json(
        mut self,
        reference: &Reference,
        file: &str,
        plural_forms: &[String],
        problems: &mut Problems,
    ) -> [String; 2] {
        let mut json = String::from("{\"m\":[");
        let mut first = json.clone();
        for (index, declared) in reference.texts.iter().enumerate() {
            if index > 0 {
                json.push(',');
                first.push(',');
            }
            let Some((_, pattern)) = self.texts.iter().find(|(id, _)| *id == declared.id) else {
                problems.push(format!("{file}: `{}` is missing", declared.id));
                json.push_str("\"\"");
                first.push_str("\"\"");
                continue;
            };
            let from = json.len();
            let mut context = Context {
                file,
                id: &declared.id,
                args: &declared.args,
                plural_forms,
                problems,
            };
            context.pattern(pattern, &mut json);
            match declared.with_its_page {
                true => first.push_str("\"\""),
                false => first.push_str(&json[from..]),
            }
        }
        // Sorted by id: the portal looks them up by binary search, without sorting them first.
        self.keyed.sort_unstable_by(|a, b| a.0.cmp(b.0));
        let mut keyed = String::from("],\"k\":{");
        for (index, (id, text)) in self.keyed.iter().enumerate() {
            if index > 0 {
                keyed.push(',');
            }
            let _ = write!(keyed, "{}:{}", quoted(id), quoted(text));
        }
        keyed.push('}');
        let partial = reference.texts.iter().any(|d| d.with_its_page);
        first = match partial {
            true => format!("{first}{keyed},\"p\":1}}"),
            false => format!("{json}{keyed}}}"),
        };
        json.push_str(&keyed);
        json.push('}');
        [json, first]
    }
}

/// A pattern that is text alone, as that text.
fn plain(pattern: &ast::Pattern<&str>) -> Option<String> {
    let mut text = String::new();
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => text.push_str(value),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }),
            } => text.push_str(&fluent_syntax::unicode::unescape_unicode_to_string(value)),
            ast::PatternElement::Placeable { .. } => return None,
        }
    }
    Some(text)
}

fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Compiling one text of a language.
struct Context<'a> {
    file: &'a str,
    id: &'a str,
    args: &'a [String],
    plural_forms: &'a [String],
    problems: &'a mut Problems,
}

impl Context<'_> {
    fn pattern(&mut self, pattern: &ast::Pattern<&str>, json: &mut String) {
        if let Some(text) = plain(pattern) {
            json.push_str(&quoted(&text));
            return;
        }
        json.push('[');
        let mut first = true;
        let mut text = String::new();
        let flush = |text: &mut String, json: &mut String, first: &mut bool| {
            if !text.is_empty() {
                if !*first {
                    json.push(',');
                }
                json.push_str(&quoted(text));
                text.clear();
                *first = false;
            }
        };
        for element in &pattern.elements {
            match element {
                ast::PatternElement::TextElement { value } => text.push_str(value),
                ast::PatternElement::Placeable { expression } => {
                    if let ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) =
                        expression
                    {
                        text.push_str(&fluent_syntax::unicode::unescape_unicode_to_string(value));
                        continue;
                    }
                    flush(&mut text, json, &mut first);
                    if !first {
                        json.push(',');
                    }
                    first = false;
                    self.expression(expression, json);
                }
            }
        }
        flush(&mut text, json, &mut first);
        json.push(']');
    }

    fn argument(&mut self, expression: &ast::InlineExpression<&str>) -> usize {
        match expression {
            ast::InlineExpression::VariableReference { id } => {
                match self.args.iter().position(|a| a == id.name) {
                    Some(index) => index,
                    None => {
                        self.problems.push(format!(
                            "{}: `{}` uses ${}, an argument it does not have (it has {})",
                            self.file,
                            self.id,
                            id.name,
                            dollars(self.args)
                        ));
                        0
                    }
                }
            }
            _ => {
                self.problems.push(format!(
                    "{}: `{}`: only arguments (`{{ $name }}`), text and selections are supported",
                    self.file, self.id
                ));
                0
            }
        }
    }

    fn expression(&mut self, expression: &ast::Expression<&str>, json: &mut String) {
        match expression {
            ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
                self.expression(expression, json);
            }
            ast::Expression::Inline(ast::InlineExpression::NumberLiteral { value }) => {
                json.push_str(&quoted(value));
            }
            ast::Expression::Inline(inline) => {
                let index = self.argument(inline);
                let _ = write!(json, "{index}");
            }
            ast::Expression::Select { selector, variants } => {
                let index = self.argument(selector);
                let keys: Vec<&str> = variants
                    .iter()
                    .map(|v| match &v.key {
                        ast::VariantKey::Identifier { name } => *name,
                        ast::VariantKey::NumberLiteral { value } => *value,
                    })
                    .collect();
                // `other` alone is any selection's usual default; another category makes it plural.
                if keys
                    .iter()
                    .any(|k| *k != "other" && PLURAL_CATEGORIES.contains(k))
                {
                    for form in self.plural_forms {
                        if !keys.contains(&form.as_str()) {
                            self.problems.push(format!(
                                "{}: `{}` lacks the plural form [{form}]",
                                self.file, self.id
                            ));
                        }
                    }
                }
                let _ = write!(json, "{{\"s\":{index},\"v\":[");
                for (i, (key, variant)) in keys.iter().zip(variants).enumerate() {
                    if i > 0 {
                        json.push(',');
                    }
                    let _ = write!(json, "[{},", quoted(key));
                    self.pattern(&variant.value, json);
                    json.push(']');
                }
                let default = variants.iter().position(|v| v.default).unwrap_or(0);
                let _ = write!(json, "],\"d\":{default}}}");
            }
        }
    }
}

/// Every language of a directory (`<tag>.ftl`), the reference first, the others by tag; and
/// the Rust names of the reference's texts ([`rust_api`]).
pub struct Languages {
    pub languages: Vec<LanguageFile>,
    pub rust: String,
    /// The ids of the messages with attributes (the resource types' texts), in order.
    pub families: Vec<String>,
}

/// Reads, checks and compiles every `<tag>.ftl` in `dir` against `<reference>.ftl`.
pub fn read_languages(dir: &std::path::Path, reference_tag: &str) -> Result<Languages, Problems> {
    let read = |path: &std::path::Path| {
        std::fs::read_to_string(path).map_err(|e| vec![format!("{}: {e}", path.display())])
    };
    let mut tags: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| vec![format!("{}: {e}", dir.display())])?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "ftl").then(|| path.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    tags.sort_by_key(|tag| (tag != reference_tag, tag.clone()));
    if tags.first().map(String::as_str) != Some(reference_tag) {
        return Err(vec![format!(
            "{}: there is no {reference_tag}.ftl",
            dir.display()
        )]);
    }
    let path_of = |tag: &str| dir.join(format!("{tag}.ftl"));
    let reference_path = path_of(reference_tag);
    let reference = read_reference(
        &reference_path.display().to_string(),
        &read(&reference_path)?,
    )?;
    let mut problems = Vec::new();
    let mut languages = Vec::new();
    for tag in &tags {
        let path = path_of(tag);
        match compile(&reference, tag, &path.display().to_string(), &read(&path)?) {
            Ok(language) => languages.push(language),
            Err(more) => problems.extend(more),
        }
    }
    if problems.is_empty() {
        Ok(Languages {
            languages,
            rust: rust_api(&reference),
            families: family_ids(&reference),
        })
    } else {
        Err(problems)
    }
}

/// `pub static LANGUAGES`: each language's facts and the name of its compiled file.
pub fn rust_languages(languages: &[LanguageFile]) -> String {
    let mut out = format!(
        "/// The languages of the portal (the files in `src/i18n`), English first.\npub static LANGUAGES: [Language; {}] = [\n",
        languages.len()
    );
    for l in languages {
        let _ = writeln!(
            out,
            "    Language {{ tag: {:?}, native_name: {:?}, intl_locale: {:?}, date_time_pattern: {:?}, plural_forms: &{:?}, file: {:?} }},",
            l.tag,
            l.name,
            l.locale,
            l.date_time_pattern,
            l.plural_forms,
            l.file_name()
        );
    }
    out.push_str("];\n");
    let _ = writeln!(
        out,
        "/// Where the compiled files are, beside `index.html`.\npub const BUNDLE_DIR: &str = {BUNDLE_DIR:?};"
    );
    out
}

fn rust_name(id: &str) -> String {
    id.replace('-', "_")
}

/// The Rust names of the reference's texts: `pub struct Texts` with a field per message (a
/// [`Text`] for plain text, a function of `&str` arguments making a `Phrase` for text with
/// values), a `ResourceTexts` for the family of messages with attributes, and `static TEXTS`.
/// `Text` and `Phrase` are the portal's (`src/i18n`); a text's number is its position.
pub fn rust_api(reference: &Reference) -> String {
    let mut fields = String::new();
    let mut values = String::new();
    let mut family_fields = String::new();
    let mut index = 0usize;
    let texts = &reference.texts;
    while index < texts.len() {
        let declared = &texts[index];
        if is_family(reference, index) {
            let name = rust_name(&declared.id);
            let _ = writeln!(fields, "    pub {name}: ResourceTexts,");
            let members = family_values(reference, index);
            let _ = writeln!(values, "    {name}: ResourceTexts {{{members} }},");
            if family_fields.is_empty() {
                family_fields = family_types(reference, index);
            }
            index += 1 + reference.family.len();
            continue;
        }
        for line in &declared.doc {
            let _ = writeln!(fields, "    /// {line}");
        }
        let name = rust_name(&declared.id);
        let _ = writeln!(fields, "    pub {name}: {},", field_type(&declared.args));
        let _ = writeln!(values, "    {name}: {},", value(index, &declared.args));
        index += 1;
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "/// Every text of the portal, by the names of `en.ftl`."
    );
    let _ = writeln!(out, "pub struct Texts {{\n{fields}}}\n");
    if !family_fields.is_empty() {
        let _ = writeln!(
            out,
            "/// The texts of one resource type (a message with attributes in the files).\n#[derive(Clone, Copy)]\npub struct ResourceTexts {{\n{family_fields}}}\n"
        );
    }
    let _ = writeln!(out, "pub static TEXTS: Texts = Texts {{\n{values}}};\n");
    let _ = writeln!(
        out,
        "/// How many texts a language file has by position.\npub const TEXT_COUNT: usize = {};",
        texts.len()
    );
    out
}

/// Whether the text at `index` is a message with attributes (its attributes follow it).
fn is_family(reference: &Reference, index: usize) -> bool {
    let texts = &reference.texts;
    !reference.family.is_empty()
        && texts
            .get(index + 1)
            .is_some_and(|next| next.id.starts_with(&format!("{}.", texts[index].id)))
}

/// A family message's members by their offset from it, with their Rust names: its value
/// (`title`), then its attributes.
fn family_members(reference: &Reference) -> impl Iterator<Item = (usize, String)> + '_ {
    std::iter::once("title".to_owned())
        .chain(reference.family.iter().cloned())
        .map(|name| rust_name(&name))
        .enumerate()
}

/// The members of the family message at `index`, as a `ResourceTexts`' fields' values.
fn family_values(reference: &Reference, index: usize) -> String {
    let mut values = String::new();
    for (offset, field) in family_members(reference) {
        let member = &reference.texts[index + offset];
        let _ = write!(values, " {field}: {},", value(index + offset, &member.args));
    }
    values
}

/// The fields of `ResourceTexts`, typed as the family message at `index` has them.
fn family_types(reference: &Reference, index: usize) -> String {
    let mut types = String::new();
    for (offset, field) in family_members(reference) {
        let field_type = field_type(&reference.texts[index + offset].args);
        let _ = writeln!(types, "    pub {field}: {field_type},");
    }
    types
}

/// The ids of the messages with attributes.
fn family_ids(reference: &Reference) -> Vec<String> {
    (0..reference.texts.len())
        .filter(|&index| is_family(reference, index))
        .map(|index| reference.texts[index].id.clone())
        .collect()
}

fn field_type(args: &[String]) -> String {
    if args.is_empty() {
        "Text".to_owned()
    } else {
        format!("fn({}) -> Phrase", vec!["&str"; args.len()].join(", "))
    }
}

fn value(index: usize, args: &[String]) -> String {
    if args.is_empty() {
        format!("Text::at({index})")
    } else {
        let names: Vec<String> = args.iter().map(|a| rust_name(a)).collect();
        format!(
            "|{}| Phrase::new({index}, &[{}])",
            names.join(", "),
            names.join(", ")
        )
    }
}

#[cfg(test)]
mod tests;
