//! English, the default language.

use super::{Language, Texts};

pub static ENGLISH: Language = Language {
    tag: "en",
    native_name: "English",
    intl_locale: "en-GB",
    texts: Texts {
        nav_overview: "Overview",
        nav_accounts: "Accounts",
        nav_services: "Services",
        nav_rates: "Rates",
        nav_cdr_exports: "CDR exports",
        nav_network_types: "Network types",
        nav_network_prefixes: "Network prefixes",
        nav_origination: "Origination",
        nav_quality: "Quality",
        nav_active_calls: "Active calls",
        nav_cps_chart: "CPS chart",
        nav_sections_label: "Sections",
        skip_to_content: "Skip to content",
        signed_in: "Signed in",
        sign_out: "Sign out",
        menu: "Menu",
        language_label: "Language",
        theme_label: "Theme",
        theme_system: "System theme",
        theme_light: "Light",
        theme_dark: "Dark",
        time_zone_label: "Time zone",
        time_zone_local: "Local time",
        time_zone_local_named: |zone| format!("Local time ({zone})"),
        time_zone_utc: "UTC",
        redirecting_to_sign_in: "Redirecting to sign-in…",
        loading_portal: "Loading the portal…",
    },
};
