//! The network as a test sees and steers it: the browser's connection (offline and online,
//! added latency), the demo server's faults, a new build's deployment acted out and a fresh
//! start of the server, the requests under `/api` it served, and direct calls to the API and
//! the server with the harness's own HTTP client (a token, the JSON:API documents a script
//! would get, plain `GET`s, the CSP reports).

use std::sync::PoisonError;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};

use crate::portal::{POLL_INTERVAL, Portal};
use crate::server::ServedRequest;
use crate::webdriver::{NetworkConditions, UNCAPPED_BYTES_PER_SECOND};

impl Portal {
    /// Holds back the portal's shell code (`portal_bg.wasm`) on the server while `held` (a
    /// minute at most), as a slow link would: what the page shows before its code comes
    /// (index.html's early sign-in form) can be used in every engine.
    pub fn hold_the_code(&self, held: bool) {
        self.code_held
            .store(held, std::sync::atomic::Ordering::SeqCst);
    }

    /// Delays every request the browser makes by `latency` (chromedriver's network conditions),
    /// to watch states that are otherwise over too soon, such as an export's progress.
    pub async fn throttle_network(&self, latency: Duration) {
        let command = NetworkConditions {
            latency_ms: u64::try_from(latency.as_millis()).unwrap_or(u64::MAX),
            offline: false,
            bytes_per_second: UNCAPPED_BYTES_PER_SECOND,
        };
        if let Err(error) = self.client.issue_cmd(command).await {
            panic!("cannot throttle the browser's network: {error}");
        }
    }

    /// Makes the browser's network a link of `latency` per request and `bits_per_second` each
    /// way (Chromium's network emulation), as a phone or a far-away CDN gives; 0 bits per
    /// second leaves the throughput uncapped.
    pub async fn emulate_link(&self, latency: Duration, bits_per_second: u64) {
        let command = NetworkConditions {
            latency_ms: u64::try_from(latency.as_millis()).unwrap_or(u64::MAX),
            offline: false,
            bytes_per_second: match bits_per_second {
                0 => UNCAPPED_BYTES_PER_SECOND,
                bits => bits / 8,
            },
        };
        if let Err(error) = self.client.issue_cmd(command).await {
            panic!("cannot emulate a network link: {error}");
        }
    }

    /// Serves the same portal and demo API (the same tokens, the same request log) over HTTPS
    /// with HTTP/2 on another loopback port, as a CDN serves, and answers its base URL
    /// (`https://127.0.0.1:<port>`, a different origin from [`Portal::base_url`]).
    pub async fn serve_over_tls(&self) -> String {
        let restart = self
            .restart
            .as_ref()
            .expect("serve_over_tls needs the demo server (ApiServer::Demo)");
        crate::server::serve_tls_beside(restart, &self.served).await
    }

    /// Cuts the browser off the network (chromedriver's network conditions with
    /// `offline: true`): its requests fail at once, as with a pulled cable. Chromium also turns
    /// `navigator.onLine` false and fires `offline`.
    pub async fn go_offline(&self) {
        let command = NetworkConditions {
            latency_ms: 0,
            offline: true,
            bytes_per_second: UNCAPPED_BYTES_PER_SECOND,
        };
        if let Err(error) = self.client.issue_cmd(command).await {
            panic!("cannot take the browser offline: {error}");
        }
    }

    /// Brings the browser back online (and drops any [`Portal::throttle_network`] latency), then
    /// waits up to two seconds for the page to get the `online` event. Should Chromium not fire
    /// it, the event is dispatched on `window` by script instead, so the page always hears of
    /// it once; the answer says which happened.
    pub async fn go_online(&self) -> OnlineEvent {
        let listen = "window.__e2eOnlineFired = false;
            window.addEventListener('online', () => { window.__e2eOnlineFired = true; },
                { once: true });";
        if let Err(error) = self.client.execute(listen, Vec::new()).await {
            panic!("cannot listen for the `online` event: {error}");
        }
        let command = NetworkConditions {
            latency_ms: 0,
            offline: false,
            bytes_per_second: UNCAPPED_BYTES_PER_SECOND,
        };
        if let Err(error) = self.client.issue_cmd(command).await {
            panic!("cannot bring the browser back online: {error}");
        }
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            let fired = self
                .client
                .execute("return window.__e2eOnlineFired === true;", Vec::new())
                .await;
            if matches!(fired, Ok(serde_json::Value::Bool(true))) {
                return OnlineEvent::FiredByBrowser;
            }
            tokio::time::sleep(POLL_INTERVAL).await;
        }
        let dispatch = "window.dispatchEvent(new Event('online'));";
        if let Err(error) = self.client.execute(dispatch, Vec::new()).await {
            panic!("cannot dispatch the `online` event: {error}");
        }
        OnlineEvent::Dispatched
    }

    /// Every request under `/api` the server has received in this test so far, in order of
    /// arrival, with its answer. The harness's own calls ([`Portal::api_get`],
    /// [`Portal::issue_token`]) count too.
    pub fn served_requests(&self) -> Vec<ServedRequest> {
        self.served
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Replaces the demo server's fault settings through `POST /__demo/faults` (members left out
    /// take their defaults, so `{}` switches faults off; replacing restarts the server's fault
    /// sequence) and answers the settings in force. Needs
    /// [`Setup::fault_control`](crate::Setup::fault_control).
    pub async fn set_faults(&self, settings: serde_json::Value) -> serde_json::Value {
        let request = http::Request::post(self.url_for(FAULT_CONTROL_PATH))
            .header(http::header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(settings.to_string())))
            .expect("building the fault settings request");
        let (status, body) = self.send(request).await;
        assert!(
            status == http::StatusCode::OK,
            "POST {FAULT_CONTROL_PATH} {settings} answered {status}: {} \
             (is `Setup::fault_control` on?)",
            String::from_utf8_lossy(&body)
        );
        serde_json::from_slice(&body).unwrap_or_else(|error| {
            panic!(
                "POST {FAULT_CONTROL_PATH} answered {}: {error}",
                String::from_utf8_lossy(&body)
            )
        })
    }

    /// Switches every fault off (`DELETE /__demo/faults`). Needs
    /// [`Setup::fault_control`](crate::Setup::fault_control).
    pub async fn clear_faults(&self) {
        let request = http::Request::delete(self.url_for(FAULT_CONTROL_PATH))
            .body(Full::new(Bytes::new()))
            .expect("building the fault reset request");
        let (status, body) = self.send(request).await;
        assert!(
            status == http::StatusCode::OK,
            "DELETE {FAULT_CONTROL_PATH} answered {status}: {} (is `Setup::fault_control` on?)",
            String::from_utf8_lossy(&body)
        );
    }

    /// Acts out the deployment of a new build while the tab is open (`POST /__demo/deploy`):
    /// the same build, served under a new code directory name that every HTML answer names
    /// from now on. `old_parts` is what the old directory answers: `"gone"` (404) or
    /// `"index-html"` (a single-page-app host's `index.html`, 200); `new_parts` is what the
    /// new one does: `"served"` (every file) or `"gone"` (only `portal.js` and
    /// `portal_bg.wasm`). Answers `{"old": "wasm-…", "new": "wasm-…", "oldParts": …,
    /// "newParts": …}`. Needs [`Setup::deploy_control`](crate::Setup::deploy_control);
    /// [`Portal::restart_server`] also ends it.
    pub async fn deploy_new_build(&self, old_parts: &str, new_parts: &str) -> serde_json::Value {
        self.deploy(serde_json::json!({"oldParts": old_parts, "newParts": new_parts}))
            .await
    }

    /// Acts out a deployment as `asked` says (the body of `POST /__demo/deploy`, such as
    /// `{"texts": "gone"}`: the open tab's language files gone); see
    /// [`Portal::deploy_new_build`].
    pub async fn deploy(&self, asked: serde_json::Value) -> serde_json::Value {
        let request = http::Request::post(self.url_for(DEPLOY_CONTROL_PATH))
            .header(http::header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(asked.to_string())))
            .expect("building the deployment request");
        let (status, body) = self.send(request).await;
        assert!(
            status == http::StatusCode::OK,
            "POST {DEPLOY_CONTROL_PATH} {asked} answered {status}: {} \
             (is `Setup::deploy_control` on?)",
            String::from_utf8_lossy(&body)
        );
        serde_json::from_slice(&body).unwrap_or_else(|error| {
            panic!(
                "POST {DEPLOY_CONTROL_PATH} answered {}: {error}",
                String::from_utf8_lossy(&body)
            )
        })
    }

    /// Serves the original build again, as before [`Portal::deploy_new_build`]
    /// (`DELETE /__demo/deploy`). Needs [`Setup::deploy_control`](crate::Setup::deploy_control).
    pub async fn undo_deployment(&self) {
        let request = http::Request::delete(self.url_for(DEPLOY_CONTROL_PATH))
            .body(Full::new(Bytes::new()))
            .expect("building the deployment's undoing request");
        let (status, body) = self.send(request).await;
        assert!(
            status == http::StatusCode::OK,
            "DELETE {DEPLOY_CONTROL_PATH} answered {status}: {} \
             (is `Setup::deploy_control` on?)",
            String::from_utf8_lossy(&body)
        );
    }

    /// Starts the demo API afresh with the same options, as a restart of the server would: a
    /// new token secret (every token issued before is refused with 401 from now on), faults
    /// off, the same data. Connections the browser keeps open reach the new instance too. Only
    /// for [`ApiServer::Demo`](crate::ApiServer::Demo).
    pub async fn restart_server(&self) {
        let restart = self
            .restart
            .clone()
            .expect("restart_server needs the demo server (ApiServer::Demo)");
        let fresh = tokio::task::spawn_blocking(move || {
            let fresh = demo_server::app(restart.options.clone());
            *restart
                .current
                .write()
                .unwrap_or_else(PoisonError::into_inner) = fresh;
        });
        fresh.await.expect("starting the demo server afresh");
    }

    /// Starts the demo API afresh, as [`Portal::restart_server`] does, answering
    /// `GET /profiles` for the demo login with `attributes` (the demo server's `--profile`):
    /// any flags, on or off, left out or unknown. Every token issued before is refused: sign in
    /// after it. A later [`Portal::restart_server`] serves the demo login's own profile again.
    pub async fn serve_profile(&self, attributes: serde_json::Value) {
        let restart = self
            .restart
            .clone()
            .expect("serve_profile needs the demo server (ApiServer::Demo)");
        let mut options = restart.options.clone();
        options.profile = Some(
            attributes
                .as_object()
                .cloned()
                .expect("a profile is an object of flags"),
        );
        let fresh = tokio::task::spawn_blocking(move || {
            let fresh = demo_server::app(options);
            *restart
                .current
                .write()
                .unwrap_or_else(PoisonError::into_inner) = fresh;
        });
        fresh.await.expect("starting the demo server afresh");
    }

    /// A JWT from the demo API's `POST /auth`, as a script or another client would get one.
    pub async fn issue_token(&self, login: &str, password: &str) -> String {
        let url = self.url_for(&format!("{}/auth", api_model::API_PATH));
        let body = serde_json::to_vec(&api_model::auth::AuthRequest::new(login, password))
            .expect("encoding the auth request");
        let request = http::Request::post(&url)
            .header(http::header::CONTENT_TYPE, "application/json")
            .header(http::header::ACCEPT, "application/json")
            .body(Full::new(Bytes::from(body)))
            .expect("building the auth request");
        let (status, body) = self.send(request).await;
        assert!(
            status.is_success(),
            "POST {url} answered {status}: {}",
            String::from_utf8_lossy(&body)
        );
        let auth: api_model::auth::AuthResponse =
            serde_json::from_slice(&body).unwrap_or_else(|error| {
                panic!(
                    "POST {url} answered {}: {error}",
                    String::from_utf8_lossy(&body)
                )
            });
        auth.jwt
    }

    /// The id of the demo customer's first record of `collection` (`accounts`, `rateplans`), as
    /// the API lists them.
    pub async fn first_demo_id(&self, collection: &str) -> String {
        let token = self
            .issue_token(crate::DEMO_LOGIN, crate::DEMO_PASSWORD)
            .await;
        let list = self.api_get(&token, collection, &[]).await;
        list["data"][0]["id"]
            .as_str()
            .unwrap_or_else(|| panic!("no record of {collection} in {list}"))
            .to_owned()
    }

    /// `GET <API>/<path>?<query>` with a token from [`Portal::issue_token`]: the JSON:API
    /// document a script would get, to derive what the portal must show. Panics unless the
    /// answer is a success.
    pub async fn api_get(
        &self,
        token: &str,
        path: &str,
        query: &[(&str, &str)],
    ) -> serde_json::Value {
        let (status, body) = self.api_request(token, path, query).await;
        assert!(
            status.is_success(),
            "GET {path} answered {status}: {}",
            String::from_utf8_lossy(&body)
        );
        serde_json::from_slice(&body).unwrap_or_else(|error| {
            panic!(
                "GET {path} answered {}: {error}",
                String::from_utf8_lossy(&body)
            )
        })
    }

    /// `POST <API>/<path>` of a JSON:API document with a token, as a script would send it.
    /// Panics unless the answer is a success.
    pub async fn api_post(
        &self,
        token: &str,
        path: &str,
        document: &serde_json::Value,
    ) -> serde_json::Value {
        let url = self.url_for(&format!("{}/{path}", api_model::API_PATH));
        let request = http::Request::post(&url)
            .header(http::header::CONTENT_TYPE, api_model::JSONAPI_MEDIA_TYPE)
            .header(http::header::ACCEPT, api_model::JSONAPI_MEDIA_TYPE)
            .header(http::header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Full::new(Bytes::from(document.to_string())))
            .expect("building an API request");
        let (status, body) = self.send(request).await;
        assert!(
            status.is_success(),
            "POST {path} answered {status}: {}",
            String::from_utf8_lossy(&body)
        );
        serde_json::from_slice(&body).unwrap_or_else(|error| {
            panic!(
                "POST {path} answered {}: {error}",
                String::from_utf8_lossy(&body)
            )
        })
    }

    /// `GET <API>/<path>?<query>` with a token: the status and body, whatever they are (to learn
    /// whether the server offers something, such as a file).
    pub async fn api_request(
        &self,
        token: &str,
        path: &str,
        query: &[(&str, &str)],
    ) -> (http::StatusCode, Bytes) {
        let mut url = self.url_for(&format!("{}/{path}", api_model::API_PATH));
        if !query.is_empty() {
            // Brackets escaped too: `http::Uri` need not take them raw.
            let query = api_model::query::encode_pairs(query)
                .replace('[', "%5B")
                .replace(']', "%5D");
            url = format!("{url}?{query}");
        }
        let request = http::Request::get(&url)
            .header(http::header::ACCEPT, "application/vnd.api+json, */*")
            .header(http::header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Full::new(Bytes::new()))
            .expect("building an API request");
        self.send(request).await
    }

    /// `GET` of any URL the way a plain client (a CDN, curl) would: status, headers, body.
    pub async fn plain_get(&self, url: &str) -> (http::StatusCode, http::HeaderMap, Bytes) {
        let request = http::Request::get(url)
            .body(Full::new(Bytes::new()))
            .expect("building a request");
        let response = self
            .http
            .request(request)
            .await
            .unwrap_or_else(|error| panic!("GET {url} failed: {error}"));
        let (head, body) = response.into_parts();
        let body = body
            .collect()
            .await
            .unwrap_or_else(|error| panic!("reading the response of GET {url}: {error}"))
            .to_bytes();
        (head.status, head.headers, body)
    }

    /// The Content-Security-Policy violations the browser reported to the demo server.
    pub async fn csp_violations(&self) -> Vec<serde_json::Value> {
        let (status, _, body) = self.plain_get(&self.url_for("/__demo/csp-reports")).await;
        assert!(
            status.is_success(),
            "GET /__demo/csp-reports answered {status}"
        );
        serde_json::from_slice(&body).expect("the CSP reports are a JSON array")
    }

    /// Sends a request to the demo server and reads the whole answer.
    async fn send(&self, request: http::Request<Full<Bytes>>) -> (http::StatusCode, Bytes) {
        let what = format!("{} {}", request.method(), request.uri());
        let response = self
            .http
            .request(request)
            .await
            .unwrap_or_else(|error| panic!("{what} failed: {error}"));
        let status = response.status();
        let body = response
            .into_body()
            .collect()
            .await
            .unwrap_or_else(|error| panic!("reading the response of {what}: {error}"))
            .to_bytes();
        (status, body)
    }
}

/// Whether the page heard `online` from Chromium itself when [`Portal::go_online`] brought the
/// browser back, or only from the harness's own dispatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnlineEvent {
    FiredByBrowser,
    Dispatched,
}

/// The demo server's runtime fault control (`Options::enable_fault_control`).
const FAULT_CONTROL_PATH: &str = "/__demo/faults";

/// The demo server's acted-out deployment (`Options::enable_deploy_control`).
const DEPLOY_CONTROL_PATH: &str = "/__demo/deploy";
