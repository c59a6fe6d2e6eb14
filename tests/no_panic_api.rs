//! No public function panics on any text or offset: a property test over generated strings
//! (multi-byte characters, control characters, the empty string, lone `%`, brackets, texts
//! shaped like URIs and texts that are nothing like them) and arbitrary offsets, with a fixed
//! seed so that a failure repeats. Where a function gives a value, the value also reads back:
//! `Display` of a parsed value is the text, and `FromStr` of that text gives the same value.
//!
//! The generator is a xorshift, so the test needs no dependency. `URIGRAM_NO_PANIC_CASES`
//! sets the number of cases (default 3000) and `URIGRAM_NO_PANIC_SEED` the seed, for a longer
//! or another run.

use std::panic::{AssertUnwindSafe, catch_unwind};

use urigram::render::Report;
use urigram::rfc2396::{
    self, Component, LeadingDotDot, ResolveOptions, decode, decode_safe, decode_utf8, encode,
    form_encode, form_pairs, relativize, resolve, resolve_str, split,
};
use urigram::rfc2396::{UriReference, UriReferenceBuf};
use urigram::{Error, Grammar, rfc1630, rfc1738};

/// xorshift64*: small, fast, and the same sequence everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// An offset: usually near the length of a text, sometimes far past it.
    fn offset(&mut self, len: usize) -> usize {
        match self.below(8) {
            0 => usize::MAX - self.below(4),
            1 => len + self.below(1000),
            _ => self.below(len + 3),
        }
    }
}

/// Pieces of text that matter to the grammars, and some that matter to nothing but a panic.
const PIECES: &[&str] = &[
    "a",
    "Z",
    "0",
    "9",
    "-",
    ".",
    "_",
    "~",
    "!",
    "*",
    "'",
    "(",
    ")",
    ";",
    "/",
    "?",
    ":",
    "@",
    "&",
    "=",
    "+",
    "$",
    ",",
    "%",
    "%4",
    "%41",
    "%C3%A9",
    "%FF",
    "%zz",
    "[",
    "]",
    "::",
    "[::1]",
    "#",
    " ",
    "\t",
    "\n",
    "\r",
    "\r\n",
    "\0",
    "\u{7F}",
    "\u{85}",
    "é",
    "日本",
    "😀",
    "\u{202E}",
    "\u{FEFF}",
    "<",
    ">",
    "\"",
    "{",
    "}",
    "|",
    "\\",
    "^",
    "`",
    "//",
    "..",
    "./",
    "../",
    "http:",
    "ftp://",
    "mailto:",
    "news:",
    "file:///",
    "url:",
    "localhost",
    "1.2.3.4",
    ":80",
    "?q=1",
    "#f",
    "a b",
    "~user",
    ";type=a",
    "%00",
];

const SCHEMES: &[&str] = &[
    "http", "ftp", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero",
    "x-y+z.1", "HTTP", "1a", "", "a b",
];

const HOSTS: &[&str] = &[
    "example.com",
    "a",
    "1.2.3.4",
    "256.1.1.1",
    "[::1]",
    "[fe80::1%25x]",
    "a..b",
    "-a",
    "a-",
    "reg_name",
    "me@host",
    "me:pw@host:21",
    "",
    "日本.jp",
    "host:",
    "host:99999",
];

/// A random text: pieces glued together.
fn text(r: &mut Rng) -> String {
    let n = r.below(12);
    (0..n).map(|_| r.pick(PIECES)).collect()
}

/// A text shaped like a URI, mostly valid, sometimes with a bad piece in it.
fn uri_like(r: &mut Rng) -> String {
    let mut s = String::new();
    if r.below(4) > 0 {
        s.push_str(r.pick(SCHEMES));
        s.push(':');
    }
    if r.below(3) > 0 {
        s.push_str("//");
        s.push_str(r.pick(HOSTS));
    }
    for _ in 0..r.below(4) {
        s.push('/');
        let n = r.below(3);
        for _ in 0..n {
            s.push_str(r.pick(&["a", "b;p", "%20", ".", "..", "c=d", "é", "x y", ""]));
        }
    }
    if r.below(3) == 0 {
        s.push('?');
        s.push_str(r.pick(&["q", "a=1&b=2", "a+b", "%zz", "[x]", "", "é"]));
    }
    if r.below(3) == 0 {
        s.push('#');
        s.push_str(r.pick(&["f", "", "a#b", "%41", " "]));
    }
    s
}

fn case(r: &mut Rng) -> String {
    if r.below(2) == 0 {
        text(r)
    } else {
        uri_like(r)
    }
}

/// An error shown in its own text, in another text, and moved by any offset into any text,
/// renders without a panic, and the moved error's offsets stay inside the text it is moved to.
fn render_anywhere(r: &mut Rng, e: &Error, own: &str, other: &str) {
    let _ = Report::new(e, own).to_string();
    let _ = Report::new(e, other)
        .origin(other)
        .first_line(r.offset(5))
        .color(true)
        .to_string();
    let _ = e.code();
    let _ = e.headline();
    let n = r.offset(other.len());
    let moved = e.clone().offset_by(n, other);
    assert!(
        moved.offset() <= other.len() && moved.end() <= other.len(),
        "{n} {other:?}"
    );
    assert!(moved.offset() <= moved.end());
    assert!(other.is_char_boundary(moved.offset()) && other.is_char_boundary(moved.end()));
    let shown = Report::new(&moved, other).to_string();
    assert!(shown.contains("-->"));
}

/// `Display` is the text, and `FromStr` of the text reads back as the same value.
fn round_trip_2396(u: &UriReference<'_>, s: &str) {
    assert_eq!(u.to_string(), s);
    let owned: UriReferenceBuf = s.parse().expect("an owned reference of a parsed text");
    assert_eq!(owned.get(), *u);
    assert_eq!(UriReferenceBuf::from(*u), owned);
    assert_eq!(owned.to_string().parse::<UriReferenceBuf>().unwrap(), owned);
    // The components are slices of the text, at their ranges.
    for p in [u.scheme(), u.query(), u.fragment()].into_iter().flatten() {
        assert_eq!(&s[p.range()], p.as_str());
    }
    let hier = u.hier().to_string();
    assert!(s.contains(&hier), "{s:?} {hier:?}");
    for seg in u.path_segments() {
        let _ = seg.decode_utf8();
        assert_eq!(&s[seg.as_part().range()], seg.to_string());
    }
    if let Some(a) = u.authority() {
        let _ = a.decode_utf8();
        assert_eq!(&s[a.as_part().range()], a.to_string());
    }
    let _ = (u.port(), u.port_or_known_default(), u.host_str(), u.kind());
    let _ = u.path().decode_utf8();
    let _: Vec<_> = u.query_pairs().collect();
}

fn check_grammars(r: &mut Rng, s: &str, other: &str, every_rule: bool) {
    for &g in Grammar::ALL {
        let rules: Vec<&str> = if every_rule {
            g.rule_names().collect()
        } else {
            vec![g.start_rule()]
        };
        for rule in rules {
            if let Err(e) = g.check(rule, s) {
                assert!(e.offset() <= s.len(), "{g} {rule} {s:?}");
                render_anywhere(r, &e, s, other);
            }
        }
        if let Err(e) = g.check("no such rule", s) {
            render_anywhere(r, &e, s, other);
        }
        // The same input as bytes, and with a byte that is not UTF-8 inside it: the check,
        // the locate and the derivation agree on where it stops being valid.
        let rule = g.start_rule();
        let mut bytes = s.as_bytes().to_vec();
        assert_eq!(
            g.check(rule, &bytes[..]).map_err(|e| e.offset()),
            g.check(rule, s).map_err(|e| e.offset())
        );
        bytes.insert(bytes.len() / 2, 0xff);
        let checked = g.check(rule, &bytes[..]).map_err(|e| e.offset());
        let located = g.locate(rule, &bytes[..]).map_err(|b| b.offset());
        assert_eq!(checked, located, "{g} {bytes:?}");
        assert!(
            checked.is_err_and(|o| o <= bytes.len() / 2),
            "{g} {bytes:?}"
        );
        if let Err(p) = g.derive(rule, s) {
            assert!(p.error().offset() <= s.len(), "{g} {s:?}");
        }
    }
}

fn check_typed(s: &str) {
    if let Ok(u) = UriReference::parse(s) {
        round_trip_2396(&u, s);
        let n = u.normalize();
        assert!(u.equivalent(&u));
        assert!(u.equivalent(&n.get()), "{s:?} {n}");
        assert_eq!(n.get().normalize(), n, "{s:?}");
    }
    if let Ok(u) = UriReference::parse_rfc2732(s) {
        round_trip_2396(&u, s);
        let _ = u.normalize();
    }
    if let Ok(u) = rfc1738::Url::parse(s) {
        assert_eq!(u.to_string(), s);
        let owned: rfc1738::UrlBuf = s.parse().unwrap();
        assert_eq!(owned.to_string(), s);
        assert_eq!(rfc1738::UrlBuf::from(u), owned);
    }
    let lenient = rfc1738::ParseOptions::default().case_insensitive_scheme(true);
    if let Ok(u) = rfc1738::Url::parse_with(s, lenient) {
        // The owned form lower-cases the scheme, and reads back as itself.
        let owned = u.to_buf();
        assert_eq!(owned.as_str().len(), s.len());
        assert_eq!(owned.to_string().parse::<rfc1738::UrlBuf>().unwrap(), owned);
    }
    if let Ok(u) = rfc1630::Uri::parse(s) {
        assert_eq!(u.to_string(), s);
        assert_eq!(
            s.parse::<rfc1630::UriBuf>().unwrap(),
            rfc1630::UriBuf::from(u)
        );
    }
    if let Ok(u) = rfc1630::Url::parse(s) {
        assert_eq!(u.to_string(), s);
        assert_eq!(
            s.parse::<rfc1630::UrlBuf>().unwrap(),
            rfc1630::UrlBuf::from(u)
        );
    }
    if let Ok(u) = rfc1630::PrefixedUrl::parse(s) {
        assert_eq!(u.to_string(), s);
        let owned = rfc1630::PrefixedUrlBuf::from(u);
        assert_eq!(s.parse::<rfc1630::PrefixedUrlBuf>().unwrap(), owned);
    }
    let _ = rfc1738::decode(s);
    let _ = rfc1630::decode_escapes(s);
    let _ = rfc1738::find_urls(s);
    let _ = urigram::extract::extract(s, Grammar::Rfc2396);
    let sp = split(s);
    for p in [
        sp.scheme,
        sp.authority,
        Some(sp.path),
        sp.query,
        sp.fragment,
    ]
    .into_iter()
    .flatten()
    {
        assert_eq!(&s[p.range()], p.as_str());
    }
}

fn check_escaping(s: &str) {
    for &c in Component::ALL {
        let _ = decode(s, c);
        let _ = decode_utf8(s, c);
        let _ = decode_safe(s, c);
        let e = encode(s, c);
        assert_eq!(decode(&e, c).unwrap(), s.as_bytes(), "{c} {s:?}");
    }
    let _: Vec<_> = form_pairs(s).collect();
    let q = form_encode([(s, s)]);
    let back: Vec<_> = form_pairs(&q).collect();
    assert_eq!(back.len(), 1);
    assert_eq!((back[0].0.as_ref(), back[0].1.as_ref()), (s, s));
}

fn check_resolution(base: &str, reference: &str) {
    let options = [
        ResolveOptions::default(),
        ResolveOptions::default().with_leading_dot_dot(LeadingDotDot::Strip),
        ResolveOptions::default().with_leading_dot_dot(LeadingDotDot::Reject),
        ResolveOptions::default().with_rfc2732(true),
    ];
    for o in options {
        if let Ok(r) = resolve_str(base, reference, o) {
            // What resolution gives is a URI-reference.
            let text = r.to_string();
            assert!(
                text.parse::<UriReferenceBuf>().is_ok(),
                "{base:?} {reference:?}"
            );
        }
    }
    let _ = rfc1630::resolve_partial(base, reference);
    let _ = rfc1630::same_uri(base, reference);
    if let (Ok(b), Ok(t)) = (UriReference::parse(base), UriReference::parse(reference)) {
        if let Ok(r) = resolve(&b, &t) {
            assert!(r.to_string().parse::<UriReferenceBuf>().is_ok());
        }
        if let Ok(j) = b.join(reference) {
            assert!(j.get().is_absolute());
            assert_eq!(j.to_string().parse::<rfc2396::AbsoluteUriBuf>().unwrap(), j);
        }
        if let Ok(rel) = relativize(&b, &t) {
            let _ = rel.to_string();
        }
        let _ = b.equivalent(&t);
    }
}

/// `check_setters!(name, spec, Buf)`: `name(r, start, t)` checks that every setter of the
/// spec's owned reference `Buf` leaves a value that reads back as itself, or an error and the
/// value as it was, and that the builder given data from `t` makes a value or an error.
macro_rules! check_setters {
    ($name:ident, $spec:ident, $buf:ident) => {
        fn $name(r: &mut Rng, start: &str, t: &str) {
            use urigram::$spec::{BuildError, Builder, $buf};
            type Setter = fn(&mut $buf, &str) -> Result<(), BuildError>;
            const SETTERS: &[Setter] = &[
                |u, t| u.set_scheme(Some(t)),
                |u, _| u.set_scheme(None),
                |u, t| u.set_authority(Some(t)),
                |u, _| u.set_authority(None),
                |u, t| u.set_host(t),
                |u, t| u.set_userinfo(Some(t)),
                |u, _| u.set_userinfo(None),
                |u, t| u.set_userinfo_data(t),
                |u, t| u.set_port(t.parse().ok()),
                |u, t| u.set_path(t),
                |u, t| u.set_path_segments(t.split('/')),
                |u, t| u.set_query(Some(t)),
                |u, _| u.set_query(None),
                |u, t| u.set_query_data(t),
                |u, t| u.set_query_pairs([(t, t)]),
                |u, t| u.append_pair(t, t),
                |u, t| u.set_fragment(Some(t)),
                |u, _| u.set_fragment(None),
                |u, t| u.set_fragment_data(t),
            ];
            let Ok(start) = start.parse::<$buf>() else {
                return;
            };
            for set in SETTERS {
                let mut u = start.clone();
                match set(&mut u, t) {
                    Ok(()) => {
                        let back: $buf = u.to_string().parse().expect("a setter's result");
                        assert_eq!(back, u);
                    }
                    Err(e) => {
                        assert_eq!(u, start);
                        let _ = e.to_string();
                    }
                }
            }
            // The builder, with data and text from the same text.
            let mut b = Builder::new();
            if r.below(2) == 0 {
                b = b.scheme(r.pick(SCHEMES));
            }
            if r.below(2) == 0 {
                b = b.host(r.pick(HOSTS));
                b = match r.below(3) {
                    0 => b.userinfo_data(t),
                    1 => b.userinfo(t),
                    _ => b,
                };
                if r.below(2) == 0 {
                    b = b.port(r.below(70000) as u16);
                }
            }
            b = match r.below(4) {
                0 => b.path_segments(t.split('/')),
                1 => b.rel_path_segments(t.split('/')),
                2 => b.path(t),
                _ => b,
            };
            b = match r.below(4) {
                0 => b.query_data(t),
                1 => b.query_pairs([(t, t)]),
                2 => b.query(t),
                _ => b,
            };
            b = match r.below(3) {
                0 => b.fragment_data(t),
                1 => b.fragment(t),
                _ => b,
            };
            match b.build() {
                Ok(u) => {
                    let back: $buf = u.to_string().parse().expect("a built reference");
                    assert_eq!(back, u);
                }
                Err(e) => drop(e.to_string()),
            }
        }
    };
}

check_setters!(check_setters_2396, rfc2396, UriReferenceBuf);
check_setters!(check_setters_3986, rfc3986, UriReferenceBuf);
check_setters!(check_setters_3987, rfc3987, IriReferenceBuf);

/// RFC 3986's and RFC 3987's encoders: what they make is a string of the component that
/// decodes to the text, and an IRI's encoding maps to the URI's (section 3.1).
fn check_encoders(s: &str) {
    use urigram::rfc3986::{self as uri, Component};
    for &c in Component::ALL {
        let e = uri::encode(s, c);
        assert_eq!(decode(&e, rfc2396::Component::Query).unwrap(), s.as_bytes());
        let i = urigram::rfc3987::encode(s, c);
        let mapped = urigram::rfc3987::to_uri(&format!("?{i}")).expect("an IRI query");
        assert_eq!(mapped.query().unwrap().decode().unwrap(), s.as_bytes());
    }
}

fn cases() -> usize {
    std::env::var("URIGRAM_NO_PANIC_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

fn seed() -> u64 {
    std::env::var("URIGRAM_NO_PANIC_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x2396_1738_1630_2732)
        | 1
}

#[test]
fn no_public_function_panics() {
    let mut r = Rng(seed());
    let n = cases();
    for k in 0..n {
        let s = case(&mut r);
        let other = case(&mut r);
        let run = AssertUnwindSafe(|| {
            let mut r = Rng(r.0 ^ k as u64 | 1);
            check_grammars(&mut r, &s, &other, k % 10 == 0);
            check_typed(&s);
            check_escaping(&s);
            check_resolution(&other, &s);
            check_resolution(&s, &other);
            check_setters_2396(&mut r, &other, &s);
            check_setters_3986(&mut r, &other, &s);
            check_setters_3987(&mut r, &other, &s);
            check_encoders(&s);
        });
        if let Err(p) = catch_unwind(run) {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("case {k}: text {s:?}, other text {other:?}: {msg}");
        }
    }
}

/// The texts the generator makes hold what they are meant to: valid references of every kind,
/// multi-byte characters, control characters, the empty string.
#[test]
fn the_generator_reaches_the_cases() {
    let mut r = Rng(seed());
    let texts: Vec<String> = (0..cases()).map(|_| case(&mut r)).collect();
    let valid = texts
        .iter()
        .filter(|s| UriReference::parse(s).is_ok())
        .count();
    assert!(valid > texts.len() / 10, "{valid}");
    assert!(texts.iter().any(|s| s.is_empty()));
    assert!(texts.iter().any(|s| s.chars().any(|c| c.len_utf8() == 4)));
    assert!(texts.iter().any(|s| s.chars().any(|c| c.is_control())));
    assert!(
        texts
            .iter()
            .any(|s| UriReference::parse_rfc2732(s).is_ok() && UriReference::parse(s).is_err())
    );
    assert!(texts.iter().any(|s| rfc1738::Url::parse(s).is_ok()));
}

/// The case of the issue: an error found in a token, rendered against the whole line.
#[test]
fn an_error_in_a_token_renders_in_its_line() {
    let line = "ééééé http://a/%zz rest";
    let token = "http://a/%zz";
    let at = line.find(token).unwrap();
    let e = UriReference::parse(token).unwrap_err();
    assert_eq!(e.offset(), 10);
    let e = e.offset_by(at, line);
    assert_eq!((e.offset(), e.column()), (at + 10, 17));
    let shown = Report::new(&e, line).to_string();
    assert!(
        shown.contains("1 | ééééé http://a/%zz rest\n  |                 ^ expected hex"),
        "{shown}"
    );
}
