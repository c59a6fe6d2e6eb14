//! The value layer of the generic-syntax specs (RFC 2396, RFC 2396 with RFC 2732, RFC 3986,
//! RFC 3987): what their values share, written once, and re-exported by each spec module
//! under the same name. So far: the ports ([`port`]: the one table of default ports and the
//! [`Port`] value).

pub(crate) mod port;

pub use port::{KNOWN_PORTS, KnownPort, Port, default_port};
