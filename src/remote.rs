//! Signal-driven fetching: data that follows a key (list parameters, an id, a query).
//!
//! When the key changes the previous request is aborted and a new one starts; the last good data
//! stays visible (dimmed by the view) until the new answer arrives; an answer that arrives after
//! a newer request started is dropped, so a late answer never overwrites a newer one.

use crate::http::Abort;
use api_model::errors::ApiError;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::future::Future;
use std::pin::Pin;
use web_sys::AbortSignal;

pub struct Remote<T: Send + Sync + 'static> {
    data: RwSignal<Option<T>>,
    error: RwSignal<Option<ApiError>>,
    loading: RwSignal<bool>,
    retry: RwSignal<u32>,
}

impl<T: Send + Sync + 'static> Clone for Remote<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for Remote<T> {}

/// A request ready to start once it has its abort signal. Its answer, when good, comes as the
/// step that stores it, so the fetching below is compiled once rather than once per data type.
type Start = Box<dyn FnOnce(Option<AbortSignal>) -> Pending>;
type Pending = Pin<Box<dyn Future<Output = Result<Box<dyn FnOnce()>, ApiError>>>>;

impl<T: Clone + Send + Sync + 'static> Remote<T> {
    /// Starts fetching whenever `key` changes. `key` returning `None` means "nothing to fetch"
    /// (for instance, input that failed validation): no request is sent.
    pub fn new<K, Fut>(
        key: impl Fn() -> Option<K> + 'static,
        load: impl Fn(K, Option<AbortSignal>) -> Fut + 'static,
    ) -> Remote<T>
    where
        K: 'static,
        Fut: Future<Output = Result<T, ApiError>> + 'static,
    {
        let remote = Remote {
            data: RwSignal::new(None),
            error: RwSignal::new(None),
            loading: RwSignal::new(false),
            retry: RwSignal::new(0),
        };
        let data = remote.data;
        let load = std::rc::Rc::new(load);
        let prepare = move || -> Option<Start> {
            let key = key()?;
            let load = load.clone();
            Some(Box::new(move |signal| -> Pending {
                let request = load(key, signal);
                Box::pin(async move {
                    let value = request.await?;
                    Ok(Box::new(move || {
                        data.try_set(Some(value));
                    }) as Box<dyn FnOnce()>)
                })
            }))
        };
        follow(
            Box::new(prepare),
            remote.error,
            remote.loading,
            remote.retry,
        );
        remote
    }

    /// The last data that arrived, kept while a newer request is loading or failed.
    /// The error of the latest request, cleared when another starts.
    pub fn data(&self) -> Option<T> {
        self.data.get()
    }

    pub fn with_data<R>(&self, f: impl FnOnce(Option<&T>) -> R) -> R {
        self.data.with(|d| f(d.as_ref()))
    }

    pub fn error(&self) -> Option<ApiError> {
        self.error.get()
    }

    /// Whether the latest request failed (without cloning its error).
    pub fn has_error(&self) -> bool {
        self.error.with(Option::is_some)
    }

    pub fn is_loading(&self) -> bool {
        self.loading.get()
    }

    pub fn has_data(&self) -> bool {
        self.data.with(Option::is_some)
    }

    /// Sends the same request again.
    pub fn retry(&self) {
        self.retry.update(|n| *n = n.wrapping_add(1));
    }

    /// Drops the data and the error: what a session showed, once the session is over.
    pub fn forget(&self) {
        self.data.try_set(None);
        self.error.try_set(None);
    }
}

/// The fetching of every [`Remote`]: whenever `prepare` (which reads the key) or `retry`
/// changes, the previous request is aborted and a new one starts.
fn follow(
    prepare: Box<dyn Fn() -> Option<Start>>,
    error: RwSignal<Option<ApiError>>,
    loading: RwSignal<bool>,
    retry: RwSignal<u32>,
) {
    // Dropping the stored `Abort` (replaced, or disposed with the view) cancels the request.
    let in_flight = StoredValue::new_local(None::<Abort>);
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        retry.track();
        // Counted before the key is read: an answer that comes after the key said "nothing to
        // fetch" (the session ended, say) is as late as one after a newer request.
        let Some(this_request) = generation.try_update_value(|g| {
            *g += 1;
            *g
        }) else {
            return;
        };
        let Some(start) = prepare() else {
            in_flight.try_set_value(None);
            loading.try_set(false);
            return;
        };
        let abort = Abort::new();
        let signal = abort.signal();
        in_flight.try_set_value(Some(abort));
        loading.try_set(true);
        error.try_set(None);
        let request = start(signal);
        spawn_local(async move {
            let result = request.await;
            if generation.try_get_value() != Some(this_request) {
                return;
            }
            match result {
                Ok(store) => store(),
                Err(ApiError::Aborted) => {}
                Err(failure) => {
                    error.try_set(Some(failure));
                }
            }
            loading.try_set(false);
        });
    });
    // Back online after a failure: try again without waiting for the user.
    let online = window_event_listener(leptos::ev::online, move |_| {
        if error.try_with_untracked(Option::is_some).unwrap_or(false) {
            retry.update(|n| *n = n.wrapping_add(1));
        }
    });
    on_cleanup(move || online.remove());
}
