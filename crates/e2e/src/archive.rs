//! Files the portal hands the browser as archives (a month's statement), opened as a customer's
//! tools would.

use std::collections::BTreeMap;

/// The entries of a zip by name, each read through the reader's CRC and size checks; every
/// entry stored, its path a plain relative one.
pub fn unzipped(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    use std::io::Read;
    let archive = rawzip::ZipArchive::from_slice(bytes).expect("the statement is a zip");
    let mut entries = archive.entries();
    let mut files = BTreeMap::new();
    while let Some(entry) = entries.next_entry().expect("a readable central directory") {
        let path = entry.file_path();
        let name = path
            .try_normalize()
            .expect("a plain path")
            .as_ref()
            .to_owned();
        assert_eq!(entry.compression_method(), rawzip::CompressionMethod::STORE);
        let local = archive
            .get_entry(entry.wayfinder())
            .expect("the entry's data");
        let mut data = Vec::new();
        local
            .verifying_reader(local.data())
            .read_to_end(&mut data)
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        files.insert(name, data);
    }
    files
}
