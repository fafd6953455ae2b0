//! Routes of the JSON:API resources, generic over [`Record`]: the collection, one record,
//! a related record and relationship linkage, registered for every collection under the path
//! and with the id kind and relationships its declaration gives.

use crate::jsonapi::cdrs::{CdrResource, IncomingCdr, OutgoingCdr};
use crate::jsonapi::collection::{self, parse_include, parse_params};
use crate::jsonapi::record::{Record, linkage, relationship_links, resource};
use crate::jsonapi::responses::{self, ApiBase, Failure};
use crate::model::customers::Viewer;
use crate::model::money::{InvoiceRecord, PaymentRecord, TransactionRecord};
use crate::model::numberlists::{NumberlistItemRecord, NumberlistRecord};
use crate::model::records::{
    AccountRecord, CdrExportRecord, CountryRecord, NetworkPrefixRecord, NetworkRecord, RateRecord,
    RateplanRecord, ServiceRecord,
};
use crate::model::rows::Row;
use crate::routes::auth::{Customer, FileCustomer};
use crate::routes::numberlists;
use crate::routes::state::AppState;
use crate::seeded::plain::{self, EachPlain, Plain};
use crate::traffic::recordings::recording_wav;
use api_model::catalog::IdKind;
use api_model::document::{Document, Meta};
use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::http::header;
use axum::response::IntoResponse;
use axum::response::Response;
use axum::routing::{MethodRouter, get};
use std::sync::Arc;

type AppRouter = Router<Arc<AppState>>;

/// All resource routes; `cdr-exports` also takes POST, CDRs offer their recordings (invoices'
/// PDFs and the actions beside the collections are in [`crate::routes::api_routes`]). The
/// plain collections' rows are served alike ([`plain::each`]).
pub fn routes() -> AppRouter {
    let router = plain_routes(Router::new());
    let router = register::<AccountRecord>(router, get(list::<AccountRecord>));
    let router = register::<NetworkPrefixRecord>(router, get(list::<NetworkPrefixRecord>));
    let router = register::<NetworkRecord>(router, get(list::<NetworkRecord>));
    let router = register::<CountryRecord>(router, get(list::<CountryRecord>));
    let router = register::<ServiceRecord>(router, get(list::<ServiceRecord>));
    let router = register::<RateplanRecord>(router, get(list::<RateplanRecord>));
    let router = register::<RateRecord>(router, get(list::<RateRecord>));
    let router = register::<InvoiceRecord>(router, get(list::<InvoiceRecord>));
    let router = register::<PaymentRecord>(router, get(list::<PaymentRecord>));
    let router = register::<TransactionRecord>(router, get(list::<TransactionRecord>));
    let router = register::<NumberlistRecord>(router, get(list::<NumberlistRecord>));
    let router = register_with::<NumberlistItemRecord>(
        router,
        get(list::<NumberlistItemRecord>).post(numberlists::create),
        get(show::<NumberlistItemRecord>)
            .patch(numberlists::update)
            .put(numberlists::update)
            .delete(numberlists::delete),
    );
    let router = register::<OutgoingCdr>(router, get(list::<OutgoingCdr>))
        .route("/cdrs/{id}/rec", get(recording::<OutgoingCdr>));
    let router = register::<IncomingCdr>(router, get(list::<IncomingCdr>))
        .route("/incoming-cdrs/{id}/rec", get(recording::<IncomingCdr>));
    register::<CdrExportRecord>(
        router,
        get(list::<CdrExportRecord>).post(crate::routes::cdr_exports::create),
    )
}

/// The routes of every plain collection: reads only.
fn plain_routes(router: AppRouter) -> AppRouter {
    struct Serve(Option<AppRouter>);
    impl EachPlain for Serve {
        fn visit<A: Plain>(&mut self) {
            self.0 = self
                .0
                .take()
                .map(|router| register::<Row<A>>(router, get(list::<Row<A>>)));
        }
    }
    let mut serve = Serve(Some(router));
    plain::each(&mut serve);
    serve.0.unwrap_or_default()
}

fn register<R: Record>(router: AppRouter, collection: MethodRouter<Arc<AppState>>) -> AppRouter {
    register_with::<R>(router, collection, get(show::<R>))
}

/// [`register`] with the methods of one record's path: the customer's writes, when it has
/// them.
fn register_with<R: Record>(
    router: AppRouter,
    collection: MethodRouter<Arc<AppState>>,
    record: MethodRouter<Arc<AppState>>,
) -> AppRouter {
    let base = format!("/{}", R::kind());
    router
        .route(&base, collection)
        .route(&format!("{base}/{{id}}"), record)
        .route(
            &format!("{base}/{{id}}/{{relationship}}"),
            get(related::<R>),
        )
        .route(
            &format!("{base}/{{id}}/relationships/{{relationship}}"),
            get(relationship::<R>),
        )
}

async fn list<R: Record>(
    State(state): State<Arc<AppState>>,
    customer: Customer,
    ApiBase(api): ApiBase,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    collection::list_response::<R>(
        &state.data,
        customer.0,
        &api,
        query.as_deref().unwrap_or(""),
    )
}

/// Checks a record path in the order of the real server: an id that is not a UUID where one
/// is due is a routing error (plain-text 404) before authorization; then the customer must be
/// signed in; then a word where an integer key is due (`/cdrs/abc`) is the library's 400
/// "Invalid field value". Countries are keyed by string there, so any id is looked up (and
/// not found).
pub fn check_path<R: Record>(
    id: &str,
    customer: Result<Customer, Failure>,
) -> Result<Viewer, Failure> {
    let id_kind = R::spec().id;
    if id_kind == IdKind::Uuid && !id_kind.accepts(id) {
        return Err(responses::plain_not_found());
    }
    let customer = customer?.0;
    let keyed_by_string = R::kind() == CountryRecord::kind();
    // A negative integer is a key too (of no record).
    let integer = id_kind.accepts(id.strip_prefix('-').unwrap_or(id));
    if !integer && !keyed_by_string {
        return Err(responses::invalid_field_value("id", id));
    }
    Ok(customer)
}

/// Runs `found` on the record with this id if the viewer may see it, else "Record not found".
pub fn with_record<R: Record, T>(
    state: &AppState,
    id: &str,
    viewer: Viewer,
    found: impl FnOnce(&R) -> T,
) -> Result<T, Failure> {
    R::with_record(&state.data, id, |record| {
        record
            .visible_to(viewer, &state.data)
            .then(|| found(record))
    })
    .flatten()
    .ok_or_else(|| responses::record_not_found(id))
}

async fn show<R: Record>(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    customer: Result<Customer, Failure>,
    ApiBase(api): ApiBase,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    let customer = check_path::<R>(&id, customer)?;
    let include = parse_include::<R>(&parse_params(query.as_deref().unwrap_or(""))?)?;
    with_record::<R, _>(&state, &id, customer, |record| {
        let document = Document {
            data: resource(record, &api, &state.data, &include),
            included: collection::included(&[record], &include, &state.data, &api, customer),
            meta: None,
            links: None,
        };
        responses::jsonapi(StatusCode::OK, &document)
    })
}

/// Whether the relationship is declared, and to-many.
fn check_relationship<R: Record>(name: &str) -> Result<bool, Failure> {
    match R::spec().relationship(name) {
        Some(relationship) => Ok(relationship.to_many),
        None => Err(responses::error(
            StatusCode::NOT_FOUND,
            "Not found",
            &format!("{} has no relationship {name}", R::kind()),
            "404",
        )),
    }
}

/// `GET /<type>/<id>/<relationship>`: the related record (or `null`), or the list of a to-many
/// relationship's records.
async fn related<R: Record>(
    State(state): State<Arc<AppState>>,
    Path((id, name)): Path<(String, String)>,
    customer: Result<Customer, Failure>,
    ApiBase(api): ApiBase,
) -> Result<Response, Failure> {
    let customer = check_path::<R>(&id, customer)?;
    let to_many = check_relationship::<R>(&name)?;
    with_record::<R, _>(&state, &id, customer, |record| {
        if to_many {
            let records: Vec<_> = record
                .related_many(&name, &state.data)
                .into_iter()
                .filter(|r| r.visible_to_viewer(customer, &state.data))
                .map(|r| r.render(&api, &state.data, &[]))
                .collect();
            let document = Document {
                meta: Some(Meta {
                    total_count: Some(records.len() as u64),
                }),
                data: records,
                included: Vec::new(),
                links: None,
            };
            return responses::jsonapi(StatusCode::OK, &document);
        }
        let target = record
            .related(&name, &state.data)
            .filter(|r| r.visible_to_viewer(customer, &state.data))
            .map(|r| r.render(&api, &state.data, &[]));
        let document = Document {
            data: target,
            included: Vec::new(),
            meta: None,
            links: None,
        };
        responses::jsonapi(StatusCode::OK, &document)
    })
}

/// `GET /<type>/<id>/relationships/<relationship>`: the linkage of a relationship.
async fn relationship<R: Record>(
    State(state): State<Arc<AppState>>,
    Path((id, name)): Path<(String, String)>,
    customer: Result<Customer, Failure>,
    ApiBase(api): ApiBase,
) -> Result<Response, Failure> {
    let customer = check_path::<R>(&id, customer)?;
    check_relationship::<R>(&name)?;
    with_record::<R, _>(&state, &id, customer, |record| {
        let links = relationship_links(&api, R::kind(), record.id(), &name);
        let data = serde_json::to_value(linkage(record, &name, &state.data)).unwrap_or_default();
        let body = serde_json::json!({ "links": links, "data": data });
        responses::jsonapi(StatusCode::OK, &body)
    })
}

/// `GET /<cdrs|incoming-cdrs>/<id>/rec`: the call's recording as a WAV file, or an empty 404
/// when there is none, the call was not answered, or the customer may not listen (the real
/// server's answers; its own file comes from nginx or S3).
async fn recording<R: CdrResource>(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    customer: Result<FileCustomer, Failure>,
) -> Result<Response, Failure> {
    let customer = check_path::<R>(&id, customer.map(|file| Customer(file.0)))?;
    // An unknown call is the JSON:API "Record not found"; a known one without a recording
    // (or one the customer may not listen to) is an empty 404.
    let cdr = with_record::<R, _>(&state, &id, customer, |record| *record.cdr())?;
    if !cdr.rec(&state.data) {
        return Ok(StatusCode::NOT_FOUND.into_response());
    }
    Ok((
        StatusCode::OK,
        [(header::CONTENT_TYPE, "audio/wav")],
        recording_wav(&cdr),
    )
        .into_response())
}
