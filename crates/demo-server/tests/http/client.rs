//! A tiny HTTP/1.1 client over loopback, and demo servers started once per test binary.

use demo_server::Options;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::header::HeaderMap;
use hyper_util::rt::TokioIo;
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Duration;

/// Starts a server on 127.0.0.1:0 on its own thread and runtime; it lives as long as the
/// test binary.
pub fn start(options: Options) -> SocketAddr {
    start_router(move || demo_server::app(options))
}

/// Serves the router `make` builds (on the server's runtime) like `start`.
pub fn start_router(make: impl FnOnce() -> axum::Router + Send + 'static) -> SocketAddr {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind");
            sender
                .send(listener.local_addr().expect("address"))
                .expect("send");
            axum::serve(listener, make()).await.expect("serve");
        });
    });
    receiver
        .recv_timeout(Duration::from_secs(20))
        .expect("server started")
}

/// A loopback address nothing listens on (bound, then closed).
pub fn closed_address() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("address")
}

/// A fresh directory under the temporary directory, with the given files.
pub fn temp_dir(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "demo-server-{name}-{}-{}",
        std::process::id(),
        chrono::Utc::now().timestamp_nanos_opt().unwrap_or(0)
    ));
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
    std::fs::create_dir_all(&dir).expect("mkdir");
    dir
}

/// The shared demo server with default options.
pub fn server() -> SocketAddr {
    static SERVER: OnceLock<SocketAddr> = OnceLock::new();
    *SERVER.get_or_init(|| start(Options::default()))
}

pub const API: &str = "/api/rest/customer/v1";

#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    /// The body as text (lossy for binary bodies; see `bytes`).
    pub body: String,
    pub bytes: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

/// Sends one request on a fresh connection. `path` may be absolute (`http://host/...`).
pub async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Reply {
    let path = match path.strip_prefix("http://") {
        Some(rest) => &rest[rest.find('/').unwrap_or(rest.len())..],
        None => path,
    };
    let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("handshake");
    tokio::spawn(connection);
    let mut request = hyper::Request::builder()
        .method(method)
        .uri(path)
        .header("host", addr.to_string());
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = request
        .body(Full::new(Bytes::from(body.unwrap_or("").to_owned())))
        .expect("request");
    let response = sender.send_request(request).await.expect("response");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
        bytes: bytes.to_vec(),
    }
}

pub async fn get(path: &str, token: Option<&str>) -> Reply {
    get_on(server(), path, token).await
}

pub async fn get_on(addr: SocketAddr, path: &str, token: Option<&str>) -> Reply {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("accept", "application/vnd.api+json")];
    if let Some(auth) = &auth {
        headers.push(("authorization", auth));
    }
    send(addr, "GET", &api_path(path), &headers, None).await
}

pub async fn post_jsonapi(path: &str, token: &str, body: &Value) -> Reply {
    post_jsonapi_on(server(), path, token, body).await
}

pub fn api_path(path: &str) -> String {
    if path.starts_with('/') || path.starts_with("http://") {
        path.to_owned()
    } else {
        format!("{API}/{path}")
    }
}

pub async fn sign_in_on(addr: SocketAddr, login: &str, password: &str) -> Reply {
    let body = serde_json::json!({"auth": {"login": login, "password": password}});
    send(
        addr,
        "POST",
        &api_path("auth"),
        &[("content-type", "application/json")],
        Some(&body.to_string()),
    )
    .await
}

pub async fn token_on(addr: SocketAddr, login: &str) -> String {
    let reply = sign_in_on(addr, login, login).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    reply.json()["jwt"].as_str().expect("jwt").to_owned()
}

/// A token of the demo customer on the shared server.
pub async fn demo_token() -> String {
    token_on(server(), "demo").await
}

/// A token of the other customer on the shared server.
pub async fn other_token() -> String {
    token_on(server(), "other").await
}

/// Id of the demo account with this name.
pub async fn account_id(token: &str, name: &str) -> String {
    let reply = get("accounts", Some(token)).await;
    reply.json()["data"]
        .as_array()
        .expect("data")
        .iter()
        .find(|a| a["attributes"]["name"] == name)
        .and_then(|a| a["id"].as_str())
        .unwrap_or_else(|| panic!("no account {name}"))
        .to_owned()
}

/// A JSON:API POST with a token to any server.
pub async fn post_jsonapi_on(addr: SocketAddr, path: &str, token: &str, body: &Value) -> Reply {
    let auth = format!("Bearer {token}");
    send(
        addr,
        "POST",
        &api_path(path),
        &[
            ("accept", "application/vnd.api+json"),
            ("content-type", "application/vnd.api+json"),
            ("authorization", &auth),
        ],
        Some(&body.to_string()),
    )
    .await
}

/// A GET that authenticates with a `Cookie` header only.
pub async fn get_with_cookie(addr: SocketAddr, path: &str, cookie: &str) -> Reply {
    send(
        addr,
        "GET",
        &api_path(path),
        &[("accept", "application/vnd.api+json"), ("cookie", cookie)],
        None,
    )
    .await
}

/// The `name=value` part of a `Set-Cookie` header value.
pub fn cookie_pair(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap_or("").trim().to_owned()
}

/// `YYYY-MM-DD HH:MM:SS`, URL-encoded.
pub fn server_time(time: chrono::DateTime<chrono::Utc>) -> String {
    api_model::stats::server_time(&time).replace(' ', "%20")
}

/// `YYYY-MM-DD HH:MM:SS`, URL-encoded, `seconds_ago` before now.
pub fn time_ago(seconds_ago: i64) -> String {
    let time = chrono::Utc::now() - chrono::Duration::seconds(seconds_ago);
    api_model::stats::server_time(&time).replace(' ', "%20")
}
