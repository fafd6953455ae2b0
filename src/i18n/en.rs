//! English, the default language.

use super::{Language, ResourceTexts, Texts};

pub static ENGLISH: Language = Language {
    tag: "en",
    native_name: "English",
    intl_locale: "en-GB",
    // ISO order: unambiguous, and what the filter and range inputs accept.
    date_time_pattern: "%Y-%m-%d %H:%M:%S",
    texts: Texts {
        nav_overview: "Overview",
        nav_origination: "Origination",
        nav_quality: "Quality",
        nav_active_calls: "Active calls",
        nav_cps_chart: "CPS chart",
        nav_termination: "Termination",
        nav_termination_quality: "Termination quality",
        nav_termination_active_calls: "Termination active calls",
        nav_live_calls: "Live calls",
        nav_sections_label: "Sections",
        section_overview: "Overview",
        section_account_and_money: "Account & money",
        section_calls: "Calls",
        section_statistics: "Statistics",
        section_rates: "Rates",
        section_reference: "Reference",
        not_available_title: "Not available for your account",
        not_available_text: "Your provider has not made this page available for your account.",
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
        // Embedded, waiting for the parent page's token
        embed_waiting: "Waiting to be signed in by",
        embed_waiting_expired: "Your session has expired. Waiting for a new one from",
        embed_waiting_rejected: "The server refused the session. Waiting for a new one from",
        embed_waiting_signed_out: "You signed out. Waiting to be signed in again by",
        embed_parent_unknown: "the page around the portal",
        embed_sign_in_here: "Sign in here instead",
        help: "Help",
        support_title: "Support",
        support_email: "Email",
        support_phone: "Phone",
        support_web: "Help centre",
        support_hours: "Hours",
        cant_sign_in: "Can't sign in?",
        cant_sign_in_text: "Your provider's support desk can help you sign in.",
        error_time_for_support: |time| {
            format!("This happened at {time}. If it goes on, tell the support desk this time.")
        },
        payment_failed_help: "Payment did not go through? The support desk can help.",
        not_available_help: "To have this page opened for your account, ask the support desk.",
        time_zone_named: |zone| zone.replace('_', " "),

        // Start-up failure and the crash page
        config_error_title: "The portal is not configured correctly",
        config_error_hint: "If you run this portal, check config.json. Otherwise, please tell your provider.",
        config_reload: "Reload",
        framing_refused_title: "This portal cannot be shown here",
        framing_refused_text: "This page shows the portal inside another site that its operator has not allowed to embed it, so it shows nothing of your account here.",
        framing_refused_open: "Open the portal in its own tab",
        config_missing: |status| {
            format!(
                "config.json was not found next to the portal (HTTP {status}). Deploy it beside index.html."
            )
        },
        config_unreachable: |reason| format!("config.json could not be loaded: {reason}"),
        config_malformed: |reason| format!("config.json is not valid JSON: {reason}"),
        config_invalid: |reason| format!("config.json has a wrong value: {reason}"),
        crash_title: "Something went wrong",
        crash_text: "The portal hit an unexpected problem and stopped. Reloading the page usually helps; your data on the server is not affected.",
        crash_reload: "Reload the page",

        // Sign-in page and session notices
        sign_in: "Sign in",
        login_label: "Login",
        password_label: "Password",
        keep_signed_in: "Keep me signed in on this device",
        signing_in: "Signing in…",
        enter_login_and_password: "Enter your login and password.",
        token_sign_in: "Sign in with a token",
        token_hint: "Your provider can issue a token for you. It is kept in this browser only.",
        token_label: "Token",
        use_token: "Use this token",
        paste_token_first: "Paste a token first.",
        token_not_jwt: "This is not a token: expected three parts separated by dots",
        token_unreadable: |reason| format!("The token's contents cannot be read: {reason}"),
        token_already_expired: "This token has already expired",
        session_expired: "Your session has expired. Please sign in again.",
        signed_out_by_server: |message| {
            format!("You were signed out: {message} Please sign in again.")
        },

        // Request errors
        error_unknown: "Unknown error",
        status_text: |status| {
            let reason = match status {
                400 => "The request was rejected as invalid",
                401 => "You are not signed in, or your session has expired",
                403 => "You are not allowed to see this",
                404 => "Not found",
                406 => "The server cannot answer in the requested format",
                415 => "The server does not accept this request format",
                422 => "The server could not accept these values",
                429 => "Too many requests; please wait a moment",
                500 => "The server failed to answer",
                502..=504 => "The server is unavailable right now",
                _ => "The request failed",
            };
            format!("{reason} (HTTP {status}).")
        },
        error_unreadable_answer: |reason| {
            format!("The server's answer could not be read: {reason}")
        },
        error_unreachable: |reason| {
            format!("The server could not be reached ({reason}). Check your connection and retry.")
        },
        error_cancelled: "The request was cancelled.",
        error_http_status: |status| format!("HTTP {status}"),
        retry: "Retry",
        loading_page: "Loading the page…",
        page_load_failed: "This page could not be loaded. Check your connection and try again.",
        reason_no_requests: "the browser cannot make requests",
        reason_timeout: |seconds| format!("no answer within {seconds} seconds"),
        reason_broke_off: |status, reason| {
            format!("the answer (HTTP {status}) broke off: {reason}")
        },
        reason_not_utf8: "the answer is not UTF-8 text",
        reason_unusable_token: |reason| format!("the server's token cannot be used: {reason}"),
        file_not_made: "the file could not be made",
        file_no_document: "no document",
        file_no_link: "no link element",

        // Filter and list-URL errors
        filter_unknown_field: |name| format!("“{name}” cannot be filtered on"),
        filter_operator_not_allowed: |field, operator| {
            format!("“{field}” cannot be filtered with “{operator}”")
        },
        filter_no_operator: "(none)",
        filter_empty_value: |field| format!("Enter a value for “{field}”"),
        filter_not_a_number: |field, value| {
            format!("“{value}” is not a number; “{field}” needs a number such as 12.5")
        },
        filter_one_value_only: |field| {
            format!("“{field}” takes one value here; put a value with a comma in double quotes")
        },
        filter_not_an_id: |field, value| {
            format!(
                "“{value}” is not an identifier; “{field}” needs one such as 0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"
            )
        },
        filter_not_a_boolean: |field, value| format!("“{field}” is true or false, not “{value}”"),
        filter_not_a_time: |field, value| {
            format!("“{value}” is not a time; “{field}” needs one such as 2026-07-18 10:00:00")
        },
        filter_not_an_ip: |field, value| {
            format!("“{value}” is not an IP address; “{field}” needs one such as 10.0.0.1")
        },
        filter_not_one_of: |field, value, words| {
            format!("“{field}” is one of {words}, not “{value}”")
        },
        page_number_invalid: |value| format!("“{value}” is not a page number (1 or more)"),
        page_size_invalid: |value, max| format!("“{value}” is not a page size (1 to {max})"),

        // Resource types
        cdrs: ResourceTexts {
            title: "Outgoing calls",
            loading_list: "Loading calls…",
            loading_one: "Loading the call…",
            none_match: "No calls match this view.",
            missing_title: "No such call",
            missing: |id| format!("There is no call with the identifier “{id}” in your records."),
            heading: |start| format!("Call of {start}"),
        },
        incoming_cdrs: ResourceTexts {
            title: "Incoming calls",
            loading_list: "Loading incoming calls…",
            loading_one: "Loading the call…",
            none_match: "No incoming calls match this view.",
            missing_title: "No such call",
            missing: |id| {
                format!("There is no incoming call with the identifier “{id}” in your records.")
            },
            heading: |start| format!("Incoming call of {start}"),
        },
        accounts: ResourceTexts {
            title: "Accounts",
            loading_list: "Loading Accounts…",
            loading_one: "Loading account…",
            none_match: "No accounts match this view.",
            missing_title: "No such account",
            missing: |id| {
                format!("There is no account with the identifier “{id}”, or it is not yours.")
            },
            heading: |name| name.to_owned(),
        },
        services: ResourceTexts {
            title: "Services",
            loading_list: "Loading Services…",
            loading_one: "Loading service…",
            none_match: "No services match this view.",
            missing_title: "No such service",
            missing: |id| {
                format!("There is no service with the identifier “{id}”, or it is not yours.")
            },
            heading: |name| name.to_owned(),
        },
        rateplans: ResourceTexts {
            title: "Rate plans",
            loading_list: "Loading Rate plans…",
            loading_one: "Loading rate plan…",
            none_match: "No rate plans match this view.",
            missing_title: "No such rate plan",
            missing: |id| {
                format!("There is no rate plan with the identifier “{id}”, or it is not yours.")
            },
            heading: |name| format!("Rate plan {name}"),
        },
        rates: ResourceTexts {
            title: "Rates",
            loading_list: "Loading Rates…",
            loading_one: "Loading rate…",
            none_match: "No rates match this view.",
            missing_title: "No such rate",
            missing: |id| {
                format!("There is no rate with the identifier “{id}”, or it is not yours.")
            },
            heading: |prefix| format!("Rate for prefix {prefix}"),
        },
        cdr_exports: ResourceTexts {
            title: "CDR exports",
            loading_list: "Loading CDR exports…",
            loading_one: "Loading CDR export…",
            none_match: "No cdr exports match this view.",
            missing_title: "No such CDR export",
            missing: |id| {
                format!("There is no CDR export with the identifier “{id}”, or it is not yours.")
            },
            heading: |created| format!("CDR export of {created}"),
        },
        network_types: ResourceTexts {
            title: "Network types",
            loading_list: "Loading Network types…",
            loading_one: "Loading network type…",
            none_match: "No network types match this view.",
            missing_title: "No such network type",
            missing: |id| {
                format!("There is no network type with the identifier “{id}”, or it is not yours.")
            },
            heading: |name| name.to_owned(),
        },
        network_prefixes: ResourceTexts {
            title: "Network prefixes",
            loading_list: "Loading Network prefixes…",
            loading_one: "Loading network prefix…",
            none_match: "No network prefixes match this view.",
            missing_title: "No such network prefix",
            missing: |id| {
                format!(
                    "There is no network prefix with the identifier “{id}”, or it is not yours."
                )
            },
            heading: |prefix| format!("Prefix {prefix}"),
        },
        networks: ResourceTexts {
            title: "Networks",
            loading_list: "Loading Networks…",
            loading_one: "Loading network…",
            none_match: "No networks match this view.",
            missing_title: "No such network",
            missing: |id| {
                format!("There is no network with the identifier “{id}”, or it is not yours.")
            },
            heading: |name| name.to_owned(),
        },
        countries: ResourceTexts {
            title: "Countries",
            loading_list: "Loading Countries…",
            loading_one: "Loading country…",
            none_match: "No countries match this view.",
            missing_title: "No such country",
            missing: |id| format!("There is no country with the identifier “{id}”."),
            heading: |name| name.to_owned(),
        },

        invoices: ResourceTexts {
            title: "Invoices",
            loading_list: "Loading Invoices…",
            loading_one: "Loading invoice…",
            none_match: "No invoices match this view.",
            missing_title: "No such invoice",
            missing: |id| {
                format!("There is no invoice with the identifier “{id}”, or it is not yours.")
            },
            heading: |reference| format!("Invoice {reference}"),
        },
        payments: ResourceTexts {
            title: "Payments",
            loading_list: "Loading Payments…",
            loading_one: "Loading payment…",
            none_match: "No payments match this view.",
            missing_title: "No such payment",
            missing: |id| {
                format!("There is no payment with the identifier “{id}”, or it is not yours.")
            },
            heading: |time| format!("Payment of {time}"),
        },
        transactions: ResourceTexts {
            title: "Service charges",
            loading_list: "Loading Service charges…",
            loading_one: "Loading service charge…",
            none_match: "No service charges match this view.",
            missing_title: "No such service charge",
            missing: |id| {
                format!(
                    "There is no service charge with the identifier “{id}”, or it is not yours."
                )
            },
            heading: |description| format!("Charge: {description}"),
        },
        numberlists: ResourceTexts {
            title: "Number lists",
            loading_list: "Loading Number lists…",
            loading_one: "Loading number list…",
            none_match: "No number lists match this view.",
            missing_title: "No such number list",
            missing: |id| {
                format!("There is no number list with the identifier “{id}”, or it is not yours.")
            },
            heading: |name| format!("Number list {name}"),
        },
        numberlist_items: ResourceTexts {
            title: "Numbers in the list",
            loading_list: "Loading the list’s numbers…",
            loading_one: "Loading number…",
            none_match: "No numbers in the list match this view.",
            missing_title: "No such number",
            missing: |id| format!("There is no number with the identifier “{id}” in your lists."),
            heading: |key| key.to_owned(),
        },

        nl_add_heading: "Add numbers",
        nl_keys_label: "Numbers or prefixes",
        nl_keys_hint: "One or many at once: separate them with commas, spaces or new lines.",
        nl_action_label: "Action",
        nl_action_default: |name| {
            if name.is_empty() {
                "The list’s default".to_owned()
            } else {
                format!("The list’s default ({name})")
            }
        },
        nl_add: "Add",
        nl_adding: "Adding…",
        nl_added: |count| {
            if count == "1" {
                "1 number added.".to_owned()
            } else {
                format!("{count} numbers added.")
            }
        },
        nl_repeated: |count| {
            if count == "1" {
                "1 number was pasted twice and sent once.".to_owned()
            } else {
                format!("{count} numbers were pasted more than once and sent once.")
            }
        },
        nl_search_label: "Find numbers containing",
        nl_search: "Find",
        nl_actions: "Changes",
        nl_action_of: |key| format!("Action for {key}"),
        nl_delete: "Delete",
        nl_delete_of: |key| format!("Delete {key}"),
        nl_confirm_delete: |key| format!("Delete {key} from the list?"),
        nl_cancel: "Cancel",
        nl_deleted: |key| format!("{key} deleted."),
        nl_undo: "Undo",
        nl_restored: |key| format!("{key} is back in the list."),
        nl_saving: "Saving…",
        nl_not_saved: |reason| format!("Not saved, the list is as it was: {reason}"),
        nl_changed_elsewhere: "This list was changed elsewhere (in another tab or by someone else) since you opened it: it now shows what the server has.",
        nl_reload: "Reload the list",
        nl_batch_empty: "Type at least one number.",
        nl_batch_bad_character: |key, character| {
            format!("“{key}” has the character “{character}”, which a number cannot have.")
        },
        nl_batch_too_long: |key, longest| format!("“{key}” is longer than {longest} characters."),
        nl_batch_too_many: |count, most| {
            format!("{count} numbers at once is too many: at most {most}.")
        },

        // Money
        hours_minutes: |hours, minutes| format!("{hours} h {minutes} min"),
        download_pdf: "Download PDF",
        no_file: "The server has no file for this record.",
        invoice_breakdown: "What the invoice is made of",
        invoice_part: "Part",
        invoice_originated: "Calls you made",
        invoice_terminated: "Calls you received",
        invoice_services: "Services",
        invoice_total: "Total",
        amount: "Amount",
        calls: "Calls",
        call_time: "Call time",
        billed_time: "Billed time",
        first_call: "First call",
        last_call: "Last call",
        service_charges: |count| match count {
            "1" => "1 charge".to_owned(),
            _ => format!("{count} charges"),
        },
        latest: |title| format!("Latest: {title}"),
        see_all: |title| format!("All {}", title.to_lowercase()),
        open_phone_system: "Open the phone system",
        opening_phone_system: "Opening the phone system…",
        phone_system_opened: "The phone system opened in a new tab.",
        phone_system_blocked: "Your browser kept the new tab from opening. Open it here:",
        top_up: "Top up",
        top_up_hint: "You pay in cryptocurrency on the payment provider's page. The balance rises once the payment completes; this page follows it.",
        top_up_amount: |currency| {
            if currency.is_empty() {
                "Amount".to_owned()
            } else {
                format!("Amount ({currency})")
            }
        },
        top_up_notes: "Notes (optional)",
        top_up_submit: "Continue to payment",
        top_up_submitting: "Creating the payment…",
        top_up_leaving: "Taking you to the payment page…",
        top_up_no_provider_page: "The payment was created, but the payment page address the server gave is not a web address, so the portal does not follow it. The payment is in your payments list.",
        amount_too_small: "The amount must be at least 0.01.",
        amount_unreadable: |value| format!("“{value}” is not an amount."),
        your_top_ups: "Your top-ups",
        top_up_waiting: |amount| format!("{amount}: waiting for the payment…"),
        top_up_paid: |amount| format!("{amount}: paid."),
        top_up_canceled: |amount| format!("{amount}: canceled."),
        top_up_continue: "Continue paying",
        balance: "Balance",
        capacity: "Capacity",
        balance_range: |min, max| format!("Minimum {min}, maximum {max}"),
        balance_below_minimum: |name, balance, min| {
            format!(
                "{name}: the balance {balance} is at or below its minimum {min}. Calls may be refused until it is topped up."
            )
        },
        balance_near_minimum: |name, balance, min| {
            format!("{name}: the balance {balance} is close to its minimum {min}.")
        },
        accounts_below_minimum: |count| match count {
            "1" => {
                "1 account is at or below its minimum: calls may be refused until it is topped up."
                    .to_owned()
            }
            _ => format!(
                "{count} accounts are at or below their minimum: calls may be refused until they are topped up."
            ),
        },
        accounts_near_minimum: |count| match count {
            "1" => "1 account is close to its minimum.".to_owned(),
            _ => format!("{count} accounts are close to their minimum."),
        },
        balances_to_watch: "Balances to watch",
        lowest_balances: "Lowest balances:",
        show_low_balances: "All of them in the accounts list, lowest balance first",
        today: "Today",

        check_rate: "Check a rate",
        check_rate_hint: "Choose a rate plan and type a number: the rates that match it are listed, the one with the longest prefix first (it is the one that applies). Give a call duration to see what such a call costs.",
        choose_rateplan: "Choose a rate plan",
        all_rateplans: "All rate plans",
        number: "Number",
        call_duration: "Call duration (seconds, or m:ss)",
        check_rate_submit: "Look up",
        check_rate_checking: "Looking up…",
        rateplan_missing: "Choose a rate plan.",
        rateplan_not_uuid: "This is not the identifier of a rate plan.",
        rateplan_unknown: "This rate plan is not one of yours.",
        number_missing: "Type a number.",
        number_not_digits: "A number has digits only (spaces, dashes, brackets and a leading + are dropped).",
        number_too_long: |max| format!("A number has at most {max} digits."),
        duration_invalid: "A duration is whole seconds (90) or minutes and seconds (1:30), at most a day.",
        rates_for_number: |number| format!("Rates for {number}"),
        no_matching_rate: "No rate of this plan matches this number.",
        rate_applies: "Applies",
        cost_of_call: |seconds| format!("What a {seconds}-second call costs"),
        cost_connect_fee: "Connect fee",
        cost_initial: |seconds, rate| format!("First {seconds} s at {rate} per minute"),
        cost_next: |count, seconds, rate| format!("{count} × {seconds} s at {rate} per minute"),
        cost_total: "Total",
        cost_unanswered: "An unanswered attempt (0 s) pays only the attempt fee.",
        rates_per_minute: "Rates are per minute; intervals in seconds.",
        routing_tags: "Routing tags",
        download_rate_deck: "Download the rate deck (CSV)",

        // Column headings and attribute names

        // Calls
        window_default: |hours| {
            format!("The server shows the last {hours} hours unless you choose a time window.")
        },
        window_between: |from, to| format!("Calls from {from} to {to}."),
        window_since: |from| format!("Calls since {from}."),
        window_change: "Time window",
        window_last_24_hours: "Last 24 hours",
        recording: "Recording",
        play_recording: "Play the recording",
        loading_recording: "Loading the recording…",
        no_recording: "There is no recording of this call.",
        download_recording: "Download the recording",
        export_these_calls: "Export these calls",
        new_cdr_export: "New CDR export",
        create_export: "Create the export",
        creating_export: "Creating the export…",
        export_form_hint: "The server prepares the file; its page shows when it is ready to download.",
        any_outcome: "Any outcome",
        successful_only: "Successful calls only",
        failed_only: "Failed calls only",
        duration_at_least: "Duration at least (s)",
        duration_at_most: "Duration at most (s)",
        duration_exactly: "Duration exactly (s)",
        time_zone_of_times: "Time zone of the times in the file",
        not_a_whole_number: |value| format!("“{value}” is not a whole number of seconds."),

        // Values and records
        yes: "Yes",
        no: "No",
        copy: "Copy",
        copy_identifier: "Copy the full identifier",
        identifier: "Identifier",

        // Table and pager
        sort_by: |column| format!("Sort by {}", super::lowercase(column)),
        pages_label: "Pages",
        page_first: "« First",
        page_prev: "‹ Previous",
        page_next: "Next ›",
        page_last: "Last »",
        pager_rows: |first, last, total| format!("{first}–{last} of {total}"),
        pager_no_rows: |total| format!("0 of {total}"),
        pager_page: |page, count| format!("Page {page} of {count}"),
        rows_per_page: "Rows per page",

        // Filter bar
        filters_label: "Filters",
        add_filter: "+ Add filter",
        clear_filters: "Clear filters",
        filter_field: "Field",
        filter_operator: "Operator",
        filter_value: "Value",
        filter_remove: "Remove this filter",
        placeholder_value: "value",
        placeholder_values: "values, separated by commas",
        op_is: "is",
        op_eq: "equals",
        op_not_eq: "does not equal",
        op_cont: "contains",
        op_start: "starts with",
        op_end: "ends with",
        op_in: "is one of",
        op_not_in: "is none of",
        op_cont_any: "contains any of",
        op_gt: ">",
        op_gteq: "≥",
        op_lt: "<",
        op_lteq: "≤",

        // List page
        columns: "Columns",
        export_csv: "Export CSV",
        export_cancel: "Cancel",
        export_progress: |page, count| format!("Exporting page {page} of {count}"),
        export_done: |rows| format!("Exported {rows} rows."),
        export_failed: |reason| format!("Export failed: {reason}"),
        export_cancelled: "Export cancelled.",

        // Detail page
        still_in_progress: "Still in progress: this page updates by itself.",
        download_csv: "Download CSV",
        downloading: "Downloading…",
        downloaded: "Downloaded.",
        loading_related: "Loading related records…",
        related_none: "None.",
        related_count: |count| format!("{count} records"),

        // Charts
        chart_failed: |reason| format!("The chart could not be drawn: {reason}"),
        chart_canvas_unusable: "the canvas cannot be drawn on",
        chart_no_data: "no data",
        chart_summary: |title, unit, samples| {
            format!("{title} ({unit}), {samples} samples. Hover for exact values; drag to zoom.")
        },
        chart_reset_zoom: "Reset zoom",
        chart_png: "PNG",
        chart_csv: "CSV",
        chart_zoom_in: "Zoom in",
        chart_zoom_out: "Zoom out",
        chart_zoom_state: |from, to| format!("Showing {from} to {to}"),
        chart_values_caption: |unit| format!("Lowest, highest and average values ({unit})"),
        chart_series: "Series",
        chart_minimum: "Minimum",
        chart_maximum: "Maximum",
        chart_average: "Average",

        // Units
        unit_calls: "calls",
        unit_calls_per_second: "calls/s",
        unit_minutes: "min",
        unit_seconds: "s",

        // Overview
        overview_title: "Overview",
        account: "Account",
        no_accounts: "No accounts are visible to you.",
        loading_accounts: "Loading accounts…",
        loading_the_account: "Loading the account…",
        statistics_link: "Statistics",
        loading_todays_figures: "Loading today's figures…",
        active_calls_now: "Active calls now",
        calls_today: "Calls today",
        asr_today: "ASR today",
        acd_today: "ACD today",
        spend_today: "Spend today",
        earned_today: "Earned today",
        loading_cps_chart: "Loading the CPS chart…",
        no_calls_last_hour: "No calls in the last hour.",
        cps_last_hour: "Originated CPS, last hour",
        overview_originated: "Originated",
        overview_terminated: "Terminated",
        overview_by_direction: "Today by direction",
        live_calls_link: "Live calls",

        // Statistics pages
        stats_origination: "Origination statistics",
        stats_quality: "Quality statistics",
        stats_active_calls: "Active calls",
        stats_originated_cps: "Originated calls per second",
        stats_termination: "Termination statistics",
        stats_termination_quality: "Termination quality statistics",
        stats_termination_active_calls: "Termination active calls",
        related_cps_chart: "Originated CPS chart",
        chart_calls: "Calls",
        series_total: "Total",
        series_successful: "Successful",
        series_failed: "Failed",
        total_calls: "Total calls",
        successful_calls: "Successful calls",
        failed_calls: "Failed calls",
        total_duration: "Total duration",
        total_price: "Total price",
        acd: "ACD",
        acd_long: "ACD (average call duration)",
        asr: "ASR",
        asr_long: "ASR (answer-seizure ratio)",
        cps: "CPS",
        calls_per_second: "Calls per second",
        concurrent_calls: "Concurrent calls",
        active_calls: "Active calls",
        value: "Value",
        samples: |count| format!("{count} samples"),
        fix_the_form: "Fix the form above to see statistics.",
        no_calls_in_range: "No calls in this range.",
        loading_statistics: "Loading statistics…",
        points_per_series: |points| format!("About {points} points per series."),
        working_for_seconds: |seconds| format!("Working for {seconds} s."),

        // Statistics form
        choose_an_account: "Choose an account",
        time_range: "Time range",
        custom_range: "Custom range",
        range_last_hour: "Last hour",
        range_today: "Today",
        range_yesterday: "Yesterday",
        range_last_7_days: "Last 7 days",
        range_this_month: "This month",
        range_last_month: "Last month",
        from: "From",
        to: "To",
        sampling: "Sampling",
        sampling_minute: "minute",
        sampling_5_minutes: "5minutes",
        sampling_15_minutes: "15minutes",
        sampling_hour: "hour",
        sampling_day: "day",
        sampling_week: "week",
        sampling_month: "month",
        show: "Show",
        more_filters: "More filters",
        more_filters_set: |count| format!("More filters ({count} set)"),
        any: "Any",
        src_country: "Source country",
        dst_country: "Destination country",
        src_prefix_eq: "Source prefix equals",
        src_prefix_starts_with: "Source prefix starts with",
        src_prefix_ends_with: "Source prefix ends with",
        src_prefix_contains: "Source prefix contains",
        dst_prefix_eq: "Destination prefix equals",
        dst_prefix_starts_with: "Destination prefix starts with",
        dst_prefix_ends_with: "Destination prefix ends with",
        dst_prefix_contains: "Destination prefix contains",
        duration_eq: "Duration equals (s)",
        duration_gt: "Duration over (s)",
        duration_lt: "Duration under (s)",
        orig_ip: "Originating IP",
        price_eq: "Price equals",
        price_gt: "Price over",
        price_lt: "Price under",
        parameter: "Parameter",
        enter_start_time: "Enter a start time.",
        end_time_unreadable: "This end time cannot be read.",
        end_after_start: "The end must be after the start.",
        choose_account_error: "Choose an account.",
        choose_sampling: "Choose a sampling.",
        not_a_duration: |value| format!("“{value}” is not a duration in whole seconds."),
        not_a_price: |value| format!("“{value}” is not a price such as 0.015."),
        not_an_ip: |value| format!("“{value}” is not an IP address such as 192.0.2.10."),
        country_unreadable: "This country cannot be read.",
        vendor_price_eq: "Vendor price equals",
        vendor_price_gt: "Vendor price over",
        vendor_price_lt: "Vendor price under",
        countries_failed: "The list of countries could not be loaded.",
        loading_countries: "Loading countries…",
        live_calls_title: "Live calls",
        live_calls_times_utc: "The switch sends times without a zone; they are taken as UTC and shown in your display zone.",
        live_calls_count: |count| format!("{count} calls in progress"),
        live_calls_none: "No calls in progress.",
        live_calls_loading: "Loading live calls…",
        live_calls_paused: "Paused while this tab is hidden.",
        live_calls_refreshing: |seconds| {
            format!("Refreshed every {seconds} s while this tab is visible.")
        },
        live_calls_updated: |time| format!("Updated at {time}."),
        live_calls_new: "new",
        live_calls_new_count: |count| format!("{count} new since the last refresh"),
        answered_filter: "Answered",
        answered_any: "All calls",
        answered_yes: "Answered",
        answered_not_yet: "Not yet answered",
        column_started: "Started",
        column_duration_so_far: "Duration so far",
        column_state: "State",
        column_from: "From",
        column_to: "To",
        column_destination: "Destination prefix",
        column_rate: "Rate",
        column_origin: "Origin",
        state_ringing: "Ringing",
        state_talking: "Talking",
        live_src_name: "Caller name",
        live_src_number: "Source number",
        live_dst_number: "Destination number",
        live_src_routing: "Source (routing)",
        live_dst_routing: "Destination (routing)",
        match_eq: "equals",
        match_starts_with: "starts with",
        match_ends_with: "ends with",
        match_contains: "contains",
        match_kind: "how it matches",
        orig_port: "Originating port",
        orig_transport: "Transport protocol id",
        not_a_port: |value| format!("“{value}” is not a port number (0 to 65535)."),
        not_a_transport: |value| format!("“{value}” is not a whole number."),
        not_true_or_false: |value| format!("“{value}” is neither true nor false."),

        // Page not found
        not_found_title: "Page not found",
        not_found_text: |path| format!("There is no page at {path}."),
        go_to_overview: "Go to the overview",
    },
};

/// An API field or relationship name as a label; names not listed are spelled out.
pub(super) fn field_label(name: &str) -> String {
    let label = match name {
        "id" => "ID",
        "name" => "Name",
        "balance" => "Balance",
        "min-balance" => "Min balance",
        "max-balance" => "Max balance",
        "destination-rate-limit" => "Destination rate limit",
        "origination-capacity" => "Origination capacity",
        "termination-capacity" => "Termination capacity",
        "total-capacity" => "Total capacity",
        "currency" => "Currency",
        "prefix" => "Prefix",
        "number-min-length" => "Min number length",
        "dst-number-min-length" => "Min number length",
        "number-max-length" => "Max number length",
        "dst-number-max-length" => "Max number length",
        "network" => "Network",
        "state" => "State",
        "initial-price" => "Initial price",
        "renew-price" => "Renew price",
        "created-at" => "Created",
        "renew-at" => "Renews",
        "renew-period" => "Renew period",
        "service-type" => "Service type",
        "ui-type" => "UI type",
        "status" => "Status",
        "rows-count" => "Rows",
        "filters" => "Filters",
        "time-format" => "Time format",
        "time-zone-name" => "Time zone",
        "updated-at" => "Updated",
        "enabled" => "Enabled",
        "reject-calls" => "Rejects calls",
        "initial-rate" => "Initial rate",
        "initial-interval" => "Initial interval (s)",
        "next-rate" => "Next rate",
        "next-interval" => "Next interval (s)",
        "connect-fee" => "Connect fee",
        "attempt-fee" => "Attempt fee",
        "valid-from" => "Valid from",
        "valid-till" => "Valid till",
        "network-prefix-id" => "Network prefix id",
        "balance-low-threshold" => "Balance low threshold",
        "balance-high-threshold" => "Balance high threshold",
        "max-call-duration" => "Max call duration",
        "external-id" => "External ID",
        "uuid" => "UUID",
        "network-type" => "Network type",
        "account" => "Account",
        "transactions" => "Transactions",
        "account-id" => "Account",
        "rateplan-id" => "Rate plan",
        "iso2" => "ISO code",
        "time-start" => "Start time",
        "time-connect" => "Connected",
        "time-end" => "Ended",
        "duration" => "Duration (s)",
        "success" => "Successful",
        "src-prefix-in" => "Source number",
        "dst-prefix-in" => "Destination number",
        "src-prefix-out" => "Source number",
        "dst-prefix-out" => "Destination number",
        "customer-price" => "Price",
        "vendor-price" => "Vendor price",
        "lega-disconnect-code" => "Disconnect code",
        "legb-disconnect-code" => "Disconnect code",
        "lega-disconnect-reason" => "Disconnect reason",
        "legb-disconnect-reason" => "Disconnect reason",
        "customer-duration" => "Billed duration (s)",
        "vendor-duration" => "Billed duration (s)",
        "destination-prefix" => "Rate prefix",
        "dialpeer-prefix" => "Rate prefix",
        "destination-initial-rate" => "Initial rate",
        "dialpeer-initial-rate" => "Initial rate",
        "destination-initial-interval" => "Initial interval (s)",
        "dialpeer-initial-interval" => "Initial interval (s)",
        "destination-next-rate" => "Next rate",
        "dialpeer-next-rate" => "Next rate",
        "destination-next-interval" => "Next interval (s)",
        "dialpeer-next-interval" => "Next interval (s)",
        "destination-fee" => "Connect fee",
        "dialpeer-fee" => "Connect fee",
        "src-name-in" => "Caller name",
        "src-name-out" => "Caller name",
        "src-prefix-routing" => "Source number (routing)",
        "dst-prefix-routing" => "Destination number (routing)",
        "diversion-in" => "Diversion",
        "diversion-out" => "Diversion",
        "from-domain" => "From domain",
        "to-domain" => "To domain",
        "ruri-domain" => "R-URI domain",
        "orig-call-id" => "Call-ID",
        "term-call-id" => "Call-ID",
        "local-tag" => "Local tag",
        "lega-user-agent" => "User agent",
        "legb-user-agent" => "User agent",
        "auth-orig-transport-protocol-id" => "Transport",
        "sign-term-transport-protocol-id" => "Transport",
        "auth-orig-ip" => "Source IP",
        "auth-orig-port" => "Source port",
        "sign-term-ip" => "Signalling IP",
        "sign-term-port" => "Signalling port",
        "rec" => "Recording",
        "customer-price-no-vat" => "Price without VAT",
        "customer-acc-vat" => "VAT (%)",
        "destination-reverse-billing" => "Reverse billing",
        "dialpeer-reverse-billing" => "Reverse billing",
        "pai-in" => "P-Asserted-Identity",
        "ppi-in" => "P-Preferred-Identity",
        "privacy-in" => "Privacy header",
        "rpid-in" => "Remote-Party-ID",
        "rpid-privacy-in" => "RPID privacy",
        "reference" => "Reference",
        "start-date" => "Period start",
        "end-date" => "Period end",
        "amount-spent" => "Amount",
        "has-pdf" => "PDF",
        "services-amount-spent" => "Services",
        "service-transactions-count" => "Service charges",
        "originated-amount-spent" => "Calls made: amount",
        "originated-calls-count" => "Calls made",
        "originated-successful-calls-count" => "Calls made: successful",
        "originated-calls-duration" => "Calls made: call time",
        "originated-billing-duration" => "Calls made: billed time",
        "originated-first-call-at" => "Calls made: first",
        "originated-last-call-at" => "Calls made: last",
        "terminated-amount-spent" => "Calls received: amount",
        "terminated-calls-count" => "Calls received",
        "terminated-successful-calls-count" => "Calls received: successful",
        "terminated-calls-duration" => "Calls received: call time",
        "terminated-billing-duration" => "Calls received: billed time",
        "terminated-first-call-at" => "Calls received: first",
        "terminated-last-call-at" => "Calls received: last",
        "amount" => "Amount",
        "type-name" => "Type",
        "balance-before-payment" => "Balance before",
        "notes" => "Notes",
        "rolledback-at" => "Rolled back",
        "description" => "Description",
        "service" => "Service",
        "service-id" => "Service",
        "mode-id" => "Matching",
        "default-action-id" => "Default action",
        "key" => "Number",
        "action-id" => "Action",
        "numberlist-id" => "Number list",
        "outgoing-numberlist" => "Number list",
        other => return super::spelled_out(other),
    };
    label.to_owned()
}

/// The known words of attributes as this language says them.
pub(super) fn choice_label(attribute: &str, word: &str) -> Option<&'static str> {
    Some(match (attribute, word) {
        ("time-format", "with_timezone") => "With time zone",
        ("time-format", "without_timezone") => "Without time zone",
        ("time-format", "round_to_seconds") => "Rounded to seconds",
        (_, "Pending") => "Pending",
        (_, "Completed") => "Completed",
        (_, "Failed") => "Failed",
        (_, "Deleted") => "Deleted",
        (_, "Active") => "Active",
        ("status", "completed") => "Completed",
        ("status", "pending") => "Pending",
        ("status", "canceled") => "Canceled",
        ("type-name", "manual") => "Manual",
        ("type-name", "cryptomus") => "Crypto (Cryptomus)",
        (_, "Suspended") => "Suspended",
        ("renew-period", "Day") => "Daily",
        ("renew-period", "Month") => "Monthly",
        ("renew-period", "Disabled") => "Does not renew",
        ("mode-id", "strict") => "Strict number match",
        ("mode-id", "prefix") => "Prefix match",
        ("mode-id", "random") => "Random",
        (_, "reject") => "Reject call",
        (_, "allow") => "Allow call",
        _ => return None,
    })
}

/// The groups of a detail page.
pub(super) fn group_label(name: &str) -> Option<&'static str> {
    Some(match name {
        "timing" => "Timing",
        "billing" => "Billing",
        "signalling" => "Signalling",
        "outcome" => "Outcome",
        _ => return None,
    })
}
