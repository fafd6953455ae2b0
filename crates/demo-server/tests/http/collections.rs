//! Filters, sort, include and paging over HTTP.

use crate::client::*;
use serde_json::{Value, json};

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

/// The `code` and `detail` of a 400 answer.
fn refusal(reply: &Reply) -> (String, String) {
    assert_eq!(reply.status, 400, "{}", reply.body);
    let error = &reply.json()["errors"][0];
    (
        error["code"].as_str().unwrap_or("").to_owned(),
        error["detail"].as_str().unwrap_or("").to_owned(),
    )
}

#[tokio::test]
async fn sort_takes_exactly_what_the_real_server_sorts_by() {
    let token = demo_token().await;
    // Every attribute of a service, and its id: only these sort.
    let service = get("services?page[size]=1", Some(&token)).await.json();
    let mut names: Vec<String> = service["data"][0]["attributes"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    names.push("id".to_owned());
    let (mut sortable, mut failing) = (Vec::new(), Vec::new());
    for name in &names {
        let reply = get(&format!("services?sort=-{name}"), Some(&token)).await;
        match reply.status {
            200 => sortable.push(name.as_str()),
            500 => failing.push(name.as_str()),
            _ => assert_eq!(refusal(&reply).0, "114", "{name}"),
        }
    }
    sortable.sort_unstable();
    assert_eq!(
        sortable,
        [
            "created-at",
            "id",
            "initial-price",
            "name",
            "renew-at",
            "renew-price"
        ]
    );
    // Among the resource's sortable fields, but no column: its database fails the query.
    assert_eq!(failing, ["renew-period"]);
    for query in [
        "services?sort=state",
        "services?sort=service-type",
        "services?sort=name,ui-type",
        "countries?sort=calling-code",
        // Refused before the database is asked, however the other names fare.
        "accounts?sort=currency,colour",
    ] {
        let reply = get(query, Some(&token)).await;
        assert_eq!(
            reply.json()["errors"][0]["title"],
            "Invalid sort criteria",
            "{query}"
        );
        assert_eq!(refusal(&reply).0, "114", "{query}");
    }
    for query in [
        "accounts?sort=-min-balance,id",
        "cdr-exports?sort=status,-rows-count",
        "rates?sort=-valid-from,attempt-fee",
        "countries?sort=-iso2",
        "network-prefixes?sort=number-max-length&page[size]=5",
        // A column of the rates' table, though a reference.
        "rates?sort=network-prefix-id",
    ] {
        assert_eq!(get(query, Some(&token)).await.status, 200, "{query}");
    }
}

/// What a resource takes in `sort` but its database cannot order by (a computed attribute, a
/// JSON column, a name delegated to another column, a virtual attribute) fails the request:
/// `500 Internal Server Error` in the library's words, once every parameter has passed.
#[tokio::test]
async fn a_sort_the_server_takes_but_its_database_cannot_make_is_a_500() {
    let token = demo_token().await;
    for query in [
        "accounts?sort=currency",
        "services?sort=renew_period",
        "cdrs?sort=-rec",
        "incoming-cdrs?sort=rec",
        "cdr-exports?sort=filters",
        "invoices?sort=has-pdf",
        "invoices?sort=-originated-first-call-at",
        "invoices?sort=terminated_last_call_at",
        "outgoing-numberlist-items?sort=batch-key",
    ] {
        let reply = get(query, Some(&token)).await;
        assert_eq!(reply.status, 500, "{query}: {}", reply.body);
        assert_eq!(
            reply.json(),
            json!({"errors": [{"title": "Internal Server Error",
                "detail": "Internal Server Error", "code": "500", "status": "500"}]}),
            "{query}"
        );
    }
    // A bad filter value is found first.
    let reply = get("accounts?sort=currency&filter[name-eq]=a,b", Some(&token)).await;
    assert_eq!(refusal(&reply).0, "107");
}

#[tokio::test]
async fn without_sort_records_come_in_the_declared_default_order() {
    let token = demo_token().await;
    let list = |query: &'static str| {
        let token = token.clone();
        async move { get(query, Some(&token)).await.json() }
    };
    let ascending = |values: &[String]| values.windows(2).all(|w| w[0] <= w[1]);
    let services = list("services?page[size]=100").await;
    let service_names = names(&services, "name");
    assert!(
        service_names.len() > 5 && ascending(&service_names),
        "{service_names:?}"
    );
    let rates = names(&list("rates?page[size]=1000").await, "prefix");
    assert!(rates.len() > 200 && ascending(&rates));
    let prefixes = names(&list("network-prefixes?page[size]=1000").await, "prefix");
    assert!(ascending(&prefixes));
    for collection in ["countries", "network-types", "networks"] {
        let body = get(&format!("{collection}?page[size]=1000"), Some(&token))
            .await
            .json();
        assert!(ascending(&names(&body, "name")), "{collection}");
    }
    // Newest export first.
    let exports = names(&list("cdr-exports?page[size]=1000").await, "created-at");
    let times: Vec<chrono::DateTime<chrono::Utc>> =
        exports.iter().map(|t| t.parse().unwrap()).collect();
    assert!(times.len() > 20 && times.windows(2).all(|w| w[0] >= w[1]));
    // Accounts declare no default order: the four promised ones come as made.
    assert_eq!(
        names(&list("accounts").await, "name"),
        [
            "Kyiv Wholesale",
            "Berlin Retail",
            "London Carrier",
            "Lviv Overdraft"
        ]
    );
}

#[tokio::test]
async fn countries_have_integer_ids_and_a_uuid_is_no_country_path() {
    let token = demo_token().await;
    let countries = get("countries?page[size]=1000", Some(&token)).await.json();
    let ids: Vec<&str> = countries["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(ids.len() > 20);
    assert!(ids.iter().all(|id| id.parse::<u32>().is_ok()), "{ids:?}");
    let ukraine = countries["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["attributes"]["iso2"] == "UA")
        .unwrap();
    let id = ukraine["id"].as_str().unwrap();
    let one = get(&format!("countries/{id}"), Some(&token)).await;
    assert_eq!(one.status, 200);
    assert_eq!(one.json()["data"]["attributes"]["name"], "Ukraine");
    assert!(
        one.json()["data"]["links"]["self"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/countries/{id}"))
    );
    assert_eq!(get("countries/99999", Some(&token)).await.status, 404);
    // Countries are keyed by string on the real server: any id is looked up, and not found.
    for not_an_integer in ["0b9f8b52-5d2c-11ef-9a4e-0242ac120003", "UA", "1.5"] {
        let reply = get(&format!("countries/{not_an_integer}"), Some(&token)).await;
        assert_eq!(reply.status, 404, "{not_an_integer}");
        assert_eq!(reply.json()["errors"][0]["title"], "Record not found");
    }
    // And the other way round: an integer is no account path.
    assert!(
        get("accounts/1", Some(&token))
            .await
            .header("content-type")
            .starts_with("text/plain")
    );
    let two = get("countries?filter[id]=1,2", Some(&token)).await.json();
    assert_eq!(two["meta"]["total-count"], 2);
    let (code, detail) = refusal(
        &get(
            "countries?filter[id]=0b9f8b52-5d2c-11ef-9a4e-0242ac120003",
            Some(&token),
        )
        .await,
    );
    assert_eq!(code, "107");
    assert!(detail.ends_with("is not a valid value for id."), "{detail}");
}

#[tokio::test]
async fn plain_filters_match_exactly_any_of_their_values() {
    let token = demo_token().await;
    let countries = |query: &'static str| {
        let token = token.clone();
        async move {
            let reply = get(&format!("countries?{query}"), Some(&token)).await;
            assert_eq!(reply.status, 200, "{query}: {}", reply.body);
            names(&reply.json(), "name")
        }
    };
    assert_eq!(
        countries("filter[name]=Ukraine,Poland").await,
        ["Poland", "Ukraine"]
    );
    assert_eq!(countries("filter[iso2]=UA").await, ["Ukraine"]);
    assert!(countries("filter[iso2]=ua").await.is_empty(), "exact");
    assert!(countries("filter[name]=Ukr").await.is_empty(), "whole");
    assert_eq!(
        refusal(&get("countries?filter[name-cont]=Ukr", Some(&token)).await).0,
        "102"
    );
    let exports = get(
        "cdr-exports?filter[time-format]=round_to_seconds&page[size]=100",
        Some(&token),
    )
    .await
    .json();
    let formats = names(&exports, "time-format");
    assert!(!formats.is_empty() && formats.iter().all(|f| f == "round_to_seconds"));
}

#[tokio::test]
async fn time_boolean_and_choice_filters() {
    let token = demo_token().await;
    let count = |query: String| {
        let token = token.clone();
        async move {
            let reply = get(&query, Some(&token)).await;
            assert_eq!(reply.status, 200, "{query}: {}", reply.body);
            reply.json()["meta"]["total-count"].as_u64().unwrap()
        }
    };
    // Times compare as times, in either form, `YYYY-MM-DD HH:MM:SS` being UTC.
    let services = get("services?page[size]=100", Some(&token)).await.json();
    let mut created: Vec<chrono::DateTime<chrono::Utc>> = names(&services, "created-at")
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    created.sort();
    let middle = created[created.len() / 2];
    let iso = middle.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let plain = api_model::stats::server_time(&middle).replace(' ', "%20");
    let newer = count(format!("services?filter[created-at-gteq]={iso}")).await;
    assert_eq!(
        newer,
        created.iter().filter(|t| **t >= middle).count() as u64
    );
    assert_eq!(
        count(format!("services?filter[created_at_gteq]={plain}")).await,
        newer
    );
    assert_eq!(
        count(format!("services?filter[created-at-lt]={plain}")).await + newer,
        created.len() as u64
    );
    assert_eq!(
        count(format!("services?filter[created-at-eq]={iso}")).await,
        1
    );
    let (code, detail) = refusal(&get("services?filter[renew-at-gt]=tomorrow", Some(&token)).await);
    assert_eq!(
        (code.as_str(), detail.as_str()),
        ("107", "tomorrow is not a valid value for renew_at_gt.")
    );

    // Booleans are `true` or `false`.
    let all = count("rates".to_owned()).await;
    let enabled = count("rates?filter[enabled-eq]=true".to_owned()).await;
    let disabled = count("rates?filter[enabled_eq]=false".to_owned()).await;
    assert!(enabled > 0 && disabled > 0);
    assert_eq!(enabled + disabled, all);
    assert_eq!(
        count("rates?filter[enabled-not-eq]=true".to_owned()).await,
        disabled
    );
    let (code, detail) = refusal(&get("rates?filter[enabled-eq]=yes", Some(&token)).await);
    assert_eq!(
        (code.as_str(), detail.as_str()),
        ("107", "yes is not a valid value for enabled_eq.")
    );

    // Choices: a word outside the set is refused like the real server's enum filters.
    let day = get(
        "services?filter[renew-period-eq]=Day&page[size]=100",
        Some(&token),
    )
    .await
    .json();
    let periods = names(&day, "renew-period");
    assert!(!periods.is_empty() && periods.iter().all(|p| p == "Day"));
    let (code, detail) =
        refusal(&get("services?filter[renew-period-eq]=Disabled", Some(&token)).await);
    assert_eq!(
        (code.as_str(), detail.as_str()),
        ("107", "Disabled is not a valid value for renew_period_eq.")
    );
    let pending_or_failed = get(
        "cdr-exports?filter[status-in]=Pending,Failed&page[size]=100",
        Some(&token),
    )
    .await
    .json();
    let statuses = names(&pending_or_failed, "status");
    assert!(statuses.iter().any(|s| s == "Pending") && statuses.iter().any(|s| s == "Failed"));
    assert!(statuses.iter().all(|s| s == "Pending" || s == "Failed"));
    let (code, detail) = refusal(
        &get(
            "cdr-exports?filter[status-in]=Pending,rolled_back",
            Some(&token),
        )
        .await,
    );
    // The enum's check names every value, as the server's filter builder joins them.
    assert_eq!(
        (code.as_str(), detail.as_str()),
        (
            "107",
            "Pending,rolled_back is not a valid value for status_in."
        )
    );
    // The other kinds: numbers and text on exports.
    let counted = count("cdr-exports?filter[rows-count-gt]=0".to_owned()).await;
    assert!(counted > 0 && counted < count("cdr-exports".to_owned()).await);
    let kyiv_zone = get(
        "cdr-exports?filter[time-zone-name-cont]=KYIV&page[size]=100",
        Some(&token),
    )
    .await
    .json();
    let zones = names(&kyiv_zone, "time-zone-name");
    assert!(!zones.is_empty() && zones.iter().all(|z| z == "Europe/Kyiv"));
}

#[tokio::test]
async fn account_and_rate_plan_filters() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let berlin = account_id(&token, "Berlin Retail").await;
    let total = |query: String| {
        let token = token.clone();
        async move {
            let reply = get(&query, Some(&token)).await;
            assert_eq!(reply.status, 200, "{query}: {}", reply.body);
            reply.json()["meta"]["total-count"].as_u64().unwrap()
        }
    };
    // Services and exports: the account's UUID.
    let services = total(format!("services?filter[account-id-eq]={kyiv}")).await;
    assert_eq!(services, 4);
    let shown = get(
        &format!("services?filter[account-id-eq]={kyiv}&include=account"),
        Some(&token),
    )
    .await
    .json();
    assert!(
        shown["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["relationships"]["account"]["data"]["id"] == kyiv.as_str())
    );
    assert_eq!(
        total(format!("services?filter[account-id-not-eq]={kyiv}")).await + services,
        total("services".to_owned()).await
    );
    assert!(total(format!("cdr-exports?filter[account-id-in]={kyiv},{berlin}")).await >= 18);
    // Rates: every rate of the customer's rate plan is for each of its accounts.
    let rates = total("rates".to_owned()).await;
    assert_eq!(
        total(format!("rates?filter[account-id-eq]={berlin}")).await,
        rates
    );
    let other = other_token().await;
    let secret = get("accounts", Some(&other)).await.json()["data"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        total(format!("rates?filter[account-id-eq]={secret}")).await,
        0
    );
    // The shared server serves the seeded data of seed 1: its rate plans are these.
    let seeded = demo_server::Options::default().data_set(chrono::Utc::now());
    let (ours, theirs) = (
        &seeded.customers[0].rateplan_id,
        &seeded.customers[1].rateplan_id,
    );
    // The customer's rates are those of its plans, the standard one and the mobile one.
    let mobile = &seeded.rateplans[1].id;
    assert_eq!(
        total(format!("rates?filter[rateplan-id-eq]={ours}")).await
            + total(format!("rates?filter[rateplan-id-eq]={mobile}")).await,
        rates
    );
    assert_eq!(
        total(format!("rates?filter[rateplan_id_eq]={theirs}")).await,
        0
    );
    let some_rate = get("rates?page[size]=1", Some(&token)).await.json()["data"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(total(format!("rates?filter[uuid-eq]={some_rate}")).await, 1);
    for (query, code) in [
        (format!("rates?filter[rateplan-id-in]={ours}"), "102"),
        (format!("rates?filter[account-id-not-eq]={kyiv}"), "102"),
    ] {
        assert_eq!(refusal(&get(&query, Some(&token)).await).0, code, "{query}");
    }
    // The rates' custom filters check nothing and read their first value: one that names
    // no plan or account matches no rate.
    for query in [
        "rates?filter[account-id-eq]=42",
        "rates?filter[rateplan-id-eq]=",
    ] {
        assert_eq!(total(query.to_owned()).await, 0, "{query}");
    }
    assert_eq!(
        total(format!("rates?filter[rateplan-id-eq]={mobile},{ours}")).await,
        total(format!("rates?filter[rateplan-id-eq]={mobile}")).await
    );
}

#[tokio::test]
async fn a_quoted_comma_is_one_value_an_unquoted_one_a_refused_list() {
    let token = demo_token().await;
    let quoted = get(
        "accounts?filter[name-eq]=%22Kyiv,%20Wholesale%22",
        Some(&token),
    )
    .await;
    assert_eq!(quoted.status, 200, "{}", quoted.body);
    assert_eq!(quoted.json()["meta"]["total-count"], 0);
    let contains = get("accounts?filter[name-cont]=%22e,%22", Some(&token)).await;
    assert_eq!(contains.status, 200);
    let (code, _) = refusal(&get("accounts?filter[name-eq]=Kyiv,Wholesale", Some(&token)).await);
    assert_eq!(code, "107");
}

#[tokio::test]
async fn include_takes_every_declared_relationship() {
    let token = demo_token().await;
    let services = get(
        "services?include=account,transactions&page[size]=3",
        Some(&token),
    )
    .await
    .json();
    let first = &services["data"][0]["relationships"];
    assert_eq!(first["account"]["data"]["type"], "accounts");
    let linked = first["transactions"]["data"].as_array().unwrap().clone();
    assert!(linked.iter().all(|t| t["type"] == "transactions"));
    let included = services["included"].as_array().unwrap();
    assert!(
        included
            .iter()
            .all(|r| r["type"] == "accounts" || r["type"] == "transactions")
    );
    // A service's charges: linked, and included once each.
    assert!(
        linked
            .iter()
            .all(|t| included.iter().filter(|r| r["id"] == t["id"]).count() == 1)
    );
    let id = services["data"][0]["id"].as_str().unwrap();
    let transactions = get(&format!("services/{id}/transactions"), Some(&token)).await;
    assert_eq!(transactions.status, 200);
    let related = transactions.json()["data"].as_array().unwrap().clone();
    assert_eq!(related.len(), linked.len());
    assert_eq!(transactions.json()["meta"]["total-count"], linked.len());
    let networks = get("networks?include=network-type&page[size]=2", Some(&token))
        .await
        .json();
    assert_eq!(networks["included"][0]["type"], "network-types");
    for query in [
        "services?include=state",
        "rates?include=account",
        "countries?include=networks",
    ] {
        assert_eq!(refusal(&get(query, Some(&token)).await).0, "112", "{query}");
    }
}

/// In every collection, a single-value operator without a value is refused (the server reads a
/// blank value as none, and wants exactly one), and a list operator without values is no
/// condition: the same records as no filter at all (compared where no test writes records
/// meanwhile).
#[tokio::test]
async fn an_empty_filter_value_is_refused_or_dropped_in_every_collection() {
    use api_model::catalog::Collection;
    use api_model::filters::OperatorSet;
    let token = demo_token().await;
    let total = |reply: &Reply| reply.json()["meta"]["total-count"].as_u64();
    let written = [
        "cdrs",
        "incoming-cdrs",
        "cdr-exports",
        "payments",
        "outgoing-numberlist-items",
    ];
    for collection in Collection::ALL {
        let path = collection.path();
        // Each list operator once per collection: a list without a condition is a whole list.
        let mut listed = Vec::new();
        for field in collection.filter_fields() {
            let Some(set) = field.operators.filter(|s| *s != OperatorSet::UuidEq) else {
                continue;
            };
            for operator in set.operators() {
                let name = format!("{}_{}", field.name, operator.as_str()).replace('-', "_");
                if operator.takes_list() && listed.contains(operator) {
                    continue;
                }
                let reply = get(&format!("{path}?filter[{name}]="), Some(&token)).await;
                if !operator.takes_list() {
                    let detail = format!(" is not a valid value for {name}.");
                    assert_eq!(refusal(&reply), ("107".to_owned(), detail), "{path} {name}");
                    continue;
                }
                listed.push(*operator);
                assert_eq!(reply.status, 200, "{path} {name}: {}", reply.body);
                if !written.contains(&path) {
                    let unfiltered = get(path, Some(&token)).await;
                    assert_eq!(total(&reply), total(&unfiltered), "{path} {name}");
                }
            }
        }
    }
}
