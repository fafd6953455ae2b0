//! The message protocol between an embedded portal and its parent page (`postMessage`).
//!
//! Every message is a plain object `{"protocol": "yeti-portal", "version": 1, "type": …}` with
//! the type's fields beside. Messages of other protocols are none of our business and are
//! ignored quietly; ours with a newer major version or a type we do not know are ignored with a
//! console note. The receiving side checks the sender's origin before it reads a message: that
//! check is the portal's (see `EmbedConfig::allows`), not this module's.
//!
//! The full description, with an example parent page, is `docs/embedding.md`.

use serde::{Deserialize, Serialize};
use std::time::Duration;

pub const PROTOCOL: &str = "yeti-portal";
pub const VERSION: u32 = 1;

/// What the parent page tells the portal.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ParentMessage {
    /// A customer API token for the portal to use (kept in memory only).
    Token { token: String },
    /// Follow the parent's colour theme.
    Theme { theme: Theme },
    /// Follow the parent's language (a BCP 47 tag such as `uk` or `en-GB`).
    Locale { locale: String },
    /// Show times in this IANA zone (`Europe/Kyiv`, `UTC`).
    TimeZone {
        #[serde(rename = "timeZone")]
        time_zone: String,
    },
    /// Hide (or show again) the portal's own navigation bar.
    Chrome { hidden: bool },
    /// Show the portal page at `path` (a portal path such as `/accounts`).
    Navigate { path: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    Light,
    Dark,
}

/// What the portal tells the parent page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum PortalMessage {
    /// The portal has started and listens; the parent answers with a token (and theme, …).
    Ready,
    /// The portal needs a (new) token.
    TokenRequest { reason: TokenRequestReason },
    /// The height of the portal's content in CSS pixels, for sizing the frame.
    Resize { height: u32 },
    /// The portal now shows `path` (for the parent's own address bar or breadcrumbs).
    Location { path: String },
    /// The customer pressed "Sign out" in the portal; it has forgotten its token.
    SignedOut,
    /// The customer changed the language, theme or time zone in the portal (not sent for the
    /// parent's own messages): all three as they are now, for the parent to follow or keep.
    Preferences {
        locale: String,
        theme: ThemeSetting,
        #[serde(rename = "timeZone")]
        time_zone: String,
    },
}

/// The theme the customer chose in the portal: one of the parent's, or the system's setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeSetting {
    System,
    Light,
    Dark,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TokenRequestReason {
    /// The token runs out soon; the portal keeps working until it does.
    Expiring,
    /// The token has run out; the portal waits for a new one.
    Expired,
    /// The server refused the token (401).
    Rejected,
}

/// Why a message addressed to us was not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not a message of this protocol (other scripts use `postMessage` too): ignore quietly.
    NotOurs,
    /// Ours, but not understood: worth a console note.
    NotUnderstood(String),
}

#[derive(Deserialize)]
struct Envelope {
    protocol: Option<String>,
    version: Option<u32>,
}

impl ParentMessage {
    /// Reads a message's data (as JSON).
    pub fn decode(data: &serde_json::Value) -> Result<ParentMessage, Refusal> {
        let envelope = Envelope::deserialize(data).map_err(|_| Refusal::NotOurs)?;
        if envelope.protocol.as_deref() != Some(PROTOCOL) {
            return Err(Refusal::NotOurs);
        }
        match envelope.version {
            Some(VERSION) => {}
            other => {
                return Err(Refusal::NotUnderstood(format!(
                    "version {other:?} of the {PROTOCOL} protocol (this portal speaks {VERSION})"
                )));
            }
        }
        let message =
            ParentMessage::deserialize(data).map_err(|e| Refusal::NotUnderstood(e.to_string()))?;
        match &message {
            ParentMessage::Token { token } if token.trim().is_empty() => {
                Err(Refusal::NotUnderstood("an empty token".into()))
            }
            ParentMessage::TimeZone { time_zone } if !crate::languages::is_zone_name(time_zone) => {
                Err(Refusal::NotUnderstood(format!(
                    "time-zone “{}”: an IANA zone name such as Europe/Kyiv or UTC",
                    time_zone.escape_debug()
                )))
            }
            ParentMessage::Navigate { path } if crate::in_app_path(path).is_none() => {
                Err(Refusal::NotUnderstood(format!(
                    "navigate to “{}”: a portal path starts with one “/” and holds no \
                     backslash, control character or space",
                    path.escape_debug()
                )))
            }
            _ => Ok(message),
        }
    }
}

impl PortalMessage {
    /// The message as the object to post.
    pub fn encode(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(self).unwrap_or_default();
        if let Some(object) = value.as_object_mut() {
            object.insert("protocol".into(), PROTOCOL.into());
            object.insert("version".into(), VERSION.into());
        }
        value
    }
}

/// How long before a token's end the portal asks for the next one: a quarter of the time it
/// has left, at most 30 s, so that short-lived tokens are not renewed in a tight loop.
pub fn renew_ahead(remaining: Duration) -> Duration {
    (remaining / 4).min(Duration::from_secs(30))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ours(mut value: serde_json::Value) -> serde_json::Value {
        value["protocol"] = PROTOCOL.into();
        value["version"] = VERSION.into();
        value
    }

    #[test]
    fn reads_every_parent_message() {
        let cases = [
            (
                json!({"type": "token", "token": "abc"}),
                ParentMessage::Token {
                    token: "abc".into(),
                },
            ),
            (
                json!({"type": "theme", "theme": "dark"}),
                ParentMessage::Theme { theme: Theme::Dark },
            ),
            (
                json!({"type": "locale", "locale": "uk"}),
                ParentMessage::Locale {
                    locale: "uk".into(),
                },
            ),
            (
                json!({"type": "time-zone", "timeZone": "Europe/Kyiv"}),
                ParentMessage::TimeZone {
                    time_zone: "Europe/Kyiv".into(),
                },
            ),
            (
                json!({"type": "chrome", "hidden": true}),
                ParentMessage::Chrome { hidden: true },
            ),
            (
                json!({"type": "navigate", "path": "/rates?page[number]=2"}),
                ParentMessage::Navigate {
                    path: "/rates?page[number]=2".into(),
                },
            ),
        ];
        for (data, expected) in cases {
            assert_eq!(ParentMessage::decode(&ours(data)), Ok(expected));
        }
    }

    #[test]
    fn other_traffic_is_not_ours() {
        for data in [
            json!("a string"),
            json!(null),
            json!({"type": "token", "token": "abc"}),
            json!({"protocol": "someone-else", "version": 1, "type": "token", "token": "abc"}),
            json!({"protocol": 7}),
        ] {
            assert_eq!(
                ParentMessage::decode(&data),
                Err(Refusal::NotOurs),
                "{data}"
            );
        }
    }

    #[test]
    fn ours_but_not_understood() {
        let newer = json!({"protocol": PROTOCOL, "version": 2, "type": "token", "token": "a"});
        for data in [
            newer,
            ours(json!({"type": "token"})),
            ours(json!({"type": "token", "token": "  "})),
            ours(json!({"type": "theme", "theme": "sepia"})),
            ours(json!({"type": "launch-missiles"})),
            ours(json!({"type": "time-zone", "timeZone": "+03:00"})),
            ours(json!({"type": "time-zone", "zone": "UTC"})),
            ours(json!({"type": "time-zone", "timeZone": 3})),
            ours(json!({"type": "navigate", "path": "https://evil.example/"})),
            ours(json!({"type": "navigate", "path": "//evil.example/"})),
            // Browsers read `\` as `/` and drop tabs and new lines: each is `//evil.example`.
            ours(json!({"type": "navigate", "path": "/\\evil.example"})),
            ours(json!({"type": "navigate", "path": "/\t/evil.example"})),
            ours(json!({"type": "navigate", "path": "/\n/evil.example"})),
            ours(json!({"type": "navigate", "path": "/\r/evil.example"})),
        ] {
            assert!(
                matches!(ParentMessage::decode(&data), Err(Refusal::NotUnderstood(_))),
                "{data}"
            );
        }
    }

    #[test]
    fn portal_messages_carry_the_envelope() {
        assert_eq!(
            PortalMessage::Ready.encode(),
            json!({"protocol": "yeti-portal", "version": 1, "type": "ready"})
        );
        assert_eq!(
            PortalMessage::Resize { height: 812 }.encode(),
            json!({"protocol": "yeti-portal", "version": 1, "type": "resize", "height": 812})
        );
        assert_eq!(
            PortalMessage::TokenRequest {
                reason: TokenRequestReason::Expiring
            }
            .encode()["reason"],
            "expiring"
        );
        assert_eq!(PortalMessage::SignedOut.encode()["type"], "signed-out");
        assert_eq!(
            PortalMessage::Preferences {
                locale: "uk".into(),
                theme: ThemeSetting::System,
                time_zone: "UTC".into()
            }
            .encode(),
            json!({"protocol": "yeti-portal", "version": 1, "type": "preferences",
                "locale": "uk", "theme": "system", "timeZone": "UTC"})
        );
        assert_eq!(
            PortalMessage::Location {
                path: "/accounts".into()
            }
            .encode()["path"],
            "/accounts"
        );
    }

    #[test]
    fn renewal_comes_early_but_not_in_a_loop() {
        assert_eq!(
            renew_ahead(Duration::from_secs(600)),
            Duration::from_secs(30)
        );
        assert_eq!(renew_ahead(Duration::from_secs(8)), Duration::from_secs(2));
        assert_eq!(renew_ahead(Duration::ZERO), Duration::ZERO);
    }
}
