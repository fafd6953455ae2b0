//! An invoice's PDF document (`GET /invoices/:id/download`): the reference, customer, account
//! and period, each part's lines (calls both ways, every service charge) and the totals.
//!
//! Written with `pdf-writer` in the standard Helvetica font (no font embedded) and with
//! uncompressed content streams, so every figure is plain text in the file: a reader finds it,
//! and so does a test.

use crate::model::data_set::DataSet;
use crate::model::money::{CallFigures, InvoiceRecord, amount_text};
use crate::traffic::billing::invoice_figures;
use chrono::{DateTime, Duration, Utc};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use rust_decimal::Decimal;

/// A4, in points.
const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 56.0;
/// Where the second column of a line starts.
const VALUE_COLUMN: f32 = 230.0;
/// Where an amount starts on a service charge's line.
const AMOUNT_COLUMN: f32 = 440.0;

const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");

/// One line of the document: text in columns (x from the left margin), in one font and size.
struct Line {
    bold: bool,
    size: f32,
    /// Extra space above the line (a heading's).
    space_before: f32,
    cells: Vec<(f32, String)>,
}

impl Line {
    fn heading(text: impl Into<String>, size: f32) -> Line {
        Line {
            bold: true,
            size,
            space_before: size * 0.8,
            cells: vec![(0.0, text.into())],
        }
    }

    fn pair(label: &str, value: impl Into<String>) -> Line {
        Line {
            bold: false,
            size: 10.0,
            space_before: 0.0,
            cells: vec![(0.0, label.to_owned()), (VALUE_COLUMN, value.into())],
        }
    }
}

/// Text in the font's encoding (WinAnsi): Latin-1 as is, anything else as `?`.
fn encoded(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| {
            u8::try_from(u32::from(c))
                .ok()
                .filter(|b| *b >= 0x20)
                .unwrap_or(b'?')
        })
        .collect()
}

fn day(time: DateTime<Utc>) -> String {
    time.format("%Y-%m-%d").to_string()
}

fn time_text(time: Option<DateTime<Utc>>) -> String {
    time.map_or_else(
        || "none".to_owned(),
        |t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string(),
    )
}

/// `1 h 05 min (3930 s)`.
fn duration_text(seconds: u64) -> String {
    let minutes = (seconds + 30) / 60;
    format!("{} h {:02} min ({seconds} s)", minutes / 60, minutes % 60)
}

fn call_lines(title: &str, calls: &CallFigures, money: &dyn Fn(Decimal) -> String) -> Vec<Line> {
    vec![
        Line::heading(title, 12.0),
        Line::pair("Calls", calls.calls.to_string()),
        Line::pair("Successful calls", calls.successful_calls.to_string()),
        Line::pair("Call time", duration_text(calls.duration)),
        Line::pair("Billed time", duration_text(calls.billed_duration)),
        Line::pair("First call", time_text(calls.first_call_at)),
        Line::pair("Last call", time_text(calls.last_call_at)),
        Line::pair("Amount", money(calls.amount)),
    ]
}

/// The document's lines, top to bottom.
fn lines(data: &DataSet, invoice: &InvoiceRecord) -> Vec<Line> {
    let figures = invoice_figures(data, invoice);
    let account = data.accounts.get(invoice.account);
    let currency = account.and_then(|a| a.attributes.currency.clone());
    let money = |amount: Decimal| match &currency {
        Some(currency) => format!("{} {currency}", amount_text(amount)),
        None => amount_text(amount),
    };
    let customer = data
        .customer(invoice.customer)
        .map_or_else(String::new, |c| c.name.clone());
    let last_day = invoice.end - Duration::days(1);
    let mut out = vec![
        Line::heading(format!("Invoice {}", invoice.reference), 18.0),
        Line::pair("Customer", customer),
        Line::pair(
            "Account",
            account.map_or_else(String::new, |a| a.attributes.name.clone()),
        ),
        Line::pair(
            "Period",
            format!("{} to {} (UTC)", day(invoice.start), day(last_day)),
        ),
        Line::pair(
            "Currency",
            currency.clone().unwrap_or_else(|| "none".to_owned()),
        ),
    ];
    out.extend(call_lines("Originated calls", &figures.originated, &money));
    out.extend(call_lines("Terminated calls", &figures.terminated, &money));
    out.push(Line::heading("Services", 12.0));
    for charge in data.transactions.iter().filter(|t| {
        let at = t.attributes.created_at;
        t.account == invoice.account && at >= invoice.start && at < invoice.end
    }) {
        let a = &charge.attributes;
        out.push(Line {
            bold: false,
            size: 10.0,
            space_before: 0.0,
            cells: vec![
                (0.0, day(a.created_at)),
                (80.0, a.description.clone()),
                (AMOUNT_COLUMN, money(a.amount)),
            ],
        });
    }
    out.push(Line::pair(
        "Service charges",
        figures.service_transactions.to_string(),
    ));
    out.push(Line::pair("Amount", money(figures.services_amount)));
    let mut total = Line::pair("Total amount spent", money(figures.amount_spent()));
    total.bold = true;
    total.space_before = 12.0;
    out.push(total);
    out
}

/// The invoice as a PDF file: A4 pages of its lines, as many as they take.
pub fn invoice_pdf(data: &DataSet, invoice: &InvoiceRecord) -> Vec<u8> {
    let mut pages: Vec<Content> = Vec::new();
    let mut content = Content::new();
    let mut y = PAGE_HEIGHT - MARGIN;
    for line in lines(data, invoice) {
        let height = line.size * 1.5 + line.space_before;
        if y - height < MARGIN {
            pages.push(std::mem::replace(&mut content, Content::new()));
            y = PAGE_HEIGHT - MARGIN;
        }
        y -= height;
        for (x, text) in &line.cells {
            let font = if line.bold { BOLD } else { REGULAR };
            content
                .begin_text()
                .set_font(font, line.size)
                .next_line(MARGIN + x, y)
                .show(Str(&encoded(text)))
                .end_text();
        }
    }
    pages.push(content);

    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let page_tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let first_page = 6;
    // Each page and its content stream: two ids a page.
    let page_ids: Vec<Ref> = (0..pages.len())
        .map(|i| Ref::new(first_page + 2 * i32::try_from(i).unwrap_or(0)))
        .collect();
    pdf.catalog(catalog).pages(page_tree);
    pdf.pages(page_tree)
        .kids(page_ids.iter().copied())
        .count(i32::try_from(page_ids.len()).unwrap_or(1));
    for (page_id, content) in page_ids.iter().zip(pages) {
        let content_id = Ref::new(page_id.get() + 1);
        let mut page = pdf.page(*page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT));
        page.parent(page_tree);
        page.contents(content_id);
        let mut resources = page.resources();
        resources.fonts().pair(REGULAR, regular).pair(BOLD, bold);
        resources.finish();
        page.finish();
        pdf.stream(content_id, &content.finish());
    }
    for (id, font) in [(regular, "Helvetica"), (bold, "Helvetica-Bold")] {
        pdf.type1_font(id)
            .base_font(Name(font.as_bytes()))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    pdf.document_info(info)
        .title(TextStr(&format!("Invoice {}", invoice.reference)))
        .producer(TextStr("Yeti customer portal demo server"));
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pdf_holds_the_invoices_text() {
        let data = DataSet::generate(2, Utc::now());
        let invoice = &data.invoices[0];
        let pdf = invoice_pdf(&data, invoice);
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.starts_with("%PDF-"));
        assert!(text.trim_end().ends_with("%%EOF"));
        let figures = invoice_figures(&data, invoice);
        for expected in [
            invoice.reference.clone(),
            data.accounts[invoice.account].attributes.name.clone(),
            amount_text(figures.amount_spent()),
            amount_text(figures.originated.amount),
            figures.originated.calls.to_string(),
            "Terminated calls".to_owned(),
        ] {
            assert!(text.contains(&expected), "{expected}");
        }
        assert_eq!(encoded("Kyiv – Київ"), b"Kyiv ? ????".to_vec());
    }

    #[test]
    fn many_service_charges_take_more_pages() {
        let data = DataSet::generate(2, Utc::now());
        // An account with a daily service: a month of renewals.
        let busy = data
            .invoices
            .iter()
            .max_by_key(|i| invoice_figures(&data, i).service_transactions)
            .expect("invoices");
        let bytes = invoice_pdf(&data, busy);
        if let Ok(path) = std::env::var("INVOICE_PDF_OUT") {
            std::fs::write(path, &bytes).unwrap();
        }
        let pdf = String::from_utf8_lossy(&bytes).into_owned();
        assert!(pdf.contains("/Count 2"), "two pages");
        assert!(pdf.contains("Renewal of "));
    }
}
