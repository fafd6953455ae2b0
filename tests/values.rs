//! In the browser: how values are shown.
#![cfg(target_arch = "wasm32")]

use portal::format;
use rust_decimal::Decimal;
use std::str::FromStr;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn money_is_grouped_exactly_with_currency() {
    let huge = Decimal::from_str("123456789012345.678901").unwrap();
    assert_eq!(
        format::money(Some(&huge), "USD"),
        "123,456,789,012,345.678901 USD"
    );
    let negative = Decimal::from_str("-310.4").unwrap();
    assert_eq!(format::money(Some(&negative), "UAH"), "-310.4 UAH");
    assert_eq!(
        format::money(Some(&Decimal::from_str("0.0").unwrap()), "EUR"),
        "0.0 EUR"
    );
    assert_eq!(format::money(None, "EUR"), format::DASH);
    assert_eq!(format::group_digits("100"), "100");
    assert_eq!(format::group_digits("-1000"), "-1,000");
}

#[wasm_bindgen_test]
fn other_values() {
    assert_eq!(
        format::short_id("0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"),
        "0b9f7a8e…0003"
    );
    assert_eq!(format::integer(None), format::DASH);
    assert_eq!(format::integer(Some(1_000_000)), "1,000,000");
    let t = api_model::stats::parse_time("2026-07-02T08:00:07.000Z").unwrap();
    assert_eq!(format::timestamp(Some(&t)), "2026-07-02 08:00:07 UTC");
}

/// Runs `check` with `tag` as the language in use, then goes back to English (tests share the
/// page's thread).
fn in_language(tag: &str, check: impl FnOnce()) {
    let language = portal::i18n::by_tag(tag).expect("a language of the portal");
    support::install_texts();
    portal::i18n::set_language(language);
    check();
    portal::i18n::set_language(&portal::i18n::LANGUAGES[0]);
}

mod support;

fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

#[wasm_bindgen_test]
fn ukrainian_numbers_and_dates_keep_every_digit() {
    in_language("uk", || {
        let huge = Decimal::from_str("123456789012345.678901").unwrap();
        let shown = format::money(Some(&huge), "USD");
        assert_eq!(digits(&shown), "123456789012345678901", "{shown}");
        assert!(shown.contains(",678901"), "decimal comma: {shown}");
        assert!(!shown.contains('.'), "no decimal point: {shown}");
        assert!(shown.ends_with(" USD"), "{shown}");
        let negative = format::money(Some(&Decimal::from_str("-310.4").unwrap()), "UAH");
        assert!(negative.contains("310,4"), "{negative}");
        assert!(negative.starts_with(['-', '\u{2212}']), "{negative}");
        assert_eq!(
            format::count(1_000_000)
                .chars()
                .filter(|c| !c.is_ascii_digit())
                .count(),
            2
        );
        let t = api_model::stats::parse_time("2026-07-02T08:00:07.000Z").unwrap();
        assert_eq!(format::timestamp(Some(&t)), "02.07.2026 08:00:07 UTC");
        let axis_day = format::month_day(6, 5);
        assert!(
            axis_day.contains("05") && axis_day.contains("лип"),
            "{axis_day}"
        );
    });
    assert_eq!(format::month_day(6, 5), "05 Jul");
    assert_eq!(format::month_day(1, 29), "29 Feb");
    // Back in English, the same values read the English way.
    assert_eq!(format::count(1_000_000), "1,000,000");
}

#[wasm_bindgen_test]
fn every_language_has_a_valid_date_pattern() {
    use chrono::format::{Item, StrftimeItems};
    for language in &portal::i18n::LANGUAGES {
        let broken = StrftimeItems::new(language.date_time_pattern).any(|item| item == Item::Error);
        assert!(!broken, "{}: {}", language.tag, language.date_time_pattern);
    }
}

#[wasm_bindgen_test]
fn a_cell_built_as_html_shows_text_as_text() {
    use api_model::record::Value;
    use portal::components::value::cell_html;
    use portal::resources::{Cell, ColumnHead, ColumnKind};
    let column = ColumnHead {
        key: "name",
        kind: ColumnKind::Attribute(api_model::catalog::Kind::Text),
        sort_key: Some("name"),
        optional: false,
        key_place: None,
    };
    let cell = Cell {
        value: Value::Text("<b>\"West\" & 'Co'</b>".into()),
        href: Some("/accounts/a\"b".into()),
    };
    let mut html = String::new();
    cell_html(
        &cell,
        &column,
        format::Zone::Utc,
        format::ZoneMark::OnEachTime,
        &mut html,
    );
    assert_eq!(
        html,
        "<a href=\"/accounts/a&quot;b\">&lt;b&gt;&quot;West&quot; &amp; &#39;Co&#39;&lt;/b&gt;</a>"
    );
}

/// What `Intl.NumberFormat` itself writes for an exact decimal text in a locale.
fn intl_writes(locale: &str, text: &str) -> String {
    use wasm_bindgen::JsValue;
    let digits = text.split_once('.').map_or(0, |(_, f)| f.len() as u32);
    let options = js_sys::Object::new();
    for key in ["minimumFractionDigits", "maximumFractionDigits"] {
        js_sys::Reflect::set(&options, &key.into(), &JsValue::from(digits)).unwrap();
    }
    let locales = js_sys::Array::of1(&locale.into());
    js_sys::Intl::NumberFormat::new(&locales, &options)
        .format()
        .call1(&JsValue::NULL, &JsValue::from_str(text))
        .unwrap()
        .as_string()
        .unwrap()
}

#[wasm_bindgen_test]
fn numbers_read_as_intl_writes_them_in_every_language() {
    // Small numbers skip Intl (see `format::localize_number`); they must read the same.
    let texts = [
        "0", "7", "999", "0.5", "12.3456", "999.99", "1000", "1000.5", "-5", "-0.25",
    ];
    for language in &portal::i18n::LANGUAGES {
        in_language(language.tag, || {
            for text in texts {
                assert_eq!(
                    format::localize_number(text),
                    intl_writes(language.intl_locale, text),
                    "{text} in {}",
                    language.tag
                );
            }
        });
    }
}

#[wasm_bindgen_test]
fn an_identifier_cell_built_as_html_carries_its_whole_value_for_copying() {
    use api_model::record::Value;
    use portal::components::value::cell_html;
    use portal::resources::{Cell, ColumnHead, ColumnKind};
    let column = ColumnHead {
        key: "id",
        kind: ColumnKind::Id,
        sort_key: Some("id"),
        optional: false,
        key_place: None,
    };
    let id = "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003";
    let cell = Cell {
        value: Value::Reference(id.into()),
        href: None,
    };
    let mut html = String::new();
    in_language("en", || {
        cell_html(
            &cell,
            &column,
            format::Zone::Utc,
            format::ZoneMark::OnEachTime,
            &mut html,
        )
    });
    assert!(html.contains(">0b9f7a8e…0003</code>"), "{html}");
    assert!(
        html.contains(&format!("<button type=\"button\" class=\"copy\" aria-label=\"Copy the full identifier\" data-copy=\"{id}\">Copy</button>")),
        "{html}"
    );
}

#[wasm_bindgen_test]
fn escaping_keeps_every_other_character_whatever_its_script() {
    use portal::components::value::escape_html;
    let mut html = String::new();
    escape_html("Київ & «Co» <b>'ok'</b>—\"end\"", &mut html);
    assert_eq!(
        html,
        "Київ &amp; «Co» &lt;b&gt;&#39;ok&#39;&lt;/b&gt;—&quot;end&quot;"
    );
    let mut plain = String::from("kept: ");
    escape_html("ціна 0,0870 USD", &mut plain);
    assert_eq!(plain, "kept: ціна 0,0870 USD");
}

/// The name a record's file is saved under when the server gives none takes in only the plain
/// part of the record's id, whatever the server's id holds: no path, no invisible or
/// bidirectional characters.
#[wasm_bindgen_test]
fn a_records_file_name_takes_in_only_a_plain_id() {
    let document: api_model::document::Document<api_model::document::Resource<serde_json::Value>> =
        serde_json::from_value(serde_json::json!({
            "data": {
                "id": "../../x\u{202e}fdp.exe\u{600}",
                "type": "invoices",
                "attributes": { "has-pdf": true, "reference": "INV-1" },
            }
        }))
        .unwrap();
    let view = portal::resources::detail_view(api_model::catalog::Collection::Invoices, &document);
    let offer = view.download.expect("an invoice with a PDF offers it");
    assert_eq!(offer.file_name, "invoice-______x_fdp_exe_.pdf");
}
