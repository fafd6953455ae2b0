//! A long day in the portal (issue 43): in-app navigation by clicking links, many visits in a
//! row, and what the page holds after a garbage collection ([`MemorySample`]). The bench walks
//! 3,000 visits and reports the growth; `tests/long_day.rs` walks a few hundred and holds it to
//! a budget.

use std::time::Duration;

use serde_json::{Value, json};

use crate::portal::Portal;
use crate::webdriver::SCRIPT_TIMEOUT;

/// How long one script of the walk may run before it hands back; the walk goes on with
/// another.
const WALK_SLICE: Duration = Duration::from_secs(10);
/// How long one visit may take to show its page before the walk fails.
const VISIT_TIMEOUT: Duration = Duration::from_secs(20);
/// How long a click may go without its page's address before it is made again.
const CLICK_AGAIN_AFTER: Duration = Duration::from_secs(3);
/// WebDriver's script timeout during the walk: a slice, then its last visit's wait for the
/// pace (at most 10 s, [`WALK_STEP`]) and the visit at its slowest.
const WALK_SCRIPT_TIMEOUT: Duration = Duration::from_secs(50);

/// What the page holds after a garbage collection.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MemorySample {
    /// The wasm's linear memory (it never shrinks: its high-water mark).
    pub wasm_bytes: f64,
    /// The JS heap in use.
    pub js_heap_bytes: f64,
    /// User Timing entries in the performance timeline.
    pub marks: u64,
    pub measures: u64,
    /// DOM nodes and JS event listeners (DevTools' `Memory.getDOMCounters`).
    pub dom_nodes: u64,
    pub listeners: u64,
}

impl MemorySample {
    pub fn to_json(self) -> Value {
        json!({
            "wasm_bytes": self.wasm_bytes,
            "js_heap_bytes": self.js_heap_bytes,
            "marks": self.marks,
            "measures": self.measures,
            "dom_nodes": self.dom_nodes,
            "listeners": self.listeners,
        })
    }
}

/// One step of a walk: a link to click, and the page it leads to counts as a visit once it
/// shows what it is for (rows, a chart, cards, a form, a record, or that it has none). A click
/// the page let go by (it was still settling) is made again after a while, as a person would;
/// the step answers how many it made.
///
/// Chromium takes at most 200 changes of the history in 10 s and ignores the rest without an
/// error (the address then stays behind the page), and a visit makes up to two (its link's
/// entry, a correction of its address). A person never clicks that fast; a walk at the
/// machine's speed did (the bench's long day failed with an account's page drawn at
/// `/accounts`), so the walk clicks at most 80 times in 10 s, and waits for the oldest click to
/// leave those 10 s before another.
pub const WALK_STEP: &str = "
    const [selector, timeoutMs, againMs] = [arguments[0], arguments[1], arguments[2]];
    const [paceWindowMs, paceClicks] = [10000, 80];
    const clicksMade = (window.__walkClicks ||= []);
    const waitBeforeClick = () => {
        const now = performance.now();
        while (clicksMade.length && now - clicksMade[0] > paceWindowMs) clicksMade.shift();
        return clicksMade.length < paceClicks ? 0 : paceWindowMs - (now - clicksMade[0]) + 1;
    };
    const click = (link) => { clicksMade.push(performance.now()); link.click(); };
    return new Promise((paced) => setTimeout(paced, waitBeforeClick())).then(() => {
        const SHOWN = 'table tbody tr, canvas, .account-card, .empty, .error-panel, '
            + 'section.detail-page, main form';
        const shownNow = () => {
            const main = document.querySelector('main');
            if (!main || main.querySelector('.loading')) return null;
            return main.querySelector(SHOWN);
        };
        const link = document.querySelector(selector);
        if (!link) return Promise.reject(new Error('no link ' + selector));
        const before = shownNow();
        const path = link.pathname;
        if (path === location.pathname)
            return Promise.reject(new Error('already at ' + path + ': no visit'));
        click(link);
        const started = performance.now();
        let [clicked, clicks] = [started, 1];
        return new Promise((resolve, reject) => {
            const check = () => {
                const shown = shownNow();
                const now = performance.now();
                if (location.pathname === path && shown && shown !== before) return resolve(clicks);
                if (now - started > timeoutMs)
                    return reject(new Error('the page at ' + path + ' did not show: '
                        + location.pathname));
                // Only the link clicked, while it is still on the page: once the next page has
                // drawn (its address may come a moment later), the selector could find one of its
                // links and lead elsewhere.
                const again = location.pathname !== path && link.isConnected && link;
                if (again && now - clicked > againMs && waitBeforeClick() === 0) {
                    click(again);
                    [clicked, clicks] = [now, clicks + 1];
                }
                requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
        });
    });";

/// The walk's slice: visits `count` links from `steps` (CSS selectors of links, in turn, from
/// `first`) until done or the slice's time is spent; answers the number of visits made and of
/// clicks made again.
const WALK_SLICE_SCRIPT: &str = "
    const [steps, first, count, sliceMs, timeoutMs, againMs] = arguments;
    const done = arguments[arguments.length - 1];
    const step = new Function(WALK_STEP_BODY);
    const started = performance.now();
    (async () => {
        let [made, again] = [0, 0];
        while (made < count && performance.now() - started < sliceMs) {
            again += await step(steps[(first + made) % steps.length], timeoutMs, againMs) - 1;
            made += 1;
        }
        return { made, again };
    })().then(done, (error) => done({ error: String(error) }));";

impl Portal {
    /// The links of the navigation (`#main-nav`), as selectors a walk clicks: every page the
    /// customer's profile allows.
    pub async fn navigation_links(&self) -> Vec<String> {
        let code = "return [...document.querySelectorAll('#main-nav a[href]')]
            .map((a) => a.getAttribute('href'));";
        let hrefs = self.walk_script(code, vec![]).await;
        hrefs
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(|href| format!("#main-nav a[href='{href}']"))
            .collect()
    }

    /// A walk across every page family: the navigation's links, and after the accounts list
    /// a record's page (its first row's link).
    pub async fn walk_steps(&self) -> Vec<String> {
        let mut steps = Vec::new();
        for link in self.navigation_links().await {
            let is_accounts = link.contains("'/accounts'");
            steps.push(link);
            if is_accounts {
                steps.push("main table tbody tr a[href]".to_owned());
            }
        }
        steps
    }

    /// Clicks the links `steps` in turn, `visits` times in all (from `steps[first]`), each
    /// visit waiting for its page to show. In-app navigation: no page loads. Answers how many
    /// clicks were made again (the page let the first go by).
    pub async fn walk(&self, steps: &[String], first: usize, visits: usize) -> usize {
        let script = WALK_SLICE_SCRIPT.replace(
            "WALK_STEP_BODY",
            &serde_json::to_string(WALK_STEP).expect("a string as JSON"),
        );
        self.set_script_timeout(WALK_SCRIPT_TIMEOUT).await;
        let (mut made, mut again) = (0, 0);
        while made < visits {
            let args = vec![
                json!(steps),
                json!(first + made),
                json!(visits - made),
                json!(WALK_SLICE.as_millis() as u64),
                json!(VISIT_TIMEOUT.as_millis() as u64),
                json!(CLICK_AGAIN_AFTER.as_millis() as u64),
            ];
            let answer = match self.client.execute_async(&script, args).await {
                Ok(answer) => answer,
                Err(error) => panic!("{}", self.failure(&format!("the walk: {error}")).await),
            };
            match (answer["made"].as_u64(), answer["again"].as_u64()) {
                (Some(slice), Some(clicks)) => {
                    (made, again) = (made + slice as usize, again + clicks as usize)
                }
                _ => panic!("{}", self.failure(&format!("the walk: {answer}")).await),
            }
        }
        self.set_script_timeout(SCRIPT_TIMEOUT).await;
        again
    }

    /// What the page holds after a garbage collection.
    pub async fn memory_sample(&self) -> MemorySample {
        self.devtools("HeapProfiler.collectGarbage", json!({}))
            .await;
        let heap = self.devtools("Runtime.getHeapUsage", json!({})).await;
        let counters = self.devtools("Memory.getDOMCounters", json!({})).await;
        // The parts of the wasm share the main part's memory; its module's `initSync` hands
        // back its exports once it has started.
        let code = "return import(document.querySelector('script[type=\"module\"]').src)
            .then((m) => [m.initSync(undefined).memory.buffer.byteLength,
                performance.getEntriesByType('mark').length,
                performance.getEntriesByType('measure').length]);";
        let page = self.walk_script(code, vec![]).await;
        let number = |value: &Value| value.as_f64().unwrap_or(f64::NAN);
        MemorySample {
            wasm_bytes: number(&page[0]),
            js_heap_bytes: number(&heap["usedSize"]),
            marks: page[1].as_u64().unwrap_or_default(),
            measures: page[2].as_u64().unwrap_or_default(),
            dom_nodes: counters["nodes"].as_u64().unwrap_or_default(),
            listeners: counters["jsEventListeners"].as_u64().unwrap_or_default(),
        }
    }

    async fn walk_script(&self, code: &str, args: Vec<Value>) -> Value {
        match self.client.execute(code, args).await {
            Ok(value) => value,
            Err(error) => panic!(
                "{}",
                self.failure(&format!("a script failed: {error}")).await
            ),
        }
    }
}
