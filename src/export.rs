//! CSV export: exact raw values (no grouping, times in UTC), one header line of API names.

use crate::resources::{ColumnHead, TableRow};
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

pub fn csv_rows(rows: &[TableRow]) -> String {
    let mut out = String::new();
    for row in rows {
        let fields: Vec<String> = row
            .cells
            .iter()
            .map(|cell| field(&cell.value.raw(), cell.value.is_numeric()))
            .collect();
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    out
}

/// Hands a text to the browser as a file download.
pub fn save_text(file_name: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    save_blob(
        file_name,
        &web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
            .map_err(|_| crate::i18n::texts().file_not_made)?,
    )
}

pub fn save_blob(file_name: &str, blob: &web_sys::Blob) -> Result<(), String> {
    let t = crate::i18n::texts();
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(|_| t.file_not_made)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or(t.file_no_document)?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| t.file_no_link)?
        .dyn_into()
        .map_err(|_| t.file_no_link)?;
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
