//! The texts of index.html's sign-in form, which shows before the portal's code comes: each
//! element with `data-text="<id>"` (and the button's `data-busy-text`) names a text of the
//! reference `.ftl`, which must be plain (no argument, no selection). The build carries them in
//! every shipped language, for the start to write in the language the portal will choose.

use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::path::Path;

/// The attributes that name a text.
const TEXT_ATTRIBUTES: [&str; 2] = ["data-text", "data-busy-text"];

/// Each language's early texts: tag → (id → text).
pub type EarlyTexts = BTreeMap<String, BTreeMap<String, String>>;

/// The ids `html` names, each once, in order.
pub fn ids_in(html: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for attribute in TEXT_ATTRIBUTES {
        let opening = format!(" {attribute}=\"");
        for (at, _) in html.match_indices(&opening) {
            let value = &html[at + opening.len()..];
            let id = &value[..value.find('"').unwrap_or(value.len())];
            if !ids.iter().any(|known| known == id) {
                ids.push(id.to_owned());
            }
        }
    }
    ids
}

/// The texts `ids` in every language of the workspace's language files.
pub fn read(root: &Path, ids: &[String]) -> Result<EarlyTexts> {
    let languages = texts::read_languages(&root.join(texts::DIR), texts::REFERENCE)
        .map_err(|problems| anyhow::anyhow!("the language files: {}", problems.join("\n")))?;
    let reference_path = root
        .join(texts::DIR)
        .join(format!("{}.ftl", texts::REFERENCE));
    let source = std::fs::read_to_string(&reference_path)
        .with_context(|| format!("reading {}", reference_path.display()))?;
    let reference = texts::read_reference(&reference_path.display().to_string(), &source)
        .map_err(|problems| anyhow::anyhow!("{}", problems.join("\n")))?;
    let reference_ids: Vec<String> = reference.texts.into_iter().map(|t| t.id).collect();
    let mut early = EarlyTexts::new();
    for language in &languages.languages {
        let compiled: serde_json::Value =
            serde_json::from_str(&language.json).context("reading a compiled language file")?;
        let by_position = compiled["m"]
            .as_array()
            .context("a compiled language file without its texts (`m`)")?;
        let texts = ids
            .iter()
            .map(|id| Ok((id.clone(), plain_text(&reference_ids, by_position, id)?)))
            .collect::<Result<_>>()
            .with_context(|| format!("the language {}", language.tag))?;
        early.insert(language.tag.clone(), texts);
    }
    Ok(early)
}

/// The text `id`, which must be plain, among a language's texts `by_position` (positioned as
/// the reference's `reference_ids`).
fn plain_text(
    reference_ids: &[String],
    by_position: &[serde_json::Value],
    id: &str,
) -> Result<String> {
    let position = reference_ids
        .iter()
        .position(|known| known == id)
        .with_context(|| format!("index.html names the text {id}, which no text has"))?;
    match by_position.get(position) {
        Some(serde_json::Value::String(text)) => Ok(text.clone()),
        _ => bail!("index.html names the text {id}, which is not a plain text"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_named_text_once() {
        let html = r#"<h2 data-text="sign-in"></h2><label><span data-text="login-label"></span></label>
            <button data-text="sign-in" data-busy-text="signing-in"></button>"#;
        assert_eq!(ids_in(html), ["sign-in", "login-label", "signing-in"]);
        assert!(ids_in("<p>no texts</p>").is_empty());
    }

    #[test]
    fn an_unknown_or_composed_text_stops_the_build() {
        let ids = ["sign-in".to_owned(), "greeting".to_owned()];
        let texts = [
            serde_json::json!("Увійти"),
            serde_json::json!(["Hello, ", 0]),
        ];
        assert_eq!(plain_text(&ids, &texts, "sign-in").unwrap(), "Увійти");
        let composed = plain_text(&ids, &texts, "greeting").unwrap_err();
        assert!(
            composed.to_string().contains("not a plain text"),
            "{composed}"
        );
        let unknown = plain_text(&ids, &texts, "nope").unwrap_err();
        assert!(unknown.to_string().contains("nope"), "{unknown}");
    }

    #[test]
    fn the_shipped_index_names_plain_texts_of_every_language() {
        let root = crate::workspace_root();
        let index = std::fs::read_to_string(root.join("index.html")).expect("index.html");
        let ids = ids_in(&index);
        assert!(ids.len() >= 5, "{ids:?}");
        let early = read(&root, &ids).expect("every early text in every language");
        let tags: Vec<&str> = early.keys().map(String::as_str).collect();
        assert_eq!(tags, portal_config::languages::SHIPPED);
        for (tag, texts) in &early {
            assert_eq!(texts.len(), ids.len(), "{tag}");
            assert!(texts.values().all(|t| !t.trim().is_empty()), "{tag}");
        }
        assert_eq!(early["uk"]["sign-in"], "Увійти");
    }
}
