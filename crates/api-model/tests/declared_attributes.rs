//! Each collection's attribute struct is made by its declaration: it reads every attribute the
//! declaration lists under the declared name, as a value of the declared kind, exactly (money
//! and rates as decimals, times to the millisecond), writes it back as the API sends it, finds
//! it by name, and ignores attributes it does not know.

use api_model::catalog::{
    AttributeValue, Attributes, Collection, EachCollection, Kind, Payment, Rate,
};
use api_model::resources::api_time;
use rust_decimal::Decimal;
use serde_json::{Map, Value, json};

const TIME: &str = "2026-07-01T10:00:00.125Z";

/// A value of `kind` as the API sends it, and as the struct shows it by name.
fn sample(kind: Kind) -> (Value, AttributeValue<'static>) {
    let time = api_time::deserialize(json!(TIME)).unwrap();
    match kind {
        Kind::Text => (json!("text"), AttributeValue::Text("text")),
        Kind::Integer | Kind::Duration | Kind::Named(_) => {
            (json!(60), AttributeValue::Number(Decimal::from(60)))
        }
        Kind::Decimal | Kind::Money { .. } => (
            json!("0.1234567"),
            AttributeValue::Number(Decimal::new(1_234_567, 7)),
        ),
        Kind::Boolean => (json!(true), AttributeValue::Bool(true)),
        Kind::Time => (json!(TIME), AttributeValue::Time(time)),
        Kind::Choice(words) => (json!(words[0]), AttributeValue::Text(words[0])),
        Kind::Conditions => (json!({"success_eq": true}), AttributeValue::Null),
        Kind::Reference => (json!(1234), AttributeValue::Number(Decimal::from(1234))),
    }
}

/// What reading every declared attribute of `A` finds wrong.
fn differences<A: Attributes>() -> Vec<String> {
    let spec = A::COLLECTION.spec();
    let mut sent = Map::new();
    for field in spec.fields {
        sent.insert(field.name.to_owned(), sample(field.kind).0);
    }
    sent.insert("added-by-a-newer-server".into(), json!("ignored"));
    let read: A = match serde_json::from_value(Value::Object(sent.clone())) {
        Ok(read) => read,
        Err(error) => return vec![format!("{}: {error}", spec.path)],
    };
    let mut found = Vec::new();
    for field in spec.fields {
        let (_, expected) = sample(field.kind);
        let value = read.get(field.name);
        let same = match (field.kind, value) {
            (Kind::Conditions, Some(AttributeValue::Conditions(c))) => c.len() == 1,
            (_, value) => value == Some(expected),
        };
        if !same {
            found.push(format!("{}: {} is {value:?}", spec.path, field.name));
        }
    }
    if read.get("added-by-a-newer-server").is_some() {
        found.push(format!("{}: an undeclared name is found", spec.path));
    }
    sent.remove("added-by-a-newer-server");
    let written = serde_json::to_value(&read).unwrap();
    if written != Value::Object(sent) {
        found.push(format!("{}: written back as {written}", spec.path));
    }
    found
}

#[test]
fn every_attribute_struct_reads_and_writes_its_declared_attributes() {
    struct Check(Vec<String>, usize);
    impl EachCollection for Check {
        fn visit<A: Attributes>(&mut self) {
            self.0.extend(differences::<A>());
            self.1 += 1;
        }
    }
    let mut check = Check(Vec::new(), 0);
    Collection::for_each(&mut check);
    assert!(check.0.is_empty(), "{:#?}", check.0);
    assert_eq!(check.1, Collection::ALL.len());
}

#[test]
fn null_is_none_where_declared_and_refused_where_not() {
    let rate = json!({
        "prefix": "380", "enabled": true, "reject-calls": false, "initial-rate": "0.015",
        "initial-interval": 1, "next-rate": 0.015, "next-interval": 1,
        "valid-from": "2026-01-01T00:00:00Z", "valid-till": null, "connect-fee": ""
    });
    let read: Rate = serde_json::from_value(rate.clone()).unwrap();
    assert_eq!(read.valid_till, None);
    assert_eq!(read.connect_fee, None, "empty text is no fee");
    assert_eq!(read.attempt_fee, None, "left out");
    assert_eq!(
        read.next_rate,
        Decimal::new(15, 3),
        "a JSON number, exactly"
    );
    let mut without_rate = rate.clone();
    without_rate["initial-rate"] = Value::Null;
    assert!(serde_json::from_value::<Rate>(without_rate).is_err());
    let mut times = read.clone();
    assert_eq!(times.times_mut().len(), 1, "valid-from; valid-till is none");
}

#[test]
fn a_word_the_portal_does_not_know_is_kept_as_sent() {
    let payment: Payment = serde_json::from_value(json!({
        "created-at": TIME, "amount": "5", "status": "refunded", "type-name": "manual"
    }))
    .unwrap();
    assert_eq!(payment.status.as_str(), "refunded");
    assert_eq!(
        payment.get("status"),
        Some(AttributeValue::Text("refunded"))
    );
    assert_eq!(
        serde_json::to_value(&payment).unwrap()["status"],
        json!("refunded")
    );
}
