//! What adding a collection takes on the demo server's side, for every declared collection:
//! a test fails until the new one is served (docs/adding-a-resource.md).

use super::*;
use api_model::catalog::{Collection, Form};

#[tokio::test]
async fn every_declared_collection_is_served_as_declared() {
    let token = demo_token().await;
    for collection in Collection::ALL {
        let spec = collection.spec();
        let reply = get(&format!("{}?page[size]=5", spec.path), Some(&token)).await;
        assert_eq!(
            reply.status, 200,
            "{}: the demo server lists it (its rows in seeded/plain.rs, or a Record registered \
             in routes/resources.rs)",
            spec.path
        );
        let body = reply.json();
        let records = body["data"].as_array().cloned().unwrap_or_default();
        assert!(
            !records.is_empty(),
            "{}: the demo customer has records of it (seeded data)",
            spec.path
        );
        for record in &records {
            assert_eq!(record["type"], spec.path);
            let attributes = record["attributes"]
                .as_object()
                .cloned()
                .unwrap_or_default();
            for name in attributes.keys() {
                assert!(
                    spec.field(name).is_some(),
                    "{}: attribute {name} is declared",
                    spec.path
                );
            }
        }
    }
}

#[tokio::test]
async fn every_declared_creation_form_posts_to_a_path_that_takes_it() {
    let token = demo_token().await;
    for collection in Collection::ALL {
        let Some(creation) = collection.creation() else {
            continue;
        };
        // An empty document: refused for what it lacks, never for a path or method the demo
        // server does not have.
        let empty = json!({ "data": { "type": creation.path, "attributes": {} } });
        let reply = post_jsonapi(creation.path, &token, &empty).await;
        assert_eq!(
            reply.status,
            422,
            "{}: POST /{} is handled by the demo server",
            collection.path(),
            creation.path
        );
        if let Form::Inputs(inputs) = creation.form {
            for input in inputs.iter().filter(|input| input.required) {
                assert!(
                    reply.body.contains(input.name),
                    "{}: a missing {} is named in the refusal",
                    creation.path,
                    input.name
                );
            }
        }
    }
}
