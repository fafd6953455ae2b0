//! A value of the config as an error message quotes it.

use std::fmt::{self, Write};

/// `text` as the operator wrote it, for an error message: a backslash, control characters and
/// the invisible marks that reorder text (bidirectional controls) are escaped, so the message
/// shows exactly what is in the file; every other character stays as it is. Not
/// `str::escape_debug`, whose tables of printable characters would weigh on every first load
/// (the config is read by the shell).
pub struct AsWritten<'a>(pub &'a str);

impl fmt::Display for AsWritten<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '\\' => f.write_str("\\\\")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                c if c.is_control() || reorders_text(c) => write!(f, "\\u{{{:x}}}", u32::from(c))?,
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// The bidirectional controls: marks, embeddings, overrides and isolates.
fn reorders_text(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_cannot_be_seen_is_escaped_and_the_rest_kept() {
        assert_eq!(AsWritten("brand/logo.svg").to_string(), "brand/logo.svg");
        assert_eq!(AsWritten("Київ “ok” ü").to_string(), "Київ “ok” ü");
        assert_eq!(AsWritten("a\\b").to_string(), "a\\\\b");
        assert_eq!(
            AsWritten("line\nnext\ttab\r").to_string(),
            "line\\nnext\\ttab\\r"
        );
        assert_eq!(
            AsWritten("\u{0}\u{1b}[31m\u{7f}\u{85}").to_string(),
            "\\u{0}\\u{1b}[31m\\u{7f}\\u{85}"
        );
        // A right-to-left override would show "gpj.exe" as "exe.jpg".
        assert_eq!(
            AsWritten("a\u{202e}gpj.exe").to_string(),
            "a\\u{202e}gpj.exe"
        );
        assert_eq!(
            AsWritten("\u{2066}x\u{2069}\u{200f}").to_string(),
            "\\u{2066}x\\u{2069}\\u{200f}"
        );
    }
}
