//! `example_parent`: the parent page server of the embedding example.

use crate::client::*;
use serde_json::json;
use std::net::SocketAddr;

const PARENT_INDEX: &str = "<!doctype html><title>Provider</title><iframe></iframe>";

fn parent(api: SocketAddr, password: &str) -> (SocketAddr, std::path::PathBuf) {
    let dir = temp_dir(
        "parent",
        &[("index.html", PARENT_INDEX), ("parent.js", "// page")],
    );
    let (served, password) = (dir.clone(), password.to_owned());
    let addr = start_router(move || {
        demo_server::example_parent(
            served,
            "http://127.0.0.1:8080/portal/".to_owned(),
            format!("http://{api}{API}"),
            demo_server::DEMO_LOGIN.to_owned(),
            password,
        )
    });
    (addr, dir)
}

#[tokio::test]
async fn the_parent_serves_its_page_its_config_and_tokens() {
    let (addr, dir) = parent(server(), demo_server::DEMO_PASSWORD);
    let index = send(addr, "GET", "/", &[], None).await;
    assert_eq!((index.status, index.body.as_str()), (200, PARENT_INDEX));
    assert!(index.header("content-type").starts_with("text/html"));
    assert_eq!(
        send(addr, "GET", "/parent.js", &[], None).await.body,
        "// page"
    );
    assert_eq!(
        send(addr, "GET", "/missing.js", &[], None).await.status,
        404
    );

    let config = send(addr, "GET", "/parent-config.json", &[], None).await;
    assert_eq!(config.status, 200);
    assert_eq!(
        config.json(),
        json!({"portalUrl": "http://127.0.0.1:8080/portal/"})
    );

    let token = send(addr, "POST", "/token", &[], None).await;
    assert_eq!(token.status, 200, "{}", token.body);
    let body = token.json();
    assert_eq!(body.as_object().unwrap().len(), 1);
    let jwt = body["token"].as_str().unwrap();
    let accounts = get("accounts", Some(jwt)).await;
    assert_eq!(accounts.json()["meta"]["total-count"], 4);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn a_failed_sign_in_answers_502_with_the_reason() {
    let (wrong, dir) = parent(server(), "not-the-password");
    let reply = send(wrong, "POST", "/token", &[], None).await;
    assert_eq!(reply.status, 502);
    let reason = reply.json()["error"].as_str().unwrap().to_owned();
    assert!(
        reason.contains("401") && reason.contains("/auth"),
        "{reason}"
    );
    std::fs::remove_dir_all(&dir).ok();

    let (unreachable, dir) = parent(closed_address(), demo_server::DEMO_PASSWORD);
    let reply = send(unreachable, "POST", "/token", &[], None).await;
    assert_eq!(reply.status, 502);
    let reason = reply.json()["error"].as_str().unwrap().to_owned();
    assert!(reason.contains("cannot reach"), "{reason}");
    std::fs::remove_dir_all(&dir).ok();
}
