//! The operator's brand as the portal shows it: the logo with the product's name
//! (`config.json` `branding`), in the header and on the sign-in page.

use crate::config::PortalConfig;
use crate::i18n;
use leptos::prelude::*;

/// The logo, whose alt text is the product's name, and the name beside it (read once by
/// screen readers, from the logo); the name alone without a logo. Follows the language.
#[component]
pub fn BrandMark() -> impl IntoView {
    let config = StoredValue::new(expect_context::<PortalConfig>());
    let name = move || config.with_value(|c| c.product_name(i18n::language().tag).to_owned());
    let logo = config.with_value(|c| c.branding.logo.clone());
    let has_logo = logo.is_some();
    view! {
        <span class="brand-mark">
            {logo.map(|src| view! { <img class="brand-logo" src=src alt=name /> })}
            <span class="brand-name" aria-hidden=has_logo.then_some("true")>{name}</span>
        </span>
    }
}
