//! Content-Security-Policy violation reports, so that a policy too strict for the portal shows
//! up during development and in tests. The portal's policy names `report-uri
//! /__demo/csp-reports` (when the server serves `dist`); browsers then `POST` each violation
//! there as `{"csp-report": {…}}` (`application/csp-report`).
//!
//! Each report is printed as one line on standard error, and the last [`KEPT`] are kept:
//! `GET /__demo/csp-reports` answers them as a JSON array (the `csp-report` objects as
//! received), `DELETE` forgets them. Reports of the Reporting API (`application/reports+json`,
//! an array of `{"type": "csp-violation", "body": {…}}`) are taken too, keeping their `body`.

use crate::jsonapi::responses::{self, Failure};
use axum::Router;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::Value;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// Path of the collector, outside `/api` (never faulted).
pub const REPORTS_PATH: &str = "/__demo/csp-reports";
/// How many reports are kept, the newest.
pub const KEPT: usize = 100;
/// Largest report body read.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The last reports, oldest first.
#[derive(Debug, Default)]
pub struct CspReports {
    reports: Mutex<VecDeque<Value>>,
}

impl CspReports {
    fn reports(&self) -> std::sync::MutexGuard<'_, VecDeque<Value>> {
        self.reports
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Keeps a report (a `csp-report` object), dropping the oldest beyond [`KEPT`].
    pub fn add(&self, report: Value) {
        let mut reports = self.reports();
        reports.push_back(report);
        while reports.len() > KEPT {
            reports.pop_front();
        }
    }

    /// The kept reports, oldest first.
    pub fn list(&self) -> Vec<Value> {
        self.reports().iter().cloned().collect()
    }

    pub fn clear(&self) {
        self.reports().clear();
    }
}

/// `POST`, `GET` and `DELETE` of [`REPORTS_PATH`].
pub fn routes() -> Router<Arc<CspReports>> {
    Router::new().route(REPORTS_PATH, post(receive).get(list).delete(clear))
}

/// The violation objects of a report body: `{"csp-report": {…}}`, or Reporting API entries
/// (`[{"type": "csp-violation", "body": {…}}]`).
pub fn violations(body: &Value) -> Vec<Value> {
    let entry = |item: &Value| {
        item.get("csp-report")
            .or_else(|| item.get("body"))
            .filter(|v| v.is_object())
            .cloned()
    };
    match body {
        Value::Array(items) => items.iter().filter_map(entry).collect(),
        other => entry(other).into_iter().collect(),
    }
}

/// The line printed for a violation: `<violated-directive> blocked <blocked-uri> on
/// <document-uri>`.
pub fn describe(report: &Value) -> String {
    let field = |names: &[&str]| {
        names
            .iter()
            .find_map(|name| report.get(*name).and_then(Value::as_str))
            .filter(|text| !text.is_empty())
            .unwrap_or("?")
            .to_owned()
    };
    format!(
        "{} blocked {} on {}",
        field(&[
            "violated-directive",
            "effective-directive",
            "effectiveDirective"
        ]),
        field(&["blocked-uri", "blockedURL"]),
        field(&["document-uri", "documentURL"]),
    )
}

/// `POST /__demo/csp-reports`: any content type, at most [`BODY_LIMIT`] bytes; answers 204.
pub async fn receive(
    State(kept): State<Arc<CspReports>>,
    request: Request,
) -> Result<Response, Failure> {
    let bytes = axum::body::to_bytes(request.into_body(), BODY_LIMIT)
        .await
        .map_err(|_| Failure::Plain {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!("a CSP report is at most {BODY_LIMIT} bytes"),
        })?;
    let body: Value = serde_json::from_slice(&bytes)
        .map_err(|error| responses::plain_bad_request(&format!("not JSON: {error}")))?;
    let reports = violations(&body);
    if reports.is_empty() {
        return Err(responses::plain_bad_request(
            "not a CSP report: expected {\"csp-report\": {…}}",
        ));
    }
    for report in reports {
        eprintln!("demo-server: CSP violation: {}", describe(&report));
        kept.add(report);
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `GET /__demo/csp-reports`: the kept reports, oldest first.
pub async fn list(State(reports): State<Arc<CspReports>>) -> Response {
    responses::plain_json(StatusCode::OK, &reports.list())
}

/// `DELETE /__demo/csp-reports`: forgets them.
pub async fn clear(State(reports): State<Arc<CspReports>>) -> Response {
    reports.clear();
    StatusCode::NO_CONTENT.into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn both_report_formats_are_read_and_described() {
        let classic = json!({"csp-report": {
            "document-uri": "http://127.0.0.1:8080/accounts",
            "violated-directive": "script-src-elem",
            "blocked-uri": "inline"
        }});
        let found = violations(&classic);
        assert_eq!(found, vec![classic["csp-report"].clone()]);
        assert_eq!(
            describe(&found[0]),
            "script-src-elem blocked inline on http://127.0.0.1:8080/accounts"
        );
        let reporting_api = json!([{"type": "csp-violation", "body": {
            "documentURL": "http://a.example/", "effectiveDirective": "img-src",
            "blockedURL": "https://b.example/x.png"
        }}]);
        let found = violations(&reporting_api);
        assert_eq!(
            describe(&found[0]),
            "img-src blocked https://b.example/x.png on http://a.example/"
        );
        assert_eq!(describe(&json!({})), "? blocked ? on ?");
        assert!(violations(&json!({"something": "else"})).is_empty());
        assert!(violations(&json!({"csp-report": "text"})).is_empty());
    }

    #[test]
    fn only_the_newest_are_kept() {
        let reports = CspReports::default();
        for n in 0..(KEPT + 5) {
            reports.add(json!({ "n": n }));
        }
        let kept = reports.list();
        assert_eq!(kept.len(), KEPT);
        assert_eq!(kept[0]["n"], 5);
        assert_eq!(kept[KEPT - 1]["n"], KEPT + 4);
        reports.clear();
        assert!(reports.list().is_empty());
    }
}
