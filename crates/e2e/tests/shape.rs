//! One shape for every page: what the pages share in a session, seen from the server's side.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal};
use serde_json::Value;

/// The browser's requests for the customer's whole account list so far.
fn account_list_requests(portal: &Portal) -> usize {
    portal
        .served_requests()
        .iter()
        .filter(|r| {
            r.from_browser()
                && r.method == "GET"
                && r.endpoint() == "accounts"
                && r.query_param("page[size]").as_deref() == Some("1000")
        })
        .count()
}

/// Follows the navigation's link to `href`, in the app (no page load restarts it).
async fn follow_nav(portal: &Portal, href: &str) {
    portal
        .click(&format!("nav#main-nav a[href='{href}']"))
        .await;
    portal.wait_for_path(href).await;
}

/// Waits until the account picker `select` offers the account `id`.
async fn wait_for_account_offered(portal: &Portal, select: &str, id: &str) {
    portal
        .wait_for(&format!("{select} option[value='{id}']"))
        .await;
}

/// The customer's account ids as the API lists them.
async fn account_ids(portal: &Portal, login: &str, password: &str) -> Vec<String> {
    let token = portal.issue_token(login, password).await;
    let accounts = portal
        .api_get(&token, "accounts", &[("page[size]", "1000")])
        .await;
    accounts["data"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|a| a["id"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_account_picker_of_a_session_shares_one_request_and_a_new_session_asks_anew() {
    e2e::run(|portal| async move {
        let demo_accounts = account_ids(&portal, DEMO_LOGIN, DEMO_PASSWORD).await;
        let other_accounts = account_ids(&portal, "other", "other").await;
        let first = demo_accounts
            .first()
            .expect("the demo customer has accounts");
        portal.sign_in_as_demo().await;
        portal.wait_for("section.dashboard .account-card").await;

        follow_nav(&portal, "/payments").await;
        portal.click("a.new-record").await;
        portal.wait_for_path("/payments/top-up").await;
        wait_for_account_offered(&portal, "form.top-up-form select[name=account]", first).await;

        follow_nav(&portal, "/cdr-exports").await;
        portal.click("a.new-record").await;
        portal.wait_for_path("/cdr-exports/new").await;
        wait_for_account_offered(&portal, "form.export-form select[name=account]", first).await;

        follow_nav(&portal, "/statistics/origination").await;
        wait_for_account_offered(&portal, "form.stats-form select[name=account-id]", first).await;

        follow_nav(&portal, "/active-calls").await;
        wait_for_account_offered(&portal, "form.live-form select[name=account-id]", first).await;

        assert_eq!(
            account_list_requests(&portal),
            1,
            "the overview, the top-up, the CDR export form, statistics and live calls asked \
             for the account list once between them"
        );

        // Another customer signs in in the same tab: their own list, asked for afresh, and
        // nothing of the previous customer's.
        portal.click("button#sign-out").await;
        portal.wait_for_path("/login").await;
        portal.sign_in("other", "other").await;
        let other_first = other_accounts
            .first()
            .expect("the other customer has accounts");
        follow_nav(&portal, "/statistics/origination").await;
        let picker = "form.stats-form select[name=account-id]";
        wait_for_account_offered(&portal, picker, other_first).await;
        let offered: Value = portal
            .client()
            .execute(
                &format!(
                    "return [...document.querySelectorAll(\"{picker} option\")]\
                     .map(o => o.value).filter(v => v);"
                ),
                vec![],
            )
            .await
            .unwrap_or_default();
        let offered: Vec<String> = serde_json::from_value(offered).unwrap_or_default();
        assert_eq!(
            offered, other_accounts,
            "the second customer's accounts only"
        );
        assert_eq!(
            account_list_requests(&portal),
            2,
            "one more, for the new session"
        );
    });
}
