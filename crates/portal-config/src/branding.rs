//! The operator's brand and support desk in `config.json`: `branding` (product name, logo,
//! accent colour, favicon) and `support` (email, phone, web page, hours). Read from the parsed
//! document by hand so that every wrong value is named by its key.

use crate::colour::{Accent, Rgb};
use crate::loose::Loose;

/// A text the operator may give once or per language (`{"en": "…", "uk": "…"}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocalText {
    One(String),
    /// Language tag and text, in the order written.
    PerLanguage(Vec<(String, String)>),
}

impl LocalText {
    /// The text for `language` (a primary tag such as `uk`): its own, else the first given.
    pub fn for_language(&self, language: &str) -> &str {
        match self {
            LocalText::One(text) => text,
            LocalText::PerLanguage(texts) => texts
                .iter()
                .find(|(tag, _)| tag.eq_ignore_ascii_case(language))
                .or_else(|| texts.first())
                .map(|(_, text)| text.as_str())
                .unwrap_or_default(),
        }
    }

    fn read(value: &Loose, key: &str) -> Result<LocalText, String> {
        match value {
            Loose::Text(text) if !text.trim().is_empty() => {
                Ok(LocalText::One(text.trim().to_owned()))
            }
            Loose::Object(texts) if !texts.is_empty() => texts
                .iter()
                .map(|(tag, text)| match text.as_str().map(str::trim) {
                    Some(text) if !text.is_empty() && crate::languages::is_shipped(tag) => {
                        Ok((tag.to_ascii_lowercase(), text.to_owned()))
                    }
                    Some(_) if !crate::languages::is_shipped(tag) => Err(format!(
                        "{key}.{tag}: the portal has no language “{tag}” ({})",
                        crate::languages::SHIPPED.join(", ")
                    )),
                    _ => Err(format!("{key}.{tag} must be a text that is not empty")),
                })
                .collect::<Result<_, _>>()
                .map(LocalText::PerLanguage),
            _ => Err(format!(
                "{key} must be a text, or an object of texts by language (\"en\", \"uk\")"
            )),
        }
    }
}

/// `branding`: how the portal looks like the operator's own site.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Branding {
    /// Shown in the header, on the sign-in page and as the logo's alt text; `None`: `title`.
    pub product_name: Option<LocalText>,
    /// A same-origin path to an SVG or PNG image.
    pub logo: Option<String>,
    pub accent: Option<Accent>,
    /// A same-origin path to an SVG, PNG or ICO image.
    pub favicon: Option<String>,
}

/// `support`: how a customer reaches the operator's support desk. Every part is optional.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Support {
    pub email: Option<String>,
    /// As written for people (`+380 44 123 45 67`); [`Support::phone_link`] dials it.
    pub phone: Option<String>,
    /// An http(s) page of the operator's help desk.
    pub url: Option<String>,
    /// When the desk answers, in words (`Mon–Fri 9:00–18:00`).
    pub hours: Option<LocalText>,
}

impl Support {
    pub fn is_empty(&self) -> bool {
        self == &Support::default()
    }

    /// `tel:+380441234567`: the digits and a leading `+`.
    pub fn phone_link(&self) -> Option<String> {
        let phone = self.phone.as_deref()?;
        let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
        let plus = if phone.trim_start().starts_with('+') {
            "+"
        } else {
            ""
        };
        Some(format!("tel:{plus}{digits}"))
    }

    pub fn email_link(&self) -> Option<String> {
        self.email.as_deref().map(|email| format!("mailto:{email}"))
    }
}

fn object<'a>(value: &'a Loose, key: &str) -> Result<&'a Loose, String> {
    match value {
        Loose::Object(_) => Ok(value),
        _ => Err(format!("{key} must be an object")),
    }
}

/// The non-empty string at `parent.name`, if present.
fn text_at(parent: &Loose, name: &str, key: &str) -> Result<Option<String>, String> {
    match parent.get(name) {
        None | Some(Loose::Null) => Ok(None),
        Some(Loose::Text(text)) if text.trim().is_empty() => Ok(None),
        Some(Loose::Text(text)) => Ok(Some(text.clone())),
        Some(_) => Err(format!("{key} must be a text")),
    }
}

/// A path of the portal's own origin, for an image: `brand/logo.svg` (beside `config.json`) or
/// `/brand/logo.svg`, never another site, with one of `extensions`.
fn image_path(text: &str, key: &str, extensions: &[&str]) -> Result<String, String> {
    let with_root = if text.starts_with('/') {
        text.to_owned()
    } else {
        format!("/{text}")
    };
    let same_origin = !text.contains(':') && crate::in_app_path(&with_root).is_some();
    if !same_origin {
        return Err(format!(
            "{key} “{}”: it must be a path on the portal's own site (such as brand/logo.svg), \
             without a scheme, host, backslash, space or “..”",
            crate::AsWritten(text)
        ));
    }
    let file = text.split(['?', '#']).next().unwrap_or_default();
    let extension = file.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    if !extension.is_some_and(|e| extensions.contains(&e.as_str())) {
        return Err(format!(
            "{key} “{}”: it must be a {} file",
            crate::AsWritten(text),
            extensions.join(" or ").to_ascii_uppercase()
        ));
    }
    Ok(text.to_owned())
}

pub(crate) fn read_branding(value: Option<&Loose>) -> Result<Branding, String> {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Ok(Branding::default());
    };
    let branding = object(value, "branding")?;
    let product_name = match branding.get("productName") {
        None | Some(Loose::Null) => None,
        Some(name) => Some(LocalText::read(name, "branding.productName")?),
    };
    let logo = text_at(branding, "logo", "branding.logo")?
        .map(|path| image_path(path.trim(), "branding.logo", &["svg", "png"]))
        .transpose()?;
    let favicon = text_at(branding, "favicon", "branding.favicon")?
        .map(|path| image_path(path.trim(), "branding.favicon", &["svg", "png", "ico"]))
        .transpose()?;
    let accent = text_at(branding, "accentColor", "branding.accentColor")?
        .map(|text| {
            Rgb::parse(&text)
                .and_then(Accent::derive)
                .map_err(|why| format!("branding.accentColor “{}”: {why}", crate::AsWritten(&text)))
        })
        .transpose()?;
    Ok(Branding {
        product_name,
        logo,
        accent,
        favicon,
    })
}

/// `name@host.example`: one `@`, something before it, a dotted host name after it, nothing a
/// `mailto:` link would read as a second address or header (`,`, `?`, `<`, spaces).
fn check_email(text: &str) -> Result<String, String> {
    let text = text.trim();
    let plain = |part: &str| {
        !part.is_empty()
            && part
                .chars()
                .all(|c| c.is_alphanumeric() || "._%+-!#$&'*=^`{|}~".contains(c))
    };
    let valid = match text.split_once('@') {
        Some((local, host)) => {
            plain(local)
                && host.contains('.')
                && host.split('.').all(|label| {
                    !label.is_empty() && label.chars().all(|c| c.is_alphanumeric() || c == '-')
                })
        }
        None => false,
    };
    if valid {
        Ok(text.to_owned())
    } else {
        Err(format!(
            "support.email “{}”: it must be one address such as help@operator.example",
            crate::AsWritten(text)
        ))
    }
}

/// A phone number as people write it: digits, spaces, `+ - . ( )`, at least five digits.
fn check_phone(text: &str) -> Result<String, String> {
    let text = text.trim();
    let allowed = text
        .chars()
        .enumerate()
        .all(|(i, c)| c.is_ascii_digit() || " -.()".contains(c) || (c == '+' && i == 0));
    if allowed && text.chars().filter(char::is_ascii_digit).count() >= 5 {
        Ok(text.to_owned())
    } else {
        Err(format!(
            "support.phone “{}”: it must be a phone number such as +380 44 123 45 67 (digits, \
             spaces, + - . ( ) only)",
            crate::AsWritten(text)
        ))
    }
}

pub(crate) fn read_support(value: Option<&Loose>) -> Result<Support, String> {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Ok(Support::default());
    };
    let support = object(value, "support")?;
    let url = text_at(support, "url", "support.url")?
        .map(|url| {
            let url = url.trim();
            crate::web_url(url).map(str::to_owned).ok_or_else(|| {
                format!(
                    "support.url “{}”: it must be an http(s) URL with a host",
                    crate::AsWritten(url)
                )
            })
        })
        .transpose()?;
    Ok(Support {
        email: text_at(support, "email", "support.email")?
            .map(|e| check_email(&e))
            .transpose()?,
        phone: text_at(support, "phone", "support.phone")?
            .map(|p| check_phone(&p))
            .transpose()?,
        url,
        hours: match support.get("hours") {
            None | Some(Loose::Null) => None,
            Some(hours) => Some(LocalText::read(hours, "support.hours")?),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value as `config.json` would give it.
    macro_rules! json {
        ($($value:tt)+) => {
            serde_json::from_value::<Loose>(serde_json::json!($($value)+)).unwrap()
        };
    }

    #[test]
    fn product_names_once_or_per_language() {
        let one = LocalText::read(&json!(" Acme Voice "), "k").unwrap();
        assert_eq!(one.for_language("uk"), "Acme Voice");
        let each = LocalText::read(&json!({"en": "Acme Voice", "UK": "Акме"}), "k").unwrap();
        assert_eq!(each.for_language("uk"), "Акме");
        assert_eq!(each.for_language("en"), "Acme Voice");
        // A language without its own name takes the first one given.
        let only_uk = LocalText::read(&json!({"uk": "Акме"}), "k").unwrap();
        assert_eq!(only_uk.for_language("en"), "Акме");
        for bad in [
            json!(""),
            json!({}),
            json!({"en": ""}),
            json!(3),
            json!({"xx": "A"}),
        ] {
            let error = LocalText::read(&bad, "branding.productName").unwrap_err();
            assert!(error.starts_with("branding.productName"), "{error}");
        }
    }

    #[test]
    fn images_are_same_origin_paths_of_their_kinds() {
        for good in ["brand/logo.svg", "/brand/logo.PNG", "logo.svg?v=2"] {
            assert_eq!(
                image_path(good, "branding.logo", &["svg", "png"]),
                Ok(good.into())
            );
        }
        for bad in [
            "https://cdn.example/logo.svg",
            "//cdn.example/logo.svg",
            "data:image/svg+xml,<svg/>",
            "javascript:alert(1)//.svg",
            "/\\cdn.example/logo.svg",
            "../logo.svg",
            "brand/logo.gif",
            "brand/logo",
        ] {
            let error = image_path(bad, "branding.logo", &["svg", "png"]).unwrap_err();
            assert!(error.starts_with("branding.logo"), "{bad}: {error}");
        }
    }

    #[test]
    fn support_contacts_are_checked() {
        let support = read_support(Some(&json!({
            "email": "help@acme.example", "phone": "+380 (44) 123-45-67",
            "url": "https://help.acme.example/portal", "hours": {"en": "Mon–Fri", "uk": "Пн–Пт"}
        })))
        .unwrap();
        assert_eq!(support.email_link().unwrap(), "mailto:help@acme.example");
        assert_eq!(support.phone_link().unwrap(), "tel:+380441234567");
        assert_eq!(support.hours.unwrap().for_language("uk"), "Пн–Пт");
        assert!(read_support(None).unwrap().is_empty());
        for (bad, key) in [
            (json!({"email": "help"}), "support.email"),
            (
                json!({"email": "a@b.example?cc=x@evil.example"}),
                "support.email",
            ),
            (
                json!({"email": "a@b.example, c@d.example"}),
                "support.email",
            ),
            (json!({"phone": "call us"}), "support.phone"),
            (json!({"phone": "12+3"}), "support.phone"),
            (json!({"url": "javascript:alert(1)"}), "support.url"),
            (json!({"url": "help.acme.example"}), "support.url"),
            (json!({"hours": 9}), "support.hours"),
            (json!("help@acme.example"), "support"),
        ] {
            let error = read_support(Some(&bad)).unwrap_err();
            assert!(error.starts_with(key), "{bad:?}: {error}");
        }
    }
}
