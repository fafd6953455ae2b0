//! Step 5: wasm-opt on every part of a release build.

use anyhow::Result;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use crate::command::run;

/// Shrinks every wasm file of `dir` in place, one per core at a time (a split portal has some
/// hundred parts); `main_wasm` (a file name) gets `main_args` too.
pub fn all(wasm_opt: &Path, dir: &Path, main_wasm: &str, main_args: &[&str]) -> Result<()> {
    let parts: Vec<PathBuf> = crate::parts::list(dir)?
        .into_iter()
        .filter(|part| part.extension().is_some_and(|e| e == "wasm"))
        .collect();
    let next = Mutex::new(parts.iter());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        let running: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| -> Result<()> {
                    while let Some(part) = next.lock().ok().and_then(|mut parts| parts.next()) {
                        let is_main = part.file_name().is_some_and(|name| name == main_wasm);
                        match is_main {
                            true => shrink(wasm_opt, part, main_args, &["-Oz", "-Oz"])?,
                            false => shrink(wasm_opt, part, &[], &["-O3", "-Oz", "-Oz"])?,
                        }
                    }
                    Ok(())
                })
            })
            .collect();
        running.into_iter().try_for_each(|worker| {
            worker
                .join()
                .map_err(|_| anyhow::anyhow!("a wasm-opt worker panicked"))?
        })
    })
}

/// `levels`: -Oz twice for the main part (the second pass finds what the first one's merging
/// opened up: the shell 0.5 KB brotli smaller; `--converge` gains less for twice the time);
/// -O3 first for the others, whose inlining and simplification open up what the size passes
/// then fold (the parts 2.6 % smaller brotli, the statistics page's first load 7 KB; the
/// shell, 0.6 KB larger so).
fn shrink(wasm_opt: &Path, wasm: &Path, extra: &[&str], levels: &[&str]) -> Result<()> {
    run(Command::new(wasm_opt)
        .args(extra)
        .args(levels)
        // The linker puts the stack first, below the data: the first 1 KiB is the stack's far
        // end, never reached, so wasm-opt may fold more constants into load and store offsets
        // (the portal's shell 0.8 KB brotli smaller, the chunks 2.6 KB).
        .arg("--low-memory-unused")
        // A chunk's memory is the main part's, imported: its static data's place is still zero
        // when the chunk comes (nothing else owns it), so its zero bytes need no segment (the
        // portal's chunks 1 KB brotli smaller).
        .arg("--zero-filled-memory")
        // Notes for tools, which no browser reads (0.35 KB brotli per part).
        .arg("--strip-producers")
        .arg("--strip-target-features")
        .arg(wasm)
        .arg("-o")
        .arg(wasm))
}
