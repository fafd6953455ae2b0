//! The end-to-end stage: its test binaries run two at a time. A binary's tests mostly wait
//! (on the browser, the network's emulated latency, the portal's timers), so two binaries,
//! each running two tests at once, fill the stage's time better than one after another. Each
//! binary's output is shown whole when it ends; any failure fails the stage, after the rest
//! has run.

use anyhow::{Result, bail};
use serde_json::Value;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use crate::process::Cmd;

/// Binaries running at once.
const LANES: usize = 2;
/// Tests at once within a binary.
const TEST_THREADS: &str = "--test-threads=2";
/// The binaries that take longest, started first so that the lanes end together; the others
/// follow by name.
const LONGEST_FIRST: [&str; 6] = [
    "faults",
    "accessibility",
    "lists",
    "statistics",
    "engines",
    "live_calls",
];

struct TestBinary {
    name: String,
    path: PathBuf,
}

/// Builds the test binaries of package `package` and runs them, `LANES` at a time, with `env`,
/// in the package's directory (as `cargo test` does).
pub fn run(root: &Path, package: &str, env: &[(&str, OsString)]) -> Result<()> {
    let mut binaries = build(root, package)?;
    binaries.sort_by_key(|binary| {
        let rank = LONGEST_FIRST.iter().position(|name| *name == binary.name);
        (rank.unwrap_or(LONGEST_FIRST.len()), binary.name.clone())
    });
    let package_dir = root.join("crates").join(package);
    let queue = Mutex::new(VecDeque::from(binaries));
    let failed = Mutex::new(Vec::new());
    let shown = Mutex::new(());
    std::thread::scope(|scope| {
        for _ in 0..LANES {
            scope.spawn(|| {
                while let Some(binary) = queue.lock().map(|mut q| q.pop_front()).ok().flatten() {
                    let started = Instant::now();
                    let mut cmd = Cmd::new(&binary.path)
                        .arg(TEST_THREADS)
                        .current_dir(&package_dir);
                    for (key, value) in env {
                        cmd = cmd.env(key, value);
                    }
                    let outcome = cmd.run_captured();
                    let _one_at_a_time = shown.lock();
                    println!(
                        "xtask: ---- {} ({:.1} s) ----",
                        binary.name,
                        started.elapsed().as_secs_f64()
                    );
                    let passed = match outcome {
                        Ok(output) => {
                            print!("{}", String::from_utf8_lossy(&output.stdout));
                            eprint!("{}", String::from_utf8_lossy(&output.stderr));
                            output.status.success()
                        }
                        Err(error) => {
                            eprintln!("xtask: {error:#}");
                            false
                        }
                    };
                    if !passed && let Ok(mut failed) = failed.lock() {
                        failed.push(binary.name);
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap_or_default();
    if !failed.is_empty() {
        bail!("end-to-end tests failed in: {}", failed.join(", "));
    }
    Ok(())
}

/// `cargo test --no-run` of the package: its test binaries, from cargo's JSON messages.
fn build(root: &Path, package: &str) -> Result<Vec<TestBinary>> {
    let messages = Cmd::cargo(root)
        .args(["test", "-p", package, "--no-run"])
        .arg("--message-format=json-render-diagnostics")
        .run_reading_stdout()?;
    let binaries: Vec<TestBinary> = messages.lines().filter_map(test_binary).collect();
    if binaries.is_empty() {
        bail!("`cargo test -p {package} --no-run` named no test binary");
    }
    Ok(binaries)
}

/// The test binary a cargo JSON message announces, if it announces one.
fn test_binary(message: &str) -> Option<TestBinary> {
    let message: Value = serde_json::from_str(message).ok()?;
    if message["reason"] != "compiler-artifact" || message["profile"]["test"] != true {
        return None;
    }
    Some(TestBinary {
        name: message["target"]["name"].as_str()?.to_owned(),
        path: PathBuf::from(message["executable"].as_str()?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_test_binaries_from_cargos_messages() {
        let test = r#"{"reason":"compiler-artifact","target":{"name":"faults","kind":["test"]},"profile":{"test":true},"executable":"/t/debug/deps/faults-1a"}"#;
        let library = r#"{"reason":"compiler-artifact","target":{"name":"e2e","kind":["lib"]},"profile":{"test":false},"executable":null}"#;
        let finished = r#"{"reason":"build-finished","success":true}"#;
        let binary = test_binary(test).expect("a test binary");
        assert_eq!(binary.name, "faults");
        assert_eq!(binary.path, PathBuf::from("/t/debug/deps/faults-1a"));
        assert!(test_binary(library).is_none());
        assert!(test_binary(finished).is_none());
        assert!(test_binary("Compiling e2e").is_none());
    }
}
