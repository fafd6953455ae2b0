//! Fixed reference tables the seeded data set is built from: countries with their calling codes
//! and national number lengths, network types, and the networks every country gets.

/// A country: name, ISO 3166 alpha-2 code, E.164 calling code, national significant number length.
pub struct CountryInfo {
    pub name: &'static str,
    pub iso2: &'static str,
    pub calling_code: &'static str,
    pub national_length: u8,
}

const fn country(
    name: &'static str,
    iso2: &'static str,
    calling_code: &'static str,
    national_length: u8,
) -> CountryInfo {
    CountryInfo {
        name,
        iso2,
        calling_code,
        national_length,
    }
}

pub const COUNTRIES: &[CountryInfo] = &[
    country("Ukraine", "UA", "380", 9),
    country("Germany", "DE", "49", 10),
    country("United Kingdom", "GB", "44", 10),
    country("Poland", "PL", "48", 9),
    country("France", "FR", "33", 9),
    country("Italy", "IT", "39", 10),
    country("Spain", "ES", "34", 9),
    country("Netherlands", "NL", "31", 9),
    country("Belgium", "BE", "32", 9),
    country("Austria", "AT", "43", 10),
    country("Switzerland", "CH", "41", 9),
    country("Czechia", "CZ", "420", 9),
    country("Slovakia", "SK", "421", 9),
    country("Hungary", "HU", "36", 9),
    country("Romania", "RO", "40", 9),
    country("Moldova", "MD", "373", 8),
    country("Bulgaria", "BG", "359", 9),
    country("Greece", "GR", "30", 10),
    country("Portugal", "PT", "351", 9),
    country("Ireland", "IE", "353", 9),
    country("Denmark", "DK", "45", 8),
    country("Sweden", "SE", "46", 9),
    country("Norway", "NO", "47", 8),
    country("Finland", "FI", "358", 9),
    country("Estonia", "EE", "372", 8),
    country("Latvia", "LV", "371", 8),
    country("Lithuania", "LT", "370", 8),
    country("Georgia", "GE", "995", 9),
    country("Armenia", "AM", "374", 8),
    country("Azerbaijan", "AZ", "994", 9),
    country("Kazakhstan", "KZ", "7", 10),
    country("Turkey", "TR", "90", 10),
    country("Israel", "IL", "972", 9),
    country("United Arab Emirates", "AE", "971", 9),
    country("India", "IN", "91", 10),
    country("China", "CN", "86", 11),
    country("Japan", "JP", "81", 10),
    country("South Korea", "KR", "82", 10),
    country("Vietnam", "VN", "84", 9),
    country("Thailand", "TH", "66", 9),
    country("Indonesia", "ID", "62", 10),
    country("Philippines", "PH", "63", 10),
    country("Australia", "AU", "61", 9),
    country("New Zealand", "NZ", "64", 9),
    country("United States", "US", "1", 10),
    country("Mexico", "MX", "52", 10),
    country("Brazil", "BR", "55", 11),
    country("Argentina", "AR", "54", 10),
    country("Chile", "CL", "56", 9),
    country("Colombia", "CO", "57", 10),
    country("South Africa", "ZA", "27", 9),
    country("Egypt", "EG", "20", 10),
    country("Nigeria", "NG", "234", 10),
    country("Kenya", "KE", "254", 9),
    country("Morocco", "MA", "212", 9),
];

/// Network types, in id order.
pub const NETWORK_TYPES: &[&str] = &[
    "Landline",
    "Mobile",
    "Toll-free",
    "Premium rate",
    "Shared cost",
    "Personal number",
    "VoIP",
    "Paging",
    "Satellite",
    "M2M / IoT",
    "Voicemail",
    "Special services",
];

/// A network every country gets: its name suffix, the index of its type in [`NETWORK_TYPES`],
/// and how many of the 90 two-digit national destination codes it tends to own (weight).
pub struct NetworkTemplate {
    pub suffix: &'static str,
    pub network_type: usize,
    pub weight: u64,
}

const fn network(suffix: &'static str, network_type: usize, weight: u64) -> NetworkTemplate {
    NetworkTemplate {
        suffix,
        network_type,
        weight,
    }
}

pub const NETWORKS_PER_COUNTRY: &[NetworkTemplate] = &[
    network("Fixed", 0, 38),
    network("Mobile North", 1, 14),
    network("Mobile Star", 1, 12),
    network("Mobile Life", 1, 10),
    network("Toll-free", 2, 3),
    network("Premium", 3, 3),
    network("Shared cost", 4, 2),
    network("Personal", 5, 2),
    network("VoIP", 6, 8),
    network("M2M", 9, 6),
    network("Voicemail", 10, 2),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn tables_are_consistent() {
        let codes: HashSet<_> = COUNTRIES.iter().map(|c| c.calling_code).collect();
        assert_eq!(codes.len(), COUNTRIES.len(), "calling codes are unique");
        assert!(
            COUNTRIES
                .iter()
                .all(|c| c.calling_code.bytes().all(|b| b.is_ascii_digit()))
        );
        assert!(
            NETWORKS_PER_COUNTRY
                .iter()
                .all(|n| n.network_type < NETWORK_TYPES.len())
        );
        assert_eq!(NETWORK_TYPES.len(), 12);
    }
}
