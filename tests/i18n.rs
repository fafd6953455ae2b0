//! In the browser: the languages' texts that depend on values, choosing a language by tag, and
//! errors as the user reads them.
#![cfg(target_arch = "wasm32")]

use api_model::auth::TokenError;
use api_model::errors::{ApiError, ErrorObject, Unreachable, Unreadable, classify_error};
use portal::i18n::{self, LANGUAGES, Texts, choice_label_in, field_label_in, group_label_in};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const COUNTS: [u64; 4] = [1, 2, 5, 21];

/// Every text that includes a count, with the count filled in.
fn count_texts(t: &Texts, count: &str) -> Vec<(&'static str, String)> {
    vec![
        ("export_done", (t.export_done)(count)),
        ("related_count", (t.related_count)(count)),
        ("samples", (t.samples)(count)),
        ("chart_summary", (t.chart_summary)("Calls", "calls", count)),
        ("more_filters_set", (t.more_filters_set)(count)),
        ("reason_timeout", (t.reason_timeout)(count)),
        ("accounts_below_minimum", (t.accounts_below_minimum)(count)),
        ("accounts_near_minimum", (t.accounts_near_minimum)(count)),
    ]
}

#[wasm_bindgen_test]
fn count_texts_differ_for_each_count_in_every_language() {
    for language in LANGUAGES {
        let per_count: Vec<Vec<(&str, String)>> = COUNTS
            .iter()
            .map(|n| count_texts(&language.texts, &n.to_string()))
            .collect();
        for (index, (name, _)) in per_count[0].iter().enumerate() {
            let texts: Vec<&String> = per_count.iter().map(|texts| &texts[index].1).collect();
            for (text, count) in texts.iter().zip(COUNTS) {
                assert!(
                    !text.trim().is_empty(),
                    "{}: {name} for {count}",
                    language.tag
                );
                assert!(
                    text.contains(&count.to_string()),
                    "{}: {text}",
                    language.tag
                );
            }
            for (i, a) in texts.iter().enumerate() {
                for b in &texts[i + 1..] {
                    assert_ne!(a, b, "{}: {name}", language.tag);
                }
            }
        }
    }
}

#[wasm_bindgen_test]
fn ukrainian_nouns_agree_with_their_count() {
    let rows = |count: &str| i18n::ukrainian_plural(count, "рядок", "рядки", "рядків");
    for (count, expected) in [
        ("1", "рядок"),
        ("2", "рядки"),
        ("5", "рядків"),
        ("11", "рядків"),
        ("21", "рядок"),
        ("22", "рядки"),
        ("25", "рядків"),
        ("111", "рядків"),
        ("0", "рядків"),
        ("14", "рядків"),
        ("104", "рядки"),
        // Formatted counts: only the digits count.
        ("1\u{a0}021", "рядок"),
        ("1\u{202f}012", "рядків"),
    ] {
        assert_eq!(rows(count), expected, "{count}");
    }
    let uk = &i18n::by_tag("uk").unwrap().texts;
    assert_eq!((uk.export_done)("21"), "Експортовано 21 рядок.");
    assert_eq!((uk.export_done)("3"), "Експортовано 3 рядки.");
    assert_eq!((uk.export_done)("11"), "Експортовано 11 рядків.");
}

#[wasm_bindgen_test]
fn languages_are_chosen_by_their_primary_tag() {
    let tag = |text: &str| i18n::by_tag(text).map(|l| l.tag);
    assert_eq!(tag("uk-UA"), Some("uk"));
    assert_eq!(tag("UK"), Some("uk"));
    assert_eq!(tag("en-GB"), Some("en"));
    assert_eq!(tag("en"), Some("en"));
    assert_eq!(tag("fr"), None);
    assert_eq!(tag(""), None);
}

fn sample_errors() -> Vec<ApiError> {
    vec![
        classify_error(
            400,
            r#"{"errors":[{"title":"Invalid filter value","detail":"test is not a valid value for status_eq."}]}"#,
        ),
        ApiError::Api {
            status: 422,
            errors: vec![
                ErrorObject {
                    title: Some("Only a title".into()),
                    ..Default::default()
                },
                ErrorObject::default(),
            ],
        },
        ApiError::Api {
            status: 403,
            errors: Vec::new(),
        },
        classify_error(400, r#"{"error":"invalid value account-id"}"#),
        ApiError::Empty { status: 500 },
        ApiError::Empty { status: 503 },
        ApiError::Empty { status: 418 },
        classify_error(404, "<html><body><h1>Not Found</h1></body></html>"),
        ApiError::NotJson {
            status: 502,
            excerpt: String::new(),
        },
        classify_error(401, ""),
        classify_error(401, r#"{"error":"Token revoked."}"#),
        ApiError::Decode {
            status: 200,
            reason: Unreadable::Malformed("EOF while parsing".into()),
        },
        ApiError::Decode {
            status: 200,
            reason: Unreadable::NotUtf8,
        },
        ApiError::Decode {
            status: 201,
            reason: Unreadable::UnusableToken(TokenError::Expired),
        },
        ApiError::Network {
            reason: failed_to_fetch(),
        },
        ApiError::Network {
            reason: Unreachable::Timeout { seconds: 30 },
        },
        ApiError::Network {
            reason: Unreachable::NoRequests,
        },
        ApiError::Network {
            reason: Unreachable::BrokeOff {
                status: 200,
                detail: "network error".into(),
            },
        },
        ApiError::Aborted,
    ]
}

fn failed_to_fetch() -> Unreachable {
    Unreachable::Failed {
        detail: "Failed to fetch".into(),
    }
}

#[wasm_bindgen_test]
fn errors_read_in_english_exactly_as_the_api_model_says_them() {
    i18n::set_language(LANGUAGES[0]);
    for error in sample_errors() {
        assert_eq!(i18n::error_text(&error), error.message(), "{error:?}");
    }
}

#[wasm_bindgen_test]
fn errors_in_ukrainian_keep_the_servers_words() {
    i18n::set_language(i18n::by_tag("uk").unwrap());
    let server = i18n::error_text(&classify_error(
        400,
        r#"{"error":"invalid value account-id"}"#,
    ));
    let detail = i18n::error_text(&classify_error(
        400,
        r#"{"errors":[{"detail":"Bad prefix 38O."},{"title":"Second."}]}"#,
    ));
    let status = i18n::error_text(&ApiError::Empty { status: 500 });
    let network = i18n::error_text(&ApiError::Network {
        reason: failed_to_fetch(),
    });
    let expired = i18n::error_text(&classify_error(401, ""));
    i18n::set_language(LANGUAGES[0]);

    assert_eq!(server, "invalid value account-id");
    assert_eq!(detail, "Bad prefix 38O.; Second.");
    assert!(status.contains("HTTP 500"), "{status}");
    assert_ne!(status, ApiError::Empty { status: 500 }.message());
    assert!(network.contains("Failed to fetch"), "{network}");
    assert_ne!(
        network,
        ApiError::Network {
            reason: failed_to_fetch()
        }
        .message()
    );
    assert_ne!(expired, classify_error(401, "").message());
}

/// Every collection's declared attributes, relationships and filters have a label of their own
/// in every language (not the English spelling-out of the API name), and every known word of an
/// attribute reads in the language: a new resource's texts are complete, or this fails.
#[wasm_bindgen_test]
fn every_declared_name_has_its_words_in_every_language() {
    use api_model::catalog::{Collection, Kind};
    for language in LANGUAGES {
        let t = &language.texts;
        for collection in Collection::ALL {
            let spec = collection.spec();
            let names = spec
                .fields
                .iter()
                .map(|f| f.name)
                .chain(spec.relationships.iter().map(|r| r.name))
                .chain(spec.filters.iter().map(|f| f.name));
            for name in names {
                let label = field_label_in(language.tag, name);
                assert!(!label.trim().is_empty(), "{}: {name}", language.tag);
                // An acronym (ID, UUID) reads the same in every language.
                let acronym = label.chars().all(|c| c.is_ascii_uppercase());
                if language.tag != "en" && !acronym {
                    assert_ne!(
                        label,
                        field_label_in("en", name),
                        "{}: {name} has no label of its own",
                        language.tag
                    );
                }
            }
            for field in spec.fields {
                if let Kind::Choice(words) = field.kind {
                    for word in words {
                        assert!(
                            choice_label_in(language.tag, field.name, word).is_some(),
                            "{}: {} {word}",
                            language.tag,
                            field.name
                        );
                    }
                }
            }
            for group in spec.groups {
                assert!(
                    group_label_in(language.tag, group.name).is_some(),
                    "{}: group {}",
                    language.tag,
                    group.name
                );
            }
            let texts = t.resource(collection);
            assert!(!texts.title.is_empty());
            assert!((texts.heading)("x").contains('x'), "{}", spec.path);
        }
    }
}

/// config.json's `languages` is checked (by `portal_config`, also in the demo server and
/// `cargo xtask csp`) against the list of shipped languages: it must be this one.
#[wasm_bindgen_test]
fn config_json_knows_exactly_the_shipped_languages() {
    let tags: Vec<&str> = LANGUAGES.iter().map(|l| l.tag).collect();
    assert_eq!(
        tags,
        portal_config::languages::SHIPPED,
        "add the language to portal_config::languages::SHIPPED as well"
    );
}
