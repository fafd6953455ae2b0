//! The browsers of the tests and their WebDriver servers: Chromium and chromedriver for every
//! browser test, and for the walk through the portal in the other engines (crates/e2e/tests/
//! engines.rs) Firefox with geckodriver and WebKit (WebKitGTK's MiniBrowser) with
//! WebKitWebDriver. The browsers come from Debian packages when missing, geckodriver from
//! `cargo install`. Each WebDriver server runs in its own process group, so that it and every
//! browser it started can be killed together.

use anyhow::{Context, Result, bail};
use std::fs::{self, File};
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::process::Cmd;
use crate::tools;

/// Debian's paths; webdriver.json and the e2e harness name the same binary.
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const DEBIAN_PACKAGES: [&str; 2] = ["chromium", "chromium-driver"];

/// Where Debian's packages of the other engines put what the tests run: Firefox ESR, WebKitGTK's
/// WebDriver server and browser, and `xvfb-run`, the virtual display WebKit runs on (its
/// headless mode hangs on these machines). The e2e harness names the same paths.
const FIREFOX: &str = "/usr/bin/firefox-esr";
const WEBKIT_DRIVER: &str = "/usr/bin/WebKitWebDriver";
const MINIBROWSER: &str = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const XVFB_RUN: &str = "/usr/bin/xvfb-run";
const ENGINE_PACKAGES: [&str; 3] = ["firefox-esr", "webkit2gtk-driver", "xvfb"];
/// The crate of Firefox's WebDriver server, which Debian does not package.
const GECKODRIVER_VERSION: &str = "0.37.1";

pub struct Browser {
    pub chromedriver: PathBuf,
}

pub fn ensure_installed() -> Result<Browser> {
    let missing = !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists();
    if missing {
        install_packages()?;
    }
    let chromium_version = major_version(CHROMIUM)?;
    let driver_version = major_version(CHROMEDRIVER)?;
    if chromium_version != driver_version {
        bail!(
            "Chromium {chromium_version} and chromedriver {driver_version} differ; \
             upgrade both: apt-get install -y {}",
            DEBIAN_PACKAGES.join(" ")
        );
    }
    println!("xtask: Chromium and chromedriver {chromium_version}: installed");
    Ok(Browser {
        chromedriver: CHROMEDRIVER.into(),
    })
}

fn install_packages() -> Result<()> {
    install_debian_packages(
        &DEBIAN_PACKAGES,
        &format!("{CHROMIUM} or {CHROMEDRIVER} is missing"),
    )
}

/// `apt-get install` of `packages` as root; otherwise an error that says what to run.
fn install_debian_packages(packages: &[&str], missing: &str) -> Result<()> {
    let packages = packages.join(" ");
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        bail!(
            "{missing}; install the Debian packages as root: \
             apt-get update && apt-get install -y {packages}"
        );
    }
    println!("xtask: installing {packages} with apt-get");
    Cmd::new("apt-get").arg("update").run()?;
    Cmd::new("apt-get")
        .env("DEBIAN_FRONTEND", "noninteractive")
        .args(["install", "-y"])
        .args(packages.split(' '))
        .run()
}

/// The engines besides Chromium, ready to drive.
pub struct OtherEngines {
    pub geckodriver: PathBuf,
}

/// Firefox ESR, WebKitGTK's driver and browser, and xvfb from Debian when any is missing, and
/// geckodriver at its pinned version from crates.io.
pub fn ensure_other_engines_installed() -> Result<OtherEngines> {
    let needed = [FIREFOX, WEBKIT_DRIVER, MINIBROWSER, XVFB_RUN];
    if let Some(missing) = needed.iter().find(|path| !Path::new(path).exists()) {
        install_debian_packages(&ENGINE_PACKAGES, &format!("{missing} is missing"))?;
    }
    tools::ensure_cargo_tool(
        "geckodriver",
        "geckodriver",
        GECKODRIVER_VERSION,
        &["--locked"],
        tools::Optimise::Lightly,
    )?;
    let firefox = Cmd::new(FIREFOX)
        .arg("--version")
        .probe()
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .with_context(|| format!("cannot run {FIREFOX}"))?;
    println!("xtask: {firefox}, geckodriver {GECKODRIVER_VERSION}, WebKitWebDriver: installed");
    Ok(OtherEngines {
        geckodriver: tools::cargo_bin_dir().join("geckodriver"),
    })
}

/// `Chromium 156.0.8078.79 built on …` or `ChromeDriver 156.0.8078.79 (…)` → 156.
fn major_version(program: &str) -> Result<u32> {
    let output = Cmd::new(program)
        .arg("--version")
        .probe()
        .with_context(|| format!("cannot run {program}"))?;
    let text = String::from_utf8_lossy(&output.stdout);
    text.split_whitespace()
        .nth(1)
        .and_then(|version| version.split('.').next())
        .and_then(|major| major.parse().ok())
        .with_context(|| format!("unexpected `{program} --version` output: {text:?}"))
}

/// A WebDriver server (chromedriver, geckodriver, WebKitWebDriver) on a free loopback port;
/// dropping it kills its whole process group.
pub struct WebDriverServer {
    name: &'static str,
    child: Child,
    port: u16,
}

impl WebDriverServer {
    pub fn chromedriver(chromedriver: &Path, log_dir: &Path) -> Result<WebDriverServer> {
        WebDriverServer::start("chromedriver", log_dir, |port| {
            let mut command = Command::new(chromedriver);
            command.arg(format!("--port={port}"));
            command
        })
    }

    /// WebKitWebDriver on a virtual X display of its own, where the MiniBrowsers it starts
    /// draw (their headless mode hangs on these machines), with its configuration in
    /// `log_dir/webkit` (made afresh); answers the directory where its browsers save downloads.
    pub fn webkit_driver(log_dir: &Path) -> Result<(WebDriverServer, PathBuf)> {
        let home = log_dir.join("webkit");
        let (config, downloads) = prepare_webkit_home(&home)?;
        let driver = WebDriverServer::start("WebKitWebDriver", log_dir, |port| {
            let mut command = Command::new(XVFB_RUN);
            command
                .args(["--auto-servernum", "--server-args=-screen 0 1920x1200x24"])
                .arg(WEBKIT_DRIVER)
                .arg(format!("--port={port}"))
                .env("XDG_CONFIG_HOME", &config);
            command
        })?;
        Ok((driver, downloads))
    }

    fn start(
        name: &'static str,
        log_dir: &Path,
        command_on: impl FnOnce(u16) -> Command,
    ) -> Result<WebDriverServer> {
        let port = free_port()?;
        fs::create_dir_all(log_dir).with_context(|| format!("creating {}", log_dir.display()))?;
        let log_path = log_dir.join(format!("{}.log", name.to_lowercase()));
        let log =
            File::create(&log_path).with_context(|| format!("creating {}", log_path.display()))?;
        println!(
            "xtask: starting {name} on port {port} (log: {})",
            log_path.display()
        );
        let child = command_on(port)
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log)
            // Its own group: Ctrl-C does not reach it, and killpg reaches its browsers too.
            .process_group(0)
            .spawn()
            .with_context(|| format!("starting {name}"))?;
        let driver = WebDriverServer { name, child, port };
        driver.wait_until_ready(Duration::from_secs(20))?;
        Ok(driver)
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn wait_until_ready(&self, timeout: Duration) -> Result<()> {
        let deadline = Instant::now() + timeout;
        loop {
            if status_is_ready(self.port) {
                return Ok(());
            }
            if Instant::now() > deadline {
                bail!(
                    "{} did not answer on port {} in {timeout:?}",
                    self.name,
                    self.port
                );
            }
            sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for WebDriverServer {
    fn drop(&mut self) {
        let group = self.child.id() as libc::pid_t;
        // SAFETY: signals only the group this server leads (its pid is the group id).
        unsafe { libc::killpg(group, libc::SIGTERM) };
        let deadline = Instant::now() + Duration::from_secs(3);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            sleep(Duration::from_millis(50));
        }
        // Browser helpers may outlive the server itself; the group id stays valid meanwhile.
        // SAFETY: as above.
        unsafe { libc::killpg(group, libc::SIGKILL) };
        let _ = self.child.wait();
        println!("xtask: stopped {} (process group {group})", self.name);
    }
}

/// GTK's style for MiniBrowser's own window, whose toolbar would keep it wider than a 360-px
/// phone; the e2e harness's `engine.rs` uses the same when it starts WebKitWebDriver itself.
const WEBKIT_TOOLBAR_STYLE: &str =
    "* { font-size: 4px; padding: 0; margin: 0; min-width: 0; min-height: 0; }\n";

/// `home/config`, the browsers' `$XDG_CONFIG_HOME`: GLib's user directories there name
/// `home/downloads` as the download directory (WebKit saves downloads there; no WebDriver
/// capability chooses it), and GTK's style lets the window narrow to a phone's width.
/// Answers the two directories.
fn prepare_webkit_home(home: &Path) -> Result<(PathBuf, PathBuf)> {
    let (config, downloads) = (home.join("config"), home.join("downloads"));
    if home.exists() {
        fs::remove_dir_all(home).with_context(|| format!("emptying {}", home.display()))?;
    }
    fs::create_dir_all(config.join("gtk-3.0"))?;
    fs::create_dir_all(&downloads)?;
    let user_dirs = format!("XDG_DOWNLOAD_DIR=\"{}\"\n", downloads.display());
    fs::write(config.join("user-dirs.dirs"), user_dirs)?;
    fs::write(config.join("gtk-3.0/gtk.css"), WEBKIT_TOOLBAR_STYLE)?;
    Ok((config, downloads))
}

fn free_port() -> Result<u16> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).context("finding a free port")?;
    Ok(listener.local_addr()?.port())
}

/// `GET /status` answers `"ready": true` once the server accepts sessions.
fn status_is_ready(port: u16) -> bool {
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let Ok(mut stream) = TcpStream::connect_timeout(&address, Duration::from_secs(1)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    // chromedriver refuses HTTP/1.0.
    let request =
        format!("GET /status HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut response = String::new();
    let _ = stream.read_to_string(&mut response);
    response.contains("\"ready\":true") || response.contains("\"ready\": true")
}
