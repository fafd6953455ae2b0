//! Ukrainian.

use super::{Language, Texts};

pub static UKRAINIAN: Language = Language {
    tag: "uk",
    native_name: "Українська",
    intl_locale: "uk",
    texts: Texts {
        nav_overview: "Огляд",
        nav_accounts: "Рахунки",
        nav_services: "Послуги",
        nav_rates: "Тарифи",
        nav_cdr_exports: "Експорт CDR",
        nav_network_types: "Типи мереж",
        nav_network_prefixes: "Префікси мереж",
        nav_origination: "Вихідний трафік",
        nav_quality: "Якість",
        nav_active_calls: "Активні дзвінки",
        nav_cps_chart: "Графік CPS",
        nav_sections_label: "Розділи",
        skip_to_content: "Перейти до змісту",
        signed_in: "Ви увійшли",
        sign_out: "Вийти",
        menu: "Меню",
        language_label: "Мова",
        theme_label: "Тема",
        theme_system: "Системна тема",
        theme_light: "Світла",
        theme_dark: "Темна",
        time_zone_label: "Часовий пояс",
        time_zone_local: "Місцевий час",
        time_zone_local_named: |zone| format!("Місцевий час ({zone})"),
        time_zone_utc: "UTC",
        redirecting_to_sign_in: "Перехід до входу…",
        loading_portal: "Завантаження порталу…",
    },
};
