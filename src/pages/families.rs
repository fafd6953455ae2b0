//! The families of pages, each a part of the wasm fetched the first time one of its pages is
//! shown (built with the `split` feature, as Trunk builds the portal; without it, in tests, the
//! same functions are plain calls). The router's lazy routes (`crate::routes`) call them.
//!
//! Why not Leptos' `#[lazy]`/`#[lazy_route]`: they split with `wasm_split` without its
//! `fallible` option, so a part that fails to come (offline, a new deployment) panics, and a
//! panic aborts the whole portal. These split points are fallible: a failure is a
//! [`CodeUnavailable`], which the route shows with a retry.
//!
//! The families: the lists, what a customer opens first; a record's page; the forms (top-up,
//! CDR export, creation, the rate lookup); the number-list editor; the overview; the live
//! calls; the statistics; the customer's tools (a month's statement, the watch rules and
//! their watcher); and the sign-in page. What every signed-in page has around it (the layout, not found) is drawn through whichever family has come
//! ([`Around`]), so its code lands in the part every family shares: `wasm_split` makes one
//! part per set of split points that share code, and a split point of its own for the layout
//! made 141 parts of 44, more files to fetch and to build. The embedding bridge has a split point of its own: only a
//! framed portal needs it, and through the families it weighed on every first load.

use crate::components::shell::Shell;
use crate::embed::{EmbedBridge, Embedding};
use crate::http::ReadAhead;
use crate::pages::not_found::{NotAvailable, NotFound};
use crate::routing::Charted;
use api_model::catalog::{Collection, Form, Listed};
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

/// A part of the portal's code could not be fetched or instantiated (the browser console has
/// the details).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeUnavailable {
    /// The server no longer has this version's code: a new version was deployed
    /// (`crate::new_version`).
    Gone,
    /// It did not come (offline, a timeout, a server error): trying again may help.
    Unreachable,
}

/// The whole texts of a page that brings its own (`crate::i18n::load_whole`) are part of its
/// code: gone with an old version, or unreachable.
impl From<crate::i18n::TextsMissing> for CodeUnavailable {
    fn from(missing: crate::i18n::TextsMissing) -> Self {
        match missing.gone {
            true => CodeUnavailable::Gone,
            false => CodeUnavailable::Unreachable,
        }
    }
}

impl From<SplitLoaderError> for CodeUnavailable {
    fn from(_: SplitLoaderError) -> Self {
        match crate::new_version::part_is_gone() {
            true => CodeUnavailable::Gone,
            false => CodeUnavailable::Unreachable,
        }
    }
}

/// A collection's list, with its first answer if it was asked for ahead of the code.
pub struct ListPage {
    pub collection: Collection,
    pub ahead: Option<ReadAhead>,
}

/// A page of the forms family: what a customer writes or looks up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormPage {
    /// The creation form a collection declares (its `Form`).
    Create(Collection),
    /// The rate lookup, in the rate plans it looks a number up in.
    CheckRate(Collection),
}

/// The customer's tools on their accounts, in one family: a month's statement, the watch
/// rules, and the watcher that checks them while any page is shown (`pages::watch`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Statement,
    Rules,
    Watcher,
}

/// What every signed-in page has around it, drawn by any family's code.
#[derive(Clone)]
pub enum Around {
    Layout,
    NotFound,
    NotAvailable,
}

/// What a family's split point draws: one of its pages, or what all have around them.
pub enum Drawing<P> {
    Page(P),
    Around(Around),
}

impl<P> Drawing<P> {
    fn draw(self, page: impl FnOnce(P) -> AnyView) -> AnyView {
        match self {
            Drawing::Page(shown) => page(shown),
            Drawing::Around(Around::Layout) => view! { <Shell /> }.into_any(),
            Drawing::Around(Around::NotFound) => view! { <NotFound /> }.into_any(),
            Drawing::Around(Around::NotAvailable) => view! { <NotAvailable /> }.into_any(),
        }
    }
}

/// A split point: `$draw` goes into the part `$part`, and `$preload` (if named) fetches that
/// part.
// rustfmt indents the attribute further at each run here (it is not idempotent on it).
#[rustfmt::skip]
macro_rules! split_point {
    ($part:ident, fn $draw:ident($arg:ident: $ty:ty) -> $out:ty $body:block) => {
        #[cfg(feature = "split")]
        #[leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn $draw($arg: $ty) -> Result<$out, CodeUnavailable> {
            Ok($body)
        }

        #[cfg(not(feature = "split"))]
        async fn $draw($arg: $ty) -> Result<$out, CodeUnavailable> {
            Ok($body)
        }
    };
    ($part:ident, $preload:ident, fn $draw:ident($arg:ident: $ty:ty) -> $out:ty $body:block) => {
        #[cfg(feature = "split")]
        #[leptos::wasm_split::wasm_split(
            $part,
            wasm_split_path = ::leptos::wasm_split,
            fallible,
            preload($preload)
        )]
        fn $draw($arg: $ty) -> Result<$out, CodeUnavailable> {
            Ok($body)
        }

        #[cfg(not(feature = "split"))]
        async fn $draw($arg: $ty) -> Result<$out, CodeUnavailable> {
            Ok($body)
        }

        #[cfg(not(feature = "split"))]
        async fn $preload() -> Result<(), SplitLoaderError> {
            Ok(())
        }
    };
}

split_point!(
    lists,
    preload_lists,
    fn draw_lists(drawing: Drawing<ListPage>) -> AnyView {
        drawing.draw(|page| crate::pages::list::list_page(page.collection, page.ahead).into_any())
    }
);

split_point!(
    records,
    preload_records,
    fn draw_records(drawing: Drawing<Collection>) -> AnyView {
        drawing.draw(|collection| crate::pages::detail::detail_page(collection).into_any())
    }
);

split_point!(
    forms,
    preload_forms,
    fn draw_forms(drawing: Drawing<FormPage>) -> AnyView {
        drawing.draw(form_page)
    }
);

split_point!(
    editor,
    preload_editor,
    fn draw_editor(drawing: Drawing<(Collection, Listed)>) -> AnyView {
        drawing
            .draw(|(list, items)| crate::pages::numberlist::numberlist_page(list, items).into_any())
    }
);

split_point!(
    overview,
    preload_overview,
    fn draw_overview(drawing: Drawing<Option<ReadAhead>>) -> AnyView {
        drawing.draw(|ahead| view! { <crate::pages::dashboard::Dashboard ahead /> }.into_any())
    }
);

split_point!(
    live_calls,
    preload_live_calls,
    fn draw_live_calls(drawing: Drawing<Option<ReadAhead>>) -> AnyView {
        drawing.draw(|ahead| crate::pages::live_calls::live_calls_page(ahead).into_any())
    }
);

split_point!(
    statistics,
    preload_statistics,
    fn draw_statistics(drawing: Drawing<(Charted, Option<ReadAhead>)>) -> AnyView {
        drawing.draw(|(charted, ahead)| {
            crate::pages::statistics::statistics_page(charted, ahead).into_any()
        })
    }
);

split_point!(
    tools,
    preload_tools,
    fn draw_tools(drawing: Drawing<Tool>) -> AnyView {
        drawing.draw(|tool| match tool {
            Tool::Statement => crate::pages::statement::statement_page().into_any(),
            Tool::Rules => crate::pages::watch::rules_page().into_any(),
            Tool::Watcher => crate::pages::watch::watcher().into_any(),
        })
    }
);

split_point!(
    sign_in,
    preload_sign_in,
    fn draw_sign_in(_page: ()) -> AnyView {
        view! { <crate::pages::login::LoginPage /> }.into_any()
    }
);

split_point!(
    embedding,
    fn draw_embedding(embedding: Embedding) -> AnyView {
        view! { <EmbedBridge embedding /> }.into_any()
    }
);

fn form_page(page: FormPage) -> AnyView {
    use crate::pages::{check_rate, create, new_export, top_up};
    match page {
        FormPage::CheckRate(plans) => check_rate::check_rate_page(plans).into_any(),
        FormPage::Create(collection) => match collection.creation().map(|c| c.form) {
            Some(Form::TopUp) => top_up::top_up_page(collection).into_any(),
            Some(Form::CdrExport) => new_export::new_export_page(collection).into_any(),
            _ => create::create_page(collection).into_any(),
        },
    }
}

/// The families of the signed-in pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Lists,
    Records,
    Forms,
    Editor,
    Overview,
    LiveCalls,
    Statistics,
    Tools,
}

impl Family {
    const ALL: [Family; 8] = [
        Family::Lists,
        Family::Records,
        Family::Forms,
        Family::Editor,
        Family::Overview,
        Family::LiveCalls,
        Family::Statistics,
        Family::Tools,
    ];

    /// The smallest family: what draws [`Around`] when no page has brought one yet.
    pub const SMALLEST: Family = Family::LiveCalls;

    fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Whether the family's code is here.
    pub fn is_loaded(self) -> bool {
        expect_loaded()
            .try_get_untracked()
            .is_some_and(|bits| bits & self.bit() != 0)
    }

    /// Fetches the family's code; a failure is not remembered, so calling again retries.
    pub async fn preload(self) -> Result<(), CodeUnavailable> {
        let loaded = expect_loaded();
        match self {
            Family::Lists => preload_lists().await?,
            Family::Records => preload_records().await?,
            Family::Forms => preload_forms().await?,
            Family::Editor => preload_editor().await?,
            Family::Overview => preload_overview().await?,
            Family::LiveCalls => preload_live_calls().await?,
            Family::Statistics => preload_statistics().await?,
            Family::Tools => {
                preload_tools().await?;
                crate::i18n::load_whole().await?;
            }
        }
        if loaded
            .try_get_untracked()
            .is_some_and(|bits| bits & self.bit() == 0)
        {
            loaded.update(|bits| *bits |= self.bit());
        }
        Ok(())
    }

    /// Draws what every signed-in page has around it with this family's code.
    async fn draw_around(self, around: Around) -> Result<AnyView, CodeUnavailable> {
        use Drawing::Around as A;
        match self {
            Family::Lists => draw_lists(A(around)).await,
            Family::Records => draw_records(A(around)).await,
            Family::Forms => draw_forms(A(around)).await,
            Family::Editor => draw_editor(A(around)).await,
            Family::Overview => draw_overview(A(around)).await,
            Family::LiveCalls => draw_live_calls(A(around)).await,
            Family::Statistics => draw_statistics(A(around)).await,
            Family::Tools => draw_tools(A(around)).await,
        }
    }
}

/// The families whose code has come, a bit each; made with the app.
#[derive(Clone, Copy)]
pub struct Loaded(RwSignal<u8>);

impl Loaded {
    pub fn provide() {
        provide_context(Loaded(RwSignal::new(0)));
    }
}

fn expect_loaded() -> RwSignal<u8> {
    use_context::<Loaded>()
        .map(|loaded| loaded.0)
        .unwrap_or_else(|| RwSignal::new(0))
}

/// Whether any family's code has come. Tracked.
pub fn any_loaded() -> bool {
    expect_loaded().get() != 0
}

/// Draws what every signed-in page has around it, with the code of a family that has come, else
/// of the smallest.
pub async fn draw_around(around: Around) -> Result<AnyView, CodeUnavailable> {
    let loaded = expect_loaded().get_untracked();
    let family = Family::ALL
        .into_iter()
        .find(|family| loaded & family.bit() != 0)
        .unwrap_or(Family::SMALLEST);
    family.preload().await?;
    family.draw_around(around).await
}

/// Draws a list.
pub async fn draw_list(page: ListPage) -> Result<AnyView, CodeUnavailable> {
    draw_lists(Drawing::Page(page)).await
}

/// Draws a record's page, or the editor of a record whose items are edited on it.
pub async fn draw_record(collection: Collection) -> Result<AnyView, CodeUnavailable> {
    match collection.edited_within() {
        Some(items) => draw_editor(Drawing::Page((collection, items))).await,
        None => draw_records(Drawing::Page(collection)).await,
    }
}

/// Draws a form.
pub async fn draw_form(page: FormPage) -> Result<AnyView, CodeUnavailable> {
    draw_forms(Drawing::Page(page)).await
}

/// Draws the overview.
pub async fn draw_dashboard(ahead: Option<ReadAhead>) -> Result<AnyView, CodeUnavailable> {
    draw_overview(Drawing::Page(ahead)).await
}

/// Draws the live calls.
pub async fn draw_live(ahead: Option<ReadAhead>) -> Result<AnyView, CodeUnavailable> {
    draw_live_calls(Drawing::Page(ahead)).await
}

/// Draws a statistics view.
pub async fn draw_charts(
    charted: Charted,
    ahead: Option<ReadAhead>,
) -> Result<AnyView, CodeUnavailable> {
    draw_statistics(Drawing::Page((charted, ahead))).await
}

/// Draws one of the customer's tools, whose texts come with them.
pub async fn draw_tool(tool: Tool) -> Result<AnyView, CodeUnavailable> {
    crate::i18n::load_whole().await?;
    draw_tools(Drawing::Page(tool)).await
}

/// Draws the embedding bridge, which comes in a part of its own (only a framed portal has it).
pub async fn draw_bridge(embedding: Embedding) -> Result<AnyView, CodeUnavailable> {
    draw_embedding(embedding).await
}

/// Draws the sign-in page.
pub async fn draw_login() -> Result<AnyView, CodeUnavailable> {
    draw_sign_in(()).await
}

/// Fetches the sign-in page's code.
pub async fn preload_login() -> Result<(), CodeUnavailable> {
    Ok(preload_sign_in().await?)
}
