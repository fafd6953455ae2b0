//! A month's statement made in its page and saved by the browser, as a customer makes one.

use std::collections::BTreeMap;

use crate::{Portal, unzipped};

impl Portal {
    /// Opens `statement_page` (`/statement`, with or without `?month=`), presses "Download the
    /// statement", reads the saved file's name from the outcome (`Saved <file>.`), and waits for
    /// that file among the downloads. Returns the file's name and the zip's entries by name.
    pub async fn make_statement(
        &self,
        statement_page: &str,
    ) -> (String, BTreeMap<String, Vec<u8>>) {
        self.open(statement_page).await;
        self.click("button.statement-make").await;
        let outcome = self.wait_for_text(".statement-outcome", "Saved ").await;
        let file_name = outcome
            .split_whitespace()
            .find(|word| word.starts_with("statement-"))
            .map(|word| word.trim_end_matches('.').to_owned())
            .unwrap_or_else(|| panic!("the file's name in {outcome:?}"));
        let entries = unzipped(&self.wait_for_download(&file_name).await);
        (file_name, entries)
    }
}
