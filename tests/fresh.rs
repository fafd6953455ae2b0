//! What Back and Forward take instead of asking again: only a fresh answer of the same session,
//! once, on the page they went to; and what is kept stays bounded.
#![cfg(target_arch = "wasm32")]

use portal::fresh::{Answers, FRESH_FOR_MS, KEPT_AT_MOST, KEPT_BYTES_AT_MOST};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const CDRS: &str = "/api/rest/customer/v1/cdrs?include=account";
const PAGE: &str = "/cdrs";
const ALICE: u64 = 1;
const BOB: u64 = 2;

fn taken(answers: &mut Answers<u64>, session: u64, url: &str, at: f64) -> Option<String> {
    answers.take(&session, url, PAGE, at).map(|(_, body)| body)
}

#[wasm_bindgen_test]
fn only_a_page_reached_by_back_or_forward_takes_a_kept_answer() {
    let mut answers = Answers::default();
    answers.keep(ALICE, CDRS, 200, "rows", 0.0);
    assert_eq!(taken(&mut answers, ALICE, CDRS, 1.0), None, "a link asks");
    answers.traversed("/accounts".to_owned());
    assert_eq!(taken(&mut answers, ALICE, CDRS, 1.0), None, "another page");
    answers.traversed(PAGE.to_owned());
    assert_eq!(
        taken(&mut answers, ALICE, CDRS, 1.0).as_deref(),
        Some("rows")
    );
    assert_eq!(
        taken(&mut answers, ALICE, CDRS, 2.0),
        None,
        "a second read of the page (a reload, a retry) asks"
    );
    answers.traversed(PAGE.to_owned());
    assert_eq!(
        taken(&mut answers, ALICE, CDRS, 3.0).as_deref(),
        Some("rows"),
        "Back to it again, while fresh"
    );
}

#[wasm_bindgen_test]
fn what_the_customer_does_after_back_or_forward_asks() {
    let mut answers = Answers::default();
    answers.keep(ALICE, CDRS, 200, "rows", 0.0);
    answers.traversed(PAGE.to_owned());
    answers.acted();
    assert_eq!(
        taken(&mut answers, ALICE, CDRS, 1.0),
        None,
        "a link followed from the page reads before the address changes"
    );
}

#[wasm_bindgen_test]
fn an_answer_serves_its_session_only() {
    let mut answers = Answers::default();
    answers.keep(ALICE, CDRS, 200, "alice's rows", 0.0);
    answers.traversed(PAGE.to_owned());
    assert_eq!(taken(&mut answers, BOB, CDRS, 1.0), None);
}

#[wasm_bindgen_test]
fn an_answer_is_fresh_for_a_while_only() {
    let mut answers = Answers::default();
    answers.keep(ALICE, CDRS, 200, "rows", 1_000.0);
    answers.traversed(PAGE.to_owned());
    assert_eq!(
        taken(&mut answers, ALICE, CDRS, 1_000.0 + FRESH_FOR_MS),
        None
    );
    answers.keep(ALICE, "/other", 200, "other rows", 1_000.0 + FRESH_FOR_MS);
    assert_eq!(
        answers.len(),
        1,
        "a stale answer is dropped by the next one kept"
    );
    answers.keep(ALICE, CDRS, 200, "rows", 1_000.0);
    answers.traversed(PAGE.to_owned());
    assert_eq!(
        taken(&mut answers, ALICE, CDRS, 999.0),
        None,
        "a clock set back makes no answer young"
    );
}

#[wasm_bindgen_test]
fn a_write_or_a_new_session_drops_every_answer() {
    let mut answers = Answers::default();
    answers.keep(ALICE, CDRS, 200, "rows", 0.0);
    answers.forget();
    answers.traversed(PAGE.to_owned());
    assert_eq!(taken(&mut answers, ALICE, CDRS, 1.0), None);
}

#[wasm_bindgen_test]
fn a_newer_answer_replaces_the_older() {
    let mut answers = Answers::default();
    answers.keep(ALICE, CDRS, 200, "old rows", 0.0);
    answers.keep(ALICE, CDRS, 200, "new rows", 5.0);
    assert_eq!(answers.len(), 1);
    answers.traversed(PAGE.to_owned());
    assert_eq!(
        taken(&mut answers, ALICE, CDRS, 6.0).as_deref(),
        Some("new rows")
    );
}

#[wasm_bindgen_test]
fn what_is_kept_stays_bounded() {
    let mut answers = Answers::default();
    for n in 0..KEPT_AT_MOST * 2 {
        answers.keep(ALICE, &format!("{CDRS}&page={n}"), 200, "rows", n as f64);
    }
    assert_eq!(answers.len(), KEPT_AT_MOST);
    answers.traversed(PAGE.to_owned());
    let newest = format!("{CDRS}&page={}", KEPT_AT_MOST * 2 - 1);
    assert!(
        taken(&mut answers, ALICE, &newest, 100.0).is_some(),
        "the newest is kept"
    );
    let big = "x".repeat(KEPT_BYTES_AT_MOST / 3 + 1);
    for n in 0..3 {
        answers.keep(ALICE, &format!("{CDRS}&big={n}"), 200, &big, 200.0);
    }
    answers.traversed(PAGE.to_owned());
    let first_big = format!("{CDRS}&big=0");
    assert_eq!(
        taken(&mut answers, ALICE, &first_big, 201.0),
        None,
        "over the bytes"
    );
    answers.keep(ALICE, CDRS, 200, &"x".repeat(KEPT_BYTES_AT_MOST + 1), 300.0);
    assert_eq!(
        taken(&mut answers, ALICE, CDRS, 301.0),
        None,
        "too big to keep"
    );
}
