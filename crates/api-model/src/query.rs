//! Query-string encoding shared by the portal's URLs and the API's requests.
//!
//! Brackets and commas stay readable (`filter[name-in]=a,b`), everything else that is not
//! unreserved is percent-encoded, and decoding accepts any encoding a browser or server produces.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};

/// Characters escaped in keys and values: all but unreserved ones, brackets, comma and colon.
const QUERY_COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~')
    .remove(b'[')
    .remove(b']')
    .remove(b',')
    .remove(b':');

pub fn encode_component(text: &str) -> String {
    utf8_percent_encode(text, QUERY_COMPONENT).to_string()
}

pub fn decode_component(text: &str) -> String {
    let spaced = text.replace('+', " ");
    percent_decode_str(&spaced).decode_utf8_lossy().into_owned()
}

/// A URL path segment as text (`%20` is a blank; a `+` stays a `+`, unlike in a query).
pub fn decode_segment(text: &str) -> String {
    percent_decode_str(text).decode_utf8_lossy().into_owned()
}

/// `key=value&…` from pairs, in order.
pub fn encode_pairs<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "{}={}",
                encode_component(k.as_ref()),
                encode_component(v.as_ref())
            )
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// Pairs from a query string, with or without its leading `?`; empty parts are skipped.
pub fn decode_pairs(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| match part.split_once('=') {
            Some((k, v)) => (decode_component(k), decode_component(v)),
            None => (decode_component(part), String::new()),
        })
        .collect()
}

/// The query part of a URL (after `?`, before `#`), or `""`.
pub fn query_of(url: &str) -> &str {
    let without_fragment = url.split('#').next().unwrap_or("");
    without_fragment
        .split_once('?')
        .map(|(_, q)| q)
        .unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_segment_keeps_its_plus() {
        assert_eq!(decode_segment("a+b%20c"), "a+b c");
        assert_eq!(decode_component("a+b%20c"), "a b c");
    }

    #[test]
    fn readable_brackets_and_escaped_specials() {
        let q = encode_pairs(&[("filter[name-cont]", "west & co"), ("sort", "-balance")]);
        assert_eq!(q, "filter[name-cont]=west%20%26%20co&sort=-balance");
        assert_eq!(
            decode_pairs(&q),
            vec![
                ("filter[name-cont]".to_owned(), "west & co".to_owned()),
                ("sort".to_owned(), "-balance".to_owned())
            ]
        );
    }

    #[test]
    fn decodes_what_servers_send() {
        let link = "http://example.org/api/rest/customer/v1/network-prefixes?filter%5Bprefix_start%5D=380&page%5Bnumber%5D=1&page%5Bsize%5D=50";
        let pairs = decode_pairs(query_of(link));
        assert_eq!(
            pairs[0],
            ("filter[prefix_start]".to_owned(), "380".to_owned())
        );
        assert_eq!(pairs[2], ("page[size]".to_owned(), "50".to_owned()));
        assert_eq!(
            decode_pairs("?a=1+2&&b"),
            vec![("a".into(), "1 2".into()), ("b".into(), "".into())]
        );
        assert_eq!(decode_component("%E2%82%AC%ZZ"), "€%ZZ");
    }
}
