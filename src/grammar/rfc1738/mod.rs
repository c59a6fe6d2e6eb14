//! RFC 1738, "Uniform Resource Locators (URL)": the 67 productions of section 5, "BNF for
//! specific URL schemes" (rfc1738.txt:934-1088), one function each, in spec order.
//!
//! | file | productions |
//! | --- | --- |
//! | `generic.rs` | `genericurl` ... `urlpath` (rfc1738.txt:936-977) |
//! | `ftp.rs` | `ftpurl` ... `ftptype` (983-986) |
//! | `file.rs` | `fileurl` (990) |
//! | `http.rs` | `httpurl` ... `search` (994-997) |
//! | `gopher.rs` | `gopherurl` ... `gopher+_string` (1001-1005) |
//! | `mailto.rs` | `mailtourl`, `encoded822addr` (1017-1018) |
//! | `news.rs` | `newsurl` ... `article` (1022-1025) |
//! | `nntp.rs` | `nntpurl` (1029) |
//! | `telnet.rs` | `telneturl` (1033) |
//! | `wais.rs` | `waisurl` ... `wpath` (1037-1043) |
//! | `prospero.rs` | `prosperourl` ... `fieldvalue` (1047-1052) |
//! | `chars.rs` | `lowalpha` ... `digits` (1056-1088) |
//!
//! Notation (section 5, rfc1738.txt:926-932): `|` separates alternatives, `[ x ]` is
//! optional, `*[ x ]` is zero or more `x` and `1*[ x ]` one or more. Literals are
//! case-sensitive as printed. Erratum 5118 (the bare `/` of `gopherurl`) is applied; see
//! `grammar/DEVIATIONS.md`.
//!
//! Every specific scheme's URLs are `genericurl`s too, so `url` accepts exactly what
//! `genericurl` accepts (`http:foo` is a `url` through `otherurl`); a derivation goes through
//! the specific alternative when that matches the whole input.

mod chars;
mod file;
mod ftp;
mod generic;
mod gopher;
mod http;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod telnet;
mod wais;

pub use chars::*;
pub use file::*;
pub use ftp::*;
pub use generic::*;
pub use gopher::*;
pub use http::*;
pub use mailto::*;
pub use news::*;
pub use nntp::*;
pub use prospero::*;
pub use telnet::*;
pub use wais::*;

use crate::grammar::{Rule, rule};
use crate::input::Span;

/// The productions of RFC 1738 section 5, in spec order.
pub static RULES: &[Rule] = &[
    rule!("genericurl", checked::genericurl, 936, "5"),
    rule!("url", checked::url, 941, "5"),
    rule!("otherurl", checked::otherurl, 947, "5"),
    rule!("scheme", scheme, 950, "2.1"),
    rule!("schemepart", schemepart, 959, "5", nullable),
    rule!("ip-schemepart", ip_schemepart, 964, "3.1"),
    rule!("login", login, 966, "3.1"),
    rule!("hostport", hostport, 967, "3.1"),
    rule!("host", host, 968, "3.1"),
    rule!("hostname", hostname, 969, "3.1"),
    rule!("domainlabel", domainlabel, 970, "3.1"),
    rule!("toplabel", toplabel, 971, "3.1"),
    rule!("alphadigit", alphadigit, 972, "3.1"),
    rule!("hostnumber", hostnumber, 973, "3.1"),
    rule!("port", port, 974, "3.1"),
    rule!("user", user, 975, "3.1", nullable),
    rule!("password", password, 976, "3.1", nullable),
    rule!("urlpath", urlpath, 977, "3.1", nullable),
    rule!("ftpurl", ftpurl, 983, "3.2"),
    rule!("fpath", fpath, 984, "3.2", nullable),
    rule!("fsegment", fsegment, 985, "3.2", nullable),
    rule!("ftptype", ftptype, 986, "3.2"),
    rule!("fileurl", fileurl, 990, "3.10"),
    rule!("httpurl", httpurl, 994, "3.3"),
    rule!("hpath", hpath, 995, "3.3", nullable),
    rule!("hsegment", hsegment, 996, "3.3", nullable),
    rule!("search", search, 997, "3.3", nullable),
    rule!("gopherurl", gopherurl, 1001, "3.4"),
    rule!("gtype", gtype, 1003, "3.4"),
    rule!("selector", selector, 1004, "3.4", nullable),
    rule!("gopher+_string", gopher_plus_string, 1005, "3.4", nullable),
    rule!("mailtourl", mailtourl, 1017, "3.5"),
    rule!("encoded822addr", encoded822addr, 1018, "3.5"),
    rule!("newsurl", newsurl, 1022, "3.6"),
    rule!("grouppart", grouppart, 1023, "3.6"),
    rule!("group", group, 1024, "3.6"),
    rule!("article", article, 1025, "3.6"),
    rule!("nntpurl", nntpurl, 1029, "3.7"),
    rule!("telneturl", telneturl, 1033, "3.8"),
    rule!("waisurl", waisurl, 1037, "3.9"),
    rule!("waisdatabase", waisdatabase, 1038, "3.9"),
    rule!("waisindex", waisindex, 1039, "3.9"),
    rule!("waisdoc", waisdoc, 1040, "3.9"),
    rule!("database", database, 1041, "3.9", nullable),
    rule!("wtype", wtype, 1042, "3.9", nullable),
    rule!("wpath", wpath, 1043, "3.9", nullable),
    rule!("prosperourl", prosperourl, 1047, "3.11"),
    rule!("ppath", ppath, 1048, "3.11", nullable),
    rule!("psegment", psegment, 1049, "3.11", nullable),
    rule!("fieldspec", fieldspec, 1050, "3.11"),
    rule!("fieldname", fieldname, 1051, "3.11", nullable),
    rule!("fieldvalue", fieldvalue, 1052, "3.11", nullable),
    rule!("lowalpha", lowalpha, 1056, "5"),
    rule!("hialpha", hialpha, 1060, "5"),
    rule!("alpha", alpha, 1071, "5"),
    rule!("digit", digit, 1072, "5"),
    rule!("safe", safe, 1074, "2.2"),
    rule!("extra", extra, 1075, "2.2"),
    rule!("national", national, 1076, "2.2"),
    rule!("punctuation", punctuation, 1077, "2.2"),
    rule!("reserved", reserved, 1080, "2.2"),
    rule!("hex", hex, 1081, "2.2"),
    rule!("escape", escape, 1083, "2.2"),
    rule!("unreserved", unreserved, 1085, "2.2"),
    rule!("uchar", uchar, 1086, "2.2"),
    rule!("xchar", xchar, 1087, "2.2"),
    rule!("digits", digits, 1088, "5"),
];

// ---------------------------------------------------------------------------------------------
// Choice helpers for the rewrites: the longest-match choice is the grammars' shared one,
// [`crate::grammar::common::longest`].
// ---------------------------------------------------------------------------------------------

/// For [`Longest::settled_at`](crate::grammar::common::Longest::settled_at) over alternatives that are all strings of `xchar`s after a common start
/// (`url`, `schemepart`): none can go past a place where the run of `xchar`s stops.
pub(crate) fn xchars_stop(rest: &Span<'_>) -> bool {
    !crate::input::peek_byte(rest).is_some_and(|b| XCHAR.contains(b) || b == b'%')
}

/// The checks of `url`, `otherurl` and `genericurl`, which need a verdict and an extent but no
/// typed value.
///
/// The three have one language, `scheme ":" *xchar` (see [`url()`] and [`schemepart`]: every
/// alternative of `url` is a `genericurl`, and `schemepart`'s is `*xchar`), whose longest match
/// is the greedy run of `scheme` characters, a `:` and the greedy run of `xchar`s, escapes
/// included. The structured functions find that match by trying the specific schemes first,
/// for the typed value; a check only needs the run. So the registry's entries run the scan
/// in the fast pass, and the productions themselves in the diagnosing and tree passes.
/// `src/grammar/passes/rfc1738.rs` holds the scan to the fast pass of the productions.
pub(crate) mod checked {
    use super::{SCHEME, XCHAR};
    use crate::input::{Fail, Mode, PResult, Span, fail, run_with_escapes, take_in_line};

    /// The fast pass of the three: `scheme ":" *xchar` as two runs.
    #[inline]
    pub(crate) fn scan(i: Span<'_>) -> PResult<'_, ()> {
        let b = i.fragment().as_bytes();
        let s = SCHEME.run_end(b, 0);
        if s == 0 || b.get(s) != Some(&b':') {
            return fail();
        }
        match run_with_escapes(b, s + 1, &XCHAR) {
            // `scheme`, `:` and `xchar`s hold no newline.
            Ok(e) => Ok((take_in_line(i, e).0, ())),
            // A `%` without two hex digits, which every alternative reaches.
            Err(_) => Err(nom::Err::Failure(Fail)),
        }
    }

    macro_rules! checked {
        ($($name:ident),*) => {$(
            #[doc = concat!("[`super::", stringify!($name), "`] for a check.")]
            pub(crate) fn $name<'a>(i: Span<'a>) -> PResult<'a, ()> {
                if i.extra.mode() == Mode::Fast {
                    return scan(i);
                }
                super::$name(i).map(|(rest, _)| (rest, ()))
            }
        )*};
    }
    checked!(url, otherurl, genericurl);
}
