//! Rate plans and the rate lookup over HTTP: the customer's plans only, sorted and filtered as
//! the real server does, and `POST /check-rate` with the longest prefix first and the real
//! server's 422s.

use crate::client::*;
use serde_json::{Value, json};

/// The customer's rate plans, by name.
async fn rateplans(token: &str) -> Vec<(String, String)> {
    let reply = get("rateplans", Some(token)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let body = reply.json();
    assert_eq!(
        body["meta"]["total-count"].as_u64(),
        Some(body["data"].as_array().unwrap().len() as u64)
    );
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            assert_eq!(p["type"], "rateplans");
            (
                p["attributes"]["name"].as_str().unwrap().to_owned(),
                p["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

async fn mobile_plan(token: &str) -> String {
    rateplans(token)
        .await
        .into_iter()
        .find(|(name, _)| name == "Ukraine mobile")
        .expect("the mobile plan")
        .1
}

fn lookup(rateplan: &str, number: &str) -> Value {
    json!({"data": {"type": "check-rates", "attributes": {"rateplan-id": rateplan, "number": number}}})
}

fn errors(reply: &Reply) -> Vec<(String, String)> {
    assert_eq!(reply.status, 422, "{}", reply.body);
    reply.json()["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert_eq!(e["status"], "422");
            (
                e["detail"].as_str().unwrap().to_owned(),
                e["source"]["pointer"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn rate_plans_are_the_customers_own_sorted_by_name() {
    let token = demo_token().await;
    let plans = rateplans(&token).await;
    let names: Vec<&str> = plans.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["Demo Telecom standard", "Ukraine mobile"]);
    let theirs = rateplans(&other_token().await).await;
    assert_eq!(theirs.len(), 1);
    assert!(plans.iter().all(|p| !theirs.contains(p)));
    // Another customer's plan is not found; the filters and sorts are the server's.
    let other_plan = &theirs[0].1;
    assert_eq!(
        get(&format!("rateplans/{other_plan}"), Some(&token))
            .await
            .status,
        404
    );
    let shown = get(&format!("rateplans/{}", plans[1].1), Some(&token)).await;
    assert_eq!(shown.json()["data"]["attributes"]["name"], "Ukraine mobile");
    let found = get("rateplans?filter[name-cont]=mobile", Some(&token)).await;
    assert_eq!(found.json()["meta"]["total-count"], 1);
    let reversed = get("rateplans?sort=-name", Some(&token)).await.json();
    assert_eq!(reversed["data"][0]["attributes"]["name"], "Ukraine mobile");
    assert_eq!(
        get("rateplans?sort=created-at", Some(&token)).await.status,
        400
    );
    assert_eq!(
        get("rateplans?filter[customer-id-eq]=1", Some(&token))
            .await
            .status,
        400
    );
    // A plan's rates are the rates filtered by it.
    let rates = get(
        &format!("rates?filter[rateplan_id_eq]={}&page[size]=100", plans[1].1),
        Some(&token),
    )
    .await
    .json();
    assert_eq!(rates["meta"]["total-count"], 7);
}

#[tokio::test]
async fn check_rate_answers_every_matching_prefix_longest_first() {
    let token = demo_token().await;
    let plan = mobile_plan(&token).await;
    let reply = post_jsonapi("check-rate", &token, &lookup(&plan, "380671234567")).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let body = reply.json();
    assert_eq!(body["data"]["type"], "check-rates");
    let attributes = &body["data"]["attributes"];
    assert_eq!(attributes["rateplan-id"], plan.as_str());
    assert_eq!(attributes["number"], "380671234567");
    let rates = attributes["rates"].as_array().unwrap();
    let prefixes: Vec<&str> = rates
        .iter()
        .map(|r| r["prefix"].as_str().unwrap())
        .collect();
    // 3806712 is disabled and 380671234 expired: neither applies.
    assert_eq!(prefixes, ["380671", "38067", "380"]);
    let longest = &rates[0];
    assert_eq!(longest["initial_rate"], "0.03");
    assert_eq!(longest["initial_interval"], 30);
    assert_eq!(longest["next_rate"], "0.018");
    assert_eq!(longest["next_interval"], 6);
    assert_eq!(longest["connect_fee"], "0.005");
    assert_eq!(longest["reject_calls"], false);
    assert!(longest["routing_tag_names"].is_array());
    assert!(api_model::catalog::is_uuid(longest["id"].as_str().unwrap()));
    // The answer decodes with the portal's model.
    let decoded: api_model::document::Document<
        api_model::document::Resource<api_model::rates::CheckRate>,
    > = serde_json::from_str(&reply.body).unwrap();
    assert_eq!(decoded.data.attributes.rates.len(), 3);

    // A number nothing matches: an empty list, still 201.
    let none = post_jsonapi("check-rate", &token, &lookup(&plan, "49301234567")).await;
    assert_eq!(none.status, 201);
    assert_eq!(none.json()["data"]["attributes"]["rates"], json!([]));
}

#[tokio::test]
async fn check_rate_refuses_as_the_real_server_does() {
    let token = demo_token().await;
    let plan = mobile_plan(&token).await;
    // Blank attributes: one error each, by field; a blank plan is not found either. The
    // answer lists a field's errors together, in the order the fields first had one.
    let blank = post_jsonapi("check-rate", &token, &lookup("", " ")).await;
    let at = |member: &str| format!("/data/attributes/{member}");
    assert_eq!(
        errors(&blank),
        [
            ("rateplan-id - can't be blank".to_owned(), at("rateplan-id")),
            (
                "rateplan-id - Rateplan not found".to_owned(),
                at("rateplan-id")
            ),
            ("number - can't be blank".to_owned(), at("number")),
        ]
    );
    let no_number = post_jsonapi("check-rate", &token, &lookup(&plan, "")).await;
    assert_eq!(
        errors(&no_number),
        [("number - can't be blank".to_owned(), at("number"))]
    );
    for unknown in ["0b9f8b52-5d2c-11ef-9a4e-0242ac120003", "plan"] {
        let reply = post_jsonapi("check-rate", &token, &lookup(unknown, "380671234567")).await;
        assert_eq!(
            errors(&reply),
            [(
                "rateplan-id - Rateplan not found".to_owned(),
                "/data/attributes/rateplan-id".to_owned()
            )],
            "{unknown}"
        );
    }
    // The real server finds a plan by UUID alone, whoever's it is.
    let theirs = rateplans(&other_token().await).await;
    let foreign = post_jsonapi("check-rate", &token, &lookup(&theirs[0].1, "44")).await;
    assert_eq!(foreign.status, 201, "{}", foreign.body);
    // Not a check-rates document; not signed in.
    let wrong_type = post_jsonapi(
        "check-rate",
        &token,
        &json!({"data": {"type": "rates", "attributes": {"rateplan-id": plan, "number": "1"}}}),
    )
    .await;
    assert_eq!(wrong_type.status, 400);
    let anonymous = send(
        server(),
        "POST",
        &api_path("check-rate"),
        &[("content-type", "application/vnd.api+json")],
        Some(&lookup(&plan, "380").to_string()),
    )
    .await;
    assert_eq!(anonymous.status, 401);
}
