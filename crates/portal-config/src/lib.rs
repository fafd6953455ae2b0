//! What a deployment of the portal is made of, without I/O: the `config.json` schema
//! ([`PortalConfig`]), the public URL it is served under, web [`Origin`]s, the Content-Security-Policy the portal runs under
//! ([`content_security_policy`]), and the message protocol between an embedded portal and its
//! parent page ([`embed`]), and the keys it keeps in the browser ([`kept`]).
//!
//! The portal reads these at run time; the demo server reads the same `config.json` to send the
//! matching policy, so the two cannot drift apart.

mod as_written;
mod branding;
pub mod colour;
mod config;
mod csp;
pub mod deployment;
pub mod embed;
mod ipv6;
pub mod kept;
pub mod languages;
mod loose;
mod origin;
mod public_url;
mod url_checks;

pub use as_written::AsWritten;
pub use branding::{Branding, LocalText, Support};
pub use config::{AuthMode, ConfigError, EmbedConfig, PortalConfig, parse_config, read_config};
pub use csp::{API_CONTENT_SECURITY_POLICY, content_security_policy};
pub use loose::Loose;
pub use origin::{Origin, OriginError};
pub use public_url::{normalize_public_url, parse_public_url};
pub use url_checks::{check_api_base_url, in_app_path, web_url};
