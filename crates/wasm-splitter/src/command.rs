//! Running the tools: each command is printed as it starts, and a failure is an error that
//! shows what the tool said.

use anyhow::{Context, Result, bail};
use std::process::Command;

/// Runs `command`, its output kept unless it fails.
pub fn run(command: &mut Command) -> Result<()> {
    let shown = describe(command);
    println!("wasm-splitter: $ {shown}");
    let output = command
        .output()
        .with_context(|| format!("starting {shown}"))?;
    if !output.status.success() {
        bail!(
            "{shown} failed ({}):\n{}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(())
}

fn describe(command: &Command) -> String {
    std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(|word| word.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ")
}
