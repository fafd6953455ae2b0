//! Test binaries run two at a time, for the native and the end-to-end stages. A binary's
//! tests often wait (on the browser, the network's emulated latency, the portal's timers, a
//! server's answer), so two binaries, each running its own tests in parallel, fill a stage's
//! time better than one after another. Each binary's output is shown whole when it ends; any
//! failure fails the stage, after the rest has run.

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

/// The test binaries of one `cargo test` selection and how to run them.
pub struct Suite<'a> {
    /// What follows `cargo test`: the packages, e.g. `["-p", "e2e"]`.
    pub selection: &'a [&'a str],
    /// Given to every binary, e.g. `--test-threads=2`.
    pub binary_args: &'a [&'a str],
    pub env: &'a [(&'a str, OsString)],
    /// The binaries that take longest, started first so that the lanes end together; the
    /// others follow by name.
    pub longest_first: &'a [&'a str],
    /// Also runs the selection's doc-tests, which have no binary of their own.
    pub doc_tests: bool,
}

/// One thing a lane runs, named as its output's header.
struct Job {
    name: String,
    cmd: Cmd,
}

struct TestBinary {
    name: String,
    path: PathBuf,
    /// Where `cargo test` would run it: its package's directory.
    package_dir: PathBuf,
}

/// Builds the suite's test binaries and runs them, `LANES` at a time, each in its package's
/// directory as `cargo test` does.
pub fn run(root: &Path, suite: &Suite) -> Result<()> {
    let mut binaries = build(root, suite.selection)?;
    binaries.sort_by_key(|binary| {
        let rank = suite.longest_first.iter().position(|n| *n == binary.name);
        (
            rank.unwrap_or(suite.longest_first.len()),
            binary.name.clone(),
        )
    });
    let mut jobs: Vec<Job> = binaries
        .into_iter()
        .map(|binary| {
            let mut cmd = Cmd::new(&binary.path)
                .args(suite.binary_args)
                .current_dir(&binary.package_dir);
            for (key, value) in suite.env {
                cmd = cmd.env(key, value);
            }
            Job {
                name: binary.name,
                cmd,
            }
        })
        .collect();
    if suite.doc_tests {
        jobs.push(Job {
            name: "doc-tests".to_owned(),
            cmd: Cmd::cargo(root)
                .arg("test")
                .args(suite.selection)
                .arg("--doc"),
        });
    }
    run_in_lanes(jobs)
}

fn run_in_lanes(jobs: Vec<Job>) -> Result<()> {
    let queue = Mutex::new(VecDeque::from(jobs));
    let failed = Mutex::new(Vec::new());
    let shown = Mutex::new(());
    std::thread::scope(|scope| {
        for _ in 0..LANES {
            scope.spawn(|| {
                while let Some(job) = queue.lock().map(|mut q| q.pop_front()).ok().flatten() {
                    let started = Instant::now();
                    let outcome = job.cmd.run_captured();
                    let _one_at_a_time = shown.lock();
                    println!(
                        "xtask: ---- {} ({:.1} s) ----",
                        job.name,
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
                        failed.push(job.name);
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap_or_default();
    if !failed.is_empty() {
        bail!("tests failed in: {}", failed.join(", "));
    }
    Ok(())
}

/// `cargo test --no-run` of the selection: its test binaries, from cargo's JSON messages.
fn build(root: &Path, selection: &[&str]) -> Result<Vec<TestBinary>> {
    let messages = Cmd::cargo(root)
        .arg("test")
        .args(selection)
        .arg("--no-run")
        .arg("--message-format=json-render-diagnostics")
        .run_reading_stdout()?;
    let binaries: Vec<TestBinary> = messages.lines().filter_map(test_binary).collect();
    if binaries.is_empty() {
        bail!(
            "`cargo test {} --no-run` named no test binary",
            selection.join(" ")
        );
    }
    Ok(binaries)
}

/// The test binary a cargo JSON message announces, if it announces one.
fn test_binary(message: &str) -> Option<TestBinary> {
    let message: Value = serde_json::from_str(message).ok()?;
    if message["reason"] != "compiler-artifact" || message["profile"]["test"] != true {
        return None;
    }
    let manifest = Path::new(message["manifest_path"].as_str()?);
    Some(TestBinary {
        name: message["target"]["name"].as_str()?.to_owned(),
        path: PathBuf::from(message["executable"].as_str()?),
        package_dir: manifest.parent()?.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_test_binaries_from_cargos_messages() {
        let test = r#"{"reason":"compiler-artifact","manifest_path":"/w/crates/e2e/Cargo.toml","target":{"name":"faults","kind":["test"]},"profile":{"test":true},"executable":"/t/debug/deps/faults-1a"}"#;
        let library = r#"{"reason":"compiler-artifact","manifest_path":"/w/crates/e2e/Cargo.toml","target":{"name":"e2e","kind":["lib"]},"profile":{"test":false},"executable":null}"#;
        let finished = r#"{"reason":"build-finished","success":true}"#;
        let binary = test_binary(test).expect("a test binary");
        assert_eq!(binary.name, "faults");
        assert_eq!(binary.path, PathBuf::from("/t/debug/deps/faults-1a"));
        assert_eq!(binary.package_dir, PathBuf::from("/w/crates/e2e"));
        assert!(test_binary(library).is_none());
        assert!(test_binary(finished).is_none());
        assert!(test_binary("Compiling e2e").is_none());
    }
}
