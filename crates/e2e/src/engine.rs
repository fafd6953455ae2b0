//! The browser engines the portal is tested in, and what differs between them: the WebDriver
//! server that drives each (chromedriver, geckodriver, WebKitWebDriver), how the harness starts
//! one when no running one is named, and the capabilities of a fresh session (headless, a
//! profile and a download directory of its own, timeouts).
//!
//! Chromium runs every test; Firefox and WebKit (Safari's engine) run the walk over the paths a
//! customer depends on (`tests/engines.rs`). What only Chromium offers (network emulation, the
//! DevTools Protocol) stays in the Chromium tests.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// How long a page may take to load before its test fails (WebDriver's default is 300 s).
const PAGE_LOAD_TIMEOUT: Duration = Duration::from_secs(30);

const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";
const DEFAULT_CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const DEFAULT_FIREFOX: &str = "/usr/bin/firefox-esr";
/// `cargo install geckodriver` puts it in cargo's bin directory, which is on a developer's PATH.
const DEFAULT_GECKODRIVER: &str = "geckodriver";
const DEFAULT_WEBKIT_DRIVER: &str = "/usr/bin/WebKitWebDriver";
/// Debian's WebKitGTK browser for automation (package `webkit2gtk-driver` brings it along).
const DEFAULT_MINIBROWSER: &str = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
/// The virtual screen WebKit draws on, with room for the desktop window.
const XVFB_SCREEN: &str = "--server-args=-screen 0 1920x1200x24";
/// GTK's style for MiniBrowser's own window: its toolbar keeps the window at least 447 px
/// wide, wider than a 360-px phone, unless its parts may shrink. Pages are not styled by it.
const WEBKIT_TOOLBAR_STYLE: &str =
    "* { font-size: 4px; padding: 0; margin: 0; min-width: 0; min-height: 0; }\n";

/// The size of the window a session starts with, in every engine.
const WINDOW: (u32, u32) = (1280, 900);

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
];

/// A browser engine, with the WebDriver server that drives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    #[default]
    Chromium,
    Firefox,
    /// WebKitGTK's MiniBrowser: the engine of Safari.
    WebKit,
}

impl Engine {
    pub const ALL: [Engine; 3] = [Engine::Chromium, Engine::Firefox, Engine::WebKit];

    pub fn name(self) -> &'static str {
        match self {
            Engine::Chromium => "Chromium",
            Engine::Firefox => "Firefox",
            Engine::WebKit => "WebKit",
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// The variable naming a running WebDriver server for this engine (`cargo xtask test` sets
    /// each); unset, the test process starts its own.
    pub(crate) fn driver_url_variable(self) -> &'static str {
        match self {
            Engine::Chromium => "WEBDRIVER_URL",
            Engine::Firefox => "GECKODRIVER_URL",
            Engine::WebKit => "WEBKITDRIVER_URL",
        }
    }

    /// The WebDriver server's program: `$CHROMEDRIVER`, `$GECKODRIVER`, `$WEBKITDRIVER`, or
    /// where Debian (or cargo) installs it.
    fn driver_program(self) -> String {
        let (variable, default) = match self {
            Engine::Chromium => ("CHROMEDRIVER", DEFAULT_CHROMEDRIVER),
            Engine::Firefox => ("GECKODRIVER", DEFAULT_GECKODRIVER),
            Engine::WebKit => ("WEBKITDRIVER", DEFAULT_WEBKIT_DRIVER),
        };
        std::env::var(variable).unwrap_or_else(|_| default.to_owned())
    }

    /// The command that starts this engine's WebDriver server on `port`. WebKitWebDriver runs
    /// under a virtual X display (`xvfb-run`): MiniBrowser's headless mode hangs on these
    /// machines, and a display of its own keeps it off any desktop. Its browsers save
    /// downloads into `webkit_home`'s `downloads` ([`webkit_environment`]).
    pub(crate) fn driver_command(self, port: u16, webkit_home: &Path) -> (String, Command) {
        let program = self.driver_program();
        let command = match self {
            Engine::Chromium | Engine::Firefox => {
                let mut command = Command::new(&program);
                command.arg(format!("--port={port}"));
                command
            }
            Engine::WebKit => {
                let mut command = Command::new("xvfb-run");
                command
                    .args(["--auto-servernum", XVFB_SCREEN])
                    .arg(&program)
                    .arg(format!("--port={port}"))
                    .envs(webkit_environment(webkit_home));
                command
            }
        };
        (program, command)
    }

    /// Whether the harness starts the next test's session while a test runs. Only Chromium runs
    /// many tests in one process; geckodriver drives one session at a time, and the other
    /// engines run one walk each, so a spare session would only be started to be closed.
    pub(crate) fn keeps_a_spare_session(self) -> bool {
        self == Engine::Chromium
    }

    /// The window size to set over WebDriver once the session runs, for an engine that takes
    /// none at its start (MiniBrowser opens a small window).
    pub(crate) fn window_set_after_start(self) -> Option<(u32, u32)> {
        (self == Engine::WebKit).then_some(WINDOW)
    }

    /// The suffix of a file the browser is still writing into the download directory.
    pub(crate) fn partial_download_suffix(self) -> &'static str {
        match self {
            Engine::Chromium => ".crdownload",
            Engine::Firefox => ".part",
            Engine::WebKit => ".wkdownload",
        }
    }

    /// The capabilities of a new session with a fresh profile in `profile` that downloads into
    /// `downloads` without asking.
    pub(crate) fn capabilities(self, profile: &Path, downloads: &Path) -> serde_json::Value {
        let mut capabilities = match self {
            Engine::Chromium => chromium_options(profile, downloads),
            Engine::Firefox => firefox_options(profile, downloads),
            Engine::WebKit => webkit_options(),
        };
        // The benchmark's HTTPS server has a certificate made at its start (demo-server --tls).
        capabilities["acceptInsecureCerts"] = true.into();
        capabilities["timeouts"] = serde_json::json!({
            "pageLoad": PAGE_LOAD_TIMEOUT.as_millis() as u64,
            "script": crate::webdriver::SCRIPT_TIMEOUT.as_millis() as u64,
        });
        capabilities
    }
}

fn chromium_options(profile: &Path, downloads: &Path) -> serde_json::Value {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| DEFAULT_CHROMIUM.to_owned());
    let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|flag| flag.to_string()).collect();
    args.push(format!("--window-size={},{}", WINDOW.0, WINDOW.1));
    args.push(format!("--user-data-dir={}", profile.display()));
    serde_json::json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": args,
            "prefs": {
                "download.default_directory": downloads.display().to_string(),
                "download.prompt_for_download": false,
                "download.directory_upgrade": true,
            },
        },
    })
}

fn firefox_options(profile: &Path, downloads: &Path) -> serde_json::Value {
    let firefox = std::env::var("FIREFOX").unwrap_or_else(|_| DEFAULT_FIREFOX.to_owned());
    let_the_window_narrow_to_a_phone(profile);
    serde_json::json!({
        "browserName": "firefox",
        "moz:firefoxOptions": {
            "binary": firefox,
            "args": [
                "-headless",
                "-profile", profile.display().to_string(),
                "-width", WINDOW.0.to_string(),
                "-height", WINDOW.1.to_string(),
            ],
            "prefs": {
                // Reads the profile's userChrome.css (`let_the_window_narrow_to_a_phone`).
                "toolkit.legacyUserProfileCustomizations.stylesheets": true,
                // Downloads land in the session's own directory (2: a directory of our
                // choosing), without a dialog, and a PDF is saved rather than shown.
                "browser.download.folderList": 2,
                "browser.download.dir": downloads.display().to_string(),
                "browser.download.useDownloadDir": true,
                "browser.download.always_ask_before_handling_new_types": false,
                "browser.helperApps.neverAsk.saveToDisk": "application/pdf",
                "pdfjs.disabled": true,
                // The downloads panel would take the focus from the page.
                "browser.download.alwaysOpenPanel": false,
            },
        },
    })
}

/// The environment of WebKitWebDriver and the browsers it starts, in `home` (a directory of
/// its own): their configuration directory (`$XDG_CONFIG_HOME`), where GLib's user
/// directories (`user-dirs.dirs`) name `home/downloads` as the download directory, where
/// WebKit saves every session's downloads (the driver runs one session at a time), and GTK's
/// style lets MiniBrowser's window narrow to a phone's width (`gtk-3.0/gtk.css`).
/// `xtask/src/browser.rs` prepares the same for the WebKitWebDriver it starts.
pub(crate) fn webkit_environment(home: &Path) -> [(&'static str, std::ffi::OsString); 1] {
    let (config, downloads) = (home.join("config"), home.join("downloads"));
    let user_dirs = format!("XDG_DOWNLOAD_DIR=\"{}\"\n", downloads.display());
    let written = std::fs::create_dir_all(config.join("gtk-3.0"))
        .and_then(|()| std::fs::create_dir_all(&downloads))
        .and_then(|()| std::fs::write(config.join("user-dirs.dirs"), user_dirs))
        .and_then(|()| std::fs::write(config.join("gtk-3.0/gtk.css"), WEBKIT_TOOLBAR_STYLE));
    if let Err(error) = written {
        panic!(
            "preparing WebKit's directories in {}: {error}",
            home.display()
        );
    }
    [("XDG_CONFIG_HOME", config.into_os_string())]
}

/// Firefox's own window keeps at least 450 px wide (its toolbar's minimum), wider than a
/// 360-px phone; the profile's `chrome/userChrome.css` lifts that minimum, so the page's
/// viewport can be a phone's, as in the other engines.
fn let_the_window_narrow_to_a_phone(profile: &Path) {
    let chrome = profile.join("chrome");
    let style = ":root, #main-window { min-width: 0 !important; min-height: 0 !important; }\n";
    if let Err(error) = std::fs::create_dir_all(&chrome)
        .and_then(|()| std::fs::write(chrome.join("userChrome.css"), style))
    {
        panic!("writing {}/userChrome.css: {error}", chrome.display());
    }
}

fn webkit_options() -> serde_json::Value {
    let browser = std::env::var("MINIBROWSER").unwrap_or_else(|_| DEFAULT_MINIBROWSER.to_owned());
    // Automation sessions of WebKitGTK keep their data in memory: each session starts fresh.
    serde_json::json!({
        "webkitgtk:browserOptions": {
            "binary": browser,
            "args": ["--automation"],
        },
    })
}
