//! The splitter on a fixture app it builds (tests/fixture: a layout asked for with every page,
//! two families of pages sharing code), compiled for wasm32 with the workspace's
//! `--emit-relocs`: the parts exist, validate and link against the main part; loaded in Node as
//! a browser loads them, they run, a first page's code comes in one response and a later page
//! fetches only what it lacks; the loader names every part; a bundle reads back as its parts;
//! the import names agree between the wasm and its JS; a part that cannot load says why; and
//! the directory's name follows the content.
//!
//! Needs what `cargo xtask tools` installs: the wasm32 target, wasm-bindgen's CLI, and
//! `.tools/` (esbuild, wasm-opt); and Node.js.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use wasm_splitter::{Mechanisms, Options, Split, Tools};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tools() -> Tools {
    let root = workspace_root();
    // Where `cargo install` put it (as xtask runs it), else on PATH.
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")));
    let installed = cargo_home.map(|home| home.join("bin/wasm-bindgen"));
    let tools = Tools {
        wasm_bindgen: installed
            .filter(|path| path.exists())
            .unwrap_or_else(|| PathBuf::from("wasm-bindgen")),
        esbuild: root.join(".tools/node_modules/esbuild/bin/esbuild"),
        wasm_opt: root.join(".tools/binaryen/node_modules/.bin/wasm-opt"),
    };
    for tool in [&tools.esbuild, &tools.wasm_opt] {
        assert!(
            tool.exists(),
            "{} is missing: run `cargo xtask tools` first",
            tool.display()
        );
    }
    tools
}

/// Variables cargo sets for this test that a cargo started from it must not see: a build
/// script watching one would run again (as in xtask/src/process.rs).
fn set_for_this_test(name: &str) -> bool {
    name.starts_with("CARGO_PKG_")
        || name.starts_with("CARGO_MANIFEST_")
        || matches!(
            name,
            "CARGO_CRATE_NAME" | "CARGO_PRIMARY_PACKAGE" | "CARGO_RUSTC_CURRENT_DIR"
        )
}

/// The fixture's wasm, compiled once per run of these tests (a few seconds once its few
/// dependencies are built: the workspace's target directory and lock file).
fn fixture_wasm() -> &'static [u8] {
    static WASM: OnceLock<Vec<u8>> = OnceLock::new();
    WASM.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        command
            .current_dir(workspace_root())
            .args(["build", "--release", "--target", "wasm32-unknown-unknown"])
            .args(["-p", "wasm-splitter-fixture", "--message-format=json"]);
        for (name, _) in std::env::vars() {
            if set_for_this_test(&name) {
                command.env_remove(name);
            }
        }
        let output = command.output().expect("running cargo");
        assert!(
            output.status.success(),
            "building the fixture: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let wasm = String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .filter(|message| message["target"]["name"] == "wasm_splitter_fixture")
            .flat_map(|message| message["filenames"].as_array().cloned().unwrap_or_default())
            .filter_map(|file| file.as_str().map(PathBuf::from))
            .find(|file| file.extension().is_some_and(|e| e == "wasm"))
            .expect("cargo names the fixture's wasm");
        std::fs::read(&wasm).expect("reading the fixture's wasm")
    })
}

const ENTRY: &str = "export { default } from \"./fixture.js\";\nexport * from \"./fixture.js\";\n";

fn split_fixture(work: &str, release: bool, mechanisms: Mechanisms) -> Split {
    let work_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(work);
    let options = Options {
        input: fixture_wasm(),
        work_dir: &work_dir,
        name: "fixture",
        entry_js: &[("start.js", ENTRY)],
        release,
        main_wasm_opt_args: &[],
        companions: &["layout"],
        mechanisms,
    };
    wasm_splitter::split(&options, &tools()).expect("splitting the fixture")
}

/// The fixture split as a release build, with every mechanism.
fn release_split() -> &'static Split {
    static SPLIT: OnceLock<Split> = OnceLock::new();
    SPLIT.get_or_init(|| split_fixture("split-release", true, Mechanisms::default()))
}

/// The fixture split without minifying or shrinking, and without the mechanisms.
fn plain_split() -> &'static Split {
    static SPLIT: OnceLock<Split> = OnceLock::new();
    let without = Mechanisms {
        first_load_bundles: false,
        short_import_names: false,
    };
    SPLIT.get_or_init(|| split_fixture("split-plain", false, without))
}

fn file_names(split: &Split) -> BTreeSet<String> {
    split
        .files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

fn read(split: &Split, file: &str) -> Vec<u8> {
    std::fs::read(split.dir.join(file)).unwrap_or_else(|e| panic!("reading {file}: {e}"))
}

/// The imports of a wasm module: (module, name).
fn imports(wasm: &[u8]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        if let wasmparser::Payload::ImportSection(reader) = payload.expect("a section") {
            for import in reader.into_imports() {
                let import = import.expect("an import");
                found.push((import.module.to_owned(), import.name.to_owned()));
            }
        }
    }
    found
}

fn exports(wasm: &[u8]) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        if let wasmparser::Payload::ExportSection(reader) = payload.expect("a section") {
            for export in reader {
                found.insert(export.expect("an export").name.to_owned());
            }
        }
    }
    found
}

/// The parts a page's code is made of: every wasm but the main part and the bundles.
fn code_parts(split: &Split) -> BTreeSet<String> {
    file_names(split)
        .into_iter()
        .filter(|f| f.ends_with(".wasm") && *f != split.main_wasm && !f.ends_with(".first.wasm"))
        .collect()
}

#[test]
fn the_parts_exist_validate_and_link_against_the_main_part() {
    let split = release_split();
    assert_eq!(split.split_points, 3, "layout, lists, details");
    let names = file_names(split);
    for expected in [
        "fixture.js",
        "fixture_bg.wasm",
        "split_lists.first.wasm",
        "split_details.first.wasm",
    ] {
        assert!(names.contains(expected), "{expected} in {names:?}");
    }
    let parts = code_parts(split);
    let chunks = parts.iter().filter(|p| p.starts_with("chunk_")).count();
    assert!(
        chunks >= 2,
        "a chunk per set of split points sharing code: {parts:?}"
    );
    let main = read(split, &split.main_wasm);
    let main_exports = exports(&main);
    for file in names.iter().filter(|f| f.ends_with(".wasm")) {
        let bytes = read(split, file);
        wasmparser::Validator::new()
            .validate_all(&bytes)
            .unwrap_or_else(|e| panic!("{file} is not valid wasm: {e}"));
        if !parts.contains(file) {
            continue;
        }
        // A part links against the main part (and the parts loaded before it) under the
        // main part's export names.
        for (module, name) in imports(&bytes) {
            assert_eq!(module, "__wasm_split", "{file} imports {module}.{name}");
            assert!(
                main_exports.contains(&name) || name.starts_with("__wasm_split"),
                "{file} imports {name}, which the main part does not export"
            );
        }
    }
}

/// What a step of the harness saw.
#[derive(Debug, serde::Deserialize)]
struct Step {
    drawn: String,
    fetched: Vec<Fetched>,
    failure: Option<String>,
}

#[derive(Debug, serde::Deserialize)]
struct Fetched {
    file: String,
    bytes: Option<u64>,
}

impl Step {
    fn files(&self) -> Vec<&str> {
        self.fetched.iter().map(|f| f.file.as_str()).collect()
    }
}

/// Runs `steps` (each `{"open": page, "answers": {...}}`, see tests/harness.mjs) in Node on the
/// parts of `split`.
fn run_in_node(split: &Split, steps: serde_json::Value) -> Vec<Step> {
    let harness = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/harness.mjs");
    let output = Command::new("node")
        .arg(harness)
        .arg(&split.dir)
        .arg(steps.to_string())
        .output()
        .expect("running node (Node.js is needed, as for the portal's build)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "node: {stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

const LISTS: &str = "<layout_LISTS><list_of_row_1,_row_2,_row_3>";
const DETAILS: &str = "<layout_DETAILS>record 7: field 1; field 2; field 3; field 4";

#[test]
fn a_first_page_gets_its_code_in_one_response_and_a_later_one_only_what_it_lacks() {
    let split = release_split();
    let steps = run_in_node(
        split,
        serde_json::json!([{ "open": "lists" }, { "open": "details" }]),
    );
    let [lists, details] = &steps[..] else {
        panic!("{steps:?}")
    };
    assert_eq!(lists.drawn, LISTS);
    assert_eq!(details.drawn, DETAILS);
    // The layout and the list, asked for in one task: their parts in one response.
    assert_eq!(lists.files(), ["split_lists.first.wasm"]);
    let here = bundle_parts(split, "split_lists.first.wasm");
    let lacking: Vec<String> = bundle_parts(split, "split_details.first.wasm")
        .difference(&here)
        .cloned()
        .collect();
    assert!(!lacking.is_empty());
    assert_eq!(details.files(), lacking, "only what the record page lacks");
    let lacking_bytes: u64 = lacking.iter().map(|f| read(split, f).len() as u64).sum();
    let fetched_bytes: u64 = details.fetched.iter().filter_map(|f| f.bytes).sum();
    assert_eq!(fetched_bytes, lacking_bytes);
    assert!(lists.failure.is_none() && details.failure.is_none());
}

/// The part files a bundle holds.
fn bundle_parts(split: &Split, file: &str) -> BTreeSet<String> {
    let parts = wasm_splitter::read_bundle(&read(split, file)).expect("a bundle");
    parts.into_iter().map(|(name, _)| name).collect()
}

#[test]
fn without_its_bundle_a_page_gets_its_code_part_by_part() {
    let split = release_split();
    let steps = run_in_node(
        split,
        serde_json::json!([{ "open": "lists", "answers": { "*.first.wasm": "404" } }]),
    );
    assert_eq!(steps[0].drawn, LISTS);
    let files = steps[0].files();
    assert_eq!(files[0], "split_lists.first.wasm");
    let parts: BTreeSet<String> = files[1..].iter().map(|f| f.to_string()).collect();
    assert_eq!(parts.len(), files.len() - 1, "each part once: {files:?}");
    assert_eq!(parts, bundle_parts(split, "split_lists.first.wasm"));
    // A missed bundle is no failure of the page's code.
    assert_eq!(steps[0].failure, None);
}

#[test]
fn a_part_that_cannot_load_says_whether_it_is_gone_or_the_network_failed() {
    let split = release_split();
    let cases = [
        ("404", "gone"),
        ("410", "gone"),
        ("html", "gone"),
        ("503", "network"),
        ("network", "network"),
    ];
    for (answer, kind) in cases {
        // The record page's own part fails; after the failure the same page is tried again
        // and comes (a failure is not remembered).
        let steps = run_in_node(
            split,
            serde_json::json!([
                { "open": "lists" },
                { "open": "details", "answers": { "split_details.wasm": answer } },
                { "open": "details" },
            ]),
        );
        assert_eq!(steps[1].drawn, "unavailable", "{answer}");
        assert_eq!(steps[1].failure.as_deref(), Some(kind), "{answer}");
        assert_eq!(steps[2].drawn, DETAILS, "{answer}: tried again");
        assert_eq!(steps[2].files(), ["split_details.wasm"], "{answer}");
    }
    // A part that is another build's (here: the main part's bytes, which do not link).
    let broken = split.dir.parent().unwrap().join("broken-parts");
    let _ = std::fs::remove_dir_all(&broken);
    std::fs::create_dir_all(&broken).unwrap();
    for file in &split.files {
        std::fs::copy(file, broken.join(file.file_name().unwrap())).unwrap();
    }
    std::fs::copy(
        split.dir.join(&split.main_wasm),
        broken.join("split_details.wasm"),
    )
    .unwrap();
    let broken_split = Split {
        dir: broken,
        files: vec![],
        main_js: split.main_js.clone(),
        main_wasm: split.main_wasm.clone(),
        split_points: 0,
        bundles: vec![],
    };
    let steps = run_in_node(
        &broken_split,
        serde_json::json!([{ "open": "lists" }, { "open": "details" }]),
    );
    assert_eq!(steps[1].drawn, "unavailable");
    assert_eq!(steps[1].failure.as_deref(), Some("gone"));
}

#[test]
fn the_loader_names_every_part_and_the_modules_with_a_bundle() {
    for split in [release_split(), plain_split()] {
        let js = String::from_utf8(read(split, &split.main_js)).expect("the module is text");
        // Every string that is a file name of a wasm part (`.first.wasm` is the suffix the
        // loader gives a module's bundle).
        let named: BTreeSet<String> = js
            .split('"')
            .map(|literal| literal.trim_start_matches("./"))
            .filter(|name| {
                name.strip_suffix(".wasm").is_some_and(|stem| {
                    !stem.is_empty() && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                })
            })
            .map(str::to_owned)
            .collect();
        // The glue names the main part too, as its default.
        let mut expected = code_parts(split);
        expected.insert(split.main_wasm.clone());
        assert_eq!(named, expected, "{}", split.dir.display());
        // The loader finds a bundle by its module: `<module>.first.wasm`.
        let modules: Vec<&str> = split.bundles.iter().map(|b| b.module.as_str()).collect();
        assert!(
            js.contains(&serde_json::json!(modules).to_string()),
            "{modules:?}"
        );
        for bundle in &split.bundles {
            assert_eq!(bundle.file, bundle.module.replace(".wasm", ".first.wasm"));
        }
    }
}

#[test]
fn a_bundle_reads_back_as_its_parts() {
    let split = release_split();
    // The layout's (it has a chunk of its own), the list's and the record page's.
    assert_eq!(split.bundles.len(), 3, "{:?}", split.bundles);
    for bundle in &split.bundles {
        let mut held = wasm_splitter::read_bundle(&read(split, &bundle.file)).expect("a bundle");
        let mut expected: Vec<(String, Vec<u8>)> = bundle
            .parts
            .iter()
            .map(|part| (part.clone(), read(split, part)))
            .collect();
        // The loader takes a bundle's parts by name, whatever their order (the largest comes
        // first, for brotli).
        held.sort();
        expected.sort();
        assert_eq!(held, expected, "{}", bundle.file);
        assert!(
            bundle.parts.contains(&"split_layout.wasm".to_owned()),
            "the companion's module in {}",
            bundle.file
        );
    }
}

#[test]
fn import_names_are_short_and_agree_between_the_wasm_and_its_js() {
    let glue_imports = |split: &Split| -> Vec<String> {
        imports(&read(split, &split.main_wasm))
            .into_iter()
            .filter(|(module, _)| module == "./fixture_bg.js")
            .map(|(_, name)| name)
            .collect()
    };
    let short = glue_imports(release_split());
    assert!(!short.is_empty());
    assert!(
        short
            .iter()
            .all(|n| n.len() <= 2 && n.chars().all(|c| c.is_ascii_alphabetic())),
        "{short:?}"
    );
    let long = glue_imports(plain_split());
    assert!(
        long.iter()
            .all(|n| n.starts_with("__wbg_") || n.starts_with("__wbindgen_")),
        "{long:?}"
    );
    // Both load and run: every import the main part names, its JS provides (a missing one is
    // a LinkError as the module is instantiated).
    for split in [release_split(), plain_split()] {
        let steps = run_in_node(split, serde_json::json!([{ "open": "lists" }]));
        assert_eq!(steps[0].drawn, LISTS, "{}", split.dir.display());
    }
    // Without bundles the first page's code comes part by part, each part once.
    let steps = run_in_node(plain_split(), serde_json::json!([{ "open": "lists" }]));
    let files: BTreeSet<&str> = steps[0].files().into_iter().collect();
    assert!(
        files.len() > 1 && files.len() == steps[0].fetched.len(),
        "{steps:?}"
    );
    assert!(
        steps[0].fetched.iter().all(|f| f.bytes.is_some()),
        "{steps:?}"
    );
}

#[test]
fn the_directory_name_follows_the_content() {
    let (release, plain) = (release_split(), plain_split());
    let name = release.content_name().unwrap();
    assert_eq!(name, release.content_name().unwrap());
    assert_ne!(name, plain.content_name().unwrap());
    let into = release.dir.parent().unwrap().join("deployed");
    let _ = std::fs::remove_dir_all(&into);
    assert_eq!(release.deploy(&into).unwrap(), name);
    let deployed: BTreeSet<String> = std::fs::read_dir(into.join(&name))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(deployed, file_names(release));
}
