//! `/login`: sign in with a login and password, or with a token minted by the provider.

use crate::components::brand::BrandMark;
use crate::components::support::CantSignIn;
use crate::config::{AuthMode, PortalConfig};
use crate::http::Api;
use crate::i18n::tr;
use crate::session::{Keep, Session, safe_next};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_navigate, use_query_map};

#[component]
pub fn LoginPage() -> impl IntoView {
    let session = expect_context::<Session>();
    let config = expect_context::<PortalConfig>();
    let query = use_query_map();
    let navigate = use_navigate();
    let next = Memo::new(move |_| safe_next(query.with(|q| q.get("next"))));

    // Signed in (now, or already when arriving): go where the user wanted to be.
    let go_next = navigate.clone();
    Effect::new(move |_| {
        if session.is_signed_in() {
            go_next(
                &next.get_untracked(),
                NavigateOptions {
                    replace: true,
                    ..Default::default()
                },
            );
        }
    });

    let keep_signed_in = RwSignal::new(false);
    crate::remove_skeleton();
    crate::perf::mark_when_shown("portal:sign-in-shown");
    // The code of the page signing in leads to comes once the user turns to the form, while
    // they type: a visitor who only looks downloads none of it, and the page's start is not
    // slowed by it.
    let asked_ahead = StoredValue::new(false);
    let fetch_ahead = move || {
        if !asked_ahead.get_value() {
            asked_ahead.set_value(true);
            crate::routes::fetch_code_of(&next.get_untracked());
        }
    };
    view! {
        <main id="main" class="login-page"
            on:focusin=move |_| fetch_ahead() on:pointerdown=move |_| fetch_ahead()>
            <h1><BrandMark /></h1>
            {move || session.notice().map(|n| view! { <p class="notice" role="status">{crate::i18n::notice_text(&n)}</p> })}
            <PasswordForm keep_signed_in />
            // Cookie mode keeps no token in the browser, so none can be pasted either.
            {(config.auth == AuthMode::Token).then(|| view! { <TokenForm keep_signed_in /> })}
            <CantSignIn />
        </main>
    }
}

/// Sign-in with a login and password (`POST /auth`); a refusal empties the password.
#[component]
fn PasswordForm(keep_signed_in: RwSignal<bool>) -> impl IntoView {
    let t = crate::i18n::texts();
    let api = expect_context::<Api>();
    let session = expect_context::<Session>();
    let login = RwSignal::new(String::new());
    let password = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        let (user, secret) = (login.get_untracked(), password.get_untracked());
        if user.trim().is_empty() || secret.is_empty() {
            error.set(Some(t.enter_login_and_password.to_string()));
            return;
        }
        error.set(None);
        busy.set(true);
        let api = api.clone();
        spawn_local(async move {
            if let Err(e) = api
                .sign_in(user.trim(), &secret, keep(keep_signed_in.get_untracked()))
                .await
            {
                password.set(String::new());
                error.set(Some(crate::i18n::error_text(&e)));
            }
            busy.set(false);
        });
    };
    view! {
        <form id="login-form" on:submit=submit novalidate=true>
            <h2>{tr(|t| t.sign_in)}</h2>
            <label>
                {tr(|t| t.login_label)} <input name="login" autocomplete="username" required=true bind:value=login />
            </label>
            <label>
                {tr(|t| t.password_label)}
                <input
                    name="password"
                    type="password"
                    autocomplete="current-password"
                    required=true
                    bind:value=password
                />
            </label>
            // Framed, the credential stays in memory whatever is asked (`Session::in_memory`):
            // nothing to offer.
            {(!session.is_memory_only()).then(|| view! {
                <label class="checkbox">
                    <input name="remember" type="checkbox" bind:checked=keep_signed_in />
                    {tr(|t| t.keep_signed_in)}
                </label>
            })}
            {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
            <button type="submit" disabled=move || busy.get()>
                {move || if busy.get() { t.signing_in } else { t.sign_in }}
            </button>
        </form>
    }
}

/// Sign-in with a token the provider minted, pasted whole; checked before it is used.
#[component]
fn TokenForm(keep_signed_in: RwSignal<bool>) -> impl IntoView {
    let t = crate::i18n::texts();
    let session = expect_context::<Session>();
    let token = RwSignal::new(String::new());
    let token_error = RwSignal::new(None::<String>);
    let submit_token = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if token.get_untracked().trim().is_empty() {
            token_error.set(Some(t.paste_token_first.to_string()));
            return;
        }
        // A pasted token must at least look like one: catch copy-paste slips before using it.
        let pasted = token.get_untracked();
        if let Err(e) = crate::session::read_expiry(&pasted) {
            token_error.set(Some(crate::i18n::token_error_text(&e)));
            return;
        }
        match session.sign_in(&pasted, keep(keep_signed_in.get_untracked())) {
            Ok(()) => token.set(String::new()),
            Err(e) => token_error.set(Some(crate::i18n::token_error_text(&e))),
        }
    };
    view! {
        <details class="token-sign-in">
            <summary>{tr(|t| t.token_sign_in)}</summary>
            <form id="token-form" on:submit=submit_token>
                <p class="hint">{tr(|t| t.token_hint)}</p>
                <label>
                    {tr(|t| t.token_label)} <textarea name="token" rows="4" spellcheck="false" bind:value=token></textarea>
                </label>
                {move || token_error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
                <button type="submit">{tr(|t| t.use_token)}</button>
            </form>
        </details>
    }
}

fn keep(across_restarts: bool) -> Keep {
    if across_restarts {
        Keep::AcrossRestarts
    } else {
        Keep::ThisTab
    }
}
