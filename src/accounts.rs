//! The customer's accounts: one list for the whole session, shared by every page that offers a
//! choice of account (the overview, statistics, live calls, the CDR export form, the top-up).
//!
//! The shell only makes the place the list lives in and drops it when the session ends; the
//! list itself (its request and decoding) is made by the first page that needs it
//! (`pages::account_choices::session_accounts`), so a page that needs no accounts never asks,
//! and the decoding stays in the pages' code. Once asked for, every picker shows the same list
//! without asking again; a retry or the overview's refresh asks again for all of them.
//!
//! The pages about accounts read their attributes as [`Account`]s, so they ask for and link to
//! the collection declared with that struct (`Account::COLLECTION`).

use crate::read::Read;
use crate::session::{Session, SessionId};
use api_model::document::Resource;
use api_model::resources::Account;
use leptos::prelude::*;

/// The customer's accounts as the server lists them.
pub type AccountList = Read<Vec<Resource<Account>>>;

#[derive(Clone, Copy)]
pub struct SessionAccounts {
    /// Where each session's list lives: it outlives the page that first asked for it.
    owner: StoredValue<Owner>,
    /// The list, made for the session whose id it holds, in an owner of its own.
    list: StoredValue<Option<(SessionId, Owner, AccountList)>>,
    session: Session,
}

impl SessionAccounts {
    /// The place of the session's list, made where the session is provided. The list is the
    /// session's alone: when the session ends, or another starts, it is dropped, so whoever
    /// signs in next in this tab never sees it.
    pub fn new(session: Session) -> SessionAccounts {
        let accounts = SessionAccounts {
            owner: StoredValue::new(Owner::current().unwrap_or_default()),
            list: StoredValue::new(None),
            session,
        };
        Effect::new(move |_| {
            let running = session.id();
            if accounts
                .list
                .with_value(|list| list.as_ref().map(|(id, ..)| Some(*id)))
                != Some(running)
            {
                accounts.drop_list();
            }
        });
        accounts
    }

    fn drop_list(&self) {
        if let Some((_, owner, _)) = self.list.try_update_value(Option::take).flatten() {
            owner.cleanup();
        }
    }

    /// Whether the running session's list is made (asked for, or here).
    pub fn is_made(&self) -> bool {
        let running = self.session.id_untracked();
        self.list
            .with_value(|list| list.as_ref().is_some_and(|(id, ..)| Some(*id) == running))
    }

    /// The running session's list, made by `make` the first time a page of the session asks
    /// for it. `make` gets the key its list must follow: a request while its session runs,
    /// none once it has ended (a request in flight then is dropped).
    pub fn get_or_make(
        &self,
        make: impl FnOnce(Box<dyn Fn() -> Option<()> + 'static>) -> AccountList,
    ) -> AccountList {
        let running = self.session.id_untracked();
        if let Some((id, _, list)) = self.list.get_value()
            && Some(id) == running
        {
            return list;
        }
        self.drop_list();
        let session = self.session;
        let key =
            Box::new(move || (session.id().is_some() && session.id() == running).then_some(()));
        let owner = self.owner.get_value().child();
        let list = owner.with(|| make(key));
        if let Some(id) = running {
            self.list.set_value(Some((id, owner, list)));
        }
        list
    }
}
