//! The portal's start, the entry of the module the page loads (`start.js`): it asks for
//! config.json once, shows index.html's sign-in form while the code downloads, then starts the
//! code. What it must know of the portal is not written in it by hand: `facts.js` is written
//! here from the Rust source (the storage keys, the shipped languages, the default title, the
//! early form's texts in every language), and `choice.js`, which decides what the portal
//! decides (the language, the product's name), is held to the Rust rules by this module's
//! tests over a table of cases.

mod early_texts;

use anyhow::Result;
use portal_config::kept::{CREDENTIALS, Kept, PREFS_VERSION};
use serde_json::json;
use std::path::Path;

pub use early_texts::EarlyTexts;

const START: &str = include_str!("start.js");
const CHOICE: &str = include_str!("choice.js");

/// The start's files, its entry first, for the splitter to bundle with the glue. Without the
/// early form (`early_sign_in` false, for an A/B), it carries no texts.
pub fn entry_files(root: &Path, early_sign_in: bool) -> Result<Vec<(&'static str, String)>> {
    let texts = match early_sign_in {
        true => {
            let index = std::fs::read_to_string(root.join("index.html"))?;
            early_texts::read(root, &early_texts::ids_in(&index))?
        }
        false => EarlyTexts::new(),
    };
    Ok(vec![
        ("start.js", START.to_owned()),
        ("choice.js", CHOICE.to_owned()),
        ("facts.js", facts_js(&texts)),
    ])
}

/// The module of what the start knows of the portal, from the Rust source.
fn facts_js(texts: &EarlyTexts) -> String {
    let credential_keys: Vec<&str> = CREDENTIALS.iter().map(|kept| kept.key()).collect();
    let constants = [
        ("CREDENTIAL_KEYS", json!(credential_keys)),
        ("PREFS_KEY", json!(Kept::Prefs.key())),
        ("PREFS_VERSION", json!(PREFS_VERSION)),
        (
            "SHIPPED_LANGUAGES",
            json!(portal_config::languages::SHIPPED),
        ),
        (
            "DEFAULT_TITLE",
            json!(portal_config::PortalConfig::default().title),
        ),
        ("EARLY_TEXTS", json!(texts)),
    ];
    let mut js = String::from(
        "// Written by `cargo xtask split-wasm` from the Rust source (xtask/src/start/mod.rs).\n",
    );
    for (name, value) in constants {
        js.push_str(&format!("export const {name} = {value};\n"));
    }
    js
}

#[cfg(test)]
mod tests;
