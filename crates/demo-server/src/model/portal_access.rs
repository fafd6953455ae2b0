//! The flags of a customer's portal access profile (`GET /profiles`): which sections of a
//! customer portal may be shown.

use api_model::resources::ResourceType;
use serde::{Deserialize, Serialize};

/// Which portal sections a customer may see. Also the `portal-access` member of a customer in
/// a data file, where every flag may be left out (see [`PortalAccess::default`]).
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
    pub outgoing_numberlists: bool,
    pub incoming_cdrs: bool,
    pub incoming_statistics: bool,
    pub invoices: bool,
    pub payments: bool,
    pub services: bool,
    pub transactions: bool,
}

impl Default for PortalAccess {
    /// Everything this demo serves is allowed; what it does not serve (number lists, incoming
    /// traffic, invoices, payments) is not.
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
            outgoing_numberlists: false,
            incoming_cdrs: false,
            incoming_statistics: false,
            invoices: false,
            payments: false,
            services: true,
            transactions: true,
        }
    }
}

impl PortalAccess {
    /// A narrower profile, for a second customer whose portal shows less.
    pub fn restricted() -> PortalAccess {
        PortalAccess {
            outgoing_rateplans: false,
            outgoing_cdr_exports: false,
            outgoing_statistics_total_price: false,
            services: false,
            transactions: false,
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
        assert_eq!(object.len(), 20);
        assert!(object.values().all(serde_json::Value::is_boolean));
        assert_eq!(value["outgoing-statistics-active-calls"], true);
        let partial: PortalAccess = serde_json::from_str(r#"{"invoices": true}"#).unwrap();
        assert!(partial.invoices && partial.services);
        assert!(serde_json::from_str::<PortalAccess>(r#"{"invoice": true}"#).is_err());
    }
}
