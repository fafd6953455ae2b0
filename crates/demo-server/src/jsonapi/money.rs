//! The money records as JSON:API resources: invoices (their figures from the call history),
//! payments (rolled-back ones hidden, balances before from the balance history) and service
//! charges (`transactions`).

use crate::jsonapi::record::{FieldValue, Record, Render, in_viewers_scope};
use crate::jsonapi::records::account;
use crate::model::customers::{CustomerId, Viewer};
use crate::model::data_set::DataSet;
use crate::model::money::{CallFigures, InvoiceRecord, PaymentRecord, TransactionRecord};
use crate::traffic::billing::{invoice_figures, settle_payments};
use api_model::catalog::Collection;

/// An invoice's call figure by its name without the part (`calls-count`).
fn call_figure(calls: &CallFigures, figure: &str) -> FieldValue<'static> {
    match figure {
        "amount-spent" => FieldValue::Number(calls.amount.normalize()),
        "calls-count" => FieldValue::number(calls.calls),
        "successful-calls-count" => FieldValue::number(calls.successful_calls),
        "calls-duration" => FieldValue::number(calls.duration),
        "billing-duration" => FieldValue::number(calls.billed_duration),
        "first-call-at" => FieldValue::opt_time(calls.first_call_at),
        "last-call-at" => FieldValue::opt_time(calls.last_call_at),
        _ => FieldValue::Null,
    }
}

impl Record for InvoiceRecord {
    const COLLECTION: Collection = Collection::Invoices;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.invoices)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn account(&self, _data: &DataSet) -> Option<usize> {
        Some(self.account)
    }

    fn field_value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
        match field {
            "reference" => FieldValue::text(&self.reference),
            "start-date" => FieldValue::Time(self.start),
            "end-date" => FieldValue::Time(self.end),
            "has-pdf" => FieldValue::Bool(self.has_pdf),
            // The rest are figures of the calls and charges: worked out on first use.
            figure => {
                let figures = invoice_figures(data, self);
                match figure {
                    "amount-spent" => FieldValue::Number(figures.amount_spent().normalize()),
                    "services-amount-spent" => {
                        FieldValue::Number(figures.services_amount.normalize())
                    }
                    "service-transactions-count" => {
                        FieldValue::number(figures.service_transactions)
                    }
                    _ => match figure.split_once('-') {
                        Some(("originated", rest)) => call_figure(&figures.originated, rest),
                        Some(("terminated", rest)) => call_figure(&figures.terminated, rest),
                        _ => FieldValue::Null,
                    },
                }
            }
        }
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => account(data, self.account),
            _ => None,
        }
    }
}

impl Record for PaymentRecord {
    const COLLECTION: Collection = Collection::Payments;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        // A panic while holding the lock cannot leave a half-written payment behind (settling
        // sets whole fields, a top-up's changes are whole fields), so the data is still sound.
        let mut rows = data
            .payments
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        settle_payments(data, &mut rows);
        f(&rows)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn account(&self, _data: &DataSet) -> Option<usize> {
        Some(self.account)
    }

    /// Rolled-back payments are never listed or shown, as on the real server.
    fn visible_to(&self, viewer: Viewer, data: &DataSet) -> bool {
        !self.is_rolled_back() && in_viewers_scope(self, viewer, data)
    }

    fn field_value<'a>(&'a self, field: &str, _data: &'a DataSet) -> FieldValue<'a> {
        FieldValue::attribute(&self.attributes, field)
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => account(data, self.account),
            _ => None,
        }
    }
}

impl Record for TransactionRecord {
    const COLLECTION: Collection = Collection::Transactions;

    fn with_rows<T>(data: &DataSet, f: impl FnOnce(&[Self]) -> T) -> T {
        f(&data.transactions)
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn owner(&self) -> Option<CustomerId> {
        Some(self.customer)
    }

    fn account(&self, _data: &DataSet) -> Option<usize> {
        Some(self.account)
    }

    fn field_value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
        match field {
            "service-id" => {
                FieldValue::opt_text(data.services.get(self.service).map(|s| s.id.as_str()))
            }
            _ => FieldValue::attribute(&self.attributes, field),
        }
    }

    /// The service's place among the services stands for its database id: services in the
    /// order they were made.
    fn sort_value<'a>(&'a self, field: &str, data: &'a DataSet) -> FieldValue<'a> {
        match field {
            "service-id" => FieldValue::number(self.service as u64),
            _ => self.value(field, data),
        }
    }

    fn related<'d>(&self, name: &str, data: &'d DataSet) -> Option<&'d dyn Render> {
        match name {
            "account" => account(data, self.account),
            "service" => data.services.get(self.service).map(|s| s as &dyn Render),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jsonapi::collection::ListQuery;
    use crate::model::customers::{DEMO_CUSTOMER, OTHER_CUSTOMER};
    use chrono::Utc;
    use rust_decimal::Decimal;

    fn data() -> DataSet {
        DataSet::generate(4, Utc::now())
    }

    fn sum(values: impl IntoIterator<Item = Decimal>) -> Decimal {
        values.into_iter().sum::<Decimal>().normalize()
    }

    #[test]
    fn an_invoices_attributes_are_its_figures() {
        let data = data();
        let invoice = &data.invoices[0];
        let attributes = invoice.attributes(&data);
        let figures = invoice_figures(&data, invoice);
        assert_eq!(attributes["reference"], invoice.reference.as_str());
        assert_eq!(attributes["has-pdf"], invoice.has_pdf);
        assert_eq!(
            attributes["originated-calls-count"],
            figures.originated.calls
        );
        assert_eq!(
            attributes["terminated-billing-duration"],
            figures.terminated.billed_duration
        );
        let amount =
            |name: &str| -> Decimal { attributes[name].as_str().unwrap().parse().unwrap() };
        assert_eq!(
            amount("amount-spent"),
            sum([
                amount("originated-amount-spent"),
                amount("terminated-amount-spent"),
                amount("services-amount-spent")
            ])
        );
        assert_eq!(attributes.as_object().unwrap().len(), 21);
    }

    #[test]
    fn rolled_back_payments_are_never_seen() {
        let data = data();
        let query = ListQuery::parse::<PaymentRecord>("page[size]=1000").unwrap();
        PaymentRecord::with_rows(&data, |rows| {
            assert!(rows.iter().any(PaymentRecord::is_rolled_back));
            for customer in [DEMO_CUSTOMER, OTHER_CUSTOMER] {
                let listed = query.select(rows, &data, Viewer::whole(customer));
                assert!(!listed.is_empty());
                assert!(
                    listed
                        .iter()
                        .all(|p| !p.is_rolled_back() && p.customer == customer)
                );
            }
            assert!(
                rows.iter()
                    .all(|p| p.attributes.balance_before_payment.is_some())
            );
        });
        let hidden = PaymentRecord::with_rows(&data, |rows| {
            rows.iter()
                .find(|p| p.is_rolled_back())
                .map(|p| p.id.clone())
        })
        .unwrap();
        let shown = PaymentRecord::with_record(&data, &hidden, |p| {
            p.visible_to(Viewer::whole(DEMO_CUSTOMER), &data)
        });
        assert_eq!(shown, Some(false));
    }

    #[test]
    fn a_services_transactions_are_its_charges() {
        let data = data();
        let service = data
            .services
            .iter()
            .find(|s| s.attributes.renew_period == Some(api_model::resources::RenewPeriod::Day))
            .unwrap();
        let related = service.related_many("transactions", &data);
        assert!(related.len() > 30);
        assert!(related.iter().all(|t| t.kind() == "transactions"));
        let linkage = crate::jsonapi::record::linkage(service, "transactions", &data);
        let Some(api_model::document::Linkage::Many(ids)) = linkage else {
            panic!("a to-many linkage");
        };
        assert_eq!(ids.len(), related.len());
    }
}
