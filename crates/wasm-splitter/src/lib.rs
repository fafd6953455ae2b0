//! Splits a wasm-bindgen app at its `#[wasm_split]` points, for browsers to load the parts on
//! demand: Trunk 0.21 cannot, so the portal's post-build hook (`cargo xtask split-wasm`) calls
//! [`split`] on the wasm Trunk compiled (with `--emit-relocs`, the relocations the splitter
//! needs).
//!
//! What it does, in order:
//! 1. `wasm_split_cli_support` cuts the wasm into the main part, one module per split point
//!    and chunks of the code several split points share, and writes their loader
//!    ([`split_points`]);
//! 2. the loader's fetches and instantiations go through a few functions of its own
//!    ([`loader`], `loader.js`): the first parts asked for come in one response when a
//!    first-load bundle holds them, and a part that cannot load says whether it is gone or the
//!    network failed;
//! 3. wasm-bindgen writes the main part's JS glue, keeping the exports the chunks link against,
//!    with short import names ([`imports`]);
//! 4. esbuild bundles the app's start (`entry_js`), the glue and the loader into one module
//!    ([`glue`]);
//! 5. in release builds wasm-opt shrinks every part ([`shrink`]);
//! 6. the first-load bundles are written ([`first_load`]): each split point's parts, with those
//!    of the split points always asked for with it (`companions`), as the custom sections of one
//!    wasm file.
//!
//! The result is a directory of files named relative to one another; [`Split::deploy`] copies
//! it under a name made of its content, so a new build never mixes with cached parts of an old
//! one. [`Mechanisms`] switches steps 2's bundles and 3's renaming off, to measure what each is
//! worth (docs/loading.md).

mod command;
mod first_load;
mod glue;
mod imports;
mod loader;
mod parts;
mod shrink;
mod split_points;

use anyhow::{Context, Result};
use std::fs;
use std::path::{Path, PathBuf};

pub use first_load::{Bundle, read_bundle};
pub use loader::FAILURE_FUNCTION;

/// The programs the splitter runs.
pub struct Tools {
    /// wasm-bindgen's CLI, at the version of the app's `wasm-bindgen` crate.
    pub wasm_bindgen: PathBuf,
    pub esbuild: PathBuf,
    /// Binaryen's, for release builds.
    pub wasm_opt: PathBuf,
}

/// What the splitter does beyond splitting, each there for a budget of the portal's first load
/// (docs/loading.md); off only to measure what each is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mechanisms {
    /// The first parts asked for come in one response (a first-load bundle).
    pub first_load_bundles: bool,
    /// wasm-bindgen's hashed import names become `a`, `b`, ….
    pub short_import_names: bool,
}

impl Default for Mechanisms {
    fn default() -> Mechanisms {
        Mechanisms {
            first_load_bundles: true,
            short_import_names: true,
        }
    }
}

/// What to split and how.
pub struct Options<'a> {
    /// The app's wasm, compiled with `--emit-relocs`.
    pub input: &'a [u8],
    /// Scratch space, emptied first; the parts are written in its `parts/`.
    pub work_dir: &'a Path,
    /// The app's name: its module is `<name>.js`, its main part `<name>_bg.wasm`.
    pub name: &'a str,
    /// The app's start, the module the page loads: (file name, text) of each of its files, the
    /// entry first. It imports the glue as `./<name>.js` and is bundled with it.
    pub entry_js: &'a [(&'a str, &'a str)],
    /// Minified JS and wasm-opt on every part.
    pub release: bool,
    /// wasm-opt's extra arguments for the main part.
    pub main_wasm_opt_args: &'a [&'a str],
    /// Split points asked for together with every other one (a layout around every page): each
    /// first-load bundle carries their parts too.
    pub companions: &'a [&'a str],
    pub mechanisms: Mechanisms,
}

/// The parts, written and ready to deploy.
#[derive(Debug)]
pub struct Split {
    /// Where they are.
    pub dir: PathBuf,
    /// Their files, sorted.
    pub files: Vec<PathBuf>,
    /// The module the page loads (`<name>.js`).
    pub main_js: String,
    /// The main part (`<name>_bg.wasm`).
    pub main_wasm: String,
    /// The split points found.
    pub split_points: usize,
    /// The first-load bundles written.
    pub bundles: Vec<Bundle>,
}

impl Split {
    /// A name for the directory of the parts, made of their names and content.
    pub fn content_name(&self) -> Result<String> {
        parts::content_name(&self.files)
    }

    /// Copies the parts into `<into>/<content name>/` and answers that name.
    pub fn deploy(&self, into: &Path) -> Result<String> {
        let name = self.content_name()?;
        parts::copy_into(&self.files, &into.join(&name))?;
        Ok(name)
    }
}

/// Splits `options.input` into the parts and their loader (see the crate's documentation).
pub fn split(options: &Options, tools: &Tools) -> Result<Split> {
    let work = options.work_dir;
    let _ = fs::remove_dir_all(work);
    let dir = work.join("parts");
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let names = glue::Names::of(options.name);
    let cut = split_points::cut(options.input, work, &dir, &names)?;
    let bundles = match options.mechanisms.first_load_bundles {
        true => first_load::plan(&cut.families, options.companions)?,
        false => Vec::new(),
    };
    let companion_modules: Vec<String> = options
        .companions
        .iter()
        .filter_map(|split| first_load::module_of(split, cut.families.get(*split)?))
        .collect();
    loader::rewrite(
        &dir.join(split_points::LINK_MODULE),
        &bundles,
        &companion_modules,
    )?;
    glue::bindgen(&tools.wasm_bindgen, &cut.main, &dir, &names)?;
    if options.mechanisms.short_import_names {
        imports::shorten_in_place(&dir, &names)?;
    }
    glue::bundle_js(&tools.esbuild, work, &dir, &names, options)?;
    if options.release {
        shrink::all(
            &tools.wasm_opt,
            &dir,
            &names.main_wasm,
            options.main_wasm_opt_args,
        )?;
    }
    first_load::write(&dir, &bundles)?;
    Ok(Split {
        files: parts::list(&dir)?,
        dir,
        main_js: names.main_js,
        main_wasm: names.main_wasm,
        split_points: cut.families.len(),
        bundles,
    })
}
