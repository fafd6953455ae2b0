//! Reads of the API that follow a key (a list's query, a record's id): the one hook every page
//! shares, on Leptos' `LocalResource`, drawn by [`loaded`] under `<Transition>` and
//! `<ErrorBoundary>`.
//!
//! What `LocalResource` lacks, and [`use_read`] adds: it runs its futures one after another
//! and lets a superseded one run to its end, so a changed key aborts the request in flight
//! (through the request's `AbortSignal`); and a failed read is tried again once the browser is
//! back online. A late answer never overwrites a newer one: the resource only keeps the answer
//! of its latest run.
//!
//! A failed read keeps the last good answer on the page; when that answer was for another key
//! (a filter the server could not answer yet), it is marked as the previous one
//! ([`Read::shows_previous`]): dimmed, under a note saying what it was for. A failure that may
//! pass (network, timeout, 429, 5xx) is tried again by itself, after a pause that grows
//! ([`RETRY_BY_ITSELF_AFTER`]), with the live-calls page's rules ([`crate::again`]).

use crate::components::status;
use crate::http::Abort;
use crate::i18n::texts;
use api_model::errors::ApiError;
use leptos::prelude::*;
use std::any::Any;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;
use web_sys::AbortSignal;

/// The pause before a failed read that may pass is tried again by itself, the first time; it
/// doubles with each retry that fails too, up to [`MAX_RETRY_BY_ITSELF_AFTER`].
pub const RETRY_BY_ITSELF_AFTER: Duration = Duration::from_secs(5);
pub const MAX_RETRY_BY_ITSELF_AFTER: Duration = Duration::from_secs(60);

/// The pause before the retry that follows `retries` retries by itself.
pub fn retry_pause(retries: u32) -> Duration {
    RETRY_BY_ITSELF_AFTER
        .saturating_mul(2u32.saturating_pow(retries.min(16)))
        .min(MAX_RETRY_BY_ITSELF_AFTER)
}

/// What a read answered: `None` when its key asks for nothing (input the customer must fix
/// first, or no session).
pub type Answer<T> = Option<Result<T, ApiError>>;

/// A read of the API that follows its key; `Copy`, like a signal. Its answer is shared, not
/// copied, by whatever shows it.
pub struct Read<T: 'static> {
    state: State,
    data: PhantomData<fn() -> T>,
}

/// What a read follows, whatever its type of data: compiled once.
#[derive(Clone, Copy)]
struct State {
    resource: LocalResource<Answer<Data>>,
    /// The latest good answer: kept through a later failure, which shows above it.
    kept: RwSignal<Option<Data>>,
    /// The key the kept answer was asked with.
    kept_key: RwSignal<Option<Key>, LocalStorage>,
    /// Whether the kept answer is the answer to the key asked for now.
    answers_key: RwSignal<bool>,
    /// The latest request's failure. Kept beside the resource, not read from it: a memo or an
    /// effect that read the resource would take the "asked again" mark its own loop waits for
    /// (reactive_graph's `AsyncDerived::update_if_necessary` clears it), and the request
    /// would never go out.
    failed: RwSignal<Option<ApiError>>,
    loading: RwSignal<bool>,
    /// The retries by itself since the key changed or an answer came: the next pause grows.
    retries: StoredValue<u32>,
    /// Whether a failure that may pass is tried again by itself (a page that asks again on its
    /// own schedule says no).
    retries_by_itself: StoredValue<bool>,
}

/// A read's key, of its read's type.
type Key = Rc<dyn Any>;

/// A read's data, of its read's type. One type for every read: the resource's machinery is
/// then compiled once, not once per type of data (in every part of the wasm that reads it).
type Data = Arc<dyn Any + Send + Sync>;

/// A read's request, under way; it answers with the key it asked with.
type Request = Pin<Box<dyn Future<Output = Result<(Data, Key), ApiError>>>>;

impl<T: 'static> Clone for Read<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Read<T> {}

/// The request in flight, with the key it asks for: a new key aborts it (by dropping it).
type InFlight<K> = StoredValue<Option<(K, Abort)>, LocalStorage>;

/// Reads `load(key)` whenever `key` changes; a key of `None` asks for nothing (and aborts what
/// was asked before).
pub fn use_read<K, T, Fut>(
    key: impl Fn() -> Option<K> + 'static,
    load: impl Fn(K, Option<AbortSignal>) -> Fut + 'static,
) -> Read<T>
where
    K: Clone + PartialEq + 'static,
    T: Send + Sync + 'static,
    Fut: Future<Output = Result<T, ApiError>> + 'static,
{
    let in_flight: InFlight<K> = StoredValue::new_local(None);
    let key = Rc::new(key);
    let wanted = key.clone();
    let changed = Trigger::new();
    let start = move || -> Option<Request> {
        changed.track();
        let key = untrack(|| key())?;
        let abort = Abort::new();
        let signal = abort.signal();
        in_flight.set_value(Some((key.clone(), abort)));
        let request = Untracked::new(load(key.clone(), signal));
        Some(Box::pin(async move {
            Ok((Arc::new(request.await?) as Data, Rc::new(key) as Key))
        }))
    };
    let superseded = move || in_flight.try_with_value(Option::is_none).unwrap_or(true);
    let state = resource(Box::new(start), Box::new(superseded));
    follow_key(move || wanted(), in_flight, changed, state);
    let read = Read {
        state,
        data: PhantomData,
    };
    retry_when_online(read);
    retry_by_itself(state);
    read
}

/// A future polled outside any tracking: a resource's load (the key alone says when to ask
/// again, not the signals a request happens to read on its way) or a `Suspend` that draws a page
/// (which would otherwise be drawn anew whenever a signal its drawing read changes).
pub struct Untracked<F>(Pin<Box<F>>);

impl<F> Untracked<F> {
    pub fn new(future: F) -> Untracked<F> {
        Untracked(Box::pin(future))
    }
}

impl<F: Future> Future for Untracked<F> {
    type Output = F::Output;

    fn poll(
        mut self: Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<F::Output> {
        let inner = self.0.as_mut();
        untrack(move || inner.poll(cx))
    }
}

/// The resource of every read: it asks with `start` whenever what `start` reads changes.
fn resource(start: Box<dyn Fn() -> Option<Request>>, superseded: Box<dyn Fn() -> bool>) -> State {
    let loading = RwSignal::new(false);
    let kept = RwSignal::new(None);
    let kept_key = RwSignal::new_local(None);
    let answers_key = RwSignal::new(false);
    let failed = RwSignal::new(None);
    let retries = StoredValue::new(0);
    let superseded = Rc::new(superseded);
    let resource = LocalResource::new(move || {
        let request = start();
        let superseded = superseded.clone();
        async move {
            let request = request?;
            loading.try_set(true);
            let answer = request.await;
            loading.try_set(false);
            // Superseded while it came (an answer no abort could stop any more): not kept.
            if superseded() {
                return Some(Err(ApiError::Aborted));
            }
            match answer {
                Ok((data, key)) => {
                    kept.try_set(Some(data.clone()));
                    kept_key.try_set(Some(key));
                    answers_key.try_set(true);
                    failed.try_set(None);
                    retries.try_set_value(0);
                    Some(Ok(data))
                }
                Err(error) => {
                    if error != ApiError::Aborted {
                        failed.try_set(Some(error.clone()));
                    }
                    Some(Err(error))
                }
            }
        }
    });
    State {
        resource,
        kept,
        kept_key,
        answers_key,
        failed,
        loading,
        retries,
        retries_by_itself: StoredValue::new(true),
    }
}

/// The resource asks again only when the key changes to another value (signals the key reads
/// may change and leave it the same), and the request in flight for an old key ends at once:
/// `changed` is what the resource follows. A new key starts its retries afresh, and tells
/// whether the answer kept is its answer.
fn follow_key<K: Clone + PartialEq + 'static>(
    key: impl Fn() -> Option<K> + 'static,
    in_flight: InFlight<K>,
    changed: Trigger,
    state: State,
) {
    Effect::new(move |before: Option<Option<K>>| {
        let wanted = key();
        // The first time, the key the resource asked with when it was made.
        let before = before.unwrap_or_else(|| {
            in_flight.with_value(|slot| slot.as_ref().map(|(asked, _)| asked.clone()))
        });
        in_flight.update_value(|slot| {
            if slot
                .as_ref()
                .is_some_and(|(asked, _)| Some(asked) != wanted.as_ref())
            {
                *slot = None;
            }
        });
        if before != wanted {
            let kept_for_it = state.kept_key.try_with_untracked(|kept| {
                kept.as_ref().and_then(|key| key.downcast_ref::<K>()) == wanted.as_ref()
            });
            state.answers_key.try_set(kept_for_it.unwrap_or(false));
            state.retries.try_set_value(0);
            changed.notify();
        }
        wanted
    });
}

/// A failure that may pass is tried again by itself, after a pause that grows with each retry
/// that fails too; a new key, or the customer's own retry, supersedes the one scheduled.
fn retry_by_itself(state: State) {
    crate::again::ask_again_while_visible(
        move || {
            let may_pass = state
                .failed
                .try_with(|failed| failed.as_ref().is_some_and(ApiError::is_retryable))
                .unwrap_or(false);
            let wanted = may_pass
                && !state.loading.try_get().unwrap_or(true)
                && state.retries_by_itself.try_get_value().unwrap_or(false);
            wanted.then(|| retry_pause(state.retries.try_get_value().unwrap_or(0)))
        },
        move || {
            state.retries.try_update_value(|n| *n = n.saturating_add(1));
            state.resource.refetch();
        },
    );
}

/// Back online after a failure: tried again without waiting for the customer.
fn retry_when_online<T: 'static>(read: Read<T>) {
    let online = window_event_listener(leptos::ev::online, move |_| {
        if read.has_error_untracked() {
            read.retry();
        }
    });
    on_cleanup(move || online.remove());
}

impl<T: 'static> Read<T> {
    /// Sends the same request again.
    pub fn retry(&self) {
        self.state.resource.refetch();
    }

    /// Drops what it showed: what a session showed, once the session is over.
    pub fn forget(&self) {
        self.state.resource.try_set(None);
        self.state.kept.try_set(None);
        self.state.kept_key.try_set(None);
        self.state.failed.try_set(None);
    }

    /// Leaves a failure to the page, which asks again on its own schedule (live calls).
    pub fn refreshed_by_page(self) -> Self {
        self.state.retries_by_itself.try_set_value(false);
        self
    }

    /// Whether the answer shown is the previous one, for another key: the latest request
    /// failed, and the answer kept is not its answer. Tracked.
    pub fn shows_previous(&self) -> bool {
        self.state.shows_previous()
    }

    /// The key the answer kept was asked with, when it is of type `K`. Tracked.
    pub fn answered_key<K: Clone + 'static>(&self) -> Option<K> {
        self.state
            .kept_key
            .try_with(|key| key.as_ref()?.downcast_ref::<K>().cloned())
            .flatten()
    }

    /// The latest good answer, kept while a newer request is on its way and after it fails.
    /// Tracked; a read whose page has gone has none.
    pub fn with_data<R>(&self, f: impl Fn(Option<&T>) -> R) -> R {
        self.state
            .kept
            .try_with(|kept| f(kept.as_ref().and_then(|data| data.downcast_ref::<T>())))
            .unwrap_or_else(|| f(None))
    }

    pub fn has_data(&self) -> bool {
        self.with_data(|data| data.is_some())
    }

    /// The failure of the latest request (not one superseded). Tracked.
    pub fn error(&self) -> Option<ApiError> {
        self.state.failed.try_get().flatten()
    }

    pub fn has_error(&self) -> bool {
        self.error().is_some()
    }

    fn has_error_untracked(&self) -> bool {
        untrack(|| self.has_error())
    }

    /// Whether a request is on its way. Tracked; a read that is gone (its session's) has none.
    pub fn is_loading(&self) -> bool {
        self.state.loading.try_get().unwrap_or(false)
    }
}

impl State {
    fn has_kept(&self) -> bool {
        self.kept.try_with(Option::is_some).unwrap_or(false)
    }

    fn shows_previous(&self) -> bool {
        let failed = self.failed.try_with(Option::is_some).unwrap_or(false);
        failed && self.has_kept() && !self.answers_key.try_get().unwrap_or(true)
    }
}

impl<T: Clone + 'static> Read<T> {
    /// The latest good answer, cloned. Tracked.
    pub fn data(&self) -> Option<T> {
        self.with_data(|data| data.cloned())
    }
}

/// The page's view of a read: `body` (made once, and following the read's data through its
/// signals) under `<Transition>`, so the page shows `waiting` until the first answer and then
/// keeps `body` through every later request (`pending` says one is on its way); a failure
/// shows the server's words and a retry instead (`<ErrorBoundary>`), and the body again once a
/// request succeeds. An answer kept for another key shows under a note saying so (the page may
/// dim it too: [`Read::shows_previous`]).
pub fn loaded<T: 'static>(
    read: Read<T>,
    waiting: impl Fn() -> AnyView + Send + Sync + 'static,
    pending: RwSignal<bool>,
    body: impl IntoView + 'static,
) -> impl IntoView {
    loaded_or(read, waiting, pending, body, move |error| {
        status::error_panel(error, move || read.retry()).into_any()
    })
}

/// As [`loaded`], with a failure drawn by `failure` (a record that is not there says so).
pub fn loaded_or<T: 'static>(
    read: Read<T>,
    waiting: impl Fn() -> AnyView + Send + Sync + 'static,
    pending: RwSignal<bool>,
    body: impl IntoView + 'static,
    failure: impl Fn(ApiError) -> AnyView + Send + Sync + 'static,
) -> impl IntoView {
    let drawing = Drawing {
        waiting: Arc::new(waiting),
        failure: Arc::new(failure),
        previous: None,
    };
    transition(read.state, drawing, pending, body.into_any())
}

/// As [`loaded`], with the previous answer's note naming what it answered: `previous` puts the
/// view it was for in words (`None`: only that it is the previous one).
pub fn loaded_describing<T: 'static>(
    read: Read<T>,
    waiting: impl Fn() -> AnyView + Send + Sync + 'static,
    pending: RwSignal<bool>,
    body: impl IntoView + 'static,
    previous: impl Fn() -> Option<String> + Send + Sync + 'static,
) -> impl IntoView {
    let drawing = Drawing {
        waiting: Arc::new(waiting),
        failure: Arc::new(move |error| status::error_panel(error, move || read.retry()).into_any()),
        previous: Some(Arc::new(previous)),
    };
    transition(read.state, drawing, pending, body.into_any())
}

type Drawn = Arc<dyn Fn() -> AnyView + Send + Sync>;
type DrawnFailure = Arc<dyn Fn(ApiError) -> AnyView + Send + Sync>;
type Described = Arc<dyn Fn() -> Option<String> + Send + Sync>;

/// How a read's states are drawn.
struct Drawing {
    waiting: Drawn,
    failure: DrawnFailure,
    previous: Option<Described>,
}

/// What [`loaded_or`] draws, compiled once for every read. A failure with no answer before it
/// stands in for the body; a failed reload shows above the answer it keeps, and says so when
/// that answer was for another key.
fn transition(state: State, drawing: Drawing, pending: RwSignal<bool>, body: AnyView) -> AnyView {
    let Drawing {
        waiting,
        failure,
        previous,
    } = drawing;
    let resource = state.resource;
    let answered = move || {
        Suspend::new(async move {
            // The page may be gone (its session ended) by the time this runs.
            if resource.is_disposed() {
                return Ok(());
            }
            match resource.await {
                Some(Err(error)) if error != ApiError::Aborted && !untrack(|| state.has_kept()) => {
                    Err(error)
                }
                _ => Ok(()),
            }
        })
    };
    let reload_failed = {
        let failure = failure.clone();
        move || {
            if !state.has_kept() {
                return None;
            }
            Some(failure(state.failed.try_get().flatten()?))
        }
    };
    let boundary_failed = move |errors: ArcRwSignal<leptos::error::Errors>| {
        let failure = failure.clone();
        move || {
            errors
                .with(|errors| {
                    errors
                        .iter()
                        .find_map(|(_, error)| error.downcast_ref::<ApiError>().cloned())
                })
                .map(|error| failure(error))
        }
    };
    view! {
        <Transition fallback=move || waiting() set_pending=pending>
            {reload_failed}
            {note_over_previous(state, previous)}
            <ErrorBoundary fallback=boundary_failed>{answered} {body}</ErrorBoundary>
        </Transition>
    }
    .into_any()
}

/// "Showing the previous results" while the answer `read` shows is the previous one, for a
/// page that draws its read itself (statistics).
pub fn previous_note<T: 'static>(read: Read<T>) -> impl IntoView {
    note_over_previous(read.state, None)
}

/// "Showing the results for …" while the answer shown is the previous one, in a live region
/// that stays in place (empty otherwise), so screen readers hear it come.
fn note_over_previous(state: State, previous: Option<Described>) -> impl IntoView {
    let text = move || {
        if !state.shows_previous() {
            return String::new();
        }
        let t = texts();
        match previous.as_ref().and_then(|describe| describe()) {
            Some(view) => (t.previous_results_for)(&view).get(),
            None => t.previous_results.to_string(),
        }
    };
    view! { <p class="previous-results" role="status">{text}</p> }
}

/// Resolves once `ready` holds (at once if it does now), following the signals it reads.
pub async fn until(ready: impl Fn() -> bool + 'static) {
    if untrack(&ready) {
        return;
    }
    let (sender, arrived) = futures_channel::oneshot::channel::<()>();
    let sender = std::cell::Cell::new(Some(sender));
    let watch = Effect::new(move |_| {
        if ready()
            && let Some(sender) = sender.take()
        {
            let _ = sender.send(());
        }
    });
    let _ = arrived.await;
    watch.stop();
}
