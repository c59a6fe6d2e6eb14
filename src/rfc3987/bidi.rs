//! Section 4.2's bidi IRI structure (rfc3987.txt:980-1042), a check apart from the grammar:
//! its two rules are "SHOULD NOT" and "SHOULD", so an IRI that breaks them is still an IRI,
//! and [`bidi_warnings`] says which components break which rule. With them, section 4.1's
//! rule on bidirectional formatting characters (rfc3987.txt:972-978): "IRIs MUST NOT contain"
//! them, but the grammar admits them (`ucschar` holds U+200E, U+200F and U+202A-U+202E), so
//! an IRI reference that holds one parses, and [`bidi_warnings`] gives the place of each.
//!
//! The characters' directions are their Bidi_Class in the Unicode Character Database, from
//! the `unicode-bidi` crate's tables (the `bidi` feature): right-to-left characters are those
//! of class R and AL, left-to-right ones those of class L. The classes are not a small set of
//! ranges one could write down once (Hebrew and Arabic blocks hold numbers, marks and
//! formatting characters of other classes, and new scripts of each direction are added with
//! each Unicode version), so they are read from the maintained tables.

use std::fmt;
use std::ops::Range;

use unicode_bidi::{BidiClass, bidi_class};

use super::IriReference;
use crate::rfc3986::Components;

/// One component that breaks a rule of section 4.2 ([`bidi_warnings`]).
///
/// ```
/// use urigram::rfc3987::{BidiRule, bidi_warnings};
/// // A path segment that starts with a left-to-right letter and ends with a Hebrew one.
/// let w = bidi_warnings("http://a/ab\u{5d0}/");
/// assert_eq!(w.len(), 2);
/// assert_eq!((w[0].range.clone(), w[0].component, w[0].rule), (9..13, "isegment", BidiRule::Mixed));
/// assert_eq!(w[1].rule, BidiRule::Ends);
/// assert_eq!(w[1].to_string(), "isegment at 9..13: a component using right-to-left characters should start and end with right-to-left characters (RFC 3987 section 4.2, rule 2)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BidiWarning {
    /// The component's byte range in the text.
    pub range: Range<usize>,
    /// The production the component is part of: `iuserinfo`, `ireg-name` (one label),
    /// `isegment` (a segment's name or one of its extensions), `iquery` (a name or a value)
    /// or `ifragment`.
    pub component: &'static str,
    /// The rule it breaks.
    pub rule: BidiRule,
}

/// The two rules of section 4.2 (rfc3987.txt:1036-1040), and section 4.1's on formatting
/// characters (rfc3987.txt:974-975).
///
/// ```
/// use urigram::rfc3987::BidiRule;
/// assert_eq!((BidiRule::Mixed.number(), BidiRule::Ends.number()), (1, 2));
/// assert_eq!((BidiRule::Ends.section(), BidiRule::Formatting.section()), ("4.2", "4.1"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum BidiRule {
    /// Rule 1: "A component SHOULD NOT use both right-to-left and left-to-right characters."
    Mixed,
    /// Rule 2: "A component using right-to-left characters SHOULD start and end with
    /// right-to-left characters."
    Ends,
    /// Section 4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE,
    /// RLE, LRO, RLO, and PDF)"; reported for the four isolates (LRI, RLI, FSI, PDI) too,
    /// which Unicode added later and which affect the rendering in the same way. The warning's
    /// range is the character's.
    Formatting,
}

impl BidiRule {
    /// The rule's number in its section ([`BidiRule::section`]): section 4.1 has one rule.
    pub fn number(self) -> u8 {
        match self {
            BidiRule::Mixed | BidiRule::Formatting => 1,
            BidiRule::Ends => 2,
        }
    }

    /// The section of RFC 3987 that states the rule: `4.2`, or `4.1` for
    /// [`BidiRule::Formatting`].
    pub fn section(self) -> &'static str {
        match self {
            BidiRule::Mixed | BidiRule::Ends => "4.2",
            BidiRule::Formatting => "4.1",
        }
    }

    /// The rule, in a sentence.
    ///
    /// ```
    /// let r = urigram::rfc3987::BidiRule::Mixed;
    /// assert_eq!(r.text(), "a component should not use both right-to-left and left-to-right characters");
    /// ```
    pub fn text(self) -> &'static str {
        match self {
            BidiRule::Mixed => {
                "a component should not use both right-to-left and left-to-right characters"
            }
            BidiRule::Ends => {
                "a component using right-to-left characters should start and end with \
                 right-to-left characters"
            }
            BidiRule::Formatting => "an IRI must not contain bidirectional formatting characters",
        }
    }
}

impl fmt::Display for BidiWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at {}..{}: {} (RFC 3987 section {}, rule {})",
            self.component,
            self.range.start,
            self.range.end,
            self.rule.text(),
            self.rule.section(),
            self.rule.number()
        )
    }
}

/// The components of `iri` that break section 4.2's rules, and the bidirectional formatting
/// characters that section 4.1 forbids (each with its own range, before its component's
/// warnings), in the order of the text (for a component that breaks both rules of 4.2, rule 1
/// first). An empty list is an IRI whose structure the bidi algorithm renders consistently; an
/// IRI with neither a right-to-left character nor a formatting character never has a warning.
/// Needs the `bidi` feature.
///
/// The components are section 4.2's (`iuserinfo`, `ireg-name`, `isegment`, `iquery`,
/// `ifragment`), divided further as the section allows (rfc3987.txt:994-1005): a host name
/// into its labels, as RFC 3490 does for domain names; a path segment into its name and its
/// extensions (at `.`); a query into its names and values (at `&`, `;` and `=`). Without
/// these divisions the RFC's own legal examples would break rule 1 (`ab.CDEFGH.ij` in Example
/// 1, `KL.html` in Example 4). A percent-encoding is read as its three characters, as a
/// reader sees it (Example 9). An IP literal is no component.
///
/// The text is split as RFC 3986's Appendix B reads any string ([`Components::split`]): check
/// it against the grammar first ([`IriReference::parse`], whose value has
/// [`IriReference::bidi_warnings`]).
///
/// ```
/// use urigram::rfc3987::{BidiRule, bidi_warnings};
/// // Section 4.4's Example 8 (rfc3987.txt:1136), with Hebrew letters for the capitals:
/// // `GH1` and `2IJ` start or end with a digit.
/// let w = bidi_warnings("http://ab.cd.ef/\u{5d6}\u{5d7}1/2\u{5d8}\u{5d9}/\u{5da}\u{5db}.html");
/// let rules: Vec<_> = w.iter().map(|w| (w.component, w.rule)).collect();
/// assert_eq!(rules, [("isegment", BidiRule::Ends), ("isegment", BidiRule::Ends)]);
/// // Example 1 (rfc3987.txt:1077): one label of right-to-left letters.
/// assert!(bidi_warnings("http://ab.\u{5d2}\u{5d3}\u{5d4}.ij/kl/mn/op.html").is_empty());
/// // Section 4.1: a RIGHT-TO-LEFT OVERRIDE in a path, at bytes 10..13.
/// let w = bidi_warnings("http://a/x\u{202E}y");
/// assert_eq!((w[0].range.clone(), w[0].component, w[0].rule), (10..13, "isegment", BidiRule::Formatting));
/// assert_eq!(w[0].to_string(), "isegment at 10..13: an IRI must not contain bidirectional formatting characters (RFC 3987 section 4.1, rule 1)");
/// ```
pub fn bidi_warnings(iri: &str) -> Vec<BidiWarning> {
    let c = Components::split(iri);
    let start = |p: &str| p.as_ptr() as usize - iri.as_ptr() as usize;
    let mut out = Vec::new();
    let mut check =
        |piece: &str, component| check_component(piece, start(piece), component, &mut out);
    if let Some(a) = c.authority {
        let host_port = match a.find('@') {
            Some(i) => {
                check(&a[..i], "iuserinfo");
                &a[i + 1..]
            }
            None => a,
        };
        if !host_port.starts_with('[') {
            let host = &host_port[..host_port.find(':').unwrap_or(host_port.len())];
            host.split('.').for_each(|label| check(label, "ireg-name"));
        }
    }
    for segment in c.path.split('/') {
        segment.split('.').for_each(|p| check(p, "isegment"));
    }
    if let Some(q) = c.query {
        q.split(['&', ';', '=']).for_each(|p| check(p, "iquery"));
    }
    if let Some(f) = c.fragment {
        check(f, "ifragment");
    }
    out
}

impl IriReference<'_> {
    /// Section 4.2's check on this IRI reference ([`bidi_warnings`]). Needs the `bidi`
    /// feature.
    ///
    /// ```
    /// use urigram::rfc3987::IriReference;
    /// // Section 4.4's Example 3 (rfc3987.txt:1091), with Hebrew letters for the capitals.
    /// let i = IriReference::parse("http://\u{5d0}\u{5d1}.\u{5d2}\u{5d3}/\u{5d4}?\u{5d5}=\u{5d6}#\u{5d7}").unwrap();
    /// assert!(i.bidi_warnings().is_empty());
    /// ```
    pub fn bidi_warnings(&self) -> Vec<super::BidiWarning> {
        bidi_warnings(self.as_str())
    }
}

/// The warnings for one component that starts at byte `start`.
fn check_component(piece: &str, start: usize, component: &'static str, out: &mut Vec<BidiWarning>) {
    for (i, c) in piece.char_indices() {
        if super::map::is_bidi_format(c) {
            let at = start + i;
            out.push(BidiWarning {
                range: at..at + c.len_utf8(),
                component,
                rule: BidiRule::Formatting,
            });
        }
    }
    let rtl = |c: char| matches!(bidi_class(c), BidiClass::R | BidiClass::AL);
    if !piece.chars().any(rtl) {
        return;
    }
    let range = start..start + piece.len();
    if piece.chars().any(|c| bidi_class(c) == BidiClass::L) {
        out.push(BidiWarning {
            range: range.clone(),
            component,
            rule: BidiRule::Mixed,
        });
    }
    let ends_rtl =
        piece.chars().next().is_some_and(rtl) && piece.chars().next_back().is_some_and(rtl);
    if !ends_rtl {
        out.push(BidiWarning {
            range,
            component,
            rule: BidiRule::Ends,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of section 4.4's examples in Bidi Notation, with a Hebrew letter (class R) for
    /// each capital letter, as the section's own Hebrew variant reads.
    fn hebrew(notation: &str) -> String {
        notation
            .chars()
            .map(|c| match c {
                'A'..='Z' => char::from_u32(0x5d0 + (c as u32 - 'A' as u32)).unwrap_or(c),
                c => c,
            })
            .collect()
    }

    /// Section 4.4's examples (rfc3987.txt:1077-1155): 1 to 7 and 10 are legal (10 "allowed
    /// but not recommended"), 8 and 9 are "not allowed".
    #[test]
    fn section_4_4_examples() {
        for (notation, line) in [
            ("http://ab.CDEFGH.ij/kl/mn/op.html", 1077),
            ("http://ab.CDE.FGH/ij/kl/mn/op.html", 1084),
            ("http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", 1091),
            ("http://AB.CD.ef/gh/IJ/KL.html", 1099),
            ("http://ab.cd.EF/GH/ij/kl.html", 1105),
            ("http://ab.CD.EF/GH/IJ/kl.html", 1115),
            ("http://ab.CDE123FGH.ij/kl/mn/op.html", 1128),
            ("http://ab.CDEFGH.123/kl/mn/op.html", 1152),
        ] {
            let iri = hebrew(notation);
            assert!(IriReference::parse(&iri).is_ok(), "rfc3987.txt:{line}");
            assert_eq!(bidi_warnings(&iri), [], "rfc3987.txt:{line}: {notation}");
        }
        // Example 8 (rfc3987.txt:1136): `GH1` ends and `2IJ` starts with a digit.
        let iri = hebrew("http://ab.cd.ef/GH1/2IJ/KL.html");
        let at = |s: &str| {
            let i = iri.find(&hebrew(s)).unwrap();
            i..i + hebrew(s).len()
        };
        let w = bidi_warnings(&iri);
        let want = |r| BidiWarning {
            range: r,
            component: "isegment",
            rule: BidiRule::Ends,
        };
        assert_eq!(w, [want(at("GH1")), want(at("2IJ"))]);
        // Example 9 (rfc3987.txt:1145): the same with the digits percent-encoded.
        let iri = hebrew("http://ab.cd.ef/GH%31/%32IJ/KL.html");
        let w = bidi_warnings(&iri);
        let ranges: Vec<_> = w.iter().map(|w| &iri[w.range.clone()]).collect();
        assert_eq!(ranges, [hebrew("GH%31"), hebrew("%32IJ")]);
        assert!(w.iter().all(|w| w.rule == BidiRule::Ends));
    }

    /// Rule 1 in each kind of component, Arabic letters (class AL) as right-to-left ones, and
    /// what is no component (the scheme, an IP literal, the port).
    #[test]
    fn each_component() {
        let (alef, lam) = ('\u{627}', '\u{644}');
        let iri = format!("x://u{alef}@h{lam}.b:8/s{alef}?n=v{lam}#f{alef}");
        let w = bidi_warnings(&iri);
        let got: Vec<_> = w
            .iter()
            .filter(|w| w.rule == BidiRule::Mixed)
            .map(|w| (w.component, &iri[w.range.clone()]))
            .collect();
        let (u, h, s, v, f) = (
            format!("u{alef}"),
            format!("h{lam}"),
            format!("s{alef}"),
            format!("v{lam}"),
            format!("f{alef}"),
        );
        assert_eq!(
            got,
            [
                ("iuserinfo", u.as_str()),
                ("ireg-name", h.as_str()),
                ("isegment", s.as_str()),
                ("iquery", v.as_str()),
                ("ifragment", f.as_str()),
            ]
        );
        // Every one of them breaks rule 2 too (it starts with a left-to-right letter).
        assert_eq!(w.len(), 10);
        assert_eq!(bidi_warnings("http://[::1]:80/a"), []);
        assert_eq!(
            bidi_warnings(&format!("http://a/{alef}{lam}/{lam}1{alef}")),
            []
        );
    }

    /// Section 4.1: each formatting character in each kind of component, with its range; the
    /// isolates as well; none where there is none (a text of other characters around U+2066).
    #[test]
    fn formatting_characters() {
        let iri = "x://u\u{200E}@h\u{202B}.b:8/s\u{202A}?n=\u{202D}#f\u{2069}\u{2067}";
        assert!(IriReference::parse(iri).is_ok());
        let w = bidi_warnings(iri);
        let got: Vec<_> = w
            .iter()
            .map(|w| (w.component, &iri[w.range.clone()], w.rule))
            .collect();
        let f = BidiRule::Formatting;
        assert_eq!(
            got,
            [
                ("iuserinfo", "\u{200E}", f),
                ("ireg-name", "\u{202B}", f),
                ("isegment", "\u{202A}", f),
                ("iquery", "\u{202D}", f),
                ("ifragment", "\u{2069}", f),
                ("ifragment", "\u{2067}", f),
            ]
        );
        assert_eq!(bidi_warnings("http://a/\u{2065}\u{206A}\u{2029}x"), []);
        // With a right-to-left letter, the component's 4.2 warnings follow its 4.1 ones.
        let w = bidi_warnings("http://a/\u{5d0}\u{200F}b");
        let rules: Vec<_> = w.iter().map(|w| w.rule).collect();
        assert_eq!(rules, [f, BidiRule::Mixed, BidiRule::Ends]);
    }

    /// On generated texts of delimiters, escapes and characters of each direction: every
    /// warning's range is a component of the text (on character boundaries, holding no
    /// delimiter that ends its kind; Appendix B's fragment is the rest of any text), holds a right-to-left character, and a text with none has no
    /// warning.
    #[test]
    fn generated_texts() {
        const PIECES: [&str; 16] = [
            "a", "1", ":", "/", "//", "?", "#", "@", "=", "&", ".", "%31", "\u{5d0}", "\u{627}",
            "\u{661}", "\u{e9}",
        ];
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        let rtl = |c: char| matches!(bidi_class(c), BidiClass::R | BidiClass::AL);
        let mut warned = 0;
        for _ in 0..3000 {
            let len = (next() % 10) as usize;
            let text: String = (0..len)
                .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
                .collect();
            let w = bidi_warnings(&text);
            if !text.chars().any(rtl) {
                assert_eq!(w, [], "{text:?}");
            }
            for w in &w {
                let piece = text
                    .get(w.range.clone())
                    .unwrap_or_else(|| panic!("{text:?} {w:?}"));
                assert!(piece.chars().any(rtl), "{text:?} {w:?}");
                let delimiters: &[char] = match w.component {
                    "iuserinfo" => &['@', '/', '?', '#'],
                    "ireg-name" => &['@', ':', '.', '/', '?', '#'],
                    "isegment" => &['.', '/', '?', '#'],
                    "iquery" => &['&', ';', '=', '#'],
                    _ => &[],
                };
                assert!(!piece.contains(delimiters), "{text:?} {w:?}");
                warned += 1;
            }
        }
        assert!(warned > 100, "{warned}");
    }
}
