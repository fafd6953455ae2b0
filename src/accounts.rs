//! The customer's accounts: one list for the whole session, shared by every page that offers a
//! choice of account (the overview, statistics, live calls, the CDR export form, the top-up).
//!
//! The shell only makes the place the list lives in and forgets it when the session ends; the
//! list itself (its request and decoding) is made by the first page that needs it
//! (`pages::account_choices::session_accounts`), so a page that needs no accounts never asks,
//! and the decoding stays in the pages' code. Once asked for, every picker shows the same list
//! without asking again; a retry or the overview's refresh asks again for all of them.

use crate::read::Read;
use crate::session::Session;
use api_model::catalog::Collection;
use api_model::document::Resource;
use api_model::resources::Account;
use leptos::prelude::*;

/// The collection of the customer's accounts. The portal is about them: the account chooser,
/// balances, the overview and the pages about one account (statistics, live calls) are about
/// this collection's records, a role of the API itself that no declaration names.
pub const ACCOUNTS: Collection = Collection::Accounts;

/// The customer's accounts as the server lists them.
pub type AccountList = Read<Vec<Resource<Account>>>;

#[derive(Clone, Copy)]
pub struct SessionAccounts {
    /// The session's owner: the list outlives the page that first asked for it.
    owner: StoredValue<Owner>,
    list: StoredValue<Option<AccountList>>,
    /// A page asked for the list in this session; until one does, nothing is fetched.
    wanted: RwSignal<bool>,
    session: Session,
}

impl SessionAccounts {
    /// The place of the session's list, made where the session is provided. When the session
    /// ends the list is forgotten, so whoever signs in next in this tab never sees it.
    pub fn new(session: Session) -> SessionAccounts {
        let accounts = SessionAccounts {
            owner: StoredValue::new(Owner::current().unwrap_or_default()),
            list: StoredValue::new(None),
            wanted: RwSignal::new(false),
            session,
        };
        Effect::new(move |_| {
            if !session.is_signed_in() {
                accounts.forget();
            }
        });
        accounts
    }

    fn forget(&self) {
        self.wanted.set(false);
        if let Some(list) = self.list.get_value() {
            list.forget();
        }
    }

    /// The session's list, made by `make` the first time a page asks for it. `make` gets the
    /// key its list must follow: a request while signed in and wanted, none otherwise (a
    /// request in flight when the session ends is dropped).
    pub fn get_or_make(
        &self,
        make: impl FnOnce(Box<dyn Fn() -> Option<()> + 'static>) -> AccountList,
    ) -> AccountList {
        if !self.wanted.get_untracked() {
            self.wanted.set(true);
        }
        if let Some(list) = self.list.get_value() {
            return list;
        }
        let (session, wanted) = (self.session, self.wanted);
        let key = Box::new(move || (session.is_signed_in() && wanted.get()).then_some(()));
        let list = self.owner.get_value().with(|| make(key));
        self.list.set_value(Some(list));
        list
    }
}
