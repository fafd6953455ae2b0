//! A month's statement in one file (`/statement?month=YYYY-MM`): the month's invoices as CSV
//! and their PDFs, its payments and service charges as CSV, each account's statistics by day as
//! CSV, and a summary, in one zip made in the browser. Each part follows its own profile flag;
//! a part that fails is named, on the page and in the summary, and the rest is kept.
//!
//! The lists are fetched as their own pages export them (`list::every_page`), so each CSV is
//! the one the list's "Export CSV" gives for the month.

use crate::access::Access;
use crate::export::{SaveError, save_bytes};
use crate::http::{Abort, Api};
use crate::i18n::{error_text, texts, tr};
use crate::pages::list::{every_page, loader_with};
use crate::resources::{ColumnHead, TableRow, columns, file_offer};
use crate::routing::{Charted, Page};
use api_model::catalog::Collection;
use api_model::errors::ApiError;
use api_model::list::ListParams;
use api_model::statement::{EntryNames, Month, MonthError};
use api_model::stats::{Direction, StatsEndpoint, StatsKind, StatsPayload};
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::rc::Rc;

mod summary;
mod zip;

use summary::Summary;

/// The file's name for a month.
fn file_name(month: Month) -> String {
    format!("statement-{month}.zip")
}

/// Where a part of the file stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartState {
    Fetching,
    Done,
    Failed(String),
    Withheld,
}

/// One file of the statement, as the page lists it while it is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub name: String,
    pub state: PartState,
}

/// The statement's making, as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Job {
    Idle,
    Running,
    Saved { file: String, failed: Vec<String> },
    NotSaved(SaveError),
    Cancelled,
}

/// The making of one statement: what it asks, and what it has gathered.
struct Making {
    api: Api,
    access: Option<Access>,
    month: Month,
    now: DateTime<Utc>,
    parts: RwSignal<Vec<Part>>,
    in_flight: StoredValue<Option<Abort>, LocalStorage>,
    cancelled: Rc<dyn Fn() -> bool>,
    names: EntryNames,
    files: Vec<(String, Vec<u8>)>,
    summary: Summary,
}

/// The making was cancelled: nothing is saved.
struct Cancelled;

impl Making {
    /// A new part, listed as being fetched; its index.
    fn begin(&mut self, wanted: &str) -> (usize, String) {
        let name = self.names.take(wanted);
        let part = Part {
            name: name.clone(),
            state: PartState::Fetching,
        };
        self.parts.try_update(|parts| parts.push(part));
        (self.names.count() - 1, name)
    }

    /// Where part `index` ended; the summary hears of a failed or withheld one. The page may
    /// be gone by now: its list is then left alone.
    fn end(&mut self, index: usize, state: PartState) {
        let name = self.names.nth(index).unwrap_or_default().to_owned();
        match &state {
            PartState::Failed(reason) => self.summary.failed.push((name, reason.clone())),
            PartState::Withheld => self.summary.withheld.push(name),
            PartState::Fetching | PartState::Done => {}
        }
        self.parts.try_update(|parts| {
            if let Some(part) = parts.get_mut(index) {
                part.state = state;
            }
        });
    }

    fn allows(&self, page: Page) -> bool {
        self.access
            .as_ref()
            .is_none_or(|access| untrack(|| access.allows(page)) == Some(true))
    }

    /// Every record of `collection` in the month (by its time `field`, none for all), as the
    /// list exports them, into `file`; its rows with its columns, unless withheld or failed.
    async fn list(
        &mut self,
        collection: Collection,
        field: Option<&str>,
        file: &str,
    ) -> Result<Option<(Vec<ColumnHead>, Vec<TableRow>)>, Cancelled> {
        let (index, name) = self.begin(file);
        if !self.allows(Page::List(collection)) {
            self.end(index, PartState::Withheld);
            return Ok(None);
        }
        let params = ListParams {
            filters: field.map(|f| self.month.filters(f)).unwrap_or_default(),
            ..ListParams::default()
        };
        let load = loader_with(self.api.clone(), collection, None);
        let mut rows = Vec::new();
        let cancelled = self.cancelled.clone();
        let fetched = every_page(
            params,
            &load,
            self.in_flight,
            move || cancelled(),
            |page, _, _| rows.extend(page),
        )
        .await
        .ok_or(Cancelled)?;
        let columns = columns(collection.spec());
        match fetched {
            Ok(()) => {
                let mut csv = crate::export::csv_header(&columns);
                csv.push_str(&crate::export::csv_rows(&columns, &rows));
                self.files.push((name, csv.into_bytes()));
                self.end(index, PartState::Done);
                Ok(Some((columns, rows)))
            }
            Err(error) => {
                self.end(index, PartState::Failed(error_text(&error)));
                Ok(None)
            }
        }
    }

    /// A request of the making: superseded by a cancel.
    fn signal(&self) -> Option<web_sys::AbortSignal> {
        let abort = Abort::new();
        let signal = abort.signal();
        self.in_flight.set_value(Some(abort));
        signal
    }

    /// The PDF of each invoice that has one, as its page's download saves it.
    async fn invoice_pdfs(
        &mut self,
        columns: &[ColumnHead],
        rows: &[TableRow],
    ) -> Result<(), Cancelled> {
        for row in rows {
            let Some(offer) = file_offer(Collection::Invoices, &row.id, &row.cells) else {
                continue;
            };
            let reference = summary::text_of(columns, row, "reference");
            let wanted = api_model::files::safe_file_name(&reference, &offer.file_name);
            let (index, name) = self.begin(&format!("invoices/{wanted}"));
            let answer = self.api.download(&offer.path, self.signal()).await;
            if (self.cancelled)() {
                return Err(Cancelled);
            }
            match answer {
                Ok(file) => {
                    self.files.push((name, file.bytes));
                    self.end(index, PartState::Done);
                }
                Err(error) => self.end(index, PartState::Failed(error_text(&error))),
            }
        }
        Ok(())
    }

    /// Each account's statistics of each side the profile shows, a day a sample, as CSV.
    async fn statistics(&mut self, accounts: &[(String, String)]) -> Result<(), Cancelled> {
        for (id, name) in accounts {
            for direction in [Direction::Origination, Direction::Termination] {
                let endpoint = StatsEndpoint::new(direction, StatsKind::Traffic);
                let side = summary::side_name(direction);
                let wanted = api_model::files::safe_file_name(&format!("{name} {side}"), "a.csv");
                let (index, file) = self.begin(&format!("statistics/{wanted}"));
                let shown = self.access.as_ref().map_or(
                    Some(api_model::profile::StatsAccess::everything(direction)),
                    |access| untrack(|| access.stats(direction)),
                );
                let page = Page::Statistics(Charted::of(endpoint));
                let (Some(shown), true) = (shown, self.allows(page)) else {
                    self.end(index, PartState::Withheld);
                    continue;
                };
                let query = self.month.statistics_query(id, self.now).to_query(endpoint);
                let answer: Result<StatsPayload, ApiError> =
                    self.api.get(endpoint.path(), &query, self.signal()).await;
                if (self.cancelled)() {
                    return Err(Cancelled);
                }
                match answer {
                    Ok(payload) => {
                        let payload = shown.strip(payload);
                        self.summary.add_statistics(name, direction, &payload);
                        let names: Vec<&str> = endpoint
                            .metrics()
                            .iter()
                            .map(|metric| metric.key())
                            .filter(|key| payload.series(key).is_some())
                            .collect();
                        let csv = chart_data::csv::payload_csv(&payload, &names);
                        self.files.push((file, csv.into_bytes()));
                        self.end(index, PartState::Done);
                    }
                    Err(error) => self.end(index, PartState::Failed(error_text(&error))),
                }
            }
        }
        Ok(())
    }

    /// Gathers every part; `Err` when cancelled.
    async fn gather(&mut self) -> Result<(), Cancelled> {
        let accounts = self
            .list(Collection::Accounts, None, "accounts.csv")
            .await?;
        if let Some((columns, rows)) = &accounts {
            self.summary.add_accounts(columns, rows);
        }
        let invoices = "start-date";
        if let Some((columns, rows)) = self
            .list(Collection::Invoices, Some(invoices), "invoices.csv")
            .await?
        {
            self.summary.add_invoices(&columns, &rows);
            self.invoice_pdfs(&columns, &rows).await?;
        }
        let created = Some("created-at");
        if let Some((columns, rows)) = self
            .list(Collection::Payments, created, "payments.csv")
            .await?
        {
            self.summary.add_payments(&columns, &rows);
        }
        if let Some((columns, rows)) = self
            .list(Collection::Transactions, created, "transactions.csv")
            .await?
        {
            self.summary.add_charges(&columns, &rows);
        }
        let named = self.summary.account_ids();
        self.statistics(&named).await
    }
}

/// Makes the statement of `month` and hands it to the browser; `None` when cancelled.
async fn make(mut making: Making) -> Option<Job> {
    making.gather().await.ok()?;
    let (index, name) = making.begin("summary.txt");
    let text = making.summary.text(making.month, making.now);
    making.files.insert(0, (name, text.into_bytes()));
    making.end(index, PartState::Done);
    let failed: Vec<String> = making
        .summary
        .failed
        .iter()
        .map(|(n, _)| n.clone())
        .collect();
    let file = file_name(making.month);
    let saved = zip::archive(&making.files, making.now)
        .ok_or(SaveError::NotMade)
        .and_then(|bytes| save_bytes(&file, "application/zip", &bytes));
    Some(match saved {
        Ok(()) => Job::Saved { file, failed },
        Err(reason) => Job::NotSaved(reason),
    })
}

/// The month the address names, else the last whole month.
fn month_of(query: &str, now: DateTime<Utc>) -> Result<Month, MonthError> {
    let named = api_model::query::decode_pairs(query.trim_start_matches('?'))
        .into_iter()
        .find(|(name, _)| name == "month")
        .map(|(_, value)| value);
    match named {
        Some(text) => Month::parse(&text, now),
        None => Ok(Month::last_whole(now)),
    }
}

fn month_error_text(error: &MonthError) -> String {
    let t = texts();
    match error {
        MonthError::NotAMonth(_) => t.statement_not_a_month.to_string(),
        MonthError::Ahead(month) => (t.statement_month_ahead)(&month.to_string()).get(),
    }
}

pub fn statement_page() -> impl IntoView {
    let query = crate::history::own_query(Page::Statement.href());
    let month = Memo::new(move |_| month_of(&query.get(), Utc::now()));
    let typed = RwSignal::new(None::<String>);
    let job = RwSignal::new(Job::Idle);
    let parts = RwSignal::new(Vec::<Part>::new());
    let in_flight = StoredValue::new_local(None::<Abort>);
    let run = StoredValue::new(0u32);
    let api = StoredValue::new_local(expect_context::<Api>());
    let access = use_context::<Access>();
    let start = move || {
        let Ok(picked) = month.get_untracked() else {
            return;
        };
        let this_run = run.try_update_value(|r| {
            *r += 1;
            *r
        });
        parts.set(Vec::new());
        job.set(Job::Running);
        let making = Making {
            api: api.get_value(),
            access,
            month: picked,
            now: Utc::now(),
            parts,
            in_flight,
            cancelled: Rc::new(move || run.try_get_value() != this_run),
            names: EntryNames::default(),
            files: Vec::new(),
            summary: Summary::default(),
        };
        spawn_local(async move {
            if let Some(outcome) = make(making).await {
                job.set(outcome);
            }
        });
    };
    let stop = move || {
        run.try_update_value(|r| *r += 1);
        in_flight.try_set_value(None);
    };
    let cancel = move || {
        stop();
        job.set(Job::Cancelled);
    };
    // Leaving the page (signing out among others) stops the making: no request of it goes out
    // under the next session, and no file is saved after the customer has left.
    on_cleanup(stop);
    view! {
        <section class="statement-page">
            <h1>{tr(|t| t.nav_statement)}</h1>
            <p class="hint">{tr(|t| t.statement_intro)}</p>
            {month_form(month, typed, job, start, cancel)}
            {progress(parts, job)}
        </section>
    }
}

/// The month, the button that makes the statement and, while it is made, the one that cancels.
fn month_form(
    month: Memo<Result<Month, MonthError>>,
    typed: RwSignal<Option<String>>,
    job: RwSignal<Job>,
    start: impl Fn() + Copy + Send + Sync + 'static,
    cancel: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let navigate = leptos_router::hooks::use_navigate();
    let shown = move || {
        typed.get().unwrap_or_else(|| match month.get() {
            Ok(month) => month.to_string(),
            Err(MonthError::NotAMonth(text)) => text,
            Err(MonthError::Ahead(month)) => month.to_string(),
        })
    };
    let pick = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        typed.set(None);
        let query = api_model::query::encode_pairs(&[("month", value.as_str())]);
        let url = format!("{}?{query}", Page::Statement.href());
        navigate(&url, leptos_router::NavigateOptions::default());
    };
    let problem = move || month.get().err().map(|e| month_error_text(&e));
    let running = move || job.get() == Job::Running;
    view! {
        <form class="statement-form" on:submit=move |ev| {
            ev.prevent_default();
            if !running() {
                start();
            }
        }>
            <label>
                {tr(|t| t.statement_month)}
                <input
                    type="month"
                    name="month"
                    prop:value=shown
                    on:input=move |ev| typed.set(Some(event_target_value(&ev)))
                    on:change=pick
                    aria-invalid=move || problem().is_some().to_string()
                    aria-describedby="statement-month-problem"
                    disabled=running
                />
            </label>
            <p class="form-error" id="statement-month-problem" role="alert">{problem}</p>
            // Both buttons stay in the page, one hidden: a button swapped for the other under
            // the pointer took Cancel's click for the form's submit and started again.
            <button type="submit" class="statement-make" hidden=running disabled=move || problem().is_some()>
                {tr(|t| t.statement_make)}
            </button>
            <button type="button" class="statement-cancel" hidden=move || !running() on:click=move |_| cancel()>
                {tr(|t| t.statement_cancel)}
            </button>
        </form>
    }
}

/// The parts as they are fetched, and how the making ended.
fn progress(parts: RwSignal<Vec<Part>>, job: RwSignal<Job>) -> impl IntoView {
    let done = move || {
        parts.with(|parts| {
            parts
                .iter()
                .filter(|p| p.state != PartState::Fetching)
                .count()
        })
    };
    let total = move || parts.with(Vec::len);
    let lines = move || {
        parts
            .get()
            .into_iter()
            .map(|part| {
                let failed = matches!(part.state, PartState::Failed(_));
                view! {
                    <li class:failed=failed>
                        <span class="part-name">{part.name}</span>
                        " "
                        <span class="part-state">{move || part_state_text(&part.state)}</span>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <div class="statement-progress" hidden=move || total() == 0>
            <label>
                {move || (texts().statement_progress)(&done().to_string(), &total().to_string())}
                <progress max=total value=done></progress>
            </label>
            <h2>{tr(|t| t.statement_parts)}</h2>
            <ol class="statement-parts">{lines}</ol>
        </div>
        <p class="statement-outcome" role="status" aria-live="polite">
            {move || outcome_text(&job.get())}
        </p>
    }
}

fn part_state_text(state: &PartState) -> String {
    let t = texts();
    match state {
        PartState::Fetching => t.statement_part_fetching.to_string(),
        PartState::Done => t.statement_part_done.to_string(),
        PartState::Failed(reason) => (t.statement_part_failed)(reason).get(),
        PartState::Withheld => t.statement_part_withheld.to_string(),
    }
}

fn outcome_text(job: &Job) -> Option<String> {
    let t = texts();
    Some(match job {
        Job::Idle | Job::Running => return None,
        Job::Saved { file, failed } if failed.is_empty() => (t.statement_saved)(file).get(),
        Job::Saved { file, failed } => (t.statement_saved_without)(file, &failed.join(", ")).get(),
        Job::NotSaved(reason) => (t.statement_not_saved)(reason.text().get()).get(),
        Job::Cancelled => t.statement_cancelled.to_string(),
    })
}
