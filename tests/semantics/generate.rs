//! A small deterministic generator of valid RFC 2396 URI references, built from pieces that
//! exercise the semantics: dot segments, parameters, colons, escapes, empty components.

/// A fixed-seed pseudo-random source (a 64-bit linear congruential generator, high bits).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const SCHEMES: &[&str] = &["http", "http", "http", "ftp", "g", "HTTP", "a+b.c-d", "foo"];
const SERVERS: &[&str] = &[
    "a",
    "a",
    "b",
    "",
    "www.example.com",
    "WWW.Example.COM.",
    "user:pw@h.example.org:8080",
    "1.2.3.4:",
    "u;x@a:80",
    "a:0080",
];
const REG_NAMES: &[&str] = &["reg_name$", "a_b", "%41b", "x@y@z", "~q"];
const SEGMENTS: &[&str] = &[
    "a",
    "b",
    "c",
    "g",
    "",
    ".",
    "..",
    "b;p",
    "d;p",
    "g;x=1",
    "%7e",
    "%7E",
    "%2F",
    "this:that",
    "~user",
    "a@b",
    "...",
    ".g",
    "g.",
    ";x",
    "%41",
];
const REL_SEGMENTS: &[&str] = &[
    "g", "a", "b", ".", "..", ".g", "g.", "..g", ";x", "g;x=1", "%7e", "a@b", "%3A",
];
const QUERIES: &[&str] = &["", "q", "y", "a=1&b=2", "y/./x", "?:@", "%20", "%7e"];
const FRAGMENTS: &[&str] = &["", "s", "s/../x", "%3b", "a?b", "%7E"];
const OPAQUES: &[&str] = &["x@y", "g", "?y", "a/b", ";x", "%20z", "g?y/./x", "h", "a:b"];

pub fn scheme(rng: &mut Rng) -> String {
    rng.pick(SCHEMES).to_string()
}

pub fn authority(rng: &mut Rng) -> String {
    if rng.chance(85) {
        rng.pick(SERVERS).to_string()
    } else {
        rng.pick(REG_NAMES).to_string()
    }
}

/// `"/" path_segments`.
pub fn abs_path(rng: &mut Rng) -> String {
    let mut p = String::new();
    for _ in 0..1 + rng.below(4) {
        p.push('/');
        p.push_str(rng.pick(SEGMENTS));
    }
    p
}

/// `rel_segment [ abs_path ]`.
pub fn rel_path(rng: &mut Rng) -> String {
    let mut p = rng.pick(REL_SEGMENTS).to_string();
    if rng.chance(50) {
        p.push_str(&abs_path(rng));
    }
    p
}

fn query(rng: &mut Rng, s: &mut String) {
    if rng.chance(35) {
        s.push('?');
        s.push_str(rng.pick(QUERIES));
    }
}

fn fragment(rng: &mut Rng, s: &mut String) {
    if rng.chance(25) {
        s.push('#');
        s.push_str(rng.pick(FRAGMENTS));
    }
}

/// `hier_part`: `( net_path | abs_path ) [ "?" query ]`.
pub fn hier_part(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.chance(80) {
        s.push_str("//");
        s.push_str(&authority(rng));
        if rng.chance(90) {
            s.push_str(&abs_path(rng));
        }
    } else {
        s.push_str(&abs_path(rng));
    }
    query(rng, &mut s);
    s
}

/// An `absoluteURI` with a `hier_part`, with or without a fragment.
pub fn absolute_hier(rng: &mut Rng) -> String {
    let mut s = format!("{}:{}", scheme(rng), hier_part(rng));
    fragment(rng, &mut s);
    s
}

/// Any `absoluteURI`, opaque 10% of the time, with or without a fragment.
pub fn absolute(rng: &mut Rng) -> String {
    if rng.chance(10) {
        let mut s = format!("{}:{}", scheme(rng), rng.pick(OPAQUES));
        fragment(rng, &mut s);
        s
    } else {
        absolute_hier(rng)
    }
}

/// A `relativeURI` with or without a fragment, or a same-document reference.
pub fn relative(rng: &mut Rng) -> String {
    let mut s = match rng.below(10) {
        0 => format!("//{}", authority(rng)) + &abs_path(rng),
        1 | 2 => abs_path(rng),
        3 => String::new(),
        _ => rel_path(rng),
    };
    if !s.is_empty() {
        query(rng, &mut s);
    }
    fragment(rng, &mut s);
    s
}

/// Any `URI-reference`.
pub fn reference(rng: &mut Rng) -> String {
    if rng.chance(40) {
        absolute(rng)
    } else {
        relative(rng)
    }
}
