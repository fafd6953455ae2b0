//! File sizes of dist/: raw, gzip and brotli (the size budget is measured in brotli bytes).

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

pub fn print_report(dist: &Path) -> Result<()> {
    let mut files = Vec::new();
    collect_files(dist, &mut files)?;
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
            gzip: gzip_size(&bytes)?,
            brotli: brotli_size(&bytes)?,
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

fn gzip_size(bytes: &[u8]) -> Result<usize> {
    let mut encoder =
        flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(GZIP_LEVEL));
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?.len())
}

fn brotli_size(bytes: &[u8]) -> Result<usize> {
    let mut encoder =
        brotli::CompressorWriter::new(Vec::new(), 64 * 1024, BROTLI_QUALITY, BROTLI_WINDOW_BITS);
    encoder.write_all(bytes)?;
    encoder.flush()?;
    Ok(encoder.into_inner().len())
}
