//! Rates, end to end: a rate lookup opened cold from its URL (the longest prefix first, a
//! cost equal to a hand computation), a bad number refused before any request, and a rate
//! plan's whole rate deck downloaded as CSV.
//!
//! The demo's "Ukraine mobile" plan has fixed rates (crates/demo-server/docs/api.md): for
//! 380671234567 it finds 380671, 38067 and 380.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal};
use serde_json::Value;

const NUMBER: &str = "380671234567";
const ROWS: &str = "#check-rate-table tbody tr";

async fn sign_in(portal: &Portal) {
    portal.sign_in_as_demo().await;
}

/// The id of the customer's rate plan with this name, as the API lists it.
async fn rateplan_id(portal: &Portal, name: &str) -> String {
    let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
    let plans = portal.api_get(&token, "rateplans", &[]).await;
    plans["data"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["attributes"]["name"] == name)
        .and_then(|p| p["id"].as_str())
        .unwrap_or_else(|| panic!("no rate plan {name}: {plans}"))
        .to_owned()
}

/// `attribute` of every element matching `css`, in document order.
async fn attributes(portal: &Portal, css: &str, attribute: &str) -> Vec<String> {
    let found = portal
        .client()
        .execute(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.getAttribute(arguments[1]));",
            vec![Value::from(css), Value::from(attribute)],
        )
        .await
        .unwrap_or_else(|error| panic!("reading {attribute} of {css}: {error}"));
    found
        .as_array()
        .into_iter()
        .flatten()
        .map(|v| v.as_str().unwrap_or_default().to_owned())
        .collect()
}

fn check_rate_posts(portal: &Portal) -> usize {
    portal
        .served_requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/check-rate"))
        .count()
}

#[test]
fn a_check_rate_lookup_from_a_cold_url_shows_the_longest_prefix_first_and_a_cost_equal_to_a_hand_computation()
 {
    e2e::run(|portal| async move {
        let plan = rateplan_id(&portal, "Ukraine mobile").await;
        sign_in(&portal).await;
        portal
            .open(&format!(
                "/check-rate?rateplan-id={plan}&number={NUMBER}&duration=95"
            ))
            .await;
        portal.wait_for(&format!("{ROWS}[data-prefix='380']")).await;
        assert_eq!(
            attributes(&portal, ROWS, "data-prefix").await,
            ["380671", "38067", "380"],
            "the longest prefix first"
        );
        portal
            .wait_for_text(&format!("{ROWS}:first-child .badge"), "Applies")
            .await;
        // By hand, 95 s under 380671 (0.03/min for the first 30 s, then 0.018/min by 6 s,
        // connect fee 0.005): 30 × 0.03 / 60 = 0.015; 65 s more start 11 intervals of 6 s,
        // 66 × 0.018 / 60 = 0.0198; 0.015 + 0.0198 + 0.005 = 0.0398.
        let total = portal.wait_for_text(".call-cost dd.total", "0.").await;
        assert_eq!(total, "0.0398");
        // Under 38067 (0.032/min for 60 s, then 0.024/min by the second): 0.032 + 35 × 0.024
        // / 60 = 0.032 + 0.014 = 0.046. Under 380 (0.05/min by 60 s): two minutes, 0.1.
        let costs = portal
            .wait_for_texts(&format!("{ROWS} td.cost"), "a cost per rate", |t| {
                t.len() == 3
            })
            .await;
        assert_eq!(costs, ["0.0398", "0.046", "0.1"]);
        // The form shows what the URL asked; one request answered it.
        assert_eq!(portal.value_of("input[name=number]").await, NUMBER);
        assert_eq!(portal.value_of("select[name=rateplan-id]").await, plan);
        assert_eq!(check_rate_posts(&portal), 1);

        // Another duration changes the costs, not the lookup, and the URL keeps it: 60 s is
        // 0.015 + 5 × 6 s × 0.018 / 60 (0.009) + 0.005 = 0.029.
        portal.fill("input[name=duration]", "1:00").await;
        portal.press_enter("input[name=duration]").await;
        portal.wait_for_text(".call-cost dd.total", "0.029").await;
        portal
            .wait_for_url("the duration in the URL", |url| {
                e2e::query_param(url, "duration").as_deref() == Some("1:00")
            })
            .await;
        assert_eq!(check_rate_posts(&portal), 1);
    });
}

#[test]
fn a_bad_number_is_refused_before_any_request_and_a_good_one_becomes_the_url() {
    e2e::run(|portal| async move {
        let plan = rateplan_id(&portal, "Ukraine mobile").await;
        sign_in(&portal).await;
        portal.open("/check-rate").await;
        portal
            .wait_for(&format!("select[name=rateplan-id] option[value='{plan}']"))
            .await;
        portal.select("select[name=rateplan-id]", &plan).await;
        portal.fill("input[name=number]", "38067x").await;
        portal.press_enter("input[name=number]").await;
        portal.wait_for_text("#number-error", "digits").await;
        assert_eq!(check_rate_posts(&portal), 0, "no request for a bad number");

        portal.fill("input[name=number]", "+380 67 123 45 67").await;
        portal.press_enter("input[name=number]").await;
        let url = portal
            .wait_for_url("the lookup in the URL", |url| {
                e2e::query_param(url, "number").as_deref() == Some(NUMBER)
            })
            .await;
        assert_eq!(
            e2e::query_param(&url, "rateplan-id").as_deref(),
            Some(plan.as_str())
        );
        portal
            .wait_for(&format!("{ROWS}[data-prefix='380671']"))
            .await;
        assert_eq!(check_rate_posts(&portal), 1);
    });
}

#[test]
fn a_rate_plans_rate_deck_downloads_as_many_rows_as_it_has_rates() {
    e2e::run(|portal| async move {
        let plan = rateplan_id(&portal, "Demo Telecom standard").await;
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let rates = portal
            .api_get(
                &token,
                "rates",
                &[("filter[rateplan-id-eq]", &plan), ("page[size]", "1")],
            )
            .await;
        let total = rates["meta"]["total-count"].as_u64().unwrap_or_default();
        assert!(total > 0, "the plan has rates");
        sign_in(&portal).await;
        portal.open(&format!("/rateplans/{plan}")).await;
        portal
            .wait_for(".listed-records[data-collection=rates] tbody tr")
            .await;
        portal
            .click(".listed-records[data-collection=rates] button.export-csv")
            .await;
        let csv = portal.wait_for_download(&format!("rates-{plan}.csv")).await;
        let csv = String::from_utf8(csv).expect("the CSV is UTF-8");
        let lines: Vec<&str> = csv.trim_end_matches("\r\n").split("\r\n").collect();
        assert!(lines[0].starts_with("prefix,"), "{}", lines[0]);
        assert_eq!(
            lines.len() as u64 - 1,
            total,
            "one line per rate of the plan"
        );
        portal
            .wait_for_text(
                ".listed-records[data-collection=rates] .export-note",
                &format!("Exported {total} rows."),
            )
            .await;
    });
}
