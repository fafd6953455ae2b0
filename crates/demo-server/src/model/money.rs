//! The customer's money: payments to its accounts, charges for its services (transactions),
//! invoices of its spending, and the balance that paying a top-up raises while the server runs.

use crate::model::customers::CustomerId;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::sync::{OnceLock, RwLock};

pub use api_model::resources::{Payment, PaymentStatus, PaymentType, Transaction};

/// An amount as the API writes a sum: exact, without trailing zeros (`1200`, `0.35`).
pub fn amount_text(amount: Decimal) -> String {
    amount.normalize().to_string()
}

#[derive(Debug, Clone, PartialEq)]
pub struct PaymentRecord {
    pub id: String,
    pub customer: CustomerId,
    pub account: usize,
    pub attributes: Payment,
    /// The payment was completed before start-up, so the balance at start-up has its amount
    /// (less it again if it was rolled back before then). A top-up paid while the server runs
    /// raises the current balance instead.
    pub credited_before_start: bool,
}

impl PaymentRecord {
    /// Rolled-back payments exist but the API never lists or shows them.
    pub fn is_rolled_back(&self) -> bool {
        self.attributes.rolledback_at.is_some()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TransactionRecord {
    pub id: String,
    pub customer: CustomerId,
    pub account: usize,
    /// Index into [`DataSet::services`](crate::model::data_set::DataSet::services).
    pub service: usize,
    pub attributes: Transaction,
}

/// What an account's calls of one direction add up to over an invoice's period.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CallFigures {
    /// The sum of the calls' prices, exact.
    pub amount: Decimal,
    pub calls: u64,
    pub successful_calls: u64,
    /// Seconds of the answered calls.
    pub duration: u64,
    /// Seconds billed (whole intervals of the rates).
    pub billed_duration: u64,
    pub first_call_at: Option<DateTime<Utc>>,
    pub last_call_at: Option<DateTime<Utc>>,
}

/// An invoice's figures: its calls both ways and its service charges.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InvoiceFigures {
    pub originated: CallFigures,
    pub terminated: CallFigures,
    pub services_amount: Decimal,
    pub service_transactions: u64,
}

impl InvoiceFigures {
    /// `amount-spent`: the calls both ways and the services.
    pub fn amount_spent(&self) -> Decimal {
        self.originated.amount + self.terminated.amount + self.services_amount
    }
}

/// An approved invoice of one account for one calendar month (UTC).
#[derive(Debug, Clone)]
pub struct InvoiceRecord {
    pub id: String,
    pub customer: CustomerId,
    pub account: usize,
    /// `INV-<year>-<month>-<number>`, numbered in the month it was issued (the month after).
    pub reference: String,
    /// The first instant of the period.
    pub start: DateTime<Utc>,
    /// The first instant after the period.
    pub end: DateTime<Utc>,
    pub has_pdf: bool,
    /// Worked out on first use from a month of calls, then kept: the period is over, so they
    /// never change (see `crate::traffic::billing::invoice_figures`).
    pub figures: OnceLock<InvoiceFigures>,
}

/// An account's balance while the server runs, which paying a top-up raises.
#[derive(Debug, Default)]
pub struct CurrentBalance(RwLock<Decimal>);

impl CurrentBalance {
    pub fn new(balance: Decimal) -> CurrentBalance {
        CurrentBalance(RwLock::new(balance))
    }

    pub fn get(&self) -> Decimal {
        // A plain number: a panic elsewhere cannot leave it half-written.
        *self
            .0
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Adds `amount`, answering the balance before.
    pub fn credit(&self, amount: Decimal) -> Decimal {
        let mut balance = self
            .0
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let before = *balance;
        *balance += amount;
        before
    }
}

impl Clone for CurrentBalance {
    fn clone(&self) -> CurrentBalance {
        CurrentBalance::new(self.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payment_reads_and_writes_as_the_api_sends_it() {
        let text = r#"{"amount": "100.25", "currency": "USD", "notes": "wire 123",
            "created-at": "2026-07-01T10:00:00.000Z", "status": "completed",
            "type-name": "manual", "balance-before-payment": "12.5", "rolledback-at": null}"#;
        let payment: Payment = serde_json::from_str(text).unwrap();
        assert_eq!(payment.amount, Decimal::new(10025, 2));
        assert_eq!(payment.status, PaymentStatus::Completed);
        assert_eq!(payment.type_name, PaymentType::Manual);
        let written = serde_json::to_value(&payment).unwrap();
        assert_eq!(written["amount"], "100.25");
        assert_eq!(written["created-at"], "2026-07-01T10:00:00.000Z");
        assert_eq!(written["rolledback-at"], serde_json::Value::Null);
    }

    #[test]
    fn a_credit_answers_the_balance_before() {
        let balance = CurrentBalance::new(Decimal::new(-3104, 1));
        assert_eq!(
            balance.credit(Decimal::new(2550, 2)),
            Decimal::new(-3104, 1)
        );
        assert_eq!(balance.get(), Decimal::new(-2849, 1));
        assert_eq!(balance.clone().get(), balance.get());
    }
}
