//! The portal's user-visible behaviour, end to end: dist/ in headless Chromium against the demo
//! server. Run through `cargo xtask test`, or `cargo test -p e2e` after `cargo xtask dist`.

use e2e::upstream_stub::{SAMPLE_LOGIN, SAMPLE_PASSWORD};
use e2e::{ApiServer, DEMO_LOGIN, DEMO_PASSWORD, Portal, Setup, query_param};
use std::time::Duration;
use url::Url;

const LOGIN_FIELD: &str = "form#login-form input[name=login]";
const PASSWORD_FIELD: &str = "form#login-form input[name=password]";
const LOGIN_BUTTON: &str = "form#login-form button[type=submit]";
const LOGIN_ERROR: &str = "#login-form .form-error";
const TOKEN_FIELD: &str = "form#token-form textarea[name=token]";
const TOKEN_FORM_SUMMARY: &str = "details:has(form#token-form) > summary";
/// A button without a type submits its form too.
const TOKEN_BUTTON: &str = "form#token-form button:not([type=button]):not([type=reset])";
const ACCOUNTS_TABLE: &str = "table#accounts-table";
const ACCOUNT_ROWS: &str = "table#accounts-table tbody tr";
const ACCOUNT_NAMES: &str = "table#accounts-table tbody tr td:first-child";
const PAGER_SUMMARY: &str = ".pager-summary";
const OVERVIEW: &str = "section.dashboard";

/// The customer's accounts in the demo data, and one of another customer that must never show.
const DEMO_ACCOUNTS: [&str; 4] = [
    "Kyiv Wholesale",
    "Berlin Retail",
    "London Carrier",
    "Lviv Overdraft",
];
const FOREIGN_ACCOUNT: &str = "Competitor Secret Account";

fn shows_all_demo_accounts(names: &[String]) -> bool {
    DEMO_ACCOUNTS
        .iter()
        .all(|account| names.iter().any(|name| name.trim() == *account))
}

/// Whether `url` is the login page with `next` pointing at `path` and carrying `query` pairs
/// (decoded, so `page[size]` and `page%5Bsize%5D` compare equal).
fn is_login_returning_to(url: &Url, path: &str, query: &[(&str, &str)]) -> bool {
    if url.path() != "/login" {
        return false;
    }
    let Some(next) = query_param(url, "next") else {
        return false;
    };
    let Ok(next) = url.join(&next) else {
        return false;
    };
    next.path() == path
        && query
            .iter()
            .all(|(key, value)| query_param(&next, key).as_deref() == Some(*value))
}

/// Whether amounts such as `98,210.0 GBP` and `-310.4 UAH` go from largest to smallest.
fn is_descending(amounts: &[&str]) -> bool {
    let numbers: Option<Vec<f64>> = amounts
        .iter()
        .map(|amount| {
            let number = amount.split_whitespace().next()?.replace(',', "");
            number.parse().ok()
        })
        .collect();
    numbers.is_some_and(|numbers| numbers.windows(2).all(|pair| pair[0] >= pair[1]))
}

fn has_query(url: &Url, path: &str, query: &[(&str, &str)]) -> bool {
    url.path() == path
        && query
            .iter()
            .all(|(key, value)| query_param(url, key).as_deref() == Some(*value))
}

#[test]
fn signs_in_lists_the_accounts_and_signs_out() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        portal.wait_for("nav#main-nav").await;

        portal.open("/accounts").await;
        let names = portal
            .wait_for_texts(
                ACCOUNT_NAMES,
                "the four demo accounts",
                shows_all_demo_accounts,
            )
            .await;
        assert!(
            !names.iter().any(|name| name.contains(FOREIGN_ACCOUNT)),
            "another customer's account is listed: {names:?}"
        );
        portal.wait_for_text(PAGER_SUMMARY, "1–4 of 4").await;

        portal.click("button#sign-out").await;
        portal.wait_for_path("/login").await;

        portal.open("/accounts").await;
        portal
            .wait_for_url("/login?next=/accounts after signing out", |url| {
                is_login_returning_to(url, "/accounts", &[])
            })
            .await;
    });
}

#[test]
fn a_wrong_password_is_refused_on_the_login_page() {
    e2e::run(|portal| async move {
        portal.open("/login").await;
        portal.fill(LOGIN_FIELD, DEMO_LOGIN).await;
        portal.fill(PASSWORD_FIELD, "wrong").await;
        portal.click(LOGIN_BUTTON).await;

        portal
            .wait_for_text(LOGIN_ERROR, "Incorrect login or password.")
            .await;
        assert_eq!(portal.current_url().await.path(), "/login");
        assert_eq!(portal.value_of(LOGIN_FIELD).await, DEMO_LOGIN);
    });
}

/// The first token lives 20 s, room for signing in and opening a page on a busy machine; the
/// token of the second sign-in lives the server's usual ten minutes, so that what the test reads
/// after it cannot race another expiry.
#[test]
fn an_expired_session_returns_to_login_and_back() {
    let setup = Setup {
        fault_control: true,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        portal
            .set_faults(serde_json::json!({ "token-lifetime-seconds": 20 }))
            .await;
        portal.sign_in_as_demo().await;
        portal.clear_faults().await;
        portal.open("/accounts?page[size]=2").await;
        portal
            .wait_for_texts(ACCOUNT_ROWS, "two rows", |rows| rows.len() == 2)
            .await;

        portal
            .wait_until_within(
                Duration::from_secs(60),
                "the expired session to land on /login?next=/accounts?page[size]=2",
                async || {
                    let url = portal.client().current_url().await.ok()?;
                    is_login_returning_to(&url, "/accounts", &[("page[size]", "2")]).then_some(())
                },
            )
            .await;
        portal
            .wait_until("a `.notice` saying the session expired", async || {
                let notice = portal
                    .client()
                    .find(e2e::fantoccini::Locator::Css(".notice"));
                let text = notice.await.ok()?.text().await.ok()?;
                text.to_lowercase().contains("expired").then_some(())
            })
            .await;

        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal
            .wait_for_url("/accounts?page[size]=2 again", |url| {
                has_query(url, "/accounts", &[("page[size]", "2")])
            })
            .await;
        portal
            .wait_for_texts(ACCOUNT_ROWS, "two rows", |rows| rows.len() == 2)
            .await;
        portal.wait_for_text(PAGER_SUMMARY, "1–2 of 4").await;
    });
}

#[test]
fn a_page_opened_without_a_session_is_shown_after_signing_in() {
    e2e::run(|portal| async move {
        portal.open("/accounts?sort=-balance").await;
        portal
            .wait_for_url("/login?next=/accounts?sort=-balance", |url| {
                is_login_returning_to(url, "/accounts", &[("sort", "-balance")])
            })
            .await;

        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal
            .wait_for_url("/accounts?sort=-balance after signing in", |url| {
                has_query(url, "/accounts", &[("sort", "-balance")])
            })
            .await;
        let table = portal
            .wait_for_table(
                ACCOUNTS_TABLE,
                "the four demo accounts, largest balance first",
                |table| {
                    table.column("Name").is_some_and(|names| {
                        let names: Vec<String> =
                            names.iter().map(|name| name.to_string()).collect();
                        shows_all_demo_accounts(&names)
                    }) && table
                        .column("Balance")
                        .is_some_and(|balances| is_descending(&balances))
                },
            )
            .await;
        println!("accounts by balance, largest first: {:?}", table.rows);
    });
}

#[test]
fn a_pasted_token_signs_in() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;

        portal.open("/login").await;
        // The token form may sit in a collapsed <details>; open it as a user would.
        let token_field = portal.wait_for(TOKEN_FIELD).await;
        if !token_field.is_displayed().await.unwrap_or(false) {
            portal.click(TOKEN_FORM_SUMMARY).await;
        }
        portal.fill(TOKEN_FIELD, &token).await;
        portal.click(TOKEN_BUTTON).await;
        portal
            .wait_for_url("a path other than /login after pasting a token", |url| {
                url.path() != "/login"
            })
            .await;

        portal.open("/accounts").await;
        portal
            .wait_for_texts(
                ACCOUNT_NAMES,
                "the four demo accounts",
                shows_all_demo_accounts,
            )
            .await;
    });
}

/// Where the page's code starts, among the files the page load fetched (resource timing).
async fn fetched_files(portal: &Portal) -> serde_json::Value {
    portal
        .client()
        .execute(
            "const files = {};
             for (const e of performance.getEntriesByType('resource')) {
                 files[e.name.replace(/^.*\\//, '').replace(/\\?.*$/, '')] = [e.startTime, e.responseEnd];
             }
             return files;",
            vec![],
        )
        .await
        .expect("resource timing")
}

/// One request for code (a wasm file) of this page load, from Resource Timing.
#[derive(Debug, Clone, PartialEq)]
struct CodeLoad {
    url: String,
    started: f64,
    ended: f64,
    /// The file's size as it came (uncompressed).
    bytes: f64,
}

/// The requests of this page load for the page's code: every wasm file but the shell's, which
/// the document itself preloads. Names are not looked at: what a user gets is measured in
/// requests, bytes and time, whatever the build calls its files.
async fn page_code_loads(portal: &Portal) -> Vec<CodeLoad> {
    let loads = portal
        .client()
        .execute(
            "const shell = document.querySelector('link[rel=preload][href*=\".wasm\"]')?.href;
             return performance.getEntriesByType('resource')
                 .filter((e) => /\\.wasm(\\?|$)/.test(e.name) && e.name !== shell)
                 .map((e) => [e.name, e.startTime, e.responseEnd, e.decodedBodySize]);",
            vec![],
        )
        .await
        .expect("resource timing");
    let number = |load: &serde_json::Value, at: usize| load[at].as_f64().unwrap_or(f64::NAN);
    loads
        .as_array()
        .expect("the code loads")
        .iter()
        .map(|load| CodeLoad {
            url: load[0].as_str().unwrap_or_default().to_owned(),
            started: number(load, 1),
            ended: number(load, 2),
            bytes: number(load, 3),
        })
        .collect()
}

/// Waits some frames: a fetch started with what was just shown would have begun.
async fn some_frames(portal: &Portal) {
    portal
        .client()
        .execute_async(
            "const done = arguments[arguments.length - 1];
             let frames = 10;
             const next = () => (frames-- > 0 ? requestAnimationFrame(next) : done());
             next();",
            vec![],
        )
        .await
        .expect("waiting for frames");
}

/// The page's clock (ms since its navigation started).
async fn page_clock(portal: &Portal) -> f64 {
    portal
        .client()
        .execute("return performance.now();", vec![])
        .await
        .expect("the page's clock")
        .as_f64()
        .expect("a time")
}

/// The code of the page the address bar points at is fetched as soon as the shell runs, not
/// after config.json has been read and the API asked. Signed out, the sign-in form (and its
/// own code, that of the sign-in route) comes first, and the code of the page it leads to only
/// once the user turns to the form, while they type: a visitor who only looks downloads none of
/// it.
#[test]
fn the_page_code_comes_alongside_the_configuration() {
    e2e::run(|portal| async move {
        // What the sign-in page loads of its own, where it leads nowhere but the overview.
        portal.open("/login").await;
        portal.wait_for("form#login-form input[name=login]").await;
        some_frames(&portal).await;
        let own: Vec<String> = page_code_loads(&portal)
            .await
            .into_iter()
            .map(|code| code.url)
            .collect();

        portal.open("/accounts").await;
        let login = portal.wait_for("form#login-form input[name=login]").await;
        // Some frames after the form is shown, a fetch started with it would have come.
        some_frames(&portal).await;
        let turned_to_form = page_clock(&portal).await;
        let early: Vec<CodeLoad> = page_code_loads(&portal)
            .await
            .into_iter()
            .filter(|code| !own.contains(&code.url))
            .collect();
        assert!(
            early.is_empty(),
            "the next page's code was fetched before the user turned to the form: {early:?}"
        );
        login.click().await.expect("clicking the login field");
        let code = portal
            .wait_until(
                "the next page's code fetched ahead of signing in",
                async || {
                    page_code_loads(&portal)
                        .await
                        .into_iter()
                        .find(|code| !own.contains(&code.url))
                },
            )
            .await;
        assert!(
            code.started >= turned_to_form,
            "the next page's code started at {code:?}, before the user turned to the form at \
             {turned_to_form}"
        );

        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.wait_for(ACCOUNT_ROWS).await;
        // On loopback everything is answered within a millisecond or two; a network's round
        // trip makes the order measurable.
        portal.throttle_network(Duration::from_millis(100)).await;
        portal.open("/rates").await;
        portal.wait_for("table#rates-table tbody tr").await;
        let files = fetched_files(&portal).await;
        // The first API request: it needs the configuration (the API's address) and a session.
        let asked = files["profiles"][0].as_f64();
        let started = page_code_loads(&portal)
            .await
            .first()
            .map(|code| code.started);
        assert!(
            started.zip(asked).is_some_and(|(s, a)| s < a),
            "the page's code started after the configured API was asked: {files}"
        );
    });
}

/// The queries of the `/accounts` requests the server received after its first `from`.
fn account_list_requests(portal: &Portal, from: usize) -> Vec<String> {
    portal
        .served_requests()
        .into_iter()
        .skip(from)
        .filter(|r| r.method == "GET" && r.path.ends_with("/accounts"))
        .map(|r| r.query)
        .collect()
}

/// Opens `path` as a first visit's load does (no code cached) over a link slow enough that the
/// page's code takes seconds to come, and waits for `shown`.
async fn open_cold_over_a_slow_link(portal: &Portal, path: &str, shown: &str) {
    portal
        .devtools("Network.clearBrowserCache", serde_json::json!({}))
        .await;
    portal.emulate_link(Duration::ZERO, 800_000).await;
    // Twice in CI (of some twenty runs) chromedriver gave up waiting for this load after its 30 s
    // ("Timed out receiving message from renderer") while the page had answered since: a
    // visitor who signs in on the early form moves the page to the overview while its load may
    // still count as pending. What the test waits for next decides, with its own time limit.
    if let Err(error) = portal.client().goto(&portal.url_for(path)).await {
        let timed_out = error
            .to_string()
            .contains("Timed out receiving message from renderer");
        assert!(timed_out, "cannot open {path}: {error}");
        eprintln!("opening {path}: {error}; waiting for {shown}");
    }
    portal.wait_for(shown).await;
    portal.emulate_link(Duration::ZERO, 0).await;
}

/// Whether the request `asked` (a file name of `fetched_files`) started before the page's code
/// had come.
async fn asked_before_the_code_came(portal: &Portal, asked: &str) -> bool {
    let files = fetched_files(portal).await;
    let asked = files[asked][0].as_f64();
    let code_came = page_code_loads(portal)
        .await
        .iter()
        .map(|code| code.ended)
        .reduce(f64::max);
    asked.zip(code_came).is_some_and(|(a, c)| a < c)
}

/// A list opened cold asks for its rows while its code downloads, not once the code has come:
/// the shell starts the request and the page takes its answer, without asking again. A list
/// that goes back to the customer's last view asks for that view only.
#[test]
fn a_list_opened_cold_asks_for_its_rows_while_its_code_downloads() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        // The overview signing in leads to has asked for what it shows.
        portal.wait_for(OVERVIEW).await;

        let before = portal.served_requests().len();
        open_cold_over_a_slow_link(&portal, "/accounts", ACCOUNT_ROWS).await;
        assert_eq!(
            account_list_requests(&portal, before),
            vec![String::new()],
            "the list's rows were asked for once"
        );
        assert!(
            asked_before_the_code_came(&portal, "accounts").await,
            "the rows were asked for after the list's code had come: {}",
            fetched_files(&portal).await
        );

        // The last view shown is remembered; opened bare, the list goes back to it.
        portal.open("/accounts?page%5Bsize%5D=10").await;
        portal.wait_for(ACCOUNT_ROWS).await;
        let before = portal.served_requests().len();
        open_cold_over_a_slow_link(&portal, "/accounts", ACCOUNT_ROWS).await;
        portal
            .wait_until("the list back at its last view", async || {
                let url = portal.current_url().await;
                (query_param(&url, "page[size]").as_deref() == Some("10")).then_some(())
            })
            .await;
        let asked = account_list_requests(&portal, before);
        assert!(
            !asked.is_empty() && asked.iter().all(|query| query.contains("page")),
            "a list going back to its last view asked for another: {asked:?}"
        );
    });
}

/// The overview and a statistics page opened cold ask for the customer's accounts while their
/// code downloads, once.
#[test]
fn the_overview_and_statistics_opened_cold_ask_for_the_accounts_while_their_code_downloads() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        portal.open("/accounts").await;
        portal.wait_for(ACCOUNT_ROWS).await;

        // The overview, and a statistics page whose account is the first of the session's.
        for (path, shown) in [
            ("/", ".dashboard .account-card"),
            // Its chart, or the note of no calls (just after midnight, today may have none).
            (
                "/statistics/origination",
                ".statistics-page :is(canvas, p.empty)",
            ),
        ] {
            let before = portal.served_requests().len();
            open_cold_over_a_slow_link(&portal, path, shown).await;
            let asked = account_list_requests(&portal, before);
            assert_eq!(
                asked.len(),
                1,
                "{path}: the accounts were asked for once: {asked:?}"
            );
            assert!(
                asked_before_the_code_came(&portal, "accounts").await,
                "{path}: the accounts were asked for after the page's code had come: {}",
                fetched_files(&portal).await
            );
        }
    });
}

/// The loads of this page so far, one per request (a preloaded answer a later fetch takes is
/// one): file name, what asked for it (`link` for a preload, `fetch`, `script`), start and end.
async fn loads(portal: &Portal) -> Vec<(String, String, f64, f64)> {
    let entries = portal
        .client()
        .execute(
            "return performance.getEntriesByType('resource').map(e =>
                 [e.name.replace(/^.*\\//, '').replace(/\\?.*$/, ''), e.initiatorType,
                  e.startTime, e.responseEnd]);",
            vec![],
        )
        .await
        .expect("resource timing");
    serde_json::from_value(entries).expect("resource entries")
}

/// The texts of the language a first load starts in come with the document: neither the
/// sign-in page nor a signed-in page opened cold asks for a file of texts.
#[test]
fn a_first_load_gets_its_texts_with_the_document() {
    e2e::run(|portal| async move {
        portal.open("/login").await;
        portal.wait_for("form#login-form").await;
        let texts = |loads: &[(String, String, f64, f64)]| -> Vec<String> {
            loads
                .iter()
                .filter(|(file, ..)| file.ends_with(".json") && file != "config.json")
                .map(|(file, ..)| file.clone())
                .collect()
        };
        let signed_out = loads(&portal).await;
        assert!(
            signed_out.iter().any(|(file, ..)| file == "config.json"),
            "the loads are listed: {signed_out:?}"
        );
        assert_eq!(texts(&signed_out), Vec::<String>::new(), "{signed_out:?}");
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;

        open_cold_over_a_slow_link(&portal, "/accounts", ACCOUNT_ROWS).await;
        let signed_in = loads(&portal).await;
        assert_eq!(texts(&signed_in), Vec::<String>::new(), "{signed_in:?}");
        // The words are the language's, not the names they are looked up by.
        portal.wait_for_text("nav#main-nav", "Accounts").await;
    });
}

/// A list page carries no form or editor code: opening a form fetches code the list did not
/// have.
#[test]
fn a_list_page_leaves_the_forms_code_until_a_form_is_opened() {
    e2e::run(|portal| async move {
        portal.open("/payments").await;
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.wait_for("table#payments-table tbody tr").await;
        let listed = page_code_loads(&portal).await;
        assert!(!listed.is_empty(), "the list's code came");
        let before_the_form = page_clock(&portal).await;
        portal.click("a.new-record").await;
        portal.wait_for("form.top-up-form input[name=amount]").await;
        let for_the_form: Vec<CodeLoad> = page_code_loads(&portal)
            .await
            .into_iter()
            .filter(|code| code.started >= before_the_form)
            .collect();
        assert!(
            !for_the_form.is_empty() && for_the_form.iter().all(|code| code.bytes > 0.0),
            "the top-up form fetched no code of its own: the list page carried it ({listed:?})"
        );
    });
}

/// A page opened by its address (its code cached or not: the loader asks for it alike).
async fn open_and_wait(portal: &Portal, path: &str, shown: &str) {
    portal.open(path).await;
    portal.wait_for(shown).await;
}

const RECORD_PAGE: &str = "section.detail-page h1";
const TOP_UP_FORM: &str = "form.top-up-form input[name=amount]";

/// A signed-in page opened by its address gets its code in one response; a page of another
/// kind opened from it then fetches only what it lacks: no file a second time, and fewer bytes
/// than its own code as a first load.
#[test]
fn a_first_page_gets_its_code_in_one_response_and_a_later_one_only_what_it_lacks() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        open_and_wait(&portal, "/accounts", ACCOUNT_ROWS).await;
        let record = portal
            .wait_for("table#accounts-table tbody tr:first-child a[href^='/accounts/']")
            .await;
        let record = record
            .attr("href")
            .await
            .ok()
            .flatten()
            .expect("a record's link");
        open_and_wait(&portal, "/payments", "a.new-record").await;
        let top_up = portal.wait_for("a.new-record").await;
        let top_up = top_up
            .attr("href")
            .await
            .ok()
            .flatten()
            .expect("the top-up's link");
        // Each page's code as a first load: one response.
        let mut first_loads = Vec::new();
        for (path, shown) in [(record.as_str(), RECORD_PAGE), (&top_up, TOP_UP_FORM)] {
            open_and_wait(&portal, path, shown).await;
            let code = page_code_loads(&portal).await;
            assert_eq!(code.len(), 1, "{path}: its code in one response: {code:?}");
            first_loads.push(code[0].bytes);
        }
        open_and_wait(&portal, "/accounts", ACCOUNT_ROWS).await;
        assert_eq!(
            page_code_loads(&portal).await.len(),
            1,
            "the list's code in one response"
        );

        // From the list, a record's page; then, by the menu, payments and the top-up form.
        let later = [
            (format!("a[href='{record}']"), RECORD_PAGE),
            (format!("a[href='{top_up}']"), TOP_UP_FORM),
        ];
        for ((link, shown), first_load) in later.iter().zip(first_loads) {
            if *shown == TOP_UP_FORM {
                portal.click("#main-nav a[href='/payments']").await;
                portal.wait_for("table#payments-table tbody tr").await;
            }
            let before = page_code_loads(&portal).await;
            portal.click(link).await;
            portal.wait_for(shown).await;
            let after = page_code_loads(&portal).await;
            let added = &after[before.len()..];
            let mut urls: Vec<&str> = after.iter().map(|code| code.url.as_str()).collect();
            urls.sort();
            urls.dedup();
            assert_eq!(
                urls.len(),
                after.len(),
                "{link}: a file fetched twice: {after:?}"
            );
            let bytes: f64 = added.iter().map(|code| code.bytes).sum();
            assert!(
                !added.is_empty() && bytes < first_load,
                "{link}: {bytes} bytes of code after the list ({added:?}), {first_load} as a \
                 first load"
            );
        }
    });
}

/// Where a first page's bundle of code cannot come (a host without it, a filter in the way),
/// the page gets its code part by part: more requests, each file once, and the page shows.
#[test]
fn without_its_first_load_file_a_page_gets_its_code_part_by_part() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        portal.wait_for("nav#main-nav").await;
        portal
            .devtools("Network.enable", serde_json::json!({}))
            .await;
        portal
            .devtools(
                "Network.setBlockedURLs",
                serde_json::json!({ "urls": ["*.first.wasm"] }),
            )
            .await;
        open_cold_over_a_slow_link(&portal, "/accounts", ACCOUNT_ROWS).await;
        let came: Vec<CodeLoad> = page_code_loads(&portal)
            .await
            .into_iter()
            .filter(|code| code.bytes > 0.0)
            .collect();
        let mut urls: Vec<&str> = came.iter().map(|code| code.url.as_str()).collect();
        urls.sort();
        urls.dedup();
        assert!(
            came.len() > 1 && urls.len() == came.len(),
            "the list's code, part by part, each part once: {came:?}"
        );
    });
}

/// A new visitor's sign-in page and a signed-in first page of each kind stay within issue 28's
/// budgets of requests and bytes (brotli), counted as `cargo xtask bench` counts them: the
/// sign-in page in 5 requests and 200 KB, a signed-in page in 9 and 400 KB. Of those requests,
/// the page's own files (document, style, code, config) are at most 6: one response for its code.
#[test]
fn a_first_load_stays_within_its_budgets() {
    e2e::run(|portal| async move {
        let mut over = Vec::new();
        let sign_in = portal.first_load("/login", "portal:sign-in-shown").await;
        if sign_in.requests > 5 || sign_in.brotli() > 200_000 {
            over.push(format!("the sign-in page: {sign_in:?}"));
        }
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.wait_for(OVERVIEW).await;
        let account = format!("/accounts/{}", portal.first_demo_id("accounts").await);
        for (path, mark, requests, bytes) in [
            // The overview asks for seven kinds of data at once (the profile, the accounts, a
            // day of statistics and the calls active now on each side, the CPS chart) before
            // it shows, and a week of spend for each account it names close to its minimum
            // (the demo's one, issue 45's credit ahead): 14 requests, over the 9 of issue 28
            // (reported in issue 42); its own files are within their share.
            ("/", "portal:overview-shown", 14, 400_000),
            ("/accounts", "portal:table-rendered", 9, 400_000),
            // An account's page asks for the profile, its record and what it shows beside it
            // (today's statistics, the calls active now, its services, invoices, payments and
            // latest calls) at once: up to 14 requests (those started before the record shows
            // vary), as the overview's over the 9 of issue 28; its own files within their share.
            (account.as_str(), "portal:record-shown", 14, 400_000),
            // 413.0 KB at its largest (issue 42); 398.8 KB since the chart brings no float
            // formatter and no sort of its own (docs/loading.md, "What weighs").
            ("/statistics/origination", "portal:chart-drawn", 9, 400_000),
            ("/cdrs", "portal:table-rendered", 9, 400_000),
        ] {
            let load = portal.first_load(path, mark).await;
            let own_files = load
                .urls
                .iter()
                .filter(|url| !url.contains("/api/"))
                .count();
            if load.requests > requests || own_files > 6 || load.brotli() > bytes {
                over.push(format!("{path}: {own_files} of its own files, {load:?}"));
            }
        }
        assert!(over.is_empty(), "over budget: {over:#?}");
    });
}

#[test]
fn an_unknown_path_shows_not_found() {
    e2e::run(|portal| async move {
        portal.sign_in_as_demo().await;
        portal.open("/no-such-page").await;
        portal.wait_for(".not-found").await;
    });
}

/// The portal is not tied to our server: against bodies exactly as the upstream server sends
/// them (an opaque token, `example.org` links, capacities as numbers) it signs in and lists.
#[test]
fn works_against_a_server_answering_the_upstream_samples() {
    let setup = Setup {
        api: ApiServer::UpstreamSamples,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        portal.open("/login").await;
        portal.fill(LOGIN_FIELD, SAMPLE_LOGIN).await;
        portal.fill(PASSWORD_FIELD, "not the password").await;
        portal.click(LOGIN_BUTTON).await;
        portal
            .wait_for_text(LOGIN_ERROR, "Incorrect login or password.")
            .await;

        portal.sign_in(SAMPLE_LOGIN, SAMPLE_PASSWORD).await;
        portal.open("/accounts").await;
        let table = portal
            .wait_for_table(ACCOUNTS_TABLE, "the two sample accounts", |t| {
                t.column("Name") == Some(vec!["acc-main", "acc-second"])
            })
            .await;
        assert_eq!(
            table.column("Balance"),
            Some(vec!["125.5 USD", "125.5 USD"])
        );
        assert_eq!(
            table.column("Min balance"),
            Some(vec!["0.0 USD", "0.0 USD"])
        );
        assert_eq!(table.column("Origination capacity"), Some(vec!["10", "10"]));
        assert_eq!(table.column("Termination capacity"), Some(vec!["—", "—"]));
        portal.wait_for_text(PAGER_SUMMARY, "1–2 of 2").await;
    });
}

/// Acts in index.html's early sign-in form the moment the loader shows it, as a visitor on a
/// slow link would while the code downloads: `act` runs in every new document of the tab, until
/// the returned script is removed. It records when it acted in `window.earlyActedAt`.
async fn when_the_early_form_shows(portal: &Portal, act: &str) -> serde_json::Value {
    let source = format!(
        "new MutationObserver((changes, observer) => {{
             const page = document.getElementById('early-sign-in');
             if (!page || page.hidden) return;
             observer.disconnect();
             const form = page.querySelector('form');
             const field = (name) => form.querySelector(`input[name=${{name}}]`);
             {act}
             window.earlyActedAt = performance.now();
         }}).observe(document, {{ subtree: true, childList: true, attributes: true }});"
    );
    portal
        .devtools(
            "Page.addScriptToEvaluateOnNewDocument",
            serde_json::json!({ "source": source }),
        )
        .await
}

async fn stop_acting(portal: &Portal, script: serde_json::Value) {
    portal
        .devtools(
            "Page.removeScriptToEvaluateOnNewDocument",
            serde_json::json!({ "identifier": script["identifier"] }),
        )
        .await;
}

/// (when the early form was shown, when the visitor acted in it, when the shell's code came),
/// by the browser's clock.
async fn early_timeline(portal: &Portal) -> [Option<f64>; 3] {
    let times = portal
        .client()
        .execute(
            "const [shown] = performance.getEntriesByName('portal:sign-in-shown');
             const shell = document.querySelector('link[rel=preload][href*=\".wasm\"]');
             const code = performance.getEntriesByType('resource')
                 .find((e) => e.name === shell?.href);
             return [shown ? shown.startTime : null, window.earlyActedAt ?? null,
                     code ? code.responseEnd : null];",
            vec![],
        )
        .await
        .expect("the page's timeline");
    [0, 1, 2].map(|i| times[i].as_f64())
}

/// A visitor on a slow link gets the sign-in form before the code: what they type and send
/// there is what the portal sends once it comes, once.
#[test]
fn the_sign_in_form_takes_what_was_sent_before_the_code_came() {
    e2e::run(|portal| async move {
        let act = format!(
            "field('login').value = {DEMO_LOGIN:?}; field('password').value = {DEMO_PASSWORD:?};
             form.requestSubmit();"
        );
        let script = when_the_early_form_shows(&portal, &act).await;
        open_cold_over_a_slow_link(&portal, "/login", OVERVIEW).await;
        stop_acting(&portal, script).await;

        let [shown, acted, code] = early_timeline(&portal).await;
        let [shown, acted, code] = [shown, acted, code].map(|t| t.expect("a time of the load"));
        assert!(
            shown < code && acted < code,
            "the form was shown at {shown} ms and sent at {acted} ms, the code came at {code} ms"
        );
        let sign_ins = portal
            .served_requests()
            .iter()
            .filter(|r| r.method == "POST" && r.endpoint() == "auth")
            .count();
        assert_eq!(sign_ins, 1, "what was sent early is sent once");
        assert_eq!(portal.current_url().await.path(), "/");
    });
}

/// What was typed before the code came stays, with the focus and the caret where they were,
/// and nothing is sent until the visitor sends it.
#[test]
fn the_sign_in_form_keeps_what_was_typed_before_the_code_came() {
    e2e::run(|portal| async move {
        let act = "field('login').value = 'early-bird'; field('remember').checked = true;
                   const password = field('password'); password.value = 'secret';
                   password.focus(); password.setSelectionRange(2, 4);";
        let script = when_the_early_form_shows(&portal, act).await;
        open_cold_over_a_slow_link(&portal, "/login", LOGIN_FIELD).await;
        stop_acting(&portal, script).await;

        let [shown, acted, code] = early_timeline(&portal).await;
        assert!(
            shown.zip(code).is_some_and(|(s, c)| s < c) && acted.is_some(),
            "the form showed before the code came: {:?}",
            [shown, acted, code]
        );
        // The caret comes back a frame after the form is drawn.
        let expected =
            serde_json::json!(["early-bird", "secret", true, "password", 2, 4, true, true]);
        portal
            .wait_until(
                &format!("the portal's form as the early one was: {expected}"),
                async || {
                    let state = portal
                        .client()
                        .execute(
                            "const form = document.getElementById('login-form');
                         const focused = document.activeElement;
                         return [form.login.value, form.password.value, form.remember.checked,
                                 focused.form === form ? focused.name : null,
                                 focused.selectionStart, focused.selectionEnd,
                                 document.getElementById('early-sign-in') === null,
                                 document.getElementById('boot') === null];",
                            vec![],
                        )
                        .await
                        .ok()?;
                    (state == expected).then_some(())
                },
            )
            .await;
        assert!(
            !portal
                .served_requests()
                .iter()
                .any(|r| r.endpoint() == "auth"),
            "nothing is sent before the visitor sends it"
        );
    });
}

/// The early form is in the language the portal will choose: a visitor who chose Ukrainian gets
/// it in Ukrainian, and the portal's own form after it; a visitor who is signed in gets none.
#[test]
fn the_early_sign_in_form_speaks_the_portals_language_and_waits_when_it_would_be_wrong() {
    e2e::run(|portal| async move {
        portal.open("/login").await;
        portal.wait_for(LOGIN_FIELD).await;
        portal
            .client()
            .execute(
                "localStorage.setItem('portal.prefs', JSON.stringify({version: 1, language: 'uk'}));",
                vec![],
            )
            .await
            .expect("choosing Ukrainian");
        let script = when_the_early_form_shows(&portal, EARLY_HEADING).await;
        open_cold_over_a_slow_link(&portal, "/login", LOGIN_FIELD).await;
        portal.wait_for_text("form#login-form h2", "Увійти").await;
        assert_eq!(early_heading(&portal).await.as_deref(), Some("uk: Увійти"));

        portal
            .client()
            .execute("localStorage.removeItem('portal.prefs');", vec![])
            .await
            .expect("forgetting the choice");
        portal.sign_in_as_demo().await;
        open_cold_over_a_slow_link(&portal, "/login", OVERVIEW).await;
        stop_acting(&portal, script).await;
        let [_, acted, _] = early_timeline(&portal).await;
        assert_eq!(
            acted, None,
            "no sign-in form for a visitor who is signed in"
        );
    });
}

/// What the early form's script notes when the form shows: its heading and language.
const EARLY_HEADING: &str =
    "window.earlyHeading = `${page.lang}: ${form.querySelector('h2').textContent}`;";

/// The language and heading of the early form as it showed (`uk: Увійти`), if it showed.
async fn early_heading(portal: &Portal) -> Option<String> {
    let noted = portal
        .client()
        .execute("return window.earlyHeading ?? null;", vec![])
        .await
        .expect("the early form's heading");
    noted.as_str().map(str::to_owned)
}

/// With a config.json that names no language, the early form still shows, in the browser's
/// language among those offered, as the portal's own would be: the form a visitor gets before
/// the code comes does not depend on what the deployment wrote (issue 42).
#[test]
fn the_early_sign_in_form_shows_in_the_browsers_language_when_the_config_names_none() {
    let setup = Setup {
        config_json: Some(r#"{"apiBaseUrl": ""}"#.to_owned()),
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        portal.open("/login").await;
        portal.wait_for(LOGIN_FIELD).await;
        let user_agent = portal
            .client()
            .execute("return navigator.userAgent;", vec![])
            .await
            .expect("the browser's user agent");
        portal
            .devtools("Network.enable", serde_json::json!({}))
            .await;
        // The code never comes: what shows is the early form alone.
        portal
            .devtools(
                "Network.setBlockedURLs",
                serde_json::json!({ "urls": ["*.wasm"] }),
            )
            .await;
        for (languages, expected) in [("uk-UA,uk", "uk: Увійти"), ("de,es", "es: Iniciar sesión")]
        {
            portal
                .devtools(
                    "Network.setUserAgentOverride",
                    serde_json::json!({ "userAgent": user_agent, "acceptLanguage": languages }),
                )
                .await;
            portal
                .devtools("Network.clearBrowserCache", serde_json::json!({}))
                .await;
            portal.open("/login").await;
            portal
                .wait_for("main#early-sign-in:not([hidden]) form input[name=login]")
                .await;
            let shown = portal
                .client()
                .execute(
                    "const page = document.getElementById('early-sign-in');
                     return `${page.lang}: ${page.querySelector('h2').textContent}`;",
                    vec![],
                )
                .await
                .expect("the early form");
            assert_eq!(
                shown.as_str(),
                Some(expected),
                "browser languages {languages}"
            );
        }
    });
}
