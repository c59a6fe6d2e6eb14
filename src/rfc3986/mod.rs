//! RFC 3986's semantics on the five components of a reference ([`Components`]): resolution of
//! relative references (section 5.2, [`resolve`]).

pub(crate) mod components;
pub(crate) mod resolve;

pub use components::Components;
pub use resolve::{
    ResolveError, ResolveOptions, Resolved, merge, remove_dot_segments, resolve, resolve_str,
    resolve_with,
};
