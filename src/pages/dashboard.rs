//! `/`: the overview. For now the customer's accounts with their balances and limits.

use crate::components::status;
use crate::format;
use crate::http::Api;
use crate::remote::Remote;
use api_model::document::ListDocument;
use api_model::list::{ListParams, MAX_PAGE_SIZE};
use api_model::resources::Account;
use leptos::prelude::*;
use leptos_router::components::A;

#[component]
pub fn Dashboard() -> impl IntoView {
    let api = expect_context::<Api>();
    let remote: Remote<ListDocument<Account>> = Remote::new(
        || {
            Some(ListParams {
                page_size: Some(MAX_PAGE_SIZE),
                ..Default::default()
            })
        },
        move |params: ListParams, signal| {
            let api = api.clone();
            async move { api.get("accounts", &params.to_query(), signal).await }
        },
    );
    let cards = move || {
        if let Some(error) = remote.error() {
            return status::error_panel(error, move || remote.retry()).into_any();
        }
        remote.with_data(|doc| match doc {
            None => status::loading("accounts").into_any(),
            Some(doc) if doc.data.is_empty() => {
                view! { <p class="empty">"No accounts are visible to you."</p> }.into_any()
            }
            Some(doc) => doc
                .data
                .iter()
                .map(|account| {
                    let a = &account.attributes;
                    let negative = a.balance.is_sign_negative();
                    let (href, name) = (format!("/accounts/{}", account.id), a.name.clone());
                    view! {
                        <article class="account-card">
                            <h2>
                                <A href=href>{name}</A>
                            </h2>
                            <p class="balance" class:negative=negative>
                                {format::money(Some(&a.balance), &a.currency)}
                            </p>
                            <dl class="limits">
                                <dt>"Min balance"</dt>
                                <dd>{format::money(a.min_balance.as_ref(), &a.currency)}</dd>
                                <dt>"Max balance"</dt>
                                <dd>{format::money(a.max_balance.as_ref(), &a.currency)}</dd>
                                <dt>"Total capacity"</dt>
                                <dd>{format::optional_decimal(a.total_capacity.as_ref())}</dd>
                            </dl>
                        </article>
                    }
                })
                .collect_view()
                .into_any(),
        })
    };
    view! {
        <section class="dashboard">
            <h1>"Overview"</h1>
            <div class="account-cards">{cards}</div>
        </section>
    }
}
