//! Money computed from the call history: an invoice's figures, and the balance history that
//! gives each payment made before start-up its `balance-before-payment`.
//!
//! The balance history goes back from an account's balance at start-up. Everything that
//! changed the balance until start-up is undone in turn: a completed payment raised it by its
//! amount (and its roll-back, if any, lowered it again), every call in either direction lowered
//! it by its price, every service charge by its amount; calls after start-up are not charged
//! (the demo's balances move only by top-ups while it runs). A payment's balance before is the
//! balance just before its time: everything at or after that time is undone, its own amount
//! too when it was completed. So for consecutive completed payments `p` and `q` (a rolled-back
//! one between them nets out), `before(q) = before(p) + amount(p) − spend in [p, q)`, where
//! the spend is what the invoices count: calls both ways and service charges.

use crate::model::data_set::DataSet;
use crate::model::money::{CallFigures, InvoiceFigures, InvoiceRecord, PaymentRecord};
use crate::traffic::calls::{CallHistory, Direction};
use crate::traffic::cdrs::{billed_seconds, start_micros};
use crate::traffic::statistics::Sums;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::collections::BTreeSet;

/// The figures of the account's calls in one direction that start in `[from, to)`: counted as
/// the statistics count them ([`Sums`], so the amount is their `total_price`), plus the billed
/// seconds (the CDRs' `customer-duration`) and the first and last call's start (their CDRs'
/// `time-start`).
pub fn call_figures(
    data: &DataSet,
    direction: Direction,
    account: usize,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> CallFigures {
    let (from, to) = (from.timestamp(), to.timestamp());
    let mut sums = Sums::default();
    let mut billed: u64 = 0;
    let mut first: Option<i64> = None;
    let mut last: Option<i64> = None;
    CallHistory::of(data).for_each_call_of(direction, account, from, to, to - 1, |call| {
        sums.add(call, call.price(data));
        billed += u64::try_from(billed_seconds(data, call)).unwrap_or(0);
        let start = start_micros(call);
        first = Some(first.map_or(start, |t| t.min(start)));
        last = Some(last.map_or(start, |t| t.max(start)));
    });
    CallFigures {
        amount: sums.price,
        calls: sums.calls,
        successful_calls: sums.answered,
        duration: sums.seconds,
        billed_duration: billed,
        first_call_at: first.and_then(DateTime::from_timestamp_micros),
        last_call_at: last.and_then(DateTime::from_timestamp_micros),
    }
}

/// The invoice's figures: its account's calls both ways in its period and the service charges
/// made in it. Worked out once (a month of calls), then kept in the invoice.
pub fn invoice_figures<'i>(data: &DataSet, invoice: &'i InvoiceRecord) -> &'i InvoiceFigures {
    invoice.figures.get_or_init(|| {
        let calls =
            |direction| call_figures(data, direction, invoice.account, invoice.start, invoice.end);
        let charges = data.transactions.iter().filter(|t| {
            let at = t.attributes.created_at;
            t.account == invoice.account && at >= invoice.start && at < invoice.end
        });
        let (services_amount, service_transactions) = charges
            .fold((Decimal::ZERO, 0), |(sum, count), t| {
                (sum + t.attributes.amount, count + 1)
            });
        InvoiceFigures {
            originated: calls(Direction::Originated),
            terminated: calls(Direction::Terminated),
            services_amount,
            service_transactions,
        }
    })
}

/// The balance of the account just before each of `times` (Unix microseconds, ascending), by
/// the balance history (see the module's documentation).
fn balances_before(
    data: &DataSet,
    payments: &[PaymentRecord],
    account: usize,
    times: &[i64],
) -> Vec<Decimal> {
    let (Some(&earliest), Some(record)) = (times.first(), data.accounts.get(account)) else {
        return Vec::new();
    };
    // To the end of the start-up second: the history has that second's calls at start-up.
    let started = data.started_at.timestamp_micros() + 999_999;
    // changed_from[k]: the changes at or after the first k times and before the next one.
    let mut changed_from = vec![Decimal::ZERO; times.len() + 1];
    let mut change = |at: i64, amount: Decimal| {
        if at <= started {
            changed_from[times.partition_point(|t| *t <= at)] += amount;
        }
    };
    for payment in payments
        .iter()
        .filter(|p| p.account == account && p.credited_before_start)
    {
        let a = &payment.attributes;
        change(a.created_at.timestamp_micros(), a.amount);
        if let Some(rolled_back) = a.rolledback_at {
            change(rolled_back.timestamp_micros(), -a.amount);
        }
    }
    for charge in data.transactions.iter().filter(|t| t.account == account) {
        let a = &charge.attributes;
        change(a.created_at.timestamp_micros(), -a.amount);
    }
    let history = CallHistory::of(data);
    let (from, to) = (earliest.div_euclid(1_000_000), data.started_at.timestamp());
    for direction in [Direction::Originated, Direction::Terminated] {
        history.for_each_call_of(direction, account, from, to + 1, to, |call| {
            change(start_micros(call), -call.price(data));
        });
    }
    // Undo, newest first, everything at or after each time.
    let mut balance = record.attributes.balance;
    let mut out = vec![Decimal::ZERO; times.len()];
    for k in (0..times.len()).rev() {
        balance -= changed_from[k + 1];
        out[k] = balance;
    }
    out
}

/// Works out `balance-before-payment` of every payment that has none yet (those made before
/// start-up; a top-up made while the server runs gets its own when made and when paid).
pub fn settle_payments(data: &DataSet, payments: &mut [PaymentRecord]) {
    let accounts: BTreeSet<usize> = payments
        .iter()
        .filter(|p| p.attributes.balance_before_payment.is_none())
        .map(|p| p.account)
        .collect();
    for account in accounts {
        let mut times: Vec<i64> = payments
            .iter()
            .filter(|p| p.account == account && p.attributes.balance_before_payment.is_none())
            .map(|p| p.attributes.created_at.timestamp_micros())
            .collect();
        times.sort_unstable();
        times.dedup();
        let balances = balances_before(data, payments, account, &times);
        for payment in payments
            .iter_mut()
            .filter(|p| p.account == account && p.attributes.balance_before_payment.is_none())
        {
            let at = payment.attributes.created_at.timestamp_micros();
            let found = times.binary_search(&at).ok().and_then(|k| balances.get(k));
            payment.attributes.balance_before_payment = found.copied();
        }
    }
}

/// [`settle_payments`] on the data set's own payments.
pub fn settle_all_payments(data: &DataSet) {
    // Whole fields are set under the lock: a panic cannot leave a half-written payment.
    let mut payments = data
        .payments
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    settle_payments(data, &mut payments);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::money::PaymentStatus;
    use chrono::Duration;

    fn data() -> DataSet {
        DataSet::generate(8, DateTime::from_timestamp(1_790_000_000, 0).unwrap())
    }

    /// What the account spent in `[from, to)` (up to start-up): calls both ways and service
    /// charges, walked here on their own.
    fn spend(data: &DataSet, account: usize, from: DateTime<Utc>, to: DateTime<Utc>) -> Decimal {
        let history = CallHistory::of(data);
        let mut total = Decimal::ZERO;
        let (from_s, to_s) = (from.timestamp(), to.timestamp());
        for direction in [Direction::Originated, Direction::Terminated] {
            history.for_each_call_of(direction, account, from_s, to_s, i64::MAX - 1, |call| {
                total += call.price(data);
            });
        }
        let charges = data.transactions.iter().filter(|t| {
            let at = t.attributes.created_at;
            t.account == account && at >= from && at < to
        });
        total + charges.map(|t| t.attributes.amount).sum::<Decimal>()
    }

    #[test]
    fn the_balance_history_steps_from_payment_to_payment_up_to_the_balance_at_start_up() {
        let data = data();
        settle_all_payments(&data);
        let payments = data.payments.read().unwrap();
        for (index, account) in data.accounts.iter().enumerate() {
            let completed: Vec<&PaymentRecord> = payments
                .iter()
                .filter(|p| {
                    p.account == index
                        && !p.is_rolled_back()
                        && p.attributes.status == PaymentStatus::Completed
                })
                .collect();
            assert!(completed.len() >= 4, "{}", account.attributes.name);
            let before = |p: &PaymentRecord| p.attributes.balance_before_payment.unwrap();
            for pair in completed.windows(2) {
                let (p, q) = (pair[0], pair[1]);
                let (p_at, q_at) = (p.attributes.created_at, q.attributes.created_at);
                assert_eq!(
                    before(q),
                    before(p) + p.attributes.amount - spend(&data, index, p_at, q_at),
                    "{}: {p_at} to {q_at}",
                    account.attributes.name
                );
            }
            let last = completed.last().unwrap();
            let after_start = data.started_at + Duration::seconds(1);
            assert_eq!(
                account.attributes.balance,
                before(last) + last.attributes.amount
                    - spend(&data, index, last.attributes.created_at, after_start),
                "{}",
                account.attributes.name
            );
            // A payment still pending at start-up: the balance just before it, nothing of its
            // own amount.
            let pending = payments
                .iter()
                .find(|p| p.account == index && p.attributes.status == PaymentStatus::Pending)
                .unwrap();
            assert_eq!(
                before(pending),
                account.attributes.balance
                    + spend(&data, index, pending.attributes.created_at, after_start)
            );
        }
    }

    #[test]
    fn an_invoices_figures_add_up_its_calls_and_charges() {
        let data = data();
        let invoice = &data.invoices[0];
        let figures = invoice_figures(&data, invoice);
        let calls = &figures.originated;
        assert!(calls.calls > 1000 && calls.successful_calls < calls.calls);
        assert!(calls.billed_duration >= calls.duration);
        assert!(calls.first_call_at.unwrap() >= invoice.start);
        assert!(calls.last_call_at.unwrap() < invoice.end);
        // Split in two, the figures add up.
        let middle = invoice.start + Duration::days(10);
        let halves = [(invoice.start, middle), (middle, invoice.end)]
            .map(|(from, to)| call_figures(&data, Direction::Originated, 0, from, to));
        assert_eq!(halves[0].calls + halves[1].calls, calls.calls);
        assert_eq!(halves[0].amount + halves[1].amount, calls.amount);
        assert_eq!(
            halves[0].billed_duration + halves[1].billed_duration,
            calls.billed_duration
        );
        assert_eq!(
            figures.amount_spent(),
            spend(&data, invoice.account, invoice.start, invoice.end)
        );
        assert_eq!(
            figures.service_transactions,
            data.transactions
                .iter()
                .filter(|t| t.account == invoice.account
                    && t.attributes.created_at >= invoice.start
                    && t.attributes.created_at < invoice.end)
                .count() as u64
        );
        // Kept: the second look is the same figures, not new ones.
        assert!(std::ptr::eq(figures, invoice_figures(&data, invoice)));
    }
}
