//! The public error type: where the input stopped being valid, in which production, what was
//! expected there, and which line of which RFC says so.

use std::fmt;
use std::sync::OnceLock;

use crate::grammar::{Citation, Grammar};
use crate::help::{Help, push_decimal};
use crate::input::{Expected, Tracker};

/// An input that is not a member of the rule's language: where it stopped being valid
/// ([`Error::offset`], [`Error::line`], [`Error::column`] ...), in which production
/// ([`Error::rule`], [`Error::stack`]), what was expected there ([`Error::expected`]), the
/// spec's line that says so ([`Error::citation`]), and the message and help in plain words.
///
/// [`Error::offset`] follows one contract for every grammar and rule: it is the length of the longest
/// prefix of the input that is still a prefix of some string of the rule's language, i.e. the
/// first byte at which no continuation could make the input valid. It equals the input's
/// length when the input is a valid beginning that stops too early.
///
/// ```
/// use urigram::Grammar;
/// let e = Grammar::Rfc2396.check("URI-reference", "http://a/b%zz").unwrap_err();
/// assert_eq!(e.offset(), 11);
/// assert_eq!(e.rule(), "escaped");
/// assert_eq!(e.expected_names(), ["hex"]);
/// assert_eq!(e.citation().to_string(), "rfc2396.txt:1526 (section 2.4.1)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub struct Error(Box<ErrorInfo>);

/// The fields of an [`Error`], read through its methods. The message and the help are written
/// when first asked for (most errors of a corpus are counted, never shown), from the fields
/// and [`Help`]; `Debug` and `==` see them as the texts they are.
#[derive(Clone)]
pub(crate) struct ErrorInfo {
    /// The grammar.
    pub(crate) grammar: Grammar,
    /// The rule the check was for (`URI-reference`).
    pub(crate) start_rule: &'static str,
    /// The innermost production that every failure at `offset` happened in.
    pub(crate) rule: &'static str,
    /// The productions from `start_rule` down to `rule`.
    pub(crate) stack: Items<&'static str, STACK_INLINE>,
    /// Byte offset of the first byte that no continuation makes valid.
    pub(crate) offset: usize,
    /// One past the last byte of the offending character (`offset` at the end of the input).
    pub(crate) end: usize,
    /// 1-based line of `offset`.
    pub(crate) line: usize,
    /// 1-based column of `offset`, counted in characters.
    pub(crate) column: usize,
    /// 1-based column of `offset`, counted in UTF-16 code units.
    pub(crate) column_utf16: usize,
    /// The character found at `offset`, or `None` at the end of the input.
    pub(crate) found: Option<char>,
    /// What would have been valid at `offset`, by production or literal.
    pub(crate) expected: Items<Expected, EXPECTED_INLINE>,
    /// What to write instead, for the common mistakes: which help, its text in `help_text`.
    pub(crate) help: Option<Help>,
    /// The help's text, once written.
    pub(crate) help_text: OnceLock<String>,
    /// The whole message in plain words: set by [`Error::with_message`], else written from the
    /// fields when first asked for.
    pub(crate) message: OnceLock<String>,
    /// The byte offset the message names: [`ErrorInfo::offset`] in the checked input, which
    /// placing the error in a larger text keeps.
    pub(crate) message_offset: usize,
    /// The byte at `offset` when it begins no UTF-8 character (then `found` is `None` and
    /// `end` is one past it), for [`Brief`]'s text.
    pub(crate) bad_byte: Option<u8>,
    /// Where a likely mistake stands before `offset` (a letter in a port that the help
    /// names), for [`crate::render`] to mark; `None` once the error is placed in another
    /// text by anything but a plain shift.
    pub(crate) likely: Option<usize>,
}

impl ErrorInfo {
    /// The message, written on first use.
    fn message(&self) -> &str {
        self.message.get_or_init(|| {
            message(
                self.start_rule,
                self.rule,
                self.message_offset,
                self.found,
                &self.expected,
            )
        })
    }

    /// The help's text, written on first use.
    fn help(&self) -> Option<&str> {
        match self.help.as_ref()? {
            Help::Fixed(s) => Some(s),
            Help::Text(s) => Some(s),
            h => Some(self.help_text.get_or_init(|| h.text().into_owned())),
        }
    }
}

/// The fields as a derived `Debug` writes them, the message and the help as their texts.
impl fmt::Debug for ErrorInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ErrorInfo")
            .field("grammar", &self.grammar)
            .field("start_rule", &self.start_rule)
            .field("rule", &self.rule)
            .field("stack", &&*self.stack)
            .field("offset", &self.offset)
            .field("end", &self.end)
            .field("line", &self.line)
            .field("column", &self.column)
            .field("column_utf16", &self.column_utf16)
            .field("found", &self.found)
            .field("expected", &&*self.expected)
            .field("citation", &self.grammar.citation(self.rule))
            .field("help", &self.help())
            .field("message", &self.message())
            .field("bad_byte", &self.bad_byte)
            .field("likely", &self.likely)
            .finish()
    }
}

/// Equal when every field is, the message and the help compared as texts.
impl PartialEq for ErrorInfo {
    fn eq(&self, o: &Self) -> bool {
        (
            self.grammar,
            self.start_rule,
            self.rule,
            &*self.stack,
            self.offset,
            self.end,
            self.line,
            self.column,
            self.column_utf16,
            self.found,
            &*self.expected,
        ) == (
            o.grammar,
            o.start_rule,
            o.rule,
            &*o.stack,
            o.offset,
            o.end,
            o.line,
            o.column,
            o.column_utf16,
            o.found,
            &*o.expected,
        ) && (self.bad_byte, self.likely) == (o.bad_byte, o.likely)
            && self.help() == o.help()
            && self.message() == o.message()
    }
}

impl Eq for ErrorInfo {}

/// How many productions and expected items an error keeps in its own allocation: more than
/// the errors of the corpus need (8 and 10 at most for RFC 2396's `URI-reference`). Longer
/// lists go to the heap.
const STACK_INLINE: usize = 12;
const EXPECTED_INLINE: usize = 12;

/// A short list kept inline, so that an error is one allocation (its box), or a longer one on
/// the heap. It reads as the slice it holds.
#[derive(Clone)]
pub(crate) enum Items<T: Copy, const N: usize> {
    /// The first `len` items of `items` (the rest are filler).
    Inline { len: u8, items: [T; N] },
    /// More than `N` items.
    Heap(Vec<T>),
}

impl<T: Copy, const N: usize> Items<T, N> {
    /// No items; `fill` stands in the unused places.
    #[inline(always)]
    const fn empty(fill: T) -> Items<T, N> {
        const { assert!(N <= u8::MAX as usize) };
        Items::Inline {
            len: 0,
            items: [fill; N],
        }
    }

    /// Make these items a copy of `v`, in place (an error is built in its box, and a list
    /// built aside and moved in was copied whole, filler included).
    #[inline]
    fn set(&mut self, v: &[T]) {
        match self {
            Items::Inline { len, items } if v.len() <= N => {
                items[..v.len()].copy_from_slice(v);
                *len = v.len() as u8;
            }
            _ => *self = Items::Heap(v.to_vec()),
        }
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for Items<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        match self {
            Items::Inline { len, items } => &items[..usize::from(*len)],
            Items::Heap(v) => v,
        }
    }
}

impl Error {
    /// The grammar checked.
    pub fn grammar(&self) -> Grammar {
        self.0.grammar
    }

    /// The rule the check was for (`URI-reference`).
    pub fn start_rule(&self) -> &'static str {
        self.0.start_rule
    }

    /// The innermost production that every failure at [`Error::offset`] happened in
    /// (`escaped`); the start rule for an unknown rule.
    pub fn rule(&self) -> &'static str {
        self.0.rule
    }

    /// The productions from [`Error::start_rule`] down to [`Error::rule`] (empty for an
    /// unknown rule).
    pub fn stack(&self) -> &[&'static str] {
        &self.0.stack
    }

    /// Byte offset of the first byte that no continuation makes valid (see above).
    pub fn offset(&self) -> usize {
        self.0.offset
    }

    /// One past the last byte of the offending character ([`Error::offset`] at the end of the
    /// input; one past it for a byte that is not UTF-8).
    pub fn end(&self) -> usize {
        self.0.end
    }

    /// 1-based line of [`Error::offset`].
    pub fn line(&self) -> usize {
        self.0.line
    }

    /// 1-based column of [`Error::offset`], counted in characters.
    pub fn column(&self) -> usize {
        self.0.column
    }

    /// 1-based column of [`Error::offset`], counted in UTF-16 code units (what most editors
    /// use).
    pub fn column_utf16(&self) -> usize {
        self.0.column_utf16
    }

    /// The character found at [`Error::offset`], or `None` at the end of the input or at a
    /// byte that is not UTF-8.
    pub fn found(&self) -> Option<char> {
        self.0.found
    }

    /// What would have been valid at [`Error::offset`], by production or literal.
    pub fn expected(&self) -> &[Expected] {
        &self.0.expected
    }

    /// Where the spec defines [`Error::rule`].
    pub fn citation(&self) -> Citation {
        self.0.grammar.citation(self.0.rule)
    }

    /// What to write instead, for the common mistakes (a space, a non-ASCII character, a `%`
    /// that begins no escape ...).
    pub fn help(&self) -> Option<&str> {
        self.0.help()
    }

    /// The whole message in plain words (what `Display` writes).
    pub fn message(&self) -> &str {
        self.0.message()
    }

    /// The expected items as plain strings (literals quoted, productions by name).
    pub fn expected_names(&self) -> Vec<String> {
        self.expected().iter().map(|e| e.to_string()).collect()
    }

    /// A stable diagnostic code, `{grammar}::{rule}::{found}`: the grammar, the innermost
    /// production that failed ([`Error::rule`]) and the kind of thing found where the input
    /// stopped being valid ([`FoundKind`]), one of a small fixed set:
    ///
    /// | kind | found |
    /// | --- | --- |
    /// | `end` | the end of the input (it stops too early) |
    /// | `space`, `control`, `non-ascii`, `not-utf8` | a space; a C0 control or DEL; a character outside US-ASCII; a byte that is not UTF-8 |
    /// | `letter`, `digit` | an ASCII letter or digit |
    /// | `percent`, `hash` | `%`; `#` |
    /// | `excluded` | one of the characters RFC 2396 excludes, `<>"{}\|\\^[]` and backquote |
    /// | `reserved`, `mark` | one of `;/?:@&=+$,`; one of `-_.!~*'()` |
    ///
    /// A rule the grammar does not have gives `{grammar}::unknown-rule`.
    ///
    /// The code is short enough to search for and never repeats what [`Error::expected`]
    /// lists. It depends only on the grammar, the production and the kind of character, never
    /// on the input's text or offsets, so two inputs that fail in the same way share it.
    ///
    /// ```
    /// use urigram::Grammar;
    /// let e = Grammar::Rfc2396.check("URI-reference", "http://a/b%zz").unwrap_err();
    /// assert_eq!(e.code(), "rfc2396::escaped::letter");
    /// let e = Grammar::Rfc2396.check("URI-reference", "http://exa mple/").unwrap_err();
    /// assert_eq!(e.code(), "rfc2396::URI-reference::space");
    /// let e = Grammar::Rfc2396.check("IPv4address", "1.2.3").unwrap_err();
    /// assert_eq!(e.code(), "rfc2396::IPv4address::end");
    /// ```
    pub fn code(&self) -> String {
        self.brief().code()
    }

    /// The kind of thing found at [`Error::offset`], as [`Error::code`] names it.
    ///
    /// ```
    /// use urigram::{FoundKind, Grammar};
    /// let e = Grammar::Rfc2396.check("URI-reference", "http://a/b%zz").unwrap_err();
    /// assert_eq!(e.found_kind(), FoundKind::Letter);
    /// assert_eq!(e.found_kind().as_str(), "letter");
    /// ```
    pub fn found_kind(&self) -> FoundKind {
        found_kind(self.0.grammar, self.0.found, self.0.offset, self.0.end)
    }

    /// Where the input stops being valid and in which production, without the rest: what
    /// [`Grammar::locate`](crate::Grammar::locate) finds for the same input and rule.
    ///
    /// ```
    /// use urigram::Grammar;
    /// let e = Grammar::Rfc2396.check("URI-reference", "http://a/b%zz").unwrap_err();
    /// assert_eq!(e.brief(), Grammar::Rfc2396.locate("URI-reference", "http://a/b%zz").unwrap_err());
    /// ```
    pub fn brief(&self) -> Brief {
        let e = &*self.0;
        Brief {
            grammar: e.grammar,
            start_rule: e.start_rule,
            rule: e.rule,
            offset: e.offset,
            end: e.end,
            found: e.found,
            bad_byte: e.bad_byte,
            known_rule: !e.stack.is_empty(),
        }
    }

    /// The message without the list of what was expected: what a renderer puts in the title
    /// when it shows the expected items under the offending character (as [`crate::render`]
    /// does), so that they appear once.
    ///
    /// ```
    /// use urigram::Grammar;
    /// let e = Grammar::Rfc2396.check("URI-reference", "http://a/b%zz").unwrap_err();
    /// assert_eq!(e.headline(), "not a valid URI-reference: 'z' at byte 11 in escaped");
    /// assert_eq!(e.message(), "not a valid URI-reference: 'z' at byte 11 in escaped, expected hex");
    /// ```
    pub fn headline(&self) -> &str {
        let m = self.0.message();
        match m.rfind(", expected ") {
            Some(k) if !self.0.expected.is_empty() => &m[..k],
            _ => m,
        }
    }

    /// The same error placed in a larger text: the checked input was the token that starts
    /// at byte `n` of `text` (a line, a file). The offsets ([`Error::offset`] and
    /// [`Error::end`]) move by `n`, and the line and columns are counted in `text`, so
    /// that [`render::Report`](crate::render::Report) of the result with `text` puts the caret
    /// under the offending character. What the error says (message, expected items, help,
    /// productions) is kept as it is: the message still names the byte in the token, as the
    /// errors of [`extract`](crate::extract) do.
    ///
    /// It never panics: an offset past the end of `text` (a wrong `n`) is taken as the end,
    /// and one inside a character as the start of that character.
    ///
    /// ```
    /// use urigram::Grammar;
    /// use urigram::render::Report;
    ///
    /// let line = "GET /caf/\u{e9} HTTP/1.0";
    /// // The request target is the second word, at byte 4 of the line.
    /// let (at, token) = (4, line.split(' ').nth(1).unwrap());
    /// let e = Grammar::Rfc2396.check("abs_path", token).unwrap_err();
    /// assert_eq!((e.offset(), e.column()), (5, 6)); // in the token: the `é`
    ///
    /// let e = e.offset_by(at, line);
    /// assert_eq!((e.offset(), e.end(), e.line(), e.column()), (9, 11, 1, 10));
    /// let shown = Report::new(&e, line).to_string();
    /// assert!(shown.contains(" --> <input>:1:10\n"), "{shown}");
    /// assert!(shown.contains("1 | GET /caf/\u{e9} HTTP/1.0\n  |          ^ expected"), "{shown}");
    /// ```
    #[must_use]
    pub fn offset_by(self, n: usize, text: &str) -> Error {
        let floor = |i: usize| {
            let mut i = i.min(text.len());
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let offset = floor(self.0.offset.saturating_add(n));
        let end = if self.0.end > self.0.offset {
            floor(self.0.end.saturating_add(n)).max(offset)
        } else {
            offset
        };
        let pos = Position::of(text, offset);
        let likely = self.0.likely.map(|k| floor(k.saturating_add(n)));
        let mut e = self.relocated(offset, end, pos);
        e.0.likely = likely;
        e
    }

    /// Build the error for `input` from a tracker that ran in a diagnosing mode.
    pub(crate) fn from_tracker(
        grammar: Grammar,
        start_rule: &'static str,
        input: &str,
        t: &Tracker,
    ) -> Error {
        let offset = t.farthest().unwrap_or(0).min(input.len());
        t.with_expected_and_failed_in(|expected, stack| {
            let stack = match stack {
                [] => std::slice::from_ref(&start_rule),
                s => s,
            };
            let rule = stack.last().copied().unwrap_or(start_rule);
            Error::build(grammar, start_rule, rule, stack, input, offset, expected)
        })
    }

    /// Build an error at `offset` of `input` with the given detail; its citation is the
    /// grammar's for `rule`.
    pub(crate) fn at(
        grammar: Grammar,
        start_rule: &'static str,
        rule: &'static str,
        stack: Vec<&'static str>,
        input: &str,
        offset: usize,
        expected: Vec<Expected>,
    ) -> Error {
        Error::build(grammar, start_rule, rule, &stack, input, offset, &expected)
    }

    /// [`Error::at`] from slices: the lists are copied into the error's one allocation.
    fn build(
        grammar: Grammar,
        start_rule: &'static str,
        rule: &'static str,
        stack: &[&'static str],
        input: &str,
        offset: usize,
        expected: &[Expected],
    ) -> Error {
        let pos = Position::of(input, offset);
        let found = input.get(offset..).and_then(|s| s.chars().next());
        let end = offset + found.map_or(0, char::len_utf8);
        let (help, likely) = crate::help::help(grammar, input, offset, found, expected);
        let renamed;
        let expected = match named(grammar, stack, expected) {
            Some(v) => {
                renamed = v;
                &renamed[..]
            }
            None => expected,
        };
        let mut e = Box::new(ErrorInfo {
            grammar,
            start_rule,
            rule,
            stack: Items::empty(""),
            offset,
            end,
            line: pos.line,
            column: pos.column,
            column_utf16: pos.column_utf16,
            found,
            expected: Items::empty(Expected::EndOfInput),
            help,
            help_text: OnceLock::new(),
            message: OnceLock::new(),
            message_offset: offset,
            bad_byte: None,
            likely,
        });
        e.stack.set(stack);
        e.expected.set(expected);
        Error(e)
    }

    /// The same error for a text `whole` that holds the checked input at byte `shift`.
    pub(crate) fn shifted(&self, whole: &str, shift: usize) -> Error {
        let e = &*self.0;
        Error::build(
            e.grammar,
            e.start_rule,
            e.rule,
            &e.stack,
            whole,
            e.offset + shift,
            &e.expected,
        )
        .with_end(e.end + shift)
    }

    /// Set where the offending input ends (a bad byte that is no character).
    pub(crate) fn with_end(mut self, end: usize) -> Error {
        self.0.end = end;
        self
    }

    /// Make this the error of byte `b` at its offset, which begins no UTF-8 character.
    pub(crate) fn with_bad_byte(mut self, b: u8) -> Error {
        self.0.end = self.0.offset + 1;
        self.0.bad_byte = Some(b);
        if self.0.help.is_none() {
            self.0.help = Some(crate::help::bad_byte_help(self.0.grammar, b));
            self.0.help_text = OnceLock::new();
        }
        self
    }

    /// Where a likely mistake stands before [`Error::offset`], when the help names one.
    pub(crate) fn likely(&self) -> Option<usize> {
        self.0.likely
    }

    /// Replace the help with a text that depends on nothing else.
    pub(crate) fn with_help_text(mut self, h: &'static str) -> Error {
        self.0.help = Some(Help::Fixed(h));
        self.0.help_text = OnceLock::new();
        self
    }

    /// Replace the message.
    pub(crate) fn with_message(mut self, m: String) -> Error {
        self.0.message = OnceLock::from(m);
        self
    }

    /// The same error placed in a larger text: `offset..end` and `pos` there. The message
    /// keeps the byte offset within the checked input.
    pub(crate) fn relocated(mut self, offset: usize, end: usize, pos: Position) -> Error {
        let e = &mut *self.0;
        e.offset = offset;
        e.end = end;
        e.likely = None;
        e.line = pos.line;
        e.column = pos.column;
        e.column_utf16 = pos.column_utf16;
        self
    }
}

/// Where an input stops being valid and in which production: an [`Error`] without its message,
/// expected items, help and production stack. [`Grammar::locate`](crate::Grammar::locate)
/// finds it for a fraction of what a full diagnosis costs, and it is all a statistic over many
/// inputs groups them by: [`Brief::code`] is [`Error::code`].
///
/// ```
/// use urigram::Grammar;
/// let b = Grammar::Rfc2396.locate("URI-reference", "http://a/b%zz").unwrap_err();
/// assert_eq!((b.offset(), b.rule(), b.found()), (11, "escaped", Some('z')));
/// assert_eq!(b.code(), "rfc2396::escaped::letter");
/// assert_eq!(b.to_string(), "not a valid URI-reference: 'z' at byte 11 in escaped");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Brief {
    grammar: Grammar,
    start_rule: &'static str,
    rule: &'static str,
    offset: usize,
    end: usize,
    found: Option<char>,
    /// [`ErrorInfo`]'s byte that begins no UTF-8 character.
    bad_byte: Option<u8>,
    /// False for an error about a rule the grammar does not have.
    known_rule: bool,
}

impl Brief {
    /// The brief of an input that a known rule rejects.
    pub(crate) fn new(
        grammar: Grammar,
        start_rule: &'static str,
        rule: &'static str,
        input: &str,
        offset: usize,
    ) -> Brief {
        let found = input.get(offset..).and_then(|s| s.chars().next());
        Brief {
            grammar,
            start_rule,
            rule,
            offset,
            end: offset + found.map_or(0, char::len_utf8),
            found,
            bad_byte: None,
            known_rule: true,
        }
    }

    /// The same brief at `offset..end` of a larger text (a URI found in a document).
    pub(crate) fn relocated(mut self, offset: usize, end: usize) -> Brief {
        self.offset = offset;
        self.end = end;
        self
    }

    /// Whether the check was for a rule that the grammar does not have (then
    /// [`Brief::code`] is `{grammar}::unknown-rule`, and nothing else says anything).
    pub fn is_unknown_rule(&self) -> bool {
        !self.known_rule
    }

    /// The grammar checked ([`Error::grammar`]).
    pub fn grammar(&self) -> Grammar {
        self.grammar
    }

    /// The rule the check was for ([`Error::start_rule`]).
    pub fn start_rule(&self) -> &'static str {
        self.start_rule
    }

    /// The innermost production that every failure at the offset happened in
    /// ([`Error::rule`]).
    pub fn rule(&self) -> &'static str {
        self.rule
    }

    /// Byte offset of the first byte that no continuation makes valid ([`Error::offset`]).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// One past the last byte of the offending character ([`Error::end`]).
    pub fn end(&self) -> usize {
        self.end
    }

    /// The character found at the offset, or `None` at the end of the input or at a byte
    /// that is not UTF-8 ([`Error::found`]).
    pub fn found(&self) -> Option<char> {
        self.found
    }

    /// [`Error::code`]: `{grammar}::{rule}::{found}`.
    pub fn code(&self) -> String {
        // Concatenated, not formatted: a corpus summary asks every invalid line for its code.
        let grammar = self.grammar.name();
        if !self.known_rule {
            let mut s = String::from(grammar);
            s.push_str("::unknown-rule");
            return s;
        }
        let kind = self.found_kind().as_str();
        let mut s = String::with_capacity(grammar.len() + self.rule.len() + kind.len() + 4);
        s.push_str(grammar);
        s.push_str("::");
        s.push_str(self.rule);
        s.push_str("::");
        s.push_str(kind);
        s
    }

    /// [`Error::found_kind`].
    pub fn found_kind(&self) -> FoundKind {
        found_kind(self.grammar, self.found, self.offset, self.end)
    }

    /// Where the spec defines [`Brief::rule`]: [`Error::citation`] of the same error.
    ///
    /// ```
    /// use urigram::Grammar;
    /// let b = Grammar::Rfc2396.locate("URI-reference", "http://a/b%zz").unwrap_err();
    /// assert_eq!(b.citation().to_string(), "rfc2396.txt:1526 (section 2.4.1)");
    /// ```
    pub fn citation(&self) -> Citation {
        self.grammar.citation(self.rule)
    }
}

impl fmt::Display for Brief {
    /// What was found where, in which production: [`Error::headline`] of the error
    /// [`Grammar::check`](crate::Grammar::check) gives for the same input.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.known_rule {
            return write!(f, "{} has no such rule", self.grammar);
        }
        match self.bad_byte {
            Some(b) => f.write_str(&not_utf8_message(self.start_rule, "", b, self.offset)),
            None => f.write_str(&message(
                self.start_rule,
                self.rule,
                self.offset,
                self.found,
                &[],
            )),
        }
    }
}

/// The message of the error at byte `b`, at `offset`, which begins no UTF-8 character, by a
/// check of `rule` (by `by`, when not by the combinators), before what was expected there.
pub(crate) fn not_utf8_message(rule: &str, by: &str, b: u8, offset: usize) -> String {
    format!("not a valid {rule}{by}: the byte {b:#04X} at byte {offset} is not UTF-8")
}

/// The kind of thing found where an input stops being valid ([`Error::found_kind`]), the
/// last part of [`Error::code`].
///
/// ```
/// use urigram::{FoundKind, Grammar};
/// let kind = |s: &str| Grammar::Rfc2396.check("absoluteURI", s).unwrap_err().found_kind();
/// assert_eq!(kind("http:"), FoundKind::End);
/// assert_eq!(kind("http://a b"), FoundKind::Space);
/// assert_eq!(kind("http://a\tb"), FoundKind::Control);
/// assert_eq!(kind("http://a/\u{e9}"), FoundKind::NonAscii);
/// assert_eq!(kind("1http:a"), FoundKind::Digit);
/// assert_eq!(kind("http://a/%zz"), FoundKind::Letter);
/// assert_eq!(kind("http%3a"), FoundKind::Percent);
/// assert_eq!(kind("http://a/#b"), FoundKind::Hash);
/// assert_eq!(kind("http://a/<b>"), FoundKind::Excluded);
/// assert_eq!(kind("/a"), FoundKind::Reserved);
/// assert_eq!(kind("-http:a"), FoundKind::Mark);
/// let bytes = Grammar::Rfc2396.check("absoluteURI", b"http://a/\xff").unwrap_err();
/// assert_eq!(bytes.found_kind(), FoundKind::NotUtf8);
/// // Its name ends the error's code.
/// assert_eq!(FoundKind::Space.as_str(), "space");
/// assert!(Grammar::Rfc2396.check("absoluteURI", "http://a b").unwrap_err().code().ends_with("::space"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum FoundKind {
    /// The end of the input: it stops too early (`end`).
    End,
    /// A space (`space`).
    Space,
    /// A C0 control character or DEL (`control`).
    Control,
    /// A character outside US-ASCII (`non-ascii`).
    NonAscii,
    /// A byte that is not UTF-8 (`not-utf8`).
    NotUtf8,
    /// An ASCII letter (`letter`).
    Letter,
    /// An ASCII digit (`digit`).
    Digit,
    /// `%` (`percent`).
    Percent,
    /// `#` (`hash`).
    Hash,
    /// One of the characters RFC 2396 excludes, `<>"{}|\^[]` and backquote, or `~` under
    /// RFC 1738 (unsafe, section 2.2) and RFC 1630 (national) (`excluded`).
    Excluded,
    /// One of `;/?:@&=+$,` (and, under RFC 2732, `[` and `]`) (`reserved`).
    Reserved,
    /// One of `-_.!~*'()` (`mark`).
    Mark,
}

impl FoundKind {
    /// The name in [`Error::code`]: `end`, `space`, `non-ascii` ...
    pub const fn as_str(self) -> &'static str {
        match self {
            FoundKind::End => "end",
            FoundKind::Space => "space",
            FoundKind::Control => "control",
            FoundKind::NonAscii => "non-ascii",
            FoundKind::NotUtf8 => "not-utf8",
            FoundKind::Letter => "letter",
            FoundKind::Digit => "digit",
            FoundKind::Percent => "percent",
            FoundKind::Hash => "hash",
            FoundKind::Excluded => "excluded",
            FoundKind::Reserved => "reserved",
            FoundKind::Mark => "mark",
        }
    }
}

impl fmt::Display for FoundKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The kind of thing found at `offset` (see [`Error::code`]).
fn found_kind(grammar: Grammar, found: Option<char>, offset: usize, end: usize) -> FoundKind {
    match found {
        None if end > offset => FoundKind::NotUtf8,
        None => FoundKind::End,
        Some(' ') => FoundKind::Space,
        Some(c) if c.is_ascii_control() => FoundKind::Control,
        Some(c) if !c.is_ascii() => FoundKind::NonAscii,
        Some(c) if c.is_ascii_alphabetic() => FoundKind::Letter,
        Some(c) if c.is_ascii_digit() => FoundKind::Digit,
        Some('%') => FoundKind::Percent,
        Some('#') => FoundKind::Hash,
        // RFC 2732 adds the brackets to `reserved` (rfc2732.txt:133).
        Some('[' | ']') if grammar == Grammar::Rfc2732 => FoundKind::Reserved,
        // RFC 3986's reserved characters are gen-delims and sub-delims (rfc3986.txt:2785).
        Some('[' | ']' | '!' | '*' | '\'' | '(' | ')') if grammar == Grammar::Rfc3986 => {
            FoundKind::Reserved
        }
        // RFC 1738's unsafe `~` (rfc1738.txt:1076), RFC 1630's national one.
        Some('~')
            if matches!(
                grammar,
                Grammar::Rfc1738 | Grammar::Rfc1630 | Grammar::Rfc1630Url
            ) =>
        {
            FoundKind::Excluded
        }
        Some(c) if ";/?:@&=+$,".contains(c) => FoundKind::Reserved,
        Some(c) if "-_.!~*'()".contains(c) => FoundKind::Mark,
        Some(_) => FoundKind::Excluded,
    }
}

/// RFC 3986's `dec-octet` as its first characters are recorded: what a check expects where a
/// `dec-octet` may begin.
const DEC_OCTET_FIRST: [Expected; 5] = [
    Expected::Rule("%x31-39"),
    Expected::Rule("DIGIT"),
    Expected::Literal("1"),
    Expected::Literal("2"),
    Expected::Literal("25"),
];

/// What was expected, with the raw ABNF items of an IP literal's inner productions (numeric
/// ranges, digit literals, core rules) named by the production a person knows them as: where an
/// RFC 3986 `dec-octet` may begin, `dec-octet` (or `IPv4address`, where one may begin), and a
/// hex digit of an IPv6 address `h16` (RFC 2732's `hex4`). Only the list shown changes: the
/// check and its offset are the combinators' own.
fn named(grammar: Grammar, stack: &[&'static str], expected: &[Expected]) -> Option<Vec<Expected>> {
    if !matches!(
        grammar,
        Grammar::Rfc3986 | Grammar::Rfc3987 | Grammar::Rfc2732
    ) {
        return None;
    }
    let mut expected = expected.to_vec();
    let inner = stack.last().copied().unwrap_or("");
    let mut replace = |items: &[Expected], name: &'static str| {
        if !items.is_empty() && items.iter().all(|x| expected.contains(x)) {
            expected.retain(|x| !items.contains(x));
            expected.push(Expected::Rule(name));
        }
    };
    match grammar {
        Grammar::Rfc3986 | Grammar::Rfc3987 => {
            let octet = if matches!(inner, "IPv4address" | "dec-octet") {
                "dec-octet"
            } else {
                "IPv4address"
            };
            replace(&DEC_OCTET_FIRST, octet);
            if matches!(inner, "IP-literal" | "IPv6address" | "ls32" | "h16") {
                replace(&[Expected::Rule("HEXDIG")], "h16");
            }
        }
        Grammar::Rfc2732 => {
            if matches!(
                inner,
                "ipv6reference" | "IPv6address" | "hexpart" | "hexseq" | "hex4"
            ) {
                replace(&[Expected::Rule("HEXDIG")], "hex4");
            }
        }
        _ => {}
    }
    expected.sort();
    expected.dedup();
    Some(expected)
}

fn message(
    start_rule: &str,
    rule: &str,
    offset: usize,
    found: Option<char>,
    expected: &[Expected],
) -> String {
    // Appended piece by piece rather than formatted: a corpus summary builds the message of
    // every invalid line, and `format!` costs several times the pieces.
    let mut m = String::with_capacity(64 + start_rule.len() + rule.len() + 16 * expected.len());
    m.push_str("not a valid ");
    m.push_str(start_rule);
    m.push_str(": ");
    match found {
        Some(c) => push_found(&mut m, c),
        None => m.push_str("the end of the input"),
    }
    m.push_str(" at byte ");
    push_decimal(&mut m, offset);
    if rule != start_rule {
        m.push_str(" in ");
        m.push_str(rule);
    }
    if !expected.is_empty() {
        m.push_str(", expected ");
        push_one_of(&mut m, expected);
    }
    m
}

/// Append what [`Found`] displays for `c`, without the formatting machinery for the common
/// characters.
fn push_found(s: &mut String, c: char) {
    match c {
        ' ' => s.push_str("a space"),
        '\t' => s.push_str("a tab (U+0009)"),
        // Printable ASCII is quoted as `{:?}` quotes it: only `'` and `\\` take a backslash.
        '\'' | '\\' => {
            s.push_str("'\\");
            s.push(c);
            s.push('\'');
        }
        c if c.is_ascii_graphic() => {
            s.push('\'');
            s.push(c);
            s.push('\'');
        }
        c => {
            use std::fmt::Write;
            // Writing into a String cannot fail.
            let _ = write!(s, "{}", Found(c));
        }
    }
}

/// A list for people: `a`, `a or b`, `a, b or c`.
pub(crate) fn one_of(items: &[Expected]) -> String {
    let mut s = String::with_capacity(items.len() * 12);
    push_one_of(&mut s, items);
    s
}

/// Append [`one_of`]'s list to `s`.
fn push_one_of(s: &mut String, items: &[Expected]) {
    for (k, e) in items.iter().enumerate() {
        match k {
            0 => {}
            k if k + 1 == items.len() => s.push_str(" or "),
            _ => s.push_str(", "),
        }
        e.push_to(s);
    }
}

/// A character as the messages show it: printable ASCII quoted, others by code point.
struct Found(char);

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        match c {
            ' ' => f.write_str("a space"),
            '\t' => f.write_str("a tab (U+0009)"),
            c if c.is_ascii_control() => write!(f, "the control character U+{:04X}", c as u32),
            c if c.is_ascii() => write!(f, "{c:?}"),
            c => write!(f, "the non-ASCII character {c:?} (U+{:04X})", c as u32),
        }
    }
}

/// Line and columns of a byte offset: where [`extract`](crate::extract) finds each URI in a
/// text ([`Found::start`](crate::extract::Found::start)), and what [`Error::line`],
/// [`Error::column`] and [`Error::column_utf16`] give for an error.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as the Language Server Protocol counts them.
///
/// ```
/// use urigram::Position;
/// let found = urigram::extract::extract("first line\n\u{1F600} http://a/b", urigram::Grammar::Rfc2396);
/// assert_eq!(found[0].start, Position { line: 2, column: 3, column_utf16: 4 });
/// // Classic Mac line endings.
/// let found = urigram::extract::extract("one\rtwo\r  http://a/b", urigram::Grammar::Rfc2396);
/// assert_eq!(found[0].start, Position { line: 3, column: 3, column_utf16: 3 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column in characters.
    pub column: usize,
    /// 1-based column in UTF-16 code units.
    pub column_utf16: usize,
}

impl Position {
    /// The position of byte `offset` in `text` (clamped to the text, and to a char boundary).
    /// Lines end at `\n`, `\r\n` or a lone `\r`, as the Language Server Protocol counts them
    /// (the `\n` of a `\r\n` ends its line; the `\r` before it is the line's last column).
    pub(crate) fn of(text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        // The common case, an error in the first line of ASCII text: no count to make.
        if plain_ascii(&text.as_bytes()[..offset]) {
            return Position {
                line: 1,
                column: offset + 1,
                column_utf16: offset + 1,
            };
        }
        let before = &text[..offset];
        let line_start = line_start(text.as_bytes(), offset);
        let line = if line_start == 0 {
            1
        } else {
            line_breaks(text.as_bytes(), 0..offset) + 1
        };
        let in_line = &before[line_start..];
        // An error in a long line computes this once: count bytes, not decoded characters.
        // Characters are the bytes that do not continue one (`10xxxxxx`); a character of four
        // bytes (a leading `11110xxx`) takes two UTF-16 units.
        let (column, column_utf16) = if in_line.is_ascii() {
            (in_line.len(), in_line.len())
        } else {
            let b = in_line.as_bytes();
            let chars = b.iter().filter(|&&c| (c as i8) >= -0x40).count();
            (chars, chars + b.iter().filter(|&&c| c >= 0xF0).count())
        };
        Position {
            line,
            column: column + 1,
            column_utf16: column_utf16 + 1,
        }
    }
}

/// Whether one of the eight bytes of `x` is a `\n` or a `\r` (as [`plain_ascii`] tests them).
fn holds_break(x: u64) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x & HIGH != 0;
    zero_byte(x ^ (ONES * u64::from(b'\n'))) || zero_byte(x ^ (ONES * u64::from(b'\r')))
}

/// Whether `b` is ASCII without `\n` or `\r`: one line whose columns are its bytes. Eight bytes
/// a step: a byte is `\n` (or `\r`) when its XOR with `\n` (`\r`) is zero, and a word has a
/// zero byte exactly when `(x - 0x01..01) & !x & 0x80..80` is not zero.
fn plain_ascii(b: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x & HIGH != 0;
    let mut words = b.chunks_exact(8);
    for w in &mut words {
        let mut a = [0u8; 8];
        a.copy_from_slice(w);
        let x = u64::from_ne_bytes(a);
        // Most words hold bytes from 0x0E to 0x7F only, which no subtraction of 0x0E from each
        // byte borrows from nor sets the high bit of: one test clears them. Any other byte
        // sets a high bit (the first one exactly), and the word is tested byte by byte.
        if (x.wrapping_sub(ONES * 0x0E) | x) & HIGH != 0
            && (x & HIGH != 0
                || zero_byte(x ^ (ONES * u64::from(b'\n')))
                || zero_byte(x ^ (ONES * u64::from(b'\r'))))
        {
            return false;
        }
    }
    words
        .remainder()
        .iter()
        .all(|&c| c.is_ascii() && c != b'\n' && c != b'\r')
}

/// Whether byte `k` of `text` ends a line: a `\n`, or a `\r` that no `\n` follows.
fn ends_line(text: &[u8], k: usize) -> bool {
    match text[k] {
        b'\n' => true,
        b'\r' => text.get(k + 1) != Some(&b'\n'),
        _ => false,
    }
}

/// The line breaks among the bytes `range` of `text` (a `\r\n` counts once, at its `\n`).
pub(crate) fn line_breaks(text: &[u8], range: std::ops::Range<usize>) -> usize {
    let start = range.start;
    let part = &text[range];
    let lf = part.iter().filter(|&&c| c == b'\n').count();
    // (Most texts have no `\r`: one look for it, then none.)
    if !part.contains(&b'\r') {
        return lf;
    }
    let lone_cr = part
        .iter()
        .enumerate()
        .filter(|&(k, &c)| c == b'\r' && ends_line(text, start + k))
        .count();
    lf + lone_cr
}

/// Where the line that holds byte `offset` of `text` starts: after the last line break before
/// it (0 when there is none).
pub(crate) fn line_start(text: &[u8], offset: usize) -> usize {
    let is_break = |c: &u8| *c == b'\n' || *c == b'\r';
    let before = &text[..offset];
    match before.iter().rposition(is_break) {
        // A `\r` whose `\n` is at `offset`: the line goes on to that `\n`. (Any `\r` before
        // it is followed by no `\n`.)
        Some(p) if !ends_line(text, p) => {
            before[..p].iter().rposition(is_break).map_or(0, |q| q + 1)
        }
        Some(p) => p + 1,
        None => 0,
    }
}

/// Line and columns of offsets, in one pass over the text when they increase (as the
/// offsets of the URIs of a text do); a step back costs the length of the step and of the
/// line it lands in, never a walk from the start.
pub(crate) struct Cursor<'t> {
    text: &'t str,
    offset: usize,
    pos: Position,
}

impl<'t> Cursor<'t> {
    pub(crate) fn new(text: &'t str) -> Cursor<'t> {
        Cursor {
            text,
            offset: 0,
            pos: Position {
                line: 1,
                column: 1,
                column_utf16: 1,
            },
        }
    }

    /// A cursor on `text` that knows `offset` (a character boundary) is at `pos`.
    pub(crate) fn resume(text: &'t str, offset: usize, pos: Position) -> Cursor<'t> {
        Cursor { text, offset, pos }
    }

    /// The position of `offset` (a character boundary of the text).
    pub(crate) fn at(&mut self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        if offset < self.offset {
            // Back to the start of the line that holds `offset`, then forward.
            let lines = line_breaks(self.text.as_bytes(), offset..self.offset);
            let line_start = line_start(self.text.as_bytes(), offset);
            self.offset = line_start;
            self.pos = Position {
                line: self.pos.line - lines,
                column: 1,
                column_utf16: 1,
            };
        }
        let bytes = self.text.as_bytes();
        let part = &bytes[self.offset..offset];
        // The line breaks in the part (a `\r` whose `\n` is at `offset` is none yet): how
        // many, and where the last one is. Eight bytes a step: most words hold none.
        let (mut breaks, mut last_break) = (0, None);
        let mut take = |k: usize| {
            if ends_line(bytes, self.offset + k) {
                breaks += 1;
                last_break = Some(k);
            }
        };
        let mut words = part.chunks_exact(8);
        let mut k = 0;
        for w in &mut words {
            let mut a = [0u8; 8];
            a.copy_from_slice(w);
            if holds_break(u64::from_ne_bytes(a)) {
                (k..k + 8).for_each(&mut take);
            }
            k += 8;
        }
        (k..part.len()).for_each(take);
        let line = match last_break {
            Some(k) => {
                self.pos.line += breaks;
                self.pos.column = 1;
                self.pos.column_utf16 = 1;
                &part[k + 1..]
            }
            None => part,
        };
        // The characters after it (the bytes that start one), and those of them that take
        // two UTF-16 units (the four-byte ones).
        let (chars, astral) = if line.is_ascii() {
            (line.len(), 0)
        } else {
            let chars = line.iter().filter(|&&c| (c as i8) >= -0x40).count();
            (chars, line.iter().filter(|&&c| c >= 0xF0).count())
        };
        self.pos.column += chars;
        self.pos.column_utf16 += chars + astral;
        self.offset = offset;
        self.pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grammar, LookupError};

    /// A brief prints the headline of its error, and has its code and citation.
    /// Lists up to their inline room are kept in the error itself, longer ones on the heap;
    /// either reads as the slice it was made from, and an error of each compares and prints
    /// as the lists it holds.
    #[test]
    fn items_inline_and_on_the_heap() {
        let names: Vec<&'static str> = (0..=STACK_INLINE + 1)
            .map(|k| &"abcdefghijklmnopqrstuvwxyz"[k..])
            .collect();
        for n in [0, 1, STACK_INLINE, STACK_INLINE + 1, STACK_INLINE + 2] {
            let mut items = Items::<&'static str, STACK_INLINE>::empty("");
            items.set(&names[..n]);
            assert_eq!(&*items, &names[..n]);
            assert_eq!(matches!(items, Items::Heap(_)), n > STACK_INLINE);
            let e = Error::build(
                Grammar::Rfc2396,
                "URI-reference",
                "x",
                &names[..n],
                "a b",
                1,
                &[Expected::EndOfInput],
            );
            assert_eq!(e.stack(), &names[..n]);
            assert_eq!(e, e.clone());
            assert!(format!("{e:?}").contains(&format!("stack: {:?},", &names[..n])));
        }
    }

    #[test]
    fn a_brief_says_what_its_error_says() {
        let inputs = [
            "http://a/b%zz",
            "http://exa mple/",
            "",
            "a:\u{7f}",
            "http://a/é",
            "x#a#b",
            "mailto:#",
            "http:",
        ];
        for &g in Grammar::ALL {
            for s in inputs {
                let Err(e) = g.check(g.start_rule(), s) else {
                    continue;
                };
                let b = e.brief();
                assert_eq!(b.to_string(), e.headline(), "{g} {s:?}");
                assert_eq!(b.code(), e.code(), "{g} {s:?}");
                assert_eq!(b.citation(), e.citation(), "{g} {s:?}");
            }
        }
        let e = Grammar::Rfc2396
            .check("URI-reference", b"http://a/\xff")
            .unwrap_err();
        assert_eq!(e.brief().found_kind(), FoundKind::NotUtf8);
        assert_eq!(e.brief().to_string(), e.headline());
        assert_eq!(
            e.brief().to_string(),
            "not a valid URI-reference: the byte 0xFF at byte 9 is not UTF-8"
        );
        let e = Grammar::Rfc2396.check("no-such-rule", "x").unwrap_err();
        assert!(e.brief().is_unknown_rule());
        assert_eq!(e.brief().to_string(), "rfc2396 has no such rule");
    }

    /// Every error that wraps a diagnostic and prints it gives it as its `source()`, and the
    /// chain ends there: a reporter that walks the chain prints each message once.
    #[test]
    fn wrapped_errors_give_their_diagnostic_as_source() {
        use crate::{rfc2396, rfc3986};
        use std::error::Error as StdError;
        let inner = Grammar::Rfc2396.check("URI-reference", "a b").unwrap_err();
        let c2396 = |t: &str| rfc2396::resolve_str(t, "g", Default::default()).unwrap_err();
        let r2396 = |t: &str| rfc2396::resolve_str("http://a/", t, Default::default()).unwrap_err();
        let wrappers: Vec<Box<dyn StdError>> = vec![
            Box::new(c2396("a b")),
            Box::new(r2396("a b")),
            Box::new(rfc3986::resolve_str("a b", "g", Default::default()).unwrap_err()),
            Box::new(rfc3986::resolve_str("http://a/", "a b", Default::default()).unwrap_err()),
            Box::new(rfc2396::BuildError::Component {
                production: "path",
                text: "a b".into(),
                error: inner.clone(),
            }),
            Box::new(rfc2396::BuildError::Combination {
                text: "a b".into(),
                error: Some(inner.clone()),
            }),
        ];
        for w in &wrappers {
            let source = w.source().unwrap_or_else(|| panic!("no source: {w}"));
            let e = source
                .downcast_ref::<Error>()
                .expect("the source is the diagnostic");
            assert!(w.to_string().ends_with(&e.to_string()), "{w}");
            assert_eq!(e.offset(), 1, "{w}");
            assert!(source.source().is_none(), "{w}");
        }
        // The variants that wrap nothing have no source.
        let none: Vec<Box<dyn StdError>> = vec![
            Box::new(rfc2396::BuildError::Combination {
                text: "//x".into(),
                error: None,
            }),
            Box::new(c2396("g")),
        ];
        for w in &none {
            assert!(w.source().is_none(), "{w}");
        }
    }

    /// The expected list of an IPv6 error names the productions, not their raw ABNF items.
    #[test]
    fn ip_literal_errors_name_their_productions() {
        let names = |g: Grammar, s: &str| g.check("URI-reference", s).unwrap_err().expected_names();
        let g = Grammar::Rfc3986;
        // Where an h16 or an IPv4address (of ls32) may begin.
        assert_eq!(names(g, "http://[::g]/"), ["IPv4address", "h16", "\"]\""]);
        // Inside the IPv4address: its next dec-octet.
        assert_eq!(names(g, "http://[::1.2.3.x]/"), ["dec-octet"]);
        // Elsewhere the items stay: a port's DIGIT.
        assert!(names(g, "http://u@a:8x/").contains(&"DIGIT".to_string()));
        let e = g.check("URI-reference", "http://[::g]/").unwrap_err();
        assert!(
            e.to_string()
                .ends_with("expected IPv4address, h16 or \"]\""),
            "{e}"
        );
        // RFC 2732: `hex4` for its HEXDIG.
        let e = Grammar::Rfc2732
            .check("URI-reference", "http://[1:g]/")
            .unwrap_err();
        assert!(e.expected_names().contains(&"hex4".to_string()), "{e}");
        assert!(!e.expected_names().contains(&"HEXDIG".to_string()), "{e}");
    }

    /// An error writes its message and help when first asked for, once; `==` and `Debug` see
    /// the texts, whether written yet or not.
    #[test]
    fn message_and_help_are_written_when_asked() {
        let e = Grammar::Rfc2396
            .check("URI-reference", "http://a/b c")
            .unwrap_err();
        let fresh = e.clone();
        assert!(e.0.message.get().is_none() && e.0.help_text.get().is_none());
        let m = e.message();
        assert!(
            m.starts_with("not a valid URI-reference: a space at byte 10, expected pchar"),
            "{m}"
        );
        assert!(std::ptr::eq(m, e.message()), "written once");
        assert_eq!(
            e.help(),
            Some("a space cannot appear in a URI; write it as %20 (RFC 2396 section 2.4.3)")
        );
        assert!(e.0.help_text.get().is_some() && fresh.0.message.get().is_none());
        assert_eq!(e, fresh);
        assert_eq!(format!("{e:?}"), format!("{fresh:?}"));
        assert!(format!("{fresh:?}").contains(r#"help: Some("a space cannot"#));
        // Placed in a larger text, the message still names the byte in the checked input.
        let moved = fresh.clone().offset_by(4, "GET http://a/b c");
        assert_eq!((moved.offset(), moved.message()), (14, m));
        assert_ne!(moved, fresh);
        // A message set by hand is the message.
        let other = fresh.clone().with_message("other".to_string());
        assert_eq!((other.message(), other.headline()), ("other", "other"));
        assert_ne!(other, fresh);
    }

    /// An unknown rule is answered with the closest name, in any case, when one is close.
    #[test]
    fn unknown_rules_name_the_closest() {
        let closest = |g: Grammar, name: &str| match g.rule(name) {
            Err(LookupError::Rule { closest, .. }) => closest,
            other => panic!("{other:?}"),
        };
        assert_eq!(closest(Grammar::Rfc2396, "hostnme"), Some("hostname"));
        assert_eq!(
            closest(Grammar::Rfc2396, "uri-reference"),
            Some("URI-reference")
        );
        assert_eq!(closest(Grammar::Rfc2396, "ipv4adress"), Some("IPv4address"));
        assert_eq!(closest(Grammar::Rfc1738, "ftpurl2"), Some("ftpurl"));
        assert_eq!(closest(Grammar::Rfc2396, "zzzzzz"), None);
        assert_eq!(closest(Grammar::Rfc2396, ""), None);
        let e = Grammar::Rfc2396.check("hostnme", "x").unwrap_err();
        assert_eq!(
            e.message(),
            "grammar rfc2396 has no rule \"hostnme\"; did you mean \"hostname\"?"
        );
    }

    #[test]
    fn literals_are_quoted_as_debug_quotes_them() {
        for l in ["a", "//", "\"", "\\", "\n", " ", "é", "a\"b", "\u{7f}"] {
            assert_eq!(Expected::Literal(l).to_string(), format!("{l:?}"), "{l:?}");
        }
        let items = [
            Expected::Rule("alpha"),
            Expected::Literal(":"),
            Expected::EndOfInput,
        ];
        assert_eq!(one_of(&items), "alpha, \":\" or end of input");
        assert_eq!(one_of(&items[..1]), "alpha");
        assert_eq!(one_of(&[]), "");
    }

    /// The message's character is what `Found` displays, for every ASCII character and some
    /// others.
    #[test]
    fn found_is_appended_as_displayed() {
        for c in (0..=0x7F_u8)
            .map(char::from)
            .chain(['é', '😀', '\u{85}', '\u{2028}'])
        {
            let mut s = String::new();
            push_found(&mut s, c);
            assert_eq!(s, Found(c).to_string(), "{c:?}");
        }
        for n in [0, 7, 10, 99, 100, 12345, usize::MAX] {
            let mut s = String::new();
            push_decimal(&mut s, n);
            assert_eq!(s, n.to_string());
        }
    }

    /// `\n`, `\r\n` and a lone `\r` each end a line, as the Language Server Protocol says;
    /// the cursor, stepping forward and back, agrees with `Position::of` at every offset.
    #[test]
    fn lines_end_at_cr_lf_and_crlf() {
        let text = "a\rbc\r\nd\n\r\re\u{e9}\r";
        let want = [
            (1, 1), // a
            (1, 2), // \r
            (2, 1), // b
            (2, 2),
            (2, 3), // \r of \r\n: the line's last column
            (2, 4), // its \n, which ends the line
            (3, 1), // d
            (3, 2), // \n
            (4, 1), // \r
            (5, 1), // \r
            (6, 1), // e
            (6, 2), // é
            (6, 2),
            (6, 3), // \r
            (7, 1), // the end
        ];
        for (k, &(line, column)) in want.iter().enumerate() {
            let p = Position::of(text, k);
            assert_eq!((p.line, p.column), (line, column), "offset {k}");
        }
        // And with characters of two, three and four bytes (two UTF-16 units) in lines.
        for text in [
            text,
            "\u{1F600}a\r\n\u{e9}\u{20AC}\r\r\u{1F600}\u{1F600}b\n\nc\u{1F600}",
        ] {
            let bounds: Vec<usize> = (0..=text.len())
                .filter(|&k| text.is_char_boundary(k))
                .collect();
            for &a in &bounds {
                for &b in &bounds {
                    let mut c = Cursor::new(text);
                    assert_eq!(c.at(a), Position::of(text, a), "{a}");
                    assert_eq!(c.at(b), Position::of(text, b), "{a} then {b}");
                }
            }
        }
    }

    /// Every offset of texts with one line break, control or non-ASCII character at each
    /// place (every alignment of the eight-byte steps): the same position as counted by
    /// characters.
    #[test]
    fn positions_of_plain_and_other_text_agree() {
        for odd in [
            "\n",
            "\r",
            "\r\n",
            "\u{e9}",
            "\u{1F600}",
            "\u{7f}",
            "\t",
            "\u{b}",
            "\u{8d}",
        ] {
            for k in 0..=20 {
                let text = format!("{}{odd}{}", "a".repeat(k), "b".repeat(20 - k));
                for (n, _) in text.char_indices().chain([(text.len(), ' ')]) {
                    let before = &text[..n];
                    let line_start = before.rfind(['\n', '\r']).map_or(0, |p| p + 1);
                    let breaks = before.matches('\n').count()
                        + before
                            .match_indices('\r')
                            .filter(|&(p, _)| !text[p + 1..].starts_with('\n'))
                            .count();
                    // A `\r` whose `\n` is at `n` is the line's last column.
                    let (line, in_line) = if before.ends_with('\r') && text[n..].starts_with('\n') {
                        let s = &before[..before.len() - 1];
                        (
                            breaks + 1,
                            &before[s.rfind(['\n', '\r']).map_or(0, |p| p + 1)..],
                        )
                    } else {
                        (breaks + 1, &before[line_start..])
                    };
                    let p = Position::of(&text, n);
                    let want = (
                        line,
                        in_line.chars().count() + 1,
                        in_line.encode_utf16().count() + 1,
                    );
                    assert_eq!((p.line, p.column, p.column_utf16), want, "{text:?} {n}");
                }
            }
        }
    }

    /// Every byte value at every place of two eight-byte words, after every byte value in the
    /// place before it (the subtraction's borrows): the word test is the byte test.
    #[test]
    fn plain_ascii_is_tested_byte_by_byte_in_effect() {
        let plain = |b: &[u8]| b.iter().all(|&c| c.is_ascii() && c != b'\n' && c != b'\r');
        for k in 0..16 {
            for before in [0u8, 0x0d, 0x0e, 0x41, 0x80, 0xff] {
                for v in 0..=255u8 {
                    let mut b = [b'a'; 17];
                    if k > 0 {
                        b[k - 1] = before;
                    }
                    b[k] = v;
                    assert_eq!(plain_ascii(&b), plain(&b), "{k} {before:#x} {v:#x}");
                }
            }
        }
    }

    #[test]
    fn positions_count_characters_and_utf16() {
        let p = Position::of("ab\ncé😀x", 10);
        assert_eq!((p.line, p.column, p.column_utf16), (2, 4, 5));
        assert_eq!(Position::of("abc", 99).column, 4);
        assert_eq!(Position::of("é", 1).column, 1);
        // Against the decoded count, on text of one to four bytes a character.
        let text = "a\né😀b\u{800}c\n\u{10FFFF}x€😀";
        for (k, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let before = &text[..k];
            let in_line = &before[before.rfind('\n').map_or(0, |p| p + 1)..];
            let p = Position::of(text, k);
            // (The text has no `\r`.)
            assert_eq!(p.line, before.matches('\n').count() + 1);
            assert_eq!(p.column, in_line.chars().count() + 1, "{k}");
            assert_eq!(p.column_utf16, in_line.encode_utf16().count() + 1, "{k}");
        }
    }

    #[test]
    fn codes_name_grammar_rule_and_found_kind() {
        let g = crate::Grammar::Rfc2396;
        let code = |rule: &str, input: &str| g.check(rule, input).unwrap_err().code();
        assert_eq!(
            code("URI-reference", "http://a/b%zz"),
            "rfc2396::escaped::letter"
        );
        assert_eq!(
            code("URI-reference", "http://a/b%z"),
            "rfc2396::escaped::letter"
        );
        assert_eq!(
            code("URI-reference", "http://a/b%"),
            "rfc2396::escaped::end"
        );
        assert_eq!(code("IPv4address", "1.2.3"), "rfc2396::IPv4address::end");
        assert_eq!(code("hostname", "a-.b"), "rfc2396::hostname::mark");
        assert_eq!(code("port", "8x"), "rfc2396::port::letter");
        assert_eq!(
            code("URI-reference", "http://a/b#c#d"),
            "rfc2396::URI-reference::hash"
        );
        assert_eq!(
            code("URI-reference", "http://a/<"),
            "rfc2396::URI-reference::excluded"
        );
        assert_eq!(
            code("URI-reference", "http://a/\u{e9}"),
            "rfc2396::URI-reference::non-ascii"
        );
        assert_eq!(
            code("URI-reference", "http://a/\t"),
            "rfc2396::URI-reference::control"
        );
        assert_eq!(
            code("URI-reference", "1http:"),
            "rfc2396::URI-reference::reserved"
        );
        // The same failure in different text shares the code.
        assert_eq!(
            code("URI-reference", "http://exa mple/"),
            code("URI-reference", "http://other host/x")
        );
        let e = g.check("URI-reference", b"http://a/b\xff").unwrap_err();
        assert_eq!(e.code(), "rfc2396::URI-reference::not-utf8");
        let e = g.check("URI-reference", b"http://a/b%\xff").unwrap_err();
        assert_eq!(e.code(), "rfc2396::escaped::not-utf8");
        let e = g.check("no-such-rule", "x").unwrap_err();
        assert_eq!(e.code(), "rfc2396::unknown-rule");
    }
}
