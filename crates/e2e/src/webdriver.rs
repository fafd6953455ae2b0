//! The browser side of a test: a WebDriver server per engine (shared through an environment
//! variable such as `$WEBDRIVER_URL`, or started here), a fresh browser session with its
//! capabilities (`engine`), and chromedriver's commands beyond WebDriver (network conditions,
//! Chrome DevTools Protocol).
//!
//! Sessions start and end off the tests' critical path ([`Browsers`]): while a Chromium test
//! runs, the session of the next one starts, and a finished test's session quits in the
//! background. Every test still gets a browser of its own that no other test has used.

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once, OnceLock, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use tokio::task::JoinHandle;
use url::Url;

use crate::engine::Engine;
use crate::portal::{POLL_INTERVAL, WAIT_TIMEOUT};

/// How long a script of a test may run; an accessibility audit of a large page may take longer.
pub(crate) const SCRIPT_TIMEOUT: Duration = Duration::from_secs(10);
/// Bounds the clean-up calls to a browser that may itself be stuck.
pub(crate) const CLEANUP_TIMEOUT: Duration = Duration::from_secs(10);

/// An engine's WebDriver server: the one its variable names (`$WEBDRIVER_URL`, …), or one
/// started here in its own process group, killed with every browser it started when this is
/// dropped.
enum WebDriver {
    External(String),
    Started {
        url: String,
        process: Child,
        /// The server's own directory (WebKit's downloads are saved there).
        home: TempDir,
    },
}

impl WebDriver {
    fn connect(engine: Engine) -> WebDriver {
        if let Ok(url) = std::env::var(engine.driver_url_variable()) {
            return WebDriver::External(url);
        }
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|listener| listener.local_addr())
            .expect("finding a free port for the WebDriver server")
            .port();
        let home = TempDir::create("e2e-webdriver");
        let (program, mut command) = engine.driver_command(port, home.path());
        let process = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "cannot start {program} ({error}); set {} to a running one",
                    engine.driver_url_variable()
                )
            });
        let driver = WebDriver::Started {
            url: format!("http://127.0.0.1:{port}"),
            process,
            home,
        };
        let deadline = Instant::now() + WAIT_TIMEOUT;
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        while TcpStream::connect_timeout(&address, POLL_INTERVAL).is_err() {
            // Dropping `driver` on this panic kills the WebDriver server.
            assert!(
                Instant::now() < deadline,
                "{program} did not listen on port {port} within {WAIT_TIMEOUT:?}"
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

    /// Where every session of this server saves downloads, for an engine whose sessions
    /// cannot be given a directory each (WebKit): `$WEBKIT_DOWNLOAD_DIR` with a server started
    /// elsewhere, the server's own with one started here.
    fn shared_downloads(&self, engine: Engine) -> Option<PathBuf> {
        if engine != Engine::WebKit {
            return None;
        }
        match self {
            WebDriver::External(_) => std::env::var_os("WEBKIT_DOWNLOAD_DIR").map(PathBuf::from),
            WebDriver::Started { home, .. } => Some(home.path().join("downloads")),
        }
    }
}

impl Drop for WebDriver {
    fn drop(&mut self) {
        if let WebDriver::Started { process, .. } = self {
            // SAFETY: signals only the process group this WebDriver server leads.
            unsafe { libc::killpg(process.id() as libc::pid_t, libc::SIGKILL) };
            let _ = process.wait();
        }
    }
}

/// A fresh directory (a browser profile, a download directory), removed afterwards.
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

/// The browsers of one engine in this test process: one WebDriver server, and a runtime of
/// their own on which every session starts and ends, so that sessions outlive the runtime of
/// the test that used them.
///
/// [`Browsers::session`] hands a test the spare session started while the previous test ran
/// (and starts the next spare, for an engine that keeps one); [`Browsers::release`] quits a
/// used session in the background. At the process's exit, the spare and the sessions still
/// quitting are closed and a WebDriver server started here is killed, with every browser it
/// started.
pub(crate) struct Browsers {
    engine: Engine,
    runtime: tokio::runtime::Runtime,
    driver_url: String,
    /// Where the driver's sessions save downloads, if not each in a directory of its own.
    shared_downloads: Option<PathBuf>,
    /// Taken at exit, to kill a WebDriver server started here (a static is never dropped).
    driver: Mutex<Option<WebDriver>>,
    spare: Mutex<Option<JoinHandle<Session>>>,
    quitting: Mutex<Vec<JoinHandle<()>>>,
    /// One session at a time for a driver that runs only one (geckodriver, WebKitWebDriver):
    /// a test waits for the previous one's session to quit, instead of being refused.
    turns: Arc<tokio::sync::Semaphore>,
}

/// Each engine's browsers, by [`Engine::index`].
static BROWSERS: [OnceLock<Browsers>; Engine::ALL.len()] =
    [OnceLock::new(), OnceLock::new(), OnceLock::new()];

impl Browsers {
    /// The process's browsers of `engine`, connected to (or starting) its WebDriver server on
    /// first use.
    pub(crate) fn get(engine: Engine) -> &'static Browsers {
        BROWSERS[engine.index()].get_or_init(|| {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("e2e-browsers")
                .enable_all()
                .build()
                .expect("building the browsers' tokio runtime");
            let driver = WebDriver::connect(engine);
            static AT_EXIT: Once = Once::new();
            AT_EXIT.call_once(|| {
                // SAFETY: registers a function that takes nothing and never unwinds.
                if unsafe { libc::atexit(shut_down_browsers_at_exit) } != 0 {
                    eprintln!("e2e: cannot close the browsers at exit; sessions may linger");
                }
            });
            Browsers {
                engine,
                runtime,
                driver_url: driver.url().to_owned(),
                shared_downloads: driver.shared_downloads(engine),
                driver: Mutex::new(Some(driver)),
                spare: Mutex::new(None),
                quitting: Mutex::new(Vec::new()),
                turns: Arc::new(tokio::sync::Semaphore::new(1)),
            }
        })
    }

    fn start_session(&self) -> JoinHandle<Session> {
        let start = Session::start(
            self.engine,
            self.driver_url.clone(),
            self.shared_downloads.clone(),
        );
        self.runtime.spawn(start)
    }

    /// A fresh session no test has used: the spare one, unless it failed to start, or else a
    /// new one. Starts the spare for the next test, if the engine keeps one.
    pub(crate) async fn session(&'static self) -> Session {
        let taken = if self.engine.keeps_a_spare_session() {
            let mut spare = self.spare.lock().unwrap_or_else(PoisonError::into_inner);
            spare.replace(self.start_session())
        } else {
            None
        };
        if let Some(spare) = taken {
            match spare.await {
                Ok(session) => return session,
                Err(error) => eprintln!("e2e: a spare browser session failed ({error}); retrying"),
            }
        }
        let turn = match self.engine.keeps_a_spare_session() {
            true => None,
            false => self.turns.clone().acquire_owned().await.ok(),
        };
        match self.start_session().await {
            Ok(session) => Session { turn, ..session },
            Err(error) => match error.try_into_panic() {
                Ok(panic) => resume_unwind(panic),
                Err(error) => panic!("starting a browser session: {error}"),
            },
        }
    }

    /// Quits a used session in the background and then removes its directories.
    pub(crate) fn release(&self, session: Session) {
        let quit = self.runtime.spawn(session.quit());
        let mut quitting = self.quitting.lock().unwrap_or_else(PoisonError::into_inner);
        quitting.retain(|handle| !handle.is_finished());
        quitting.push(quit);
    }

    /// Closes the spare session and waits for the sessions still quitting (within
    /// [`CLEANUP_TIMEOUT`]), then kills a WebDriver server started here.
    fn shut_down(&self) {
        let spare = self
            .spare
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let quitting =
            std::mem::take(&mut *self.quitting.lock().unwrap_or_else(PoisonError::into_inner));
        let all = async {
            if let Some(spare) = spare
                && let Ok(session) = spare.await
            {
                session.quit().await;
            }
            for handle in quitting {
                let _ = handle.await;
            }
        };
        let finished = self
            .runtime
            .block_on(async { tokio::time::timeout(CLEANUP_TIMEOUT, all).await });
        if finished.is_err() {
            eprintln!(
                "e2e: closing the {} sessions at exit timed out",
                self.engine.name()
            );
        }
        drop(
            self.driver
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        );
    }
}

extern "C" fn shut_down_browsers_at_exit() {
    for browsers in BROWSERS.iter().filter_map(OnceLock::get) {
        // Unwinding out of an `extern "C"` function would abort the process.
        let _ = catch_unwind(AssertUnwindSafe(|| browsers.shut_down()));
    }
}

/// One test's browser session, with a profile and a download directory of its own (or the
/// driver's, for WebKit).
pub(crate) struct Session {
    pub(crate) client: Client,
    pub(crate) engine: Engine,
    downloads: PathBuf,
    /// The profile and the download directory made for this session, removed after it.
    own_directories: Vec<TempDir>,
    /// The turn of a test on a driver that runs one session at a time, given back once the
    /// session has quit.
    turn: Option<tokio::sync::OwnedSemaphorePermit>,
}

impl Session {
    async fn start(
        engine: Engine,
        webdriver_url: String,
        shared_downloads: Option<PathBuf>,
    ) -> Session {
        let profile = TempDir::create("e2e-profile");
        let (downloads, own_downloads) = match shared_downloads {
            Some(shared) => (shared, None),
            None => {
                let own = TempDir::create("e2e-downloads");
                (own.path().to_path_buf(), Some(own))
            }
        };
        let capabilities = engine.capabilities(profile.path(), &downloads);
        let client = new_session(engine, &webdriver_url, capabilities).await;
        if let Some((width, height)) = engine.window_set_after_start()
            && let Err(error) = client.set_window_rect(0, 0, width, height).await
        {
            panic!("cannot size the {} window: {error}", engine.name());
        }
        Session {
            client,
            engine,
            downloads,
            own_directories: std::iter::once(profile).chain(own_downloads).collect(),
            turn: None,
        }
    }

    /// The directory this session downloads into.
    pub(crate) fn downloads(&self) -> &Path {
        &self.downloads
    }

    /// Ends the session (the browser quits), then removes its directories.
    async fn quit(self) {
        let close = tokio::time::timeout(CLEANUP_TIMEOUT, self.client.close()).await;
        match close {
            Ok(Ok(())) => {}
            Ok(Err(error)) => eprintln!("e2e: closing the browser session failed: {error}"),
            Err(_) => eprintln!("e2e: closing the browser session timed out"),
        }
        let directories = self.own_directories;
        let _ = tokio::task::spawn_blocking(move || drop(directories)).await;
        // The next test's session may start now.
        drop(self.turn);
    }
}

async fn new_session(
    engine: Engine,
    webdriver_url: &str,
    capabilities: serde_json::Value,
) -> Client {
    let serde_json::Value::Object(capabilities) = capabilities else {
        unreachable!("an engine's capabilities are an object")
    };
    let mut builder = ClientBuilder::new(HttpConnector::new());
    builder.capabilities(capabilities);
    // A WebDriver server that has just started listening may still refuse the first session.
    let mut attempts = 0;
    loop {
        attempts += 1;
        match builder.connect(webdriver_url).await {
            Ok(client) => return client,
            Err(error) if attempts < 3 => {
                eprintln!("e2e: starting a browser session failed ({error}); retrying");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(error) => panic!(
                "cannot start a {} session at {webdriver_url}: {error}",
                engine.name()
            ),
        }
    }
}

/// Chromedriver's command that emulates the network: fixed latency and ample throughput, or no
/// network at all.
#[derive(Debug)]
pub(crate) struct NetworkConditions {
    pub(crate) latency_ms: u64,
    pub(crate) offline: bool,
    /// The cap on each direction's throughput.
    pub(crate) bytes_per_second: u64,
}

/// What [`NetworkConditions`] caps throughput at when a test asks only for latency.
pub(crate) const UNCAPPED_BYTES_PER_SECOND: u64 = 100_000_000;

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
                "download_throughput": self.bytes_per_second,
                "upload_throughput": self.bytes_per_second,
            }
        });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// A Chrome DevTools Protocol command through chromedriver (`goog/cdp/execute`).
#[derive(Debug)]
pub(crate) struct DevToolsCommand {
    pub(crate) method: &'static str,
    pub(crate) params: serde_json::Value,
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
