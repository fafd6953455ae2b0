//! `languages`, `defaultLanguage` and `timeZone`: which of the portal's languages a deployment
//! offers, in which order, which one a new visitor gets, and the zone times are shown in for
//! customers who have not chosen one.

/// The languages the portal ships texts for, by tag (the portal's `i18n::LANGUAGES`, which a
/// test of the portal holds to this list).
pub const SHIPPED: &[&str] = &["en", "es", "uk"];

/// Whether the portal has texts for `tag` (exactly a shipped tag, any case).
pub fn is_shipped(tag: &str) -> bool {
    SHIPPED
        .iter()
        .any(|shipped| shipped.eq_ignore_ascii_case(tag))
}

/// `languages`: shipped tags, each once; empty or absent means every shipped one in its order.
pub(crate) fn read_languages(tags: Option<Vec<String>>) -> Result<Vec<String>, String> {
    let Some(tags) = tags.filter(|tags| !tags.is_empty()) else {
        return Ok(SHIPPED.iter().map(|tag| (*tag).to_owned()).collect());
    };
    let mut offered: Vec<String> = Vec::new();
    for tag in tags {
        let tag = tag.trim().to_ascii_lowercase();
        if !is_shipped(&tag) {
            return Err(format!(
                "languages: the portal has no language “{}” (it has {})",
                crate::AsWritten(&tag),
                SHIPPED.join(", ")
            ));
        }
        if offered.contains(&tag) {
            return Err(format!("languages: “{tag}” is listed twice"));
        }
        offered.push(tag);
    }
    Ok(offered)
}

/// The primary subtag of a language tag, lowercased (`uk-UA`, ` UK` → `uk`): languages are
/// found by it.
pub fn primary_subtag(tag: &str) -> String {
    let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
    primary.to_ascii_lowercase()
}

/// The language a visitor gets among the `offered` ones (a deployment's, in its order): their
/// `stored` choice if offered, else the deployment's default, else the first of the `browser`'s
/// languages (`navigator.languages`) offered, else the first offered. Languages as the caller
/// knows them, found from tags by [`primary_subtag`] (the portal's `i18n::by_tag`). The portal
/// chooses so (`app.rs`), and the loader's start chooses the early sign-in form's language so
/// before the portal's code has come (xtask's `start/choice.js`, held to this by a test).
pub fn chosen_language<L: Copy + PartialEq>(
    stored: Option<L>,
    offered: &[L],
    deployment: Option<L>,
    browser: impl IntoIterator<Item = L>,
) -> Option<L> {
    let is_offered = |language: &L| offered.contains(language);
    stored
        .filter(is_offered)
        .or(deployment.filter(is_offered))
        .or_else(|| browser.into_iter().find(is_offered))
        .or_else(|| offered.first().copied())
}

/// `defaultLanguage` (or the older `locale`), which must be one of `offered`.
pub(crate) fn read_default_language(
    key: &str,
    tag: Option<String>,
    offered: &[String],
) -> Result<Option<String>, String> {
    let Some(tag) = tag
        .map(|tag| tag.trim().to_ascii_lowercase())
        .filter(|tag| !tag.is_empty())
    else {
        return Ok(None);
    };
    // The older `locale` key took any tag (`uk-UA`): its primary language decides.
    let primary = tag.split(['-', '_']).next().unwrap_or_default().to_owned();
    if offered.contains(&primary) {
        Ok(Some(primary))
    } else {
        Err(format!(
            "{key} “{}” is not among the languages offered ({})",
            crate::AsWritten(&tag),
            offered.join(", ")
        ))
    }
}

/// `timeZone`: an IANA zone name as written in the tz database (`Europe/Kyiv`, `UTC`,
/// `America/Argentina/Buenos_Aires`, `Etc/GMT+3`). The portal also asks the browser, which
/// knows the database, whether the zone exists.
pub(crate) fn read_time_zone(name: Option<String>) -> Result<Option<String>, String> {
    let Some(name) = name
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
    else {
        return Ok(None);
    };
    if is_zone_name(&name) {
        Ok(Some(name))
    } else {
        Err(format!(
            "timeZone “{}”: it must be an IANA time zone name such as Europe/Kyiv or UTC",
            crate::AsWritten(&name)
        ))
    }
}

/// Whether `name` is written as tz database names are: parts of letters, digits, `_ - +`
/// separated by `/`, each starting with a letter or (after `GMT`) a sign.
pub fn is_zone_name(name: &str) -> bool {
    name.len() <= 64
        && name.split('/').all(|part| {
            part.starts_with(|c: char| c.is_ascii_alphabetic())
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_-+".contains(c))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offered_languages_are_shipped_ones_in_the_order_given() {
        assert_eq!(read_languages(None).unwrap(), SHIPPED);
        assert_eq!(read_languages(Some(vec![])).unwrap(), SHIPPED);
        assert_eq!(
            read_languages(Some(vec!["UK".into(), "en".into()])).unwrap(),
            ["uk", "en"]
        );
        assert_eq!(read_languages(Some(vec!["uk".into()])).unwrap(), ["uk"]);
        for bad in [vec!["xx".to_owned()], vec!["en".into(), "en".into()]] {
            assert!(
                read_languages(Some(bad))
                    .unwrap_err()
                    .starts_with("languages")
            );
        }
    }

    #[test]
    fn the_default_language_is_an_offered_one() {
        let offered = ["uk".to_owned()];
        assert_eq!(
            read_default_language("defaultLanguage", Some("uk".into()), &offered).unwrap(),
            Some("uk".into())
        );
        assert_eq!(
            read_default_language("locale", Some("uk-UA".into()), &offered).unwrap(),
            Some("uk".into())
        );
        assert_eq!(
            read_default_language("defaultLanguage", None, &offered),
            Ok(None)
        );
        let error = read_default_language("defaultLanguage", Some("en".into()), &offered);
        assert!(error.unwrap_err().starts_with("defaultLanguage"));
    }

    #[test]
    fn the_visitors_choice_then_the_deployments_then_the_browsers_then_the_first() {
        let offered = ["uk", "en"];
        let choose = |stored, deployment, browser: &[&'static str]| {
            chosen_language(stored, &offered, deployment, browser.iter().copied())
        };
        assert_eq!(choose(Some("en"), Some("uk"), &["uk"]), Some("en"));
        // A stored choice this deployment does not offer is passed over.
        assert_eq!(choose(Some("es"), Some("en"), &["uk"]), Some("en"));
        assert_eq!(choose(None, None, &["de", "en", "uk"]), Some("en"));
        assert_eq!(choose(None, None, &["de"]), Some("uk"));
        assert_eq!(chosen_language(None, &[], None, ["en"]), None);
        assert_eq!(primary_subtag(" EN-gb"), "en");
        assert_eq!(primary_subtag("uk_UA"), "uk");
    }

    #[test]
    fn zone_names_are_written_as_the_tz_database_writes_them() {
        for good in [
            "UTC",
            "Europe/Kyiv",
            "America/Argentina/Buenos_Aires",
            "Etc/GMT+3",
            "America/Port-au-Prince",
        ] {
            assert_eq!(read_time_zone(Some(good.into())), Ok(Some(good.into())));
        }
        assert_eq!(read_time_zone(Some(" ".into())), Ok(None));
        for bad in [
            "+03:00",
            "Europe/",
            "/Kyiv",
            "Europe/Ky iv",
            "Europe\\Kyiv",
            "../etc",
        ] {
            assert!(
                read_time_zone(Some(bad.into()))
                    .unwrap_err()
                    .starts_with("timeZone"),
                "{bad}"
            );
        }
    }
}
