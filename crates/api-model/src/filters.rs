//! Filters: operators, the operator sets of the real server's filter types, and one `filter[…]`
//! parameter with its checks, made before any request is sent.

use crate::catalog::{Collection, IdKind};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operator {
    Eq,
    NotEq,
    Cont,
    Start,
    End,
    In,
    NotIn,
    ContAny,
    Gt,
    Gteq,
    Lt,
    Lteq,
}

impl Operator {
    pub const ALL: [Operator; 12] = [
        Operator::Eq,
        Operator::NotEq,
        Operator::Cont,
        Operator::Start,
        Operator::End,
        Operator::In,
        Operator::NotIn,
        Operator::ContAny,
        Operator::Gt,
        Operator::Gteq,
        Operator::Lt,
        Operator::Lteq,
    ];

    /// The operator as it appears in `filter[<field>-<operator>]`.
    pub fn as_str(self) -> &'static str {
        match self {
            Operator::Eq => "eq",
            Operator::NotEq => "not-eq",
            Operator::Cont => "cont",
            Operator::Start => "start",
            Operator::End => "end",
            Operator::In => "in",
            Operator::NotIn => "not-in",
            Operator::ContAny => "cont-any",
            Operator::Gt => "gt",
            Operator::Gteq => "gteq",
            Operator::Lt => "lt",
            Operator::Lteq => "lteq",
        }
    }

    /// A short human label for pickers.
    pub fn label(self) -> &'static str {
        match self {
            Operator::Eq => "equals",
            Operator::NotEq => "does not equal",
            Operator::Cont => "contains",
            Operator::Start => "starts with",
            Operator::End => "ends with",
            Operator::In => "is one of",
            Operator::NotIn => "is none of",
            Operator::ContAny => "contains any of",
            Operator::Gt => ">",
            Operator::Gteq => "≥",
            Operator::Lt => "<",
            Operator::Lteq => "≤",
        }
    }

    /// Operators whose value is a comma-separated list.
    pub fn takes_list(self) -> bool {
        matches!(self, Operator::In | Operator::NotIn | Operator::ContAny)
    }

    /// Accepts both spellings the server accepts: `not-eq` and `not_eq`.
    pub fn parse(text: &str) -> Option<Operator> {
        let normalized = text.replace('_', "-");
        Operator::ALL
            .into_iter()
            .find(|op| op.as_str() == normalized)
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The operator sets of the real server's filters (its `ransack_filter` types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OperatorSet {
    /// Strings (the specification's T): `eq`, `not-eq`, `cont`, `start`, `end`, `in`,
    /// `not-in`, `cont-any`.
    Text,
    /// Numbers (N): `eq`, `not-eq`, `gt`, `gteq`, `lt`, `lteq`, `in`, `not-in`.
    Numeric,
    /// UUIDs (U): `eq`, `not-eq`, `in`, `not-in`.
    Uuid,
    /// UUIDs of records of another collection (`account-id`: accounts'), with the operators
    /// of [`OperatorSet::Uuid`]. The server looks the values up among all that collection's
    /// records (its `association_uuid_filter`) and keeps the ones it finds: a value of no
    /// record is left out, and a filter left with none is as if it were not there.
    RecordUuid(Collection),
    /// A custom filter that takes one UUID: `eq` only (`rateplan-id-eq` on rates). The server
    /// reads only the first of its values, unchecked: one that is no UUID of a record matches
    /// nothing.
    UuidEq,
    /// `eq`, `not-eq` with `true` or `false`.
    Boolean,
    /// Timestamps: the numeric operators.
    Time,
    /// IP addresses: `eq`, `not-eq`, `in`, `not-in`.
    Inet,
    /// One of a fixed set of words (anything else is a 400): `eq`, `not-eq`, `in`, `not-in`.
    Choice(&'static [&'static str]),
}

impl OperatorSet {
    pub fn operators(self) -> &'static [Operator] {
        use Operator::*;
        match self {
            OperatorSet::Text => &[Eq, NotEq, Cont, Start, End, In, NotIn, ContAny],
            OperatorSet::Numeric | OperatorSet::Time => &[Eq, NotEq, Gt, Gteq, Lt, Lteq, In, NotIn],
            OperatorSet::Uuid
            | OperatorSet::RecordUuid(_)
            | OperatorSet::Inet
            | OperatorSet::Choice(_) => &[Eq, NotEq, In, NotIn],
            OperatorSet::UuidEq => &[Eq],
            OperatorSet::Boolean => &[Eq, NotEq],
        }
    }

    /// What is wrong with one value for this set, if anything.
    fn check(self, value: &str) -> Result<(), ValueProblem> {
        let ok = match self {
            OperatorSet::Text => true,
            OperatorSet::Numeric => is_number(value),
            OperatorSet::Uuid | OperatorSet::RecordUuid(_) | OperatorSet::UuidEq => {
                crate::catalog::is_uuid(value)
            }
            OperatorSet::Boolean => matches!(value, "true" | "false"),
            OperatorSet::Time => crate::stats::parse_time(value).is_some(),
            OperatorSet::Inet => value.parse::<std::net::IpAddr>().is_ok(),
            OperatorSet::Choice(words) => words.contains(&value),
        };
        if ok { Ok(()) } else { Err(ValueProblem(self)) }
    }
}

/// A value that does not fit its operator set.
struct ValueProblem(OperatorSet);

/// A filterable field of a collection. `operators == None` is a plain filter such as
/// `filter[id]`: an exact match, a comma-separated list meaning any of its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FilterField {
    pub name: &'static str,
    pub operators: Option<OperatorSet>,
    /// A plain filter whose resource checks every value against these words (an export's
    /// `time-format`): any other is refused (400).
    pub words: Option<&'static [&'static str]>,
}

/// One `filter[…]` query parameter.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Filter {
    pub field: String,
    pub operator: Option<Operator>,
    /// As sent: a list operator's comma-separated values, a single value quoted when it holds
    /// a comma or a quote (see [`Filter::from_typed`], [`Filter::values`]).
    pub value: String,
}

/// `value` as one field of a comma-separated list: in double quotes (quotes doubled) when it
/// holds a comma or a quote, the way the server's CSV reading of filter values expects.
pub fn quoted(value: &str) -> String {
    if value.contains(',') || value.contains('"') {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value.to_owned()
    }
}

impl Filter {
    pub fn new(field: &str, operator: Operator, value: &str) -> Filter {
        Filter {
            field: field.to_owned(),
            operator: Some(operator),
            value: value.to_owned(),
        }
    }

    pub fn id(value: &str) -> Filter {
        Filter {
            field: "id".to_owned(),
            operator: None,
            value: value.to_owned(),
        }
    }

    /// A list filter; values containing a comma or a quote are wrapped in double quotes.
    pub fn list(field: &str, operator: Operator, values: &[&str]) -> Filter {
        let joined = values
            .iter()
            .map(|v| quoted(v))
            .collect::<Vec<_>>()
            .join(",");
        Filter::new(field, operator, &joined)
    }

    /// Whether the value is a list (`in`, `not-in`, `cont-any` and plain filters).
    pub fn takes_list(&self) -> bool {
        self.operator.is_none_or(Operator::takes_list)
    }

    /// The filter for what a user typed: list items without the blanks typed after commas
    /// (`a, b` is `a,b`; `"x, y"` keeps its comma), a single value whole, quoted when it holds
    /// a comma or a quote so the server reads it as one.
    pub fn from_typed(field: &str, operator: Option<Operator>, typed: &str) -> Filter {
        let mut filter = Filter {
            field: field.to_owned(),
            operator,
            value: String::new(),
        };
        let typed = typed.trim();
        filter.value = if filter.takes_list() {
            split_list(typed)
                .iter()
                .map(|v| quoted(v))
                .collect::<Vec<_>>()
                .join(",")
        } else {
            quoted(typed)
        };
        filter
    }

    /// The value as a user types it: the reverse of [`Filter::from_typed`] (list items joined
    /// with `, `, a quoted single value without its quotes).
    pub fn typed(&self) -> String {
        if self.takes_list() {
            return self
                .values()
                .iter()
                .map(|v| quoted(v))
                .collect::<Vec<_>>()
                .join(", ");
        }
        match split_list(&self.value).as_slice() {
            [one] if self.value.trim_start().starts_with('"') => one.clone(),
            _ => self.value.clone(),
        }
    }

    /// The name inside `filter[…]`.
    pub fn key_name(&self) -> String {
        match self.operator {
            Some(op) => format!("{}-{}", self.field, op.as_str()),
            None => self.field.clone(),
        }
    }

    /// The query parameter name, `filter[<field>-<operator>]`.
    pub fn key(&self) -> String {
        format!("filter[{}]", self.key_name())
    }

    /// Reads the name inside `filter[…]`, in either the `-` or the `_` spelling.
    pub fn parse_key_name(name: &str, value: &str) -> Filter {
        // Longest operator spellings first, so `not-eq` wins over `eq`.
        let mut operators = Operator::ALL;
        operators.sort_by_key(|op| std::cmp::Reverse(op.as_str().len()));
        for op in operators {
            for spelling in [op.as_str().to_owned(), op.as_str().replace('-', "_")] {
                for separator in ['-', '_'] {
                    let suffix = format!("{separator}{spelling}");
                    if let Some(field) = name.strip_suffix(&suffix).filter(|f| !f.is_empty()) {
                        return Filter {
                            field: field.replace('_', "-"),
                            operator: Some(op),
                            value: value.to_owned(),
                        };
                    }
                }
            }
        }
        Filter {
            field: name.replace('_', "-"),
            operator: None,
            value: value.to_owned(),
        }
    }

    /// The values as the server reads them: a list's items (double-quoted ones may hold
    /// commas), or the single value (unquoted).
    pub fn values(&self) -> Vec<String> {
        split_list(&self.value)
    }

    /// Checks the filter against a collection's filters before any request is sent: a known
    /// field, an operator of its set, values of its kind, and one value for a single-value
    /// operator (the server answers 400 otherwise).
    pub fn validate(&self, collection: Collection) -> Result<(), FilterError> {
        let field = collection
            .filter_field(&self.field)
            .ok_or_else(|| FilterError::UnknownField(self.field.clone()))?;
        let allowed = match (field.operators, self.operator) {
            (None, None) => true,
            (Some(set), Some(op)) => set.operators().contains(&op),
            _ => false,
        };
        if !allowed {
            return Err(FilterError::OperatorNotAllowed {
                field: field.name,
                operator: op_text(self.operator),
            });
        }
        let values = self.values();
        if values.is_empty() {
            return Err(FilterError::EmptyValue { field: field.name });
        }
        // Counted as the server counts them: `a,` is two values, one of them empty.
        if !self.takes_list() && split_fields(&self.value).len() > 1 {
            return Err(FilterError::OneValueOnly { field: field.name });
        }
        let check = |value: &str| match field.operators {
            Some(set) => set.check(value).map_err(|ValueProblem(set)| set),
            // A plain `id` filter takes ids of the collection's kind.
            None if field.name == "id" => {
                let kind = collection.spec().id;
                if kind.accepts(value) {
                    Ok(())
                } else {
                    Err(match kind {
                        IdKind::Uuid => OperatorSet::Uuid,
                        IdKind::Integer => OperatorSet::Numeric,
                    })
                }
            }
            None => match field.words {
                Some(words) if !words.contains(&value) => Err(OperatorSet::Choice(words)),
                _ => Ok(()),
            },
        };
        for value in &values {
            check(value).map_err(|set| FilterError::BadValue {
                field: field.name,
                value: value.clone(),
                expected: Expected::of(set),
            })?;
        }
        Ok(())
    }
}

fn op_text(op: Option<Operator>) -> String {
    op.map(|o| o.as_str().to_owned())
        .unwrap_or_else(|| "(none)".to_owned())
}

/// Splits `a,"b,c",d` into `a`, `b,c`, `d`; blanks around items go, empty items too.
pub fn split_list(text: &str) -> Vec<String> {
    let mut values = split_fields(text);
    values.retain(|v| !v.is_empty());
    values
}

/// The fields of a comma-separated value as the server's CSV reading finds them: `a,"b,c",`
/// is `a`, `b,c` and an empty one; a blank text has none (the server reads only a value that
/// is `present?`). Blanks around fields go.
pub fn split_fields(text: &str) -> Vec<String> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    let mut values = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                current.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => values.push(std::mem::take(&mut current).trim().to_owned()),
            _ => current.push(c),
        }
    }
    values.push(current.trim().to_owned());
    values
}

/// What a filter's values must be, for the message that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    Number,
    Uuid,
    Boolean,
    Time,
    IpAddress,
    OneOf(&'static [&'static str]),
}

impl Expected {
    fn of(set: OperatorSet) -> Expected {
        match set {
            OperatorSet::Uuid | OperatorSet::RecordUuid(_) | OperatorSet::UuidEq => Expected::Uuid,
            OperatorSet::Boolean => Expected::Boolean,
            OperatorSet::Time => Expected::Time,
            OperatorSet::Inet => Expected::IpAddress,
            OperatorSet::Choice(words) => Expected::OneOf(words),
            OperatorSet::Numeric | OperatorSet::Text => Expected::Number,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterError {
    UnknownField(String),
    OperatorNotAllowed {
        field: &'static str,
        operator: String,
    },
    EmptyValue {
        field: &'static str,
    },
    /// A single-value operator was given a list (a comma outside double quotes).
    OneValueOnly {
        field: &'static str,
    },
    BadValue {
        field: &'static str,
        value: String,
        expected: Expected,
    },
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilterError::UnknownField(name) => write!(f, "“{name}” cannot be filtered on"),
            FilterError::OperatorNotAllowed { field, operator } => {
                write!(f, "“{field}” cannot be filtered with “{operator}”")
            }
            FilterError::EmptyValue { field } => write!(f, "Enter a value for “{field}”"),
            FilterError::OneValueOnly { field } => write!(
                f,
                "“{field}” takes one value here; put a value with a comma in double quotes"
            ),
            FilterError::BadValue {
                field,
                value,
                expected,
            } => match expected {
                Expected::Number => write!(
                    f,
                    "“{value}” is not a number; “{field}” needs a number such as 12.5"
                ),
                Expected::Uuid => write!(
                    f,
                    "“{value}” is not an identifier; “{field}” needs one such as 0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"
                ),
                Expected::Boolean => write!(f, "“{field}” is true or false, not “{value}”"),
                Expected::Time => write!(
                    f,
                    "“{value}” is not a time; “{field}” needs one such as 2026-07-18 10:00:00"
                ),
                Expected::IpAddress => write!(
                    f,
                    "“{value}” is not an IP address; “{field}” needs one such as 10.0.0.1"
                ),
                Expected::OneOf(words) => {
                    write!(f, "“{field}” is one of {}, not “{value}”", words.join(", "))
                }
            },
        }
    }
}

/// Whether a text is a decimal number the API accepts in a numeric filter.
pub fn is_number(text: &str) -> bool {
    crate::number::parse_decimal(text).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(set: OperatorSet) -> Vec<&'static str> {
        set.operators().iter().map(|o| o.as_str()).collect()
    }

    #[test]
    fn operator_sets_match_the_specification() {
        assert_eq!(
            ops(OperatorSet::Text),
            [
                "eq", "not-eq", "cont", "start", "end", "in", "not-in", "cont-any"
            ]
        );
        assert_eq!(
            ops(OperatorSet::Numeric),
            ["eq", "not-eq", "gt", "gteq", "lt", "lteq", "in", "not-in"]
        );
        assert_eq!(ops(OperatorSet::Uuid), ["eq", "not-eq", "in", "not-in"]);
        assert_eq!(ops(OperatorSet::Boolean), ["eq", "not-eq"]);
        assert_eq!(ops(OperatorSet::UuidEq), ["eq"]);
    }

    #[test]
    fn filter_fields_match_the_specification() {
        let fields = |c: Collection| -> Vec<(&str, Option<OperatorSet>)> {
            c.filter_fields()
                .iter()
                .map(|f| (f.name, f.operators))
                .collect()
        };
        use OperatorSet::*;
        assert_eq!(
            fields(Collection::Accounts),
            vec![
                ("id", None),
                ("name", Some(Text)),
                ("balance", Some(Numeric)),
                ("min-balance", Some(Numeric)),
                ("max-balance", Some(Numeric)),
                ("balance-low-threshold", Some(Numeric)),
                ("balance-high-threshold", Some(Numeric)),
                ("destination-rate-limit", Some(Numeric)),
                ("max-call-duration", Some(Numeric)),
                ("origination-capacity", Some(Numeric)),
                ("termination-capacity", Some(Numeric)),
                ("total-capacity", Some(Numeric)),
                ("external-id", Some(Numeric)),
                ("uuid", Some(Uuid)),
            ]
        );
        assert_eq!(
            fields(Collection::NetworkTypes),
            vec![("id", None), ("name", Some(Text))]
        );
        assert_eq!(
            fields(Collection::NetworkPrefixes),
            vec![
                ("id", None),
                ("prefix", Some(Text)),
                ("number-min-length", Some(Text)),
                ("number-max-length", Some(Text)),
            ]
        );
    }

    #[test]
    fn keys_parse_in_both_spellings() {
        assert_eq!(
            Filter::parse_key_name("min-balance-not-eq", "1"),
            Filter::new("min-balance", Operator::NotEq, "1")
        );
        assert_eq!(
            Filter::parse_key_name("prefix_start", "380"),
            Filter::new("prefix", Operator::Start, "380")
        );
        assert_eq!(
            Filter::parse_key_name("name_cont_any", "a"),
            Filter::new("name", Operator::ContAny, "a")
        );
        assert_eq!(Filter::parse_key_name("id", "x"), Filter::id("x"));
        assert_eq!(
            Filter::new("name", Operator::NotIn, "a").key(),
            "filter[name-not-in]"
        );
    }

    #[test]
    fn list_values_quote_commas() {
        let filter = Filter::list("name", Operator::In, &["west", "a,b", "say \"hi\""]);
        assert_eq!(filter.value, r#"west,"a,b","say ""hi""""#);
        assert_eq!(filter.values(), ["west", "a,b", "say \"hi\""]);
    }

    #[test]
    fn typed_lists_lose_the_blanks_after_commas() {
        let filter = Filter::from_typed("name", Some(Operator::In), " a, b ,  c ");
        assert_eq!(filter.value, "a,b,c");
        assert_eq!(filter.typed(), "a, b, c");
        let quoted = Filter::from_typed("name", Some(Operator::In), r#"a, "b, c""#);
        assert_eq!(quoted.value, r#"a,"b, c""#);
        assert_eq!(quoted.values(), ["a", "b, c"]);
        assert_eq!(quoted.typed(), r#"a, "b, c""#);
        // Plain filters take lists too.
        assert_eq!(Filter::from_typed("id", None, "1, 2").value, "1,2");
    }

    #[test]
    fn a_single_value_with_a_comma_goes_quoted() {
        let filter = Filter::from_typed("name", Some(Operator::Eq), "Smith, John");
        assert_eq!(filter.value, r#""Smith, John""#);
        assert_eq!(filter.values(), ["Smith, John"]);
        assert_eq!(filter.typed(), "Smith, John");
        assert_eq!(filter.validate(Collection::Accounts), Ok(()));
        let quote = Filter::from_typed("name", Some(Operator::Cont), r#"the "best""#);
        assert_eq!(quote.value, r#""the ""best""""#);
        assert_eq!(quote.typed(), r#"the "best""#);
        let plain = Filter::from_typed("name", Some(Operator::Eq), "Kyiv");
        assert_eq!(plain.value, "Kyiv");
        assert_eq!(plain.typed(), "Kyiv");
        // From a URL, an unquoted comma is refused before any request.
        assert_eq!(
            Filter::new("name", Operator::Eq, "a,b").validate(Collection::Accounts),
            Err(FilterError::OneValueOnly { field: "name" })
        );
    }

    #[test]
    fn validation_rejects_bad_input_before_a_request() {
        let valid = |f: Filter, c: Collection| f.validate(c).is_ok();
        assert!(valid(
            Filter::new("balance", Operator::Gt, "12.5"),
            Collection::Accounts
        ));
        assert!(valid(
            Filter::new("balance", Operator::In, "1,2.5"),
            Collection::Accounts
        ));
        assert_eq!(
            Filter::new("balance", Operator::Gt, "12a").validate(Collection::Accounts),
            Err(FilterError::BadValue {
                field: "balance",
                value: "12a".into(),
                expected: Expected::Number
            })
        );
        assert!(!valid(
            Filter::new("balance", Operator::Cont, "1"),
            Collection::Accounts
        ));
        assert!(!valid(
            Filter::new("name", Operator::Gt, "a"),
            Collection::Accounts
        ));
        assert!(!valid(
            Filter::new("uuid", Operator::Cont, "a"),
            Collection::Accounts
        ));
        assert!(!valid(
            Filter::new("name", Operator::Eq, " "),
            Collection::Accounts
        ));
        assert!(!valid(
            Filter::new("color", Operator::Eq, "x"),
            Collection::NetworkTypes
        ));
    }

    /// The server refuses an empty value of a single-value operator, a second value (even an
    /// empty one after a comma), and an export's time format outside its three: none is sent.
    #[test]
    fn what_the_server_refuses_never_leaves() {
        let check = |f: Filter, c: Collection| f.validate(c);
        assert_eq!(
            check(
                Filter::new("reference", Operator::Cont, ""),
                Collection::Invoices
            ),
            Err(FilterError::EmptyValue { field: "reference" })
        );
        assert_eq!(
            check(
                Filter::new("name", Operator::In, " , "),
                Collection::Accounts
            ),
            Err(FilterError::EmptyValue { field: "name" })
        );
        assert_eq!(
            check(
                Filter::new("name", Operator::Eq, "a,"),
                Collection::Accounts
            ),
            Err(FilterError::OneValueOnly { field: "name" })
        );
        assert_eq!(split_fields("a,\"b,c\","), ["a", "b,c", ""]);
        assert!(split_fields(" ").is_empty());
        let time_format = |value| Filter::parse_key_name("time-format", value);
        assert_eq!(
            check(time_format("bogus"), Collection::CdrExports)
                .map_err(|e| e.to_string())
                .unwrap_err(),
            "“time-format” is one of with_timezone, without_timezone, round_to_seconds, not “bogus”"
        );
        assert!(
            check(
                time_format("with_timezone,round_to_seconds"),
                Collection::CdrExports
            )
            .is_ok()
        );
    }

    #[test]
    fn values_are_checked_by_kind() {
        use Collection::{Accounts, CdrExports, Countries, Rates};
        let uuid = "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003";
        let check = |f: Filter, c: Collection| f.validate(c).map_err(|e| e.to_string());
        // Each filter, and what its check says: accepted, or refused with these words.
        let cases = [
            (Accounts, "uuid", Operator::Eq, uuid, None),
            (
                Accounts,
                "uuid",
                Operator::Eq,
                "12",
                Some("not an identifier"),
            ),
            (Rates, "enabled", Operator::Eq, "true", None),
            (Rates, "enabled", Operator::Eq, "yes", Some("")),
            (
                Rates,
                "valid-from",
                Operator::Gteq,
                "2026-07-18 10:00:00",
                None,
            ),
            (Rates, "valid-from", Operator::Gteq, "soon", Some("")),
            (CdrExports, "status", Operator::In, "Pending,Failed", None),
            (
                CdrExports,
                "status",
                Operator::Eq,
                "pending",
                Some("Pending, Completed, Failed, Deleted"),
            ),
            (Rates, "rateplan-id", Operator::Eq, uuid, None),
            (Rates, "rateplan-id", Operator::In, uuid, Some("")),
            (Countries, "name", Operator::Eq, "x", Some("")),
        ];
        for (collection, field, operator, value, refused) in cases {
            let checked = check(Filter::new(field, operator, value), collection);
            match refused {
                None => assert!(checked.is_ok(), "{field} {value}: {checked:?}"),
                Some(words) => assert!(
                    checked.as_ref().is_err_and(|e| e.contains(words)),
                    "{field} {value}: {checked:?}"
                ),
            }
        }
        assert!(check(Filter::id(uuid), Accounts).is_ok());
        assert!(check(Filter::id("7"), Accounts).is_err());
        assert!(check(Filter::id("7,8"), Countries).is_ok());
        assert!(check(Filter::id(uuid), Countries).is_err());
        let plain = Filter::parse_key_name("name", "Ukraine,Poland");
        assert!(check(plain, Countries).is_ok());
    }
}
