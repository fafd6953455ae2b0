//! Reads the language files (`src/i18n/<tag>.ftl`) with the `texts` crate: checks every language
//! against English (a missing or unknown message, an unknown argument or a missing plural form
//! stops the build, naming the file and the message) and writes into `OUT_DIR` the Rust names
//! of the texts and the languages (`texts.rs`, included by `src/i18n/mod.rs`) and each
//! language's compiled JSON (`<tag>.json`, and `built_texts.rs` listing them, for the tests; the
//! bundle's copies are written by `cargo xtask split-wasm` with the same crate, under the same
//! content-hashed names).

use std::path::{Path, PathBuf};
use texts::{DIR, REFERENCE};

fn main() {
    println!("cargo::rerun-if-changed={DIR}");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    match generate(Path::new(DIR), &out) {
        Ok(()) => {}
        Err(problems) => {
            for problem in problems {
                println!("cargo::error={problem}");
            }
            std::process::exit(1);
        }
    }
}

fn generate(dir: &Path, out: &Path) -> Result<(), Vec<String>> {
    let files = texts::read_languages(dir, REFERENCE)?;
    let mut rust = files.rust;
    rust.push_str(&texts::rust_languages(&files.languages));
    let write = |name: &str, text: &str| {
        std::fs::write(out.join(name), text).map_err(|e| vec![format!("writing {name}: {e}")])
    };
    write("texts.rs", &rust)?;
    let mut built = String::from(
        "/// Each language's compiled file as the bundle has it, by tag: for tests, which cannot fetch.\npub const BUILT_TEXTS: &[(&str, &str)] = &[\n",
    );
    for language in &files.languages {
        let name = format!("{}.json", language.tag);
        write(&name, &language.json)?;
        built.push_str(&format!(
            "    ({:?}, include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}\"))),\n",
            language.tag
        ));
    }
    built.push_str("];\n");
    write("built_texts.rs", &built)
}
