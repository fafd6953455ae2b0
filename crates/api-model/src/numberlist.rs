//! Number lists and their items: the resources, a pasted batch of keys, the write requests, and
//! what a list's page shows while its writes are on their way (optimistic changes). Pure: the
//! portal's page drives an [`Editor`] with what the server answers.

use crate::resources::ResourceType;
use serde_json::{Value, json};
use std::collections::BTreeMap;

pub use crate::catalog::{Numberlist, NumberlistItem};

/// The action ids the server knows.
pub const REJECT: i64 = 1;
pub const ALLOW: i64 = 2;

/// The longest key the portal sends (the server's column is a short text).
pub const MAX_KEY_LENGTH: usize = 64;
/// The most keys one request creates: a batch is one request and one transaction.
pub const MAX_BATCH_KEYS: usize = 1000;

/// Why a pasted batch cannot be sent, found before any request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchError {
    /// Nothing but separators.
    Empty,
    TooLong {
        key: String,
    },
    /// A character a key cannot hold (a letter of another alphabet, a control character).
    BadCharacter {
        key: String,
        character: char,
    },
    TooMany {
        count: usize,
    },
}

/// The keys of a batch, in the order pasted, each once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub keys: Vec<String>,
    /// How many keys were pasted more than once (and are sent once).
    pub repeated: usize,
}

/// Reads pasted keys: separated by commas, semicolons, spaces or new lines.
pub fn parse_batch(text: &str) -> Result<Batch, BatchError> {
    let mut keys: Vec<String> = Vec::new();
    let mut repeated = 0;
    for key in text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|k| !k.is_empty())
    {
        if let Some(character) = key.chars().find(|c| !c.is_ascii_graphic()) {
            return Err(BatchError::BadCharacter {
                key: key.to_owned(),
                character,
            });
        }
        if key.len() > MAX_KEY_LENGTH {
            return Err(BatchError::TooLong {
                key: key.to_owned(),
            });
        }
        if keys.iter().any(|k| k == key) {
            repeated += 1;
        } else {
            keys.push(key.to_owned());
        }
    }
    if keys.is_empty() {
        return Err(BatchError::Empty);
    }
    if keys.len() > MAX_BATCH_KEYS {
        return Err(BatchError::TooMany { count: keys.len() });
    }
    Ok(Batch { keys, repeated })
}

/// `POST /outgoing-numberlist-items`: one key as `key`, several as `batch-key` (the server
/// makes one item per key and answers the first).
pub fn create_document(numberlist_id: &str, keys: &[String], action_id: Option<i64>) -> Value {
    let mut attributes = serde_json::Map::new();
    match keys {
        [key] => attributes.insert("key".into(), Value::from(key.as_str())),
        _ => attributes.insert("batch-key".into(), Value::from(keys.join(", "))),
    };
    attributes.insert("action-id".into(), json!(action_id));
    json!({
        "data": {
            "type": NumberlistItem::TYPE,
            "attributes": attributes,
            "relationships": {
                "outgoing-numberlist": {
                    "data": {"type": Numberlist::TYPE, "id": numberlist_id}
                }
            }
        }
    })
}

/// `PATCH /outgoing-numberlist-items/:id` changing the item's action.
pub fn action_document(item_id: &str, action_id: Option<i64>) -> Value {
    json!({
        "data": {
            "type": NumberlistItem::TYPE,
            "id": item_id,
            "attributes": {"action-id": action_id}
        }
    })
}

/// An item as a list's page knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub id: String,
    pub key: String,
    pub action_id: Option<i64>,
}

/// A write the customer made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Add {
        keys: Vec<String>,
        action_id: Option<i64>,
    },
    SetAction {
        id: String,
        action_id: Option<i64>,
    },
    Delete {
        id: String,
    },
}

/// How a row stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RowState {
    /// As the server last said.
    Saved,
    /// Added here, not yet confirmed (no id yet).
    Adding,
    /// Its action changed here, not yet confirmed.
    Changing,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub item: Item,
    pub state: RowState,
}

/// A write and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Pending {
    number: u64,
    change: Change,
    /// The server confirmed it when this many loads had been started: a load started later
    /// shows it, so it is then dropped from here.
    confirmed_at: Option<u64>,
}

/// The server's answer to a load: a page of items and the view's total.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snapshot {
    pub items: Vec<Item>,
    pub total: u64,
}

/// A list's items as a page shows them: the server's last page with the customer's writes on
/// top, shown at once and taken back when the server refuses them. Loads are numbered; only
/// the latest one started counts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Editor {
    server: Option<Snapshot>,
    pending: Vec<Pending>,
    next_change: u64,
    loads_started: u64,
}

/// What a load that arrived tells the customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loaded {
    /// A newer load was started: this answer is dropped.
    Superseded,
    /// The list is as expected from what was shown and the customer's own writes.
    AsExpected,
    /// The list was changed elsewhere (another tab, another person) since it was shown.
    ChangedElsewhere,
}

impl Editor {
    pub fn new() -> Editor {
        Editor::default()
    }

    /// A load is starting; its number is handed back to [`Editor::loaded`].
    pub fn load_started(&mut self) -> u64 {
        self.loads_started += 1;
        self.loads_started
    }

    pub fn has_data(&self) -> bool {
        self.server.is_some()
    }

    /// The total of the view, counting writes on their way.
    pub fn total(&self) -> u64 {
        let base = self.server.as_ref().map_or(0, |s| s.total);
        let mut total = base as i64;
        for p in self.pending.iter().filter(|p| p.confirmed_at.is_none()) {
            match &p.change {
                Change::Add { keys, .. } => total += keys.len() as i64,
                Change::Delete { .. } => total -= 1,
                Change::SetAction { .. } => {}
            }
        }
        total.max(0) as u64
    }

    /// A load arrived. `compare_total` says whether the view's total can be compared (a
    /// search hides some of the customer's own additions from it).
    pub fn loaded(&mut self, load: u64, snapshot: Snapshot, compare_total: bool) -> Loaded {
        if load != self.loads_started {
            return Loaded::Superseded;
        }
        let outcome = match &self.server {
            None => Loaded::AsExpected,
            Some(before) => {
                // Writes not yet shown by a load started after them: the customer's own.
                let own: Vec<&Change> = self.pending.iter().map(|p| &p.change).collect();
                // A write on its way may or may not be in the answer's total.
                let comparable = compare_total && !self.is_busy();
                if changed_elsewhere(before, &own, &snapshot, comparable) {
                    Loaded::ChangedElsewhere
                } else {
                    Loaded::AsExpected
                }
            }
        };
        self.server = Some(snapshot);
        self.pending
            .retain(|p| p.confirmed_at.is_none_or(|confirmed| load <= confirmed));
        outcome
    }

    /// The customer made a change: shown at once. Its number settles it later.
    pub fn start(&mut self, change: Change) -> u64 {
        self.next_change += 1;
        self.pending.push(Pending {
            number: self.next_change,
            change,
            confirmed_at: None,
        });
        self.next_change
    }

    /// The server took the change; it stays shown until a load started from now on arrives.
    pub fn confirmed(&mut self, number: u64) {
        let loads = self.loads_started;
        if let Some(p) = self.pending.iter_mut().find(|p| p.number == number) {
            p.confirmed_at = Some(loads);
        }
    }

    /// The server refused the change: the rows are put back. The change, for retrying it or
    /// keeping its input.
    pub fn failed(&mut self, number: u64) -> Option<Change> {
        let index = self.pending.iter().position(|p| p.number == number)?;
        Some(self.pending.remove(index).change)
    }

    /// Whether a write is on its way.
    pub fn is_busy(&self) -> bool {
        self.pending.iter().any(|p| p.confirmed_at.is_none())
    }

    /// The rows to show: keys being added first, then the server's page with actions being
    /// changed and items being deleted (hidden) applied.
    pub fn rows(&self) -> Vec<Row> {
        let Some(server) = &self.server else {
            return Vec::new();
        };
        let mut rows: Vec<Row> = server
            .items
            .iter()
            .map(|item| Row {
                item: item.clone(),
                state: RowState::Saved,
            })
            .collect();
        let mut added = Vec::new();
        for p in &self.pending {
            let confirmed = p.confirmed_at.is_some();
            match &p.change {
                Change::Add { keys, action_id } => {
                    for key in keys {
                        if !rows.iter().chain(&added).any(|r: &Row| &r.item.key == key) {
                            added.push(Row {
                                item: Item {
                                    id: String::new(),
                                    key: key.clone(),
                                    action_id: *action_id,
                                },
                                state: if confirmed {
                                    RowState::Saved
                                } else {
                                    RowState::Adding
                                },
                            });
                        }
                    }
                }
                Change::SetAction { id, action_id } => {
                    for row in rows.iter_mut().filter(|r| &r.item.id == id) {
                        row.item.action_id = *action_id;
                        if !confirmed {
                            row.state = RowState::Changing;
                        }
                    }
                }
                Change::Delete { id } => rows.retain(|r| &r.item.id != id),
            }
        }
        added.extend(rows);
        added
    }
}

/// Whether `after` differs from `before` in ways the customer's own writes do not explain: an
/// item both show whose action changed and that the customer did not change, or (when
/// comparable) a total other than the writes make it.
fn changed_elsewhere(
    before: &Snapshot,
    own: &[&Change],
    after: &Snapshot,
    compare_total: bool,
) -> bool {
    let changed_here = |id: &str| {
        own.iter().any(|c| match c {
            Change::SetAction { id: changed, .. } | Change::Delete { id: changed } => changed == id,
            Change::Add { .. } => false,
        })
    };
    let before_by_id: BTreeMap<&str, &Item> =
        before.items.iter().map(|i| (i.id.as_str(), i)).collect();
    let action_changed = after.items.iter().any(|item| {
        before_by_id
            .get(item.id.as_str())
            .is_some_and(|old| old.action_id != item.action_id && !changed_here(&item.id))
    });
    if action_changed {
        return true;
    }
    if !compare_total {
        return false;
    }
    let mut expected = before.total as i64;
    for change in own {
        match change {
            Change::Add { keys, .. } => expected += keys.len() as i64,
            Change::Delete { .. } => expected -= 1,
            Change::SetAction { .. } => {}
        }
    }
    expected != after.total as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: &str, key: &str, action_id: Option<i64>) -> Item {
        Item {
            id: id.into(),
            key: key.into(),
            action_id,
        }
    }

    fn snapshot(items: Vec<Item>, total: u64) -> Snapshot {
        Snapshot { items, total }
    }

    fn keys(rows: &[Row]) -> Vec<&str> {
        rows.iter().map(|r| r.item.key.as_str()).collect()
    }

    #[test]
    fn a_batch_is_split_on_commas_spaces_and_new_lines() {
        let batch = parse_batch(" 380501,380502;\n380503\t 380504 ,, 380501\r\n").unwrap();
        assert_eq!(batch.keys, ["380501", "380502", "380503", "380504"]);
        assert_eq!(batch.repeated, 1);
        assert_eq!(parse_batch(" , \n ;"), Err(BatchError::Empty));
        assert_eq!(
            parse_batch("380501 38050ф"),
            Err(BatchError::BadCharacter {
                key: "38050ф".into(),
                character: 'ф'
            })
        );
        let long = "1".repeat(MAX_KEY_LENGTH + 1);
        assert_eq!(
            parse_batch(&long),
            Err(BatchError::TooLong { key: long.clone() })
        );
        let many: Vec<String> = (0..=MAX_BATCH_KEYS).map(|n| n.to_string()).collect();
        assert_eq!(
            parse_batch(&many.join(",")),
            Err(BatchError::TooMany {
                count: MAX_BATCH_KEYS + 1
            })
        );
    }

    #[test]
    fn one_key_is_sent_as_key_and_several_as_batch_key() {
        let one = create_document("12", &["380501".into()], Some(ALLOW));
        assert_eq!(one["data"]["attributes"]["key"], "380501");
        assert!(one["data"]["attributes"].get("batch-key").is_none());
        assert_eq!(
            one["data"]["relationships"]["outgoing-numberlist"]["data"]["id"],
            "12"
        );
        let many = create_document("12", &["1".into(), "2".into()], None);
        assert_eq!(many["data"]["attributes"]["batch-key"], "1, 2");
        assert_eq!(many["data"]["attributes"]["action-id"], Value::Null);
        assert_eq!(many["data"]["type"], "outgoing-numberlist-items");
        let patch = action_document("7", Some(REJECT));
        assert_eq!(patch["data"]["id"], "7");
        assert_eq!(patch["data"]["attributes"]["action-id"], 1);
    }

    fn loaded_editor(items: Vec<Item>) -> Editor {
        let mut editor = Editor::new();
        let load = editor.load_started();
        let total = items.len() as u64;
        assert_eq!(
            editor.loaded(load, snapshot(items, total), true),
            Loaded::AsExpected
        );
        editor
    }

    #[test]
    fn changes_show_at_once_and_a_refused_one_is_put_back() {
        let server = vec![item("1", "100", None), item("2", "200", Some(REJECT))];
        let mut editor = loaded_editor(server.clone());
        let saved: Vec<Row> = editor.rows();

        let add = editor.start(Change::Add {
            keys: vec!["300".into(), "100".into()],
            action_id: Some(ALLOW),
        });
        let rows = editor.rows();
        // A key already shown is not shown twice.
        assert_eq!(keys(&rows), ["300", "100", "200"]);
        assert_eq!(rows[0].state, RowState::Adding);
        assert_eq!(editor.total(), 4);

        let change = editor.start(Change::SetAction {
            id: "2".into(),
            action_id: Some(ALLOW),
        });
        let delete = editor.start(Change::Delete { id: "1".into() });
        let rows = editor.rows();
        assert_eq!(keys(&rows), ["300", "200"]);
        assert_eq!(rows[1].item.action_id, Some(ALLOW));
        assert_eq!(rows[1].state, RowState::Changing);
        assert!(editor.is_busy());

        for number in [add, change, delete] {
            assert!(editor.failed(number).is_some());
        }
        assert_eq!(editor.rows(), saved);
        assert_eq!(editor.total(), 2);
        assert!(!editor.is_busy());
        assert_eq!(editor.failed(add), None);
    }

    #[test]
    fn a_confirmed_change_stays_until_a_later_load_shows_it() {
        let mut editor = loaded_editor(vec![item("1", "100", None)]);
        let stale = editor.load_started();
        let add = editor.start(Change::Add {
            keys: vec!["200".into()],
            action_id: None,
        });
        editor.confirmed(add);
        assert_eq!(editor.rows()[0].state, RowState::Saved);
        // A load started before the confirmation is superseded by the one after it.
        let fresh = editor.load_started();
        assert_eq!(
            editor.loaded(stale, snapshot(vec![item("1", "100", None)], 1), true),
            Loaded::Superseded
        );
        assert_eq!(keys(&editor.rows()), ["200", "100"]);
        let after = snapshot(vec![item("1", "100", None), item("5", "200", None)], 2);
        assert_eq!(editor.loaded(fresh, after, true), Loaded::AsExpected);
        assert_eq!(keys(&editor.rows()), ["100", "200"]);
        assert!(editor.rows().iter().all(|r| r.state == RowState::Saved));
    }

    #[test]
    fn changes_made_elsewhere_are_noticed_and_own_ones_are_not() {
        let base = vec![item("1", "100", None), item("2", "200", Some(REJECT))];
        // Own change of an action and own delete: as expected.
        let mut editor = loaded_editor(base.clone());
        let change = editor.start(Change::SetAction {
            id: "2".into(),
            action_id: Some(ALLOW),
        });
        editor.confirmed(change);
        let delete = editor.start(Change::Delete { id: "1".into() });
        editor.confirmed(delete);
        let load = editor.load_started();
        assert_eq!(
            editor.loaded(load, snapshot(vec![item("2", "200", Some(ALLOW))], 1), true),
            Loaded::AsExpected
        );

        // Someone else changed an action.
        let mut editor = loaded_editor(base.clone());
        let load = editor.load_started();
        let elsewhere = vec![
            item("1", "100", Some(ALLOW)),
            item("2", "200", Some(REJECT)),
        ];
        assert_eq!(
            editor.loaded(load, snapshot(elsewhere, 2), true),
            Loaded::ChangedElsewhere
        );

        // Someone else added a key: the total says so, unless a search hides totals.
        let mut editor = loaded_editor(base.clone());
        let load = editor.load_started();
        assert_eq!(
            editor.loaded(load, snapshot(base.clone(), 3), true),
            Loaded::ChangedElsewhere
        );
        let load = editor.load_started();
        assert_eq!(
            editor.loaded(load, snapshot(base.clone(), 4), false),
            Loaded::AsExpected
        );

        // A refused write leaves nothing to explain: the same list is as expected.
        let mut editor = loaded_editor(base.clone());
        let add = editor.start(Change::Add {
            keys: vec!["300".into()],
            action_id: None,
        });
        editor.failed(add);
        let load = editor.load_started();
        assert_eq!(
            editor.loaded(load, snapshot(base, 2), true),
            Loaded::AsExpected
        );
    }
}
