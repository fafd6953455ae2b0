//! Reads the language files (`src/i18n/<tag>.ftl`) with the `texts` crate: checks every language
//! against English (a missing or unknown message, an unknown argument or a missing plural form
//! stops the build, naming the file and the message) and writes into `OUT_DIR` the Rust names
//! of the texts and the languages (`texts.rs`, included by `src/i18n/mod.rs`) and each
//! language's compiled JSON (`<tag>.json`, and `built_texts.rs` listing them, for the tests; the
//! bundle's copies are written by `cargo xtask split-wasm` with the same crate, under the same
//! content-hashed names). Each collection of the API's catalog has its texts in the message named
//! by its route (`Texts::resource`, written here too): one without them stops the build.

use api_model::catalog::Collection;
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
    rust.push_str(&resource_texts(&files.families)?);
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

/// `Texts::resource`: each collection's texts, the message named by its route (`accounts`,
/// `numberlists`).
fn resource_texts(families: &[String]) -> Result<String, Vec<String>> {
    let mut arms = String::new();
    let mut problems = Vec::new();
    for collection in Collection::ALL {
        let message = collection.route();
        if families.iter().any(|family| family == message) {
            arms.push_str(&format!(
                "            Collection::{collection:?} => &self.{},\n",
                message.replace('-', "_")
            ));
        } else {
            problems.push(format!(
                "{DIR}/{REFERENCE}.ftl: the collection `{}` has no texts: add the message \
                 `{message} = …` with the attributes of every resource type's (`cargo xtask \
                 new-resource {}` prints them)",
                collection.path(),
                collection.path()
            ));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(format!(
        "impl Texts {{\n    /// The texts of a collection.\n    pub fn resource(&self, collection: Collection) -> &ResourceTexts {{\n        match collection {{\n{arms}        }}\n    }}\n}}\n"
    ))
}
