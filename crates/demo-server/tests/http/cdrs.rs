//! Outgoing and incoming CDRs over HTTP: their agreement with the statistics, the default
//! 24-hour window, single records, errors, hidden fields and recordings.

use crate::client::*;
use chrono::{DateTime, Duration, DurationRound, Utc};
use demo_server::Options;
use rust_decimal::Decimal;
use serde_json::Value;
use std::net::SocketAddr;

/// A whole hour `hours` before now.
fn hours_ago(hours: i64) -> DateTime<Utc> {
    let hour = Utc::now().duration_trunc(Duration::hours(1)).unwrap();
    hour - Duration::hours(hours)
}

/// Every record of a list, page by page (1000 a page).
async fn all_pages(addr: SocketAddr, token: &str, path: &str, query: &str) -> Vec<Value> {
    let mut records = Vec::new();
    for page in 1.. {
        let url = format!("{path}?{query}&page[size]=1000&page[number]={page}");
        let reply = get_on(addr, &url, Some(token)).await;
        assert_eq!(reply.status, 200, "{url}: {}", reply.body);
        let data = reply.json()["data"].as_array().unwrap().clone();
        let last = data.len() < 1000;
        records.extend(data);
        if last {
            break;
        }
    }
    records
}

fn price(cdr: &Value) -> Decimal {
    cdr["attributes"]["customer-price"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

fn time(cdr: &Value) -> DateTime<Utc> {
    api_model::stats::parse_time(cdr["attributes"]["time-start"].as_str().unwrap()).unwrap()
}

#[tokio::test]
async fn outgoing_cdrs_add_up_to_the_origination_statistics() {
    let token = demo_token().await;
    // Recent hours, and hours before the default window that a lower bound reaches.
    for (name, from, hours) in [
        ("Kyiv Wholesale", hours_ago(3), 2),
        ("Lviv Overdraft", hours_ago(30), 5),
        // Three hours: a weekend night's single hour may have none.
        ("Berlin Retail", hours_ago(50), 3),
    ] {
        let account = account_id(&token, name).await;
        let to = from + Duration::hours(hours);
        let cdrs = all_pages(
            server(),
            &token,
            "cdrs",
            &format!(
                "filter[account-id-eq]={account}&filter[time-start-gteq]={}&filter[time-start-lt]={}",
                server_time(from),
                server_time(to)
            ),
        )
        .await;
        let stats = get(
            &format!(
                "origination-statistics?account-id={account}&from-time={}&to-time={}&sampling=hour",
                server_time(from),
                server_time(to - Duration::seconds(1))
            ),
            Some(&token),
        )
        .await
        .json();
        let totals = &stats["totals"];
        assert!(!cdrs.is_empty(), "{name}");
        assert_eq!(cdrs.len() as u64, totals["total_calls"].as_u64().unwrap());
        let sum: Decimal = cdrs.iter().map(price).sum();
        let total: Decimal = totals["total_price"].as_str().unwrap().parse().unwrap();
        assert_eq!(sum, total, "{name}: exact decimals");
        assert!(cdrs.iter().all(|c| time(c) >= from && time(c) < to));
    }
}

/// The vendor side: the termination statistics of a window are the sums over the account's
/// incoming CDRs of that window (calls, answered calls, minutes, vendor price), and a
/// `vendor-price-*` bound narrows both alike.
#[tokio::test]
async fn incoming_cdrs_add_up_to_the_termination_statistics() {
    let token = demo_token().await;
    for (name, from, hours) in [
        ("Kyiv Wholesale", hours_ago(4), 2),
        // Busy enough to have incoming calls in any 3 hours, a weekend night's too.
        ("London Carrier", hours_ago(30), 3),
    ] {
        let account = account_id(&token, name).await;
        let to = from + Duration::hours(hours);
        let window = format!(
            "filter[account-id-eq]={account}&filter[time-start-gteq]={}&filter[time-start-lt]={}",
            server_time(from),
            server_time(to)
        );
        let cdrs = all_pages(server(), &token, "incoming-cdrs", &window).await;
        let stats_query = format!(
            "account-id={account}&from-time={}&to-time={}&sampling=hour",
            server_time(from),
            server_time(to - Duration::seconds(1))
        );
        let stats = get(
            &format!("termination-statistics?{stats_query}"),
            Some(&token),
        )
        .await
        .json();
        let totals = &stats["totals"];
        assert!(!cdrs.is_empty(), "{name}");
        assert_eq!(
            cdrs.len() as u64,
            totals["total_calls"].as_u64().unwrap(),
            "{name}"
        );
        let answered: Vec<&Value> = cdrs
            .iter()
            .filter(|c| c["attributes"]["success"] == true)
            .collect();
        assert_eq!(
            answered.len() as u64,
            totals["successful_calls"].as_u64().unwrap(),
            "{name}"
        );
        let vendor_price = |cdr: &Value| -> Decimal {
            cdr["attributes"]["vendor-price"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap()
        };
        let sum: Decimal = cdrs.iter().map(vendor_price).sum();
        let total: Decimal = totals["total_price"].as_str().unwrap().parse().unwrap();
        assert_eq!(sum, total, "{name}: exact decimals");
        let seconds: u64 = answered
            .iter()
            .map(|c| c["attributes"]["duration"].as_u64().unwrap())
            .sum();
        let minutes = (Decimal::from(seconds) / Decimal::from(60)).round_dp(2);
        let total_minutes: Decimal = totals["total_duration"].as_str().unwrap().parse().unwrap();
        assert_eq!(minutes, total_minutes, "{name}: minutes");
        // The origination side counts another stream of calls.
        let originated = get(
            &format!("origination-statistics?{stats_query}"),
            Some(&token),
        )
        .await
        .json();
        assert_ne!(originated["totals"], stats["totals"], "{name}");

        let dearer = all_pages(
            server(),
            &token,
            "incoming-cdrs",
            &format!("{window}&filter[vendor-price-gt]=0.05"),
        )
        .await;
        let narrowed = get(
            &format!("termination-statistics?{stats_query}&vendor-price-gt=0.05"),
            Some(&token),
        )
        .await
        .json();
        assert!(dearer.len() < cdrs.len(), "{name}: some calls cost less");
        assert_eq!(
            dearer.len() as u64,
            narrowed["totals"]["total_calls"].as_u64().unwrap(),
            "{name}: vendor-price-gt"
        );
    }
}

#[tokio::test]
async fn without_a_lower_bound_only_the_last_24_hours_are_listed() {
    let token = demo_token().await;
    let floor = Utc::now() - Duration::hours(24) - Duration::seconds(5);
    let oldest = get("cdrs?sort=time-start&page[size]=1", Some(&token)).await;
    assert_eq!(oldest.status, 200);
    let oldest = oldest.json();
    assert!(time(&oldest["data"][0]) >= floor);
    let total = oldest["meta"]["total-count"].as_u64().unwrap();
    // A weekend day has about 9,000, a weekday over 10,000.
    assert!(total > 5_000, "a day of four accounts: {total}");

    // `time-start-lt` alone keeps the floor: only the first hour of the window is left.
    let before = server_time(Utc::now() - Duration::hours(23));
    let lt_only = get(
        &format!("cdrs?filter[time-start-lt]={before}&page[size]=1000"),
        Some(&token),
    )
    .await
    .json();
    let lt_count = lt_only["meta"]["total-count"].as_u64().unwrap();
    // At most some 16 % (a busy Friday hour before a quiet weekend day).
    assert!(
        lt_count > 0 && lt_count < total / 4,
        "{lt_count} of {total}"
    );
    let data = lt_only["data"].as_array().unwrap();
    assert!(data.iter().all(|c| time(c) >= floor));
    // A lower bound lifts it.
    let lifted = get(
        &format!(
            "cdrs?filter[time-start-gteq]={}&filter[time-start-lt]={before}&page[size]=1",
            server_time(Utc::now() - Duration::hours(25))
        ),
        Some(&token),
    )
    .await
    .json();
    assert!(lifted["meta"]["total-count"].as_u64().unwrap() > lt_count);
    // The default order is newest first.
    let newest = get("cdrs?page[size]=50", Some(&token)).await.json();
    let times: Vec<DateTime<Utc>> = newest["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(time)
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]));
}

#[tokio::test]
async fn a_cdr_is_shown_again_by_its_id_and_only_to_its_customer() {
    let token = demo_token().await;
    for path in ["cdrs", "incoming-cdrs"] {
        let list = get(
            &format!("{path}?page[size]=5&include=account"),
            Some(&token),
        )
        .await;
        assert_eq!(list.status, 200, "{path}: {}", list.body);
        let list = list.json();
        let first = &list["data"][0];
        let id = first["id"].as_str().unwrap();
        assert!(id.parse::<u64>().is_ok());
        let included = list["included"].as_array().unwrap();
        assert!(included.iter().any(|a| a["type"] == "accounts"
            && a["id"] == first["relationships"]["account"]["data"]["id"]
            && a["attributes"]["currency"].is_string()));

        let shown = get(&format!("{path}/{id}"), Some(&token)).await;
        assert_eq!(shown.status, 200);
        assert_eq!(shown.json()["data"]["attributes"], first["attributes"]);
        let account = get(&format!("{path}/{id}/account"), Some(&token)).await;
        assert_eq!(account.json()["data"]["type"], "accounts");
        let linkage = get(&format!("{path}/{id}/relationships/account"), Some(&token)).await;
        assert_eq!(linkage.json()["data"]["type"], "accounts");

        let other = get(&format!("{path}/{id}"), Some(&other_token().await)).await;
        assert_eq!(other.status, 404);
        assert_eq!(other.json()["errors"][0]["title"], "Record not found");
        // An integer key given a word: the real server's 400 "Invalid field value".
        assert_eq!(get(&format!("{path}/x1"), Some(&token)).await.status, 400);
    }
    // An id of one direction is none of the other's.
    let outgoing = get("cdrs?page[size]=1", Some(&token)).await.json();
    let id = outgoing["data"][0]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        get(&format!("incoming-cdrs/{id}"), Some(&token))
            .await
            .status,
        404
    );
    let incoming = get("incoming-cdrs?page[size]=1", Some(&token)).await.json();
    let id = incoming["data"][0]["id"].as_str().unwrap().to_owned();
    assert_eq!(get(&format!("cdrs/{id}"), Some(&token)).await.status, 404);
    let attributes = &incoming["data"][0]["attributes"];
    assert!(attributes["vendor-price"].is_string() && attributes["dialpeer-prefix"].is_string());
    assert!(attributes.get("customer-price").is_none());
}

#[tokio::test]
async fn every_attribute_has_its_kind() {
    let token = demo_token().await;
    let list = get("cdrs?page[size]=200", Some(&token)).await.json();
    let answered = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["attributes"]["success"] == true)
        .unwrap()
        .clone();
    let a = &answered["attributes"];
    assert_eq!(
        a.as_object().unwrap().len(),
        api_model::catalog::CDRS.fields.len()
    );
    for time in ["time-start", "time-connect", "time-end"] {
        let text = a[time].as_str().unwrap();
        assert!(text.ends_with('Z') && text.len() == 24, "{time}: {text}");
    }
    for integer in [
        "duration",
        "customer-duration",
        "lega-disconnect-code",
        "auth-orig-port",
        "auth-orig-transport-protocol-id",
        "destination-initial-interval",
    ] {
        assert!(a[integer].is_i64(), "{integer}: {}", a[integer]);
    }
    for decimal in [
        "customer-price",
        "destination-initial-rate",
        "destination-next-rate",
    ] {
        assert!(a[decimal].is_string(), "{decimal}");
    }
    assert_eq!(a["lega-disconnect-code"], 200);
    assert_eq!(a["src-prefix-in"], a["src-prefix-routing"]);
    assert!(
        a["dst-prefix-in"]
            .as_str()
            .unwrap()
            .starts_with(a["destination-prefix"].as_str().unwrap())
    );
    let failed = get("cdrs?filter[success-eq]=false&page[size]=20", Some(&token))
        .await
        .json();
    for cdr in failed["data"].as_array().unwrap() {
        assert!(cdr["attributes"]["time-connect"].is_null());
        assert_eq!(cdr["attributes"]["duration"], 0);
        assert_ne!(cdr["attributes"]["lega-disconnect-code"], 200);
    }
}

#[tokio::test]
async fn filters_and_sorts_of_the_declaration_with_the_real_servers_errors() {
    let token = demo_token().await;
    let status_code = |reply: &Reply| {
        (
            reply.status,
            reply.json()["errors"][0]["code"]
                .as_str()
                .unwrap_or("")
                .to_owned(),
        )
    };
    // `rec` is an attribute the resource computes: the server takes it in `sort`, and its
    // database fails the query.
    for query in ["cdrs?sort=rec", "incoming-cdrs?sort=-rec"] {
        let reply = get(query, Some(&token)).await;
        assert_eq!(status_code(&reply), (500, "500".to_owned()), "{query}");
    }
    for (query, code) in [
        ("cdrs?sort=account", "114"),
        ("cdrs?filter[colour-eq]=red", "102"),
        ("cdrs?filter[time-start-gteq]=yesterday", "107"),
        ("cdrs?filter[success-eq]=maybe", "107"),
        ("cdrs?filter[duration-gt]=long", "107"),
        ("cdrs?filter[auth-orig-ip-eq]=300.1.2.3", "107"),
        ("cdrs?filter[success-gt]=true", "102"),
        ("incoming-cdrs?filter[customer-price-eq]=1", "102"),
        ("cdrs?page[size]=1001", "118"),
    ] {
        let reply = get(query, Some(&token)).await;
        assert_eq!(status_code(&reply), (400, code.to_owned()), "{query}");
    }
    // A closed window in the past: the default one moves while the test runs.
    let window = format!(
        "filter[time-start-gteq]={}&filter[time-start-lt]={}",
        server_time(hours_ago(6)),
        server_time(hours_ago(2))
    );
    let count = |query: &str| {
        let token = token.clone();
        let query = format!("{query}&{window}");
        async move {
            let reply = get(&query, Some(&token)).await;
            assert_eq!(reply.status, 200, "{query}: {}", reply.body);
            reply.json()["meta"]["total-count"].as_u64().unwrap()
        }
    };
    let all = count("cdrs?").await;
    let answered = count("cdrs?filter[success-eq]=true").await;
    let failed = count("cdrs?filter[success-not-eq]=true").await;
    assert_eq!(answered + failed, all);
    assert!(count("cdrs?filter[duration-gteq]=60").await < answered);
    assert_eq!(count("cdrs?filter[pai-in-eq]=x").await, 0);
    assert_eq!(count("cdrs?filter[customer-acc-vat-eq]=0").await, all);
    assert_eq!(
        count("cdrs?filter[destination-reverse-billing-eq]=false").await,
        all
    );
    let two_ips = count("cdrs?filter[auth-orig-ip-in]=185.12.40.10,91.200.8.4").await;
    assert!(two_ips > 0 && two_ips < all);
    assert!(count("incoming-cdrs?filter[sign-term-ip-start]=185.").await > 0);
    // Sorting by a price puts the dearest first.
    let dear = get("cdrs?sort=-customer-price,id&page[size]=100", Some(&token))
        .await
        .json();
    let prices: Vec<Decimal> = dear["data"].as_array().unwrap().iter().map(price).collect();
    assert!(prices.windows(2).all(|w| w[0] >= w[1]));
    // A one-id filter finds exactly that CDR.
    let id = dear["data"][3]["id"].as_str().unwrap();
    let one = get(&format!("cdrs?filter[id-eq]={id}"), Some(&token))
        .await
        .json();
    assert_eq!(one["meta"]["total-count"], 1);
    assert_eq!(one["data"][0]["id"], id);
}

/// The first CDRs of a list with `rec` true and false.
async fn recorded_and_not(addr: SocketAddr, token: &str, path: &str) -> (Vec<String>, Vec<String>) {
    let list = get_on(
        addr,
        &format!("{path}?filter[success-eq]=true&page[size]=100"),
        Some(token),
    )
    .await
    .json();
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for cdr in list["data"].as_array().unwrap() {
        let id = cdr["id"].as_str().unwrap().to_owned();
        if cdr["attributes"]["rec"] == true {
            with.push(id);
        } else {
            without.push(id);
        }
    }
    (with, without)
}

#[tokio::test]
async fn recordings_play_only_where_rec_is_true() {
    let token = demo_token().await;
    for path in ["cdrs", "incoming-cdrs"] {
        let (with, without) = recorded_and_not(server(), &token, path).await;
        assert!(
            with.len() >= 5 && without.len() > with.len(),
            "{path}: one in five"
        );
        let reply = get(&format!("{path}/{}/rec", with[0]), Some(&token)).await;
        assert_eq!(reply.status, 200);
        assert_eq!(reply.header("content-type"), "audio/wav");
        assert_eq!(&reply.bytes[..4], b"RIFF");
        assert_eq!(&reply.bytes[8..16], b"WAVEfmt ");
        let seconds = (reply.bytes.len() - 44) as f64 / 16_000.0;
        assert!((1.0..=2.0).contains(&seconds), "{seconds} s");
        let none = get(&format!("{path}/{}/rec", without[0]), Some(&token)).await;
        assert_eq!((none.status, none.body.as_str()), (404, ""));
        assert_eq!(
            get(&format!("{path}/{}/rec", with[0]), None).await.status,
            401
        );
        // Another customer's call does not exist for this one.
        let other = get(
            &format!("{path}/{}/rec", with[0]),
            Some(&other_token().await),
        )
        .await;
        assert_eq!(other.status, 404);
        assert_eq!(other.json()["errors"][0]["title"], "Record not found");
    }
    // A failed call has no recording.
    let failed = get("cdrs?filter[success-eq]=false&page[size]=1", Some(&token))
        .await
        .json();
    let id = failed["data"][0]["id"].as_str().unwrap();
    assert_eq!(
        get(&format!("cdrs/{id}/rec"), Some(&token)).await.status,
        404
    );
}

#[tokio::test]
async fn a_customer_who_may_not_listen_has_no_rec_and_no_recordings() {
    let token = other_token().await;
    let list = get("cdrs?filter[success-eq]=true&page[size]=100", Some(&token))
        .await
        .json();
    let data = list["data"].as_array().unwrap();
    assert!(data.len() > 20);
    assert!(data.iter().all(|c| c["attributes"]["rec"] == false));
    // Some of these calls were recorded; none plays for this customer.
    for cdr in data.iter().take(20) {
        let id = cdr["id"].as_str().unwrap();
        let reply = get(&format!("cdrs/{id}/rec"), Some(&token)).await;
        assert_eq!((reply.status, reply.body.as_str()), (404, ""));
    }
}

#[tokio::test]
async fn recordings_play_in_cookie_mode_for_a_plain_audio_element() {
    let body =
        serde_json::json!({"auth": {"login": "demo", "password": "demo"}, "cookie_auth": true});
    let signed_in = send(
        server(),
        "POST",
        &format!("{API}/auth"),
        &[("content-type", "application/json")],
        Some(&body.to_string()),
    )
    .await;
    let jar = cookie_pair(signed_in.header("set-cookie"));
    let token = demo_token().await;
    let (with, _) = recorded_and_not(server(), &token, "cdrs").await;
    // What `<audio src>` sends: the cookie, and an Accept for audio.
    let reply = send(
        server(),
        "GET",
        &api_path(&format!("cdrs/{}/rec", with[0])),
        &[
            ("cookie", &jar),
            ("accept", "audio/webm,audio/*;q=0.9,*/*;q=0.5"),
        ],
        None,
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.header("content-type"), "audio/wav");
}

#[tokio::test]
async fn hidden_fields_leave_cdrs_and_exports() {
    let hidden = [
        "time-connect",
        "customer-price",
        "src-name-in",
        "sign-term-ip",
    ];
    let addr = start(Options {
        hide_cdr_fields: hidden.iter().map(|h| (*h).to_owned()).collect(),
        ..Options::default()
    });
    let token = token_on(addr, "demo").await;
    for path in ["cdrs", "incoming-cdrs"] {
        let list = get_on(addr, &format!("{path}?page[size]=3"), Some(&token))
            .await
            .json();
        let first = &list["data"][0];
        let shown = get_on(
            addr,
            &format!("{path}/{}", first["id"].as_str().unwrap()),
            Some(&token),
        )
        .await
        .json();
        for attributes in [&first["attributes"], &shown["data"]["attributes"]] {
            assert!(attributes.get("time-start").is_some());
            for name in hidden {
                assert!(attributes.get(name).is_none(), "{path}: {name}");
            }
        }
    }
    // Hidden fields still filter and sort, as database columns do.
    let sorted = get_on(
        addr,
        "cdrs?sort=customer-price&filter[time-connect-gt]=2020-01-01%2000:00:00",
        Some(&token),
    )
    .await;
    assert_eq!(sorted.status, 200);

    let exports = get_on(
        addr,
        "cdr-exports?filter[status-eq]=Completed",
        Some(&token),
    )
    .await
    .json();
    let id = exports["data"][0]["id"].as_str().unwrap();
    let file = get_on(addr, &format!("cdr-exports/{id}/download"), Some(&token)).await;
    assert_eq!(file.status, 200);
    let mut csv = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&file.bytes[..]), &mut csv)
        .unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header.len(), 18);
    assert!(!header.contains(&"Time Connect") && !header.contains(&"Customer Price"));
    assert!(lines.all(|line| line.split(',').count() == 18));
}

/// As deploy/nginx.conf has a deployment do, JSON answers come gzip-compressed to a client that
/// accepts it (a page of calls shrinks to a fraction); a recording comes as it is.
#[tokio::test]
async fn json_answers_are_compressed_for_clients_that_accept_gzip() {
    let token = demo_token().await;
    let bearer = format!("Bearer {token}");
    let accepts = [
        ("authorization", bearer.as_str()),
        ("accept-encoding", "gzip"),
    ];
    // A closed window an hour back: the two requests must list the same calls, and calls end
    // into the last hour while the test runs.
    let path = format!(
        "{API}/cdrs?filter[time-start-gteq]={}&filter[time-start-lt]={}&page[size]=50",
        time_ago(2 * 3600),
        time_ago(3600)
    );
    let plain = get(&path, Some(&token)).await;
    assert_eq!(plain.header("content-encoding"), "");
    let compressed = send(server(), "GET", &path, &accepts, None).await;
    assert_eq!(compressed.status, 200);
    assert_eq!(compressed.header("content-encoding"), "gzip");
    let mut unpacked = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(&compressed.bytes[..]),
        &mut unpacked,
    )
    .expect("a gzip body");
    let rows = |body: &str| serde_json::from_str::<Value>(body).unwrap()["data"].clone();
    assert_eq!(rows(&unpacked), rows(&plain.body));
    assert!(
        compressed.bytes.len() * 4 < plain.bytes.len(),
        "{} bytes compressed of {}",
        compressed.bytes.len(),
        plain.bytes.len()
    );

    let (with, _) = recorded_and_not(server(), &token, "cdrs").await;
    let recording = send(
        server(),
        "GET",
        &format!("{API}/cdrs/{}/rec", with[0]),
        &accepts,
        None,
    )
    .await;
    assert_eq!(recording.header("content-type"), "audio/wav");
    assert_eq!(recording.header("content-encoding"), "");
    assert_eq!(&recording.bytes[..4], b"RIFF");
}
