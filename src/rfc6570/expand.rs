//! Expansion, section 3 (rfc6570.txt:958-1630), by the table of Appendix A
//! (rfc6570.txt:1693-1701): each operator's first string, separator, whether it names its
//! variables, what an empty value adds, and which characters pass without pct-encoding.

use super::{Modifier, Operator, Part, Template, Value, VarSpec, Variables};
use crate::error::Error;
use crate::grammar::Grammar;
use crate::grammar::rfc3986::{RESERVED, UNRESERVED};
use crate::input::Expected;

/// An operator's row of Appendix A's table (rfc6570.txt:1693-1701).
struct Row {
    first: &'static str,
    sep: &'static str,
    named: bool,
    ifemp: &'static str,
    /// `U+R` (reserved and pct-encoded pass too) rather than `U`.
    reserved: bool,
}

fn row(op: Operator) -> Row {
    let r = |first, sep, named, ifemp, reserved| Row {
        first,
        sep,
        named,
        ifemp,
        reserved,
    };
    match op {
        Operator::Reserved => r("", ",", false, "", true),
        Operator::Fragment => r("#", ",", false, "", true),
        Operator::Label => r(".", ".", false, "", false),
        Operator::Path => r("/", "/", false, "", false),
        Operator::PathParameter => r(";", ";", true, "", false),
        Operator::Query => r("?", "&", true, "=", false),
        Operator::QueryContinuation => r("&", "&", true, "=", false),
        Operator::Simple | Operator::Reserve(_) => r("", ",", false, "", false),
    }
}

pub(super) fn expand<V: Variables + ?Sized>(t: &Template<'_>, vars: &V) -> Result<String, Error> {
    let text = t.as_str();
    let mut out = String::with_capacity(text.len());
    for part in &t.parts {
        let e = match part {
            Part::Literal(r) => {
                // Section 3.1: a literal allowed in a URI is copied, any other character
                // pct-encoded (the grammar admits no `%` but in a pct-encoded triplet).
                encode(&mut out, &text[r.clone()], true);
                continue;
            }
            Part::Expression(e) => e,
        };
        if let Operator::Reserve(c) = e.operator {
            return Err(reserved_operator(text, e.span.start + 1, c));
        }
        let row = row(e.operator);
        let mut first = true;
        for v in &e.varspecs {
            let name = v.name(text);
            let Some(value) = vars.get_value(name).filter(|v| v.is_defined()) else {
                continue;
            };
            if let (Modifier::Prefix(_), Value::List(_) | Value::Assoc(_)) = (v.modifier, value) {
                return Err(prefix_of_composite(text, v));
            }
            out.push_str(if first { row.first } else { row.sep });
            first = false;
            varspec(&mut out, &row, name, v.modifier, value);
        }
    }
    Ok(out)
}

/// One defined variable's expansion (Appendix A, rfc6570.txt:1733-1822).
fn varspec(out: &mut String, row: &Row, name: &str, modifier: Modifier, value: &Value) {
    match (value, modifier) {
        (Value::String(s), _) => {
            if row.named {
                out.push_str(name);
                if s.is_empty() {
                    out.push_str(row.ifemp);
                    return;
                }
                out.push('=');
            }
            let s = match modifier {
                Modifier::Prefix(n) => prefix(s, usize::from(n)),
                _ => s,
            };
            encode(out, s, row.reserved);
        }
        (Value::List(items), Modifier::Explode) => {
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push_str(row.sep);
                }
                if row.named {
                    pair(out, row, name, item, false);
                } else {
                    encode(out, item, row.reserved);
                }
            }
        }
        (Value::Assoc(pairs), Modifier::Explode) => {
            for (k, (key, item)) in pairs.iter().enumerate() {
                if k > 0 {
                    out.push_str(row.sep);
                }
                pair(out, row, key, item, true);
            }
        }
        (Value::List(items), _) => {
            if row.named {
                out.push_str(name);
                out.push('=');
            }
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                encode(out, item, row.reserved);
            }
        }
        (Value::Assoc(pairs), _) => {
            if row.named {
                out.push_str(name);
                out.push('=');
            }
            for (k, (key, item)) in pairs.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                encode(out, key, row.reserved);
                out.push(',');
                encode(out, item, row.reserved);
            }
        }
    }
}

/// An exploded member: `name=value`, or, for an empty value, the name and the operator's
/// `ifemp` (a named operator) or the name alone (section 3.2.1, rfc6570.txt:1147-1153: "simply
/// name" where the type is not form-style). A list's name is the variable's, written as a
/// literal is; a pair's name is encoded as a value is (rfc6570.txt:1153-1154).
fn pair(out: &mut String, row: &Row, name: &str, value: &str, encode_name: bool) {
    if encode_name {
        encode(out, name, row.reserved);
    } else {
        out.push_str(name);
    }
    if value.is_empty() {
        out.push_str(row.ifemp);
        return;
    }
    out.push('=');
    encode(out, value, row.reserved);
}

/// The first `n` characters (code points) of `s` (section 2.4.1, rfc6570.txt:849-856).
fn prefix(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((k, _)) => &s[..k],
        None => s,
    }
}

/// Append `s`, each character outside the allowed set pct-encoded from its UTF-8 octets:
/// `unreserved`, and with `reserved` set also `reserved` and the pct-encoded triplets already
/// in `s` (section 3.2.1, rfc6570.txt:1105-1115; section 3.1 for literals).
fn encode(out: &mut String, s: &str, reserved: bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let b = s.as_bytes();
    let allowed = if reserved {
        UNRESERVED.or(RESERVED)
    } else {
        UNRESERVED
    };
    let mut n = 0;
    while n < b.len() {
        let run = allowed.run_end(b, n);
        // An allowed run is ASCII, so it starts and ends at character boundaries; `n` is
        // inside a character only after one of its octets, which no run takes.
        if run > n {
            out.push_str(&s[n..run]);
        }
        n = run;
        let Some(&c) = b.get(n) else { break };
        let triplet = reserved
            && c == b'%'
            && b.get(n + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(n + 2).is_some_and(u8::is_ascii_hexdigit);
        if triplet {
            out.push_str(&s[n..n + 3]);
            n += 3;
            continue;
        }
        out.push('%');
        out.push(char::from(HEX[usize::from(c >> 4)]));
        out.push(char::from(HEX[usize::from(c & 15)]));
        n += 1;
    }
}

/// The error for an operator reserved for future extensions at byte `at` (section 2.2).
fn reserved_operator(text: &str, at: usize, c: char) -> Error {
    let stack = vec!["URI-Template", "expression", "operator", "op-reserve"];
    let m = format!(
        "cannot expand the URI-Template: the operator '{c}' at byte {at} is reserved for future \
         extensions (RFC 6570 section 2.2)"
    );
    Error::at(
        Grammar::Rfc6570,
        "URI-Template",
        "op-reserve",
        stack,
        text,
        at,
        expected(),
    )
    .with_message(m)
    .with_help_text(
        "`=`, `,`, `!`, `@` and `|` are in the grammar but name no expansion yet: write \
             the expression with one of `+ # . / ; ? &`, or none",
    )
}

/// The error for a prefix modifier on a list or an associative array (section 2.4.1).
fn prefix_of_composite(text: &str, v: &VarSpec) -> Error {
    let stack = vec![
        "URI-Template",
        "expression",
        "variable-list",
        "varspec",
        "modifier-level4",
        "prefix",
    ];
    let at = v.modifier_at;
    let m = format!(
        "cannot expand the URI-Template: the prefix modifier at byte {at} applies to {:?}, whose \
         value is a list or an associative array (RFC 6570 section 2.4.1)",
        v.name(text)
    );
    Error::at(
        Grammar::Rfc6570,
        "URI-Template",
        "prefix",
        stack,
        text,
        at,
        expected(),
    )
    .with_message(m)
    .with_help_text(
        "prefix modifiers are not applicable to variables that have composite values \
             (RFC 6570 section 2.4.1): give the variable a string, or drop the `:n`",
    )
}

/// What an expansion error expects: nothing (the text is valid; the values decide).
fn expected() -> Vec<Expected> {
    Vec::new()
}
