//! The value layer of the generic-syntax specs (RFC 2396, RFC 2396 with RFC 2732, RFC 3986,
//! RFC 3987): what their values share, written once, and re-exported by each spec module
//! under the same name: the ports ([`port`]: the one table of default ports and the [`Port`]
//! value), the accessors of the owned types (`accessors`: the view's component methods
//! on every owned reference and absolute URI or IRI, with the same names and types), the
//! absolute types' semantics (`absolute`), the builder and the setters (`build`: one
//! implementation, generic over the spec trait each owned reference implements), and
//! percent-encoding (`escape`: the `%HH` of an octet, and RFC 3986's and RFC 3987's encoders
//! per component).

pub(crate) mod absolute;
pub(crate) mod accessors;
pub(crate) mod build;
pub(crate) mod escape;
pub(crate) mod pct;
pub(crate) mod port;

pub use port::{KNOWN_PORTS, KnownPort, Port, default_port};

/// A typed view (`UriReference<'_>`, `IriReference<'_>`) or an owned value of a spec
/// (`UriReferenceBuf`, `AbsoluteUriBuf` ...) seen as its view: what the methods that take
/// either accept (`equivalent`, `IriReferenceBuf::from_uri`), as `Borrow` lets a `String`
/// stand for a `str`, so that `a.equivalent(&b)` reads the same whichever `b` is.
///
/// ```
/// use urigram::rfc3986::{AsView, UriReference, UriReferenceBuf};
/// let owned: UriReferenceBuf = "http://a/b".parse().unwrap();
/// let view = UriReference::parse("HTTP://a:80/b").unwrap();
/// assert_eq!(owned.as_view(), owned.get());
/// assert!(view.equivalent(&owned) && owned.equivalent(&view));
/// ```
pub trait AsView<'a> {
    /// The view type.
    type View;
    /// The view.
    fn as_view(&'a self) -> Self::View;
}
