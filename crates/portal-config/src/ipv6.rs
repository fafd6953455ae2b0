//! IPv6 addresses in hosts, read and written as the URL standard does (its IPv6 parser and
//! serialiser). Not `std::net::Ipv6Addr`: its parser brings core's whole address parser, IPv4
//! too, into the shell of every page (3.4 KB raw), for the rare origin written with an IPv6 host.

/// The eight 16-bit pieces of the address `input` (without its brackets), if it is one as the
/// URL standard reads it: hexadecimal pieces of up to four digits, one `::` for a run of zero
/// pieces, and the last 32 bits maybe in dotted IPv4 form (decimal, no leading zeros).
pub fn parse_ipv6(input: &str) -> Option<[u16; 8]> {
    let text = input.as_bytes();
    let at = |i: usize| text.get(i).copied();
    let mut pieces = [0u16; 8];
    let (mut piece, mut compress, mut i) = (0usize, None, 0usize);
    if at(0) == Some(b':') {
        if at(1) != Some(b':') {
            return None;
        }
        i = 2;
        piece = 1;
        compress = Some(1);
    }
    while i < text.len() {
        if piece == 8 {
            return None;
        }
        if at(i) == Some(b':') {
            if compress.is_some() {
                return None;
            }
            i += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let (mut value, mut length) = (0u16, 0usize);
        while length < 4 {
            let Some(digit) = at(i).and_then(|c| char::from(c).to_digit(16)) else {
                break;
            };
            value = value * 16 + digit as u16;
            i += 1;
            length += 1;
        }
        match at(i) {
            Some(b'.') => {
                if length == 0 || piece > 6 {
                    return None;
                }
                let [high, low] = dotted_ipv4(&text[i - length..])?;
                pieces[piece] = high;
                pieces[piece + 1] = low;
                piece += 2;
                break;
            }
            Some(b':') => {
                i += 1;
                if i == text.len() {
                    return None;
                }
            }
            Some(_) => return None,
            None => {}
        }
        pieces[piece] = value;
        piece += 1;
    }
    match compress {
        Some(start) => {
            // The pieces after `::` move to the end; the run between is zeros.
            let after = piece - start;
            pieces.copy_within(start..piece, 8 - after);
            pieces[start..8 - after].fill(0);
        }
        None if piece != 8 => return None,
        None => {}
    }
    Some(pieces)
}

/// The last 32 bits of an IPv6 address written as four decimal numbers: two pieces.
fn dotted_ipv4(text: &[u8]) -> Option<[u16; 2]> {
    let mut bytes = [0u16; 4];
    let mut parts = text.split(|c| *c == b'.');
    for byte in &mut bytes {
        let part = parts.next()?;
        let leading_zero = part.len() > 1 && part[0] == b'0';
        if part.is_empty() || part.len() > 3 || leading_zero {
            return None;
        }
        let mut number = 0u16;
        for c in part {
            number = number * 10 + u16::from(char::from(*c).to_digit(10)? as u8);
        }
        if number > 255 {
            return None;
        }
        *byte = number;
    }
    if parts.next().is_some() {
        return None;
    }
    Some([bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3]])
}

/// An IPv6 address as the URL standard writes it: lower-case hexadecimal pieces, the first
/// longest run of two or more zero pieces written `::` (never in dotted IPv4 form).
pub fn ipv6_text(pieces: [u16; 8]) -> String {
    let mut longest: Option<(usize, usize)> = None;
    let mut at = 0;
    while at < 8 {
        let run = pieces[at..].iter().take_while(|piece| **piece == 0).count();
        if run >= 2 && longest.is_none_or(|(_, length)| run > length) {
            longest = Some((at, run));
        }
        at += run.max(1);
    }
    let hex = |range: &[u16]| {
        range
            .iter()
            .map(|piece| format!("{piece:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    match longest {
        Some((start, length)) => format!(
            "{}::{}",
            hex(&pieces[..start]),
            hex(&pieces[start + length..])
        ),
        None => hex(&pieces),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The URL standard's reading of `[text]` as a host, by the `url` crate.
    fn standard(text: &str) -> Option<[u16; 8]> {
        match url::Host::parse(&format!("[{text}]")) {
            Ok(url::Host::Ipv6(address)) => Some(address.segments()),
            _ => None,
        }
    }

    #[test]
    fn reads_the_forms_of_an_address() {
        let cases: [(&str, Option<[u16; 8]>); 12] = [
            ("::", Some([0; 8])),
            ("::1", Some([0, 0, 0, 0, 0, 0, 0, 1])),
            ("1::", Some([1, 0, 0, 0, 0, 0, 0, 0])),
            ("1:2:3:4:5:6:7:8", Some([1, 2, 3, 4, 5, 6, 7, 8])),
            ("1:2:3:4:5:6:7::", Some([1, 2, 3, 4, 5, 6, 7, 0])),
            ("FFFF::a:B", Some([0xffff, 0, 0, 0, 0, 0, 0xa, 0xb])),
            (
                "::ffff:1.2.3.4",
                Some([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]),
            ),
            ("1:2:3:4:5:6:7:8:9", None),
            ("1::2::3", None),
            ("::1.2.3.04", None),
            ("12345::", None),
            ("1:2:3:4:5:6:7:", None),
        ];
        for (text, pieces) in cases {
            assert_eq!(parse_ipv6(text), pieces, "{text}");
            assert_eq!(standard(text), pieces, "the standard, {text}");
        }
    }

    #[test]
    fn reads_as_the_standard_does_whatever_the_text() {
        const ALPHABET: &[u8] = b"0123456789abcdefABCDEFg:.:.:%[] ";
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut checked = 0;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = 1 + (state % 24) as usize;
            let text: String = (0..length)
                .map(|n| {
                    let pick = (state >> (n % 8 * 8)) as usize + n * 7;
                    char::from(ALPHABET[pick % ALPHABET.len()])
                })
                .collect();
            let ours = parse_ipv6(&text);
            assert_eq!(ours, standard(&text), "{text:?}");
            checked += usize::from(ours.is_some());
        }
        // Hand-made forms, which random text rarely hits.
        for text in [
            "::ffff:255.255.255.255",
            "0:0:0:0:0:0:1.2.3.4",
            "1::1.2.3.4",
            "a:b:c:d:e:f:0.0.0.0",
        ] {
            assert_eq!(parse_ipv6(text), standard(text), "{text:?}");
            checked += 1;
        }
        assert!(
            checked > 20,
            "too few addresses among the candidates: {checked}"
        );
    }

    #[test]
    fn writes_the_first_longest_run_of_zeros_as_two_colons() {
        assert_eq!(ipv6_text([0; 8]), "::");
        assert_eq!(ipv6_text([1, 0, 0, 2, 0, 0, 0, 3]), "1:0:0:2::3");
        assert_eq!(ipv6_text([1, 0, 2, 3, 4, 5, 6, 7]), "1:0:2:3:4:5:6:7");
        assert_eq!(
            ipv6_text([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]),
            "::ffff:102:304"
        );
    }
}
