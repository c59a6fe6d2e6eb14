//! RFC 1630, "Universal Resource Identifiers in WWW": its two BNFs, one function per
//! production each, in spec order.
//!
//! RFC 1630 has no numbered sections; citations name the section heading. Its two BNFs give
//! some names different meanings (`path`, `safe`, `search` ...), so they are two grammars with
//! a module each, and a name may have a function in both:
//!
//! | module | grammar | productions |
//! | --- | --- | --- |
//! | [`uri`] | `rfc1630` | "BNF of Generic URI Syntax", rfc1630.txt:1220-1273, start rule `fragmentaddress` (21) |
//! | [`url`] | `rfc1630-url` | "BNF for specific URL schemes", rfc1630.txt:1304-1467, start rule `url` (64) |
//! | [`chars`] | both | the character classes as tables |
//!
//! The notation (rfc1630.txt:1209-1213): a rule's name, white space, its body; `|` separates
//! alternatives and `[ ]` encloses optional parts; a single character stands for itself, so
//! `h t t p : / /` is the literal `http://`, case-sensitive; `space` is the space character,
//! `vline` is `|`, and `void` is the empty string.
//!
//! One typo is corrected (the generic `xpalphas`, rfc1630.txt:1246); everything else is kept
//! as printed, including where the prose disagrees (`grammar/DEVIATIONS.md`). The typed
//! values built from these functions are in [`crate::rfc1630`].

pub mod chars;
pub mod uri;
pub mod url;
