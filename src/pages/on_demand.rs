//! Pages that load on demand. The seven families of pages are split points: the lists, what a
//! customer opens first; a record's page; the forms (top-up, CDR export, creation) and the rate
//! lookup ("tools"); the number-list editor; the overview; the live calls; the statistics. Built with the `split` feature, as Trunk
//! builds the portal, a family's code goes into a separate wasm chunk (xtask/src/split.rs) that
//! is fetched the first time one of its pages is shown, and the code several families use into
//! chunks of their own, one per set of families that share it, fetched alongside (on the first
//! page, all in one response: xtask/src/first_load.rs). As a family costs the first page no
//! request, a list page does without a record page's code too.
//!
//! The sign-in page is on the path of every first load, so it is in the shell: a chunk of its
//! own would cost a round trip after the shell's, and (as the splitter makes one chunk for
//! each set of split points that share code) several more small files. The signed-in layout
//! and what it holds are drawn through every family's split point ([`Shared`]), so their code
//! lands in the chunk all share: the sign-in page does without it, and a signed-in page, which
//! adds its family's chunk and the shared ones, fetched in parallel, gets it at no request of
//! its own. The embedding bridge, which only a framed portal runs, has a split point of its
//! own.
//!
//! Without the feature (native and wasm unit tests) the same functions are plain calls.

use crate::access::WhenAllowed;
use crate::accounts::ACCOUNTS;
use crate::app::signed_in_page;
use crate::components::shell::Shell;
use crate::embed::{EmbedBridge, Embedding};
use crate::http::Api;
use crate::i18n::tr;
use crate::pages::check_rate::check_rate_page;
use crate::pages::create::create_page;
use crate::pages::dashboard::Dashboard;
use crate::pages::detail::detail_page;
use crate::pages::list::{list_page, view_to_restore};
use crate::pages::live_calls::live_calls_page;
use crate::pages::login::LoginPage;
use crate::pages::new_export::new_export_page;
use crate::pages::numberlist::numberlist_page;
use crate::pages::statistics::{StatsPage, statistics_page};
use crate::pages::top_up::top_up_page;
use crate::prefs::Prefs;
use crate::routing::{ChartsView, Drawn, Page, RecordView};
use crate::session::Session;
use api_model::catalog::{Collection, Form};
use api_model::list::first_records_query;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::SplitLoaderError;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

/// A chunk could not be fetched or instantiated (the browser console has the details).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkUnavailable;

impl From<SplitLoaderError> for ChunkUnavailable {
    fn from(_: SplitLoaderError) -> Self {
        ChunkUnavailable
    }
}

/// A split point: `$render` goes into chunk `$chunk` and `$preload` fetches that chunk.
/// `$render` draws the family's page `$page` with `$body`, or what every family draws
/// ([`Shared`]).
// rustfmt indents the attribute further at each run here (it is not idempotent on it).
#[rustfmt::skip]
macro_rules! page_chunk {
    ($chunk:ident, $preload:ident, fn $render:ident($page:ident: $ty:ty) $body:block) => {
        #[cfg(feature = "split")]
        #[leptos::wasm_split::wasm_split(
            $chunk,
            wasm_split_path = ::leptos::wasm_split,
            fallible,
            preload($preload)
        )]
        fn $render(drawing: Drawing<$ty>) -> Result<AnyView, ChunkUnavailable> {
            Ok(drawing.draw(|$page| $body))
        }

        #[cfg(not(feature = "split"))]
        async fn $render(drawing: Drawing<$ty>) -> Result<AnyView, ChunkUnavailable> {
            Ok(drawing.draw(|$page| $body))
        }

        #[cfg(not(feature = "split"))]
        async fn $preload() -> Result<(), SplitLoaderError> {
            Ok(())
        }
    };
}

/// What a family's chunk draws: one of its pages, or what every family's chunk draws.
#[derive(Clone)]
enum Drawing<P> {
    Page(P),
    Shared(Shared),
}

/// What every family draws, so that its code lands in the chunk all families share: the
/// signed-in layout around the pages, or what the layout holds (the route's page once the
/// profile allows it, or why not).
#[derive(Clone)]
enum Shared {
    Layout,
    InLayout,
}

impl<P> Drawing<P> {
    /// The page, drawn by `page`, or what all families share.
    fn draw(self, page: impl FnOnce(P) -> AnyView) -> AnyView {
        match self {
            Drawing::Page(drawn) => page(drawn),
            Drawing::Shared(shared) => shared_view(shared),
        }
    }
}

fn shared_view(shared: Shared) -> AnyView {
    match shared {
        Shared::Layout => view! { <Shell /> }.into_any(),
        Shared::InLayout => signed_in_page().into_any(),
    }
}

// The embedding bridge has a split point of its own: only a framed portal runs it, so the
// chunk every family shares (every signed-in first load) does not carry it.
#[cfg(feature = "split")]
#[rustfmt::skip]
#[leptos::wasm_split::wasm_split(
    embedding,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(preload_embedding)
)]
fn render_embedding(embedding: Embedding) -> Result<AnyView, ChunkUnavailable> {
    Ok(view! { <EmbedBridge embedding /> }.into_any())
}

#[cfg(not(feature = "split"))]
async fn render_embedding(embedding: Embedding) -> Result<AnyView, ChunkUnavailable> {
    Ok(view! { <EmbedBridge embedding /> }.into_any())
}

#[cfg(not(feature = "split"))]
async fn preload_embedding() -> Result<(), SplitLoaderError> {
    Ok(())
}

page_chunk!(
    lists,
    preload_lists,
    fn render_lists(collection: Collection) {
        list_page(collection).into_any()
    }
);

page_chunk!(
    details,
    preload_details,
    fn render_details(collection: Collection) {
        detail_page(collection).into_any()
    }
);

page_chunk!(
    tools,
    preload_tools,
    fn render_tools(page: ToolsPage) {
        match page {
            ToolsPage::TopUp(collection) => top_up_page(collection).into_any(),
            ToolsPage::CdrExport(collection) => new_export_page(collection).into_any(),
            ToolsPage::Create(collection) => create_page(collection).into_any(),
            ToolsPage::CheckRate(collection) => check_rate_page(collection).into_any(),
        }
    }
);

page_chunk!(
    overview,
    preload_overview,
    fn render_overview(_page: ()) {
        view! { <Dashboard /> }.into_any()
    }
);

page_chunk!(
    live_calls,
    preload_live_calls,
    fn render_live_calls(_page: ()) {
        live_calls_page().into_any()
    }
);

page_chunk!(
    editor,
    preload_editor,
    fn render_editor(collection: Collection) {
        numberlist_page(collection).into_any()
    }
);

page_chunk!(
    charts,
    preload_charts,
    fn render_charts(page: ChartsView) {
        match page {
            // Never asked for: they have chunks of their own (`Family::of`), and their code here
            // would weigh on the statistics pages.
            ChartsView::Overview | ChartsView::LiveCalls => ().into_any(),
            ChartsView::Statistics(charted) => {
                let page = charted
                    .endpoint()
                    .map_or(StatsPage::OriginatedCps, StatsPage::Table);
                statistics_page(page).into_any()
            }
        }
    }
);

/// A page of the tools family: what a customer writes or looks up, which a list page should
/// not carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ToolsPage {
    TopUp(Collection),
    CdrExport(Collection),
    /// A declared creation form.
    Create(Collection),
    CheckRate(Collection),
}

/// Who draws a page: the shell, or one family's chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Shell,
    /// A collection's list: what a customer opens first.
    Lists(Collection),
    /// A record's page, which a list page need not carry.
    Details(Collection),
    Tools(ToolsPage),
    /// The overview: a list page's size, not the statistics pages' with their forms.
    Overview,
    LiveCalls,
    /// The page of a record whose items are edited on it (a number list's).
    Editor(Collection),
    Charts(ChartsView),
}

impl Family {
    fn of(page: Page) -> Family {
        let (collection, view) = match page.drawn() {
            Drawn::Shell => return Family::Shell,
            Drawn::Charts(ChartsView::Overview) => return Family::Overview,
            Drawn::Charts(ChartsView::LiveCalls) => return Family::LiveCalls,
            Drawn::Charts(view) => return Family::Charts(view),
            Drawn::Records(collection, view) => (collection, view),
        };
        match view {
            RecordView::List => Family::Lists(collection),
            RecordView::Detail if collection.edited_within().is_some() => {
                Family::Editor(collection)
            }
            RecordView::Detail => Family::Details(collection),
            RecordView::CheckRate => Family::Tools(ToolsPage::CheckRate(collection)),
            RecordView::Create => Family::Tools(match collection.creation().map(|c| c.form) {
                Some(Form::TopUp) => ToolsPage::TopUp(collection),
                Some(Form::CdrExport) => ToolsPage::CdrExport(collection),
                _ => ToolsPage::Create(collection),
            }),
        }
    }

    fn chunk(self) -> Option<Chunk> {
        match self {
            Family::Shell => None,
            Family::Lists(_) => Some(Chunk::Lists),
            Family::Details(_) => Some(Chunk::Details),
            Family::Tools(_) => Some(Chunk::Tools),
            Family::Overview => Some(Chunk::Overview),
            Family::LiveCalls => Some(Chunk::LiveCalls),
            Family::Editor(_) => Some(Chunk::Editor),
            Family::Charts(_) => Some(Chunk::Charts),
        }
    }
}

/// The code a view waits for: a page's, or the signed-in layout's around the pages, which
/// comes with the chunk of the page it opens `around` (any family's will do), or that of what
/// the layout holds, which comes with the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    Page(Page),
    Layout { around: Option<Page> },
    InLayout,
}

/// The chunks, each the code of a family of pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chunk {
    Lists,
    Details,
    Tools,
    Overview,
    LiveCalls,
    Editor,
    Charts,
}

thread_local! {
    /// The chunks fetched so far, one bit per `Chunk::bit`.
    static LOADED: ArcRwSignal<u8> = ArcRwSignal::new(0);
}

impl Chunk {
    const ALL: [Chunk; 7] = [
        Chunk::Lists,
        Chunk::Details,
        Chunk::Tools,
        Chunk::Overview,
        Chunk::LiveCalls,
        Chunk::Editor,
        Chunk::Charts,
    ];

    fn bit(self) -> u8 {
        match self {
            Chunk::Lists => 1,
            Chunk::Details => 1 << 1,
            Chunk::Tools => 1 << 2,
            Chunk::Overview => 1 << 3,
            Chunk::LiveCalls => 1 << 4,
            Chunk::Editor => 1 << 5,
            Chunk::Charts => 1 << 6,
        }
    }

    fn is_loaded(self) -> bool {
        LOADED.with(|loaded| loaded.get_untracked() & self.bit() != 0)
    }

    /// A chunk fetched so far, if any: each draws what all share.
    fn any_loaded() -> Option<Chunk> {
        Chunk::ALL.into_iter().find(|chunk| chunk.is_loaded())
    }

    /// Fetches the chunk; a failure is not remembered, so calling again retries.
    async fn preload(self) -> Result<(), ChunkUnavailable> {
        match self {
            Chunk::Lists => preload_lists().await?,
            Chunk::Details => preload_details().await?,
            Chunk::Tools => preload_tools().await?,
            Chunk::Overview => preload_overview().await?,
            Chunk::LiveCalls => preload_live_calls().await?,
            Chunk::Editor => preload_editor().await?,
            Chunk::Charts => preload_charts().await?,
        }
        if !self.is_loaded() {
            LOADED.with(|loaded| loaded.update(|bits| *bits |= self.bit()));
        }
        Ok(())
    }

    /// Draws what every family draws, with this (loaded) chunk's code.
    fn render_shared(self, shared: Shared) -> Result<AnyView, ChunkUnavailable> {
        match self {
            Chunk::Lists => completed(render_lists(Drawing::Shared(shared))),
            Chunk::Details => completed(render_details(Drawing::Shared(shared))),
            Chunk::Tools => completed(render_tools(Drawing::Shared(shared))),
            Chunk::Overview => completed(render_overview(Drawing::Shared(shared))),
            Chunk::LiveCalls => completed(render_live_calls(Drawing::Shared(shared))),
            Chunk::Editor => completed(render_editor(Drawing::Shared(shared))),
            Chunk::Charts => completed(render_charts(Drawing::Shared(shared))),
        }
    }
}

impl Code {
    /// The code a signed-in view at `page` waits for: the page's chunk, which brings the layout
    /// too, or for a page in the shell (or a path that is no page), the layout's.
    pub fn signed_in(page: Option<Page>) -> Code {
        match page {
            Some(page) if Code::Page(page).chunk().is_some() => Code::Page(page),
            _ => Code::Layout { around: page },
        }
    }

    /// The chunk the code is in; `None` for code in the shell (see the module's comment).
    fn chunk(self) -> Option<Chunk> {
        match self {
            // Around a page in the shell (not found, not available): the smallest family.
            Code::Layout { around } => Some(
                around
                    .and_then(|page| Code::Page(page).chunk())
                    .unwrap_or(Chunk::LiveCalls),
            ),
            Code::InLayout => Code::Layout { around: None }.chunk(),
            Code::Page(page) => Family::of(page).chunk(),
        }
    }

    fn is_loaded(self) -> bool {
        match self {
            Code::Layout { .. } | Code::InLayout => Chunk::any_loaded().is_some(),
            Code::Page(_) => self.chunk().is_none_or(Chunk::is_loaded),
        }
    }

    /// Fetches the code's chunk, if it has one; calling again after a failure retries.
    async fn preload(self) -> Result<(), ChunkUnavailable> {
        match self.chunk() {
            Some(chunk) => chunk.preload().await,
            None => Ok(()),
        }
    }

    /// Renders the view, in the current reactive owner. Only after `preload` succeeded: the
    /// call into the chunk then completes at once.
    fn render(self) -> Result<AnyView, ChunkUnavailable> {
        let shared = match self {
            Code::Layout { .. } => Shared::Layout,
            Code::InLayout => Shared::InLayout,
            Code::Page(page) => {
                return match Family::of(page) {
                    Family::Shell => Ok(view! { <LoginPage /> }.into_any()),
                    Family::Lists(collection) => completed(render_lists(Drawing::Page(collection))),
                    Family::Details(collection) => {
                        completed(render_details(Drawing::Page(collection)))
                    }
                    Family::Tools(page) => completed(render_tools(Drawing::Page(page))),
                    Family::Overview => completed(render_overview(Drawing::Page(()))),
                    Family::LiveCalls => completed(render_live_calls(Drawing::Page(()))),
                    Family::Editor(collection) => {
                        completed(render_editor(Drawing::Page(collection)))
                    }
                    Family::Charts(view) => completed(render_charts(Drawing::Page(view))),
                };
            }
        };
        Chunk::any_loaded()
            .ok_or(ChunkUnavailable)?
            .render_shared(shared)
    }
}

/// Starts fetching the code of the page the address bar points at (and of the layout around
/// it), before config.json and the router: the page then need not wait for its code after
/// them. Signed out, that page is the sign-in page (the shell sends the user there), which is
/// in the shell, unless the portal is framed, where the parent signs in. A failed fetch is
/// only a missed head start: the route's view fetches again.
pub fn fetch_ahead() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let signed_in = Session::is_stored() || crate::embed::parent_window().is_some();
    let path = window.location().pathname().unwrap_or_default();
    if signed_in {
        fetch_code(Code::signed_in(Page::at(&crate::routing::portal_path(
            &path,
        ))));
    }
}

/// The first request of the page the address bar points at, to start while its code
/// downloads on a signed-in cold load, when the shell can tell it: a list opened without a
/// query (and no last view to go back to) asks for the collection with its column
/// relationships; the overview, a statistics page and the live calls for the session's
/// accounts. Other first requests are worked out
/// by code in the page's chunk (a list's query and the checks of its filters, a record's id):
/// in the shell, it would weigh on the sign-in page. It starts once the access profile allows
/// the page (a withheld page asks for nothing): one round trip, well within the download.
pub fn read_ahead(api: &Api, prefs: &Prefs, session: Session) -> Option<WhenAllowed> {
    let location = web_sys::window()?.location();
    if !session.is_signed_in_untracked() {
        return None;
    }
    let path = crate::routing::portal_path(&location.pathname().unwrap_or_default());
    let search = location.search().unwrap_or_default();
    let page = Page::at(&path)?;
    let (collection, query) = match Family::of(page) {
        Family::Lists(collection)
            if search.trim_start_matches('?').is_empty()
                && view_to_restore(prefs, collection, &search).is_none() =>
        {
            (collection, collection.spec().included_query())
        }
        // Every chart page starts from the session's accounts (its account picker).
        Family::Overview | Family::LiveCalls | Family::Charts(_) => {
            (ACCOUNTS, first_records_query())
        }
        _ => return None,
    };
    let api = api.clone();
    Some((
        page,
        Box::new(move || api.read_ahead(collection.path(), &query)),
    ))
}

/// Fetches `code` in the background unless it is here already.
fn fetch_code(code: Code) {
    if !code.is_loaded() {
        spawn_local(async move {
            let _ = code.preload().await;
        });
    }
}

/// Starts fetching the code of the page a user signing in will land on (`next`), as the user
/// turns to the sign-in form: typing the password then covers the chunk's transfer.
pub fn fetch_after_sign_in(next: &str) {
    let page = Page::at(next.split(['?', '#']).next().unwrap_or_default());
    fetch_code(Code::signed_in(page));
}

/// The embedding bridge (`crate::embed`), drawn from its own part once that has come; an
/// embedded portal also fetches its page's code from the start (`fetch_ahead`). The bridge
/// says `ready` to the parent, which then sends the token, only once it listens. A failed fetch
/// is tried again when the browser is back online.
pub fn embed_bridge(embedding: Embedding) -> impl IntoView {
    crate::appearance::mark_embedded();
    let any_loaded = Memo::new(|_| LOADED.with(|loaded| loaded.get() != 0));
    let path = web_sys::window()
        .and_then(|window| window.location().pathname().ok())
        .unwrap_or_default();
    let code = Code::signed_in(Page::at(&crate::routing::portal_path(&path)));
    if !any_loaded.get_untracked() {
        fetch_code(code);
    }
    let bridge_here = RwSignal::new(false);
    let fetch_bridge = move || {
        spawn_local(async move {
            if preload_embedding().await.is_ok() {
                bridge_here.try_set(true);
            }
        });
    };
    fetch_bridge();
    let online = window_event_listener(leptos::ev::online, move |_| {
        if !any_loaded.get_untracked() {
            fetch_code(code);
        }
        if !bridge_here.get_untracked() {
            fetch_bridge();
        }
    });
    on_cleanup(move || online.remove());
    // Drawn once, when its part has come; its own signals must not draw it again.
    move || {
        let embedding = embedding.clone();
        bridge_here
            .get()
            .then(|| untrack(|| completed(render_embedding(embedding)).ok()))
    }
}

/// The result of a future that is already complete (a call into a loaded chunk).
fn completed<T>(
    future: impl Future<Output = Result<T, ChunkUnavailable>>,
) -> Result<T, ChunkUnavailable> {
    match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(result) => result,
        Poll::Pending => Err(ChunkUnavailable),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ChunkState {
    Fetching,
    Ready,
    Failed,
}

/// A route's view: the page (or the layout) at once when its chunk is here, else once it has
/// come; a failed fetch says so and offers to try again, at the same URL, and tries by itself
/// when the browser is back online.
pub fn on_demand(page: Code) -> impl IntoView {
    let initial = if page.is_loaded() {
        ChunkState::Ready
    } else {
        ChunkState::Fetching
    };
    let state = RwSignal::new(initial);
    let fetch = move || {
        state.set(ChunkState::Fetching);
        spawn_local(async move {
            let outcome = match page.preload().await {
                Ok(()) => ChunkState::Ready,
                Err(ChunkUnavailable) => ChunkState::Failed,
            };
            // The route may have changed meanwhile; its signal is then gone.
            let _ = state.try_set(outcome);
        });
    };
    if initial == ChunkState::Fetching {
        fetch();
    }
    // Back online after a failed fetch: try again without waiting for the user.
    let online = window_event_listener(leptos::ev::online, move |_| {
        if state.try_get_untracked() == Some(ChunkState::Failed) {
            fetch();
        }
    });
    on_cleanup(move || online.remove());
    move || match state.get() {
        // Blank at first (CSS shows the text after a moment): a fast chunk causes no flash.
        ChunkState::Fetching => view! {
            <p class="loading page-loading" role="status" aria-live="polite">
                <span class="spinner" aria-hidden="true"></span>
                {tr(|t| t.loading_page)}
            </p>
        }
        .into_any(),
        // The page's own signals must not re-render it from here.
        ChunkState::Ready => match untrack(|| page.render()) {
            Ok(view) => view,
            Err(ChunkUnavailable) => chunk_failed(fetch).into_any(),
        },
        ChunkState::Failed => chunk_failed(fetch).into_any(),
    }
}

fn chunk_failed(retry: impl Fn() + 'static) -> impl IntoView {
    view! {
        <div class="error-panel" role="alert" aria-live="assertive">
            <p class="error-message">{tr(|t| t.page_load_failed)}</p>
            <button type="button" class="retry" on:click=move |_| retry()>
                {tr(|t| t.retry)}
            </button>
        </div>
    }
}
