//! Money, end to end: an invoice's breakdown and its PDF, payments filtered from a cold URL, a
//! top-up from the form to paid, and low balances warned about where the customer looks (a
//! reseller's hundred of them summed up once on the overview).
//!
//! Expectations come from the demo API itself, asked with a token as a script would.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, DataFile, Portal, Setup, query_param};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::str::FromStr;
use std::sync::Arc;

const DETAIL_HEADING: &str = "section.detail-page h1";

async fn sign_in(portal: &Portal) {
    portal.sign_in_as_demo().await;
}

fn records(document: &Value) -> Vec<Value> {
    document["data"].as_array().cloned().unwrap_or_default()
}

fn decimal(value: &Value) -> Decimal {
    let text = match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    Decimal::from_str(&text).unwrap_or_else(|_| panic!("{value} is not a decimal"))
}

/// The number a shown amount or count says (`1,234.50 USD` → 1234.50; `—` → none).
fn shown_number(text: &str) -> Option<Decimal> {
    let digits: String = text
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.' || *c == '-' || *c == '−')
        .map(|c| if c == '−' { '-' } else { c })
        .collect();
    Decimal::from_str(&digits).ok()
}

#[test]
fn an_invoice_shows_the_apis_numbers_and_downloads_its_pdf_with_the_token_in_a_header() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let invoices = portal
            .api_get(&token, "invoices", &[("page[size]", "100")])
            .await;
        let invoice = records(&invoices)
            .into_iter()
            .find(|i| {
                i["attributes"]["has-pdf"] == Value::Bool(true)
                    && i["attributes"]["originated-calls-count"].as_u64() > Some(0)
            })
            .expect("an invoice with calls and a PDF");
        let id = invoice["id"].as_str().unwrap_or_default().to_owned();
        let a = &invoice["attributes"];
        let reference = a["reference"].as_str().unwrap_or_default().to_owned();
        sign_in(&portal).await;
        portal.open(&format!("/invoices/{id}")).await;
        portal.wait_for_text(DETAIL_HEADING, &reference).await;
        for name in [
            "originated-amount-spent",
            "originated-calls-count",
            "originated-successful-calls-count",
            "terminated-amount-spent",
            "services-amount-spent",
            "amount-spent",
        ] {
            let shown = portal
                .wait_for_text(&format!(".invoice-breakdown td[data-key={name}]"), "")
                .await;
            assert_eq!(
                shown_number(&shown),
                Some(decimal(&a[name])),
                "{name}: shown {shown:?}, the API says {}",
                a[name]
            );
        }
        // Each fact once: the breakdown's figures are not listed again among the attributes.
        portal
            .wait_for("dl.attributes .attribute[data-key=start-date]")
            .await;
        let repeated = portal
            .client()
            .execute(
                "return Array.from(document.querySelectorAll('.invoice-breakdown td[data-key]'),
                    (cell) => cell.dataset.key)
                    .filter((key) => document.querySelector(`dl.attributes .attribute[data-key='${key}']`));",
                Vec::new(),
            )
            .await
            .expect("looking for repeated figures");
        assert_eq!(
            repeated,
            json!([]),
            "figures both in the breakdown and the attributes"
        );
        // The first and last calls' headings name the zone once; their times leave it out.
        let first = portal
            .wait_for_text(
                ".invoice-breakdown td[data-key=originated-first-call-at]",
                ":",
            )
            .await;
        assert!(
            !first.contains("+00:00") && !first.contains("UTC"),
            "the first call's time leaves the zone to its heading: {first:?}"
        );
        portal
            .wait_for_text(".invoice-breakdown thead th", "First call (")
            .await;
        // Durations read as hours and minutes.
        let call_time = portal
            .wait_for_text(
                ".invoice-breakdown td[data-key=originated-calls-duration]",
                "min",
            )
            .await;
        let seconds = a["originated-calls-duration"].as_i64().unwrap_or_default();
        let minutes = (seconds + 30) / 60;
        // Hours are grouped like every number (`7,341 h 30 min`).
        assert_eq!(
            call_time.replace(',', ""),
            format!("{} h {:02} min", minutes / 60, minutes % 60)
        );

        portal.click("button.download-file").await;
        let pdf = portal.wait_for_download(&format!("{reference}.pdf")).await;
        assert!(pdf.starts_with(b"%PDF"), "a PDF file");
        let served = portal.served_requests();
        let download = served
            .iter()
            .find(|r| r.path.ends_with(&format!("/invoices/{id}/download")))
            .expect("the PDF was asked for");
        assert!(download.authorization, "the token went in a header");
        assert!(!download.query.contains(&token) && !download.path.contains(&token));

        // An invoice without a PDF offers no download.
        if let Some(plain) = records(&invoices)
            .into_iter()
            .find(|i| i["attributes"]["has-pdf"] == Value::Bool(false))
        {
            let plain_id = plain["id"].as_str().unwrap_or_default();
            portal.open(&format!("/invoices/{plain_id}")).await;
            portal.wait_for(".invoice-breakdown").await;
            let buttons = portal
                .client()
                .execute(
                    "return document.querySelectorAll('button.download-file').length;",
                    vec![],
                )
                .await
                .ok()
                .and_then(|v| v.as_u64());
            assert_eq!(buttons, Some(0));
        }
    });
}

#[test]
fn payments_filtered_by_status_open_cold() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let pending = portal
            .api_get(
                &token,
                "payments",
                &[("filter[status-eq]", "pending"), ("page[size]", "1")],
            )
            .await;
        let total = pending["meta"]["total-count"].as_u64().unwrap_or_default();
        assert!(total > 0, "the demo customer has pending payments");
        portal.open("/payments?filter%5Bstatus-eq%5D=pending").await;
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal
            .wait_for_text("nav.pager .pager-summary", &format!("of {total}"))
            .await;
        let table = portal
            .wait_for_table("table#payments-table", "pending payments", |t| {
                !t.rows.is_empty()
            })
            .await;
        let statuses = table.column("Status").expect("a Status column");
        assert!(statuses.iter().all(|s| *s == "Pending"), "{statuses:?}");
        // The status filter offers exactly the server's values.
        portal.wait_for("select").await;
    });
}

/// The account's balance as the API has it now.
async fn balance_of(portal: &Portal, token: &str, account: &str) -> Decimal {
    let document = portal
        .api_get(token, &format!("accounts/{account}"), &[])
        .await;
    decimal(&document["data"]["attributes"]["balance"])
}

#[test]
fn a_top_up_goes_from_the_form_to_paid_and_raises_the_balance() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let accounts = portal.api_get(&token, "accounts", &[]).await;
        let account = records(&accounts)[0]["id"]
            .as_str()
            .expect("an account")
            .to_owned();
        let before = balance_of(&portal, &token, &account).await;
        sign_in(&portal).await;
        portal.open("/payments").await;
        portal.click("a.new-record").await;
        portal.wait_for_path("/payments/top-up").await;
        portal
            .select("form.top-up-form select[name=account]", &account)
            .await;

        // Refused before any request.
        portal
            .fill("form.top-up-form input[name=amount]", "0.001")
            .await;
        portal.click("form.top-up-form button[type=submit]").await;
        portal.wait_for_text(".field-error", "at least 0.01").await;
        assert!(
            !portal
                .served_requests()
                .iter()
                .any(|r| r.path.ends_with("/cryptomus-payments")),
            "nothing was sent"
        );

        portal
            .fill("form.top-up-form input[name=amount]", "25.50")
            .await;
        portal.click("form.top-up-form button[type=submit]").await;
        // The provider's page (the demo server's stand-in): pay. The provider sends the
        // browser back to the portal, which follows the top-up until final. That page shows it
        // once: reopening the page after it did would find nothing.
        portal.pay_on_the_providers_page().await;
        portal.wait_for("li.top-up [data-status=completed]").await;
        let expected = before + Decimal::from_str("25.50").unwrap_or_default();
        assert_eq!(balance_of(&portal, &token, &account).await, expected);
        let shown = portal.wait_for_text("li.top-up .new-balance", "").await;
        assert_eq!(shown_number(&shown), Some(expected), "{shown}");

        // The payments list has it, completed, newest first.
        portal.open("/payments").await;
        let table = portal
            .wait_for_table("table#payments-table", "payments", |t| !t.rows.is_empty())
            .await;
        let status = table.column("Status").expect("a Status column");
        let amount = table.column("Amount").expect("an Amount column");
        assert_eq!(status.first().copied(), Some("Completed"));
        assert_eq!(
            amount.first().and_then(|a| shown_number(a)),
            Some(Decimal::from_str("25.5").unwrap_or_default())
        );
    });
}

#[test]
fn a_low_balance_is_warned_about_on_the_overview_and_the_accounts_page() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let accounts = portal.api_get(&token, "accounts", &[]).await;
        let low = records(&accounts)
            .into_iter()
            .find(|a| {
                let a = &a["attributes"];
                !a["min-balance"].is_null() && decimal(&a["balance"]) <= decimal(&a["min-balance"])
            })
            .expect("an account at or below its minimum balance");
        let name = low["attributes"]["name"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let id = low["id"].as_str().unwrap_or_default().to_owned();
        sign_in(&portal).await;
        portal.open("/").await;
        portal
            .wait_for_text(".balance-warnings .below-minimum", &name)
            .await;
        portal.open(&format!("/accounts/{id}")).await;
        portal
            .wait_for_text(".account-summary .balance-warning", "minimum")
            .await;
        // The account's page lists its latest invoices and payments, linked to the lists.
        for collection in ["invoices", "payments"] {
            portal
                .wait_for(&format!(
                    "section.listed-records[data-collection={collection}] p a"
                ))
                .await;
        }
    });
}

/// The week of an account's calls, an hour a sample, that the overview asked for its credit
/// ahead (`sampling=hour` is that request's alone on the overview).
fn credit_requests(portal: &Portal) -> Vec<e2e::ServedRequest> {
    portal
        .served_requests()
        .into_iter()
        .filter(|r| {
            r.from_browser()
                && r.endpoint() == "origination-statistics"
                && r.query_param("sampling").as_deref() == Some("hour")
        })
        .collect()
}

/// A forecast as the overview words it in English: whole hours rounded down, two days or more
/// in days rounded to the nearest.
fn forecast_words(headroom: Decimal, spend: Decimal, span_hours: i64) -> String {
    if spend <= Decimal::ZERO {
        return "the minimum is not reached".to_owned();
    }
    let hours = (headroom * Decimal::from(span_hours) / spend).floor();
    let hours = u64::try_from(hours).expect("a forecast in hours");
    match hours {
        0 => "the minimum within the hour".to_owned(),
        1 => "the minimum in about 1 hour".to_owned(),
        h if h < 48 => format!("the minimum in about {h} hours"),
        h => format!("the minimum in about {} days", (h + 12) / 24),
    }
}

/// The spend of the last 24 hours and of the last 7 days in the week `asked` for (the
/// portal's own request, asked again with its times), with the forecast for `headroom` at each,
/// as the page says them: `(spend, words)`.
async fn expected_credit(
    portal: &Portal,
    token: &str,
    asked: &e2e::ServedRequest,
    headroom: Decimal,
) -> [(Decimal, String); 2] {
    let param = |name: &str| asked.query_param(name).unwrap_or_default();
    let (account, from, to) = (param("account-id"), param("from-time"), param("to-time"));
    let query = [
        ("account-id", account.as_str()),
        ("from-time", from.as_str()),
        ("to-time", to.as_str()),
        ("sampling", "hour"),
    ];
    let week = portal
        .api_get(token, "origination-statistics", &query)
        .await;
    let to = chrono::NaiveDateTime::parse_from_str(&to, "%Y-%m-%d %H:%M:%S")
        .expect("the portal's to-time")
        .and_utc();
    let day_start = (to - chrono::TimeDelta::hours(24)).timestamp();
    let starts = week["data"]["t"].as_array().cloned().unwrap_or_default();
    let prices = week["data"]["total_price"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(starts.len(), prices.len());
    let (mut last_day, mut last_week) = (Decimal::ZERO, Decimal::ZERO);
    for (start, price) in starts.iter().zip(&prices).filter(|(_, p)| !p.is_null()) {
        if start.as_i64().expect("a sample's start") >= day_start {
            last_day += decimal(price);
        }
        last_week += decimal(price);
    }
    assert!(
        last_day > Decimal::ZERO && last_week > last_day,
        "{last_day} {last_week}"
    );
    [
        (last_day, forecast_words(headroom, last_day, 24)),
        (last_week, forecast_words(headroom, last_week, 168)),
    ]
}

/// The two forecasts shown in `css` (`At the last 24 hours' spend (249.03 EUR): the minimum in
/// about 46 hours`) as `(spend, words)`.
async fn shown_credit(portal: &Portal, css: &str) -> Vec<(Decimal, String)> {
    let spans = portal
        .wait_for_texts(css, "the two forecasts", |spans| spans.len() == 2)
        .await;
    spans
        .iter()
        .map(|shown| {
            let (said_spend, when) = shown.split_once(':').expect("the spend, then when");
            let amount = said_spend
                .split_once('(')
                .and_then(|(_, rest)| rest.split_once(')'));
            let spend = amount.and_then(|(amount, _)| shown_number(amount));
            (
                spend.expect("the spend in brackets"),
                when.trim().to_owned(),
            )
        })
        .collect()
}

/// The two figures of an account's credit ahead on its page.
const ACCOUNT_CREDIT: &str = r#".account-today .figure[data-key^="credit"]"#;

/// An account close to its minimum (the demo's Berlin Retail) has its credit ahead on the
/// overview: when its balance reaches its minimum at the spend of the last 24 hours and at that
/// of the last 7 days, from the one week of its calls asked for, by the hour; its own page too,
/// among today's figures. The account below its minimum (Lviv Overdraft, also named) needs no
/// forecast and costs no request, on the overview or on its page.
#[test]
fn credit_ahead_tells_when_a_balance_reaches_its_minimum() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let accounts = portal.api_get(&token, "accounts", &[]).await;
        // Signing in leads to the overview: its one load.
        sign_in(&portal).await;
        let shown = shown_credit(&portal, ".balance-summary .credit-ahead div").await;
        let asked = credit_requests(&portal);
        assert_eq!(
            asked.len(),
            1,
            "one request for the one account close to its minimum"
        );
        let account_id = asked[0].query_param("account-id").unwrap_or_default();
        let account = records(&accounts)
            .into_iter()
            .find(|a| a["id"] == json!(account_id))
            .expect("the account asked for is the customer's");
        let a = &account["attributes"];
        assert_eq!(a["name"], json!("Berlin Retail"));
        let headroom = decimal(&a["balance"]) - decimal(&a["min-balance"]);
        let expected = expected_credit(&portal, &token, &asked[0], headroom).await;
        assert_eq!(shown, expected);
        portal
            .wait_for_text(
                ".balance-summary .credit-ahead p",
                "Credit ahead of Berlin Retail",
            )
            .await;

        // The account's own page tells it too, among today's figures, from a request of its own.
        portal.open(&format!("/accounts/{account_id}")).await;
        let shown = shown_credit(&portal, ACCOUNT_CREDIT).await;
        let asked = credit_requests(&portal);
        assert_eq!(asked.len(), 2, "one more request, for the account's page");
        let expected = expected_credit(&portal, &token, &asked[1], headroom).await;
        assert_eq!(shown, expected);

        // The page of an account below its minimum: its warning, and no forecast asked for.
        let below = records(&accounts)
            .into_iter()
            .find(|a| a["attributes"]["name"] == json!("Lviv Overdraft"))
            .expect("the demo's account below its minimum");
        let below_id = below["id"].as_str().unwrap_or_default().to_owned();
        portal.open(&format!("/accounts/{below_id}")).await;
        portal.wait_for(".account-summary .balance-warning").await;
        portal.wait_for(".account-today .totals").await;
        assert_eq!(
            credit_requests(&portal).len(),
            2,
            "a forecast asked for Lviv"
        );
        assert!(
            portal
                .client()
                .find(e2e::fantoccini::Locator::Css(ACCOUNT_CREDIT))
                .await
                .is_err(),
            "a credit ahead shown below the minimum"
        );
    });
}

/// Accounts below their minimum, close to it and comfortable: a reseller's ordinary lot.
const BELOW: usize = 23;
const NEAR: usize = 100;
const COMFORTABLE: usize = 5;

/// A customer with [`BELOW`] accounts below their minimum of 0 (the lowest `Below 22` at
/// −22 USD), [`NEAR`] close to it (50 USD of a 0–1000 span) and [`COMFORTABLE`] well above.
fn reseller_data() -> Arc<DataFile> {
    let account = |name: String, balance: String| {
        json!({"attributes": {"name": name, "balance": balance, "min-balance": "0",
            "max-balance": "1000", "currency": "USD"}})
    };
    let accounts: Vec<Value> = (0..BELOW)
        .map(|i| account(format!("Below {i:02}"), format!("-{i}")))
        .chain((0..NEAR).map(|i| account(format!("Near {i:03}"), "50".to_owned())))
        .chain((0..COMFORTABLE).map(|i| account(format!("Fine {i}"), "900".to_owned())))
        .collect();
    let file = json!({
        "format": "demo-server-data/1",
        "customers": [{
            "login": DEMO_LOGIN,
            "password": DEMO_PASSWORD,
            "name": "Reseller",
            "accounts": accounts,
        }],
    });
    Arc::new(DataFile::from_json(&file.to_string()).expect("the reseller's data file is valid"))
}

#[test]
fn a_hundred_low_balances_make_one_summary_on_the_overview_that_opens_the_accounts_by_balance() {
    let setup = Setup {
        data: Some(reseller_data()),
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        sign_in(&portal).await;
        portal.open("/").await;
        let counts = portal
            .wait_for_texts(
                ".balance-summary .balance-counts li",
                "two counts",
                |texts| texts.len() == 2,
            )
            .await;
        assert!(counts[0].contains(&BELOW.to_string()), "{counts:?}");
        assert!(counts[1].contains(&NEAR.to_string()), "{counts:?}");
        let lowest = portal
            .wait_for_texts(
                ".balance-summary .lowest-accounts li a",
                "the lowest three",
                |names| names.len() == 3,
            )
            .await;
        assert_eq!(lowest, ["Below 22", "Below 21", "Below 20"]);
        // One summary: no warning box per account.
        let counted = portal
            .client()
            .execute(
                "return [document.querySelectorAll('.balance-summary').length,
                    document.querySelectorAll('.balance-warning').length];",
                Vec::new(),
            )
            .await
            .expect("counting the warnings");
        assert_eq!(counted, json!([1, 0]), "summaries and single warnings");

        portal.click(".balance-summary .balance-list-link a").await;
        let url = portal.wait_for_path("/accounts").await;
        assert_eq!(
            query_param(&url, "filter[balance-lteq]").as_deref(),
            Some("50")
        );
        assert_eq!(query_param(&url, "sort").as_deref(), Some("balance"));
        portal
            .wait_for_text("nav.pager .pager-summary", &format!("of {}", BELOW + NEAR))
            .await;
        let table = portal
            .wait_for_table(
                "table#accounts-table",
                "the lowest balance first",
                |table| {
                    table
                        .column("Name")
                        .is_some_and(|names| names.first() == Some(&"Below 22"))
                },
            )
            .await;
        assert!(
            table
                .column("Name")
                .is_some_and(|names| names.iter().all(|n| !n.starts_with("Fine"))),
            "only the accounts to watch: {:?}",
            table.column("Name")
        );
    });
}

/// A CSV's data rows (after its header), each split at commas outside quotes.
fn csv_rows(file: &[u8]) -> (Vec<String>, Vec<Vec<String>>) {
    let text = String::from_utf8(file.to_vec()).expect("UTF-8");
    let mut lines = text
        .split("\r\n")
        .filter(|line| !line.is_empty())
        .map(|line| {
            let mut fields = vec![String::new()];
            let mut quoted = false;
            for c in line.chars() {
                match c {
                    '"' => quoted = !quoted,
                    ',' if !quoted => fields.push(String::new()),
                    c => fields.last_mut().expect("a field").push(c),
                }
            }
            fields
        });
    let header = lines.next().expect("a header");
    (header, lines.collect())
}

/// The values of the column `name` of a CSV, as decimals (an empty field is none).
fn csv_column(file: &[u8], name: &str) -> Vec<Option<Decimal>> {
    let (header, rows) = csv_rows(file);
    let at = header
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("a {name} column in {header:?}"));
    rows.iter()
        .map(|row| {
            row.get(at)
                .filter(|v| !v.is_empty())
                .map(|v| decimal(&json!(v)))
        })
        .collect()
}

/// Every record of `path` in the month from `from` to `to` by its time `field`.
async fn month_records(
    portal: &Portal,
    token: &str,
    path: &str,
    field: &str,
    (from, to): (&str, &str),
) -> Vec<Value> {
    let (gteq, lt) = (
        format!("filter[{field}-gteq]"),
        format!("filter[{field}-lt]"),
    );
    let query = [
        (gteq.as_str(), from),
        (lt.as_str(), to),
        ("page[size]", "1000"),
    ];
    records(&portal.api_get(token, path, &query).await)
}

#[test]
fn a_months_statement_is_one_zip_of_its_invoices_payments_charges_and_statistics() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let newest = portal
            .api_get(
                &token,
                "invoices",
                &[("sort", "-start-date"), ("page[size]", "1")],
            )
            .await;
        let start = records(&newest)[0]["attributes"]["start-date"]
            .as_str()
            .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
            .expect("the newest invoice's start")
            .with_timezone(&chrono::Utc);
        let end = start + chrono::Months::new(1);
        let month = start.format("%Y-%m").to_string();
        let (from, to) = (
            start.format("%Y-%m-%d %H:%M:%S").to_string(),
            end.format("%Y-%m-%d %H:%M:%S").to_string(),
        );
        let span = (from.as_str(), to.as_str());
        let invoices = month_records(&portal, &token, "invoices", "start-date", span).await;
        let payments = month_records(&portal, &token, "payments", "created-at", span).await;
        let charges = month_records(&portal, &token, "transactions", "created-at", span).await;
        assert!(!invoices.is_empty() && !payments.is_empty() && !charges.is_empty());
        let accounts = records(&portal.api_get(&token, "accounts", &[]).await);

        sign_in(&portal).await;
        let (file, files) = portal
            .make_statement(&format!("/statement?month={month}"))
            .await;
        assert_eq!(file, format!("statement-{month}.zip"));

        // Each invoice's PDF, as its page downloads it, and every list as its export has it.
        for invoice in &invoices {
            let reference = invoice["attributes"]["reference"]
                .as_str()
                .unwrap_or_default();
            let pdf = files.get(&format!("invoices/{reference}.pdf"));
            match invoice["attributes"]["has-pdf"].as_bool() {
                Some(true) => assert!(pdf.is_some_and(|p| p.starts_with(b"%PDF")), "{reference}"),
                _ => assert!(pdf.is_none(), "{reference} has no PDF"),
            }
        }
        for (name, listed) in [
            ("invoices.csv", &invoices),
            ("payments.csv", &payments),
            ("transactions.csv", &charges),
            ("accounts.csv", &accounts),
        ] {
            assert_eq!(csv_rows(&files[name]).1.len(), listed.len(), "{name}");
        }
        for (name, listed) in [("payments.csv", &payments), ("transactions.csv", &charges)] {
            let api: Decimal = listed
                .iter()
                .map(|r| decimal(&r["attributes"]["amount"]))
                .sum();
            let csv: Decimal = csv_column(&files[name], "amount")
                .into_iter()
                .flatten()
                .sum();
            assert_eq!(csv, api, "{name}: the amounts add up to the API's");
        }

        // Each account's month by day, to the last decimal the API sends.
        for account in &accounts {
            let name = account["attributes"]["name"].as_str().unwrap_or_default();
            let id = account["id"].as_str().unwrap_or_default();
            let query = [
                ("account-id", id),
                ("from-time", from.as_str()),
                ("to-time", to.as_str()),
                ("sampling", "day"),
            ];
            let api = portal
                .api_get(&token, "origination-statistics", &query)
                .await;
            let prices: Vec<Option<Decimal>> = api["data"]["total_price"]
                .as_array()
                .expect("the API's prices")
                .iter()
                .map(|p| (!p.is_null()).then(|| decimal(p)))
                .collect();
            let csv = &files[&format!("statistics/{name} origination.csv")];
            assert_eq!(csv_column(csv, "total_price"), prices, "{name}");
        }

        // The summary names every account, and the month's completed payments of the first
        // account that has any.
        let summary = String::from_utf8(files["summary.txt"].clone()).expect("UTF-8");
        assert!(
            summary.starts_with(&format!("Statement for {month}\r\n")),
            "{summary}"
        );
        for account in &accounts {
            let name = account["attributes"]["name"].as_str().unwrap_or_default();
            assert!(
                summary.contains(&format!("== {name} ==")),
                "{name}: {summary}"
            );
        }
        let completed = payments
            .iter()
            .filter(|p| p["attributes"]["status"] == "completed")
            .count();
        assert!(summary.contains("Completed payments: "), "{summary}");
        let stated: usize = summary
            .lines()
            .filter_map(|line| line.strip_prefix("Completed payments: "))
            .filter_map(|rest| rest.split(',').next()?.trim().parse::<usize>().ok())
            .sum();
        assert_eq!(stated, completed, "{summary}");
        assert!(!summary.contains("Parts that failed"), "{summary}");
    });
}

#[test]
fn a_part_of_a_statement_that_fails_is_named_and_the_rest_is_kept() {
    let setup = Setup {
        fault_control: true,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        sign_in(&portal).await;
        portal
            .set_faults(
                json!({"error-share": 1.0, "error-body": "jsonapi", "only-path": "/transactions"}),
            )
            .await;
        // Without a month in the address, the last whole month's.
        portal.open("/statement").await;
        portal.click("button.statement-make").await;
        let outcome = portal
            .wait_for_text(".statement-outcome", " without ")
            .await;
        let file = outcome
            .split_whitespace()
            .find(|word| word.starts_with("statement-") && word.ends_with(".zip"))
            .unwrap_or_else(|| panic!("the file's name in {outcome:?}"))
            .to_owned();
        assert!(outcome.contains("transactions.csv"), "{outcome}");
        portal
            .wait_for_text(".statement-parts li.failed", "transactions.csv")
            .await;
        let files = e2e::unzipped(&portal.wait_for_download(&file).await);
        assert!(!files.contains_key("transactions.csv"));
        for kept in [
            "summary.txt",
            "accounts.csv",
            "invoices.csv",
            "payments.csv",
        ] {
            assert!(
                files.contains_key(kept),
                "{kept} is kept: {:?}",
                files.keys()
            );
        }
        let summary = String::from_utf8(files["summary.txt"].clone()).expect("UTF-8");
        let failed = summary
            .split("Parts that failed:")
            .nth(1)
            .unwrap_or_default();
        assert!(failed.contains("- transactions.csv: "), "{summary}");
        assert!(failed.contains("Internal server error"), "{summary}");

        // Cancelled while a part is fetched: nothing is saved, and the next one is whole.
        std::fs::remove_file(portal.downloads_dir().join(&file)).expect("removing the download");
        portal.set_faults(json!({"latency-ms": 3000})).await;
        portal.click("button.statement-make").await;
        portal
            .wait_for_text(".statement-parts", "accounts.csv fetching")
            .await;
        portal.click("button.statement-cancel").await;
        portal
            .wait_for_text(".statement-outcome", "Cancelled: nothing was saved.")
            .await;
        portal.clear_faults().await;
        portal.click("button.statement-make").await;
        portal
            .wait_for_text(".statement-outcome", &format!("Saved {file}."))
            .await;
        let whole = e2e::unzipped(&portal.wait_for_download(&file).await);
        assert!(whole.contains_key("transactions.csv"));
        let downloaded: Vec<String> = std::fs::read_dir(portal.downloads_dir())
            .expect("the downloads")
            .filter_map(|entry| Some(entry.ok()?.file_name().to_string_lossy().into_owned()))
            .collect();
        assert_eq!(
            downloaded,
            [file],
            "the cancelled statement was never saved"
        );
    });
}

#[test]
fn a_statement_being_made_stops_when_its_customer_signs_out() {
    let setup = Setup {
        fault_control: true,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        sign_in(&portal).await;
        // Every list of accounts answers after 3 s: the statement's first part is on its way
        // when the customer signs out.
        portal
            .set_faults(json!({"latency-ms": 3000, "only-path": "/accounts"}))
            .await;
        portal.open("/statement?month=2026-09").await;
        portal.click("button.statement-make").await;
        portal
            .wait_for_text(".statement-parts", "accounts.csv fetching")
            .await;
        portal.click("button#sign-out").await;
        portal.sign_in("other", "other").await;
        // The next customer's own statement, whose accounts also take 3 s: had the first one
        // gone on, its invoices of September would have been asked for by then.
        portal.open("/statement?month=2026-10").await;
        portal.click("button.statement-make").await;
        let file = "statement-2026-10.zip";
        portal
            .wait_for_text(".statement-outcome", &format!("Saved {file}."))
            .await;
        let september = portal.served_requests().into_iter().filter(|r| {
            r.endpoint() == "invoices"
                && r.query_param("filter[start-date-gteq]").as_deref()
                    == Some("2026-09-01 00:00:00")
        });
        assert_eq!(
            september.count(),
            0,
            "the first statement went on after sign-out"
        );
        let downloaded: Vec<String> = std::fs::read_dir(portal.downloads_dir())
            .expect("the downloads")
            .filter_map(|entry| Some(entry.ok()?.file_name().to_string_lossy().into_owned()))
            .collect();
        assert_eq!(downloaded, [file]);
    });
}
