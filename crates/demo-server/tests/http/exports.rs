//! CDR exports: the download of a Completed export and its agreement with `rows-count` and
//! the export's filters.

use crate::client::*;
use serde_json::{Value, json};
use std::io::Read;

fn gunzip(bytes: &[u8]) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut text)
        .expect("a gzip file of UTF-8 text");
    text
}

/// The CSV lines of a download as maps from column title to value.
fn rows(csv: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = csv.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap_or("")
        .split(',')
        .map(str::to_owned)
        .collect();
    // No field of the demo's rows holds a comma, so a plain split reads them.
    let rows = lines
        .map(|line| line.split(',').map(str::to_owned).collect())
        .collect();
    (header, rows)
}

fn column(header: &[String], name: &str) -> usize {
    header
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("no column {name}"))
}

async fn exports(token: &str) -> Vec<Value> {
    get("cdr-exports?page[size]=1000", Some(token)).await.json()["data"]
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test]
async fn a_completed_export_downloads_as_gzip_csv_with_rows_count_rows() {
    let token = demo_token().await;
    let all = exports(&token).await;
    let completed: Vec<&Value> = all
        .iter()
        .filter(|e| e["attributes"]["status"] == "Completed")
        .collect();
    assert!(completed.len() >= 3);
    // A one-day export of every filter kind: answered calls, a minimum duration, one number.
    let mut checked = 0;
    for export in completed {
        let filters = &export["attributes"]["filters"];
        // One-day exports of the seeded ones (other tests add exports of other periods).
        let from = api_model::stats::parse_time(filters["time_start_gteq"].as_str().unwrap());
        let to = api_model::stats::parse_time(filters["time_start_lt"].as_str().unwrap());
        let recent = from.unwrap() > chrono::Utc::now() - chrono::Duration::days(40);
        if (to.unwrap() - from.unwrap()).num_days() != 1 || !recent {
            continue;
        }
        let id = export["id"].as_str().unwrap();
        let reply = get(&format!("cdr-exports/{id}/download"), Some(&token)).await;
        assert_eq!(reply.status, 200, "{id}");
        assert_eq!(reply.header("content-type"), "text/csv; charset=utf-8");
        assert_eq!(
            reply.header("content-disposition"),
            format!("attachment; filename=\"{id}.csv.gz\"")
        );
        assert_eq!(reply.header("content-encoding"), "");
        assert_eq!(&reply.bytes[..2], &[0x1f, 0x8b], "a gzip file");
        let (header, rows) = rows(&gunzip(&reply.bytes));
        assert_eq!(header.len(), 20);
        assert_eq!(header[0], "Time Start");
        assert!(header.contains(&"Customer Price".to_owned()));
        let rows_count = export["attributes"]["rows-count"].as_u64().unwrap();
        assert!(rows_count > 0, "{id}");
        assert_eq!(
            rows.len() as u64,
            rows_count,
            "{id}: rows-count is the data rows"
        );
        assert!(rows.iter().all(|r| r.len() == header.len()));

        let start = column(&header, "Time Start");
        let starts: Vec<chrono::DateTime<chrono::Utc>> = rows
            .iter()
            .map(|r| {
                let text = &r[start];
                let text = text.trim_end_matches("+00");
                chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f")
                    .unwrap_or_else(|e| panic!("{text}: {e}"))
                    .and_utc()
            })
            .collect();
        assert!(starts.windows(2).all(|w| w[0] >= w[1]), "newest first");
        let gteq = api_model::stats::parse_time(filters["time_start_gteq"].as_str().unwrap());
        let lt = api_model::stats::parse_time(filters["time_start_lt"].as_str().unwrap());
        assert!(
            starts
                .iter()
                .all(|t| *t >= gteq.unwrap() && *t < lt.unwrap())
        );
        if filters["success_eq"] == true {
            let success = column(&header, "Success");
            assert!(rows.iter().all(|r| r[success] == "t"));
            let connect = column(&header, "Time Connect");
            assert!(rows.iter().all(|r| !r[connect].is_empty()));
        }
        if let Some(min) = filters["duration_gteq"].as_u64() {
            let duration = column(&header, "Duration");
            assert!(
                rows.iter()
                    .all(|r| r[duration].parse::<u64>().unwrap() >= min)
            );
        }
        if let Some(number) = filters["src_prefix_routing_eq"].as_str() {
            let src = column(&header, "Src Prefix Routing");
            assert!(rows.iter().all(|r| r[src] == number));
        }
        let time_format = export["attributes"]["time-format"].as_str().unwrap();
        let first = &rows[0][start];
        match time_format {
            "with_timezone" => assert!(first.ends_with("+00"), "{first}"),
            "round_to_seconds" => assert_eq!(first.len(), 19, "{first}"),
            other => panic!("{other}"),
        }
        checked += 1;
    }
    assert!(checked >= 2, "{checked}");
}

#[tokio::test]
async fn other_states_unknown_and_foreign_exports_are_404() {
    let token = demo_token().await;
    let all = exports(&token).await;
    for status in ["Pending", "Failed", "Deleted"] {
        let export = all
            .iter()
            .find(|e| e["attributes"]["status"] == status)
            .unwrap();
        let id = export["id"].as_str().unwrap();
        let reply = get(&format!("cdr-exports/{id}/download"), Some(&token)).await;
        assert_eq!((reply.status, reply.body.as_str()), (404, ""), "{status}");
    }
    let unknown = "0b9f8b52-5d2c-11ef-9a4e-0242ac120003";
    let reply = get(&format!("cdr-exports/{unknown}/download"), Some(&token)).await;
    assert_eq!(reply.status, 404);
    assert_eq!(reply.json()["errors"][0]["title"], "Record not found");
    let other = other_token().await;
    let theirs = exports(&other).await;
    let completed = theirs
        .iter()
        .find(|e| e["attributes"]["status"] == "Completed")
        .unwrap();
    let id = completed["id"].as_str().unwrap();
    let foreign = get(&format!("cdr-exports/{id}/download"), Some(&token)).await;
    assert_eq!(foreign.status, 404);
    assert_eq!(foreign.json()["errors"][0]["title"], "Record not found");
    assert_eq!(
        get(&format!("cdr-exports/{id}/download"), Some(&other))
            .await
            .status,
        200
    );
    assert_eq!(
        get(&format!("cdr-exports/{id}/download"), None)
            .await
            .status,
        401
    );
    let not_uuid = get("cdr-exports/42/download", Some(&token)).await;
    assert_eq!(not_uuid.status, 404);
    assert!(not_uuid.header("content-type").starts_with("text/plain"));
}

#[tokio::test]
async fn a_created_export_completes_and_downloads_what_it_counted() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    // Six hours: a weekend night's two may hold no failed call.
    let from = chrono::Utc::now() - chrono::Duration::hours(7);
    let body = json!({"data": {
        "type": "cdr-exports",
        "attributes": {
            "filters": {
                "time_start_gteq": api_model::stats::server_time(&from),
                "time_start_lt": api_model::stats::server_time(&(from + chrono::Duration::hours(6))),
                "success_eq": false
            },
            "time-format": "without_timezone"
        },
        "relationships": {"account": {"data": {"type": "accounts", "id": kyiv}}}
    }});
    let created = post_jsonapi("cdr-exports", &token, &body).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.json()["data"]["id"].as_str().unwrap().to_owned();
    let pending = get(&format!("cdr-exports/{id}/download"), Some(&token)).await;
    assert_eq!((pending.status, pending.body.as_str()), (404, ""));
    tokio::time::sleep(std::time::Duration::from_millis(3300)).await;
    let shown = get(&format!("cdr-exports/{id}"), Some(&token)).await.json();
    assert_eq!(shown["data"]["attributes"]["status"], "Completed");
    let rows_count = shown["data"]["attributes"]["rows-count"].as_u64().unwrap();
    assert!(rows_count > 0);
    let reply = get(&format!("cdr-exports/{id}/download"), Some(&token)).await;
    assert_eq!(reply.status, 200);
    let (header, rows) = rows(&gunzip(&reply.bytes));
    assert_eq!(rows.len() as u64, rows_count);
    let success = column(&header, "Success");
    let start = column(&header, "Time Start");
    assert!(rows.iter().all(|r| r[success] == "f"));
    assert!(
        rows.iter()
            .all(|r| !r[start].ends_with("+00") && r[start].contains('.')),
        "without_timezone keeps the microseconds"
    );
    // The same calls the statistics count: failed calls of the period.
    let stats = get(
        &format!(
            "origination-statistics?account-id={kyiv}&from-time={}&to-time={}&sampling=hour",
            server_time(from),
            server_time(from + chrono::Duration::hours(6) - chrono::Duration::seconds(1))
        ),
        Some(&token),
    )
    .await
    .json();
    assert_eq!(
        stats["totals"]["failed_calls"].as_u64().unwrap(),
        rows_count
    );
}
