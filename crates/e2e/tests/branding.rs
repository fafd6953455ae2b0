//! The operator's portal, end to end: a branded `config.json` (`examples/branded`) puts its
//! logo, product name, accent colours, favicon, languages, time zone and support desk on the
//! page; a colour without contrast is refused by name; an embedding parent sets the language,
//! theme and time zone by message and hears the customer's own changes.

use e2e::{DEMO_LOGIN, DEMO_PASSWORD, Portal, Setup};
use serde_json::{Value, json};
use std::path::PathBuf;

const SUPPORT_EMAIL: &str = "help@acme.example";
/// `branding.accentColor` of the example, kept as is in the light theme (it reaches 4.5:1).
const ACCENT_LIGHT: &str = "rgb(11, 122, 117)";
const CURRENT_NAV_LINK: &str = "#main-nav a[aria-current=page]";

fn branded_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/branded")
}

fn branded_config() -> String {
    std::fs::read_to_string(branded_dir().join("config.json")).expect("examples/branded")
}

fn branded() -> Setup {
    Setup {
        config_json: Some(branded_config()),
        config_dir: Some(branded_dir()),
        fault_control: true,
        ..Setup::default()
    }
}

async fn script(portal: &Portal, what: &str, code: &str) -> Value {
    match portal.client().execute(code, vec![]).await {
        Ok(value) => value,
        Err(error) => panic!("{}", portal.failure(&format!("{what}: {error}")).await),
    }
}

/// The logo under `css` once it has loaded: its alt text and the name beside it.
async fn wait_for_logo(portal: &Portal, css: &str) -> Value {
    let code = format!(
        "const img = document.querySelector('{css} img.brand-logo'); \
         const name = document.querySelector('{css} .brand-name'); \
         return img && img.complete && img.naturalWidth > 0 && name \
           ? [img.alt, name.textContent, img.getAttribute('src')] : null;"
    );
    portal
        .wait_until(&format!("the brand's logo loaded in {css}"), async || {
            let logo = script(portal, "the logo", &code).await;
            (!logo.is_null()).then_some(logo)
        })
        .await
}

async fn computed(portal: &Portal, css: &str, property: &str) -> String {
    let code = format!(
        "const e = document.querySelector('{css}'); \
         return e ? getComputedStyle(e).getPropertyValue('{property}') : null;"
    );
    script(portal, &format!("{property} of {css}"), &code)
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn a_branded_config_shows_its_logo_name_colours_languages_zone_and_support() {
    e2e::run_with(branded(), |portal| async move {
        portal.open("/login").await;
        let logo = wait_for_logo(&portal, ".login-page h1").await;
        assert_eq!(logo, json!(["Acme Voice", "Acme Voice", "brand/logo.svg"]));
        // The accent is the brand's, on the sign-in button.
        let button = computed(
            &portal,
            "#login-form button[type=submit]",
            "background-color",
        )
        .await;
        assert_eq!(button, ACCENT_LIGHT);
        let favicon = script(
            &portal,
            "the favicon",
            "return document.querySelector('link[rel=icon]').href;",
        )
        .await;
        assert!(
            favicon
                .as_str()
                .unwrap_or_default()
                .ends_with("/brand/favicon.svg"),
            "{favicon}"
        );
        // Can't sign in? The support desk's contacts.
        portal.click(".cant-sign-in summary").await;
        portal
            .wait_for_text(".cant-sign-in .support-email", SUPPORT_EMAIL)
            .await;
        portal
            .wait_for_text(".cant-sign-in .support-phone", "+380 44 123 45 67")
            .await;
        portal
            .wait_for_text(".cant-sign-in .support-hours", "Mon–Fri 9:00–18:00")
            .await;
        let phone_link = script(
            &portal,
            "the phone link",
            "return document.querySelector('.cant-sign-in .support-phone').getAttribute('href');",
        )
        .await;
        assert_eq!(phone_link, json!("tel:+380441234567"));
        assert_no_violations(
            &portal,
            "the branded sign-in page with its support contacts",
        )
        .await;

        portal.sign_in(DEMO_LOGIN, DEMO_PASSWORD).await;
        let header_logo = wait_for_logo(&portal, ".topbar .brand").await;
        assert_eq!(header_logo[0], json!("Acme Voice"));
        portal.wait_for(CURRENT_NAV_LINK).await;
        assert_eq!(
            computed(&portal, CURRENT_NAV_LINK, "color").await,
            ACCENT_LIGHT
        );

        // Only the languages offered, in the order config.json gives them.
        let languages = script(
            &portal,
            "the language switcher",
            "return [...document.querySelectorAll('select#language option')].map(o => o.value);",
        )
        .await;
        assert_eq!(languages, json!(["uk", "en"]));
        // Times in the deployment's zone for a customer who has not chosen one.
        assert_eq!(portal.value_of("select#time-zone").await, "Europe/Kyiv");
        portal.open("/cdrs").await;
        portal.wait_for_text("table th", "(Europe/Kyiv)").await;

        // The Help place in the header; its words and the product's name follow the language.
        portal.click(".help-menu summary").await;
        portal
            .wait_for_text(".help-panel .support-email", SUPPORT_EMAIL)
            .await;
        portal.select("select#language", "uk").await;
        portal.wait_for_text(".help-menu summary", "Допомога").await;
        portal
            .wait_until(
                "the product's Ukrainian name as the logo's alt text",
                async || {
                    let logo = wait_for_logo(&portal, ".topbar .brand").await;
                    (logo[0] == json!("Акме Голос")).then_some(())
                },
            )
            .await;

        // The dark theme has its own accent, derived from the brand's with contrast enough.
        portal.select("select#theme", "dark").await;
        portal
            .wait_until(
                "a dark-theme accent on the current page's link",
                async || {
                    let colour = computed(&portal, CURRENT_NAV_LINK, "color").await;
                    (colour.starts_with("rgb(") && colour != ACCENT_LIGHT).then_some(())
                },
            )
            .await;
    });
}

#[test]
fn support_contacts_and_the_time_show_under_a_server_error() {
    e2e::run_with(branded(), |portal| async move {
        portal.sign_in_as_demo().await;
        portal.open("/accounts").await;
        portal.wait_for("table#accounts-table tbody tr").await;
        // Every request fails from now on: the next page's list shows the server's error.
        portal
            .set_faults(json!({"error-share": 1.0, "error-body": "jsonapi"}))
            .await;
        portal.click("#main-nav a[href='/services']").await;
        portal.wait_for_text(".error-panel", "HTTP 500").await;
        // When it happened, in the customer's zone with its offset, for the support desk.
        let time = portal
            .wait_for_text(".error-panel .error-time", "support desk")
            .await;
        assert!(time.contains("+02:00") || time.contains("+03:00"), "{time}");
        portal
            .wait_for_text(".error-panel .support-email", SUPPORT_EMAIL)
            .await;
        portal
            .wait_for_text(
                ".error-panel .support-url",
                "https://help.acme.example/portal",
            )
            .await;
        portal.clear_faults().await;
    });
}

#[test]
fn an_accent_colour_without_contrast_is_refused_naming_the_key() {
    let mut config: Value = serde_json::from_str(&branded_config()).unwrap();
    // Yellow on white reaches 1.1:1; even darkened by half it stays below 4.5:1.
    config["branding"]["accentColor"] = json!("#ffff00");
    let setup = Setup {
        config_json: Some(config.to_string()),
        ..branded()
    };
    e2e::run_with(setup, |portal| async move {
        portal.open("/").await;
        let message = portal
            .wait_for_text(".fatal-error", "branding.accentColor")
            .await;
        assert!(message.contains("#ffff00"), "{message}");
        assert!(message.contains("4.5:1"), "{message}");
        assert!(message.contains("light theme"), "{message}");
    });
}

#[test]
fn the_parent_sets_language_theme_and_zone_and_hears_the_customer_s_changes() {
    let setup = Setup {
        embedding: true,
        ..Setup::default()
    };
    e2e::run_with(setup, |portal| async move {
        portal.open_url(&format!("{}/", portal.parent_url())).await;
        // The portal's own switchers show with its navigation.
        portal.click("#hide-chrome").await;
        portal.select("#theme", "dark").await;
        portal.select("#locale", "uk").await;
        portal.select("#time-zone", "America/New_York").await;
        portal.enter_portal_frame().await;
        portal
            .wait_until(
                "the parent's theme, language and zone in the portal",
                async || {
                    let look = script(
                        &portal,
                        "the portal's theme, language and zone",
                        "const zone = document.querySelector('select#time-zone'); \
                     return [document.documentElement.dataset.theme, \
                       document.documentElement.lang, zone && zone.value];",
                    )
                    .await;
                    (look == json!(["dark", "uk", "America/New_York"])).then_some(())
                },
            )
            .await;

        // The customer's own choices in the portal go back to the parent, which follows them.
        portal.select("select#time-zone", "utc").await;
        portal.leave_frame().await;
        portal
            .wait_for_text("#portal-preferences", "uk dark UTC")
            .await;
        assert_eq!(portal.value_of("#time-zone").await, "UTC");
        portal.enter_portal_frame().await;
        portal.select("select#language", "en").await;
        portal.select("select#theme", "light").await;
        portal.leave_frame().await;
        portal
            .wait_for_text("#portal-preferences", "en light UTC")
            .await;
        assert_eq!(portal.value_of("#locale").await, "en");
        assert_eq!(portal.value_of("#theme").await, "light");
    });
}

/// axe-core's audit of the page finds nothing serious or critical.
async fn assert_no_violations(portal: &Portal, what: &str) {
    let violations = portal.audit_accessibility(what).await;
    assert!(
        violations.is_empty(),
        "{what}: {}",
        serde_json::to_string_pretty(&violations).unwrap_or_default()
    );
}
