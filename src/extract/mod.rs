//! URIs in free text, found the way RFC 2396 Appendix E (rfc2396.txt:1855) and the RFC 1738
//! appendix "Recommendations for URLs in Context" (rfc1738.txt:1183) recommend, each checked
//! against a grammar's start rule.
//!
//! ```
//! use urigram::{Grammar, extract::{Delimiter, extract}};
//!
//! let text = "see <URL:ftp://ds.in\n  ternic.net/rfc> or http://a/b%zz.";
//! let found = extract(text, Grammar::Rfc2396);
//! assert_eq!(found.len(), 2);
//! assert_eq!(found[0].text, "ftp://ds.internic.net/rfc");
//! assert_eq!(found[0].delimiter, Delimiter::AngleUrl);
//! assert!(found[0].result.is_ok());
//! // Where it stops, and in which production; the whole diagnostic when it is asked for.
//! let stop = found[1].result.unwrap_err();
//! assert_eq!((stop.offset(), stop.rule()), (53, "escaped"));
//! let e = found[1].error(text).unwrap();
//! assert_eq!((e.offset(), e.line(), e.column()), (53, 2, 33)); // the first 'z', in the text
//! ```
//!
//! # What counts as a URI in text
//!
//! The rules, with the spec text behind each and the reasons for each choice, are written
//! down in the guide's page `docs/documents.md`; in short:
//!
//! - **Delimited**: `<URL:` ... `>` (RFC 1738, and RFC 2396's "The prefix "URL:" (with or
//!   without a trailing space)"), whatever it holds; `<` ... `>` or `⟨` ... `⟩` (U+27E8,
//!   U+27E9, as man-pages renders URLs) when the bracket is followed at once by a scheme
//!   (`alpha *( alpha | digit | "+" | "-" | "." )`) and `:`, so that `a < b`, `<b>` and
//!   `<a href=...>` are not taken. The closing bracket must come before the next opening one
//!   and before a blank line; otherwise the opening one is no delimiter and scanning goes on
//!   after it. Inside, whitespace that breaks a line is removed ("The whitespace should be
//!   ignored when extracting the URI", rfc2396.txt:1879), so a URI may be broken across
//!   lines; whitespace within a line stays, and is reported (`<URL:http://exa mple/>`). The
//!   delimiters are not part of the URI.
//! - **Undelimited**: a scheme that starts a word (the character before it is not a letter,
//!   digit, `+`, `-` or `.`), then `:`, where the scheme is one of [`KNOWN_SCHEMES`] (in any
//!   case) or the `:` is followed by `//`. This keeps `Note: ...`, `std::vec` and `"key":{`
//!   out while finding `http://...`, `mailto:...`, `news:...` and any `scheme://...`. The URI
//!   is the run of characters up to whitespace, `<`, `>`, `"` (the characters RFC 2396
//!   section 2.4.3 excludes because "they are often used as the delimiters around URI in text
//!   documents", rfc2396.txt:552), a backtick (the end of a code span), a bracket, quote or
//!   full-width punctuation above U+007F (`⟩`, `›`, `»`, `」`, `。` ...), a `]` that
//!   closes no `[` of the URI, or the partner of a bracket or quote written just before it
//!   (`(`, `[`, `{`, `'`, `‹`, `⟨`, `«`, `“`, `‘`: `[x](http://a/b)` holds `http://a/b`); less
//!   trailing sentence punctuation: `.` `,` `;` `:` `!` `?`, other punctuation above U+007F
//!   (`…`), quotes (`'` and `’`), a `\` (a string escape, a line continuation), and a `)`,
//!   `]` or `}` that closes no `(`, `[` or `{` in the URI; less AsciiDoc's link text (`http://a/b[text]`). At
//!   least one character must remain after the `:`. A run that holds a brace, brackets in
//!   its authority around what no IP literal is, or a range in brackets is a template for
//!   URIs (`ssh://[user@]host[:port]/`, `http://{a,b}.example/`, `file[1-100].txt`): it is
//!   no URI and is not reported; so is one that a placeholder follows
//!   (`rtp://[<group-address>]:<port>`) or whose authority's bracket closes after a space
//!   (`http://[IP of Snowball]:8080`). A URL written in ASCII ends where Chinese, Japanese or
//!   Korean text follows one of its letters or digits (`docs.htmlを参照`); a `|` before another
//!   URI ends it (`file://a|file://b`). `data:` URIs, a URL between a configuration key's dots
//!   (`url.https://a/.insteadOf`) and a URI of an unknown scheme that carries one in its query
//!   (`magnet:?xt=urn:btih:...`) are found.
//! - **The hyphen rule**: "the interpreter of a URI containing a line break immediately after
//!   a hyphen should ignore all unescaped whitespace around the line break, and should be aware
//!   that the hyphen may or may not actually be part of the URI" (rfc2396.txt:1884,
//!   rfc1738.txt:1215). So an undelimited URI whose run ends with `-` just before whitespace
//!   holding a line break goes on with the next run. In both kinds, the URI is read with its
//!   hyphens first; when that reading does not conform and the reading without the hyphens at
//!   line breaks does, the second is taken ([`Found::hyphens_dropped`]). A U+2010 HYPHEN or
//!   U+00AD SOFT HYPHEN at a line end is a renderer's (groff's): the URI goes on after the
//!   line break, without it.
//! - **RFC 1738**: the URL checked is what comes before the first `#` (the fragment "would be
//!   placed within the brackets as well", rfc1738.txt:1205, but is no part of the URL), as
//!   [`crate::rfc1738::find_urls`] reads it; [`Found::text`] keeps the fragment.
//!
//! Relative references are found only inside `<URL:...>`: nothing else tells them from words.
//!
//! # Positions
//!
//! A URI broken across lines is one string made of several [`Piece`]s of the text;
//! [`Found::source_offset`] maps an offset in the URI back to the text. The error of a URI that
//! does not conform is placed in the text: its `offset`, `end`, `line`, `column` and
//! `column_utf16` count in the whole text (its message still names the byte within the URI).
//!
//! Finding is linear in the length of the text (each `<` looks ahead at most to the next `<`,
//! and never more than [`LOOKAHEAD`] bytes); positions are counted in one pass; no input makes
//! it panic. [`extract_settled`] searches a text that comes in pieces (the CLI streams plain
//! text with it).
//!
//! # Markdown and HTML
//!
//! [`extract_with`] reads a text in a [`Syntax`] (behind the `markup` feature, on by default):
//!
//! - **Markdown** (CommonMark, with pulldown-cmark): the destinations of inline links and
//!   images and of link reference definitions ([`Delimiter::Link`]; a reference link is
//!   reported once, at its definition), autolinks (`<http://...>`, read as `<scheme:...>`),
//!   and prose read as plain text. Code spans, code blocks, HTML comments and inline HTML
//!   code elements are not prose: nothing in them is reported, unless
//!   [`Options::include_code`]. Raw HTML is read as HTML.
//! - **HTML** (with html5gum's tokenizer): the values of the attributes that hold URIs
//!   (`href`, `src`, `action`, `cite`, `data`, `formaction`, `poster`, `background`,
//!   `longdesc`, `usemap`, `codebase`, `classid`, `profile`, `manifest`, `icon`, `itemid`,
//!   `lowsrc`, `dynsrc`, `xmlns`; the lists of `itemtype`, `ping`, `archive` and `srcset`),
//!   whatever the element, less surrounding ASCII whitespace and the tabs and line breaks a
//!   URL parser removes ([`Delimiter::Attribute`]); a DOCTYPE's system identifier (the same
//!   delimiter); and the text between tags read as plain text. Not inside `<script>`,
//!   `<style>` (nor `xmp`, `iframe`, `noembed`, `noframes`, `noscript`), in comments, nor in
//!   the text of code elements (`code`, `pre`, `kbd`, `samp`, `tt`, `var`) unless
//!   [`Options::include_code`]. The rules in full, with the specs behind them:
//!   `docs/documents.md`.
//!
//! What is checked is the decoded value (`&amp;` is `&`, `\(` in a Markdown destination is
//! `(`). Each escape is one [`Piece`] with `decoded` set, whose `range` is the escape as
//! written: an error in what an escape stands for is placed at the escape's first byte (its
//! range spans the escape), and every other byte maps to its own byte in the source. So offsets,
//! lines and columns always count in the source as written. The text of Markdown prose is
//! read as written (a reference in prose is not decoded); the text of HTML is decoded.

use std::borrow::Cow;
use std::ops::Range;

use crate::error::{Brief, Cursor, Error, Position};
use crate::grammar::Grammar;
use crate::table::{Table, Wide};

#[cfg(feature = "markup")]
mod align;
#[cfg(feature = "markup")]
mod html;
#[cfg(feature = "markup")]
mod markdown;
mod punct;
mod rst;

/// Schemes recognised without `//` after their `:`: the schemes of RFC 1738 section 3 and
/// those it reserves in section 4, `urn` (reserved by RFC 1630), `rlogin` (RFC 1630), and
/// `https`. Compared ignoring ASCII case.
///
/// ```
/// use urigram::{Grammar, extract::{KNOWN_SCHEMES, extract}};
/// assert!(KNOWN_SCHEMES.contains(&"mailto"));
/// // A known scheme is found without `//`; another scheme only with it.
/// let found = extract("MAILTO:a@b.example, x:y, x://y", Grammar::Rfc2396);
/// let texts: Vec<_> = found.iter().map(|f| &f.text).collect();
/// assert_eq!(texts, ["MAILTO:a@b.example", "x://y"]);
/// ```
pub const KNOWN_SCHEMES: &[&str] = &[
    "ftp",
    "http",
    "gopher",
    "mailto",
    "news",
    "nntp",
    "telnet",
    "wais",
    "file",
    "prospero",
    "afs",
    "mid",
    "cid",
    "nfs",
    "tn3270",
    "mailserver",
    "z39.50",
    "urn",
    "rlogin",
    "https",
];

/// How far a `<` looks for its `>`, and how long a URI broken by the hyphen rule may grow, in
/// bytes of text: past it, the `<` is no delimiter and the URI ends. It bounds what a
/// streaming reader must keep between two pieces of a text ([`extract_settled`]).
///
/// ```
/// use urigram::{Grammar, extract::{LOOKAHEAD, extract}};
/// let near = format!("<URL:http://a/{}>", "b".repeat(100));
/// assert_eq!(extract(&near, Grammar::Rfc2396)[0].outer, 0..near.len());
/// // A `>` past the look-ahead closes nothing: the URI found is the undelimited one.
/// let far = format!("<URL:http://a/{}>", "b".repeat(LOOKAHEAD));
/// assert_eq!(extract(&far, Grammar::Rfc2396)[0].outer.start, 5);
/// ```
pub const LOOKAHEAD: usize = 64 << 10;

/// How a URI was marked off in the text.
///
/// ```
/// use urigram::{Grammar, extract::{Delimiter, extract}};
/// let found = extract("http://a/ <http://b/> <URL:c/d>", Grammar::Rfc2396);
/// let kinds: Vec<_> = found.iter().map(|f| f.delimiter).collect();
/// assert_eq!(kinds, [Delimiter::None, Delimiter::Angle, Delimiter::AngleUrl]);
/// assert_eq!(Delimiter::AngleUrl.name(), "url");
/// # #[cfg(feature = "markup")] { // Markdown and HTML: the `markup` feature.
/// use urigram::extract::{Syntax, extract_with};
/// let md = extract_with("[x](http://a/)", Grammar::Rfc2396, Syntax::Markdown);
/// assert_eq!(md[0].delimiter, Delimiter::Link);
/// let html = extract_with("<img src=\"a.png\">", Grammar::Rfc2396, Syntax::Html);
/// assert_eq!(html[0].delimiter, Delimiter::Attribute);
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Delimiter {
    /// Recognised by its scheme; ended by whitespace, `<`, `>` or `"`, without trailing
    /// punctuation.
    None,
    /// `<scheme:...>`.
    Angle,
    /// `<URL:...>`.
    AngleUrl,
    /// A Markdown link destination: of an inline link or image, or of a link reference
    /// definition; or a reStructuredText link target without a scheme (`` `x <a.html>`_ ``,
    /// `.. _x: a.html`).
    Link,
    /// The value of an HTML attribute that holds a URI (`href`, `src` ...), or one of the URIs
    /// of a list-valued one (`srcset`, `itemtype`, `ping`, `archive`).
    Attribute,
}

impl Delimiter {
    /// `none`, `angle`, `url`, `link` or `attribute`: the names the CLI's JSON uses.
    pub const fn name(self) -> &'static str {
        match self {
            Delimiter::None => "none",
            Delimiter::Angle => "angle",
            Delimiter::AngleUrl => "url",
            Delimiter::Link => "link",
            Delimiter::Attribute => "attribute",
        }
    }
}

/// The syntax of a text: where its URIs can be and how they are written.
///
/// ```
/// # #[cfg(feature = "markup")] { // Markdown and HTML: the `markup` feature.
/// use urigram::extract::Syntax;
/// assert_eq!(Syntax::from_extension("MD"), Syntax::Markdown);
/// assert_eq!(Syntax::from_language_id("html"), Syntax::Html);
/// assert_eq!(Syntax::from_language_id("rust"), Syntax::Plain);
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Syntax {
    /// Plain text: RFC 2396 Appendix E and the RFC 1738 appendix (the module docs).
    #[default]
    Plain,
    /// CommonMark: link destinations, autolinks and prose; not code or HTML comments.
    #[cfg(feature = "markup")]
    Markdown,
    /// HTML: URI-valued attributes, decoded, and prose; not scripts, styles or comments.
    #[cfg(feature = "markup")]
    Html,
    /// reStructuredText: prose as plain text; not inline literals, literal blocks, doctest
    /// blocks or the content of code directives (docs/documents.md).
    Rst,
}

impl Syntax {
    /// `plain`, `markdown`, `html` or `rst`.
    pub const fn name(self) -> &'static str {
        match self {
            Syntax::Plain => "plain",
            Syntax::Rst => "rst",
            #[cfg(feature = "markup")]
            Syntax::Markdown => "markdown",
            #[cfg(feature = "markup")]
            Syntax::Html => "html",
        }
    }

    /// The syntax of a file by its extension (without the dot, any case): `md` and
    /// `markdown` are Markdown; `html`, `htm` and `xhtml` are HTML (both plain text without
    /// the `markup` feature); `rst` and `rest` are reStructuredText; anything else is plain
    /// text.
    ///
    /// ```
    /// use urigram::extract::Syntax;
    /// assert_eq!(Syntax::from_extension("txt"), Syntax::Plain);
    /// assert_eq!(Syntax::from_extension("RST"), Syntax::Rst);
    /// # #[cfg(feature = "markup")] { // Markdown and HTML: the `markup` feature.
    /// assert_eq!(Syntax::from_extension("Markdown"), Syntax::Markdown);
    /// assert_eq!(Syntax::from_extension("htm"), Syntax::Html);
    /// # }
    /// ```
    pub fn from_extension(ext: &str) -> Syntax {
        let ext = ext.to_ascii_lowercase();
        match ext.as_str() {
            #[cfg(feature = "markup")]
            "md" | "markdown" => Syntax::Markdown,
            #[cfg(feature = "markup")]
            "html" | "htm" | "xhtml" => Syntax::Html,
            "rst" | "rest" => Syntax::Rst,
            _ => Syntax::Plain,
        }
    }

    /// The syntax of a file by its path or name: [`Syntax::from_extension`] of what follows
    /// the last `.` of its last `/`-separated segment; plain text when there is none (a name
    /// that only starts with a `.`, as `.md`, has none).
    ///
    /// ```
    /// # #[cfg(feature = "markup")] { // Markdown and HTML: the `markup` feature.
    /// use urigram::extract::Syntax;
    /// assert_eq!(Syntax::from_path("/home/me/README.md"), Syntax::Markdown);
    /// assert_eq!(Syntax::from_path("docs.d/index.HTML"), Syntax::Html);
    /// assert_eq!(Syntax::from_path("notes.md/urls"), Syntax::Plain);
    /// assert_eq!(Syntax::from_path("Makefile"), Syntax::Plain);
    /// assert_eq!(Syntax::from_path(".md"), Syntax::Plain);
    /// # }
    /// ```
    pub fn from_path(path: &str) -> Syntax {
        let name = path.rsplit('/').next().unwrap_or(path);
        name.rsplit_once('.')
            .filter(|(stem, _)| !stem.is_empty())
            .map_or(Syntax::Plain, |(_, ext)| Syntax::from_extension(ext))
    }

    /// The syntax of a document by its path and its text: [`Syntax::from_path`], except for
    /// a Python package's core metadata (a file named `METADATA` or `PKG-INFO`), whose body
    /// (after the headers and a blank line) is written in the syntax its
    /// `Description-Content-Type` header names: `text/markdown` is Markdown, `text/plain`
    /// plain text, and anything else, or no such header, reStructuredText (the core metadata
    /// specification's default). The headers read alike in each.
    ///
    /// ```
    /// use urigram::extract::Syntax;
    /// let rst = "Metadata-Version: 2.1\nName: x\n\nExample::\n\n    http://a/%zz\n";
    /// assert_eq!(Syntax::detect("x-1.0.dist-info/METADATA", rst), Syntax::Rst);
    /// assert_eq!(Syntax::detect("notes.txt", rst), Syntax::Plain);
    /// let plain = "Name: x\nDescription-Content-Type: text/plain\n\nbody\n";
    /// assert_eq!(Syntax::detect("PKG-INFO", plain), Syntax::Plain);
    /// # #[cfg(feature = "markup")] {
    /// let md = "Name: x\nDescription-Content-Type: text/markdown; charset=UTF-8\n\n# x\n";
    /// assert_eq!(Syntax::detect("METADATA", md), Syntax::Markdown);
    /// # }
    /// ```
    pub fn detect(path: &str, text: &str) -> Syntax {
        let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
        if name != "METADATA" && name != "PKG-INFO" {
            return Syntax::from_path(path);
        }
        let headers = text
            .split('\n')
            .map(|l| l.trim_end_matches('\r'))
            .take_while(|l| !l.is_empty());
        for line in headers {
            let Some((key, value)) = line.split_once(':') else {
                continue;
            };
            if !key.eq_ignore_ascii_case("Description-Content-Type") {
                continue;
            }
            let kind = value.split(';').next().unwrap_or("").trim();
            return match kind.to_ascii_lowercase().as_str() {
                #[cfg(feature = "markup")]
                "text/markdown" => Syntax::Markdown,
                "text/plain" => Syntax::Plain,
                #[cfg(not(feature = "markup"))]
                "text/markdown" => Syntax::Plain,
                _ => Syntax::Rst,
            };
        }
        Syntax::Rst
    }

    /// The syntax of a document by its language server `languageId` (`markdown`, `html`,
    /// `xhtml`, `rst`, `restructuredtext`; anything else, `plaintext` included, is plain
    /// text).
    ///
    /// ```
    /// use urigram::extract::Syntax;
    /// assert_eq!(Syntax::from_language_id("plaintext"), Syntax::Plain);
    /// # #[cfg(feature = "markup")] { // Markdown and HTML: the `markup` feature.
    /// assert_eq!(Syntax::from_language_id("markdown"), Syntax::Markdown);
    /// assert_eq!(Syntax::from_language_id("xhtml"), Syntax::Html);
    /// # }
    /// ```
    pub fn from_language_id(id: &str) -> Syntax {
        match id {
            #[cfg(feature = "markup")]
            "markdown" => Syntax::Markdown,
            #[cfg(feature = "markup")]
            "html" | "xhtml" => Syntax::Html,
            "rst" | "restructuredtext" => Syntax::Rst,
            _ => Syntax::Plain,
        }
    }
}

/// Choices beyond the syntax.
///
/// ```
/// # #[cfg(feature = "markup")] { // Markdown and HTML: the `markup` feature.
/// use urigram::{Grammar, extract::{Options, Syntax, extract_with_options}};
/// let md = "Run `curl http://a/b` or see http://c/.";
/// let prose = extract_with_options(md, Grammar::Rfc2396, Syntax::Markdown, Options::default());
/// assert_eq!(prose.len(), 1);
/// let all = Options::default().include_code(true);
/// let both = extract_with_options(md, Grammar::Rfc2396, Syntax::Markdown, all);
/// assert_eq!(both[0].text, "http://a/b");
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Options {
    /// Also find the URIs in code (as plain text): Markdown's code spans and code blocks, and
    /// the text of HTML code elements (`code`, `pre`, `kbd`, `samp`, `tt`, `var`).
    pub include_code: bool,
}

impl Options {
    /// The options with `include_code` set to `on`.
    pub fn include_code(mut self, on: bool) -> Options {
        self.include_code = on;
        self
    }
}

/// A piece of a URI: where it starts in the URI, and its bytes in the text.
///
/// ```
/// use urigram::{Grammar, extract::extract};
/// let text = "<URL:http://a/\n  b>";
/// let f = &extract(text, Grammar::Rfc2396)[0];
/// assert_eq!(f.text, "http://a/b");
/// let parts: Vec<_> = f.pieces.iter().map(|p| (p.at, &text[p.range.clone()])).collect();
/// assert_eq!(parts, [(0, "http://a/"), (9, "b")]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Piece {
    /// Offset of the piece's first byte in [`Found::text`].
    pub at: usize,
    /// The piece's bytes in the text.
    pub range: Range<usize>,
    /// Whether the piece is one escape of the text's syntax, decoded: an HTML character
    /// reference (`&amp;`), a Markdown backslash escape (`\(`), or an HTML line break `\r\n`
    /// read as `\n`. Its bytes in the URI are what it stands for, not `range`'s; every byte of
    /// it maps to `range.start`.
    pub decoded: bool,
}

impl Piece {
    /// A piece of `range`, at `at` in the URI, written as it stands in the text.
    pub(crate) fn new(at: usize, range: Range<usize>) -> Piece {
        Piece {
            at,
            range,
            decoded: false,
        }
    }
}

/// A URI found in a text ([`extract`]).
///
/// ```
/// use urigram::{Grammar, extract::extract};
/// let text = "Read http://a/b%zz, then <http://c/d>.";
/// let found = extract(text, Grammar::Rfc2396);
/// let (bad, good) = (&found[0], &found[1]);
/// assert_eq!((bad.text.as_ref(), bad.range.clone()), ("http://a/b%zz", 5..18));
/// assert!(!bad.is_valid() && !bad.is_delimited());
/// // The error counts in the text.
/// assert_eq!(bad.result.as_ref().unwrap_err().offset(), 16);
/// assert!(good.is_valid() && good.is_delimited());
/// assert_eq!((good.range.clone(), good.outer.clone()), (26..36, 25..37));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Found<'a> {
    /// The URI, whitespace from line wrapping removed and escapes decoded (borrowed when it
    /// is one piece of the text as written).
    pub text: Cow<'a, str>,
    /// From the URI's first byte to one past its last, in the text.
    pub range: Range<usize>,
    /// As `range`, with the delimiters (`<URL:` and `>`, an attribute's quotes) when there
    /// are any.
    pub outer: Range<usize>,
    /// Line and columns of `range.start`.
    pub start: Position,
    /// The URI's pieces, in order: one unless it was broken across lines or holds decoded
    /// escapes; none when empty.
    pub pieces: Vec<Piece>,
    /// How it was delimited.
    pub delimiter: Delimiter,
    /// Text offsets of each `-` followed by a line break inside the URI (the hyphen rule).
    pub hyphen_breaks: Vec<usize>,
    /// Whether the hyphens of `hyphen_breaks` were left out of `text`, because only the
    /// reading without them conforms.
    pub hyphens_dropped: bool,
    /// The check of `text` against the grammar's start rule: where it stops being valid
    /// and in which production, placed in the text. This is the [`Brief`] of the diagnostic;
    /// [`Found::error`] gives the whole diagnostic when it is asked for, so that a text
    /// dense with invalid URIs does not hold one for each.
    pub result: Result<(), Brief>,
}

impl Found<'_> {
    /// The same URI, owning its text (for keeping it after the text it was found in).
    ///
    /// ```
    /// use urigram::{Grammar, extract::{Found, extract}};
    /// let kept: Found<'static> = {
    ///     let text = String::from("see http://a/b");
    ///     extract(&text, Grammar::Rfc2396).remove(0).into_owned()
    /// };
    /// assert_eq!(kept.text, "http://a/b");
    /// ```
    pub fn into_owned(self) -> Found<'static> {
        Found {
            text: Cow::Owned(self.text.into_owned()),
            range: self.range,
            outer: self.outer,
            start: self.start,
            pieces: self.pieces,
            delimiter: self.delimiter,
            hyphen_breaks: self.hyphen_breaks,
            hyphens_dropped: self.hyphens_dropped,
            result: self.result,
        }
    }

    /// Whether it was delimited by `<...>` or `<URL:...>`, or is a link destination or an
    /// attribute's value.
    pub fn is_delimited(&self) -> bool {
        self.delimiter != Delimiter::None
    }

    /// Whether it conforms.
    pub fn is_valid(&self) -> bool {
        self.result.is_ok()
    }

    /// The whole diagnostic of a URI that does not conform (`None` for one that does), placed
    /// in `text`, the text it was found in: offsets, line and columns count in `text`, as
    /// [`Found::result`]'s do. Its [`Error::brief`] is [`Found::result`]'s brief. The check
    /// runs again, so this costs what a diagnosis of the URI costs; ask for it when a
    /// diagnostic is shown, not for every URI of a text.
    ///
    /// ```
    /// use urigram::{Grammar, extract::extract};
    /// let text = "one\ntwo http://a/b%zz";
    /// let f = &extract(text, Grammar::Rfc2396)[0];
    /// let e = f.error(text).unwrap();
    /// assert_eq!((e.offset(), e.line(), e.column()), (19, 2, 16));
    /// assert_eq!(Err(e.brief()), f.result);
    /// assert!(e.help().is_some());
    /// ```
    pub fn error(&self, text: &str) -> Option<Error> {
        let brief = self.result.err()?;
        let e = check_found(brief.grammar(), &self.text).err()?;
        let r = if e.end() > e.offset() {
            self.source_range(e.offset(), e.end())
        } else {
            let at = self.source_offset(e.offset());
            at..at
        };
        let pos = match text.get(self.range.start..r.start) {
            Some(_) => Cursor::resume(text, self.range.start, self.start).at(r.start),
            None => Position::of(text, r.start),
        };
        Some(e.relocated(r.start, r.end, pos))
    }

    /// The text offset of byte `at` of the URI (the end of the last piece for `at` at or past
    /// the URI's end; the start of a decoded escape for any byte of what it stands for).
    ///
    /// ```
    /// use urigram::{Grammar, extract::extract};
    /// let f = &extract("x <http://a.\n   b/>", Grammar::Rfc2396)[0];
    /// assert_eq!(f.text, "http://a.b/");
    /// assert_eq!(f.source_offset(9), 16); // the 'b'
    /// ```
    pub fn source_offset(&self, at: usize) -> usize {
        let k = self.pieces.partition_point(|p| p.at <= at);
        match k.checked_sub(1).and_then(|k| self.pieces.get(k)) {
            Some(p) if p.decoded => {
                let len = self.pieces.get(k).map_or(self.text.len(), |n| n.at) - p.at;
                if at - p.at < len {
                    p.range.start
                } else {
                    p.range.end
                }
            }
            Some(p) => (p.range.start + (at - p.at)).min(p.range.end),
            None => self.range.start,
        }
    }

    /// The text range of the URI's bytes `at..end` (`end > at`): a decoded escape counts
    /// whole.
    fn source_range(&self, at: usize, end: usize) -> Range<usize> {
        let start = self.source_offset(at);
        let last = end - 1;
        let k = self.pieces.partition_point(|p| p.at <= last);
        let stop = match k.checked_sub(1).and_then(|k| self.pieces.get(k)) {
            Some(p) if p.decoded => p.range.end,
            Some(p) => (p.range.start + (last - p.at) + 1).min(p.range.end),
            None => start,
        };
        start..stop.max(start)
    }
}

/// Find the URIs of plain `text` and check each against `grammar`'s start rule. See the
/// module documentation for what is found.
///
/// ```
/// use urigram::{Grammar, extract::extract};
/// let found = extract("Note: see ftp://a.example/pub, or http://a/%zz.", Grammar::Rfc2396);
/// let texts: Vec<_> = found.iter().map(|f| (f.text.as_ref(), f.is_valid())).collect();
/// assert_eq!(texts, [("ftp://a.example/pub", true), ("http://a/%zz", false)]);
/// ```
pub fn extract(text: &str, grammar: Grammar) -> Vec<Found<'_>> {
    extract_settled(text, 0, grammar, true).0
}

/// Find the URIs of `text`, written in `syntax`, and check each against `grammar`'s start
/// rule; code is left out (see [`extract_with_options`]).
///
/// ```
/// # #[cfg(feature = "markup")] { // Markdown and HTML: the `markup` feature.
/// use urigram::{Grammar, extract::{Delimiter, Syntax, extract_with}};
/// let md = "See [the spec](http://a/b%zz) and `http://not/checked`.";
/// let found = extract_with(md, Grammar::Rfc2396, Syntax::Markdown);
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].delimiter, Delimiter::Link);
/// let e = found[0].result.as_ref().unwrap_err();
/// assert_eq!(&md[e.offset()..e.end()], "z");
///
/// let html = r#"<a href="/search?q=a&amp;b=%">x</a>"#;
/// let found = extract_with(html, Grammar::Rfc2396, Syntax::Html);
/// assert_eq!(found[0].text, "/search?q=a&b=%"); // the decoded value is checked
/// assert_eq!(found[0].result.as_ref().unwrap_err().offset(), 28); // the end: the closing quote
/// # }
/// ```
pub fn extract_with(text: &str, grammar: Grammar, syntax: Syntax) -> Vec<Found<'_>> {
    extract_with_options(text, grammar, syntax, Options::default())
}

/// [`extract_with`], with [`Options`].
///
/// ```
/// # #[cfg(feature = "markup")] { // Markdown and HTML: the `markup` feature.
/// use urigram::{Grammar, extract::{Options, Syntax, extract_with_options}};
/// let md = "```\nhttp://a/b c\n```\n";
/// let code = Options::default().include_code(true);
/// let found = extract_with_options(md, Grammar::Rfc2396, Syntax::Markdown, code);
/// assert_eq!((found[0].text.as_ref(), found[0].range.clone()), ("http://a/b", 4..14));
/// assert!(extract_with_options(md, Grammar::Rfc2396, Syntax::Markdown, Options::default()).is_empty());
/// # }
/// ```
pub fn extract_with_options(
    text: &str,
    grammar: Grammar,
    syntax: Syntax,
    options: Options,
) -> Vec<Found<'_>> {
    let _ = options;
    match syntax {
        Syntax::Plain => extract(text, grammar),
        #[cfg(feature = "markup")]
        Syntax::Markdown => extract_iter(text, grammar, syntax, options).collect(),
        Syntax::Rst => extract_iter(text, grammar, syntax, options).collect(),
        #[cfg(feature = "markup")]
        Syntax::Html => build(
            text,
            grammar,
            html::candidates(text, 0..text.len(), options.include_code),
        ),
    }
}

/// The URIs of plain `text` from byte `from` on, for a text that comes in pieces: those that
/// `text` decides whatever follows it, and the offset where the undecided rest begins (the
/// first `<` whose `>` may still come, or a URI that may go on after a hyphen at a line
/// break); `text.len()` when nothing is undecided, or when `last` says nothing follows.
///
/// `from` must be where no URI is open: 0, or an offset this function returned. Lines and
/// columns count from the start of `text` (line 1), so a caller that streams a text keeps
/// the undecided rest from the start of its line, puts the next piece after it, and calls
/// again with `from` at the same byte. The rest is at most [`LOOKAHEAD`] bytes plus the
/// start of its line.
///
/// ```
/// use urigram::{Grammar, extract::extract_settled};
/// let g = Grammar::Rfc2396;
/// let (found, rest) = extract_settled("a http://x/ and <URL:http://y/\n", 0, g, false);
/// assert_eq!(found.len(), 1);
/// assert_eq!(rest, 16); // the '<' may be closed by the next piece
/// let (found, rest) = extract_settled("a http://x/ and <URL:http://y/\n  z>\n", 16, g, false);
/// assert_eq!(found[0].text, "http://y/z");
/// assert_eq!(rest, 36);
/// ```
pub fn extract_settled(
    text: &str,
    from: usize,
    grammar: Grammar,
    last: bool,
) -> (Vec<Found<'_>>, usize) {
    // Each URI is checked and placed as it is found, while its text is still in the cache.
    let mut cursor = Cursor::new(text);
    let mut out = Vec::new();
    let rest = scan_each(text, from.min(text.len()), last, |c| {
        out.push(found(text, grammar, c, &mut cursor));
    });
    (out, rest)
}

/// The URIs of `text`, written in `syntax`, one at a time in text order: what
/// [`extract_with_options`] finds, read a block at a time, so that what is held at once is
/// one block's work and not one value per URI of the text. A caller that shows or counts
/// URIs as they come (a command that prints them, a summary) holds memory in proportion to
/// the text alone, however dense its URIs are.
///
/// Plain text and HTML give exactly what [`extract_with_options`] gives (HTML's blocks end
/// just after a tag, where the tokenizer is in its data state with no code element, raw-text
/// element or comment open). Markdown is read in blocks that end at a blank line followed by
/// a line that starts at the margin, where no fenced code block or HTML block is open, or
/// inside a paragraph where no inline span can be open; a reference link (`[text][label]`) whose
/// definition is in another block is then read as text (its brackets, plain text's
/// delimiters, around prose), which finds the same URIs in its text.
///
/// ```
/// use urigram::{Grammar, extract::{Options, Syntax, extract_iter}};
/// let text = "see http://a/%zz and http://b/\n".repeat(1000);
/// let mut invalid = 0;
/// for f in extract_iter(&text, Grammar::Rfc2396, Syntax::Plain, Options::default()) {
///     invalid += usize::from(!f.is_valid());
/// }
/// assert_eq!(invalid, 1000);
/// ```
pub fn extract_iter(
    text: &str,
    grammar: Grammar,
    syntax: Syntax,
    options: Options,
) -> FoundIter<'_> {
    FoundIter::new(text, grammar, syntax, options, BLOCK)
}

/// The size of a block that [`extract_iter`] reads at once at most (it ends at the next place
/// a block may end); Markdown's blocks end earlier, from a 32nd of it on, where the text
/// chooses (see `markdown::block_end`).
const BLOCK: usize = 64 << 10;

/// The iterator of [`extract_iter`].
pub struct FoundIter<'a> {
    text: &'a str,
    grammar: Grammar,
    syntax: Syntax,
    // Read by Markdown and HTML only.
    #[cfg_attr(not(feature = "markup"), allow(dead_code))]
    options: Options,
    /// Where the next block starts (plain text: where the undecided rest starts).
    at: usize,
    /// Plain text: the end of the last block read.
    end: usize,
    /// reStructuredText: a place and the end of its line (see `rst::block_end`).
    line: Option<(usize, usize)>,
    block: usize,
    /// The text that the URIs in `pending` were read from.
    read: Range<usize>,
    done: bool,
    pending: std::vec::IntoIter<Candidate>,
    cursor: Cursor<'a>,
}

impl std::fmt::Debug for FoundIter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FoundIter")
            .field("grammar", &self.grammar)
            .field("syntax", &self.syntax)
            .field("at", &self.at)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<'a> FoundIter<'a> {
    fn new(
        text: &'a str,
        grammar: Grammar,
        syntax: Syntax,
        options: Options,
        block: usize,
    ) -> FoundIter<'a> {
        FoundIter {
            text,
            grammar,
            syntax,
            options,
            at: 0,
            end: 0,
            line: None,
            block: block.max(1),
            read: 0..0,
            done: false,
            pending: Vec::new().into_iter(),
            cursor: Cursor::new(text),
        }
    }

    /// The part of the text that the last URI returned was read in (empty before the
    /// first). In Markdown and HTML, reading `text[block]` alone, as a text of the same
    /// syntax, finds the same URIs there, their offsets less `block.start` (Markdown's
    /// and HTML's blocks end where nothing is open). In plain text it is the part
    /// read with the URIs that were still undecided before it.
    ///
    /// ```
    /// # #[cfg(feature = "markup")] {
    /// use urigram::{Grammar, extract::{Options, Syntax, extract_iter}};
    /// let md = format!("{}\n\nlast <http://b/>\n", "[a](http://a/) ".repeat(10_000));
    /// let mut it = extract_iter(&md, Grammar::Rfc2396, Syntax::Markdown, Options::default());
    /// let last = it.by_ref().last().unwrap();
    /// let block = it.block();
    /// assert!(block.start > 0 && block.end == md.len());
    /// let again = extract_iter(&md[block.clone()], Grammar::Rfc2396, Syntax::Markdown, Options::default());
    /// assert_eq!(again.last().unwrap().range.start + block.start, last.range.start);
    /// # }
    /// ```
    pub fn block(&self) -> Range<usize> {
        self.read.clone()
    }

    /// Read the next part of the text and return its range (`None` after the last), for a
    /// caller that keeps what it found part by part; the URIs found in it come from
    /// [`FoundIter::next_in_part`], and those of the part before that were not taken are
    /// dropped. In Markdown and HTML the parts follow each other, from the start of the text
    /// to its end, each read alone as [`FoundIter::block`] says; a text is one part at least,
    /// even when it is empty.
    ///
    /// Where a Markdown part ends depends on the text around its end, not on where the part
    /// started (docs/documents.md, "Read a part at a time"): a reading that starts at the
    /// start of a part and meets the end of a part of an earlier reading, with the same text
    /// after it, reads the same parts from there on.
    ///
    /// ```
    /// # #[cfg(feature = "markup")] {
    /// use urigram::{Grammar, extract::{Options, Syntax, extract_iter}};
    /// let md = "A [link](http://a/%zz) and <http://b/>.\n\n".repeat(5000);
    /// let mut it = extract_iter(&md, Grammar::Rfc2396, Syntax::Markdown, Options::default());
    /// let (mut end, mut invalid) = (0, 0);
    /// while let Some(part) = it.next_part() {
    ///     assert_eq!(part.start, end);
    ///     end = part.end;
    ///     while let Some(f) = it.next_in_part() {
    ///         assert!(part.contains(&f.outer.start));
    ///         invalid += usize::from(!f.is_valid());
    ///     }
    /// }
    /// assert_eq!((end, invalid), (md.len(), 5000));
    /// # }
    /// ```
    pub fn next_part(&mut self) -> Option<Range<usize>> {
        self.pending = Vec::new().into_iter();
        if self.done {
            return None;
        }
        self.refill();
        Some(self.read.clone())
    }

    /// The next URI of the part that [`FoundIter::next_part`] read last; `None` after its
    /// last.
    pub fn next_in_part(&mut self) -> Option<Found<'a>> {
        let c = self.pending.next()?;
        Some(found(self.text, self.grammar, c, &mut self.cursor))
    }

    /// Read the next block's candidates into `pending`.
    fn refill(&mut self) {
        let text = self.text;
        match self.syntax {
            Syntax::Plain => {
                // A block ends after a line break; what it leaves undecided is read again
                // with the next, and the next block is longer when nothing was decided.
                let want = (self.at + self.block).max(self.end + 1);
                let end = line_end_after(text, want);
                let last = end >= text.len();
                let (cands, rest) = scan(&text[..end], self.at, last);
                self.read = self.at..end;
                (self.at, self.end, self.done) = (rest, end, last);
                self.pending = cands.into_iter();
            }
            #[cfg(feature = "markup")]
            Syntax::Markdown => {
                let start = self.at;
                let mut end = markdown::block_end(text, start, start + 1, self.block);
                let cands = loop {
                    let (mut cands, closed) = markdown::candidates(&text[start..end], self.options);
                    if closed || end >= text.len() {
                        for c in &mut cands {
                            c.shift(start);
                        }
                        break cands;
                    }
                    // Something is still open at the block's end: read a longer one (twice
                    // as long, so that the text is read a bounded number of times).
                    end = markdown::block_end(text, start, end + (end - start), self.block);
                };
                self.read = start..end;
                (self.at, self.done) = (end, end >= text.len());
                self.pending = cands.into_iter();
            }
            Syntax::Rst => {
                let start = self.at;
                let end = rst::block_end(text, start, self.block, &mut self.line);
                let mut cands = rst::candidates(&text[start..end], self.options);
                for c in &mut cands {
                    c.shift(start);
                }
                self.read = start..end;
                (self.at, self.done) = (end, end >= text.len());
                self.pending = cands.into_iter();
            }
            #[cfg(feature = "markup")]
            Syntax::Html => {
                // A block ends just after a tag, where the reading could start afresh, and
                // where the text chooses, as a Markdown block does (see `html::read`).
                let (start, max) = (self.at, self.block);
                let take = |p: usize| {
                    p - start >= max || (p - start >= max / 32 && chosen(text.as_bytes(), p, 64))
                };
                let range = start..text.len();
                let (cands, end) = html::read(text, range, self.options.include_code, &take);
                self.read = start..end;
                (self.at, self.done) = (end, end >= text.len());
                self.pending = cands.into_iter();
            }
        }
    }
}

impl<'a> Iterator for FoundIter<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        loop {
            if let Some(c) = self.pending.next() {
                return Some(found(self.text, self.grammar, c, &mut self.cursor));
            }
            if self.done {
                return None;
            }
            self.refill();
        }
    }
}

impl std::iter::FusedIterator for FoundIter<'_> {}

/// Whether the bytes at `p` choose it, one place in `one_in`: a hash of the next 8 bytes,
/// which an edit before `p` does not change.
pub(super) fn chosen(b: &[u8], p: usize, one_in: u32) -> bool {
    let mut h: u32 = 0x811C_9DC5;
    for &c in b[p..].iter().take(8) {
        h = (h ^ u32::from(c)).wrapping_mul(0x0100_0193);
    }
    ((h ^ (h >> 15)).wrapping_mul(0x2C1B_3C6D) >> 16) < 0x10000 / one_in
}

/// One past the first line break at or after `at` (`\r\n` whole), or the text's end.
fn line_end_after(text: &str, at: usize) -> usize {
    let b = text.as_bytes();
    if at >= b.len() {
        return b.len();
    }
    match b[at..].iter().position(|&c| c == b'\n' || c == b'\r') {
        Some(k) => {
            let k = at + k;
            k + 1 + usize::from(b[k] == b'\r' && b.get(k + 1) == Some(&b'\n'))
        }
        None => b.len(),
    }
}

/// Whether a link destination is a path of Rust items, as rustdoc's intra-doc links write
/// them (`hello_world::HelloWorldProvider`, `crate::Foo::bar()`, `macro@std::vec!`,
/// `Self::new`): identifiers joined by `::`, at least two, with an optional disambiguator
/// (`struct@` ...) before and `()` or `!` after. A README that rustdoc also reads writes
/// them; rustdoc resolves them, and no reader takes them for a URI.
#[cfg_attr(not(feature = "markup"), allow(dead_code))]
pub(crate) fn is_rust_path(dest: &str) -> bool {
    let path = match dest.split_once('@') {
        Some((kind, path)) if !kind.is_empty() && kind.bytes().all(|b| b.is_ascii_lowercase()) => {
            path
        }
        _ => dest,
    };
    let path = path
        .strip_suffix("()")
        .or_else(|| path.strip_suffix('!'))
        .unwrap_or(path);
    let ident = |s: &str| {
        s.bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    };
    let mut n = 0;
    for segment in path.split("::") {
        if !ident(segment) {
            return false;
        }
        n += 1;
    }
    n >= 2
}

/// Check candidates, in text order, and place them in the text.
#[cfg(feature = "markup")]
fn build(text: &str, grammar: Grammar, cands: Vec<Candidate>) -> Vec<Found<'_>> {
    let mut cursor = Cursor::new(text);
    cands
        .into_iter()
        .map(|c| found(text, grammar, c, &mut cursor))
        .collect()
}

/// A piece of a candidate URI in the text: as written, or an escape with its value.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Seg {
    range: Range<usize>,
    decoded: Option<Box<str>>,
}

impl Seg {
    fn plain(range: Range<usize>) -> Seg {
        Seg {
            range,
            decoded: None,
        }
    }
}

/// A URI's place before it is checked.
#[derive(Debug)]
struct Candidate {
    outer: Range<usize>,
    pieces: Vec<Seg>,
    delimiter: Delimiter,
    /// Where an empty URI stands.
    empty_at: usize,
}

impl Candidate {
    /// The same candidate in a text that has `by` more bytes before it.
    fn shift(&mut self, by: usize) {
        let move_by = |r: &mut Range<usize>| *r = r.start + by..r.end + by;
        move_by(&mut self.outer);
        self.pieces.iter_mut().for_each(|s| move_by(&mut s.range));
        self.empty_at += by;
    }
}

/// Whether `scheme` is one of [`KNOWN_SCHEMES`], in any case (their names are three to ten
/// characters long: a test holds it so).
fn is_known(scheme: &str) -> bool {
    let s = scheme.as_bytes();
    matches!(s.len(), 3..=10)
        && KNOWN_SCHEMES.iter().any(|k| {
            let k = k.as_bytes();
            k.len() == s.len()
                && k[0] == s[0].to_ascii_lowercase()
                && k[1] == s[1].to_ascii_lowercase()
                && k.eq_ignore_ascii_case(s)
        })
}

/// `alpha | digit | "+" | "-" | "."`: the characters of a scheme after its first.
fn is_scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// The end of the run of scheme characters from `i`.
fn scheme_end(b: &[u8], i: usize) -> usize {
    let n = b[i..].iter().take_while(|&&c| is_scheme_byte(c)).count();
    i + n
}

/// A character that ends an undelimited URI: whitespace; `<`, `>` and `"`, which "are often
/// used as the delimiters around URI in text documents" (rfc2396.txt:552); the backtick that
/// closes a code span; and above U+007F, the brackets and quotes of running text and its
/// full-width and ideographic punctuation ([`punct::ends_uri`]: `⟩`, `›`, `«`, `”`, `「`, `。`,
/// `、` ...). None of the ASCII ones is in a URI of any grammar here; the others are look-alikes
/// of them that an IRI should not hold (rfc3987.txt:1600).
fn ends_bare(c: char) -> bool {
    c.is_whitespace() || matches!(c, '<' | '>' | '"' | '`') || punct::ends_uri(c)
}

/// A hyphen a renderer puts at a line end when it breaks a word: U+2010 HYPHEN (groff in a
/// UTF-8 locale) or U+00AD SOFT HYPHEN. It is no part of the text, so it is dropped.
fn is_break_hyphen(c: char) -> bool {
    matches!(c, '\u{2010}' | '\u{AD}')
}

/// The character that closes `c` when `c` is written just before an undelimited URI.
fn partner(c: char) -> Option<char> {
    Some(match c {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '\'' => '\'',
        '\u{2039}' => '\u{203A}', // ‹ ›
        '\u{27E8}' => '\u{27E9}', // ⟨ ⟩
        '\u{AB}' => '\u{BB}',     // « »
        '\u{201C}' => '\u{201D}', // “ ”
        '\u{2018}' => '\u{2019}', // ‘ ’
        _ => return None,
    })
}

/// The partner of the character before an undelimited URI, and how deep the URI has nested
/// that pair so far: the URI ends at the partner that closes the opener.
struct Closer {
    open: char,
    close: char,
    depth: usize,
}

impl Closer {
    /// Take in `c`; whether it closes the opener.
    fn closes(&mut self, c: char) -> bool {
        if self.open == self.close {
            return c == self.close;
        }
        if c == self.open {
            self.depth += 1;
        } else if c == self.close {
            if self.depth == 0 {
                return true;
            }
            self.depth -= 1;
        }
        false
    }
}

/// What [`run_end`] knows of an undelimited URI from its runs so far (the hyphen rule joins
/// runs across line breaks).
struct Run {
    /// The partner of the character before the URI.
    closer: Option<Closer>,
    /// The `[` of the URI that no `]` closes yet.
    square: usize,
    /// Whether the URI is written in ASCII so far.
    ascii: bool,
    /// Whether a `,` may still end it: no `?` or `#` yet.
    commas: bool,
    /// Whether the runs hold a bracket, a brace or a backslash (`[`, `]`, `{`, `}`, `\`): what
    /// a template or a regular expression holds ([`is_template`]).
    brackets: bool,
}

/// The end of the run of characters from `k` that an undelimited URI may hold, and whether
/// the run ended at the partner of the character before the URI, or at a `]` that closes
/// no `[` of the URI (`square` counts those open): Markdown's `[text at http://a/b](...)`.
/// No URI of any grammar holds such a `]`. A URI written in ASCII so far (`ascii`) ends
/// where the text changes script after one of its letters or digits to Chinese, Japanese or
/// Korean ([`glued_cjk`]). Before the URI's query and fragment (`commas`: no `?` or `#` yet),
/// a `,` ends it where another URI starts after it ([`comma_cut`]): the list
/// `http://a/,http://b/`.
///
/// Each character is looked at once, the words after commas at most 256 bytes each: a
/// list of many URIs on one line costs its length, not its length times its URIs.
fn run_end(text: &str, k: usize, run: &mut Run) -> (usize, bool) {
    let b = text.as_bytes();
    // The first `,` whose next word runs to a `:` and `//` (at the `/`): it ends the URI when
    // the run reaches that `/`, since the other URI is then whole in the run.
    let mut cut: Option<(usize, usize)> = None;
    let mut p = k;
    while p < b.len() {
        // The ASCII characters that decide nothing are passed over at once (up to the `/` of
        // a cut, which does).
        let stop = cut.map_or(b.len(), |(_, slash)| slash);
        if p < stop {
            p = RUN_PASSES.run_end(&b[..stop], p);
        }
        if let Some((comma, slash)) = cut
            && p == slash
        {
            return (comma, false);
        }
        let Some(c) = text[p..].chars().next() else {
            break;
        };
        match c {
            '?' | '#' => run.commas = false,
            ',' if run.commas && cut.is_none() => cut = comma_cut(text, p).map(|s| (p, s)),
            '[' | ']' | '{' | '}' | '\\' => run.brackets = true,
            _ => {}
        }
        if ends_bare(c) {
            return (p, false);
        }
        if run.ascii && !c.is_ascii() {
            // (The character before, in this run.)
            let prev = text[k..p].chars().next_back();
            if glued_cjk(text, prev, p) {
                return (p, false);
            }
            run.ascii = false;
        }
        if c == '|' && starts_uri(text, p + 1) {
            return (p, false);
        }
        if let Some(cl) = &mut run.closer
            && cl.closes(c)
        {
            return (p, true);
        }
        match c {
            '[' => run.square += 1,
            ']' if run.square == 0 => return (p, true),
            ']' => run.square -= 1,
            _ => {}
        }
        p += c.len_utf8();
    }
    (text.len(), false)
}

/// The characters that [`run_end`] passes over at once: the ASCII ones but those at which it
/// has something to decide, which are those that end an undelimited URI ([`ends_bare`]:
/// whitespace, `<`, `>`, `"` and the backtick), `?` and `#`, which end the part where a `,`
/// may start another URI, the `,` and `|` of a list, the brackets, the backslash (which marks
/// a regular expression: [`is_template`]), and the ASCII partners of an opener ([`partner`]).
const RUN_PASSES: Wide = Table::range(0, 127)
    .minus(Table::chars("\t\n\x0B\x0C\r <>\"`?#,|[](){}'\\"))
    .wide();

/// Whether the CJK letter at `at`, after `prev` in an undelimited URI written in ASCII up to
/// it, is the text's and not the URI's: it follows an ASCII letter or digit (`docs.htmlを`,
/// `wget에`, `docs获取`), and its run of CJK letters is not followed by a `/`, `#`, `=` or
/// `&` (a segment or a query value the URI goes on after: `wiki/C言語/x`). After a `/`,
/// `=`, `?` ... a CJK letter begins a segment or a value of an IRI (`wiki/ジョン`,
/// `?q=東京`), and stays in it.
fn glued_cjk(text: &str, prev: Option<char>, at: usize) -> bool {
    if !prev.is_some_and(|p| p.is_ascii_alphanumeric()) {
        return false;
    }
    if !text[at..].starts_with(punct::cjk) {
        return false;
    }
    let mut rest = text[at..].chars().skip_while(|&c| punct::cjk(c));
    // (Not a `?`: trailing punctuation, taken off the end.)
    !matches!(rest.next(), Some('/' | '#' | '=' | '&'))
}

/// What a look at a `<` or a scheme found.
enum Look {
    /// A candidate.
    Found(Candidate),
    /// None here.
    No,
    /// No URI up to this offset: a template for URIs (see [`is_template`]).
    Skip(usize),
    /// Undecided until more text comes.
    Open,
}

/// `⟨` (U+27E8 MATHEMATICAL LEFT ANGLE BRACKET), man-pages' delimiter around URLs.
const MATH_OPEN: &str = "\u{27E8}";
/// `⟩` (U+27E9), its partner.
const MATH_CLOSE: &str = "\u{27E9}";

/// Candidates from `from` on, and where the undecided rest starts (see [`extract_settled`]).
fn scan(text: &str, from: usize, last: bool) -> (Vec<Candidate>, usize) {
    let mut out = Vec::new();
    let rest = scan_each(text, from, last, |c| out.push(c));
    (out, rest)
}

/// [`scan`], handing each candidate to `each` as it is found; where the undecided rest starts.
fn scan_each(text: &str, from: usize, last: bool, mut each: impl FnMut(Candidate)) -> usize {
    let b = text.as_bytes();
    let mut i = from;
    // Up to where the runs after unknown schemes were read for a URI they carry (see
    // [`carries_uri`]), so that each is read once.
    let mut no_carrier = 0;
    // The pieces of an undelimited URI, made again for each.
    let mut pieces = Vec::new();
    // Bytes of multi-byte characters are all >= 0x80, so stepping byte by byte never takes
    // one for `<` or a letter; `⟨` is looked for at its first byte.
    while i < b.len() {
        let look = if b[i] == b'<' {
            angle(text, i, last, "<", ">")
        } else if b[i] == 0xE2 && text[i..].starts_with(MATH_OPEN) {
            angle(text, i, last, MATH_OPEN, MATH_CLOSE)
        } else if b[i].is_ascii_alphabetic() && (i == 0 || !is_scheme_byte(b[i - 1])) {
            let j = scheme_end(b, i);
            let key = config_key(text, i, j);
            match bare(
                text,
                key.unwrap_or(i),
                j,
                last,
                key.is_some(),
                &mut no_carrier,
                &mut pieces,
            ) {
                Look::No => {
                    i = j;
                    continue;
                }
                l => l,
            }
        } else {
            i += 1;
            continue;
        };
        match look {
            Look::Found(c) => {
                i = c.outer.end;
                each(c);
            }
            Look::No => i += 1,
            Look::Skip(end) => i = end,
            Look::Open => return i,
        }
    }
    text.len()
}

/// `<URL:...>`, `<scheme:...>` or `⟨scheme:...⟩` at `i` (the `open` delimiter; `close` is
/// its partner).
fn angle(text: &str, i: usize, last: bool, open: &str, close: &str) -> Look {
    let b = text.as_bytes();
    let undecided = if last { Look::No } else { Look::Open };
    let p = i + open.len();
    let rest = &text[p..];
    let (delimiter, start) = if open == "<" && rest.starts_with("URL:") {
        (Delimiter::AngleUrl, p + 4)
    } else if open == "<" && !last && "URL:".starts_with(rest) {
        return Look::Open;
    } else {
        match b.get(p) {
            Some(c) if c.is_ascii_alphabetic() => {}
            Some(_) => return Look::No,
            None => return undecided,
        }
        let colon = match scheme_end_across_breaks(text, p) {
            Some(colon) => colon,
            None if last => return Look::No,
            None => return Look::Open,
        };
        match b.get(colon) {
            Some(b':') => {}
            Some(_) => return Look::No,
            None => return undecided,
        }
        // `<Name: hello@1,0>`, `<T: Sized>`: a label and a space, as in a program's output or
        // a type's bounds, not a URI the writer marked (only `<URL: ...>` has a space there).
        match b.get(colon + 1) {
            Some(b' ' | b'\t') => return Look::No,
            Some(_) => {}
            None => return undecided,
        }
        (Delimiter::Angle, p)
    };
    let (open0, close0) = (open.as_bytes()[0], close.as_bytes()[0]);
    let mut k = start;
    let close_at = loop {
        if k - i > LOOKAHEAD {
            return Look::No;
        }
        match b.get(k) {
            None => return undecided,
            Some(&c) if c == close0 && text[k..].starts_with(close) => break k,
            Some(&c) if c == open0 && text[k..].starts_with(open) => return Look::No,
            Some(b'\n') => match blank_line_after(b, k) {
                Some(true) => return Look::No,
                Some(false) => k += 1,
                None if last => k += 1,
                None => return Look::Open,
            },
            Some(_) => k += 1,
        }
    };
    Look::Found(Candidate {
        outer: i..close_at + close.len(),
        pieces: delimited_pieces(text, start, close_at),
        delimiter,
        empty_at: start,
    })
}

/// The end of a delimited URI's scheme from `p`: the run of scheme characters, carried over a
/// renderer's hyphen (U+2010, U+00AD) at a line end as its text is (`<tel‐` at a line end,
/// `net://melvyl.ucop.edu/>` on the next: groff hyphenated the scheme). `None` when the text
/// ends before that is known.
fn scheme_end_across_breaks(text: &str, p: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut end = scheme_end(b, p);
    loop {
        let h = text[end..].chars().next()?;
        if !is_break_hyphen(h) {
            return Some(end);
        }
        let after = end + h.len_utf8();
        let gap = text[after..]
            .char_indices()
            .find(|&(_, c)| !c.is_whitespace())
            .map(|(n, _)| after + n)?;
        if gap - after > LOOKAHEAD
            || !text[after..gap].contains(['\n', '\r'])
            || !b[gap].is_ascii_alphanumeric()
        {
            return Some(end);
        }
        end = scheme_end(b, gap);
    }
}

/// The pieces of the URI between delimiters, `text[start..end]`: whitespace at either end is
/// no part of it, and whitespace that holds a line break is left out ("The whitespace should
/// be ignored when extracting the URI", rfc2396.txt:1879), with a renderer's hyphen before
/// it. Whitespace within a line stays in the URI, where the grammar reports it; once it has,
/// a line break is read as one space (the first of its whitespace): the writer put spaces in
/// the URI, and the text was wrapped at one of them (`<info:(gcc)G++ and` at a line end,
/// `GCC>` on the next).
fn delimited_pieces(text: &str, start: usize, end: usize) -> Vec<Seg> {
    let mut pieces: Vec<Seg> = Vec::new();
    let mut piece_start = None;
    let mut spaced = false;
    let mut k = start;
    while k < end {
        let c = text[k..].chars().next().unwrap_or(' ');
        if !c.is_whitespace() {
            piece_start.get_or_insert(k);
            k += c.len_utf8();
            continue;
        }
        let gap_end = text[k..end]
            .char_indices()
            .find(|&(_, c)| !c.is_whitespace())
            .map_or(end, |(n, _)| k + n);
        let breaks = text[k..gap_end].contains(['\n', '\r']);
        if let Some(s) = piece_start
            && (breaks || gap_end == end)
        {
            let mut e = k;
            if breaks
                && let Some(h) = text[s..k]
                    .chars()
                    .next_back()
                    .filter(|&h| is_break_hyphen(h))
            {
                e -= h.len_utf8();
            }
            if e > s {
                pieces.push(Seg::plain(s..e));
            }
            piece_start = None;
            if spaced
                && gap_end < end
                && let Some(n) = text[k..gap_end].find([' ', '\t'])
            {
                pieces.push(Seg::plain(k + n..k + n + 1));
            }
        } else if piece_start.is_some() {
            spaced = true;
        }
        k = gap_end;
    }
    if let Some(s) = piece_start {
        pieces.push(Seg::plain(s..end));
    }
    pieces
}

/// Whether the line after the `\n` at `k` is blank (only spaces, tabs and `\r`); `None` when
/// the text ends before that is known.
fn blank_line_after(b: &[u8], k: usize) -> Option<bool> {
    let rest = &b[k + 1..];
    let n = rest
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b'\t' | b'\r' | b'\x0B' | b'\x0C'))
        .count();
    rest.get(n).map(|&c| c == b'\n')
}

/// The start of the URL in a configuration key that holds one (`url.https://a/.insteadOf`,
/// `auth.https://example.net.user`): the run of scheme characters `i..j` holds a `.`, what
/// follows its last `.` is a known scheme, and `://` follows. The URL is the part between
/// the key's dots (`bare` cuts the key's last part off its end).
fn config_key(text: &str, i: usize, j: usize) -> Option<usize> {
    let dot = i + text.as_bytes()[i..j].iter().rposition(|&c| c == b'.')?;
    let scheme = &text[dot + 1..j];
    let known = scheme.starts_with(|c: char| c.is_ascii_alphabetic()) && is_known(scheme);
    (known && text[j..].starts_with("://")).then_some(dot + 1)
}

/// Whether the scheme is `data` and what follows its `:` has the shape of RFC 2397's
/// `[ mediatype ] [ ";base64" ] "," data`: a `,` in the run, before it nothing, or a
/// parameter (`;...`), or a `type/subtype`. So `data:image/png;base64,iVBOR...` and
/// `data:,Hello` are URIs, and `data:int` or `data:value` (a name and a value, a type
/// annotation) are not.
fn data_url(scheme: &str, after: &str) -> bool {
    if !scheme.eq_ignore_ascii_case("data") {
        return false;
    }
    let head = after
        .char_indices()
        .take(256)
        .find(|&(_, c)| c == ',' || ends_bare(c))
        .filter(|&(_, c)| c == ',')
        .map(|(n, _)| &after[..n]);
    let Some(head) = head else {
        return false;
    };
    let media = head.split(';').next().unwrap_or("");
    media.is_empty()
        || media
            .split_once('/')
            .is_some_and(|(t, s)| t.starts_with(|c: char| c.is_ascii_alphabetic()) && !s.is_empty())
}

/// Whether the run after an unknown scheme's `:` at `j` carries a URI in its query: it holds
/// a `?`, and after it a scheme that starts a word and would start a URI (a known one and
/// `:`, or any and `://`): `magnet:?xt=urn:btih:...&dn=x`. A URI carried in another one's
/// query is that URI's (docs/documents.md), so the URI starts at the unknown scheme. `None`
/// when the text ends before that is known. `seen` is where a run read before ended without
/// one: a scheme before it is in that run, and its query (a part of that run's) carries none.
fn carries_uri(text: &str, j: usize, last: bool, seen: &mut usize) -> Option<bool> {
    if j < *seen {
        return Some(false);
    }
    let b = text.as_bytes();
    let mut query = false;
    for (n, c) in text[j + 1..].char_indices() {
        let k = j + 1 + n;
        if ends_bare(c) || n > LOOKAHEAD {
            *seen = k;
            return Some(false);
        }
        if c == '?' {
            query = true;
        } else if query && c.is_ascii_alphabetic() && !is_scheme_byte(b[k - 1]) {
            let e = scheme_end(b, k);
            let known = is_known(&text[k..e]);
            if b.get(e) == Some(&b':') && (known || text[e + 1..].starts_with("//")) {
                return Some(true);
            }
        }
    }
    if !last {
        return None;
    }
    *seen = text.len();
    Some(false)
}

/// Whether `text` after the unknown scheme's `:` at `j` (the URI's extent, to its end) still
/// carries a URI as [`carries_uri`] reads it, one with a character after its `:` (and after
/// its `//`, for a scheme that is not known): so that the URI found, read again on its own, is
/// itself.
fn carried(text: &str, j: usize) -> bool {
    let b = text.as_bytes();
    let Some(q) = text[j + 1..].find('?') else {
        return false;
    };
    let from = j + 1 + q + 1;
    (from..b.len()).any(|k| {
        if !b[k].is_ascii_alphabetic() || is_scheme_byte(b[k - 1]) {
            return false;
        }
        let e = scheme_end(b, k);
        if b.get(e) != Some(&b':') {
            return false;
        }
        let rest = &text[e + 1..];
        if is_known(&text[k..e]) {
            !rest.is_empty()
        } else {
            rest.len() > 2 && rest.starts_with("//")
        }
    })
}

/// An undelimited URI whose scheme is `i..j`; `key` when it stands in a configuration key
/// ([`config_key`]); `no_carrier` as [`carries_uri`]'s `seen`; `pieces` a vector to make its
/// pieces in (what it holds is dropped).
fn bare(
    text: &str,
    i: usize,
    j: usize,
    last: bool,
    key: bool,
    no_carrier: &mut usize,
    pieces: &mut Vec<Range<usize>>,
) -> Look {
    let undecided = if last { Look::No } else { Look::Open };
    match text.as_bytes().get(j) {
        Some(b':') => {}
        Some(_) => return Look::No,
        None => return undecided,
    }
    let scheme = &text[i..j];
    let after = &text[j + 1..];
    // `File::open`, `Gopher::Server`: a path of a programming language, whose `::` no URI
    // of prose starts with.
    if after.starts_with(':') {
        return Look::No;
    }
    let carrier = !is_known(scheme) && !after.starts_with("//") && !data_url(scheme, after);
    if carrier {
        if !last && "//".starts_with(after) {
            return Look::Open;
        }
        match carries_uri(text, j, last, no_carrier) {
            Some(true) => {}
            Some(false) => return Look::No,
            None => return Look::Open,
        }
    }
    // A bracket or quote just before the URI is closed by its partner.
    let closer = text[..i].chars().next_back().and_then(|open| {
        partner(open).map(|close| Closer {
            open,
            close,
            depth: 0,
        })
    });
    let mut run = Run {
        closer,
        square: 0,
        ascii: true,
        commas: true,
        brackets: false,
    };
    let (first, mut closed) = run_end(text, i, &mut run);
    if first == text.len() && !last {
        return Look::Open;
    }
    // A placeholder right after the run (`rtp://[<group-address>]:<port>`,
    // `http://host:<port>/`), or a bracket of its authority that closes after whitespace or
    // a `<` (`http://[IP of Snowball]:8080`): a template.
    // (Only a run with a bracket or a brace can be a template or have AsciiDoc's link text.)
    if placeholder_after(text, first) || (run.brackets && unclosed_in_authority(text, i, first)) {
        return Look::Skip(first);
    }
    pieces.clear();
    pieces.push(i..first);
    // The hyphen rule: a run that ends with "-" before a line break goes on after it; a
    // renderer's hyphen there is dropped.
    while !closed {
        let end = pieces.last().map_or(i, |p| p.end);
        let Some(h) = text[..end].chars().next_back() else {
            break;
        };
        if !(h == '-' || is_break_hyphen(h)) || end - i > LOOKAHEAD {
            break;
        }
        let limit = (end + LOOKAHEAD).min(text.len());
        let gap = text[end..]
            .char_indices()
            .take_while(|&(n, _)| end + n < limit)
            .find(|&(_, c)| !c.is_whitespace())
            .map_or(limit, |(n, _)| end + n);
        if gap == text.len() && !last {
            return Look::Open;
        }
        if !text[end..gap].contains(['\n', '\r']) {
            break;
        }
        let next;
        (next, closed) = run_end(text, gap, &mut run);
        if next == text.len() && !last {
            return Look::Open;
        }
        if next == gap {
            break;
        }
        if is_break_hyphen(h)
            && let Some(p) = pieces.last_mut()
        {
            p.end -= h.len_utf8();
        }
        pieces.push(gap..next);
    }
    // An option in brackets of a synopsis: `[protocol://]host`.
    let end = pieces.last().map_or(i, |p| p.end);
    if closed && text[end..].starts_with(']') {
        let next = text[end + 1..].chars().next();
        if next.is_none() && !last {
            return Look::Open;
        }
        if next.is_some_and(|c| c.is_alphanumeric() || c == '[') {
            return Look::Skip(end + 1);
        }
    }
    if key {
        key_end(text, j, pieces);
    }
    // To a fixpoint, so that the URI found, read again on its own, is itself.
    loop {
        strip_trailing(text, i, j, pieces);
        let (n, end) = (pieces.len(), pieces.last().map_or(i, |p| p.end));
        if run.brackets {
            asciidoc_link_text(text, pieces);
        }
        if (n, end) == (pieces.len(), pieces.last().map_or(i, |p| p.end)) {
            break;
        }
    }
    let end = pieces.last().map_or(i, |p| p.end);
    if end <= j + 1 {
        return Look::No;
    }
    if carrier && !carried(&text[..end], j) {
        // No scheme later in this run carries one either (its query is a part of this one's):
        // the run is read once.
        *no_carrier = (*no_carrier).max(first);
        return Look::No;
    }
    // `http://` or `file://` alone names a kind of URI, a prefix the text talks about: no
    // authority, no path, nothing a link could lead to.
    if end == j + 3 && text[j + 1..end] == *"//" {
        return Look::No;
    }
    if run.brackets && is_template(text, pieces) {
        // Skip its first line only: nothing skipped crosses whitespace, so a place after
        // whitespace where no URI is open is one where reading starts afresh (the language
        // server's barriers rely on it).
        return Look::Skip(pieces.first().map_or(end, |p| p.end));
    }
    Look::Found(Candidate {
        outer: i..end,
        pieces: pieces.iter().cloned().map(Seg::plain).collect(),
        delimiter: Delimiter::None,
        empty_at: i,
    })
}

/// Where the `,` at `comma` is one of a list of URIs joined by commas (`http://a/,http://b/`,
/// OpenSSL's `OCSP;URI:http://a/,caIssuers;URI:http://b/`), the `/` of the next one's `//`:
/// the next word runs, without a `/`, to a `:` and `//` within 256 bytes (another URI with an
/// authority starts there). [`run_end`] ends the URI at the `,` when its run reaches that
/// `/`. No path segment or authority holds `://` in a URI a person writes.
fn comma_cut(text: &str, comma: usize) -> Option<usize> {
    let rest = &text[comma + 1..];
    if !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let k = rest.bytes().take(256).position(|c| c == b'/')?;
    (rest[..k].ends_with(':') && rest[k..].starts_with("//")).then_some(comma + 1 + k)
}

/// Whether a scheme that would start a URI stands at `k` (a known one and `:`, or any and
/// `//`): after a `|`, it ends the URI before (`tee:file://a/one.avi|file://a/two.avi`, a
/// list). No URI of any grammar here holds a `|`, so this cuts none meant as one.
fn starts_uri(text: &str, k: usize) -> bool {
    let b = text.as_bytes();
    if !b.get(k).is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let e = scheme_end(b, k);
    let known = is_known(&text[k..e]);
    b.get(e) == Some(&b':') && (known || text[e + 1..].starts_with("//"))
}

/// The end of a URL in a configuration key ([`config_key`]): before the key's last part, a
/// `.` and a name (`.insteadOf`, `.user`, `.sslVerify`) at the end of the run or before a
/// `=` and its value. The `.` must stand after the URL's `//` and a character.
fn key_end(text: &str, j: usize, pieces: &mut [Range<usize>]) {
    let Some(p) = pieces.last_mut() else {
        return;
    };
    let s = &text[p.clone()];
    let tail = s.split_once('=').map_or(s, |(k, _)| k);
    let Some(dot) = tail.rfind('.') else {
        return;
    };
    let name = &tail[dot + 1..];
    let is_name = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_'));
    if is_name && p.start + dot > j + 4 {
        p.end = p.start + dot;
    }
}

/// Whether a placeholder starts at `at`, just after an undelimited run: `<`, a letter, then
/// letters, digits, `-`, `_` or `.`, and `>` (`<group-address>`, `<port>`).
fn placeholder_after(text: &str, at: usize) -> bool {
    let Some(rest) = text[at..].strip_prefix('<') else {
        return false;
    };
    let n = rest
        .bytes()
        .take(64)
        .take_while(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        .count();
    n > 0 && rest.as_bytes()[0].is_ascii_alphabetic() && rest.as_bytes().get(n) == Some(&b'>')
}

/// Whether the run `i..end` leaves a `[` of its authority open, and the text closes it with
/// a `]` later on the same line (within 128 bytes): what the brackets hold has whitespace or
/// a `<`, which no IP literal has (`http://[IP of Snowball]:8080`, `rtp://[<group>]`).
fn unclosed_in_authority(text: &str, i: usize, end: usize) -> bool {
    let s = &text[i..end];
    let Some(a) = colon_slashes(s).map(|k| k + 3) else {
        return false;
    };
    let authority = &s[a..s[a..].find(['/', '?', '#']).map_or(s.len(), |n| a + n)];
    let Some(open) = authority.rfind('[') else {
        return false;
    };
    if authority[open..].contains(']') {
        return false;
    }
    let mut near = (end + 128).min(text.len());
    while !text.is_char_boundary(near) {
        near -= 1;
    }
    let line = text[end..near].split(['\n', '\r']).next().unwrap_or("");
    line.contains(']')
}

/// Trailing sentence punctuation (above U+007F: [`punct::trails`]), a `\` (a string escape or
/// a line continuation), and a `)`,
/// `]` or `}` that closes nothing in the URI are no part of it. The scheme `i..j` and its
/// `:` stay.
fn strip_trailing(text: &str, i: usize, j: usize, pieces: &mut Vec<Range<usize>>) {
    // Each pair, with how many of its opener and its closer the pieces hold: counted when a
    // closer is first at the end (most URIs end in none).
    let count = |pieces: &[Range<usize>]| {
        let mut n = [0usize; 6];
        for p in pieces {
            for &c in text[p.clone()].as_bytes() {
                if let Some(k) = b"()[]{}".iter().position(|&x| x == c) {
                    n[k] += 1;
                }
            }
        }
        [
            ('(', ')', n[0], n[1]),
            ('[', ']', n[2], n[3]),
            ('{', '}', n[4], n[5]),
        ]
    };
    let mut balance = None;
    while let Some(p) = pieces.last() {
        let p = p.clone();
        let Some(c) = text[p.clone()].chars().next_back() else {
            pieces.pop();
            continue;
        };
        let strip = match c {
            '.' | ',' | ';' | ':' | '!' | '?' | '\'' | '\\' => true,
            c if punct::trails(c) => true,
            ')' | ']' | '}' => balance
                .get_or_insert_with(|| count(pieces))
                .iter()
                .any(|&(_, close, opened, closed)| c == close && closed > opened),
            _ => false,
        };
        // Keep the scheme and its ":" (at least one character must follow).
        if !strip || (p.start == i && p.end <= j + 1) {
            break;
        }
        let Some(p) = pieces.last_mut() else {
            break;
        };
        p.end -= c.len_utf8();
        for (open, close, opened, closed) in balance.iter_mut().flatten() {
            if c == *close {
                *closed -= 1;
            } else if c == *open {
                *opened -= 1;
            }
        }
        if p.start == p.end {
            pieces.pop();
        }
    }
}

/// AsciiDoc writes a link's text in brackets right after the URI (`https://a/b[text]`,
/// `https://a/b[two words]` or `[]`): the one `[` of the URI's last piece, when no `]`
/// follows it but as the last character and it does not stand where a host does (after `//`
/// or `@`) nor where a query's brackets do (after `?`, `=` or `&`), starts no part of the
/// URI.
fn asciidoc_link_text(text: &str, pieces: &mut [Range<usize>]) {
    let Some(p) = pieces.last_mut() else {
        return;
    };
    let s = &text[p.clone()];
    let Some(open) = s.rfind('[') else {
        return;
    };
    let inside = s[open + 1..].strip_suffix(']').unwrap_or(&s[open + 1..]);
    // `http://127.0.0.1[aa::ff]`: an IP literal's brackets, misplaced, and reported.
    if inside.contains(']') || ip_literal_like(inside) {
        return;
    }
    let before = &s[..open];
    if before.is_empty() || before.ends_with("//") || before.ends_with(['@', '?', '=', '&']) {
        return;
    }
    // Only one group: so that the URI found, read again on its own, is itself.
    if before.contains(['[', ']']) {
        return;
    }
    p.end = p.start + open;
}

/// Whether an undelimited candidate is a template for URIs rather than a URI: it holds
/// braces (shell brace expansion, `${VAR}`, RFC 6570 expressions), brackets in the authority
/// around what no IP literal is (options of a synopsis: `ssh://[user@]host[:port]/`), or a
/// range in brackets (curl's globs: `file[1-100].txt`, `[a-z:2]`). No brace is in a URI of
/// any grammar here, nor a bracket but an IP literal's, so such a string was never written
/// to be read as it stands. Other brackets (`?a[]=1`, `?q=[x]`) are reported.
fn is_template(text: &str, pieces: &[Range<usize>]) -> bool {
    let s: Cow<'_, str> = match pieces {
        [p] => Cow::Borrowed(&text[p.clone()]),
        _ => Cow::Owned(pieces.iter().map(|p| &text[p.clone()]).collect()),
    };
    if s.bytes().any(|c| matches!(c, b'{' | b'}')) {
        return true;
    }
    let authority = colon_slashes(&s).map(|k| {
        let a = k + 3;
        a..s[a..].find(['/', '?', '#']).map_or(s.len(), |n| a + n)
    });
    // A dot escaped in the authority: a host name written in a regular expression
    // (`^https://source\.developers\.google\.com/projects/`); no host holds a `\`.
    if authority
        .as_ref()
        .is_some_and(|a| s[a.clone()].contains("\\."))
    {
        return true;
    }
    let mut from = 0;
    while let Some(n) = s[from..].find('[') {
        let open = from + n;
        let Some(len) = s[open + 1..].find(']') else {
            break;
        };
        let group = &s[open + 1..open + 1 + len];
        let in_authority = authority.as_ref().is_some_and(|a| a.contains(&open));
        // A whole path segment in brackets that holds a letter: a placeholder
        // (`http://127.0.0.1:5572/[remote:path]/path/to/object`).
        let after = &s[open + 1 + len + 1..];
        let segment = !in_authority
            && s[..open].ends_with('/')
            && (after.is_empty() || after.starts_with('/'))
            && group.bytes().any(|c| c.is_ascii_alphabetic());
        if (in_authority && !ip_literal_like(group)) || glob_range(group) || segment {
            return true;
        }
        from = open + 1 + len + 1;
    }
    false
}

/// The first `://` of `s`, as `s.find("://")` finds it, looked for from each `:`.
fn colon_slashes(s: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(n) = s[from..].find(':') {
        let k = from + n;
        if s[k + 1..].starts_with("//") {
            return Some(k);
        }
        from = k + 1;
    }
    None
}

/// curl's glob range: letters or digits, `-`, letters or digits, and an optional `:` step.
fn glob_range(g: &str) -> bool {
    let (range, step) = g.split_once(':').unwrap_or((g, "1"));
    let Some((a, b)) = range.split_once('-') else {
        return false;
    };
    let alnum = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_alphanumeric());
    alnum(a) && alnum(b) && !step.is_empty() && step.bytes().all(|c| c.is_ascii_digit())
}

/// Whether the text between brackets may be an IP literal's: `v` and a hex digit
/// (IPvFuture), or at least two `:` (an IPv6 address has them) among hex digits, `.` and a
/// zone after `%`.
fn ip_literal_like(g: &str) -> bool {
    let b = g.as_bytes();
    if matches!(b, [b'v' | b'V', h, ..] if h.is_ascii_hexdigit()) {
        return true;
    }
    g.matches(':').count() >= 2
        && b.iter().all(|&c| {
            c.is_ascii_alphanumeric() || matches!(c, b':' | b'.' | b'%' | b'-' | b'_' | b'~')
        })
}

/// The URI the pieces make.
fn assemble<'a>(text: &'a str, segs: &[Seg]) -> Cow<'a, str> {
    match segs {
        [] => Cow::Borrowed(""),
        [
            Seg {
                range,
                decoded: None,
            },
        ] => Cow::Borrowed(&text[range.clone()]),
        _ => {
            let mut s = String::new();
            for g in segs {
                s.push_str(g.decoded.as_deref().unwrap_or(&text[g.range.clone()]));
            }
            Cow::Owned(s)
        }
    }
}

/// The pieces with their offsets in the URI they make (in the memory of `segs`).
fn placed(segs: Vec<Seg>) -> Vec<Piece> {
    let mut at = 0;
    segs.into_iter()
        .map(|s| {
            let p = Piece {
                at,
                range: s.range.clone(),
                decoded: s.decoded.is_some(),
            };
            at += s.decoded.as_deref().map_or(s.range.len(), str::len);
            p
        })
        .collect()
}

/// The check that extraction makes of a URI it found ([`Found::text`]), against `grammar`'s
/// start rule: under RFC 1738, of the URL before the first `#`, since the fragment identifier
/// goes "within the brackets as well" but is no part of the URL (rfc1738.txt:1205; `#` is no
/// `xchar`), as [`crate::rfc1738::find_urls`] reads it; under the other grammars, of the
/// whole reference. Every surface that checks a found URI again (a hover, a quick fix) checks
/// it so, to give the verdict that [`Found::result`] gives. The error's offsets count in
/// `uri`.
///
/// ```
/// use urigram::{Grammar, extract::check_found};
/// assert!(check_found(Grammar::Rfc1738, "http://a/b.html#top").is_ok());
/// assert!(Grammar::Rfc1738.check("url", "http://a/b.html#top").is_err());
/// assert!(check_found(Grammar::Rfc2396, "http://a/b#c#d").is_err());
/// ```
pub fn check_found(grammar: Grammar, uri: &str) -> Result<(), Error> {
    grammar.check(grammar.start_rule(), checked_part(grammar, uri))
}

/// The part of a found URI that [`check_found`] checks: a prefix of `uri`, so offsets in it
/// are offsets in `uri`.
pub(crate) fn checked_part(grammar: Grammar, uri: &str) -> &str {
    match grammar {
        Grammar::Rfc1738 => uri.split_once('#').map_or(uri, |(url, _)| url),
        _ => uri,
    }
}

fn found<'a>(text: &'a str, grammar: Grammar, c: Candidate, cursor: &mut Cursor<'_>) -> Found<'a> {
    let hyphen_breaks: Vec<usize> = c
        .pieces
        .windows(2)
        .filter(|w| {
            w[0].decoded.is_none()
                && w[0].range.end < w[1].range.start
                && text[w[0].range.clone()].ends_with('-')
                && text[w[0].range.end..w[1].range.start].contains(['\n', '\r'])
        })
        .map(|w| w[0].range.end - 1)
        .collect();
    let mut segs = c.pieces;
    let mut uri = assemble(text, &segs);
    let mut result = locate_found(grammar, &uri);
    let mut hyphens_dropped = false;
    if result.is_err() && !hyphen_breaks.is_empty() {
        let without: Vec<Seg> = segs
            .iter()
            .map(|s| {
                let cut = s.decoded.is_none()
                    && !s.range.is_empty()
                    && hyphen_breaks.binary_search(&(s.range.end - 1)).is_ok();
                Seg {
                    range: s.range.start..s.range.end - usize::from(cut),
                    decoded: s.decoded.clone(),
                }
            })
            .filter(|s| !s.range.is_empty())
            .collect();
        let u2 = assemble(text, &without);
        if locate_found(grammar, &u2).is_ok() {
            (segs, uri, result, hyphens_dropped) = (without, u2, Ok(()), true);
        }
    }
    let pieces = placed(segs);
    let range = match (pieces.first(), pieces.last()) {
        (Some(a), Some(z)) => a.range.start..z.range.end,
        _ => c.empty_at..c.empty_at,
    };
    let start = cursor.at(range.start);
    let mut f = Found {
        text: uri,
        range,
        outer: c.outer,
        start,
        pieces,
        delimiter: c.delimiter,
        hyphen_breaks,
        hyphens_dropped,
        result: Ok(()),
    };
    f.result = result.map_err(|b| {
        let r = if b.end() > b.offset() {
            f.source_range(b.offset(), b.end())
        } else {
            let at = f.source_offset(b.offset());
            at..at
        };
        b.relocated(r.start, r.end)
    });
    f
}

/// [`check_found`]'s verdict and where it stops, without the diagnostic.
fn locate_found(grammar: Grammar, uri: &str) -> Result<(), Brief> {
    grammar.locate(grammar.start_rule(), checked_part(grammar, uri))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &str) -> Vec<String> {
        extract(t, Grammar::Rfc2396)
            .into_iter()
            .map(|f| f.text.into_owned())
            .collect()
    }

    /// RFC 2396 Appendix E's example (rfc2396.txt:1904) and the three URIs it says the text
    /// contains.
    #[test]
    fn rfc2396_appendix_e_example() {
        let text = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      \
                    but you can probably pick it up from <ftp://ds.internic.\n      \
                    net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      \
                    ietf/uri/historical.html#WARNING>.\n";
        let f = extract(text, Grammar::Rfc2396);
        let got: Vec<&str> = f.iter().map(|f| f.text.as_ref()).collect();
        assert_eq!(
            got,
            [
                "http://www.w3.org/Addressing/",
                "ftp://ds.internic.net/rfc/",
                "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
            ]
        );
        assert!(f.iter().all(|f| f.is_valid()));
        assert_eq!(f[0].delimiter, Delimiter::None);
        assert_eq!(f[1].delimiter, Delimiter::Angle);
        assert_eq!(f[1].pieces.len(), 2);
        assert_eq!(
            &text[f[1].outer.clone()],
            "<ftp://ds.internic.\n      net/rfc/>"
        );
        assert_eq!(f[2].start.line, 3);
        assert!(f.iter().all(|f| f.hyphen_breaks.is_empty()));
    }

    /// The RFC 1738 appendix's examples (rfc1738.txt:1221).
    #[test]
    fn rfc1738_appendix_examples() {
        let text = "      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      \
                    type=d> but you can probably pick it up from <URL:ftp://ds.in\n      \
                    ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n      \
                    net/instructions/overview.html#WARNING>.\n";
        let f = extract(text, Grammar::Rfc2396);
        let got: Vec<&str> = f.iter().map(|f| f.text.as_ref()).collect();
        assert_eq!(
            got,
            [
                "ftp://info.cern.ch/pub/www/doc;type=d",
                "ftp://ds.internic.net/rfc",
                "http://ds.internic.net/instructions/overview.html#WARNING",
            ]
        );
        assert!(f.iter().all(|f| f.delimiter == Delimiter::AngleUrl));
        assert!(f.iter().all(|f| f.is_valid()));
        // Pieces map back: "type=d" starts line 2.
        let p = &f[0].pieces[1];
        assert_eq!(&text[p.range.clone()], "type=d");
        assert_eq!(p.at, "ftp://info.cern.ch/pub/www/doc;".len());
    }

    #[test]
    fn url_prefix_with_a_space_and_relative_references() {
        assert_eq!(
            texts("<URL: http://a/b> <URL:../c> <URL:>"),
            ["http://a/b", "../c", ""]
        );
        let f = extract("<URL:>", Grammar::Rfc2396);
        assert_eq!(f[0].range, 5..5);
        assert!(f[0].pieces.is_empty());
    }

    #[test]
    fn angle_brackets_that_are_not_delimiters() {
        assert!(texts("a < b and c > d, <b>bold</b>, <a href=\"x\">").is_empty());
        // Unclosed before a blank line: read undelimited.
        assert_eq!(
            texts("<http://a/ never closed\n\nhttp:x>"),
            ["http://a/", "http:x"]
        );
        // Unclosed before the next "<": the first is read undelimited.
        assert_eq!(texts("<http://a/ <http://b/>"), ["http://a/", "http://b/"]);
        assert_eq!(
            texts("<a href=\"http://x/y\">z</a>"),
            ["http://x/y"],
            "quotes end an undelimited URI"
        );
    }

    #[test]
    fn undelimited_candidates() {
        assert_eq!(
            texts("Note: see http://a/b. Also (http://c/d), 'mailto:x@y'; news:comp.x!"),
            ["http://a/b", "http://c/d", "mailto:x@y", "news:comp.x"]
        );
        // Unknown schemes need "//"; words with a colon are not URIs.
        assert!(texts("TODO: fix std::vec and \"key\":{1} at 10:30 e.g. a:b").is_empty());
        assert_eq!(
            texts("svn+ssh://h/p and x-y.z://w"),
            ["svn+ssh://h/p", "x-y.z://w"]
        );
        // Parentheses inside the URI are kept.
        assert_eq!(
            texts("(see http://en.wikipedia.org/wiki/URI_(disambiguation))."),
            ["http://en.wikipedia.org/wiki/URI_(disambiguation)"]
        );
        // Nothing after the colon: no URI.
        assert!(texts("the http: scheme, and mailto:.").is_empty());
        // Upper case known schemes, and the "URL:" prefix without brackets.
        assert_eq!(texts("HTTP://A/ URL:ftp://b/"), ["HTTP://A/", "ftp://b/"]);
        // The scheme must start a word.
        assert!(texts("xmailto:a 2http://b").is_empty());
    }

    #[test]
    fn invalid_uris_are_reported_in_the_text() {
        let text = "line one\n  go to http://exa mple/ or <URL:http://a/b%\n   zz>.";
        let f = extract(text, Grammar::Rfc2396);
        // An undelimited URI ends at the space: "mple/" is a word of the text.
        assert_eq!(f.len(), 2);
        assert_eq!(f[0].text, "http://exa");
        assert!(f[0].is_valid());
        let e = &f[1].error(text).unwrap();
        // "http://a/b%zz": the first bad byte is 'z' at 11, on the next line of the text.
        assert_eq!(f[1].text, "http://a/b%zz");
        assert_eq!(e.rule(), "escaped");
        assert_eq!(&text[e.offset()..e.end()], "z");
        assert_eq!((e.line(), e.column(), e.column_utf16()), (3, 4, 4));
        assert_eq!(Position::of(text, e.offset()).column, e.column());
        assert!(e.message().contains("at byte 11"), "{}", e.message());
    }

    #[test]
    fn columns_after_non_ascii_and_non_bmp_characters() {
        let text = "é😀 x http://a/b%zz\n😀😀<URL:http://c/%G0>";
        let f = extract(text, Grammar::Rfc2396);
        assert_eq!(f.len(), 2);
        assert_eq!(
            (f[0].start.line, f[0].start.column, f[0].start.column_utf16),
            (1, 6, 7)
        );
        let e = &f[0].error(text).unwrap();
        assert_eq!(&text[e.offset()..e.end()], "z");
        // é (1 char, 1 unit), 😀 (1 char, 2 units), " x " and "http://a/b%" (14 chars).
        assert_eq!((e.line(), e.column(), e.column_utf16()), (1, 17, 18));
        let e = &f[1].error(text).unwrap();
        assert_eq!(&text[e.offset()..e.end()], "G");
        assert_eq!((e.line(), e.column(), e.column_utf16()), (2, 18, 20));
        for f in &f {
            let e = &f.error(text).unwrap();
            let p = Position::of(text, e.offset());
            assert_eq!(
                (p.line, p.column, p.column_utf16),
                (e.line(), e.column(), e.column_utf16())
            );
        }
    }

    #[test]
    fn the_hyphen_rule() {
        // Undelimited: a run ending in "-" before a line break goes on.
        let f = extract("see http://www.ics-\n   uci.edu/a now", Grammar::Rfc2396);
        assert_eq!(f[0].text, "http://www.ics-uci.edu/a");
        assert_eq!(f[0].hyphen_breaks, [18]);
        assert!(!f[0].hyphens_dropped);
        // Not before a line break: two words.
        assert_eq!(texts("http://a- b"), ["http://a-"]);
        // A hyphen a typesetter added: only the reading without it conforms ("-http:" is no
        // relative path: rel_segment has no ":").
        let f = extract("<URL:-\n  http://a/>", Grammar::Rfc2396);
        assert_eq!(f[0].text, "http://a/");
        assert!(f[0].hyphens_dropped && f[0].is_valid());
        assert_eq!(f[0].hyphen_breaks, [5]);
        assert_eq!(f[0].range, 9..18);
        // Both readings conform: the hyphen stays ("exam-.ple" is a reg_name).
        let f = extract("<URL:http://exam-\n  .ple/>", Grammar::Rfc2396);
        assert_eq!(f[0].text, "http://exam-.ple/");
        assert!(!f[0].hyphens_dropped && f[0].is_valid());
        // Neither reading conforms: the text as written is reported.
        let f = extract("<URL:http://exam-\n  .ple/%>", Grammar::Rfc2396);
        assert_eq!(f[0].text, "http://exam-.ple/%");
        assert!(!f[0].hyphens_dropped && !f[0].is_valid());
    }

    #[test]
    fn source_offsets_follow_pieces() {
        let text = "<URL:ab\n cd\n\te>";
        let f = &extract(text, Grammar::Rfc2396)[0];
        assert_eq!(f.text, "abcde");
        let mapped: Vec<usize> = (0..=5).map(|k| f.source_offset(k)).collect();
        assert_eq!(mapped, [5, 6, 9, 10, 13, 14]);
        assert_eq!(f.range, 5..14);
        assert_eq!(f.outer, 0..15);
        // Whitespace within a line is in the URI.
        let f = &extract("<URL:ab\n cd\te>", Grammar::Rfc2396)[0];
        assert_eq!(f.text, "abcd\te");
        assert_eq!(f.pieces.len(), 2);
    }

    /// Long texts that would be slow for a finder that looks back or far ahead: linear, so
    /// this finishes at once.
    /// [`is_known`] is membership in [`KNOWN_SCHEMES`], in any case.
    #[test]
    fn known_schemes_in_any_case() {
        for k in KNOWN_SCHEMES {
            assert!((3..=10).contains(&k.len()), "{k}");
            assert!(is_known(k) && is_known(&k.to_ascii_uppercase()), "{k}");
            assert!(!is_known(&format!("{k}x")) && !is_known(&k[1..]), "{k}");
        }
        for s in [
            "",
            "h",
            "ht",
            "htt",
            "httpss",
            "xhttp",
            "data",
            "z39.5",
            "mailservers",
        ] {
            assert!(!is_known(s), "{s}");
        }
    }

    /// The ASCII characters that [`run_end`] passes over at once are those that decide nothing
    /// there: none ends a URI, changes the part a `,` may cut, joins a list, opens or closes
    /// a pair, or marks a regular expression.
    #[test]
    fn the_characters_a_run_passes_over_decide_nothing() {
        for b in 0u8..128 {
            let c = char::from(b);
            let decides = ends_bare(c)
                || "?#,|[]\\".contains(c)
                || partner(c).is_some()
                || ('\0'..=char::MAX).any(|o| partner(o) == Some(c));
            assert_eq!(RUN_PASSES.contains(b), !decides, "{c:?}");
        }
    }

    #[test]
    fn megabyte_texts() {
        const MB: usize = 1 << 20;
        for unit in [
            "<a:",
            "<URL:",
            "http://a-\n",
            "a",
            "a:",
            "x)",
            "(",
            "<http:x ",
            "é😀<",
            "\u{27e8}a:",
            "(http://a/(",
            "http://a\u{2010}\n",
            "[a://]",
            "{http://[",
            "http://[x",
            "x`",
        ] {
            let text = unit.repeat(MB / unit.len());
            let found = extract(&text, Grammar::Rfc2396);
            assert!(found.len() <= text.len());
        }
        let many = "http://a/%zz ".repeat(50_000);
        let found = extract(&many, Grammar::Rfc2396);
        assert_eq!(found.len(), 50_000);
        let e = &found[49_999].error(&many).unwrap();
        assert_eq!((e.line(), e.column()), (1, 49_999 * 13 + 11));
    }

    /// Random text from pieces that matter to the finder: no panic, and every result is
    /// consistent with the text.
    // The seeded generator comes with the `bnf` feature (on by default).
    #[cfg(feature = "bnf")]
    #[test]
    fn no_panic_on_random_text() {
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
            "\"",
            "'",
            "”",
            "#",
            "?",
            "/",
            "@",
            "1",
            "\u{0}",
            "\u{2028}",
            "`",
            "``",
            "{",
            "}",
            "[",
            "\\",
            "\\\n",
            "\u{2010}",
            "\u{2010}\n",
            "\u{ad}",
            "\u{ad}\n",
            "\u{27e8}",
            "\u{27e9}",
            "\u{27e8}http:",
            "\u{2039}",
            "\u{203a}",
            "«",
            "“",
            "‘",
            "’",
            "[x](",
            "](",
            "${",
            "::",
            "[::1]",
        ];
        let mut rng = fastrand::Rng::with_seed(0x5EED_1234_ABCD_0001);
        for _ in 0..4000 {
            let n = rng.usize(..40);
            let text: String = (0..n).map(|_| BITS[rng.usize(..BITS.len())]).collect();
            let found = extract(&text, Grammar::Rfc2396);
            let mut last = 0;
            for f in &found {
                assert!(f.outer.start >= last, "{text:?}: overlapping");
                last = f.outer.end;
                assert!(f.outer.start <= f.range.start && f.range.end <= f.outer.end);
                assert!(f.outer.end <= text.len());
                let joined: String = f.pieces.iter().map(|p| &text[p.range.clone()]).collect();
                assert_eq!(joined, f.text, "{text:?}");
                for p in &f.pieces {
                    assert_eq!(&f.text[p.at..p.at + p.range.len()], &text[p.range.clone()]);
                }
                let sp = Position::of(&text, f.range.start);
                assert_eq!(sp, f.start, "{text:?}");
                // Read again on its own, it is itself (the language server relies on it).
                let again = extract(&text[f.outer.clone()], Grammar::Rfc2396);
                assert_eq!(again.first().map(|g| &g.text), Some(&f.text), "{text:?}");
                if let Some(e) = &f.error(&text) {
                    assert!(
                        f.range.start <= e.offset() && e.end() <= f.outer.end,
                        "{text:?}"
                    );
                    assert!(text.is_char_boundary(e.offset()) && text.is_char_boundary(e.end()));
                    let p = Position::of(&text, e.offset());
                    assert_eq!(
                        (p.line, p.column, p.column_utf16),
                        (e.line(), e.column(), e.column_utf16()),
                        "{text:?}"
                    );
                    assert_eq!(
                        e.found(),
                        text[e.offset()..]
                            .chars()
                            .next()
                            .filter(|_| e.end() > e.offset())
                    );
                }
            }
        }
    }

    /// A backtick ends an undelimited URI: it closes a code span (Markdown, RST's inline
    /// literal) and is in no URI of any grammar.
    #[test]
    fn backticks_end_a_uri() {
        assert_eq!(
            texts("run `curl https://example.com/x` now"),
            ["https://example.com/x"]
        );
        assert_eq!(
            texts("RST: ``file:///a`` and ``http://a/b``."),
            ["file:///a", "http://a/b"]
        );
        // Delimited, the backtick is inside what the writer marked as the URI: reported.
        let f = extract("<URL:http://a/`b>", Grammar::Rfc2396);
        assert_eq!(f[0].text, "http://a/`b");
        assert!(!f[0].is_valid());
    }

    /// `<scheme:` and a space or tab is a label, not a delimiter: a program's output
    /// (`<Name: hello@1,0>`) or a type's bounds (`<T: Sized>`). A line break there is the
    /// wrapping of a delimited URI, and `<URL: ...>` may have its space.
    #[test]
    fn a_label_and_a_space_in_angle_brackets_is_no_delimiter() {
        assert!(texts("PythonNode([<Name: hello@1,0>, <Operator: +>])").is_empty());
        assert!(texts("impl<T: Sized> and \u{27e8}x:\ty\u{27e9}").is_empty());
        assert_eq!(texts("<http:\n  //a/b>"), ["http://a/b"]);
        assert_eq!(texts("<URL: http://a/b>"), ["http://a/b"]);
        assert_eq!(texts("<mailto:x@y z>"), ["mailto:x@y z"]);
    }

    /// A scheme's name followed by `//` and nothing else is a prefix the text names, and one
    /// followed by `::` is a path of a programming language: no URI, undelimited. Delimited,
    /// what the writer marked is read.
    #[test]
    fn prefixes_and_language_paths_are_no_uris() {
        assert!(texts("URLs start with http:// or ``file://``; see \"https://\".").is_empty());
        assert!(texts("Use File::open or news::Group, then mailto::x.").is_empty());
        assert_eq!(texts("a http://a b"), ["http://a"]);
        assert_eq!(texts("<http://> and <URL:file://>"), ["http://", "file://"]);
        assert_eq!(texts("file:/a and file:///"), ["file:/a", "file:///"]);
    }

    /// A bracket or quote just before an undelimited URI is closed by its partner: the
    /// Markdown link syntax of READMEs read as plain text.
    #[test]
    fn an_opener_before_the_uri_is_closed_by_its_partner() {
        let badge = "[![CI](https://a.example/badge.svg)](https://a.example/actions)";
        assert_eq!(
            texts(badge),
            ["https://a.example/badge.svg", "https://a.example/actions"]
        );
        assert!(extract(badge, Grammar::Rfc3986).iter().all(Found::is_valid));
        assert_eq!(texts("**[x](https://a/b)**"), ["https://a/b"]);
        assert_eq!(
            texts("[https://a/b](https://a/b)"),
            ["https://a/b", "https://a/b"]
        );
        assert_eq!(texts("[![d](https://a/b.svg)][Docs]"), ["https://a/b.svg"]);
        // A "]" that closes no "[" of the URI ends it: a link's text that ends with a URI.
        assert_eq!(
            texts("[![chat at https://g.im/a/b](https://b.im/c.svg)](https://g.im/a/b?u=s)"),
            [
                "https://g.im/a/b",
                "https://b.im/c.svg",
                "https://g.im/a/b?u=s"
            ]
        );
        // Balanced inside the URI: kept (Wikipedia).
        assert_eq!(
            texts("[w](https://en.wikipedia.org/wiki/URI_(disambiguation)) and (http://x/(y))."),
            [
                "https://en.wikipedia.org/wiki/URI_(disambiguation)",
                "http://x/(y)"
            ]
        );
        // Braces (BibTeX), quotes, guillemets.
        assert_eq!(
            texts("url = {https://a.example/p},\n'http://b/c'd ‹http://c/›"),
            ["https://a.example/p", "http://b/c", "http://c/"]
        );
    }

    /// Backslashes of string escapes and shell line continuations are no part of the URI.
    #[test]
    fn backslashes_at_the_end() {
        assert_eq!(
            texts("git config http.proxy=\\\"http://example.com\\\""),
            ["http://example.com"]
        );
        assert_eq!(
            texts("curl https://x/y \\\n  -o z\ncurl https://x/z\\\n  -o z"),
            ["https://x/y", "https://x/z"]
        );
    }

    /// Template notation (option brackets of synopses, brace expansion, URI templates,
    /// globs) makes a pattern for URIs, not a URI: not reported. An IP literal is no template.
    #[test]
    fn templates_are_not_uris() {
        let t = "git fetch [protocol://]host[:port] ssh://[user@]host.xz[:port]/path/to/repo.git/ \
                 [user@]host http://{one,two}.example.com https://n.org/${V}/a.txt \
                 ftp://ftp.example.com/file[1-100].txt git://host.xz[:port]/~[user]/p";
        assert!(texts(t).is_empty(), "{:?}", texts(t));
        let f = extract(
            "http://[fe80::1%25eth0]/ and http://[::1]/",
            Grammar::Rfc3986,
        );
        assert_eq!(f.len(), 2);
        assert!(!f[0].is_valid() && f[1].is_valid());
        // Brackets elsewhere, around no range, are reported (RFC 3986 has them only
        // around an IP literal).
        let f = extract("http://a/?[x] and http://x/?a[]=1", Grammar::Rfc3986);
        assert_eq!(f.len(), 2);
        assert!(f.iter().all(|f| !f.is_valid()));
        // Trimming goes on while AsciiDoc's text and trailing punctuation end the URI.
        assert_eq!(texts("mailto:a1[-\n'["), ["mailto:a1"]);
        // A template's inner URIs are not read on their own either.
        assert!(texts("http://{a}.x/?u=http://b/%zz").is_empty());
        // AsciiDoc's link text after a URI ends it.
        assert_eq!(
            texts("see https://a.example/x[the docs] and https://b.example/[]."),
            ["https://a.example/x", "https://b.example/"]
        );
    }

    #[test]
    fn rust_paths() {
        for yes in [
            "hello_world::HelloWorldProvider",
            "crate::Foo::bar()",
            "macro@std::vec!",
            "Self::new",
            "struct@a::B",
        ] {
            assert!(is_rust_path(yes), "{yes}");
        }
        for no in [
            "Foo",
            "std:fmt",
            "a::",
            "::a",
            "a::b/c",
            "http://a/",
            "a::b c",
            "@a::b",
            "Mail@a::b",
            "a:::b",
            "1a::b",
        ] {
            assert!(!is_rust_path(no), "{no}");
        }
    }

    /// groff hyphenates a delimited URI's scheme too (man-uri.txt: `<tel‐` at a line end,
    /// `net://melvyl.ucop.edu/>` on the next): the scheme goes on after the break.
    #[test]
    fn a_renderer_hyphen_inside_a_delimited_scheme_is_dropped() {
        for t in [
            "An example is <tel\u{2010}\n       net://melvyl.ucop.edu/>.",
            "An example is \u{27E8}tel\u{ad}\n net://melvyl.ucop.edu/\u{27E9}.",
            "<te\u{2010}\n l\u{2010}\n net://melvyl.ucop.edu/>",
        ] {
            let f = extract(t, Grammar::Rfc3986);
            assert_eq!(f.len(), 1, "{t:?}");
            assert_eq!(f[0].text, "telnet://melvyl.ucop.edu/", "{t:?}");
            assert!(f[0].is_valid());
        }
        // Not across a blank line, not without a line break, not after an ASCII `-` (a scheme
        // character: `<tel-` is no scheme with its `:`), not undelimited.
        assert_eq!(texts("<tel\u{2010}\n\n net://a/>"), ["net://a/"]);
        assert_eq!(texts("<tel\u{2010} net://a/>"), ["net://a/"]);
        assert_eq!(texts("<tel-\n net://a/>"), ["net://a/"]);
        assert_eq!(texts("tel\u{2010}\n net://a/"), ["net://a/"]);
    }

    /// Inside delimiters, a line break is left out; but where the URI already holds a space
    /// within a line, the writer wrote spaces and the text was wrapped at one: the break reads
    /// as one space (man-uri.txt: `<info:(gcc)G++ and` / `GCC>`). The error stays at the
    /// first space.
    #[test]
    fn a_line_break_in_a_delimited_uri_with_spaces_is_a_space() {
        let t = "the KDE format are <info:(gcc)> and <info:(gcc)G++ and\n       GCC>.";
        let f = extract(t, Grammar::Rfc3986);
        assert_eq!(f.len(), 2);
        assert_eq!(f[1].text, "info:(gcc)G++ and GCC");
        let e = f[1].error(t).expect("a space is no URI character");
        assert_eq!(e.offset(), t.find("G++ ").unwrap() + 3);
        // The space stands where the indentation's first space does.
        assert_eq!(f[1].source_offset(17), t.find("\n").unwrap() + 1);
        // Without a space within a line, the break is left out, as the appendices say.
        assert_eq!(texts("<URL:http://a/b\n   c d>"), ["http://a/bc d"]);
        assert_eq!(texts("<URL:http://a/b c\n   d>"), ["http://a/b c d"]);
        assert_eq!(texts("<URL: http://a/b\n   c>"), ["http://a/bc"]);
    }

    /// A comma before another URI's `scheme://` ends the URI: a list (OpenSSL's
    /// `authorityInfoAccess = OCSP;URI:http://a/,caIssuers;URI:http://b/`). Any other comma
    /// is the URI's.
    #[test]
    fn a_comma_before_another_uri_ends_the_uri() {
        assert_eq!(
            texts("OCSP;URI:http://ocsp.example.com/,caIssuers;URI:http://myca.example.com/ca.cer"),
            ["http://ocsp.example.com/", "http://myca.example.com/ca.cer"]
        );
        assert_eq!(
            texts("mirrors: http://a.example/,https://b.example/x"),
            ["http://a.example/", "https://b.example/x"]
        );
        assert_eq!(texts("http://a,http://b/"), ["http://a", "http://b/"]);
        assert_eq!(
            texts("http://a/x,y/z http://a/b,c:d http://a/?u=1,http://b/ http://a/#x,y://z"),
            [
                "http://a/x,y/z",
                "http://a/b,c:d",
                "http://a/?u=1,http://b/",
                "http://a/#x,y://z"
            ]
        );
        assert_eq!(texts("http://a/,/b://c"), ["http://a/,/b://c"]);
        // The first comma whose next word reaches a `://` decides, and only when the run goes
        // on to that `/`: here a space ends it first, so the comma is the URI's.
        assert_eq!(texts("http://a/,b c://d/"), ["http://a/,b", "c://d/"]);
        assert_eq!(texts("http://a/,x,y:http://b/"), ["http://a/", "http://b/"]);
        assert_eq!(
            texts("http://a/,x[y,z:http://b/"),
            ["http://a/", "http://b/"]
        );
    }

    /// A list of many URIs joined by commas or `|` on one line is read in one pass: each URI's
    /// run ends at its comma instead of the line's end. At this size, reading each run to the
    /// line's end took minutes (19 s for a fifth of it in a release build); a pass takes well
    /// under a second. No time is asserted.
    #[test]
    fn a_long_list_on_one_line_is_read_once() {
        for sep in [",", "|"] {
            let n = 100_000;
            let t = vec!["http://a/b%zz"; n].join(sep);
            let f = extract(&t, Grammar::Rfc3986);
            assert_eq!(f.len(), n, "{sep}");
            assert!(
                f.iter().all(|f| f.text == "http://a/b%zz" && !f.is_valid()),
                "{sep}"
            );
        }
    }

    /// groff breaks a long URL at a line end with U+2010 HYPHEN or U+00AD SOFT HYPHEN: the
    /// inserted hyphen is dropped and the URI goes on.
    #[test]
    fn renderer_hyphens_at_line_ends_are_dropped() {
        let t = "and          http://git.savan\u{2010}\n       nah.gnu.org/x.tar.gz.";
        let f = extract(t, Grammar::Rfc2396);
        assert_eq!(f[0].text, "http://git.savannah.gnu.org/x.tar.gz");
        assert!(f[0].is_valid() && f[0].hyphen_breaks.is_empty());
        assert_eq!(
            texts("http://a.ex\u{ad}\n ample/ ok"),
            ["http://a.example/"]
        );
        // Inside a delimiter, too.
        assert_eq!(
            texts("<http://gnu.org/li\u{2010}\n       censes/gpl.html>"),
            ["http://gnu.org/licenses/gpl.html"]
        );
        // The ASCII hyphen keeps its rule.
        assert_eq!(
            texts("http://www.ics-\n   uci.edu/a"),
            ["http://www.ics-uci.edu/a"]
        );
    }

    /// man-pages 6 writes URLs as ⟨...⟩: a delimiter like <...>, so wrapped lines join.
    #[test]
    fn mathematical_angle_brackets_delimit() {
        let t = "See RFC 2396\n       \u{27e8}http://www.ietf.org/rfc/\n       rfc2396.txt\u{27e9}  for more.";
        let f = extract(t, Grammar::Rfc3986);
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].text, "http://www.ietf.org/rfc/rfc2396.txt");
        assert_eq!(f[0].delimiter, Delimiter::Angle);
        assert!(f[0].is_valid());
        assert_eq!(f[0].outer, t.find('\u{27e8}').unwrap()..t.len() - 11);
        // Only whitespace that breaks a line is removed: a space within a line is in
        // the URI the writer delimited, and reported.
        assert_eq!(texts("\u{27e8}http://a/ b\u{27e9}"), ["http://a/ b"]);
        let t = "<URL:http://exa mple/>";
        let f = extract(t, Grammar::Rfc2396);
        assert_eq!(f[0].text, "http://exa mple/");
        let e = f[0].result.as_ref().unwrap_err();
        assert_eq!((e.offset(), e.found()), (15, Some(' ')));
        // Around the URI, as after "URL:", whitespace is no part of it.
        assert_eq!(texts("<URL: http://a/b >"), ["http://a/b"]);
        // Unclosed: read undelimited, the closing bracket still ends it.
        assert_eq!(texts("\u{27e8}http://a/\n\nb\u{27e9}"), ["http://a/"]);
    }

    /// RFC 1738: the fragment after `#` is no part of the URL (rfc1738.txt:1225, "#" is no
    /// xchar): the URL before it is checked.
    fn iris(t: &str) -> Vec<(String, bool)> {
        extract(t, Grammar::Rfc3987)
            .into_iter()
            .map(|f| (f.text.to_string(), f.is_valid()))
            .collect()
    }

    /// IRIs in running text: non-ASCII characters are the IRI's (rfc3987.txt:1842), but the
    /// brackets, quotes and full-width punctuation of the text around it end it, and other
    /// punctuation is taken off its end (docs/documents.md, "IRIs in running text").
    #[test]
    fn iris_in_running_text_end_at_the_text_s_punctuation() {
        let ok = |s: &str| (s.to_owned(), true);
        assert_eq!(
            iris("see http://example.org/résumé。and «http://例え.jp/パス»"),
            [ok("http://example.org/résumé"), ok("http://例え.jp/パス")]
        );
        // Ideographic comma and full stop, full-width comma, colon and parentheses, with no
        // space after them, as Chinese and Japanese text writes them.
        assert_eq!(
            iris("見て（http://例え.jp/パス）、http://例え.jp/a，次はhttps://b.jp/c：以上。"),
            [
                ok("http://例え.jp/パス"),
                ok("http://例え.jp/a"),
                ok("https://b.jp/c")
            ]
        );
        // Corner brackets, double quotes (English and German), guillemets, the no-break and the
        // ideographic space.
        assert_eq!(
            iris(
                "「http://a.jp/み」“http://b.org/ü”„http://c.de/ß“ «http://d.fr/é» http://e/ф\u{A0}x http://f/ж\u{3000}y"
            ),
            [
                ok("http://a.jp/み"),
                ok("http://b.org/ü"),
                ok("http://c.de/ß"),
                ok("http://d.fr/é"),
                ok("http://e/ф"),
                ok("http://f/ж")
            ]
        );
        // Other punctuation is taken off the end (an ellipsis, the apostrophe) and kept inside:
        // the katakana middle dot of a name, Catalan's middle dot, an en dash.
        assert_eq!(
            iris(
                "http://a/b… https://ja.wikipedia.org/wiki/ジョン・レノン’ http://c/col·legi http://d/x–y¿"
            ),
            [
                ok("http://a/b"),
                ok("https://ja.wikipedia.org/wiki/ジョン・レノン"),
                ok("http://c/col·legi"),
                ok("http://d/x–y")
            ]
        );
        // An apostrophe pair is read as ASCII quotes are.
        assert_eq!(iris("‘http://a/ü’s"), [ok("http://a/ü")]);
        // What the grammar rejects inside a run is still reported: a C1 control, a space
        // inside `<...>`.
        let found = iris("http://a/\u{90}b <http://例え.jp/a b>");
        assert_eq!(
            found,
            [
                ("http://a/\u{90}b".to_owned(), false),
                ("http://例え.jp/a b".to_owned(), false)
            ]
        );
        // Inside delimiters every character is the IRI's, even a bracket of running text.
        assert_eq!(iris("<http://a/「b」>"), [ok("http://a/「b」")]);
    }

    /// The shapes of real translations (message catalogues of a Debian machine): Serbian and
    /// German quotes, Chinese sentences that go on after `。`, a `«` used as a closing quote.
    #[test]
    fn translations_end_urls_at_their_punctuation() {
        let text = "наведено у „https://www.python.org/peps/pep-0263.html“.\n\
                    詳見 https://www.python.org/peps/pep-0263.html。\n\
                    請查閱  http://bugzilla.gnome.org/show_bug.cgi?id=445447#c6。即使在把這個選項設為\n\
                    LicenseRef-free=https://example.com/licenses.html«\n";
        for g in [Grammar::Rfc3986, Grammar::Rfc3987] {
            let found = extract(text, g);
            let got: Vec<_> = found.iter().map(|f| (&*f.text, f.is_valid())).collect();
            assert_eq!(
                got,
                [
                    ("https://www.python.org/peps/pep-0263.html", true),
                    ("https://www.python.org/peps/pep-0263.html", true),
                    ("http://bugzilla.gnome.org/show_bug.cgi?id=445447#c6", true),
                    ("https://example.com/licenses.html", true)
                ]
            );
        }
    }

    /// The same places under the URI grammars: the text's punctuation is no longer reported as
    /// an error of the URI before it; a non-ASCII letter still is.
    #[test]
    fn full_width_punctuation_ends_a_uri_under_every_grammar() {
        for g in [Grammar::Rfc2396, Grammar::Rfc3986] {
            let found = extract(
                "参照：http://example.org/a。次に「http://b/c」、http://d/é。",
                g,
            );
            let got: Vec<_> = found.iter().map(|f| (&*f.text, f.is_valid())).collect();
            assert_eq!(
                got,
                [
                    ("http://example.org/a", true),
                    ("http://b/c", true),
                    ("http://d/é", false)
                ]
            );
        }
    }

    #[test]
    fn rfc1738_checks_the_url_without_its_fragment() {
        let t = "see http://a.example/b.html#top and <URL:ftp://h/p#x> and http://h/%zz#y";
        let f = extract(t, Grammar::Rfc1738);
        assert_eq!(f[0].text, "http://a.example/b.html#top");
        assert!(f[0].is_valid() && f[1].is_valid());
        let e = f[2].result.as_ref().unwrap_err();
        assert_eq!(&t[e.offset()..e.end()], "z");
        // Under other grammars the fragment is part of the reference.
        assert!(!extract("http://a/b#c#d", Grammar::Rfc2396)[0].is_valid());
    }

    #[cfg(feature = "markup")]
    fn md(t: &str) -> Vec<String> {
        extract_with(t, Grammar::Rfc2396, Syntax::Markdown)
            .into_iter()
            .map(|f| f.text.into_owned())
            .collect()
    }

    #[cfg(feature = "markup")]
    fn html(t: &str) -> Vec<Found<'_>> {
        extract_with(t, Grammar::Rfc2396, Syntax::Html)
    }

    #[cfg(feature = "markup")]
    #[test]
    fn markdown_code_spans_and_blocks_are_not_prose() {
        let t = "see `http://a/%zz` and\n\n```\nhttp://b/%zz\n```\n\n    http://c/%zz\n\nhttp://d/ ok\n";
        assert_eq!(md(t), ["http://d/"]);
        let all = extract_with_options(
            t,
            Grammar::Rfc2396,
            Syntax::Markdown,
            Options::default().include_code(true),
        );
        let got: Vec<&str> = all.iter().map(|f| f.text.as_ref()).collect();
        assert_eq!(
            got,
            ["http://a/%zz", "http://b/%zz", "http://c/%zz", "http://d/"]
        );
    }

    #[cfg(feature = "markup")]
    #[test]
    fn markdown_comments_autolinks_and_references() {
        let t = "<!-- http://hidden/%zz -->\nA <http://auto/x> [r][1] ![i](img/a%20b.png \"t\")\n\n[1]: <http://ref/y>\n";
        assert_eq!(md(t), ["http://auto/x", "img/a%20b.png", "http://ref/y"]);
        let f = extract_with(t, Grammar::Rfc2396, Syntax::Markdown);
        assert_eq!(f[0].delimiter, Delimiter::Angle);
        assert_eq!(f[1].delimiter, Delimiter::Link);
        assert_eq!(&t[f[2].range.clone()], "http://ref/y");
        assert_eq!(&t[f[2].outer.clone()], "<http://ref/y>");
        assert_eq!(f[2].start.line, 4);
        // Inline HTML is read as HTML.
        assert_eq!(md("x <a href=\"http://h/%zz\">y</a>"), ["http://h/%zz"]);
    }

    #[cfg(feature = "markup")]
    #[test]
    fn markdown_escapes_in_destinations_map_to_the_source() {
        let t = "[a](http://x/\\(b\\)/&amp;/%zz)";
        let f = &extract_with(t, Grammar::Rfc2396, Syntax::Markdown)[0];
        assert_eq!(f.text, "http://x/(b)/&/%zz");
        let e = f.result.as_ref().unwrap_err();
        assert_eq!(&t[e.offset()..e.end()], "z");
        assert_eq!(f.source_offset(9), 13); // "(" is the escape "\\("
        assert!(f.pieces.iter().filter(|p| p.decoded).count() == 3);
    }

    #[cfg(feature = "markup")]
    #[test]
    fn html_attributes_decoded_with_positions() {
        let t = "<p title=\"http://no/%zz\"><a HREF='/q?a=1&amp;b=&eacute;'>x</a></p>";
        let f = html(t);
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].text, "/q?a=1&b=\u{e9}");
        assert_eq!(f[0].delimiter, Delimiter::Attribute);
        assert_eq!(&t[f[0].outer.clone()], "'/q?a=1&amp;b=&eacute;'");
        let e = &f[0].error(t).unwrap();
        // The error is the decoded "é": its reference in the source.
        assert_eq!(&t[e.offset()..e.end()], "&eacute;");
        assert_eq!(e.column(), Position::of(t, e.offset()).column);
        let p = &f[0].pieces;
        assert_eq!(p.len(), 4);
        assert!(p[1].decoded && p[3].decoded && !p[0].decoded);
    }

    #[cfg(feature = "markup")]
    #[test]
    fn html_scripts_styles_and_comments_are_not_text() {
        let t = "<script>var u='http://s/%zz'</script><style>a{background:url(http://c/%zz)}</style>\
                 <!-- http://m/%zz --><p>read http://t/&lt;/b&gt; and &lt;URL:http://u/\n v&gt;</p>\
                 <img srcset=\"a.png 1x, b%zz.png 2x\"><div itemtype=\"http://s/A  http://s/B\">";
        let got: Vec<String> = html(t).iter().map(|f| f.text.to_string()).collect();
        assert_eq!(
            got,
            [
                "http://t/",
                "http://u/v",
                "a.png",
                "b%zz.png",
                "http://s/A",
                "http://s/B"
            ]
        );
        // A `<name>` written with entities right after a URL reads as a placeholder, as it
        // does in plain text (docs/documents.md, "Templates are not URIs"): a template, no URI.
        assert!(html("<p>read http://t/&lt;b&gt; and</p>").is_empty());
        let f = html(t);
        assert_eq!(&t[f[1].outer.clone()], "&lt;URL:http://u/\n v&gt;");
        let e = f[3].result.as_ref().unwrap_err();
        assert_eq!(&t[e.offset()..e.end()], "z");
    }

    /// Pieces of a text searched in turn, as a streaming reader does, find what the whole
    /// text finds.
    #[test]
    fn settled_pieces_find_what_the_whole_finds() {
        let text = "a <URL:http://x/\n y> http://b-\n c/ <http:q\n\nz> \u{27e8}http://m/\n n\u{27e9} \
                    http://s\u{2010}\n t/ [x](http://p/(q)) `http://c/` {http://b/} [y://]z \
                    http://a/{b} x://y[z] http://end";
        let whole: Vec<String> = texts(text);
        assert_eq!(
            whole,
            [
                "http://x/y",
                "http://b-c/",
                "http:q",
                "http://m/n",
                "http://st/",
                "http://p/(q)",
                "http://c/",
                "http://b/",
                "x://y",
                "http://end"
            ]
        );
        for cut in 0..=text.len() {
            if !text.is_char_boundary(cut) {
                continue;
            }
            let (first, rest) = extract_settled(&text[..cut], 0, Grammar::Rfc2396, false);
            assert!(rest <= cut);
            let mut got: Vec<String> = first.iter().map(|f| f.text.to_string()).collect();
            let (second, _) = extract_settled(text, rest, Grammar::Rfc2396, true);
            got.extend(second.iter().map(|f| f.text.to_string()));
            assert_eq!(got, whole, "cut at {cut}");
        }
    }

    /// Every document of `tests/documents/`, its text and its syntax.
    fn corpus() -> Vec<(String, Syntax)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/documents");
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            let name = path.to_string_lossy().into_owned();
            let file = path.file_name().unwrap().to_string_lossy();
            if name.ends_with(".uris") || file == "README.md" || file == "known.txt" {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // A package's METADATA and a README.rst are stored with `.txt` after their name.
            let original = if file.contains("-METADATA") {
                "METADATA"
            } else {
                name.strip_suffix(".txt")
                    .filter(|n| n.ends_with(".rst"))
                    .unwrap_or(&name)
            };
            let syntax = Syntax::detect(original, &text);
            out.push((text, syntax));
        }
        assert!(out.len() > 30);
        out
    }

    /// Read a block at a time, with blocks of every size down to a few bytes, plain text is
    /// read as it is read whole: the real documents, and texts where URIs wait for a
    /// closing bracket or a hyphen's next line across a block's end.
    #[test]
    fn plain_text_read_in_blocks_is_read_as_whole() {
        let mut texts: Vec<String> = corpus().into_iter().map(|(t, _)| t).collect();
        texts.push(
            "a <URL:http://a/\n b/\n c> and http://x.exam-\nple/ and <http://y/\n\nz>".repeat(50),
        );
        texts.push("x\r\n<URL:http://a/\r\n  b> http://c/%zz\rhttp://d/-\r\ne\n".repeat(40));
        for text in &texts {
            let whole = extract(text, Grammar::Rfc2396);
            for block in [1, 7, 64, 1000, 1 << 20] {
                let it = FoundIter::new(
                    text,
                    Grammar::Rfc2396,
                    Syntax::Plain,
                    Options::default(),
                    block,
                );
                let got: Vec<Found<'_>> = it.collect();
                assert_eq!(got, whole, "block {block}");
            }
        }
    }

    /// reStructuredText read in parts finds what it finds read as one part: the real
    /// documents, and texts with literal blocks, directives, doctest blocks and inline
    /// literals across blank lines and part ends.
    #[test]
    fn rst_read_in_parts_is_read_as_whole() {
        let mut texts: Vec<String> = corpus()
            .into_iter()
            .filter(|(_, s)| *s == Syntax::Rst)
            .map(|(t, _)| t)
            .collect();
        assert!(texts.len() >= 3, "{}", texts.len());
        texts.push(
            "Para http://a/::\n\n    code http://b/%zz\n\n  more http://c/%zz\nback http://d/\n\n\
             .. code-block:: sh\n\n   curl http://e/%zz\n\nQuoted::\n\n> http://f/%zz\n\n\
             >>> x(\"http://g/%zz\")\n'http://h/%zz'\n\nok ``http://i/%zz\nstill`` http://j/\n\n\
             http://k.exam-\n\nple/ and <http://l/\nm> and <URL:http://n/\n\no>\n"
                .repeat(20),
        );
        for text in &texts {
            let whole: Vec<Found<'_>> = FoundIter::new(
                text,
                Grammar::Rfc2396,
                Syntax::Rst,
                Options::default(),
                usize::MAX / 2,
            )
            .collect();
            assert!(!whole.is_empty());
            for block in [1, 7, 64, 1000] {
                let it = FoundIter::new(
                    text,
                    Grammar::Rfc2396,
                    Syntax::Rst,
                    Options::default(),
                    block,
                );
                let got: Vec<Found<'_>> = it.collect();
                assert_eq!(got, whole, "block {block}");
            }
        }
    }

    /// Markdown read in blocks finds what the whole text finds, on the real documents and on
    /// texts with what must not be cut: fenced code and HTML blocks that hold blank lines, an
    /// unclosed fence, lists and block quotes.
    #[cfg(feature = "markup")]
    #[test]
    fn markdown_read_in_blocks_is_read_as_whole() {
        let mut texts: Vec<String> = corpus()
            .into_iter()
            .filter(|(_, s)| *s == Syntax::Markdown)
            .map(|(t, _)| t)
            .collect();
        let tricky = [
            "para http://a/%zz\n\n```\ncode http://c/%zz\n\nmore http://c/%zz\n```\n\nhttp://b/%zz\n",
            "<pre>\nhttp://p/%zz\n\n</pre>\n\nhttp://q/%zz\n\n<!--\n\nhttp://r/%zz\n\n-->\nx\n",
            "- item http://l/%zz\n\n  more http://m/%zz\n\nafter http://n/%zz\n",
            "> quote http://q/%zz\n\n> again\n\n    code http://i/%zz\n\ntext http://t/%zz\n",
            "~~~\nunclosed\n\nhttp://u/%zz\n\nstill code\n",
            "[x](http://a/%zz)\n\n[y]: http://d/%zz\n\n<http://e/%zz>\r\n\r\nf http://f/%zz\r\n",
            "one <a:%> two <http://b/%zz> three\nfour http://c/%zz <d:e>\n",
            "[y]: http://d/%zz \"t\"\n[z]: <http://z/%zz> e\n\npara [y] and [z] <a:%>\n",
            "[a](http://a/%zz) b [c](<http://c/%zz> \"t\") d [e\nf](http://e/%zz) g [h](i:%) j\n",
            "a para\n\n    code <a:%> http://c/%zz\n\nb <x:%>\n",
            "<div>\nhtml <a:%> b\nc <a:%>\n</div>\n\ntext <a:%> and *em <b:%>\nc* d\n",
            "- item <a:%> b\nlazy <c:%> d\n\n> quote <e:%> f\nlazy <g:%> h\n\nend <i:%>\n",
            "<a:%><b:%>x<c:%><http://d/%zz><e:f g><h:%>[i](j:%)<k:%>*l*<m:%>\n",
            "*a* _b_ *c*d _e_ http://f/%zz *g _h_ i* _j_ **k** *l*\n*m* _n_\n\n_o_ <p:%> *q*\n",
            "<b:%> <code>x</code><c:%> *d* <e:%><code> http://f/%zz <g:%> *h*\n",
            "x [[[y:%> [[[[z http://a/[[[ <b:%>[[[[ [[[",
        ];
        // Each definition's label once: a label defined again is no definition in a whole
        // reading (CommonMark keeps the first), while each block sees its own.
        for t in tricky {
            texts.push(
                (0..20)
                    .map(|k| t.replace("[y]", &format!("[y{k}]")))
                    .collect(),
            );
        }
        for text in &texts {
            let one = FoundIter::new(
                text,
                Grammar::Rfc2396,
                Syntax::Markdown,
                Options::default(),
                usize::MAX / 2,
            );
            let whole: Vec<Found<'_>> = one.collect();
            for block in [1, 30, 500, 1 << 20] {
                let it = FoundIter::new(
                    text,
                    Grammar::Rfc2396,
                    Syntax::Markdown,
                    Options::default(),
                    block,
                );
                let got: Vec<Found<'_>> = it.collect();
                let brief = |f: &[Found<'_>]| -> Vec<(Range<usize>, String)> {
                    f.iter()
                        .map(|f| (f.outer.clone(), f.text.to_string()))
                        .collect()
                };
                // The first 80 characters (a byte count may end inside a character).
                let head: String = text.chars().take(80).collect();
                assert_eq!(brief(&got), brief(&whole), "block {block}: {head:?}");
                assert!(got == whole, "block {block}: {head:?}");
                assert_eq!(
                    got,
                    whole,
                    "block {block}: {:?}",
                    text.chars().take(80).collect::<String>()
                );
            }
        }
        // Code stays code: nothing is found in the fence or the comments.
        let t = tricky[0].repeat(3);
        let it = FoundIter::new(
            &t,
            Grammar::Rfc2396,
            Syntax::Markdown,
            Options::default(),
            1,
        );
        let hosts: Vec<String> = it.map(|f| f.text.into_owned()).collect();
        assert_eq!(hosts, ["http://a/%zz", "http://b/%zz"].repeat(3));
        let t = tricky[4];
        assert_eq!(
            FoundIter::new(t, Grammar::Rfc2396, Syntax::Markdown, Options::default(), 1).count(),
            0
        );
    }

    /// HTML read in blocks (each ending just after a tag, where the tokenizer could start
    /// afresh) finds what the whole text finds: the real documents, and texts where blocks
    /// must not end (raw text, `title` and `textarea`, comments, code elements left open,
    /// tags broken across lines).
    #[cfg(feature = "markup")]
    #[test]
    fn html_read_in_blocks_is_read_as_whole() {
        let mut texts: Vec<String> = corpus()
            .into_iter()
            .filter(|(_, s)| *s == Syntax::Html)
            .map(|(t, _)| t)
            .collect();
        let tricky = [
            "<p>a http://a/%zz <b>b</b> <script>x = '<a href=\"http://s/%zz\">'</script> c\n",
            "<title>t http://t/%zz <b></title><textarea>x <i> http://x/%zz</textarea> y:%\n",
            "<!-- <a href=\"http://c/%zz\"> --> <pre>in <b>pre</b> http://p/%zz</pre> d:%\n",
            "<code>open <i>x</i> http://o/%zz\n<a\nhref=\"http://h/%zz\"\n>h</a> <style>s</style>\n",
            "<a href=\"http://a/&amp;%zz\" title=\"x\">a &amp; http://e/&lt;%zz</a><br/>e:%\n",
        ];
        for t in tricky {
            texts.push(t.repeat(30));
        }
        for text in &texts {
            let whole = extract_with(text, Grammar::Rfc2396, Syntax::Html);
            for block in [1, 30, 500, 1 << 20] {
                let it = FoundIter::new(
                    text,
                    Grammar::Rfc2396,
                    Syntax::Html,
                    Options::default(),
                    block,
                );
                let got: Vec<Found<'_>> = it.collect();
                assert!(
                    got == whole,
                    "block {block}: {:?}",
                    text.chars().take(80).collect::<String>()
                );
            }
            // Blocks there are, where the text has tags.
            let mut it =
                FoundIter::new(text, Grammar::Rfc2396, Syntax::Html, Options::default(), 1);
            let mut parts = 0;
            while it.next_part().is_some() {
                parts += 1;
            }
            // A code element left open is code to the end: one block from there.
            let open = text.starts_with("<code>open");
            assert!(parts > 20 || open, "{parts} parts: {:?}", &text[..80]);
        }
    }

    /// A Markdown block ends at a blank line followed by a line at the margin, and is known to
    /// be closed only when no block runs into that blank line.
    #[cfg(feature = "markup")]
    #[test]
    fn markdown_blocks_end_where_nothing_is_open() {
        let t = "a\n\n  b\n\nc\r\n\r\nd";
        assert_eq!(markdown::block_end(t, 0, 0, 0), 8); // "b" is indented: not there
        assert_eq!(markdown::block_end(t, 0, 4, 0), 8);
        assert_eq!(markdown::block_end(t, 0, 9, 0), 13);
        assert_eq!(markdown::block_end(t, 0, 14, 0), t.len());
        // Inside a paragraph: after a space or line break, before a letter or an autolink,
        // when nothing since the block's start can still be open.
        let p = "x <a:%> <b:c> y
z";
        assert_eq!(markdown::block_end(p, 0, 1, 0), 2);
        assert_eq!(markdown::block_end(p, 0, 3, 0), 8);
        assert_eq!(markdown::block_end(p, 0, 9, 0), 14);
        assert_eq!(markdown::block_end(p, 0, 15, 0), 16);
        let links = "[x](a:%) [y](b) c";
        assert_eq!(markdown::block_end(links, 0, 1, 0), 9);
        // A definition's destination is not cut off from it.
        let def = "[x]: http://a/ b\n[y]: c";
        assert_eq!(markdown::block_end(def, 0, 1, 0), def.len());
        for open in [
            "x `a` b c",
            "*x y* b c",
            "**x** b c",
            "x <code> b c",
            "[x\n](y) b c",
            "[x](y \"t\") b c",
            "a] b c",
            "x <a\nb> c d",
            "x <a \"> b c",
            "<!-- b c",
        ] {
            assert_eq!(markdown::block_end(open, 0, 3, 0), open.len(), "{open:?}");
        }
        // Right after a `<` scheme `:` ... `>`, and before an emphasis span that nothing
        // after it changes: a line of `<a:%>` or of `*a* _b_` is read in parts.
        assert_eq!(markdown::block_end("<a:%><b:%>", 0, 1, 0), 5);
        assert_eq!(markdown::block_end("<a:%>x", 0, 1, 0), 5);
        assert_eq!(markdown::block_end("<a b>x", 0, 1, 0), 6);
        assert_eq!(markdown::block_end("*a* _b_ ", 0, 1, 0), 4);
        assert_eq!(markdown::block_end("a *b*c d", 0, 1, 0), 8);
        // Between two `[` of a run after whitespace, with no `]` or line break after it.
        assert_eq!(markdown::block_end("[[[[", 0, 1, 0), 1);
        assert_eq!(markdown::block_end("x [[[", 0, 1, 0), 2);
        for open in ["[[[[]", "[[[[\n", "a[[[", "x [([["] {
            assert_eq!(markdown::block_end(open, 0, 1, 0), open.len(), "{open:?}");
        }
        // An indented line may be code: no cut inside it.
        let code = "a\n\n    code b c\n";
        assert_eq!(markdown::block_end(code, 0, 5, 0), code.len());
        // A paragraph is what is open where a paragraph's text is cut.
        assert!(markdown::candidates("a <b:c> ", Options::default()).1);
        assert!(!markdown::candidates("<div>\na ", Options::default()).1);
        assert!(!markdown::candidates("> a ", Options::default()).1);
        assert!(markdown::candidates("para\n\n", Options::default()).1);
        assert!(markdown::candidates("```\nx\n```\n\n", Options::default()).1);
        assert!(!markdown::candidates("```\nx\n\n", Options::default()).1);
        assert!(!markdown::candidates("<!--\nx\n\n", Options::default()).1);
    }

    /// Found URIs under `grammar`, each with whether it conforms.
    fn verdicts(t: &str, grammar: Grammar) -> Vec<(String, bool)> {
        extract(t, grammar)
            .into_iter()
            .map(|f| (f.text.to_string(), f.is_valid()))
            .collect()
    }

    /// Templates whose brackets hold placeholders (`<name>`, or words with spaces) are no
    /// URIs (docs/documents.md, "Templates are not URIs").
    #[test]
    fn placeholders_make_templates() {
        for t in [
            "rtp://[<group-address>]:<port>",
            "srt://[<user>[:<pass>]@]<host>:<port>/<stream>",
            "nfs://[<user>@]<server>[:<port>]/<export>",
            "use http://host:<port>/ here",
            "endpoint = http://[IP of Snowball]:8080",
            "http://127.0.0.1:5572/[remote:path]/path/to/object",
            // A regular expression, its host's dots escaped (gcloud's manual).
            r"^https://source\.developers\.google\.com/projects/ (?<id>[^/]+)",
        ] {
            assert_eq!(verdicts(t, Grammar::Rfc3986), [], "{t}");
        }
        // The text after a template is read afresh.
        assert_eq!(texts("rtp://[<g>]:<port> and http://a/b"), ["http://a/b"]);
        // Not placeholders: an IP literal, brackets in the query, an unclosed bracket, a `<`
        // that delimits.
        let bad = |s: &str| (s.to_owned(), false);
        assert_eq!(
            verdicts("http://[::1 x", Grammar::Rfc3986),
            [bad("http://[::1")]
        );
        assert_eq!(
            verdicts("http://x/?a[]=1", Grammar::Rfc3986),
            [bad("http://x/?a[]=1")]
        );
        assert_eq!(texts("see <http://a/b>"), ["http://a/b"]);
        assert_eq!(texts("http://a/b<c"), ["http://a/b"]);
        // A `\` elsewhere, or before anything but a dot, is the URI's, and reported.
        assert_eq!(
            verdicts(r"http://a/b\.c", Grammar::Rfc3986),
            [bad(r"http://a/b\.c")]
        );
        assert_eq!(
            verdicts(r"http://a\b/", Grammar::Rfc3986),
            [bad(r"http://a\b/")]
        );
    }

    /// An ASCII URL glued to Chinese, Japanese or Korean text ends where the script changes
    /// after one of its letters or digits (docs/documents.md, "URLs glued to Chinese,
    /// Japanese and Korean text"), under every grammar.
    #[test]
    fn ascii_urls_end_where_cjk_text_starts() {
        let ok = |s: &str| (s.to_owned(), true);
        for g in [Grammar::Rfc3986, Grammar::Rfc3987] {
            assert_eq!(
                verdicts("詳細は http://example.com/docs.htmlを参照してください", g),
                [ok("http://example.com/docs.html")]
            );
            assert_eq!(
                verdicts("请访问http://example.com/docs获取更多信息", g),
                [ok("http://example.com/docs")]
            );
            assert_eq!(
                verdicts(
                    "https://savannah.gnu.org/bugs/?func=additem&group=wget에 보고하십시오",
                    g
                ),
                [ok("https://savannah.gnu.org/bugs/?func=additem&group=wget")]
            );
        }
        // After a `/`, `=` or `#`, a CJK letter begins a segment or a value; a run of them
        // followed by a `/` is a segment; a URI that already holds one goes on.
        let iri = |s: &str| iris(s).into_iter().map(|(t, _)| t).collect::<Vec<_>>();
        assert_eq!(
            iri("https://ja.wikipedia.org/wiki/ジョン"),
            ["https://ja.wikipedia.org/wiki/ジョン"]
        );
        assert_eq!(iri("http://a/?q=東京 x"), ["http://a/?q=東京"]);
        assert_eq!(iri("http://a/v2版/x"), ["http://a/v2版/x"]);
        assert_eq!(iri("http://例え.jp/パスを"), ["http://例え.jp/パスを"]);
        // Other scripts stay: a Cyrillic or Latin letter is the IRI's.
        assert_eq!(iri("http://a/bфx"), ["http://a/bфx"]);
        // Under RFC 3986 a CJK letter inside the URL is still reported.
        assert_eq!(
            verdicts("http://a/x/東京/y", Grammar::Rfc3986),
            [("http://a/x/東京/y".to_owned(), false)]
        );
    }

    /// Lists joined by `|`, configuration keys, an unknown scheme that carries a URI in its
    /// query, `data:` URIs, and an IP literal's brackets after a host.
    #[test]
    fn lists_keys_carriers_and_data() {
        assert_eq!(
            texts("tee:file://a/one.avi|file://a/two.avi"),
            ["file://a/one.avi", "file://a/two.avi"]
        );
        assert_eq!(texts("a http://a/x|y b"), ["http://a/x|y"]);
        assert_eq!(
            texts(
                "git config url.https://example.org/.insteadOf x; auth.https://example.net.user=me"
            ),
            ["https://example.org/", "https://example.net"]
        );
        assert_eq!(
            texts("git -c http.https://a.example/x.sslVerify=false clone"),
            ["https://a.example/x"]
        );
        let m = "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=x";
        assert_eq!(texts(&format!("open {m} now")), [m]);
        assert_eq!(texts("x:?u=1 and Note:see=http://a/b"), ["http://a/b"]);
        assert_eq!(
            texts("img data:image/png;base64,iVBORw0KGgo= and data:,Hello%20World."),
            ["data:image/png;base64,iVBORw0KGgo=", "data:,Hello%20World"]
        );
        assert_eq!(
            texts("f(data:int) data:value data: x"),
            Vec::<String>::new()
        );
        assert_eq!(
            verdicts("http://127.0.0.1[aa::ff]", Grammar::Rfc3986),
            [("http://127.0.0.1[aa::ff]".to_owned(), false)]
        );
        // AsciiDoc's link text still ends a URI.
        assert_eq!(texts("https://a/b[the text]"), ["https://a/b"]);
    }

    /// Random texts of the pieces the rules look at: each URI found, its outer range read
    /// alone, is found again, the same (the language server reads a URI so, for a hover or a
    /// fix).
    #[test]
    fn each_uri_read_alone_is_itself() {
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
            " ",
            "é",
            "\u{a0}",
            ")",
            "(",
            "]",
            ".",
            ",",
            ":",
            "%",
            "%zz",
            "\"",
            "'",
            "#",
            "?",
            "/",
            "@",
            "1",
            "`",
            "{",
            "}",
            "[",
            "\\",
            "\u{2010}\n",
            "\u{27e8}",
            "\u{27e9}",
            "[x](",
            "](",
            "::",
            "|",
            "url.https://",
            "<port>",
            "data:,",
            "magnet:?",
            "を",
            "에",
            "[<",
            "=",
            "获",
            "a.http://",
            ".a",
            "[aa::ff]",
            "&",
        ];
        let mut seed = 12345u64;
        let mut rnd = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..20_000 {
            let n = 5 + rnd(30);
            let t: String = (0..n).map(|_| BITS[rnd(BITS.len())]).collect();
            for f in extract(&t, Grammar::Rfc2396) {
                let alone = extract(&t[f.outer.clone()], Grammar::Rfc2396);
                let ok = alone.first().is_some_and(|g| g.text == f.text);
                assert!(
                    ok,
                    "{t:?} found {:?} alone {:?}",
                    f.text,
                    alone.iter().map(|g| g.text.to_string()).collect::<Vec<_>>()
                );
            }
        }
    }
}
