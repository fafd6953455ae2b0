//! Reading a table of the page: its header and body cell texts ([`Table`]), read in one script
//! call by [`Portal::wait_for_table`](crate::Portal::wait_for_table).

/// Texts of a table's header cells and body rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub(crate) fn from_json(value: &serde_json::Value) -> Option<Table> {
        let strings = |value: &serde_json::Value| -> Option<Vec<String>> {
            value
                .as_array()?
                .iter()
                .map(|text| text.as_str().map(str::to_owned))
                .collect()
        };
        Some(Table {
            headers: strings(value.get("headers")?)?,
            rows: value
                .get("rows")?
                .as_array()?
                .iter()
                .map(strings)
                .collect::<Option<_>>()?,
        })
    }

    /// The cells of the column whose header starts with `header` (sort arrows may follow it).
    pub fn column(&self, header: &str) -> Option<Vec<&str>> {
        let index = self
            .headers
            .iter()
            .position(|text| text.starts_with(header))?;
        self.rows
            .iter()
            .map(|row| row.get(index).map(String::as_str))
            .collect()
    }
}
