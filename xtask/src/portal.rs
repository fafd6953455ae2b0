//! Building the portal into dist/ with Trunk, skipped when dist/ is already up to date.
//!
//! Trunk reruns wasm-bindgen and wasm-opt on every build (about 12 s here) even when cargo has
//! nothing to do. So xtask first runs the same `cargo build` Trunk would (a no-op when fresh; it
//! also downloads crates, which Trunk's `--offline` cargo cannot), then compares a fingerprint of
//! the compiled wasm, the non-Rust inputs (index.html, Trunk.toml, style/, public/, …), the
//! profile, the tool versions and dist/index.html with the one saved by the last build.

use anyhow::{Context, Result};
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::process::Cmd;
use crate::tools::{Toolchain, WASM_TARGET};

/// The binary Trunk builds (`data-bin` in index.html).
pub const PORTAL_BIN: &str = "portal";
/// Trunk builds the portal with its pages as split points (index.html `data-cargo-features`).
const PORTAL_FEATURES: &str = "split";

/// Directories of the workspace root that do not feed Trunk, or whose Rust sources cargo
/// already tracks through the compiled wasm or the split hook's executable (xtask and the
/// crates it builds with).
const NOT_TRUNK_INPUTS: &[&str] = &["target", "dist", "node_modules", "crates", "xtask", "src"];

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reuse {
    /// Keep dist/ when its fingerprint matches (test, serve).
    IfFresh,
    /// Always run Trunk (dist, the deployable build).
    Never,
}

/// Where a build goes and which public URL (path prefix) it is served under.
pub struct Bundle {
    pub dir: PathBuf,
    pub public_url: String,
}

impl Bundle {
    /// `dist/`, served at the site's root.
    pub fn default_dist(root: &Path) -> Bundle {
        Bundle {
            dir: root.join("dist"),
            public_url: "/".to_owned(),
        }
    }
}

pub fn build_dist(
    root: &Path,
    toolchain: &Toolchain,
    release: bool,
    reuse: Reuse,
    bundle: &Bundle,
) -> Result<()> {
    let profile = if release { "release" } else { "debug" };
    let mut cargo = Cmd::cargo(root).args([
        "build",
        &format!("--target={WASM_TARGET}"),
        "--manifest-path",
        "Cargo.toml",
        "--bin",
        PORTAL_BIN,
        "--features",
        PORTAL_FEATURES,
    ]);
    if release {
        cargo = cargo.arg("--release");
    }
    cargo.run()?;

    let stamp_name = if bundle.dir == root.join("dist") {
        "dist.stamp".to_owned()
    } else {
        let mut hasher = DefaultHasher::new();
        bundle.dir.hash(&mut hasher);
        format!("dist-{:016x}.stamp", hasher.finish())
    };
    let stamp_path = target_dir(root).join("xtask").join(stamp_name);
    let inputs = input_fingerprint(root, toolchain, profile)?;
    let public_url = &bundle.public_url;
    let stamp = |dist_index: String| format!("{inputs}\n{public_url}\n{dist_index}\n");
    let dist_index = bundle.dir.join("index.html");
    if reuse == Reuse::IfFresh
        && let Some(dist_index) = file_signature(&dist_index)
        && fs::read_to_string(&stamp_path).ok() == Some(stamp(dist_index))
    {
        println!(
            "xtask: {} is up to date ({profile} build, public URL {public_url}); not running Trunk",
            bundle.dir.display()
        );
        return Ok(());
    }

    let mut trunk = Cmd::new("trunk")
        .current_dir(root)
        .arg("build")
        .arg("--dist")
        .arg(&bundle.dir)
        .arg("--public-url")
        .arg(public_url);
    if release {
        trunk = trunk.arg("--release");
    }
    trunk
        .run()
        .with_context(|| format!("Trunk build failed ({})", toolchain.describe()))?;

    let built = file_signature(&dist_index).context("Trunk wrote no dist/index.html")?;
    if let Some(dir) = stamp_path.parent() {
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    fs::write(&stamp_path, stamp(built))
        .with_context(|| format!("writing {}", stamp_path.display()))
}

pub fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

fn input_fingerprint(root: &Path, toolchain: &Toolchain, profile: &str) -> Result<String> {
    let wasm = target_dir(root)
        .join(WASM_TARGET)
        .join(profile)
        .join(format!("{PORTAL_BIN}.wasm"));
    let mut hasher = DefaultHasher::new();
    (profile, toolchain.describe(), file_signature(&wasm)).hash(&mut hasher);
    // The split hook is this program (with the wasm-splitter crate), and what it builds
    // without, for an A/B (split.rs).
    let hook = std::env::current_exe()
        .ok()
        .and_then(|exe| file_signature(&exe));
    (hook, std::env::var(crate::split::WITHOUT_VARIABLE).ok()).hash(&mut hasher);
    let mut files = Vec::new();
    collect_trunk_inputs(root, root, &mut files)?;
    files.sort();
    for file in &files {
        (
            file.strip_prefix(root).unwrap_or(file),
            file_signature(file),
        )
            .hash(&mut hasher);
    }
    Ok(format!("{profile} {:016x}", hasher.finish()))
}

fn collect_trunk_inputs(root: &Path, dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    let entries = fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))?;
    for entry in entries {
        let entry = entry?;
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if entry.file_type()?.is_dir() {
            let skipped = name.starts_with('.')
                || (dir == root && NOT_TRUNK_INPUTS.contains(&name.as_ref()))
                || name == "node_modules";
            if !skipped {
                collect_trunk_inputs(root, &path, files)?;
            }
        } else {
            files.push(path);
        }
    }
    Ok(())
}

/// Size and modification time, which change whenever a build or an edit rewrites the file.
fn file_signature(path: &Path) -> Option<String> {
    let metadata = fs::metadata(path).ok()?;
    let modified = metadata.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some(format!("{}:{}", metadata.len(), modified.as_nanos()))
}
