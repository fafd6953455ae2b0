//! A declared creation form's rules ([`crate::catalog::Form::Inputs`]): what each typed input
//! must be, checked before anything is sent, and the `POST` document made of them.

use crate::catalog::{Input, Kind};
use crate::number::parse_decimal;

/// Why a typed input cannot be sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputProblem {
    /// A required input is empty.
    Missing,
    /// Not a whole number (as typed).
    NotAnInteger(String),
    /// Not a decimal number (as typed).
    NotADecimal(String),
    /// Not one of the declared words (as typed).
    NotAChoice(String),
}

/// The `POST /<path>` document of a declared form: `typed` holds each input's text by name
/// (an absent one is empty). Every input's problem is found at once, named by its input.
pub fn creation_document(
    path: &str,
    inputs: &[Input],
    typed: impl Fn(&str) -> String,
) -> Result<serde_json::Value, Vec<(&'static str, InputProblem)>> {
    let mut attributes = serde_json::Map::new();
    let mut relationships = serde_json::Map::new();
    let mut problems = Vec::new();
    for input in inputs {
        let text = typed(input.name).trim().to_owned();
        if text.is_empty() {
            if input.required {
                problems.push((input.name, InputProblem::Missing));
            }
            continue;
        }
        match (input.to, value_of(input.kind, &text)) {
            (_, Err(problem)) => problems.push((input.name, problem)),
            (Some(target), Ok(_)) => {
                let data = serde_json::json!({ "data": { "type": target, "id": text } });
                relationships.insert(input.name.to_owned(), data);
            }
            (None, Ok(value)) => {
                attributes.insert(input.name.to_owned(), value);
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut data = serde_json::json!({ "type": path, "attributes": attributes });
    if !relationships.is_empty() {
        data["relationships"] = relationships.into();
    }
    Ok(serde_json::json!({ "data": data }))
}

/// A typed text as the value the server takes for `kind`: decimals as strings (exact), whole
/// numbers as numbers, booleans as booleans.
fn value_of(kind: Kind, text: &str) -> Result<serde_json::Value, InputProblem> {
    match kind {
        Kind::Integer | Kind::Duration => text
            .parse::<i64>()
            .map(Into::into)
            .map_err(|_| InputProblem::NotAnInteger(text.to_owned())),
        Kind::Decimal | Kind::Money { .. } => parse_decimal(&text.replace(',', "."))
            .map(|d| d.normalize().to_string().into())
            .map_err(|_| InputProblem::NotADecimal(text.to_owned())),
        Kind::Boolean => match text {
            "true" | "false" => Ok((text == "true").into()),
            _ => Err(InputProblem::NotAChoice(text.to_owned())),
        },
        Kind::Choice(words) if !words.contains(&text) => {
            Err(InputProblem::NotAChoice(text.to_owned()))
        }
        _ => Ok(text.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INPUTS: &[Input] = &[
        Input {
            name: "account",
            kind: Kind::Text,
            required: true,
            to: Some("accounts"),
        },
        Input {
            name: "amount",
            kind: Kind::Decimal,
            required: true,
            to: None,
        },
        Input {
            name: "count",
            kind: Kind::Integer,
            required: false,
            to: None,
        },
        Input {
            name: "period",
            kind: Kind::Choice(&["Day", "Month"]),
            required: false,
            to: None,
        },
    ];

    fn typed<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> String + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
                .unwrap_or_default()
        }
    }

    #[test]
    fn a_filled_form_posts_attributes_and_relationships_of_the_declared_type() {
        let document = creation_document(
            "subscriptions",
            INPUTS,
            typed(&[("account", "a-1"), ("amount", " 12,50 "), ("period", "Day")]),
        )
        .expect("a good form");
        assert_eq!(
            document,
            serde_json::json!({ "data": {
                "type": "subscriptions",
                "attributes": { "amount": "12.5", "period": "Day" },
                "relationships": { "account": { "data": { "type": "accounts", "id": "a-1" } } }
            }})
        );
    }

    #[test]
    fn every_problem_is_named_by_its_input_before_anything_is_sent() {
        let problems = creation_document(
            "subscriptions",
            INPUTS,
            typed(&[("amount", "ten"), ("count", "1.5"), ("period", "Year")]),
        )
        .expect_err("a bad form");
        assert_eq!(
            problems,
            vec![
                ("account", InputProblem::Missing),
                ("amount", InputProblem::NotADecimal("ten".into())),
                ("count", InputProblem::NotAnInteger("1.5".into())),
                ("period", InputProblem::NotAChoice("Year".into())),
            ]
        );
    }
}
