//! Chromium and chromedriver for the browser tests: installed from Debian packages when missing,
//! and a chromedriver that runs in its own process group so that it and every Chromium it
//! started can be killed together.

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

/// Debian's paths; webdriver.json and the e2e harness name the same binary.
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const DEBIAN_PACKAGES: [&str; 2] = ["chromium", "chromium-driver"];

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
    let packages = DEBIAN_PACKAGES.join(" ");
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        bail!(
            "{CHROMIUM} or {CHROMEDRIVER} is missing; install the Debian packages as root: \
             apt-get update && apt-get install -y {packages}"
        );
    }
    println!("xtask: installing {packages} with apt-get");
    Cmd::new("apt-get").arg("update").run()?;
    Cmd::new("apt-get")
        .env("DEBIAN_FRONTEND", "noninteractive")
        .args(["install", "-y"])
        .args(DEBIAN_PACKAGES)
        .run()
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

/// A chromedriver on a free loopback port; dropping it kills its whole process group.
pub struct ChromeDriver {
    child: Child,
    port: u16,
}

impl ChromeDriver {
    pub fn start(chromedriver: &Path, log_dir: &Path) -> Result<ChromeDriver> {
        let port = free_port()?;
        fs::create_dir_all(log_dir).with_context(|| format!("creating {}", log_dir.display()))?;
        let log_path = log_dir.join("chromedriver.log");
        let log =
            File::create(&log_path).with_context(|| format!("creating {}", log_path.display()))?;
        println!(
            "xtask: starting {} on port {port} (log: {})",
            chromedriver.display(),
            log_path.display()
        );
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log)
            // Its own group: Ctrl-C does not reach it, and killpg reaches its Chromiums too.
            .process_group(0)
            .spawn()
            .with_context(|| format!("starting {}", chromedriver.display()))?;
        let driver = ChromeDriver { child, port };
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
                    "chromedriver did not answer on port {} in {timeout:?}",
                    self.port
                );
            }
            sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for ChromeDriver {
    fn drop(&mut self) {
        let group = self.child.id() as libc::pid_t;
        // SAFETY: signals only the group this chromedriver leads (its pid is the group id).
        unsafe { libc::killpg(group, libc::SIGTERM) };
        let deadline = Instant::now() + Duration::from_secs(3);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            sleep(Duration::from_millis(50));
        }
        // Chromium helpers may outlive the driver itself; the group id stays valid meanwhile.
        // SAFETY: as above.
        unsafe { libc::killpg(group, libc::SIGKILL) };
        let _ = self.child.wait();
        println!("xtask: stopped chromedriver (process group {group})");
    }
}

fn free_port() -> Result<u16> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).context("finding a free port")?;
    Ok(listener.local_addr()?.port())
}

/// `GET /status` answers `"ready": true` once chromedriver accepts sessions.
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
