//! The flags of a customer's portal access profile (`GET /profiles`): which sections of a
//! customer portal may be shown. The real server's full list (`ProfileResource`): the
//! statistics series each have a flag, and all but active calls a `-value` one for their
//! figure, for outgoing and incoming traffic alike.

use api_model::resources::ResourceType;
use serde::{Deserialize, Serialize};

/// Which portal sections a customer may see. Also the `portal-access` member of a customer in
/// a data file, where every flag may be left out (see [`PortalAccess::default`]) and an
/// unknown one is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
pub struct PortalAccess {
    pub account: bool,
    pub outgoing_rateplans: bool,
    pub outgoing_cdrs: bool,
    pub outgoing_cdr_exports: bool,
    pub outgoing_statistics: bool,
    pub outgoing_statistics_active_calls: bool,
    pub outgoing_statistics_acd: bool,
    pub outgoing_statistics_asr: bool,
    pub outgoing_statistics_failed_calls: bool,
    pub outgoing_statistics_successful_calls: bool,
    pub outgoing_statistics_total_calls: bool,
    pub outgoing_statistics_total_duration: bool,
    pub outgoing_statistics_total_price: bool,
    pub outgoing_statistics_acd_value: bool,
    pub outgoing_statistics_asr_value: bool,
    pub outgoing_statistics_failed_calls_value: bool,
    pub outgoing_statistics_successful_calls_value: bool,
    pub outgoing_statistics_total_calls_value: bool,
    pub outgoing_statistics_total_duration_value: bool,
    pub outgoing_statistics_total_price_value: bool,
    pub outgoing_active_calls: bool,
    pub outgoing_numberlists: bool,
    pub incoming_cdrs: bool,
    pub incoming_statistics: bool,
    pub incoming_statistics_active_calls: bool,
    pub incoming_statistics_acd: bool,
    pub incoming_statistics_asr: bool,
    pub incoming_statistics_failed_calls: bool,
    pub incoming_statistics_successful_calls: bool,
    pub incoming_statistics_total_calls: bool,
    pub incoming_statistics_total_duration: bool,
    pub incoming_statistics_total_price: bool,
    pub incoming_statistics_acd_value: bool,
    pub incoming_statistics_asr_value: bool,
    pub incoming_statistics_failed_calls_value: bool,
    pub incoming_statistics_successful_calls_value: bool,
    pub incoming_statistics_total_calls_value: bool,
    pub incoming_statistics_total_duration_value: bool,
    pub incoming_statistics_total_price_value: bool,
    pub invoices: bool,
    pub payments: bool,
    pub payments_cryptomus: bool,
    pub services: bool,
    pub transactions: bool,
    pub webrtc_dialer: bool,
}

impl Default for PortalAccess {
    /// What this demo serves is allowed: accounts, rates, CDRs in both directions, CDR exports,
    /// statistics of both directions and charts, the live list of active calls, services and
    /// their transactions, invoices, payments and Cryptomus top-ups, number lists. What it does
    /// not serve is not: the WebRTC dialer.
    fn default() -> PortalAccess {
        PortalAccess {
            account: true,
            outgoing_rateplans: true,
            outgoing_cdrs: true,
            outgoing_cdr_exports: true,
            outgoing_statistics: true,
            outgoing_statistics_active_calls: true,
            outgoing_statistics_acd: true,
            outgoing_statistics_asr: true,
            outgoing_statistics_failed_calls: true,
            outgoing_statistics_successful_calls: true,
            outgoing_statistics_total_calls: true,
            outgoing_statistics_total_duration: true,
            outgoing_statistics_total_price: true,
            outgoing_statistics_acd_value: true,
            outgoing_statistics_asr_value: true,
            outgoing_statistics_failed_calls_value: true,
            outgoing_statistics_successful_calls_value: true,
            outgoing_statistics_total_calls_value: true,
            outgoing_statistics_total_duration_value: true,
            outgoing_statistics_total_price_value: true,
            outgoing_active_calls: true,
            outgoing_numberlists: true,
            incoming_cdrs: true,
            incoming_statistics: true,
            incoming_statistics_active_calls: true,
            incoming_statistics_acd: true,
            incoming_statistics_asr: true,
            incoming_statistics_failed_calls: true,
            incoming_statistics_successful_calls: true,
            incoming_statistics_total_calls: true,
            incoming_statistics_total_duration: true,
            incoming_statistics_total_price: true,
            incoming_statistics_acd_value: true,
            incoming_statistics_asr_value: true,
            incoming_statistics_failed_calls_value: true,
            incoming_statistics_successful_calls_value: true,
            incoming_statistics_total_calls_value: true,
            incoming_statistics_total_duration_value: true,
            incoming_statistics_total_price_value: true,
            invoices: true,
            payments: true,
            payments_cryptomus: true,
            services: true,
            transactions: true,
            webrtc_dialer: false,
        }
    }
}

impl PortalAccess {
    /// A narrower profile, for a second customer whose portal shows less: no rates, no CDR
    /// exports, no prices in statistics, no services, no crypto top-ups (the real server's
    /// default).
    pub fn restricted() -> PortalAccess {
        PortalAccess {
            outgoing_rateplans: false,
            outgoing_cdr_exports: false,
            outgoing_statistics_total_price: false,
            outgoing_statistics_total_price_value: false,
            services: false,
            transactions: false,
            payments_cryptomus: false,
            ..PortalAccess::default()
        }
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
        assert!(partial.invoices && partial.webrtc_dialer && partial.services);
        assert!(partial.payments_cryptomus, "demo's default");
        assert!(!PortalAccess::restricted().payments_cryptomus);
        assert!(serde_json::from_str::<PortalAccess>(r#"{"invoice": true}"#).is_err());
    }
}
