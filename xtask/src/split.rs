//! Trunk's post-build hook (`cargo xtask split-wasm`, see Trunk.toml): cuts the portal's wasm
//! at its page boundaries, so the first load fetches the shell and the page it opens, and every
//! other kind of page comes when it is first shown.
//!
//! Trunk 0.21 cannot split wasm, so Trunk compiles the portal (with the `split` feature and
//! `--emit-relocs`, the relocations the splitter needs) and this hook does the rest on the
//! compiled wasm: `wasm_split_cli_support` splits it at the `#[wasm_split]` points of
//! `src/pages/on_demand.rs`, wasm-bindgen writes the JS of the main part (keeping the exports the
//! chunks link against) with short import names (`imports.rs`), esbuild bundles that glue, the
//! chunk loader and the start (`START`) into one module (one request, not three), and in
//! release builds wasm-opt shrinks every part and esbuild minifies the module. All parts go
//! into one content-hashed directory, `wasm-<hash>/`, because the loader names the chunks
//! relative to itself; Trunk's `<meta name="portal-wasm">` in index.html becomes the module's
//! script tag, and Trunk's own (unsplit) wasm-bindgen output is removed. Release builds get
//! brotli and gzip copies of every hashed file (`sizes::write_precompressed`).

use anyhow::{Context, Result, bail};
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::Hasher;
use std::path::{Path, PathBuf};

use crate::portal::{PORTAL_BIN, target_dir};
use crate::process::Cmd;
use crate::tools::WASM_TARGET;

/// The JS module the split wasm imports its chunk loaders from; bundled into `MAIN_JS`.
const LINK_MODULE: &str = "split.js";
/// The start of the portal, the entry of the bundle: it shows index.html's sign-in form while
/// the code downloads, and loads the main part beside it. Its `initSync` export hands back the
/// started module's exports (the bench reads the memory).
const START_NAME: &str = "start.js";
const START: &str = include_str!("start.js");
const MAIN_NAME: &str = "portal";
/// The exports of the main part that nothing calls (see where wasm-opt runs).
const UNUSED_EXPORTS: &str = "--pass-arg=remove-exports@*intounderlying*";
const MAIN_JS: &str = "portal.js";
const MAIN_WASM: &str = "portal_bg.wasm";

/// What Trunk tells its hooks.
struct TrunkBuild {
    staging_dir: PathBuf,
    public_url: String,
    release: bool,
}

impl TrunkBuild {
    fn from_env() -> Result<TrunkBuild> {
        let var = |name: &str| {
            std::env::var(name).with_context(|| {
                format!("{name} is not set: `split-wasm` runs as Trunk's post_build hook")
            })
        };
        Ok(TrunkBuild {
            staging_dir: PathBuf::from(var("TRUNK_STAGING_DIR")?),
            public_url: var("TRUNK_PUBLIC_URL")?,
            release: var("TRUNK_PROFILE")? == "release",
        })
    }
}

pub fn split_wasm(root: &Path) -> Result<()> {
    let trunk = TrunkBuild::from_env()?;
    crate::tools::use_workspace_tools(root)?;
    let profile = if trunk.release { "release" } else { "debug" };
    let compiled = target_dir(root)
        .join(WASM_TARGET)
        .join(profile)
        .join(format!("{PORTAL_BIN}.wasm"));
    let work = target_dir(root)
        .join("xtask")
        .join(format!("split-{profile}"));
    let _ = fs::remove_dir_all(&work);
    let parts_dir = work.join("parts");
    fs::create_dir_all(&parts_dir).with_context(|| format!("creating {}", parts_dir.display()))?;

    let input = fs::read(&compiled).with_context(|| format!("reading {}", compiled.display()))?;
    let main_split = work.join("main.wasm");
    let link_name = format!("./{LINK_MODULE}");
    let main_module = format!("./{MAIN_JS}");
    let split = wasm_split_cli_support::transform({
        let mut options = wasm_split_cli_support::Options::new(&input);
        options.output_dir = &parts_dir;
        options.main_out_path = &main_split;
        options.link_name = &link_name;
        options.main_module = &main_module;
        options
    })
    .map_err(|error| anyhow::anyhow!("splitting {}: {error:?}", compiled.display()))?;
    let loader = parts_dir.join(LINK_MODULE);
    let loader_js =
        fs::read_to_string(&loader).with_context(|| format!("reading {}", loader.display()))?;
    fs::write(
        &loader,
        crate::first_load::fetch_through_bundles(&loader_js)?,
    )?;
    if split.split_modules.is_empty() {
        bail!(
            "{} has no split points: was it built with the `split` feature and --emit-relocs?",
            compiled.display()
        );
    }

    Cmd::new("wasm-bindgen")
        .arg("--target=web")
        .arg("--no-typescript")
        // The chunks import the main part's functions under their linker names.
        .arg("--keep-lld-exports")
        .arg("--no-demangle")
        .arg(format!("--out-name={MAIN_NAME}"))
        .arg(format!("--out-dir={}", parts_dir.display()))
        .arg(&main_split)
        .run()?;
    if parts_dir.join("snippets").exists() {
        bail!("wasm-bindgen wrote JS snippets, which this hook does not deploy yet");
    }
    let main_wasm = parts_dir.join(format!("{MAIN_NAME}_bg.wasm"));
    let main_js = parts_dir.join(MAIN_JS);
    let (wasm, js) = crate::imports::shorten_import_names(
        &fs::read(&main_wasm).with_context(|| format!("reading {}", main_wasm.display()))?,
        &fs::read_to_string(&main_js).with_context(|| format!("reading {}", main_js.display()))?,
        &crate::imports::glue_module(MAIN_NAME),
    )?;
    fs::write(&main_wasm, wasm)?;
    fs::write(&main_js, js)?;
    bundle_start(root, &work, &parts_dir, trunk.release)?;

    if trunk.release {
        for wasm in list_files(&parts_dir)?
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "wasm"))
        {
            shrink(wasm)?;
        }
    }
    let bundles = crate::first_load::write_bundles(&parts_dir, &split.prefetch_map)?;
    let parts = list_files(&parts_dir)?;

    // One name for the whole set: a new build never mixes with cached parts of an old one.
    let mut hasher = DefaultHasher::new();
    for part in &parts {
        hasher.write(part.file_name().unwrap_or_default().as_encoded_bytes());
        hasher.write(&fs::read(part)?);
    }
    let dir_name = format!("wasm-{:016x}", hasher.finish());
    let deployed = trunk.staging_dir.join(&dir_name);
    fs::create_dir_all(&deployed)?;
    for part in &parts {
        let name = part.file_name().unwrap_or_default();
        fs::copy(part, deployed.join(name))
            .with_context(|| format!("copying {} to {}", part.display(), deployed.display()))?;
    }

    point_index_at(&trunk, &dir_name)?;
    write_languages(root, &trunk)?;
    if trunk.release {
        // Trunk's own hashed files (the stylesheet, the loader) are in the staging directory
        // by now too.
        crate::sizes::write_precompressed(&trunk.staging_dir)?;
    }
    println!(
        "xtask: split the portal's wasm into {} files under {dir_name}/ ({} chunks, {bundles} first-load bundles)",
        parts.len(),
        split.split_modules.len()
    );
    Ok(())
}

/// The files of `dir`, sorted.
fn list_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .with_context(|| format!("listing {}", dir.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    files.sort();
    Ok(files)
}

/// Shrinks one part of a release build in place (wasm-opt).
fn shrink(wasm: &Path) -> Result<()> {
    let is_main = wasm.file_name().is_some_and(|name| name == MAIN_WASM);
    Cmd::new("wasm-opt")
        // The stream adapters wasm-streams exports for server functions (leptos always
        // builds server_fn's browser side): the portal has no server function, so
        // nothing calls them, and without the exports their code goes (1.1 KB brotli).
        .args(
            is_main
                .then_some(["--remove-exports", UNUSED_EXPORTS])
                .into_iter()
                .flatten(),
        )
        // Twice: the second pass finds what the first one's inlining and merging
        // opened up (the shell 0.5 KB brotli smaller; `--converge` gains less).
        .args(["-Oz", "-Oz"])
        // The linker puts the stack first, below the data: the first 1 KiB is the
        // stack's far end, never reached, so wasm-opt may fold more constants into
        // load and store offsets (the shell 0.8 KB brotli smaller, the chunks 2.6 KB).
        .arg("--low-memory-unused")
        // A chunk's memory is the main part's, imported: its static data's place is
        // still zero when the chunk comes (nothing else owns it), so its zero bytes need
        // no segment (the chunks 1 KB brotli smaller).
        .arg("--zero-filled-memory")
        // Notes for tools, which no browser reads (0.35 KB brotli per part).
        .arg("--strip-producers")
        .arg("--strip-target-features")
        .arg(wasm)
        .arg("-o")
        .arg(wasm)
        // It warns about every name subsection it does not know (one per part).
        .run_showing_output_on_failure()
}

/// The language files, compiled as the portal's build script compiled them (the `texts` crate),
/// under the content-hashed names the portal fetches them by; index.html carries the one of
/// the bundle's `config.json` (English by default), so a visitor who has not chosen a language
/// has its texts with the document. A deployment that serves another config or a visitor who
/// chose another language fetches theirs when the portal starts.
fn write_languages(root: &Path, trunk: &TrunkBuild) -> Result<()> {
    let staging_dir = &trunk.staging_dir;
    let languages = texts::read_languages(&root.join(texts::DIR), texts::REFERENCE)
        .map_err(|problems| anyhow::anyhow!("the language files: {}", problems.join("\n")))?;
    let dir = staging_dir.join(texts::BUNDLE_DIR);
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    for language in &languages.languages {
        let path = dir.join(language.file_name());
        fs::write(&path, &language.json).with_context(|| format!("writing {}", path.display()))?;
    }
    let config = fs::read_to_string(staging_dir.join("config.json")).unwrap_or_default();
    let tag = portal_config::parse_config(&config).ok().map_or_else(
        || texts::REFERENCE.to_owned(),
        |config| preloaded_tag(&config),
    );
    let primary = tag
        .split(['-', '_'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let preloaded = languages
        .languages
        .iter()
        .find(|l| l.tag == primary)
        .or(languages.languages.first())
        .context("no language files")?;
    let index_path = staging_dir.join("index.html");
    let index = fs::read_to_string(&index_path)
        .with_context(|| format!("reading {}", index_path.display()))?;
    let early_texts = crate::early_texts::PlainTexts::read(root, &preloaded.tag, &preloaded.json)?;
    let index = crate::early_texts::fill(&index, &early_texts)?;
    let source = format!(
        "{}{}/{}",
        trunk.public_url,
        texts::BUNDLE_DIR,
        preloaded.file_name()
    );
    let index = index.replacen("</head>", &carried_texts(&source, &preloaded.json), 1);
    fs::write(&index_path, index).with_context(|| format!("writing {}", index_path.display()))
}

/// index.html's copy of the starting language's texts (`source`'s content), a data block the
/// portal reads instead of fetching the file (src/i18n/loaded.rs): one request less on every
/// first load, for the same bytes, and none more on a return, as index.html is revalidated and
/// changes only with the build. Inert: it is never run, and `<` is escaped (as JSON allows in
/// strings, the only place the file has one), so no `</script>` ends it early.
fn carried_texts(source: &str, json: &str) -> String {
    format!(
        "<script type=\"application/json\" id=\"portal-texts\" data-src=\"{}\">{}</script>\n  </head>",
        html_escape::encode_double_quoted_attribute(source),
        json.replace('<', "\\u003c")
    )
}

/// The language a first visitor most likely gets: the deployment's (`defaultLanguage`), else
/// English if offered (the browser's choice is unknown here), else the first offered.
fn preloaded_tag(config: &portal_config::PortalConfig) -> String {
    let offered = &config.languages;
    config
        .locale
        .clone()
        .or_else(|| {
            offered
                .iter()
                .find(|tag| tag.as_str() == texts::REFERENCE)
                .or(offered.first())
                .cloned()
        })
        .unwrap_or_else(|| texts::REFERENCE.to_owned())
}

/// Replaces the glue and the chunk loader in `parts_dir` by one module: them and `START`.
/// The browser then fetches one file, found in the document, instead of a loader that imports
/// the glue that imports the chunk loader.
fn bundle_start(root: &Path, work: &Path, parts_dir: &Path, release: bool) -> Result<()> {
    let start = parts_dir.join(START_NAME);
    fs::write(&start, START).with_context(|| format!("writing {}", start.display()))?;
    let bundle = work.join(MAIN_JS);
    Cmd::new(crate::tools::esbuild(root))
        .arg(&start)
        .args(["--bundle", "--format=esm", "--log-level=warning"])
        .args(release.then_some("--minify"))
        .arg(format!("--outfile={}", bundle.display()))
        .run_showing_output_on_failure()?;
    for bundled in [START_NAME, MAIN_JS, LINK_MODULE] {
        let path = parts_dir.join(bundled);
        fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
    }
    fs::rename(&bundle, parts_dir.join(MAIN_JS))
        .with_context(|| format!("moving {} into {}", bundle.display(), parts_dir.display()))
}

/// Points index.html at the split parts: Trunk's `<meta name="portal-wasm">` (`pattern_script`)
/// and its preload links name the unsplit files, which are removed. The rust link has
/// `data-integrity="none"`, so no integrity hash of the old files is left behind.
fn point_index_at(trunk: &TrunkBuild, dir_name: &str) -> Result<()> {
    let index_path = trunk.staging_dir.join("index.html");
    let index = fs::read_to_string(&index_path)
        .with_context(|| format!("reading {}", index_path.display()))?;
    let base = &trunk.public_url;
    let rewritten = rewrite_index(&index, base, dir_name)?;
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

fn rewrite_index(index: &str, base: &str, dir_name: &str) -> Result<String> {
    let [js, wasm] = unsplit_urls(index)?;
    let has_integrity = |url: &str| {
        index.contains(&format!("{url}\" integrity")) || index.contains(&format!("{url} integrity"))
    };
    if index.contains("integrity=") && (has_integrity(&js) || has_integrity(&wasm)) {
        bail!("index.html has integrity hashes of the unsplit wasm: set data-integrity=\"none\"");
    }
    let parts = format!("{base}{dir_name}");
    let (start, end) = meta_span(index).context("index.html has no <meta name=\"portal-wasm\">")?;
    let script = format!("<script type=\"module\" src=\"{parts}/{MAIN_JS}\"></script>");
    let started = format!("{}{script}{}", &index[..start], &index[end..]);
    Ok(started
        .replace(&js, &format!("{parts}/{MAIN_JS}"))
        .replace(&wasm, &format!("{parts}/{MAIN_WASM}")))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_the_bundle_where_the_meta_was_and_preloads_the_parts() {
        let html = r#"<head><meta name="portal-wasm" data-js="/p/portal-1.js" data-wasm="/p/portal-1_bg.wasm"><link rel="modulepreload" href="/p/portal-1.js" crossorigin="anonymous"><link rel="preload" href="/p/portal-1_bg.wasm" as="fetch"></head>"#;
        let out = rewrite_index(html, "/p/", "wasm-0a").unwrap();
        assert!(!out.contains("portal-1"), "{out}");
        assert!(!out.contains("portal-wasm"), "{out}");
        assert!(out.starts_with(r#"<head><script type="module" src="/p/wasm-0a/portal.js"></script><link rel="modulepreload" href="/p/wasm-0a/portal.js""#), "{out}");
        assert_eq!(out.matches("/p/wasm-0a/portal_bg.wasm").count(), 1, "{out}");
        let with_hash = html.replace(
            r#"portal-1.js" crossorigin"#,
            r#"portal-1.js" integrity="sha384-x" crossorigin"#,
        );
        assert!(rewrite_index(&with_hash, "/p/", "wasm-0a").is_err());
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
        let out = rewrite_index(html, "/p/", "wasm-0a").unwrap();
        assert!(
            out.contains(r#"<script type="module" src="/p/wasm-0a/portal.js"></script><link"#),
            "{out}"
        );
        assert!(!out.contains("portal-1"), "{out}");
    }

    #[test]
    fn carries_texts_that_no_markup_in_them_can_end_or_run() {
        let json = r#"{"m":["</script><script>alert(1)</script>","a <b> c"],"k":{}}"#;
        let html = carried_texts("/p/i18n/en.1.json", json);
        assert!(
            html.starts_with(
                r#"<script type="application/json" id="portal-texts" data-src="/p/i18n/en.1.json">"#
            ),
            "{html}"
        );
        let inner = html
            .split_once('>')
            .and_then(|(_, rest)| rest.rsplit_once("</script>"))
            .map(|(inner, _)| inner)
            .unwrap();
        assert!(!inner.contains('<'), "{inner}");
        let read: serde_json::Value = serde_json::from_str(inner).unwrap();
        assert_eq!(
            read,
            serde_json::from_str::<serde_json::Value>(json).unwrap()
        );
    }
}
