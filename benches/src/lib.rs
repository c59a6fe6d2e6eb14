//! urigram and its peers, each behind one function of the same shape, over one corpus.
//!
//! Every function takes one line and returns `None` when its parser rejects the line, or
//! `Some(n)` where `n` is the length of the scheme it found (0 for none): a value that depends
//! on the parse, so that summing it under `black_box` keeps the work from being optimized away.

use std::hint::black_box;
use std::str::FromStr;

/// Every 5th line of `shared/corpus/real-urls.txt` (lines 1, 6, 11, ...), copied verbatim. It
/// holds invalid lines on purpose; every parser sees the same lines.
pub const CORPUS: &str = include_str!("../corpus/real-urls-10k.txt");

/// The corpus, one entry a line.
pub fn lines() -> Vec<&'static str> {
    CORPUS.lines().collect()
}

/// [`CORPUS`] mapped to IRIs by RFC 3987 section 3.2 (`urigram::rfc3987::to_iri` of each line
/// that is a URI reference, other lines as they are; `examples/iri_corpus.rs` makes it).
pub const IRI_CORPUS: &str = include_str!("../corpus/real-iris-10k.txt");

/// The IRI corpus, one entry a line; with `CORPUS=iris-wide` in the environment, only its
/// lines with a character outside US-ASCII (the IRIs that are not URIs).
pub fn iri_lines() -> Vec<&'static str> {
    let wide = std::env::var("CORPUS").is_ok_and(|c| c == "iris-wide");
    IRI_CORPUS
        .lines()
        .filter(|l| !wide || !l.is_ascii())
        .collect()
}

/// Whether `CORPUS` is `iris` (or `iris-wide`) in the environment: the benchmark reads the IRI
/// corpus.
pub fn iris_chosen() -> bool {
    std::env::var("CORPUS").is_ok_and(|c| c == "iris" || c == "iris-wide")
}

/// The corpus a benchmark reads: the IRI corpus with [`IRI_PARSERS`] first when `CORPUS` is
/// `iris` in the environment, else the URL corpus with [`PARSERS`].
pub fn chosen() -> (Vec<&'static str>, Vec<(&'static str, ParseFn)>) {
    if iris_chosen() {
        let parsers = IRI_PARSERS.iter().chain(PARSERS).copied().collect();
        (iri_lines(), parsers)
    } else {
        (lines(), PARSERS.to_vec())
    }
}

/// What one pass over the corpus produced.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Lines the parser accepted.
    pub accepted: usize,
    /// Sum of the scheme lengths of the accepted lines.
    pub scheme_bytes: usize,
}

/// Run `parse` over every line and tally the results.
#[inline]
pub fn tally(lines: &[&str], parse: impl Fn(&str) -> Option<usize>) -> Tally {
    let mut t = Tally::default();
    for &s in lines {
        if let Some(n) = parse(black_box(s)) {
            t.accepted += 1;
            t.scheme_bytes += n;
        }
    }
    black_box(t)
}

/// The CPU time consumed by the calling thread so far (`CLOCK_THREAD_CPUTIME_ID`): time spent
/// descheduled on a shared machine counts for no parser.
pub fn thread_cpu_now() -> std::time::Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec; the clock id is a constant Linux supports.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// urigram's typed parse: `UriReference::parse` (RFC 2396 `URI-reference`).
#[inline]
pub fn urigram(s: &str) -> Option<usize> {
    let u = urigram::rfc2396::UriReference::parse(s).ok()?;
    Some(u.scheme().map_or(0, |p| p.as_str().len()))
}

/// urigram's typed parse of RFC 3986: `urigram::rfc3986::UriReference::parse` (RFC 3986
/// `URI-reference`, the grammar fluent-uri reads: the like-for-like comparison).
#[inline]
pub fn urigram_3986(s: &str) -> Option<usize> {
    let u = urigram::rfc3986::UriReference::parse(s).ok()?;
    Some(u.scheme().map_or(0, |p| p.as_str().len()))
}

/// urigram's typed RFC 3987 parse: `rfc3987::IriReference::parse`, RFC 3986's values over an
/// IRI reference.
#[inline]
pub fn urigram_3987(s: &str) -> Option<usize> {
    let u = urigram::rfc3987::IriReference::parse(s).ok()?;
    Some(u.scheme().map_or(0, |p| p.as_str().len()))
}

/// urigram's validate-only path: `Grammar::Rfc2396.check("URI-reference", s)`.
#[inline]
pub fn urigram_check(s: &str) -> Option<usize> {
    urigram::Grammar::Rfc2396
        .check("URI-reference", s)
        .ok()
        .map(|()| 0)
}

/// urigram's validate-only path for RFC 3986: `Grammar::Rfc3986.check("URI-reference", s)`.
#[inline]
pub fn urigram_check_3986(s: &str) -> Option<usize> {
    urigram::Grammar::Rfc3986
        .check("URI-reference", s)
        .ok()
        .map(|()| 0)
}

/// urigram's validate-only path for RFC 3987: `Grammar::Rfc3987.check("IRI-reference", s)`.
#[inline]
pub fn urigram_check_3987(s: &str) -> Option<usize> {
    urigram::Grammar::Rfc3987
        .check("IRI-reference", s)
        .ok()
        .map(|()| 0)
}

/// urigram's diagnosis of a rejected line: `Grammar::Rfc2396.check("URI-reference", s)` on a
/// line that the fast pass rejects, so that the diagnosing pass runs and the error is built.
/// Returns `Some(0)` for an error (the line is invalid), `None` when the line was accepted.
#[inline]
pub fn urigram_diagnose(s: &str) -> Option<usize> {
    let e = urigram::Grammar::Rfc2396.check("URI-reference", s).err()?;
    black_box(e);
    Some(0)
}

/// The lines of the corpus that urigram's typed parse rejects (RFC 2396 `URI-reference`): the
/// input of [`urigram_diagnose`] in the table's "invalid lines only" row.
pub fn invalid_lines() -> Vec<&'static str> {
    lines()
        .into_iter()
        .filter(|s| urigram::rfc2396::UriReference::parse(s).is_err())
        .collect()
}

/// fluent-uri: `UriRef::parse` (RFC 3986 `URI-reference`).
#[inline]
pub fn fluent_uri(s: &str) -> Option<usize> {
    let u = fluent_uri::UriRef::parse(s).ok()?;
    Some(u.scheme().map_or(0, |p| p.as_str().len()))
}

/// oxiri: `IriRef::parse` (RFC 3987 `IRI-reference`; it has no URI-only parser).
#[inline]
pub fn oxiri(s: &str) -> Option<usize> {
    let u = oxiri::IriRef::parse(s).ok()?;
    Some(u.scheme().map_or(0, str::len))
}

/// iri-string: `UriReferenceStr::new` (RFC 3986 `URI-reference`).
#[inline]
pub fn iri_string(s: &str) -> Option<usize> {
    let u = iri_string::types::UriReferenceStr::new(s).ok()?;
    Some(u.scheme_str().map_or(0, str::len))
}

/// uriparse: `URIReference::try_from` (RFC 3986 `URI-reference`).
#[inline]
pub fn uriparse(s: &str) -> Option<usize> {
    let u = uriparse::URIReference::try_from(s).ok()?;
    Some(u.scheme().map_or(0, |p| p.as_str().len()))
}

/// http: `Uri::from_str` (an HTTP request target: origin, absolute or authority form, or `*`;
/// it copies the input into its own buffer).
#[inline]
pub fn http(s: &str) -> Option<usize> {
    let u = http::Uri::from_str(s).ok()?;
    Some(u.scheme_str().map_or(0, str::len))
}

/// url: `Url::parse` (WHATWG URL Standard; absolute URLs only, and it builds a normalized,
/// owned serialization).
#[inline]
pub fn url(s: &str) -> Option<usize> {
    let u = url::Url::parse(s).ok()?;
    Some(u.scheme().len())
}

/// The `rfc2396` crate (nom 6, validate-only): `rfc2396::validate`.
#[inline]
pub fn rfc2396(s: &str) -> Option<usize> {
    rfc2396::validate(s).then_some(0)
}

/// ada-url: `Url::can_parse(s, None)` (WHATWG URL Standard, absolute URLs only; ada, a C++
/// library, behind a C interface). A validator: no value comes back, so the scheme's length is
/// reported as 0, as for `rfc2396`.
#[inline]
pub fn ada(s: &str) -> Option<usize> {
    ada_url::Url::can_parse(s, None).then_some(0)
}

/// ada-url: `Url::parse(s, None)` (WHATWG URL Standard, absolute URLs only), which builds
/// ada's normalized URL (its `href` buffer and component offsets) where `can_parse` only
/// validates.
#[inline]
pub fn ada_parse(s: &str) -> Option<usize> {
    let u = ada_url::Url::parse(s, None).ok()?;
    // The scheme without its `:`, as the other parsers report it.
    Some(u.protocol().len().saturating_sub(1))
}

/// fluent-uri's IRI type: `IriRef::parse` (RFC 3987 `IRI-reference`).
#[inline]
pub fn fluent_uri_iri(s: &str) -> Option<usize> {
    let u = fluent_uri::IriRef::parse(s).ok()?;
    Some(u.scheme().map_or(0, |p| p.as_str().len()))
}

/// iri-string's IRI type: `IriReferenceStr::new` (RFC 3987 `IRI-reference`).
#[inline]
pub fn iri_string_iri(s: &str) -> Option<usize> {
    let u = iri_string::types::IriReferenceStr::new(s).ok()?;
    Some(u.scheme_str().map_or(0, str::len))
}

/// iri-string's absolute IRI type: `IriStr::new` (RFC 3987 `IRI`, a scheme required).
#[inline]
pub fn iri_string_iri_absolute(s: &str) -> Option<usize> {
    let u = iri_string::types::IriStr::new(s).ok()?;
    Some(u.scheme_str().len())
}

/// urigram's check of RFC 3987 `IRI`: `Grammar::Rfc3987.check("IRI", s)`, against
/// [`iri_string_iri_absolute`].
#[inline]
pub fn urigram_check_3987_iri(s: &str) -> Option<usize> {
    urigram::Grammar::Rfc3987.check("IRI", s).ok().map(|()| 0)
}

/// One parser's wrapper, as above.
pub type ParseFn = fn(&str) -> Option<usize>;

/// Every parser under its name in the benchmark and the table, urigram first.
pub const PARSERS: &[(&str, ParseFn)] = &[
    ("urigram", urigram),
    ("urigram-check", urigram_check),
    ("urigram-3986", urigram_3986),
    ("urigram-check-3986", urigram_check_3986),
    ("fluent-uri", fluent_uri),
    ("oxiri", oxiri),
    ("iri-string", iri_string),
    ("uriparse", uriparse),
    ("http", http),
    ("url", url),
    ("rfc2396", rfc2396),
    ("ada-url", ada),
    ("ada-url-parse", ada_parse),
    ("urigram-check-3987", urigram_check_3987),
];

/// The IRI parsers, run over the IRI corpus ([`IRI_CORPUS`]): urigram's rows first, then the
/// peers that read RFC 3987. A row of urigram's typed IRI parse is one more line here (its
/// wrapper as a closure, `|s| ...`), then one name in `IRI_AGREE`, `examples/interleave.rs`'s
/// `IRI_OURS` and `iris.sh`'s list.
pub const IRI_PARSERS: &[(&str, ParseFn)] = &[
    ("urigram-3987", urigram_3987),
    ("urigram-check-3987", urigram_check_3987),
    ("urigram-check-3987-iri", urigram_check_3987_iri),
    ("oxiri", oxiri),
    ("iri-string-iri", iri_string_iri),
    ("iri-string-iri-absolute", iri_string_iri_absolute),
    ("fluent-uri-iri", fluent_uri_iri),
];

/// Parsers that read the same grammar, so that each line gets the same verdict from every
/// one of a group: RFC 2396's typed parse and check, and the `rfc2396` crate; RFC 3986's typed
/// parse and check, fluent-uri and iri-string; ada's `can_parse` and `parse`. (oxiri reads RFC
/// 3987; uriparse, http and url read other grammars or fewer of RFC 3986's references.)
pub const AGREE: &[&[&str]] = &[
    &["urigram", "urigram-check", "rfc2396"],
    &[
        "urigram-3986",
        "urigram-check-3986",
        "fluent-uri",
        "iri-string",
    ],
    &["ada-url", "ada-url-parse"],
];

/// The IRI parsers that read the same grammar, so that each line of the IRI corpus gets the
/// same verdict from every one of a group: RFC 3987's `IRI-reference` (urigram's check,
/// oxiri, iri-string, fluent-uri) and `IRI` (urigram's check, iri-string).
pub const IRI_AGREE: &[&[&str]] = &[
    &[
        "urigram-3987",
        "urigram-check-3987",
        "oxiri",
        "iri-string-iri",
        "fluent-uri-iri",
    ],
    &["urigram-check-3987-iri", "iri-string-iri-absolute"],
];

/// The lines of `lines` on which two parsers of a group (of [`AGREE`]) disagree (one accepts,
/// the other rejects), as `(line, parser that accepts, parser that rejects)`: empty when every
/// group agrees.
pub fn disagreements<'a>(
    groups: &[&[&str]],
    lines: &[&'a str],
) -> Vec<(&'a str, &'static str, &'static str)> {
    let parser = |name: &str| {
        PARSERS
            .iter()
            .chain(IRI_PARSERS)
            .find(|&&(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name} is in a group but in no list of parsers"))
    };
    let mut found = Vec::new();
    for group in groups {
        let (first, rest) = (parser(group[0]), &group[1..]);
        for &s in lines {
            let want = (first.1)(s).is_some();
            for &(name, parse) in rest.iter().map(|n| parser(n)) {
                if parse(s).is_some() != want {
                    let (yes, no) = if want {
                        (first.0, name)
                    } else {
                        (name, first.0)
                    };
                    found.push((s, yes, no));
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parser_accepts_a_plain_url_and_rejects_a_space() {
        for &(name, parse) in PARSERS.iter().chain(IRI_PARSERS) {
            let scheme =
                if name.starts_with("urigram-check") || matches!(name, "rfc2396" | "ada-url") {
                    0
                } else {
                    4
                };
            assert_eq!(parse("http://example.com/a?b"), Some(scheme), "{name}");
            assert_eq!(parse("http://exa mple.com/"), None, "{name}");
        }
    }

    /// urigram's RFC 3986 parse and fluent-uri read the same grammar: they accept the same
    /// lines of the corpus, with the same schemes.
    #[test]
    fn urigram_3986_and_fluent_uri_agree_on_the_corpus() {
        let lines = lines();
        assert_eq!(tally(&lines, urigram_3986), tally(&lines, fluent_uri));
        for s in lines {
            assert_eq!(urigram_3986(s), fluent_uri(s), "{s:?}");
        }
    }

    /// The groups of parsers that read one grammar agree on every line of the corpus, and
    /// the check finds a disagreement where there is one.
    #[test]
    fn the_groups_agree_on_the_corpus() {
        assert_eq!(disagreements(AGREE, &lines()), []);
        // Under RFC 2396 a reference may not start with `?` (erratum 452); under RFC 3986 it
        // may: parsers of the two grammars disagree there.
        let mixed: &[&[&str]] = &[&["urigram", "urigram-3986"]];
        assert_eq!(
            disagreements(mixed, &["http://a/", "?y", "a b"]),
            [("?y", "urigram-3986", "urigram")]
        );
    }

    /// The IRI parsers of a group agree on every line of the IRI corpus; they accept a line
    /// with characters above ASCII that the URI parsers reject.
    #[test]
    fn the_iri_groups_agree_on_the_iri_corpus() {
        assert_eq!(disagreements(IRI_AGREE, &iri_lines()), []);
        let iri = "http://r\u{e9}sum\u{e9}.example.org/\u{4e2d}?\u{e000}";
        for &(name, parse) in IRI_PARSERS {
            assert!(parse(iri).is_some(), "{name}");
        }
        assert_eq!(urigram_check_3986(iri), None);
        assert_eq!(iri_lines().len(), lines().len());
    }

    #[test]
    fn the_invalid_lines_are_diagnosed() {
        let invalid = invalid_lines();
        assert_eq!(invalid.len(), 21);
        assert!(invalid.iter().all(|s| urigram_diagnose(s) == Some(0)));
        assert_eq!(urigram_diagnose("http://example.com/"), None);
    }

    #[test]
    fn the_corpus_is_the_sample() {
        assert_eq!(lines().len(), 9934);
    }
}
