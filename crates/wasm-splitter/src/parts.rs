//! The directory of parts: its files, the name its content gives it, and its copy.

use anyhow::{Context, Result};
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::Hasher;
use std::path::{Path, PathBuf};

/// The files of `dir`, sorted.
pub fn list(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .with_context(|| format!("listing {}", dir.display()))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    files.sort();
    Ok(files)
}

/// `wasm-<hash>`, the hash of the files' names and bytes: the loader names the parts relative to
/// itself, so the whole set has one name, and a new build never mixes with an old one's parts.
pub fn content_name(files: &[PathBuf]) -> Result<String> {
    let mut hasher = DefaultHasher::new();
    for file in files {
        hasher.write(file.file_name().unwrap_or_default().as_encoded_bytes());
        hasher.write(&fs::read(file).with_context(|| format!("reading {}", file.display()))?);
    }
    Ok(format!("wasm-{:016x}", hasher.finish()))
}

/// Copies `files` into `dir` (created).
pub fn copy_into(files: &[PathBuf], dir: &Path) -> Result<()> {
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for file in files {
        let name = file.file_name().unwrap_or_default();
        fs::copy(file, dir.join(name))
            .with_context(|| format!("copying {} to {}", file.display(), dir.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_follows_every_byte_and_every_file_name() {
        let dir = std::env::temp_dir().join(format!("wasm-splitter-parts-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("a.wasm"), b"\0asm one").unwrap();
        fs::write(dir.join("b.js"), b"export {}").unwrap();
        let name = || content_name(&list(&dir).unwrap()).unwrap();
        let first = name();
        assert!(first.starts_with("wasm-") && first.len() == 21, "{first}");
        assert_eq!(name(), first, "the same content, the same name");
        fs::write(dir.join("a.wasm"), b"\0asm two").unwrap();
        let changed = name();
        assert_ne!(changed, first);
        fs::rename(dir.join("a.wasm"), dir.join("c.wasm")).unwrap();
        assert_ne!(name(), changed, "a renamed part changes the name");
        fs::remove_dir_all(&dir).unwrap();
    }
}
