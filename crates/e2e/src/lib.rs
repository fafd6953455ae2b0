//! Harness of the end-to-end tests: the built portal (`dist/`) served by an in-process demo
//! server, driven in headless Chromium through WebDriver.
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
//! - `WEBDRIVER_URL`: a running chromedriver. Unset, each test starts its own
//!   (`$CHROMEDRIVER`, default `/usr/bin/chromedriver`) and kills it afterwards.
//! - `CHROMIUM`: the browser binary (default `/usr/bin/chromium`).
//! - `E2E_SCREENSHOT_DIR`: when set, each test saves a PNG of the page it ends on there.
//! - `AXE_CORE_JS`: axe-core's `axe.min.js` for [`Portal::audit_accessibility`] (default
//!   `<workspace>/.tools/node_modules/axe-core/axe.min.js`, where `cargo xtask test` installs it).
//!
//! Each session downloads files into a directory of its own, without asking
//! ([`Portal::wait_for_download`]).
//!
//! Faults: with [`Setup::fault_control`] the demo server mounts `/__demo/faults`
//! ([`Portal::set_faults`], [`Portal::clear_faults`]); [`Portal::restart_server`] gives the
//! server a fresh start (a new token secret, so every issued token is refused);
//! [`Portal::go_offline`] and [`Portal::go_online`] cut and restore the browser's network. The
//! harness logs every request under `/api` the server receives, and its answer
//! ([`Portal::served_requests`]), so a test can count requests, retries and their pauses.

use bytes::Bytes;
use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client as HttpClient;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use std::any::Any;
use std::future::Future;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::task::JoinHandle;
use url::Url;

pub use demo_server::{DEMO_LOGIN, DEMO_PASSWORD, DataFile};
pub use fantoccini;

/// How long a wait helper polls before failing. Generous: the machine may have 2 busy cores.
pub const WAIT_TIMEOUT: Duration = Duration::from_secs(15);
const POLL_INTERVAL: Duration = Duration::from_millis(100);
/// A test that runs longer than this is stuck; it fails instead of hanging the suite.
const TEST_TIMEOUT: Duration = Duration::from_secs(180);
const PAGE_LOAD_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a script of a test may run; an accessibility audit of a large page may take longer.
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(10);
const AUDIT_TIMEOUT: Duration = Duration::from_secs(60);
/// How long [`Portal::wait_for_download`] waits for a file: exports fetch many pages.
pub const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(30);
/// The suffix of a file Chromium is still writing.
const PARTIAL_DOWNLOAD_SUFFIX: &str = ".crdownload";
/// Bounds the clean-up calls to a browser that may itself be stuck.
const CLEANUP_TIMEOUT: Duration = Duration::from_secs(10);
/// Marks a panic message that already carries the page state, so it is not printed twice.
const PAGE_STATE_MARKER: &str = "current URL:";
const PAGE_TEXT_LIMIT: usize = 4000;

const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";
const DEFAULT_CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,900",
];

pub mod upstream_stub;

/// Which server answers the API beside the portal's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ApiServer {
    /// Our demo server with its seeded data.
    #[default]
    Demo,
    /// A stand-in for a foreign deployment answering the upstream sample bodies verbatim.
    UpstreamSamples,
}

/// What a test needs from the server.
#[derive(Debug, Clone)]
pub struct Setup {
    /// Lifetime of the tokens the server issues (short ones test session expiry).
    pub token_lifetime: Duration,
    pub api: ApiServer,
    /// Mounts the demo server's `GET/POST/DELETE /__demo/faults` (off by default, as in
    /// production-like runs), for [`Portal::set_faults`] and [`Portal::clear_faults`].
    pub fault_control: bool,
    /// A data set to serve instead of the seeded one (the demo server's `--data`).
    pub data: Option<Arc<DataFile>>,
    /// Which build of the portal is served, and under which path.
    pub bundle: Bundle,
    /// A `config.json` served instead of the bundle's (the demo server's `--config`).
    pub config_json: Option<String>,
    /// Proxies the API (the demo server's `--upstream`) to a second demo server serving this
    /// data set; the portal's own server then answers no API request itself.
    pub upstream_data: Option<Arc<DataFile>>,
    /// Serves the example parent page (`examples/embed`) on `http://127.0.0.2:<port>`, which
    /// the portal's config.json then allows, and the test pages of `crates/e2e/pages` on an
    /// origin it does not allow (`http://127.0.0.3:<port>`).
    pub embedding: bool,
    /// How long the test may run before it fails (three minutes unless a benchmark needs more).
    pub time_limit: Duration,
}

/// The portal build a test runs against.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Bundle {
    /// `$PORTAL_DIST`, built for the site's root.
    #[default]
    Root,
    /// `$PORTAL_SUBPATH_DIST`, built with the public URL `$PORTAL_SUBPATH` (`/portal/`).
    SubPath,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            token_lifetime: demo_server::Options::default().token_lifetime,
            api: ApiServer::default(),
            fault_control: false,
            data: None,
            bundle: Bundle::Root,
            config_json: None,
            upstream_data: None,
            embedding: false,
            time_limit: TEST_TIMEOUT,
        }
    }
}

/// Runs one end-to-end test with the default [`Setup`]; see [`run_with`].
pub fn run<F, Fut>(test: F)
where
    F: FnOnce(Portal) -> Fut,
    Fut: Future<Output = ()>,
{
    run_with(Setup::default(), test)
}

/// Starts a demo server and a fresh browser session, runs `test`, and always closes the session
/// and stops the server and any chromedriver it started. A failing test (a panic, or running
/// past three minutes) also prints the page's URL and text.
pub fn run_with<F, Fut>(setup: Setup, test: F)
where
    F: FnOnce(Portal) -> Fut,
    Fut: Future<Output = ()>,
{
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("building the tokio runtime");
    let (dist, public_url) = match setup.bundle {
        Bundle::Root => (portal_dist(), "/".to_owned()),
        Bundle::SubPath => subpath_dist(),
    };
    let server = runtime.block_on(DemoServer::start(&dist, &public_url, &setup));
    let driver = WebDriver::connect();
    let profile = TempDir::create("e2e-chromium");
    let downloads = TempDir::create("e2e-downloads");
    let client = runtime.block_on(new_session(driver.url(), profile.path(), downloads.path()));
    let portal = Portal {
        client: client.clone(),
        base_url: server.base_url.clone(),
        http: HttpClient::builder(TokioExecutor::new()).build_http(),
        downloads: downloads.path().to_path_buf(),
        served: server.served.clone(),
        restart: server.restart.clone(),
        parent_url: server.parent_url.clone(),
        foreign_url: server.foreign_url.clone(),
    };

    let outcome = catch_unwind(AssertUnwindSafe(|| {
        runtime.block_on(async { tokio::time::timeout(setup.time_limit, test(portal)).await })
    }));
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
    let close = async { tokio::time::timeout(CLEANUP_TIMEOUT, client.close()).await };
    match runtime.block_on(close) {
        Ok(Ok(())) => {}
        Ok(Err(error)) => eprintln!("e2e: closing the browser session failed: {error}"),
        Err(_) => eprintln!("e2e: closing the browser session timed out"),
    }
    server.stop();
    drop(driver);
    drop(profile);
    drop(downloads);
    drop(runtime);

    match outcome {
        Err(panic) => resume_unwind(panic),
        Ok(Err(_)) => panic!("the test did not finish within {:?}", setup.time_limit),
        Ok(Ok(())) => {}
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

/// The source of axe.min.js: `$AXE_CORE_JS` (relative paths are taken from the workspace root)
/// or `<workspace>/.tools/node_modules/axe-core/axe.min.js`; read once.
fn axe_source() -> &'static str {
    static SOURCE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SOURCE.get_or_init(|| {
        let path = match std::env::var_os("AXE_CORE_JS") {
            Some(path) => workspace_root().join(path),
            None => workspace_root().join(".tools/node_modules/axe-core/axe.min.js"),
        };
        std::fs::read_to_string(&path).unwrap_or_else(|error| {
            panic!(
                "cannot read axe-core at {} ({error}): run `cargo xtask test`, which installs it, \
                 or `npm install --prefix .tools axe-core`, or set AXE_CORE_JS",
                path.display()
            )
        })
    })
}

/// `$PORTAL_DIST` (relative paths are taken from the workspace root) or `<workspace>/dist`.
pub fn portal_dist() -> PathBuf {
    let dist = match std::env::var_os("PORTAL_DIST") {
        Some(dir) => workspace_root().join(dir),
        None => workspace_root().join("dist"),
    };
    assert!(
        dist.join("index.html").is_file(),
        "no built portal at {}: run `cargo xtask dist` first, or set PORTAL_DIST",
        dist.display()
    );
    dist
}

/// `$PORTAL_SUBPATH_DIST` and its public URL `$PORTAL_SUBPATH` (both set by `cargo xtask test`).
pub fn subpath_dist() -> (PathBuf, String) {
    let dist = std::env::var_os("PORTAL_SUBPATH_DIST")
        .map(|dir| workspace_root().join(dir))
        .unwrap_or_else(|| workspace_root().join("target/dist-subpath"));
    let public_url = std::env::var("PORTAL_SUBPATH").unwrap_or_else(|_| "/portal/".to_owned());
    assert!(
        dist.join("index.html").is_file(),
        "no sub-path build at {}: run `cargo xtask test`, or `trunk build --release --dist DIR \
         --public-url {public_url}` and set PORTAL_SUBPATH_DIST",
        dist.display()
    );
    (dist, public_url)
}

/// A loopback listener on `host` (any of 127.0.0.0/8 is this machine; other hosts are other
/// origins for the browser).
async fn listen(host: [u8; 4], what: &str) -> (tokio::net::TcpListener, SocketAddr) {
    let listener = tokio::net::TcpListener::bind((Ipv4Addr::from(host), 0))
        .await
        .unwrap_or_else(|e| panic!("binding a loopback port for {what}: {e}"));
    let address = listener.local_addr().expect("a bound listener's address");
    (listener, address)
}

fn serve_in_background(listener: tokio::net::TcpListener, router: axum::Router) -> JoinHandle<()> {
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, router).await {
            eprintln!("e2e: a server stopped: {error}");
        }
    })
}

/// The demo server, in-process on a free loopback port.
///
/// The demo API is served through a slot that [`Portal::restart_server`] can refill with a fresh
/// instance, so connections the browser keeps open reach the new instance too.
struct DemoServer {
    base_url: String,
    task: JoinHandle<()>,
    served: RequestLog,
    restart: Option<Arc<Restart>>,
    /// Servers beside the portal's: the upstream API, the parent page, the foreign pages.
    others: Vec<JoinHandle<()>>,
    parent_url: Option<String>,
    foreign_url: Option<String>,
}

/// The requests under `/api` the server received, in order.
type RequestLog = Arc<Mutex<Vec<ServedRequest>>>;

/// The running demo API and how to start it afresh.
struct Restart {
    current: Arc<RwLock<axum::Router>>,
    options: demo_server::Options,
}

/// One request under `/api` the server received, and its answer, as the harness saw them.
#[derive(Debug, Clone)]
pub struct ServedRequest {
    pub method: String,
    /// The path, such as `/api/rest/customer/v1/accounts`.
    pub path: String,
    /// The raw query, empty without one.
    pub query: String,
    /// The `User-Agent` header, empty without one (the harness's own client sends none).
    pub user_agent: String,
    /// Whether it carried an `Authorization` header.
    pub authorization: bool,
    /// Whether it carried a non-empty `Cookie` header.
    pub cookie: bool,
    pub received: Instant,
    /// The status and when the answer's head left, unless it is still pending or the request
    /// was dropped (a browser that gave up on it may close the connection first).
    pub answer: Option<(u16, Instant)>,
}

impl ServedRequest {
    /// The path below the API root: `accounts`, `origination-statistics`, `auth`, …
    pub fn endpoint(&self) -> &str {
        self.path
            .strip_prefix(api_model::API_PATH)
            .unwrap_or(&self.path)
            .trim_start_matches('/')
    }

    pub fn status(&self) -> Option<u16> {
        self.answer.map(|(status, _)| status)
    }

    /// Whether the browser sent it (rather than the harness, as in [`Portal::api_get`]).
    pub fn from_browser(&self) -> bool {
        self.user_agent.contains("Mozilla/")
    }

    /// The query parameter `name`, percent-decoded.
    pub fn query_param(&self, name: &str) -> Option<String> {
        url::form_urlencoded::parse(self.query.as_bytes())
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.into_owned())
    }
}

/// Middleware of the whole server: logs each request under `/api` with its answer.
async fn log_request(
    axum::extract::State(log): axum::extract::State<RequestLog>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let path = request.uri().path().to_owned();
    if !(path == "/api" || path.starts_with("/api/")) {
        return next.run(request).await;
    }
    let entry = ServedRequest {
        method: request.method().to_string(),
        path,
        query: request.uri().query().unwrap_or_default().to_owned(),
        user_agent: request
            .headers()
            .get(http::header::USER_AGENT)
            .and_then(|agent| agent.to_str().ok())
            .unwrap_or_default()
            .to_owned(),
        authorization: request.headers().contains_key(http::header::AUTHORIZATION),
        cookie: request
            .headers()
            .get(http::header::COOKIE)
            .is_some_and(|cookie| !cookie.is_empty()),
        received: Instant::now(),
        answer: None,
    };
    let index = {
        let mut log = log.lock().unwrap_or_else(PoisonError::into_inner);
        log.push(entry);
        log.len() - 1
    };
    let response = next.run(request).await;
    let mut log = log.lock().unwrap_or_else(PoisonError::into_inner);
    log[index].answer = Some((response.status().as_u16(), Instant::now()));
    response
}

/// A router that hands every request to the router in `current` at the time it arrives.
fn delegating(current: Arc<RwLock<axum::Router>>) -> axum::Router {
    axum::Router::new().fallback(move |request: axum::extract::Request| {
        let router = current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        async move {
            use tower::ServiceExt;
            match router.oneshot(request).await {
                Ok(response) => response,
                Err(never) => match never {},
            }
        }
    })
}

impl DemoServer {
    async fn start(dist: &Path, public_url: &str, setup: &Setup) -> DemoServer {
        let (listener, address) = listen([127, 0, 0, 1], "the demo server").await;
        let base_url = format!("http://{address}");
        let mut others = Vec::new();

        let upstream = match &setup.upstream_data {
            Some(data) => {
                let (listener, upstream_address) = listen([127, 0, 0, 1], "the upstream").await;
                let options = demo_server::Options {
                    token_lifetime: setup.token_lifetime,
                    data: Some(data.clone()),
                    ..Default::default()
                };
                others.push(serve_in_background(listener, demo_server::app(options)));
                Some(format!("http://{upstream_address}"))
            }
            None => None,
        };

        let mut config_json = setup.config_json.clone();
        let (mut parent_url, mut foreign_url) = (None, None);
        if setup.embedding {
            let (parent_listener, parent) = listen([127, 0, 0, 2], "the parent page").await;
            let (foreign_listener, foreign) = listen([127, 0, 0, 3], "the foreign pages").await;
            let bundle_config = match &config_json {
                Some(text) => text.clone(),
                None => std::fs::read_to_string(dist.join("config.json")).unwrap_or_default(),
            };
            config_json = Some(
                demo_server::example_parent::with_allowed_origin(
                    &bundle_config,
                    &format!("http://{parent}"),
                )
                .expect("the bundle's config.json is valid JSON"),
            );
            let pages = |dir: PathBuf| {
                demo_server::example_parent::example_parent(
                    dir,
                    format!("{base_url}{public_url}"),
                    api_model::api_root(&base_url),
                    DEMO_LOGIN.to_owned(),
                    DEMO_PASSWORD.to_owned(),
                )
            };
            let root = workspace_root();
            others.push(serve_in_background(
                parent_listener,
                pages(root.join("examples/embed")),
            ));
            // The foreign origin serves the example parent page too (a parent on an origin
            // config.json does not name), and the test pages under /pages/.
            let foreign_router = pages(root.join("examples/embed")).nest_service(
                "/pages",
                tower_http::services::ServeDir::new(root.join("crates/e2e/pages")),
            );
            others.push(serve_in_background(foreign_listener, foreign_router));
            parent_url = Some(format!("http://{parent}"));
            foreign_url = Some(format!("http://{foreign}"));
        }

        let options = demo_server::Options {
            dist_dir: Some(dist.to_path_buf()),
            token_lifetime: setup.token_lifetime,
            data: setup.data.clone(),
            enable_fault_control: setup.fault_control,
            public_url: public_url.to_owned(),
            config_json,
            upstream,
            ..Default::default()
        };
        let (router, restart) = match setup.api {
            ApiServer::UpstreamSamples => (upstream_stub::router(dist), None),
            ApiServer::Demo => {
                let current = Arc::new(RwLock::new(demo_server::app(options.clone())));
                let router = delegating(current.clone());
                (router, Some(Arc::new(Restart { current, options })))
            }
        };
        let served = RequestLog::default();
        let router = router.layer(axum::middleware::from_fn_with_state(
            served.clone(),
            log_request,
        ));
        let task = serve_in_background(listener, router);
        DemoServer {
            base_url,
            task,
            served,
            restart,
            others,
            parent_url,
            foreign_url,
        }
    }

    fn stop(self) {
        self.task.abort();
        for other in self.others {
            other.abort();
        }
    }
}

/// A chromedriver: the one at `$WEBDRIVER_URL`, or one started here in its own process group,
/// killed with every Chromium it started when this is dropped.
enum WebDriver {
    External(String),
    Started { url: String, process: Child },
}

impl WebDriver {
    fn connect() -> WebDriver {
        if let Ok(url) = std::env::var("WEBDRIVER_URL") {
            return WebDriver::External(url);
        }
        let chromedriver =
            std::env::var("CHROMEDRIVER").unwrap_or_else(|_| DEFAULT_CHROMEDRIVER.to_owned());
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|listener| listener.local_addr())
            .expect("finding a free port for chromedriver")
            .port();
        let process = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap_or_else(|error| {
                panic!("cannot start {chromedriver} ({error}); set WEBDRIVER_URL or CHROMEDRIVER")
            });
        let driver = WebDriver::Started {
            url: format!("http://127.0.0.1:{port}"),
            process,
        };
        let deadline = Instant::now() + WAIT_TIMEOUT;
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        while TcpStream::connect_timeout(&address, POLL_INTERVAL).is_err() {
            // Dropping `driver` on this panic kills the chromedriver.
            assert!(
                Instant::now() < deadline,
                "{chromedriver} did not listen on port {port} within {WAIT_TIMEOUT:?}"
            );
            std::thread::sleep(POLL_INTERVAL);
        }
        driver
    }

    fn url(&self) -> &str {
        match self {
            WebDriver::External(url) | WebDriver::Started { url, .. } => url,
        }
    }
}

impl Drop for WebDriver {
    fn drop(&mut self) {
        if let WebDriver::Started { process, .. } = self {
            // SAFETY: signals only the process group this chromedriver leads.
            unsafe { libc::killpg(process.id() as libc::pid_t, libc::SIGKILL) };
            let _ = process.wait();
        }
    }
}

/// A fresh directory (a Chromium profile, a download directory), removed afterwards.
struct TempDir(PathBuf);

impl TempDir {
    fn create(prefix: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|elapsed| elapsed.subsec_nanos())
            .unwrap_or_default();
        let name = format!(
            "{prefix}-{}-{}-{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|error| panic!("creating {}: {error}", path.display()));
        TempDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn new_session(webdriver_url: &str, profile: &Path, downloads: &Path) -> Client {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| DEFAULT_CHROMIUM.to_owned());
    let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|flag| flag.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let capabilities = serde_json::json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": args,
            // Downloads land in the session's own directory, without a prompt.
            "prefs": {
                "download.default_directory": downloads.display().to_string(),
                "download.prompt_for_download": false,
                "download.directory_upgrade": true,
            },
        },
        // A page that never loads fails its test in good time (WebDriver's default is 300 s).
        "timeouts": {
            "pageLoad": PAGE_LOAD_TIMEOUT.as_millis() as u64,
            "script": SCRIPT_TIMEOUT.as_millis() as u64,
        },
    });
    let serde_json::Value::Object(capabilities) = capabilities else {
        unreachable!("the capabilities literal is an object")
    };
    let mut builder = ClientBuilder::new(HttpConnector::new());
    builder.capabilities(capabilities);
    // A chromedriver that has just started listening may still refuse the first session.
    let mut attempts = 0;
    loop {
        attempts += 1;
        match builder.connect(webdriver_url).await {
            Ok(client) => return client,
            Err(error) if attempts < 3 => {
                eprintln!("e2e: starting a browser session failed ({error}); retrying");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(error) => panic!("cannot start a Chromium session at {webdriver_url}: {error}"),
        }
    }
}

/// The current URL and visible text of the page, for failure messages.
async fn page_state(client: &Client) -> String {
    let url = match client.current_url().await {
        Ok(url) => url.to_string(),
        Err(error) => format!("<unknown: {error}>"),
    };
    let script =
        "return document.body ? document.body.innerText : document.documentElement.outerHTML;";
    let text = match client.execute(script, Vec::new()).await {
        Ok(serde_json::Value::String(text)) => text,
        Ok(other) => other.to_string(),
        Err(error) => format!("<unknown: {error}>"),
    };
    let text = match text.char_indices().nth(PAGE_TEXT_LIMIT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    };
    format!("{PAGE_STATE_MARKER} {url}\npage text:\n{text}\n")
}

/// The portal open in a browser session, with the demo server behind it.
///
/// Helpers that wait poll every 100 ms for up to [`WAIT_TIMEOUT`] and panic with the current
/// URL and page text when the condition never holds. WebDriver errors while polling (elements
/// replaced by a re-render, say) count as "not yet".
#[derive(Clone)]
pub struct Portal {
    client: Client,
    base_url: String,
    http: HttpClient<HttpConnector, Full<Bytes>>,
    downloads: PathBuf,
    served: RequestLog,
    restart: Option<Arc<Restart>>,
    parent_url: Option<String>,
    foreign_url: Option<String>,
}

impl Portal {
    /// `http://127.0.0.2:<port>` of the example parent page (with [`Setup::embedding`]).
    pub fn parent_url(&self) -> &str {
        self.parent_url
            .as_deref()
            .expect("the parent page runs only with Setup::embedding")
    }

    /// `http://127.0.0.3:<port>`: an origin config.json does not allow, serving the example
    /// parent page and, under `/pages/`, the pages of `crates/e2e/pages` (with
    /// [`Setup::embedding`]).
    pub fn foreign_url(&self) -> &str {
        self.foreign_url
            .as_deref()
            .expect("the foreign pages run only with Setup::embedding")
    }

    /// The WebDriver client, for anything the helpers do not cover.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// `http://127.0.0.1:<port>` of the demo server.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// Absolute URL of a path (with optional query) on the demo server.
    pub fn url_for(&self, path_and_query: &str) -> String {
        format!("{}{path_and_query}", self.base_url)
    }

    /// Navigates to a path on the demo server, like typing it into the address bar.
    pub async fn open(&self, path_and_query: &str) {
        self.open_url(&self.url_for(path_and_query)).await
    }

    /// Navigates to any URL (another origin's page, say).
    pub async fn open_url(&self, url: &str) {
        if let Err(error) = self.client.goto(url).await {
            panic!(
                "{}",
                self.failure(&format!("cannot open {url}: {error}")).await
            );
        }
    }

    pub async fn current_url(&self) -> Url {
        match self.client.current_url().await {
            Ok(url) => url,
            Err(error) => panic!("cannot read the current URL: {error}"),
        }
    }

    /// A failure message: `message`, then the current URL and page text.
    pub async fn failure(&self, message: &str) -> String {
        format!("{message}\n{}", page_state(&self.client).await)
    }

    /// Polls `probe` until it returns `Some` or `timeout` passes; `expected` names the condition
    /// in the failure message.
    pub async fn wait_until_within<T>(
        &self,
        timeout: Duration,
        expected: &str,
        mut probe: impl AsyncFnMut() -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(value) = probe().await {
                return value;
            }
            if Instant::now() >= deadline {
                let message = format!("timed out after {timeout:?} waiting for {expected}");
                panic!("{}", self.failure(&message).await);
            }
            tokio::time::sleep(POLL_INTERVAL).await;
        }
    }

    /// [`Portal::wait_until_within`] with [`WAIT_TIMEOUT`].
    pub async fn wait_until<T>(&self, expected: &str, probe: impl AsyncFnMut() -> Option<T>) -> T {
        self.wait_until_within(WAIT_TIMEOUT, expected, probe).await
    }

    /// The first element matching `css`, once there is one.
    pub async fn wait_for(&self, css: &str) -> Element {
        self.wait_until(&format!("an element `{css}`"), async || {
            self.client.find(Locator::Css(css)).await.ok()
        })
        .await
    }

    /// Every element matching `css`, once there is at least one.
    pub async fn wait_for_all(&self, css: &str) -> Vec<Element> {
        self.wait_until(&format!("elements `{css}`"), async || {
            let elements = self.client.find_all(Locator::Css(css)).await.ok()?;
            (!elements.is_empty()).then_some(elements)
        })
        .await
    }

    /// The text of an element matching `css` once one contains `needle`.
    pub async fn wait_for_text(&self, css: &str, needle: &str) -> String {
        self.wait_until(&format!("`{css}` containing {needle:?}"), async || {
            for element in self.client.find_all(Locator::Css(css)).await.ok()? {
                if let Ok(text) = element.text().await
                    && text.contains(needle)
                {
                    return Some(text);
                }
            }
            None
        })
        .await
    }

    /// The visible texts of all elements matching `css`, once the texts satisfy `accept`.
    pub async fn wait_for_texts(
        &self,
        css: &str,
        expected: &str,
        accept: impl Fn(&[String]) -> bool,
    ) -> Vec<String> {
        self.wait_until(&format!("`{css}` texts: {expected}"), async || {
            let texts = self.texts_now(css).await?;
            accept(&texts).then_some(texts)
        })
        .await
    }

    async fn texts_now(&self, css: &str) -> Option<Vec<String>> {
        let mut texts = Vec::new();
        for element in self.client.find_all(Locator::Css(css)).await.ok()? {
            texts.push(element.text().await.ok()?);
        }
        Some(texts)
    }

    /// The header and cell texts of the table matching `css`, once `accept` holds for them. Read
    /// in one script call, so a re-render cannot mix two states of the table.
    pub async fn wait_for_table(
        &self,
        css: &str,
        expected: &str,
        accept: impl Fn(&Table) -> bool,
    ) -> Table {
        let script = "const table = document.querySelector(arguments[0]);
            if (!table) return null;
            const texts = (cells) => Array.from(cells, (cell) => cell.innerText.trim());
            return {
                headers: texts(table.querySelectorAll('thead th')),
                rows: Array.from(table.querySelectorAll('tbody tr'), (row) => texts(row.cells)),
            };";
        self.wait_until(&format!("table `{css}`: {expected}"), async || {
            let value = self
                .client
                .execute(script, vec![serde_json::Value::from(css)])
                .await
                .ok()?;
            let table = Table::from_json(&value)?;
            accept(&table).then_some(table)
        })
        .await
    }

    /// The URL once `accept` holds for it.
    pub async fn wait_for_url(&self, expected: &str, accept: impl Fn(&Url) -> bool) -> Url {
        self.wait_until(&format!("a URL with {expected}"), async || {
            let url = self.client.current_url().await.ok()?;
            accept(&url).then_some(url)
        })
        .await
    }

    /// The URL once its path is `path`.
    pub async fn wait_for_path(&self, path: &str) -> Url {
        self.wait_for_url(&format!("path {path}"), |url| url.path() == path)
            .await
    }

    /// Clears the field matching `css` and types `text` into it.
    pub async fn fill(&self, css: &str, text: &str) {
        self.wait_until(&format!("a field `{css}` to type into"), async || {
            let field = self.client.find(Locator::Css(css)).await.ok()?;
            field.clear().await.ok()?;
            field.send_keys(text).await.ok()
        })
        .await
    }

    /// Presses Enter in the element matching `css`.
    pub async fn press_enter(&self, css: &str) {
        let enter = char::from(Key::Enter).to_string();
        self.wait_until(&format!("`{css}` to press Enter in"), async || {
            let field = self.client.find(Locator::Css(css)).await.ok()?;
            field.send_keys(&enter).await.ok()
        })
        .await
    }

    /// Clicks the element matching `css` once it is there and clickable.
    pub async fn click(&self, css: &str) {
        self.wait_until(&format!("`{css}` to click"), async || {
            let element = self.client.find(Locator::Css(css)).await.ok()?;
            element.click().await.ok()
        })
        .await
    }

    /// The current `value` of the form field matching `css`.
    pub async fn value_of(&self, css: &str) -> String {
        let field = self.wait_for(css).await;
        match field.prop("value").await {
            Ok(value) => value.unwrap_or_default(),
            Err(error) => panic!("cannot read the value of `{css}`: {error}"),
        }
    }

    /// Picks the option with `value` in the `<select>` matching `css` as a user would (a click on
    /// the option, which fires `input` and `change`), retrying until the select shows it.
    pub async fn select(&self, css: &str, value: &str) {
        let option = format!("option[value=\"{value}\"]");
        self.wait_until(&format!("`{css}` to select {value:?} in"), async || {
            let select = self.client.find(Locator::Css(css)).await.ok()?;
            let current = select.prop("value").await.ok()?.unwrap_or_default();
            if current != value {
                select
                    .find(Locator::Css(&option))
                    .await
                    .ok()?
                    .click()
                    .await
                    .ok()?;
                let now = select.prop("value").await.ok()?.unwrap_or_default();
                return (now == value).then_some(());
            }
            Some(())
        })
        .await
    }

    /// Reloads the page, like the browser's reload button.
    pub async fn reload(&self) {
        if let Err(error) = self.client.refresh().await {
            panic!("{}", self.failure(&format!("cannot reload: {error}")).await);
        }
    }

    /// Goes one entry back in the session history, like the browser's back button.
    pub async fn back(&self) {
        if let Err(error) = self.client.back().await {
            panic!(
                "{}",
                self.failure(&format!("cannot go back: {error}")).await
            );
        }
    }

    /// Goes one entry forward in the session history.
    pub async fn forward(&self) {
        if let Err(error) = self.client.forward().await {
            panic!(
                "{}",
                self.failure(&format!("cannot go forward: {error}")).await
            );
        }
    }

    /// Delays every request the browser makes by `latency` (chromedriver's network conditions),
    /// to watch states that are otherwise over too soon, such as an export's progress.
    pub async fn throttle_network(&self, latency: Duration) {
        let command = NetworkConditions {
            latency_ms: u64::try_from(latency.as_millis()).unwrap_or(u64::MAX),
            offline: false,
        };
        if let Err(error) = self.client.issue_cmd(command).await {
            panic!("cannot throttle the browser's network: {error}");
        }
    }

    /// Makes the browser report the system's colour scheme as dark (or light), as an operating
    /// system switched to dark mode would (`prefers-color-scheme`).
    pub async fn emulate_system_dark(&self, dark: bool) {
        let scheme = if dark { "dark" } else { "light" };
        self.devtools(
            "Emulation.setEmulatedMedia",
            serde_json::json!({
                "features": [{ "name": "prefers-color-scheme", "value": scheme }]
            }),
        )
        .await;
    }

    /// Runs a Chrome DevTools Protocol command (`Network.clearBrowserCache`, …) and returns
    /// its result.
    pub async fn devtools(
        &self,
        method: &'static str,
        params: serde_json::Value,
    ) -> serde_json::Value {
        match self
            .client
            .issue_cmd(DevToolsCommand { method, params })
            .await
        {
            Ok(result) => result,
            Err(error) => panic!("the DevTools command {method} failed: {error}"),
        }
    }

    /// Resizes the window so that the page's viewport is `width`×`height` CSS pixels (WebDriver's
    /// window rect, corrected by whatever the window adds around the viewport), as a phone or a
    /// large screen would show the portal. Pages get `resize` as usual.
    pub async fn set_viewport(&self, width: u32, height: u32) {
        let wanted = (i64::from(width), i64::from(height));
        let mut window = wanted;
        let mut seen = (0, 0);
        for _ in 0..3 {
            let (w, h) = (window.0.max(1) as u32, window.1.max(1) as u32);
            if let Err(error) = self.client.set_window_rect(0, 0, w, h).await {
                panic!("cannot resize the window to {w}×{h}: {error}");
            }
            // The window resizes asynchronously: read until the page sees the wanted size, or a
            // size that holds for half a second.
            let (mut steady, deadline) = (0, Instant::now() + Duration::from_secs(3));
            loop {
                let size = self
                    .client
                    .execute("return [window.innerWidth, window.innerHeight];", vec![])
                    .await
                    .ok()
                    .and_then(|size| Some((size[0].as_i64()?, size[1].as_i64()?)));
                if size == Some(wanted) {
                    return;
                }
                match size {
                    Some(size) if size == seen => steady += 1,
                    Some(size) => (seen, steady) = (size, 0),
                    None => {}
                }
                if steady >= 5 || Instant::now() >= deadline {
                    break;
                }
                tokio::time::sleep(POLL_INTERVAL).await;
            }
            window = (window.0 + wanted.0 - seen.0, window.1 + wanted.1 - seen.1);
        }
        panic!(
            "{}",
            self.failure(&format!(
                "the viewport is {}×{} CSS px, not {width}×{height}",
                seen.0, seen.1
            ))
            .await
        );
    }

    /// Presses and releases `key` wherever the keyboard focus is (WebDriver actions), as a
    /// keyboard user would: `Key::Tab`, `Key::Enter`, `Key::Space`, or a character.
    pub async fn press_key(&self, key: impl Into<char>) {
        self.press_keys(&[key.into()]).await
    }

    /// Presses `keys` down in order, then releases them in reverse: a chord such as
    /// `[Key::Shift.into(), Key::Tab.into()]`.
    pub async fn press_keys(&self, keys: &[char]) {
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let mut actions = KeyActions::new("keyboard".to_owned());
        for &value in keys {
            actions = actions.then(KeyAction::Down { value });
        }
        for &value in keys.iter().rev() {
            actions = actions.then(KeyAction::Up { value });
        }
        if let Err(error) = self.client.perform_actions(actions).await {
            panic!(
                "{}",
                self.failure(&format!("cannot press {keys:?}: {error}"))
                    .await
            );
        }
    }

    /// Runs axe-core on the page as it is now (`axe.run(document, {resultTypes:
    /// ['violations']})`) and answers its violations of impact "serious" or "critical", each as
    /// axe reports it: `id`, `impact`, `help`, `helpUrl`, and `nodes` with their `target`, `html`
    /// and `failureSummary`. `what` names the page in failure messages.
    ///
    /// axe.min.js is read from `$AXE_CORE_JS` (`cargo xtask test` installs it) or else
    /// `<workspace>/.tools/node_modules/axe-core/axe.min.js`, and injected with WebDriver's
    /// execute, which the page's Content-Security-Policy does not govern: the portal's CSP stays
    /// as strict as in production.
    pub async fn audit_accessibility(&self, what: &str) -> Vec<serde_json::Value> {
        let loaded =
            "return typeof window.axe === 'object' && typeof window.axe.run === 'function';";
        if !matches!(
            self.client.execute(loaded, vec![]).await,
            Ok(serde_json::Value::Bool(true))
        ) {
            let inject = format!("{}\nreturn typeof window.axe;", axe_source());
            match self.client.execute(&inject, vec![]).await {
                Ok(serde_json::Value::String(kind)) if kind == "object" => {}
                other => panic!(
                    "{}",
                    self.failure(&format!(
                        "{what}: injecting axe-core did not define window.axe: {other:?}"
                    ))
                    .await
                ),
            }
        }
        let run = "const done = arguments[arguments.length - 1];
            window.axe.run(document, { resultTypes: ['violations'] }).then(
                (results) => done({ violations: results.violations.map((v) => ({
                    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                    nodes: v.nodes.map((n) => ({
                        target: n.target, html: n.html, failureSummary: n.failureSummary,
                    })),
                })) }),
                (error) => done({ error: String((error && error.stack) || error) }),
            );";
        self.set_script_timeout(AUDIT_TIMEOUT).await;
        let outcome = self.client.execute_async(run, vec![]).await;
        self.set_script_timeout(SCRIPT_TIMEOUT).await;
        let result = match outcome {
            Ok(result) => result,
            Err(error) => panic!(
                "{}",
                self.failure(&format!("{what}: axe.run failed: {error}"))
                    .await
            ),
        };
        let Some(violations) = result.get("violations").and_then(|v| v.as_array()) else {
            panic!(
                "{}",
                self.failure(&format!("{what}: axe.run answered {result}"))
                    .await
            );
        };
        violations
            .iter()
            .filter(|v| matches!(v["impact"].as_str(), Some("serious" | "critical")))
            .cloned()
            .collect()
    }

    async fn set_script_timeout(&self, timeout: Duration) {
        let timeouts = fantoccini::wd::TimeoutConfiguration::new(Some(timeout), None, None);
        if let Err(error) = self.client.update_timeouts(timeouts).await {
            panic!("cannot set the script timeout to {timeout:?}: {error}");
        }
    }

    /// Cuts the browser off the network (chromedriver's network conditions with
    /// `offline: true`): its requests fail at once, as with a pulled cable. Chromium also turns
    /// `navigator.onLine` false and fires `offline`.
    pub async fn go_offline(&self) {
        let command = NetworkConditions {
            latency_ms: 0,
            offline: true,
        };
        if let Err(error) = self.client.issue_cmd(command).await {
            panic!("cannot take the browser offline: {error}");
        }
    }

    /// Brings the browser back online (and drops any [`Portal::throttle_network`] latency), then
    /// waits up to two seconds for the page to get the `online` event. Should Chromium not fire
    /// it, the event is dispatched on `window` by script instead, so the page always hears of
    /// it once; the answer says which happened.
    pub async fn go_online(&self) -> OnlineEvent {
        let listen = "window.__e2eOnlineFired = false;
            window.addEventListener('online', () => { window.__e2eOnlineFired = true; },
                { once: true });";
        if let Err(error) = self.client.execute(listen, Vec::new()).await {
            panic!("cannot listen for the `online` event: {error}");
        }
        let command = NetworkConditions {
            latency_ms: 0,
            offline: false,
        };
        if let Err(error) = self.client.issue_cmd(command).await {
            panic!("cannot bring the browser back online: {error}");
        }
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            let fired = self
                .client
                .execute("return window.__e2eOnlineFired === true;", Vec::new())
                .await;
            if matches!(fired, Ok(serde_json::Value::Bool(true))) {
                return OnlineEvent::FiredByBrowser;
            }
            tokio::time::sleep(POLL_INTERVAL).await;
        }
        let dispatch = "window.dispatchEvent(new Event('online'));";
        if let Err(error) = self.client.execute(dispatch, Vec::new()).await {
            panic!("cannot dispatch the `online` event: {error}");
        }
        OnlineEvent::Dispatched
    }

    /// Every request under `/api` the server has received in this test so far, in order of
    /// arrival, with its answer. The harness's own calls ([`Portal::api_get`],
    /// [`Portal::issue_token`]) count too.
    pub fn served_requests(&self) -> Vec<ServedRequest> {
        self.served
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Replaces the demo server's fault settings through `POST /__demo/faults` (members left out
    /// take their defaults, so `{}` switches faults off; replacing restarts the server's fault
    /// sequence) and answers the settings in force. Needs [`Setup::fault_control`].
    pub async fn set_faults(&self, settings: serde_json::Value) -> serde_json::Value {
        let request = http::Request::post(self.url_for(FAULT_CONTROL_PATH))
            .header(http::header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(settings.to_string())))
            .expect("building the fault settings request");
        let (status, body) = self.send(request).await;
        assert!(
            status == http::StatusCode::OK,
            "POST {FAULT_CONTROL_PATH} {settings} answered {status}: {} \
             (is `Setup::fault_control` on?)",
            String::from_utf8_lossy(&body)
        );
        serde_json::from_slice(&body).unwrap_or_else(|error| {
            panic!(
                "POST {FAULT_CONTROL_PATH} answered {}: {error}",
                String::from_utf8_lossy(&body)
            )
        })
    }

    /// Switches every fault off (`DELETE /__demo/faults`). Needs [`Setup::fault_control`].
    pub async fn clear_faults(&self) {
        let request = http::Request::delete(self.url_for(FAULT_CONTROL_PATH))
            .body(Full::new(Bytes::new()))
            .expect("building the fault reset request");
        let (status, body) = self.send(request).await;
        assert!(
            status == http::StatusCode::OK,
            "DELETE {FAULT_CONTROL_PATH} answered {status}: {} (is `Setup::fault_control` on?)",
            String::from_utf8_lossy(&body)
        );
    }

    /// Starts the demo API afresh with the same options, as a restart of the server would: a
    /// new token secret (every token issued before is refused with 401 from now on), faults
    /// off, the same data. Connections the browser keeps open reach the new instance too. Only
    /// for [`ApiServer::Demo`].
    pub async fn restart_server(&self) {
        let restart = self
            .restart
            .clone()
            .expect("restart_server needs the demo server (ApiServer::Demo)");
        let fresh = tokio::task::spawn_blocking(move || {
            let fresh = demo_server::app(restart.options.clone());
            *restart
                .current
                .write()
                .unwrap_or_else(PoisonError::into_inner) = fresh;
        });
        fresh.await.expect("starting the demo server afresh");
    }

    /// The directory this session's browser downloads into (empty at the start).
    pub fn downloads_dir(&self) -> &Path {
        &self.downloads
    }

    /// The content of the downloaded file `file_name`, once Chromium has finished writing it
    /// (no partial `.crdownload` file left), waiting up to [`DOWNLOAD_TIMEOUT`].
    pub async fn wait_for_download(&self, file_name: &str) -> Vec<u8> {
        let path = self.downloads.join(file_name);
        let deadline = Instant::now() + DOWNLOAD_TIMEOUT;
        loop {
            let names = downloaded_names(&self.downloads);
            let writing = names.iter().any(|n| n.ends_with(PARTIAL_DOWNLOAD_SUFFIX));
            if !writing && names.iter().any(|n| n == file_name) {
                match std::fs::read(&path) {
                    Ok(bytes) => return bytes,
                    Err(error) => panic!("reading {}: {error}", path.display()),
                }
            }
            if Instant::now() >= deadline {
                let message = format!(
                    "timed out after {DOWNLOAD_TIMEOUT:?} waiting for the download {file_name} in {} \
                     (it holds {names:?})",
                    self.downloads.display()
                );
                panic!("{}", self.failure(&message).await);
            }
            tokio::time::sleep(POLL_INTERVAL).await;
        }
    }

    /// On the login page: types the credentials, presses Enter in the password field and waits
    /// until the portal navigates away from /login.
    pub async fn sign_in(&self, login: &str, password: &str) {
        self.fill("form#login-form input[name=login]", login).await;
        self.fill("form#login-form input[name=password]", password)
            .await;
        self.press_enter("form#login-form input[name=password]")
            .await;
        self.wait_for_url("a path other than the login page after signing in", |url| {
            !url.path().ends_with("/login")
        })
        .await;
    }

    /// A JWT from the demo API's `POST /auth`, as a script or another client would get one.
    pub async fn issue_token(&self, login: &str, password: &str) -> String {
        let url = self.url_for(&format!("{}/auth", api_model::API_PATH));
        let body = serde_json::to_vec(&api_model::auth::AuthRequest::new(login, password))
            .expect("encoding the auth request");
        let request = http::Request::post(&url)
            .header(http::header::CONTENT_TYPE, "application/json")
            .header(http::header::ACCEPT, "application/json")
            .body(Full::new(Bytes::from(body)))
            .expect("building the auth request");
        let (status, body) = self.send(request).await;
        assert!(
            status.is_success(),
            "POST {url} answered {status}: {}",
            String::from_utf8_lossy(&body)
        );
        let auth: api_model::auth::AuthResponse =
            serde_json::from_slice(&body).unwrap_or_else(|error| {
                panic!(
                    "POST {url} answered {}: {error}",
                    String::from_utf8_lossy(&body)
                )
            });
        auth.jwt
    }

    /// `GET <API>/<path>?<query>` with a token from [`Portal::issue_token`]: the JSON:API
    /// document a script would get, to derive what the portal must show. Panics unless the
    /// answer is a success.
    pub async fn api_get(
        &self,
        token: &str,
        path: &str,
        query: &[(&str, &str)],
    ) -> serde_json::Value {
        let (status, body) = self.api_request(token, path, query).await;
        assert!(
            status.is_success(),
            "GET {path} answered {status}: {}",
            String::from_utf8_lossy(&body)
        );
        serde_json::from_slice(&body).unwrap_or_else(|error| {
            panic!(
                "GET {path} answered {}: {error}",
                String::from_utf8_lossy(&body)
            )
        })
    }

    /// `POST <API>/<path>` of a JSON:API document with a token, as a script would send it.
    /// Panics unless the answer is a success.
    pub async fn api_post(
        &self,
        token: &str,
        path: &str,
        document: &serde_json::Value,
    ) -> serde_json::Value {
        let url = self.url_for(&format!("{}/{path}", api_model::API_PATH));
        let request = http::Request::post(&url)
            .header(http::header::CONTENT_TYPE, api_model::JSONAPI_MEDIA_TYPE)
            .header(http::header::ACCEPT, api_model::JSONAPI_MEDIA_TYPE)
            .header(http::header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Full::new(Bytes::from(document.to_string())))
            .expect("building an API request");
        let (status, body) = self.send(request).await;
        assert!(
            status.is_success(),
            "POST {path} answered {status}: {}",
            String::from_utf8_lossy(&body)
        );
        serde_json::from_slice(&body).unwrap_or_else(|error| {
            panic!(
                "POST {path} answered {}: {error}",
                String::from_utf8_lossy(&body)
            )
        })
    }

    /// `GET <API>/<path>?<query>` with a token: the status and body, whatever they are (to learn
    /// whether the server offers something, such as a file).
    pub async fn api_request(
        &self,
        token: &str,
        path: &str,
        query: &[(&str, &str)],
    ) -> (http::StatusCode, Bytes) {
        let mut url = self.url_for(&format!("{}/{path}", api_model::API_PATH));
        if !query.is_empty() {
            // Brackets escaped too: `http::Uri` need not take them raw.
            let query = api_model::query::encode_pairs(query)
                .replace('[', "%5B")
                .replace(']', "%5D");
            url = format!("{url}?{query}");
        }
        let request = http::Request::get(&url)
            .header(http::header::ACCEPT, "application/vnd.api+json, */*")
            .header(http::header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Full::new(Bytes::new()))
            .expect("building an API request");
        self.send(request).await
    }

    /// `GET` of any URL the way a plain client (a CDN, curl) would: status, headers, body.
    pub async fn plain_get(&self, url: &str) -> (http::StatusCode, http::HeaderMap, Bytes) {
        let request = http::Request::get(url)
            .body(Full::new(Bytes::new()))
            .expect("building a request");
        let response = self
            .http
            .request(request)
            .await
            .unwrap_or_else(|error| panic!("GET {url} failed: {error}"));
        let (head, body) = response.into_parts();
        let body = body
            .collect()
            .await
            .unwrap_or_else(|error| panic!("reading the response of GET {url}: {error}"))
            .to_bytes();
        (head.status, head.headers, body)
    }

    /// The Content-Security-Policy violations the browser reported to the demo server.
    pub async fn csp_violations(&self) -> Vec<serde_json::Value> {
        let (status, _, body) = self.plain_get(&self.url_for("/__demo/csp-reports")).await;
        assert!(
            status.is_success(),
            "GET /__demo/csp-reports answered {status}"
        );
        serde_json::from_slice(&body).expect("the CSP reports are a JSON array")
    }

    /// Sends a request to the demo server and reads the whole answer.
    async fn send(&self, request: http::Request<Full<Bytes>>) -> (http::StatusCode, Bytes) {
        let what = format!("{} {}", request.method(), request.uri());
        let response = self
            .http
            .request(request)
            .await
            .unwrap_or_else(|error| panic!("{what} failed: {error}"));
        let status = response.status();
        let body = response
            .into_body()
            .collect()
            .await
            .unwrap_or_else(|error| panic!("reading the response of {what}: {error}"))
            .to_bytes();
        (status, body)
    }
}

/// Whether the page heard `online` from Chromium itself when [`Portal::go_online`] brought the
/// browser back, or only from the harness's own dispatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnlineEvent {
    FiredByBrowser,
    Dispatched,
}

/// The demo server's runtime fault control (`Options::enable_fault_control`).
const FAULT_CONTROL_PATH: &str = "/__demo/faults";

/// Chromedriver's command that emulates the network: fixed latency and ample throughput, or no
/// network at all.
#[derive(Debug)]
struct NetworkConditions {
    latency_ms: u64,
    offline: bool,
}

impl fantoccini::wd::WebDriverCompatibleCommand for NetworkConditions {
    fn endpoint(&self, base_url: &Url, session_id: Option<&str>) -> Result<Url, url::ParseError> {
        let session = session_id.unwrap_or_default();
        base_url.join(&format!("session/{session}/chromium/network_conditions"))
    }

    fn method_and_body(&self, _request_url: &Url) -> (http::Method, Option<String>) {
        let body = serde_json::json!({
            "network_conditions": {
                "offline": self.offline,
                "latency": self.latency_ms,
                "download_throughput": 100_000_000,
                "upload_throughput": 100_000_000,
            }
        });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// A Chrome DevTools Protocol command through chromedriver (`goog/cdp/execute`).
#[derive(Debug)]
struct DevToolsCommand {
    method: &'static str,
    params: serde_json::Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for DevToolsCommand {
    fn endpoint(&self, base_url: &Url, session_id: Option<&str>) -> Result<Url, url::ParseError> {
        let session = session_id.unwrap_or_default();
        base_url.join(&format!("session/{session}/goog/cdp/execute"))
    }

    fn method_and_body(&self, _request_url: &Url) -> (http::Method, Option<String>) {
        let body = serde_json::json!({ "cmd": self.method, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// The names of the files in a download directory (none if it cannot be read).
fn downloaded_names(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    names
}

/// The value of query parameter `name` in `url`, percent-decoded.
pub fn query_param(url: &Url, name: &str) -> Option<String> {
    url.query_pairs()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
}

/// Texts of a table's header cells and body rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    fn from_json(value: &serde_json::Value) -> Option<Table> {
        let strings = |value: &serde_json::Value| -> Option<Vec<String>> {
            value
                .as_array()?
                .iter()
                .map(|text| text.as_str().map(str::to_owned))
                .collect()
        };
        Some(Table {
            headers: strings(value.get("headers")?)?,
            rows: value
                .get("rows")?
                .as_array()?
                .iter()
                .map(strings)
                .collect::<Option<_>>()?,
        })
    }

    /// The cells of the column whose header starts with `header` (sort arrows may follow it).
    pub fn column(&self, header: &str) -> Option<Vec<&str>> {
        let index = self
            .headers
            .iter()
            .position(|text| text.starts_with(header))?;
        self.rows
            .iter()
            .map(|row| row.get(index).map(String::as_str))
            .collect()
    }
}

/// Seconds since the epoch, now.
pub fn now_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or_default()
}

/// Seconds since the epoch as the API and the portal's URLs write times:
/// `YYYY-MM-DD HH:MM:SS`, UTC (the API model's own format).
pub fn utc_text(seconds: i64) -> String {
    let time = chrono::DateTime::from_timestamp(seconds, 0).expect("a time within chrono's range");
    api_model::stats::server_time(&time)
}
