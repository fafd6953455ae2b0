//! What the portal's wasm tests share.

include!(concat!(env!("OUT_DIR"), "/built_texts.rs"));

/// Every language's texts as the build compiled them (a test cannot fetch the bundle's), with
/// English in use: what the app does at start, for tests that read texts.
pub fn install_texts() {
    for (tag, json) in BUILT_TEXTS {
        let language = portal::i18n::by_tag(tag).expect("a language of the build");
        portal::i18n::install(language, json).expect("the build's file reads");
    }
    portal::i18n::set_language(&portal::i18n::LANGUAGES[0]);
}
