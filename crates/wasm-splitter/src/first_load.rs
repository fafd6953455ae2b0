//! Step 6: a page's first code in one response. A split point needs its module and the chunks
//! it shares with others, and a page may need several split points at once (a layout around
//! every page, the page's family): fetched one by one, a first page makes a request per part,
//! each compressed alone. Written together, as the custom sections of one wasm file
//! (`<split point>.first.wasm`), they are one request, and brotli finds what the parts have in
//! common (17–27 KB less per family of the portal's pages, measured on 561da5d's build). A wasm
//! file, not an archive of another type, so every host serves it as `application/wasm`, caches
//! it as the other parts and a CDN compresses it.
//!
//! One bundle per split point, `<its module>.first.wasm`: its parts and those of its companions
//! (split points asked for with every other one), so the page's first ask, the layout's and the
//! family's parts in the same task, is one bundle. The loader (`loader.js`) knows which modules
//! have a bundle and which are companions, and takes the bundle of the page's module (a module
//! asked for that is no companion's); later pages fetch only the parts they lack, one by one
//! (or from that bundle, if it holds them).

use anyhow::{Context, Result, bail};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use wasmparser::{Parser, Payload};

/// A first-load bundle: its file, the module it is the bundle of, and the part files it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bundle {
    pub file: String,
    pub module: String,
    pub parts: Vec<String>,
}

/// The file of split point `split`'s own module (wasm_split's naming, which the loader's choice
/// of a bundle relies on), if it has one among `parts` (none when all its code is shared).
pub fn module_of(split: &str, parts: &[String]) -> Option<String> {
    let module = format!("split_{split}.wasm");
    parts.contains(&module).then_some(module)
}

/// The bundles of `families` (split point → its part files): one per split point with a module
/// of its own, `<module>.first.wasm`, holding its parts and those of `companions` (each a split
/// point); none where that is a single part, which is as well fetched alone.
pub fn plan(families: &BTreeMap<String, Vec<String>>, companions: &[&str]) -> Result<Vec<Bundle>> {
    let mut with_every_page = Vec::new();
    for companion in companions {
        let Some(parts) = families.get(*companion) else {
            bail!(
                "the companion split point `{companion}` is not one of the wasm's ({})",
                families.keys().cloned().collect::<Vec<_>>().join(", ")
            );
        };
        with_every_page.extend(parts.iter().cloned());
    }
    let mut bundles = Vec::new();
    for (split, own) in families {
        let Some(module) = module_of(split, own) else {
            continue;
        };
        let with = match companions.contains(&split.as_str()) {
            true => &[][..],
            false => &with_every_page[..],
        };
        let mut parts: Vec<String> = Vec::new();
        for part in with.iter().chain(own) {
            if !parts.contains(part) {
                parts.push(part.clone());
            }
        }
        if parts.len() > 1 {
            let file = format!("{}.first.wasm", module.trim_end_matches(".wasm"));
            bundles.push(Bundle {
                file,
                module,
                parts,
            });
        }
    }
    Ok(bundles)
}

/// Writes each bundle in `dir`, from the parts there.
pub fn write(dir: &Path, bundles: &[Bundle]) -> Result<()> {
    for bundle in bundles {
        let parts = bundle
            .parts
            .iter()
            .map(|name| {
                let path = dir.join(name);
                fs::read(&path)
                    .map(|bytes| (name.clone(), bytes))
                    .with_context(|| format!("reading {}", path.display()))
            })
            .collect::<Result<Vec<_>>>()?;
        let mut parts = parts;
        // The largest first: brotli then has the most code to find the smaller parts' matches
        // in (the statistics bundle 0.8 KB smaller than in the loader's order). The loader
        // takes the parts by name, in any order.
        parts.sort_by_key(|(_, bytes)| std::cmp::Reverse(bytes.len()));
        let path = dir.join(&bundle.file);
        fs::write(&path, encode(&parts)).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// A wasm module holding nothing but `parts` (name, bytes), each as a custom section.
fn encode(parts: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut module = wasm_encoder::Module::new();
    for (name, bytes) in parts {
        module.section(&wasm_encoder::CustomSection {
            name: Cow::Borrowed(name),
            data: Cow::Borrowed(bytes),
        });
    }
    module.finish()
}

/// The parts (name, bytes) a bundle holds, in its order.
pub fn read_bundle(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>> {
    let mut parts = Vec::new();
    for payload in Parser::new(0).parse_all(bytes) {
        if let Payload::CustomSection(section) = payload.context("reading a bundle")? {
            parts.push((section.name().to_owned(), section.data().to_vec()));
        }
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn families(entries: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
        entries
            .iter()
            .map(|(split, parts)| {
                let parts = parts.iter().map(|p| p.to_string()).collect();
                (split.to_string(), parts)
            })
            .collect()
    }

    fn bundle(module: &str, parts: &[&str]) -> Bundle {
        let parts = parts.iter().map(|p| p.to_string()).collect();
        Bundle {
            file: module.replace(".wasm", ".first.wasm"),
            module: module.to_owned(),
            parts,
        }
    }

    #[test]
    fn each_family_bundle_carries_the_companions_parts_once() {
        let families = families(&[
            ("layout", &["chunk_1.wasm", "split_layout.wasm"]),
            (
                "lists",
                &["chunk_1.wasm", "chunk_2.wasm", "split_lists.wasm"],
            ),
            ("shared_only", &["chunk_2.wasm"]),
            ("tiny", &["split_tiny.wasm"]),
        ]);
        assert_eq!(
            plan(&families, &["layout"]).unwrap(),
            [
                bundle("split_layout.wasm", &["chunk_1.wasm", "split_layout.wasm"]),
                bundle(
                    "split_lists.wasm",
                    &[
                        "chunk_1.wasm",
                        "split_layout.wasm",
                        "chunk_2.wasm",
                        "split_lists.wasm"
                    ]
                ),
                bundle(
                    "split_tiny.wasm",
                    &["chunk_1.wasm", "split_layout.wasm", "split_tiny.wasm"]
                ),
            ]
        );
        // Without companions a single part makes no bundle; nor does a split point without a
        // module of its own, as the loader finds a bundle by its module.
        let alone = plan(&families, &[]).unwrap();
        let files: Vec<&str> = alone.iter().map(|b| b.file.as_str()).collect();
        assert_eq!(files, ["split_layout.first.wasm", "split_lists.first.wasm"]);
        let error = plan(&families, &["shell"]).unwrap_err().to_string();
        assert!(
            error.contains("`shell`") && error.contains("layout, lists, shared_only, tiny"),
            "{error}"
        );
    }

    #[test]
    fn a_bundle_is_a_wasm_module_that_reads_back_as_its_parts() {
        let parts = vec![
            ("chunk_4.wasm".to_owned(), b"\0asm chunk".to_vec()),
            ("split_records.wasm".to_owned(), vec![0, 1, 2, 255]),
        ];
        let bytes = encode(&parts);
        wasmparser::Validator::new()
            .validate_all(&bytes)
            .expect("a valid module");
        assert_eq!(read_bundle(&bytes).unwrap(), parts);
    }

    #[test]
    fn writes_each_bundle_from_the_parts_in_the_directory() {
        let dir = std::env::temp_dir().join(format!("first-load-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("chunk_1.wasm"), b"one").unwrap();
        fs::write(dir.join("split_a.wasm"), b"two").unwrap();
        let bundles = [bundle("split_a.wasm", &["chunk_1.wasm", "split_a.wasm"])];
        write(&dir, &bundles).unwrap();
        let written = fs::read(dir.join("split_a.first.wasm")).unwrap();
        assert_eq!(
            read_bundle(&written).unwrap(),
            [
                ("chunk_1.wasm".to_owned(), b"one".to_vec()),
                ("split_a.wasm".to_owned(), b"two".to_vec())
            ]
        );
        // The largest part first.
        fs::write(dir.join("split_a.wasm"), b"three").unwrap();
        write(&dir, &bundles).unwrap();
        let written = fs::read(dir.join("split_a.first.wasm")).unwrap();
        let names: Vec<String> = read_bundle(&written)
            .unwrap()
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        assert_eq!(names, ["split_a.wasm", "chunk_1.wasm"]);
        let missing = [bundle("split_b.wasm", &["chunk_1.wasm", "split_b.wasm"])];
        assert!(write(&dir, &missing).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
