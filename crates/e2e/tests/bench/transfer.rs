//! `cargo xtask bench --transfer-only`: only what does not depend on the machine's speed, each
//! starting page's first load in requests and bytes, against issue 28's budgets. Quick and
//! repeatable on a busy machine: the A/B of the loading mechanisms (docs/loading.md) compares
//! these.

use super::{
    Budget, FIRST_LOADS, SIGNED_IN_TRANSFER_LIMIT, TRANSFER_BUDGET, budget_line,
    first_load_transfer, first_loads_md, sign_in,
};
use e2e::Portal;
use serde_json::{Value, json};
use std::borrow::Cow;

/// Signed-in starting pages besides `FIRST_LOADS`': one per family with a mark of its own.
const MORE_SIGNED_IN: [(&str, &str, &str); 2] = [
    (
        "/statistics/origination",
        "portal:chart-drawn",
        "origination statistics (signed in)",
    ),
    ("/cdrs", "portal:table-rendered", "call list (signed in)"),
];

/// The report (Markdown, JSON) of every starting page's first load.
pub async fn report(portal: &Portal) -> (String, Value) {
    let (path, mark, label) = FIRST_LOADS[0];
    let transfer = first_load_transfer(portal, path, mark).await;
    let mut lines = vec![
        budget_line(&TRANSFER_BUDGET, total_brotli(&transfer)),
        requests_line(label, &transfer, links_limit(false)),
    ];
    sign_in(portal).await;
    let mut signed_in_loads = Vec::new();
    for (path, mark, label) in FIRST_LOADS[1..].iter().chain(&MORE_SIGNED_IN) {
        let load = first_load_transfer(portal, path, mark).await;
        let budget = Budget {
            name: Cow::Owned(format!("first load of {label}: all files, brotli")),
            limit: SIGNED_IN_TRANSFER_LIMIT,
            unit: "B",
        };
        lines.push(budget_line(&budget, total_brotli(&load)));
        lines.push(requests_line(label, &load, links_limit(true)));
        signed_in_loads.push(json!({ "start": path, "label": label, "transfer": load }));
    }
    let mut md = String::from("# Portal benchmark: first loads' requests and bytes\n\n");
    md += &first_loads_md(&transfer, &signed_in_loads);
    md += "## Budgets\n\n| budget | value | limit | |\n|---|---:|---:|---|\n";
    for (line, _) in &lines {
        md += &(line.clone() + "\n");
    }
    let json = json!({
        "transfer": transfer,
        "signed_in_first_loads": signed_in_loads,
        "budgets": lines.iter().map(|(_, j)| j.clone()).collect::<Vec<_>>(),
    });
    (md, json)
}

fn total_brotli(load: &Value) -> f64 {
    load["total"]["brotli"].as_f64().unwrap_or(f64::NAN)
}

fn links_limit(signed_in: bool) -> f64 {
    match signed_in {
        true => super::links::SIGNED_IN_REQUESTS_LIMIT,
        false => super::links::SIGN_IN_REQUESTS_LIMIT,
    }
}

fn requests_line(label: &str, load: &Value, limit: f64) -> (String, Value) {
    let budget = Budget {
        name: Cow::Owned(format!("{label}: requests before usable")),
        limit,
        unit: "requests",
    };
    budget_line(&budget, load["requests"].as_f64().unwrap_or(f64::NAN))
}
