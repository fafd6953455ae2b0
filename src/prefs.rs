//! The user's preferences in one versioned store in localStorage: language, theme, time zone
//! and chosen columns, forgotten on sign-out. The last view of each list holds the customer's
//! filters, so it is the customer's data (`kept::Kept::Views`), kept beside the session and
//! forgotten with it.

use crate::appearance::ThemeChoice;
use crate::format::Zone;
use crate::kept::{self, Kept};
use leptos::prelude::*;
use portal_config::Loose;
use std::collections::BTreeMap;

const STORE_KEY: &str = Kept::Prefs.key();
/// Bumped when the stored shape changes incompatibly; older stores are then ignored.
const STORE_VERSION: u32 = portal_config::kept::PREFS_VERSION;

/// The store, written as `{"version":1,"zone":…,"language":…,"theme":…,"columns":{…}}`. Read
/// and written by hand through `JSON.parse`'s value (`crate::json::loose`), as `config.json`
/// is: serde's generic readers and writers stay out of the shell's wasm.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Stored {
    version: u32,
    zone: Option<String>,
    /// A language tag the user chose (`uk`), else the deployment's or the browser's.
    language: Option<String>,
    theme: Option<String>,
    /// Visible column keys per collection, when the user chose them.
    columns: BTreeMap<String, Vec<String>>,
}

impl Stored {
    /// The store in `value`; `None` when a key has a value of the wrong kind (the store is then
    /// ignored, as one of another shape). Keys it does not know are skipped.
    fn read(value: &Loose) -> Option<Stored> {
        let Loose::Object(_) = value else {
            return None;
        };
        let text = |key: &str| match value.get(key) {
            None | Some(Loose::Null) => Some(None),
            Some(Loose::Text(text)) => Some(Some(text.clone())),
            Some(_) => None,
        };
        let columns = match value.get("columns") {
            None | Some(Loose::Null) => BTreeMap::new(),
            Some(Loose::Object(entries)) => {
                // Inserted one by one: collecting into a map sorts, and the sort's code would
                // weigh on the first load (1.5 KB brotli with the profile's flags').
                let mut columns = BTreeMap::new();
                for (collection, keys) in entries {
                    columns.insert(collection.clone(), texts(keys)?);
                }
                columns
            }
            Some(_) => return None,
        };
        Some(Stored {
            version: match value.get("version")? {
                Loose::Whole(version) => u32::try_from(*version).ok()?,
                _ => return None,
            },
            zone: text("zone")?,
            language: text("language")?,
            theme: text("theme")?,
            columns,
        })
    }

    fn to_json(&self) -> String {
        let text = |value: &Option<String>| value.clone().map_or(Loose::Null, Loose::Text);
        let columns = self
            .columns
            .iter()
            .map(|(collection, keys)| {
                let keys = keys.iter().cloned().map(Loose::Text).collect();
                (collection.clone(), Loose::List(keys))
            })
            .collect();
        Loose::object([
            ("version", Loose::Whole(self.version.into())),
            ("zone", text(&self.zone)),
            ("language", text(&self.language)),
            ("theme", text(&self.theme)),
            ("columns", Loose::Object(columns)),
        ])
        .to_json()
    }
}

/// A list of texts, or `None` if `value` is anything else.
fn texts(value: &Loose) -> Option<Vec<String>> {
    match value {
        Loose::List(items) => items
            .iter()
            .map(|item| item.as_str().map(str::to_owned))
            .collect(),
        _ => None,
    }
}

/// The last query string per collection.
type Views = BTreeMap<String, String>;

fn read_store() -> Stored {
    let text = kept::local_storage().and_then(|s| s.get_item(STORE_KEY).ok().flatten());
    let stored = text
        .as_deref()
        .and_then(|text| Stored::read(&crate::json::loose(&crate::json::parse(text).ok()?)))
        .filter(|stored| stored.version == STORE_VERSION)
        .unwrap_or_default();
    // Earlier portals kept the customer's list views here: write the store again without them.
    if text.is_some_and(|text| text.contains("\"views\"")) {
        write_store(&stored);
    }
    stored
}

fn write_store(stored: &Stored) {
    if let Some(storage) = kept::local_storage() {
        let _ = storage.set_item(STORE_KEY, &stored.to_json());
    }
}

/// A preference the customer just chose in the portal's switchers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Language,
    Theme,
    Zone,
}

#[derive(Clone, Copy)]
pub struct Prefs {
    store: RwSignal<Stored>,
    /// The customer's latest choice, counted: choosing again what is stored is news too (an
    /// embedding parent's language or theme may be in force instead).
    last_choice: RwSignal<Option<(u64, Choice)>>,
    /// The zone an embedding parent asked for, for this page only; the customer's own choice
    /// replaces it.
    parent_zone: RwSignal<Option<Zone>>,
    /// The deployment's zone (`timeZone`) for customers who have not chosen one.
    default_zone: Zone,
    /// The zone alone: what follows it is not disturbed by other preferences changing (every
    /// list view shown is remembered here).
    zone: Memo<Zone>,
}

fn zone_of(stored: &Stored, default_zone: Zone) -> Zone {
    stored
        .zone
        .as_deref()
        .and_then(Zone::parse)
        .unwrap_or(default_zone)
}

/// The language the user chose, as stored, read before the app starts (its texts are fetched
/// alongside `config.json`).
pub fn stored_language() -> Option<String> {
    read_store().language
}

impl Prefs {
    /// The stored preferences; `default_zone` stands for a zone the customer has not chosen.
    pub fn load(default_zone: Zone) -> Prefs {
        let store = RwSignal::new(read_store());
        let parent_zone = RwSignal::new(None::<Zone>);
        Prefs {
            store,
            last_choice: RwSignal::new(None),
            parent_zone,
            default_zone,
            zone: Memo::new(move |_| {
                parent_zone
                    .get()
                    .unwrap_or_else(|| store.with(|s| zone_of(s, default_zone)))
            }),
        }
    }

    /// Forgets every preference (on sign-out): in storage at once, in this tab once the
    /// signed-in pages are gone. Their views are told of the session's end in the same turn;
    /// told of a new language or zone too, they would draw after their page's values are
    /// disposed.
    pub fn forget(&self) {
        kept::forget(&[Kept::Prefs]);
        let store = self.store;
        set_timeout(
            move || {
                store.try_set(Stored::default());
            },
            std::time::Duration::ZERO,
        );
    }

    /// The customer's latest choice, if any; tracked.
    pub fn last_choice(&self) -> Option<Choice> {
        self.last_choice.get().map(|(_, choice)| choice)
    }

    fn chose(&self, choice: Choice) {
        self.last_choice
            .update(|last| *last = Some((last.map_or(0, |(n, _)| n + 1), choice)));
    }

    fn change(&self, edit: impl FnOnce(&mut Stored)) {
        self.store.update(|stored| {
            stored.version = STORE_VERSION;
            edit(stored);
            write_store(stored);
        });
    }

    pub fn zone(&self) -> Zone {
        self.zone.get()
    }

    /// The zone in force, without following its changes.
    pub fn zone_untracked(&self) -> Zone {
        self.zone.get_untracked()
    }

    /// The deployment's zone for customers who have not chosen (`timeZone`), if it named one.
    pub fn deployment_zone(&self) -> Option<Zone> {
        matches!(self.default_zone, Zone::Named(_)).then_some(self.default_zone)
    }

    /// The customer's choice: remembered, and in force over the parent's.
    pub fn set_zone(&self, zone: Zone) {
        self.parent_zone.set(None);
        self.change(|s| s.zone = Some(zone.as_str().to_owned()));
        self.chose(Choice::Zone);
    }

    /// The embedding parent's zone, for this page only (the customer's stored choice stays).
    pub fn set_parent_zone(&self, zone: Zone) {
        self.parent_zone.set(Some(zone));
    }

    /// The language the user chose, if they chose.
    pub fn language(&self) -> Option<String> {
        self.store.with(|s| s.language.clone())
    }

    pub fn set_language(&self, tag: &str) {
        self.change(|s| s.language = Some(tag.to_owned()));
        self.chose(Choice::Language);
    }

    pub fn language_untracked(&self) -> Option<String> {
        self.store.with_untracked(|s| s.language.clone())
    }

    pub fn theme_untracked(&self) -> ThemeChoice {
        self.store.with_untracked(|s| {
            s.theme
                .as_deref()
                .and_then(ThemeChoice::parse)
                .unwrap_or_default()
        })
    }

    pub fn theme(&self) -> ThemeChoice {
        self.store.with(|s| {
            s.theme
                .as_deref()
                .and_then(ThemeChoice::parse)
                .unwrap_or_default()
        })
    }

    pub fn set_theme(&self, theme: ThemeChoice) {
        self.change(|s| s.theme = Some(theme.as_str().to_owned()));
        self.chose(Choice::Theme);
    }

    /// The columns the user chose for a collection, if they chose.
    pub fn visible_columns(&self, collection: &str) -> Option<Vec<String>> {
        self.store.with(|s| s.columns.get(collection).cloned())
    }

    pub fn set_visible_columns(&self, collection: &str, keys: Vec<String>) {
        self.change(|s| {
            s.columns.insert(collection.to_owned(), keys);
        });
    }

    /// The view a list opened with `search` goes to instead: its last one, when opened
    /// without a query.
    pub fn view_to_restore(&self, collection: &str, search: &str) -> Option<String> {
        let opened_bare = search.trim_start_matches('?').is_empty();
        self.last_view(collection)
            .filter(|query| opened_bare && !query.is_empty())
    }

    pub fn last_view(&self, collection: &str) -> Option<String> {
        kept::read_customer_entry(Kept::Views, collection)
    }

    pub fn remember_view(&self, collection: &str, query: &str) {
        let mut views = kept::read_customer::<Views>(Kept::Views).unwrap_or_default();
        if views.get(collection).map(String::as_str) == Some(query) {
            return;
        }
        views.insert(collection.to_owned(), query.to_owned());
        kept::write_customer(Kept::Views, &views, false);
    }
}
