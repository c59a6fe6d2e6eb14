//! Moving a parsed value onto another text with the same byte offsets: how the
//! case-insensitive scheme reading ([`super::ParseOptions`]) parses a lower-cased copy and
//! hands back parts of the input as written.

use super::Url;
use super::parts::{GenericUrl, Host, HostPort, IpSchemePart, Login, SchemePart};
use super::schemes::{
    Article, FileHost, FileUrl, FtpUrl, GopherUrl, GroupPart, HttpUrl, MailtoUrl, NewsUrl, NntpUrl,
    ProsperoUrl, TelnetUrl, WaisKind, WaisUrl,
};
use crate::part::Part;

/// A value whose parts can be moved onto `text`, which must have the same length and char
/// boundaries as the text they were parsed from (ASCII case changes keep both).
pub(crate) trait Rebase<'b> {
    /// The same value over `text`.
    type Out;
    /// Move every part onto `text`.
    fn rebase(&self, text: &'b str) -> Self::Out;
}

impl<'a, 'b> Rebase<'b> for Part<'a> {
    type Out = Part<'b>;
    fn rebase(&self, text: &'b str) -> Part<'b> {
        Part::new(&text[self.range()], self.start())
    }
}

impl<'b, T: Rebase<'b>> Rebase<'b> for Option<T> {
    type Out = Option<T::Out>;
    fn rebase(&self, text: &'b str) -> Self::Out {
        self.as_ref().map(|x| x.rebase(text))
    }
}

/// `Rebase` for a struct: its listed fields are rebased, the others copied.
macro_rules! rebase_struct {
    ($ty:ident { $($f:ident),* } $(keep { $($k:ident),* })?) => {
        impl<'a, 'b> Rebase<'b> for $ty<'a> {
            type Out = $ty<'b>;
            fn rebase(&self, text: &'b str) -> $ty<'b> {
                $ty {
                    $($f: self.$f.rebase(text),)*
                    $($($k: self.$k,)*)?
                }
            }
        }
    };
}

rebase_struct!(Host { text } keep { kind });
rebase_struct!(HostPort { text, host, port });
rebase_struct!(Login {
    text,
    user,
    password,
    hostport
});
rebase_struct!(IpSchemePart {
    text,
    login,
    urlpath
});
rebase_struct!(GenericUrl {
    text,
    scheme,
    schemepart
});
rebase_struct!(HttpUrl {
    text,
    scheme,
    hostport,
    path,
    search
});
rebase_struct!(FtpUrl {
    text,
    scheme,
    login,
    path,
    typecode
});
rebase_struct!(FileUrl {
    text,
    scheme,
    host,
    path
});
rebase_struct!(GopherUrl {
    text,
    scheme,
    hostport,
    path,
    gtype,
    selector,
    search,
    gopher_plus
});
rebase_struct!(MailtoUrl {
    text,
    scheme,
    address
});
rebase_struct!(NewsUrl {
    text,
    scheme,
    grouppart
});
rebase_struct!(Article { text, unique, host });
rebase_struct!(NntpUrl {
    text,
    scheme,
    hostport,
    group,
    article
});
rebase_struct!(TelnetUrl { text, scheme, login } keep { slash });
rebase_struct!(WaisUrl {
    text,
    scheme,
    hostport,
    database,
    kind
});
rebase_struct!(ProsperoUrl {
    text,
    scheme,
    hostport,
    path,
    fields
});

impl<'a, 'b> Rebase<'b> for SchemePart<'a> {
    type Out = SchemePart<'b>;
    fn rebase(&self, text: &'b str) -> SchemePart<'b> {
        match self {
            SchemePart::Opaque(p) => SchemePart::Opaque(p.rebase(text)),
            SchemePart::Ip(ip) => SchemePart::Ip(ip.rebase(text)),
        }
    }
}

impl<'a, 'b> Rebase<'b> for FileHost<'a> {
    type Out = FileHost<'b>;
    fn rebase(&self, text: &'b str) -> FileHost<'b> {
        match self {
            FileHost::Empty(p) => FileHost::Empty(p.rebase(text)),
            FileHost::Localhost(p) => FileHost::Localhost(p.rebase(text)),
            FileHost::Host(h) => FileHost::Host(h.rebase(text)),
        }
    }
}

impl<'a, 'b> Rebase<'b> for GroupPart<'a> {
    type Out = GroupPart<'b>;
    fn rebase(&self, text: &'b str) -> GroupPart<'b> {
        match self {
            GroupPart::All(p) => GroupPart::All(p.rebase(text)),
            GroupPart::Group(p) => GroupPart::Group(p.rebase(text)),
            GroupPart::Article(a) => GroupPart::Article(a.rebase(text)),
        }
    }
}

impl<'a, 'b> Rebase<'b> for WaisKind<'a> {
    type Out = WaisKind<'b>;
    fn rebase(&self, text: &'b str) -> WaisKind<'b> {
        match self {
            WaisKind::Database => WaisKind::Database,
            WaisKind::Index { search } => WaisKind::Index {
                search: search.rebase(text),
            },
            WaisKind::Document { wtype, wpath } => WaisKind::Document {
                wtype: wtype.rebase(text),
                wpath: wpath.rebase(text),
            },
        }
    }
}

impl<'a, 'b> Rebase<'b> for Url<'a> {
    type Out = Url<'b>;
    fn rebase(&self, text: &'b str) -> Url<'b> {
        match self {
            Url::Http(u) => Url::Http(u.rebase(text)),
            Url::Ftp(u) => Url::Ftp(u.rebase(text)),
            Url::News(u) => Url::News(u.rebase(text)),
            Url::Nntp(u) => Url::Nntp(u.rebase(text)),
            Url::Telnet(u) => Url::Telnet(u.rebase(text)),
            Url::Gopher(u) => Url::Gopher(u.rebase(text)),
            Url::Wais(u) => Url::Wais(u.rebase(text)),
            Url::Mailto(u) => Url::Mailto(u.rebase(text)),
            Url::File(u) => Url::File(u.rebase(text)),
            Url::Prospero(u) => Url::Prospero(u.rebase(text)),
            Url::Generic(u) => Url::Generic(u.rebase(text)),
        }
    }
}
