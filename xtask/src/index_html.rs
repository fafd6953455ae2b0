//! index.html pointed at the split parts: Trunk's `<meta name="portal-wasm">`
//! (`pattern_script` in Trunk.toml) becomes the module's script tag, and its preload links name
//! the parts instead of Trunk's own (unsplit) wasm-bindgen output, which is removed.

use anyhow::{Context, Result, bail};
use std::fs;

use crate::split::TrunkBuild;

/// Points index.html at the split parts: Trunk's `<meta name="portal-wasm">` (`pattern_script`)
/// and its preload links name the unsplit files, which are removed. The rust link has
/// `data-integrity="none"`, so no integrity hash of the old files is left behind.
pub fn point_at_parts(trunk: &TrunkBuild, dir_name: &str, parts: &Parts) -> Result<()> {
    let index_path = trunk.staging_dir.join("index.html");
    let index = fs::read_to_string(&index_path)
        .with_context(|| format!("reading {}", index_path.display()))?;
    let base = &trunk.public_url;
    let rewritten = rewrite_index(&index, base, dir_name, parts)?;
    for unsplit in unsplit_urls(&index)? {
        let file = unsplit.strip_prefix(base.as_str()).unwrap_or(&unsplit);
        let path = trunk.staging_dir.join(file.trim_start_matches('/'));
        fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
    }
    fs::write(&index_path, rewritten).with_context(|| format!("writing {}", index_path.display()))
}

/// The URLs of Trunk's wasm-bindgen JS and wasm, from the portal-wasm meta.
fn unsplit_urls(index: &str) -> Result<[String; 2]> {
    let (start, end) = meta_span(index).context("index.html has no <meta name=\"portal-wasm\">")?;
    let meta = &index[start..end];
    let value = |attribute: &str| {
        attribute_value(meta, attribute)
            .map(str::to_owned)
            .with_context(|| format!("the portal-wasm meta has no {attribute}"))
    };
    Ok([value("data-js")?, value("data-wasm")?])
}

fn rewrite_index(index: &str, base: &str, dir_name: &str, parts: &Parts) -> Result<String> {
    let [js, wasm] = unsplit_urls(index)?;
    let has_integrity = |url: &str| {
        index.contains(&format!("{url}\" integrity")) || index.contains(&format!("{url} integrity"))
    };
    if index.contains("integrity=") && (has_integrity(&js) || has_integrity(&wasm)) {
        bail!("index.html has integrity hashes of the unsplit wasm: set data-integrity=\"none\"");
    }
    let dir = format!("{base}{dir_name}");
    let (start, end) = meta_span(index).context("index.html has no <meta name=\"portal-wasm\">")?;
    let (main_js, main_wasm) = (parts.main_js, parts.main_wasm);
    let script = format!("<script type=\"module\" src=\"{dir}/{main_js}\"></script>");
    let started = format!("{}{script}{}", &index[..start], &index[end..]);
    Ok(started
        .replace(&js, &format!("{dir}/{main_js}"))
        .replace(&wasm, &format!("{dir}/{main_wasm}")))
}

/// Where Trunk's `<meta name="portal-wasm">` is: written as `pattern_script` says, or as a
/// release build's HTML minifier rewrites it (attributes sorted, quotes dropped).
fn meta_span(html: &str) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(found) = html[from..].find("<meta") {
        let start = from + found;
        let end = start + html[start..].find('>')? + 1;
        if attribute_value(&html[start..end], "name") == Some("portal-wasm") {
            return Some((start, end));
        }
        from = end;
    }
    None
}

/// The value of attribute `name` in one tag, quoted or not (HTML values without spaces or
/// quotes need none).
fn attribute_value<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = tag;
    while let Some(at) = rest.find(name) {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + name.len()..];
        rest = after;
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let Some(value) = after.strip_prefix('=') else {
            continue;
        };
        return Some(match value.chars().next()? {
            quote @ ('"' | '\'') => {
                let value = &value[1..];
                &value[..value.find(quote)?]
            }
            _ => {
                let len = value
                    .find(|c: char| c.is_whitespace() || c == '>')
                    .unwrap_or(value.len());
                value[..len].trim_end_matches('/')
            }
        });
    }
    None
}

/// The id of index.html's sign-in form shown before the code comes (xtask/src/start/start.js).
const EARLY_FORM_ID: &str = "early-sign-in";

/// Removes index.html's early sign-in form, for a build without it (an A/B of what it is worth:
/// the start then has no form to show).
pub fn remove_early_form(trunk: &TrunkBuild) -> Result<()> {
    let index_path = trunk.staging_dir.join("index.html");
    let index = fs::read_to_string(&index_path)
        .with_context(|| format!("reading {}", index_path.display()))?;
    let without = without_early_form(&index)?;
    fs::write(&index_path, without).with_context(|| format!("writing {}", index_path.display()))
}

fn without_early_form(index: &str) -> Result<String> {
    let mut from = 0;
    while let Some(found) = index[from..].find("<main") {
        let start = from + found;
        let tag_end = start + index[start..].find('>').context("an unclosed <main")?;
        if attribute_value(&index[start..=tag_end], "id") == Some(EARLY_FORM_ID) {
            let closing = index[tag_end..]
                .find("</main>")
                .context("a <main> not closed")?;
            let end = tag_end + closing + "</main>".len();
            return Ok(format!("{}{}", &index[..start], &index[end..]));
        }
        from = tag_end;
    }
    bail!("index.html has no <main id=\"{EARLY_FORM_ID}\">")
}

/// The files of the parts index.html names.
pub struct Parts<'a> {
    /// The module the page loads.
    pub main_js: &'a str,
    /// The main part, which index.html preloads.
    pub main_wasm: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARTS: Parts = Parts {
        main_js: "portal.js",
        main_wasm: "portal_bg.wasm",
    };

    #[test]
    fn starts_the_bundle_where_the_meta_was_and_preloads_the_parts() {
        let html = r#"<head><meta name="portal-wasm" data-js="/p/portal-1.js" data-wasm="/p/portal-1_bg.wasm"><link rel="modulepreload" href="/p/portal-1.js" crossorigin="anonymous"><link rel="preload" href="/p/portal-1_bg.wasm" as="fetch"></head>"#;
        let out = rewrite_index(html, "/p/", "wasm-0a", &PARTS).unwrap();
        assert!(!out.contains("portal-1"), "{out}");
        assert!(!out.contains("portal-wasm"), "{out}");
        assert!(out.starts_with(r#"<head><script type="module" src="/p/wasm-0a/portal.js"></script><link rel="modulepreload" href="/p/wasm-0a/portal.js""#), "{out}");
        assert_eq!(out.matches("/p/wasm-0a/portal_bg.wasm").count(), 1, "{out}");
        let with_hash = html.replace(
            r#"portal-1.js" crossorigin"#,
            r#"portal-1.js" integrity="sha384-x" crossorigin"#,
        );
        assert!(rewrite_index(&with_hash, "/p/", "wasm-0a", &PARTS).is_err());
    }

    #[test]
    fn removes_the_early_form_however_the_minifier_wrote_it() {
        for html in [
            r#"<div id="boot"></div><main id="early-sign-in" class="login-page" hidden><form><main-ish></form></main><p>after"#,
            r#"<div id=boot></div><main class=login-page hidden id=early-sign-in><form></form></main><p>after"#,
        ] {
            let out = without_early_form(html).unwrap();
            assert!(
                out.starts_with("<div id") && out.ends_with("</div><p>after"),
                "{out}"
            );
        }
        assert!(without_early_form("<main id=main></main>").is_err());
    }

    #[test]
    fn finds_the_wasm_names_in_the_meta_tag() {
        let html = r#"<head><meta charset="utf-8"><meta name="portal-wasm" data-js="/portal/portal-1.js" data-wasm="/portal/portal-1_bg.wasm"></head>"#;
        let (start, end) = meta_span(html).unwrap();
        let meta = &html[start..end];
        assert!(meta.ends_with("_bg.wasm\">"));
        assert_eq!(
            attribute_value(meta, "data-js"),
            Some("/portal/portal-1.js")
        );
        assert_eq!(
            attribute_value(meta, "data-wasm"),
            Some("/portal/portal-1_bg.wasm")
        );
        assert_eq!(attribute_value(meta, "data-css"), None);
    }

    #[test]
    fn finds_the_meta_as_the_release_minifier_writes_it() {
        let html = "<meta charset=utf-8><meta content=\"width=device-width\" name=viewport><meta data-js=/p/portal-1.js data-wasm=/p/portal-1_bg.wasm name=portal-wasm><link href=/p/main.css rel=stylesheet>";
        let (start, end) = meta_span(html).unwrap();
        let meta = &html[start..end];
        assert!(meta.starts_with("<meta data-js=/p/portal-1.js"), "{meta}");
        assert_eq!(attribute_value(meta, "data-js"), Some("/p/portal-1.js"));
        assert_eq!(
            attribute_value(meta, "data-wasm"),
            Some("/p/portal-1_bg.wasm")
        );
        assert_eq!(attribute_value(meta, "js"), None);
        let out = rewrite_index(html, "/p/", "wasm-0a", &PARTS).unwrap();
        assert!(
            out.contains(r#"<script type="module" src="/p/wasm-0a/portal.js"></script><link"#),
            "{out}"
        );
        assert!(!out.contains("portal-1"), "{out}");
    }
}
