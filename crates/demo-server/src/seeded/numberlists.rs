//! The seeded number lists: the demo customer's block list, allow list and prefix list with
//! their keys, one list of its own its API access does not allow (invisible to it), and the
//! other customer's list (never the demo customer's business).

use crate::model::customers::{CustomerId, DEMO_CUSTOMER, OTHER_CUSTOMER, UsedBy};
use crate::model::data_set::accounts_named;
use crate::model::numberlists::{NumberlistItemRecord, NumberlistItems, NumberlistRecord};
use crate::model::records::AccountRecord;
use crate::seeded::random::Rng;
use api_model::numberlist::{ALLOW, Numberlist, NumberlistItem, REJECT};

/// Name, owner, mode, default action, allowed, how many keys.
const LISTS: [(&str, CustomerId, i64, i64, bool, usize); 5] = [
    ("Blocked destinations", DEMO_CUSTOMER, 1, REJECT, true, 120),
    ("Premium allow list", DEMO_CUSTOMER, 1, ALLOW, true, 12),
    ("Blocked prefixes", DEMO_CUSTOMER, 2, REJECT, true, 0),
    ("Operator's fraud list", DEMO_CUSTOMER, 2, REJECT, false, 5),
    (
        "Competitor's block list",
        OTHER_CUSTOMER,
        1,
        REJECT,
        true,
        8,
    ),
];

/// Country codes the seeded keys start with.
const CODES: [&str; 6] = ["380", "48", "49", "44", "1", "420"];

/// The account whose trunk uses a list, by the list's name; other lists are every account's.
const USED_BY: [(&str, &str); 2] = [
    ("Blocked destinations", "Kyiv Wholesale"),
    ("Premium allow list", "London Carrier"),
];

pub fn seeded_numberlists(
    seed: u64,
    accounts: &[AccountRecord],
) -> (Vec<NumberlistRecord>, NumberlistItems) {
    let mut lists = Vec::new();
    let mut items = NumberlistItems::default();
    for (index, (name, customer, mode, action, allowed, keys)) in LISTS.into_iter().enumerate() {
        let id = (index + 1).to_string();
        let mut rng = Rng::new(seed, &format!("numberlist-{index}"));
        let mut made: Vec<String> = Vec::new();
        while made.len() < keys {
            let code = rng.pick(&CODES);
            let key = if mode == 2 {
                format!("{code}{}", rng.range(10, 99))
            } else {
                format!("{code}{}", rng.range(100_000_000, 999_999_999))
            };
            if made.contains(&key) {
                continue;
            }
            // Most keys take the list's default; some say their own action.
            let action_id = match rng.below(4) {
                0 => Some(REJECT),
                1 => Some(ALLOW),
                _ => None,
            };
            let item_id = items.take_id();
            items.rows.push(NumberlistItemRecord {
                id: item_id,
                numberlist: id.clone(),
                customer,
                in_allowed_list: allowed,
                attributes: NumberlistItem {
                    key: key.clone(),
                    action_id,
                },
            });
            made.push(key);
        }
        lists.push(NumberlistRecord {
            id,
            customer,
            attributes: Numberlist {
                name: name.to_owned(),
                default_action_id: Some(action),
                mode_id: Some(mode),
            },
            allowed,
            used_by: match USED_BY.iter().find(|(list, _)| *list == name) {
                Some((_, account)) => UsedBy::Accounts(accounts_named(accounts, &[account])),
                None => UsedBy::EveryAccount,
            },
        });
    }
    (lists, items)
}
