//! The shape of the productions, kept: a production function is one combinator expression,
//! not a sequence of `let (..) = ..?;` steps (see the module doc of
//! [`crate::grammar`]).

/// Every file of the grammars, by path.
const SOURCES: &[(&str, &str)] = &[
    ("rfc2396/uri.rs", include_str!("rfc2396/uri.rs")),
    ("rfc2396/authority.rs", include_str!("rfc2396/authority.rs")),
    ("rfc2396/path.rs", include_str!("rfc2396/path.rs")),
    ("rfc2396/chars.rs", include_str!("rfc2396/chars.rs")),
    ("rfc2732/mod.rs", include_str!("rfc2732/mod.rs")),
    ("rfc3986/uri.rs", include_str!("rfc3986/uri.rs")),
    ("rfc3986/authority.rs", include_str!("rfc3986/authority.rs")),
    ("rfc3986/path.rs", include_str!("rfc3986/path.rs")),
    ("rfc3986/chars.rs", include_str!("rfc3986/chars.rs")),
    ("rfc1738/generic.rs", include_str!("rfc1738/generic.rs")),
    ("rfc1738/ftp.rs", include_str!("rfc1738/ftp.rs")),
    ("rfc1738/file.rs", include_str!("rfc1738/file.rs")),
    ("rfc1738/http.rs", include_str!("rfc1738/http.rs")),
    ("rfc1738/gopher.rs", include_str!("rfc1738/gopher.rs")),
    ("rfc1738/mailto.rs", include_str!("rfc1738/mailto.rs")),
    ("rfc1738/news.rs", include_str!("rfc1738/news.rs")),
    ("rfc1738/nntp.rs", include_str!("rfc1738/nntp.rs")),
    ("rfc1738/telnet.rs", include_str!("rfc1738/telnet.rs")),
    ("rfc1738/wais.rs", include_str!("rfc1738/wais.rs")),
    ("rfc1738/prospero.rs", include_str!("rfc1738/prospero.rs")),
    ("rfc1738/chars.rs", include_str!("rfc1738/chars.rs")),
    ("rfc1630/uri.rs", include_str!("rfc1630/uri.rs")),
    ("rfc1630/url.rs", include_str!("rfc1630/url.rs")),
    ("rfc1630/chars.rs", include_str!("rfc1630/chars.rs")),
    ("rfc822/addr.rs", include_str!("rfc822/addr.rs")),
    ("rfc822/lexical.rs", include_str!("rfc822/lexical.rs")),
];

/// The productions still written as steps: named rewrites that split a run at its last `@`
/// (see their doc comments).
const STEPS: &[&str] = &["rfc1630/url.rs mailtoaddress", "rfc1630/url.rs article"];

/// Whether `line` binds a parser's result by a tuple pattern of names (`let`, then a
/// parenthesized list of names, then `=`).
fn is_step(line: &str) -> bool {
    let Some(at) = line.find("let (") else {
        return false;
    };
    let rest = &line[at + 5..];
    let Some(close) = rest.find(") = ") else {
        return false;
    };
    let names = &rest[..close];
    !names.is_empty()
        && names
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'_' || b == b',' || b == b' ')
}

/// The names of the `pub fn`s of `src` (before its tests) with a step in their body.
fn with_steps(src: &str) -> Vec<String> {
    with_lines(src, is_step)
}

/// Whether `line` holds a choice written by hand instead of a named combinator: a block
/// closure over a span (`|i: Span<'a>| { ... }` run by hand, as the longest-match loops
/// were; a closure that only passes the span on, `|i| labels::hostname(i, LABELS)`, is
/// not one), a table of function pointers to loop over, or a local macro.
fn is_hand_written_choice(line: &str) -> bool {
    ["|i: Span", "|j: Span", "|i| {", "fn(Span", "macro_rules!"]
        .iter()
        .any(|p| line.contains(p))
}

/// The names of the `pub fn`s of `src` (before its tests) with a line of their body for
/// which `is` holds.
fn with_lines(src: &str, is: fn(&str) -> bool) -> Vec<String> {
    let src = src.split("\n#[cfg(test)]").next().unwrap_or(src);
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in src.lines() {
        if let Some(rest) = line
            .strip_prefix("pub fn ")
            .or(line.strip_prefix("pub(crate) fn "))
        {
            current = rest.split(['<', '(']).next().map(str::to_string);
        } else if line == "}" {
            current = None;
        } else if let Some(name) = &current
            && is(line)
            && !out.contains(name)
        {
            out.push(name.clone());
        }
    }
    out
}

#[test]
fn steps_are_recognized() {
    // Written in two parts, so that a search of the sources for steps does not find these.
    assert!(is_step(concat!(
        "        let ",
        "(j, _) = lit(i, \"ftp://\")?;"
    )));
    assert!(is_step(concat!("    let ", "(rest, x) = f(i)?;")));
    assert!(!is_step("    let Some(k) = f(i) else {"));
    assert!(!is_step(concat!("    let ", "(rest, (a, b)) = f(i)?;")));
    let src = concat!(
        "pub fn a<'a>(i: Span<'a>) {\n    let ",
        "(i, _) = lit(i, \"x\")?;\n}\n",
        "pub fn b<'a>(i: Span<'a>) {\n    production(\"b\", x).parse(i)\n}\n"
    );
    assert_eq!(with_steps(src), ["a"]);
}

/// No production function is a sequence of `let (..) = ..?` steps, but the listed rewrites.
#[test]
fn productions_are_expressions() {
    let mut found = Vec::new();
    for (path, src) in SOURCES {
        for name in with_steps(src) {
            found.push(format!("{path} {name}"));
        }
    }
    assert_eq!(found, STEPS);
}

#[test]
fn hand_written_choices_are_recognized() {
    assert!(is_hand_written_choice(
        "    production(\"url\", |i: Span<'a>| {"
    ));
    assert!(is_hand_written_choice(
        "        let alts: [fn(Span<'a>) -> PResult<'a, O>; 2] = ["
    ));
    assert!(is_hand_written_choice("        macro_rules! alternative {"));
    assert!(!is_hand_written_choice(
        "        longest((waisdatabase, waisindex, waisdoc))"
    ));
}

/// No production function runs a choice by hand (a closure over the span, a table of
/// function pointers, a macro): the longest-match choices are named combinators (`longest`,
/// shared by RFC 1738 and RFC 1630 from `grammar/common.rs`, `alt_by_first_byte` in RFC 1630,
/// `hexpart_before_ipv4` in RFC 2732) inside the production's expression. The listed rewrites that split a run at its
/// last `@` are the exception.
#[test]
fn choices_are_named_combinators() {
    let mut found = Vec::new();
    for (path, src) in SOURCES {
        for name in with_lines(src, is_hand_written_choice) {
            found.push(format!("{path} {name}"));
        }
    }
    assert_eq!(found, STEPS);
}
