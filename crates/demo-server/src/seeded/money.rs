//! The money records that go with a data set: service charges (derived from the services),
//! invoices (one per account and month of the history, their figures worked out later from the
//! calls) and the seeded payments.
//!
//! Charges and invoices are derived for seeded and loaded data sets alike, so a data file never
//! holds them; payments are seeded here or given by the file.

use crate::model::customers::CustomerId;
use crate::model::data_set::history_start;
use crate::model::money::{
    InvoiceRecord, Payment, PaymentRecord, PaymentStatus, PaymentType, Transaction,
    TransactionRecord,
};
use crate::model::records::{AccountRecord, ServiceRecord};
use crate::seeded::random::{Rng, uuid};
use api_model::resources::{RenewPeriod, ServiceState};
use chrono::{DateTime, Datelike, Duration, Months, TimeZone, Utc};
use rust_decimal::Decimal;
use std::collections::HashMap;
use std::sync::OnceLock;

/// How often a service renews.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Renewal {
    Day,
    Month,
}

impl Renewal {
    /// The renewals of a `renew-period`; `None` for `Disabled` (or anything else): none.
    pub fn of(renew_period: Option<&RenewPeriod>) -> Option<Renewal> {
        match renew_period {
            Some(RenewPeriod::Day) => Some(Renewal::Day),
            Some(RenewPeriod::Month) => Some(Renewal::Month),
            _ => None,
        }
    }

    /// The `k`-th renewal of a service created at `created_at`: `k` periods later, a month on
    /// the same day of the month (or its last day), counted from creation so none drifts.
    pub fn renewal(self, created_at: DateTime<Utc>, k: u32) -> Option<DateTime<Utc>> {
        match self {
            Renewal::Day => created_at.checked_add_signed(Duration::days(i64::from(k))),
            Renewal::Month => created_at.checked_add_months(Months::new(k)),
        }
    }

    /// The first renewal after `after`.
    pub fn next_renewal(
        self,
        created_at: DateTime<Utc>,
        after: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        (1..)
            .map_while(|k| self.renewal(created_at, k))
            .find(|at| *at > after)
    }
}

/// The charges for the services up to start-up, within the history: the initial price at
/// creation ("Activation of …") and the renew price at every renewal ("Renewal of …"). A
/// Suspended service missed its latest renewal (which suspended it), so its renewals stop a
/// period earlier.
pub fn service_charges(
    seed: u64,
    services: &[ServiceRecord],
    started_at: DateTime<Utc>,
) -> Vec<TransactionRecord> {
    let window = history_start(started_at)..=started_at;
    let mut out = Vec::new();
    for (index, service) in services.iter().enumerate() {
        let a = &service.attributes;
        let mut charge = |k: u64, description: String, amount: Decimal, at: DateTime<Utc>| {
            if window.contains(&at) {
                out.push(TransactionRecord {
                    id: uuid(seed, &format!("transactions-{}", service.id), k),
                    customer: service.customer,
                    account: service.account,
                    service: index,
                    attributes: Transaction {
                        description,
                        amount,
                        created_at: at,
                    },
                });
            }
        };
        if let Some(price) = a.initial_price {
            charge(0, format!("Activation of {}", a.name), price, a.created_at);
        }
        let (Some(period), Some(price)) = (Renewal::of(a.renew_period.as_ref()), a.renew_price)
        else {
            continue;
        };
        let suspended = a.state == ServiceState::Suspended;
        for k in 1.. {
            let Some(at) = period.renewal(a.created_at, k) else {
                break;
            };
            let paid_through = if suspended {
                period.renewal(a.created_at, k + 1)
            } else {
                Some(at)
            };
            if paid_through.is_none_or(|t| t > started_at) {
                break;
            }
            charge(u64::from(k), format!("Renewal of {}", a.name), price, at);
        }
    }
    out
}

fn month_start(time: DateTime<Utc>) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(time.year(), time.month(), 1, 0, 0, 0)
        .single()
        .unwrap_or(time)
}

/// An approved invoice per account for every calendar month (UTC) the history overlaps that
/// ended before start-up, numbered in the month it was issued (`INV-2026-10-0003`: the third of
/// October's, for September). The oldest invoice of each customer's second account has no PDF
/// (approved without a document), so both kinds exist.
pub fn invoices(
    seed: u64,
    accounts: &[AccountRecord],
    started_at: DateTime<Utc>,
) -> Vec<InvoiceRecord> {
    let current_month = month_start(started_at);
    let oldest_month = month_start(history_start(started_at));
    let mut position_of_account: HashMap<CustomerId, usize> = HashMap::new();
    let second_accounts: Vec<bool> = accounts
        .iter()
        .map(|account| {
            let position = position_of_account.entry(account.customer).or_default();
            *position += 1;
            *position == 2
        })
        .collect();
    let mut out = Vec::new();
    let mut start = oldest_month;
    while start < current_month {
        let Some(end) = start.checked_add_months(Months::new(1)) else {
            break;
        };
        let month_number = u64::from(start.year().unsigned_abs()) * 12 + u64::from(start.month());
        for (index, account) in accounts.iter().enumerate() {
            out.push(InvoiceRecord {
                id: uuid(seed, &format!("invoices-{}", account.id), month_number),
                customer: account.customer,
                account: index,
                reference: format!("INV-{}-{:02}-{:04}", end.year(), end.month(), index + 1),
                start,
                end,
                has_pdf: !(start == oldest_month && second_accounts[index]),
                figures: OnceLock::new(),
            });
        }
        start = end;
    }
    out
}

/// Roughly what a day of the account's calls (both ways) costs with the seeded rates, from its
/// traffic profile: top-ups of about the spend since the last one keep the balance history
/// near today's balance.
fn daily_spend_estimate(account: &AccountRecord) -> Decimal {
    let traffic = &account.traffic;
    Decimal::from(traffic.peak_milli_calls) * Decimal::from(traffic.mean_duration)
        / Decimal::from(700)
}

/// A round amount near `amount`: whole hundreds from a thousand, tens from a hundred.
fn round_amount(amount: Decimal) -> Decimal {
    let step = if amount >= Decimal::from(1000) {
        Decimal::from(100)
    } else if amount >= Decimal::from(100) {
        Decimal::from(10)
    } else {
        Decimal::ONE
    };
    ((amount / step).round() * step).max(step)
}

/// What kind of payment the `n`-th one is, counting back from the newest: a top-up still
/// pending, one canceled (its invoice expired), then completed ones, manual mostly, every third
/// a crypto top-up, and one manual payment the bank returned (rolled back).
fn seeded_kind(n: usize) -> (PaymentType, PaymentStatus, bool) {
    match n {
        0 => (PaymentType::Cryptomus, PaymentStatus::Pending, false),
        1 => (PaymentType::Cryptomus, PaymentStatus::Canceled, false),
        4 => (PaymentType::Manual, PaymentStatus::Completed, true),
        n if n % 3 == 0 => (PaymentType::Cryptomus, PaymentStatus::Completed, false),
        _ => (PaymentType::Manual, PaymentStatus::Completed, false),
    }
}

/// Every account's payments over the history: one every five to nine days, of about what the
/// account spent since the one before, and the pending and canceled top-ups of the last days.
/// Times are whole seconds. Their `balance-before-payment` comes from the balance history.
pub fn seeded_payments(
    seed: u64,
    accounts: &[AccountRecord],
    started_at: DateTime<Utc>,
) -> Vec<PaymentRecord> {
    let earliest = history_start(started_at) + Duration::days(1);
    let mut out = Vec::new();
    for (index, account) in accounts.iter().enumerate() {
        let mut rng = Rng::new(seed, &format!("payments-{index}"));
        let daily = daily_spend_estimate(account);
        let mut newest_first = Vec::new();
        let mut at = started_at - Duration::minutes(rng.range(10, 50));
        while at >= earliest {
            let n = newest_first.len();
            let (type_name, status, rolled_back) = seeded_kind(n);
            let gap_days = rng.range(5, 9);
            // About what the account spends until the next one.
            let spread = Decimal::new(rng.range(85, 115), 2);
            let amount = round_amount(daily * Decimal::from(gap_days) * spread);
            let transfer = rng.range(100_000, 999_999);
            let notes = match (&type_name, &status, rolled_back) {
                (PaymentType::Manual, _, true) => {
                    format!("Bank transfer {transfer} (returned by the bank)")
                }
                (PaymentType::Manual, _, false) => format!("Bank transfer {transfer}"),
                (_, PaymentStatus::Canceled, _) => "Top-up via Cryptomus (expired)".to_owned(),
                _ => "Top-up via Cryptomus".to_owned(),
            };
            let rolledback_at = rolled_back.then(|| at + Duration::hours(rng.range(2, 6)));
            let credited_before_start = status == PaymentStatus::Completed;
            newest_first.push(PaymentRecord {
                id: String::new(),
                customer: account.customer,
                account: index,
                attributes: Payment {
                    amount,
                    currency: account.attributes.currency.clone(),
                    notes: Some(notes),
                    status,
                    type_name,
                    created_at: at,
                    balance_before_payment: None,
                    rolledback_at,
                },
                credited_before_start,
            });
            // The next one back: a day or two before the pending top-up, days before the rest.
            let back = if n == 0 {
                Duration::hours(rng.range(20, 40))
            } else {
                Duration::days(gap_days) + Duration::seconds(rng.range(-20_000, 20_000))
            };
            at -= back;
        }
        for mut payment in newest_first.into_iter().rev() {
            payment.id = uuid(seed, "payments", out.len() as u64);
            out.push(payment);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::data_set::DataSet;

    fn data() -> DataSet {
        DataSet::generate(3, DateTime::from_timestamp(1_790_000_000, 0).unwrap())
    }

    #[test]
    fn renewals_count_from_creation_on_their_day() {
        let created = Utc.with_ymd_and_hms(2026, 1, 31, 9, 30, 0).unwrap();
        let month = Renewal::Month;
        assert_eq!(
            month.renewal(created, 1),
            Utc.with_ymd_and_hms(2026, 2, 28, 9, 30, 0).single()
        );
        assert_eq!(
            month.renewal(created, 2),
            Utc.with_ymd_and_hms(2026, 3, 31, 9, 30, 0).single()
        );
        let after = Utc.with_ymd_and_hms(2026, 3, 1, 0, 0, 0).unwrap();
        assert_eq!(
            month.next_renewal(created, after),
            month.renewal(created, 2)
        );
        assert_eq!(
            Renewal::Day.next_renewal(created, after),
            Utc.with_ymd_and_hms(2026, 3, 1, 9, 30, 0).single()
        );
        assert_eq!(Renewal::of(Some(&RenewPeriod::Disabled)), None);
    }

    #[test]
    fn charges_follow_each_services_renewals_within_the_history() {
        let data = data();
        let from = history_start(data.started_at);
        assert!(!data.transactions.is_empty());
        assert!(data.transactions.iter().all(|t| {
            let at = t.attributes.created_at;
            at >= from && at <= data.started_at
        }));
        for (index, service) in data.services.iter().enumerate() {
            let a = &service.attributes;
            let charges: Vec<&TransactionRecord> = data
                .transactions
                .iter()
                .filter(|t| t.service == index)
                .collect();
            let renewals = charges
                .iter()
                .filter(|t| t.attributes.description.starts_with("Renewal of "))
                .count();
            match (Renewal::of(a.renew_period.as_ref()), a.state.as_str()) {
                (None, _) => assert_eq!(renewals, 0, "{}", a.name),
                (Some(Renewal::Day), "Active") => {
                    assert!((59..=60).contains(&renewals), "{}: {renewals}", a.name)
                }
                (Some(Renewal::Month), "Active") => {
                    assert!((1..=2).contains(&renewals), "{}: {renewals}", a.name)
                }
                _ => {}
            }
            assert!(charges.iter().all(|t| t.account == service.account));
            // The next renewal the service announces is the first after start-up.
            if let (Some(period), "Active") =
                (Renewal::of(a.renew_period.as_ref()), a.state.as_str())
            {
                assert_eq!(
                    a.renew_at,
                    period.next_renewal(a.created_at, data.started_at)
                );
            }
        }
    }

    #[test]
    fn invoices_cover_each_ended_month_of_the_history() {
        let data = data();
        // 2026-09-21: the history starts in July; July and August have ended.
        let months: Vec<String> = data
            .invoices
            .iter()
            .filter(|i| i.account == 0)
            .map(|i| i.start.format("%Y-%m").to_string())
            .collect();
        assert_eq!(months, ["2026-07", "2026-08"]);
        let first = &data.invoices[0];
        assert_eq!(first.reference, "INV-2026-08-0001");
        assert_eq!(
            first.end,
            Utc.with_ymd_and_hms(2026, 8, 1, 0, 0, 0).unwrap()
        );
        let without_pdf: Vec<(usize, String)> = data
            .invoices
            .iter()
            .filter(|i| !i.has_pdf)
            .map(|i| (i.account, i.reference.clone()))
            .collect();
        assert_eq!(
            without_pdf,
            [
                (1, "INV-2026-08-0002".to_owned()),
                (5, "INV-2026-08-0006".to_owned())
            ]
        );
    }

    #[test]
    fn every_account_has_payments_of_every_kind() {
        let data = data();
        let payments = data.payments.read().unwrap();
        for (index, account) in data.accounts.iter().enumerate() {
            let own: Vec<&PaymentRecord> = payments.iter().filter(|p| p.account == index).collect();
            assert!(own.len() >= 6, "{}: {}", account.attributes.name, own.len());
            for status in [
                PaymentStatus::Completed,
                PaymentStatus::Pending,
                PaymentStatus::Canceled,
            ] {
                assert!(own.iter().any(|p| p.attributes.status == status));
            }
            for type_name in [PaymentType::Manual, PaymentType::Cryptomus] {
                assert!(own.iter().any(|p| p.attributes.type_name == type_name));
            }
            assert_eq!(own.iter().filter(|p| p.is_rolled_back()).count(), 1);
            assert!(
                own.windows(2)
                    .all(|w| w[0].attributes.created_at < w[1].attributes.created_at)
            );
            assert!(
                own.iter()
                    .all(|p| p.attributes.created_at <= data.started_at
                        && p.attributes.created_at >= history_start(data.started_at)
                        && p.attributes.amount >= Decimal::ONE
                        && p.attributes.currency == account.attributes.currency)
            );
        }
    }
}
