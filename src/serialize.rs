//! `Serialize` for [`Error`] and [`Citation`] (the `serde` feature): the JSON error object that
//! the command line prints and the language server puts in a diagnostic's `data`, with one
//! implementation for all three.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::{Citation, Error};

/// The object's fields, in this order: `code`, `message`, `help` (or null), `grammar`,
/// `start_rule`, `offset`, `end`, `line`, `column`, `column_utf16`, `rule`, `stack`, `found`
/// (the character, or null at the end of the input), `expected` (the expected items' names),
/// `citation` (see [`Citation`]'s impl).
///
/// ```
/// let e = urigram::rfc2396::UriReference::parse("http://a b").unwrap_err();
/// let v = serde_json::to_value(&e).unwrap();
/// assert_eq!(v["code"], "rfc2396::URI-reference::space");
/// assert_eq!(v["offset"], 8);
/// assert_eq!(v["found"], " ");
/// assert_eq!(v["citation"]["file"], "rfc2396.txt");
/// ```
impl Serialize for Error {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut o = s.serialize_struct("Error", 15)?;
        o.serialize_field("code", &self.code())?;
        o.serialize_field("message", &self.message())?;
        o.serialize_field("help", &self.help())?;
        o.serialize_field("grammar", self.grammar().name())?;
        o.serialize_field("start_rule", self.start_rule())?;
        o.serialize_field("offset", &self.offset())?;
        o.serialize_field("end", &self.end())?;
        o.serialize_field("line", &self.line())?;
        o.serialize_field("column", &self.column())?;
        o.serialize_field("column_utf16", &self.column_utf16())?;
        o.serialize_field("rule", self.rule())?;
        o.serialize_field("stack", &self.stack())?;
        o.serialize_field("found", &self.found().map(String::from))?;
        o.serialize_field("expected", &self.expected_names())?;
        o.serialize_field("citation", &self.citation())?;
        o.end()
    }
}

/// `{"file", "line", "section", "text"}`: the RFC file, the line of the production there, its
/// section, and the citation as [`Display`](std::fmt::Display) writes it.
impl Serialize for Citation {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut o = s.serialize_struct("Citation", 4)?;
        o.serialize_field("file", self.file)?;
        o.serialize_field("line", &self.line)?;
        o.serialize_field("section", self.section)?;
        o.serialize_field("text", &self.to_string())?;
        o.end()
    }
}
