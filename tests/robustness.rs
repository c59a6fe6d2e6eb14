//! Bad input gets a result, never a panic, a hang or a stack overflow: megabyte lines, arbitrary
//! bytes, non-ASCII and control characters, for every rule of every grammar. (Time is measured
//! in the benchmarks, not here; these inputs finish only because every rule is linear.)

use urigram::Grammar;

fn every_rule(input: &[u8]) {
    for &g in Grammar::ALL {
        for r in g.rules() {
            let res = g.check(r, input);
            if let Err(e) = res {
                assert!(
                    e.offset() <= input.len(),
                    "{} {}: offset past the end",
                    g,
                    r.name
                );
            }
        }
    }
}

#[test]
fn megabyte_lines() {
    const MB: usize = 1 << 20;
    for unit in ["a.", "%", "/", "a/", "1.", "a-", ";", "%41", "a@", "+", ":"] {
        let s = unit.repeat(MB / unit.len());
        every_rule(s.as_bytes());
        let u = format!("http://{s}");
        every_rule(u.as_bytes());
    }
}

#[test]
fn megabyte_uri_reference_offsets() {
    let s = format!("http://{}/{} x", "a.".repeat(300_000), "b/".repeat(300_000));
    let e = Grammar::Rfc2396.check("URI-reference", &s).unwrap_err();
    assert_eq!(e.offset(), s.len() - 2);
    let long_host = format!("http://{}a/", "a.".repeat(500_000));
    assert!(Grammar::Rfc2396.check("URI-reference", &long_host).is_ok());
}

#[test]
fn arbitrary_bytes() {
    // xorshift64*, fixed seed: reproducible.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let alphabet = b"%:/?#@;=&+$,.-_!~*'()[]{}|\\^`<>\" \taZ09\x00\x7f\xc3\xa9\xff\xf0\x9f\x98\x80";
    for len in [0usize, 1, 2, 3, 5, 8, 13, 40, 200] {
        for _ in 0..40 {
            let v: Vec<u8> = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            every_rule(&v);
        }
    }
}

#[test]
fn non_ascii_and_controls() {
    for s in [
        "http://exämple/",
        "http://a/\u{1F600}",
        "\u{0}",
        "a\u{7f}b",
        "http://a/b\r\n",
        "é",
    ] {
        let e = Grammar::Rfc2396.check("URI-reference", s).unwrap_err();
        assert!(s.is_char_boundary(e.offset()));
        assert!(e.found().is_some() || e.offset() == s.len());
    }
}
