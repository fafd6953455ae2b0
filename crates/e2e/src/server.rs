//! The server side of a test: the in-process demo server (or a stand-in for a foreign
//! deployment) serving a built portal bundle on a free loopback port, with what a [`Setup`]
//! asks beside it (an upstream API, the example parent page, foreign pages), and the log of the
//! requests under `/api` it serves ([`ServedRequest`]).

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use tokio::task::JoinHandle;

use crate::engine::Engine;
use crate::upstream_stub;
use crate::workspace_root;
use demo_server::{DEMO_LOGIN, DEMO_PASSWORD, DataFile};

/// A test that runs longer than this is stuck; it fails instead of hanging the suite.
const TEST_TIMEOUT: Duration = Duration::from_secs(180);

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
    /// production-like runs), for [`Portal::set_faults`](crate::Portal::set_faults) and
    /// [`Portal::clear_faults`](crate::Portal::clear_faults).
    pub fault_control: bool,
    /// Mounts the demo server's `GET/POST/DELETE /__demo/deploy` (off by default), to act out
    /// a new build's deployment while the test's tab is open:
    /// [`Portal::deploy_new_build`](crate::Portal::deploy_new_build) and
    /// [`Portal::undo_deployment`](crate::Portal::undo_deployment).
    pub deploy_control: bool,
    /// A data set to serve instead of the seeded one (the demo server's `--data`).
    pub data: Option<Arc<DataFile>>,
    /// Which build of the portal is served, and under which path.
    pub bundle: Bundle,
    /// A `config.json` served instead of the bundle's (the demo server's `--config`).
    pub config_json: Option<String>,
    /// Where that config's brand images lie (the directory of the demo server's `--config`).
    pub config_dir: Option<PathBuf>,
    /// Proxies the API (the demo server's `--upstream`) to a second demo server serving this
    /// data set; the portal's own server then answers no API request itself.
    pub upstream_data: Option<Arc<DataFile>>,
    /// Serves the example parent page (`examples/embed`) on `http://127.0.0.2:<port>`, which
    /// the portal's config.json then allows, and the test pages of `crates/e2e/pages` on an
    /// origin it does not allow (`http://127.0.0.3:<port>`).
    pub embedding: bool,
    /// CDR attributes the demo server hides (its `--hide-cdr-fields`), as an operator may.
    pub hide_cdr_fields: Vec<String>,
    /// How long the test may run before it fails (three minutes unless a benchmark needs more).
    pub time_limit: Duration,
    /// The browser engine the test runs in.
    pub engine: Engine,
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
            deploy_control: false,
            data: None,
            bundle: Bundle::Root,
            config_json: None,
            config_dir: None,
            upstream_data: None,
            embedding: false,
            hide_cdr_fields: Vec::new(),
            time_limit: TEST_TIMEOUT,
            engine: Engine::default(),
        }
    }
}

impl Setup {
    /// The default setup, in `engine`.
    pub fn in_engine(engine: Engine) -> Setup {
        Setup {
            engine,
            ..Setup::default()
        }
    }
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

/// `dist` served as plain files with `config` as its config.json, and no header of ours.
fn header_less_host(dist: &Path, config: String) -> axum::Router {
    axum::Router::new()
        .route(
            "/config.json",
            axum::routing::get(
                move || async move { ([("content-type", "application/json")], config) },
            ),
        )
        .fallback_service(tower_http::services::ServeDir::new(dist))
}

/// The demo server, in-process on a free loopback port.
///
/// The demo API is served through a slot that
/// [`Portal::restart_server`](crate::Portal::restart_server) can refill with a fresh instance,
/// so connections the browser keeps open reach the new instance too.
pub(crate) struct DemoServer {
    pub(crate) base_url: String,
    task: JoinHandle<()>,
    pub(crate) served: RequestLog,
    pub(crate) restart: Option<Arc<Restart>>,
    pub(crate) code_held: CodeHeld,
    /// Servers beside the portal's: the upstream API, the parent page, the foreign pages.
    others: Vec<JoinHandle<()>>,
    pub(crate) parent_url: Option<String>,
    pub(crate) foreign_url: Option<String>,
    /// The header-less hosts: config.json allowing the parent, and the bundle's own.
    pub(crate) bare_urls: Option<Vec<String>>,
}

/// The requests under `/api` the server received, in order.
pub(crate) type RequestLog = Arc<Mutex<Vec<ServedRequest>>>;

/// Whether the server holds back the portal's shell code (`portal_bg.wasm`)
/// ([`Portal::hold_the_code`](crate::Portal::hold_the_code)).
pub(crate) type CodeHeld = Arc<std::sync::atomic::AtomicBool>;

/// The longest the shell's code is held back, whatever the test forgot.
const LONGEST_HOLD: Duration = Duration::from_secs(60);

/// Middleware of the whole server: holds back the shell's code while the test says so, as a
/// slow link would, in every engine (where Chromium's network emulation does not reach).
async fn hold_code(
    axum::extract::State(held): axum::extract::State<CodeHeld>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    if request.uri().path().ends_with("/portal_bg.wasm") {
        let since = Instant::now();
        while held.load(std::sync::atomic::Ordering::SeqCst) && since.elapsed() < LONGEST_HOLD {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    next.run(request).await
}

/// The running demo API and how to start it afresh.
pub(crate) struct Restart {
    pub(crate) current: Arc<RwLock<axum::Router>>,
    pub(crate) options: demo_server::Options,
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

    /// Whether the browser sent it (rather than the harness, as in
    /// [`Portal::api_get`](crate::Portal::api_get)).
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

/// `router` logging what it serves under `/api` into `served`, and holding the shell's code
/// back while `code_held` says so.
fn with_log_and_hold(
    router: axum::Router,
    served: &RequestLog,
    code_held: &CodeHeld,
) -> axum::Router {
    router
        .layer(axum::middleware::from_fn_with_state(
            served.clone(),
            log_request,
        ))
        .layer(axum::middleware::from_fn_with_state(
            code_held.clone(),
            hold_code,
        ))
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

/// A second listener, over TLS with HTTP/2, for the running demo server (see
/// [`Portal::serve_over_tls`](crate::Portal::serve_over_tls)); it lives as long as the test.
pub(crate) async fn serve_tls_beside(restart: &Restart, served: &RequestLog) -> String {
    let (listener, address) = listen([127, 0, 0, 1], "the HTTPS server").await;
    let config = demo_server::hosting::tls::self_signed().expect("a self-signed certificate");
    let router = delegating(restart.current.clone()).layer(axum::middleware::from_fn_with_state(
        served.clone(),
        log_request,
    ));
    tokio::spawn(async move {
        if let Err(error) = demo_server::hosting::tls::serve(listener, router, config).await {
            eprintln!("e2e: the HTTPS server stopped: {error}");
        }
    });
    format!("https://{address}")
}

/// What [`Setup::embedding`] serves beside the portal (nothing without it).
struct Embedding {
    /// The portal's config.json: the setup's, made to allow the parent page when embedding.
    config_json: Option<String>,
    parent_url: Option<String>,
    foreign_url: Option<String>,
    bare_urls: Option<Vec<String>>,
}

impl DemoServer {
    pub(crate) async fn start(dist: &Path, public_url: &str, setup: &Setup) -> DemoServer {
        let (listener, address) = listen([127, 0, 0, 1], "the demo server").await;
        let base_url = format!("http://{address}");
        let mut others = Vec::new();
        let upstream = match &setup.upstream_data {
            Some(data) => Some(start_upstream(setup, data, &mut others).await),
            None => None,
        };
        let config_json = setup.config_json.clone();
        let embedding = if setup.embedding {
            let portal_url = format!("{base_url}{public_url}");
            start_embedding(dist, &base_url, &portal_url, config_json, &mut others).await
        } else {
            Embedding {
                config_json,
                parent_url: None,
                foreign_url: None,
                bare_urls: None,
            }
        };
        let options = demo_server::Options {
            dist_dir: Some(dist.to_path_buf()),
            token_lifetime: setup.token_lifetime,
            data: setup.data.clone(),
            enable_fault_control: setup.fault_control,
            enable_deploy_control: setup.deploy_control,
            public_url: public_url.to_owned(),
            config_json: embedding.config_json,
            config_dir: setup.config_dir.clone(),
            upstream,
            hide_cdr_fields: setup.hide_cdr_fields.clone(),
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
        let (served, code_held) = (RequestLog::default(), CodeHeld::default());
        let router = with_log_and_hold(router, &served, &code_held);
        let task = serve_in_background(listener, router);
        DemoServer {
            base_url,
            task,
            served,
            restart,
            code_held,
            others,
            parent_url: embedding.parent_url,
            foreign_url: embedding.foreign_url,
            bare_urls: embedding.bare_urls,
        }
    }

    pub(crate) fn stop(self) {
        self.task.abort();
        for other in self.others {
            other.abort();
        }
    }
}

/// Starts the second demo server that [`Setup::upstream_data`] asks for; its URL.
async fn start_upstream(
    setup: &Setup,
    data: &Arc<DataFile>,
    others: &mut Vec<JoinHandle<()>>,
) -> String {
    let (listener, upstream_address) = listen([127, 0, 0, 1], "the upstream").await;
    let options = demo_server::Options {
        token_lifetime: setup.token_lifetime,
        data: Some(data.clone()),
        hide_cdr_fields: setup.hide_cdr_fields.clone(),
        ..Default::default()
    };
    others.push(serve_in_background(listener, demo_server::app(options)));
    format!("http://{upstream_address}")
}

/// Starts the parent page, the foreign pages and the header-less hosts of
/// [`Setup::embedding`] for the portal at `portal_url`, with `config_json` (or the bundle's
/// config.json) allowing the parent page.
async fn start_embedding(
    dist: &Path,
    base_url: &str,
    portal_url: &str,
    config_json: Option<String>,
    others: &mut Vec<JoinHandle<()>>,
) -> Embedding {
    let (parent_listener, parent) = listen([127, 0, 0, 2], "the parent page").await;
    let (foreign_listener, foreign) = listen([127, 0, 0, 3], "the foreign pages").await;
    let bundle_config = match &config_json {
        Some(text) => text.clone(),
        None => std::fs::read_to_string(dist.join("config.json")).unwrap_or_default(),
    };
    let config_json = Some(
        demo_server::example_parent::with_allowed_origin(
            &bundle_config,
            &format!("http://{parent}"),
        )
        .expect("the bundle's config.json is valid JSON"),
    );
    let pages = |dir: PathBuf| {
        demo_server::example_parent::example_parent(
            dir,
            portal_url.to_owned(),
            api_model::api_root(base_url),
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
    // The portal as a careless host serves it: no security headers at all (no
    // frame-ancestors); config.json allowing only the parent page, or the bundle's own
    // (which allows no embedding).
    let mut bare_hosts = Vec::new();
    for (host, config) in [
        ([127, 0, 0, 4], config_json.clone().unwrap_or_default()),
        ([127, 0, 0, 5], bundle_config),
    ] {
        let (listener, address) = listen(host, "a header-less host").await;
        others.push(serve_in_background(
            listener,
            header_less_host(dist, config),
        ));
        bare_hosts.push(format!("http://{address}"));
    }
    Embedding {
        config_json,
        parent_url: Some(format!("http://{parent}")),
        foreign_url: Some(format!("http://{foreign}")),
        bare_urls: Some(bare_hosts),
    }
}
