//! The statement's zip, written by `rawzip`. Entries are stored, not compressed: the PDFs are
//! compressed already, and a compressor's code would weigh more than the CSVs it would save.

use chrono::{DateTime, Utc};
use rawzip::ZipArchiveWriter;
use rawzip::time::UtcDateTime;
use std::io::Write;

/// The files as one zip, each dated `at`; `None` if it could not be written.
pub fn archive(files: &[(String, Vec<u8>)], at: DateTime<Utc>) -> Option<Vec<u8>> {
    let mut archive = ZipArchiveWriter::new(Vec::new());
    let modified = UtcDateTime::from_unix(at.timestamp());
    for (name, bytes) in files {
        let (mut entry, config) = archive
            .new_file(name.as_str())
            .last_modified(modified)
            .start()
            .ok()?;
        let mut writer = config.wrap(&mut entry);
        writer.write_all(bytes).ok()?;
        let (_, output) = writer.finish().ok()?;
        entry.finish(output).ok()?;
    }
    archive.finish().ok()
}
