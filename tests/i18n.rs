//! In the browser: the language files as the portal reads them (texts with values, plural
//! forms by `Intl.PluralRules`, choosing a language by tag), texts following a language change
//! in a view, and errors as the user reads them.
#![cfg(target_arch = "wasm32")]

use api_model::auth::TokenError;
use api_model::errors::{ApiError, ErrorObject, Unreachable, Unreadable, classify_error};
use portal::i18n::{self, LANGUAGES, Language, choice_label_in, field_label_in, group_label_in};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod support;

/// Every language's texts as the build compiled them (tests cannot fetch the bundle's copies).
fn install_all() {
    support::install_texts();
}

/// Runs `read` with `language` in use, then goes back to English (tests share the page's thread).
fn in_language<T>(language: &'static Language, read: impl FnOnce() -> T) -> T {
    install_all();
    i18n::set_language(language);
    let result = read();
    i18n::set_language(&LANGUAGES[0]);
    result
}

const COUNTS: [u64; 4] = [1, 2, 5, 21];

/// Every text that includes a count, with the count filled in.
fn count_texts(count: &str) -> Vec<(&'static str, String)> {
    let t = i18n::texts();
    vec![
        ("export_done", (t.export_done)(count).get()),
        ("related_count", (t.related_count)(count).get()),
        ("samples", (t.samples)(count).get()),
        (
            "chart_summary",
            (t.chart_summary)("Calls", "calls", count).get(),
        ),
        ("more_filters_set", (t.more_filters_set)(count).get()),
        ("reason_timeout", (t.reason_timeout)(count).get()),
        (
            "accounts_below_minimum",
            (t.accounts_below_minimum)(count).get(),
        ),
        (
            "accounts_near_minimum",
            (t.accounts_near_minimum)(count).get(),
        ),
    ]
}

#[wasm_bindgen_test]
fn count_texts_differ_for_each_count_in_every_language() {
    for language in &LANGUAGES {
        let per_count: Vec<Vec<(&str, String)>> = in_language(language, || {
            COUNTS.iter().map(|n| count_texts(&n.to_string())).collect()
        });
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

/// The plural forms each file gives are the ones the browser chooses among for its locale: a
/// file that lacks one fails the build (`texts`), and this holds the file's list to CLDR's.
#[wasm_bindgen_test]
fn every_language_gives_the_plural_forms_the_browser_chooses_among() {
    for language in &LANGUAGES {
        let locales = js_sys::Array::of1(&language.intl_locale.into());
        let rules = js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new());
        let options = rules.resolved_options();
        let categories: js_sys::Array = js_sys::Reflect::get(&options, &"pluralCategories".into())
            .unwrap()
            .unchecked_into();
        let mut browser: Vec<String> = categories.iter().filter_map(|c| c.as_string()).collect();
        let mut declared: Vec<String> = language
            .plural_forms
            .iter()
            .map(|f| (*f).to_owned())
            .collect();
        browser.sort();
        declared.sort();
        assert_eq!(declared, browser, "{}", language.tag);
    }
}

#[wasm_bindgen_test]
fn ukrainian_nouns_agree_with_their_count() {
    let uk = i18n::by_tag("uk").unwrap();
    let exported = |count: &str| in_language(uk, || (i18n::texts().export_done)(count).get());
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
        assert_eq!(
            exported(count),
            format!("Експортовано {count} {expected}."),
            "{count}"
        );
    }
}

#[wasm_bindgen_test]
fn spanish_nouns_agree_with_their_count_and_millions_take_de() {
    let es = i18n::by_tag("es").unwrap();
    let exported = |count: &str| in_language(es, || (i18n::texts().export_done)(count).get());
    assert_eq!(exported("1"), "Se exportó 1 fila.");
    assert_eq!(exported("2"), "Se exportaron 2 filas.");
    assert_eq!(exported("1.000"), "Se exportaron 1.000 filas.");
    assert_eq!(exported("1.000.000"), "Se exportaron 1.000.000 de filas.");
}

#[wasm_bindgen_test]
fn a_selection_on_a_number_picks_its_exact_value_first() {
    let status = |language: &'static Language, code: &str| {
        in_language(language, || (i18n::texts().status_text)(code).get())
    };
    assert_eq!(status(&LANGUAGES[0], "404"), "Not found (HTTP 404).");
    assert_eq!(
        status(&LANGUAGES[0], "418"),
        "The request failed (HTTP 418)."
    );
    assert_eq!(
        status(i18n::by_tag("es").unwrap(), "503"),
        "El servidor no está disponible en este momento (HTTP 503)."
    );
}

#[wasm_bindgen_test]
fn languages_are_chosen_by_their_primary_tag() {
    let tag = |text: &str| i18n::by_tag(text).map(|l| l.tag);
    assert_eq!(tag("uk-UA"), Some("uk"));
    assert_eq!(tag("UK"), Some("uk"));
    assert_eq!(tag("en-GB"), Some("en"));
    assert_eq!(tag("en"), Some("en"));
    assert_eq!(tag("es-MX"), Some("es"));
    assert_eq!(tag("fr"), None);
    assert_eq!(tag(""), None);
}

/// A text placed in a view as it is (no closure) follows a change of language in place, as
/// child and as attribute, with and without values.
#[wasm_bindgen_test]
async fn a_text_in_a_view_follows_the_language_without_a_closure() {
    use leptos::prelude::*;
    let _ = any_spawner::Executor::init_wasm_bindgen();
    install_all();
    let document = web_sys::window().unwrap().document().unwrap();
    let container: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&container).unwrap();
    let made = std::rc::Rc::new(std::cell::Cell::new(None));
    let locale = made.clone();
    let t = i18n::texts();
    let _mounted = leptos::mount::mount_to(container.clone(), move || {
        locale.set(Some(i18n::Locale::new(&LANGUAGES[0])));
        leptos::view! { <p title=t.menu>{t.retry} " " {(t.pager_page)("2", "7")}</p> }
    });
    let shown = container.query_selector("p").unwrap().unwrap();
    let read = || {
        (
            shown.text_content().unwrap(),
            shown.get_attribute("title").unwrap(),
        )
    };
    assert_eq!(read(), ("Retry Page 2 of 7".to_owned(), "Menu".to_owned()));

    let uk = i18n::by_tag("uk").unwrap();
    made.get().unwrap().set(uk);
    gloo_timers::future::TimeoutFuture::new(0).await;
    let expected = in_language(uk, || {
        (
            format!("{} {}", t.retry.get(), (t.pager_page)("2", "7").get()),
            t.menu.get().to_owned(),
        )
    });
    i18n::set_language(uk);
    assert_ne!(expected.0, "Retry Page 2 of 7");
    assert_eq!(read(), expected);
    i18n::set_language(&LANGUAGES[0]);
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
    in_language(&LANGUAGES[0], || {
        for error in sample_errors() {
            assert_eq!(i18n::error_text(&error), error.message(), "{error:?}");
        }
    });
}

#[wasm_bindgen_test]
fn errors_in_ukrainian_keep_the_servers_words() {
    install_all();
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
    i18n::set_language(&LANGUAGES[0]);

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
    install_all();
    for language in &LANGUAGES {
        for collection in Collection::ALL {
            let spec = collection.spec();
            let names = spec
                .fields
                .iter()
                .map(|f| f.name)
                .chain(spec.relationships.iter().map(|r| r.name))
                .chain(spec.filters.iter().map(|f| f.name));
            for name in names {
                let label = field_label_in(language.tag, name).unwrap();
                assert!(!label.trim().is_empty(), "{}: {name}", language.tag);
                // An acronym (ID, UUID) reads the same in every language.
                let acronym = label.chars().all(|c| c.is_ascii_uppercase());
                if language.tag != "en" && !acronym {
                    assert_ne!(
                        label,
                        field_label_in("en", name).unwrap(),
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
            let texts = *i18n::texts().resource(collection);
            in_language(language, || {
                assert!(!texts.title.get().is_empty(), "{}", spec.path);
                assert!((texts.heading)("x").get().contains('x'), "{}", spec.path);
            });
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
