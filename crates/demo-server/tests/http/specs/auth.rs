//! `auth_controller_spec.rb`.

use super::*;

const AUTH_FAILED: &str = "Authentication failed";

fn credentials(login: &str, password: &str, cookie: bool) -> Value {
    let mut auth = json!({"login": login, "password": password});
    if cookie {
        auth["cookie_auth"] = json!("true");
    }
    json!({ "auth": auth })
}

async fn post_auth(body: &Value) -> Reply {
    let text = body.to_string();
    send(
        server(),
        "POST",
        &api_path("auth"),
        &[("content-type", "application/json")],
        Some(&text),
    )
    .await
}

/// `responds_with_failed_login`.
fn assert_failed_login(reply: &Reply) {
    assert_eq!(reply.status, 401);
    assert_eq!(reply.header("set-cookie"), "");
    assert_eq!(
        reply.json(),
        json!({"errors": [{"title": AUTH_FAILED, "detail": "Incorrect login or password.", "code": "401", "status": "401"}]})
    );
}

/// The cookie the real server sets: `<name>=<value>; path=/; expires=<date>; httponly;
/// samesite=lax`.
fn assert_cookie_shape(set_cookie: &str, value: Option<&str>, expires: &str) {
    let parts: Vec<&str> = set_cookie.split("; ").collect();
    assert_eq!(parts.len(), 5, "{set_cookie}");
    let (name, found) = parts[0].split_once('=').expect("pair");
    assert_eq!(name, "_yeti_customer_v1_session");
    if let Some(value) = value {
        assert_eq!(found, value);
    }
    assert_eq!(parts[1], "path=/");
    assert!(
        parts[2].starts_with("expires=") && parts[2].ends_with(expires),
        "{set_cookie}"
    );
    assert_eq!(&parts[3..], ["httponly", "samesite=lax"]);
}

#[tokio::test]
async fn post_auth_when_attributes_are_valid_responds_with_jwt() {
    let reply = post_auth(&credentials("demo", "demo", false)).await;
    assert_eq!(reply.status, 201);
    let body = reply.json();
    assert_eq!(
        body.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["jwt"]
    );
}

#[tokio::test]
async fn post_auth_with_cookie_auth_true_responds_with_cookie() {
    let reply = post_auth(&credentials("demo", "demo", true)).await;
    assert_eq!((reply.status, reply.body.as_str()), (201, ""));
    assert_cookie_shape(reply.header("set-cookie"), None, " GMT");
}

#[tokio::test]
async fn post_auth_when_password_is_invalid_or_customer_not_exists_responds_with_failed_login() {
    for cookie in [false, true] {
        assert_failed_login(&post_auth(&credentials("demo", "wrong", cookie)).await);
        assert_failed_login(&post_auth(&credentials("nobody", "demo", cookie)).await);
    }
}

#[tokio::test]
async fn get_auth_responds_with_200_and_check_authorization() {
    check_authorization("GET", "auth", None, 200).await;
    let reply = request("GET", "auth", Some(&demo_token().await), None).await;
    assert_eq!(reply.json(), json!({"allow-rec": true}));
    let reply = request("GET", "auth", Some(&other_token().await), None).await;
    assert_eq!(reply.json(), json!({"allow-rec": false}));
}

#[tokio::test]
async fn delete_auth_responds_with_logout_cookie() {
    let token = demo_token().await;
    let cookie = format!("_yeti_customer_v1_session={token}");
    let bearer = format!("Bearer {token}");
    for headers in [
        vec![],
        vec![("authorization", bearer.as_str())],
        vec![("cookie", cookie.as_str())],
    ] {
        let reply = send(server(), "DELETE", &api_path("auth"), &headers, None).await;
        assert_eq!((reply.status, reply.body.as_str()), (204, ""));
        assert_cookie_shape(
            reply.header("set-cookie"),
            Some("logout"),
            "Thu, 01 Jan 1970 00:00:00 GMT",
        );
    }
}

/// Not in the spec, from yeti-web's `AuthController#destroy` and its stateless JWTs: signing out
/// only sets the `logout` cookie; a bearer token issued before stays valid until its `exp`, for
/// the demo server as for the real one (docs/security.md, "What signing out does on the server").
#[tokio::test]
async fn signing_out_clears_the_cookie_and_leaves_a_token_to_its_expiry() {
    let token = demo_token().await;
    let bearer = format!("Bearer {token}");
    let out = send(
        server(),
        "DELETE",
        &api_path("auth"),
        &[("authorization", bearer.as_str())],
        None,
    )
    .await;
    assert_eq!(out.status, 204);
    assert_eq!(get("accounts", Some(&token)).await.status, 200);
}

#[tokio::test]
async fn post_auth_when_expiration_interval_is_blank_responds_with_jwt_and_cookie_without_expiry() {
    let addr = start(demo_server::Options {
        token_lifetime: std::time::Duration::ZERO,
        ..demo_server::Options::default()
    });
    let post = |body: Value| async move {
        let text = body.to_string();
        send(
            addr,
            "POST",
            &api_path("auth"),
            &[("content-type", "application/json")],
            Some(&text),
        )
        .await
    };
    let reply = post(credentials("demo", "demo", false)).await;
    let jwt = reply.json()["jwt"].as_str().expect("jwt").to_owned();
    let claims = api_model::auth::read_claims::<api_model::auth::Claims>(&jwt).expect("claims");
    assert_eq!(claims.exp, None);
    let reply = post(credentials("demo", "demo", true)).await;
    let set_cookie = reply.header("set-cookie");
    assert!(
        set_cookie.ends_with("; path=/; httponly; samesite=lax"),
        "{set_cookie}"
    );
    assert!(!set_cookie.contains("expires="), "{set_cookie}");
}
