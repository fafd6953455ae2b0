//! Files the server sends (an invoice's PDF, a CDR export, a call's recording): the name they are
//! saved under and the media type the page hands them to the browser with. Both come from the
//! server and are checked, since a name or a type is enough to mislead a customer.

/// Characters that change how a name reads without being seen, by one complete rule of the
/// Unicode Standard (16.0) rather than examples of it: every format character (General_Category
/// Cf: bidirectional overrides, so that `invoice\u{202e}fdp.exe` shows as `invoiceexe.pdf`,
/// zero-width ones, prepended marks such as U+0600 and U+06DD), the line and paragraph
/// separators (Zl, Zp), and every Default_Ignorable_Code_Point (what fonts draw as nothing:
/// variation selectors, Hangul fillers, tags). The tests check the table against the Unicode
/// character database, both ways.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00ad}' | '\u{034f}' | '\u{0600}'..='\u{0605}' | '\u{061c}' | '\u{06dd}'
        | '\u{070f}' | '\u{0890}'..='\u{0891}' | '\u{08e2}' | '\u{115f}'..='\u{1160}'
        | '\u{17b4}'..='\u{17b5}' | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{3164}'
        | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
        | '\u{110bd}' | '\u{110cd}' | '\u{13430}'..='\u{1343f}' | '\u{1bca0}'..='\u{1bca3}'
        | '\u{1d173}'..='\u{1d17a}' | '\u{e0000}'..='\u{e0fff}')
}

/// The longest id a declared name takes in, in characters.
const MAX_ID_CHARS: usize = 64;

/// The name the portal declares for a record's file (`invoice-{id}.pdf`) with the record's id
/// in it. The id is the server's: only its letters, digits, `-` and `_` are kept (others become
/// `_`), so the name is a plain one whatever the id holds, and the fallback of
/// [`safe_file_name`] is never a name the server chose.
pub fn declared_file_name(template: &str, id: &str) -> String {
    let id: String = id
        .chars()
        .take(MAX_ID_CHARS)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    template.replace("{id}", &id)
}

/// The longest name kept, in characters (file systems allow 255 bytes).
const MAX_NAME_CHARS: usize = 120;

/// A name to save a server's file under, given the name the portal declares for it
/// (`invoice-{id}.pdf` filled in): no control or invisible characters, no path, no leading dots,
/// and ending in the declared extension (added when the server's name ends otherwise), so the
/// file opens as what the page said it was. A name with nothing left is the declared one.
pub fn safe_file_name(name: &str, declared: &str) -> String {
    let extension = extension_of(declared);
    let visible: String = name
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control() && !is_invisible(*c))
        .map(|c| match c {
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c => c,
        })
        .collect();
    let words: Vec<&str> = visible.split(' ').filter(|w| !w.is_empty()).collect();
    let joined = words.join(" ");
    let trimmed = joined
        .trim_start_matches(['.', ' '])
        .trim_end_matches(['.', ' ']);
    if trimmed.is_empty() {
        return declared.to_owned();
    }
    let stem: String = trimmed.chars().take(MAX_NAME_CHARS).collect();
    let suffix = format!(".{extension}");
    // The declared extensions are ASCII: comparing without Unicode's case tables spares the
    // record pages' wasm 1.5 KB (brotli).
    let tail = stem
        .len()
        .checked_sub(suffix.len())
        .and_then(|at| stem.get(at..));
    if tail.is_some_and(|tail| tail.eq_ignore_ascii_case(&suffix)) {
        stem
    } else {
        format!("{stem}{suffix}")
    }
}

/// The extension of a declared file name (`invoice-{id}.pdf` → `pdf`).
pub fn extension_of(file_name: &str) -> &str {
    file_name
        .rsplit_once('.')
        .map_or("", |(_, extension)| extension)
}

/// The media type a recording is played and saved with: the server's when it is audio,
/// otherwise `application/octet-stream`, so that a body the server labels as a web page (or
/// anything else) can never be opened as one from the page's own origin.
pub fn recording_media_type(content_type: &str) -> String {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let plain = essence.strip_prefix("audio/").is_some_and(|sub| {
        !sub.is_empty()
            && sub
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-+.".contains(c))
    });
    if plain {
        essence
    } else {
        "application/octet-stream".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_servers_name_keeps_what_reads_and_ends_as_declared() {
        assert_eq!(safe_file_name("invoice-7.pdf", "f.pdf"), "invoice-7.pdf");
        assert_eq!(
            safe_file_name("Rechnung März.PDF", "f.pdf"),
            "Rechnung März.PDF"
        );
        assert_eq!(
            safe_file_name("invoice\u{202e}fdp.exe", "f.pdf"),
            "invoicefdp.exe.pdf"
        );
        assert_eq!(safe_file_name("a\nb\r\u{0}c.pdf", "f.pdf"), "a b c.pdf");
        assert_eq!(
            safe_file_name("zero\u{200b}width\u{feff}.pdf", "f.pdf"),
            "zerowidth.pdf"
        );
        assert_eq!(
            safe_file_name("../../etc/passwd", "f.csv"),
            "_.._etc_passwd.csv"
        );
        assert_eq!(safe_file_name("...hidden", "f.csv"), "hidden.csv");
        assert_eq!(
            safe_file_name("\u{202e}\u{200f}", "invoice-1.pdf"),
            "invoice-1.pdf"
        );
        assert_eq!(safe_file_name("a\tb   c.pdf", "f.pdf"), "a b c.pdf");
        // A tail that cuts a character in two is no extension (and no panic).
        assert_eq!(safe_file_name("a.pdé", "f.pdf"), "a.pdé.pdf");
        assert_eq!(safe_file_name("é", "f.pdf"), "é.pdf");
        let long = safe_file_name(&"x".repeat(1000), "f.pdf");
        assert_eq!(long.chars().count(), MAX_NAME_CHARS + 4);
    }

    /// U+0600 (Arabic number sign) and U+06DD (end of ayah) are format characters that
    /// prepend themselves to what follows; the rule is the standard's, so no such character is
    /// missed: the table is checked, both ways, against the Unicode character database (as the
    /// `regex-syntax` crate carries it) over every code point.
    #[test]
    fn invisible_is_every_format_separator_and_default_ignorable_character() {
        assert_eq!(safe_file_name("a\u{600}b\u{6dd}c.pdf", "f.pdf"), "abc.pdf");
        let hir = regex_syntax::parse(r"[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]")
            .expect("the class");
        let regex_syntax::hir::HirKind::Class(regex_syntax::hir::Class::Unicode(class)) =
            hir.kind()
        else {
            panic!("not a Unicode class: {hir:?}");
        };
        let in_database = |c: char| {
            class
                .ranges()
                .iter()
                .any(|r| r.start() <= c && c <= r.end())
        };
        let differing: Vec<String> = (0..=0x10ffff)
            .filter_map(char::from_u32)
            .filter(|&c| is_invisible(c) != in_database(c))
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        assert!(
            differing.is_empty(),
            "differs from the database at {differing:?}"
        );
    }

    #[test]
    fn a_declared_name_takes_in_only_a_plain_id() {
        assert_eq!(
            declared_file_name("invoice-{id}.pdf", "0b9f7a8e-5d2c_11"),
            "invoice-0b9f7a8e-5d2c_11.pdf"
        );
        assert_eq!(
            declared_file_name("invoice-{id}.pdf", "../../x\u{202e}fdp.exe\u{600}"),
            "invoice-______x_fdp_exe_.pdf"
        );
        assert_eq!(
            declared_file_name("call-{id}.wav", &"9".repeat(500)).len(),
            "call-.wav".len() + MAX_ID_CHARS
        );
    }

    #[test]
    fn declared_extensions() {
        assert_eq!(extension_of("invoice-{id}.pdf"), "pdf");
        assert_eq!(extension_of("cdrs.csv.gz"), "gz");
        assert_eq!(extension_of("plain"), "");
    }

    #[test]
    fn only_audio_plays_as_audio() {
        assert_eq!(recording_media_type("audio/wav"), "audio/wav");
        assert_eq!(recording_media_type("Audio/MPEG; charset=x"), "audio/mpeg");
        for other in [
            "text/html",
            "text/html; charset=utf-8",
            "image/svg+xml",
            "application/xhtml+xml",
            "",
            "audio/",
            "audio/x<script>",
        ] {
            assert_eq!(
                recording_media_type(other),
                "application/octet-stream",
                "{other}"
            );
        }
    }
}
