//! The top layer: what is served beside the API's handlers. The portal's static files (and a
//! deployment of them acted out for tests), the collector of CSP violation reports, the
//! forwarding of the API to a real deployment, and the embedding example's parent page.

pub mod csp_reports;
pub mod deployment;
pub mod example_parent;
pub mod proxy;
pub mod static_files;
pub mod tls;
