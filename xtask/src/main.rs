//! `cargo xtask <command>`: developer tasks of the workspace (see `cargo xtask help`).

mod browser;
mod index_html;
mod lanes;
mod languages;
mod new_resource;
mod portal;
mod process;
mod sizes;
mod split;
mod start;
mod tools;

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use portal::{Bundle, Reuse};
use process::Cmd;
use tools::Toolchain;

const USAGE: &str = "\
Usage: cargo xtask <command> [options]

Commands:
  serve [--port N] [--release] [--upstream URL] [--config FILE]
                                 Build the portal into dist/ and run the demo server on it
                                 (default port 8080; --release optimises the portal build;
                                 --upstream proxies the API to a real deployment's base URL;
                                 --config serves FILE as config.json, with the brand's
                                 images beside it: --config examples/branded/config.json)
  dist [--public-url /path/]     Release build of the portal into dist/, with file sizes;
                                 --public-url builds it for serving under that path
  test                           fmt, clippy, native tests, release build, wasm browser tests,
                                 end-to-end tests in headless Chromium (and a walk through the
                                 portal in Firefox and WebKit); stops at the first failure
  bench [--transfer-only] [--long-day-only] [--config FILE]
                                 Release build, then measure it in headless Chromium: first-load
                                 sizes, time to the first table and chart, JS heap, 1000-row
                                 render, filter, month-long chart, a long day of 3,000 visits,
                                 server load; writes target/bench/report.md and report.json.
                                 --transfer-only measures only each first load's requests and
                                 bytes (quick, and the same on a busy machine); --long-day-only
                                 only the long day (about 15 minutes); --config serves FILE as
                                 config.json. PORTAL_BUILD_WITHOUT=first-load-bundles (or
                                 short-import-names, early-sign-in) builds without that, for an
                                 A/B (docs/loading.md)
  csp [--config FILE]            Print the Content-Security-Policy header line for deploy/nginx.conf
                                 that FILE calls for (default public/config.json): its
                                 frame-ancestors and connect-src follow embed.allowedOrigins and
                                 apiBaseUrl
  new-resource PATH              Print what adding the plain API collection at /PATH takes
                                 (its declaration, its texts, its demo rows), step by step with
                                 the names it gets, the code to paste and the test of each step
  tools                          Only install/check the toolchain (Trunk, wasm-bindgen, wasm-opt)
  split-wasm                     Trunk's post-build hook (Trunk.toml): splits the wasm into
                                 on-demand page chunks
  help                           This text

Tools are installed on first use: the wasm32 target (rustup), Trunk and wasm-bindgen-cli
(cargo install), wasm-opt (npm binaryen into .tools/), esbuild (npm, into .tools/), and only
for `test` Chromium and chromedriver, Firefox ESR, WebKitGTK's WebKitWebDriver and xvfb
(apt-get, as root), geckodriver (cargo install) and axe-core for the accessibility audit (npm,
into .tools/).";

const DEFAULT_PORT: u16 = 8080;

fn main() -> ExitCode {
    process::forward_interrupts_to_children();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<()> {
    let Some((command, options)) = args.split_first() else {
        println!("{USAGE}");
        bail!("no command given");
    };
    let root = workspace_root();
    match command.as_str() {
        "serve" => serve(&root, parse_serve_options(options)?),
        "dist" => dist(&root, parse_dist_options(options)?),
        "test" => {
            no_options(command, options)?;
            test(&root)
        }
        "bench" => bench(&root, parse_bench_options(options)?),
        "csp" => csp(&root, options),
        "new-resource" => match options {
            [path] => {
                let names = new_resource::Names::of(path)?;
                print!("{}", new_resource::checklist(&names));
                Ok(())
            }
            _ => {
                bail!("`new-resource` takes the collection's API path: new-resource phone-numbers")
            }
        },
        "split-wasm" => {
            no_options(command, options)?;
            split::split_wasm(&root)
        }
        "tools" => {
            no_options(command, options)?;
            Toolchain::ensure(&root).map(|_| ())
        }
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => {
            println!("{USAGE}");
            bail!("unknown command `{other}`")
        }
    }
}

fn no_options(command: &str, options: &[String]) -> Result<()> {
    match options.first() {
        Some(option) => bail!("`{command}` takes no options, got `{option}`"),
        None => Ok(()),
    }
}

/// The workspace root is the parent of this crate's directory, wherever cargo runs us from.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}

struct ServeOptions {
    port: u16,
    release: bool,
    /// A real deployment's base URL to proxy the API to, instead of the demo data.
    upstream: Option<String>,
    /// A `config.json` to serve instead of dist's (its brand's images beside it).
    config: Option<String>,
}

fn parse_serve_options(options: &[String]) -> Result<ServeOptions> {
    let mut parsed = ServeOptions {
        port: DEFAULT_PORT,
        release: false,
        upstream: None,
        config: None,
    };
    let mut options = options.iter();
    while let Some(option) = options.next() {
        match option.as_str() {
            "--release" => parsed.release = true,
            "--upstream" => {
                parsed.upstream = Some(options.next().context("--upstream needs a URL")?.clone())
            }
            "--config" => {
                parsed.config = Some(options.next().context("--config needs a file")?.clone())
            }
            "--port" => {
                let value = options.next().context("--port needs a number")?;
                parsed.port = value
                    .parse()
                    .with_context(|| format!("--port: `{value}` is not a port number"))?;
            }
            other => {
                if let Some(value) = other.strip_prefix("--port=") {
                    parsed.port = value
                        .parse()
                        .with_context(|| format!("--port: `{value}` is not a port number"))?
                } else if let Some(value) = other.strip_prefix("--upstream=") {
                    parsed.upstream = Some(value.to_owned())
                } else if let Some(value) = other.strip_prefix("--config=") {
                    parsed.config = Some(value.to_owned())
                } else {
                    bail!("`serve` does not know the option `{other}`")
                }
            }
        }
    }
    Ok(parsed)
}

fn serve(root: &Path, options: ServeOptions) -> Result<()> {
    let toolchain = Toolchain::ensure(root)?;
    let profile = if options.release { "release" } else { "debug" };
    println!("xtask: building the portal ({profile}) into dist/");
    portal::build_dist(
        root,
        &toolchain,
        options.release,
        Reuse::IfFresh,
        &Bundle::default_dist(root),
    )?;
    println!("xtask: starting the demo server on port {}", options.port);
    let port = options.port.to_string();
    // exec: the server owns the terminal from here, so Ctrl-C stops it as usual.
    let mut server = Cmd::cargo(root)
        .args(["run", "-p", "demo-server", "--release", "--"])
        .args(["--dist", "dist", "--port", &port]);
    if let Some(upstream) = &options.upstream {
        server = server.args(["--upstream", upstream]);
    }
    if let Some(config) = &options.config {
        // The server runs from the workspace root; a relative path is the caller's.
        let config = std::env::current_dir()?.join(config);
        server = server.arg("--config").arg(config);
    }
    server.exec()
}

/// `cargo xtask csp`: the nginx header line of the policy a `config.json` calls for.
fn csp(root: &Path, options: &[String]) -> Result<()> {
    let config_file = match options {
        [] => root.join("public/config.json"),
        [flag, file] if flag == "--config" => PathBuf::from(file),
        _ => bail!("`csp` takes `--config FILE` or nothing"),
    };
    let text = std::fs::read_to_string(&config_file)
        .with_context(|| format!("reading {}", config_file.display()))?;
    let line = csp_line(&text).map_err(|e| anyhow::anyhow!("{}: {e}", config_file.display()))?;
    println!("{line}");
    Ok(())
}

/// The nginx header line of the policy `config.json`'s text calls for; a config the portal
/// would refuse (an `embed.allowedOrigins` entry that is not one origin, say) gives none.
fn csp_line(config_text: &str) -> Result<String, portal_config::ConfigError> {
    let config = portal_config::parse_config(config_text)?;
    let policy = portal_config::content_security_policy(&config, None);
    Ok(format!(
        "add_header Content-Security-Policy \"{policy}\" always;"
    ))
}

/// `dist` options: the public URL the bundle is served under.
fn parse_dist_options(options: &[String]) -> Result<String> {
    let mut public_url = "/".to_owned();
    let mut options = options.iter();
    while let Some(option) = options.next() {
        let value = match option.as_str() {
            "--public-url" => options.next().context("--public-url needs a path")?.clone(),
            other => match other.strip_prefix("--public-url=") {
                Some(value) => value.to_owned(),
                None => bail!("`dist` does not know the option `{other}`"),
            },
        };
        public_url = portal_config::parse_public_url(&value).map_err(anyhow::Error::msg)?;
    }
    Ok(public_url)
}

fn dist(root: &Path, public_url: String) -> Result<()> {
    let toolchain = Toolchain::ensure(root)?;
    println!("xtask: release build of the portal into dist/ (public URL {public_url})");
    let bundle = Bundle {
        dir: root.join("dist"),
        public_url,
    };
    portal::build_dist(root, &toolchain, true, Reuse::Never, &bundle)?;
    sizes::print_report(&bundle.dir)
}

struct BenchOptions {
    /// Only each first load's requests and bytes.
    transfer_only: bool,
    /// Only the long day's walk (issue 43).
    long_day_only: bool,
    /// A `config.json` to serve instead of the bundle's.
    config: Option<PathBuf>,
}

fn parse_bench_options(options: &[String]) -> Result<BenchOptions> {
    let mut parsed = BenchOptions {
        transfer_only: false,
        long_day_only: false,
        config: None,
    };
    let mut options = options.iter();
    while let Some(option) = options.next() {
        match option.as_str() {
            "--transfer-only" => parsed.transfer_only = true,
            "--long-day-only" => parsed.long_day_only = true,
            "--config" => {
                let file = options.next().context("--config needs a file")?;
                parsed.config = Some(std::env::current_dir()?.join(file));
            }
            other => bail!("`bench` does not know the option `{other}`"),
        }
    }
    Ok(parsed)
}

/// `cargo xtask bench`: the benchmark test of crates/e2e in a release build, against the
/// release bundle.
fn bench(root: &Path, options: BenchOptions) -> Result<()> {
    let toolchain = Toolchain::ensure(root)?;
    let browser = browser::ensure_installed()?;
    let lighthouse = match options.transfer_only || options.long_day_only {
        true => None,
        false => Some(tools::ensure_lighthouse(root)?),
    };
    portal::build_dist(
        root,
        &toolchain,
        true,
        Reuse::IfFresh,
        &Bundle::default_dist(root),
    )?;
    let driver =
        browser::WebDriverServer::chromedriver(&browser.chromedriver, &root.join("target/xtask"))?;
    let out = root.join("target/bench");
    let mut run = Cmd::cargo(root)
        .args(["test", "--release", "-p", "e2e", "--test", "bench"])
        .args(["--", "--ignored", "--nocapture"])
        .env("PORTAL_DIST", root.join("dist"))
        .env("WEBDRIVER_URL", driver.url())
        .env("BENCH_OUT", &out);
    if let Some(lighthouse) = lighthouse {
        run = run.env("LIGHTHOUSE_CLI", lighthouse);
    }
    if options.transfer_only {
        run = run.env("BENCH_TRANSFER_ONLY", "1");
    }
    if options.long_day_only {
        run = run.env("BENCH_LONG_DAY_ONLY", "1");
    }
    if let Some(config) = &options.config {
        run = run.env("BENCH_CONFIG", config);
    }
    let run = run.run();
    drop(driver);
    run?;
    println!(
        "xtask: benchmark report in {}",
        out.join("report.md").display()
    );
    Ok(())
}

/// One stage of `cargo xtask test`; the pipeline stops at the first that fails.
struct Stage {
    name: &'static str,
    started: Instant,
}

impl Stage {
    fn begin(number: usize, name: &'static str) -> Stage {
        println!("\nxtask: ==== [{number}/{TEST_STAGES}] {name} ====");
        Stage {
            name,
            started: Instant::now(),
        }
    }

    fn end(self, timings: &mut Vec<(&'static str, f64)>) {
        let seconds = self.started.elapsed().as_secs_f64();
        println!("xtask: {} passed in {seconds:.1} s", self.name);
        timings.push((self.name, seconds));
    }
}

const TEST_STAGES: usize = 6;
/// The sub-path the hosting tests serve a second build under.
const SUBPATH_PUBLIC_URL: &str = "/portal/";

/// Clippy with warnings denied: the native crates, and the portal for wasm32.
fn clippy(root: &Path) -> Result<()> {
    Cmd::cargo(root)
        .args([
            "clippy",
            "--workspace",
            "--exclude",
            "portal",
            "--all-targets",
        ])
        .args(["--", "-D", "warnings"])
        .run()?;
    Cmd::cargo(root)
        .args([
            "clippy",
            "-p",
            "portal",
            "--target",
            "wasm32-unknown-unknown",
        ])
        .args(["--all-targets", "--", "-D", "warnings"])
        .run()
}

/// The portal's wasm tests in headless Chromium.
fn wasm_tests(root: &Path, chromedriver: &Path) -> Result<()> {
    // wasm-bindgen-test-runner starts chromedriver itself and reads the capabilities (Chromium
    // binary, headless flags) from webdriver.json.
    let webdriver_json = root.join("webdriver.json");
    Cmd::cargo(root)
        .args(["test", "-p", "portal", "--target", "wasm32-unknown-unknown"])
        .env(
            "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
            "wasm-bindgen-test-runner",
        )
        .env("CHROMEDRIVER", chromedriver)
        .env("WASM_BINDGEN_TEST_WEBDRIVER_JSON", &webdriver_json)
        .run()
}

/// What the end-to-end tests run with besides the bundles.
struct Browsers<'a> {
    chromedriver: &'a Path,
    geckodriver: &'a Path,
    /// axe-core's `axe.min.js`, for the accessibility audit.
    axe_core: &'a Path,
}

/// The e2e test binaries against `dist/` and the sub-path bundle in `subpath_dist`, with
/// chromedriver and WebKitWebDriver started for them and stopped afterwards (each binary starts
/// the geckodriver it needs).
fn end_to_end_tests(root: &Path, browsers: &Browsers, subpath_dist: &Path) -> Result<()> {
    let logs = root.join("target/xtask");
    // The drivers' guards live until after the tests, so they are killed on success and failure.
    let chromedriver = browser::WebDriverServer::chromedriver(browsers.chromedriver, &logs)?;
    let (webkit_driver, webkit_downloads) = browser::WebDriverServer::webkit_driver(&logs)?;
    let env = [
        ("PORTAL_DIST", root.join("dist").into_os_string()),
        ("PORTAL_SUBPATH_DIST", subpath_dist.into()),
        ("PORTAL_SUBPATH", SUBPATH_PUBLIC_URL.into()),
        ("WEBDRIVER_URL", chromedriver.url().into()),
        // geckodriver runs one session at a time, and two binaries run at once (`lanes`):
        // each binary starts its own, only if it runs a Firefox test, and its tests take turns.
        ("GECKODRIVER", browsers.geckodriver.into()),
        ("WEBKITDRIVER_URL", webkit_driver.url().into()),
        ("WEBKIT_DOWNLOAD_DIR", webkit_downloads.into_os_string()),
        ("AXE_CORE_JS", browsers.axe_core.into()),
    ];
    let e2e = lanes::run(
        root,
        &lanes::Suite {
            selection: &["-p", "e2e"],
            binary_args: &["--test-threads=2"],
            env: &env,
            longest_first: &[
                "faults",
                "accessibility",
                "lists",
                "statistics",
                "engines",
                "live_calls",
            ],
            doc_tests: false,
        },
    );
    drop((chromedriver, webkit_driver));
    e2e
}

fn test(root: &Path) -> Result<()> {
    let started = Instant::now();
    let toolchain = Toolchain::ensure(root)?;
    let browser = browser::ensure_installed()?;
    let other_engines = browser::ensure_other_engines_installed()?;
    let axe_core = tools::ensure_axe_core(root)?;
    println!(
        "xtask: tools ready in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let mut timings = Vec::new();

    let stage = Stage::begin(1, "formatting");
    Cmd::cargo(root)
        .args(["fmt", "--all", "--", "--check"])
        .run()?;
    stage.end(&mut timings);

    let stage = Stage::begin(2, "clippy");
    clippy(root)?;
    stage.end(&mut timings);

    let stage = Stage::begin(3, "native tests");
    lanes::run(
        root,
        &lanes::Suite {
            selection: &["--workspace", "--exclude", "portal", "--exclude", "e2e"],
            binary_args: &[],
            env: &[],
            longest_first: &["http", "robustness"],
            doc_tests: true,
        },
    )?;
    stage.end(&mut timings);

    let stage = Stage::begin(4, "release build of the portal");
    portal::build_dist(
        root,
        &toolchain,
        true,
        Reuse::IfFresh,
        &Bundle::default_dist(root),
    )?;
    // The same portal built for a sub-path, for the hosting tests.
    let subpath = Bundle {
        dir: root.join("target/dist-subpath"),
        public_url: SUBPATH_PUBLIC_URL.to_owned(),
    };
    portal::build_dist(root, &toolchain, true, Reuse::IfFresh, &subpath)?;
    stage.end(&mut timings);

    let stage = Stage::begin(5, "wasm tests in Chromium");
    wasm_tests(root, &browser.chromedriver)?;
    stage.end(&mut timings);

    let stage = Stage::begin(6, "end-to-end tests in Chromium, Firefox and WebKit");
    let browsers = Browsers {
        chromedriver: &browser.chromedriver,
        geckodriver: &other_engines.geckodriver,
        axe_core: &axe_core,
    };
    end_to_end_tests(root, &browsers, &subpath.dir)?;
    stage.end(&mut timings);

    println!("\nxtask: all {TEST_STAGES} stages passed");
    for (name, seconds) in &timings {
        println!("  {seconds:7.1} s  {name}");
    }
    println!(
        "  {:7.1} s  total (including tool checks)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::csp_line;

    /// A tab between two origins would let the second frame the portal; `;` would start a
    /// directive of its own: the config is refused, naming the key.
    #[test]
    fn the_csp_line_of_a_config_with_a_wrong_origin_is_refused() {
        let good = csp_line(r#"{"embed":{"allowedOrigins":["https://a.example"]}}"#).unwrap();
        assert!(
            good.contains("frame-ancestors 'self' https://a.example;"),
            "{good}"
        );
        for origins in [
            r#"["https://a.example\thttps://evil.example"]"#,
            "[\"https://a.example\u{7f}\"]",
            r#"["https://a.example; script-src *"]"#,
        ] {
            let text = format!(r#"{{"embed":{{"allowedOrigins":{origins}}}}}"#);
            let error = csp_line(&text).unwrap_err().to_string();
            assert!(error.contains("embed.allowedOrigins"), "{text}: {error}");
        }
    }
}
