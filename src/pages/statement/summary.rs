//! The statement's summary (`summary.txt`): per account, its balance now and what the month's
//! invoices, payments, service charges and calls add up to, then the parts that failed or were
//! left out. In the language in use, amounts exact.

use crate::format;
use crate::i18n::texts;
use crate::resources::{ColumnHead, TableRow};
use api_model::record::Value;
use api_model::statement::{Month, Sums};
use api_model::stats::{Direction, StatsMetric, StatsPayload};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// An account, as its row in `accounts.csv` has it.
#[derive(Debug, Clone)]
struct AccountFacts {
    id: String,
    name: String,
    balance: Option<Decimal>,
    currency: Option<String>,
}

/// The balance an account had just before a payment.
#[derive(Debug, Clone)]
struct BalanceAt {
    account: String,
    at: DateTime<Utc>,
    balance: Decimal,
    currency: Option<String>,
}

#[derive(Debug, Default)]
pub struct Summary {
    accounts: Vec<AccountFacts>,
    invoices: Sums,
    payments: Sums,
    charges: Sums,
    first_payments: Vec<BalanceAt>,
    /// The calls' price of each account and side, from the statistics' totals.
    calls: Vec<(String, Direction, Decimal)>,
    /// Each part that failed, with why.
    pub failed: Vec<(String, String)>,
    /// Each part left out: the profile withholds it.
    pub withheld: Vec<String>,
}

/// The value of a row's column `key`.
fn value_of<'a>(columns: &[ColumnHead], row: &'a TableRow, key: &str) -> Option<&'a Value> {
    let at = columns.iter().position(|column| column.key == key)?;
    row.cells.get(at).map(|cell| &cell.value)
}

/// The text of a row's column `key`, as its CSV has it; empty when it has none.
pub fn text_of(columns: &[ColumnHead], row: &TableRow, key: &str) -> String {
    value_of(columns, row, key)
        .map(Value::raw)
        .unwrap_or_default()
}

fn money_of(value: Option<&Value>) -> Option<(Decimal, Option<String>)> {
    match value? {
        Value::Money { amount, currency } => Some((*amount, currency.clone())),
        Value::Decimal(amount) => Some((*amount, None)),
        _ => None,
    }
}

/// A side of the calls, as the statistics' file names say it.
pub fn side_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Origination => "origination",
        Direction::Termination => "termination",
    }
}

impl Summary {
    pub fn add_accounts(&mut self, columns: &[ColumnHead], rows: &[TableRow]) {
        for row in rows {
            let balance = money_of(value_of(columns, row, "balance"));
            self.accounts.push(AccountFacts {
                id: row.id.clone(),
                name: text_of(columns, row, "name"),
                balance: balance.as_ref().map(|(amount, _)| *amount),
                currency: balance.and_then(|(_, currency)| currency),
            });
        }
    }

    /// The accounts whose statistics the statement holds: id and name.
    pub fn account_ids(&self) -> Vec<(String, String)> {
        self.accounts
            .iter()
            .map(|account| (account.id.clone(), account.name.clone()))
            .collect()
    }

    fn add_sums(sums: &mut Sums, columns: &[ColumnHead], rows: &[TableRow], amount: &str) {
        for row in rows {
            if let Some((amount, currency)) = money_of(value_of(columns, row, amount)) {
                let account = text_of(columns, row, "account");
                sums.add(&account, currency.as_deref(), amount);
            }
        }
    }

    pub fn add_invoices(&mut self, columns: &[ColumnHead], rows: &[TableRow]) {
        Summary::add_sums(&mut self.invoices, columns, rows, "amount-spent");
    }

    /// Completed payments only: a pending or cancelled one moved no money.
    pub fn add_payments(&mut self, columns: &[ColumnHead], rows: &[TableRow]) {
        let completed: Vec<TableRow> = rows
            .iter()
            .filter(|row| text_of(columns, row, "status") == "completed")
            .cloned()
            .collect();
        Summary::add_sums(&mut self.payments, columns, &completed, "amount");
        for row in &completed {
            let at = match value_of(columns, row, "created-at") {
                Some(Value::Time(at)) => *at,
                _ => continue,
            };
            let Some((balance, currency)) =
                money_of(value_of(columns, row, "balance-before-payment"))
            else {
                continue;
            };
            let account = text_of(columns, row, "account");
            let earlier = self
                .first_payments
                .iter_mut()
                .find(|first| first.account == account);
            let this = BalanceAt {
                account,
                at,
                balance,
                currency,
            };
            match earlier {
                Some(first) if first.at <= at => {}
                Some(first) => *first = this,
                None => self.first_payments.push(this),
            }
        }
    }

    pub fn add_charges(&mut self, columns: &[ColumnHead], rows: &[TableRow]) {
        Summary::add_sums(&mut self.charges, columns, rows, "amount");
    }

    /// The price of an account's calls of a side, when the profile shows it as a figure.
    pub fn add_statistics(&mut self, account: &str, direction: Direction, payload: &StatsPayload) {
        if let Some(price) = payload.total(StatsMetric::TotalPrice.key()) {
            self.calls.push((account.to_owned(), direction, price));
        }
    }

    /// The accounts the summary speaks of: the listed ones, then any only the records name.
    fn account_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.accounts.iter().map(|a| a.name.clone()).collect();
        let named = [&self.invoices, &self.payments, &self.charges];
        for sum in named.iter().flat_map(|sums| sums.all()) {
            if !names.contains(&sum.account) {
                names.push(sum.account.clone());
            }
        }
        names
    }

    /// The summary's text.
    pub fn text(&self, month: Month, now: DateTime<Utc>) -> String {
        let t = texts();
        let mut lines = vec![
            (t.statement_summary_title)(&month.to_string()).get(),
            (t.statement_summary_made)(&format::timestamp(Some(&now))).get(),
        ];
        if month.is_running(now) {
            lines.push(t.statement_summary_running.to_string());
        }
        for name in self.account_names() {
            lines.push(String::new());
            lines.push(format!("== {name} =="));
            lines.extend(self.account_lines(&name));
        }
        let failed = self
            .failed
            .iter()
            .map(|(name, why)| format!("- {name}: {why}"));
        let failed: Vec<String> = failed.collect();
        if !failed.is_empty() {
            lines.push(String::new());
            lines.push(t.statement_summary_failed.to_string());
            lines.extend(failed);
        }
        if !self.withheld.is_empty() {
            lines.push(String::new());
            lines.push(t.statement_summary_withheld.to_string());
            lines.extend(self.withheld.iter().map(|name| format!("- {name}")));
        }
        let mut text = lines.join("\r\n");
        text.push_str("\r\n");
        text
    }

    fn account_lines(&self, name: &str) -> Vec<String> {
        let t = texts();
        let account = self.accounts.iter().find(|a| a.name == name);
        let currency = account.and_then(|a| a.currency.clone()).unwrap_or_default();
        let mut lines = Vec::new();
        if let Some(balance) = account.and_then(|a| a.balance) {
            let amount = format::money(Some(&balance), &currency);
            lines.push((t.statement_summary_balance_now)(&amount).get());
        }
        let sums = [
            (&self.invoices, t.statement_summary_invoices),
            (&self.payments, t.statement_summary_payments),
            (&self.charges, t.statement_summary_charges),
        ];
        for (sums, phrase) in sums {
            for sum in sums.of_account(name) {
                let amount =
                    format::money(sum.total.as_ref(), sum.currency.as_deref().unwrap_or(""));
                lines.push(phrase(&format::count(sum.count), &amount).get());
            }
        }
        for (_, direction, price) in self.calls.iter().filter(|(a, ..)| a == name) {
            let amount = format::money(Some(price), &currency);
            let phrase = match direction {
                Direction::Origination => t.statement_summary_originated,
                Direction::Termination => t.statement_summary_terminated,
            };
            lines.push(phrase(&amount).get());
        }
        for first in self.first_payments.iter().filter(|f| f.account == name) {
            let amount = format::money(
                Some(&first.balance),
                first.currency.as_deref().unwrap_or(""),
            );
            let at = format::timestamp(Some(&first.at));
            lines.push((t.statement_summary_before_payment)(&at, &amount).get());
        }
        lines
    }
}
