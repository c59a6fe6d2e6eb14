//! Help for the mistakes people make most: a space, a control or non-ASCII character, a `%`
//! that begins no escape, an excluded character, an IPv6 literal under RFC 2396, an upper-case
//! scheme under RFC 1738. Each help says what to write instead and cites the spec.
//!
//! The help speaks to a program's author, in the library's terms: another grammar is named as
//! its [`Grammar`](crate::Grammar) value (`` `Grammar::Rfc2732` ``), which a command line may
//! show as its own option, and a gap of a printed grammar that urigram keeps is pointed to in
//! the crate's record of them, `grammar/DEVIATIONS.md`. It names what is checked: an IRI
//! under RFC 3987 (`Grammar::Rfc3987`), a URI under the other grammars.
//!
//! An error finds its help when it is built ([`help`]: which mistake, a [`Help`] of a few
//! words) and writes its text only when asked ([`Help::text`]): most errors of a corpus are
//! counted, never shown.

use crate::grammar::Grammar;
use crate::input::Expected;

/// Which help an error has, and what its text needs: the text is written by [`Help::text`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Help {
    /// A text that depends on nothing else.
    Fixed(&'static str),
    /// A `%` that begins no escape, under a grammar (its section that lists the characters to
    /// escape: [`excluded_section`]).
    Percent(Grammar),
    /// The character `c`, which the rule takes nowhere here, under a grammar (which names what
    /// is checked, a URI or an IRI, and the section to cite).
    Char(CharHelp, char, Grammar),
    /// A byte that begins no UTF-8 character, under a grammar (outside RFC 822).
    BadByte(u8, Grammar),
    /// A text made from the input around the error (a port with a letter, an IPv4 address
    /// after `::`): built at once, since the input is not kept.
    Text(String),
}

/// The mistakes of one character that [`Help::Char`] explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CharHelp {
    /// A space.
    Space,
    /// A `#` after the fragment's `#`.
    SecondHash,
    /// A `#` in an RFC 1738 URL.
    Rfc1738Hash,
    /// A `#` where the rule holds no fragment.
    Hash,
    /// A control character.
    Control,
    /// A character outside US-ASCII.
    NonAscii,
    /// RFC 1738's and RFC 1630's `~`.
    Tilde,
    /// A character that URIs exclude.
    Excluded,
    /// RFC 2732's `[` or `]` outside the host.
    Rfc2732Bracket,
    /// RFC 3986's `[` or `]` outside the host.
    Rfc3986Bracket,
    /// RFC 3987's `iprivate` outside a query.
    Iprivate,
    /// A Unicode noncharacter (U+FDD0-FDEF, U+xFFFE and U+xFFFF), which no IRI holds.
    Noncharacter,
    /// A bidirectional formatting character (U+200E, U+200F, U+202A-202E) where RFC 3987 takes
    /// no `ucschar`.
    Bidi,
    /// A C1 control character (U+0080-009F).
    C1Control,
    /// U+2028 or U+2029 (line and paragraph separators) where RFC 3987 takes no `ucschar`.
    LineSeparator,
    /// A `ucschar` where RFC 3987 takes none (a scheme, a port, an IP literal).
    UcscharHere,
    /// A character above ASCII that is neither a `ucschar` nor an `iprivate`.
    NotUcschar,
}

impl Help {
    /// The help's text.
    pub(crate) fn text(&self) -> std::borrow::Cow<'static, str> {
        use std::borrow::Cow;
        // Appended piece by piece, not formatted.
        let cat = |parts: &[&str]| {
            let mut s = String::with_capacity(parts.iter().map(|p| p.len()).sum());
            for p in parts {
                s.push_str(p);
            }
            Cow::Owned(s)
        };
        match *self {
            Help::Fixed(s) => Cow::Borrowed(s),
            Help::Text(ref s) => Cow::Owned(s.clone()),
            Help::Percent(grammar) => cat(&[
                "`%` begins an escape: `%` and two hex digits; a `%` that stands for itself is \
                 written %25 (",
                excluded_section(grammar),
                ")",
            ]),
            Help::BadByte(b, grammar) => {
                let mut esc = [0u8; 3];
                // An IRI is no US-ASCII text: it is a sequence of characters (RFC 3987 section
                // 2), where a byte that begins none stands for no character.
                let why = if grammar == Grammar::Rfc3987 {
                    "the byte begins no UTF-8 character: an IRI is a sequence of Unicode \
                     characters (RFC 3987 section 2), and an octet of data that encodes none is \
                     escaped, this one as "
                } else {
                    "the byte begins no UTF-8 character: a URI is US-ASCII text, and an octet \
                     of data outside it is escaped, this one as "
                };
                cat(&[why, escape_byte(b, &mut esc)])
            }
            Help::Char(kind, c, grammar) => {
                let mut ch = [0u8; 4];
                let mut hint = [0u8; 12];
                let hint = escape_hint(c, &mut hint);
                let c = &*c.encode_utf8(&mut ch);
                let excluded = excluded_section(grammar);
                // What is checked: an IRI under RFC 3987, else a URI.
                let (a, all) = if grammar == Grammar::Rfc3987 {
                    ("an IRI", "IRIs")
                } else {
                    ("a URI", "URIs")
                };
                match kind {
                    CharHelp::Space => cat(&[
                        "a space cannot appear in ",
                        a,
                        "; write it as %20 (",
                        excluded,
                        ")",
                    ]),
                    CharHelp::SecondHash => cat(&[
                        "only the first `#` starts the fragment; a `#` inside it is written %23 (",
                        excluded,
                        ")",
                    ]),
                    CharHelp::Rfc1738Hash => cat(&[
                        "an RFC 1738 URL has no fragment: `#` is unsafe, and a fragment \
                         identifier that follows a URL is not part of it; check the URL without \
                         it, and write a `#` that is data as %23 (",
                        excluded,
                        ")",
                    ]),
                    CharHelp::Hash => cat(&[
                        "`#` begins a fragment, and the rule holds none here; a `#` that is data \
                         is written %23 (",
                        excluded,
                        ")",
                    ]),
                    CharHelp::Control => cat(&[
                        "control characters cannot appear in ",
                        a,
                        "; escape it as ",
                        hint,
                        " (",
                        excluded,
                        ")",
                    ]),
                    CharHelp::NonAscii => cat(&[
                        "URIs are written in US-ASCII; escape the character's octets, in UTF-8 ",
                        hint,
                        " (",
                        excluded,
                        ")",
                    ]),
                    CharHelp::Tilde => cat(&[
                        "`~` is unsafe in these URLs; escape it as %7E (",
                        excluded,
                        ")",
                    ]),
                    CharHelp::Excluded => cat(&[
                        "`",
                        c,
                        "` is excluded from ",
                        all,
                        "; escape it as ",
                        hint,
                        " (",
                        excluded,
                        ")",
                    ]),
                    CharHelp::Rfc2732Bracket => cat(&[
                        "`",
                        c,
                        "` is reserved by RFC 2732 for an IPv6 literal in the host (section 3); \
                         elsewhere it may stand in a query or fragment, and in a path it is \
                         escaped as ",
                        hint,
                    ]),
                    CharHelp::Rfc3986Bracket => cat(&[
                        "`",
                        c,
                        "` is a delimiter of RFC 3986 (gen-delims, section 2.2) that only an IP \
                         literal in the host holds (section 3.2.2); elsewhere it is written ",
                        hint,
                    ]),
                    CharHelp::Iprivate => cat(&[
                        "a private-use character (iprivate, RFC 3987 section 2.2) may stand in \
                         an IRI's query only; elsewhere escape its UTF-8 octets as ",
                        hint,
                    ]),
                    CharHelp::Noncharacter => cat(&[
                        "a Unicode noncharacter is in no IRI (ucschar leaves U+FDD0-FDEF and \
                         U+xFFFE-xFFFF out, RFC 3987 section 2.2); if it is data, escape its UTF-8 \
                         octets as ",
                        hint,
                    ]),
                    CharHelp::Bidi => cat(&[
                        "a bidirectional formatting character: IRIs MUST NOT contain one (RFC \
                         3987 section 4.1), and here the grammar takes no ucschar at all; remove \
                         it, or escape its UTF-8 octets as ",
                        hint,
                        " where escapes are allowed",
                    ]),
                    CharHelp::C1Control => cat(&[
                        "a C1 control character is in no IRI (ucschar starts at U+00A0, RFC 3987 \
                         section 2.2); escape its UTF-8 octets as ",
                        hint,
                    ]),
                    CharHelp::LineSeparator => cat(&[
                        "a line or paragraph separator, which this part of an IRI cannot hold \
                         (no ucschar here, RFC 3987 section 2.2); it often comes from copied \
                         text: remove it, or escape its UTF-8 octets as ",
                        hint,
                        " where escapes are allowed",
                    ]),
                    CharHelp::UcscharHere => cat(&[
                        "`",
                        c,
                        "` is a ucschar, which RFC 3987 admits only in an IRI's userinfo, host \
                         name, path, query and fragment (section 2.2): it cannot stand here",
                    ]),
                    CharHelp::NotUcschar => cat(&[
                        "the character is neither a ucschar nor an iprivate (RFC 3987 section \
                         2.2), so no IRI holds it; escape its UTF-8 octets as ",
                        hint,
                    ]),
                }
            }
        }
    }
}

/// `%` and the two upper-case hex digits of byte `b`, in `buf`.
fn escape_byte(b: u8, buf: &mut [u8; 3]) -> &str {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    *buf = [b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]];
    // `%` and hex digits are ASCII.
    std::str::from_utf8(buf).unwrap_or_default()
}

/// The escapes of `c`'s UTF-8 octets (`%C3%A9`), in `buf`.
fn escape_hint(c: char, buf: &mut [u8; 12]) -> &str {
    let mut utf8 = [0u8; 4];
    let octets = c.encode_utf8(&mut utf8).as_bytes();
    for (k, &b) in octets.iter().enumerate() {
        let mut esc = [0u8; 3];
        escape_byte(b, &mut esc);
        buf[3 * k..3 * k + 3].copy_from_slice(&esc);
    }
    // `%` and hex digits are ASCII.
    std::str::from_utf8(&buf[..3 * octets.len()]).unwrap_or_default()
}

/// The help for an error at `offset` of `input`, where `found` stands and `expected` was
/// wanted, under `grammar`; and where a likely mistake stands before `offset` (the letter of a
/// port that the help names), for a renderer to mark it.
pub(crate) fn help(
    grammar: Grammar,
    input: &str,
    offset: usize,
    found: Option<char>,
    expected: &[Expected],
) -> (Option<Help>, Option<usize>) {
    if grammar == Grammar::Rfc822 {
        // Mail addresses, not URIs: URI escaping advice would mislead.
        let h = found
            .and_then(|c| rfc822_help(c, expected))
            .map(Help::Fixed);
        return (h, None);
    }
    if grammar == Grammar::Rfc6570 && !has(expected, Expected::Rule("hex")) {
        let before = input.get(..offset).unwrap_or("");
        return (rfc6570_help(before, found, expected), None);
    }
    let before = input.get(..offset).unwrap_or("");
    if has(expected, Expected::Rule("hex")) {
        return (Some(Help::Percent(grammar)), None);
    }
    if let Some((k, c, authority)) = port_with_a_letter(before, expected) {
        return (
            Some(Help::Text(port_help(grammar, k, c, authority))),
            Some(k),
        );
    }
    (
        found.and_then(|c| char_help(grammar, input, before, c, expected)),
        None,
    )
}

/// [`help`] for the character `c` found after `before`, where no port is to blame.
fn char_help(
    grammar: Grammar,
    input: &str,
    before: &str,
    c: char,
    expected: &[Expected],
) -> Option<Help> {
    let lower_scheme = grammar == Grammar::Rfc1738
        && c.is_ascii_uppercase()
        && before
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(&b));
    if lower_scheme {
        return Some(Help::Fixed(
            "RFC 1738 scheme names are lower case (section 5): write the scheme in lower case. \
             Section 2.1 asks programs to read upper case as lower case; the library does so \
             with `rfc1738::ParseOptions::case_insensitive_scheme`",
        ));
    }
    if grammar == Grammar::Rfc1630 && c == '/' {
        return Some(Help::Fixed(
            "RFC 1630's generic BNF, as printed, has no path that starts with `/`, so it reads \
             no `scheme://host/...` URI (urigram's grammar/DEVIATIONS.md); check such URLs with \
             `Grammar::Rfc1630Url` (RFC 1630's BNF for specific URL schemes) or \
             `Grammar::Rfc2396`",
        ));
    }
    if matches!(grammar, Grammar::Rfc2396 | Grammar::Rfc2732)
        && c == '?'
        && before.is_empty()
        && has(expected, Expected::Rule("rel_segment"))
    {
        return Some(Help::Fixed(
            "RFC 2396's grammar derives no reference that starts with `?`, though its Appendix C \
             resolves `?y` (erratum 452; urigram keeps the printed grammar: urigram's grammar/DEVIATIONS.md): \
             write the path before the query (`d?y`), or check with `Grammar::Rfc3986`, whose \
             grammar reads `?y` as a relative reference",
        ));
    }
    if grammar == Grammar::Rfc2396 && c == '[' && (before.ends_with("//") || before.ends_with('@'))
    {
        return Some(Help::Fixed(
            "IPv6 literals in brackets are not part of RFC 2396; RFC 2732 adds them to its \
             grammar: check with `Grammar::Rfc2732`",
        ));
    }
    if grammar == Grammar::Rfc2732 {
        // RFC 2373's printed grammar has no `::` directly before an IPv4 address.
        let literal = before.rsplit('[').next().unwrap_or("");
        let digits = literal.strip_prefix("::").unwrap_or("");
        if c == '.' && (1..=3).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
        {
            let after = &input[before.len()..];
            let tail = &after[..after.find(']').unwrap_or(after.len())];
            return Some(Help::Text(
                [
                    "RFC 2373's grammar, which RFC 2732 cites, has no `::` directly before an \
                     IPv4 address (urigram's grammar/DEVIATIONS.md); the same address is \
                     written `::0:",
                    digits,
                    tail,
                    "`",
                ]
                .concat(),
            ));
        }
        // Inside an open `[`: the last `[` before the error has no `]` after it.
        let in_literal = match (before.rfind('['), before.rfind(']')) {
            (Some(open), Some(close)) => open > close,
            (open, _) => open.is_some(),
        };
        if c == '%' && in_literal {
            return Some(Help::Fixed(
                "an RFC 2732 literal holds an IPv6 address alone: zone identifiers (`%25` and \
                 a zone, RFC 6874) came later and are not part of this grammar \
                 (urigram's grammar/DEVIATIONS.md)",
            ));
        }
        if c == '[' || c == ']' {
            return Some(Help::Char(CharHelp::Rfc2732Bracket, c, grammar));
        }
    }
    if matches!(grammar, Grammar::Rfc3986 | Grammar::Rfc3987)
        && c == '%'
        && before.rfind('[') > before.rfind(']')
    {
        return Some(Help::Fixed(
            "an RFC 3986 IP-literal holds an IPv6 address or an IPvFuture: zone identifiers \
             (`%25` and a zone) came with RFC 6874 and are not part of this grammar",
        ));
    }
    if matches!(grammar, Grammar::Rfc3986 | Grammar::Rfc3987) && (c == '[' || c == ']') {
        return Some(Help::Char(CharHelp::Rfc3986Bracket, c, grammar));
    }
    if grammar == Grammar::Rfc3987 && !c.is_ascii() {
        use crate::grammar::rfc3987::{is_iprivate, is_ucschar};
        let kind = match c as u32 {
            _ if is_iprivate(c) => CharHelp::Iprivate,
            0xFDD0..=0xFDEF => CharHelp::Noncharacter,
            n if n & 0xFFFE == 0xFFFE => CharHelp::Noncharacter,
            0x80..=0x9F => CharHelp::C1Control,
            0x200E | 0x200F | 0x202A..=0x202E => CharHelp::Bidi,
            0x2028 | 0x2029 => CharHelp::LineSeparator,
            _ if is_ucschar(c) => CharHelp::UcscharHere,
            _ => CharHelp::NotUcschar,
        };
        return Some(Help::Char(kind, c, grammar));
    }
    let kind = match c {
        ' ' => CharHelp::Space,
        '#' if before.contains('#') => CharHelp::SecondHash,
        '#' if grammar == Grammar::Rfc1738 => CharHelp::Rfc1738Hash,
        '#' => CharHelp::Hash,
        c if c.is_ascii_control() => CharHelp::Control,
        c if !c.is_ascii() => CharHelp::NonAscii,
        // `~` is unsafe in RFC 1738 (section 2.2) and national in RFC 1630: escaped only.
        '~' if matches!(
            grammar,
            Grammar::Rfc1738 | Grammar::Rfc1630 | Grammar::Rfc1630Url
        ) =>
        {
            CharHelp::Tilde
        }
        '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '[' | ']' | '`' | '%' => {
            CharHelp::Excluded
        }
        _ => return None,
    };
    Some(Help::Char(kind, c, grammar))
}

/// The section of `grammar`'s spec that lists the characters to escape, which a help cites.
fn excluded_section(grammar: Grammar) -> &'static str {
    match grammar {
        Grammar::Rfc1738 => "RFC 1738 section 2.2",
        Grammar::Rfc1630 | Grammar::Rfc1630Url => "RFC 1630, \"Encoding reserved characters\"",
        Grammar::Rfc3986 => "RFC 3986 section 2.1",
        Grammar::Rfc3987 => "RFC 3987 section 2.2",
        Grammar::Rfc6570 => "RFC 6570 section 2.1",
        _ => "RFC 2396 section 2.4.3",
    }
}

/// RFC 6570's help for a `.` out of place in a variable name.
const RFC6570_DOT: &str = "a `.` stands between two characters of a variable name, never at its \
                           start, its end or twice in a row (RFC 6570 section 2.3)";

/// RFC 6570's help for an expression without a variable, or a `,` without one after it.
const RFC6570_COMMA: &str = "an expression names at least one variable, and each `,` is followed \
                             by another (`{x,y}`, RFC 6570 section 2.3)";

/// The help for a URI Template (RFC 6570 section 2) where `found` stands after `before`
/// (`None`: the end)
/// and `expected` was wanted. A template's own mistakes: a brace out of place, a variable name
/// with a character it cannot hold, a prefix length out of range, a character that is no
/// literal.
fn rfc6570_help(before: &str, found: Option<char>, expected: &[Expected]) -> Option<Help> {
    let fixed = |s: &'static str| Some(Help::Fixed(s));
    if has(expected, Expected::Rule("%x31-39")) {
        return fixed(
            "a prefix's max-length is a whole number from 1 to 9999 written without a leading \
             zero, as in `{var:3}` (RFC 6570 section 2.4.1)",
        );
    }
    let in_name = has(expected, Expected::Rule("varchar"));
    let closing = has(expected, Expected::Literal("}"));
    // A `.` of a name before, not the operator.
    let after_dot = before.ends_with('.') && !before.ends_with("{.");
    let Some(c) = found else {
        return match () {
            _ if in_name && after_dot => fixed(RFC6570_DOT),
            _ if in_name && before.ends_with(',') => fixed(RFC6570_COMMA),
            _ if (in_name || closing) && before.rfind('{') > before.rfind('}') => {
                fixed("an expression opened by `{` ends with `}` (RFC 6570 section 2.2)")
            }
            _ => None,
        };
    };
    if in_name || closing {
        return fixed(match c {
            _ if in_name && after_dot => RFC6570_DOT,
            '}' | ',' if in_name => RFC6570_COMMA,
            '.' => RFC6570_DOT,
            '$' | '(' | ')' => {
                "`$`, `(` and `)` are kept out of expressions for other macro languages (RFC 6570 \
                 section 2.2)"
            }
            '{' => "expressions do not nest: a `{` inside one is no part of a template",
            ':' | '*' => {
                "a variable has at most one modifier: a prefix (`:3`) or an explode (`*`) (RFC \
                 6570 section 2.4)"
            }
            _ if closing => {
                "an expression is an optional operator, then variables separated by `,` (no \
                 spaces), each with at most one modifier (a prefix `:1` to `:9999`, or `*`), \
                 then `}` (RFC 6570 sections 2.2 to 2.4)"
            }
            _ => {
                "a variable name holds letters, digits, `_` and pct-encoded triplets, with single \
                 `.` between them (RFC 6570 section 2.3)"
            }
        });
    }
    if !has(expected, Expected::Rule("literals")) {
        return None;
    }
    let mut hint = [0u8; 12];
    let hint = escape_hint(c, &mut hint);
    let why = match c {
        '}' => "a `}` closes an expression only; a literal `}` is written ",
        ' ' => "a space is no literal of a template; write it as ",
        c if c.is_control() => "a control character is no literal of a template; write it as ",
        c if !c.is_ascii() => {
            "the character is neither a ucschar nor an iprivate, the characters above ASCII that \
             a template's literals hold; write its UTF-8 octets as "
        }
        _ => "the character is excluded from a template's literals; write it as ",
    };
    Some(Help::Text([why, hint, " (RFC 6570 section 2.1)"].concat()))
}

/// Whether `expected` holds `item`: `contains`, with the short texts compared in place rather
/// than by a call of `bcmp` for each item of the same length.
#[inline(always)]
fn has(expected: &[Expected], item: Expected) -> bool {
    expected.iter().any(|&x| match (x, item) {
        (Expected::Rule(a), Expected::Rule(b)) | (Expected::Literal(a), Expected::Literal(b)) => {
            a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
        }
        (Expected::EndOfInput, Expected::EndOfInput) => true,
        _ => false,
    })
}

/// "Likely meant" help for an authority whose error stands past a plausible mistake: under
/// RFC 3986 (and RFC 1738's login) `host:8o` can still be a userinfo, so the longest viable
/// prefix runs to the end of the authority and the error stands there, where an `@` would be
/// wanted; the likely mistake is the letter in the port. Given when an `@` is expected, the
/// authority so far (after the last `//`) has no `@`, and the text after its last `:` begins
/// with a digit and holds a character that is no digit (`u:p`, with no digit, is more likely a
/// password without its `@`): the byte of that character, the character, and the authority.
fn port_with_a_letter<'a>(
    before: &'a str,
    expected: &[Expected],
) -> Option<(usize, char, &'a str)> {
    if !has(expected, Expected::Literal("@")) {
        return None;
    }
    let start = before.rfind("//")? + 2;
    let authority = &before[start..];
    let colon = authority.rfind(':')?;
    let (host, port) = (&authority[..colon], &authority[colon + 1..]);
    if host.is_empty() || authority.contains(['@', '/', '?', '#', '[']) {
        return None;
    }
    if !port.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let (k, c) = port.char_indices().find(|(_, c)| !c.is_ascii_digit())?;
    Some((start + colon + 1 + k, c, authority))
}

/// The help for a port with the letter `c` at byte `k` in `authority`.
fn port_help(grammar: Grammar, k: usize, c: char, authority: &str) -> String {
    let (section, userinfo) = match grammar {
        Grammar::Rfc3986 => (" (RFC 3986 section 3.2.3)", "a userinfo"),
        Grammar::Rfc3987 => (" (RFC 3987 section 2.2, RFC 3986's port)", "an iuserinfo"),
        Grammar::Rfc2396 | Grammar::Rfc2732 => (" (RFC 2396 section 3.2.2)", "a userinfo"),
        Grammar::Rfc1738 => (" (RFC 1738 section 3.1)", "a user and password"),
        _ => ("", "a user and password"),
    };
    let mut h = String::from("likely meant: a port holds digits only");
    h.push_str(section);
    h.push_str(", and `");
    h.push(c);
    h.push_str("` at byte ");
    push_decimal(&mut h, k);
    h.push_str(" is none; as written, `");
    h.push_str(authority);
    h.push_str("` can only be ");
    h.push_str(userinfo);
    h.push_str(", which an `@` would end");
    h
}

/// The help for a character RFC 822's `addr-spec` does not take where it was found, when a
/// word or a domain was expected: the rules of atoms, quoted strings and domain literals
/// (section 3.3), never URI escapes.
fn rfc822_help(c: char, expected: &[Expected]) -> Option<&'static str> {
    let in_word = expected.iter().any(|e| {
        matches!(
            e,
            Expected::Rule(
                "atom"
                    | "word"
                    | "local-part"
                    | "domain"
                    | "sub-domain"
                    | "domain-ref"
                    | "domain-literal"
                    | "quoted-string"
                    | "qtext"
                    | "dtext"
                    | "quoted-pair"
            )
        )
    });
    match c {
        c if !c.is_ascii() => Some(
            "RFC 822 text is US-ASCII (CHAR, section 3.3): an addr-spec holds no other character",
        ),
        // Not `@` and `.`: they separate the parts, and where one stands wrong another part
        // is missing.
        ' ' | '(' | ')' | '<' | '>' | ',' | ';' | ':' | '\\' | '"' | '[' | ']' if in_word => {
            Some(RFC822_SPECIALS)
        }
        c if c.is_ascii_control() && in_word => Some(RFC822_SPECIALS),
        _ => None,
    }
}

const RFC822_SPECIALS: &str = "an RFC 822 atom holds no space, control character or special \
     (`()<>@,;:\\\".[]`, section 3.3): such a character stands in the local part inside a \
     quoted-string (`\"a b\"@host`), in the domain inside a domain-literal (`[...]`), and \
     where it would end or break one of them (`\"`, `\\`, `[`, `]`, CR) as a quoted-pair, \
     `\\` and the character";

/// The help for a byte that begins no UTF-8 character, under `grammar`.
pub(crate) fn bad_byte_help(grammar: Grammar, b: u8) -> Help {
    if grammar == Grammar::Rfc822 {
        return Help::Fixed(
            "RFC 822 text is US-ASCII (CHAR, section 3.3): an addr-spec holds no other byte",
        );
    }
    Help::BadByte(b, grammar)
}

/// Append `n` in decimal.
pub(crate) fn push_decimal(s: &mut String, mut n: usize) {
    let mut buf = [0u8; 20];
    let mut k = buf.len();
    loop {
        k -= 1;
        buf[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // The digits are ASCII.
    s.push_str(std::str::from_utf8(&buf[k..]).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use crate::Grammar;

    fn help(g: Grammar, rule: &str, s: &str) -> Option<String> {
        g.check(rule, s).unwrap_err().help().map(String::from)
    }

    #[test]
    fn common_mistakes() {
        let g = Grammar::Rfc2396;
        let r = "URI-reference";
        assert!(help(g, r, "http://a/b c").unwrap().contains("%20"));
        assert!(help(g, r, "http://a/b%zz").unwrap().contains("%25"));
        assert!(help(g, r, "http://a/\u{e9}").unwrap().contains("%C3%A9"));
        assert!(
            help(g, r, "http://a/\u{1F600}")
                .unwrap()
                .contains("%F0%9F%98%80")
        );
        assert!(help(g, r, "http://a/\t").unwrap().contains("%09"));
        assert!(help(g, r, "http://[::1]/").unwrap().contains("RFC 2732"));
        assert!(help(g, r, "http://a/{x}").unwrap().contains("%7B"));
        assert!(help(g, r, "http://a/b#c#d").unwrap().contains("%23"));
        // Erratum 452: a reference of a query alone is outside the printed grammar.
        assert!(help(g, r, "?y").unwrap().contains("erratum 452"));
        assert!(
            help(Grammar::Rfc2732, r, "?y")
                .unwrap()
                .contains("erratum 452")
        );
        assert!(
            help(g, "relativeURI", "?y")
                .unwrap()
                .contains("erratum 452")
        );
        assert_eq!(help(g, "abs_path", "?y"), None);
        let g = Grammar::Rfc3986;
        assert!(help(g, r, "http://a/?[x]").unwrap().contains("%5B"));
        assert!(
            help(g, r, "http://a/b c")
                .unwrap()
                .contains("RFC 3986 section 2.1")
        );
        assert!(help(g, r, "http://a/b%zz").unwrap().contains("%25"));
        assert!(
            help(g, r, "http://[fe80::1%25eth0]/")
                .unwrap()
                .contains("RFC 6874")
        );
    }

    /// Every character class of every grammar has a help line: each character (every ASCII
    /// one, two outside ASCII, a byte that is not UTF-8) put in each place of a few inputs of
    /// each grammar, and where it is the character rejected and its code names a class of
    /// characters (not a letter, digit, delimiter or mark in the wrong place), the error has
    /// help. The codes without help are listed per grammar.
    #[test]
    fn every_character_class_has_help() {
        use crate::FoundKind as K;
        // `{}` marks each place a character goes, one place at a time.
        let places = |g: Grammar| -> &'static [&'static str] {
            match g {
                Grammar::Rfc2396 | Grammar::Rfc2732 | Grammar::Rfc3986 | Grammar::Rfc3987 => {
                    &["{}http://u{}@a{}:8{}/b{}?q{}#f{}", "a{}b/c{}", "[::1{}]"]
                }
                Grammar::Rfc1738 => &[
                    "h{}ttp://a{}:8{}/b{}?q{}",
                    "ftp://u{}:p{}@a/b{};type=i{}",
                    "news:a{}@b{}",
                    "file://a/b{}",
                    "prospero://a/b{};x{}=y{}",
                    "gopher://a/1b{}",
                    "mailto:a{}",
                    "x-y:a{}",
                ],
                Grammar::Rfc1630 => &["a{}", "x{}:a{}/b{}?c{}#d{}"],
                Grammar::Rfc1630Url => &[
                    "http://a{}:8{}/b{}?q{}#f{}",
                    "ftp://u{}@a/b{}",
                    "news:a{}",
                    "mailto:a{}@b{}",
                    "x:a{}",
                ],
                Grammar::Rfc822 => &["a{}@b{}.c{}", "\"a{}\"@b", "a@[b{}]"],
                // A template's literals, a name, and a name after an operator and a comma.
                Grammar::Rfc6570 => &["a{}b/c{}", "{a{}b}", "{?a,b{}}"],
            }
        };
        let mut chars: Vec<String> = (0u8..0x80).map(|b| char::from(b).to_string()).collect();
        chars.extend(["\u{e9}".to_string(), "\u{1F600}".to_string()]);
        // The edges of RFC 3987's ucschar and iprivate, noncharacters, and characters no range
        // holds (a C1 control, a bidi mark, a line separator).
        chars.extend(
            [
                0x85, 0x9F, 0xA0, 0x200E, 0x202E, 0x2028, 0xD7FF, 0xE000, 0xF8FF, 0xF900, 0xFDCF,
                0xFDD0, 0xFDEF, 0xFFEF, 0xFFFE, 0x1FFFE, 0xE0FFF, 0xE1000, 0xF0000, 0x10FFFD,
                0x10FFFF,
            ]
            .iter()
            .filter_map(|&n| char::from_u32(n))
            .map(String::from),
        );
        let classes = [
            K::Space,
            K::Control,
            K::NonAscii,
            K::NotUtf8,
            K::Percent,
            K::Hash,
            K::Excluded,
        ];
        let mut without = Vec::new();
        for &g in Grammar::ALL {
            assert!(!places(g).is_empty(), "{g}: no places to put characters");
            let mut seen = std::collections::BTreeSet::new();
            for place in places(g) {
                let parts: Vec<&str> = place.split("{}").collect();
                for k in 1..parts.len() {
                    let (head, tail) = (parts[..k].concat(), parts[k..].concat());
                    let mut inputs: Vec<Vec<u8>> = chars
                        .iter()
                        .map(|c| format!("{head}{c}{tail}").into_bytes())
                        .collect();
                    inputs.push([head.as_bytes(), b"\xff", tail.as_bytes()].concat());
                    for input in inputs {
                        let Err(e) = g.check(g.start_rule(), input.as_slice()) else {
                            continue;
                        };
                        if e.offset() != head.len() || !classes.contains(&e.found_kind()) {
                            continue;
                        }
                        seen.insert(e.found_kind());
                        if e.help().is_none() {
                            let shown = String::from_utf8_lossy(&input).into_owned();
                            without.push(format!("{} ({shown:?})", e.code()));
                        }
                    }
                }
            }
            // Each grammar rejects these classes somewhere: the test is not vacuous.
            for k in [K::Control, K::NonAscii, K::NotUtf8] {
                assert!(seen.contains(&k), "{g}: no {k} rejected");
            }
        }
        without.sort();
        without.dedup_by(|a, b| a.split(' ').next() == b.split(' ').next());
        assert!(
            without.is_empty(),
            "codes without help:\n{}",
            without.join("\n")
        );
    }

    /// The helps that name what is checked name an IRI under RFC 3987, one text each: a space,
    /// a control character, an excluded character, a byte that begins no UTF-8 character (an
    /// IRI is no US-ASCII text, so that help gives the reason RFC 3987 gives).
    #[test]
    fn under_rfc3987_the_help_names_an_iri() {
        let g = Grammar::Rfc3987;
        let r = "IRI-reference";
        assert_eq!(
            help(g, r, "http://a/b c").unwrap(),
            "a space cannot appear in an IRI; write it as %20 (RFC 3987 section 2.2)"
        );
        assert_eq!(
            help(g, r, "http://a/b\tc").unwrap(),
            "control characters cannot appear in an IRI; escape it as %09 (RFC 3987 section 2.2)"
        );
        assert_eq!(
            help(g, r, "http://a/{x}").unwrap(),
            "`{` is excluded from IRIs; escape it as %7B (RFC 3987 section 2.2)"
        );
        let e = g.check(r, b"http://a/\xff".as_slice()).unwrap_err();
        assert_eq!(
            e.help().unwrap(),
            "the byte begins no UTF-8 character: an IRI is a sequence of Unicode characters \
             (RFC 3987 section 2), and an octet of data that encodes none is escaped, this one \
             as %FF"
        );
    }

    /// The same mistakes under RFC 3986 (and a byte that is no UTF-8 under RFC 2396) keep
    /// their texts, which name a URI.
    #[test]
    fn under_rfc3986_the_help_still_names_a_uri() {
        let g = Grammar::Rfc3986;
        let r = "URI-reference";
        assert_eq!(
            help(g, r, "http://a/b c").unwrap(),
            "a space cannot appear in a URI; write it as %20 (RFC 3986 section 2.1)"
        );
        assert_eq!(
            help(g, r, "http://a/b\tc").unwrap(),
            "control characters cannot appear in a URI; escape it as %09 (RFC 3986 section 2.1)"
        );
        assert_eq!(
            help(g, r, "http://a/{x}").unwrap(),
            "`{` is excluded from URIs; escape it as %7B (RFC 3986 section 2.1)"
        );
        for g in [Grammar::Rfc3986, Grammar::Rfc2396] {
            let e = g.check(r, b"http://a/\xff".as_slice()).unwrap_err();
            assert_eq!(
                e.help().unwrap(),
                "the byte begins no UTF-8 character: a URI is US-ASCII text, and an octet of \
                 data outside it is escaped, this one as %FF",
                "{g}"
            );
        }
    }

    /// No help that RFC 3987 gives names a URI: every rule of the grammar given each ASCII
    /// character, some above it and a byte that is not UTF-8, alone and in each place of a few
    /// IRI references.
    #[test]
    fn no_rfc3987_help_names_a_uri() {
        let g = Grammar::Rfc3987;
        let mut chars: Vec<Vec<u8>> = (0u8..0x80).map(|b| vec![b]).collect();
        chars.push(vec![0xff]);
        for c in [
            '\u{e9}', '\u{85}', '\u{200E}', '\u{2028}', '\u{E000}', '\u{FDD0}',
        ] {
            chars.push(c.to_string().into_bytes());
        }
        let mut inputs: Vec<(&str, Vec<u8>)> = Vec::new();
        for rule in g.rule_names() {
            inputs.extend(chars.iter().map(|c| (rule, c.clone())));
        }
        for place in ["{}http://u{}@a{}:8{}/b{}?q{}#f{}", "a{}b/c{}", "//[::1{}]"] {
            let parts: Vec<&str> = place.split("{}").collect();
            for k in 1..parts.len() {
                let (head, tail) = (parts[..k].concat(), parts[k..].concat());
                inputs.extend(chars.iter().map(|c| {
                    let input = [head.as_bytes(), c, tail.as_bytes()].concat();
                    (g.start_rule(), input)
                }));
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        for (rule, input) in &inputs {
            let Err(e) = g.check(rule, input.as_slice()) else {
                continue;
            };
            let Some(h) = e.help() else {
                continue;
            };
            seen.insert(e.found_kind());
            let names_a_uri = h
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| w == "URI" || w == "URIs");
            assert!(
                !names_a_uri,
                "{rule} {:?}: {h}",
                String::from_utf8_lossy(input)
            );
        }
        // Not vacuous: helps of each kind whose text names what is checked were seen.
        use crate::FoundKind as K;
        for k in [K::Space, K::Control, K::Excluded, K::NotUtf8, K::NonAscii] {
            assert!(seen.contains(&k), "no help for {k}");
        }
    }

    /// A port with a letter, reported where the userinfo it could still be runs out, gets a
    /// help that names the letter.
    #[test]
    fn a_port_with_a_letter_is_the_likely_mistake() {
        let g = Grammar::Rfc3986;
        let e = g
            .check("URI-reference", "http://exa_mple.com:8o/")
            .unwrap_err();
        assert_eq!(e.offset(), 22);
        let h = e.help().unwrap();
        assert!(
            h.starts_with("likely meant: a port holds digits only"),
            "{h}"
        );
        assert!(h.contains("`o` at byte 21"), "{h}");
        let h = help(g, "URI-reference", "http://a:8o").unwrap();
        assert!(h.contains("`o` at byte 10"), "{h}");
        // A real userinfo, a port of digits, or a password without its `@`: no such help.
        for s in ["http://u:p@a:8o/", "http://a:80/x y", "http://u:p/"] {
            let h = help(g, "URI-reference", s).unwrap_or_default();
            assert!(!h.contains("likely meant"), "{s}: {h}");
        }
    }

    /// The help names other grammars as the library's values, never a command line's options.
    #[test]
    fn help_speaks_in_library_terms() {
        let h = help(Grammar::Rfc2396, "URI-reference", "http://[::1]/").unwrap();
        assert!(h.contains("`Grammar::Rfc2732`"), "{h}");
        let h = help(Grammar::Rfc1630, "fragmentaddress", "http://a/b").unwrap();
        assert!(h.contains("`Grammar::Rfc1630Url`"), "{h}");
        assert!(h.contains("`Grammar::Rfc2396`"), "{h}");
        for (g, s) in [
            (Grammar::Rfc2396, "http://[::1]/"),
            (Grammar::Rfc1630, "http://a/b"),
            (Grammar::Rfc2732, "http://[::1.2.3.4]/"),
            (Grammar::Rfc2732, "http://[::1%25eth0]/"),
            (Grammar::Rfc1738, "HTTP://a/"),
        ] {
            let h = help(g, g.start_rule(), s).unwrap();
            assert!(!h.contains("--"), "{g} {s:?}: {h}");
        }
    }
}
