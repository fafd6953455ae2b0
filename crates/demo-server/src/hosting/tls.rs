//! HTTPS with HTTP/2, as a CDN serves the portal: the benchmark (`cargo xtask bench`) compares
//! page loads over it with plain HTTP/1.1, and `demo-server --tls` offers the same by hand.
//!
//! The certificate is made at start for `localhost` and `127.0.0.1` and signed by itself, so a
//! browser must be told to accept it (WebDriver's `acceptInsecureCerts`); it proves nothing
//! and is never written to disk.

use std::sync::Arc;

use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;
use rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};

/// A TLS set-up with a fresh self-signed certificate, offering HTTP/2 and HTTP/1.1 by ALPN.
pub fn self_signed() -> Result<Arc<rustls::ServerConfig>, String> {
    let names = vec!["localhost".to_owned(), "127.0.0.1".to_owned()];
    let rcgen::CertifiedKey { cert, signing_key } = rcgen::generate_simple_self_signed(names)
        .map_err(|e| format!("making a certificate: {e}"))?;
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(signing_key.serialize_der()));
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS versions: {e}"))?
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], key)
        .map_err(|e| format!("TLS certificate: {e}"))?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// Serves `router` over TLS on `listener` until the task is dropped; each connection speaks
/// HTTP/2 or HTTP/1.1, as the client's ALPN asks. A failed handshake ends only its connection.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    config: Arc<rustls::ServerConfig>,
) -> std::io::Result<()> {
    let acceptor = tokio_rustls::TlsAcceptor::from(config);
    // The cross-origin guard compares the browser's `Origin` with the scheme it asked.
    let router = router.layer(axum::Extension(crate::routes::cross_origin::ServedOverTls));
    loop {
        let (stream, _) = listener.accept().await?;
        let (acceptor, router) = (acceptor.clone(), router.clone());
        tokio::spawn(async move {
            let Ok(tls) = acceptor.accept(stream).await else {
                return;
            };
            let service = TowerToHyperService::new(router);
            let _ = auto::Builder::new(TokioExecutor::new())
                .serve_connection_with_upgrades(TokioIo::new(tls), service)
                .await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_http2_first() {
        let config = self_signed().expect("a self-signed set-up");
        assert_eq!(config.alpn_protocols[0], b"h2");
        assert!(config.alpn_protocols.contains(&b"http/1.1".to_vec()));
    }
}
