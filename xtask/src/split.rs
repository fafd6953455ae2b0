//! Trunk's post-build hook (`cargo xtask split-wasm`, see Trunk.toml): the portal's wasm split
//! at its page boundaries by the `wasm-splitter` crate (crates/wasm-splitter), so the first load
//! fetches the shell and the page it opens, and every other kind of page comes when it is
//! first shown. docs/loading.md tells how the portal loads.
//!
//! Trunk compiles the portal (with the `split` feature and `--emit-relocs`); this hook gives
//! the splitter the compiled wasm and the portal's start (`start/`), deploys the parts in one
//! content-hashed directory, `wasm-<hash>/`, points index.html at them (`index_html`), writes
//! the language files (`languages`), and in release builds brotli and gzip copies of every
//! hashed file (`sizes::write_precompressed`).
//!
//! `PORTAL_BUILD_WITHOUT` (a comma-separated list of `first-load-bundles`,
//! `short-import-names`, `early-sign-in`) builds without those, to measure what each is worth
//! (docs/loading.md); it is no option of the portal's.

use anyhow::{Context, Result, bail};
use std::fs;
use std::path::{Path, PathBuf};

use crate::portal::{PORTAL_BIN, target_dir};
use crate::tools::WASM_TARGET;

/// The app's name: its module `portal.js`, its main part `portal_bg.wasm`.
const APP_NAME: &str = "portal";
/// The exports of the main part that nothing calls: the stream adapters wasm-streams exports
/// for server functions (leptos always builds server_fn's browser side). The portal has no
/// server function, and without the exports their code goes (1.1 KB brotli).
const UNUSED_EXPORTS: [&str; 2] = [
    "--remove-exports",
    "--pass-arg=remove-exports@*intounderlying*",
];
/// Split points asked for together with every page's: each first-load bundle carries their
/// parts too. None yet: the signed-in layout is drawn from every family's split point; once it
/// is a split point of its own (a lazy parent route), its name goes here.
const WITH_EVERY_PAGE: &[&str] = &[];
/// The variable that switches mechanisms off for an A/B, and what it may name.
pub const WITHOUT_VARIABLE: &str = "PORTAL_BUILD_WITHOUT";
const MECHANISMS: [&str; 3] = ["first-load-bundles", "short-import-names", "early-sign-in"];

/// What Trunk tells its hooks.
pub struct TrunkBuild {
    pub staging_dir: PathBuf,
    pub public_url: String,
    pub release: bool,
}

impl TrunkBuild {
    fn from_env() -> Result<TrunkBuild> {
        let var = |name: &str| {
            std::env::var(name).with_context(|| {
                format!("{name} is not set: `split-wasm` runs as Trunk's post_build hook")
            })
        };
        Ok(TrunkBuild {
            staging_dir: PathBuf::from(var("TRUNK_STAGING_DIR")?),
            public_url: var("TRUNK_PUBLIC_URL")?,
            release: var("TRUNK_PROFILE")? == "release",
        })
    }
}

/// The mechanisms `PORTAL_BUILD_WITHOUT` switches off.
struct Without(Vec<String>);

impl Without {
    fn from_env() -> Result<Without> {
        let names = std::env::var(WITHOUT_VARIABLE).unwrap_or_default();
        let names: Vec<String> = names
            .split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_owned)
            .collect();
        if let Some(unknown) = names.iter().find(|n| !MECHANISMS.contains(&n.as_str())) {
            bail!(
                "{WITHOUT_VARIABLE}: no mechanism `{unknown}` ({})",
                MECHANISMS.join(", ")
            );
        }
        Ok(Without(names))
    }

    fn keeps(&self, mechanism: &str) -> bool {
        !self.0.iter().any(|name| name == mechanism)
    }
}

pub fn split_wasm(root: &Path) -> Result<()> {
    let trunk = TrunkBuild::from_env()?;
    let without = Without::from_env()?;
    let profile = if trunk.release { "release" } else { "debug" };
    let compiled = target_dir(root)
        .join(WASM_TARGET)
        .join(profile)
        .join(format!("{PORTAL_BIN}.wasm"));
    let input = fs::read(&compiled).with_context(|| format!("reading {}", compiled.display()))?;
    let work_dir = target_dir(root)
        .join("xtask")
        .join(format!("split-{profile}"));
    let start = crate::start::entry_files(root, without.keeps("early-sign-in"))?;
    let entry_js: Vec<(&str, &str)> = start.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let split = wasm_splitter::split(
        &wasm_splitter::Options {
            input: &input,
            work_dir: &work_dir,
            name: APP_NAME,
            entry_js: &entry_js,
            release: trunk.release,
            main_wasm_opt_args: &UNUSED_EXPORTS,
            companions: WITH_EVERY_PAGE,
            mechanisms: wasm_splitter::Mechanisms {
                first_load_bundles: without.keeps("first-load-bundles"),
                short_import_names: without.keeps("short-import-names"),
            },
        },
        &crate::tools::splitter_tools(root),
    )
    .with_context(|| format!("splitting {}", compiled.display()))?;
    let dir_name = split.deploy(&trunk.staging_dir)?;
    let parts = crate::index_html::Parts {
        main_js: &split.main_js,
        main_wasm: &split.main_wasm,
    };
    crate::index_html::point_at_parts(&trunk, &dir_name, &parts)?;
    if !without.keeps("early-sign-in") {
        crate::index_html::remove_early_form(&trunk)?;
    }
    crate::languages::write_languages(root, &trunk)?;
    if trunk.release {
        // Trunk's own hashed files (the stylesheet) are in the staging directory by now too.
        crate::sizes::write_precompressed(&trunk.staging_dir)?;
    }
    println!(
        "xtask: split the portal's wasm into {} files under {dir_name}/ ({} split points, {} \
         first-load bundles){}",
        split.files.len(),
        split.split_points,
        split.bundles.len(),
        match without.0.is_empty() {
            true => String::new(),
            false => format!(", without {}", without.0.join(", ")),
        }
    );
    Ok(())
}
