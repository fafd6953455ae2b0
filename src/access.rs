//! Which pages the customer's portal access profile (`GET /profiles`) includes. The server does
//! not enforce these flags; they say what a portal should offer, so hidden pages leave the
//! navigation and their URLs say "not available for your account".
//!
//! A flag the profile does not carry allows its pages (every flag defaults to true on the real
//! server but `payments-cryptomus`), and so does a server without profiles (older deployments
//! answer 404) or a profile that cannot be read: the customer then sees everything, as before
//! profiles existed.

use crate::http::Api;
use crate::remote::Remote;
use crate::routing::Page;
use crate::session::Session;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The profile's flags by name.
type Flags = BTreeMap<String, bool>;

/// `GET /profiles`: a singleton resource whose attributes are the flags.
#[derive(Deserialize)]
struct ProfileDocument {
    data: ProfileResource,
}

#[derive(Deserialize)]
struct ProfileResource {
    #[serde(default)]
    attributes: BTreeMap<String, Attribute>,
}

/// An attribute of a profile: a flag, or anything else a newer server may add.
#[derive(Deserialize)]
#[serde(untagged)]
enum Attribute {
    Flag(bool),
    Other(serde::de::IgnoredAny),
}

#[derive(Clone, Copy)]
pub struct Access {
    profile: Remote<Flags>,
}

impl Access {
    /// Reads the profile whenever a customer signs in.
    pub fn new(api: Api, session: Session) -> Access {
        let profile = Remote::new(
            move || session.is_signed_in().then_some(()),
            move |(), signal| {
                let api = api.clone();
                async move {
                    let document: ProfileDocument = api.get_small("profiles", "", signal).await?;
                    Ok(document
                        .data
                        .attributes
                        .into_iter()
                        .filter_map(|(name, attribute)| match attribute {
                            Attribute::Flag(on) => Some((name, on)),
                            Attribute::Other(_) => None,
                        })
                        .collect())
                }
            },
        );
        Access { profile }
    }

    /// Whether the profile allows the page; `None` until the profile is known. Tracked.
    pub fn allows(&self, page: Page) -> Option<bool> {
        let Some(flag) = page.profile_flag() else {
            return Some(true);
        };
        if self.profile.error().is_some() {
            return Some(true);
        }
        self.profile
            .with_data(|flags| flags.map(|flags| flags.get(flag).copied().unwrap_or(true)))
    }
}
