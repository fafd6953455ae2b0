//! The operator's support desk (`config.json` `support`): its contacts in the header's "Help"
//! place, on the sign-in page, and under the errors a customer may need help with. Nothing
//! shows when the deployment names no contact.

use crate::config::PortalConfig;
use crate::format;
use crate::i18n::{self, Text, Texts, tr};
use crate::prefs::Prefs;
use chrono::{DateTime, Utc};
use leptos::prelude::*;

fn support_config() -> Option<portal_config::Support> {
    use_context::<PortalConfig>()
        .map(|config| config.support)
        .filter(|support| !support.is_empty())
}

/// The contacts as a list of terms: email and phone as links that open the customer's mail
/// or phone app, the help centre's page in a new tab, the hours in the page's language.
#[component]
pub fn SupportContacts() -> impl IntoView {
    support_config().map(contacts)
}

fn contacts(support: portal_config::Support) -> impl IntoView {
    let email = support.email.clone().zip(support.email_link()).map(|(email, href)| {
        view! { <dt>{tr(|t| t.support_email)}</dt><dd><a class="support-email" href=href>{email}</a></dd> }
    });
    let phone = support.phone.clone().zip(support.phone_link()).map(|(phone, href)| {
        view! { <dt>{tr(|t| t.support_phone)}</dt><dd><a class="support-phone" href=href>{phone}</a></dd> }
    });
    let web = support.url.clone().map(|url| {
        let href = url.clone();
        view! {
            <dt>{tr(|t| t.support_web)}</dt>
            <dd><a class="support-url" href=href target="_blank" rel="noopener noreferrer">{url}</a></dd>
        }
    });
    let hours = support.hours.clone().map(|hours| {
        let text = move || hours.for_language(i18n::language().tag).to_owned();
        view! { <dt>{tr(|t| t.support_hours)}</dt><dd class="support-hours">{text}</dd> }
    });
    view! { <dl class="support-contacts">{email}{phone}{web}{hours}</dl> }
}

/// A sentence that says why the support desk may help here, then its contacts.
#[component]
pub fn SupportNote(lead: fn(&Texts) -> Text) -> impl IntoView {
    support_config().map(|_| {
        view! {
            <aside class="support-note">
                <p>{tr(lead)}</p>
                <SupportContacts />
            </aside>
        }
    })
}

/// Under a server error: when it happened (in the customer's zone, with its offset), for the
/// support desk to find the request in its logs, then the contacts if there are any.
#[component]
pub fn SupportForFailure(at: DateTime<Utc>) -> impl IntoView {
    let prefs = use_context::<Prefs>();
    let t = i18n::texts();
    let when = move || {
        let zone = prefs.map(|p| p.zone()).unwrap_or(format::Zone::Utc);
        (t.error_time_for_support)(&format::timestamp_in(&at, zone))
    };
    view! {
        <aside class="support-note">
            <p class="error-time">{when}</p>
            <SupportContacts />
        </aside>
    }
}

/// The "Help" place of the header, on every signed-in page: a disclosure with the contacts.
#[component]
pub fn HelpMenu() -> impl IntoView {
    support_config().map(|_| {
        view! {
            <details class="help-menu">
                <summary>{tr(|t| t.help)}</summary>
                <div class="help-panel">
                    <h2>{tr(|t| t.support_title)}</h2>
                    <SupportContacts />
                </div>
            </details>
        }
    })
}

/// "Can't sign in?" on the sign-in page: the support desk's contacts, folded.
#[component]
pub fn CantSignIn() -> impl IntoView {
    support_config().map(|_| {
        view! {
            <details class="cant-sign-in">
                <summary>{tr(|t| t.cant_sign_in)}</summary>
                <p>{tr(|t| t.cant_sign_in_text)}</p>
                <SupportContacts />
            </details>
        }
    })
}
