//! Money over HTTP: invoices (their figures against the statistics and the CDRs, their PDFs),
//! payments (every status and type, never a rolled-back one, the balance history), crypto
//! top-ups from creation to paid, service charges, phone-system sessions, and that another
//! customer sees none of it.

use crate::client::*;
use chrono::{DateTime, Duration, Utc};
use demo_server::{DataFile, Options};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::Arc;

fn records(document: &Value) -> Vec<Value> {
    document["data"].as_array().cloned().unwrap_or_default()
}

fn decimal(value: &Value) -> Decimal {
    value
        .as_str()
        .unwrap_or_else(|| panic!("{value} is not a decimal string"))
        .parse()
        .unwrap()
}

fn time(value: &Value) -> DateTime<Utc> {
    api_model::stats::parse_time(value.as_str().unwrap()).unwrap()
}

fn texts(list: &[Value], name: &str) -> BTreeSet<String> {
    list.iter()
        .map(|r| r["attributes"][name].as_str().unwrap_or("").to_owned())
        .collect()
}

/// The first error of a refusal: its status, code, detail and pointer.
fn first_error(reply: &Reply) -> (u16, String, String, String) {
    let body = reply.json();
    let error = &body["errors"][0];
    let text = |v: &Value| v.as_str().unwrap_or("").to_owned();
    (
        reply.status,
        text(&error["code"]),
        text(&error["detail"]),
        text(&error["source"]["pointer"]),
    )
}

/// Every record of a list, page by page (1000 a page).
async fn all_pages(addr: SocketAddr, token: &str, path: &str, query: &str) -> Vec<Value> {
    let mut all = Vec::new();
    for page in 1.. {
        let url = format!("{path}?{query}&page[size]=1000&page[number]={page}");
        let reply = get_on(addr, &url, Some(token)).await;
        assert_eq!(reply.status, 200, "{url}: {}", reply.body);
        let data = records(&reply.json());
        let last = data.len() < 1000;
        all.extend(data);
        if last {
            break;
        }
    }
    all
}

async fn demo_invoices(addr: SocketAddr, token: &str) -> Vec<Value> {
    let reply = get_on(addr, "invoices?page[size]=100&include=account", Some(token)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    records(&reply.json())
}

fn account_of(record: &Value) -> String {
    record["relationships"]["account"]["data"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn an_invoices_calls_are_the_origination_statistics_of_its_month() {
    let token = demo_token().await;
    let invoices = demo_invoices(server(), &token).await;
    // One to three ended months of the history for each of the four accounts: the 60 days
    // before start-up overlap one ended month when they begin on a 1st (started on 30
    // November, they begin on 1 October), three when they reach back into a third.
    assert!((4..=12).contains(&invoices.len()), "{}", invoices.len());
    assert_eq!(invoices.len() % 4, 0, "as many for each account");
    let starts: Vec<DateTime<Utc>> = invoices
        .iter()
        .map(|i| time(&i["attributes"]["start-date"]))
        .collect();
    assert!(starts.is_sorted_by(|a, b| a >= b), "newest period first");
    for invoice in &invoices {
        let a = &invoice["attributes"];
        let reference = a["reference"].as_str().unwrap();
        let end = time(&a["end-date"]);
        assert!(
            reference.starts_with(&format!("INV-{}-", end.format("%Y-%m"))),
            "{reference}"
        );
        assert!(end <= Utc::now());
        let stats = get(
            &format!(
                "origination-statistics?account-id={}&from-time={}&to-time={}&sampling=day",
                account_of(invoice),
                server_time(time(&a["start-date"])),
                server_time(end - Duration::seconds(1))
            ),
            Some(&token),
        )
        .await;
        assert_eq!(stats.status, 200, "{}", stats.body);
        let totals = &stats.json()["totals"];
        assert_eq!(
            a["originated-calls-count"], totals["total_calls"],
            "{reference}"
        );
        assert_eq!(
            a["originated-successful-calls-count"], totals["successful_calls"],
            "{reference}"
        );
        assert_eq!(
            decimal(&a["originated-amount-spent"]),
            decimal(&totals["total_price"]),
            "{reference}: exact"
        );
        assert_eq!(
            decimal(&a["amount-spent"]),
            decimal(&a["originated-amount-spent"])
                + decimal(&a["terminated-amount-spent"])
                + decimal(&a["services-amount-spent"])
        );
        // A whole month has calls both ways; the first month of the history may be minutes
        // long (it starts 60 days back).
        if starts
            .last()
            .is_some_and(|history_start| time(&a["start-date"]) > *history_start)
        {
            assert!(
                a["terminated-calls-count"].as_u64().unwrap() > 0,
                "{reference}"
            );
        }
    }
    // Both kinds of invoice exist; a filter, a sort and an unsortable attribute.
    assert!(invoices.iter().any(|i| i["attributes"]["has-pdf"] == true));
    assert!(invoices.iter().any(|i| i["attributes"]["has-pdf"] == false));
    let with_calls = get(
        "invoices?filter[originated-calls-count-gt]=0&sort=-amount-spent",
        Some(&token),
    )
    .await
    .json();
    let amounts: Vec<Decimal> = records(&with_calls)
        .iter()
        .map(|i| decimal(&i["attributes"]["amount-spent"]))
        .collect();
    assert!(amounts.is_sorted_by(|a, b| a >= b));
    // Computed: the server takes it in `sort`, and its database fails the query.
    let unsortable = get("invoices?sort=has-pdf", Some(&token)).await;
    assert_eq!(unsortable.status, 500);
    assert_eq!(first_error(&unsortable).1, "500");
}

#[tokio::test]
async fn the_pdf_downloads_with_its_reference_and_amount_and_without_one_is_404() {
    let token = demo_token().await;
    let invoices = demo_invoices(server(), &token).await;
    let with_pdf = invoices
        .iter()
        .find(|i| i["attributes"]["has-pdf"] == true)
        .unwrap();
    let a = &with_pdf["attributes"];
    let reference = a["reference"].as_str().unwrap();
    let id = with_pdf["id"].as_str().unwrap();
    // A file: whatever the request accepts.
    let auth = format!("Bearer {token}");
    let pdf = send(
        server(),
        "GET",
        &format!("{API}/invoices/{id}/download"),
        &[("authorization", &auth), ("accept", "application/pdf")],
        None,
    )
    .await;
    assert_eq!(pdf.status, 200);
    assert_eq!(pdf.header("content-type"), "application/pdf");
    assert_eq!(
        pdf.header("content-disposition"),
        format!("attachment; filename=\"{reference}.pdf\"")
    );
    assert!(pdf.bytes.starts_with(b"%PDF"));
    let text = String::from_utf8_lossy(&pdf.bytes);
    assert!(text.contains(reference));
    assert!(
        text.contains(a["amount-spent"].as_str().unwrap()),
        "the total as text"
    );
    assert!(text.contains(a["originated-amount-spent"].as_str().unwrap()));

    let without = invoices
        .iter()
        .find(|i| i["attributes"]["has-pdf"] == false)
        .unwrap();
    let none = get(
        &format!("invoices/{}/download", without["id"].as_str().unwrap()),
        Some(&token),
    )
    .await;
    assert_eq!((none.status, none.body.as_str()), (404, ""));
    let other = other_token().await;
    let foreign = get(&format!("invoices/{id}/download"), Some(&other)).await;
    assert_eq!(foreign.status, 404);
    assert_eq!(foreign.json()["errors"][0]["title"], "Record not found");
    let not_uuid = get("invoices/42/download", Some(&token)).await;
    assert_eq!(not_uuid.status, 404);
    assert!(not_uuid.header("content-type").starts_with("text/plain"));
    assert_eq!(
        get(&format!("invoices/{id}/download"), None).await.status,
        401
    );
}

#[tokio::test]
async fn payments_have_every_status_and_type_and_refuse_what_the_server_refuses() {
    let token = demo_token().await;
    let payments = records(&get("payments?page[size]=1000", Some(&token)).await.json());
    assert_eq!(
        texts(&payments, "status"),
        BTreeSet::from(["canceled", "completed", "pending"].map(String::from))
    );
    assert_eq!(
        texts(&payments, "type-name"),
        BTreeSet::from(["cryptomus", "manual"].map(String::from))
    );
    assert!(payments.iter().all(|p| {
        let a = &p["attributes"];
        a["rolledback-at"].is_null()
            && a["currency"].is_string()
            && a["balance-before-payment"].is_string()
    }));
    let created: Vec<DateTime<Utc>> = payments
        .iter()
        .map(|p| time(&p["attributes"]["created-at"]))
        .collect();
    assert!(created.is_sorted_by(|a, b| a >= b), "newest first");
    // Rolled back ones exist, but no filter finds them.
    let rolled_back = get(
        "payments?filter[rolledback-at-gt]=2000-01-01%2000:00:00",
        Some(&token),
    )
    .await;
    assert_eq!(rolled_back.status, 200, "{}", rolled_back.body);
    assert_eq!(rolled_back.json()["meta"]["total-count"], 0);

    let pending = get("payments?filter[status-eq]=pending", Some(&token))
        .await
        .json();
    assert!(pending["meta"]["total-count"].as_u64().unwrap() >= 4);
    let refused = get("payments?filter[status-eq]=rolled_back", Some(&token)).await;
    assert_eq!(
        first_error(&refused),
        (
            400,
            "107".to_owned(),
            "rolled_back is not a valid value for status_eq.".to_owned(),
            String::new()
        )
    );
    let refused = get("payments?filter[type-name-in]=manual,wire", Some(&token)).await;
    assert_eq!(
        (refused.status, first_error(&refused).1.as_str()),
        (400, "107")
    );
    for sort in ["amount", "-notes", "created-at"] {
        let reply = get(&format!("payments?sort={sort}"), Some(&token)).await;
        assert_eq!(reply.status, 200, "{sort}");
    }
    for sort in [
        "id",
        "status",
        "type-name",
        "balance-before-payment",
        "currency",
    ] {
        let reply = get(&format!("payments?sort={sort}"), Some(&token)).await;
        assert_eq!(
            (reply.status, first_error(&reply).1.as_str()),
            (400, "114"),
            "{sort}"
        );
    }
    let by_amount = records(
        &get("payments?sort=-amount&page[size]=1000", Some(&token))
            .await
            .json(),
    );
    let amounts: Vec<Decimal> = by_amount
        .iter()
        .map(|p| decimal(&p["attributes"]["amount"]))
        .collect();
    assert!(amounts.is_sorted_by(|a, b| a >= b));
}

#[tokio::test]
async fn the_balance_before_a_payment_follows_the_spend_since_the_one_before() {
    let token = demo_token().await;
    let lviv = account_id(&token, "Lviv Overdraft").await;
    let completed = records(
        &get(
            &format!(
                "payments?filter[account-id-eq]={lviv}&filter[status-eq]=completed&sort=-created-at"
            ),
            Some(&token),
        )
        .await
        .json(),
    );
    let (later, earlier) = (&completed[0]["attributes"], &completed[1]["attributes"]);
    let (from, to) = (time(&earlier["created-at"]), time(&later["created-at"]));
    // The spend between them: calls both ways, and service charges.
    let stats = get(
        &format!(
            "origination-statistics?account-id={lviv}&from-time={}&to-time={}&sampling=day",
            server_time(from),
            server_time(to - Duration::seconds(1))
        ),
        Some(&token),
    )
    .await
    .json();
    let window = format!(
        "filter[account-id-eq]={lviv}&filter[time-start-gteq]={}&filter[time-start-lt]={}",
        server_time(from),
        server_time(to)
    );
    let incoming = all_pages(server(), &token, "incoming-cdrs", &window).await;
    let terminated: Decimal = incoming
        .iter()
        .map(|c| decimal(&c["attributes"]["vendor-price"]))
        .sum();
    let charges = all_pages(
        server(),
        &token,
        "transactions",
        &format!(
            "filter[account-id-eq]={lviv}&filter[created-at-gteq]={}&filter[created-at-lt]={}",
            server_time(from),
            server_time(to)
        ),
    )
    .await;
    let services: Decimal = charges
        .iter()
        .map(|t| decimal(&t["attributes"]["amount"]))
        .sum();
    let spend = decimal(&stats["totals"]["total_price"]) + terminated + services;
    assert!(spend > Decimal::ZERO);
    assert_eq!(
        decimal(&later["balance-before-payment"]),
        decimal(&earlier["balance-before-payment"]) + decimal(&earlier["amount"]) - spend
    );
    // And the account sits at or below its minimum, for the portal's warnings.
    let account = get(&format!("accounts/{lviv}"), Some(&token)).await.json();
    let a = &account["data"]["attributes"];
    assert!(decimal(&a["balance"]) <= decimal(&a["min-balance"]));
}

/// `POST /cryptomus-payments` of `amount` to `account`.
fn top_up(amount: Value, account: Option<&str>) -> Value {
    let mut body = json!({"data": {"type": "cryptomus-payments",
        "attributes": {"amount": amount, "notes": "<b>May</b> top-up"}}});
    if let Some(account) = account {
        body["data"]["relationships"] =
            json!({"account": {"data": {"type": "accounts", "id": account}}});
    }
    body
}

async fn balance(addr: SocketAddr, token: &str, account: &str) -> Decimal {
    let reply = get_on(addr, &format!("accounts/{account}"), Some(token)).await;
    decimal(&reply.json()["data"]["attributes"]["balance"])
}

#[tokio::test]
async fn a_top_up_is_pending_until_paid_on_its_page_and_then_raises_the_balance() {
    // A server of its own: paying changes a balance other tests read.
    let addr = start(Options {
        public_url: "/portal/".to_owned(),
        ..Options::default()
    });
    let token = token_on(addr, "demo").await;
    let accounts = records(&get_on(addr, "accounts", Some(&token)).await.json());
    let kyiv = accounts[0]["id"].as_str().unwrap().to_owned();
    let before = balance(addr, &token, &kyiv).await;

    let created = post_jsonapi_on(
        addr,
        "cryptomus-payments",
        &token,
        &top_up("25.50".into(), Some(&kyiv)),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let created = created.json();
    let id = created["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(created["data"]["type"], "cryptomus-payments");
    let url = created["data"]["attributes"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(url, format!("http://{addr}/__demo/cryptomus/{id}"));
    assert!(
        created["data"]["links"]["self"]
            .as_str()
            .unwrap()
            .ends_with(&id)
    );

    // A pending payment of type cryptomus, newest in the list.
    let payment = get_on(addr, &format!("payments/{id}"), Some(&token))
        .await
        .json();
    let a = &payment["data"]["attributes"];
    assert_eq!(
        (a["status"].as_str(), a["type-name"].as_str()),
        (Some("pending"), Some("cryptomus"))
    );
    assert_eq!(decimal(&a["amount"]), Decimal::new(2550, 2));
    assert_eq!(a["currency"], "USD");
    assert_eq!(decimal(&a["balance-before-payment"]), before);
    let newest = get_on(addr, "payments?page[size]=1", Some(&token))
        .await
        .json();
    assert_eq!(newest["data"][0]["id"], id.as_str());
    let shown = get_on(addr, &format!("cryptomus-payments/{id}"), Some(&token)).await;
    assert_eq!(shown.status, 200);
    assert_eq!(shown.json()["data"]["attributes"]["url"], url.as_str());

    // The provider's page: the amount, Pay and Cancel, the notes escaped.
    let page = send(addr, "GET", &url, &[], None).await;
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").starts_with("text/html"));
    assert!(
        page.body
            .contains("<button type=\"submit\">Pay 25.5 USD</button>"),
        "{}",
        page.body
    );
    assert!(page.body.contains(">Cancel</button>"));
    assert!(page.body.contains("&lt;b&gt;May&lt;/b&gt;") && !page.body.contains("<b>May"));
    let paid = send(addr, "POST", &format!("{url}/pay"), &[], None).await;
    assert_eq!(paid.status, 303);
    assert_eq!(paid.header("location"), "/portal/payments/top-up");

    let payment = get_on(addr, &format!("payments/{id}"), Some(&token))
        .await
        .json();
    assert_eq!(payment["data"]["attributes"]["status"], "completed");
    assert_eq!(
        balance(addr, &token, &kyiv).await,
        before + Decimal::new(2550, 2)
    );
    let listed = get_on(addr, "accounts", Some(&token)).await.json();
    assert_eq!(
        decimal(&listed["data"][0]["attributes"]["balance"]),
        before + Decimal::new(2550, 2)
    );
    let shown = get_on(addr, &format!("cryptomus-payments/{id}"), Some(&token))
        .await
        .json();
    assert_eq!(shown["data"]["attributes"]["url"], Value::Null);
    // Paying again changes nothing.
    send(addr, "POST", &format!("{url}/pay"), &[], None).await;
    assert_eq!(
        balance(addr, &token, &kyiv).await,
        before + Decimal::new(2550, 2)
    );

    // Canceled: final, and the balance stays.
    let second = post_jsonapi_on(
        addr,
        "cryptomus-payments",
        &token,
        &top_up(json!(7), Some(&kyiv)),
    )
    .await
    .json();
    let second_url = second["data"]["attributes"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let canceled = send(addr, "POST", &format!("{second_url}/cancel"), &[], None).await;
    assert_eq!(canceled.status, 303);
    let second_id = second["data"]["id"].as_str().unwrap();
    let payment = get_on(addr, &format!("payments/{second_id}"), Some(&token))
        .await
        .json();
    assert_eq!(payment["data"]["attributes"]["status"], "canceled");
    assert_eq!(
        balance(addr, &token, &kyiv).await,
        before + Decimal::new(2550, 2)
    );
    let final_page = send(addr, "GET", &second_url, &[], None).await;
    assert!(
        final_page.body.contains("This payment is canceled") && !final_page.body.contains("Pay 7")
    );
    let unknown = send(
        addr,
        "GET",
        "/__demo/cryptomus/0b9f8b52-5d2c-11ef-9a4e-0242ac120003",
        &[],
        None,
    )
    .await;
    assert_eq!(unknown.status, 404);
}

#[tokio::test]
async fn a_top_up_is_refused_with_the_real_servers_422s() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let nothing = post_jsonapi(
        "cryptomus-payments",
        &token,
        &json!({"data": {"type": "cryptomus-payments", "attributes": {}}}),
    )
    .await;
    assert_eq!(nothing.status, 422);
    let errors: Vec<(String, String)> = nothing.json()["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["detail"].as_str().unwrap().to_owned(),
                e["source"]["pointer"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        errors,
        [
            (
                "amount - can't be blank".to_owned(),
                "/data/attributes/amount".to_owned()
            ),
            (
                "account - can't be blank".to_owned(),
                "/data/relationships/account".to_owned()
            ),
        ]
    );
    let small = post_jsonapi(
        "cryptomus-payments",
        &token,
        &top_up("0.001".into(), Some(&kyiv)),
    )
    .await;
    assert_eq!(
        first_error(&small),
        (
            422,
            "100".to_owned(),
            "amount - must be greater than or equal to 0.01".to_owned(),
            "/data/attributes/amount".to_owned()
        )
    );
    let other = other_token().await;
    let theirs = records(&get("accounts", Some(&other)).await.json());
    let secret = theirs[0]["id"].as_str().unwrap();
    let foreign = post_jsonapi(
        "cryptomus-payments",
        &token,
        &top_up("10".into(), Some(secret)),
    )
    .await;
    assert_eq!(
        (foreign.status, first_error(&foreign).3.as_str()),
        (422, "/data/relationships/account")
    );
    let wrong_type = post_jsonapi(
        "cryptomus-payments",
        &token,
        &json!({"data": {"type": "payments"}}),
    )
    .await;
    assert_eq!(wrong_type.status, 400);

    // Only crypto top-ups have a payment page; only one's own.
    let manual = get(
        "payments?filter[type-name-eq]=manual&page[size]=1",
        Some(&token),
    )
    .await
    .json();
    let manual_id = manual["data"][0]["id"].as_str().unwrap();
    let not_crypto = get(&format!("cryptomus-payments/{manual_id}"), Some(&token)).await;
    assert_eq!(not_crypto.status, 404);
    let crypto = get(
        "payments?filter[type-name-eq]=cryptomus&page[size]=1",
        Some(&token),
    )
    .await
    .json();
    let crypto_id = crypto["data"][0]["id"].as_str().unwrap();
    assert_eq!(
        get(&format!("cryptomus-payments/{crypto_id}"), Some(&token))
            .await
            .status,
        200
    );
    assert_eq!(
        get(&format!("cryptomus-payments/{crypto_id}"), Some(&other))
            .await
            .status,
        404
    );
}

#[tokio::test]
async fn transactions_are_each_services_charges() {
    let token = demo_token().await;
    let services = records(&get("services?page[size]=100", Some(&token)).await.json());
    let daily = services
        .iter()
        .find(|s| s["attributes"]["renew-period"] == "Day" && s["attributes"]["state"] == "Active")
        .unwrap();
    let id = daily["id"].as_str().unwrap();
    let listed = get(
        &format!("transactions?filter[service-id-eq]={id}&page[size]=1000&include=service"),
        Some(&token),
    )
    .await
    .json();
    let charges = records(&listed);
    // Created at least 20 days ago, renewed every day since (within the history).
    assert!(charges.len() >= 20, "{}", charges.len());
    let mut renewals: Vec<DateTime<Utc>> = charges
        .iter()
        .filter(|t| {
            t["attributes"]["description"]
                .as_str()
                .unwrap()
                .starts_with("Renewal")
        })
        .map(|t| time(&t["attributes"]["created-at"]))
        .collect();
    renewals.sort();
    assert!(
        renewals
            .windows(2)
            .all(|w| w[1] - w[0] == Duration::days(1))
    );
    let name = daily["attributes"]["name"].as_str().unwrap();
    assert!(charges.iter().all(|t| {
        let a = &t["attributes"];
        let description = a["description"].as_str().unwrap();
        (description == format!("Renewal of {name}")
            || description == format!("Activation of {name}"))
            && a["amount"].is_string()
            && time(&a["created-at"]) <= Utc::now()
    }));
    assert_eq!(listed["included"][0]["id"], id);
    let ids = |list: &[Value]| {
        list.iter()
            .map(|t| t["id"].as_str().unwrap().to_owned())
            .collect::<BTreeSet<_>>()
    };
    let related = records(
        &get(&format!("services/{id}/transactions"), Some(&token))
            .await
            .json(),
    );
    assert_eq!(ids(&related), ids(&charges));
    let included = get(&format!("services/{id}?include=transactions"), Some(&token))
        .await
        .json();
    let linkage = included["data"]["relationships"]["transactions"]["data"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(ids(&linkage), ids(&charges));
    assert_eq!(
        included["included"].as_array().unwrap().len(),
        charges.len()
    );
    // Newest first by default; sorted only as the declaration says.
    let created: Vec<DateTime<Utc>> = charges
        .iter()
        .map(|t| time(&t["attributes"]["created-at"]))
        .collect();
    assert!(created.is_sorted_by(|a, b| a >= b));
    assert_eq!(
        get("transactions?sort=-amount,id", Some(&token))
            .await
            .status,
        200
    );
    let refused = get("transactions?sort=description", Some(&token)).await;
    assert_eq!(
        (refused.status, first_error(&refused).1.as_str()),
        (400, "114")
    );
    // A service that does not renew has at most its activation.
    let disabled = services
        .iter()
        .find(|s| s["attributes"]["renew-period"] == "Disabled")
        .unwrap();
    let once = get(
        &format!("services/{}/transactions", disabled["id"].as_str().unwrap()),
        Some(&token),
    )
    .await
    .json();
    assert!(records(&once).len() <= 1);
}

#[tokio::test]
async fn a_phone_system_session_opens_for_a_phone_system_service_only() {
    let token = demo_token().await;
    let services = records(&get("services?page[size]=100", Some(&token)).await.json());
    let session = |service: &str| json!({"data": {"type": "phone-systems-sessions", "attributes": {"service": service}}});
    let pbx = services
        .iter()
        .find(|s| s["attributes"]["ui-type"] == "phone_systems")
        .unwrap();
    let opened = post_jsonapi(
        "phone-systems-sessions",
        &token,
        &session(pbx["id"].as_str().unwrap()),
    )
    .await;
    assert_eq!(opened.status, 201, "{}", opened.body);
    let body = opened.json();
    assert_eq!(body["data"]["type"], "phone-systems-sessions");
    assert!(api_model::catalog::is_uuid(
        body["data"]["id"].as_str().unwrap()
    ));
    assert!(body["data"].get("links").is_none());
    let url = body["data"]["attributes"]["phone-systems-url"]
        .as_str()
        .unwrap();
    assert!(
        url.starts_with(&format!("http://{}/__demo/phone-system?session=", server())),
        "{url}"
    );
    let page = send(server(), "GET", url, &[], None).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains(pbx["attributes"]["name"].as_str().unwrap())
    );

    let plain = services
        .iter()
        .find(|s| s["attributes"]["ui-type"].is_null())
        .unwrap();
    let refused = post_jsonapi(
        "phone-systems-sessions",
        &token,
        &session(plain["id"].as_str().unwrap()),
    )
    .await;
    assert_eq!(
        first_error(&refused),
        (
            422,
            "100".to_owned(),
            "failed to create Phone Systems session".to_owned(),
            "/data".to_owned()
        )
    );
    let theirs = records(&get("services", Some(&other_token().await)).await.json());
    for service in [
        "0b9f8b52-5d2c-11ef-9a4e-0242ac120003",
        theirs[0]["id"].as_str().unwrap(),
        "",
    ] {
        let unknown = post_jsonapi("phone-systems-sessions", &token, &session(service)).await;
        assert_eq!(
            (unknown.status, first_error(&unknown).2.as_str()),
            (422, "service not found"),
            "{service}"
        );
    }
}

#[tokio::test]
async fn another_customer_sees_none_of_the_demo_customers_money() {
    let demo = demo_token().await;
    let other = other_token().await;
    for collection in ["invoices", "payments", "transactions"] {
        let ours = records(
            &get(&format!("{collection}?page[size]=1000"), Some(&demo))
                .await
                .json(),
        );
        let theirs = records(
            &get(
                &format!("{collection}?page[size]=1000&include=account"),
                Some(&other),
            )
            .await
            .json(),
        );
        assert!(!ours.is_empty() && !theirs.is_empty(), "{collection}");
        let our_ids: BTreeSet<&str> = ours.iter().map(|r| r["id"].as_str().unwrap()).collect();
        assert!(
            theirs
                .iter()
                .all(|r| !our_ids.contains(r["id"].as_str().unwrap())),
            "{collection}"
        );
        let body = get(
            &format!("{collection}?page[size]=1000&include=account"),
            Some(&other),
        )
        .await
        .body;
        assert!(!body.contains("Kyiv Wholesale"), "{collection}");
        let one = ours[0]["id"].as_str().unwrap();
        let hidden = get(&format!("{collection}/{one}"), Some(&other)).await;
        assert_eq!(hidden.status, 404, "{collection}");
        assert_eq!(hidden.json()["errors"][0]["title"], "Record not found");
    }
}

/// A data set with one quiet account (about a thousand calls a month) and a payment that was
/// rolled back.
fn quiet_file() -> DataFile {
    let file = json!({
        "format": "demo-server-data/1",
        "customers": [{
            "login": "quiet", "password": "quiet",
            "accounts": [{
                "attributes": {"name": "Quiet", "balance": "50", "currency": "EUR"},
                "traffic": {"peak-calls-per-minute": "0.05", "asr-percent": "70",
                            "mean-duration-seconds": 60, "src-prefixes": ["4930"],
                            "src-country": "DE", "orig-ips": ["203.0.113.5"]},
                "payments": [
                    {"id": "0b9f8b52-5d2c-11ef-9a4e-0242ac120001",
                     "attributes": {"amount": "20", "status": "completed", "type-name": "manual",
                                    "created-at": "2026-01-10T00:00:00.000Z", "notes": "kept"}},
                    {"id": "0b9f8b52-5d2c-11ef-9a4e-0242ac120002",
                     "attributes": {"amount": "30", "status": "completed", "type-name": "manual",
                                    "created-at": "2026-01-12T00:00:00.000Z",
                                    "rolledback-at": "2026-01-12T03:00:00.000Z"}}
                ]
            }],
            "rates": [{"attributes": {"prefix": "49", "enabled": true, "reject-calls": false,
                       "initial-rate": "0.02", "initial-interval": 60, "next-rate": "0.01",
                       "next-interval": 60, "valid-from": "2025-01-01T00:00:00.000Z"}}]
        }]
    });
    DataFile::from_json(&file.to_string()).unwrap()
}

#[tokio::test]
async fn a_quiet_accounts_invoice_is_the_sum_of_its_cdrs_and_a_rolled_back_payment_is_hidden() {
    let addr = start(Options {
        data: Some(Arc::new(quiet_file())),
        ..Options::default()
    });
    let token = token_on(addr, "quiet").await;
    let invoices = demo_invoices(addr, &token).await;
    // The newest: a whole month (the oldest starts where the history does, maybe minutes
    // before its end).
    let invoice = invoices.first().unwrap();
    let a = &invoice["attributes"];
    let window = format!(
        "filter[time-start-gteq]={}&filter[time-start-lt]={}",
        server_time(time(&a["start-date"])),
        server_time(time(&a["end-date"]))
    );
    let outgoing = all_pages(addr, &token, "cdrs", &window).await;
    assert_eq!(
        outgoing.len() as u64,
        a["originated-calls-count"].as_u64().unwrap()
    );
    assert!(!outgoing.is_empty());
    let price: Decimal = outgoing
        .iter()
        .map(|c| decimal(&c["attributes"]["customer-price"]))
        .sum();
    assert_eq!(price, decimal(&a["originated-amount-spent"]));
    let billed: i64 = outgoing
        .iter()
        .map(|c| c["attributes"]["customer-duration"].as_i64().unwrap())
        .sum();
    assert_eq!(billed, a["originated-billing-duration"].as_i64().unwrap());
    let incoming = all_pages(addr, &token, "incoming-cdrs", &window).await;
    let price: Decimal = incoming
        .iter()
        .map(|c| decimal(&c["attributes"]["vendor-price"]))
        .sum();
    assert_eq!(price, decimal(&a["terminated-amount-spent"]));
    assert_eq!(
        incoming.len() as u64,
        a["terminated-calls-count"].as_u64().unwrap()
    );
    let first = incoming
        .iter()
        .map(|c| time(&c["attributes"]["time-start"]))
        .min();
    assert_eq!(first, Some(time(&a["terminated-first-call-at"])));

    let payments = records(&get_on(addr, "payments", Some(&token)).await.json());
    assert_eq!(payments.len(), 1);
    assert_eq!(payments[0]["attributes"]["notes"], "kept");
    assert_eq!(payments[0]["attributes"]["currency"], "EUR");
    let hidden = get_on(
        addr,
        "payments/0b9f8b52-5d2c-11ef-9a4e-0242ac120002",
        Some(&token),
    )
    .await;
    assert_eq!(hidden.status, 404);
}
