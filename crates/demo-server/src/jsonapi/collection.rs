//! One generic mechanism for every collection: filters, sort, include and paging, checked
//! against the collection's declaration (`api_model::catalog::Spec`: its filters, the fields
//! it sorts by, its default order, its relationships), and the JSON:API document of one page
//! with `meta.total-count` and paging links.

use crate::jsonapi::filter::CompiledFilter;
use crate::jsonapi::record::{FieldValue, Record, resource};
use crate::jsonapi::responses::{self, Failure};
use crate::model::customers::Viewer;
use crate::model::data_set::DataSet;
use api_model::document::{Document, Meta, PageLinks, Resource};
use api_model::list::{ListParams, ListParamsError, MAX_PAGE_SIZE, SortKey};
use api_model::query::decode_pairs;
use axum::http::StatusCode;
use axum::response::Response;
use std::collections::HashSet;

/// A validated list request for records of type `R`.
#[derive(Debug, Clone)]
pub struct ListQuery {
    filters: Vec<CompiledFilter>,
    /// The request's sort, else the collection's default order.
    sort: Vec<SortKey>,
    pub include: Vec<String>,
    page_number: u32,
    page_size: u32,
    /// The request's filter, sort and include parameters as sent, repeated in paging links.
    link_pairs: Vec<(String, String)>,
}

/// Checks `include` against the relationships the collection declares.
pub fn parse_include<R: Record>(params: &ListParams) -> Result<Vec<String>, Failure> {
    for name in &params.include {
        if R::spec().relationship(name).is_none() {
            return Err(responses::bad_request(
                "Invalid field",
                &format!(
                    "{name} is not a valid includable relationship of {}",
                    R::kind()
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
        // The library reads a page value as Ruby's `to_i` does and names that number.
        let detail = match &error {
            ListParamsError::BadPageNumber(v) => {
                format!(
                    "{} is not a valid value for number page parameter.",
                    ruby_to_i(v)
                )
            }
            ListParamsError::BadPageSize(v) if ruby_to_i(v) > i64::from(MAX_PAGE_SIZE) => {
                format!("size exceeds maximum page size of {MAX_PAGE_SIZE}.")
            }
            ListParamsError::BadPageSize(v) => {
                format!(
                    "{} is not a valid value for size page parameter.",
                    ruby_to_i(v)
                )
            }
        };
        responses::bad_request("Invalid page value", &detail, "118")
    })
}

/// The leading integer of `text` (optional sign, digits), 0 without one: Ruby's `String#to_i`.
fn ruby_to_i(text: &str) -> i64 {
    let text = text.trim_start();
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text.strip_prefix('+').unwrap_or(text)),
    };
    let digits: String = digits.chars().take_while(char::is_ascii_digit).collect();
    digits.parse::<i64>().map_or(0, |n| sign * n)
}

impl ListQuery {
    pub fn parse<R: Record>(raw_query: &str) -> Result<ListQuery, Failure> {
        let params = parse_params(raw_query)?;
        let filters = params
            .filters
            .iter()
            .map(|f| CompiledFilter::compile(f, R::COLLECTION))
            .collect::<Result<Vec<_>, _>>()?;
        let spec = R::spec();
        let mut sort = Vec::new();
        // A name the server takes but its database cannot order by fails the query, once
        // every parameter has passed.
        let mut sort_fails = false;
        for key in &params.sort {
            let field = key.field.replace('_', "-");
            if spec.sort_fails.contains(&field.as_str()) {
                sort_fails = true;
            } else if !spec.sorts_by(&field) {
                return Err(responses::bad_request(
                    "Invalid sort criteria",
                    &format!(
                        "{} is not a valid sort criteria for {}",
                        key.field,
                        R::kind()
                    ),
                    "114",
                ));
            }
            sort.push(SortKey {
                field,
                descending: key.descending,
            });
        }
        if sort.is_empty() {
            sort = spec
                .default_sort
                .split(',')
                .filter_map(|key| key.parse::<SortKey>().ok())
                .collect();
        }
        let include = parse_include::<R>(&params)?;
        if sort_fails {
            return Err(responses::internal_server_error());
        }
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

    pub fn matches<R: Record>(&self, record: &R, data: &DataSet) -> bool {
        self.filters.iter().all(|f| f.matches(record, data))
    }

    /// The records the customer may see that match the filters, in order: by the sort keys in
    /// turn, ties in the order the records were made. Only the records up to the end of the
    /// requested page are put in order (the rest only count), so a long collection's default
    /// order costs a selection, not a sort of every record.
    pub fn select<'r, R: Record>(
        &self,
        rows: &'r [R],
        data: &'r DataSet,
        viewer: Viewer,
    ) -> Vec<&'r R> {
        let selected = rows
            .iter()
            .filter(|r| r.visible_to(viewer, data) && self.matches(*r, data));
        self.order(selected, data)
    }

    /// `selected` in the list's order: by the sort keys in turn, ties in the order given,
    /// put in order only up to the end of the requested page.
    pub fn order<'r, R: Record>(
        &self,
        selected: impl Iterator<Item = &'r R>,
        data: &'r DataSet,
    ) -> Vec<&'r R> {
        if self.sort.is_empty() {
            return selected.collect();
        }
        // Each record's sort values once, not once per comparison; its position breaks ties.
        let mut keyed: Vec<(Vec<FieldValue<'r>>, usize, &'r R)> = selected
            .enumerate()
            .map(|(position, r)| {
                let keys = self
                    .sort
                    .iter()
                    .map(|k| r.sort_value(&k.field, data))
                    .collect();
                (keys, position, r)
            })
            .collect();
        let order = |(a, i, _): &(Vec<FieldValue<'r>>, usize, &'r R),
                     (b, j, _): &(Vec<FieldValue<'r>>, usize, &'r R)| {
            self.sort
                .iter()
                .zip(a.iter().zip(b))
                .map(|(key, (a, b))| {
                    let order = a.sort_cmp(b);
                    if key.descending {
                        order.reverse()
                    } else {
                        order
                    }
                })
                .find(|o| o.is_ne())
                .unwrap_or_else(|| i.cmp(j))
        };
        let shown = (self.page_number as usize).saturating_mul(self.page_size as usize);
        if shown < keyed.len() {
            keyed.select_nth_unstable_by(shown, order);
            keyed[..shown].sort_unstable_by(order);
        } else {
            keyed.sort_unstable_by(order);
        }
        keyed.into_iter().map(|(_, _, r)| r).collect()
    }

    /// The names of the request's filters as the server reads them (`time-start-gteq`).
    pub fn filter_names(&self) -> impl Iterator<Item = String> + '_ {
        self.filters.iter().map(CompiledFilter::name)
    }

    /// The Unix seconds `[from, to)` the records' `window` time can be in at most, by the
    /// filters on it and, unless they bound it from below, the collection's default window
    /// before `now` (`time-start-lt` alone still gets the floor). Records made on demand are
    /// made only for this range; the filters still decide exactly.
    pub fn window_range<R: Record>(&self, now: i64) -> (i64, i64) {
        let Some(window) = R::spec().window else {
            return (i64::MIN, i64::MAX);
        };
        let (mut from, mut to) = (i64::MIN, i64::MAX);
        for filter in &self.filters {
            let (lower, upper) = filter.time_bounds(window.field);
            if let Some(lower) = lower {
                from = from.max(lower.timestamp());
            }
            if let Some(upper) = upper {
                to = to.min(upper.timestamp().saturating_add(1));
            }
        }
        if !self.lifts_default_floor(window) {
            from = from.max(now.saturating_sub(window.default_hours.saturating_mul(3600)));
        }
        (from, to)
    }

    /// Whether the request replaces the window's default floor, as the real resource decides:
    /// a `gteq` filter on the field replaces it (in either spelling), and only the underscored
    /// `time_start_gt` or `time_start_eq`, read from the raw parameters, drop it; the dashed
    /// `time-start-gt` still gets the floor beside its own bound.
    fn lifts_default_floor(&self, window: api_model::catalog::Window) -> bool {
        let gteq = format!("{}-gteq", window.field);
        let underscored = window.field.replace('-', "_");
        let raw_lifting = [
            format!("filter[{underscored}_gt]"),
            format!("filter[{underscored}_eq]"),
        ];
        self.filter_names().any(|name| name == gteq)
            || self
                .link_pairs
                .iter()
                .any(|(key, value)| raw_lifting.contains(key) && !value.trim().is_empty())
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
    viewer: Viewer,
) -> Vec<Resource<serde_json::Value>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for record in records {
        for name in include {
            let related = record.related(name, data).into_iter();
            for related in related.chain(record.related_many(name, data)) {
                if related.visible_to_viewer(viewer, data)
                    && seen.insert((related.kind(), related.record_id().to_owned()))
                {
                    out.push(related.render(api, data, &[]));
                }
            }
        }
    }
    out
}

/// The JSON:API document of one page of a collection, or the 400 its parameters deserve.
pub fn list_response<R: Record>(
    data: &DataSet,
    viewer: Viewer,
    api: &str,
    raw_query: &str,
) -> Result<Response, Failure> {
    let query = ListQuery::parse::<R>(raw_query)?;
    Ok(R::with_listed(data, viewer, &query, |rows| {
        let selected = query.select(rows, data, viewer);
        let page = query.page(&selected);
        let document = Document {
            data: page
                .iter()
                .map(|r| resource(*r, api, data, &query.include))
                .collect::<Vec<_>>(),
            included: included(page, &query.include, data, api, viewer),
            meta: Some(Meta {
                total_count: Some(selected.len() as u64),
            }),
            links: Some(query.page_links(&format!("{api}/{}", R::kind()), selected.len())),
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

    /// Ordering only up to the requested page gives that page exactly as a full sort would.
    #[test]
    fn a_page_is_in_the_order_of_a_full_sort() {
        let data = data();
        let ids = |query: &str| -> Vec<String> {
            let query = ListQuery::parse::<NetworkPrefixRecord>(query).unwrap();
            let rows = query.select(&data.network_prefixes, &data, Viewer::whole(DEMO_CUSTOMER));
            query.page(&rows).iter().map(|r| r.id.clone()).collect()
        };
        let everything = ids("sort=-number-max-length,prefix&page[size]=1000&page[number]=1");
        let second = ids("sort=-number-max-length,prefix&page[size]=10&page[number]=2");
        assert_eq!(second, everything[10..20]);
        let by_default = ids("page[size]=1000");
        let mut prefixes: Vec<&str> = by_default
            .iter()
            .map(|id| {
                data.network_prefixes
                    .iter()
                    .find(|p| &p.id == id)
                    .map(|p| p.attributes.prefix.as_str())
                    .unwrap_or_default()
            })
            .collect();
        assert!(prefixes.is_sorted(), "the default order is by prefix");
        prefixes.dedup();
        assert!(!prefixes.is_empty());
    }

    fn names(data: &DataSet, query: &str) -> Result<Vec<String>, u16> {
        let query = ListQuery::parse::<AccountRecord>(query).map_err(|f| f.status().as_u16())?;
        let rows = query.select(&data.accounts, data, Viewer::whole(DEMO_CUSTOMER));
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
        // Computed from another table: the real server takes it, and its database fails.
        assert_eq!(names(&data, "sort=currency"), Err(500));
        assert_eq!(names(&data, "sort=currency,color"), Err(400));
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
