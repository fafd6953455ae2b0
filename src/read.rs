//! Reads of the API that follow a key (a list's query, a record's id): the one hook every page
//! shares, on Leptos' `LocalResource`, drawn by [`loaded`] under `<Transition>` and
//! `<ErrorBoundary>`.
//!
//! What `LocalResource` lacks, and [`use_read`] adds: it runs its futures one after another
//! and lets a superseded one run to its end, so a changed key aborts the request in flight
//! (through the request's `AbortSignal`); and a failed read is tried again once the browser is
//! back online. A late answer never overwrites a newer one: the resource only keeps the answer
//! of its latest run.

use crate::components::status;
use crate::http::Abort;
use api_model::errors::ApiError;
use leptos::prelude::*;
use std::any::Any;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use web_sys::AbortSignal;

/// What a read answered: `None` when its key asks for nothing (input the customer must fix
/// first, or no session).
pub type Answer<T> = Option<Result<T, ApiError>>;

/// A read of the API that follows its key; `Copy`, like a signal. Its answer is shared, not
/// copied, by whatever shows it.
pub struct Read<T: 'static> {
    resource: LocalResource<Answer<Data>>,
    /// The latest good answer: kept through a later failure, which shows above it.
    kept: RwSignal<Option<Data>>,
    /// The latest request's failure. Kept beside the resource, not read from it: a memo or an
    /// effect that read the resource would take the "asked again" mark its own loop waits for
    /// (reactive_graph's `AsyncDerived::update_if_necessary` clears it), and the request
    /// would never go out.
    failed: RwSignal<Option<ApiError>>,
    loading: RwSignal<bool>,
    data: PhantomData<fn() -> T>,
}

/// A read's data, of its read's type. One type for every read: the resource's machinery is
/// then compiled once, not once per type of data (in every part of the wasm that reads it).
type Data = Arc<dyn Any + Send + Sync>;

/// A read's request, under way.
type Request = Pin<Box<dyn Future<Output = Result<Data, ApiError>>>>;

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
    follow_key(move || wanted(), in_flight, changed);
    let start = move || -> Option<Request> {
        changed.track();
        let key = untrack(|| key())?;
        let abort = Abort::new();
        let signal = abort.signal();
        in_flight.set_value(Some((key.clone(), abort)));
        let request = Untracked::new(load(key, signal));
        Some(Box::pin(
            async move { Ok(Arc::new(request.await?) as Data) },
        ))
    };
    let superseded = move || in_flight.try_with_value(Option::is_none).unwrap_or(true);
    let Answers {
        resource,
        kept,
        failed,
        loading,
    } = resource(Box::new(start), Box::new(superseded));
    let read = Read {
        resource,
        kept,
        failed,
        loading,
        data: PhantomData,
    };
    retry_when_online(read);
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

/// A read's resource and what its answers leave for the page to follow.
struct Answers {
    resource: LocalResource<Answer<Data>>,
    kept: RwSignal<Option<Data>>,
    failed: RwSignal<Option<ApiError>>,
    loading: RwSignal<bool>,
}

/// The resource of every read: it asks with `start` whenever what `start` reads changes.
fn resource(start: Box<dyn Fn() -> Option<Request>>, superseded: Box<dyn Fn() -> bool>) -> Answers {
    let loading = RwSignal::new(false);
    let kept = RwSignal::new(None);
    let failed = RwSignal::new(None);
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
            match &answer {
                Ok(data) => {
                    kept.try_set(Some(data.clone()));
                    failed.try_set(None);
                }
                Err(ApiError::Aborted) => {}
                Err(error) => {
                    failed.try_set(Some(error.clone()));
                }
            }
            Some(answer)
        }
    });
    Answers {
        resource,
        kept,
        failed,
        loading,
    }
}

/// The resource asks again only when the key changes to another value (signals the key reads
/// may change and leave it the same), and the request in flight for an old key ends at once:
/// `changed` is what the resource follows.
fn follow_key<K: Clone + PartialEq + 'static>(
    key: impl Fn() -> Option<K> + 'static,
    in_flight: InFlight<K>,
    changed: Trigger,
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
            changed.notify();
        }
        wanted
    });
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
        self.resource.refetch();
    }

    /// Drops what it showed: what a session showed, once the session is over.
    pub fn forget(&self) {
        self.resource.try_set(None);
        self.kept.try_set(None);
        self.failed.try_set(None);
    }

    /// The latest good answer, kept while a newer request is on its way and after it fails.
    /// Tracked; a read whose page has gone has none.
    pub fn with_data<R>(&self, f: impl Fn(Option<&T>) -> R) -> R {
        self.kept
            .try_with(|kept| f(kept.as_ref().and_then(|data| data.downcast_ref::<T>())))
            .unwrap_or_else(|| f(None))
    }

    pub fn has_data(&self) -> bool {
        self.with_data(|data| data.is_some())
    }

    /// The failure of the latest request (not one superseded). Tracked.
    pub fn error(&self) -> Option<ApiError> {
        self.failed.try_get().flatten()
    }

    pub fn has_error(&self) -> bool {
        self.error().is_some()
    }

    fn has_error_untracked(&self) -> bool {
        untrack(|| self.has_error())
    }

    /// Whether a request is on its way. Tracked; a read that is gone (its session's) has none.
    pub fn is_loading(&self) -> bool {
        self.loading.try_get().unwrap_or(false)
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
/// request succeeds.
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
    transition(
        read.resource,
        (read.kept, read.failed),
        Arc::new(waiting),
        pending,
        body.into_any(),
        Arc::new(failure),
    )
}

type Drawn = Arc<dyn Fn() -> AnyView + Send + Sync>;
type DrawnFailure = Arc<dyn Fn(ApiError) -> AnyView + Send + Sync>;

/// What [`loaded_or`] draws, compiled once for every read. A failure with no answer before it
/// stands in for the body; a failed reload shows above the answer it keeps.
fn transition(
    resource: LocalResource<Answer<Data>>,
    (kept, failed): (RwSignal<Option<Data>>, RwSignal<Option<ApiError>>),
    waiting: Drawn,
    pending: RwSignal<bool>,
    body: AnyView,
    failure: DrawnFailure,
) -> AnyView {
    let has_kept = move || kept.try_with(Option::is_some).unwrap_or(false);
    let answered = move || {
        Suspend::new(async move {
            // The page may be gone (its session ended) by the time this runs.
            if resource.is_disposed() {
                return Ok(());
            }
            match resource.await {
                Some(Err(error)) if error != ApiError::Aborted && !untrack(has_kept) => Err(error),
                _ => Ok(()),
            }
        })
    };
    let reload_failed = {
        let failure = failure.clone();
        move || {
            if !has_kept() {
                return None;
            }
            Some(failure(failed.try_get().flatten()?))
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
            <ErrorBoundary fallback=boundary_failed>{answered} {body}</ErrorBoundary>
        </Transition>
    }
    .into_any()
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
