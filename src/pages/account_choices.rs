//! The customer's accounts as a form offers them (statistics, CDR exports).

use crate::http::Api;
use crate::remote::Remote;
use api_model::document::ListDocument;
use api_model::list::{ListParams, MAX_PAGE_SIZE};
use api_model::resources::Account;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountChoice {
    pub id: String,
    pub name: String,
    pub currency: String,
}

/// The customer's accounts, to choose from.
pub fn account_choices(api: Api) -> Remote<Vec<AccountChoice>> {
    Remote::new(
        || {
            Some(ListParams {
                page_size: Some(MAX_PAGE_SIZE),
                ..Default::default()
            })
        },
        move |params: ListParams, signal| {
            let api = api.clone();
            async move {
                let document: ListDocument<Account> =
                    api.get("accounts", &params.to_query(), signal).await?;
                Ok(document
                    .data
                    .into_iter()
                    .map(|a| AccountChoice {
                        id: a.id,
                        name: a.attributes.name,
                        currency: a.attributes.currency.unwrap_or_default(),
                    })
                    .collect())
            }
        },
    )
}
