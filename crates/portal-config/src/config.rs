//! `config.json`: read once at start-up from beside `index.html`, so one build serves every
//! deployment. Unknown keys are ignored so that later keys never break an older portal.

use crate::branding::{Branding, Support, read_branding, read_support};
use crate::languages::{read_default_language, read_languages, read_time_zone};
use crate::loose::Loose;
use crate::origin::{Origin, OriginError};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PortalConfig {
    /// The deployment's `{base_url}`; empty means the page's own origin.
    pub api_base_url: String,
    pub title: String,
    /// The language a visitor who has not chosen one gets (`defaultLanguage`, or the older
    /// `locale`), one of `languages`; `None` leaves it to the browser's languages.
    pub locale: Option<String>,
    /// The languages offered, in the switcher's order (`languages`; every shipped one when
    /// absent).
    pub languages: Vec<String>,
    /// The IANA zone times are shown in for customers who have not chosen one (`timeZone`);
    /// `None`: the browser's.
    pub time_zone: Option<String>,
    pub auth: AuthMode,
    pub embed: EmbedConfig,
    pub branding: Branding,
    pub support: Support,
}

/// How requests prove who the customer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AuthMode {
    /// A JWT from `POST /auth` (or pasted), sent as `Authorization: Bearer …`.
    #[default]
    Token,
    /// The server's HttpOnly session cookie (`"cookie_auth": true`); the portal never sees a
    /// token, and signing out is `DELETE /auth`.
    Cookie,
}

/// Embedding in another site's page (an iframe).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EmbedConfig {
    /// Parent origins allowed to frame the portal and to talk to it. Empty: no embedding.
    pub allowed_origins: Vec<Origin>,
}

impl EmbedConfig {
    pub fn allows(&self, origin: &str) -> bool {
        self.allowed_origins.iter().any(|o| o.as_str() == origin)
    }
}

impl Default for PortalConfig {
    /// What an empty `config.json` (`{}`) means.
    fn default() -> PortalConfig {
        PortalConfig {
            api_base_url: String::new(),
            title: DEFAULT_TITLE.to_owned(),
            locale: None,
            languages: crate::languages::SHIPPED
                .iter()
                .map(|tag| (*tag).to_owned())
                .collect(),
            time_zone: None,
            auth: AuthMode::Token,
            embed: EmbedConfig::default(),
            branding: Branding::default(),
            support: Support::default(),
        }
    }
}

const DEFAULT_TITLE: &str = "Customer Portal";

impl PortalConfig {
    /// The origin of an API on another host (`apiBaseUrl` as an absolute URL), which the
    /// portal must be allowed to connect to.
    pub fn api_origin(&self) -> Option<Origin> {
        Origin::of_url(&self.api_base_url)
    }

    /// The product's name in `language`: `branding.productName`, else `title`.
    pub fn product_name(&self, language: &str) -> &str {
        match &self.branding.product_name {
            Some(name) => name.for_language(language),
            None => &self.title,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigError {
    Missing { status: u16 },
    Unreachable(String),
    Malformed(String),
    Invalid(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Missing { status } => write!(
                f,
                "config.json was not found next to the portal (HTTP {status}). \
                 Deploy it beside index.html."
            ),
            ConfigError::Unreachable(reason) => {
                write!(f, "config.json could not be loaded: {reason}")
            }
            ConfigError::Malformed(reason) => write!(f, "config.json is not valid JSON: {reason}"),
            ConfigError::Invalid(reason) => write!(f, "config.json has a wrong value: {reason}"),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Reads the text of `config.json`.
pub fn parse_config(text: &str) -> Result<PortalConfig, ConfigError> {
    let document: Loose =
        serde_json::from_str(text).map_err(|e| ConfigError::Malformed(e.to_string()))?;
    read_config(&document)
}

/// Reads `config.json` already parsed (the portal uses the browser's `JSON.parse`); `Err`
/// when the document is not an object, or a key's value is not of its kind or not right.
/// Read by hand, not by a serde derive: each wrong value is named by its key, and the code
/// the portal's first load carries stays small.
pub fn read_config(document: &Loose) -> Result<PortalConfig, ConfigError> {
    if !matches!(document, Loose::Object(_)) {
        return Err(ConfigError::Malformed(
            "it must be one object of settings, {…}".to_owned(),
        ));
    }
    let text = |key: &str| text_at(document, key, key);
    let api_base_url = text("apiBaseUrl")?.unwrap_or_default().trim().to_owned();
    crate::check_api_base_url(&api_base_url).map_err(ConfigError::Invalid)?;
    let auth = match text("auth")?.as_deref().map(str::trim) {
        None | Some("") | Some("token") => AuthMode::Token,
        Some("cookie") => AuthMode::Cookie,
        Some(other) => {
            return Err(ConfigError::Invalid(format!(
                "auth “{other}” must be “token” or “cookie”"
            )));
        }
    };
    let allowed_origins = match document.get("embed") {
        None | Some(Loose::Null) => None,
        Some(embed @ Loose::Object(_)) => {
            texts_at(embed, "allowedOrigins", "embed.allowedOrigins")?
        }
        Some(_) => return Err(ConfigError::Invalid("embed must be an object".to_owned())),
    }
    .unwrap_or_default()
    .iter()
    .map(|text| Origin::parse(text))
    .collect::<Result<Vec<_>, OriginError>>()
    .map_err(|e| ConfigError::Invalid(format!("embed.allowedOrigins: {e}")))?;
    let languages = read_languages(texts_at(document, "languages", "languages")?)
        .map_err(ConfigError::Invalid)?;
    let locale = match text("defaultLanguage")? {
        Some(tag) => read_default_language("defaultLanguage", Some(tag), &languages),
        None => read_default_language("locale", text("locale")?, &languages),
    }
    .map_err(ConfigError::Invalid)?;
    Ok(PortalConfig {
        api_base_url,
        title: text("title")?
            .filter(|t| !t.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_TITLE.to_owned()),
        locale,
        languages,
        time_zone: read_time_zone(text("timeZone")?).map_err(ConfigError::Invalid)?,
        auth,
        embed: EmbedConfig { allowed_origins },
        branding: read_branding(document.get("branding")).map_err(ConfigError::Invalid)?,
        support: read_support(document.get("support")).map_err(ConfigError::Invalid)?,
    })
}

/// The text at `parent.name` (`key` is its full name), if given.
fn text_at(parent: &Loose, name: &str, key: &str) -> Result<Option<String>, ConfigError> {
    match parent.get(name) {
        None | Some(Loose::Null) => Ok(None),
        Some(Loose::Text(text)) => Ok(Some(text.clone())),
        Some(_) => Err(ConfigError::Invalid(format!("{key} must be a text"))),
    }
}

/// The list of texts at `parent.name` (`key` is its full name), if given.
fn texts_at(parent: &Loose, name: &str, key: &str) -> Result<Option<Vec<String>>, ConfigError> {
    let wrong = || ConfigError::Invalid(format!("{key} must be a list of texts"));
    match parent.get(name) {
        None | Some(Loose::Null) => Ok(None),
        Some(Loose::List(items)) => items
            .iter()
            .map(|item| item.as_str().map(str::to_owned).ok_or_else(wrong))
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(wrong()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parsed_document_reads_as_its_text_does() {
        let text = r#"{"apiBaseUrl":"/","title":"Acme","auth":"cookie",
            "embed":{"allowedOrigins":["https://acme.example"]}}"#;
        let parsed: Loose = serde_json::from_str(text).unwrap();
        assert_eq!(read_config(&parsed), parse_config(text));
        assert_eq!(parse_config(text).unwrap().auth, AuthMode::Cookie);
        for not_an_object in [r#"["apiBaseUrl"]"#, r#""apiBaseUrl""#, "null", "7"] {
            assert!(
                matches!(parse_config(not_an_object), Err(ConfigError::Malformed(_))),
                "{not_an_object}"
            );
        }
    }

    #[test]
    fn defaults_for_an_empty_object() {
        let config = parse_config("{}").unwrap();
        assert_eq!(config, PortalConfig::default());
        assert_eq!(config.api_base_url, "");
        assert_eq!(config.title, "Customer Portal");
        assert_eq!(config.locale, None);
        assert_eq!(config.auth, AuthMode::Token);
        assert!(config.embed.allowed_origins.is_empty());
        assert_eq!(config.api_origin(), None);
    }

    #[test]
    fn every_key() {
        let config = parse_config(
            r#"{"apiBaseUrl":" https://switch.example/ ","title":"Acme Voice","locale":"uk",
                "auth":"cookie","embed":{"allowedOrigins":["https://Portal.Acme.example/"]},
                "later":"ignored"}"#,
        )
        .unwrap();
        assert_eq!(config.api_base_url, "https://switch.example/");
        assert_eq!(config.title, "Acme Voice");
        assert_eq!(config.locale.as_deref(), Some("uk"));
        assert_eq!(config.auth, AuthMode::Cookie);
        assert!(config.embed.allows("https://portal.acme.example"));
        assert!(!config.embed.allows("https://evil.example"));
        assert!(
            !config
                .embed
                .allows("https://portal.acme.example.evil.example")
        );
        assert_eq!(
            config.api_origin().unwrap().as_str(),
            "https://switch.example"
        );
    }

    #[test]
    fn brand_support_languages_and_zone() {
        let config = parse_config(
            r##"{"title":"Portal","languages":["uk","en"],"defaultLanguage":"uk",
                "timeZone":"Europe/Kyiv",
                "branding":{"productName":{"en":"Acme Voice","uk":"Акме Голос"},
                    "logo":"brand/logo.svg","favicon":"/brand/favicon.png",
                    "accentColor":"#0b7a75"},
                "support":{"email":"help@acme.example","phone":"+380 44 123 45 67",
                    "url":"https://help.acme.example","hours":"Mon–Fri 9–18"}}"##,
        )
        .unwrap();
        assert_eq!(config.languages, ["uk", "en"]);
        assert_eq!(config.locale.as_deref(), Some("uk"));
        assert_eq!(config.time_zone.as_deref(), Some("Europe/Kyiv"));
        assert_eq!(config.product_name("uk"), "Акме Голос");
        assert_eq!(config.product_name("en"), "Acme Voice");
        assert_eq!(config.branding.logo.as_deref(), Some("brand/logo.svg"));
        assert_eq!(
            config.branding.favicon.as_deref(),
            Some("/brand/favicon.png")
        );
        let accent = config.branding.accent.unwrap();
        assert_eq!(accent.light.link.hex(), "#0b7a75");
        assert_eq!(config.support.email.as_deref(), Some("help@acme.example"));
        assert_eq!(
            config.support.url.as_deref(),
            Some("https://help.acme.example")
        );
        // Without a product name the title names the product.
        assert_eq!(
            parse_config("{}").unwrap().product_name("uk"),
            "Customer Portal"
        );
    }

    /// `embed.allowedOrigins` goes into `frame-ancestors` as it is: a tab lets a second origin
    /// frame the portal, a DEL breaks the header (and with it the whole policy), a `;` starts a
    /// directive. Each refuses the config, naming the key.
    #[test]
    fn origins_that_would_widen_or_break_the_header_name_the_key() {
        for text in [
            r#"{"embed":{"allowedOrigins":["https://a.example\thttps://evil.example"]}}"#,
            "{\"embed\":{\"allowedOrigins\":[\"https://a.example\u{7f}\"]}}",
            r#"{"embed":{"allowedOrigins":["https://a.example; script-src *"]}}"#,
            r#"{"embed":{"allowedOrigins":["https://a.example,https://evil.example"]}}"#,
        ] {
            match parse_config(text) {
                Err(ConfigError::Invalid(message)) => {
                    assert!(message.contains("embed.allowedOrigins"), "{message}")
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    /// Each config is refused as invalid, with a message naming its key.
    fn assert_each_names_its_key(cases: &[(&str, &str)]) {
        for (text, key) in cases {
            match parse_config(text) {
                Err(ConfigError::Invalid(message)) => {
                    assert!(message.contains(key), "{message} does not name {key}")
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn wrong_api_base_urls_name_the_key() {
        assert_each_names_its_key(&[
            (r#"{"apiBaseUrl":"switch.example"}"#, "apiBaseUrl"),
            (r#"{"apiBaseUrl":"//switch.example"}"#, "apiBaseUrl"),
            // Browsers read these as `//evil.example`: requests and the password would go there.
            (r#"{"apiBaseUrl":"/\\evil.example"}"#, "apiBaseUrl"),
            (r#"{"apiBaseUrl":"/\t/evil.example"}"#, "apiBaseUrl"),
            (r#"{"apiBaseUrl":"/\n/evil.example"}"#, "apiBaseUrl"),
            (
                r#"{"apiBaseUrl":"https://switch.example@evil.example"}"#,
                "apiBaseUrl",
            ),
        ]);
    }

    #[test]
    fn wrong_sign_in_and_language_values_name_the_key() {
        assert_each_names_its_key(&[
            (r#"{"auth":"basic"}"#, "auth"),
            (r#"{"languages":["en","xx"]}"#, "languages"),
            (
                r#"{"languages":["uk"],"defaultLanguage":"en"}"#,
                "defaultLanguage",
            ),
            (r#"{"locale":"de"}"#, "locale"),
            (r#"{"timeZone":"+03:00"}"#, "timeZone"),
        ]);
    }

    #[test]
    fn wrong_branding_and_support_values_name_the_key() {
        assert_each_names_its_key(&[
            (r#"{"branding":"Acme"}"#, "branding"),
            (r#"{"branding":{"productName":""}}"#, "branding.productName"),
            (
                r#"{"branding":{"productName":{"xx":"A"}}}"#,
                "branding.productName.xx",
            ),
            (
                r#"{"branding":{"logo":"https://cdn.example/a.svg"}}"#,
                "branding.logo",
            ),
            (r#"{"branding":{"logo":"brand/logo.gif"}}"#, "branding.logo"),
            (
                r#"{"branding":{"favicon":"//cdn.example/f.ico"}}"#,
                "branding.favicon",
            ),
            (
                r##"{"branding":{"accentColor":"#ffff00"}}"##,
                "branding.accentColor",
            ),
            (
                r#"{"branding":{"accentColor":"bluish"}}"#,
                "branding.accentColor",
            ),
            (r#"{"branding":{"accentColor":7}}"#, "branding.accentColor"),
            (r#"{"support":{"email":"nobody"}}"#, "support.email"),
            (r#"{"support":{"phone":"ring"}}"#, "support.phone"),
            (r#"{"support":{"url":"ftp://help.example"}}"#, "support.url"),
        ]);
    }

    #[test]
    fn wrong_embedding_origins_name_the_key() {
        assert_each_names_its_key(&[
            (
                r#"{"embed":{"allowedOrigins":["*"]}}"#,
                "embed.allowedOrigins",
            ),
            (
                r#"{"embed":{"allowedOrigins":["https://a.example/path"]}}"#,
                "embed.allowedOrigins",
            ),
        ]);
    }

    /// A value of another kind than the key's is named too.
    #[test]
    fn values_of_another_kind_name_the_key() {
        assert_each_names_its_key(&[
            (
                r#"{"embed":{"allowedOrigins":"x"}}"#,
                "embed.allowedOrigins",
            ),
            (
                r#"{"embed":{"allowedOrigins":["x",1]}}"#,
                "embed.allowedOrigins",
            ),
            (r#"{"embed":["x"]}"#, "embed"),
            (r#"{"apiBaseUrl":7}"#, "apiBaseUrl"),
            (r#"{"title":["Acme"]}"#, "title"),
            (r#"{"auth":true}"#, "auth"),
            (r#"{"languages":"en"}"#, "languages"),
            (r#"{"defaultLanguage":{"en":1}}"#, "defaultLanguage"),
            (r#"{"timeZone":3}"#, "timeZone"),
        ]);
    }

    #[test]
    fn text_that_is_no_json_is_malformed() {
        assert!(matches!(parse_config("{"), Err(ConfigError::Malformed(_))));
    }
}
