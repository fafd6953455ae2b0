//! Deployment, end to end: the strict Content-Security-Policy, hosting under a sub-path,
//! embedding in another origin's page, cookie sessions and the upstream proxy.

use e2e::{Bundle, DEMO_LOGIN, DEMO_PASSWORD, DataFile, Portal, Setup};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

const ACCOUNT_CARD: &str = ".account-card h2";
const ACCOUNT_NAMES: &str = "table#accounts-table tbody tr td:first-child";
const WAITING_FOR_PARENT: &str = "main.embed-waiting";

async fn script(portal: &Portal, what: &str, code: &str) -> Value {
    match portal.client().execute(code, vec![]).await {
        Ok(value) => value,
        Err(error) => panic!("{}", portal.failure(&format!("{what}: {error}")).await),
    }
}

async fn sign_in(portal: &Portal) {
    portal.sign_in_as_demo().await;
}

fn header<'a>(headers: &'a http::HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
}

#[test]
fn the_strict_policy_blocks_nothing_and_nothing_leaves_the_origin() {
    e2e::run(|portal| async move {
        let (status, headers, _) = portal.plain_get(&portal.url_for("/")).await;
        assert!(status.is_success());
        let policy = header(&headers, "content-security-policy");
        assert!(
            policy.contains("script-src 'self' 'wasm-unsafe-eval';")
                && policy.contains("style-src 'self';")
                && policy.contains("frame-ancestors 'none'")
                && !policy.contains("unsafe-inline"),
            "the policy sent is {policy:?}"
        );

        // A walk through every kind of page: lists, a detail, the dashboard and both charts
        // (of yesterday: today may have no calls to draw yet).
        sign_in(&portal).await;
        portal.wait_for_text(ACCOUNT_CARD, "Kyiv Wholesale").await;
        for (path, ready) in [
            ("/accounts", ACCOUNT_NAMES),
            ("/rates", "table tbody tr"),
            ("/services", "table tbody tr"),
            ("/network-prefixes", "table tbody tr"),
            ("/cdr-exports", "table tbody tr"),
            ("/statistics/origination?range=yesterday", "canvas"),
            ("/statistics/cps?range=yesterday", "canvas"),
        ] {
            portal.open(path).await;
            portal.wait_for(ready).await;
        }
        portal.open("/accounts").await;
        portal.click(&format!("{ACCOUNT_NAMES} a")).await;
        portal.wait_for("dl").await;

        let resources = script(
            &portal,
            "the resources the page loaded",
            "return performance.getEntriesByType('resource').map(entry => entry.name);",
        )
        .await;
        let resources: Vec<&str> = resources
            .as_array()
            .expect("a list of URLs")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(resources.len() > 3, "{resources:?}");
        let elsewhere: Vec<&&str> = resources
            .iter()
            .filter(|url| !url.starts_with(&format!("{}/", portal.base_url())))
            .collect();
        assert!(
            elsewhere.is_empty(),
            "requests left the origin: {elsewhere:?}"
        );

        // Reports are sent in the background; give them time to arrive.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(portal.csp_violations().await, Vec::<Value>::new());

        // The same check sees a violation when there is one: an injected inline script.
        let ran = script(
            &portal,
            "injecting an inline script",
            "const s = document.createElement('script'); s.textContent = 'window.__injected = 1;'; \
             document.head.append(s); return window.__injected === 1;",
        )
        .await;
        assert_eq!(ran, json!(false), "the inline script ran");
        let violations = portal
            .wait_until("the injected script reported", async || {
                let violations = portal.csp_violations().await;
                (!violations.is_empty()).then_some(violations)
            })
            .await;
        assert!(
            violations[0]["violated-directive"]
                .as_str()
                .is_some_and(|d| d.starts_with("script-src")),
            "{violations:?}"
        );
    });
}

#[test]
fn served_under_a_sub_path_with_deep_links_and_cache_rules() {
    let setup = Setup {
        bundle: Bundle::SubPath,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        let (status, headers, _) = portal.plain_get(&portal.url_for("/")).await;
        assert!(status.is_redirection(), "GET / answered {status}");
        assert_eq!(header(&headers, "location"), "/portal/");

        // index.html and config.json are revalidated; the hashed files (code, style, the
        // texts of the language index.html carries) are kept for good.
        let (_, headers, index) = portal.plain_get(&portal.url_for("/portal/rates")).await;
        assert_eq!(header(&headers, "cache-control"), "no-cache");
        let index = String::from_utf8_lossy(&index).into_owned();
        // A release build's index.html is minified: attribute values may be unquoted.
        let values: Vec<&str> = index
            .split(['"', '=', ' ', '>'])
            .filter(|part| !part.is_empty())
            .collect();
        assert!(
            values
                .windows(3)
                .any(|w| w == ["<base", "href", "/portal/"]),
            "{index}"
        );
        let (_, headers, _) = portal
            .plain_get(&portal.url_for("/portal/config.json"))
            .await;
        assert_eq!(header(&headers, "cache-control"), "no-cache");
        let assets: Vec<&str> = values
            .iter()
            .copied()
            .filter(|part| {
                part.starts_with("/portal/")
                    && [".js", ".wasm", ".css"]
                        .iter()
                        .any(|ext| part.ends_with(ext))
                    || part.starts_with("/portal/i18n/") && part.ends_with(".json")
            })
            .collect();
        assert!(assets.len() >= 5, "assets named in index.html: {assets:?}");
        for asset in assets {
            let (status, headers, _) = portal.plain_get(&portal.url_for(asset)).await;
            assert!(status.is_success(), "{asset}: {status}");
            assert_eq!(
                header(&headers, "cache-control"),
                "public, max-age=31536000, immutable",
                "{asset}"
            );
        }

        // A deep link opened cold goes through sign-in and comes back under the sub-path.
        portal.open("/portal/accounts?page[size]=2").await;
        let login = portal.wait_for_path("/portal/login").await;
        assert_eq!(
            e2e::query_param(&login, "next").as_deref(),
            Some("/accounts?page[size]=2")
        );
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        let url = portal.wait_for_path("/portal/accounts").await;
        assert_eq!(e2e::query_param(&url, "page[size]").as_deref(), Some("2"));
        portal
            .wait_for_texts(ACCOUNT_NAMES, "two accounts", |names| names.len() == 2)
            .await;

        portal.click("#main-nav a[href='/portal/rates']").await;
        portal.wait_for_path("/portal/rates").await;
        portal.wait_for("table tbody tr").await;
        portal.reload().await;
        portal.wait_for_path("/portal/rates").await;
        portal.wait_for("table tbody tr").await;

        portal.click("a.brand").await;
        portal.wait_for_path("/portal/").await;
        portal.wait_for_text(ACCOUNT_CARD, "Kyiv Wholesale").await;
        portal.open("/portal/no-such-page").await;
        portal.wait_for_text(".not-found", "Page not found").await;
    });
}

fn embedded() -> Setup {
    Setup {
        embedding: true,
        ..Setup::default()
    }
}

/// The portal's overview in its frame, signed in by the parent.
async fn wait_for_embedded_overview(portal: &Portal) {
    portal.enter_portal_frame().await;
    portal.wait_for_text(ACCOUNT_CARD, "Kyiv Wholesale").await;
}

/// The portal frame's height as the parent set it, and the height of the portal's content.
async fn frame_and_content_heights(portal: &Portal) -> (i64, i64) {
    let frame = script(
        portal,
        "the frame's height",
        "return document.querySelector('iframe[name=portal]').clientHeight;",
    )
    .await;
    portal.enter_portal_frame().await;
    let content = script(
        portal,
        "the content's height",
        "return Math.ceil(document.body.getBoundingClientRect().height);",
    )
    .await;
    portal.leave_frame().await;
    (frame.as_i64().unwrap_or(-1), content.as_i64().unwrap_or(-2))
}

async fn wait_for_frame_fitting_content(portal: &Portal) -> i64 {
    portal
        .wait_until("the frame sized to the portal's content", async || {
            let (frame, content) = frame_and_content_heights(portal).await;
            (frame == content && frame > 100).then_some(frame)
        })
        .await
}

#[test]
fn an_allowed_parent_signs_the_portal_in_steers_and_sizes_it() {
    e2e::run_with(embedded(), |portal| async move {
        portal.open_url(&format!("{}/", portal.parent_url())).await;
        wait_for_embedded_overview(&portal).await;
        // The parent asked to hide the portal's navigation; its token stays in memory.
        portal.wait_for(".portal-layout.chrome-hidden").await;
        let kept = script(
            &portal,
            "what the portal stored",
            "return [sessionStorage.getItem('portal.token'), localStorage.getItem('portal.token'), \
             location.href];",
        )
        .await;
        assert_eq!(kept[0], Value::Null);
        assert_eq!(kept[1], Value::Null);
        assert!(
            !kept[2].as_str().unwrap_or_default().contains("eyJ"),
            "{kept}"
        );
        portal.leave_frame().await;

        let overview_height = wait_for_frame_fitting_content(&portal).await;

        // The parent's menu drives the portal, which reports where it is.
        portal.click("button[data-path='/accounts']").await;
        portal.wait_for_text("#portal-location", "/accounts").await;
        portal.enter_portal_frame().await;
        portal
            .wait_for_texts(ACCOUNT_NAMES, "the four accounts", |names| names.len() == 4)
            .await;
        portal.leave_frame().await;
        let accounts_height = wait_for_frame_fitting_content(&portal).await;
        assert_ne!(overview_height, accounts_height, "the frame kept its size");

        // Theme and language follow the parent.
        portal.select("#theme", "dark").await;
        portal.select("#locale", "uk").await;
        portal.enter_portal_frame().await;
        portal
            .wait_until("the parent's theme and language", async || {
                let look = script(
                    &portal,
                    "the portal's theme and language",
                    "return [document.documentElement.dataset.theme, document.documentElement.lang];",
                )
                .await;
                (look == json!(["dark", "uk"])).then_some(())
            })
            .await;
    });
}

#[test]
fn the_parent_renews_the_token_before_it_runs_out() {
    // Tokens of 12 s, renewed 3 s ahead (a quarter of what is left): room for the parent's
    // round trip to the server even on a busy machine, where 4-s tokens (1 s ahead) expired
    // before the new one came.
    let setup = Setup {
        token_lifetime: Duration::from_secs(12),
        ..embedded()
    };
    e2e::run_with(setup, |portal| async move {
        portal.open_url(&format!("{}/", portal.parent_url())).await;
        wait_for_embedded_overview(&portal).await;
        portal.leave_frame().await;
        // Two renewals: the portal asked ahead each time and never lost its session.
        portal
            .wait_until_within(
                Duration::from_secs(40),
                "two token requests (each about 9 s after the last token)",
                async || {
                    let requests = portal
                        .client()
                        .find(fantoccini::Locator::Css("#token-requests"))
                        .await
                        .ok()?;
                    let count: u32 = requests.text().await.ok()?.trim().parse().ok()?;
                    (count >= 2).then_some(())
                },
            )
            .await;
        portal.click("button[data-path='/accounts']").await;
        portal.enter_portal_frame().await;
        portal
            .wait_for_texts(ACCOUNT_NAMES, "the four accounts", |names| names.len() == 4)
            .await;
        assert!(
            portal
                .client()
                .find(fantoccini::Locator::Css(WAITING_FOR_PARENT))
                .await
                .is_err(),
            "the portal waited for a token"
        );
        let refused: Vec<String> = portal
            .served_requests()
            .iter()
            .filter(|r| r.from_browser() && r.status() == Some(401))
            .map(|r| r.path.clone())
            .collect();
        assert!(refused.is_empty(), "requests refused: {refused:?}");
        let log = {
            portal.leave_frame().await;
            portal
                .wait_for("#log")
                .await
                .text()
                .await
                .unwrap_or_default()
        };
        assert!(log.contains("token-request (expiring)"), "{log}");
        assert!(!log.contains("token-request (expired)"), "{log}");
    });
}

#[test]
fn messages_from_other_origins_are_ignored() {
    e2e::run_with(embedded(), |portal| async move {
        // A sibling frame on an origin config.json does not name posts a valid token.
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        let foreign = format!("{}/pages/foreign.html?token={token}", portal.foreign_url());
        let parent = url::Url::parse_with_params(
            &format!("{}/", portal.parent_url()),
            [("signIn", "manual"), ("foreign", foreign.as_str())],
        )
        .expect("the parent page's URL");
        portal.open_url(parent.as_str()).await;
        portal.wait_for("iframe[name=foreign]").await;
        portal
            .client()
            .enter_frame(1)
            .await
            .expect("entering the foreign frame");
        portal
            .wait_until("the foreign frame's 20 messages", async || {
                let sent = script(
                    &portal,
                    "messages sent",
                    "return document.body.dataset.sent;",
                )
                .await;
                (sent == json!("20")).then_some(())
            })
            .await;
        portal.leave_frame().await;

        portal.enter_portal_frame().await;
        portal.wait_for(WAITING_FOR_PARENT).await;
        let data_requests = portal
            .served_requests()
            .iter()
            .filter(|r| r.from_browser() && r.endpoint() != "auth")
            .count();
        assert_eq!(data_requests, 0, "the portal used the foreign token");
        portal.leave_frame().await;

        // The real parent's token is taken at once.
        portal.click("#sign-in").await;
        wait_for_embedded_overview(&portal).await;
    });
}

#[test]
fn a_page_on_an_origin_not_allowed_cannot_frame_the_portal() {
    e2e::run_with(embedded(), |portal| async move {
        portal.open_url(&format!("{}/", portal.foreign_url())).await;
        portal.wait_for("iframe[name=portal]").await;
        let violations = portal
            .wait_until("the blocked framing reported", async || {
                let violations = portal.csp_violations().await;
                (!violations.is_empty()).then_some(violations)
            })
            .await;
        assert!(
            violations
                .iter()
                .all(|v| v["violated-directive"] == "frame-ancestors"),
            "{violations:?}"
        );
        let loaded_the_portal = portal.served_requests().iter().any(|r| r.from_browser());
        assert!(!loaded_the_portal, "the framed portal ran");
    });
}

#[test]
fn cookie_mode_uses_the_server_session_and_ends_it_on_sign_out() {
    let setup = Setup {
        config_json: Some(r#"{"auth": "cookie"}"#.to_owned()),
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        portal.open("/login").await;
        portal.wait_for("form#login-form").await;
        assert!(
            portal
                .client()
                .find(fantoccini::Locator::Css("form#token-form"))
                .await
                .is_err(),
            "cookie mode offers to paste a token"
        );
        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.wait_for_text(ACCOUNT_CARD, "Kyiv Wholesale").await;
        let kept = script(
            &portal,
            "what the portal stored",
            "return [sessionStorage.getItem('portal.token'), localStorage.getItem('portal.token'), \
             sessionStorage.getItem('portal.cookie-session')];",
        )
        .await;
        assert_eq!(kept, json!([null, null, "1"]));

        // A reload keeps the session: the browser still has the cookie.
        portal.open("/accounts").await;
        portal
            .wait_for_texts(ACCOUNT_NAMES, "the four accounts", |names| names.len() == 4)
            .await;
        let data_requests: Vec<_> = portal
            .served_requests()
            .into_iter()
            .filter(|r| r.from_browser() && r.endpoint() != "auth")
            .collect();
        assert!(!data_requests.is_empty());
        assert!(
            data_requests.iter().all(|r| r.cookie && !r.authorization),
            "requests without the cookie or with a token"
        );

        portal.click("#sign-out").await;
        portal.wait_for_path("/login").await;
        portal
            .wait_until("DELETE /auth answered 204", async || {
                portal
                    .served_requests()
                    .iter()
                    .any(|r| {
                        r.method == "DELETE" && r.endpoint() == "auth" && r.status() == Some(204)
                    })
                    .then_some(())
            })
            .await;
        // The server's session is over: the portal cannot get back in without signing in.
        portal.open("/accounts").await;
        portal.wait_for_path("/login").await;
    });
}

#[test]
fn the_api_can_be_proxied_to_an_upstream_deployment() {
    let data = json!({
        "format": "demo-server-data/1",
        "customers": [{
            "login": DEMO_LOGIN,
            "password": DEMO_PASSWORD,
            "name": "Upstream customer",
            "accounts": [{"attributes": {"name": "Upstream Only Account", "balance": "7.5", "currency": "EUR"}}],
        }],
    });
    let setup = Setup {
        upstream_data: Some(Arc::new(
            DataFile::from_json(&data.to_string()).expect("a valid data file"),
        )),
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        sign_in(&portal).await;
        portal.open("/accounts").await;
        portal
            .wait_for_texts(ACCOUNT_NAMES, "the upstream's account", |names| {
                names == ["Upstream Only Account"]
            })
            .await;
    });
}
