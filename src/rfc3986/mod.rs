//! RFC 3986's semantics on the five components of a reference ([`Components`]): resolution of
//! relative references (section 5.2, [`resolve`]), and syntax- and scheme-based normalization
//! and comparison (sections 6.2.2 and 6.2.3, [`normalize`], [`equivalent`]).

pub(crate) mod components;
pub(crate) mod normalize;
pub(crate) mod resolve;

pub use components::Components;
pub use normalize::{default_port, equivalent, normalize};
pub use resolve::{
    ResolveError, ResolveOptions, Resolved, merge, remove_dot_segments, resolve, resolve_str,
    resolve_with,
};
