//! Entry points for the project's own fuzz targets (`--cfg fuzzing`, which cargo-fuzz sets
//! for every crate it builds): the two passes of a check, which the public API never runs
//! separately. Not part of the API: no feature turns it on, and no semver promise.

use crate::grammar::rfc2396::{authority, uri_reference};
use crate::input::{Mode, Tracker};
use crate::rfc2396::UriReference;
pub use crate::table::scan::scans_agree;

/// Whether the fast pass and the diagnosing pass of `URI-reference` and of `authority` give
/// the same verdicts, extents and typed values on `s`, and `UriReference::parse` gives the
/// value exactly when the structured pass takes `s` whole, in RFC 2396 and in RFC 3986. The
/// error says what differed.
pub fn passes_agree(s: &str) -> Result<(), String> {
    let (fast, slow) = (Tracker::new(Mode::Fast), Tracker::new(Mode::Diagnose));
    let a = uri_reference(fast.span(s)).map(|(r, u)| (r.location_offset(), u));
    let b = uri_reference(slow.span(s)).map(|(r, u)| (r.location_offset(), u));
    let differ = |what: &str| Err(format!("{what} differ on {s:?}"));
    match (&a, &b) {
        (Ok(x), Ok(y)) if x != y => return differ("URI-reference values"),
        (Ok(_), Err(_)) | (Err(_), Ok(_)) => return differ("URI-reference verdicts"),
        _ => {}
    }
    let whole = b.ok().filter(|(end, _)| *end == s.len()).map(|(_, u)| u);
    if UriReference::parse(s).ok() != whole {
        return differ("UriReference::parse and the structured pass");
    }
    let a = authority(fast.span(s)).map(|(r, x)| (r.location_offset(), x));
    let b = authority(slow.span(s)).map(|(r, x)| (r.location_offset(), x));
    match (a, b) {
        (Ok(x), Ok(y)) if x != y => return differ("authority values"),
        (Ok(_), Err(_)) | (Err(_), Ok(_)) => return differ("authority verdicts"),
        _ => {}
    }
    rfc3986_passes_agree(s)
}

/// [`passes_agree`] for RFC 3986's `URI-reference` and `authority`, and
/// [`crate::rfc3986::UriReference::parse`].
fn rfc3986_passes_agree(s: &str) -> Result<(), String> {
    use crate::grammar::rfc3986;
    let (fast, slow) = (Tracker::new(Mode::Fast), Tracker::new(Mode::Diagnose));
    let differ = |what: &str| Err(format!("rfc3986 {what} differ on {s:?}"));
    let a = rfc3986::uri_reference(fast.span(s)).map(|(r, u)| (r.location_offset(), u));
    let b = rfc3986::uri_reference(slow.span(s)).map(|(r, u)| (r.location_offset(), u));
    match (&a, &b) {
        (Ok(x), Ok(y)) if x != y => return differ("URI-reference values"),
        (Ok(_), Err(_)) | (Err(_), Ok(_)) => return differ("URI-reference verdicts"),
        _ => {}
    }
    let whole = b.ok().filter(|(end, _)| *end == s.len()).map(|(_, u)| u);
    if crate::rfc3986::UriReference::parse(s).ok() != whole {
        return differ("UriReference::parse and the structured pass");
    }
    let a = rfc3986::authority(fast.span(s)).map(|(r, x)| (r.location_offset(), x));
    let b = rfc3986::authority(slow.span(s)).map(|(r, x)| (r.location_offset(), x));
    match (a, b) {
        (Ok(x), Ok(y)) if x != y => differ("authority values"),
        (Ok(_), Err(_)) | (Err(_), Ok(_)) => differ("authority verdicts"),
        _ => Ok(()),
    }
}

/// Whether the shortcuts of the other grammars keep their passes exact on `s`: RFC 1738's
/// `url` check (a scan in the fast pass, `grammar::rfc1738::checked`) gives the structured
/// fast pass's verdict and extent; and for every grammar's start rule, the diagnosing pass
/// (which skips the segments of a path before its last `/`, `input::separated`) reports the
/// error the tree pass, which follows every production, reports; and locating the error
/// (`Grammar::locate`, and a `Locator` in each order of its passes) gives its brief.
pub fn checks_agree(s: &str) -> Result<(), String> {
    use crate::Grammar;
    use crate::grammar::rfc1738;
    let outcome = |r: crate::input::PResult<'_, ()>| match r {
        Ok((rest, ())) => Ok(rest.location_offset()),
        Err(nom::Err::Failure(_)) => Err(true),
        Err(_) => Err(false),
    };
    let fast = Tracker::new(Mode::Fast);
    let scan = outcome(rfc1738::checked::url(fast.span(s)));
    let structured = outcome(rfc1738::url(fast.span(s)).map(|(r, _)| (r, ())));
    if scan != structured {
        return Err(format!(
            "rfc1738 url: the check's scan gives {scan:?}, the productions {structured:?} on {s:?}"
        ));
    }
    for &g in Grammar::ALL {
        let rule = match g.rule(g.start_rule()) {
            Ok(r) => r,
            Err(e) => return Err(e.to_string()),
        };
        let diagnosed = g.check(rule, s).err();
        let traced = g.derive(rule, s).err().map(|b| b.error().clone());
        if diagnosed != traced {
            return Err(format!(
                "{g} {}: the diagnosing pass gives {diagnosed:?}, the tree pass {traced:?} on {s:?}",
                rule.name
            ));
        }
        // Locating, with and without the fast pass first, gives the error's brief.
        let brief = diagnosed.as_ref().map(crate::Error::brief);
        let mut skipping = crate::Locator::new(g, rule).rejecting();
        let mut early = crate::Locator::new(g, rule).rejecting().ending_early();
        for (how, located) in [
            ("Grammar::locate", g.locate(rule, s).err()),
            ("a locator skipping the fast pass", skipping.locate(s).err()),
            (
                "a locator trying the farthest failure alone",
                early.locate(s).err(),
            ),
        ] {
            if located != brief {
                return Err(format!(
                    "{g} {}: {how} gives {located:?}, the diagnosis {brief:?} on {s:?}",
                    rule.name
                ));
            }
        }
    }
    Ok(())
}

/// Whether [`crate::fix::fix`] (one pass) gives the answer of the repair one error at a time,
/// which checks the whole URI again after each fix, on `s` with `grammar`. The error says
/// what differed.
pub fn fix_agrees(s: &str, grammar: crate::Grammar) -> Result<(), String> {
    let (a, b) = (
        crate::fix::fix(s, grammar),
        crate::fix::fix_by_steps(s, grammar),
    );
    if a == b {
        Ok(())
    } else {
        Err(format!(
            "{}: fix differs from the repair one error at a time on {s:?}:\n{a:?}\n{b:?}",
            grammar.name()
        ))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn agree_on_examples() {
        for s in [
            "http://a/b?c#d",
            "//u@h:80",
            "http://[::1]/",
            "//[v1.x]:8/",
            "%zz",
            "",
        ] {
            assert_eq!(super::passes_agree(s), Ok(()));
            assert_eq!(super::checks_agree(s), Ok(()));
        }
    }
}
