//! One generic mechanism for every collection: filters, sort, include and paging, validated
//! against the collection's filter fields (`api_model::filters`) and the record's sort fields,
//! and the JSON:API document of one page with `meta.total-count` and paging links.

use crate::jsonapi::record::{FieldValue, Record, resource};
use crate::jsonapi::responses::{self, Failure};
use crate::model::customers::CustomerId;
use crate::model::data_set::DataSet;
use api_model::document::{Document, Meta, PageLinks, Resource};
use api_model::filters::{Filter, Operator, OperatorSet, split_list};
use api_model::list::{ListParams, ListParamsError, MAX_PAGE_SIZE, SortKey};
use api_model::query::decode_pairs;
use axum::http::StatusCode;
use axum::response::Response;
use rust_decimal::Decimal;
use std::collections::HashSet;

/// A filter checked against a collection, with its values read once.
#[derive(Debug, Clone)]
struct CompiledFilter {
    field: &'static str,
    operator: Option<Operator>,
    set: Option<OperatorSet>,
    values: Vec<String>,
    lowered: Vec<String>,
    numbers: Vec<Option<Decimal>>,
}

impl CompiledFilter {
    fn compile(
        filter: &Filter,
        collection: api_model::catalog::Collection,
    ) -> Result<Self, Failure> {
        let not_allowed = || {
            responses::bad_request(
                "Filter not allowed",
                &format!("{} is not allowed.", filter.key_name()),
                "102",
            )
        };
        let field = collection
            .filter_field(&filter.field)
            .ok_or_else(not_allowed)?;
        let allowed = match (field.operators, filter.operator) {
            (None, None) => true,
            (Some(set), Some(op)) => set.operators().contains(&op),
            _ => false,
        };
        if !allowed {
            return Err(not_allowed());
        }
        let invalid_value = || {
            let name = match filter.operator {
                Some(op) => format!("{}_{}", field.name, op.as_str()),
                None => field.name.to_owned(),
            };
            responses::bad_request(
                "Invalid filter value",
                &format!(
                    "{} is not a valid value for {}.",
                    filter.value,
                    name.replace('-', "_")
                ),
                "107",
            )
        };
        let takes_list = filter.operator.is_none_or(Operator::takes_list);
        let values = if takes_list {
            split_list(&filter.value)
        } else {
            let mut parts = split_list(&filter.value);
            if parts.len() > 1 {
                return Err(invalid_value());
            }
            vec![
                parts
                    .pop()
                    .unwrap_or_else(|| filter.value.trim().to_owned()),
            ]
        };
        let numbers: Vec<Option<Decimal>> = values
            .iter()
            .map(|v| api_model::number::parse_decimal(v).ok())
            .collect();
        if field.operators == Some(OperatorSet::Numeric) && numbers.iter().any(Option::is_none) {
            return Err(invalid_value());
        }
        Ok(CompiledFilter {
            field: field.name,
            operator: filter.operator,
            set: field.operators,
            lowered: values.iter().map(|v| v.to_lowercase()).collect(),
            values,
            numbers,
        })
    }

    fn equals(&self, value: &FieldValue<'_>, index: usize) -> bool {
        match (value, self.numbers[index]) {
            (FieldValue::Number(n), Some(wanted)) => *n == wanted,
            (FieldValue::Number(_), None) => false,
            _ => value.as_text().is_some_and(|text| match self.set {
                Some(OperatorSet::Uuid | OperatorSet::UuidEq) | None => {
                    text.eq_ignore_ascii_case(&self.values[index])
                }
                _ => text == self.values[index],
            }),
        }
    }

    fn matches<R: Record>(&self, record: &R) -> bool {
        let value = record.value(self.field);
        let Some(operator) = self.operator else {
            // `filter[id]`: one of the listed ids.
            return (0..self.values.len()).any(|i| self.equals(&value, i));
        };
        if value == FieldValue::Null {
            // Like SQL: null matches no comparison, not even a negative one.
            return false;
        }
        let any_equal = || (0..self.values.len()).any(|i| self.equals(&value, i));
        let lowered_text = || {
            value
                .as_text()
                .map(|t| t.to_lowercase())
                .unwrap_or_default()
        };
        let number = || value.as_number();
        let compare = |pick: fn(Decimal, Decimal) -> bool| {
            number()
                .zip(self.numbers.first().copied().flatten())
                .is_some_and(|(have, wanted)| pick(have, wanted))
        };
        match operator {
            Operator::Eq => any_equal(),
            Operator::NotEq | Operator::NotIn => !any_equal(),
            Operator::In => any_equal(),
            Operator::Cont => lowered_text().contains(&self.lowered[0]),
            Operator::Start => lowered_text().starts_with(&self.lowered[0]),
            Operator::End => lowered_text().ends_with(&self.lowered[0]),
            Operator::ContAny => {
                let text = lowered_text();
                self.lowered.iter().any(|v| text.contains(v.as_str()))
            }
            Operator::Gt => compare(|a, b| a > b),
            Operator::Gteq => compare(|a, b| a >= b),
            Operator::Lt => compare(|a, b| a < b),
            Operator::Lteq => compare(|a, b| a <= b),
        }
    }
}

/// A validated list request for records of type `R`.
#[derive(Debug, Clone)]
pub struct ListQuery {
    filters: Vec<CompiledFilter>,
    sort: Vec<SortKey>,
    pub include: Vec<String>,
    page_number: u32,
    page_size: u32,
    /// The request's filter, sort and include parameters as sent, repeated in paging links.
    link_pairs: Vec<(String, String)>,
}

/// Checks `include` against the relationships a record type can include.
pub fn parse_include<R: Record>(params: &ListParams) -> Result<Vec<String>, Failure> {
    for name in &params.include {
        if !R::INCLUDES.contains(&name.as_str()) {
            return Err(responses::bad_request(
                "Invalid field",
                &format!(
                    "{name} is not a valid includable relationship of {}",
                    R::TYPE
                ),
                "112",
            ));
        }
    }
    Ok(params.include.clone())
}

/// Reads list parameters, answering the JSON:API 400 a bad page value deserves.
pub fn parse_params(raw_query: &str) -> Result<ListParams, Failure> {
    ListParams::from_query(raw_query).map_err(|error| {
        let detail = match &error {
            ListParamsError::BadPageNumber(v) => {
                format!("{v} is not a valid value for number page parameter.")
            }
            ListParamsError::BadPageSize(v) => format!(
                "{v} is not a valid value for size page parameter: give 1 to {MAX_PAGE_SIZE}."
            ),
        };
        responses::bad_request("Invalid page value", &detail, "118")
    })
}

impl ListQuery {
    pub fn parse<R: Record>(raw_query: &str) -> Result<ListQuery, Failure> {
        let params = parse_params(raw_query)?;
        let filters = params
            .filters
            .iter()
            .map(|f| CompiledFilter::compile(f, R::COLLECTION))
            .collect::<Result<Vec<_>, _>>()?;
        let mut sort = Vec::new();
        for key in &params.sort {
            let field = key.field.replace('_', "-");
            if field != "id" && !R::SORT_FIELDS.contains(&field.as_str()) {
                return Err(responses::bad_request(
                    "Invalid sort criteria",
                    &format!("{} is not a valid sort criteria for {}", key.field, R::TYPE),
                    "114",
                ));
            }
            sort.push(SortKey {
                field,
                descending: key.descending,
            });
        }
        let include = parse_include::<R>(&params)?;
        let link_pairs = decode_pairs(raw_query)
            .into_iter()
            .filter(|(k, _)| k.starts_with("filter[") || k == "sort" || k == "include")
            .collect();
        Ok(ListQuery {
            filters,
            sort,
            include,
            page_number: params.effective_page_number(),
            page_size: params.effective_page_size(),
            link_pairs,
        })
    }

    pub fn matches<R: Record>(&self, record: &R) -> bool {
        self.filters.iter().all(|f| f.matches(record))
    }

    /// Sorts by the sort keys in turn; ties keep the default order.
    pub fn sort<R: Record>(&self, rows: &mut [&R]) {
        if self.sort.is_empty() {
            return;
        }
        rows.sort_by(|a, b| {
            self.sort
                .iter()
                .map(|key| {
                    let order = a.value(&key.field).sort_cmp(&b.value(&key.field));
                    if key.descending {
                        order.reverse()
                    } else {
                        order
                    }
                })
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
    }

    fn link(&self, collection_url: &str, page: u64) -> String {
        let mut pairs: Vec<String> = self
            .link_pairs
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect();
        pairs.push(format!("{}={page}", encode("page[number]")));
        pairs.push(format!("{}={}", encode("page[size]"), self.page_size));
        pairs.sort();
        format!("{collection_url}?{}", pairs.join("&"))
    }

    /// `first`, `last`, and `prev`/`next` when they exist.
    pub fn page_links(&self, collection_url: &str, total: usize) -> PageLinks {
        let size = u64::from(self.page_size.max(1));
        let last = (total as u64).div_ceil(size).max(1);
        let page = u64::from(self.page_number);
        PageLinks {
            self_link: None,
            first: Some(self.link(collection_url, 1)),
            prev: (page > 1).then(|| self.link(collection_url, (page - 1).min(last))),
            next: (page < last).then(|| self.link(collection_url, page + 1)),
            last: Some(self.link(collection_url, last)),
        }
    }

    /// The records of the requested page, out of the matching, sorted ones.
    pub fn page<'r, R>(&self, rows: &'r [&'r R]) -> &'r [&'r R] {
        let size = self.page_size as usize;
        let start = (self.page_number as usize - 1).saturating_mul(size);
        if start >= rows.len() {
            return &[];
        }
        &rows[start..(start + size).min(rows.len())]
    }
}

/// Percent-encodes a query component: everything but unreserved characters.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The related records of `records` named in `include`, each once.
pub fn included<R: Record>(
    records: &[&R],
    include: &[String],
    data: &DataSet,
    api: &str,
    customer: CustomerId,
) -> Vec<Resource<serde_json::Value>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for record in records {
        for name in include {
            if let Some(related) = record.related(name, data)
                && related.visible_to_customer(customer)
                && seen.insert((related.kind(), related.record_id().to_owned()))
            {
                out.push(related.render(api, data, &[]));
            }
        }
    }
    out
}

/// The JSON:API document of one page of a collection, or the 400 its parameters deserve.
pub fn list_response<R: Record>(
    data: &DataSet,
    customer: CustomerId,
    api: &str,
    raw_query: &str,
) -> Result<Response, Failure> {
    let query = ListQuery::parse::<R>(raw_query)?;
    Ok(R::with_rows(data, |rows| {
        let mut selected: Vec<&R> = rows
            .iter()
            .filter(|r| r.visible_to(customer) && query.matches(*r))
            .collect();
        query.sort(&mut selected);
        let page = query.page(&selected);
        let document = Document {
            data: page
                .iter()
                .map(|r| resource(*r, api, data, &query.include))
                .collect::<Vec<_>>(),
            included: included(page, &query.include, data, api, customer),
            meta: Some(Meta {
                total_count: Some(selected.len() as u64),
            }),
            links: Some(query.page_links(&format!("{api}/{}", R::TYPE), selected.len())),
        };
        responses::jsonapi(StatusCode::OK, &document)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::customers::DEMO_CUSTOMER;
    use crate::model::records::{AccountRecord, NetworkPrefixRecord};
    use chrono::DateTime;

    fn data() -> DataSet {
        DataSet::generate(7, DateTime::from_timestamp(1_790_000_000, 0).unwrap())
    }

    fn names(data: &DataSet, query: &str) -> Result<Vec<String>, u16> {
        let query = ListQuery::parse::<AccountRecord>(query).map_err(|f| f.status().as_u16())?;
        let mut rows: Vec<&AccountRecord> = data
            .accounts
            .iter()
            .filter(|a| a.visible_to(DEMO_CUSTOMER) && query.matches(*a))
            .collect();
        query.sort(&mut rows);
        Ok(rows.iter().map(|a| a.attributes.name.clone()).collect())
    }

    #[test]
    fn text_operators() {
        let data = data();
        assert_eq!(
            names(&data, "filter[name-cont]=LON").unwrap(),
            ["London Carrier"]
        );
        assert_eq!(
            names(&data, "filter[name_start]=ky").unwrap(),
            ["Kyiv Wholesale"]
        );
        assert_eq!(
            names(&data, "filter[name-end]=RETAIL").unwrap(),
            ["Berlin Retail"]
        );
        assert_eq!(
            names(&data, "filter[name-eq]=berlin retail").unwrap(),
            Vec::<String>::new()
        );
        assert_eq!(
            names(&data, "filter[name-not-eq]=Berlin Retail")
                .unwrap()
                .len(),
            3
        );
        assert_eq!(
            names(&data, "filter[name-in]=Berlin Retail,Lviv Overdraft").unwrap(),
            ["Berlin Retail", "Lviv Overdraft"]
        );
        assert_eq!(
            names(&data, "filter[name-not-in]=Berlin Retail,Lviv Overdraft").unwrap(),
            ["Kyiv Wholesale", "London Carrier"]
        );
        assert_eq!(
            names(&data, "filter[name-cont-any]=kyiv,LVIV").unwrap(),
            ["Kyiv Wholesale", "Lviv Overdraft"]
        );
        assert_eq!(
            names(&data, "filter[name-eq]=\"Kyiv Wholesale\"").unwrap(),
            ["Kyiv Wholesale"]
        );
    }

    #[test]
    fn numeric_operators_compare_decimals_and_skip_nulls() {
        let data = data();
        assert_eq!(
            names(&data, "filter[balance-gt]=3480.2").unwrap(),
            ["Kyiv Wholesale", "London Carrier"]
        );
        assert_eq!(
            names(&data, "filter[balance-gteq]=3480.20").unwrap().len(),
            3
        );
        assert_eq!(
            names(&data, "filter[balance-lt]=0").unwrap(),
            ["Lviv Overdraft"]
        );
        assert_eq!(
            names(&data, "filter[balance-lteq]=-310.4").unwrap(),
            ["Lviv Overdraft"]
        );
        assert_eq!(
            names(&data, "filter[balance-eq]=12500.750").unwrap(),
            ["Kyiv Wholesale"]
        );
        assert_eq!(
            names(&data, "filter[balance-in]=12500.75, -310.4")
                .unwrap()
                .len(),
            2
        );
        // Lviv's capacity is null: it matches neither side.
        assert_eq!(
            names(&data, "filter[total-capacity-gt]=0").unwrap().len(),
            3
        );
        assert_eq!(
            names(&data, "filter[total-capacity-not-eq]=30")
                .unwrap()
                .len(),
            2
        );
        assert_eq!(
            names(&data, "filter[external-id-eq]=1002").unwrap(),
            ["Berlin Retail"]
        );
    }

    #[test]
    fn bad_filters_are_400() {
        let data = data();
        assert_eq!(names(&data, "filter[color-eq]=red"), Err(400));
        assert_eq!(names(&data, "filter[name-gt]=a"), Err(400));
        assert_eq!(names(&data, "filter[name]=a"), Err(400));
        assert_eq!(names(&data, "filter[name-eq]=a,b"), Err(400));
        assert_eq!(names(&data, "filter[balance-gt]=abc"), Err(400));
        assert_eq!(names(&data, "sort=color"), Err(400));
        assert_eq!(names(&data, "include=network"), Err(400));
        assert_eq!(names(&data, "page[size]=1001"), Err(400));
        assert_eq!(names(&data, "page[number]=0"), Err(400));
    }

    #[test]
    fn sort_ascending_descending_and_by_several_keys() {
        let data = data();
        assert_eq!(
            names(&data, "sort=-balance").unwrap(),
            [
                "London Carrier",
                "Kyiv Wholesale",
                "Berlin Retail",
                "Lviv Overdraft"
            ]
        );
        assert_eq!(
            names(&data, "sort=name").unwrap(),
            [
                "Berlin Retail",
                "Kyiv Wholesale",
                "London Carrier",
                "Lviv Overdraft"
            ]
        );
        // Nulls last ascending, first descending; ties keep the default order.
        assert_eq!(
            names(&data, "sort=total_capacity,name").unwrap(),
            [
                "Berlin Retail",
                "Kyiv Wholesale",
                "London Carrier",
                "Lviv Overdraft"
            ]
        );
        assert_eq!(
            names(&data, "sort=-total-capacity").unwrap()[0],
            "Lviv Overdraft"
        );
    }

    #[test]
    fn paging_links_repeat_the_parameters_in_sorted_encoded_form() {
        let query = ListQuery::parse::<NetworkPrefixRecord>(
            "filter[prefix_start]=380&sort=-prefix&page[number]=2&page[size]=10",
        )
        .unwrap();
        let links = query.page_links("http://h/api/rest/customer/v1/network-prefixes", 35);
        assert_eq!(
            links.first.as_deref(),
            Some(
                "http://h/api/rest/customer/v1/network-prefixes?filter%5Bprefix_start%5D=380&page%5Bnumber%5D=1&page%5Bsize%5D=10&sort=-prefix"
            )
        );
        assert!(links.prev.unwrap().contains("page%5Bnumber%5D=1&"));
        assert!(links.next.unwrap().contains("page%5Bnumber%5D=3&"));
        assert!(links.last.unwrap().contains("page%5Bnumber%5D=4&"));
        let single = ListQuery::parse::<NetworkPrefixRecord>("")
            .unwrap()
            .page_links("u", 0);
        assert!(single.next.is_none() && single.prev.is_none());
        assert_eq!(
            single.last.as_deref(),
            Some("u?page%5Bnumber%5D=1&page%5Bsize%5D=50")
        );
    }

    #[test]
    fn encoding_escapes_all_but_unreserved() {
        assert_eq!(encode("filter[name-in]"), "filter%5Bname-in%5D");
        assert_eq!(encode("a b,\"c\"ü"), "a%20b%2C%22c%22%C3%BC");
    }
}
