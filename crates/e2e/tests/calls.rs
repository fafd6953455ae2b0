//! Calls, end to end: CDR lists in both directions with the server's 24-hour window and the
//! control that changes it, a call's page grouped as a support engineer reads it, fields an
//! operator hides, and a recording played without the token ever going into a URL.
//!
//! Expectations come from the demo API itself, asked with a token as a script would.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal, Setup, Table};
use serde_json::Value;

const CDRS_TABLE: &str = "table#cdrs-table";
const PAGER_SUMMARY: &str = "nav.pager .pager-summary";
const WINDOW_SHOWN: &str = ".time-window .window-shown";
const WINDOW_CHOICE: &str = ".time-window select[name=window]";
const DETAIL_HEADING: &str = "section.detail-page h1";

async fn sign_in(portal: &Portal) {
    portal.sign_in_as_demo().await;
}

fn total_count(document: &Value) -> u64 {
    document["meta"]["total-count"]
        .as_u64()
        .unwrap_or_else(|| panic!("no meta.total-count in {document}"))
}

fn records(document: &Value) -> Vec<Value> {
    document["data"].as_array().cloned().unwrap_or_default()
}

/// `17355` → `17,355`, as the portal groups counts in English.
fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The pager's summary ends with the view's total.
async fn wait_for_total(portal: &Portal, total: u64) -> String {
    let expected = format!("of {}", grouped(total));
    portal.wait_for_text(PAGER_SUMMARY, &expected).await
}

/// The total the pager's summary ends with ("1–50 of 16,565" → 16565), once it shows one.
async fn pager_total(portal: &Portal) -> u64 {
    let summary = portal.wait_for_text(PAGER_SUMMARY, "of ").await;
    let digits: String = summary
        .rsplit_once("of ")
        .map(|(_, total)| total.chars().filter(char::is_ascii_digit).collect())
        .unwrap_or_default();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no total in the pager's summary {summary:?}"))
}

/// The filters of the portal's URL as API query pairs.
fn filter_pairs(url: &url::Url) -> Vec<(String, String)> {
    url.query_pairs()
        .filter(|(key, _)| key.starts_with("filter["))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

#[test]
fn a_filtered_call_list_opens_cold_shows_its_window_and_changes_it() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        // Opened before signing in: the sign-in page brings the user back to this view.
        portal.open("/cdrs?filter%5Bsuccess-eq%5D=true").await;
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal
            .wait_for_url("the filtered call list", |url| {
                url.path() == "/cdrs" && e2e::query_param(url, "filter[success-eq]").is_some()
            })
            .await;
        let answered = portal
            .api_get(
                &token,
                "cdrs",
                &[("filter[success-eq]", "true"), ("page[size]", "1")],
            )
            .await;
        let total = total_count(&answered);
        let all = total_count(&portal.api_get(&token, "cdrs", &[("page[size]", "1")]).await);
        assert!(
            total > 0 && all > total + total / 10,
            "the demo customer made calls in the last 24 hours, not all answered: {total} of {all}"
        );
        // The last 24 hours slide while the page and the test ask (calls end into the window,
        // old ones leave it): the page's total is the answered calls' within that drift, far
        // from all calls'.
        let shown = pager_total(&portal).await;
        assert!(
            shown.abs_diff(total) <= total / 100,
            "the page counts {shown} answered calls, the API {total} (all calls: {all})"
        );
        let table = portal
            .wait_for_table(CDRS_TABLE, "answered calls", |t| !t.rows.is_empty())
            .await;
        let success = table.column("Successful").expect("a Successful column");
        assert!(success.iter().all(|cell| *cell == "Yes"), "{table:?}");
        let shown = portal.wait_for_text(WINDOW_SHOWN, "24 hours").await;
        println!("window: {shown}");

        // Yesterday, from the presets: the URL bounds the window, the rows follow it.
        portal.select(WINDOW_CHOICE, "yesterday").await;
        let url = portal
            .wait_for_url("a window in the URL", |url| {
                e2e::query_param(url, "filter[time-start-gteq]").is_some()
                    && e2e::query_param(url, "filter[time-start-lt]").is_some()
            })
            .await;
        let pairs = filter_pairs(&url);
        let mut query: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        query.push(("page[size]", "1"));
        let yesterday = total_count(&portal.api_get(&token, "cdrs", &query).await);
        assert!(yesterday > 0);
        wait_for_total(&portal, yesterday).await;
        let between = portal.wait_for_text(WINDOW_SHOWN, "Calls from").await;
        println!("window: {between}");

        // A bookmark of that URL shows the same window and the same calls.
        portal.open_url(url.as_str()).await;
        portal.wait_for_text(WINDOW_SHOWN, &between).await;
        wait_for_total(&portal, yesterday).await;

        // Back to the server's own window: the bounds leave the URL.
        portal.select(WINDOW_CHOICE, "recent").await;
        portal
            .wait_for_url("no window in the URL", |url| {
                e2e::query_param(url, "filter[time-start-gteq]").is_none()
                    && e2e::query_param(url, "filter[success-eq]").is_some()
            })
            .await;
        portal.wait_for_text(WINDOW_SHOWN, "24 hours").await;
    });
}

/// Every attribute of a record's `attributes`, to find one with `rec` on.
fn first_with(document: &Value, accept: impl Fn(&Value) -> bool) -> Option<Value> {
    records(document)
        .into_iter()
        .find(|r| accept(&r["attributes"]))
}

#[test]
fn a_calls_page_groups_its_details_and_plays_its_recording_without_a_token_in_any_url() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let page = portal
            .api_get(
                &token,
                "cdrs",
                &[("page[size]", "1000"), ("filter[success-eq]", "true")],
            )
            .await;
        let call = first_with(&page, |a| a["rec"] == Value::Bool(true))
            .expect("an answered call with a recording in the last 24 hours");
        let id = call["id"].as_str().unwrap_or_default().to_owned();
        sign_in(&portal).await;
        portal.open(&format!("/cdrs/{id}")).await;
        portal.wait_for_text(DETAIL_HEADING, "Call of").await;
        for group in ["timing", "billing", "signalling", "outcome"] {
            portal
                .wait_for(&format!("section.attribute-group[data-group={group}] dl"))
                .await;
        }
        let price = portal
            .wait_for_text(".attribute[data-key=customer-price] dd", "")
            .await;
        println!("price: {price}");
        assert!(
            price.chars().any(|c| c.is_ascii_digit()),
            "the price is shown: {price:?}"
        );
        let account = portal
            .wait_for_text(".attribute[data-key=account] dd a", "")
            .await;
        assert!(!account.is_empty(), "the call names its account");

        portal.click("button.play-recording").await;
        portal
            .wait_until("the recording can play", async || {
                let state = portal
                    .client()
                    .execute(
                        "const a = document.querySelector('section.recording audio');
                         return a ? a.readyState : null;",
                        vec![],
                    )
                    .await
                    .ok()?;
                (state.as_u64()? >= 3).then_some(())
            })
            .await;
        let href = portal
            .wait_for("section.recording a[download]")
            .await
            .attr("download")
            .await
            .ok()
            .flatten()
            .unwrap_or_default();
        assert_eq!(href, format!("call-{id}.wav"));

        // From a list row, "Play" opens the call's page and plays at once.
        portal
            .open("/cdrs?filter%5Bsuccess-eq%5D=true&page%5Bsize%5D=1000")
            .await;
        portal
            .click(&format!("table#cdrs-table a[href='/cdrs/{id}?play=1']"))
            .await;
        portal.wait_for_path(&format!("/cdrs/{id}")).await;
        portal.wait_for("section.recording audio").await;

        let served = portal.served_requests();
        let recording = served
            .iter()
            .find(|r| r.path.ends_with(&format!("/cdrs/{id}/rec")))
            .expect("the recording was asked for");
        assert!(
            recording.authorization,
            "the recording's request carried the token in a header"
        );
        for request in &served {
            assert!(
                !request.query.contains(&token) && !request.path.contains(&token),
                "a request URL carries the token: {} {}",
                request.path,
                request.query
            );
        }
    });
}

#[test]
fn an_incoming_calls_page_and_a_call_without_a_recording() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        // A closed window of whole minutes an hour back: the server's sliding 24 hours would
        // let calls come and go between the API's count and the page's.
        let to = chrono::Utc::now() - chrono::TimeDelta::hours(1);
        let from = to - chrono::TimeDelta::hours(6);
        let minute =
            |t: chrono::DateTime<chrono::Utc>| t.format("%Y-%m-%dT%H:%M:00.000Z").to_string();
        let (from, to) = (minute(from), minute(to));
        let window = [
            ("filter[time-start-gteq]", from.as_str()),
            ("filter[time-start-lt]", to.as_str()),
        ];
        let mut query = window.to_vec();
        query.push(("page[size]", "50"));
        let incoming = portal.api_get(&token, "incoming-cdrs", &query).await;
        let call = records(&incoming)
            .into_iter()
            .next()
            .expect("the demo customer terminated calls in the window");
        let id = call["id"].as_str().unwrap_or_default().to_owned();
        sign_in(&portal).await;
        portal
            .open(&format!(
                "/incoming-cdrs?{}",
                api_model::query::encode_pairs(&window)
            ))
            .await;
        wait_for_total(&portal, total_count(&incoming)).await;
        portal.open(&format!("/incoming-cdrs/{id}")).await;
        portal
            .wait_for_text(DETAIL_HEADING, "Incoming call of")
            .await;
        portal
            .wait_for("section.attribute-group[data-group=signalling] dl")
            .await;

        // An outgoing call without a recording offers no player.
        let outgoing = portal
            .api_get(&token, "cdrs", &[("page[size]", "200")])
            .await;
        let plain = first_with(&outgoing, |a| a["rec"] == Value::Bool(false))
            .expect("a call without recording");
        let plain_id = plain["id"].as_str().unwrap_or_default();
        portal.open(&format!("/cdrs/{plain_id}")).await;
        portal
            .wait_for("section.attribute-group[data-group=outcome]")
            .await;
        let players = portal
            .client()
            .execute(
                "return document.querySelectorAll('button.play-recording').length;",
                vec![],
            )
            .await
            .ok()
            .and_then(|v| v.as_u64());
        assert_eq!(players, Some(0));
    });
}

#[test]
fn calls_with_fields_an_operator_hides_still_show() {
    let setup = Setup {
        hide_cdr_fields: vec![
            "customer-price".to_owned(),
            "time-connect".to_owned(),
            "src-prefix-in".to_owned(),
        ],
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let page = portal.api_get(&token, "cdrs", &[("page[size]", "5")]).await;
        let call = records(&page).into_iter().next().expect("calls");
        assert!(
            call["attributes"].get("customer-price").is_none(),
            "the server hides it"
        );
        let id = call["id"].as_str().unwrap_or_default().to_owned();
        sign_in(&portal).await;
        portal.open("/cdrs?page%5Bsize%5D=5").await;
        let table: Table = portal
            .wait_for_table(CDRS_TABLE, "five calls", |t| t.rows.len() == 5)
            .await;
        let prices = table.column("Price").expect("a Price column");
        assert!(prices.iter().all(|p| *p == "—"), "{prices:?}");
        let numbers = table.column("Destination number").expect("numbers");
        assert!(
            numbers
                .iter()
                .all(|n| n.chars().any(|c| c.is_ascii_digit()))
        );
        portal.open(&format!("/cdrs/{id}")).await;
        portal.wait_for_text(DETAIL_HEADING, "Call of").await;
        let price = portal
            .wait_for_text(".attribute[data-key=customer-price] dd", "—")
            .await;
        assert_eq!(price, "—");
    });
}

/// The rows of a gzip-compressed CSV file, its header aside.
fn csv_data_rows(gzip: &[u8]) -> usize {
    use std::io::Read;
    let mut text = String::new();
    flate2::read::GzDecoder::new(gzip)
        .read_to_string(&mut text)
        .expect("the export file is gzip-compressed text");
    text.lines().skip(1).filter(|line| !line.is_empty()).count()
}

#[test]
fn an_export_made_from_a_call_lists_filters_holds_exactly_its_calls() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let accounts = portal.api_get(&token, "accounts", &[]).await;
        let account = records(&accounts)[0]["id"]
            .as_str()
            .expect("an account")
            .to_owned();
        // A closed window of whole minutes a few hours back: no call of it is still to come.
        let now = chrono::Utc::now();
        let to = now - chrono::TimeDelta::hours(2);
        let from = to - chrono::TimeDelta::hours(3);
        let minute =
            |t: chrono::DateTime<chrono::Utc>| t.format("%Y-%m-%dT%H:%M:00.000Z").to_string();
        let (from, to) = (minute(from), minute(to));
        let filters = [
            ("filter[account-id-eq]", account.as_str()),
            ("filter[success-eq]", "true"),
            ("filter[duration-gteq]", "10"),
            ("filter[time-start-gteq]", from.as_str()),
            ("filter[time-start-lt]", to.as_str()),
        ];
        let mut query = filters.to_vec();
        query.push(("page[size]", "1"));
        let total = total_count(&portal.api_get(&token, "cdrs", &query).await);
        assert!(total > 0, "calls in the window");

        sign_in(&portal).await;
        let list = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(filters)
            .finish();
        portal.open(&format!("/cdrs?{list}")).await;
        wait_for_total(&portal, total).await;
        portal.click("a.export-these").await;
        portal.wait_for_path("/cdr-exports/new").await;
        // What maps was carried over.
        assert_eq!(portal.value_of("select[name=account]").await, account);
        assert_eq!(portal.value_of("select[name=success]").await, "true");
        assert_eq!(portal.value_of("input[name=duration-gteq]").await, "10");
        portal.click("form.export-form button[type=submit]").await;
        let url = portal
            .wait_for_url("the new export's page", |url| {
                url.path().starts_with("/cdr-exports/") && url.path() != "/cdr-exports/new"
            })
            .await;
        let id = url.path().trim_start_matches("/cdr-exports/").to_owned();
        // Pending at first; the page refreshes by itself until the file is ready.
        portal.click("button.download-file").await;
        let file = portal
            .wait_for_download(&format!("cdr-export-{id}.csv.gz"))
            .await;
        assert_eq!(
            csv_data_rows(&file) as u64,
            total,
            "the file holds the list's calls"
        );
    });
}

#[test]
fn an_export_form_refuses_bad_input_before_sending_and_keeps_it() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        portal.open("/cdr-exports/new").await;
        portal.wait_for("form.export-form").await;
        let before = portal
            .served_requests()
            .iter()
            .filter(|r| r.method == "POST")
            .count();
        portal.fill("input[name=duration-lteq]", "1.5").await;
        portal.click("form.export-form button[type=submit]").await;
        portal
            .wait_for_text("label:has(input[name=duration-lteq]) .field-error", "1.5")
            .await;
        let after = portal
            .served_requests()
            .iter()
            .filter(|r| r.method == "POST")
            .count();
        assert_eq!(before, after, "nothing was sent");
        assert_eq!(portal.value_of("input[name=duration-lteq]").await, "1.5");
    });
}

/// On a 360-px phone a call is a card: its destination, duration and price are in view
/// without scrolling sideways, and its time names the zone once, in its label, not after
/// every time. The call's page keeps the full offset.
#[test]
fn on_a_phone_a_call_reads_as_a_card_of_its_key_fields() {
    e2e::run(|portal| async move {
        sign_in(&portal).await;
        portal.set_viewport(360, 740).await;
        portal.open("/cdrs").await;
        portal
            .wait_for_table(CDRS_TABLE, "calls", |table| !table.rows.is_empty())
            .await;
        let script = "const [table, keys] = arguments;
            const heads = Array.from(document.querySelectorAll(table + ' thead th'));
            const row = document.querySelector(table + ' tbody tr');
            const width = document.documentElement.clientWidth;
            const scroller = document.querySelector(table).closest('.table-scroll');
            const cells = keys.map((key) => {
                const index = heads.findIndex((th) => th.dataset.key === key);
                const cell = row.cells[index];
                const box = cell.getBoundingClientRect();
                return { key, text: cell.innerText.trim(), label: cell.dataset.label,
                    shown: cell.checkVisibility() && box.width > 0 && box.left >= 0
                        && box.right <= width + 0.5 && box.top < window.innerHeight };
            });
            return { cells, sideways: scroller.scrollWidth - scroller.clientWidth };";
        let keys = ["time-start", "dst-prefix-in", "duration", "customer-price"];
        let seen = portal
            .client()
            .execute(script, vec![CDRS_TABLE.into(), keys.into()])
            .await
            .expect("measuring the first call");
        for cell in seen["cells"].as_array().into_iter().flatten() {
            assert_eq!(cell["shown"], true, "{cell} is in view on a phone");
            assert!(
                !cell["text"].as_str().unwrap_or_default().contains("+00:00"),
                "the zone is said once, not in each cell: {cell}"
            );
        }
        let time_label = seen["cells"][0]["label"].as_str().unwrap_or_default();
        assert!(
            time_label.ends_with(')'),
            "the time's label names the zone: {time_label:?}"
        );
        assert!(
            seen["sideways"].as_i64().unwrap_or(i64::MAX) <= 1,
            "the calls scroll sideways by {}",
            seen["sideways"]
        );

        // The call's own page says the zone with the time.
        portal
            .click(&format!("{CDRS_TABLE} tbody tr:first-child td a"))
            .await;
        portal.wait_for(".attribute[data-key=time-start] dd").await;
        let time = portal
            .wait_for_text(".attribute[data-key=time-start] dd", ":")
            .await;
        assert!(
            time.ends_with("UTC") || ends_with_offset(&time),
            "the call's page keeps the zone: {time:?}"
        );
    });
}

/// Whether a shown time ends with its offset (`… +03:00`, `… −05:00`).
fn ends_with_offset(time: &str) -> bool {
    let Some((_, zone)) = time.rsplit_once(' ') else {
        return false;
    };
    let mut chars = zone.chars();
    let sign = chars.next();
    let rest: String = chars.collect();
    matches!(sign, Some('+' | '-' | '−'))
        && rest.len() == 5
        && rest
            .chars()
            .enumerate()
            .all(|(i, c)| if i == 2 { c == ':' } else { c.is_ascii_digit() })
}
