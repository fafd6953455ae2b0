//! The build toolchain: the wasm32 target, Trunk, wasm-bindgen-cli and wasm-opt, each installed
//! only when missing or at the wrong version; and axe-core, which only the tests need.
//!
//! Trunk runs with `offline = true` (Trunk.toml), so it never downloads tools: it takes the first
//! `wasm-bindgen` and `wasm-opt` on PATH and refuses them when their versions differ from the
//! pins in Trunk.toml. Every Trunk run therefore gets a PATH that starts with our binaryen and
//! cargo's bin directory, which also hides an old system wasm-opt (Debian's binaryen 108 builds
//! a wasm that fails in the browser).

use anyhow::{Context, Result, bail};
use std::env;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use crate::process::{self, Cmd};

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
pub const TRUNK_VERSION: &str = "0.21.14";
/// npm package providing wasm-opt; Trunk.toml pins the matching `wasm_opt = "version_132"`.
pub const BINARYEN_VERSION: &str = "132.0.0";
const WASM_OPT_TRUNK_PIN: &str = "version_132";
/// npm package of the accessibility engine the end-to-end tests run (`AXE_CORE_JS`).
pub const AXE_CORE_VERSION: &str = "4.14.1";
/// npm package of the JS bundler: the wasm-bindgen glue, the chunk loader and the start into
/// one module, minified in release builds (split.rs).
pub const ESBUILD_VERSION: &str = "0.28.2";
/// npm package of the page audit `cargo xtask bench` runs on the sign-in page (the last release
/// that runs on Node 20).
pub const LIGHTHOUSE_VERSION: &str = "12.2.3";

pub struct Toolchain {
    /// The wasm-bindgen version of Cargo.lock, which the CLI must match exactly.
    pub wasm_bindgen_version: String,
}

impl Toolchain {
    pub fn ensure(root: &Path) -> Result<Toolchain> {
        let binaryen_dir = root.join(".tools/binaryen");
        let binaryen_bin = binaryen_dir.join("node_modules/.bin");
        process::set_tool_path(tool_path(&binaryen_bin)?);

        let wasm_bindgen_version = locked_version(&root.join("Cargo.lock"), "wasm-bindgen")?;
        check_trunk_pins(&root.join("Trunk.toml"), &wasm_bindgen_version)?;

        ensure_rustup_parts()?;
        // Without its default features Trunk leaves out TLS for `trunk serve` and its update
        // check (crates.io): neither is used here, and 16 fewer crates compile.
        ensure_cargo_tool(
            "trunk",
            "trunk",
            TRUNK_VERSION,
            &["--locked", "--no-default-features"],
            Optimise::Lightly,
        )?;
        // No --locked: wasm-bindgen-cli's lockfile names a crate version the registry lacks.
        ensure_cargo_tool(
            "wasm-bindgen",
            "wasm-bindgen-cli",
            &wasm_bindgen_version,
            &[],
            Optimise::Fully,
        )?;
        ensure_wasm_bindgen_test_runner(&wasm_bindgen_version)?;
        ensure_wasm_opt(&binaryen_dir, &binaryen_bin)?;
        ensure_npm_package(root, "esbuild", ESBUILD_VERSION, "bin/esbuild")?;
        Ok(Toolchain {
            wasm_bindgen_version,
        })
    }

    /// Names the tool versions, so that a dist/ built by other tools counts as stale.
    pub fn describe(&self) -> String {
        format!(
            "trunk {TRUNK_VERSION}, wasm-bindgen {}, wasm-opt {WASM_OPT_TRUNK_PIN}, \
             esbuild {ESBUILD_VERSION}",
            self.wasm_bindgen_version
        )
    }
}

/// The programs the wasm splitter runs, where `ensure` installs them.
pub fn splitter_tools(root: &Path) -> wasm_splitter::Tools {
    wasm_splitter::Tools {
        wasm_bindgen: cargo_bin_dir().join("wasm-bindgen"),
        esbuild: esbuild(root),
        wasm_opt: root.join(".tools/binaryen/node_modules/.bin/wasm-opt"),
    }
}

/// `<workspace>/.tools/binaryen/node_modules/.bin`, then cargo's bin directory, then PATH.
fn tool_path(binaryen_bin: &Path) -> Result<OsString> {
    let mut directories = vec![binaryen_bin.to_path_buf(), cargo_bin_dir()];
    if let Some(path) = env::var_os("PATH") {
        directories.extend(env::split_paths(&path));
    }
    env::join_paths(directories).context("a PATH entry contains a `:`")
}

pub fn cargo_bin_dir() -> PathBuf {
    match env::var_os("CARGO_HOME") {
        Some(home) => PathBuf::from(home).join("bin"),
        None => PathBuf::from(env::var_os("HOME").unwrap_or_default()).join(".cargo/bin"),
    }
}

/// The single version of `package` in Cargo.lock.
fn locked_version(lock_file: &Path, package: &str) -> Result<String> {
    let lock = fs::read_to_string(lock_file)
        .with_context(|| format!("reading {}", lock_file.display()))?;
    let name_line = format!("name = \"{package}\"");
    let mut versions = Vec::new();
    let mut lines = lock.lines().map(str::trim);
    while let Some(line) = lines.next() {
        if line == name_line
            && let Some(version) = lines.next().and_then(|next| quoted_value(next, "version"))
        {
            versions.push(version.to_owned());
        }
    }
    match versions.as_slice() {
        [version] => Ok(version.clone()),
        [] => bail!("{} has no `{package}` package", lock_file.display()),
        several => bail!(
            "{} has several `{package}` versions ({}); the wasm-bindgen CLI can match only one",
            lock_file.display(),
            several.join(", ")
        ),
    }
}

/// `value` of a `key = "value"` line.
fn quoted_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(key)?.trim_start().strip_prefix('=')?;
    rest.trim().strip_prefix('"')?.strip_suffix('"')
}

/// `value` of a `"key": "value",` line of a JSON file such as package.json.
fn json_member<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = line
        .trim()
        .strip_prefix('"')?
        .strip_prefix(key)?
        .strip_prefix('"')?;
    let value = rest.trim_start().strip_prefix(':')?.trim();
    let value = value.strip_suffix(',').unwrap_or(value).trim_end();
    value.strip_prefix('"')?.strip_suffix('"')
}

/// Offline Trunk fails late and vaguely on a pin mismatch; say early which file to fix.
fn check_trunk_pins(trunk_toml: &Path, wasm_bindgen_version: &str) -> Result<()> {
    let config = fs::read_to_string(trunk_toml)
        .with_context(|| format!("reading {}", trunk_toml.display()))?;
    let pin = |key: &str| {
        config
            .lines()
            .find_map(|line| quoted_value(line.trim(), key))
    };
    let expected = [
        ("wasm_bindgen", wasm_bindgen_version),
        ("wasm_opt", WASM_OPT_TRUNK_PIN),
    ];
    for (key, expected) in expected {
        match pin(key) {
            Some(found) if found == expected => {}
            found => bail!(
                "{} must pin `{key} = \"{expected}\"` under [tools] (found {found:?}); \
                 Trunk is offline and accepts only that version",
                trunk_toml.display()
            ),
        }
    }
    Ok(())
}

/// The wasm32 target, and rustfmt and clippy which `test` runs (a minimal rustup profile lacks
/// them).
fn ensure_rustup_parts() -> Result<()> {
    let installed = |list: &str| -> Result<Vec<String>> {
        let output = Cmd::new("rustup")
            .args([list, "list", "--installed"])
            .probe()
            .context("rustup is needed to add the wasm32 target, rustfmt and clippy")?;
        Ok(String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| line.trim().to_owned())
            .collect())
    };
    if installed("target")?
        .iter()
        .any(|target| target == WASM_TARGET)
    {
        println!("xtask: rust target {WASM_TARGET}: installed");
    } else {
        Cmd::new("rustup")
            .args(["target", "add", WASM_TARGET])
            .run()?;
    }
    // Components are listed with the host triple: `clippy-x86_64-unknown-linux-gnu`.
    let components = installed("component")?;
    let missing: Vec<&str> = ["rustfmt", "clippy"]
        .into_iter()
        .filter(|name| {
            !components
                .iter()
                .any(|component| component.starts_with(&format!("{name}-")))
        })
        .collect();
    if missing.is_empty() {
        println!("xtask: rustfmt and clippy: installed");
        return Ok(());
    }
    Cmd::new("rustup")
        .args(["component", "add"])
        .args(missing)
        .run()
}

/// The version word of `<program> --version` (`trunk 0.21.14` → `0.21.14`), if it runs.
fn installed_version(program: &str) -> Option<String> {
    let output = Cmd::new(program).arg("--version").probe()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&output.stdout);
    text.split_whitespace().nth(1).map(str::to_owned)
}

/// How much a tool installed with `cargo install` is optimised.
#[derive(Clone, Copy)]
pub enum Optimise {
    /// opt-level 2: wasm-bindgen rewrites megabytes of wasm at every build and test binary.
    Fully,
    /// opt-level 1: Trunk and geckodriver mostly start other programs and pass messages; their
    /// own work takes milliseconds either way, and they compile in far less time.
    Lightly,
}

/// `program` at `version`, installed with `cargo install krate` (and `flags`) when missing or of
/// another version: Trunk, wasm-bindgen-cli, and geckodriver for the tests in Firefox.
pub fn ensure_cargo_tool(
    program: &str,
    krate: &str,
    version: &str,
    flags: &[&str],
    optimise: Optimise,
) -> Result<()> {
    let found = installed_version(program);
    if found.as_deref() == Some(version) {
        println!("xtask: {program} {version}: installed");
        return Ok(());
    }
    match &found {
        Some(other) => println!("xtask: {program} is {other}, need {version}: installing"),
        None => println!("xtask: {program} not found: installing {krate} {version} (minutes)"),
    }
    // These tools run on the build machine and never ship: a release build without fat LTO and
    // with parallel codegen compiles Trunk in a third of the time its own profile takes, and
    // runs as fast for what we ask of it (config profiles override the crate's manifest).
    Cmd::cargo(&env::temp_dir())
        .args(["install", krate, "--version", version])
        .args(flags)
        .env("CARGO_PROFILE_RELEASE_LTO", "off")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .env(
            "CARGO_PROFILE_RELEASE_OPT_LEVEL",
            match optimise {
                Optimise::Fully => "2",
                Optimise::Lightly => "1",
            },
        )
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("CARGO_PROFILE_RELEASE_INCREMENTAL", "false")
        .run()?;
    match installed_version(program) {
        Some(installed) if installed == version => Ok(()),
        other => bail!(
            "after installing {krate} {version}, `{program} --version` reports {other:?}; \
             is another {program} earlier on PATH?"
        ),
    }
}

/// Installed together with wasm-bindgen-cli; checked so a stale runner is not used silently.
fn ensure_wasm_bindgen_test_runner(version: &str) -> Result<()> {
    match installed_version("wasm-bindgen-test-runner") {
        Some(found) if found == version => Ok(()),
        found => bail!(
            "wasm-bindgen-test-runner is {found:?}, expected {version}; \
             run `cargo install wasm-bindgen-cli --version {version} --force`"
        ),
    }
}

/// wasm-opt from npm's binaryen, whose `--version` reads `wasm-opt version 132 (…)`.
fn wasm_opt_version(wasm_opt: &Path) -> Option<String> {
    let output = Cmd::new(wasm_opt).arg("--version").probe()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let number = text.split_whitespace().nth(2)?;
    Some(format!("version_{number}"))
}

fn ensure_wasm_opt(binaryen_dir: &Path, binaryen_bin: &Path) -> Result<()> {
    let wasm_opt = binaryen_bin.join("wasm-opt");
    if wasm_opt_version(&wasm_opt).as_deref() == Some(WASM_OPT_TRUNK_PIN) {
        println!("xtask: wasm-opt {WASM_OPT_TRUNK_PIN}: installed in .tools/binaryen");
        return Ok(());
    }
    println!("xtask: installing wasm-opt (npm binaryen@{BINARYEN_VERSION}) into .tools/binaryen");
    fs::create_dir_all(binaryen_dir)
        .with_context(|| format!("creating {}", binaryen_dir.display()))?;
    Cmd::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(binaryen_dir)
        .arg(format!("binaryen@{BINARYEN_VERSION}"))
        .run()
        .context("npm (Node.js) is needed to install wasm-opt")?;
    match wasm_opt_version(&wasm_opt) {
        Some(found) if found == WASM_OPT_TRUNK_PIN => Ok(()),
        found => bail!(
            "{} reports {found:?} after installing binaryen@{BINARYEN_VERSION}",
            wasm_opt.display()
        ),
    }
}

/// axe-core for the end-to-end accessibility audit, in `<workspace>/.tools/node_modules/axe-core`
/// (where the e2e harness looks without `AXE_CORE_JS`); answers the path of `axe.min.js`.
pub fn ensure_axe_core(root: &Path) -> Result<PathBuf> {
    ensure_npm_package(root, "axe-core", AXE_CORE_VERSION, "axe.min.js")
}

/// Lighthouse for the benchmark, in `<workspace>/.tools/node_modules/lighthouse`; answers the
/// path of its command line's script (`LIGHTHOUSE_CLI`).
pub fn ensure_lighthouse(root: &Path) -> Result<PathBuf> {
    ensure_npm_package(root, "lighthouse", LIGHTHOUSE_VERSION, "cli/index.js")
}

/// esbuild's executable, where `Toolchain::ensure` installs it.
pub fn esbuild(root: &Path) -> PathBuf {
    root.join(".tools/node_modules/esbuild/bin/esbuild")
}

/// npm package `name` at exactly `version` in `<workspace>/.tools/node_modules`, installed
/// when missing or of another version; answers the path of its file `file`.
fn ensure_npm_package(root: &Path, name: &str, version: &str, file: &str) -> Result<PathBuf> {
    let tools = root.join(".tools");
    let package = tools.join("node_modules").join(name);
    let path = package.join(file);
    let installed = || {
        let manifest = fs::read_to_string(package.join("package.json")).ok()?;
        let found = manifest
            .lines()
            .find_map(|line| json_member(line, "version"))?;
        (found == version && path.is_file()).then_some(())
    };
    if installed().is_some() {
        println!("xtask: {name} {version}: installed in .tools");
        return Ok(path);
    }
    println!("xtask: installing {name}@{version} (npm) into .tools");
    fs::create_dir_all(&tools).with_context(|| format!("creating {}", tools.display()))?;
    Cmd::new("npm")
        .args([
            "install",
            "--no-audit",
            "--no-fund",
            "--save-exact",
            "--prefix",
        ])
        .arg(&tools)
        .arg(format!("{name}@{version}"))
        .run()
        .with_context(|| format!("npm (Node.js) is needed to install {name}"))?;
    match installed() {
        Some(()) => Ok(path),
        None => bail!(
            "{} is missing or not version {version} after installing it",
            path.display()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_key_value_lines() {
        assert_eq!(
            quoted_value("version = \"0.2.130\"", "version"),
            Some("0.2.130")
        );
        assert_eq!(
            quoted_value("wasm_opt=\"version_132\"", "wasm_opt"),
            Some("version_132")
        );
        assert_eq!(quoted_value("versions = \"1\"", "version"), None);
        assert_eq!(quoted_value("# version = \"1\"", "version"), None);
    }

    #[test]
    fn reads_package_json_members() {
        assert_eq!(
            json_member("  \"version\": \"4.14.1\",", "version"),
            Some("4.14.1")
        );
        assert_eq!(json_member("\"version\" : \"1.0\"", "version"), Some("1.0"));
        assert_eq!(json_member("\"versions\": \"1\",", "version"), None);
        assert_eq!(json_member("\"name\": \"axe-core\",", "version"), None);
    }

    #[test]
    fn finds_the_locked_wasm_bindgen() {
        let lock = env::temp_dir().join(format!("xtask-lock-{}.lock", std::process::id()));
        fs::write(
            &lock,
            "[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n\n\
             [[package]]\nname = \"wasm-bindgen-shared\"\nversion = \"0.2.130\"\n",
        )
        .unwrap();
        let version = locked_version(&lock, "wasm-bindgen");
        fs::remove_file(&lock).unwrap();
        assert_eq!(version.unwrap(), "0.2.130");
    }
}
