//! `choice.js` against the Rust rules it follows, in Node over a table of cases: a change on
//! either side alone fails here.

use super::*;
use portal_config::languages::{SHIPPED, chosen_language, primary_subtag};
use serde_json::Value;
use std::process::Command;

/// Runs `script` (a module body that may `import` from `./choice.js` and `./facts.js`) in Node
/// with `input` as `INPUT`, and reads what it prints as JSON.
fn run_js(script: &str, input: &Value) -> Value {
    let dir = std::env::temp_dir().join(format!("xtask-start-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let name = format!("run-{run}.mjs");
    std::fs::write(dir.join("choice.js"), CHOICE).unwrap();
    std::fs::write(dir.join("facts.js"), facts_js(&EarlyTexts::new())).unwrap();
    std::fs::write(dir.join(&name), format!("const INPUT = {input};\n{script}")).unwrap();
    let output = Command::new("node")
        .arg(dir.join(&name))
        .output()
        .expect("running node");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the script prints JSON")
}

/// Valid config.json documents, each read differently by the rules.
const CONFIGS: &[&str] = &[
    r#"{"apiBaseUrl": ""}"#,
    r#"{"apiBaseUrl": "", "title": "Customer Portal", "locale": "en"}"#,
    r#"{"locale": "uk-UA"}"#,
    r#"{"defaultLanguage": " ES "}"#,
    r#"{"defaultLanguage": "", "locale": "uk"}"#,
    r#"{"defaultLanguage": null, "locale": "uk"}"#,
    r#"{"languages": ["uk", "en"]}"#,
    r#"{"languages": [" EN ", "uk"], "locale": "uk"}"#,
    r#"{"languages": ["es"], "defaultLanguage": "es"}"#,
    r#"{"languages": []}"#,
    r#"{"title": "Acme"}"#,
    r#"{"title": "  "}"#,
    r#"{"title": " Acme "}"#,
    r#"{"branding": {"productName": " Acme Voice "}}"#,
    r#"{"branding": {"productName": {"en": "Acme", "UK": "Акме"}}, "languages": ["uk", "en"]}"#,
    r#"{"branding": {"productName": {"uk": "Акме"}}, "title": "T"}"#,
    r#"{"branding": null, "title": "T", "defaultLanguage": "uk"}"#,
];
/// What a visitor may have stored, and the languages their browser asks for.
const STORED: &[Option<&str>] = &[None, Some("uk"), Some("es-ES"), Some("de")];
const BROWSERS: &[&[&str]] = &[&[], &["uk-UA", "en"], &["de", "ES"], &["EN-gb", "uk"]];

/// The shipped language of a tag, as the portal finds it (`i18n::by_tag`, whose languages a
/// test of the portal holds to `SHIPPED`).
fn by_tag(tag: &str) -> Option<&'static str> {
    let primary = primary_subtag(tag);
    SHIPPED.iter().copied().find(|shipped| *shipped == primary)
}

/// Each case's language and product name by the Rust rules, as `app.rs` applies them.
fn by_rust(config: &str, stored: Option<&str>, browser: &[&str]) -> Value {
    let config = portal_config::parse_config(config).expect("a valid config.json");
    let offered: Vec<&str> = config
        .languages
        .iter()
        .filter_map(|tag| by_tag(tag))
        .collect();
    let from_browser = browser
        .iter()
        .filter_map(|tag| by_tag(tag))
        .find(|language| offered.contains(language));
    let language = chosen_language(
        stored.and_then(by_tag),
        &offered,
        config.locale.as_deref().and_then(by_tag),
        from_browser,
    );
    let name = language.map(|language| config.product_name(language));
    json!([language, name])
}

const BY_JS: &str = r#"
import { chosenLanguage, deploymentLanguages, productName } from "./choice.js";
import { DEFAULT_TITLE, SHIPPED_LANGUAGES } from "./facts.js";
const results = INPUT.map(([config, stored, browser]) => {
  const document = JSON.parse(config);
  const { offered, deployment } = deploymentLanguages(document, SHIPPED_LANGUAGES);
  const language = chosenLanguage(stored, offered, deployment, browser);
  return [language, language === null ? null : productName(document, language, DEFAULT_TITLE)];
});
console.log(JSON.stringify(results));
"#;

#[test]
fn the_start_chooses_the_language_and_names_the_product_as_the_portal_does() {
    let mut cases = Vec::new();
    for config in CONFIGS {
        for stored in STORED {
            for browser in BROWSERS {
                cases.push((config, stored, browser));
            }
        }
    }
    let input = json!(cases);
    let by_js = run_js(BY_JS, &input);
    let by_js = by_js.as_array().expect("a result per case");
    assert_eq!(by_js.len(), cases.len());
    for ((config, stored, browser), js) in cases.iter().zip(by_js) {
        let rust = by_rust(config, **stored, browser);
        assert_eq!(
            js, &rust,
            "config {config}, stored {stored:?}, browser {browser:?}: JS (left) and Rust (right)"
        );
    }
    // The table reaches every rule: each offered language and each kind of name is chosen.
    let chosen: std::collections::BTreeSet<&str> =
        by_js.iter().filter_map(|case| case[0].as_str()).collect();
    assert_eq!(chosen.into_iter().collect::<Vec<_>>(), SHIPPED);
}

#[test]
fn the_start_reads_the_stored_language_only_from_a_store_of_this_version() {
    let store = |version: u32| format!(r#"{{"version":{version},"language":"uk","zone":null}}"#);
    let cases = json!([
        store(PREFS_VERSION),
        store(PREFS_VERSION + 1),
        r#"{"version":1}"#,
        r#"{"version":1,"language":7}"#,
        "not json",
        null,
    ]);
    let script = r#"
import { storedLanguage } from "./choice.js";
import { PREFS_VERSION } from "./facts.js";
console.log(JSON.stringify(INPUT.map((text) => storedLanguage(text, PREFS_VERSION))));
"#;
    assert_eq!(
        run_js(script, &cases),
        json!(["uk", null, null, null, null, null])
    );
}

#[test]
fn the_facts_are_the_rust_sources() {
    let facts = facts_js(&EarlyTexts::new());
    assert!(
        facts.contains(
            r#"export const CREDENTIAL_KEYS = ["portal.token","portal.cookie-session"];"#
        ),
        "{facts}"
    );
    assert!(
        facts.contains(r#"export const PREFS_KEY = "portal.prefs";"#),
        "{facts}"
    );
    assert!(
        facts.contains(r#"export const SHIPPED_LANGUAGES = ["en","es","uk"];"#),
        "{facts}"
    );
    assert!(
        facts.contains(r#"export const DEFAULT_TITLE = "Customer Portal";"#),
        "{facts}"
    );
    let root = crate::workspace_root();
    let files = entry_files(&root, true).expect("the start's files");
    let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, ["start.js", "choice.js", "facts.js"]);
    assert!(files[2].1.contains(r#""uk":{"#), "{}", files[2].1);
    // Every name the start imports from the facts is written there.
    let imported = START
        .split("} from \"./facts.js\"")
        .next()
        .and_then(|head| head.rsplit("import {").next())
        .expect("the start imports the facts");
    for name in imported.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        assert!(facts.contains(&format!("export const {name} = ")), "{name}");
    }
}
