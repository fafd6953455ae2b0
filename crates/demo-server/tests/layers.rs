//! The crate's modules form layers that only look down:
//!
//! `model` → `seeded` → `traffic` → `jsonapi` → `routes` → `hosting`
//!
//! (data types; making the data set; the call history and what is computed from it; JSON:API
//! documents and collections; the API's handlers; what is served beside them). Each layer is a
//! directory of `src/`; a file may name `crate::<layer>` only for its own layer or one below,
//! and never the crate root's items (`lib.rs` assembles the layers and sits above them all).
//! This test reads the sources, so an upward reference fails it wherever it is written.

use std::path::{Path, PathBuf};

/// Lowest first.
const LAYERS: [&str; 6] = ["model", "seeded", "traffic", "jsonapi", "routes", "hosting"];

fn rank(layer: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == layer)
}

/// The text without comments (line comments and `/* */` blocks); string and character
/// literals are kept whole, so that a `//` or a quote inside one changes nothing.
fn without_comments(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        let after_identifier = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            i += 2;
            while i < chars.len() && !(chars[i - 1] == '*' && chars[i] == '/') {
                i += 1;
            }
            i += 1;
        } else if c == 'r' && !after_identifier && matches!(at(i + 1), '#' | '"') {
            // A raw string: r"…", r#"…"#, …
            let mut j = i + 1;
            while at(j) == '#' {
                j += 1;
            }
            let hashes = j - i - 1;
            if at(j) != '"' {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() && !(chars[j] == '"' && (1..=hashes).all(|k| at(j + k) == '#')) {
                j += 1;
            }
            let end = (j + 1 + hashes).min(chars.len());
            out.extend(&chars[i..end]);
            i = end;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(chars.len());
            out.extend(&chars[i..end]);
            i = end;
        } else if c == '\'' && (at(i + 2) == '\'' || at(i + 1) == '\\') {
            // A character literal ('"', '\''); a lifetime has no closing quote.
            let mut j = i + 1;
            if at(j) == '\\' {
                j += 1;
            }
            j += 1;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            let end = (j + 1).min(chars.len());
            out.extend(&chars[i..end]);
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn identifier(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first path segment of every item of a `{…}` group (the text after its `{`).
fn group_heads(text: &str) -> Vec<&str> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                heads.push(identifier(text[start..i].trim()));
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                heads.push(identifier(text[start..i].trim()));
                start = i + 1;
            }
            _ => {}
        }
    }
    heads.retain(|h| !h.is_empty());
    heads
}

/// What the source of a file of `layer` names above its layer, one line per reference.
fn upward_references(layer: &str, source: &str) -> Vec<String> {
    let own = rank(layer).expect("a layer");
    let code = without_comments(source);
    let mut found = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        // `demo_server::crate::` cannot occur; `$crate::` in macros names another crate.
        let is_path_start =
            !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$');
        if is_path_start {
            let heads = match after.trim_start().strip_prefix('{') {
                Some(group) => group_heads(group),
                None => vec![identifier(after.trim_start())],
            };
            for head in heads {
                match rank(head) {
                    Some(other) if other <= own => {}
                    Some(_) => found.push(format!("{layer} names the higher layer {head}")),
                    None => found.push(format!(
                        "{layer} names the crate root's {head} (take it from its layer)"
                    )),
                }
            }
        }
        rest = after;
    }
    if code.contains("super::super") {
        found.push(format!("{layer} climbs out of its layer with super::super"));
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_module_is_in_a_layer_and_looks_only_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(&src).expect("src") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if rank(name).is_none() {
                problems.push(format!("src/{name}/ is no layer of {LAYERS:?}"));
                continue;
            }
            let mut files = Vec::new();
            rust_files(&path, &mut files);
            for file in files {
                let source = std::fs::read_to_string(&file).expect("a source file");
                let shown = file
                    .strip_prefix(&src)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                problems.extend(
                    upward_references(name, &source)
                        .into_iter()
                        .map(|p| format!("src/{shown}: {p}")),
                );
            }
        } else if !matches!(name, "lib.rs" | "main.rs") {
            problems.push(format!("src/{name} belongs to no layer: move it into one"));
        }
    }
    // `lib.rs` declares the layers and nothing else as modules.
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    for line in without_comments(&lib).lines() {
        let line = line.trim();
        let declared = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
            .map(identifier);
        if let Some(module) = declared
            && line.ends_with(';')
            && rank(module).is_none()
        {
            problems.push(format!(
                "lib.rs declares the module {module}, which is no layer"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_sees_upward_references_in_every_form() {
    let up = |layer, source| upward_references(layer, source);
    assert!(
        up(
            "traffic",
            "use crate::model::data_set::DataSet;\nuse crate::traffic::calls::Call;"
        )
        .is_empty()
    );
    assert_eq!(
        up("traffic", "use crate::routes::state::AppState;"),
        ["traffic names the higher layer routes"]
    );
    assert_eq!(
        up(
            "seeded",
            "use crate::{model::records::RateRecord, jsonapi::record::Record};"
        ),
        ["seeded names the higher layer jsonapi"]
    );
    assert_eq!(
        up("model", "fn f() { crate::hosting::proxy::http_client(); }"),
        ["model names the higher layer hosting"]
    );
    assert_eq!(
        up("routes", "use crate::Options;"),
        ["routes names the crate root's Options (take it from its layer)"]
    );
    assert!(
        up(
            "model",
            "// see crate::routes::auth\n/* crate::hosting */ let url = \"http://x\";"
        )
        .is_empty()
    );
    assert_eq!(up("jsonapi", "use super::super::Options;").len(), 1);
    // Quotes in literals do not hide what follows them.
    assert_eq!(
        up(
            "model",
            "let q = '\"'; let s = r#\"a\"b\"#; use crate::routes::auth;"
        )
        .len(),
        1
    );
    assert_eq!(
        up(
            "model",
            "let s = \"say \\\"//\\\"\"; use crate::routes::auth;"
        )
        .len(),
        1
    );
}
