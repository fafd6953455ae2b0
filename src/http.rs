//! The HTTP layer: the only code that calls `fetch` and the only code that sees the token.
//!
//! Every answer becomes data or an [`ApiError`] (see `api_model::errors::classify`). A 401 on a
//! request made with the token ends the session; the guard then sends the user to sign in.
//!
//! A request made with the session belongs to it: when the session ends (or another starts in
//! its place) the request is aborted, and an answer that comes all the same is never taken
//! (`ApiError::Aborted`), so nothing of one customer's reaches a page, a store or a redirect of
//! the next. No answer is kept in the browser's HTTP cache either (`no-store`): the customer's
//! data must not outlive the session on disk.

use crate::config::{AuthMode, PortalConfig};
use crate::session::{Credential, Keep, Session, SessionId};
use api_model::JSONAPI_MEDIA_TYPE;
use api_model::auth::AuthRequest;
use api_model::errors::{
    ApiError, Unreachable, Unreadable, classify, classify_error_body, classify_with,
};
use futures_channel::oneshot;
use send_wrapper::SendWrapper;
use serde::de::DeserializeOwned;
use std::cell::Cell;
use std::sync::Arc;
use web_sys::{AbortController, AbortSignal};

/// A request without an answer by then has failed (and a read is tried again).
pub const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);
/// Tries of a read before its failure is shown.
pub const READ_ATTEMPTS: u32 = 3;
/// The first pause before trying a read again; each further pause is three times longer.
pub const RETRY_PAUSE: std::time::Duration = std::time::Duration::from_millis(500);
/// The longest pause, whatever `Retry-After` asks for.
pub const MAX_RETRY_PAUSE: std::time::Duration = std::time::Duration::from_secs(20);

/// An answer read ahead serves its page only this long after the request started: a page
/// drawn later (its code came late, or came on a retry) asks afresh.
const AHEAD_FRESH_MS: f64 = 20_000.0;

/// The status and text of a successful read, or why it failed.
type TextAnswer = Result<(u16, String), ApiError>;

/// A read started before the page that shows it has its code (a lazy route's `data`,
/// `crate::routes`): that page takes its answer instead of asking again. It serves one request,
/// for the same URL, in the session it was started in, while fresh; it lives with the route
/// that started it, so nothing of one customer's is kept anywhere another's page could take it.
pub struct ReadAhead {
    url: String,
    /// The session it was read for: it serves no other.
    session: Option<SessionId>,
    started_ms: f64,
    answer: SendWrapper<Cell<Option<oneshot::Receiver<TextAnswer>>>>,
}

impl ReadAhead {
    /// Its answer, for a read of `url` by `api`'s session, if it still serves.
    fn take_for(&self, api: &Api, url: &str) -> Option<oneshot::Receiver<TextAnswer>> {
        let serves = self.url == url
            && self.session == api.session.id_untracked()
            && js_sys::Date::now() - self.started_ms < AHEAD_FRESH_MS;
        if serves { (*self.answer).take() } else { None }
    }
}

/// Cancels its request when dropped: whoever replaces it supersedes the old request.
pub struct Abort(Option<AbortController>);

impl Abort {
    pub fn new() -> Abort {
        Abort(AbortController::new().ok())
    }

    pub fn signal(&self) -> Option<AbortSignal> {
        self.0.as_ref().map(AbortController::signal)
    }
}

impl Default for Abort {
    fn default() -> Self {
        Abort::new()
    }
}

impl Drop for Abort {
    fn drop(&mut self) {
        if let Some(controller) = &self.0 {
            controller.abort();
        }
    }
}

#[derive(Clone)]
pub struct Api {
    root: Arc<str>,
    session: Session,
    auth: AuthMode,
    /// Its answers are kept for Back and Forward (`crate::fresh`); not those that change by
    /// the second.
    keeps_answers: bool,
}

enum Method {
    Get,
    Post(String),
    Patch(String),
    Delete,
}

/// What a request expects back: a JSON:API document, or a file of any type.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    Document,
    File,
}

/// A downloaded file.
pub struct Download {
    pub bytes: Vec<u8>,
    pub content_type: String,
    /// The name the server's `Content-Disposition` gives the file (a cross-origin API must
    /// expose that header for the browser to show it).
    pub file_name: Option<String>,
}

impl Api {
    pub fn new(config: &PortalConfig, session: Session) -> Api {
        Api {
            root: crate::config::api_root(config).into(),
            session,
            auth: config.auth,
            keeps_answers: true,
        }
    }

    /// The same API, for reads whose answers change by the second (live calls): none is kept
    /// for Back and Forward, and none kept is served.
    pub fn without_kept_answers(&self) -> Api {
        Api {
            keeps_answers: false,
            ..self.clone()
        }
    }

    /// `GET {root}/{path}?{query}` decoded as `T`.
    pub async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &str,
        signal: Option<AbortSignal>,
    ) -> Result<T, ApiError> {
        self.get_with(path, query, signal, |body| serde_json::from_str(body))
            .await
    }

    /// `GET {root}/{path}?{query}` read by `read` from the answer's text.
    pub async fn get_with<T>(
        &self,
        path: &str,
        query: &str,
        signal: Option<AbortSignal>,
        read: impl FnOnce(&str) -> Result<T, serde_json::Error>,
    ) -> Result<T, ApiError> {
        self.get_with_ahead(None, path, query, signal, read).await
    }

    /// As [`Api::get_with`], taking the answer of the same read started `ahead` if it serves.
    pub async fn get_with_ahead<T>(
        &self,
        ahead: Option<&ReadAhead>,
        path: &str,
        query: &str,
        signal: Option<AbortSignal>,
        read: impl FnOnce(&str) -> Result<T, serde_json::Error>,
    ) -> Result<T, ApiError> {
        // Only the reading is generic: the request and its retries are compiled once.
        let (status, body) = self.get_text(ahead, path, query, signal).await?;
        classify_with(status, &body, read)
    }

    /// `GET {root}/{path}?{query}` as the browser's JSON value (`JSON.parse`), for what the
    /// shell reads (see `crate::json`): the first load then needs no JSON decoder of its own.
    pub async fn get_json_value(
        &self,
        path: &str,
        query: &str,
        signal: Option<AbortSignal>,
    ) -> Result<wasm_bindgen::JsValue, ApiError> {
        let (status, body) = self.get_text(None, path, query, signal).await?;
        crate::json::parse(&body).map_err(|reason| ApiError::Decode {
            status,
            reason: Unreadable::Malformed(reason),
        })
    }

    /// Starts `GET {root}/{path}?{query}` now, for the page that will ask for it once its code
    /// has come: a cold load's first page then waits for its code or its data, not for one
    /// after the other. The page's own request takes the answer (`get_with_ahead`). It is made
    /// only once `allowed` says the page may ask (the access profile), else never.
    pub fn read_ahead(
        &self,
        path: &str,
        query: &str,
        allowed: impl Future<Output = bool> + 'static,
    ) -> ReadAhead {
        let url = self.url(path, query);
        let (api, target) = (self.clone(), url.clone());
        let (sender, answer) = oneshot::channel();
        leptos::task::spawn_local(async move {
            if !allowed.await {
                return;
            }
            // Nobody may take it (the page's code failed to come): then it is dropped.
            let _ = sender.send(api.read_text(&target, None).await);
        });
        ReadAhead {
            url,
            session: self.session.id_untracked(),
            started_ms: js_sys::Date::now(),
            answer: SendWrapper::new(Cell::new(Some(answer))),
        }
    }

    fn url(&self, path: &str, query: &str) -> String {
        if query.is_empty() {
            format!("{}/{path}", self.root)
        } else {
            format!("{}/{path}?{query}", self.root)
        }
    }

    /// `GET {root}/{path}?{query}`: a success's status and body, or the error of the last try;
    /// the answer of the same read started ahead, if there is one.
    async fn get_text(
        &self,
        ahead: Option<&ReadAhead>,
        path: &str,
        query: &str,
        signal: Option<AbortSignal>,
    ) -> TextAnswer {
        let url = self.url(path, query);
        match ahead.and_then(|ahead| ahead.take_for(self, &url)) {
            // The sender is dropped unanswered only if its task was: then read again.
            Some(answer) => match answer.await {
                Ok(answer) => answer,
                Err(oneshot::Canceled) => self.read_text(&url, signal).await,
            },
            None => self.read_text(&url, signal).await,
        }
    }

    async fn read_text(&self, url: &str, signal: Option<AbortSignal>) -> TextAnswer {
        // Reads are idempotent: a failure that may pass (network, 429, 5xx) is tried again a
        // few times, after the server's Retry-After or a growing pause.
        let mut attempt = 1;
        let session = self.session.id_untracked();
        let kept_for = session.filter(|_| self.keeps_answers);
        if let Some(answer) = kept_for.and_then(|session| crate::fresh::take(session, url)) {
            return Ok(answer);
        }
        loop {
            let answer = self
                .send(url, Method::Get, signal.clone(), true, Expect::Document)
                .await;
            let retry_after = answer.as_ref().ok().and_then(|a| a.retry_after);
            // A success is decoded by the caller; a failed decoding is never tried again.
            let result = answer
                .and_then(RawAnswer::into_text)
                .and_then(|(status, body)| {
                    if (200..300).contains(&status) {
                        Ok((status, body))
                    } else {
                        Err(error_of_answer(status, &body))
                    }
                });
            match result {
                Err(error) if error.is_retryable() && attempt < READ_ATTEMPTS => {
                    let pause = retry_after
                        .unwrap_or(RETRY_PAUSE * 3u32.pow(attempt - 1))
                        .min(MAX_RETRY_PAUSE);
                    gloo_timers::future::sleep(pause).await;
                    let superseded = signal.as_ref().is_some_and(AbortSignal::aborted);
                    if superseded || self.session.id_untracked() != session {
                        return Err(ApiError::Aborted);
                    }
                    attempt += 1;
                }
                other => {
                    if let (Some(session), Ok((status, body))) = (kept_for, &other) {
                        crate::fresh::keep(session, url, *status, body);
                    }
                    return other;
                }
            }
        }
    }

    /// `GET {root}/{path}` as a file (a CDR export's CSV, …).
    pub async fn download(
        &self,
        path: &str,
        signal: Option<AbortSignal>,
    ) -> Result<Download, ApiError> {
        let url = self.url(path, "");
        let answer = self
            .send(&url, Method::Get, signal, true, Expect::File)
            .await?;
        if !(200..300).contains(&answer.status) {
            return Err(error_of_answer(
                answer.status,
                &String::from_utf8_lossy(&answer.body),
            ));
        }
        Ok(Download {
            bytes: answer.body,
            content_type: answer.content_type,
            file_name: answer.file_name,
        })
    }

    /// `POST {root}/{path}` with a JSON:API body, decoded as `T`.
    pub async fn create<T: DeserializeOwned>(
        &self,
        path: &str,
        document: &serde_json::Value,
        signal: Option<AbortSignal>,
    ) -> Result<T, ApiError> {
        let url = self.url(path, "");
        let (status, body) = self
            .send_text(&url, Method::Post(document.to_string()), signal, true)
            .await?;
        classify(status, &body)
    }

    /// `PATCH {root}/{path}` with a JSON:API body, decoded as `T`. Writes are sent once: a
    /// failure is the customer's to retry.
    pub async fn update<T: DeserializeOwned>(
        &self,
        path: &str,
        document: &serde_json::Value,
        signal: Option<AbortSignal>,
    ) -> Result<T, ApiError> {
        let url = self.url(path, "");
        let (status, body) = self
            .send_text(&url, Method::Patch(document.to_string()), signal, true)
            .await?;
        classify(status, &body)
    }

    /// `DELETE {root}/{path}`: `Ok` on any success (the server answers 204 without a body).
    pub async fn delete(&self, path: &str, signal: Option<AbortSignal>) -> Result<(), ApiError> {
        let url = self.url(path, "");
        let (status, body) = self.send_text(&url, Method::Delete, signal, true).await?;
        if (200..300).contains(&status) {
            Ok(())
        } else {
            Err(error_of_answer(status, &body))
        }
    }

    /// `POST /auth`: signs in with a login and password and starts the session: with the
    /// token the server issues, or (cookie mode) with the session cookie it sets. Sent without
    /// a credential, and a 401 here is a wrong password, not an expired session.
    pub async fn sign_in(&self, login: &str, password: &str, keep: Keep) -> Result<(), ApiError> {
        let url = format!("{}/auth", self.root);
        let mut request = AuthRequest::new(login, password);
        if self.auth == AuthMode::Cookie {
            request.cookie_auth = Some(true);
        }
        let body = crate::json::auth_request(&request);
        let (status, text) = self
            .send_text(&url, Method::Post(body), None, false)
            .await?;
        if status == 401 {
            return Err(match error_of_answer(status, &text) {
                ApiError::Unauthorized { message } => ApiError::Api {
                    status,
                    errors: vec![api_model::errors::ErrorObject {
                        detail: Some(message),
                        ..Default::default()
                    }],
                },
                other => other,
            });
        }
        match self.auth {
            AuthMode::Cookie if (200..300).contains(&status) => {
                self.session.sign_in_with_cookie(keep);
                Ok(())
            }
            AuthMode::Cookie => Err(error_of_answer(status, &text)),
            AuthMode::Token => {
                if !(200..300).contains(&status) {
                    return Err(error_of_answer(status, &text));
                }
                let jwt = crate::json::issued_token(&text).map_err(|reason| ApiError::Decode {
                    status,
                    reason: Unreadable::Malformed(reason),
                })?;
                self.session
                    .sign_in(&jwt, keep)
                    .map_err(|e| ApiError::Decode {
                        status,
                        reason: Unreadable::UnusableToken(e),
                    })
            }
        }
    }

    /// Signs out at once. In cookie mode the server ends its session too (`DELETE /auth`, in
    /// the background); the portal forgets its side whatever the server answers, since the
    /// customer asked to leave.
    pub fn sign_out(&self) {
        let had_cookie = self.session.credential_untracked() == Some(Credential::Cookie);
        self.session.sign_out();
        if had_cookie {
            let (api, url) = (self.clone(), format!("{}/auth", self.root));
            leptos::task::spawn_local(async move {
                let _ = api
                    .send(&url, Method::Delete, None, false, Expect::Document)
                    .await;
            });
        }
    }

    /// A write (or the sign-in): its status and text.
    async fn send_text(
        &self,
        url: &str,
        method: Method,
        signal: Option<AbortSignal>,
        with_session: bool,
    ) -> Result<(u16, String), ApiError> {
        // Every write comes here: what it changes, an answer kept could contradict.
        crate::fresh::forget();
        let answer = self
            .send(url, method, signal, with_session, Expect::Document)
            .await?;
        let text = String::from_utf8(answer.body).map_err(|_| ApiError::Decode {
            status: answer.status,
            reason: Unreadable::NotUtf8,
        })?;
        Ok((answer.status, text))
    }

    async fn send(
        &self,
        url: &str,
        method: Method,
        signal: Option<AbortSignal>,
        with_session: bool,
        expect: Expect,
    ) -> Result<RawAnswer, ApiError> {
        // The session the request is made in: it ends with it.
        let session = with_session.then(|| self.session.id_untracked()).flatten();
        let session_signal = session.and_then(|_| self.session.requests_signal());
        let deadline = Deadline::new(signal.as_ref(), session_signal)?;
        let mut builder =
            request_builder(url, &method, expect).abort_signal(Some(&deadline.own.signal()));
        // Cookie mode: the browser sends (and, on sign-in, stores) the session cookie, also
        // to an API on another origin.
        if self.auth == AuthMode::Cookie {
            builder = builder.credentials(web_sys::RequestCredentials::Include);
        }
        let credential = if with_session {
            self.session.credential_untracked()
        } else {
            None
        };
        let token = match &credential {
            Some(Credential::Bearer(token)) => Some(token.clone()),
            _ => None,
        };
        if let Some(token) = &token {
            builder = builder.header("Authorization", &format!("Bearer {token}"));
        }
        let request = match method {
            Method::Post(body) | Method::Patch(body) => builder.body(body),
            Method::Get | Method::Delete => builder.build(),
        }
        .map_err(|e| ApiError::Network {
            reason: Unreachable::Failed {
                detail: without_secrets(&e.to_string(), &token),
            },
        })?;

        let caller = signal.as_ref();
        let response = request.send().await.map_err(|e| {
            deadline.ended(caller).unwrap_or_else(|| ApiError::Network {
                reason: Unreachable::Failed {
                    detail: without_secrets(&e.to_string(), &token),
                },
            })
        })?;
        let status = response.status();
        let (content_type, file_name, retry_after) = answer_headers(&response);
        // A body that broke off mid-way is a failed answer of that status.
        let body = response.binary().await.map_err(|e| {
            deadline.ended(caller).unwrap_or_else(|| ApiError::Network {
                reason: Unreachable::BrokeOff {
                    status,
                    detail: without_secrets(&e.to_string(), &token),
                },
            })
        })?;
        if let Some(ApiError::Aborted) = deadline.ended(caller) {
            return Err(ApiError::Aborted);
        }
        // An answer for a session that has ended is nobody's now (not even its 401's).
        if with_session && self.session.id_untracked() != session {
            return Err(ApiError::Aborted);
        }
        if status == 401 && credential.is_some() {
            return Err(self.session_refused(&body));
        }
        Ok(RawAnswer {
            status,
            content_type,
            file_name,
            body,
            retry_after,
        })
    }

    /// The server refused the session's credential (401): the session ends, with the server's
    /// words when it said any.
    fn session_refused(&self, body: &[u8]) -> ApiError {
        let error = error_of_answer(401, &String::from_utf8_lossy(body));
        let message = match &error {
            ApiError::Unauthorized { message } => message.clone(),
            other => other.message(),
        };
        // An empty 401 has no words of the server's own.
        self.session
            .reject((!body.is_empty()).then(|| message.clone()));
        ApiError::Unauthorized { message }
    }
}

/// A request of `method` to `url`, accepting what `expect` says.
fn request_builder(url: &str, method: &Method, expect: Expect) -> gloo_net::http::RequestBuilder {
    use gloo_net::http::Request;
    let builder = match method {
        Method::Get => Request::get(url),
        Method::Post(_) => Request::post(url).header("Content-Type", JSONAPI_MEDIA_TYPE),
        Method::Patch(_) => Request::patch(url).header("Content-Type", JSONAPI_MEDIA_TYPE),
        Method::Delete => Request::delete(url),
    };
    // Files come in their own type; the server still wants JSON:API (or */*) accepted.
    let accept = match expect {
        Expect::Document => JSONAPI_MEDIA_TYPE.to_owned(),
        Expect::File => format!("{JSONAPI_MEDIA_TYPE}, */*"),
    };
    // The customer's data is not kept on disk, where it would outlive the session.
    builder
        .header("Accept", &accept)
        .cache(web_sys::RequestCache::NoStore)
}

/// A request's own controller: the caller's signal (superseded), the end of the session it was
/// made in and the timeout all abort it, for as long as this lives.
struct Deadline {
    own: AbortController,
    timed_out: std::rc::Rc<std::cell::Cell<bool>>,
    session: Option<AbortSignal>,
    _timeout: gloo_timers::callback::Timeout,
    _follow: [Option<gloo_events::EventListener>; 2],
}

impl Deadline {
    fn new(
        caller: Option<&AbortSignal>,
        session: Option<AbortSignal>,
    ) -> Result<Deadline, ApiError> {
        let own = AbortController::new().map_err(|_| ApiError::Network {
            reason: Unreachable::NoRequests,
        })?;
        let timed_out = std::rc::Rc::new(std::cell::Cell::new(false));
        let timeout = {
            let (own, timed_out) = (own.clone(), timed_out.clone());
            gloo_timers::callback::Timeout::new(REQUEST_TIMEOUT.as_millis() as u32, move || {
                timed_out.set(true);
                own.abort();
            })
        };
        let follow = |signal: Option<&AbortSignal>| {
            signal.map(|signal| {
                let own = own.clone();
                gloo_events::EventListener::once(signal, "abort", move |_| own.abort())
            })
        };
        let follow = [follow(caller), follow(session.as_ref())];
        Ok(Deadline {
            own,
            timed_out,
            session,
            _timeout: timeout,
            _follow: follow,
        })
    }

    /// Why the request ended early, if it did: the caller gave it up (`caller`, superseded),
    /// its session ended, or the timeout passed.
    fn ended(&self, caller: Option<&AbortSignal>) -> Option<ApiError> {
        let session_ended = self.session.as_ref().is_some_and(AbortSignal::aborted);
        if session_ended || caller.is_some_and(AbortSignal::aborted) {
            Some(ApiError::Aborted)
        } else if self.timed_out.get() {
            Some(ApiError::Network {
                reason: Unreachable::Timeout {
                    seconds: REQUEST_TIMEOUT.as_secs(),
                },
            })
        } else {
            None
        }
    }
}

/// What an answer's headers say: its type, the file name it offers, when to ask again.
fn answer_headers(
    response: &gloo_net::http::Response,
) -> (String, Option<String>, Option<std::time::Duration>) {
    let headers = response.headers();
    let content_type = headers.get("content-type").unwrap_or_default();
    let file_name = headers
        .get("content-disposition")
        .and_then(|header| api_model::money::attachment_file_name(&header));
    let retry_after = headers
        .get("retry-after")
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(std::time::Duration::from_secs);
    (content_type, file_name, retry_after)
}

struct RawAnswer {
    status: u16,
    content_type: String,
    file_name: Option<String>,
    body: Vec<u8>,
    /// The server's `Retry-After`, in seconds form.
    retry_after: Option<std::time::Duration>,
}

impl RawAnswer {
    fn into_text(self) -> Result<(u16, String), ApiError> {
        let status = self.status;
        String::from_utf8(self.body)
            .map(|text| (status, text))
            .map_err(|_| ApiError::Decode {
                status,
                reason: Unreadable::NotUtf8,
            })
    }
}

// Browser error texts can echo request details; make sure a token never reaches the page.
fn without_secrets(text: &str, token: &Option<String>) -> String {
    match token {
        Some(token) if !token.is_empty() => text.replace(token.as_str(), "[token]"),
        _ => text.to_owned(),
    }
}

/// The error for a non-success answer, its body read with the browser's JSON parser (see
/// `crate::json`): the portal's first part then needs no JSON parser of its own.
fn error_of_answer(status: u16, body: &str) -> ApiError {
    let parsed = crate::json::error_body(body.trim());
    classify_error_body(status, body, parsed)
}
