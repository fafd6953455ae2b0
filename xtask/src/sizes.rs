//! File sizes of dist/: raw, gzip and brotli (the size budget is measured in brotli bytes),
//! and the precompressed copies a static host serves instead of compressing on every request.

use anyhow::{Context, Result};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Compression levels a static host would use for precompressed assets.
const GZIP_LEVEL: u32 = 9;
const BROTLI_QUALITY: u32 = 11;
const BROTLI_WINDOW_BITS: u32 = 22;

struct FileSizes {
    path: String,
    raw: usize,
    gzip: usize,
    brotli: usize,
}

/// Suffixes of the precompressed copies (nginx's `brotli_static` and `gzip_static`, a CDN's
/// origin, the demo server): never sized or compressed themselves.
const PRECOMPRESSED: [&str; 2] = [".br", ".gz"];
/// Files that change under the same name (a deployment edits config.json; index.html names
/// the hashed files): a stale compressed copy would be served in their place, so they have none.
const UNHASHED: [&str; 2] = ["index.html", "config.json"];

fn is_precompressed(path: &Path) -> bool {
    let name = path.to_string_lossy();
    PRECOMPRESSED.iter().any(|suffix| name.ends_with(suffix))
}

/// Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every content-hashed file
/// of `dir`, so that the first load moves brotli bytes without compressing at each request.
pub fn write_precompressed(dir: &Path) -> Result<()> {
    let mut files = Vec::new();
    collect_files(dir, &mut files)?;
    for file in files {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        if is_precompressed(&file) || UNHASHED.contains(&name.as_ref()) {
            continue;
        }
        let bytes = fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
        for (suffix, compressed) in [(".br", brotli(&bytes)?), (".gz", gzip(&bytes)?)] {
            let mut target = file.clone().into_os_string();
            target.push(suffix);
            fs::write(&target, compressed)
                .with_context(|| format!("writing {}", Path::new(&target).display()))?;
        }
    }
    Ok(())
}

pub fn print_report(dist: &Path) -> Result<()> {
    let mut files = Vec::new();
    collect_files(dist, &mut files)?;
    files.retain(|file| !is_precompressed(file));
    files.sort();
    let mut sizes = Vec::new();
    for file in &files {
        let bytes = fs::read(file).with_context(|| format!("reading {}", file.display()))?;
        sizes.push(FileSizes {
            path: file
                .strip_prefix(dist)
                .unwrap_or(file)
                .display()
                .to_string(),
            raw: bytes.len(),
            gzip: gzip(&bytes)?.len(),
            brotli: brotli(&bytes)?.len(),
        });
    }
    let width = sizes.iter().map(|file| file.path.len()).max().unwrap_or(0);
    println!(
        "\n{:width$}  {:>11}  {:>11}  {:>11}",
        format!("{}/", dist.display()),
        "raw",
        "gzip -9",
        "brotli -11"
    );
    for file in &sizes {
        println!(
            "{:width$}  {:>11}  {:>11}  {:>11}",
            file.path,
            kib(file.raw),
            kib(file.gzip),
            kib(file.brotli)
        );
    }
    let total = |size: fn(&FileSizes) -> usize| sizes.iter().map(size).sum::<usize>();
    println!(
        "{:width$}  {:>11}  {:>11}  {:>11}",
        "total",
        kib(total(|file| file.raw)),
        kib(total(|file| file.gzip)),
        kib(total(|file| file.brotli))
    );
    Ok(())
}

fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    let entries = fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))?;
    for entry in entries {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            collect_files(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

fn kib(bytes: usize) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

fn gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut encoder =
        flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(GZIP_LEVEL));
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?)
}

fn brotli(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut encoder =
        brotli::CompressorWriter::new(Vec::new(), 64 * 1024, BROTLI_QUALITY, BROTLI_WINDOW_BITS);
    encoder.write_all(bytes)?;
    encoder.flush()?;
    Ok(encoder.into_inner())
}
