//! The synthetic traffic of the data set and everything computed from it: the call history,
//! what a CDR shows of a call (and an export's CSV), statistics and the charts' series, and
//! money (invoice figures and PDFs, the balance history behind payments).

pub mod billing;
pub mod calls;
pub mod cdr_records;
pub mod cdrs;
pub mod charts;
pub mod invoice_pdf;
pub mod live_calls;
pub mod recordings;
pub mod statistics;
