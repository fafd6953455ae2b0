//! A page's first code in one response. A family of pages needs its split module and the
//! chunks it shares with other families (three on this portal): fetched one by one, the first
//! signed-in page makes four requests for its code, and each part is compressed alone. Written
//! together, as the custom sections of one wasm file beside the module (`<module>.first.wasm`),
//! they are one request, and brotli finds what the parts have in common: 17–19 KB less per
//! family (measured on 1d0858b's build). A wasm file, not an archive of another type, so every
//! host serves it as `application/wasm`, caches it as the other parts and a CDN compresses it.
//!
//! The loader (`first_load.js`, appended to wasm_split's) takes the parts from that file the
//! first time code is asked for, when none is here yet; later pages fetch only the parts they
//! lack, one by one, as before.

use anyhow::{Context, Result, bail};
use std::borrow::Cow;
use std::collections::HashMap;
use std::fs;
use std::path::Path;

/// wasm_split's loader fetches each part with this expression.
const PART_FETCH: &str = "fetch(new URL(";
const PART_FETCH_THROUGH_BUNDLES: &str = "fetchPart(new URL(";
const SNIPPET: &str = include_str!("first_load.js");
/// The prefix of a family's module among the parts (wasm_split's naming, which `SNIPPET`
/// relies on to find the module among the parts asked for).
const MODULE_PREFIX: &str = "split_";

/// The loader `split_js` (wasm_split's) with its fetches going through `SNIPPET`'s `fetchPart`.
pub fn fetch_through_bundles(split_js: &str) -> Result<String> {
    let fetches = split_js.matches(PART_FETCH).count();
    if fetches == 0 {
        bail!("the chunk loader has no `{PART_FETCH}`: has wasm_split's output changed?");
    }
    let rewritten = split_js.replace(PART_FETCH, PART_FETCH_THROUGH_BUNDLES);
    Ok(format!("{rewritten}\n{SNIPPET}"))
}

/// The name of the bundle of `module` (a file stem).
fn bundle_name(module: &str) -> String {
    format!("{module}.first.wasm")
}

/// Writes, in `parts_dir`, every family's bundle: the wasm files `family_parts` lists (split name
/// → file stems, its module last, as wasm_split's `prefetch_map` has them), each as a custom
/// section named after its file. Answers how many were written.
pub fn write_bundles(
    parts_dir: &Path,
    family_parts: &HashMap<String, Vec<String>>,
) -> Result<usize> {
    for stems in family_parts.values() {
        let Some(module) = stems.last().filter(|s| s.starts_with(MODULE_PREFIX)) else {
            bail!("a family's parts do not end with its module ({MODULE_PREFIX}…): {stems:?}");
        };
        let parts = stems
            .iter()
            .map(|stem| {
                let name = format!("{stem}.wasm");
                let path = parts_dir.join(&name);
                fs::read(&path)
                    .map(|bytes| (name, bytes))
                    .with_context(|| format!("reading {}", path.display()))
            })
            .collect::<Result<Vec<_>>>()?;
        let path = parts_dir.join(bundle_name(module));
        fs::write(&path, bundle(&parts)).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(family_parts.len())
}

/// A wasm module holding nothing but `parts` (name, bytes), each as a custom section.
fn bundle(parts: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut module = wasm_encoder::Module::new();
    for (name, bytes) in parts {
        module.section(&wasm_encoder::CustomSection {
            name: Cow::Borrowed(name),
            data: Cow::Borrowed(bytes),
        });
    }
    module.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasmparser::{Parser, Payload};

    #[test]
    fn a_bundle_is_a_wasm_module_whose_custom_sections_are_the_parts() {
        let parts = vec![
            ("chunk_4.wasm".to_owned(), b"\0asm chunk".to_vec()),
            ("split_records.wasm".to_owned(), vec![0, 1, 2, 255]),
        ];
        let bytes = bundle(&parts);
        wasmparser::Validator::new()
            .validate_all(&bytes)
            .expect("a valid module");
        let read: Vec<(String, Vec<u8>)> = Parser::new(0)
            .parse_all(&bytes)
            .filter_map(|payload| match payload.unwrap() {
                Payload::CustomSection(section) => {
                    Some((section.name().to_owned(), section.data().to_vec()))
                }
                _ => None,
            })
            .collect();
        assert_eq!(read, parts);
    }

    #[test]
    fn every_part_fetch_of_the_loader_goes_through_the_bundles() {
        let loader = r#"const __chunk_4 = makeLoad(() => {
    const src = fetch(new URL("./chunk_4.wasm", import.meta.url));
}, []);
export const __wasm_split_load_records = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL("./split_records.wasm", import.meta.url));
}, [__chunk_4]));
"#;
        let rewritten = fetch_through_bundles(loader).unwrap();
        assert!(!rewritten.contains(" fetch(new URL"), "{rewritten}");
        assert_eq!(rewritten.matches("fetchPart(new URL(\"./").count(), 2);
        assert!(rewritten.contains("function fetchPart(url)"));
        assert!(fetch_through_bundles("export const x = 1;").is_err());
    }

    #[test]
    fn a_family_whose_parts_do_not_end_with_its_module_is_refused() {
        let dir = std::env::temp_dir().join(format!("first-load-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("chunk_1.wasm"), b"one").unwrap();
        fs::write(dir.join("split_a.wasm"), b"two").unwrap();
        let family = |stems: &[&str]| {
            HashMap::from([(
                "a".to_owned(),
                stems.iter().map(|s| s.to_string()).collect(),
            )])
        };
        assert!(write_bundles(&dir, &family(&["split_a", "chunk_1"])).is_err());
        assert_eq!(
            write_bundles(&dir, &family(&["chunk_1", "split_a"])).unwrap(),
            1
        );
        let written = fs::read(dir.join("split_a.first.wasm")).unwrap();
        assert_eq!(
            written,
            bundle(&[
                ("chunk_1.wasm".to_owned(), b"one".to_vec()),
                ("split_a.wasm".to_owned(), b"two".to_vec())
            ])
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
