//! A payload as CSV for "Download CSV": exact values, so a spreadsheet gets what the API sent.

use api_model::number::Metric;
use api_model::stats::StatsPayload;
use chrono::{DateTime, SecondsFormat};

/// The payload as CSV (RFC 4180): header `time,<series…>`, then one line per sample with the
/// time as RFC 3339 UTC (`2026-07-02T08:00:00Z`) and each value as its exact decimal text, empty
/// for a null or missing value. Every line ends with CRLF. A time outside chrono's range is
/// written as its unix seconds; a name containing a comma, quote or line break is quoted.
pub fn payload_csv(payload: &StatsPayload, names: &[&str]) -> String {
    let columns: Vec<&[Metric]> = names
        .iter()
        .map(|name| payload.series(name).unwrap_or(&[]))
        .collect();
    let mut csv = String::from("time");
    for name in names {
        csv.push(',');
        csv.push_str(&quoted(name));
    }
    csv.push_str("\r\n");
    for (index, &seconds) in payload.t.iter().enumerate() {
        csv.push_str(&time_text(seconds));
        for column in &columns {
            csv.push(',');
            if let Some(value) = column.get(index).and_then(|m| m.0) {
                csv.push_str(&value.to_string());
            }
        }
        csv.push_str("\r\n");
    }
    csv
}

fn time_text(seconds: i64) -> String {
    match DateTime::from_timestamp(seconds, 0) {
        Some(time) => time.to_rfc3339_opts(SecondsFormat::Secs, true),
        None => seconds.to_string(),
    }
}

fn quoted(field: &str) -> String {
    if field.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api_model::errors::classify;
    use api_model::profile::{AccessProfile, Flag};
    use api_model::stats::{Direction, StatsEndpoint};

    fn fixture(body: &str) -> StatsPayload {
        classify(200, body).expect("fixture decodes")
    }

    fn keys(endpoint: StatsEndpoint) -> Vec<&'static str> {
        endpoint.metrics().iter().map(|m| m.key()).collect()
    }

    #[test]
    fn origination_spec_stub_keeps_decimal_text() {
        let payload = fixture(include_str!(
            "../../api-model/tests/fixtures/origination-statistics.spec-stub.json"
        ));
        let csv = payload_csv(&payload, &keys(StatsEndpoint::ORIGINATION));
        assert_eq!(
            csv,
            "time,total_calls,successful_calls,failed_calls,total_duration,acd,asr,total_price\r\n\
             2024-12-20T13:06:40Z,180,155,25,750.25,4.84,86.11,65.75\r\n\
             2024-12-20T13:07:40Z,140,120,20,580.5,4.84,85.71,50.25\r\n\
             2024-12-20T13:08:40Z,200,170,30,820.0,4.82,85.0,70.5\r\n"
        );
    }

    #[test]
    fn quality_clickhouse_numbers_and_nulls() {
        let payload = fixture(include_str!(
            "../../api-model/tests/fixtures/origination-statistics-quality.clickhouse-types.json"
        ));
        let csv = payload_csv(&payload, &keys(StatsEndpoint::ORIGINATION_QUALITY));
        assert_eq!(
            csv,
            "time,total_calls,acd,asr,cps\r\n\
             2026-11-22T03:16:00Z,4,32,75,0.06666667\r\n\
             2026-11-22T03:17:00Z,4,36,75,0.06666667\r\n\
             2026-11-22T03:18:00Z,3,39.5,66.7,0.05\r\n\
             2026-11-22T03:19:00Z,1,41,100,0.016666668\r\n\
             2026-11-22T03:20:00Z,0,,,0\r\n"
        );
    }

    #[test]
    fn missing_series_empty_payloads_and_odd_names() {
        let payload = fixture(r#"{"data":{"t":[0,99999999999999],"acd":[1]},"rows":2}"#);
        assert_eq!(
            payload_csv(&payload, &["acd", "a,\"b\""]),
            "time,acd,\"a,\"\"b\"\"\"\r\n1970-01-01T00:00:00Z,1,\r\n99999999999999,,\r\n"
        );
        assert_eq!(payload_csv(&fixture("[]"), &["acd"]), "time,acd\r\n");
    }

    /// A chart's CSV has the columns of the series its page may draw: with the price's series
    /// withheld, the price chart (and so its CSV) is gone, and a calls chart without its
    /// successful calls has no such column, even from an answer that has them.
    #[test]
    fn a_withheld_series_is_no_column() {
        let payload = fixture(include_str!(
            "../../api-model/tests/fixtures/origination-statistics.spec-stub.json"
        ));
        let access = AccessProfile::default()
            .with(Flag::OutgoingStatisticsSuccessfulCalls, false)
            .with(Flag::OutgoingStatisticsTotalPrice, false)
            .stats(Direction::Origination);
        let charts = access.charts(StatsEndpoint::ORIGINATION.charts());
        let headers: Vec<String> = charts
            .iter()
            .map(|(_, series)| {
                let names: Vec<&str> = series.iter().map(|m| m.key()).collect();
                let csv = payload_csv(&payload, &names);
                csv.lines().next().unwrap_or_default().to_owned()
            })
            .collect();
        assert_eq!(
            headers,
            [
                "time,total_calls,failed_calls",
                "time,total_duration",
                "time,acd",
                "time,asr"
            ]
        );
    }
}
