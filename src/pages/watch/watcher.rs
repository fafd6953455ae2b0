//! The watcher: while any page of a signed-in customer with rules is shown, it checks the rules
//! (every minute, every five while the tab is hidden; at once when they change or the customer
//! asks) and alerts when one fires: in the page (above every page, announced), in the tab's
//! title, by a browser notification when the customer allowed them, and to the parent page when
//! the portal is framed (`docs/embedding.md`). Tabs sharing the session check through one of
//! them (`one_tab`); the others follow the kept rules (the `storage` event). It goes with the
//! session: no check after sign-out, and a check that ends after it keeps nothing.

use super::look::look;
use super::one_tab::OneTab;
use super::{Readable, figure_words, kept_rules, notify, rule_words, time_words};
use crate::access::Access;
use crate::components::link::Link;
use crate::components::shell::Watching;
use crate::config::PortalConfig;
use crate::embed::Embedding;
use crate::http::{Abort, Api};
use crate::i18n::{texts, tr};
use crate::kept;
use crate::routing::Page;
use crate::session::Session;
use api_model::errors::ApiError;
use api_model::watch::{Changes, Rules};
use leptos::prelude::*;
use portal_config::embed::PortalMessage;

/// How often the checking tab looks, in seconds: shown, and hidden.
const EVERY_SHOWN: i64 = 60;
const EVERY_HIDDEN: i64 = 300;
/// How often the tab asks itself whether a look is due, in milliseconds.
const TICK_MS: u64 = 5_000;

/// What the watcher works with, for the session it was made in.
#[derive(Clone, Copy)]
struct Checker {
    watching: Watching,
    session: Session,
    started: Option<crate::session::SessionId>,
    rules: RwSignal<Rules>,
    /// Whether this tab checks by itself (it holds the lock, or its session is its own).
    checks: RwSignal<bool>,
    /// When the last look started, in ms since the epoch; `None` before the first.
    last_look: StoredValue<Option<i64>>,
    in_flight: StoredValue<Option<Abort>, LocalStorage>,
    api: StoredValue<Api, LocalStorage>,
    access: Option<Access>,
    embedding: StoredValue<Option<Embedding>, LocalStorage>,
}

/// The watcher of the running session: the alerts above the page, and the checks behind them.
pub fn watcher() -> impl IntoView {
    let session = expect_context::<Session>();
    // A new session's watcher: nothing of the last one's checks.
    super::note_check(|last| *last = super::LastCheck::default());
    let checker = Checker {
        watching: expect_context::<Watching>(),
        session,
        started: session.id_untracked(),
        rules: RwSignal::new(kept_rules()),
        checks: RwSignal::new(!kept::customer_data_shared()),
        last_look: StoredValue::new(None),
        in_flight: StoredValue::new_local(None),
        api: StoredValue::new_local(expect_context::<Api>().without_kept_answers()),
        access: use_context::<Access>(),
        embedding: StoredValue::new_local(use_context::<Option<Embedding>>().flatten()),
    };
    let one_tab = (!checker.checks.get_untracked())
        .then(|| OneTab::wait(move || checker.checks.set(true)))
        .flatten();
    if one_tab.is_none() {
        checker.checks.set(true);
    }
    let one_tab = StoredValue::new_local(one_tab);
    checker.follow();
    title_mark(checker.rules);
    on_cleanup(move || {
        checker.in_flight.try_set_value(None);
        one_tab.try_set_value(None);
    });
    alerts(checker.rules)
}

impl Checker {
    /// Looks at once when the rules change here or the customer asks, when this tab starts to
    /// check, and whenever a look is due; follows the rules other tabs change.
    fn follow(self) {
        Effect::new(move |first: Option<()>| {
            self.watching.changed.track();
            if first.is_some() {
                self.rules.set(kept_rules());
                self.look();
            }
        });
        Effect::new(move |_| {
            if self.checks.get() {
                self.look();
            }
        });
        let tick = set_interval_with_handle(
            move || {
                if self.checks.get_untracked() && self.is_due() {
                    self.look();
                }
            },
            std::time::Duration::from_millis(TICK_MS),
        )
        .ok();
        // Any key: reading the rules again is cheap, and the event's key would bring its own
        // binding to every page.
        let storage = web_sys::window().map(|window| {
            gloo_events::EventListener::new(&window, "storage", move |_| {
                self.heard_from_another_tab();
            })
        });
        let storage = StoredValue::new_local(storage);
        on_cleanup(move || {
            if let Some(tick) = tick {
                tick.clear();
            }
            storage.dispose();
        });
    }

    fn is_due(self) -> bool {
        let every = match crate::again::tab_is_visible() {
            true => EVERY_SHOWN,
            false => EVERY_HIDDEN,
        };
        let since = self.last_look.get_value();
        let now = chrono::Utc::now().timestamp_millis();
        since.is_none_or(|at| now - at >= every * 1000)
    }

    /// Another tab changed the kept rules (or what fired): shown here too; a rule added or
    /// removed there is checked at once by the checking tab.
    fn heard_from_another_tab(self) {
        let now = kept_rules();
        if self.rules.with_untracked(|shown| *shown == now) {
            return;
        }
        let edited = self.rules.with_untracked(|shown| !same_rules(shown, &now));
        self.rules.set(now);
        self.watching.looked.update(|n| *n = n.wrapping_add(1));
        if edited && self.checks.get_untracked() {
            self.look();
        }
    }

    /// One look, unless one is under way.
    fn look(self) {
        if self.in_flight.with_value(Option::is_some) || self.session.id_untracked() != self.started
        {
            return;
        }
        let abort = Abort::new();
        let signal = abort.signal();
        self.in_flight.set_value(Some(abort));
        self.last_look
            .set_value(Some(chrono::Utc::now().timestamp_millis()));
        super::note_check(|last| last.checking = true);
        self.watching.looked.update(|n| *n = n.wrapping_add(1));
        leptos::task::spawn_local(async move {
            if let Some(access) = self.access {
                access.known().await;
            }
            let readable = Readable::of(self.access).unwrap_or(Readable {
                prices: false,
                asr: false,
            });
            let api = self.api.get_value();
            let still_ours = move || self.session.id_untracked() == self.started;
            let outcome = look(&api, readable, signal, still_ours).await;
            if !still_ours() {
                return;
            }
            self.in_flight.try_set_value(None);
            self.finished(outcome);
        });
    }

    fn finished(self, outcome: Result<(Changes, Rules), ApiError>) {
        let at = chrono::Utc::now();
        super::note_check(|last| last.checking = false);
        match outcome {
            Ok((changes, rules)) => {
                self.rules.try_set(rules.clone());
                super::note_check(|last| {
                    last.failed = None;
                    last.ended_at = Some(at);
                });
                self.announce(&changes, &rules);
            }
            Err(ApiError::Aborted) => {}
            Err(error) => super::note_check(|last| last.failed = Some(error)),
        }
        self.watching.looked.try_update(|n| *n = n.wrapping_add(1));
    }

    /// Tells of the rules that fired (a notification, the parent page) and cleared (the parent).
    fn announce(self, changes: &Changes, rules: &Rules) {
        let embedding = self.embedding.get_value();
        for rule in &rules.rules {
            let fired = changes.fired.contains(&rule.id);
            if !fired && !changes.cleared.contains(&rule.id) {
                continue;
            }
            let words = rule_words(rule);
            if let (true, Some(state)) = (fired, rule.fired) {
                let seen = figure_words(state.figure, rule.currency.as_deref());
                notify::show(&words, &seen, &format!("portal-watch-{}", rule.id));
            }
            if let Some(embedding) = &embedding {
                embedding.post(&PortalMessage::Alert {
                    account_id: rule.account_id.clone(),
                    rule: words,
                    fired,
                });
            }
        }
    }
}

/// The same rules, whatever fired.
fn same_rules(a: &Rules, b: &Rules) -> bool {
    let conditions = |rules: &Rules| {
        rules
            .rules
            .iter()
            .map(|r| (r.id, r.condition))
            .collect::<Vec<_>>()
    };
    conditions(a) == conditions(b)
}

/// The tab's title starts with the number of alerts while any rule has fired.
fn title_mark(rules: RwSignal<Rules>) {
    let base = use_context::<PortalConfig>().map(|config| config.title.clone());
    let set = move |title: &str| {
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(title);
        }
    };
    let Some(base) = base else { return };
    let plain = base.clone();
    Effect::new(move |_| {
        let firing = rules.with(|rules| rules.firing().count());
        match firing {
            0 => set(&base),
            n => set(&format!("({n}) ⚠ {base}")),
        }
    });
    on_cleanup(move || set(&plain));
}

/// The rules that have fired and not cleared, above every page; announced as they come.
fn alerts(rules: RwSignal<Rules>) -> impl IntoView {
    let items = move || {
        rules.with(|rules| {
            rules
                .firing()
                .map(|rule| {
                    let fired = rule.fired?;
                    let seen = figure_words(fired.figure, rule.currency.as_deref());
                    let since = (texts().watch_firing)(&time_words(&fired.at), &seen).get();
                    Some(view! {
                        <li data-rule=rule.id>
                            <strong>{rule_words(rule)}</strong>
                            " "
                            <span>{since}</span>
                        </li>
                    })
                })
                .collect_view()
        })
    };
    let none = move || rules.with(|rules| rules.firing().next().is_none());
    view! {
        <div class="notice watch-alerts" role="alert" hidden=none>
            <p><strong>{tr(|t| t.nav_watch)}</strong></p>
            <ul>{items}</ul>
            <Link href=Page::WatchRules.href()>{tr(|t| t.watch_see_rules)}</Link>
        </div>
    }
}
