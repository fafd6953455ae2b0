//! The JSON:API side of the demo: response bodies, headers and errors, records as resources,
//! the one generic mechanism for collections (filters, sort, include, paging), and the
//! relationships of a create request (`linkage`).

pub mod cdrs;
pub mod collection;
pub mod filter;
pub mod linkage;
pub mod money;
pub mod numberlists;
pub mod record;
pub mod records;
pub mod responses;
