//! Step 1: the wasm cut at its `#[wasm_split]` points by `wasm_split_cli_support`, which
//! writes a module per split point, a chunk per set of split points sharing code, and the JS
//! that loads them (`LINK_MODULE`).

use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::glue::Names;

/// The JS module the split wasm imports its loaders from (bundled into the app's module).
pub const LINK_MODULE: &str = "split.js";

/// What the cut made.
pub struct Cut {
    /// The main part, still to go through wasm-bindgen.
    pub main: PathBuf,
    /// Each split point's parts (file names in the parts' directory), as the loader fetches
    /// them: the chunks it needs, then its own module (none when all its code is shared).
    pub families: BTreeMap<String, Vec<String>>,
}

/// Cuts `input` into `dir` (the main part into `work`).
pub fn cut(input: &[u8], work: &Path, dir: &Path, names: &Names) -> Result<Cut> {
    let main = work.join("main.wasm");
    let link_name = format!("./{LINK_MODULE}");
    let main_module = format!("./{}", names.main_js);
    let split = wasm_split_cli_support::transform({
        let mut options = wasm_split_cli_support::Options::new(input);
        options.output_dir = dir;
        options.main_out_path = &main;
        options.link_name = &link_name;
        options.main_module = &main_module;
        options
    })
    .map_err(|error| anyhow::anyhow!("splitting the wasm: {error:?}"))?;
    if split.split_modules.is_empty() {
        bail!("the wasm has no split points: was it built with them and with --emit-relocs?");
    }
    let families = split
        .prefetch_map
        .into_iter()
        .map(|(name, stems)| (name, stems.iter().map(|s| format!("{s}.wasm")).collect()))
        .collect::<BTreeMap<String, Vec<String>>>();
    for parts in families.values().flatten() {
        let path = dir.join(parts);
        std::fs::metadata(&path).with_context(|| format!("the part {}", path.display()))?;
    }
    Ok(Cut { main, families })
}
