//! What a page's first load fetches until the page is usable, counted as issue 28's budgets
//! count it (the end-to-end budget test and `cargo xtask bench` both use this): the requests
//! started before the page is usable, the document included, and a request still downloading
//! then counting too (the sign-in form is usable while the code downloads); and the bundle
//! files they fetched, sized raw, gzip and brotli (quality 11) as the release build
//! precompresses them. Names of files are never compared: only counts and bytes.

use crate::Portal;
use serde_json::{Value, json};
use std::io::Write;

/// A page's first load.
#[derive(Debug, Clone)]
pub struct FirstLoad {
    /// From navigation to the page's mark.
    pub usable_ms: f64,
    /// Requests started by then, the document and API requests included.
    pub requests: usize,
    /// Their URLs, the document's first.
    pub urls: Vec<String>,
    /// The bundle's files among them, each once.
    pub files: Vec<LoadedFile>,
}

/// A file of the bundle a first load fetched.
#[derive(Debug, Clone)]
pub struct LoadedFile {
    /// The path asked for.
    pub request: String,
    /// Its file in the bundle (`index.html` for the document, whatever the path).
    pub file: String,
    pub raw: usize,
    pub gzip: usize,
    pub brotli: usize,
}

impl FirstLoad {
    /// The brotli bytes of all its files.
    pub fn brotli(&self) -> usize {
        self.files.iter().map(|f| f.brotli).sum()
    }
}

impl Portal {
    /// Opens `path` with an empty cache and measures its load until the performance mark
    /// `mark` (e.g. `portal:sign-in-shown`).
    pub async fn first_load(&self, path: &str, mark: &str) -> FirstLoad {
        self.devtools("Network.clearBrowserCache", json!({})).await;
        self.open(path).await;
        let usable_ms = self.mark_time(mark).await;
        // Resource Timing lists a request once it has ended: wait for the shell's code, which
        // the document preloads, however late it comes.
        self.wait_until("the shell's code came", async || {
            let came = self
                .script("the shell's code", SHELL_CODE_CAME, vec![])
                .await;
            came.as_bool().filter(|came| *came)
        })
        .await;
        let loaded = self
            .script("what started by then", STARTED_BY, vec![json!(usable_ms)])
            .await;
        let urls: Vec<&str> = loaded
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        FirstLoad {
            usable_ms,
            requests: urls.len(),
            files: self.bundle_files(&urls),
            urls: urls.iter().map(|url| url.to_string()).collect(),
        }
    }

    /// Milliseconds from navigation to the first performance mark `name`, once there is one.
    pub async fn mark_time(&self, name: &str) -> f64 {
        self.wait_until(&format!("the mark {name}"), async || {
            let code = "const [m] = performance.getEntriesByName(arguments[0]); \
                        return m ? m.startTime : null;";
            self.script("a mark", code, vec![json!(name)])
                .await
                .as_f64()
        })
        .await
    }

    /// The bundle's files `urls` fetched, each once, sized.
    fn bundle_files(&self, urls: &[&str]) -> Vec<LoadedFile> {
        let dist = crate::portal_dist();
        let mut files: Vec<LoadedFile> = Vec::new();
        for url in urls {
            let Some(path) = url.strip_prefix(self.base_url()) else {
                continue;
            };
            let path = path.split(['?', '#']).next().unwrap_or_default();
            let file = match path.rsplit_once('.').map(|(_, extension)| extension) {
                Some("js" | "wasm" | "css" | "json") => path.trim_start_matches('/').to_owned(),
                _ if path.starts_with("/api/") => continue,
                _ => "index.html".to_owned(),
            };
            if files.iter().any(|known| known.file == file) {
                continue;
            }
            let Some((raw, gzip, brotli)) = file_sizes(&dist.join(&file)) else {
                continue;
            };
            let request = path.to_owned();
            files.push(LoadedFile {
                request,
                file,
                raw,
                gzip,
                brotli,
            });
        }
        files
    }
}

/// Whether the wasm file the document preloads (the shell's code) has come.
const SHELL_CODE_CAME: &str = "const shell = document.querySelector('link[rel=preload][href*=\".wasm\"]');
     return !!shell && performance.getEntriesByType('resource').some((e) => e.name === shell.href);";

/// The URLs of the requests started by `arguments[0]` (ms), the document first.
const STARTED_BY: &str = "const [doc] = performance.getEntriesByType('navigation');
     const started = performance.getEntriesByType('resource')
         .filter((e) => e.startTime <= arguments[0]).map((e) => e.name);
     return [doc ? doc.name : location.href, ...started];";

/// Raw, gzip and brotli sizes of `file`: those of the copies the release build wrote beside it
/// (`cargo xtask dist`, as a host serves them), else compressed here (the unhashed
/// `index.html` and `config.json`, which have none).
fn file_sizes(file: &std::path::Path) -> Option<(usize, usize, usize)> {
    let raw = std::fs::metadata(file).ok()?.len() as usize;
    let copy = |suffix: &str| {
        let mut name = file.as_os_str().to_owned();
        name.push(suffix);
        std::fs::metadata(name).ok().map(|m| m.len() as usize)
    };
    match (copy(".gz"), copy(".br")) {
        (Some(gzip), Some(brotli)) => Some((raw, gzip, brotli)),
        _ => Some(compressed_sizes(&std::fs::read(file).ok()?)),
    }
}

/// Raw, gzip (best) and brotli (quality 11) sizes of `bytes`.
fn compressed_sizes(bytes: &[u8]) -> (usize, usize, usize) {
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gzip.write_all(bytes).expect("gzip in memory");
    let gzip = gzip.finish().expect("gzip in memory").len();
    let mut brotli = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &bytes[..], &mut brotli, &params).expect("brotli in memory");
    (bytes.len(), gzip, brotli.len())
}
