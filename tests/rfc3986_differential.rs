//! Grammar `rfc3986` against the BNF interpreter (`urigram::bnf`), which reads
//! `grammar/rfc3986.bnf` itself, in more depth than `tests/differential.rs`: the verdict and,
//! for a rejected string, the error offset must agree. Inputs: many generated members and
//! chains of mutations of every production (fixed seeds), every short string over alphabets
//! of the pieces that decide the rewritten rules (`IPv6address`'s groups and `::`, `dec-octet`'s
//! digits, `host`'s IPv4-or-reg-name, `path`'s overlapping alternatives, the `:` that ends a
//! scheme or a `path-noscheme`), alone and after prefixes that lead into those rules, and
//! every shape of IPv6 address: groups before and after `::`, with and without an IPv4 tail.
#![cfg(feature = "bnf")]

use urigram::{Grammar, bnf};

const G: Grammar = Grammar::Rfc3986;

/// Check `inputs` against `rule` of RFC 3986 ([`crate::rfc1630_differential::compare`]).
fn compare<'s>(
    rec: &bnf::Recognizer<'_>,
    rule: &str,
    inputs: impl IntoIterator<Item = &'s str>,
    out: &mut Vec<String>,
) -> usize {
    crate::rfc1630_differential::compare(G, rec, rule, inputs, out)
}

/// Every concatenation of at most `len` pieces of `alphabet`.
pub(crate) fn strings(alphabet: &[&str], len: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..len {
        let next: Vec<String> = last
            .iter()
            .flat_map(|s| alphabet.iter().map(move |a| format!("{s}{a}")))
            .collect();
        all.extend(next.iter().cloned());
        last = next;
    }
    all.sort();
    all.dedup();
    all
}

fn oracle() -> bnf::Grammar {
    bnf::load(G.name()).unwrap_or_else(|e| panic!("{e}"))
}

/// Fail with the first 40 disagreements, if there are any.
pub(crate) fn assert_agree(mut bad: Vec<String>, n: usize) {
    eprintln!("{n} comparisons");
    let count = bad.len();
    bad.truncate(40);
    assert!(
        bad.is_empty(),
        "{count} disagreements in {n} comparisons:\n{}",
        bad.join("\n")
    );
}

#[test]
fn members_and_mutation_chains_of_every_production() {
    let spec = oracle();
    let mut bad = Vec::new();
    let mut n = 0;
    for (k, rule) in G.rules().iter().enumerate() {
        let rec = spec.recognizer(rule.name).unwrap();
        let mut gen_ = spec.generator(rule.name, 0x3986_0000 + k as u64).unwrap();
        let mut inputs = Vec::new();
        for j in 0..600 {
            let m = gen_.member(8 + (j % 8) * 10);
            // A chain of up to three mutations of the member.
            let mut x = m.clone();
            for _ in 0..=(j % 3) {
                x = gen_.mutation(&x);
                inputs.push(x.clone());
            }
            inputs.push(m);
        }
        n += compare(&rec, rule.name, inputs.iter().map(String::as_str), &mut bad);
    }
    assert_agree(bad, n);
    assert!(n > 36 * 1500, "{n}");
}

/// Every string of up to six pieces over the alphabet of IPv6 addresses, as an `IPv6address`,
/// as an `IP-literal` and as the host of a URI; and every address shape.
#[test]
fn ipv6_addresses_in_depth() {
    let spec = oracle();
    let v6 = spec.recognizer("IPv6address").unwrap();
    let lit = spec.recognizer("IP-literal").unwrap();
    let uri = spec.recognizer("URI-reference").unwrap();
    let mut bad = Vec::new();
    let mut n = 0;
    let short = strings(&[":", "1", "f", ".", "::", "25", "1.2.3.4"], 6);
    n += compare(
        &v6,
        "IPv6address",
        short.iter().map(String::as_str),
        &mut bad,
    );
    let bracketed: Vec<String> = short.iter().map(|s| format!("[{s}]")).collect();
    n += compare(
        &lit,
        "IP-literal",
        bracketed.iter().map(String::as_str),
        &mut bad,
    );
    let urls: Vec<String> = short.iter().map(|s| format!("//[{s}]:1/")).collect();
    n += compare(
        &uri,
        "URI-reference",
        urls.iter().map(String::as_str),
        &mut bad,
    );
    // Every count of groups before and after a `::` (or none), each group one to five hex
    // digits, with an IPv4 tail or not, and a few bad tails.
    let group = |k: usize, w: usize| -> Vec<String> {
        (0..k)
            .map(|j| "a1234".get(..1 + (j + w) % 5).unwrap_or("a").to_string())
            .collect()
    };
    let mut shapes = Vec::new();
    for before in 0..=9 {
        for after in 0..=9 {
            for w in 0..5 {
                let b = group(before, w).join(":");
                let a = group(after, w + 2).join(":");
                for tail in ["", "1.2.3.4", "255.255.255.256", "01.2.3.4", "1.2.3"] {
                    let join = |x: &str, y: &str| match (x.is_empty(), y.is_empty()) {
                        (true, _) => y.to_string(),
                        (_, true) => x.to_string(),
                        _ => format!("{x}:{y}"),
                    };
                    shapes.push(join(&join(&b, &a), tail));
                    shapes.push(format!("{b}::{}", join(&a, tail)));
                    shapes.push(format!("{b}:::{}", join(&a, tail)));
                }
            }
        }
    }
    n += compare(
        &v6,
        "IPv6address",
        shapes.iter().map(String::as_str),
        &mut bad,
    );
    assert_agree(bad, n);
}

/// `dec-octet`, `IPv4address` and `host` on every short string of digits and dots: the
/// longest-first `dec-octet` and the host that is an `IPv4address` or a `reg-name`.
#[test]
fn ipv4_and_hosts_in_depth() {
    let spec = oracle();
    let mut bad = Vec::new();
    let mut n = 0;
    let digits = strings(&["0", "1", "2", "5", "6", "9", "."], 6);
    for rule in ["dec-octet", "IPv4address", "host", "ls32"] {
        let rec = spec.recognizer(rule).unwrap();
        n += compare(&rec, rule, digits.iter().map(String::as_str), &mut bad);
    }
    let hosts = strings(
        &["1.", "25", "5", "x", "%41", "%", ":", "@", "[", "]", "v1.x"],
        4,
    );
    let auth = spec.recognizer("authority").unwrap();
    n += compare(
        &auth,
        "authority",
        hosts.iter().map(String::as_str),
        &mut bad,
    );
    let host = spec.recognizer("host").unwrap();
    n += compare(&host, "host", hosts.iter().map(String::as_str), &mut bad);
    assert_agree(bad, n);
}

/// The start rule, `path` and the relative forms on every short string of the characters
/// that split a reference into its parts, alone and after a scheme and an authority.
#[test]
fn references_and_paths_in_depth() {
    let spec = oracle();
    let mut bad = Vec::new();
    let mut n = 0;
    let pieces = strings(&["a", ":", "/", "?", "#", "1", "@", "%2", "[", "."], 5);
    for rule in [
        "URI-reference",
        "URI",
        "absolute-URI",
        "relative-ref",
        "path",
        "hier-part",
        "relative-part",
    ] {
        let rec = spec.recognizer(rule).unwrap();
        n += compare(&rec, rule, pieces.iter().map(String::as_str), &mut bad);
    }
    let uri = spec.recognizer("URI-reference").unwrap();
    for prefix in ["s:", "s://", "s://u@h:1", "//h", "s:/", "./"] {
        let inputs: Vec<String> = pieces.iter().map(|p| format!("{prefix}{p}")).collect();
        n += compare(
            &uri,
            "URI-reference",
            inputs.iter().map(String::as_str),
            &mut bad,
        );
    }
    assert_agree(bad, n);
}
