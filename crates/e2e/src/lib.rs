//! Harness of the end-to-end tests: the built portal (`dist/`) served by an in-process demo
//! server, driven in headless Chromium through WebDriver (or in Firefox or WebKit:
//! [`Setup::engine`]).
//!
//! ```no_run
//! e2e::run(|portal| async move {
//!     portal.open("/login").await;
//!     portal.sign_in(e2e::DEMO_LOGIN, e2e::DEMO_PASSWORD).await;
//! });
//! ```
//!
//! Environment:
//! - `PORTAL_DIST`: the built portal (default `<workspace>/dist`; `cargo xtask dist` builds it).
//! - `WEBDRIVER_URL`: a running chromedriver. Unset, the test process starts its own
//!   (`$CHROMEDRIVER`, default `/usr/bin/chromedriver`) and kills it at exit.
//! - `CHROMIUM`: the browser binary (default `/usr/bin/chromium`).
//! - `GECKODRIVER_URL` and `WEBKITDRIVER_URL`: a running geckodriver and WebKitWebDriver, for
//!   the tests in Firefox and WebKit. Unset, the test process starts its own (`$GECKODRIVER`,
//!   default `geckodriver` on PATH; `$WEBKITDRIVER`, default `/usr/bin/WebKitWebDriver`, under
//!   `xvfb-run`). `FIREFOX` and `MINIBROWSER` name the browsers (defaults
//!   `/usr/bin/firefox-esr` and WebKitGTK's MiniBrowser). `WEBKIT_DOWNLOAD_DIR`: where the
//!   WebKitWebDriver at `WEBKITDRIVER_URL` has its browsers save downloads (WebKit takes the
//!   directory from its environment, not from a session's capabilities).
//! - `E2E_SCREENSHOT_DIR`: when set, each test saves a PNG of the page it ends on there.
//! - `AXE_CORE_JS`: axe-core's `axe.min.js` for [`Portal::audit_accessibility`] (default
//!   `<workspace>/.tools/node_modules/axe-core/axe.min.js`, where `cargo xtask test` installs it).
//! - `E2E_TIMINGS`: when set to a file, each test appends a line to it with where its time went
//!   (the start of its server and session, the test itself, clean-up), to see what the stage
//!   costs.
//!
//! Each session downloads files into a directory of its own, without asking
//! ([`Portal::wait_for_download`]); WebKit's sessions, one at a time, into their driver's.
//!
//! Faults: with [`Setup::fault_control`] the demo server mounts `/__demo/faults`
//! ([`Portal::set_faults`], [`Portal::clear_faults`]); with [`Setup::deploy_control`],
//! `/__demo/deploy`, which acts out a new build's deployment while the tab is open
//! ([`Portal::deploy_new_build`], [`Portal::undo_deployment`]); [`Portal::restart_server`]
//! gives the server a fresh start (a new token secret, so every issued token is refused);
//! [`Portal::go_offline`] and [`Portal::go_online`] cut and restore the browser's network. The
//! harness logs every request under `/api` the server receives, and its answer
//! ([`Portal::served_requests`]), so a test can count requests, retries and their pauses.
//!
//! The harness by concern (everything public is re-exported here, at the crate root):
//! - `server`: the in-process demo server a test runs against ([`Setup`], [`Bundle`],
//!   [`ApiServer`], the built bundles, the log of served requests);
//! - `engine`: the engines ([`Engine`]): each one's WebDriver server and session capabilities;
//! - `webdriver`: the WebDriver servers, the browser sessions, and chromedriver's own commands
//!   (network conditions, DevTools);
//! - `portal`: the [`Portal`] page object (navigation, waits, input, viewport, sign-in,
//!   downloads, the accessibility audit);
//! - `first_load`: what a page's first load fetches until it is usable, as the budgets count it
//!   ([`Portal::first_load`]);
//! - `network`: the network seen from the test (offline and online, throttling, faults, a
//!   server restart, the served requests, direct API calls);
//! - `statement`: a month's statement made in its page and saved ([`Portal::make_statement`]);
//! - `table`: the [`Table`] reader;
//! - `time`: times as the API writes them ([`now_seconds`], [`utc_text`]).
//! - `walk`: a long walk of in-app navigation and what the page holds after it ([`MemorySample`]).
//! - [`upstream_stub`]: the stand-in for a foreign deployment ([`ApiServer::UpstreamSamples`]).

use std::any::Any;
use std::future::Future;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fantoccini::Client;
use hyper_util::client::legacy::Client as HttpClient;
use hyper_util::rt::TokioExecutor;

mod archive;
mod engine;
mod first_load;
mod network;
mod portal;
mod server;
mod statement;
mod table;
mod time;
pub mod upstream_stub;
mod walk;
mod webdriver;

pub use archive::unzipped;
pub use demo_server::{DEMO_LOGIN, DEMO_PASSWORD, DataFile};
pub use engine::Engine;
pub use fantoccini;
pub use first_load::{FirstLoad, LoadedFile};
pub use network::OnlineEvent;
pub use portal::{DOWNLOAD_TIMEOUT, Portal, WAIT_TIMEOUT, query_param};
pub use server::{ApiServer, Bundle, ServedRequest, Setup, portal_dist, subpath_dist};
pub use table::Table;
pub use time::{now_seconds, utc_text};
pub use walk::MemorySample;

use portal::{PAGE_STATE_MARKER, page_state};
use server::DemoServer;
use webdriver::{Browsers, CLEANUP_TIMEOUT};

/// Runs one end-to-end test with the default [`Setup`]; see [`run_with`].
pub fn run<F, Fut>(test: F)
where
    F: FnOnce(Portal) -> Fut,
    Fut: Future<Output = ()>,
{
    run_with(Setup::default(), test)
}

/// Starts a demo server and takes a fresh browser session of the setup's engine (both at
/// once; a Chromium session was started while the previous test ran), runs `test`, and always stops the server and hands
/// the session back to be closed in the background. A failing test (a panic, or running past
/// three minutes) also prints the page's URL and text.
pub fn run_with<F, Fut>(setup: Setup, test: F)
where
    F: FnOnce(Portal) -> Fut,
    Fut: Future<Output = ()>,
{
    let started = Instant::now();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("building the tokio runtime");
    let (dist, public_url) = match setup.bundle {
        Bundle::Root => (portal_dist(), "/".to_owned()),
        Bundle::SubPath => subpath_dist(),
    };
    let browsers = Browsers::get(setup.engine);
    let (server, session) = runtime.block_on(async {
        tokio::join!(
            DemoServer::start(&dist, &public_url, &setup),
            browsers.session()
        )
    });
    let client = session.client.clone();
    let portal = Portal {
        client: client.clone(),
        engine: session.engine,
        base_url: server.base_url.clone(),
        http: HttpClient::builder(TokioExecutor::new()).build_http(),
        downloads: session.downloads().to_path_buf(),
        served: server.served.clone(),
        code_held: server.code_held.clone(),
        restart: server.restart.clone(),
        parent_url: server.parent_url.clone(),
        foreign_url: server.foreign_url.clone(),
        bare_urls: server.bare_urls.clone(),
    };
    let ready = Instant::now();

    let outcome = catch_unwind(AssertUnwindSafe(|| {
        runtime.block_on(async { tokio::time::timeout(setup.time_limit, test(portal)).await })
    }));
    let test_done = Instant::now();
    let report_page = match &outcome {
        Ok(Ok(())) => false,
        Ok(Err(_)) => true,
        Err(panic) => !panic_message(panic.as_ref()).contains(PAGE_STATE_MARKER),
    };
    if report_page {
        let state = async { tokio::time::timeout(CLEANUP_TIMEOUT, page_state(&client)).await };
        match runtime.block_on(state) {
            Ok(state) => eprintln!("\n{state}"),
            Err(_) => eprintln!("\ne2e: the browser did not report the page state"),
        }
    }

    if let Some(dir) = std::env::var_os("E2E_SCREENSHOT_DIR") {
        runtime.block_on(save_screenshot(&client, Path::new(&dir)));
    }
    drop(client);
    browsers.release(session);
    server.stop();
    drop(runtime);
    let phases = [
        ("start", ready - started),
        ("test", test_done - ready),
        ("cleanup", test_done.elapsed()),
    ];
    record_timings(&phases, matches!(outcome, Ok(Ok(()))));

    match outcome {
        Err(panic) => resume_unwind(panic),
        Ok(Err(_)) => panic!("the test did not finish within {:?}", setup.time_limit),
        Ok(Ok(())) => {}
    }
}

/// Appends the test's name, its phases in seconds and whether it passed to `$E2E_TIMINGS`, as
/// one tab-separated line (one write, so parallel tests do not interleave).
fn record_timings(phases: &[(&str, Duration)], passed: bool) {
    let Some(path) = std::env::var_os("E2E_TIMINGS") else {
        return;
    };
    let mut line = std::thread::current().name().unwrap_or("e2e").to_owned();
    for (name, duration) in phases {
        line.push_str(&format!("\t{name}={:.3}", duration.as_secs_f64()));
    }
    line.push_str(if passed { "\tpassed\n" } else { "\tfailed\n" });
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut file| file.write_all(line.as_bytes()));
    if let Err(error) = written {
        eprintln!("e2e: appending to {}: {error}", Path::new(&path).display());
    }
}

/// Saves the page as the test left it, named after the test, for a person to look at.
async fn save_screenshot(client: &Client, dir: &Path) {
    let name = std::thread::current()
        .name()
        .unwrap_or("e2e")
        .replace("::", "-");
    let shot = async { tokio::time::timeout(CLEANUP_TIMEOUT, client.screenshot()).await };
    match shot.await {
        Ok(Ok(png)) => {
            let path = dir.join(format!("{name}.png"));
            if let Err(error) =
                std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, png))
            {
                eprintln!("e2e: saving {}: {error}", path.display());
            }
        }
        _ => eprintln!("e2e: the browser gave no screenshot"),
    }
}

fn panic_message(panic: &(dyn Any + Send)) -> &str {
    if let Some(message) = panic.downcast_ref::<String>() {
        message
    } else if let Some(message) = panic.downcast_ref::<&str>() {
        message
    } else {
        ""
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/e2e lies two levels below the workspace root")
        .to_path_buf()
}
