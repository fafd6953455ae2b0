//! Money as the portal reasons about it, without I/O: how close a balance is to its minimum,
//! a top-up's amount and request, an invoice's parts, and the file name a server gives a
//! download.

use crate::number::parse_decimal;
use rust_decimal::Decimal;

/// Where a balance stands against the account's limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// At or below the minimum: the switch may refuse the account's calls.
    AtOrBelowMinimum,
    /// Above the minimum by less than a tenth (see [`standing`]).
    NearMinimum,
    Comfortable,
}

/// How `balance` stands against `min_balance`. "Near" is within 10 % of the minimum: a tenth
/// of the span up to `max_balance` when the account has one, else a tenth of the minimum's
/// size (an account whose minimum is 0 and has no maximum is near only at 0). `None` without
/// a minimum.
pub fn standing(
    balance: Decimal,
    min_balance: Option<Decimal>,
    max_balance: Option<Decimal>,
) -> Option<Standing> {
    let min = min_balance?;
    if balance <= min {
        return Some(Standing::AtOrBelowMinimum);
    }
    let span = match max_balance {
        Some(max) if max > min => max - min,
        _ => min.abs(),
    };
    // Within a tenth of the span: ten times the headroom no more than the span.
    Some(match ten_times(balance - min) {
        Some(headroom) if headroom <= span => Standing::NearMinimum,
        _ => Standing::Comfortable,
    })
}

/// Ten times `amount`, exact (its scale one lower, or its integer times ten), or `None` past
/// what a decimal holds. Not `Decimal`'s `*`: its multiplication is 1.4 KB of code an account's
/// page needs for nothing else.
fn ten_times(amount: Decimal) -> Option<Decimal> {
    let (mantissa, scale) = (amount.mantissa(), amount.scale());
    let (mantissa, scale) = match scale.checked_sub(1) {
        Some(lower) => (mantissa, lower),
        None => (mantissa.checked_mul(10)?, 0),
    };
    Decimal::try_from_i128_with_scale(mantissa, scale).ok()
}

/// Why a top-up amount is refused before any request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AmountProblem {
    Unreadable(String),
    /// Below the server's minimum of 0.01.
    TooSmall,
}

/// The smallest amount the server accepts for a top-up.
pub const MIN_TOP_UP: Decimal = Decimal::from_parts(1, 0, 0, false, 2);

/// A top-up amount as typed (`100`, `12.50`, `12,50`): an exact decimal of at least 0.01.
pub fn top_up_amount(text: &str) -> Result<Decimal, AmountProblem> {
    let typed = text.trim();
    let normalized = typed
        .replace([' ', '\u{a0}', '\u{202f}'], "")
        .replace(',', ".");
    let amount = parse_decimal(&normalized)
        .ok()
        .filter(|_| !normalized.is_empty())
        .ok_or_else(|| AmountProblem::Unreadable(typed.to_owned()))?;
    if amount < MIN_TOP_UP {
        return Err(AmountProblem::TooSmall);
    }
    Ok(amount.normalize())
}

/// The `POST /cryptomus-payments` document of a top-up.
pub fn top_up_document(account_id: &str, amount: Decimal, notes: &str) -> serde_json::Value {
    let mut attributes = serde_json::json!({ "amount": amount.to_string() });
    if !notes.trim().is_empty() {
        attributes["notes"] = notes.trim().into();
    }
    serde_json::json!({
        "data": {
            "type": "cryptomus-payments",
            "attributes": attributes,
            "relationships": {
                "account": { "data": { "type": "accounts", "id": account_id } }
            }
        }
    })
}

/// The `POST /phone-systems-sessions`-style document of a record action: the record's id as
/// the action's one attribute.
pub fn action_document(kind: &str, attribute: &str, id: &str) -> serde_json::Value {
    let mut attributes = serde_json::Map::new();
    attributes.insert(attribute.to_owned(), id.into());
    serde_json::json!({ "data": { "type": kind, "attributes": attributes } })
}

/// The parts of an invoice, each the attribute-name prefix of its figures.
pub const INVOICE_CALL_PARTS: [&str; 2] = ["originated", "terminated"];

/// The figures of one call part of an invoice, by attribute name, in the order a breakdown
/// table shows them: amount, calls, successful calls, call time, billed time, first and last
/// call.
pub fn invoice_part_fields(part: &str) -> [String; 7] {
    [
        "amount-spent",
        "calls-count",
        "successful-calls-count",
        "calls-duration",
        "billing-duration",
        "first-call-at",
        "last-call-at",
    ]
    .map(|figure| format!("{part}-{figure}"))
}

/// The file name in a `Content-Disposition` header (`attachment; filename="INV-1.pdf"`, or
/// the RFC 6266 `filename*=UTF-8''…` form, preferred when both are given), without any
/// folder part; `None` when it names none.
pub fn attachment_file_name(header: &str) -> Option<String> {
    let mut plain = None;
    let mut extended = None;
    for parameter in split_parameters(header).into_iter().skip(1) {
        let Some((name, value)) = parameter.split_once('=') else {
            continue;
        };
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "filename" => plain = Some(unquote(value)),
            "filename*" => {
                extended = value
                    .split_once('\'')
                    .and_then(|(charset, rest)| {
                        charset
                            .eq_ignore_ascii_case("utf-8")
                            .then(|| rest.split_once('\''))
                            .flatten()
                    })
                    .and_then(|(_, encoded)| percent_decode(encoded));
            }
            _ => {}
        }
    }
    extended
        .or(plain)
        .map(|name| {
            name.rsplit(['/', '\\'])
                .next()
                .unwrap_or_default()
                .trim()
                .to_owned()
        })
        .filter(|name| !name.is_empty() && name != "." && name != "..")
}

/// `;`-separated parameters, a `;` inside quotes kept.
fn split_parameters(header: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut quoted = false;
    let mut escaped = false;
    for c in header.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ';' if !quoted => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = parts.last_mut() {
            last.push(c);
        }
    }
    parts
}

fn unquote(value: &str) -> String {
    match value
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
    {
        Some(inner) => {
            let mut out = String::new();
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => out.extend(chars.next()),
                    c => out.push(c),
                }
            }
            out
        }
        None => value.to_owned(),
    }
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    #[test]
    fn a_balance_is_judged_against_its_minimum() {
        let at = standing(d("-10"), Some(d("-10")), Some(d("1000")));
        assert_eq!(at, Some(Standing::AtOrBelowMinimum));
        assert_eq!(
            standing(d("-50"), Some(d("-10")), None),
            Some(Standing::AtOrBelowMinimum)
        );
        // A tenth of the span from -10 to 1000 is 101.
        assert_eq!(
            standing(d("91"), Some(d("-10")), Some(d("1000"))),
            Some(Standing::NearMinimum)
        );
        assert_eq!(
            standing(d("91.01"), Some(d("-10")), Some(d("1000"))),
            Some(Standing::Comfortable)
        );
        // Without a maximum, a tenth of the minimum's size.
        assert_eq!(
            standing(d("109"), Some(d("100")), None),
            Some(Standing::NearMinimum)
        );
        assert_eq!(
            standing(d("0.01"), Some(d("0")), None),
            Some(Standing::Comfortable)
        );
        assert_eq!(standing(d("5"), None, Some(d("10"))), None);
    }

    #[test]
    fn near_is_exact_at_a_tenth_whatever_the_scale() {
        // Integers: 10 above a minimum of 100 is exactly a tenth.
        assert_eq!(
            standing(d("110"), Some(d("100")), None),
            Some(Standing::NearMinimum)
        );
        assert_eq!(
            standing(d("110.000001"), Some(d("100")), None),
            Some(Standing::Comfortable)
        );
        // The largest scale, and amounts whose ten times no decimal holds.
        let tiny = Decimal::new(1, 28);
        assert_eq!(ten_times(tiny), Some(Decimal::new(1, 27)));
        assert_eq!(ten_times(Decimal::MAX), None);
        assert_eq!(
            standing(Decimal::MAX, Some(d("0")), None),
            Some(Standing::Comfortable)
        );
        assert_eq!(ten_times(d("-2.5")), Some(d("-25")));
    }

    #[test]
    fn top_up_amounts_are_exact_and_at_least_a_cent() {
        assert_eq!(top_up_amount(" 100 "), Ok(d("100")));
        assert_eq!(top_up_amount("12,50"), Ok(d("12.5")));
        assert_eq!(top_up_amount("0.01"), Ok(d("0.01")));
        assert_eq!(top_up_amount("1 000.10"), Ok(d("1000.1")));
        assert_eq!(top_up_amount("0.009"), Err(AmountProblem::TooSmall));
        assert_eq!(top_up_amount("-5"), Err(AmountProblem::TooSmall));
        assert_eq!(
            top_up_amount("ten"),
            Err(AmountProblem::Unreadable("ten".into()))
        );
        assert_eq!(top_up_amount(""), Err(AmountProblem::Unreadable("".into())));
        // 0.1 + 0.2 stays exact.
        assert_eq!(
            top_up_amount("0.1").unwrap() + top_up_amount("0.2").unwrap(),
            d("0.3")
        );
    }

    #[test]
    fn a_top_up_request_is_the_servers_shape() {
        let document = top_up_document("a-1", d("100.5"), "  ");
        assert_eq!(
            document,
            serde_json::json!({"data": {"type": "cryptomus-payments",
                "attributes": {"amount": "100.5"},
                "relationships": {"account": {"data": {"type": "accounts", "id": "a-1"}}}}})
        );
        let with_notes = top_up_document("a-1", d("1"), " May ");
        assert_eq!(with_notes["data"]["attributes"]["notes"], "May");
        assert_eq!(
            action_document("phone-systems-sessions", "service", "s-1"),
            serde_json::json!({"data": {"type": "phone-systems-sessions",
                "attributes": {"service": "s-1"}}})
        );
    }

    #[test]
    fn the_servers_file_name_is_read_from_its_header() {
        let name = |h| attachment_file_name(h);
        assert_eq!(
            name("attachment; filename=\"INV-2026-10-0001.pdf\""),
            Some("INV-2026-10-0001.pdf".into())
        );
        assert_eq!(
            name("attachment; filename=plain.pdf"),
            Some("plain.pdf".into())
        );
        assert_eq!(
            name("attachment; filename=\"a;b.pdf\"; filename*=UTF-8''%D0%A0%D0%A4.pdf"),
            Some("РФ.pdf".into())
        );
        assert_eq!(
            name("attachment; filename=\"../../etc/passwd\""),
            Some("passwd".into())
        );
        assert_eq!(
            name("attachment; filename=\"q\\\"x.pdf\""),
            Some("q\"x.pdf".into())
        );
        assert_eq!(name("attachment"), None);
        assert_eq!(name("inline; filename=\"..\""), None);
        assert_eq!(name(""), None);
    }

    #[test]
    fn invoice_parts_name_the_servers_attributes() {
        let fields = invoice_part_fields("originated");
        assert_eq!(fields[0], "originated-amount-spent");
        assert_eq!(fields[6], "originated-last-call-at");
        for part in INVOICE_CALL_PARTS {
            for name in invoice_part_fields(part) {
                assert!(
                    crate::catalog::INVOICES.field(&name).is_some(),
                    "{name} is declared"
                );
            }
        }
    }
}
