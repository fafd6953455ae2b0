//! One look at the accounts the rules name: their balances (one request for all), and for each
//! account whose rules need it, a week of its spend (credit) or its last hour (spend, ASR), one
//! request each, all at once. What the profile withholds is neither asked for nor read.

use super::{Readable, keep_rules, kept_rules};
use crate::http::Api;
use api_model::catalog::Attributes;
use api_model::credit::{Spend, spend_query};
use api_model::document::{Document, Resource};
use api_model::errors::ApiError;
use api_model::list::first_records_query;
use api_model::resources::Account;
use api_model::stats::{Direction, StatsEndpoint, StatsKind, StatsPayload, StatsQuery};
use api_model::watch::{Changes, LastHour, Rules, Seen, Wanted, last_hour_query};
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;
use web_sys::AbortSignal;

/// Looks at the accounts, applies what was seen to the rules as kept now (a rule added or
/// removed meanwhile, here or in another tab, stays so) and keeps them, unless `still_ours`
/// says the session has gone meanwhile. Returns what changed and the rules as kept.
pub async fn look(
    api: &Api,
    readable: Readable,
    signal: Option<AbortSignal>,
    still_ours: impl Fn() -> bool,
) -> Result<(Changes, Rules), ApiError> {
    let now = Utc::now();
    let wanted = kept_rules().wanted();
    if wanted.is_empty() {
        return Ok((Changes::default(), Rules::default()));
    }
    let mut seen = balances(api, &wanted, signal.clone()).await?;
    let details = seen.keys().map(|id| {
        let wanted = wanted.get(id).copied().unwrap_or_default();
        details(api, id.clone(), wanted, readable, now, signal.clone())
    });
    for (id, spend, last_hour) in futures_util::future::try_join_all(details).await? {
        if let Some(account) = seen.get_mut(&id) {
            account.spend = spend;
            account.last_hour = last_hour;
        }
    }
    if !still_ours() {
        return Err(ApiError::Aborted);
    }
    let mut rules = kept_rules();
    let changes = rules.apply(&seen, now);
    keep_rules(&rules);
    Ok((changes, rules))
}

/// The balance and minimum of each account `wanted` names that the customer has.
async fn balances(
    api: &Api,
    wanted: &BTreeMap<String, Wanted>,
    signal: Option<AbortSignal>,
) -> Result<BTreeMap<String, Seen>, ApiError> {
    let path = Account::COLLECTION.path();
    let accounts: Document<Vec<Resource<Account>>> =
        api.get(path, &first_records_query(), signal).await?;
    // Inserted one by one: collecting into the map would bring a sort of its own.
    let mut seen = BTreeMap::new();
    for account in accounts.data {
        if wanted.contains_key(&account.id) {
            let account_seen = Seen {
                balance: Some(account.attributes.balance),
                min_balance: account.attributes.min_balance,
                ..Seen::default()
            };
            seen.insert(account.id, account_seen);
        }
    }
    Ok(seen)
}

type Details = (String, Option<Spend>, Option<LastHour>);

/// What an account's rules need beyond its balance, as far as the profile shows it.
async fn details(
    api: &Api,
    id: String,
    wanted: Wanted,
    readable: Readable,
    now: DateTime<Utc>,
    signal: Option<AbortSignal>,
) -> Result<Details, ApiError> {
    let spend = match wanted.week && readable.prices {
        true => {
            let week = statistics(api, spend_query(&id, now), signal.clone()).await?;
            Some(Spend::of(&week, now))
        }
        false => None,
    };
    let last_hour = match wanted.last_hour && (readable.prices || readable.asr) {
        true => {
            let hour = statistics(api, last_hour_query(&id, now), signal).await?;
            Some(LastHour::of(&hour, now, readable.prices, readable.asr))
        }
        false => None,
    };
    Ok((id, spend, last_hour))
}

async fn statistics(
    api: &Api,
    query: StatsQuery,
    signal: Option<AbortSignal>,
) -> Result<StatsPayload, ApiError> {
    let endpoint = StatsEndpoint::new(Direction::Origination, StatsKind::Traffic);
    api.get(endpoint.path(), &query.to_query(endpoint), signal)
        .await
}
