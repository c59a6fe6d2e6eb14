//! Section 2.4: encoding and decoding per component.

use urigram::Grammar;
use urigram::rfc2396::{Component, EscapeError, decode, decode_safe, encode};

use crate::generate::Rng;

/// The production a component's text must match.
fn production(c: Component) -> &'static str {
    match c {
        Component::Userinfo => "userinfo",
        Component::RegName => "reg_name",
        Component::Segment => "segment",
        Component::RelSegment => "rel_segment",
        Component::Param => "param",
        Component::Query => "query",
        Component::Fragment => "fragment",
        Component::OpaquePart => "opaque_part",
        _ => unreachable!(),
    }
}

fn octets(rng: &mut Rng) -> Vec<u8> {
    let n = 1 + rng.below(12);
    (0..n)
        .map(|_| {
            if rng.chance(60) {
                b"aZ09-_.!~*'();/?:@&=+$,%# "[rng.below(26)]
            } else {
                rng.below(256) as u8
            }
        })
        .collect()
}

/// Encoding gives a string of the component's production, which decodes to the same octets,
/// and which the safe decode leaves as it is.
#[test]
fn encode_decode_round_trip() {
    let mut rng = Rng::new(17);
    for _ in 0..20_000 {
        let data = octets(&mut rng);
        for &c in Component::ALL {
            let e = encode(&data, c);
            Grammar::Rfc2396
                .check(production(c), &e)
                .unwrap_or_else(|err| panic!("{c} {e:?}: {err}"));
            assert_eq!(decode(&e, c).unwrap(), data, "{c} {e:?}");
            assert_eq!(decode_safe(&e, c).unwrap(), e, "{c} {e:?}");
        }
    }
}

/// The safe decode keeps the octets and the component, decodes only data characters, and is
/// idempotent; escapes of reserved characters stay.
#[test]
fn safe_decode_keeps_the_meaning() {
    let mut rng = Rng::new(19);
    for _ in 0..20_000 {
        let data = octets(&mut rng);
        for &c in Component::ALL {
            // Text with every octet escaped, in random hex case.
            let mut text = String::new();
            for &b in &data {
                let e = format!("%{b:02X}");
                text.push_str(&if rng.chance(50) { e.to_lowercase() } else { e });
            }
            let safe = decode_safe(&text, c).unwrap();
            assert_eq!(decode(&safe, c).unwrap(), data);
            assert_eq!(decode_safe(&safe, c).unwrap(), safe);
            assert_eq!(
                safe,
                encode(&data, c),
                "{c}: data characters decoded, others kept"
            );
        }
    }
    assert_eq!(decode_safe("a%2fb", Component::Segment).unwrap(), "a%2Fb");
    assert_eq!(decode_safe("a%2fb", Component::Query).unwrap(), "a%2Fb");
    assert_eq!(
        decode_safe("%40%3a", Component::Userinfo).unwrap(),
        "%40%3A"
    );
    assert_eq!(decode_safe("%40%3a", Component::Segment).unwrap(), "@:");
}

/// Errors carry the byte range of the offending text, and nothing panics on any input.
#[test]
fn errors_have_spans() {
    let alphabet = ["a", "%", "4", "g", "é", "/", " ", "%4", "%%", "€"];
    let mut rng = Rng::new(23);
    for _ in 0..20_000 {
        let n = rng.below(8);
        let s: String = (0..n).map(|_| rng.pick(&alphabet)).collect();
        for &c in Component::ALL {
            let raw = decode(&s, c);
            let safe = decode_safe(&s, c);
            assert_eq!(raw.is_ok(), safe.is_ok());
            match raw {
                Ok(_) => {}
                Err(e @ EscapeError::BadEscape { .. }) => {
                    assert!(s[e.range()].starts_with('%'), "{s:?} {e:?}");
                    assert!(e.range().len() <= 3 + 3, "{s:?} {e:?}");
                }
                Err(e @ EscapeError::NotAllowed { found, .. }) => {
                    assert!(s[e.range()].starts_with(found), "{s:?} {e:?}");
                    assert!(!found.is_ascii() || !c.allows(found as u8));
                }
                Err(e) => panic!("{e}"),
            }
        }
    }
}
