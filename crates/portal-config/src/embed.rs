//! The message protocol between an embedded portal and its parent page (`postMessage`).
//!
//! Every message is a plain object `{"protocol": "yeti-portal", "version": 1, "type": …}` with
//! the type's fields beside. Messages of other protocols are none of our business and are
//! ignored quietly; ours with a newer major version or a type we do not know are ignored with a
//! console note. The receiving side checks the sender's origin before it reads a message: that
//! check is the portal's (see `EmbedConfig::allows`), not this module's.
//!
//! The full description, with an example parent page, is `docs/embedding.md`.

use crate::loose::Loose;
use std::time::Duration;

pub const PROTOCOL: &str = "yeti-portal";
pub const VERSION: u32 = 1;

/// What the parent page tells the portal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParentMessage {
    /// A customer API token for the portal to use (kept in memory only).
    Token { token: String },
    /// Follow the parent's colour theme.
    Theme { theme: Theme },
    /// Follow the parent's language (a BCP 47 tag such as `uk` or `en-GB`).
    Locale { locale: String },
    /// Show times in this IANA zone (`Europe/Kyiv`, `UTC`).
    TimeZone { time_zone: String },
    /// Hide (or show again) the portal's own navigation bar.
    Chrome { hidden: bool },
    /// Show the portal page at `path` (a portal path such as `/accounts`).
    Navigate { path: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

/// What the portal tells the parent page.
#[derive(Debug, Clone, PartialEq, Eq)]
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
        time_zone: String,
    },
    /// One of the customer's watch rules fired (`fired`) or cleared: the rule in words, in the
    /// portal's language, and the account it is on.
    Alert {
        account_id: String,
        rule: String,
        fired: bool,
    },
}

/// The theme the customer chose in the portal: one of the parent's, or the system's setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThemeSetting {
    System,
    Light,
    Dark,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

impl ParentMessage {
    /// Reads a message's data. By hand, not by a serde derive: the portal reads the data as
    /// the browser gives it (`portal::json::loose`), without serde's generic readers.
    pub fn decode(data: &Loose) -> Result<ParentMessage, Refusal> {
        if data.get("protocol").and_then(Loose::as_str) != Some(PROTOCOL) {
            return Err(Refusal::NotOurs);
        }
        match data.get("version") {
            Some(Loose::Whole(version)) if *version == i64::from(VERSION) => {}
            other => {
                return Err(not_understood(format!(
                    "version {} of the {PROTOCOL} protocol (this portal speaks {VERSION})",
                    other.map_or_else(|| "none".to_owned(), Loose::to_json)
                )));
            }
        }
        let text = |name: &str| {
            data.get(name)
                .and_then(Loose::as_str)
                .map(str::to_owned)
                .ok_or_else(|| not_understood(format!("“{name}” must be a text")))
        };
        let kind = data.get("type").and_then(Loose::as_str).unwrap_or_default();
        let message = match kind {
            "token" => ParentMessage::Token {
                token: text("token")?,
            },
            "theme" => ParentMessage::Theme {
                theme: match text("theme")?.as_str() {
                    "light" => Theme::Light,
                    "dark" => Theme::Dark,
                    other => {
                        return Err(not_understood(format!(
                            "theme “{}”: “light” or “dark”",
                            crate::AsWritten(other)
                        )));
                    }
                },
            },
            "locale" => ParentMessage::Locale {
                locale: text("locale")?,
            },
            "time-zone" => ParentMessage::TimeZone {
                time_zone: text("timeZone")?,
            },
            "chrome" => ParentMessage::Chrome {
                hidden: data
                    .get("hidden")
                    .and_then(Loose::as_bool)
                    .ok_or_else(|| not_understood("“hidden” must be true or false".into()))?,
            },
            "navigate" => ParentMessage::Navigate {
                path: text("path")?,
            },
            other => {
                return Err(not_understood(format!(
                    "a message of type “{}” (this portal knows token, theme, locale, \
                     time-zone, chrome and navigate)",
                    crate::AsWritten(other)
                )));
            }
        };
        message.checked()
    }

    /// The message, if its value is one the portal can act on.
    fn checked(self) -> Result<ParentMessage, Refusal> {
        match &self {
            ParentMessage::Token { token } if token.trim().is_empty() => {
                Err(not_understood("an empty token".into()))
            }
            ParentMessage::TimeZone { time_zone } if !crate::languages::is_zone_name(time_zone) => {
                Err(not_understood(format!(
                    "time-zone “{}”: an IANA zone name such as Europe/Kyiv or UTC",
                    crate::AsWritten(time_zone)
                )))
            }
            ParentMessage::Navigate { path } if crate::in_app_path(path).is_none() => {
                Err(not_understood(format!(
                    "navigate to “{}”: a portal path starts with one “/” and holds no \
                     backslash, control character or space",
                    crate::AsWritten(path)
                )))
            }
            _ => Ok(self),
        }
    }
}

fn not_understood(why: String) -> Refusal {
    Refusal::NotUnderstood(why)
}

impl PortalMessage {
    /// The message as the object to post.
    pub fn encode(&self) -> Loose {
        let text = |text: &str| Loose::Text(text.to_owned());
        let (kind, fields) = match self {
            PortalMessage::Ready => ("ready", vec![]),
            PortalMessage::TokenRequest { reason } => {
                ("token-request", vec![("reason", text(reason.as_str()))])
            }
            PortalMessage::Resize { height } => {
                ("resize", vec![("height", Loose::Whole(i64::from(*height)))])
            }
            PortalMessage::Location { path } => ("location", vec![("path", text(path))]),
            PortalMessage::SignedOut => ("signed-out", vec![]),
            PortalMessage::Preferences {
                locale,
                theme,
                time_zone,
            } => (
                "preferences",
                vec![
                    ("locale", text(locale)),
                    ("theme", text(theme.as_str())),
                    ("timeZone", text(time_zone)),
                ],
            ),
            PortalMessage::Alert {
                account_id,
                rule,
                fired,
            } => (
                "alert",
                vec![
                    ("accountId", text(account_id)),
                    ("rule", text(rule)),
                    ("state", text(if *fired { "fired" } else { "cleared" })),
                ],
            ),
        };
        let mut entries = vec![
            ("protocol".to_owned(), text(PROTOCOL)),
            ("version".to_owned(), Loose::Whole(i64::from(VERSION))),
            ("type".to_owned(), text(kind)),
        ];
        entries.extend(
            fields
                .into_iter()
                .map(|(key, value)| (key.to_owned(), value)),
        );
        Loose::Object(entries)
    }
}

impl ThemeSetting {
    pub fn as_str(self) -> &'static str {
        match self {
            ThemeSetting::System => "system",
            ThemeSetting::Light => "light",
            ThemeSetting::Dark => "dark",
        }
    }
}

impl TokenRequestReason {
    pub fn as_str(self) -> &'static str {
        match self {
            TokenRequestReason::Expiring => "expiring",
            TokenRequestReason::Expired => "expired",
            TokenRequestReason::Rejected => "rejected",
        }
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

    /// `data` as the portal reads a message's data.
    fn decode(data: &serde_json::Value) -> Result<ParentMessage, Refusal> {
        ParentMessage::decode(&serde_json::from_value(data.clone()).unwrap())
    }

    /// The message as the parent page receives it.
    fn sent(message: PortalMessage) -> serde_json::Value {
        serde_json::from_str(&message.encode().to_json()).unwrap()
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
            assert_eq!(decode(&ours(data)), Ok(expected));
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
            assert_eq!(decode(&data), Err(Refusal::NotOurs), "{data}");
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
            ours(json!({"type": "chrome", "hidden": "yes"})),
            ours(json!({"type": "chrome"})),
            ours(json!({"token": "abc"})),
            json!({"protocol": PROTOCOL, "version": "1", "type": "token", "token": "a"}),
            json!({"protocol": PROTOCOL, "type": "token", "token": "a"}),
            ours(json!({"type": "navigate", "path": "https://evil.example/"})),
            ours(json!({"type": "navigate", "path": "//evil.example/"})),
            // Browsers read `\` as `/` and drop tabs and new lines: each is `//evil.example`.
            ours(json!({"type": "navigate", "path": "/\\evil.example"})),
            ours(json!({"type": "navigate", "path": "/\t/evil.example"})),
            ours(json!({"type": "navigate", "path": "/\n/evil.example"})),
            ours(json!({"type": "navigate", "path": "/\r/evil.example"})),
        ] {
            assert!(
                matches!(decode(&data), Err(Refusal::NotUnderstood(_))),
                "{data}"
            );
        }
    }

    #[test]
    fn portal_messages_carry_the_envelope() {
        assert_eq!(
            sent(PortalMessage::Ready),
            json!({"protocol": "yeti-portal", "version": 1, "type": "ready"})
        );
        assert_eq!(
            sent(PortalMessage::Resize { height: 812 }),
            json!({"protocol": "yeti-portal", "version": 1, "type": "resize", "height": 812})
        );
        for (reason, text) in [
            (TokenRequestReason::Expiring, "expiring"),
            (TokenRequestReason::Expired, "expired"),
            (TokenRequestReason::Rejected, "rejected"),
        ] {
            assert_eq!(
                sent(PortalMessage::TokenRequest { reason }),
                json!({"protocol": "yeti-portal", "version": 1, "type": "token-request",
                    "reason": text})
            );
        }
        assert_eq!(sent(PortalMessage::SignedOut)["type"], "signed-out");
        for (theme, text) in [
            (ThemeSetting::System, "system"),
            (ThemeSetting::Light, "light"),
            (ThemeSetting::Dark, "dark"),
        ] {
            assert_eq!(
                sent(PortalMessage::Preferences {
                    locale: "uk".into(),
                    theme,
                    time_zone: "UTC".into()
                }),
                json!({"protocol": "yeti-portal", "version": 1, "type": "preferences",
                    "locale": "uk", "theme": text, "timeZone": "UTC"})
            );
        }
        assert_eq!(
            sent(PortalMessage::Location {
                path: "/a \"b\"".into()
            }),
            json!({"protocol": "yeti-portal", "version": 1, "type": "location",
                "path": "/a \"b\""})
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
