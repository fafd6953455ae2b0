//! Step 3's short names for the functions the main part imports from its wasm-bindgen JS glue.
//!
//! wasm-bindgen names each import after the JS it calls plus a 16-digit hash
//! (`__wbg_addEventListener_a5963e26cd7b176b`), and every name is written twice: in the wasm's
//! import section and as a key in the glue. About 300 such names are some 7 KB of the first
//! load once compressed, hashes being incompressible. Renaming them `a`, `b`, … in both files
//! is a minifier's job that wasm-opt does only for `env` imports, so it is done here.

use anyhow::{Context, Result, bail};
use std::fs;
use std::path::Path;
use wasm_encoder::reencode::{Reencode, RoundtripReencoder};
use wasmparser::{Parser, Payload};

use crate::glue::Names;

/// Renames the main part's glue imports in `dir`, in its wasm and in its glue.
pub fn shorten_in_place(dir: &Path, names: &Names) -> Result<()> {
    let wasm_path = dir.join(&names.main_wasm);
    let js_path = dir.join(&names.main_js);
    let wasm = fs::read(&wasm_path).with_context(|| format!("reading {}", wasm_path.display()))?;
    let js =
        fs::read_to_string(&js_path).with_context(|| format!("reading {}", js_path.display()))?;
    let (wasm, js) = shorten_import_names(&wasm, &js, &names.glue_module)?;
    fs::write(&wasm_path, wasm).with_context(|| format!("writing {}", wasm_path.display()))?;
    fs::write(&js_path, js).with_context(|| format!("writing {}", js_path.display()))
}

/// Renames every import of `wasm` from `module` to a short name, in the wasm and in its glue
/// `js`, where each name must occur exactly once (as the key of its function).
fn shorten_import_names(wasm: &[u8], js: &str, module: &str) -> Result<(Vec<u8>, String)> {
    let mut out = wasm_encoder::Module::new();
    let mut renames: Vec<(String, String)> = Vec::new();
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload.context("reading the wasm")?;
        if let Payload::ImportSection(reader) = &payload {
            let mut imports = wasm_encoder::ImportSection::new();
            for import in reader.clone().into_imports() {
                let import = import.context("reading an import")?;
                let ty = RoundtripReencoder
                    .entity_type(import.ty)
                    .context("re-encoding an import's type")?;
                let name = if import.module == module {
                    let short = short_name(renames.len());
                    renames.push((import.name.to_owned(), short.clone()));
                    short
                } else {
                    import.name.to_owned()
                };
                imports.import(import.module, &name, ty);
            }
            out.section(&imports);
        } else if let Some((id, range)) = payload.as_section() {
            let range = usize::try_from(range.start)?..usize::try_from(range.end)?;
            out.section(&wasm_encoder::RawSection {
                id,
                data: &wasm[range],
            });
        }
    }
    let mut glue = js.to_owned();
    for (long, short) in &renames {
        let places = occurrences(&glue, long);
        if places.len() != 1 {
            bail!(
                "the JS glue names the import {long} {} times, not once: has wasm-bindgen's output changed?",
                places.len()
            );
        }
        glue.replace_range(places[0]..places[0] + long.len(), short);
    }
    Ok((out.finish(), glue))
}

/// Where `name` occurs in `text` as a whole identifier.
fn occurrences(text: &str, name: &str) -> Vec<usize> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    text.match_indices(name)
        .map(|(at, _)| at)
        .filter(|&at| {
            let before = text[..at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
        })
        .collect()
}

/// `a`…`z`, `A`…`Z`, then `ba`, `bb`, …: letters only, which any object key may be.
fn short_name(mut index: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut name = Vec::new();
    loop {
        name.push(LETTERS[index % LETTERS.len()]);
        index /= LETTERS.len();
        if index == 0 {
            break;
        }
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_encoder::{EntityType, FunctionSection, ImportSection, Module, TypeSection, ValType};

    fn module_importing(imports: &[(&str, &str)]) -> Vec<u8> {
        let mut module = Module::new();
        let mut types = TypeSection::new();
        types.ty().function([ValType::I32], []);
        module.section(&types);
        let mut section = ImportSection::new();
        for (from, name) in imports {
            section.import(from, name, EntityType::Function(0));
        }
        module.section(&section);
        let mut functions = FunctionSection::new();
        functions.function(0);
        module.section(&functions);
        let mut code = wasm_encoder::CodeSection::new();
        let mut body = wasm_encoder::Function::new([]);
        body.instructions().end();
        code.function(&body);
        module.section(&code);
        module.finish()
    }

    fn imports_of(wasm: &[u8]) -> Vec<(String, String)> {
        let mut found = Vec::new();
        for payload in Parser::new(0).parse_all(wasm) {
            if let Ok(Payload::ImportSection(reader)) = payload {
                for import in reader.into_imports() {
                    let import = import.unwrap();
                    found.push((import.module.to_owned(), import.name.to_owned()));
                }
            }
        }
        found
    }

    #[test]
    fn renames_the_glue_imports_in_both_files() {
        let wasm = module_importing(&[
            ("./portal_bg.js", "__wbg_log_0123456789abcdef"),
            ("./split.js", "__wasm_split_load_lists"),
            ("./portal_bg.js", "__wbindgen_throw_fedcba9876543210"),
        ]);
        let js = "const import0 = {\n  __wbg_log_0123456789abcdef: function(a) { console.log(a); },\n  __wbindgen_throw_fedcba9876543210: function(a) { throw a; },\n};\nexport { __wasm_split_load_lists };";
        let (wasm, js) = shorten_import_names(&wasm, js, &Names::of("portal").glue_module).unwrap();
        assert_eq!(
            imports_of(&wasm),
            [
                ("./portal_bg.js".to_owned(), "a".to_owned()),
                (
                    "./split.js".to_owned(),
                    "__wasm_split_load_lists".to_owned()
                ),
                ("./portal_bg.js".to_owned(), "b".to_owned()),
            ]
        );
        assert!(
            js.contains("\n  a: function(a) { console.log(a); }"),
            "{js}"
        );
        assert!(js.contains("\n  b: function(a) { throw a; }"), "{js}");
        assert!(js.contains("__wasm_split_load_lists"), "{js}");
        wasmparser::validate(&wasm).unwrap();
    }

    #[test]
    fn refuses_a_glue_that_does_not_name_an_import_once() {
        let wasm = module_importing(&[("./portal_bg.js", "__wbg_log_0123456789abcdef")]);
        let twice = "__wbg_log_0123456789abcdef: f, x: __wbg_log_0123456789abcdef";
        assert!(shorten_import_names(&wasm, twice, "./portal_bg.js").is_err());
        assert!(shorten_import_names(&wasm, "nothing", "./portal_bg.js").is_err());
    }

    #[test]
    fn short_names_are_distinct_identifiers() {
        let names: Vec<String> = (0..3000).map(short_name).collect();
        let distinct: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), names.len());
        assert_eq!(&names[..3], ["a", "b", "c"]);
        assert_eq!(names[52], "ba");
        assert!(
            names
                .iter()
                .all(|n| n.chars().all(|c| c.is_ascii_alphabetic()))
        );
    }
}
