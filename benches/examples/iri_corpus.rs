//! Make the IRI corpus from the URL corpus by RFC 3987 section 3.2 (rfc3987.txt:800-880):
//! every line that is an RFC 3986 `URI-reference` becomes `urigram::rfc3987::to_iri` of it
//! (each percent-encoded UTF-8 sequence that may be decoded, decoded); every other line is
//! kept as it is, so that the IRI corpus has the URL corpus's lines, in its order, with its
//! mistakes.
//!
//! ```text
//! cargo run --release --example iri_corpus        # writes corpus/real-iris.txt and -10k
//! ```
//!
//! Reads `corpus/real-urls.txt` and `corpus/real-urls-10k.txt`, writes `corpus/real-iris.txt`
//! and `corpus/real-iris-10k.txt`, and prints how many lines each mapping changed.

use std::fs;
use std::path::Path;

/// `to_iri` of each line that is a URI reference; other lines as they are. Returns the text
/// and the number of lines the mapping changed and kept (not URI references).
fn map(text: &str) -> (String, usize, usize) {
    let (mut out, mut changed, mut kept) = (String::with_capacity(text.len()), 0, 0);
    for line in text.lines() {
        let iri = match urigram::rfc3987::to_iri(line) {
            Ok(iri) => iri.into_string(),
            Err(_) => {
                kept += 1;
                line.to_string()
            }
        };
        changed += usize::from(iri != line);
        out.push_str(&iri);
        out.push('\n');
    }
    (out, changed, kept)
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for (from, to) in [
        ("real-urls.txt", "real-iris.txt"),
        ("real-urls-10k.txt", "real-iris-10k.txt"),
    ] {
        let text = fs::read_to_string(dir.join(from)).expect("the URL corpus");
        let (iris, changed, kept) = map(&text);
        fs::write(dir.join(to), iris).expect("writing the IRI corpus");
        println!(
            "{to}: {} lines, {changed} changed by to_iri, {kept} not URI references (kept as they are)",
            text.lines().count()
        );
    }
}
