//! `POST /phone-systems-sessions`: yeti-web has no request spec for it; these hold what its
//! form (`app/forms/phone_systems_session_form.rb`) answers, as the other specs' examples do.

use super::*;

fn session(service: Option<&str>) -> Value {
    let attributes = match service {
        Some(id) => json!({"service": id}),
        None => json!({}),
    };
    json!({"data": {"type": "phone-systems-sessions", "attributes": attributes}})
}

async fn post(token: &str, service: Option<&str>) -> Reply {
    request(
        "POST",
        "phone-systems-sessions",
        Some(token),
        Some(&session(service)),
    )
    .await
}

fn not_found() -> (String, String) {
    ("service not found".to_owned(), "/data".to_owned())
}

fn not_related() -> (String, String) {
    (
        "service - Account of current Service is not related to current API Access".to_owned(),
        "/data/attributes/service".to_owned(),
    )
}

/// A service unknown, missing, or of another customer: an error of the session as a whole
/// (`base`), so its message alone at `/data`.
#[tokio::test]
async fn post_phone_systems_sessions_with_a_service_not_found() {
    let token = demo_token().await;
    let theirs = ids(&request("GET", "services", Some(&other_token().await), None).await);
    for service in [
        Some("0b9f8b52-5d2c-11ef-9a4e-0242ac120003"),
        Some("not-a-uuid"),
        Some(theirs[0].as_str()),
        None,
    ] {
        let reply = post(&token, service).await;
        assert_errors(
            &reply,
            422,
            &[Expected {
                title: Some("service not found"),
                detail: Some("service not found"),
                code: Some("100"),
                pointer: Some("/data"),
            }],
        );
    }
}

/// For a login limited to some accounts, a service of another of the customer's accounts is
/// refused on `service`; another customer's service is both not found and not related.
#[tokio::test]
async fn post_phone_systems_sessions_when_customer_has_allowed_account_ids() {
    let demo = demo_token().await;
    let (outside, _) = outside_and_inside_accounts(&demo).await;
    let path = format!("services?filter[account_id_eq]={outside}");
    let outside_service = ids(&request("GET", &path, Some(&demo), None).await).remove(0);
    let theirs = ids(&request("GET", "services", Some(&other_token().await), None).await);
    let token = limited_token().await;
    let reply = post(&token, Some(&outside_service)).await;
    assert_eq!(errors_in_order(&reply), [not_related()]);
    let reply = post(&token, Some(&theirs[0])).await;
    assert_eq!(errors_in_order(&reply), [not_found(), not_related()]);
}

/// A service without a phone system: the provider refuses the session, an error of the
/// session as a whole.
#[tokio::test]
async fn post_phone_systems_sessions_for_a_service_without_a_phone_system() {
    let token = demo_token().await;
    let plain = records("services", "", &token)
        .await
        .into_iter()
        .find(|s| s["attributes"]["ui-type"].is_null())
        .expect("a service without a phone system");
    let reply = post(&token, plain["id"].as_str()).await;
    assert_eq!(
        errors_in_order(&reply),
        [(
            "failed to create Phone Systems session".to_owned(),
            "/data".to_owned()
        )]
    );
}
