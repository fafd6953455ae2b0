//! CSV export: exact raw values (no grouping, times in UTC), one header line of API names.

use crate::resources::{ColumnHead, ColumnKind, TableRow};
use wasm_bindgen::JsCast;

/// One CSV field, quoted when needed. Text that a spreadsheet would run as a formula is
/// prefixed with `'`; numbers (which may start with `-`) are left as they are.
fn field(text: &str, numeric: bool) -> String {
    let guarded = if !numeric && text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

pub fn csv_header(columns: &[ColumnHead]) -> String {
    let names: Vec<String> = columns.iter().map(|c| field(c.key, false)).collect();
    format!("{}\r\n", names.join(","))
}

/// The rows, one line each; a column of numbers is written as numbers (a negative amount is
/// not taken for a formula).
pub fn csv_rows(columns: &[ColumnHead], rows: &[TableRow]) -> String {
    let numeric: Vec<bool> = columns
        .iter()
        .map(|c| matches!(c.kind, ColumnKind::Attribute(kind) if kind.is_numeric()))
        .collect();
    let mut out = String::new();
    for row in rows {
        let fields: Vec<String> = row
            .cells
            .iter()
            .zip(&numeric)
            .map(|(cell, numeric)| field(&cell.value.raw(), *numeric && cell.value.is_numeric()))
            .collect();
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    out
}

/// Why the browser was not handed a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveError {
    /// The file's content could not be made (`Blob`, object URL).
    NotMade,
    NoDocument,
    /// No link element could be made to hand the file over.
    NoLink,
}

impl SaveError {
    /// In the language in use.
    pub fn text(self) -> crate::i18n::Text {
        let t = crate::i18n::texts();
        match self {
            SaveError::NotMade => t.file_not_made,
            SaveError::NoDocument => t.file_no_document,
            SaveError::NoLink => t.file_no_link,
        }
    }
}

/// Hands a text to the browser as a file download.
pub fn save_text(file_name: &str, mime: &str, text: &str) -> Result<(), SaveError> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    save_blob(
        file_name,
        &web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
            .map_err(|_| SaveError::NotMade)?,
    )
}

/// Hands bytes to the browser as a file download.
pub fn save_bytes(file_name: &str, mime: &str, bytes: &[u8]) -> Result<(), SaveError> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    save_blob(
        file_name,
        &web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
            .map_err(|_| SaveError::NotMade)?,
    )
}

/// A `blob:` URL of bytes, for an `<audio>` or a link, given back to the browser when dropped.
pub struct ObjectUrl(String);

impl ObjectUrl {
    pub fn of_bytes(mime: &str, bytes: &[u8]) -> Result<ObjectUrl, SaveError> {
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
            .map_err(|_| SaveError::NotMade)?;
        web_sys::Url::create_object_url_with_blob(&blob)
            .map(ObjectUrl)
            .map_err(|_| SaveError::NotMade)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Drop for ObjectUrl {
    fn drop(&mut self) {
        let _ = web_sys::Url::revoke_object_url(&self.0);
    }
}

pub fn save_blob(file_name: &str, blob: &web_sys::Blob) -> Result<(), SaveError> {
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(|_| SaveError::NotMade)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or(SaveError::NoDocument)?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| SaveError::NoLink)?
        .dyn_into()
        .map_err(|_| SaveError::NoLink)?;
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
