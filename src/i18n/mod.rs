//! Languages. Every string the portal shows lives in one [`Texts`] per language: a struct, so a
//! missing or misspelt key is a compile error, and a text with values is a function of them.
//! Numbers, money and dates are formatted for the language by the browser's `Intl`
//! (`crate::format`), so the wasm carries no locale tables.
//!
//! Adding a language: copy `en.rs` to `<tag>.rs`, translate it, and list it in [`LANGUAGES`].
//!
//! Changing the language changes the words in place: [`texts`] hands out a [`Tr`], and a text
//! read through it in a reactive closure subscribes that closure to the language. A view puts
//! its words in closures (`{tr(|t| t.retry)}`), so a new language redraws only words: pages
//! keep their state (a half-typed filter, a chart's zoom) and make no request.
//!
//! Texts with values take them already formatted (`&str`), so each language orders its words
//! freely; a language whose nouns change with a count reads the count from those digits (see
//! `uk::plural`). Errors that the pure crates describe in English (`ApiError`, filter, token and
//! `config.json` errors) are put into words here by [`error_text`] and its siblings, keeping the
//! server's own words as sent.

mod en;
mod errors;
mod uk;

pub use errors::{
    config_error_text, error_text, filter_error_text, list_params_error_text, notice_text,
    token_error_text,
};
/// Ukrainian plural forms for a formatted count (1 рядок, 2 рядки, 5 рядків).
pub use uk::plural as ukrainian_plural;

use crate::routing::{Charted, Page};
use api_model::catalog::{Collection, Section};
use std::cell::Cell;

/// One language of the portal.
pub struct Language {
    /// BCP 47 tag, for `lang` and for choosing (`uk`, `en`).
    pub tag: &'static str,
    /// The language's name in itself, for the switcher.
    pub native_name: &'static str,
    /// The locale `Intl` formats numbers with.
    pub intl_locale: &'static str,
    /// How a date and time reads (chrono's strftime), e.g. `%d.%m.%Y %H:%M:%S`. A pattern, not
    /// `Intl`: the zone is the portal's choice, and no calendar tables are needed. Written by
    /// `api_model::date_text`, which knows `%Y %m %d %H %M %S` and literal text.
    pub date_time_pattern: &'static str,
    pub texts: Texts,
}

/// Every text of the portal. Grouped by where it shows; a `fn` when it includes values.
pub struct Texts {
    // Shell and navigation
    pub nav_overview: &'static str,
    pub nav_origination: &'static str,
    pub nav_quality: &'static str,
    pub nav_active_calls: &'static str,
    pub nav_cps_chart: &'static str,
    pub nav_termination: &'static str,
    pub nav_termination_quality: &'static str,
    pub nav_termination_active_calls: &'static str,
    pub nav_live_calls: &'static str,
    pub nav_sections_label: &'static str,
    pub section_overview: &'static str,
    pub section_account_and_money: &'static str,
    pub section_calls: &'static str,
    pub section_statistics: &'static str,
    pub section_rates: &'static str,
    pub section_reference: &'static str,
    /// A page the customer's access profile (`GET /profiles`) does not include.
    pub not_available_title: &'static str,
    pub not_available_text: &'static str,
    pub skip_to_content: &'static str,
    pub signed_in: &'static str,
    pub sign_out: &'static str,
    pub menu: &'static str,
    pub language_label: &'static str,
    pub theme_label: &'static str,
    pub theme_system: &'static str,
    pub theme_light: &'static str,
    pub theme_dark: &'static str,
    pub time_zone_label: &'static str,
    pub time_zone_local: &'static str,
    pub time_zone_local_named: fn(&str) -> String,
    pub time_zone_utc: &'static str,
    pub redirecting_to_sign_in: &'static str,
    // Embedded, waiting for the parent page's token (`{message} <origin>…`)
    pub embed_waiting: &'static str,
    pub embed_waiting_expired: &'static str,
    pub embed_waiting_rejected: &'static str,
    pub embed_waiting_signed_out: &'static str,
    /// Stands for the parent's origin until it is known.
    pub embed_parent_unknown: &'static str,
    pub embed_sign_in_here: &'static str,
    // The operator's support desk (`config.json` `support`): the help place, the sign-in page
    // and error pages
    pub help: &'static str,
    pub support_title: &'static str,
    pub support_email: &'static str,
    pub support_phone: &'static str,
    pub support_web: &'static str,
    pub support_hours: &'static str,
    pub cant_sign_in: &'static str,
    pub cant_sign_in_text: &'static str,
    /// Under a server error: when it happened, for the support desk (a timestamp with zone).
    pub error_time_for_support: fn(&str) -> String,
    pub payment_failed_help: &'static str,
    pub not_available_help: &'static str,
    /// A timezone by its IANA name that the deployment or the parent page chose.
    pub time_zone_named: fn(&str) -> String,

    // Start-up failure (config.json) and the crash page
    pub config_error_title: &'static str,
    pub config_error_hint: &'static str,
    pub config_reload: &'static str,
    pub framing_refused_title: &'static str,
    pub framing_refused_text: &'static str,
    pub framing_refused_open: &'static str,
    /// HTTP status.
    pub config_missing: fn(&str) -> String,
    /// The browser's or parser's reason, as given.
    pub config_unreachable: fn(&str) -> String,
    pub config_malformed: fn(&str) -> String,
    pub config_invalid: fn(&str) -> String,
    pub crash_title: &'static str,
    pub crash_text: &'static str,
    pub crash_reload: &'static str,

    // Sign-in page and session notices
    pub sign_in: &'static str,
    pub login_label: &'static str,
    pub password_label: &'static str,
    pub keep_signed_in: &'static str,
    pub signing_in: &'static str,
    pub enter_login_and_password: &'static str,
    pub token_sign_in: &'static str,
    pub token_hint: &'static str,
    pub token_label: &'static str,
    pub use_token: &'static str,
    pub paste_token_first: &'static str,
    pub token_not_jwt: &'static str,
    /// Why the token cannot be read.
    pub token_unreadable: fn(&str) -> String,
    pub token_already_expired: &'static str,
    pub session_expired: &'static str,
    /// The server's own words on a 401.
    pub signed_out_by_server: fn(&str) -> String,

    // Request errors (`error_text`): the server's own words are shown as sent
    pub error_unknown: &'static str,
    /// A sentence for an HTTP status when the server gave no text of its own.
    pub status_text: fn(u16) -> String,
    pub error_unreadable_answer: fn(&str) -> String,
    pub error_unreachable: fn(&str) -> String,
    pub error_cancelled: &'static str,
    /// `HTTP 500` under an error message.
    pub error_http_status: fn(&str) -> String,
    pub retry: &'static str,
    /// While a page's code is fetched (its first visit).
    pub loading_page: &'static str,
    /// A page's code could not be fetched.
    pub page_load_failed: &'static str,
    pub reason_no_requests: &'static str,
    /// Seconds, formatted.
    pub reason_timeout: fn(&str) -> String,
    /// HTTP status, and the browser's reason.
    pub reason_broke_off: fn(&str, &str) -> String,
    pub reason_not_utf8: &'static str,
    pub reason_unusable_token: fn(&str) -> String,
    pub file_not_made: &'static str,
    pub file_no_document: &'static str,
    pub file_no_link: &'static str,

    // Filter and list-URL errors, shown inline
    pub filter_unknown_field: fn(&str) -> String,
    /// Field name, operator.
    pub filter_operator_not_allowed: fn(&str, &str) -> String,
    pub filter_no_operator: &'static str,
    pub filter_empty_value: fn(&str) -> String,
    /// Field name, value.
    pub filter_not_a_number: fn(&str, &str) -> String,
    /// Field name: a single-value operator given a list.
    pub filter_one_value_only: fn(&str) -> String,
    /// Field name, value.
    pub filter_not_an_id: fn(&str, &str) -> String,
    pub filter_not_a_boolean: fn(&str, &str) -> String,
    pub filter_not_a_time: fn(&str, &str) -> String,
    pub filter_not_an_ip: fn(&str, &str) -> String,
    /// Field name, value, the allowed words (joined).
    pub filter_not_one_of: fn(&str, &str, &str) -> String,
    pub page_number_invalid: fn(&str) -> String,
    /// Value, largest size.
    pub page_size_invalid: fn(&str, &str) -> String,

    // Resource types: names and sentences of list and detail pages
    pub accounts: ResourceTexts,
    pub services: ResourceTexts,
    pub cdrs: ResourceTexts,
    pub incoming_cdrs: ResourceTexts,
    pub rateplans: ResourceTexts,
    pub rates: ResourceTexts,
    pub cdr_exports: ResourceTexts,
    pub network_types: ResourceTexts,
    pub network_prefixes: ResourceTexts,
    pub networks: ResourceTexts,
    pub countries: ResourceTexts,
    pub invoices: ResourceTexts,
    pub payments: ResourceTexts,
    pub transactions: ResourceTexts,
    pub numberlists: ResourceTexts,
    pub numberlist_items: ResourceTexts,

    // A number list's page: adding, changing and deleting its keys
    pub nl_add_heading: &'static str,
    pub nl_keys_label: &'static str,
    pub nl_keys_hint: &'static str,
    pub nl_action_label: &'static str,
    /// The list's default action, by name (or empty when unknown).
    pub nl_action_default: fn(&str) -> String,
    pub nl_add: &'static str,
    pub nl_adding: &'static str,
    /// How many keys were added, formatted.
    pub nl_added: fn(&str) -> String,
    /// How many keys were pasted more than once (and sent once), formatted.
    pub nl_repeated: fn(&str) -> String,
    pub nl_search_label: &'static str,
    pub nl_search: &'static str,
    pub nl_actions: &'static str,
    /// The key of the row.
    pub nl_action_of: fn(&str) -> String,
    pub nl_delete: &'static str,
    pub nl_delete_of: fn(&str) -> String,
    pub nl_confirm_delete: fn(&str) -> String,
    pub nl_cancel: &'static str,
    pub nl_deleted: fn(&str) -> String,
    pub nl_undo: &'static str,
    pub nl_restored: fn(&str) -> String,
    pub nl_saving: &'static str,
    /// The server's words: the write was refused and the list put back.
    pub nl_not_saved: fn(&str) -> String,
    pub nl_changed_elsewhere: &'static str,
    pub nl_reload: &'static str,
    pub nl_batch_empty: &'static str,
    /// Key, character.
    pub nl_batch_bad_character: fn(&str, &str) -> String,
    /// Key, longest length.
    pub nl_batch_too_long: fn(&str, &str) -> String,
    /// Count, most at once.
    pub nl_batch_too_many: fn(&str, &str) -> String,

    // Money: invoices, files, top-up, balances, record actions
    /// Hours and minutes, formatted: `12 h 05 min`.
    pub hours_minutes: fn(&str, &str) -> String,
    pub download_pdf: &'static str,
    pub no_file: &'static str,
    pub invoice_breakdown: &'static str,
    pub invoice_part: &'static str,
    pub invoice_originated: &'static str,
    pub invoice_terminated: &'static str,
    pub invoice_services: &'static str,
    pub invoice_total: &'static str,
    pub amount: &'static str,
    pub calls: &'static str,
    pub call_time: &'static str,
    pub billed_time: &'static str,
    pub first_call: &'static str,
    pub last_call: &'static str,
    /// A charge count, formatted.
    pub service_charges: fn(&str) -> String,
    /// The heading of another collection's records on a record's page: `Latest invoices`.
    pub latest: fn(&str) -> String,
    /// The link from there to the whole list.
    pub see_all: fn(&str) -> String,
    pub open_phone_system: &'static str,
    pub opening_phone_system: &'static str,
    pub phone_system_opened: &'static str,
    pub phone_system_blocked: &'static str,
    pub top_up: &'static str,
    pub top_up_hint: &'static str,
    /// The account's currency, or empty.
    pub top_up_amount: fn(&str) -> String,
    pub top_up_notes: &'static str,
    pub top_up_submit: &'static str,
    pub top_up_submitting: &'static str,
    pub top_up_leaving: &'static str,
    pub top_up_no_provider_page: &'static str,
    pub amount_too_small: &'static str,
    pub amount_unreadable: fn(&str) -> String,
    pub your_top_ups: &'static str,
    /// Amount with currency.
    pub top_up_waiting: fn(&str) -> String,
    pub top_up_paid: fn(&str) -> String,
    pub top_up_canceled: fn(&str) -> String,
    pub top_up_continue: &'static str,
    pub balance: &'static str,
    pub capacity: &'static str,
    pub balance_range: fn(&str, &str) -> String,
    /// Account name, balance, minimum balance.
    pub balance_below_minimum: fn(&str, &str, &str) -> String,
    pub balance_near_minimum: fn(&str, &str, &str) -> String,
    /// The overview's summary of balances: counts, the lowest few, the list of them.
    pub accounts_below_minimum: fn(&str) -> String,
    pub accounts_near_minimum: fn(&str) -> String,
    pub balances_to_watch: &'static str,
    pub lowest_balances: &'static str,
    pub show_low_balances: &'static str,
    pub today: &'static str,

    // Rates: the rate lookup, a plan's rate deck, the plan picker of rates
    pub check_rate: &'static str,
    pub check_rate_hint: &'static str,
    pub choose_rateplan: &'static str,
    pub all_rateplans: &'static str,
    pub number: &'static str,
    pub call_duration: &'static str,
    pub check_rate_submit: &'static str,
    pub check_rate_checking: &'static str,
    pub rateplan_missing: &'static str,
    pub rateplan_not_uuid: &'static str,
    pub rateplan_unknown: &'static str,
    pub number_missing: &'static str,
    pub number_not_digits: &'static str,
    /// The largest number of digits, formatted.
    pub number_too_long: fn(&str) -> String,
    pub duration_invalid: &'static str,
    /// The number looked up.
    pub rates_for_number: fn(&str) -> String,
    pub no_matching_rate: &'static str,
    /// The badge of the rate that applies (the longest prefix).
    pub rate_applies: &'static str,
    /// The duration as typed, in seconds.
    pub cost_of_call: fn(&str) -> String,
    pub cost_connect_fee: &'static str,
    /// Seconds, rate per minute.
    pub cost_initial: fn(&str, &str) -> String,
    /// Intervals, seconds each, rate per minute.
    pub cost_next: fn(&str, &str, &str) -> String,
    pub cost_total: &'static str,
    pub cost_unanswered: &'static str,
    pub rates_per_minute: &'static str,
    pub routing_tags: &'static str,
    pub download_rate_deck: &'static str,

    // Calls: the time window of CDR lists, recordings, exports of calls
    /// The server's own window: the number of hours, formatted.
    pub window_default: fn(&str) -> String,
    /// From and to, formatted in the chosen zone.
    pub window_between: fn(&str, &str) -> String,
    pub window_since: fn(&str) -> String,
    /// The control that changes it.
    pub window_change: &'static str,
    pub window_last_24_hours: &'static str,
    pub recording: &'static str,
    pub play_recording: &'static str,
    pub loading_recording: &'static str,
    pub no_recording: &'static str,
    pub download_recording: &'static str,
    pub export_these_calls: &'static str,
    pub new_cdr_export: &'static str,
    pub create_export: &'static str,
    pub creating_export: &'static str,
    pub export_form_hint: &'static str,
    pub any_outcome: &'static str,
    pub successful_only: &'static str,
    pub failed_only: &'static str,
    pub duration_at_least: &'static str,
    pub duration_at_most: &'static str,
    pub duration_exactly: &'static str,
    pub time_zone_of_times: &'static str,
    pub not_a_whole_number: fn(&str) -> String,

    // Values and records: headings, statuses, yes/no, identifiers
    pub yes: &'static str,
    pub no: &'static str,
    pub copy: &'static str,
    pub copy_identifier: &'static str,
    pub identifier: &'static str,

    // Table and pager
    /// The column's heading.
    pub sort_by: fn(&str) -> String,
    pub pages_label: &'static str,
    pub page_first: &'static str,
    pub page_prev: &'static str,
    pub page_next: &'static str,
    pub page_last: &'static str,
    /// First row, last row, total (formatted).
    pub pager_rows: fn(&str, &str, &str) -> String,
    /// Total, when the page has no rows.
    pub pager_no_rows: fn(&str) -> String,
    /// Page, page count.
    pub pager_page: fn(&str, &str) -> String,
    pub rows_per_page: &'static str,

    // Filter bar
    pub filters_label: &'static str,
    pub add_filter: &'static str,
    pub clear_filters: &'static str,
    pub filter_field: &'static str,
    pub filter_operator: &'static str,
    pub filter_value: &'static str,
    pub filter_remove: &'static str,
    pub placeholder_value: &'static str,
    pub placeholder_values: &'static str,
    /// The only choice for fields without operators (`id`).
    pub op_is: &'static str,
    pub op_eq: &'static str,
    pub op_not_eq: &'static str,
    pub op_cont: &'static str,
    pub op_start: &'static str,
    pub op_end: &'static str,
    pub op_in: &'static str,
    pub op_not_in: &'static str,
    pub op_cont_any: &'static str,
    pub op_gt: &'static str,
    pub op_gteq: &'static str,
    pub op_lt: &'static str,
    pub op_lteq: &'static str,

    // List page: column chooser and CSV export
    pub columns: &'static str,
    pub export_csv: &'static str,
    pub export_cancel: &'static str,
    /// Page, page count.
    pub export_progress: fn(&str, &str) -> String,
    /// Rows, formatted.
    pub export_done: fn(&str) -> String,
    pub export_failed: fn(&str) -> String,
    pub export_cancelled: &'static str,

    // Detail page
    pub still_in_progress: &'static str,
    pub download_csv: &'static str,
    pub downloading: &'static str,
    pub downloaded: &'static str,
    pub loading_related: &'static str,
    pub related_none: &'static str,
    /// How many related records (more than one).
    pub related_count: fn(&str) -> String,

    // Charts
    pub chart_failed: fn(&str) -> String,
    pub chart_canvas_unusable: &'static str,
    pub chart_no_data: &'static str,
    /// Title, unit, number of samples: the canvas's accessible description.
    pub chart_summary: fn(&str, &str, &str) -> String,
    pub chart_reset_zoom: &'static str,
    pub chart_png: &'static str,
    pub chart_csv: &'static str,
    /// Keyboard alternatives to dragging: narrow or widen the times shown.
    pub chart_zoom_in: &'static str,
    pub chart_zoom_out: &'static str,
    /// While zoomed: the first and last time shown.
    pub chart_zoom_state: fn(&str, &str) -> String,
    /// The caption of a chart's table of values, with the unit.
    pub chart_values_caption: fn(&str) -> String,
    pub chart_series: &'static str,
    pub chart_minimum: &'static str,
    pub chart_maximum: &'static str,
    pub chart_average: &'static str,

    // Units
    pub unit_calls: &'static str,
    pub unit_calls_per_second: &'static str,
    pub unit_minutes: &'static str,
    pub unit_seconds: &'static str,

    // Overview (dashboard)
    pub overview_title: &'static str,
    pub account: &'static str,
    pub no_accounts: &'static str,
    pub loading_accounts: &'static str,
    pub loading_the_account: &'static str,
    pub statistics_link: &'static str,
    pub loading_todays_figures: &'static str,
    pub active_calls_now: &'static str,
    pub calls_today: &'static str,
    pub asr_today: &'static str,
    pub acd_today: &'static str,
    pub spend_today: &'static str,
    pub earned_today: &'static str,
    pub loading_cps_chart: &'static str,
    pub no_calls_last_hour: &'static str,
    pub cps_last_hour: &'static str,
    pub overview_originated: &'static str,
    pub overview_terminated: &'static str,
    pub overview_by_direction: &'static str,
    pub live_calls_link: &'static str,

    // Statistics pages: titles, charts, totals
    pub stats_origination: &'static str,
    pub stats_quality: &'static str,
    pub stats_active_calls: &'static str,
    pub stats_originated_cps: &'static str,
    pub stats_termination: &'static str,
    pub stats_termination_quality: &'static str,
    pub stats_termination_active_calls: &'static str,
    /// Linked from an account's page.
    pub related_cps_chart: &'static str,
    pub chart_calls: &'static str,
    pub series_total: &'static str,
    pub series_successful: &'static str,
    pub series_failed: &'static str,
    pub total_calls: &'static str,
    pub successful_calls: &'static str,
    pub failed_calls: &'static str,
    pub total_duration: &'static str,
    pub total_price: &'static str,
    pub acd: &'static str,
    pub acd_long: &'static str,
    pub asr: &'static str,
    pub asr_long: &'static str,
    pub cps: &'static str,
    pub calls_per_second: &'static str,
    pub concurrent_calls: &'static str,
    pub active_calls: &'static str,
    pub value: &'static str,
    /// Samples, formatted.
    pub samples: fn(&str) -> String,
    pub fix_the_form: &'static str,
    pub no_calls_in_range: &'static str,
    pub loading_statistics: &'static str,
    /// How many points per series a statistics request asks for (a formatted number).
    pub points_per_series: fn(&str) -> String,
    /// How long long work has taken so far (a formatted number of seconds).
    pub working_for_seconds: fn(&str) -> String,

    // Statistics form
    pub choose_an_account: &'static str,
    pub time_range: &'static str,
    pub custom_range: &'static str,
    pub range_last_hour: &'static str,
    pub range_today: &'static str,
    pub range_yesterday: &'static str,
    pub range_last_7_days: &'static str,
    pub range_this_month: &'static str,
    pub range_last_month: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    pub sampling: &'static str,
    pub sampling_minute: &'static str,
    pub sampling_5_minutes: &'static str,
    pub sampling_15_minutes: &'static str,
    pub sampling_hour: &'static str,
    pub sampling_day: &'static str,
    pub sampling_week: &'static str,
    pub sampling_month: &'static str,
    pub show: &'static str,
    pub more_filters: &'static str,
    /// How many are set.
    pub more_filters_set: fn(&str) -> String,
    pub any: &'static str,
    pub src_country: &'static str,
    pub dst_country: &'static str,
    pub src_prefix_eq: &'static str,
    pub src_prefix_starts_with: &'static str,
    pub src_prefix_ends_with: &'static str,
    pub src_prefix_contains: &'static str,
    pub dst_prefix_eq: &'static str,
    pub dst_prefix_starts_with: &'static str,
    pub dst_prefix_ends_with: &'static str,
    pub dst_prefix_contains: &'static str,
    pub duration_eq: &'static str,
    pub duration_gt: &'static str,
    pub duration_lt: &'static str,
    pub orig_ip: &'static str,
    pub price_eq: &'static str,
    pub price_gt: &'static str,
    pub price_lt: &'static str,
    pub parameter: &'static str,
    pub enter_start_time: &'static str,
    pub end_time_unreadable: &'static str,
    pub end_after_start: &'static str,
    pub choose_account_error: &'static str,
    pub choose_sampling: &'static str,
    pub not_a_duration: fn(&str) -> String,
    pub not_a_price: fn(&str) -> String,
    pub not_an_ip: fn(&str) -> String,
    pub country_unreadable: &'static str,
    pub vendor_price_eq: &'static str,
    pub vendor_price_gt: &'static str,
    pub vendor_price_lt: &'static str,
    pub countries_failed: &'static str,
    pub loading_countries: &'static str,
    pub live_calls_title: &'static str,
    pub live_calls_times_utc: &'static str,
    pub live_calls_count: fn(&str) -> String,
    pub live_calls_none: &'static str,
    pub live_calls_loading: &'static str,
    pub live_calls_paused: &'static str,
    pub live_calls_refreshing: fn(&str) -> String,
    pub live_calls_updated: fn(&str) -> String,
    pub live_calls_new: &'static str,
    pub live_calls_new_count: fn(&str) -> String,
    pub answered_filter: &'static str,
    pub answered_any: &'static str,
    pub answered_yes: &'static str,
    pub answered_not_yet: &'static str,
    pub column_started: &'static str,
    pub column_duration_so_far: &'static str,
    pub column_state: &'static str,
    pub column_from: &'static str,
    pub column_to: &'static str,
    pub column_destination: &'static str,
    pub column_rate: &'static str,
    pub column_origin: &'static str,
    pub state_ringing: &'static str,
    pub state_talking: &'static str,
    pub live_src_name: &'static str,
    pub live_src_number: &'static str,
    pub live_dst_number: &'static str,
    pub live_src_routing: &'static str,
    pub live_dst_routing: &'static str,
    pub match_eq: &'static str,
    pub match_starts_with: &'static str,
    pub match_ends_with: &'static str,
    pub match_contains: &'static str,
    /// Labels the choice of equals / starts with / … beside a text filter.
    pub match_kind: &'static str,
    pub orig_port: &'static str,
    pub orig_transport: &'static str,
    pub not_a_port: fn(&str) -> String,
    pub not_a_transport: fn(&str) -> String,
    pub not_true_or_false: fn(&str) -> String,

    // Page not found
    pub not_found_title: &'static str,
    /// The path asked for.
    pub not_found_text: fn(&str) -> String,
    pub go_to_overview: &'static str,
}

/// The names and sentences of one resource type (a group of [`Texts`]): they differ in form
/// per type in some languages (Ukrainian nouns change by case and gender), so each is whole.
pub struct ResourceTexts {
    /// Plural, as the list page's title: `Accounts`.
    pub title: &'static str,
    /// While the list loads: `Loading Accounts…`.
    pub loading_list: &'static str,
    /// While one record loads: `Loading account…`.
    pub loading_one: &'static str,
    /// A list view without rows.
    pub none_match: &'static str,
    /// The heading for an identifier that names nothing: `No such account`.
    pub missing_title: &'static str,
    /// The identifier asked for.
    pub missing: fn(&str) -> String,
    /// A record's page heading, around the text that names it (`Rate for prefix 380`).
    pub heading: fn(&str) -> String,
}

impl Texts {
    /// The texts of a collection.
    pub fn resource(&self, collection: Collection) -> &ResourceTexts {
        match collection {
            Collection::Accounts => &self.accounts,
            Collection::Services => &self.services,
            Collection::Cdrs => &self.cdrs,
            Collection::IncomingCdrs => &self.incoming_cdrs,
            Collection::CdrExports => &self.cdr_exports,
            Collection::Rateplans => &self.rateplans,
            Collection::Rates => &self.rates,
            Collection::NetworkTypes => &self.network_types,
            Collection::NetworkPrefixes => &self.network_prefixes,
            Collection::Networks => &self.networks,
            Collection::Countries => &self.countries,
            Collection::Invoices => &self.invoices,
            Collection::Payments => &self.payments,
            Collection::Transactions => &self.transactions,
            Collection::OutgoingNumberlists => &self.numberlists,
            Collection::OutgoingNumberlistItems => &self.numberlist_items,
        }
    }

    /// A page's name, as the navigation and links say it.
    pub fn page_title(&self, page: Page) -> &'static str {
        let t = self;
        match page {
            Page::Login => t.sign_in,
            Page::Dashboard => t.nav_overview,
            Page::List(collection) | Page::Detail(collection) => t.resource(collection).title,
            Page::Create(Collection::CdrExports) => t.new_cdr_export,
            Page::Create(Collection::Payments) => t.top_up,
            Page::Create(collection) => t.resource(collection).title,
            Page::Statistics(Charted::Origination) => t.nav_origination,
            Page::Statistics(Charted::Quality) => t.nav_quality,
            Page::Statistics(Charted::ActiveCalls) => t.nav_active_calls,
            Page::Statistics(Charted::OriginatedCps) => t.nav_cps_chart,
            Page::CheckRate => t.check_rate,
            Page::Statistics(Charted::Termination) => t.nav_termination,
            Page::Statistics(Charted::TerminationQuality) => t.nav_termination_quality,
            Page::Statistics(Charted::TerminationActiveCalls) => t.nav_termination_active_calls,
            Page::LiveCalls => t.nav_live_calls,
        }
    }

    /// A group of the navigation's name.
    pub fn section(&self, section: Section) -> &'static str {
        match section {
            Section::Overview => self.section_overview,
            Section::AccountAndMoney => self.section_account_and_money,
            Section::Calls => self.section_calls,
            Section::Statistics => self.section_statistics,
            Section::Rates => self.section_rates,
            Section::Reference => self.section_reference,
        }
    }
}

/// An API field or relationship name (`min-balance`, `network-type`) as a label in the
/// language in use.
///
/// The names of fields, groups and known words are not in [`Texts`]: called only from the
/// pages that show records, they (and the many names the declarations bring) travel with
/// those pages' code, not with the first load.
pub fn field_label(name: &str) -> String {
    field_label_in(language().tag, name)
}

pub fn field_label_in(tag: &str, name: &str) -> String {
    match tag {
        "uk" => uk::field_label(name),
        _ => en::field_label(name),
    }
}

/// A detail page's group of fields (`timing`, `billing`) as its heading.
pub fn group_label_in(tag: &str, name: &str) -> Option<&'static str> {
    match tag {
        "uk" => uk::group_label(name),
        _ => en::group_label(name),
    }
}

pub fn group_label(name: &str) -> Option<&'static str> {
    group_label_in(language().tag, name)
}

/// A known word of an attribute (`status`, `Pending`) in the language; `None` leaves the word
/// as the server sent it.
pub fn choice_label_in(tag: &str, attribute: &str, word: &str) -> Option<&'static str> {
    match tag {
        "uk" => uk::choice_label(attribute, word),
        _ => en::choice_label(attribute, word),
    }
}

pub fn choice_label(attribute: &str, word: &str) -> Option<&'static str> {
    choice_label_in(language().tag, attribute, word)
}

/// Languages are one per tag.
impl PartialEq for Language {
    fn eq(&self, other: &Language) -> bool {
        self.tag == other.tag
    }
}

/// An API name spelled out for reading: `min-balance` → `Min balance`. English labels are
/// exactly this; other languages fall back to it for names they do not list.
pub fn spelled_out(name: &str) -> String {
    let spaced = name.replace('-', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) if first.is_ascii() => std::iter::once(first.to_ascii_uppercase())
            .chain(chars)
            .collect(),
        // Names are ASCII in practice; another first letter is capitalised by the browser
        // (the same Unicode mapping as `char::to_uppercase`), sparing the wasm Unicode's
        // upper-case table.
        Some(first) => {
            let upper: String = js_sys::JsString::from(first).to_upper_case().into();
            upper + chars.as_str()
        }
        None => String::new(),
    }
}

/// `text` in lower case, as `str::to_lowercase` writes it. Texts are ASCII in practice; another
/// is lowered by the browser (the same Unicode mapping), sparing the wasm Unicode's case tables.
pub fn lowercase(text: &str) -> String {
    if text.is_ascii() {
        text.to_ascii_lowercase()
    } else {
        js_sys::JsString::from(text).to_lower_case().into()
    }
}

/// The languages offered, the default first.
pub static LANGUAGES: [&Language; 2] = [&en::ENGLISH, &uk::UKRAINIAN];

thread_local! {
    static CURRENT: Cell<&'static Language> = Cell::new(LANGUAGES[0]);
}

/// The language for a tag such as `uk`, `uk-UA` or `en-GB` (by its primary subtag).
pub fn by_tag(tag: &str) -> Option<&'static Language> {
    let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    LANGUAGES.iter().copied().find(|l| l.tag == primary)
}

/// The language in use; read in a reactive closure, it subscribes the closure to the language
/// (numbers and dates are written per language too).
pub fn language() -> &'static Language {
    track_language();
    language_untracked()
}

/// The language in use, without subscribing to it.
pub fn language_untracked() -> &'static Language {
    CURRENT.with(Cell::get)
}

fn track_language() {
    SIGNAL.with(|signal| {
        if let Some(signal) = signal.get() {
            leptos::prelude::Track::track(&signal);
        }
    });
}

/// The texts of the language in use, read afresh at each use: inside a reactive closure,
/// reading one subscribes the closure to the language, so the page's words change in place
/// when the language does, and nothing else is drawn or fetched again.
pub fn texts() -> Tr {
    Tr
}

/// One text of the language in use, for a view: `{tr(|t| t.retry)}`, `aria-label=tr(|t| …)`.
/// It follows the language like a closure reading [`texts`] would, but every text of every view
/// shares this one closure type, so the wasm carries one reactive text, not hundreds.
pub fn tr(pick: fn(&Texts) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync {
    move || pick(&language().texts)
}

/// The texts of the language in use, as [`texts`] hands them out: a field read through it
/// (`t.retry`) is the current language's, and subscribes the reactive closure it is read in.
#[derive(Clone, Copy)]
pub struct Tr;

impl std::ops::Deref for Tr {
    type Target = Texts;

    fn deref(&self) -> &Texts {
        &language().texts
    }
}

thread_local! {
    /// The language signal of the running app, which reading a text subscribes to.
    static SIGNAL: Cell<Option<leptos::prelude::RwSignal<&'static Language>>> =
        const { Cell::new(None) };
}

/// Makes `language` the one in use, for the start-up before the app's [`Locale`] exists.
pub fn set_language(language: &'static Language) {
    CURRENT.with(|current| current.set(language));
}

/// The language in use as a signal, which every text read in a reactive closure follows.
#[derive(Clone, Copy)]
pub struct Locale(leptos::prelude::RwSignal<&'static Language>);

impl Locale {
    pub fn new(language: &'static Language) -> Locale {
        set_language(language);
        crate::appearance::apply_locale(language.tag);
        let signal = leptos::prelude::RwSignal::new(language);
        SIGNAL.with(|s| s.set(Some(signal)));
        Locale(signal)
    }

    /// The language in use; tracked.
    pub fn get(&self) -> &'static Language {
        leptos::prelude::Get::get(&self.0)
    }

    /// Puts `language` in force; the same language again changes nothing.
    pub fn set(&self, language: &'static Language) {
        if leptos::prelude::GetUntracked::get_untracked(&self.0) == language {
            return;
        }
        set_language(language);
        crate::appearance::apply_locale(language.tag);
        leptos::prelude::Set::set(&self.0, language);
    }
}

/// The first of the browser's preferred languages the portal speaks.
pub fn from_browser() -> Option<&'static Language> {
    from_browser_among(&LANGUAGES)
}

/// The first of the browser's languages among `offered`.
pub fn from_browser_among(offered: &[&'static Language]) -> Option<&'static Language> {
    let languages = web_sys::window()?.navigator().languages();
    languages
        .iter()
        .filter_map(|tag| tag.as_string())
        .find_map(|tag| by_tag(&tag).filter(|l| offered.iter().any(|o| o.tag == l.tag)))
}

/// The languages a deployment offers (`config.json` `languages`, shipped tags as
/// `portal_config` checked them), in its order; every shipped one if it names none.
pub fn offered(tags: &[String]) -> Vec<&'static Language> {
    let offered: Vec<&'static Language> = tags.iter().filter_map(|tag| by_tag(tag)).collect();
    if offered.is_empty() {
        LANGUAGES.to_vec()
    } else {
        offered
    }
}
