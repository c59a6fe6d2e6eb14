//! URIs in HTML: the values of the attributes that hold URIs, decoded, the system identifier
//! of a DOCTYPE, and the URIs of the text between tags, found as in plain text. Not in
//! `<script>`, `<style>` and the other raw-text elements, nor in comments, nor in the text of
//! code elements (`code`, `pre`, `kbd`, `samp`, `tt`, `var`; see [`CODE`]) unless code is
//! asked for; the attributes of every element are read, inside code elements too. The
//! tokenizer is html5gum's (WHATWG's tokenizer states, with the spans of values and text); it
//! decodes character references, and [`super::align`] maps each decoded byte back to the
//! source.
//!
//! A URL attribute's value is read as a URL parser reads it: without the ASCII whitespace
//! around it, and without the tabs and line breaks inside it (WHATWG's URL standard removes
//! them), which are left out of its pieces; so a value broken across lines is one URI, and
//! neither an error nor a fix is made of its line breaks. Spaces stay, and are errors.
//!
//! html5gum's states call each other directly along their most frequent transitions, and
//! those of a start tag's attributes make a cycle: before attribute name, attribute name,
//! before attribute value, attribute value (double-quoted), after attribute value (quoted),
//! and back. A tag of N attributes written `a="b"` and separated by whitespace was N nested
//! calls, and some 40,000 of them overflowed the stack. The tokenizer reads the text through
//! [`Source`], which breaks that cycle without changing a token (see [`Source::patch_after`]):
//! the depth of the calls no longer grows with the input.

use std::cell::Cell;
use std::convert::Infallible;
use std::ops::Range;

use html5gum::emitters::callback::{CallbackEmitter, CallbackEvent};
use html5gum::{Emitter, ForwardingEmitter, Reader, Span, Tokenizer};

use super::align::{self, Run};
use super::{Candidate, Delimiter, Seg, scan};

/// Attributes whose whole value (less surrounding ASCII whitespace) is one URI (HTML 4.01's
/// %URI attributes and HTML's URL-valued ones).
const ONE_URI: &[&str] = &[
    "href",
    "src",
    "action",
    "cite",
    "data",
    "formaction",
    "poster",
    "background",
    "longdesc",
    "usemap",
    "codebase",
    "classid",
    "profile",
    "manifest",
    "icon",
    "itemid",
    "lowsrc",
    "dynsrc",
    "xmlns",
];

/// Attributes that hold URIs separated by ASCII whitespace.
const URI_LIST: &[&str] = &["itemtype", "ping", "archive"];

/// Elements whose content is not text to read.
const RAW: &[&[u8]] = &[
    b"script",
    b"style",
    b"xmp",
    b"iframe",
    b"noembed",
    b"noframes",
    b"noscript",
];

/// Elements whose text is code, not prose: HTML's phrasing elements for code and its parts
/// (`code`, `kbd`, `samp`, `var`), HTML 4's `tt`, and preformatted text (`pre`). Their
/// attributes are read as anywhere else.
pub(super) const CODE: &[&[u8]] = &[b"code", b"pre", b"kbd", b"samp", b"tt", b"var"];

/// The code elements open at a point of the text, innermost last, each as its index in
/// [`CODE`] (one byte each; every one took a start tag of at least 4 bytes of the text).
#[derive(Default)]
pub(super) struct CodeStack(Vec<u8>);

impl CodeStack {
    /// A start tag `name` (not self-closing).
    pub(super) fn open(&mut self, name: &[u8]) {
        if let Some(k) = CODE.iter().position(|c| *c == name) {
            self.0.push(k as u8);
        }
    }

    /// An end tag `name`: it closes the innermost open element of its name and all the code
    /// elements opened inside it (`</pre>` closes a `<code>` left open in it); an end tag
    /// that closes nothing open is ignored.
    pub(super) fn close(&mut self, name: &[u8]) {
        if let Some(k) = CODE.iter().position(|c| *c == name)
            && let Some(at) = self.0.iter().rposition(|&o| usize::from(o) == k)
        {
            self.0.truncate(at);
        }
    }

    /// Whether no code element is open.
    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The candidates of the HTML in `text[range]`, in text order; the text of code elements
/// ([`CODE`]) is read only when `include_code` is set.
pub(super) fn candidates(text: &str, range: Range<usize>, include_code: bool) -> Vec<Candidate> {
    read(text, range, include_code, &|_| false).0
}

/// Elements after whose start tag the tokenizer reads no markup (html5gum's naive switch of
/// states), besides [`RAW`]'s.
const NOT_DATA: &[&[u8]] = &[b"textarea", b"title", b"plaintext", b"noframe"];

/// [`candidates`], read up to the first place that `stop` takes of those where the reading
/// could start afresh: just after a tag's `>`, where the tokenizer is in its data state (not
/// after the start tag of a raw-text element, `title`, `textarea` or `plaintext`, nor
/// inside one), with no code element open. Reading the text from such a place as a text of
/// its own finds what reading it from the start finds there. The candidates before that
/// place, and the place (the end of `range` when `stop` took none).
pub(super) fn read(
    text: &str,
    range: Range<usize>,
    include_code: bool,
    stop: &dyn Fn(usize) -> bool,
) -> (Vec<Candidate>, usize) {
    let part = &text[range.clone()];
    let base = range.start;
    let mut out = Vec::new();
    let mut tag: Vec<u8> = Vec::new();
    let mut attr: Vec<u8> = Vec::new();
    let mut raw_until: Option<Vec<u8>> = None;
    let mut in_start_tag = false;
    let mut code = CodeStack::default();
    let mut emitter = CallbackEmitter::new(
        |event: CallbackEvent<'_>, span: Span<usize>| -> Option<usize> {
            let src = base + span.start..base + span.end;
            match event {
                CallbackEvent::OpenStartTag { name } => {
                    tag.clear();
                    tag.extend_from_slice(name);
                    in_start_tag = true;
                }
                CallbackEvent::AttributeName { name } => {
                    attr.clear();
                    attr.extend_from_slice(name);
                }
                CallbackEvent::AttributeValue { value } if in_start_tag => {
                    attribute(text, &attr, value, src, &mut out);
                }
                CallbackEvent::CloseStartTag { self_closing } => {
                    in_start_tag = false;
                    if RAW.contains(&&tag[..]) {
                        raw_until = Some(tag.clone());
                    } else if !self_closing {
                        code.open(&tag);
                    }
                    let data = raw_until.is_none() && !NOT_DATA.contains(&&tag[..]);
                    if data && code.is_empty() && stop(src.end) {
                        return Some(src.end);
                    }
                }
                CallbackEvent::EndTag { name } => {
                    in_start_tag = false;
                    if raw_until.as_deref() == Some(name) {
                        raw_until = None;
                    }
                    code.close(name);
                    if raw_until.is_none() && code.is_empty() && stop(src.end) {
                        return Some(src.end);
                    }
                }
                CallbackEvent::String { value }
                    if raw_until.is_none() && (include_code || code.is_empty()) =>
                {
                    prose(text, value, src, &mut out);
                }
                CallbackEvent::Doctype {
                    public_identifier,
                    system_identifier: Some(system),
                    ..
                } => doctype(text, src, public_identifier.is_some(), system, &mut out),
                _ => {}
            }
            None
        },
    );
    emitter.naively_switch_states(true);
    let value_opened = Cell::new(false);
    let source = Source {
        bytes: part.as_bytes(),
        pos: 0,
        slash_at: None,
        value_opened: &value_opened,
    };
    let emitter = Watch {
        inner: emitter,
        value_opened: &value_opened,
    };
    // The callback keeps what it finds, and gives a token only where it stops.
    let end = match Tokenizer::new_with_emitter(source, emitter).next() {
        Some(Ok(at)) => at,
        None => range.end,
    };
    out.sort_by_key(|c: &Candidate| c.outer.start);
    (out, end)
}

/// HTML's ASCII whitespace, and the carriage return that the tokenizer reads as a line feed.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The text as the tokenizer reads it: as written, except that at most one byte at a time,
/// a whitespace byte that follows the closing quote of a double-quoted attribute value, is
/// read as `/`.
///
/// WHATWG's tokenizer takes a `/` in the "after attribute value (quoted)" state to the
/// "self-closing start tag" state, which on any character but `>` and the end reconsumes it
/// in the "before attribute name" state: where whitespace leads at once. So when the
/// whitespace (one byte or more) is followed by another attribute's name, which is neither
/// `/`, `>`, `=` nor the end, reading its first byte as `/` yields the same tokens and spans
/// (only a parse error more, `unexpected-solidus-in-tag`, which nothing here reads). html5gum
/// returns to its loop on that `/`, instead of calling the next attribute's states from
/// inside the last one's.
struct Source<'a> {
    bytes: &'a [u8],
    /// The next byte to read.
    pos: usize,
    /// The byte read as `/`, when there is one ahead.
    slash_at: Option<usize>,
    /// Set by [`Watch`] when an attribute value starts.
    value_opened: &'a Cell<bool>,
}

impl Source<'_> {
    /// The byte at `k`, as the tokenizer reads it.
    fn at(&self, k: usize) -> Option<u8> {
        let b = *self.bytes.get(k)?;
        Some(if self.slash_at == Some(k) { b'/' } else { b })
    }

    /// Called before each read: when an attribute value has just started, and its opening
    /// quote (the byte just read) is `"`, decide whether the byte after its closing quote is
    /// read as `/`.
    fn settle(&mut self) {
        if self.value_opened.take() && self.pos > 0 && self.bytes[self.pos - 1] == b'"' {
            self.patch_after(self.pos);
        }
    }

    /// For the double-quoted value whose content starts at `from`: it ends at the next `"`
    /// (a character reference holds none); when whitespace follows, and then a byte that
    /// starts another attribute's name, the first byte of the whitespace is read as `/`.
    fn patch_after(&mut self, from: usize) {
        let b = self.bytes;
        let Some(q) = b[from..].iter().position(|&c| c == b'"').map(|k| from + k) else {
            return;
        };
        let ws = q + 1;
        let name = ws + b[ws..].iter().take_while(|&&c| is_space(c)).count();
        if name > ws
            && b.get(name)
                .is_some_and(|&c| !matches!(c, b'/' | b'>' | b'='))
        {
            self.slash_at = Some(ws);
        }
    }
}

impl Reader for Source<'_> {
    type Error = Infallible;

    fn read_byte(&mut self) -> Result<Option<u8>, Infallible> {
        self.settle();
        let c = self.at(self.pos);
        if c.is_some() {
            self.pos += 1;
        }
        Ok(c)
    }

    fn try_read_string(&mut self, s: &[u8], case_sensitive: bool) -> Result<bool, Infallible> {
        self.settle();
        let same = |(k, want): (usize, &u8)| {
            self.at(self.pos + k).is_some_and(|got| {
                got == *want || (!case_sensitive && got.eq_ignore_ascii_case(want))
            })
        };
        let found = s.iter().enumerate().all(same);
        if found {
            self.pos += s.len();
        }
        Ok(found)
    }

    fn read_until<'b>(
        &'b mut self,
        needle: &[u8],
        char_buf: &'b mut [u8; 4],
    ) -> Result<Option<&'b [u8]>, Infallible> {
        self.settle();
        let start = self.pos;
        if start >= self.bytes.len() {
            return Ok(None);
        }
        if self.slash_at == Some(start) {
            self.pos += 1;
            char_buf[0] = b'/';
            return Ok(Some(&char_buf[..1]));
        }
        // A chunk without a needle byte, ending before the `/` ahead; or one needle byte.
        let end = match self.slash_at {
            Some(k) if k > start => k,
            _ => self.bytes.len(),
        };
        let n = self.bytes[start..end]
            .iter()
            .position(|c| needle.contains(c))
            .unwrap_or(end - start)
            .max(1);
        self.pos += n;
        Ok(Some(&self.bytes[start..start + n]))
    }
}

/// The emitter, which tells [`Source`] where attribute values start.
struct Watch<'a, E> {
    inner: E,
    value_opened: &'a Cell<bool>,
}

impl<E: Emitter> ForwardingEmitter for Watch<'_, E> {
    type Token = E::Token;

    fn inner(&mut self) -> &mut impl Emitter<Token = Self::Token> {
        &mut self.inner
    }

    fn init_attribute_value(&mut self) {
        self.value_opened.set(true);
        self.inner.init_attribute_value();
    }
}

/// The URIs of attribute `name`, whose decoded value is `value` and source `src`.
fn attribute(text: &str, name: &[u8], value: &[u8], src: Range<usize>, out: &mut Vec<Candidate>) {
    let list = URI_LIST.iter().any(|a| a.as_bytes() == name);
    let srcset = name == b"srcset";
    if !list && !srcset && !ONE_URI.iter().any(|a| a.as_bytes() == name) {
        return;
    }
    let value = String::from_utf8_lossy(value);
    let Some(raw) = text.get(src.clone()) else {
        return;
    };
    let runs = align::align(raw, src.start, &value, false);
    // The quotes around the value, when there are any.
    let b = text.as_bytes();
    let quoted = src.start > 0
        && matches!(b[src.start - 1], b'"' | b'\'')
        && b.get(src.end) == Some(&b[src.start - 1]);
    let outer = if quoted {
        src.start - 1..src.end + 1
    } else {
        src.clone()
    };
    let ws = |c: char| c.is_ascii_whitespace();
    let mut push = |r: Range<usize>, outer: Range<usize>| {
        let pieces = align::segs(&runs, &value, r.clone());
        out.push(Candidate {
            outer,
            pieces,
            delimiter: Delimiter::Attribute,
            empty_at: align::source_of(&runs, r.start),
        });
    };
    if !list && !srcset {
        // As a URL parser reads the value: without surrounding whitespace, and without the
        // tabs and line breaks inside it, which are left out of the pieces.
        let start = value.len() - value.trim_start_matches(ws).len();
        let end = value.trim_end_matches(ws).len().max(start);
        let breaks = |c: &u8| matches!(c, b'\t' | b'\n' | b'\r');
        if !value.as_bytes()[start..end].iter().any(breaks) {
            push(start..end, outer);
            return;
        }
        let mut pieces: Vec<Seg> = Vec::new();
        let mut k = start;
        while k < end {
            let n = v_run(&value.as_bytes()[k..end], |c| {
                !matches!(c, b'\t' | b'\n' | b'\r')
            });
            pieces.extend(align::segs(&runs, &value, k..k + n));
            k += n;
            k += v_run(&value.as_bytes()[k..end], |c| {
                matches!(c, b'\t' | b'\n' | b'\r')
            });
        }
        pieces.shrink_to_fit();
        out.push(Candidate {
            outer,
            pieces,
            delimiter: Delimiter::Attribute,
            empty_at: align::source_of(&runs, start),
        });
        return;
    }
    // Tokens: for srcset, each image candidate's URL (its descriptors follow a space; a
    // comma ends the candidate, and commas at the URL's end are not part of it).
    let mut k = 0;
    let v = value.as_bytes();
    while k < v.len() {
        while k < v.len() && (v[k].is_ascii_whitespace() || (srcset && v[k] == b',')) {
            k += 1;
        }
        if k == v.len() {
            break;
        }
        let s = k;
        while k < v.len() && !v[k].is_ascii_whitespace() {
            k += 1;
        }
        let mut e = k;
        if srcset {
            while e > s && v[e - 1] == b',' {
                e -= 1;
            }
            let had_comma = e < k;
            if !had_comma {
                // Descriptors, up to the next comma.
                while k < v.len() && v[k] != b',' {
                    k += 1;
                }
            }
        }
        if e > s {
            let o = align::source_of(&runs, s)..align::source_of(&runs, e);
            push(s..e, o);
        }
    }
}

/// The system identifier of a DOCTYPE, whose source is `src`: a URI (HTML 4.01 section 7.2
/// and XML 1.0's `SystemLiteral` say so), as in `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01
/// Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">`. It is the DOCTYPE's second
/// quoted string when there is a public identifier (`public`), else its first; a quoted string
/// ends at its closing quote or at a `>`. The tokenizer decodes no character reference in it,
/// so `value` is as written.
fn doctype(text: &str, src: Range<usize>, public: bool, value: &[u8], out: &mut Vec<Candidate>) {
    let b = text.as_bytes();
    let end = src.end.min(b.len());
    let mut want = 1 + usize::from(public);
    let mut k = src.start;
    while k < end {
        let q = b[k];
        if !matches!(q, b'"' | b'\'') {
            k += 1;
            continue;
        }
        let s = k + 1;
        let e = b[s..end]
            .iter()
            .position(|&c| c == q || c == b'>')
            .map_or(end, |n| s + n);
        want -= 1;
        if want == 0 {
            let (Some(raw), Ok(value)) = (text.get(s..e), std::str::from_utf8(value)) else {
                return;
            };
            let runs = align::align(raw, s, value, false);
            let closed = b.get(e) == Some(&q);
            out.push(Candidate {
                outer: k..e + usize::from(closed),
                pieces: align::segs(&runs, value, 0..value.len()),
                delimiter: Delimiter::Attribute,
                empty_at: s,
            });
            return;
        }
        k = e + 1;
    }
}

/// The length of the run of bytes at the start of `b` that satisfy `f`.
fn v_run(b: &[u8], f: impl Fn(u8) -> bool) -> usize {
    b.iter().take_while(|&&c| f(c)).count()
}

/// The URIs of a text node: its decoded text read as plain text.
fn prose(text: &str, value: &[u8], src: Range<usize>, out: &mut Vec<Candidate>) {
    let value = String::from_utf8_lossy(value);
    let Some(raw) = text.get(src.clone()) else {
        return;
    };
    let runs: Vec<Run> = align::align(raw, src.start, &value, false);
    let (cands, _) = scan(&value, 0, true);
    for c in cands {
        let pieces: Vec<Seg> = match &c.pieces[..] {
            [one] => align::segs(&runs, &value, one.range.clone()),
            many => {
                let mut all: Vec<Seg> = many
                    .iter()
                    .flat_map(|s| align::segs(&runs, &value, s.range.clone()))
                    .collect();
                all.shrink_to_fit();
                all
            }
        };
        let outer = align::source_of(&runs, c.outer.start)..align::source_of(&runs, c.outer.end);
        out.push(Candidate {
            outer,
            pieces,
            delimiter: c.delimiter,
            empty_at: align::source_of(&runs, c.empty_at),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every event but parse errors, with its span: of html5gum reading `text` as it is, or
    /// through [`Source`].
    fn events(text: &str, through_source: bool) -> Vec<(String, Range<usize>)> {
        let mut log = Vec::new();
        let mut emitter = CallbackEmitter::new(
            |event: CallbackEvent<'_>, span: Span<usize>| -> Option<Infallible> {
                if !matches!(event, CallbackEvent::Error(_)) {
                    log.push((format!("{event:?}"), span.start..span.end));
                }
                None
            },
        );
        emitter.naively_switch_states(true);
        if through_source {
            let value_opened = Cell::new(false);
            let source = Source {
                bytes: text.as_bytes(),
                pos: 0,
                slash_at: None,
                value_opened: &value_opened,
            };
            let emitter = Watch {
                inner: emitter,
                value_opened: &value_opened,
            };
            let Ok(()) = Tokenizer::new_with_emitter(source, emitter).finish();
        } else {
            let Ok(()) = Tokenizer::new_with_emitter(text, emitter).finish();
        }
        log
    }

    #[test]
    fn the_source_reads_the_tokens_of_the_text() {
        let t = "<a href=\"http://a/\"  title=\"t\"\r\n\tx=\"&amp;\" y=\"\" z=\"1\" />\
                 <b c=\"d\" =e f=\"g\" / h=\"i\" >j</b k=\"l\" m=\"n\">";
        let got = events(t, true);
        assert_eq!(got, events(t, false));
        let names = got.iter().filter(|(e, _)| e.starts_with("AttributeName"));
        assert_eq!(names.count(), 11);
        // What follows the whitespace decides; and the text may end anywhere.
        for t in [
            "<a x=\"y\" >",
            "<a x=\"y\"\r\n>z",
            "<a x=\"y\" \r\n z>",
            "<a x=\"y\" =z>",
            "<a x=\"y\" /z>",
            "<a x=\"y\" / >",
            "<a x=\"y\"  ",
            "<a x=\"y\" z",
            "<a x=\"y",
            "<a x=\"&quot;\" y=\"&#34\" z=\"&quot\" w>",
            "<a x= \"y\" z=\"w\"\tv='u' t=s r>",
            "<script x=\"y\" z=\"w\">\"a\" b</script> c=\"d\" e",
        ] {
            assert_eq!(events(t, true), events(t, false), "{t:?}");
        }
    }

    /// Texts made of the pieces that matter to the tokenizer's tag and attribute states: the
    /// same events, whether a whitespace byte is read as `/` or not.
    #[cfg(feature = "bnf")]
    #[test]
    fn the_source_reads_the_tokens_of_random_texts() {
        const BITS: &[&str] = &[
            "<a",
            "<B",
            "</a",
            " ",
            "  ",
            "\t",
            "\n",
            "\r",
            "\r\n",
            "\x0C",
            "\"",
            "'",
            "=",
            "x",
            "href",
            "/",
            ">",
            "&amp;",
            "&quot;",
            "&",
            "&#34;",
            "<!--",
            "-->",
            "<!DOCTYPE",
            "<script>",
            "</script>",
            "<title>",
            "</title>",
            "<!",
            "\0",
            "é",
            "<![CDATA[",
            "]]>",
            "x=\"y\"",
            "a=\"b\" ",
            "=\"\"",
            " c=",
            "-",
        ];
        let mut rng = fastrand::Rng::with_seed(0x5EED_4854_4D4C_0001);
        for _ in 0..20_000 {
            let n = rng.usize(..32);
            let text: String = (0..n).map(|_| BITS[rng.usize(..BITS.len())]).collect();
            assert_eq!(events(&text, true), events(&text, false), "{text:?}");
        }
    }

    /// One tag of 100,000 attributes, in a thread with a stack of 512 KiB: the calls do not
    /// nest per attribute (html5gum reading the text as it is needed some 200 bytes of stack
    /// for each).
    #[test]
    fn a_tag_of_many_attributes_in_a_small_stack() {
        let mut text = String::from("<a");
        for k in 0..100_000 {
            text.push_str(&format!(" x{k}=\"y\""));
        }
        text.push_str(" href=\"http://a/\">http://b/");
        let found = std::thread::Builder::new()
            .stack_size(512 << 10)
            .spawn(move || {
                let c = candidates(&text, 0..text.len(), false);
                c.iter()
                    .map(|c| text[c.outer.clone()].to_string())
                    .collect::<Vec<_>>()
            })
            .expect("a thread")
            .join()
            .expect("no overflow");
        assert_eq!(found, ["\"http://a/\"", "http://b/"]);
    }

    use crate::Grammar;
    use crate::extract::{Found, Options, Syntax, extract_with_options};

    fn found(t: &str, include_code: bool) -> Vec<Found<'_>> {
        let options = Options::default().include_code(include_code);
        extract_with_options(t, Grammar::Rfc3986, Syntax::Html, options)
    }

    fn uris(t: &str, include_code: bool) -> Vec<String> {
        found(t, include_code)
            .iter()
            .map(|f| f.text.to_string())
            .collect()
    }

    /// Rustdoc's generics and a script in a listing are code: nothing in them is a URI of
    /// the text (`<T: Sized>` was read as `<scheme:...>`).
    #[test]
    fn code_elements_are_not_prose() {
        let t = "<pre class=\"rust\"><code>impl&lt;T: Sized&gt; X for T {}</code></pre>\
                 <p>Use <code>fn f&lt;T: Sized&gt;()</code>, <kbd>http://k/%zz</kbd>, \
                 <samp>http://s/%zz</samp>, <tt>http://t/%zz</tt>, <var>x:y</var>.</p>\
                 <pre><code>const u = new URL('https://測試');</code></pre>\
                 <p>See http://after/ now.</p>";
        assert_eq!(uris(t, false), ["http://after/"]);
        // Options::include_code reads them as prose again.
        // (`<T: Sized>`, a label and a space, is no delimiter even in prose.)
        let all = uris(t, true);
        assert_eq!(
            all,
            [
                "http://k/%zz",
                "http://s/%zz",
                "http://t/%zz",
                "https://測試",
                "http://after/"
            ]
        );
    }

    /// The attributes of code elements, and of the elements inside them, are read.
    #[test]
    fn attributes_inside_code_are_read() {
        let t = "<code><a href=\"http://a/%zz\">http://b/%zz</a></code>\
                 <pre cite=\"http://c/\"><code><img src=\"d%.png\"></code></pre>";
        let f = found(t, false);
        let got: Vec<&str> = f.iter().map(|f| f.text.as_ref()).collect();
        assert_eq!(got, ["http://a/%zz", "http://c/", "d%.png"]);
        assert!(!f[0].is_valid() && f[1].is_valid() && !f[2].is_valid());
    }

    /// Code elements nest; an end tag closes the code elements left open inside its element,
    /// and one that closes nothing is ignored.
    #[test]
    fn code_elements_nest() {
        let t = "<pre><code><code>x</code> http://a/</code> http://b/</pre> http://c/ \
                 <pre><code>http://d/</pre> http://e/ </code></tt> http://f/";
        assert_eq!(uris(t, false), ["http://c/", "http://e/", "http://f/"]);
        let mut code = CodeStack::default();
        for tag in [&b"pre"[..], b"div", b"code"] {
            code.open(tag);
        }
        code.close(b"var");
        code.close(b"pre");
        assert!(code.is_empty());
    }

    /// An element left open at the end keeps the rest of a long document code, but its
    /// attributes are still read, each of them.
    #[test]
    fn an_unclosed_pre_hides_no_attribute() {
        let mut t = String::from("<p>http://a/</p><pre>");
        for k in 0..10_000 {
            t.push_str(&format!(
                "<p>http://x/{k} <a href=\"http://h/{k}\">y</a></p>\n"
            ));
        }
        let f = found(&t, false);
        assert_eq!(f.len(), 10_001);
        assert_eq!(f[0].text, "http://a/");
        assert!(f[1..].iter().all(|f| f.delimiter == Delimiter::Attribute));
        assert_eq!(f[10_000].text, "http://h/9999");
    }

    /// The system identifiers of HTML 4.01's and XHTML 1.0's DOCTYPEs, placed in the text;
    /// a public identifier is none.
    #[test]
    fn doctype_system_identifiers() {
        let t = "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\"\n  \
                 \"http://www.w3.org/TR/html4/loose.dtd\">\n<p>x</p>";
        let f = found(t, false);
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].text, "http://www.w3.org/TR/html4/loose.dtd");
        assert_eq!(
            &t[f[0].range.clone()],
            "http://www.w3.org/TR/html4/loose.dtd"
        );
        assert_eq!(
            &t[f[0].outer.clone()],
            "\"http://www.w3.org/TR/html4/loose.dtd\""
        );
        assert_eq!((f[0].start.line, f[0].start.column), (2, 4));
        let x = "<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \
                 'http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd'>\
                 <html xmlns=\"http://www.w3.org/1999/xhtml\">";
        let got = uris(x, false);
        assert_eq!(
            got,
            [
                "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd",
                "http://www.w3.org/1999/xhtml"
            ]
        );
        // SYSTEM only; a bad one is reported where it is; none; and one cut short by ">".
        let s = "<!doctype html system \"about:legacy compat\">";
        let f = found(s, false);
        let e = f[0].result.as_ref().unwrap_err();
        assert_eq!(&s[e.offset()..e.end()], " ");
        assert!(uris("<!DOCTYPE html><!DOCTYPE html PUBLIC \"-//x\">", false).is_empty());
        assert_eq!(
            uris("<!DOCTYPE a SYSTEM \"http://a/>x", false),
            ["http://a/"]
        );
    }

    /// A URL attribute broken across lines: its tabs and line breaks are not part of the URL
    /// (a URL parser removes them), so they are left out of its pieces and nothing is
    /// reported; a space is still an error.
    #[test]
    fn line_breaks_in_url_attributes_are_left_out() {
        let t = "<a href=\"https://example.com/a/very/long/\r\npath?q=1&amp;\n\tr=2\">x</a>";
        let f = found(t, false);
        assert_eq!(f[0].text, "https://example.com/a/very/long/path?q=1&r=2");
        assert!(f[0].is_valid());
        let parts: Vec<&str> = f[0].pieces.iter().map(|p| &t[p.range.clone()]).collect();
        assert_eq!(
            parts,
            [
                "https://example.com/a/very/long/",
                "path?q=1",
                "&amp;",
                "r=2"
            ]
        );
        // A line break written as a reference is left out as well.
        assert_eq!(uris("<img src=\"a&#10;b.png\">", false), ["ab.png"]);
        // Indentation after the break is spaces: an error, at the first.
        let t = "<a href=\"http://a/b\n  c\">x</a>";
        let f = found(t, false);
        assert_eq!(f[0].text, "http://a/b  c");
        let e = f[0].error(t).unwrap();
        assert_eq!((e.offset(), e.line(), e.column()), (20, 2, 1));
        assert_eq!(Err(e.brief()), f[0].result);
    }
}
