//! Every page family's first page loaded cold over emulated links, on this machine's CPU and on
//! one four times slower (the phone Lighthouse's mobile score assumes), with the goals of issues
//! 19 and 28.

use super::{Budget, budget_line, forget_cache, mark_time, script, spread_json};
use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal};
use serde_json::{Value, json};
use std::borrow::Cow;
use std::time::Duration;

/// A link of Chromium's network emulation: latency added to every request and a throughput cap
/// each way (none for `localhost`).
#[derive(Clone, Copy)]
struct Link {
    label: &'static str,
    latency_ms: u64,
    bits_per_second: u64,
}

const LINKS: [Link; 3] = [
    Link {
        label: "localhost",
        latency_ms: 0,
        bits_per_second: 0,
    },
    Link {
        label: "40 ms, 10 Mbit/s (cable, nearby CDN)",
        latency_ms: 40,
        bits_per_second: 10_000_000,
    },
    Link {
        label: "150 ms, 1.6 Mbit/s (slow mobile)",
        latency_ms: 150,
        bits_per_second: 1_600_000,
    },
];
/// Loads per page, link, CPU and protocol; their median is reported.
const LINK_RUNS: usize = 3;
/// Chromium's CPU slowdown of a customer's phone (`Emulation.setCPUThrottlingRate`), as
/// Lighthouse's mobile audit assumes.
pub const PHONE_CPU_SLOWDOWN: u32 = 4;

/// A page family's first page: where it starts, the mark that says it is usable, and its goals
/// on the cable and the mobile link (ms): issue 19's on this machine's CPU, issue 28's on the
/// phone's.
struct FamilyLoad {
    label: &'static str,
    path: &'static str,
    mark: &'static str,
    signed_in: bool,
    goals_ms: [f64; 2],
    phone_goals_ms: [f64; 2],
}

const SIGNED_IN_GOALS_MS: [f64; 2] = [800.0, 3500.0];
const SIGNED_IN_PHONE_GOALS_MS: [f64; 2] = [900.0, 3000.0];

const FAMILY_LOADS: [FamilyLoad; 5] = [
    FamilyLoad {
        label: "sign-in form",
        path: "/login",
        mark: "portal:sign-in-shown",
        signed_in: false,
        goals_ms: [600.0, 2500.0],
        phone_goals_ms: [400.0, 1300.0],
    },
    FamilyLoad {
        label: "accounts list",
        path: "/accounts",
        mark: "portal:table-rendered",
        signed_in: true,
        goals_ms: SIGNED_IN_GOALS_MS,
        phone_goals_ms: SIGNED_IN_PHONE_GOALS_MS,
    },
    FamilyLoad {
        label: "overview",
        path: "/",
        mark: "portal:overview-shown",
        signed_in: true,
        goals_ms: SIGNED_IN_GOALS_MS,
        phone_goals_ms: SIGNED_IN_PHONE_GOALS_MS,
    },
    FamilyLoad {
        label: "origination statistics",
        path: "/statistics/origination",
        mark: "portal:chart-drawn",
        signed_in: true,
        goals_ms: SIGNED_IN_GOALS_MS,
        phone_goals_ms: SIGNED_IN_PHONE_GOALS_MS,
    },
    FamilyLoad {
        label: "call list",
        path: "/cdrs",
        mark: "portal:table-rendered",
        signed_in: true,
        goals_ms: SIGNED_IN_GOALS_MS,
        phone_goals_ms: SIGNED_IN_PHONE_GOALS_MS,
    },
];

/// Requests before a page is usable: the sign-in page's (document, stylesheet, loader, code,
/// config) and a signed-in page's (those, its chunks and its data), issue 28.
pub const SIGN_IN_REQUESTS_LIMIT: f64 = 5.0;
pub const SIGNED_IN_REQUESTS_LIMIT: f64 = 9.0;

/// What one cold load of a page over an emulated link took.
struct LinkLoad {
    usable_ms: f64,
    requests: usize,
    bytes: f64,
}

/// A cold load of `url` until `mark`: its time from navigation, the requests started before it
/// (the document included) and the bytes they moved (Resource Timing's `transferSize`).
async fn load_over_link(portal: &Portal, url: &str, mark: &str) -> LinkLoad {
    forget_cache(portal).await;
    portal.open_url(url).await;
    let usable_ms = mark_time(portal, mark).await;
    // Resource Timing lists a request once it has ended: the sign-in form is usable while the
    // code still downloads, and that request counts too.
    portal
        .wait_until("the shell's code came", async || {
            script(
                portal,
                "const shell = document.querySelector('link[rel=preload][href*=\".wasm\"]');
                 return !!shell && performance.getEntriesByType('resource')
                     .some(e => e.name === shell.href);",
                vec![],
            )
            .await
            .as_bool()
            .filter(|came| *came)
        })
        .await;
    let counted = script(
        portal,
        "const until = arguments[0];
         const [doc] = performance.getEntriesByType('navigation');
         const before = performance.getEntriesByType('resource')
             .filter(e => e.startTime <= until);
         return [1 + before.length,
                 (doc ? doc.transferSize : 0) + before.reduce((s, e) => s + e.transferSize, 0)];",
        vec![json!(usable_ms)],
    )
    .await;
    LinkLoad {
        usable_ms,
        requests: counted[0].as_u64().unwrap_or_default() as usize,
        bytes: counted[1].as_f64().unwrap_or_default(),
    }
}

/// The fastest a load could be on `link`: its bytes at the link's throughput plus the round
/// trips no page can avoid (the document, then code and config in parallel, then the data a
/// signed-in page shows). None on an unemulated link.
fn link_limit_ms(link: Link, bytes: f64, signed_in: bool) -> Option<f64> {
    if link.bits_per_second == 0 {
        return None;
    }
    let round_trips = if signed_in { 3.0 } else { 2.0 };
    Some(bytes * 8.0 / link.bits_per_second as f64 * 1000.0 + round_trips * link.latency_ms as f64)
}

/// Makes the browser's CPU `slowdown` times slower (1: as fast as this machine).
async fn slow_cpu(portal: &Portal, slowdown: u32) {
    portal
        .devtools(
            "Emulation.setCPUThrottlingRate",
            json!({ "rate": slowdown }),
        )
        .await;
}

/// Every page family's first page over every link, cold, on the origin `base` (`http://` for a
/// plain host's HTTP/1.1, `https://` for HTTP/2 as a CDN serves), once per CPU slowdown. Signs
/// in on that origin between the sign-in page and the others.
pub async fn family_loads(
    portal: &Portal,
    base: &str,
    protocol: &str,
    cpu_slowdowns: &[u32],
) -> Vec<Value> {
    let mut rows = Vec::new();
    let mut signed_in = false;
    for family in &FAMILY_LOADS {
        if family.signed_in && !signed_in {
            portal.emulate_link(Duration::ZERO, 0).await;
            slow_cpu(portal, 1).await;
            portal.open_url(&format!("{base}/login")).await;
            portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
            signed_in = true;
        }
        for &slowdown in cpu_slowdowns {
            slow_cpu(portal, slowdown).await;
            for (index, link) in LINKS.into_iter().enumerate() {
                let mut row = family_row(portal, base, family, link, slowdown, index).await;
                row["protocol"] = json!(protocol);
                rows.push(row);
            }
        }
    }
    portal.emulate_link(Duration::ZERO, 0).await;
    slow_cpu(portal, 1).await;
    // Signed out again, as the origin was found: what follows starts as a new visitor.
    script(
        portal,
        "sessionStorage.clear(); localStorage.clear();",
        vec![],
    )
    .await;
    rows
}

/// `LINK_RUNS` cold loads of `family` over `link` (the `index`th of `LINKS`) with the CPU
/// `slowdown` times slower: their median, limit and goal.
async fn family_row(
    portal: &Portal,
    base: &str,
    family: &FamilyLoad,
    link: Link,
    slowdown: u32,
    index: usize,
) -> Value {
    portal
        .emulate_link(Duration::from_millis(link.latency_ms), link.bits_per_second)
        .await;
    let mut loads = Vec::new();
    for _ in 0..LINK_RUNS {
        loads.push(load_over_link(portal, &format!("{base}{}", family.path), family.mark).await);
    }
    loads.sort_by(|a, b| a.usable_ms.total_cmp(&b.usable_ms));
    let median = &loads[loads.len() / 2];
    let limit = link_limit_ms(link, median.bytes, family.signed_in);
    let goals = if slowdown == 1 {
        family.goals_ms
    } else {
        family.phone_goals_ms
    };
    let goal = index.checked_sub(1).map(|i| goals[i]);
    json!({
        "page": family.label,
        "path": family.path,
        "signed_in": family.signed_in,
        "link": link.label,
        "cpu_slowdown": slowdown,
        "usable_ms": spread_json(&loads.iter().map(|l| l.usable_ms).collect::<Vec<_>>()),
        "requests": median.requests,
        "bytes": median.bytes,
        "limit_ms": limit,
        "ratio": limit.map(|limit| median.usable_ms / limit),
        "goal_ms": goal,
    })
}

/// The budget lines of the rows: each goal met or missed, and the requests before usable
/// (counted once per page, on the plain host's unthrottled load: they depend on neither).
pub fn budget_lines(rows: &[Value]) -> Vec<(String, Value)> {
    let mut lines = Vec::new();
    for row in rows {
        let text = |name: &str| row[name].as_str().unwrap_or_default().to_owned();
        let what = format!(
            "{} over {}, {}, CPU ×{}",
            text("page"),
            text("protocol"),
            text("link"),
            row["cpu_slowdown"]
        );
        if let Some(goal) = row["goal_ms"].as_f64() {
            let budget = Budget {
                name: Cow::Owned(format!("{what}: usable (median)")),
                limit: goal,
                unit: "ms",
            };
            let value = row["usable_ms"]["median"].as_f64().unwrap_or(f64::NAN);
            lines.push(budget_line(&budget, value));
        }
        if row["link"] == LINKS[0].label && row["protocol"] == "HTTP/1.1" {
            let limit = if row["signed_in"] == true {
                SIGNED_IN_REQUESTS_LIMIT
            } else {
                SIGN_IN_REQUESTS_LIMIT
            };
            let budget = Budget {
                name: Cow::Owned(format!("{}: requests before usable", text("page"))),
                limit,
                unit: "requests",
            };
            lines.push(budget_line(
                &budget,
                row["requests"].as_f64().unwrap_or(f64::NAN),
            ));
        }
    }
    lines
}

/// The report's section of the rows.
pub fn markdown(rows: &[Value]) -> String {
    let mut md = String::from(
        "## Over a real network\n\nCold cache, Chromium's network emulation (latency added to \
         every request, throughput capped) and CPU throttling (×4: the phone of Lighthouse's \
         mobile score), median of 3 loads until the page is usable. The limit is the bytes at \
         the link's throughput plus the round trips no page can avoid (document; code and \
         config; data); the ratio is measured / limit (aim: under 1.5). Connection set-up is \
         not emulated.\n\n\
         | page | protocol | link | CPU | usable ms | limit ms | ratio | goal ms | requests | KB moved |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let number = |v: &Value, digits: usize| {
        v.as_f64()
            .map_or("—".to_owned(), |v| format!("{v:.digits$}"))
    };
    for row in rows {
        md += &format!(
            "| {} | {} | {} | ×{} | {} | {} | {} | {} | {} | {:.1} |\n",
            row["page"].as_str().unwrap_or_default(),
            row["protocol"].as_str().unwrap_or_default(),
            row["link"].as_str().unwrap_or_default(),
            row["cpu_slowdown"],
            number(&row["usable_ms"]["median"], 0),
            number(&row["limit_ms"], 0),
            number(&row["ratio"], 2),
            number(&row["goal_ms"], 0),
            row["requests"],
            row["bytes"].as_f64().unwrap_or_default() / 1000.0
        );
    }
    md + "\n"
}
