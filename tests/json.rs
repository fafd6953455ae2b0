//! In the browser: JSON read and written with the browser's parser (`portal::json`), as the
//! shell and the sign-in page do, says the same as serde_json would.
#![cfg(target_arch = "wasm32")]

use api_model::auth::{AuthRequest, AuthResponse};
use api_model::errors::{ApiError, classify_error, classify_error_body};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use leptos::prelude::*;
use portal::config::read_config;
use portal::format::Zone;
use portal::json;
use portal::prefs::{Prefs, stored_language};
use portal_config::{AuthMode, ConfigError, parse_config};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn classified_in_the_browser(status: u16, body: &str) -> ApiError {
    classify_error_body(status, body, json::error_body(body.trim()))
}

#[wasm_bindgen_test]
fn error_answers_read_as_serde_json_reads_them() {
    for (status, body) in [
        (
            422,
            r#"{"errors":[{"title":"Invalid","detail":"Name is taken","code":100,"status":422,"source":{"pointer":"/data/attributes/name"}}]}"#,
        ),
        (401, r#"{"errors":[{"title":"Unauthorized"}]}"#),
        (400, r#"{"error":"from-time is required"}"#),
        (400, r#"{"error":{"nested":true}}"#),
        (
            500,
            "<html><body><h1>Internal Server Error</h1></body></html>",
        ),
        (502, ""),
        (404, "[1, 2]"),
        (404, "null"),
        (
            409,
            r#"{"errors":[{"detail":"Locked","code":true,"status":null,"source":{"parameter":"id"},"meta":{"x":1}}],"error":7}"#,
        ),
        // A value of the wrong kind: the document is not read, as serde_json does not read it.
        (
            422,
            r#"{"errors":[{"title":"Invalid","detail":["a list"]}]}"#,
        ),
        (422, r#"{"errors":{"title":"Invalid"}}"#),
        (422, r#"{"errors":[{"source":{"pointer":5}}]}"#),
    ] {
        assert_eq!(
            classified_in_the_browser(status, body),
            classify_error(status, body),
            "{status} {body}"
        );
    }
    // A key written twice has the value JSON.parse keeps, the last (serde_json refuses it).
    assert_eq!(
        classified_in_the_browser(400, r#"{"error":"first","error":"last"}"#),
        ApiError::Plain {
            status: 400,
            message: "last".to_owned()
        }
    );
}

#[wasm_bindgen_test]
fn text_that_is_not_json_says_why() {
    let error = json::parse("{not json").unwrap_err();
    assert!(!error.is_empty());
}

#[wasm_bindgen_test]
fn config_json_reads_through_the_browser_parser() {
    let text = r#"{"apiBaseUrl":"/","title":"Acme","auth":"cookie"}"#;
    let config = read_config(text).unwrap();
    assert_eq!(config.title, "Acme");
    assert_eq!(config.auth, AuthMode::Cookie);
    for not_an_object in [r#""apiBaseUrl""#, "[]", "null", "{"] {
        assert!(
            matches!(read_config(not_an_object), Err(ConfigError::Malformed(_))),
            "{not_an_object}"
        );
    }
}

#[wasm_bindgen_test]
fn every_key_reads_as_serde_json_reads_it() {
    let text = r##"{"apiBaseUrl":"https://switch.example","title":"Portal","auth":"token",
        "languages":["uk","en"],"defaultLanguage":"uk","timeZone":"Europe/Kyiv",
        "embed":{"allowedOrigins":["https://acme.example"]},
        "branding":{"productName":{"en":"Acme Voice","uk":"Акме Голос"},
            "logo":"brand/logo.svg","favicon":"/brand/favicon.png","accentColor":"#0b7a75"},
        "support":{"email":"help@acme.example","phone":"+380 44 123 45 67",
            "url":"https://help.acme.example","hours":{"en":"Mon–Fri","uk":"Пн–Пт"}},
        "later":[1,{"x":null}]}"##;
    assert_eq!(read_config(text), parse_config(text));
    assert_eq!(read_config(text).unwrap().product_name("uk"), "Акме Голос");
    // A key written twice: both read the value JSON.parse keeps, the last.
    let twice = r#"{"title":"First","embed":{"allowedOrigins":["https://a.example"]},
        "title":"Last","embed":{"allowedOrigins":["https://b.example"]}}"#;
    assert_eq!(read_config(twice), parse_config(twice));
    assert!(
        read_config(twice)
            .unwrap()
            .embed
            .allows("https://b.example")
    );
    // Wrong values are named by their key, as natively.
    for wrong in [
        r#"{"embed":{"allowedOrigins":"x"}}"#,
        r#"{"languages":["en",7]}"#,
        r##"{"branding":{"accentColor":"#ffff00"}}"##,
        r#"{"support":{"email":["a@b.example"]}}"#,
    ] {
        assert_eq!(read_config(wrong), parse_config(wrong), "{wrong}");
        assert!(matches!(read_config(wrong), Err(ConfigError::Invalid(_))));
    }
    // Nesting far deeper than config.json's is read without recursing through all of it.
    let deep = format!(
        r#"{{"branding":{}1{}}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    assert!(matches!(read_config(&deep), Err(ConfigError::Invalid(_))));
}

#[wasm_bindgen_test]
fn a_token_tells_its_expiry() {
    let payload = URL_SAFE_NO_PAD.encode(r#"{"aud":["customer-v1"],"sub":1,"exp":1700000000}"#);
    let token = format!("eyJhbGciOiJIUzI1NiJ9.{payload}.c2lnbmF0dXJl");
    let expiry = portal::session::read_expiry(&token).unwrap();
    assert_eq!(expiry.exp, Some(1_700_000_000));
    let no_json = format!(
        "eyJhbGciOiJIUzI1NiJ9.{}.c2ln",
        URL_SAFE_NO_PAD.encode("exp")
    );
    assert!(portal::session::read_expiry(&no_json).is_err());
    let claims = |json: &str| {
        let payload = URL_SAFE_NO_PAD.encode(json);
        portal::session::read_expiry(&format!("eyJhbGciOiJIUzI1NiJ9.{payload}.c2ln"))
    };
    assert_eq!(claims(r#"{"sub":1}"#).unwrap().exp, None);
    assert_eq!(claims(r#"{"exp":null}"#).unwrap().exp, None);
    assert!(claims(r#"{"exp":"tomorrow"}"#).is_err());
    assert!(claims(r#"{"exp":1700000000.5}"#).is_err());
    // Claims beyond ASCII, whose base64url has `-` and `_`: read as the base64 crate reads them.
    let text = r#"{"sub":"Ünïcödé ~~~ ???","exp":1700000001}"#;
    assert!(URL_SAFE_NO_PAD.encode(text).contains(['-', '_']));
    assert_eq!(claims(text).unwrap().exp, Some(1_700_000_001));
    for broken in [
        "eyJhbGciOiJIUzI1NiJ9.e.c2ln",
        "eyJhbGciOiJIUzI1NiJ9.e*J9.c2ln",
    ] {
        assert!(portal::session::read_expiry(broken).is_err(), "{broken}");
    }
}

#[wasm_bindgen_test]
fn the_sign_in_exchange_reads_and_writes_as_serde_json() {
    let mut request = AuthRequest::new("demo", "pa\"ss\\word\u{1}ü");
    assert_eq!(
        json::auth_request(&request),
        serde_json::to_string(&request).unwrap()
    );
    request.cookie_auth = Some(true);
    assert_eq!(
        json::auth_request(&request),
        serde_json::to_string(&request).unwrap()
    );
    let answer = r#"{"jwt":"a.b.c","other":1}"#;
    let by_serde: AuthResponse = serde_json::from_str(answer).unwrap();
    assert_eq!(json::issued_token(answer), Ok(by_serde.jwt));
    for no_token in [r#"{"token":"a.b.c"}"#, r#"{"jwt":7}"#, "[]", "{"] {
        assert!(json::issued_token(no_token).is_err(), "{no_token}");
    }
}

#[wasm_bindgen_test]
fn the_preferences_are_kept_in_their_shape() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let _ = any_spawner::Executor::init_wasm_bindgen();
    Owner::new().set();
    storage
        .set_item(
            "portal.prefs",
            r#"{"version":1,"zone":"utc","language":"uk","theme":null,"columns":{"accounts":["name","balance"]},"later":true}"#,
        )
        .unwrap();
    assert_eq!(stored_language().as_deref(), Some("uk"));
    let prefs = Prefs::load(Zone::Browser);
    assert_eq!(prefs.zone_untracked(), Zone::Utc);
    assert_eq!(
        prefs.visible_columns("accounts"),
        Some(vec!["name".to_owned(), "balance".to_owned()])
    );
    prefs.set_language("es");
    assert_eq!(
        storage.get_item("portal.prefs").unwrap().as_deref(),
        Some(
            r#"{"version":1,"zone":"utc","language":"es","theme":null,"columns":{"accounts":["name","balance"]}}"#
        )
    );
    // A store of another version, or with a value of the wrong kind, is ignored.
    for ignored in [
        r#"{"version":2,"language":"uk"}"#,
        r#"{"language":"uk"}"#,
        r#"{"version":1,"language":["uk"]}"#,
        r#"{"version":1,"language":"uk","columns":{"accounts":"name"}}"#,
    ] {
        storage.set_item("portal.prefs", ignored).unwrap();
        assert_eq!(stored_language(), None, "{ignored}");
    }
    storage.remove_item("portal.prefs").unwrap();
}
