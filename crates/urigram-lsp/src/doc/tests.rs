//! The tests of [`super`]: edits read again what a whole reading finds.

use super::*;

fn uri() -> Uri {
    "file:///t.txt".parse().unwrap()
}

fn whole(text: &str) -> Vec<Item> {
    read(text, 0..text.len(), Grammar::Rfc2396)
}

const BITS: &[&str] = &[
    "<",
    ">",
    "<URL:",
    "URL:",
    "http:",
    "http://",
    "mailto:",
    "x://",
    "a",
    "b.c",
    "-",
    "-\n",
    "\n",
    "\n\n",
    " ",
    "\t",
    "\r\n",
    "\r",
    "é",
    "😀",
    "\u{a0}",
    ")",
    "(",
    "]",
    ".",
    ",",
    ":",
    "%",
    "%4",
    "%zz",
    "\"",
    "'",
    "#",
    "?",
    "/",
    "@",
    "1",
    " \n \n",
    "`",
    "{",
    "}",
    "[",
    "\\",
    "\u{2010}",
    "\u{2010}\n",
    "\u{ad}\n",
    "\u{27e8}",
    "\u{27e9}",
    "\u{27e8}http:",
    "\u{2039}",
    "\u{203a}",
    "[x](",
    "](",
    "::",
];

fn random_text(rng: &mut fastrand::Rng, n: usize) -> String {
    (0..n).map(|_| BITS[rng.usize(..BITS.len())]).collect()
}

fn boundary(t: &str, mut k: usize) -> usize {
    while !t.is_char_boundary(k) {
        k -= 1;
    }
    k
}

/// Edits anywhere in random texts: the items are always those of reading the whole text,
/// the line starts those of the whole text, and each item found on its own is itself.
#[test]
fn edits_keep_what_a_whole_reading_finds() {
    let mut rng = fastrand::Rng::with_seed(0x1234_5678_9ABC_DEF1);
    for round in 0..300 {
        let n = 50 + rng.usize(..3000);
        let text = random_text(&mut rng, n);
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
        assert_eq!(d.items, whole(&d.text));
        for _ in 0..20 {
            let len = d.text.len();
            let a = boundary(&d.text, rng.usize(..len + 1));
            let b = boundary(&d.text, (a + rng.usize(..20)).min(len));
            let k = rng.usize(..4);
            let new = random_text(&mut rng, k);
            d.edit(a..b, &new, Grammar::Rfc2396);
            let want = whole(&d.text);
            assert_eq!(d.items, want, "round {round}: {:?}", d.text);
            assert_eq!(d.lines, line_starts(&d.text));
            assert_eq!(d.invalid, want.iter().filter(|i| !i.valid).count());
            for c in d.checkpoints() {
                assert!(!want.iter().any(|i| i.start < *c && *c < i.end));
            }
        }
        let all = extract(&d.text, Grammar::Rfc2396);
        for (k, f) in all.iter().enumerate() {
            let (base, g) = d.found(k, Grammar::Rfc2396).unwrap();
            assert_eq!(base, d.items[k].start);
            assert_eq!(
                g.text,
                f.text,
                "{:?}",
                &d.text[f.outer.start.saturating_sub(3)..(f.outer.end + 3).min(d.text.len())]
            );
            assert_eq!(g.range.start + base, f.range.start);
            assert_eq!(g.result.is_ok(), f.result.is_ok());
            if let (Err(x), Err(y)) = (&g.result, &f.result) {
                assert_eq!(x.offset() + base, y.offset());
                assert_eq!(x.code(), y.code());
                let (x, y) = (g.error(&d.text[base..]).unwrap(), f.error(&d.text).unwrap());
                assert_eq!(x.message(), y.message());
                assert_eq!(x.offset() + base, y.offset());
            }
        }
    }
}

/// Documents that start empty or small and grow and shrink at their end: the checkpoints
/// stay strictly increasing (an edit at the end once kept a stale one, and a later edit
/// then panicked), and the items are those of a whole reading.
#[test]
fn edits_at_the_end_of_small_documents() {
    let mut rng = fastrand::Rng::with_seed(0x0021_0022_0023_0024);
    for round in 0..300 {
        let n = rng.usize(..3);
        let text = random_text(&mut rng, n);
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
        for _ in 0..30 {
            let len = d.text.len();
            let a = boundary(&d.text, len.saturating_sub(rng.usize(..4)));
            let b = if rng.bool() { len } else { a };
            let k = rng.usize(..3);
            let new = random_text(&mut rng, k);
            d.edit(a..b, &new, Grammar::Rfc2396);
            assert_eq!(d.items, whole(&d.text), "round {round}: {:?}", d.text);
            let cps = d.checkpoints();
            assert!(cps.windows(2).all(|w| w[0] < w[1]), "{cps:?}");
        }
    }
}

#[test]
fn big_documents_read_in_parts() {
    let text = "see http://a/%zz and <URL:http://b/\n c> ok\n".repeat(20_000);
    let d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
    assert_eq!(d.items, whole(&d.text));
    assert_eq!(d.invalid, 20_000);
    assert!(d.checkpoints().len() > 100);
}

/// A URI in `⟨...⟩` over two lines and one broken by groff's U+2010 at a line end: no
/// barrier inside either, so edits anywhere near them find what a whole reading finds.
#[test]
fn barriers_wait_for_math_brackets_and_renderer_hyphens() {
    let unit = "see \u{27e8}http://a/\n   b\u{27e9} and http://c.d\u{2010}\n   e/f ok\n";
    let text = unit.repeat(300);
    let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
    assert_eq!(d.items, whole(&d.text));
    assert_eq!(d.items.len(), 600);
    for c in d.checkpoints() {
        assert!(!d.items.iter().any(|i| i.start < *c && *c < i.end));
    }
    let mid = d.text.len() / 2;
    for k in 0..unit.len() {
        let at = boundary(&d.text, mid + k);
        d.edit(at..at, "x", Grammar::Rfc2396);
        assert_eq!(d.items, whole(&d.text), "insert at {at}");
        d.edit(at..at + 1, "", Grammar::Rfc2396);
        assert_eq!(d.items, whole(&d.text), "delete at {at}");
    }
}

/// An unclosed `<URL:` or `⟨http:` near the top of a large document: edits far below it
/// read again only near themselves, and still find what a whole reading finds, also when
/// an edit closes the bracket within reach or moves it out of reach.
#[test]
fn an_unclosed_delimiter_does_not_widen_edits() {
    for open in ["<URL:", "\u{27e8}http:"] {
        let unit = "text http://a/b c d\n";
        let text = format!("{open}x\n{}", unit.repeat(20_000));
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, Syntax::Plain);
        assert_eq!(d.items, whole(&d.text));
        // Checkpoints resume past the look-ahead, not only at the end.
        let cps = d.checkpoints().len();
        assert!(cps > d.text.len() / SPACING / 2, "{cps} checkpoints");
        let far = d.text.len() / 2;
        let at = boundary(&d.text, far);
        d.edit(at..at, "y", Grammar::Rfc2396);
        assert_eq!(d.items, whole(&d.text));
        // Near the bracket: a `>`/`⟩` typed within reach closes it; deleted, it is open.
        let close = if open == "<URL:" { ">" } else { "\u{27e9}" };
        let near = open.len() + 1;
        d.edit(near..near, close, Grammar::Rfc2396);
        assert_eq!(d.items, whole(&d.text));
        d.edit(near..near + close.len(), "", Grammar::Rfc2396);
        assert_eq!(d.items, whole(&d.text));
        // Text inserted right after the bracket moves what follows out of its reach.
        d.edit(near..near, &"z".repeat(LOOKAHEAD), Grammar::Rfc2396);
        assert_eq!(d.items, whole(&d.text));
    }
}

/// A template (no URI) that the hyphen rule carried over a blank line onto a `⟨...⟩`:
/// an edit that ends the template's line must find the URI it no longer hides.
#[test]
fn an_edit_that_ends_a_template_finds_what_it_hid() {
    let text = "x http://{a}-\n\n\u{27e8}http://b/\u{27e9} y\n";
    let mut d = Doc::new(uri(), text.into(), None, Grammar::Rfc2396, Syntax::Plain);
    assert_eq!(d.items, whole(&d.text));
    let a = text.find('-').unwrap();
    d.edit(a..a + 1, "", Grammar::Rfc2396);
    assert_eq!(d.items, whole(&d.text));
    assert_eq!(d.items.len(), 1);
}

const MARKUP: &[&str] = &[
    "`",
    "```\n",
    "~~~\n",
    "    ",
    "[a](",
    ")",
    "](http://x/%zz)",
    "<!--",
    "-->",
    "<a href=\"",
    "\">",
    "&amp;",
    "&#",
    ";",
    "<code>",
    "</code>",
    "<pre>",
    "</pre>",
    "\\",
    "*",
    "# ",
    "> ",
    "- ",
    "<",
    ">",
    "http://",
    "x.y/",
    "%zz",
    " ",
    "\n",
    "\n\n",
    "\r\n",
    "é",
    "'",
];

fn random_markup(rng: &mut fastrand::Rng, n: usize) -> String {
    (0..n)
        .map(|_| {
            if rng.bool() {
                MARKUP[rng.usize(..MARKUP.len())]
            } else {
                BITS[rng.usize(..BITS.len())]
            }
        })
        .collect()
}

/// Markdown and HTML: after any run of edits and a refresh, the URIs are those that
/// reading the whole text in its syntax finds, each as found there.
#[test]
fn markup_edits_then_refresh_find_what_a_whole_reading_finds() {
    let mut rng = fastrand::Rng::with_seed(0x2732_1630_1738_2396);
    let (mut seen, mut invalid) = (0, 0);
    for syntax in [Syntax::Markdown, Syntax::Html] {
        for round in 0..60 {
            let n = 20 + rng.usize(..400);
            let text = random_markup(&mut rng, n);
            let mut d = Doc::new(uri(), text, None, Grammar::Rfc2396, syntax);
            for _ in 0..10 {
                for _ in 0..rng.usize(1..4) {
                    let len = d.text.len();
                    let a = boundary(&d.text, rng.usize(..len + 1));
                    let b = boundary(&d.text, (a + rng.usize(..12)).min(len));
                    let k = rng.usize(..3);
                    let new = random_markup(&mut rng, k);
                    d.edit(a..b, &new, Grammar::Rfc2396);
                    assert_eq!(d.lines, line_starts(&d.text));
                }
                d.refresh(Grammar::Rfc2396);
                let all = urigram::extract::extract_with(&d.text, Grammar::Rfc2396, syntax);
                assert_eq!(
                    d.items.len(),
                    all.len(),
                    "{syntax:?} round {round}: {:?}",
                    d.text
                );
                assert_eq!(d.invalid, all.iter().filter(|f| !f.is_valid()).count());
                seen += all.len();
                invalid += d.invalid;
                for (k, f) in all.iter().enumerate() {
                    assert_eq!(d.items[k].start, f.outer.start);
                    assert_eq!(d.items[k].end, f.outer.end);
                    // Found again from its part of the text, its offsets from there.
                    let (base, g) = d.found(k, Grammar::Rfc2396).unwrap();
                    assert_eq!((&g.text, g.delimiter), (&f.text, f.delimiter));
                    assert_eq!(base + g.outer.start, f.outer.start);
                    assert_eq!(base + g.range.start, f.range.start);
                    let stop = |f: &Found<'_>| f.result.err().map(|b| (b.offset(), b.code()));
                    assert_eq!(stop(&g).map(|(o, c)| (o + base, c)), stop(f));
                }
            }
        }
    }
    // The texts hold URIs, valid and not.
    assert!(
        seen > 2000 && invalid > 500,
        "{seen} URIs, {invalid} invalid"
    );
}

/// The documents of `tests/documents/` whose name ends with `ext`.
fn corpus(ext: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/documents");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(ext) && !p.ends_with("README.md"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

/// The URIs, parts and count of invalid URIs of `d` are those of reading its text whole,
/// and each URI found again from its part is the one the whole reading found.
fn assert_whole(d: &Doc, what: &str) {
    let fresh = Doc::new(uri(), d.text.clone(), None, Grammar::Rfc3986, d.syntax);
    assert_eq!(d.items, fresh.items, "{what}");
    assert_eq!(d.parts, fresh.parts, "{what}");
    assert_eq!(d.invalid, fresh.invalid, "{what}");
}

/// Each URI found again from its part (or from the URIs kept of it, across edits) is the
/// one a whole reading finds.
fn assert_found(d: &Doc) {
    let all = urigram::extract::extract_with(&d.text, Grammar::Rfc3986, d.syntax);
    assert_eq!(all.len(), d.items.len());
    for (k, f) in all.iter().enumerate() {
        let (base, g) = d.found(k, Grammar::Rfc3986).unwrap();
        assert_eq!((&g.text, base + g.range.start), (&f.text, f.range.start));
        assert_eq!(g.is_valid(), f.is_valid());
    }
}

/// The URIs found for the diagnostics of the invalid URIs (kept across the edits that do
/// not read them again) are those a whole reading finds.
fn assert_shown(d: &Doc, what: &str) {
    let all = urigram::extract::extract_with(&d.text, Grammar::Rfc3986, d.syntax);
    for (k, f) in all.iter().enumerate().filter(|(_, f)| !f.is_valid()) {
        let (base, g) = d.found_shown(k, Grammar::Rfc3986).unwrap();
        assert_eq!(
            (&g.text, base + g.range.start, base + g.outer.end),
            (&f.text, f.range.start, f.outer.end),
            "{what}: URI {k}"
        );
        let (e, ge) = (f.error(&d.text).unwrap(), g.error(&d.text[base..]).unwrap());
        assert_eq!(
            (ge.offset() + base, ge.code()),
            (e.offset(), e.code()),
            "{what}: URI {k}"
        );
    }
}

/// The URIs kept of the parts read for a publication stay right across edits: an edit
/// before a kept part that adds a URI moves the indices of its URIs; one of the same
/// length inside a kept part makes it read again; in Markdown and HTML.
#[test]
fn uris_kept_across_edits_follow_them() {
    for (syntax, unit) in [
        (
            Syntax::Markdown,
            "A [link](http://a/%zz) and <http://b/> here.\n\n",
        ),
        (
            Syntax::Html,
            "<p>A <a href=\"http://a/%zz\">link</a> and http://b/ here.</p>\n",
        ),
    ] {
        // Numbered, so that the text chooses where parts end.
        let text: String = (0..3000).map(|k| format!("{k} {unit}")).collect();
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, syntax);
        assert!(d.parts.len() > 10, "{syntax:?}: {} parts", d.parts.len());
        let last = d.items.len() - 1;
        let whole = |d: &Doc| {
            urigram::extract::extract_with(&d.text, Grammar::Rfc3986, syntax)
                .iter()
                .map(|f| (f.text.to_string(), f.range.start, f.is_valid()))
                .collect::<Vec<_>>()
        };
        let got = |d: &Doc, k: usize| {
            let (base, g) = d.found(k, Grammar::Rfc3986).unwrap();
            (g.text.to_string(), base + g.range.start, g.is_valid())
        };
        // The last part's URIs kept; a URI added in the first part.
        got(&d, last);
        let at = d.text.find(" here").unwrap();
        d.edit(at..at, " http://c/%zz", Grammar::Rfc3986);
        d.refresh(Grammar::Rfc3986);
        let all = whole(&d);
        assert_eq!(got(&d, last), all[last], "{syntax:?}");
        assert_eq!(got(&d, last + 1), all[last + 1], "{syntax:?}");
        // The same length, inside the last part: `%zz` made `%20`.
        let z = d.text.rfind("%zz").unwrap();
        d.edit(z..z + 3, "%20", Grammar::Rfc3986);
        d.refresh(Grammar::Rfc3986);
        let all = whole(&d);
        let n = d.items.len();
        for (k, want) in all.iter().enumerate().skip(n - 4) {
            assert_eq!(&got(&d, k), want, "{syntax:?}");
        }
    }
}

/// Random edits of what Markdown is made of: typed characters, blank lines, fences.
const MD_EDITS: &[&str] = &[
    "`", "[", "]", "(", ")", "<", ">", "*", "_", "\n", "a", "b", "x", " ", "\n\n", "```", "```\n",
    "~~~\n", "http://", "%zz", "[a](", "](", "<http:", "<!--", "-->", "    ", "- ", "> ", "#",
    "\\", "|", "\"", "é",
];

/// Replace a random short stretch of `d` (at a character boundary; half the time within
/// a few bytes of where a part starts) with 0 to 3 random bits of `bits`.
fn random_edit(rng: &mut fastrand::Rng, d: &mut Doc, bits: &[&str]) {
    let len = d.text.len();
    let near = d.parts.get(rng.usize(..d.parts.len().max(1)));
    let a = match near {
        Some(p) if rng.bool() => (p.start + rng.usize(..24)).saturating_sub(12).min(len),
        _ => rng.usize(..len + 1),
    };
    let a = boundary(&d.text, a);
    let b = if rng.bool() {
        a
    } else {
        boundary(&d.text, (a + rng.usize(..6)).min(len)).max(a)
    };
    let new: String = (0..rng.usize(..4))
        .map(|_| bits[rng.usize(..bits.len())])
        .collect();
    d.edit(a..b, &new, Grammar::Rfc3986);
}

/// Markdown: random edits of the real documents, one at a time and in bursts, each
/// followed by a refresh, which reads again only near the edits: the URIs, their
/// offsets, the parts and the count of invalid URIs are always those of a whole reading.
/// The documents are read alone (one or two parts each) and all together, eight times
/// over (a hundred parts).
#[test]
fn markdown_edits_read_again_what_a_whole_reading_finds() {
    let mut texts = corpus(".md");
    assert!(texts.len() >= 7);
    texts.push(texts.concat().repeat(8));
    // One long line, whose parts start inside it.
    texts.push(MD_LINE.repeat(150_000 / MD_LINE.len()));
    let partial = edits_read_again(
        Syntax::Markdown,
        texts,
        MD_EDITS,
        0x3986_2396_1738_0031,
        50,
        400,
    );
    assert!(partial > 300, "{partial} edits read part of the text");
}

/// Random edits of `bits` in each of `texts` read as `syntax`, one at a time and in bursts,
/// each followed by a refresh: after each, what a whole reading finds; a text over 200 KB
/// must have more than `parts` parts and gets `big_steps` steps (the others 150, or 100
/// outside Markdown). How many refreshes read only part of the text.
fn edits_read_again(
    syntax: Syntax,
    texts: Vec<String>,
    bits: &[&str],
    seed: u64,
    parts: usize,
    big_steps: usize,
) -> usize {
    let mut rng = fastrand::Rng::with_seed(seed);
    let small_steps = if syntax == Syntax::Markdown { 150 } else { 100 };
    let mut partial = 0;
    for (t, text) in texts.into_iter().enumerate() {
        let big = text.len() > 200_000;
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, syntax);
        assert!(!big || d.parts.len() > parts, "{} parts", d.parts.len());
        for step in 0..if big { big_steps } else { small_steps } {
            for _ in 0..if rng.u8(..4) == 0 { rng.usize(2..6) } else { 1 } {
                random_edit(&mut rng, &mut d, bits);
            }
            d.refresh(Grammar::Rfc3986);
            partial += usize::from(d.last_read.len() < d.text.len());
            assert_whole(&d, &format!("{syntax:?} text {t} step {step}"));
            assert_shown(&d, &format!("{syntax:?} text {t} step {step}"));
            if step % 10 == 0 {
                assert_found(&d);
            }
        }
        assert_found(&d);
    }
    partial
}

/// Random edits of what reStructuredText is made of.
const RST_EDITS: &[&str] = &[
    "`",
    "``",
    "::",
    "::\n",
    "\n",
    "\n\n",
    "    ",
    "  ",
    ">>> ",
    ".. ",
    ".. code:: ",
    ".. note:: ",
    "<",
    ">",
    "-",
    "\u{2010}",
    "http://",
    "%zz",
    "<http:",
    "`x <http://a/>`_",
    "a",
    "b",
    " ",
    "é",
];

/// reStructuredText: random edits of the real documents read as such, one at a time and in
/// bursts, each followed by a refresh: always what a whole reading finds.
#[test]
fn rst_edits_read_again_what_a_whole_reading_finds() {
    let mut texts: Vec<String> = corpus(".txt")
        .into_iter()
        .filter(|t| t.contains("Metadata-Version") && !t.contains("Content-Type: text/markdown"))
        .collect();
    texts.extend(corpus(".rst.txt"));
    assert!(texts.len() >= 5, "{}", texts.len());
    texts.push(texts.concat().repeat(4));
    texts.push(RST_LINE.repeat(150_000 / RST_LINE.len()));
    let partial = edits_read_again(
        Syntax::Rst,
        texts,
        RST_EDITS,
        0x3986_2396_1738_0357,
        20,
        300,
    );
    assert!(partial > 200, "{partial} edits read part of the text");
}

/// Markdown: typing in a paragraph, a link or a list item of a large document reads
/// again a neighbourhood of the edit, not the document; so does deleting a character
/// there.
#[test]
fn markdown_edits_read_a_neighbourhood() {
    let unit = "Some prose with a [link](http://example.com/a%zz) and <http://b/> here,\n\
                going on `code http://c/%zz` and *more* words http://d/e.\n\n\
                - a list item http://e/f\n- another [x](y:%)\n\n";
    let text = unit.repeat(20_000);
    let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, Syntax::Markdown);
    let mut rng = fastrand::Rng::with_seed(0x0031_0005);
    for step in 0..200 {
        let len = d.text.len();
        let at = boundary(&d.text, rng.usize(..len));
        if step % 2 == 0 {
            d.edit(
                at..at,
                ["a", " ", "%", "é", "x"][step % 5],
                Grammar::Rfc3986,
            );
        } else {
            let b = boundary(&d.text, at + 2).max(at);
            d.edit(at..b, "", Grammar::Rfc3986);
        }
        d.refresh(Grammar::Rfc3986);
        assert!(
            d.last_read.len() < 64 * 1024,
            "step {step}: read {:?} of {len}",
            d.last_read
        );
    }
    assert_whole(&d, "after the edits");
}

/// A unit of a Markdown document of one line: links, brackets, autolinks and `<...>` side
/// by side, emphasis spans.
const MD_LINE: &str = "word [x](http://a/%zz) and <a:%><b:%> *c* _d_ [e] f <http://g/> ";

/// A unit of a reStructuredText document of one line.
const RST_LINE: &str = "see http://a/b and `x <http://c/%zz>`_ or ``http://d/`` ";

/// A keystroke in a document of one long line (Markdown, reStructuredText) reads again a
/// neighbourhood of the edit, not the line from its start, and finds what a whole reading
/// finds. (A mark that may open a span to the paragraph's end, such as a lone `*` or an
/// emphasis span made longer, reads on to there.)
#[test]
fn edits_in_one_long_line_read_a_neighbourhood() {
    // Numbered, so that the hash that chooses where parts end is not the same in each.
    let md = |i: usize| format!("word{i} [x](http://a/%zz) and <a:%><b:%> [e] f <http://g/> ");
    let rst = |i: usize| format!("see{i} http://a/b and `x <http://c/%zz>`_ or ``http://d/`` ");
    for (syntax, unit) in [
        (Syntax::Markdown, &md as &dyn Fn(usize) -> String),
        (Syntax::Rst, &rst),
    ] {
        let text: String = (0..16_000).map(unit).collect();
        let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, syntax);
        let mut rng = fastrand::Rng::with_seed(0x0031_0007);
        for step in 0..40 {
            let len = d.text.len();
            let at = boundary(&d.text, len / 2 + rng.usize(..len / 2));
            d.edit(
                at..at,
                ["a", " ", "%", "é", "x"][step % 5],
                Grammar::Rfc3986,
            );
            d.refresh(Grammar::Rfc3986);
            assert!(
                d.last_read.len() < 256 * 1024,
                "{syntax:?} step {step}: read {:?} of {len}, edit at {at}: {:?}",
                d.last_read,
                &d.text[boundary(&d.text, at - 30)..boundary(&d.text, at + 30)]
            );
        }
        assert_whole(&d, &format!("{syntax:?} after the edits"));
    }
}

/// Random edits of what HTML is made of.
const HTML_EDITS: &[&str] = &[
    "<",
    ">",
    "\"",
    "'",
    "=",
    "/",
    "a",
    "p",
    "x",
    " ",
    "\n",
    "<!--",
    "-->",
    "<a href=\"",
    "\">",
    "</a>",
    "<pre>",
    "</pre>",
    "<code>",
    "</code>",
    "<script>",
    "</script>",
    "&amp;",
    "&",
    "http://",
    "%zz",
    "é",
];

/// HTML: random edits of the real documents, one at a time and in bursts, each followed
/// by a refresh, which reads again only near the edits: the URIs, their offsets, the
/// parts and the count of invalid URIs are always those of a whole reading.
#[test]
fn html_edits_read_again_what_a_whole_reading_finds() {
    let mut texts = corpus(".html");
    assert!(texts.len() >= 4);
    texts.push(texts.concat().repeat(3));
    let partial = edits_read_again(
        Syntax::Html,
        texts,
        HTML_EDITS,
        0x3986_2396_1738_0032,
        20,
        300,
    );
    // Random edits leave comments and code elements open, which then run to the end.
    assert!(partial > 100, "{partial} edits read part of the text");
}

/// HTML: typing in text or an attribute of a large document reads again a neighbourhood
/// of the edit, not the document. (Typing in a tag's name can leave a code element open,
/// `</coxde>`: the rest of the document is code then, and is read again.)
#[test]
fn html_edits_read_a_neighbourhood() {
    let unit = "<p>Some prose with a <a href=\"http://example.com/a%zz\">link</a> and \
                http://b/ here,\n<code>code http://c/%zz</code> <img src=\"x:%\" alt=\"\">\n\
                <pre>pre http://p/</pre></p>\n<ul><li>item http://e/f</li></ul>\n";
    let text = unit.repeat(20_000);
    let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, Syntax::Html);
    let mut rng = fastrand::Rng::with_seed(0x0031_0006);
    for step in 0..200 {
        let len = d.text.len();
        let mut at = boundary(&d.text, rng.usize(..len));
        while d.text[at.saturating_sub(8)..at].contains('<') {
            at = boundary(&d.text, at - 1);
        }
        d.edit(
            at..at,
            ["a", " ", "%", "é", "x"][step % 5],
            Grammar::Rfc3986,
        );
        d.refresh(Grammar::Rfc3986);
        assert!(
            d.last_read.len() < 64 * 1024,
            "step {step}: read {:?} of {len}",
            d.last_read
        );
    }
    assert_whole(&d, "after the edits");
}

/// A burst of edits after one that opens a fence at the top of a large Markdown document
/// (the rest of it is code now, and is read again to its end): the refresh reads the
/// text once, not once an edit, and finds what a whole reading finds.
#[test]
fn a_burst_after_an_opened_fence_reads_the_text_once() {
    let unit = "Some prose with a [link](http://example.com/a%zz) and <http://b/>.\n\n";
    let text = unit.repeat(4000);
    let mut d = Doc::new(uri(), text, None, Grammar::Rfc3986, Syntax::Markdown);
    d.edit(0..0, "```\n", Grammar::Rfc3986);
    for k in 1..=50 {
        let at = k * d.text.len() / 51;
        let at = boundary(&d.text, at);
        d.edit(at..at, "x", Grammar::Rfc3986);
    }
    d.refresh(Grammar::Rfc3986);
    assert!(
        d.read_bytes <= d.text.len(),
        "{} of {}",
        d.read_bytes,
        d.text.len()
    );
    assert_whole(&d, "after the burst");
    assert!(d.items.is_empty());
}

/// In Markdown, a URI in code is no URI of the document; in plain text it is one.
#[test]
fn markdown_code_holds_no_uris() {
    let text = "See `http://in.code.span/` and\n\n```\nhttp://%zz\n```\n\nhttp://a/%zz\n";
    let md = Doc::new(uri(), text.into(), None, Grammar::Rfc2396, Syntax::Markdown);
    assert_eq!(md.items.len(), 1);
    assert_eq!(&text[md.items[0].start..md.items[0].end], "http://a/%zz");
    let plain = Doc::new(uri(), text.into(), None, Grammar::Rfc2396, Syntax::Plain);
    assert_eq!(plain.items.len(), 3);
}
