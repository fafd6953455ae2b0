//! Running child processes: each command is printed before it runs, and any failure is an error.

use anyhow::{Context, Result, bail};
use std::ffi::{OsStr, OsString};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn note_interrupt(_signal: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Ctrl-C reaches the whole foreground process group, so the running child stops by itself.
/// xtask only notes it and carries on to its cleanup (killing chromedriver) instead of dying
/// first. A handler, unlike SIG_IGN, is reset to the default in exec'd children.
pub fn forward_interrupts_to_children() {
    let handler = note_interrupt as extern "C" fn(libc::c_int);
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
        libc::signal(libc::SIGTERM, handler as libc::sighandler_t);
    }
}

fn check_interrupted() -> Result<()> {
    if INTERRUPTED.load(Ordering::SeqCst) {
        bail!("interrupted");
    }
    Ok(())
}

/// PATH with the workspace's tool directories first, set once by `tools` before any build.
static TOOL_PATH: OnceLock<OsString> = OnceLock::new();

pub fn set_tool_path(path: OsString) {
    // A second call would carry the same value, so ignoring it is fine.
    let _ = TOOL_PATH.set(path);
}

/// A command plus the environment variables worth showing when it is printed.
pub struct Cmd {
    command: Command,
    /// Shown instead of the program's path (cargo's full toolchain path is noise).
    shown_program: Option<&'static str>,
    shown_env: Vec<String>,
}

/// Variables cargo sets for the program it runs, here xtask itself. A cargo started with them
/// sees another environment than one started by hand, and a build script that watches one
/// (ring's watches `CARGO_MANIFEST_DIR`) runs again and rebuilds everything above it, so every
/// switch between `cargo test` and `cargo xtask test` rebuilt the demo server's TLS stack.
fn is_set_for_xtask(name: &OsStr) -> bool {
    let Some(name) = name.to_str() else {
        return false;
    };
    name.starts_with("CARGO_PKG_")
        || matches!(
            name,
            "CARGO_MANIFEST_DIR"
                | "CARGO_MANIFEST_PATH"
                | "CARGO_MANIFEST_LINKS"
                | "CARGO_CRATE_NAME"
                | "CARGO_BIN_NAME"
                | "CARGO_PRIMARY_PACKAGE"
                | "CARGO_RUSTC_CURRENT_DIR"
        )
}

impl Cmd {
    pub fn new(program: impl AsRef<OsStr>) -> Cmd {
        let mut command = Command::new(program);
        for (name, _) in std::env::vars_os() {
            if is_set_for_xtask(&name) {
                command.env_remove(name);
            }
        }
        if let Some(path) = TOOL_PATH.get() {
            command.env("PATH", path);
        }
        Cmd {
            command,
            shown_program: None,
            shown_env: Vec::new(),
        }
    }

    /// The cargo that runs xtask (cargo sets `CARGO`), in the workspace root.
    pub fn cargo(root: &Path) -> Cmd {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut cmd = Cmd::new(cargo);
        cmd.command.current_dir(root);
        cmd.shown_program = Some("cargo");
        cmd
    }

    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Cmd {
        self.command.arg(arg);
        self
    }

    pub fn args<I, S>(mut self, args: I) -> Cmd
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.command.args(args);
        self
    }

    pub fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> Cmd {
        self.shown_env
            .push(format!("{key}={}", value.as_ref().to_string_lossy()));
        self.command.env(key, value);
        self
    }

    pub fn current_dir(mut self, dir: &Path) -> Cmd {
        self.command.current_dir(dir);
        self
    }

    fn describe(&self) -> String {
        let mut words = self.shown_env.clone();
        words.push(match self.shown_program {
            Some(program) => program.to_owned(),
            None => self.command.get_program().to_string_lossy().into_owned(),
        });
        words.extend(
            self.command
                .get_args()
                .map(|arg| arg.to_string_lossy().into_owned()),
        );
        words.join(" ")
    }

    /// Runs with inherited stdio; a non-zero exit is an error naming the command.
    pub fn run(mut self) -> Result<()> {
        let description = self.describe();
        println!("xtask: $ {description}");
        let status = self
            .command
            .status()
            .with_context(|| format!("could not start `{description}`"))?;
        check_interrupted()?;
        if !status.success() {
            bail!("`{description}` failed ({status})");
        }
        Ok(())
    }

    /// Runs with its stdout and stderr captured, for the caller to show; a non-zero exit is
    /// the caller's to judge (`Output::status`).
    pub fn run_captured(mut self) -> Result<Output> {
        let description = self.describe();
        println!("xtask: $ {description}");
        let output = self
            .command
            .output()
            .with_context(|| format!("could not start `{description}`"))?;
        check_interrupted()?;
        Ok(output)
    }

    /// Runs with stderr shown and stdout captured and returned; a non-zero exit is an error.
    pub fn run_reading_stdout(mut self) -> Result<String> {
        let description = self.describe();
        self.command.stderr(std::process::Stdio::inherit());
        let output = self.run_captured()?;
        if !output.status.success() {
            bail!("`{description}` failed ({})", output.status);
        }
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    }

    /// Runs quietly and returns its output, or `None` when the program cannot be started
    /// (typically: not installed). Used for version probes.
    pub fn probe(mut self) -> Option<Output> {
        self.command.output().ok()
    }

    /// Replaces xtask with the command (for long-running foreground servers).
    pub fn exec(mut self) -> Result<()> {
        let description = self.describe();
        println!("xtask: $ {description}");
        let error = self.command.exec();
        Err(error).with_context(|| format!("could not start `{description}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_cargo_set_for_xtask_is_left_out_of_child_processes() {
        for name in ["CARGO_MANIFEST_DIR", "CARGO_PKG_NAME", "CARGO_CRATE_NAME"] {
            assert!(is_set_for_xtask(OsStr::new(name)), "{name}");
        }
        // The user's own settings reach every cargo xtask starts.
        for name in [
            "CARGO_HOME",
            "CARGO_TARGET_DIR",
            "CARGO",
            "RUSTFLAGS",
            "PATH",
        ] {
            assert!(!is_set_for_xtask(OsStr::new(name)), "{name}");
        }
    }
}
