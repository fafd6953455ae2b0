//! Filters, sort, include and paging over HTTP.

use crate::client::*;
use serde_json::Value;

fn names(body: &Value, attribute: &str) -> Vec<String> {
    body["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|r| match &r["attributes"][attribute] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect()
}

#[tokio::test]
async fn paging_links_walk_the_network_prefixes() {
    let token = demo_token().await;
    let first = get("network-prefixes", Some(&token)).await;
    assert_eq!(first.status, 200);
    let first = first.json();
    let total = first["meta"]["total-count"].as_u64().unwrap();
    assert!(total >= 10_000, "{total}");
    assert_eq!(first["data"].as_array().unwrap().len(), 50);
    let links = &first["links"];
    let base = format!("http://{}{API}/network-prefixes", server());
    assert_eq!(
        links["first"],
        format!("{base}?page%5Bnumber%5D=1&page%5Bsize%5D=50")
    );
    assert_eq!(
        links["next"],
        format!("{base}?page%5Bnumber%5D=2&page%5Bsize%5D=50")
    );
    assert_eq!(
        links["last"],
        format!(
            "{base}?page%5Bnumber%5D={}&page%5Bsize%5D=50",
            total.div_ceil(50)
        )
    );
    assert!(links.get("prev").is_none());

    let second = get(links["next"].as_str().unwrap(), Some(&token))
        .await
        .json();
    assert_eq!(second["links"]["prev"], links["first"]);
    assert_ne!(second["data"][0]["id"], first["data"][0]["id"]);

    let last = get(links["last"].as_str().unwrap(), Some(&token))
        .await
        .json();
    assert!(last["links"].get("next").is_none());
    let rest = total - (total.div_ceil(50) - 1) * 50;
    assert_eq!(last["data"].as_array().unwrap().len() as u64, rest);

    let big = get(
        "network-prefixes?page[size]=1000&page[number]=2",
        Some(&token),
    )
    .await
    .json();
    assert_eq!(big["data"].as_array().unwrap().len(), 1000);
    for bad in [
        "page[size]=1001",
        "page[size]=0",
        "page[number]=0",
        "page[number]=abc",
    ] {
        let reply = get(&format!("network-prefixes?{bad}"), Some(&token)).await;
        assert_eq!(reply.status, 400, "{bad}");
        assert_eq!(reply.json()["errors"][0]["status"], "400");
    }
}

#[tokio::test]
async fn links_repeat_filter_sort_and_include() {
    let token = demo_token().await;
    let body = get(
        "network-prefixes?filter[prefix_start]=38&sort=-prefix&include=network&page[size]=5",
        Some(&token),
    )
    .await
    .json();
    let next = body["links"]["next"].as_str().unwrap();
    assert!(
        next.ends_with(
            "?filter%5Bprefix_start%5D=38&include=network&page%5Bnumber%5D=2&page%5Bsize%5D=5&sort=-prefix"
        ),
        "{next}"
    );
    let second = get(next, Some(&token)).await.json();
    assert_eq!(second["meta"], body["meta"]);
    assert!(second["included"].as_array().is_some_and(|i| !i.is_empty()));
    let prefixes = names(&second, "prefix");
    assert!(prefixes.iter().all(|p| p.starts_with("38")));
    assert!(prefixes.windows(2).all(|w| w[0] >= w[1]));
}

#[tokio::test]
async fn a_filter_of_every_operator_set() {
    let token = demo_token().await;
    let accounts = |query: &'static str| {
        let token = token.clone();
        async move {
            let reply = get(&format!("accounts?{query}"), Some(&token)).await;
            assert_eq!(reply.status, 200, "{query}: {}", reply.body);
            names(&reply.json(), "name")
        }
    };
    // Text, case-insensitive.
    assert_eq!(
        accounts("filter[name-cont]=WHOLE").await,
        ["Kyiv Wholesale"]
    );
    assert_eq!(
        accounts("filter[name_start]=l").await,
        ["London Carrier", "Lviv Overdraft"]
    );
    // Numeric, as decimals.
    assert_eq!(
        accounts("filter[balance-gt]=5000").await,
        ["Kyiv Wholesale", "London Carrier"]
    );
    assert_eq!(
        accounts("filter[balance-lteq]=-310.40").await,
        ["Lviv Overdraft"]
    );
    // Lists, with a quoted value.
    assert_eq!(
        accounts("filter[name-in]=Berlin%20Retail,%22Lviv%20Overdraft%22").await,
        ["Berlin Retail", "Lviv Overdraft"]
    );
    assert_eq!(
        accounts("filter[name-not-in]=Berlin%20Retail").await.len(),
        3
    );
    // Identifier set.
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let by_uuid = get(&format!("accounts?filter[uuid-eq]={kyiv}"), Some(&token))
        .await
        .json();
    assert_eq!(names(&by_uuid, "name"), ["Kyiv Wholesale"]);

    let prefixes = get(
        "network-prefixes?filter[prefix-start]=380&page[size]=1000",
        Some(&token),
    )
    .await
    .json();
    let found = names(&prefixes, "prefix");
    assert!(found.len() > 20 && found.iter().all(|p| p.starts_with("380")));
    assert_eq!(
        prefixes["meta"]["total-count"].as_u64().unwrap() as usize,
        found.len()
    );
    let types = get("network-types?filter[name-eq]=Mobile", Some(&token))
        .await
        .json();
    assert_eq!(names(&types, "name"), ["Mobile"]);
}

#[tokio::test]
async fn bad_filters_and_sorts_are_400() {
    let token = demo_token().await;
    for (query, title) in [
        ("accounts?filter[colour-eq]=red", "Filter not allowed"),
        ("accounts?filter[name-gt]=a", "Filter not allowed"),
        ("accounts?filter[balance-cont]=1", "Filter not allowed"),
        ("services?filter[state-eq]=Active", "Filter not allowed"),
        ("accounts?filter[name-eq]=a,b", "Invalid filter value"),
        ("accounts?filter[balance-gt]=lots", "Invalid filter value"),
        ("accounts?sort=colour", "Invalid sort criteria"),
        ("accounts?include=network", "Invalid field"),
    ] {
        let reply = get(query, Some(&token)).await;
        assert_eq!(reply.status, 400, "{query}");
        let error = &reply.json()["errors"][0];
        assert_eq!(error["title"], title, "{query}");
        assert_eq!(error["status"], "400");
        assert!(error["code"].is_string() && error["detail"].is_string());
    }
}

#[tokio::test]
async fn sort_ascending_and_descending() {
    let token = demo_token().await;
    let sorted = |query: &'static str| {
        let token = token.clone();
        async move { names(&get(query, Some(&token)).await.json(), "name") }
    };
    assert_eq!(
        sorted("accounts?sort=balance").await,
        [
            "Lviv Overdraft",
            "Berlin Retail",
            "Kyiv Wholesale",
            "London Carrier"
        ]
    );
    assert_eq!(
        sorted("accounts?sort=-balance").await,
        [
            "London Carrier",
            "Kyiv Wholesale",
            "Berlin Retail",
            "Lviv Overdraft"
        ]
    );
    let types = sorted("network-types?sort=-name").await;
    let mut expected = types.clone();
    expected.sort_by(|a, b| b.cmp(a));
    assert_eq!(types, expected);
    assert!(types.len() >= 10);
}

#[tokio::test]
async fn include_network_on_network_prefixes() {
    let token = demo_token().await;
    let plain = get("network-prefixes?page[size]=3", Some(&token))
        .await
        .json();
    assert!(plain.get("included").is_none());
    assert!(
        plain["data"][0]["relationships"]["network"]
            .get("data")
            .is_none()
    );

    let body = get(
        "network-prefixes?page[size]=3&include=network",
        Some(&token),
    )
    .await
    .json();
    let included = body["included"].as_array().unwrap();
    for prefix in body["data"].as_array().unwrap() {
        let linkage = &prefix["relationships"]["network"]["data"];
        assert_eq!(linkage["type"], "networks");
        assert!(
            included
                .iter()
                .any(|n| n["id"] == linkage["id"] && n["type"] == "networks"),
            "{linkage}"
        );
    }
    assert!(included.iter().all(|n| n["attributes"]["name"].is_string()));

    let id = body["data"][0]["id"].as_str().unwrap();
    let one = get(
        &format!("network-prefixes/{id}?include=network"),
        Some(&token),
    )
    .await
    .json();
    assert_eq!(
        one["included"][0]["id"],
        one["data"]["relationships"]["network"]["data"]["id"]
    );
    let related = get(&format!("network-prefixes/{id}/network"), Some(&token)).await;
    assert_eq!(related.status, 200);
    let related = related.json();
    assert_eq!(related["data"]["type"], "networks");
    assert_eq!(related["data"]["id"], one["included"][0]["id"]);
    let linkage = get(
        &format!("network-prefixes/{id}/relationships/network"),
        Some(&token),
    )
    .await
    .json();
    assert_eq!(linkage["data"]["id"], related["data"]["id"]);
}

#[tokio::test]
async fn every_collection_lists_with_total_count_and_links() {
    let token = demo_token().await;
    for (collection, at_least) in [
        ("accounts", 4),
        ("network-types", 10),
        ("network-prefixes", 10_000),
        ("networks", 100),
        ("countries", 20),
        ("services", 5),
        ("rates", 200),
        ("cdr-exports", 20),
    ] {
        let reply = get(collection, Some(&token)).await;
        assert_eq!(reply.status, 200, "{collection}");
        let body = reply.json();
        assert!(
            body["meta"]["total-count"].as_u64().unwrap() >= at_least,
            "{collection}"
        );
        assert!(body["links"]["first"].is_string() && body["links"]["last"].is_string());
        assert!(
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r["type"] == collection)
        );
    }
    let services = get("services?page[size]=100", Some(&token)).await.json();
    let states = names(&services, "state");
    assert!(states.contains(&"Active".to_owned()) && states.contains(&"Suspended".to_owned()));
    let exports = get("cdr-exports?page[size]=1000", Some(&token))
        .await
        .json();
    let statuses = names(&exports, "status");
    for status in ["Pending", "Completed", "Failed", "Deleted"] {
        assert!(statuses.iter().any(|s| s == status), "{status}");
    }
}
