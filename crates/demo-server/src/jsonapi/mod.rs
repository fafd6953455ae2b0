//! The JSON:API side of the demo: response bodies, headers and errors, records as resources,
//! and the one generic mechanism for collections (filters, sort, include, paging).

pub mod cdrs;
pub mod collection;
pub mod filter;
pub mod money;
pub mod numberlists;
pub mod record;
pub mod records;
pub mod responses;
