//! How the records of any collection show, from its declaration (`api_model::catalog`): the
//! columns of its table, a page of rows, one record's details, and each value in the reader's
//! language and time zone.
//!
//! Rows hold typed values ([`Value`]); their words, digits and times are chosen when they are
//! shown, so a change of language or zone redraws them without asking the server again.

use crate::format::{self, Zone};
use crate::i18n::texts;
use crate::routing::{Page, record_href};
use api_model::catalog::{Collection, Kind, Spec};
use api_model::document::{Document, PageLinks, Resource};
use api_model::record::{Record, Value, read_page, read_single};

/// The attribute that says a call has a recording.
pub const RECORDING: &str = "rec";
/// The query of a call's page that starts its recording at once.
pub const PLAY: &str = "play";

/// What a column shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnKind {
    /// The record's identifier.
    Id,
    Attribute(Kind),
    /// The name of a related record the server included.
    Related,
}

/// A column of a collection's table, or an entry of a record's details.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnHead {
    /// The attribute or relationship name in the API (an attribute's is its `sort` name).
    pub key: &'static str,
    pub kind: ColumnKind,
    /// The name the real server sorts the rows by this column under: its key, or a
    /// relationship's own (a transaction's service column sorts by `service-id`); `None` when
    /// it does not sort by it.
    pub sort_key: Option<&'static str>,
    /// Shown only when the user picks it in the column chooser.
    pub optional: bool,
    /// Its place among the fields a narrow screen's row card leads with
    /// ([`Spec::key_place`]); `None` for the others.
    pub key_place: Option<usize>,
}

impl ColumnHead {
    /// The column's heading in the language in use.
    pub fn label(&self) -> String {
        field_label(self.key)
    }
}

/// An API field or relationship name as a label in the language in use.
pub fn field_label(name: &str) -> String {
    crate::i18n::field_label(name)
}

/// The columns of a collection: its attributes, the related records it shows, and its id
/// (hidden until chosen).
pub fn columns(spec: &Spec) -> Vec<ColumnHead> {
    let attributes = spec.fields.iter().map(|field| ColumnHead {
        key: field.name,
        kind: ColumnKind::Attribute(field.kind),
        sort_key: field.sortable.then_some(field.name),
        optional: field.column == api_model::catalog::Column::Optional,
        key_place: spec.key_place(field.name),
    });
    let related = spec
        .relationships
        .iter()
        .filter(|r| r.column)
        .map(|r| ColumnHead {
            key: r.name,
            kind: ColumnKind::Related,
            sort_key: r.sort_key,
            optional: false,
            key_place: spec.key_place(r.name),
        });
    let id = ColumnHead {
        key: "id",
        kind: ColumnKind::Id,
        sort_key: spec.sorts_by_id.then_some("id"),
        optional: true,
        key_place: None,
    };
    attributes
        .chain(related)
        .chain(std::iter::once(id))
        .collect()
}

/// A value, and the page it links to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub value: Value,
    pub href: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    pub id: String,
    /// One per column; shared, so handing a page of rows to the table copies no values.
    pub cells: std::sync::Arc<[Cell]>,
}

/// One page of a collection, ready to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TablePage {
    pub rows: Vec<TableRow>,
    pub links: Option<PageLinks>,
    pub total: u64,
}

/// The cells of a record, one per column of [`columns`].
fn cells(collection: Collection, record: Record) -> Vec<Cell> {
    let spec = collection.spec();
    let own_page = record_href(collection, &record.id);
    let attributes = spec.fields.iter().zip(record.values).map(|(field, value)| {
        // The attribute that names the record links to its page; a recording to the page
        // that plays it.
        let href = if field.name == spec.title {
            own_page.clone()
        } else if spec.recordings && field.name == RECORDING && value == Value::Bool(true) {
            own_page.as_ref().map(|page| format!("{page}?{PLAY}=1"))
        } else {
            None
        };
        Cell { value, href }
    });
    let related = record.related.into_iter().map(|related| match related {
        Some(related) => Cell {
            href: Collection::from_path(&related.kind)
                .and_then(|target| record_href(target, &related.id)),
            value: match related.name {
                Some(name) => Value::Text(name),
                None => Value::Reference(related.id),
            },
        },
        None => Cell {
            value: Value::Missing,
            href: None,
        },
    });
    let id = Cell {
        value: Value::Reference(record.id),
        href: None,
    };
    attributes
        .chain(related)
        .chain(std::iter::once(id))
        .collect()
}

fn row(collection: Collection, record: Record) -> TableRow {
    TableRow {
        id: record.id.clone(),
        cells: cells(collection, record).into(),
    }
}

/// A page of a collection as its table shows it, read from the answer's text.
pub fn table_page(collection: Collection, body: &str) -> Result<TablePage, serde_json::Error> {
    let page = read_page(collection.spec(), body)?;
    Ok(TablePage {
        rows: page
            .records
            .into_iter()
            .map(|record| row(collection, record))
            .collect(),
        links: page.links,
        total: page.total,
    })
}

/// A file a record's page offers: its API path, and the name it is saved under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileOffer {
    pub path: String,
    pub file_name: String,
    /// See [`api_model::catalog::Download::server_name_first`].
    pub server_name_first: bool,
}

/// One record, ready to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DetailView {
    pub id: String,
    /// One per column of [`columns`].
    pub cells: Vec<Cell>,
    /// Names of the record's relationships, followed on its page.
    pub relationships: Vec<String>,
    /// Still changing on the server and worth reloading (a pending export).
    pub settling: bool,
    /// A file the record offers now: its API path and a file name.
    pub download: Option<FileOffer>,
    /// The API path of the call's recording, when it has one.
    pub recording: Option<String>,
}

fn holds(spec: &Spec, cells: &[Cell], condition: api_model::catalog::Condition) -> bool {
    spec.fields
        .iter()
        .position(|f| f.name == condition.attribute)
        .and_then(|i| cells.get(i))
        .is_some_and(|cell| cell.value.raw() == condition.equals)
}

/// The file a record offers now (an invoice's PDF), from its cells: its API path and name.
pub fn file_offer(collection: Collection, id: &str, cells: &[Cell]) -> Option<FileOffer> {
    let spec = collection.spec();
    spec.download
        .filter(|d| holds(spec, cells, d.when))
        .map(|d| FileOffer {
            path: format!(
                "{}/{}/{}",
                spec.path,
                api_model::query::encode_component(id),
                d.action
            ),
            file_name: api_model::files::declared_file_name(d.file_name, id),
            server_name_first: d.server_name_first,
        })
}

/// One record of a collection as its page shows it.
pub fn detail_view(
    collection: Collection,
    document: &Document<Resource<serde_json::Value>>,
) -> DetailView {
    let spec = collection.spec();
    let record = read_single(spec, document);
    let id = record.id.clone();
    let cells = cells(collection, record);
    let settling = spec.settles.is_some_and(|c| holds(spec, &cells, c));
    let download = file_offer(collection, &id, &cells);
    let has_recording = api_model::catalog::Condition {
        attribute: RECORDING,
        equals: "true",
    };
    let recording = (spec.recordings && holds(spec, &cells, has_recording)).then(|| {
        format!(
            "{}/{}/rec",
            spec.path,
            api_model::query::encode_component(&id)
        )
    });
    DetailView {
        recording,
        relationships: document.data.relationships.keys().cloned().collect(),
        id,
        cells,
        settling,
        download,
    }
}

impl DetailView {
    /// The record's heading: the collection's sentence around the value that names it.
    pub fn heading(&self, collection: Collection, zone: Zone) -> String {
        let spec = collection.spec();
        let columns = columns(spec);
        let title = columns
            .iter()
            .zip(&self.cells)
            .find(|(column, _)| column.key == spec.title)
            .map(|(column, cell)| display(&cell.value, column, zone))
            .filter(|text| text != format::DASH)
            .unwrap_or_else(|| format::short_id(&self.id));
        (texts().resource(collection).heading)(&title).get()
    }
}

/// Pages about the record, linked from its page: (href, label).
pub fn related_pages(collection: Collection, id: &str) -> Vec<(String, Page)> {
    Page::about(collection)
        .into_iter()
        .map(|(page, parameter)| (page.href_with(&[(parameter, id)]), page))
        .collect()
}

/// A value as the reader reads it: digits grouped for the language, money with its currency,
/// times in the chosen zone (each saying it), known words in the language.
pub fn display(value: &Value, column: &ColumnHead, zone: Zone) -> String {
    display_marked(value, column, zone, format::ZoneMark::OnEachTime)
}

/// A value as [`display`] shows it, its time saying the zone as `mark` has it.
pub fn display_marked(
    value: &Value,
    column: &ColumnHead,
    zone: Zone,
    mark: format::ZoneMark,
) -> String {
    let t = texts();
    match value {
        Value::Missing => format::DASH.to_owned(),
        Value::Text(text) | Value::Reference(text) | Value::Unreadable(text) => text.clone(),
        Value::Integer(n) => format::integer(Some(*n)),
        Value::Duration(seconds) => format::hours_minutes(*seconds),
        Value::Decimal(d) => format::decimal(d),
        Value::Money { amount, currency } => {
            format::money(Some(amount), currency.as_deref().unwrap_or_default())
        }
        Value::Bool(true) if column.key == RECORDING => t.play_recording.to_string(),
        Value::Bool(true) => t.yes.to_string(),
        Value::Bool(false) => t.no.to_string(),
        Value::Time(time) => format::timestamp_marked(time, zone, mark),
        Value::Choice(word) => {
            crate::i18n::choice_label(column.key, word).map_or_else(|| word.clone(), str::to_owned)
        }
        Value::Conditions(pairs) => readable_conditions(pairs),
        // A known code's name, in the reader's language when it has words for it.
        Value::Named { code, name } => name.map_or_else(
            || format::integer(Some(*code)),
            |name| {
                crate::i18n::choice_label(column.key, name)
                    .unwrap_or(name)
                    .to_owned()
            },
        ),
    }
}

/// Conditions as a reader would say them: `time start ≥ 2026-07-01 00:00:00; success = true`.
pub fn readable_conditions(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(key, value)| {
            let (field, op) = key.rsplit_once('_').unwrap_or((key.as_str(), "eq"));
            let op = match op {
                "gteq" => "≥",
                "lteq" => "≤",
                "gt" => ">",
                "lt" => "<",
                "eq" => "=",
                other => other,
            };
            format!("{} {op} {value}", field.replace('_', " "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}
