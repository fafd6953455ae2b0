//! The flags of a customer's portal access profile (`GET /profiles`): which sections of a
//! customer portal may be shown, and which statistics. The flags are the model's
//! (`api_model::profile::Flag`, the real server's full list): the statistics series each have
//! a flag, and all but active calls a `-value` one for their figure, for outgoing and incoming
//! traffic alike.

use api_model::profile::{AccessProfile, Flag};
use api_model::resources::ResourceType;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// Which portal sections and statistics a customer may see. As JSON (`GET /profiles`'
/// attributes) every flag by its name; as the `portal-access` member of a customer in a data
/// file every flag may be left out (see [`PortalAccess::default`]) and an unknown one is
/// refused.
#[derive(Debug, Clone, Copy)]
pub struct PortalAccess(pub AccessProfile);

impl PartialEq for PortalAccess {
    /// The same flags on and off, whether sent or by default.
    fn eq(&self, other: &PortalAccess) -> bool {
        Flag::ALL
            .into_iter()
            .all(|flag| self.allows(flag) == other.allows(flag))
    }
}

impl Eq for PortalAccess {}

impl Default for PortalAccess {
    /// What this demo serves is allowed: accounts, rates, CDRs in both directions, CDR exports,
    /// statistics of both directions and charts, the live list of active calls, services and
    /// their transactions, invoices, payments and Cryptomus top-ups, number lists. What it does
    /// not serve is not: the WebRTC dialer (it has no `POST /call-auth`).
    fn default() -> PortalAccess {
        PortalAccess(
            AccessProfile::default()
                .with(Flag::PaymentsCryptomus, true)
                .with(Flag::WebrtcDialer, false),
        )
    }
}

impl PortalAccess {
    /// The demo's profile with these flags off.
    pub fn without(flags: &[Flag]) -> PortalAccess {
        let profile = flags
            .iter()
            .fold(PortalAccess::default().0, |profile, flag| {
                profile.with(*flag, false)
            });
        PortalAccess(profile)
    }

    /// A narrower profile, for a second customer whose portal shows less: no rates, no CDR
    /// exports, no prices in statistics, no services, no crypto top-ups (the real server's
    /// default).
    pub fn restricted() -> PortalAccess {
        PortalAccess::without(&[
            Flag::OutgoingRateplans,
            Flag::OutgoingCdrExports,
            Flag::OutgoingStatisticsTotalPrice,
            Flag::OutgoingStatisticsTotalPriceValue,
            Flag::Services,
            Flag::Transactions,
            Flag::PaymentsCryptomus,
        ])
    }

    /// An operator's profile that hides what calls cost and how long they last on average:
    /// the demo's, with the price and the ACD withheld from the statistics of both sides, as
    /// series and as figures.
    pub fn without_prices_and_acd() -> PortalAccess {
        PortalAccess::without(&[
            Flag::OutgoingStatisticsTotalPrice,
            Flag::OutgoingStatisticsTotalPriceValue,
            Flag::OutgoingStatisticsAcd,
            Flag::OutgoingStatisticsAcdValue,
            Flag::IncomingStatisticsTotalPrice,
            Flag::IncomingStatisticsTotalPriceValue,
            Flag::IncomingStatisticsAcd,
            Flag::IncomingStatisticsAcdValue,
        ])
    }

    pub fn allows(&self, flag: Flag) -> bool {
        self.0.allows(flag)
    }
}

impl Serialize for PortalAccess {
    /// Every flag, in the server's order.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(Flag::ALL.map(|flag| (flag.name(), self.allows(flag))))
    }
}

impl<'de> Deserialize<'de> for PortalAccess {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PortalAccess, D::Error> {
        let flags = BTreeMap::<String, bool>::deserialize(deserializer)?;
        let mut profile = PortalAccess::default().0;
        for (name, value) in flags {
            let flag = Flag::from_name(&name).ok_or_else(|| {
                D::Error::custom(format!(
                    "unknown field `{name}`: no access profile flag has this name"
                ))
            })?;
            profile = profile.with(flag, value);
        }
        Ok(PortalAccess(profile))
    }
}

/// The attributes a `--profile FILE` serves: the file's JSON object of flags, or a whole
/// `GET /profiles` document (its `data.attributes`), as a real server answered it. Kept
/// verbatim, whatever the flags and their values, so a test can serve an older or a newer
/// server's profile.
pub fn served_attributes(text: &str) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let attributes = match value.pointer("/data/attributes") {
        Some(attributes) => attributes.clone(),
        None => value,
    };
    match attributes {
        serde_json::Value::Object(attributes) => Ok(attributes),
        other => Err(format!("not an object of flags: {other}")),
    }
}

impl ResourceType for PortalAccess {
    const TYPE: &'static str = "profiles";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_kebab_case_and_default_when_left_out() {
        let value = serde_json::to_value(PortalAccess::default()).unwrap();
        let object = value.as_object().unwrap();
        assert_eq!(object.len(), 45);
        assert!(object.values().all(serde_json::Value::is_boolean));
        assert_eq!(value["outgoing-statistics-active-calls"], true);
        assert_eq!(value["outgoing-statistics-total-price-value"], true);
        assert_eq!(value["incoming-statistics-acd-value"], true);
        assert_eq!(value["outgoing-active-calls"], true);
        assert_eq!(value["outgoing-numberlists"], true);
        assert_eq!(value["webrtc-dialer"], false);
        assert!(
            value
                .get("outgoing-statistics-active-calls-value")
                .is_none()
        );
        let partial: PortalAccess =
            serde_json::from_str(r#"{"invoices": true, "webrtc-dialer": true}"#).unwrap();
        assert!(partial.allows(Flag::Invoices) && partial.allows(Flag::WebrtcDialer));
        assert!(partial.allows(Flag::Services));
        assert!(partial.allows(Flag::PaymentsCryptomus), "demo's default");
        assert!(!PortalAccess::restricted().allows(Flag::PaymentsCryptomus));
        assert!(serde_json::from_str::<PortalAccess>(r#"{"invoice": true}"#).is_err());
        let round_trip: PortalAccess = serde_json::from_value(value).unwrap();
        assert_eq!(round_trip, PortalAccess::default());
    }

    #[test]
    fn a_served_profile_is_an_object_of_flags_or_a_document() {
        let flags = served_attributes(r#"{"invoices": false, "newer-flag": "x"}"#).unwrap();
        assert_eq!(flags.len(), 2);
        let document =
            r#"{"data": {"id": "1", "type": "profiles", "attributes": {"account": true}}}"#;
        assert_eq!(
            served_attributes(document)
                .unwrap()
                .keys()
                .collect::<Vec<_>>(),
            ["account"]
        );
        assert!(served_attributes("[true]").is_err());
        assert!(served_attributes("{").is_err());
    }

    #[test]
    fn the_profile_without_prices_and_acd_withholds_them_alone() {
        let profile = PortalAccess::without_prices_and_acd();
        let off: Vec<&str> = Flag::ALL
            .into_iter()
            .filter(|flag| !profile.allows(*flag))
            .map(Flag::name)
            .collect();
        assert_eq!(
            off,
            [
                "outgoing-statistics-acd",
                "outgoing-statistics-total-price",
                "outgoing-statistics-acd-value",
                "outgoing-statistics-total-price-value",
                "incoming-statistics-acd",
                "incoming-statistics-total-price",
                "incoming-statistics-acd-value",
                "incoming-statistics-total-price-value",
                "webrtc-dialer",
            ]
        );
    }
}
