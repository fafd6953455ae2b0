//! Number lists, end to end: keys added in a batch, an item's action changed, an item deleted
//! and brought back, each checked against the API itself; a write the server refuses puts the
//! list back and says why; a duplicate key is shown by its field, a bad one before any request.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal, Setup};
use serde_json::{Value, json};

/// `Blocked prefixes`: the demo customer's empty list.
const LIST: &str = "3";
const HEADING: &str = "section.numberlist-page h1";

fn row(key: &str) -> String {
    format!("table.numberlist-items tr[data-key='{key}']")
}

fn action_select(key: &str) -> String {
    format!("{} select.numberlist-item-action", row(key))
}

/// The list's keys and their actions, as the API has them.
async fn api_items(portal: &Portal, token: &str) -> Vec<(String, Value)> {
    let document = portal
        .api_get(
            token,
            "outgoing-numberlist-items",
            &[("filter[numberlist-id-eq]", LIST), ("page[size]", "1000")],
        )
        .await;
    document["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|item| {
            (
                item["attributes"]["key"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                item["attributes"]["action-id"].clone(),
            )
        })
        .collect()
}

/// Waits until the API has exactly these keys and actions.
async fn wait_for_api(portal: &Portal, token: &str, expected: &[(&str, Value)]) {
    let expected: Vec<(String, Value)> = expected
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect();
    portal
        .wait_until(&format!("the API to hold {expected:?}"), async || {
            (api_items(portal, token).await == expected).then_some(())
        })
        .await;
}

async fn wait_for_gone(portal: &Portal, css: &str) {
    portal
        .wait_until(&format!("`{css}` to be gone"), async || {
            portal
                .client()
                .find_all(e2e::fantoccini::Locator::Css(css))
                .await
                .ok()
                .filter(Vec::is_empty)
                .map(|_| ())
        })
        .await;
}

#[test]
fn batch_add_edit_delete_and_undo_round_trip_and_a_failed_write_puts_the_list_back() {
    let setup = Setup {
        fault_control: true,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.sign_in_as_demo().await;
        portal.open(&format!("/numberlists/{LIST}")).await;
        portal.wait_for_text(HEADING, "Blocked prefixes").await;
        portal
            .wait_for_text(".numberlist-default-action", "Reject call")
            .await;
        portal
            .wait_for_text(".numberlist-mode", "Prefix match")
            .await;

        // A key no number can have is refused before any request.
        portal.fill("#numberlist-keys", "4471 44ф2").await;
        portal.click("button.numberlist-add-submit").await;
        portal.wait_for_text("#numberlist-keys-error", "ф").await;
        assert!(api_items(&portal, &token).await.is_empty());

        // A batch pasted with commas, spaces and new lines, allowed.
        portal
            .fill("#numberlist-keys", "4471, 4472\n4473 4474,4471")
            .await;
        portal.select("#numberlist-action", "2").await;
        portal.click("button.numberlist-add-submit").await;
        for key in ["4471", "4472", "4473", "4474"] {
            portal.wait_for(&row(key)).await;
        }
        portal
            .wait_for_text(".numberlist-added", "4 numbers added")
            .await;
        let allowed = json!(2);
        wait_for_api(
            &portal,
            &token,
            &[
                ("4471", allowed.clone()),
                ("4472", allowed.clone()),
                ("4473", allowed.clone()),
                ("4474", allowed.clone()),
            ],
        )
        .await;
        // Saved rows can be changed: wait until the added rows have their ids.
        portal
            .wait_for(&format!("{}:not([data-id=''])", row("4474")))
            .await;

        // A key already in the list: the server's 422, shown by the field, the input kept.
        portal.fill("#numberlist-keys", "4472").await;
        portal.click("button.numberlist-add-submit").await;
        portal
            .wait_for_text("#numberlist-keys-error", "already been taken")
            .await;
        assert_eq!(portal.value_of("#numberlist-keys").await, "4472");

        // An item's action, changed.
        portal.select(&action_select("4472"), "1").await;
        wait_for_api(
            &portal,
            &token,
            &[
                ("4471", allowed.clone()),
                ("4472", json!(1)),
                ("4473", allowed.clone()),
                ("4474", allowed.clone()),
            ],
        )
        .await;

        // Deleted after confirming, then brought back with its action.
        portal
            .click(&format!("{} button.numberlist-delete", row("4473")))
            .await;
        portal
            .click(&format!("{} button.numberlist-confirm-delete", row("4473")))
            .await;
        wait_for_gone(&portal, &row("4473")).await;
        portal.wait_for_text(".numberlist-deleted", "4473").await;
        wait_for_api(
            &portal,
            &token,
            &[
                ("4471", allowed.clone()),
                ("4472", json!(1)),
                ("4474", allowed.clone()),
            ],
        )
        .await;
        portal.click("button.numberlist-undo").await;
        portal.wait_for_text(".numberlist-restored", "4473").await;
        portal.wait_for(&row("4473")).await;
        let all = [
            ("4471", allowed.clone()),
            ("4472", json!(1)),
            ("4473", allowed.clone()),
            ("4474", allowed.clone()),
        ];
        wait_for_api(&portal, &token, &all).await;
        portal
            .wait_for(&format!("{}:not([data-id=''])", row("4473")))
            .await;

        // Every request fails: a change of action and a delete are shown, then put back.
        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "jsonapi"}))
            .await;
        // One pick, as a user's: the page takes it back, so the harness must not pick again.
        portal
            .wait_for(&format!("{} option[value='1']", action_select("4474")))
            .await
            .click()
            .await
            .expect("picking Reject call for 4474");
        portal.wait_for(".numberlist-not-saved").await;
        portal
            .wait_until("the action of 4474 to be put back", async || {
                (portal.value_of(&action_select("4474")).await == "2").then_some(())
            })
            .await;
        portal
            .click(&format!("{} button.numberlist-delete", row("4471")))
            .await;
        portal
            .click(&format!("{} button.numberlist-confirm-delete", row("4471")))
            .await;
        portal
            .wait_until(
                "4471 to be put back with the server's message",
                async || {
                    let message = portal.wait_for(".numberlist-not-saved").await;
                    let text = message.text().await.ok()?;
                    let back = portal
                        .client()
                        .find(e2e::fantoccini::Locator::Css(&row("4471")))
                        .await
                        .is_ok();
                    (back && text.contains("Not saved")).then_some(())
                },
            )
            .await;
        portal.clear_faults().await;
        wait_for_api(&portal, &token, &all).await;
    });
}

#[test]
fn a_change_made_elsewhere_shows_when_the_tab_comes_back_and_is_said_to_be_so() {
    e2e::run(|portal| async move {
        let token = portal.issue_token(DEMO_LOGIN, DEMO_PASSWORD).await;
        portal.sign_in_as_demo().await;
        portal.open(&format!("/numberlists/{LIST}")).await;
        portal.wait_for_text(HEADING, "Blocked prefixes").await;
        portal.wait_for("table.numberlist-items").await;
        // Another tab (here: a script with the API) adds a key meanwhile.
        let document = api_model::numberlist::create_document(LIST, &["4299".to_owned()], None);
        portal
            .api_post(&token, "outgoing-numberlist-items", &document)
            .await;
        assert!(
            portal
                .client()
                .find_all(e2e::fantoccini::Locator::Css(&row("4299")))
                .await
                .map(|r| r.is_empty())
                .unwrap_or(true),
            "the page knew of 4299 before coming back"
        );
        // The tab comes back into focus: the list is loaded again and the difference told.
        portal
            .client()
            .execute("window.dispatchEvent(new Event('focus'));", vec![])
            .await
            .expect("focusing the window");
        portal.wait_for(&row("4299")).await;
        portal
            .wait_for_text(".changed-elsewhere", "changed elsewhere")
            .await;
    });
}
