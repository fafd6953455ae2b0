//! Steps 3 and 4: wasm-bindgen's JS glue for the main part, and one module of the app's start,
//! the glue and the loader, bundled by esbuild: the browser fetches one file, found in the
//! document, instead of a start that imports the glue that imports the loader.

use anyhow::{Context, Result, bail};
use std::fs;
use std::path::Path;
use std::process::Command;

use crate::command::run;
use crate::split_points::LINK_MODULE;

/// The file names of an app called `name`.
pub struct Names {
    /// wasm-bindgen's `--out-name`.
    pub name: String,
    /// The glue, then the bundled module: `<name>.js`.
    pub main_js: String,
    /// The main part: `<name>_bg.wasm`.
    pub main_wasm: String,
    /// The module the main part imports the glue's functions from: `./<name>_bg.js`.
    pub glue_module: String,
}

impl Names {
    pub fn of(name: &str) -> Names {
        Names {
            name: name.to_owned(),
            main_js: format!("{name}.js"),
            main_wasm: format!("{name}_bg.wasm"),
            glue_module: format!("./{name}_bg.js"),
        }
    }
}

/// Runs wasm-bindgen on the main part `main`, writing the glue and the main part into `dir`.
pub fn bindgen(wasm_bindgen: &Path, main: &Path, dir: &Path, names: &Names) -> Result<()> {
    run(Command::new(wasm_bindgen)
        .arg("--target=web")
        .arg("--no-typescript")
        // The chunks import the main part's functions under their linker names.
        .arg("--keep-lld-exports")
        .arg("--no-demangle")
        .arg(format!("--out-name={}", names.name))
        .arg(format!("--out-dir={}", dir.display()))
        .arg(main))?;
    if dir.join("snippets").exists() {
        bail!("wasm-bindgen wrote JS snippets, which the splitter does not bundle");
    }
    Ok(())
}

/// Replaces the glue and the loader in `dir` by one module: the app's start (its entry first),
/// the glue and the loader, minified in release builds.
pub fn bundle_js(
    esbuild: &Path,
    work: &Path,
    dir: &Path,
    names: &Names,
    options: &crate::Options,
) -> Result<()> {
    let Some((entry, _)) = options.entry_js.first() else {
        bail!("the app's start (entry_js) is empty");
    };
    for (file, text) in options.entry_js {
        let path = dir.join(file);
        fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    let bundle = work.join(&names.main_js);
    run(Command::new(esbuild)
        .arg(dir.join(entry))
        .args(["--bundle", "--format=esm", "--log-level=warning"])
        .args(options.release.then_some("--minify"))
        .arg(format!("--outfile={}", bundle.display())))?;
    let bundled = options.entry_js.iter().map(|(file, _)| *file);
    for file in bundled.chain([names.main_js.as_str(), LINK_MODULE]) {
        let path = dir.join(file);
        fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
    }
    fs::rename(&bundle, dir.join(&names.main_js))
        .with_context(|| format!("moving {} into {}", bundle.display(), dir.display()))
}
