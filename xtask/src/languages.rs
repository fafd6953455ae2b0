//! The language files in the bundle, and the texts a first load starts with carried in
//! index.html.

use anyhow::{Context, Result};
use std::fs;
use std::path::Path;

use crate::split::TrunkBuild;

/// The language files, compiled as the portal's build script compiled them (the `texts` crate),
/// under the content-hashed names the portal fetches them by; index.html carries the one of
/// the bundle's `config.json` (English by default), so a visitor who has not chosen a language
/// has its texts with the document (but those of the pages whose texts come with them:
/// `texts::LanguageFile::first_json`). A deployment that serves another config or a visitor who
/// chose another language fetches theirs when the portal starts.
pub fn write_languages(root: &Path, trunk: &TrunkBuild) -> Result<()> {
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
    let source = format!(
        "{}{}/{}",
        trunk.public_url,
        texts::BUNDLE_DIR,
        preloaded.file_name()
    );
    let index = index.replacen("</head>", &carried_texts(&source, &preloaded.first_json), 1);
    fs::write(&index_path, index).with_context(|| format!("writing {}", index_path.display()))
}

/// index.html's copy of the starting language's texts (`source`'s content, less the texts that
/// come with their page), a data block the
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

#[cfg(test)]
mod tests {
    use super::*;

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
