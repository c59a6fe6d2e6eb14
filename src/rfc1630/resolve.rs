//! RFC 1630's own rules for partial URIs: section "Partial (relative) form",
//! rfc1630.txt:537-606.

use crate::rfc2396::ResolveError;

/// Whether `s` is in the absolute form: "the latter must have a colon and that colon must
/// occur before any slash characters" (rfc1630.txt:530).
fn colon_before_slash(s: &str) -> Option<usize> {
    let colon = s.find(':')?;
    match s.find('/') {
        Some(slash) if slash < colon => None,
        _ => Some(colon),
    }
}

/// Resolve `partial` in the context of the absolute URI `context`, by the rules of RFC 1630,
/// section "Partial (relative) form" (rfc1630.txt:537-556), exactly as written:
///
/// 1. "If the scheme parts are different, the whole absolute URI must be given": a `partial`
///    in the absolute form (a colon before any slash) is the result as it is. Otherwise the
///    scheme is the context's, and:
/// 2. "If the partial URI starts with a non-zero number of consecutive slashes, then
///    everything from the context URI up to (but not including) the first occurrence of
///    exactly the same number of consecutive slashes [...] is taken to be the same and so
///    prepended". An occurrence of *exactly* N slashes is a run of N slashes that no further
///    slash touches on either side. (The printed rule goes on: "which has no greater number
///    of consecutive slashes anywhere to the right of it"; read literally, that clause would
///    resolve `/g` against `magic://a/b/c//d/e/f` to `magic://a/b/c//d/g`, while the RFC's own
///    example gives `magic://a/g`. The example is followed: `grammar/DEVIATIONS.md`.)
/// 3. Otherwise "the last part of the path of the context URI (anything following the
///    rightmost slash) is removed, and the given partial URI appended in its place". A
///    context with no slash loses everything after its scheme's colon.
/// 4. "Within the result, all occurrences of "xxx/../" or "/." are recursively removed, where
///    xxx, ".." and "." are complete path elements": in the part after the scheme's colon,
///    first every `.` element that follows a slash (with that slash), then, again and again,
///    the leftmost `xxx/../`. An `xxx` is an element other than `..` (else `../../` would
///    cancel itself), `.`, or the void element between two adjacent slashes (`//` separates
///    higher levels of the hierarchy, as rule 2 uses it, so `..` does not climb over it). A
///    final `xxx/..` without its slash stays, as the rule asks for the slash.
///
/// Nothing else is done: no fragment or search is treated apart (RFC 1630's search and
/// fragment ids hold no slashes), and neither string is checked against a grammar (the RFC's
/// own context `magic://a/b/c//d/e/f` is no `fragmentaddress` as printed).
///
/// ```
/// use urigram::rfc1630::resolve_partial;
/// let ctx = "magic://a/b/c//d/e/f";
/// assert_eq!(resolve_partial(ctx, "g").unwrap(), "magic://a/b/c//d/e/g");
/// assert_eq!(resolve_partial(ctx, "/g").unwrap(), "magic://a/g");
/// assert_eq!(resolve_partial(ctx, "//g").unwrap(), "magic://g");
/// assert_eq!(resolve_partial(ctx, "../g").unwrap(), "magic://a/b/c//d/g");
/// assert_eq!(resolve_partial(ctx, "g:h").unwrap(), "g:h");
/// assert!(resolve_partial("a/b", "c").is_err());
/// ```
pub fn resolve_partial(context: &str, partial: &str) -> Result<String, ResolveError> {
    if colon_before_slash(partial).is_some() {
        return Ok(partial.to_string());
    }
    let Some(colon) = colon_before_slash(context) else {
        return Err(ResolveError::ContextNotAbsolute(context.to_string()));
    };
    let n = partial.bytes().take_while(|&b| b == b'/').count();
    let joined = if n > 0 {
        let at =
            first_run_of(context.as_bytes(), n).ok_or(ResolveError::NoSuchSlashes { count: n })?;
        format!("{}{partial}", &context[..at])
    } else {
        let keep = context.rfind('/').map_or(colon + 1, |k| k + 1);
        format!("{}{partial}", &context[..keep])
    };
    let (head, path) = joined.split_at(colon + 1);
    Ok(format!("{head}{}", remove_dots(path)))
}

/// The start of the first run of exactly `n` slashes in `b`.
fn first_run_of(b: &[u8], n: usize) -> Option<usize> {
    let mut k = 0;
    while k < b.len() {
        if b[k] == b'/' {
            let run = b[k..].iter().take_while(|&&c| c == b'/').count();
            if run == n {
                return Some(k);
            }
            k += run;
        } else {
            k += 1;
        }
    }
    None
}

/// Rule 4 on the part after the scheme's colon, in linear time.
fn remove_dots(path: &str) -> String {
    // "/.": a `.` element after a slash, with its slash.
    let el: Vec<&str> = path
        .split('/')
        .enumerate()
        .filter(|&(k, e)| k == 0 || e != ".")
        .map(|(_, e)| e)
        .collect();
    // "xxx/../": an element, a slash, `..`, and a slash after it. Each removal can make a new
    // occurrence to its left; removing them pairwise like brackets, with a stack, gives the
    // same result as removing the leftmost again and again.
    let last = el.len() - 1;
    let mut out: Vec<&str> = Vec::with_capacity(el.len());
    for (k, e) in el.into_iter().enumerate() {
        let xxx = out.last().is_some_and(|x| !matches!(*x, "" | "." | ".."));
        if e == ".." && k < last && xxx {
            out.pop();
        } else {
            out.push(e);
        }
    }
    out.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rfc1630.txt:586-606, both contexts: "the results would be exactly the same".
    #[test]
    fn the_rfc_examples() {
        for ctx in ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"] {
            for (partial, want) in [
                ("g", "magic://a/b/c//d/e/g"),
                ("/g", "magic://a/g"),
                ("//g", "magic://g"),
                ("../g", "magic://a/b/c//d/g"),
                ("g:h", "g:h"),
            ] {
                assert_eq!(
                    resolve_partial(ctx, partial).as_deref(),
                    Ok(want),
                    "{ctx} {partial}"
                );
            }
        }
    }

    #[test]
    fn dots_and_edges() {
        let ctx = "magic://a/b/c//d/e/f";
        for (partial, want) in [
            ("./g", "magic://a/b/c//d/e/g"),
            ("g/.", "magic://a/b/c//d/e/g"),
            ("../../g", "magic://a/b/c//g"),
            // `..` does not climb over `//`.
            ("../../../g", "magic://a/b/c//../g"),
            ("g/..", "magic://a/b/c//d/e/g/.."),
            ("g/../", "magic://a/b/c//d/e/"),
            ("", "magic://a/b/c//d/e/"),
            ("#x", "magic://a/b/c//d/e/#x"),
            ("?y", "magic://a/b/c//d/e/?y"),
        ] {
            assert_eq!(
                resolve_partial(ctx, partial).as_deref(),
                Ok(want),
                "{partial}"
            );
        }
        assert_eq!(
            resolve_partial("news:a.b", "c.d").as_deref(),
            Ok("news:c.d")
        );
        assert_eq!(
            resolve_partial(ctx, "///g"),
            Err(ResolveError::NoSuchSlashes { count: 3 })
        );
        assert!(matches!(
            resolve_partial("a/b:c", "g"),
            Err(ResolveError::ContextNotAbsolute(_))
        ));
        // A colon after a slash does not make an absolute form.
        assert_eq!(
            resolve_partial(ctx, "g/h:i").as_deref(),
            Ok("magic://a/b/c//d/e/g/h:i")
        );
    }
}
