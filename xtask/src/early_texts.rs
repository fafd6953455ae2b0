//! The texts of index.html's sign-in form, which shows before the portal's code comes: the
//! build writes them in the language it preloads, in place of each `{{text-id}}` (an id of the
//! reference `.ftl`), and that language's tag in place of `{{lang}}`. The loader shows the form
//! only to a visitor who gets that language.

use anyhow::{Context, Result, bail};
use std::path::Path;

/// The positional texts of a compiled language file, by reference id.
pub struct PlainTexts {
    tag: String,
    ids: Vec<String>,
    by_position: Vec<serde_json::Value>,
}

impl PlainTexts {
    /// `language`'s compiled texts (`{"m": [...]}`), positioned as `<reference>.ftl` declares
    /// them.
    pub fn read(root: &Path, tag: &str, compiled_json: &str) -> Result<PlainTexts> {
        let reference_path = root
            .join(texts::DIR)
            .join(format!("{}.ftl", texts::REFERENCE));
        let source = std::fs::read_to_string(&reference_path)
            .with_context(|| format!("reading {}", reference_path.display()))?;
        let reference = texts::read_reference(&reference_path.display().to_string(), &source)
            .map_err(|problems| anyhow::anyhow!("{}", problems.join("\n")))?;
        let compiled: serde_json::Value =
            serde_json::from_str(compiled_json).context("reading a compiled language file")?;
        let by_position = compiled["m"]
            .as_array()
            .context("a compiled language file without its texts (`m`)")?
            .clone();
        Ok(PlainTexts {
            tag: tag.to_owned(),
            ids: reference.texts.into_iter().map(|t| t.id).collect(),
            by_position,
        })
    }

    /// The text `id`, which must be plain (no argument, no selection).
    fn text(&self, id: &str) -> Result<&str> {
        let position = self
            .ids
            .iter()
            .position(|known| known == id)
            .with_context(|| format!("index.html names {{{{{id}}}}}, which no text has"))?;
        match self.by_position.get(position) {
            Some(serde_json::Value::String(text)) => Ok(text),
            _ => bail!("index.html names {{{{{id}}}}}, which is not a plain text"),
        }
    }
}

/// `html` with every `{{id}}` replaced by its text, escaped for HTML.
pub fn fill(html: &str, texts: &PlainTexts) -> Result<String> {
    let mut filled = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("{{") {
        let end = rest[start..]
            .find("}}")
            .map(|end| start + end)
            .context("index.html has a `{{` without its `}}`")?;
        let id = &rest[start + 2..end];
        filled.push_str(&rest[..start]);
        let text = if id == "lang" {
            texts.tag.as_str()
        } else {
            texts.text(id)?
        };
        // The release build's minifier drops the quotes of a value without spaces, as
        // `{{id}}` is: a text with spaces needs them back.
        if filled.ends_with('=') {
            filled.push('"');
            filled.push_str(&html_escape::encode_quoted_attribute(text));
            filled.push('"');
        } else {
            filled.push_str(&html_escape::encode_quoted_attribute(text));
        }
        rest = &rest[end + 2..];
    }
    filled.push_str(rest);
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts() -> PlainTexts {
        PlainTexts {
            tag: "uk".to_owned(),
            ids: vec!["sign-in".into(), "greeting".into(), "odd".into()],
            by_position: vec![
                serde_json::json!("Увійти"),
                serde_json::json!(["Hello, ", 0]),
                serde_json::json!("<b>\"&'"),
            ],
        }
    }

    #[test]
    fn fills_each_text_and_the_language() {
        let html = r#"<main lang="{{lang}}"><h2>{{sign-in}}</h2><button data-busy={{sign-in}}>"#;
        assert_eq!(
            fill(html, &texts()).unwrap(),
            r#"<main lang="uk"><h2>Увійти</h2><button data-busy="Увійти">"#
        );
    }

    #[test]
    fn a_value_the_minifier_left_unquoted_gets_quotes() {
        let texts = PlainTexts {
            tag: "en".to_owned(),
            ids: vec!["signing-in".into()],
            by_position: vec![serde_json::json!("Signing in…")],
        };
        assert_eq!(
            fill("<button data-busy={{signing-in}}>", &texts).unwrap(),
            "<button data-busy=\"Signing in…\">"
        );
    }

    #[test]
    fn a_text_cannot_break_out_of_its_element_or_attribute() {
        assert_eq!(
            fill("<p title=\"{{odd}}\">{{odd}}</p>", &texts()).unwrap(),
            "<p title=\"&lt;b&gt;&quot;&amp;&#x27;\">&lt;b&gt;&quot;&amp;&#x27;</p>"
        );
    }

    #[test]
    fn an_unknown_or_composed_text_stops_the_build() {
        let unknown = fill("{{nope}}", &texts()).unwrap_err().to_string();
        assert!(unknown.contains("{{nope}}"), "{unknown}");
        let composed = fill("{{greeting}}", &texts()).unwrap_err().to_string();
        assert!(composed.contains("not a plain text"), "{composed}");
        assert!(fill("{{sign-in", &texts()).is_err());
    }

    #[test]
    fn the_shipped_index_names_only_plain_texts_of_the_reference() {
        let root = crate::workspace_root();
        let languages =
            texts::read_languages(&root.join(texts::DIR), texts::REFERENCE).expect("languages");
        let index = std::fs::read_to_string(root.join("index.html")).expect("index.html");
        for language in &languages.languages {
            let texts = PlainTexts::read(&root, &language.tag, &language.json).expect("texts");
            let filled = fill(&index, &texts).expect("every text of index.html");
            assert!(!filled.contains("{{"), "{}", language.tag);
        }
    }
}
