//! The page object of the tests: [`Portal`] drives the portal open in the browser session as a
//! user would (navigation, history, waiting for what the page shows, typing, clicking,
//! selecting, the keyboard, the viewport and the colour scheme, signing in, downloads) and runs
//! the accessibility audit (axe-core) on the page as it is.
//!
//! What the test sees of the network (offline, faults, served requests, direct API calls) is
//! in `network`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use http_body_util::Full;
use hyper_util::client::legacy::Client as HttpClient;
use hyper_util::client::legacy::connect::HttpConnector;
use url::Url;

use crate::engine::Engine;
use crate::server::{CodeHeld, RequestLog, Restart};
use crate::table::Table;
use crate::webdriver::{DevToolsCommand, SCRIPT_TIMEOUT};
use crate::workspace_root;

/// How long a wait helper polls before failing. Generous: the machine may have 2 cores kept
/// busy by other builds, where a first answer that works through weeks of calls (payments'
/// balances, in an unoptimised demo server) took over 15 s. A passing run never waits this long.
pub const WAIT_TIMEOUT: Duration = Duration::from_secs(30);
pub(crate) const POLL_INTERVAL: Duration = Duration::from_millis(100);
const AUDIT_TIMEOUT: Duration = Duration::from_secs(60);
/// How long [`Portal::wait_for_download`] waits for a file: exports fetch many pages.
pub const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(30);
/// Marks a panic message that already carries the page state, so it is not printed twice.
pub(crate) const PAGE_STATE_MARKER: &str = "current URL:";
const PAGE_TEXT_LIMIT: usize = 4000;

/// The portal open in a browser session, with the demo server behind it.
///
/// Helpers that wait poll every 100 ms for up to [`WAIT_TIMEOUT`] and panic with the current
/// URL and page text when the condition never holds. WebDriver errors while polling (elements
/// replaced by a re-render, say) count as "not yet".
#[derive(Clone)]
pub struct Portal {
    pub(crate) client: Client,
    pub(crate) engine: Engine,
    pub(crate) base_url: String,
    pub(crate) http: HttpClient<HttpConnector, Full<Bytes>>,
    pub(crate) downloads: PathBuf,
    pub(crate) served: RequestLog,
    pub(crate) restart: Option<Arc<Restart>>,
    pub(crate) code_held: CodeHeld,
    pub(crate) parent_url: Option<String>,
    pub(crate) foreign_url: Option<String>,
    pub(crate) bare_urls: Option<Vec<String>>,
}

impl Portal {
    /// `http://127.0.0.2:<port>` of the example parent page (with
    /// [`Setup::embedding`](crate::Setup::embedding)).
    pub fn parent_url(&self) -> &str {
        self.parent_url
            .as_deref()
            .expect("the parent page runs only with Setup::embedding")
    }

    /// `http://127.0.0.3:<port>`: an origin config.json does not allow, serving the example
    /// parent page and, under `/pages/`, the pages of `crates/e2e/pages` (with
    /// [`Setup::embedding`](crate::Setup::embedding)).
    pub fn foreign_url(&self) -> &str {
        self.foreign_url
            .as_deref()
            .expect("the foreign pages run only with Setup::embedding")
    }

    /// `http://127.0.0.4:<port>` and `http://127.0.0.5:<port>`: the portal's files served
    /// without any security header (no frame-ancestors), the first with a config.json that
    /// allows only [`Portal::parent_url`] to embed it, the second with the bundle's own, which
    /// allows no embedding (with [`Setup::embedding`](crate::Setup::embedding)).
    pub fn header_less_hosts(&self) -> (&str, &str) {
        match self.bare_urls.as_deref() {
            Some([listed, unlisted]) => (listed, unlisted),
            _ => panic!("the header-less hosts run only with Setup::embedding"),
        }
    }

    /// The engine of the browser the portal is open in.
    pub fn engine(&self) -> Engine {
        self.engine
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

    /// Enters the portal's frame on an embedding page (`iframe[name=portal]`), once it is there.
    pub async fn enter_portal_frame(&self) {
        self.wait_for("iframe[name=portal]").await;
        self.enter_frame(0).await;
    }

    /// Enters the page's frame number `index`.
    pub async fn enter_frame(&self, index: u16) {
        if let Err(error) = self.client.enter_frame(index).await {
            panic!(
                "{}",
                self.failure(&format!("entering frame {index}: {error}"))
                    .await
            );
        }
    }

    /// Back from a frame to its parent page.
    pub async fn leave_frame(&self) {
        if let Err(error) = self.client.enter_parent_frame().await {
            panic!(
                "{}",
                self.failure(&format!("leaving the frame: {error}")).await
            );
        }
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

    /// Waits for up to [`WAIT_TIMEOUT`] until `probe` answers `Ok`; its last `Err` says what it
    /// saw instead, and a timeout prints it beside `expected`.
    pub async fn wait_until_seen<T>(
        &self,
        expected: &str,
        mut probe: impl AsyncFnMut() -> Result<T, String>,
    ) -> T {
        let deadline = Instant::now() + WAIT_TIMEOUT;
        loop {
            let seen = match probe().await {
                Ok(value) => return value,
                Err(seen) => seen,
            };
            if Instant::now() >= deadline {
                let message = format!(
                    "timed out after {WAIT_TIMEOUT:?} waiting for {expected}; last seen: {seen}"
                );
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

    /// Runs `code` in the page with `args` and answers what it returns; `what` names it in
    /// the failure's message.
    pub async fn script(
        &self,
        what: &str,
        code: &str,
        args: Vec<serde_json::Value>,
    ) -> serde_json::Value {
        match self.client.execute(code, args).await {
            Ok(value) => value,
            Err(error) => panic!("{}", self.failure(&format!("{what}: {error}")).await),
        }
    }

    /// Follows a link to `path` inside the portal, as the router does for any link clicked
    /// (the link need not be on the page, nor in view).
    pub async fn go_in_app(&self, path: &str) {
        let code = "const a = document.createElement('a'); a.href = arguments[0];
                    document.body.append(a); a.click(); a.remove();";
        self.script("following a link", code, vec![path.into()])
            .await;
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
    /// window rect, corrected by whatever the window adds around the viewport, and by a page
    /// zoom such as WebKit's here), as a phone or a large screen would show the portal. Pages
    /// get `resize` as usual.
    pub async fn set_viewport(&self, width: u32, height: u32) {
        let wanted = (i64::from(width), i64::from(height));
        let mut window = wanted;
        let mut seen = (0, 0);
        // The last window size and the viewport it gave, to learn how the viewport follows the
        // window (one to one, or scaled by a page zoom).
        let mut last: Option<((i64, i64), (i64, i64))> = None;
        for _ in 0..4 {
            let (w, h) = (window.0.max(1) as u32, window.1.max(1) as u32);
            if let Err(error) = self.client.set_window_rect(0, 0, w, h).await {
                panic!("cannot resize the window to {w}×{h}: {error}");
            }
            // The window may be kept larger than asked (a browser's toolbar has a minimum).
            let actual = match self.client.get_window_rect().await {
                Ok((_, _, w, h)) => (w as i64, h as i64),
                Err(error) => panic!("cannot read the window's size: {error}"),
            };
            seen = self.steady_viewport(wanted).await;
            if seen == wanted {
                return;
            }
            let next = |dimension: fn(&(i64, i64)) -> i64| {
                let slope = match last {
                    Some((window_before, seen_before))
                        if dimension(&actual) != dimension(&window_before)
                            && dimension(&seen) != dimension(&seen_before) =>
                    {
                        (dimension(&seen) - dimension(&seen_before)) as f64
                            / (dimension(&actual) - dimension(&window_before)) as f64
                    }
                    _ => 1.0,
                };
                let missing = (dimension(&wanted) - dimension(&seen)) as f64;
                dimension(&actual) + (missing / slope).round() as i64
            };
            window = (next(|size| size.0), next(|size| size.1));
            last = Some((actual, seen));
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

    /// The page's viewport once it is `wanted` or has held one size for half a second (the
    /// window resizes asynchronously), or after three seconds.
    async fn steady_viewport(&self, wanted: (i64, i64)) -> (i64, i64) {
        let (mut seen, mut steady) = ((0, 0), 0);
        let deadline = Instant::now() + Duration::from_secs(3);
        loop {
            let size = self
                .client
                .execute("return [window.innerWidth, window.innerHeight];", vec![])
                .await
                .ok()
                .and_then(|size| Some((size[0].as_i64()?, size[1].as_i64()?)));
            match size {
                Some(size) if size == wanted => return size,
                Some(size) if size == seen => steady += 1,
                Some(size) => (seen, steady) = (size, 0),
                None => {}
            }
            if steady >= 5 || Instant::now() >= deadline {
                return seen;
            }
            tokio::time::sleep(POLL_INTERVAL).await;
        }
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

    pub(crate) async fn set_script_timeout(&self, timeout: Duration) {
        let timeouts = fantoccini::wd::TimeoutConfiguration::new(Some(timeout), None, None);
        if let Err(error) = self.client.update_timeouts(timeouts).await {
            panic!("cannot set the script timeout to {timeout:?}: {error}");
        }
    }

    /// The directory this session's browser downloads into (empty at the start).
    pub fn downloads_dir(&self) -> &Path {
        &self.downloads
    }

    /// The content of the downloaded file `file_name`, once the browser has finished writing it
    /// (no partial file left: Chromium's `.crdownload`, Firefox's `.part`), waiting up to
    /// [`DOWNLOAD_TIMEOUT`].
    pub async fn wait_for_download(&self, file_name: &str) -> Vec<u8> {
        let path = self.downloads.join(file_name);
        let deadline = Instant::now() + DOWNLOAD_TIMEOUT;
        loop {
            let names = downloaded_names(&self.downloads);
            let partial = self.engine.partial_download_suffix();
            let writing = names.iter().any(|n| n.ends_with(partial));
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

    /// On the payment provider's page a top-up led to (the demo server's stand-in): waits for
    /// it, presses Pay, and waits until the provider sends the browser back to the portal's
    /// top-up page.
    pub async fn pay_on_the_providers_page(&self) {
        self.wait_for_url("the provider's payment page", |url| {
            !url.path().starts_with("/payments")
        })
        .await;
        self.wait_until("the payment page's Pay button", async || {
            let clicked = self
                .client
                .execute(
                    "const b = [...document.querySelectorAll('button')]
                        .find(b => b.textContent.trim().toLowerCase().startsWith('pay'));
                     if (!b) return false; b.click(); return true;",
                    vec![],
                )
                .await
                .ok()?;
            clicked.as_bool().filter(|clicked| *clicked)
        })
        .await;
        self.wait_for_path("/payments/top-up").await;
    }

    /// Opens the sign-in page and signs in as the demo server's seeded customer.
    pub async fn sign_in_as_demo(&self) {
        self.open("/login").await;
        self.sign_in(crate::DEMO_LOGIN, crate::DEMO_PASSWORD).await;
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
}

/// The current URL and visible text of the page, for failure messages.
pub(crate) async fn page_state(client: &Client) -> String {
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
