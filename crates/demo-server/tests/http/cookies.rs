//! Cookie mode: sign-in that sets an HttpOnly session cookie, requests authenticated by it,
//! the sliding expiry, and sign-out.

use crate::client::*;
use demo_server::Options;
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;

async fn sign_in_with_cookie(addr: SocketAddr, body: serde_json::Value) -> Reply {
    send(
        addr,
        "POST",
        &format!("{API}/auth"),
        &[("content-type", "application/json")],
        Some(&body.to_string()),
    )
    .await
}

fn expiry_of(cookie_pair: &str) -> i64 {
    let token = cookie_pair.split_once('=').unwrap().1;
    api_model::auth::read_claims::<api_model::auth::Claims>(token)
        .unwrap()
        .exp
        .unwrap()
}

#[tokio::test]
async fn cookie_sign_in_sets_an_httponly_session_cookie_that_authenticates() {
    let reply = sign_in_with_cookie(
        server(),
        json!({"auth": {"login": "demo", "password": "demo"}, "cookie_auth": true}),
    )
    .await;
    assert_eq!((reply.status, reply.body.as_str()), (201, ""));
    let set_cookie = reply.header("set-cookie").to_owned();
    assert!(
        set_cookie.starts_with("_yeti_customer_v1_session="),
        "{set_cookie}"
    );
    // As Rails writes it: path `/`, an expiry date and no max-age.
    for attribute in ["; httponly", "; samesite=lax", "; path=/;", "; expires="] {
        assert!(set_cookie.contains(attribute), "{attribute}: {set_cookie}");
    }
    let cookie = cookie_pair(&set_cookie);

    let accounts = get_with_cookie(server(), "accounts", &cookie).await;
    assert_eq!(accounts.status, 200);
    assert_eq!(accounts.json()["meta"]["total-count"], 4);
    assert!(
        accounts.header("set-cookie").contains("httponly"),
        "the session slides on every request"
    );
    let status = get_with_cookie(server(), "auth", &cookie).await;
    assert_eq!(
        (status.status, status.json()),
        (200, json!({"allow-rec": true}))
    );
    let kyiv = accounts.json()["data"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let stats = get_with_cookie(
        server(),
        &format!(
            "origination-statistics?account-id={kyiv}&from-time={}&sampling=hour",
            time_ago(3600)
        ),
        &cookie,
    )
    .await;
    assert_eq!(stats.status, 200);
    assert!(!stats.header("set-cookie").is_empty());

    // A cookie among others is found; a header, even a bad one, wins over the cookie.
    let among = format!("theme=dark; {cookie}; lang=uk");
    assert_eq!(
        get_with_cookie(server(), "accounts", &among).await.status,
        200
    );
    let header_wins = send(
        server(),
        "GET",
        &format!("{API}/accounts"),
        &[("cookie", &cookie), ("authorization", "Bearer nonsense")],
        None,
    )
    .await;
    assert_eq!(header_wins.status, 401);
    assert_eq!(
        get_with_cookie(server(), "accounts", "_yeti_customer_v1_session=forged")
            .await
            .status,
        401
    );
    let anonymous = get_with_cookie(server(), "auth", "other=1").await;
    assert_eq!(anonymous.status, 401);
    // A token request never gets a cookie.
    let token = demo_token().await;
    assert_eq!(get("accounts", Some(&token)).await.header("set-cookie"), "");

    // Signing out is a write: the browser says it comes from the portal's own origin.
    let portal = format!("http://{}", server());
    let out = send(
        server(),
        "DELETE",
        &format!("{API}/auth"),
        &[("cookie", &cookie), ("origin", &portal)],
        None,
    )
    .await;
    assert_eq!((out.status, out.body.as_str()), (204, ""));
    let cleared = out.header("set-cookie");
    assert!(
        cleared.starts_with("_yeti_customer_v1_session=logout;"),
        "{cleared}"
    );
    assert!(cleared.contains("expires=Thu, 01 Jan 1970 00:00:00 GMT"));
}

#[tokio::test]
async fn cookie_auth_inside_auth_works_too_and_wrong_passwords_still_fail() {
    let nested = sign_in_with_cookie(
        server(),
        json!({"auth": {"login": "other", "password": "other", "cookie_auth": "true"}}),
    )
    .await;
    assert_eq!((nested.status, nested.body.as_str()), (201, ""));
    let cookie = cookie_pair(nested.header("set-cookie"));
    let theirs = get_with_cookie(server(), "accounts", &cookie).await.json();
    assert_eq!(
        theirs["data"][0]["attributes"]["name"],
        "Competitor Secret Account"
    );
    let wrong = sign_in_with_cookie(
        server(),
        json!({"auth": {"login": "demo", "password": "nope"}, "cookie_auth": true}),
    )
    .await;
    assert_eq!(wrong.status, 401);
    assert_eq!(wrong.header("set-cookie"), "");
    let off = sign_in_with_cookie(
        server(),
        json!({"auth": {"login": "demo", "password": "demo"}, "cookie_auth": false}),
    )
    .await;
    assert_eq!(off.status, 201);
    assert!(off.json()["jwt"].is_string());
    assert_eq!(off.header("set-cookie"), "");
}

#[tokio::test]
async fn the_session_slides_while_it_is_used_and_ends_when_it_is_not() {
    let addr = start(Options {
        // Expiries are whole seconds, so a lifetime of 3 s lasts more than 2 s.
        token_lifetime: Duration::from_secs(3),
        ..Options::default()
    });
    let reply = sign_in_with_cookie(
        addr,
        json!({"auth": {"login": "demo", "password": "demo"}, "cookie_auth": true}),
    )
    .await;
    let first = cookie_pair(reply.header("set-cookie"));
    let mut latest = first.clone();
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(1100)).await;
        let used = get_with_cookie(addr, "accounts", &latest).await;
        assert_eq!(used.status, 200);
        let fresh = cookie_pair(used.header("set-cookie"));
        assert!(expiry_of(&fresh) > expiry_of(&latest), "a fresh expiry");
        latest = fresh;
    }
    // 3.3 s after sign-in the first cookie has expired; the slid one still works.
    assert_eq!(get_with_cookie(addr, "accounts", &first).await.status, 401);
    assert_eq!(get_with_cookie(addr, "accounts", &latest).await.status, 200);
}

/// The session cookie goes with every request the browser makes to the API, whichever site's
/// page makes it; a write that carries it is refused unless the browser proves it comes from
/// the API's own origin (scheme, host and port), whatever else comes with it: an empty
/// `Authorization` header (which authentication reads as none, and so falls back to the
/// cookie), a valid token beside the cookie, a sibling site, the same host on another scheme,
/// an opaque origin. No preflight grants another origin access.
#[tokio::test]
async fn a_cross_origin_write_with_the_cookie_is_refused() {
    let signed_in = sign_in_with_cookie(
        server(),
        json!({"auth": {"login": "demo", "password": "demo"}, "cookie_auth": true}),
    )
    .await;
    let cookie = cookie_pair(signed_in.header("set-cookie"));
    let host = server().to_string();
    let ours = format!("http://{host}");
    let other_scheme = format!("https://{host}");
    let token = sign_in_on(server(), "demo", "demo").await.json()["jwt"]
        .as_str()
        .unwrap()
        .to_owned();
    let bearer = format!("Bearer {token}");
    // A member the form refuses (400): the write is answered without making an export, which
    // other tests of the shared server would then find among theirs.
    let export =
        json!({"data": {"type": "cdr-exports", "attributes": {"status": "Completed"}}}).to_string();
    let write = async |extra: &[(&str, &str)]| {
        let mut headers = vec![("content-type", "application/vnd.api+json")];
        headers.extend_from_slice(extra);
        send(
            server(),
            "POST",
            &format!("{API}/cdr-exports"),
            &headers,
            Some(&export),
        )
        .await
    };
    let with_cookie = ("cookie", cookie.as_str());
    let refused: [(&str, Vec<(&str, &str)>); 6] = [
        (
            "another site",
            vec![with_cookie, ("origin", "https://evil.example")],
        ),
        (
            "a sibling site",
            vec![
                with_cookie,
                ("origin", &ours),
                ("sec-fetch-site", "same-site"),
            ],
        ),
        (
            "an empty Authorization header",
            vec![
                with_cookie,
                ("origin", "https://evil.example"),
                ("authorization", ""),
            ],
        ),
        (
            "a valid token beside the cookie",
            vec![
                with_cookie,
                ("origin", "https://evil.example"),
                ("authorization", &bearer),
            ],
        ),
        (
            "the same host on another scheme",
            vec![with_cookie, ("origin", &other_scheme)],
        ),
        ("an opaque origin", vec![with_cookie, ("origin", "null")]),
    ];
    for (what, headers) in refused {
        let reply = write(&headers).await;
        assert_eq!(reply.status, 403, "{what}: {}", reply.body);
        assert_eq!(reply.json()["errors"][0]["status"], "403", "{what}");
    }
    // From the portal's own origin the same write reaches the form (which names what is wrong).
    for own in [
        vec![with_cookie, ("origin", ours.as_str())],
        vec![with_cookie, ("sec-fetch-site", "same-origin")],
    ] {
        let reply = write(&own).await;
        assert_eq!(reply.status, 400, "{own:?}: {}", reply.body);
    }
    // Reads are not writes; and a bearer token is never sent by a browser on its own.
    let read = get_with_cookie(server(), "accounts", &cookie).await;
    assert_eq!(read.status, 200);
    let token_only = write(&[
        ("authorization", &bearer),
        ("origin", "https://evil.example"),
    ])
    .await;
    assert_eq!(token_only.status, 400, "{}", token_only.body);

    let preflight = send(
        server(),
        "OPTIONS",
        &format!("{API}/cdr-exports"),
        &[
            ("origin", "https://evil.example"),
            ("access-control-request-method", "POST"),
            ("cookie", cookie.as_str()),
        ],
        None,
    )
    .await;
    assert!(
        preflight
            .headers
            .get("access-control-allow-origin")
            .is_none()
    );
    assert!(
        preflight
            .headers
            .get("access-control-allow-credentials")
            .is_none()
    );
}
