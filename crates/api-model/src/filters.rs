//! Filter fields and operators, exactly as the specification lists them per collection.

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

/// The operator sets of the specification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OperatorSet {
    /// T: `eq`, `not-eq`, `cont`, `start`, `end`, `in`, `not-in`, `cont-any`.
    Text,
    /// N: `eq`, `not-eq`, `gt`, `gteq`, `lt`, `lteq`, `in`, `not-in`.
    Numeric,
    /// U: `eq`, `not-eq`, `in`, `not-in`.
    Identifier,
}

impl OperatorSet {
    pub fn operators(self) -> &'static [Operator] {
        use Operator::*;
        match self {
            OperatorSet::Text => &[Eq, NotEq, Cont, Start, End, In, NotIn, ContAny],
            OperatorSet::Numeric => &[Eq, NotEq, Gt, Gteq, Lt, Lteq, In, NotIn],
            OperatorSet::Identifier => &[Eq, NotEq, In, NotIn],
        }
    }
}

/// A filterable field of a collection. `operators == None` is `filter[id]`, which has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilterField {
    pub name: &'static str,
    pub operators: Option<OperatorSet>,
}

const fn field(name: &'static str, set: OperatorSet) -> FilterField {
    FilterField {
        name,
        operators: Some(set),
    }
}

const ID: FilterField = FilterField {
    name: "id",
    operators: None,
};

const ACCOUNT_FILTERS: &[FilterField] = &[
    ID,
    field("name", OperatorSet::Text),
    field("balance", OperatorSet::Numeric),
    field("min-balance", OperatorSet::Numeric),
    field("max-balance", OperatorSet::Numeric),
    field("balance-low-threshold", OperatorSet::Numeric),
    field("balance-high-threshold", OperatorSet::Numeric),
    field("destination-rate-limit", OperatorSet::Numeric),
    field("max-call-duration", OperatorSet::Numeric),
    field("origination-capacity", OperatorSet::Numeric),
    field("termination-capacity", OperatorSet::Numeric),
    field("total-capacity", OperatorSet::Numeric),
    field("external-id", OperatorSet::Numeric),
    field("uuid", OperatorSet::Identifier),
];

const NETWORK_TYPE_FILTERS: &[FilterField] = &[ID, field("name", OperatorSet::Text)];

// The specification gives the text set for all three, lengths included.
const NETWORK_PREFIX_FILTERS: &[FilterField] = &[
    ID,
    field("prefix", OperatorSet::Text),
    field("number-min-length", OperatorSet::Text),
    field("number-max-length", OperatorSet::Text),
];

const ID_ONLY: &[FilterField] = &[ID];

/// The collections of the API that the portal lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Collection {
    Accounts,
    NetworkTypes,
    NetworkPrefixes,
    Networks,
    Services,
    Rates,
    CdrExports,
    Countries,
}

impl Collection {
    pub const ALL: [Collection; 8] = [
        Collection::Accounts,
        Collection::NetworkTypes,
        Collection::NetworkPrefixes,
        Collection::Networks,
        Collection::Services,
        Collection::Rates,
        Collection::CdrExports,
        Collection::Countries,
    ];

    /// Path segment below the API root, which is also the JSON:API `type`.
    pub fn path(self) -> &'static str {
        match self {
            Collection::Accounts => "accounts",
            Collection::NetworkTypes => "network-types",
            Collection::NetworkPrefixes => "network-prefixes",
            Collection::Networks => "networks",
            Collection::Services => "services",
            Collection::Rates => "rates",
            Collection::CdrExports => "cdr-exports",
            Collection::Countries => "countries",
        }
    }

    pub fn from_path(path: &str) -> Option<Collection> {
        Collection::ALL.into_iter().find(|c| c.path() == path)
    }

    /// The filter fields the specification lists for this collection (`id` for the others).
    pub fn filter_fields(self) -> &'static [FilterField] {
        match self {
            Collection::Accounts => ACCOUNT_FILTERS,
            Collection::NetworkTypes => NETWORK_TYPE_FILTERS,
            Collection::NetworkPrefixes => NETWORK_PREFIX_FILTERS,
            _ => ID_ONLY,
        }
    }

    pub fn filter_field(self, name: &str) -> Option<FilterField> {
        self.filter_fields()
            .iter()
            .copied()
            .find(|f| f.name == name)
    }
}

/// One `filter[…]` query parameter.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Filter {
    pub field: String,
    pub operator: Option<Operator>,
    /// As sent: list operators carry a comma-separated list (see [`Filter::values`]).
    pub value: String,
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
            .map(|v| {
                if v.contains(',') || v.contains('"') {
                    format!("\"{}\"", v.replace('"', "\"\""))
                } else {
                    (*v).to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(",");
        Filter::new(field, operator, &joined)
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

    /// The values of a list operator, honouring double-quoted values that contain commas.
    pub fn values(&self) -> Vec<String> {
        if !self.operator.is_some_and(Operator::takes_list) && self.field != "id" {
            return vec![self.value.clone()];
        }
        split_list(&self.value)
    }

    /// Checks the filter against a collection's fields before any request is sent.
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
        if values.iter().all(|v| v.trim().is_empty()) {
            return Err(FilterError::EmptyValue { field: field.name });
        }
        let numeric = field.operators == Some(OperatorSet::Numeric);
        match values.iter().find(|v| numeric && !is_number(v)) {
            Some(bad) => Err(FilterError::NotANumber {
                field: field.name,
                value: bad.clone(),
            }),
            None => Ok(()),
        }
    }
}

fn op_text(op: Option<Operator>) -> String {
    op.map(|o| o.as_str().to_owned())
        .unwrap_or_else(|| "(none)".to_owned())
}

/// Splits `a,"b,c",d` into `a`, `b,c`, `d`.
pub fn split_list(text: &str) -> Vec<String> {
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
    values.retain(|v| !v.is_empty());
    values
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
    NotANumber {
        field: &'static str,
        value: String,
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
            FilterError::NotANumber { field, value } => {
                write!(
                    f,
                    "“{value}” is not a number; “{field}” needs a number such as 12.5"
                )
            }
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
        assert_eq!(
            ops(OperatorSet::Identifier),
            ["eq", "not-eq", "in", "not-in"]
        );
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
                ("uuid", Some(Identifier)),
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
    fn validation_rejects_bad_input_before_a_request() {
        assert!(
            Filter::new("balance", Operator::Gt, "12.5")
                .validate(Collection::Accounts)
                .is_ok()
        );
        assert!(
            Filter::new("balance", Operator::In, "1, 2.5")
                .validate(Collection::Accounts)
                .is_ok()
        );
        assert_eq!(
            Filter::new("balance", Operator::Gt, "12a").validate(Collection::Accounts),
            Err(FilterError::NotANumber {
                field: "balance",
                value: "12a".into()
            })
        );
        assert!(
            Filter::new("balance", Operator::Cont, "1")
                .validate(Collection::Accounts)
                .is_err()
        );
        assert!(
            Filter::new("name", Operator::Gt, "a")
                .validate(Collection::Accounts)
                .is_err()
        );
        assert!(
            Filter::new("uuid", Operator::Cont, "a")
                .validate(Collection::Accounts)
                .is_err()
        );
        assert!(
            Filter::new("name", Operator::Eq, " ")
                .validate(Collection::Accounts)
                .is_err()
        );
        assert!(Filter::id("x").validate(Collection::NetworkTypes).is_ok());
        assert!(
            Filter::new("color", Operator::Eq, "x")
                .validate(Collection::NetworkTypes)
                .is_err()
        );
    }
}
