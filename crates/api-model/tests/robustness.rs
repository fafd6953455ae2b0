//! Every decoder meets hostile input without panicking: mutated upstream samples (flipped and
//! dropped bytes, cut bodies, values of the wrong kind), random query strings, random tokens.
//!
//! The number of inputs is `ROBUSTNESS_INPUTS` (default 100,000, about ten seconds in a debug build; `cargo test --release` runs millions in the same time);
//! a panic anywhere fails the test. Inputs come from a fixed seed, so a failure reproduces.

mod support;

use api_model::auth::read_claims;
use api_model::catalog::Collection;
use api_model::document::{Document, ListDocument, SingleDocument};
use api_model::errors::{ErrorDocument, classify, classify_error};
use api_model::filters::{Filter, split_list};
use api_model::list::ListParams;
use api_model::number::parse_decimal;
use api_model::resources::*;
use api_model::stats::{StatsPayload, parse_time};
use std::path::Path;
use support::Rng;

const NASTY: &[&str] = &[
    "null",
    "true",
    "[]",
    "{}",
    "\"\"",
    "-0",
    "1e400",
    "-1e-400",
    "18446744073709551616",
    "\"NaN\"",
    "\"<script>alert(1)</script>\"",
    "\"\u{202e}evil\"",
    "\"123456789012345.678901\"",
    "[null,\"1\",2.5]",
    "{\"data\":null}",
    "\"2026-13-45T99:99:99Z\"",
    "\"\\ud800\"",
    "9007199254740993",
];

fn fixtures() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .expect("fixtures")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .collect();
    texts.sort();
    texts
}

/// Replaces one JSON value somewhere in the tree with a nasty one.
fn swap_value(value: &mut serde_json::Value, rng: &mut Rng) {
    let replacement = || -> serde_json::Value { serde_json::Value::Null };
    match value {
        serde_json::Value::Object(map) if !map.is_empty() => {
            let key = map
                .keys()
                .nth(rng.index(map.len()))
                .cloned()
                .unwrap_or_default();
            if let Some(child) = map.get_mut(&key) {
                if rng.index(3) == 0 {
                    *child = serde_json::from_str(NASTY[rng.index(NASTY.len())])
                        .unwrap_or_else(|_| replacement());
                } else {
                    swap_value(child, rng);
                }
            }
        }
        serde_json::Value::Array(items) if !items.is_empty() => {
            let index = rng.index(items.len());
            if rng.index(3) == 0 {
                items[index] = serde_json::from_str(NASTY[rng.index(NASTY.len())])
                    .unwrap_or_else(|_| replacement());
            } else {
                swap_value(&mut items[index], rng);
            }
        }
        other => {
            *other = serde_json::from_str(NASTY[rng.index(NASTY.len())])
                .unwrap_or_else(|_| replacement())
        }
    }
}

fn mutate(text: &str, rng: &mut Rng) -> String {
    match rng.index(5) {
        0 => {
            let cut = rng.index(text.len() + 1);
            text.get(..cut).unwrap_or(text).to_owned()
        }
        1 => {
            let mut bytes = text.as_bytes().to_vec();
            for _ in 0..=rng.index(4) {
                if !bytes.is_empty() {
                    let at = rng.index(bytes.len());
                    bytes[at] = (rng.next() & 0x7f) as u8;
                }
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
        2 => {
            let at = rng.index(text.len() + 1);
            let (head, tail) = text.split_at(text.floor_char_boundary(at));
            format!("{head}{}{tail}", NASTY[rng.index(NASTY.len())])
        }
        _ => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(mut value) => {
                for _ in 0..=rng.index(3) {
                    swap_value(&mut value, rng);
                }
                value.to_string()
            }
            Err(_) => text.chars().rev().collect(),
        },
    }
}

fn random_text(rng: &mut Rng) -> String {
    const ALPHABET: &[u8] =
        b"abc-_[]=&%2C5B5D,.\"?+ 0123456789filter[page]sortinclude-eqnot-in\xc3\xa9";
    let length = rng.index(60);
    let bytes: Vec<u8> = (0..length)
        .map(|_| ALPHABET[rng.index(ALPHABET.len())])
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Every decoder the portal applies to text from the network, the URL or storage.
fn decode_everything(text: &str, status: u16) {
    let _ = serde_json::from_str::<ListDocument<Account>>(text);
    let _ = serde_json::from_str::<SingleDocument<Account>>(text);
    let _ = serde_json::from_str::<ListDocument<NetworkType>>(text);
    let _ = serde_json::from_str::<ListDocument<NetworkPrefix>>(text);
    let _ = serde_json::from_str::<SingleDocument<Service>>(text);
    let _ = serde_json::from_str::<SingleDocument<CdrExport>>(text);
    let _ = serde_json::from_str::<SingleDocument<Rate>>(text);
    let _ = serde_json::from_str::<SingleDocument<ChartOriginatedCps>>(text);
    let _ = serde_json::from_str::<SingleDocument<ChartActiveCalls>>(text);
    let _ = serde_json::from_str::<Document<serde_json::Value>>(text);
    let _ = serde_json::from_str::<ErrorDocument>(text);
    if let Ok(payload) = serde_json::from_str::<StatsPayload>(text) {
        let _ = payload.times().count();
    }
    let _ = classify::<StatsPayload>(status, text).map_err(|e| e.message());
    let _ = classify_error(status, text).message();
    let _ = read_claims::<api_model::auth::Claims>(text);
    let params = ListParams::from_query(text);
    if let Ok(params) = params {
        let _ = params.to_query();
        for filter in &params.filters {
            let _ = filter.validate(Collection::Accounts);
            let _ = filter.values();
        }
    }
    let _ = Filter::parse_key_name(text, text);
    let _ = split_list(text);
    let _ = parse_time(text);
    let _ = parse_decimal(text);
}

#[test]
fn decoders_survive_hostile_input() {
    let inputs: usize = std::env::var("ROBUSTNESS_INPUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let samples = fixtures();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let statuses = [200, 201, 400, 401, 404, 422, 429, 500];
    for i in 0..inputs {
        let text = if i % 4 == 3 {
            random_text(&mut rng)
        } else {
            mutate(&samples[rng.index(samples.len())], &mut rng)
        };
        decode_everything(&text, statuses[rng.index(statuses.len())]);
    }
    println!("decoders_survive_hostile_input: {inputs} inputs, no panic");
}
