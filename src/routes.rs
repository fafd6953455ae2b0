//! The router's routes: one per kind of page, each a Leptos lazy route (`LazyRoute`) whose code
//! comes with its family (`pages::families`) and whose first request starts alongside that
//! code (`LazyRoute::data`). Signed-in pages sit under one parent route, the signed-in layout,
//! which sends a signed-out visitor to sign in.
//!
//! A collection's pages are routed by the collection's name in the address
//! (`/:collection`, `/:collection/:id`, and each creation form where its declaration places it,
//! `/:collection/<segment>`), read with `use_params`: one route per kind of page, whatever the
//! number of collections, so a new collection is its declaration alone.

use crate::access::Access;
use crate::components::shell::login_url;
use crate::embed::Embedding;
use crate::http::{Api, ReadAhead};
use crate::i18n::tr;
use crate::new_version::NewVersion;
use crate::pages::families::{self, Around, CodeUnavailable, Family, FormPage, ListPage, Tool};
use crate::read::Untracked;
use crate::routing::{Charted, Page, ROUTES};
use crate::session::Session;
use api_model::catalog::{Attributes, Collection};
use api_model::errors::ApiError;
use api_model::list::first_records_query;
use api_model::resources::Account;
use leptos::children::ToChildren;
use leptos::prelude::*;
use leptos::tachys::view::iterators::StaticVec;
use leptos_router::any_nested_route::{AnyNestedRoute, IntoAnyNestedRoute};
use leptos_router::components::{Redirect, Routes, RoutesProps};
use leptos_router::hooks::{use_location, use_matched, use_params_map};
use leptos_router::params::ParamsMap;
use leptos_router::{
    Lazy, LazyRoute, MatchInterface, MatchNestedRoutes, MatchParams, NavigateOptions, NestedRoute,
    ParamSegment, PossibleRouteMatch, StaticSegment, path,
};
use send_wrapper::SendWrapper;
use std::future::Future;
use std::pin::Pin;

/// The paths of the signed-in pages, in the order the router tries them: fixed paths before
/// the collections' named ones, and not found last.
fn signed_in_paths() -> Vec<Segments> {
    let mut paths: Vec<Segments> = vec![
        std::sync::Arc::new(path!("")),
        std::sync::Arc::new(path!("/statistics/:view")),
        std::sync::Arc::new(path!("/active-calls")),
        std::sync::Arc::new(path!("/check-rate")),
        std::sync::Arc::new(path!("/statement")),
        std::sync::Arc::new(path!("/alerts")),
    ];
    for segment in creation_segments() {
        paths.push(std::sync::Arc::new((
            ParamSegment("collection"),
            StaticSegment(segment),
        )));
    }
    paths.push(std::sync::Arc::new(path!("/:collection/:id")));
    paths.push(std::sync::Arc::new(path!("/:collection")));
    // What no route above matches is not found, inside the layout.
    paths.push(std::sync::Arc::new(path!("/*any")));
    paths
}

/// A route's path. One type for every route: each type of route costs the shell its own
/// copies of the router's matching code.
type Segments = std::sync::Arc<dyn PossibleRouteMatch + Send + Sync>;

/// Where the declarations place creation forms: `new`, `top-up`, …, once each.
fn creation_segments() -> Vec<&'static str> {
    let mut segments: Vec<&'static str> = Vec::new();
    for creation in Collection::ALL.into_iter().filter_map(Collection::creation) {
        if !segments.contains(&creation.segment) {
            segments.push(creation.segment);
        }
    }
    segments
}

/// Every page of the portal: the sign-in page, and the signed-in pages inside their layout.
#[component]
pub fn PortalRoutes() -> impl IntoView {
    let pages: Vec<AnyNestedRoute> = signed_in_paths()
        .into_iter()
        .map(|path| NestedRoute::new(path, Lazy::<PageRoute>::new()).into_any_nested_route())
        .collect();
    let layout: Segments = std::sync::Arc::new(path!(""));
    let signed_in = NestedRoute::new(layout, Lazy::<SignedInLayout>::new())
        .child(StaticVec::from(pages))
        .into_any_nested_route();
    let login: Segments = std::sync::Arc::new(path!("/login"));
    let login = NestedRoute::new(login, Lazy::<SignInRoute>::new()).into_any_nested_route();
    let defs = StaticVec::from(vec![login, signed_in]);
    Routes(
        RoutesProps::builder()
            // Never shown: the layout's last route takes every path.
            .fallback(|| ())
            .children(ToChildren::to_children(move || defs))
            .build(),
    )
}

/// The page of a signed-in route, from what the router matched: its parameters and the path
/// it matched. `None`: the address names nothing (an unknown collection or view).
pub fn page_of(params: &ParamsMap, matched: &str) -> Option<Page> {
    let matched = matched.trim_end_matches('/');
    if let Some(view) = params.get("view") {
        return Charted::from_slug(&view).map(Page::Statistics);
    }
    let Some(route) = params.get("collection") else {
        // A page of the table at a path of its own.
        return ROUTES
            .iter()
            .find(|r| r.page != Page::Login && r.path.trim_end_matches('/') == matched)
            .map(|r| r.page);
    };
    let collection = Collection::from_route(&route).filter(|c| c.has_own_pages())?;
    if params.get("id").is_some() {
        return collection
            .has_detail_page()
            .then_some(Page::Detail(collection));
    }
    if matched.ends_with(&format!("/{route}")) {
        return Some(Page::List(collection));
    }
    // A creation form: the collection's own, if its declaration puts it at this place.
    let form = collection.creation()?;
    matched
        .ends_with(&format!("/{}", form.segment))
        .then_some(Page::Create(collection))
}

/// What the router matches at a portal path among the signed-in routes, as it tries them (for
/// tests): the parameters and the path matched, or `None` (not found).
pub fn matched_at(portal_path: &str) -> Option<(ParamsMap, String)> {
    let routes = signed_in_paths();
    // The last route is not found's.
    let routes = &routes[..routes.len() - 1];
    let path = portal_path.split(['?', '#']).next().unwrap_or_default();
    routes.iter().find_map(|segments| {
        let route = NestedRoute::new(segments.clone(), || ());
        let (matched, rest) = route.match_nested(path);
        let (_, matched) = matched.filter(|_| rest.is_empty() || rest == "/")?;
        let params = matched.to_params().into_iter().collect::<ParamsMap>();
        Some((params, matched.as_matched().to_owned()))
    })
}

/// Starts fetching the code of the page at `portal_path`, as the router would route it (the
/// sign-in page does, for the page signing in leads to).
pub fn fetch_code_of(portal_path: &str) {
    let family = matched_at(portal_path)
        .and_then(|(params, matched)| page_of(&params, &matched))
        .and_then(family_of);
    if let Some(family) = family {
        leptos::task::spawn_local(async move {
            let _ = family.preload().await;
        });
    }
}

/// A lazy route of a signed-in page: its code comes with its family, its first request beside
/// that code.
pub struct PageRoute {
    page: Option<Page>,
    ahead: Option<ReadAhead>,
}

impl LazyRoute for PageRoute {
    fn data() -> Self {
        let page = current_page();
        PageRoute {
            page,
            ahead: page.and_then(read_ahead),
        }
    }

    fn view(this: Self) -> impl Future<Output = AnyView> {
        let PageRoute { page, ahead } = this;
        // The router keeps a route's view when only its parameters change (`/accounts` to
        // `/services`): the view follows the page they name.
        // A new session (a parent's token for another customer) draws the page anew too.
        let (params, matched) = (use_params_map(), use_matched());
        let session = use_context::<Session>();
        let running = move || session.and_then(|session| session.id());
        let current = Memo::new(move |_| (page_of(&params.get(), &matched.get()), running()));
        let first_session = untrack(running);
        async move {
            let first = SendWrapper::new(std::cell::Cell::new(Some(drawn(page, ahead).await)));
            (move || {
                let (now, session_now) = current.get();
                match (*first).take() {
                    Some(view) if (now, session_now) == (page, first_session) => view,
                    // Signed out: the guard is taking the layout away.
                    _ if session_now.is_none() => ().into_any(),
                    _ => {
                        Suspend::new(SendWrapper::new(Untracked::new(drawn(now, None)))).into_any()
                    }
                }
            })
            .into_any()
        }
    }

    fn preload() -> impl Future<Output = ()> {
        preload_page(current_page())
    }
}

/// The page of the route being matched.
fn current_page() -> Option<Page> {
    let params = use_params_map().get_untracked();
    page_of(&params, &use_matched().get_untracked())
}

/// Signed in, or framed (the parent signs in): what a signed-in page may do.
fn may_show_pages() -> bool {
    let embedded = use_context::<Option<Embedding>>().flatten().is_some();
    embedded || use_context::<Session>().is_some_and(|s| s.is_signed_in_untracked())
}

/// The family whose code draws `page`.
fn family_of(page: Page) -> Option<Family> {
    Some(match page {
        Page::List(_) => Family::Lists,
        Page::Detail(collection) if collection.edited_within().is_some() => Family::Editor,
        Page::Detail(_) => Family::Records,
        Page::Create(_) | Page::CheckRate(_) => Family::Forms,
        Page::Dashboard => Family::Overview,
        Page::LiveCalls => Family::LiveCalls,
        Page::Statistics(_) => Family::Statistics,
        Page::Statement | Page::WatchRules => Family::Tools,
        Page::Login => return None,
    })
}

/// Fetches a page's family (whose code also draws the layout around it: `pages::families`),
/// and waits for the access profile that says whether the page may show. A signed-out visitor
/// is sent to sign in, so nothing is fetched for them.
fn preload_page(page: Option<Page>) -> impl Future<Output = ()> {
    let wanted = may_show_pages();
    let access = use_context::<Access>();
    async move {
        if !wanted {
            return;
        }
        if let Some(family) = page.and_then(family_of) {
            let _ = family.preload().await;
        }
        if let Some(access) = access {
            access.known().await;
        }
    }
}

pub(crate) type Draw =
    Box<dyn Fn() -> Pin<Box<dyn Future<Output = Result<AnyView, CodeUnavailable>>>>>;

/// The family's code that draws `page` (with the answer read ahead, the first time).
fn draw_page(page: Page, ahead: Option<ReadAhead>) -> Draw {
    let ahead = std::cell::Cell::new(ahead);
    Box::new(move || match page {
        Page::List(collection) => Box::pin(families::draw_list(ListPage {
            collection,
            ahead: ahead.take(),
        })),
        Page::Detail(collection) => Box::pin(families::draw_record(collection)),
        Page::Create(collection) => Box::pin(families::draw_form(FormPage::Create(collection))),
        Page::CheckRate(plans) => Box::pin(families::draw_form(FormPage::CheckRate(plans))),
        Page::Dashboard => Box::pin(families::draw_dashboard(ahead.take())),
        Page::LiveCalls => Box::pin(families::draw_live(ahead.take())),
        Page::Statistics(charted) => Box::pin(families::draw_charts(charted, ahead.take())),
        Page::Statement => Box::pin(families::draw_tool(Tool::Statement)),
        Page::WatchRules => Box::pin(families::draw_tool(Tool::Rules)),
        Page::Login => Box::pin(families::draw_login()),
    })
}

/// A page drawn by its family's code once the profile allows it; a withheld page says so, an
/// address that names no page that it is not found.
async fn drawn(page: Option<Page>, ahead: Option<ReadAhead>) -> AnyView {
    leave_with_input_kept();
    let Some(page) = page else {
        return drawn_or_retry(around(Around::NotFound)).into_any();
    };
    if let Some(access) = use_context::<Access>() {
        access.known().await;
        match access.allows(page) {
            Some(true) => {}
            Some(false) => return drawn_or_retry(around(Around::NotAvailable)).into_any(),
            None => return once_profile_read(access, page).into_any(),
        }
    }
    drawn_or_retry(draw_page(page, ahead)).into_any()
}

/// As the page drawn now goes, its focused field lets go of the focus (`crate::leaving`), and
/// what its fields hold is kept if the session ended under the customer (`crate::drafts`);
/// once it shows, what was kept of it is typed back.
fn leave_with_input_kept() {
    let Some(session) = use_context::<Session>() else {
        return;
    };
    let customer = session.customer_untracked();
    crate::drafts::type_back(customer.as_deref());
    on_cleanup(move || {
        if let Some(customer) = customer.as_deref()
            && session.ended_under_the_customer_untracked()
        {
            crate::drafts::keep_from_page(customer);
        }
        crate::leaving::leave_quietly();
    });
}

/// Draws `around` through whichever family of pages is loaded.
fn around(around: Around) -> Draw {
    Box::new(move || Box::pin(families::draw_around(around.clone())))
}

/// A page the access profile governs while the profile could not be read: the server's words
/// and a Retry, then the page (or "not available") once it is read.
fn once_profile_read(access: Access, page: Page) -> impl IntoView {
    move || match access.allows(page) {
        Some(true) => drawn_or_retry(draw_page(page, None)).into_any(),
        Some(false) => drawn_or_retry(around(Around::NotAvailable)).into_any(),
        None => match access.failure() {
            Some(error) => profile_failed(access, error).into_any(),
            None => {
                view! { <p class="loading" role="status">{tr(|t| t.loading_page)}</p> }.into_any()
            }
        },
    }
}

/// The access profile could not be read: the server's words and a Retry.
fn profile_failed(access: Access, error: ApiError) -> impl IntoView {
    view! {
        <div class="error-panel profile-failed" role="alert">
            <p>{tr(|t| t.profile_failed)}</p>
            <p class="error-message">{move || crate::i18n::error_text(&error)}</p>
            <button type="button" class="retry" on:click=move |_| access.retry()>
                {tr(|t| t.retry)}
            </button>
        </div>
    }
}

/// What `draw` draws, at once when its code is here (the route's `preload` fetched it); code
/// that did not come is said, with a retry, and tried again by itself once the browser is back
/// online.
pub(crate) fn drawn_or_retry(draw: Draw) -> impl IntoView {
    let attempt = RwSignal::new(0u32);
    let new_version = use_context::<NewVersion>();
    let draw = SendWrapper::new(std::rc::Rc::new(draw));
    let online = window_event_listener(leptos::ev::online, move |_| {
        attempt.update(|n| *n += 1);
    });
    on_cleanup(move || online.remove());
    let retry = move || attempt.update(|n| *n += 1);
    move || {
        let draw = draw.clone();
        attempt.track();
        Suspend::new(SendWrapper::new(Untracked::new(async move {
            match (*draw)().await {
                Ok(view) => view,
                Err(CodeUnavailable::Unreachable) => failed_view(retry).into_any(),
                // The app's notice says what happens (`NewVersionWatch`).
                Err(CodeUnavailable::Gone) => {
                    if let Some(new_version) = new_version {
                        new_version.code_gone();
                    }
                    ().into_any()
                }
            }
        })))
    }
}

fn failed_view(retry: impl Fn() + Copy + Send + Sync + 'static) -> impl IntoView {
    view! {
        <div class="error-panel" role="alert" aria-live="assertive">
            <p class="error-message">{tr(|t| t.page_load_failed)}</p>
            <button type="button" class="retry" on:click=move |_| retry()>
                {tr(|t| t.retry)}
            </button>
        </div>
    }
}

/// The first request of `page`, started while its code comes, when the shell can tell it: a
/// list whose address has no query (and no last view to go back to) asks for its first page;
/// the pages about an account (the overview, statistics, live calls) for the session's
/// accounts.
fn read_ahead(page: Page) -> Option<ReadAhead> {
    let api = use_context::<Api>()?;
    let session = use_context::<Session>()?;
    // A framed portal waiting for its parent's token has nothing to read with; a page whose
    // code is here asks for itself at once.
    if !session.is_signed_in_untracked() || family_of(page).is_none_or(Family::is_loaded) {
        return None;
    }
    let (path, query) = match page {
        Page::List(collection) => {
            let search = use_location().search.get_untracked();
            let prefs = use_context::<crate::prefs::Prefs>()?;
            let queryless = search.trim_start_matches('?').is_empty();
            let restores = prefs.view_to_restore(collection.path(), &search).is_some();
            if !queryless || restores {
                return None;
            }
            (collection.path(), collection.spec().included_query())
        }
        Page::Dashboard | Page::Statistics(_) | Page::LiveCalls => {
            let shared = use_context::<crate::accounts::SessionAccounts>()?;
            // The session's list, once asked for, serves every page after.
            if shared.is_made() {
                return None;
            }
            (Account::COLLECTION.path(), first_records_query())
        }
        _ => return None,
    };
    let access = use_context::<Access>();
    let allowed = async move {
        let Some(access) = access else { return true };
        access.known().await;
        session.is_signed_in_untracked() && access.allows(page) == Some(true)
    };
    Some(api.read_ahead(path, &query, allowed))
}

/// The layout around the signed-in pages (`components::shell`), in a family of its own.
///
/// Not Leptos' `ProtectedParentRoute`: its redirect adds a history entry, so Back from the
/// sign-in page would land on the redirect again; and its view is not lazy, so the layout's
/// code would come after the page's instead of beside it.
pub struct SignedInLayout;

impl LazyRoute for SignedInLayout {
    fn data() -> Self {
        SignedInLayout
    }

    async fn view(_: Self) -> AnyView {
        view! { <Guard /> }.into_any()
    }

    fn preload() -> impl Future<Output = ()> {
        preload_page(None)
    }
}

/// The signed-in layout while signed in (or framed); else on to sign in, replacing this
/// address in the history, with the way back in `?next=`.
#[component]
fn Guard() -> impl IntoView {
    let session = expect_context::<Session>();
    let embedded = use_context::<Option<Embedding>>().flatten().is_some();
    let location = use_location();
    crate::remove_skeleton();
    // A memo: a session taking another's place (a parent's token for another customer) keeps
    // the layout, which then takes the new customer to the overview.
    let shows_layout = Memo::new(move |_| embedded || session.is_signed_in());
    move || {
        if shows_layout.get() {
            drawn_or_retry(Box::new(|| Box::pin(families::draw_around(Around::Layout)))).into_any()
        } else {
            let here = crate::routing::portal_path(&location.pathname.get_untracked());
            let to = login_url(&here, &location.search.get_untracked());
            let options = NavigateOptions {
                replace: true,
                ..Default::default()
            };
            view! { <Redirect path=to options /> }.into_any()
        }
    }
}

/// The embedding bridge (`crate::embed`), in a part of its own: an embedded portal fetches it
/// from the start, and the bridge says `ready` to the parent, which then sends the token, only
/// once it listens.
pub fn embed_bridge(embedding: Embedding) -> impl IntoView {
    crate::appearance::mark_embedded();
    let embedding = SendWrapper::new(embedding);
    drawn_or_retry(Box::new(move || {
        Box::pin(families::draw_bridge((*embedding).clone()))
    }))
}

/// `/login`: the sign-in page, in a family of its own, so the shell carries none of it; while
/// its code comes, index.html's sign-in form takes what the visitor types (xtask's start).
pub struct SignInRoute;

impl LazyRoute for SignInRoute {
    fn data() -> Self {
        SignInRoute
    }

    async fn view(_: Self) -> AnyView {
        drawn_or_retry(Box::new(|| Box::pin(families::draw_login()))).into_any()
    }

    async fn preload() {
        let _ = families::preload_login().await;
    }
}
