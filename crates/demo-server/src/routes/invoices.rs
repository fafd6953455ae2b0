//! `GET /invoices/:id/download`: the invoice's PDF (`application/pdf`, an attachment named
//! `<reference>.pdf`), or an empty 404 when it has none (`has-pdf: false`), as the real server
//! answers; an unknown or foreign invoice is the JSON:API "Record not found".

use crate::jsonapi::record::{Record, same_id};
use crate::jsonapi::responses::{self, Failure};
use crate::model::money::InvoiceRecord;
use crate::routes::auth::FileCustomer;
use crate::routes::state::AppState;
use crate::traffic::invoice_pdf::invoice_pdf;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Any `Accept` will do: a PDF is asked for as a file, not as JSON:API.
pub async fn download(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    customer: Result<FileCustomer, Failure>,
) -> Result<Response, Failure> {
    let kind = InvoiceRecord::spec().id;
    if !kind.accepts(&id) {
        return Err(responses::plain_not_found());
    }
    let customer = customer?.0;
    let index = state
        .data
        .invoices
        .iter()
        .position(|invoice| {
            same_id(kind, &invoice.id, &id) && invoice.visible_to(customer, &state.data)
        })
        .ok_or_else(|| responses::record_not_found(&id))?;
    let invoice = &state.data.invoices[index];
    if !invoice.has_pdf {
        return Err(Failure::Empty(StatusCode::NOT_FOUND));
    }
    let disposition = format!("attachment; filename=\"{}.pdf\"", invoice.reference);
    // The figures may still take a month of calls: written on a blocking thread.
    let writer = state.clone();
    let file = tokio::task::spawn_blocking(move || {
        writer
            .data
            .invoices
            .get(index)
            .map(|invoice| invoice_pdf(&writer.data, invoice))
    })
    .await
    .ok()
    .flatten()
    .ok_or(Failure::Empty(StatusCode::INTERNAL_SERVER_ERROR))?;
    let mut response = (StatusCode::OK, file).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
