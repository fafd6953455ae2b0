//! List parameters of a collection request: filters, sort, include and page.
//!
//! The portal's page URL carries exactly these parameters, so the same value converts to the
//! browser's query string and to the API's.

use crate::filters::Filter;
use crate::query::{decode_pairs, encode_pairs};
use std::fmt;

pub const DEFAULT_PAGE_SIZE: u32 = 50;
pub const MAX_PAGE_SIZE: u32 = 1000;

/// The query of a collection's first records, as many as a page holds: what the pickers and
/// the session's account list ask for (`ListParams::to_query` writes the same).
pub fn first_records_query() -> String {
    crate::query::encode_pairs(&[("page[size]", MAX_PAGE_SIZE.to_string())])
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SortKey {
    pub field: String,
    pub descending: bool,
}

impl SortKey {
    pub fn ascending(field: &str) -> SortKey {
        SortKey {
            field: field.to_owned(),
            descending: false,
        }
    }

    pub fn descending(field: &str) -> SortKey {
        SortKey {
            field: field.to_owned(),
            descending: true,
        }
    }
}

impl std::str::FromStr for SortKey {
    type Err = String;

    /// One key as `sort` writes it: `name`, or `-created-at` for descending.
    fn from_str(text: &str) -> Result<SortKey, String> {
        let text = text.trim();
        let (field, descending) = match text.strip_prefix('-') {
            Some(field) => (field, true),
            None => (text, false),
        };
        if field.is_empty() {
            return Err(format!("`{text}` names no field"));
        }
        Ok(SortKey {
            field: field.to_owned(),
            descending,
        })
    }
}

impl fmt::Display for SortKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.descending {
            f.write_str("-")?;
        }
        f.write_str(&self.field)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct ListParams {
    pub filters: Vec<Filter>,
    pub sort: Vec<SortKey>,
    pub include: Vec<String>,
    /// `page[number]`, 1-based; `None` means the server's default (1).
    pub page_number: Option<u32>,
    /// `page[size]`; `None` means the server's default (50).
    pub page_size: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListParamsError {
    BadPageNumber(String),
    BadPageSize(String),
}

impl fmt::Display for ListParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListParamsError::BadPageNumber(v) => {
                write!(f, "“{v}” is not a page number (1 or more)")
            }
            ListParamsError::BadPageSize(v) => {
                write!(f, "“{v}” is not a page size (1 to {MAX_PAGE_SIZE})")
            }
        }
    }
}

impl ListParams {
    pub fn effective_page_number(&self) -> u32 {
        self.page_number.unwrap_or(1)
    }

    pub fn effective_page_size(&self) -> u32 {
        self.page_size.unwrap_or(DEFAULT_PAGE_SIZE)
    }

    /// The same view on another page.
    pub fn with_page(&self, number: u32) -> ListParams {
        ListParams {
            page_number: Some(number.max(1)),
            ..self.clone()
        }
    }

    /// Query pairs in canonical order: filters, sort, include, page.
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = self
            .filters
            .iter()
            .map(|f| (f.key(), f.value.clone()))
            .collect();
        if !self.sort.is_empty() {
            let sort = self
                .sort
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",");
            pairs.push(("sort".into(), sort));
        }
        if !self.include.is_empty() {
            pairs.push(("include".into(), self.include.join(",")));
        }
        if let Some(number) = self.page_number {
            pairs.push(("page[number]".into(), number.to_string()));
        }
        if let Some(size) = self.page_size {
            pairs.push(("page[size]".into(), size.to_string()));
        }
        pairs
    }

    /// The query string without `?`; empty when there are no parameters.
    pub fn to_query(&self) -> String {
        encode_pairs(&self.to_pairs())
    }

    /// Reads a query string (browser location or API link). Unknown parameters are ignored;
    /// bad page values are errors so the user hears about them instead of seeing page 1.
    pub fn from_query(query: &str) -> Result<ListParams, ListParamsError> {
        let mut params = ListParams::default();
        for (key, value) in decode_pairs(query) {
            if let Some(name) = key
                .strip_prefix("filter[")
                .and_then(|k| k.strip_suffix(']'))
            {
                params.filters.push(Filter::parse_key_name(name, &value));
            } else if key == "sort" {
                params.sort = value
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| match s.strip_prefix('-') {
                        Some(field) => SortKey::descending(field),
                        None => SortKey::ascending(s),
                    })
                    .collect();
            } else if key == "include" {
                params.include = value
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
            } else if key == "page[number]" {
                params.page_number = Some(
                    value
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|n| *n >= 1)
                        .ok_or_else(|| ListParamsError::BadPageNumber(value.clone()))?,
                );
            } else if key == "page[size]" {
                params.page_size = Some(
                    value
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=MAX_PAGE_SIZE).contains(n))
                        .ok_or_else(|| ListParamsError::BadPageSize(value.clone()))?,
                );
            }
        }
        Ok(params)
    }
}

/// Which rows a page shows and how many pages there are, from `meta.total-count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageWindow {
    /// 1-based index of the first row on this page (0 when the page is empty).
    pub first_row: u64,
    /// 1-based index of the last row on this page.
    pub last_row: u64,
    pub total: u64,
    pub page: u32,
    pub page_count: u32,
}

impl PageWindow {
    pub fn new(page: u32, page_size: u32, rows_on_page: usize, total: u64) -> PageWindow {
        let size = u64::from(page_size.max(1));
        let page_count = total.div_ceil(size).max(1);
        let first = u64::from(page.max(1) - 1) * size;
        let (first_row, last_row) = if rows_on_page == 0 {
            (0, 0)
        } else {
            (first + 1, first + rows_on_page as u64)
        };
        PageWindow {
            first_row,
            last_row,
            total,
            page: page.max(1),
            page_count: u32::try_from(page_count).unwrap_or(u32::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_records_are_asked_for_as_a_list_of_one_full_page() {
        let full_page = ListParams {
            page_size: Some(MAX_PAGE_SIZE),
            ..Default::default()
        };
        assert_eq!(first_records_query(), full_page.to_query());
        assert_eq!(first_records_query(), "page[size]=1000");
    }
    use crate::filters::Operator;

    #[test]
    fn issue_example_round_trips() {
        let query = "filter[name-cont]=west&sort=-balance&page[number]=2&page[size]=25";
        let params = ListParams::from_query(query).unwrap();
        assert_eq!(
            params.filters,
            vec![Filter::new("name", Operator::Cont, "west")]
        );
        assert_eq!(params.sort, vec![SortKey::descending("balance")]);
        assert_eq!(params.page_number, Some(2));
        assert_eq!(params.page_size, Some(25));
        assert_eq!(params.to_query(), query);
    }

    #[test]
    fn server_links_decode_into_params() {
        let link = "http://example.org/api/rest/customer/v1/network-prefixes?filter%5Bprefix_start%5D=380&include=network&page%5Bnumber%5D=3&page%5Bsize%5D=50";
        let params = ListParams::from_query(crate::query::query_of(link)).unwrap();
        assert_eq!(
            params.filters,
            vec![Filter::new("prefix", Operator::Start, "380")]
        );
        assert_eq!(params.include, vec!["network"]);
        assert_eq!(params.effective_page_number(), 3);
        assert_eq!(
            params.to_query(),
            "filter[prefix-start]=380&include=network&page[number]=3&page[size]=50"
        );
    }

    #[test]
    fn special_characters_survive_a_round_trip() {
        let params = ListParams {
            filters: vec![
                Filter::list("name", Operator::In, &["a&b", "c,d", "ü ="]),
                Filter::id("0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"),
            ],
            sort: vec![SortKey::ascending("name"), SortKey::descending("balance")],
            include: vec![],
            page_number: Some(1),
            page_size: Some(1000),
        };
        assert_eq!(ListParams::from_query(&params.to_query()).unwrap(), params);
    }

    #[test]
    fn bad_page_values_are_reported() {
        assert_eq!(
            ListParams::from_query("page[number]=0"),
            Err(ListParamsError::BadPageNumber("0".into()))
        );
        assert_eq!(
            ListParams::from_query("page[size]=1001"),
            Err(ListParamsError::BadPageSize("1001".into()))
        );
        assert!(ListParams::from_query("page[size]=abc").is_err());
        assert_eq!(ListParams::from_query("").unwrap(), ListParams::default());
    }

    #[test]
    fn page_window_counts_rows() {
        assert_eq!(
            PageWindow::new(2, 50, 50, 1237),
            PageWindow {
                first_row: 51,
                last_row: 100,
                total: 1237,
                page: 2,
                page_count: 25
            }
        );
        assert_eq!(PageWindow::new(25, 50, 37, 1237).last_row, 1237);
        assert_eq!(PageWindow::new(1, 50, 0, 0).page_count, 1);
    }
}
