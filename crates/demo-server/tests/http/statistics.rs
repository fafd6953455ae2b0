//! The statistics endpoints over HTTP.

use crate::client::*;
use rust_decimal::Decimal;
use serde_json::Value;

async fn stats(token: &str, path: &str, query: &str) -> Reply {
    get(&format!("{path}?{query}"), Some(token)).await
}

fn number(value: &Value) -> Decimal {
    match value {
        Value::Number(n) => n.to_string().parse().unwrap(),
        Value::String(s) => s.parse().unwrap(),
        other => panic!("not a number: {other}"),
    }
}

#[tokio::test]
async fn required_parameters_and_their_errors() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let secret = get("accounts", Some(&other_token().await)).await.json()["data"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let from = time_ago(3600);
    let cases = [
        (
            "origination-statistics",
            String::new(),
            "missing required param(s) account-id, from-time, sampling",
        ),
        (
            "origination-statistics-quality",
            format!("account-id={kyiv}"),
            "missing required param(s) from-time, sampling",
        ),
        (
            "origination-active-calls",
            String::new(),
            "missing required param(s) account-id, from-time",
        ),
        (
            "origination-statistics",
            format!("account-id={secret}&from-time={from}&sampling=minute"),
            "invalid value account-id",
        ),
        (
            "origination-active-calls",
            format!("account-id=nope&from-time={from}"),
            "invalid value account-id",
        ),
        (
            "origination-statistics",
            format!("account-id={kyiv}&from-time=soon&sampling=minute"),
            "invalid value from-time",
        ),
        (
            "origination-statistics",
            format!("account-id={kyiv}&from-time={from}&sampling=15minutes"),
            "invalid sampling",
        ),
        (
            "origination-statistics-quality",
            format!("account-id={kyiv}&from-time={from}&sampling=hour"),
            "invalid sampling",
        ),
    ];
    for (path, query, message) in cases {
        let reply = stats(&token, path, &query).await;
        assert_eq!(reply.status, 400, "{path}?{query}");
        assert_eq!(
            reply.header("content-type"),
            "application/json; charset=utf-8"
        );
        assert_eq!(
            reply.json(),
            serde_json::json!({ "error": message }),
            "{path}?{query}"
        );
    }
    for path in [
        "origination-statistics",
        "origination-statistics-quality",
        "origination-active-calls",
    ] {
        let future = stats(
            &token,
            path,
            &format!(
                "account-id={kyiv}&from-time={}&sampling=minute",
                time_ago(-3600)
            ),
        )
        .await;
        assert_eq!((future.status, future.body.as_str()), (200, "[]"), "{path}");
    }
}

#[tokio::test]
async fn totals_agree_with_the_series() {
    let token = demo_token().await;
    let london = account_id(&token, "London Carrier").await;
    // Closed a minute ago: a call starting between two requests would change an open window's
    // totals.
    let query = format!(
        "account-id={london}&from-time={}&to-time={}&sampling=5minutes",
        time_ago(6 * 3600),
        time_ago(60)
    );
    let reply = stats(&token, "origination-statistics", &query).await;
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("content-type"),
        "application/json; charset=utf-8"
    );
    let body = reply.json();
    let data = &body["data"];
    let axis = data["t"].as_array().unwrap();
    assert!(!axis.is_empty());
    assert_eq!(body["rows"].as_u64().unwrap() as usize, axis.len());
    assert!(axis.windows(2).all(|w| w[0].as_i64() < w[1].as_i64()));
    assert!(axis.iter().all(|t| t.as_i64().unwrap() % 300 == 0));
    assert_eq!(body["totals"]["t"], 0);
    for series in [
        "total_calls",
        "successful_calls",
        "failed_calls",
        "total_price",
    ] {
        let sum: Decimal = data[series].as_array().unwrap().iter().map(number).sum();
        assert_eq!(sum, number(&body["totals"][series]), "{series}");
    }
    for series in ["total_duration", "acd", "asr", "total_price"] {
        assert!(
            data[series]
                .as_array()
                .unwrap()
                .iter()
                .all(|v| v.is_string() || v.is_null()),
            "{series}"
        );
        assert!(body["totals"][series].is_string(), "{series}");
    }
    let duration: Decimal = data["total_duration"]
        .as_array()
        .unwrap()
        .iter()
        .map(number)
        .sum();
    let slack = Decimal::new(5, 3) * Decimal::from(axis.len() as u64);
    assert!((duration - number(&body["totals"]["total_duration"])).abs() <= slack);
    // Sparse: only buckets with calls.
    assert!(
        data["total_calls"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n.as_u64().unwrap() > 0)
    );

    let quality = stats(&token, "origination-statistics-quality", &query)
        .await
        .json();
    assert_eq!(
        quality["totals"]["total_calls"],
        body["totals"]["total_calls"]
    );
    let calls: u64 = quality["data"]["total_calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(calls, body["totals"]["total_calls"].as_u64().unwrap());
    let filled = quality["data"]["t"].as_array().unwrap();
    assert!(
        filled.len() >= 72
            && filled
                .windows(2)
                .all(|w| w[1].as_i64().unwrap() - w[0].as_i64().unwrap() == 300)
    );

    let active = stats(
        &token,
        "origination-active-calls",
        &format!("account-id={london}&from-time={}", time_ago(3600)),
    )
    .await
    .json();
    let t = active["data"]["t"].as_array().unwrap();
    assert_eq!(t.len(), active["data"]["calls"].as_array().unwrap().len());
    assert!(active.get("totals").is_none());
    assert!((60..=62).contains(&t.len()), "{}", t.len());
}

#[tokio::test]
async fn to_time_and_narrowing_parameters() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let from = time_ago(12 * 3600);
    let total = |extra: String| {
        let token = token.clone();
        let query = format!("account-id={kyiv}&from-time={from}&sampling=hour{extra}");
        async move {
            let reply = stats(&token, "origination-statistics", &query).await;
            assert_eq!(reply.status, 200, "{query}: {}", reply.body);
            reply.json()["totals"]["total_calls"].as_u64().unwrap()
        }
    };
    let all = total(String::new()).await;
    let half = total(format!("&to-time={}", time_ago(6 * 3600))).await;
    assert!(all > half && half > 0, "{all} {half}");
    assert!(total("&duration-gt=60".into()).await < all);
    assert_eq!(total("&auth-orig-ip=192.0.2.1".into()).await, 0);
    let reply = stats(
        &token,
        "origination-statistics",
        &format!("account-id={kyiv}&from-time={from}&sampling=hour&customer-price-gt=cheap"),
    )
    .await;
    assert_eq!(reply.json()["error"], "invalid value customer-price-gt");
}

fn numbers(body: &Value, series: &str) -> Vec<Option<Decimal>> {
    body["data"][series]
        .as_array()
        .unwrap_or_else(|| panic!("{series}"))
        .iter()
        .map(|v| (!v.is_null()).then(|| number(v)))
        .collect()
}

fn day_bounds() -> (chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>) {
    let today = chrono::Utc::now()
        .date_naive()
        .and_hms_opt(0, 0, 0)
        .unwrap()
        .and_utc();
    (today - chrono::Duration::days(1), today)
}

/// The consistency check: one account, yesterday at minute sampling.
#[tokio::test]
async fn one_day_at_minute_sampling_is_consistent_throughout() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let (yesterday, today) = day_bounds();
    let window = format!(
        "account-id={kyiv}&from-time={}&to-time={}",
        server_time(yesterday),
        server_time(today - chrono::Duration::seconds(1))
    );
    let body = stats(
        &token,
        "origination-statistics",
        &format!("{window}&sampling=minute"),
    )
    .await
    .json();
    let t: Vec<i64> = serde_json::from_value(body["data"]["t"].clone()).unwrap();
    assert!(
        t.len() > 1000,
        "most minutes of a busy day have calls: {}",
        t.len()
    );
    assert!(t.iter().all(|t| *t % 60 == 0));
    assert!(t[0] >= yesterday.timestamp() && *t.last().unwrap() < today.timestamp());
    let total = numbers(&body, "total_calls");
    let ok = numbers(&body, "successful_calls");
    let failed = numbers(&body, "failed_calls");
    let duration = numbers(&body, "total_duration");
    let acd = numbers(&body, "acd");
    let asr = numbers(&body, "asr");
    let price = numbers(&body, "total_price");
    let sum = |v: &[Option<Decimal>]| -> Decimal { v.iter().flatten().sum() };
    let totals = &body["totals"];
    for (name, series) in [
        ("total_calls", &total),
        ("successful_calls", &ok),
        ("failed_calls", &failed),
        ("total_price", &price),
    ] {
        assert_eq!(sum(series), number(&totals[name]), "{name}");
    }
    let rows = Decimal::from(t.len() as u64);
    assert!(
        (sum(&duration) - number(&totals["total_duration"])).abs() <= Decimal::new(5, 3) * rows
    );
    let hundred = Decimal::from(100);
    let sixty = Decimal::from(60);
    for i in 0..t.len() {
        let (calls, answered) = (total[i].unwrap(), ok[i].unwrap());
        assert_eq!(calls, answered + failed[i].unwrap());
        // ASR: answered share in percent, to 0.1.
        let expected_asr = answered * hundred / calls;
        assert!(
            (asr[i].unwrap() - expected_asr).abs() <= Decimal::new(5, 2),
            "asr at {}",
            t[i]
        );
        // ACD: seconds per answered call, from the duration in minutes (rounded to 0.01 min).
        match acd[i] {
            Some(acd) => {
                let from_duration = duration[i].unwrap() * sixty / answered;
                let slack = Decimal::new(3, 1) / answered + Decimal::new(5, 3);
                assert!((acd - from_duration).abs() <= slack, "acd at {}", t[i]);
            }
            None => assert_eq!(answered, Decimal::ZERO),
        }
    }
    // Totals' ASR and ACD from the totals.
    let all = number(&totals["total_calls"]);
    let answered = number(&totals["successful_calls"]);
    assert!((number(&totals["asr"]) - answered * hundred / all).abs() <= Decimal::new(5, 2));
    let minutes = number(&totals["total_duration"]);
    assert!((number(&totals["acd"]) - minutes * sixty / answered).abs() <= Decimal::new(1, 2));

    // Quality: the same calls on a filled axis, CPS = calls / 60 per minute.
    let quality = stats(
        &token,
        "origination-statistics-quality",
        &format!("{window}&sampling=minute"),
    )
    .await
    .json();
    let qt: Vec<i64> = serde_json::from_value(quality["data"]["t"].clone()).unwrap();
    assert_eq!(qt[0], yesterday.timestamp());
    let q_calls = numbers(&quality, "total_calls");
    let q_cps = numbers(&quality, "cps");
    let by_minute: std::collections::HashMap<i64, Decimal> = t
        .iter()
        .copied()
        .zip(total.iter().map(|c| c.unwrap()))
        .collect();
    for (i, minute) in qt.iter().enumerate() {
        let calls = q_calls[i].unwrap();
        if *minute < today.timestamp() {
            assert_eq!(calls, by_minute.get(minute).copied().unwrap_or_default());
        } else {
            assert_eq!(calls, Decimal::ZERO, "past to-time: zero rows");
        }
        let cps = q_cps[i].unwrap();
        assert!(
            (cps - calls / sixty).abs() <= Decimal::new(5, 5),
            "cps at {minute}"
        );
    }
    assert_eq!(
        quality["totals"]["total_calls"],
        body["totals"]["total_calls"]
    );

    // Active calls follow the daily curve: the small hours are quieter than the afternoon.
    let active = stats(&token, "origination-active-calls", &window)
        .await
        .json();
    let at: Vec<i64> = serde_json::from_value(active["data"]["t"].clone()).unwrap();
    let calls: Vec<u64> = serde_json::from_value(active["data"]["calls"].clone()).unwrap();
    let mean_in_hour = |hour: i64| -> f64 {
        let start = yesterday.timestamp() + hour * 3600;
        let values: Vec<u64> = at
            .iter()
            .zip(&calls)
            .filter(|(t, _)| **t >= start && **t < start + 3600)
            .map(|(_, c)| *c)
            .collect();
        values.iter().sum::<u64>() as f64 / values.len().max(1) as f64
    };
    let (night, afternoon) = (mean_in_hour(3), mean_in_hour(14));
    assert!(
        afternoon > 0.0 && night * 3.0 < afternoon,
        "{night} vs {afternoon}"
    );
}

#[tokio::test]
async fn every_sampling_value_aligns_its_buckets_and_keeps_the_totals() {
    let token = demo_token().await;
    let berlin = account_id(&token, "Berlin Retail").await;
    let from = time_ago(40 * 86_400);
    // A fixed end: calls keep arriving while the six requests run.
    let to = time_ago(60);
    let mut totals = Vec::new();
    for sampling in ["minute", "5minutes", "hour", "day", "week", "month"] {
        let reply = stats(
            &token,
            "origination-statistics",
            &format!("account-id={berlin}&from-time={from}&to-time={to}&sampling={sampling}"),
        )
        .await;
        assert_eq!(reply.status, 200, "{sampling}: {}", reply.body);
        let body = reply.json();
        let t: Vec<i64> = serde_json::from_value(body["data"]["t"].clone()).unwrap();
        assert!(!t.is_empty(), "{sampling}");
        for start in &t {
            let time = chrono::DateTime::from_timestamp(*start, 0).unwrap();
            use chrono::{Datelike, Timelike};
            let aligned = match sampling {
                "minute" => time.second() == 0,
                "5minutes" => time.second() == 0 && time.minute() % 5 == 0,
                "hour" => time.second() == 0 && time.minute() == 0,
                "day" => *start % 86_400 == 0,
                "week" => *start % 86_400 == 0 && time.weekday() == chrono::Weekday::Mon,
                _ => *start % 86_400 == 0 && time.day() == 1,
            };
            assert!(aligned, "{sampling}: {time}");
        }
        totals.push(body["totals"]["total_calls"].as_u64().unwrap());
        if sampling == "day" {
            assert!(t.len() >= 40, "at least 30 days of history: {}", t.len());
        }
    }
    assert!(totals.windows(2).all(|w| w[0] == w[1]), "{totals:?}");
    for sampling in ["minute", "5minutes", "15minutes"] {
        let reply = stats(
            &token,
            "origination-statistics-quality",
            &format!(
                "account-id={berlin}&from-time={}&sampling={sampling}",
                time_ago(6 * 3600)
            ),
        )
        .await;
        assert_eq!(reply.status, 200, "{sampling}");
        let t: Vec<i64> = serde_json::from_value(reply.json()["data"]["t"].clone()).unwrap();
        let step = match sampling {
            "minute" => 60,
            "5minutes" => 300,
            _ => 900,
        };
        assert!(t.windows(2).all(|w| w[1] - w[0] == step), "{sampling}");
        assert!(t.iter().all(|t| t % step == 0));
    }
}

#[tokio::test]
async fn every_narrowing_parameter_narrows() {
    let token = demo_token().await;
    let london = account_id(&token, "London Carrier").await;
    // A closed window: every call that starts in it has ended (calls last at most 30 minutes,
    // `MAX_CALL_SECONDS`), so no count moves between the test's requests. An open one failed
    // under load: a call ended into it between two of them (4040 against 4039).
    let (from, to) = (time_ago(7 * 3600), time_ago(3600));
    let count = |extra: String| {
        let token = token.clone();
        let query =
            format!("account-id={london}&from-time={from}&to-time={to}&sampling=hour{extra}");
        async move {
            let reply = stats(&token, "origination-statistics", &query).await;
            assert_eq!(reply.status, 200, "{query}: {}", reply.body);
            reply.json()["totals"]["total_calls"].as_u64().unwrap()
        }
    };
    let all = count(String::new()).await;
    assert!(all > 100);
    // Durations partition the calls: failed calls last 0 s.
    let answered = count("&duration-gt=0".into()).await;
    let failed = count("&duration-lt=1".into()).await;
    assert_eq!(answered + failed, all);
    assert_eq!(count("&duration-eq=0".into()).await, failed);
    // Prices partition them too (failed calls cost the attempt fee, here 0).
    let paid = count("&customer-price-gt=0".into()).await;
    let free = count("&customer-price-eq=0".into()).await;
    assert_eq!(paid + free, all);
    assert!(count("&customer-price-lt=0".into()).await == 0);
    // Numbers: London calls from 4420… and 447…; destinations start with a rate's prefix.
    let twenty = count("&src-prefix-routing-starts-with=4420".into()).await;
    let seven = count("&src-prefix-routing-starts-with=447".into()).await;
    assert_eq!(twenty + seven, all);
    assert_eq!(count("&src-prefix-routing-contains=44".into()).await, all);
    assert!(count("&src-prefix-routing-ends-with=7".into()).await < all);
    assert_eq!(
        count("&src-prefix-routing-eq=4420".into()).await,
        0,
        "full numbers"
    );
    let countries = get("countries?page[size]=1000", Some(&token)).await.json();
    let id_of = |iso2: &str| {
        countries["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["attributes"]["iso2"] == iso2)
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(count(format!("&src-country-id={}", id_of("GB"))).await, all);
    assert_eq!(count(format!("&src-country-id={}", id_of("DE"))).await, 0);
    let to_ukraine = count(format!("&dst-country-id={}", id_of("UA"))).await;
    let dialled_380 = count("&dst-prefix-routing-starts-with=380".into()).await;
    assert!(to_ukraine > 0 && to_ukraine < all);
    assert_eq!(
        to_ukraine, dialled_380,
        "Ukraine is the only country code 380…"
    );
    let ip = "&auth-orig-ip=62.30.112.6".to_owned();
    let from_one_ip = count(ip).await;
    assert!(from_one_ip > 0 && from_one_ip < all);
    // Combined parameters narrow further; empty ones are ignored.
    assert!(count("&duration-gt=0&src-prefix-routing-starts-with=447".into()).await < seven);
    assert_eq!(count("&duration-gt=&auth-orig-ip=".into()).await, all);
    // to-time includes its own second, like the real server's `time_start <= to-time`.
    let reply = stats(
        &token,
        "origination-statistics",
        &format!("account-id={london}&from-time={from}&to-time={from}&sampling=minute"),
    )
    .await;
    assert_eq!(reply.status, 200);
}

#[tokio::test]
async fn statistics_errors_follow_the_real_servers_order_and_forms() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let error = |query: String| {
        let token = token.clone();
        async move {
            let reply = stats(&token, "origination-statistics", &query).await;
            assert_eq!(reply.status, 400, "{query}");
            reply.json()["error"].as_str().unwrap().to_owned()
        }
    };
    // Parameters are read in the order given; sampling last.
    assert_eq!(
        error("from-time=nope&account-id=nope&sampling=x".to_owned()).await,
        "invalid value from-time"
    );
    assert_eq!(
        error(format!(
            "account-id={kyiv}&sampling=x&from-time={}&to-time=later",
            time_ago(60)
        ))
        .await,
        "invalid value to-time"
    );
    assert_eq!(
        error(format!(
            "account-id={kyiv}&from-time={}&sampling=x",
            time_ago(60)
        ))
        .await,
        "invalid sampling"
    );
    assert_eq!(
        error(format!(
            "account-id=&from-time={}&sampling=minute",
            time_ago(60)
        ))
        .await,
        "invalid value account-id"
    );
    // A future from-time answers [] as soon as it is read.
    let future = stats(
        &token,
        "origination-statistics",
        &format!(
            "account-id={kyiv}&from-time={}&sampling=bogus",
            time_ago(-600)
        ),
    )
    .await;
    assert_eq!((future.status, future.body.as_str()), (200, "[]"));
    assert_eq!(
        future.header("content-type"),
        "application/json; charset=utf-8"
    );
    // Unknown parameters are ignored.
    let fine = stats(
        &token,
        "origination-statistics",
        &format!(
            "account-id={kyiv}&from-time={}&sampling=hour&colour=red",
            time_ago(600)
        ),
    )
    .await;
    assert_eq!(fine.status, 200);
    for header in ["etag", "x-request-id", "x-runtime", "cache-control", "vary"] {
        assert!(!fine.header(header).is_empty(), "{header}");
    }
}

/// How many values of a series are above zero.
fn nonzero(series: &Value) -> usize {
    series
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v.as_u64().unwrap() > 0)
        .count()
}

#[tokio::test]
async fn rows_of_the_filled_axes_are_the_buckets_that_had_data_not_the_length() {
    let token = demo_token().await;
    let lviv = account_id(&token, "Lviv Overdraft").await;
    // An hour of calls three hours ago: the axes are filled up to now.
    let window = format!(
        "account-id={lviv}&from-time={}&to-time={}",
        time_ago(3 * 3600),
        time_ago(2 * 3600)
    );
    let quality = stats(
        &token,
        "origination-statistics-quality",
        &format!("{window}&sampling=minute"),
    )
    .await
    .json();
    let length = quality["data"]["t"].as_array().unwrap().len();
    let rows = quality["rows"].as_u64().unwrap() as usize;
    assert_eq!(rows, nonzero(&quality["data"]["total_calls"]));
    assert!(
        rows <= 61 && length > 3 * 60,
        "rows {rows}, length {length}"
    );

    let active = stats(&token, "origination-active-calls", &window)
        .await
        .json();
    let length = active["data"]["t"].as_array().unwrap().len();
    let rows = active["rows"].as_u64().unwrap() as usize;
    assert_eq!(rows, nonzero(&active["data"]["calls"]));
    assert!(rows + 2 * 60 <= length, "rows {rows}, length {length}");

    // The sparse axis has only buckets with calls: there `rows` is the length.
    let origination = stats(
        &token,
        "origination-statistics",
        &format!("{window}&sampling=minute"),
    )
    .await
    .json();
    assert_eq!(
        origination["rows"].as_u64().unwrap() as usize,
        origination["data"]["t"].as_array().unwrap().len()
    );
    assert_eq!(origination["rows"], quality["rows"]);
}

#[tokio::test]
async fn times_in_iso_form_fail_with_an_empty_500_like_the_real_database() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let hour_ago = chrono::Utc::now() - chrono::Duration::hours(1);
    let iso = hour_ago.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let iso_millis = hour_ago.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let fraction = format!("{}.5", server_time(hour_ago));
    for path in [
        "origination-statistics",
        "origination-statistics-quality",
        "origination-active-calls",
    ] {
        let ok = stats(
            &token,
            path,
            &format!(
                "account-id={kyiv}&from-time={}&to-time={}&sampling=minute",
                server_time(hour_ago),
                time_ago(60)
            ),
        )
        .await;
        assert_eq!(ok.status, 200, "{path}: {}", ok.body);
        for (from, to) in [
            (iso.clone(), time_ago(60)),
            (iso_millis.clone(), time_ago(60)),
            (fraction.clone(), time_ago(60)),
            (server_time(hour_ago), iso.clone()),
        ] {
            let reply = stats(
                &token,
                path,
                &format!("account-id={kyiv}&from-time={from}&to-time={to}&sampling=minute"),
            )
            .await;
            assert_eq!(
                (reply.status, reply.body.as_str()),
                (500, ""),
                "{path} {from} {to}"
            );
        }
    }
    // Parameters are checked first, as the real server's controller does.
    let invalid = stats(
        &token,
        "origination-statistics",
        &format!("account-id={kyiv}&from-time={iso}&sampling=year"),
    )
    .await;
    assert_eq!(invalid.status, 400);
    // The chart endpoints take both forms.
    let chart = post_jsonapi(
        "chart-originated-cps",
        &token,
        &serde_json::json!({"data": {
            "type": "chart-originated-cps",
            "attributes": {"from-time": iso, "to-time": iso_millis},
            "relationships": {"account": {"data": {"type": "accounts", "id": kyiv}}}
        }}),
    )
    .await;
    assert_eq!(chart.status, 201, "{}", chart.body);
}

/// The vendor side answers like the origination side, with its own narrowing parameters: a
/// bad `vendor-price-*` is refused, while `customer-price-*` and `auth-orig-ip` (which the
/// termination endpoints do not have) are ignored.
#[tokio::test]
async fn termination_endpoints_answer_and_refuse_like_origination() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let from = time_ago(3 * 3600);
    // Closed a minute ago, so the totals of separate requests agree.
    let base = format!(
        "account-id={kyiv}&from-time={from}&to-time={}",
        time_ago(60)
    );
    for (path, query, message) in [
        (
            "termination-statistics",
            String::new(),
            "missing required param(s) account-id, from-time, sampling",
        ),
        (
            "termination-active-calls",
            String::new(),
            "missing required param(s) account-id, from-time",
        ),
        (
            "termination-statistics",
            format!("{base}&sampling=hour&vendor-price-gt=cheap"),
            "invalid value vendor-price-gt",
        ),
        (
            "termination-statistics-quality",
            format!("{base}&sampling=hour"),
            "invalid sampling",
        ),
    ] {
        let reply = stats(&token, path, &query).await;
        assert_eq!(reply.status, 400, "{path}?{query}");
        assert_eq!(
            reply.json(),
            serde_json::json!({ "error": message }),
            "{path}?{query}"
        );
    }
    let totals = |query: String| {
        let token = token.clone();
        async move {
            let reply = stats(&token, "termination-statistics", &query).await;
            assert_eq!(reply.status, 200, "{query}: {}", reply.body);
            reply.json()["totals"].clone()
        }
    };
    let all = totals(format!("{base}&sampling=hour")).await;
    assert!(all["total_calls"].as_u64().unwrap() > 0);
    assert_eq!(
        totals(format!(
            "{base}&sampling=hour&auth-orig-ip=10.9.9.9&customer-price-gt=1000"
        ))
        .await,
        all,
        "origination's parameters are not the vendor side's"
    );
    let quality = stats(
        &token,
        "termination-statistics-quality",
        &format!("{base}&sampling=5minutes"),
    )
    .await
    .json();
    assert_eq!(quality["totals"]["total_calls"], all["total_calls"]);
    let active = stats(&token, "termination-active-calls", &base)
        .await
        .json();
    let calls = active["data"]["calls"].as_array().unwrap();
    assert_eq!(calls.len(), active["data"]["t"].as_array().unwrap().len());
    assert!(calls.iter().any(|n| n.as_u64().unwrap() > 0));
    let future = stats(
        &token,
        "termination-statistics",
        &format!("account-id={kyiv}&from-time=2099-01-01%2000:00:00&sampling=hour"),
    )
    .await;
    assert_eq!((future.status, future.body.as_str()), (200, "[]"));
}
