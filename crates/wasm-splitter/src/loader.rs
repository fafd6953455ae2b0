//! Step 2: wasm_split's loader, its fetches and instantiations going through `loader.js`: the
//! first parts asked for come in the first-load bundle of the page's module, and a part that
//! cannot load notes why (`wasmPartFailure`).

use anyhow::{Context, Result, bail};
use std::fs;
use std::path::Path;

use crate::first_load::Bundle;

/// wasm_split's loader fetches each part with this expression…
const PART_FETCH: &str = "fetch(new URL(";
const PART_FETCH_REWRITTEN: &str = "fetchPart(new URL(";
/// …and instantiates it with this one.
const INSTANTIATION: &str = "WebAssembly.instantiateStreaming(";
const INSTANTIATION_REWRITTEN: &str = "instantiatePart(";
const SNIPPET: &str = include_str!("loader.js");

/// The global function that says why the latest part that failed could not load: `"gone"`
/// (the server has no such part: reloading the page is what helps) or `"network"` (trying
/// again may help), `null` before any failure. The app reads it after a split point's
/// `SplitLoaderError`, which carries no reason.
pub const FAILURE_FUNCTION: &str = "wasmPartFailure";

/// Rewrites the loader at `path` in place, knowing the first-load `bundles` and the modules of
/// the split points asked for with every other (`companion_modules`).
pub fn rewrite(path: &Path, bundles: &[Bundle], companion_modules: &[String]) -> Result<()> {
    let loader = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    fs::write(path, rewritten(&loader, bundles, companion_modules)?)
        .with_context(|| format!("writing {}", path.display()))
}

fn rewritten(loader: &str, bundles: &[Bundle], companion_modules: &[String]) -> Result<String> {
    let fetches = loader.matches(PART_FETCH).count();
    let instantiations = loader.matches(INSTANTIATION).count();
    if fetches == 0 || fetches != instantiations {
        bail!(
            "the chunk loader has {fetches} `{PART_FETCH}` and {instantiations} \
             `{INSTANTIATION}`: has wasm_split's output changed?"
        );
    }
    let modules: Vec<&str> = bundles.iter().map(|b| b.module.as_str()).collect();
    let rewritten = loader
        .replace(PART_FETCH, PART_FETCH_REWRITTEN)
        .replace(INSTANTIATION, INSTANTIATION_REWRITTEN);
    Ok(format!(
        "{rewritten}\nconst FIRST_LOAD_MODULES = {};\nconst COMPANION_MODULES = {};\n{SNIPPET}",
        serde_json::json!(modules),
        serde_json::json!(companion_modules),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOADER: &str = r#"const __chunk_4 = makeLoad(() => {
    const src = fetch(new URL("./chunk_4.wasm", import.meta.url));
    src.catch(() => {});
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}, []);
export const __wasm_split_load_records = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL("./split_records.wasm", import.meta.url));
    src.catch(() => {});
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}, [__chunk_4]));
"#;

    #[test]
    fn every_fetch_and_instantiation_of_a_part_goes_through_the_snippet() {
        let bundles = [Bundle {
            file: "split_records.first.wasm".to_owned(),
            module: "split_records.wasm".to_owned(),
            parts: vec!["chunk_4.wasm".to_owned(), "split_records.wasm".to_owned()],
        }];
        let companions = ["split_layout.wasm".to_owned()];
        let out = rewritten(LOADER, &bundles, &companions).unwrap();
        assert!(!out.contains(" fetch(new URL"), "{out}");
        assert!(!out.contains("(WebAssembly.instantiateStreaming"), "{out}");
        assert_eq!(out.matches("fetchPart(new URL(\"./").count(), 2);
        assert_eq!(out.matches("(instantiatePart(src, imports))").count(), 2);
        assert!(out.contains(r#"const FIRST_LOAD_MODULES = ["split_records.wasm"];"#));
        assert!(out.contains(r#"const COMPANION_MODULES = ["split_layout.wasm"];"#));
        assert!(out.contains("function fetchPart(url)"));
        assert!(out.contains(&format!("globalThis.{FAILURE_FUNCTION} = ")));
        assert!(rewritten("export const x = 1;", &[], &[]).is_err());
        let unmatched = LOADER.replacen("WebAssembly.instantiateStreaming(", "other(", 1);
        assert!(rewritten(&unmatched, &[], &[]).is_err());
    }
}
