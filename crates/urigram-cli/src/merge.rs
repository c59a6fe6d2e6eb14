//! `urigram merge-summaries`: the reduce step after `check --summary --format json` ran on
//! each shard of a corpus.
//!
//! Linear in time and bounded in memory by what it keeps. Each file is read as a stream of
//! JSON documents, one at a time; a document is read straight into its typed summary
//! ([`Document`]), with no JSON tree, and added to the sum ([`Merged`]), whose sections and
//! groups are found by hash. Nothing of a document outlives its addition, and the output is
//! written as it is formatted. So the peak memory is
//!
//! ```text
//! peak ≈ M(merged summary) + M(largest document) + 24 B × the groups of the largest grouping
//!        + 2 × the longest JSON string read + 72 KiB of buffers
//! M(s) ≤ 2 × (400 B × sections + 100 B × groups) + 96 B × examples
//!        + Σ (length + 32 B) over the strings kept
//! ```
//!
//! The strings kept are the grammar and rule names, the group keys and notes, and the
//! examples' sources and inputs; a group keeps at most three examples (a document's others
//! are read and dropped), a document's sections of one grammar and rule are added up as they
//! come, and the records that `--only ... --format jsonl` mixes in and the documents already
//! added take nothing. The 2 is the room that growing tables keep; the sizes are those of a
//! 64-bit target (a test holds the types to them, `summary::tests::sizes_of_the_bound`) and
//! the 32 B a string is its allocation's overhead. The groups' 24 B is the sorted list that
//! each grouping is written from. `tests/hostile.rs` measures the bound.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;

use clap::Args;

use super::Format;
use super::summary::{Document, Merged, Summary};
use urigram::render::visible as printable;

#[derive(Args)]
pub struct MergeArgs {
    /// Output format: the merged summary for people, or as one JSON document (`json`, or
    /// `jsonl` for the same on one line), itself mergeable.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Files that hold summaries (`-` for standard input), in the shards' order: examples are
    /// kept from the first files first. A file may hold several summary documents, one after
    /// the other, and the records of `check --only ... --format jsonl`; they are skipped.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Merge; exit 0 when the merged summary has no invalid line, 1 when it has, 2 on errors.
pub fn run(args: MergeArgs) -> Result<u8, String> {
    let mut total = Merged::default();
    for path in &args.files {
        let (label, input): (String, Box<dyn Read>) = if path.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(io::stdin().lock()))
        } else {
            let label = printable(&path.display().to_string()).into_owned();
            let f = File::open(path).map_err(|e| format!("{label}: {e}"))?;
            (label, Box::new(f))
        };
        merge_input(&label, input, &mut total)?;
    }
    let total = total.summary();
    match write(total, args.format) {
        Ok(()) => {}
        // A closed pipe (`urigram merge-summaries ... | head`) is not an error of ours.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => return Err(format!("writing output: {e}")),
    }
    Ok(if total.any_invalid() { 1 } else { 0 })
}

/// Write `total` to standard output as `format` asks, as it is formatted.
fn write(total: &Summary, format: Format) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match format {
        Format::Human => {
            let mut text = Text {
                out: &mut out,
                error: None,
            };
            if total.write_human(&mut text).is_err() {
                return Err(text
                    .error
                    .unwrap_or_else(|| io::Error::other("the summary could not be formatted")));
            }
        }
        Format::Json | Format::Jsonl => {
            serde_json::to_writer(&mut out, total)?;
            out.write_all(b"\n")?;
        }
    }
    out.flush()
}

/// Text written to `out`, keeping the error that stopped it (`fmt::Error` carries none).
struct Text<W> {
    out: W,
    error: Option<io::Error>,
}

impl<W: Write> fmt::Write for Text<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

/// Merge every summary document of `input` into `total`; an error, prefixed with `label`, for
/// a text that is not JSON, a summary that is not valid or does not merge, and an input
/// without a summary. (The `merge_summaries` fuzz target runs this on arbitrary bytes.)
pub fn merge_input(
    label: &str,
    input: Box<dyn Read + '_>,
    total: &mut Merged,
) -> Result<(), String> {
    let mut found = 0;
    let input = skip_bom(input).map_err(|e| format!("{label}: {e}"))?;
    let docs = serde_json::Deserializer::from_reader(BufReader::new(input)).into_iter();
    for doc in docs {
        let doc: Document = doc.map_err(|e| {
            format!(
                "{label}: not a summary: the text is not JSON ({e}); merge-summaries reads \
                 the output of `urigram check --summary --format json`"
            )
        })?;
        let summary = match doc {
            Document::Other => continue, // a per-input record
            Document::Summary(s) => s.map_err(|e| format!("{label}: {e}"))?,
        };
        total
            .add_all(summary)
            .map_err(|e| format!("{label}: {e}"))?;
        found += 1;
    }
    if found == 0 {
        return Err(format!(
            "{label}: no summary (make one with `urigram check --summary --format json`)"
        ));
    }
    Ok(())
}

/// `input` without the UTF-8 byte-order mark that some editors and tools put at its start.
fn skip_bom<'a>(mut input: Box<dyn Read + 'a>) -> io::Result<Box<dyn Read + 'a>> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    let mut head = Vec::with_capacity(BOM.len());
    // A pipe may give fewer bytes than asked for: read until three or the end.
    input
        .by_ref()
        .take(BOM.len() as u64)
        .read_to_end(&mut head)?;
    if head == BOM {
        head.clear();
    }
    Ok(Box::new(io::Cursor::new(head).chain(input)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::Section;

    fn merged(text: &str) -> Result<Summary, String> {
        let mut total = Merged::default();
        merge_input("t", Box::new(text.as_bytes()), &mut total)?;
        Ok(total.into_summary())
    }

    #[test]
    fn records_are_skipped_and_documents_added() {
        let mut s = Summary::default();
        let sec = s.section("rfc2396", "URI-reference");
        sec.add_valid();
        sec.bytes = 10;
        let doc = s.to_json().to_string();
        let text = format!("\u{FEFF}{doc}\n{{\"valid\":true}}\n[1,2]\t{doc}{doc}");
        let total = merged(&text).unwrap();
        assert_eq!(total.sections.len(), 1);
        assert_eq!((total.sections[0].lines, total.sections[0].bytes), (3, 30));
        assert_eq!(
            merged("{\"valid\":true}"),
            Err("t: no summary (make one with `urigram check --summary --format json`)".into())
        );
        assert!(
            merged(&format!("{doc} {{"))
                .unwrap_err()
                .starts_with("t: not a summary: the text is not JSON")
        );
    }

    #[test]
    fn many_sections_are_found_again_in_their_order() {
        const K: usize = 5000;
        let mut total = Merged::default();
        for round in 0..2 {
            for k in 0..K {
                let mut s = Section::new("g", &format!("r{k}"));
                for _ in 0..=round {
                    s.add_valid();
                }
                total.add(s).unwrap();
            }
        }
        let total = total.into_summary();
        assert_eq!(total.sections.len(), K);
        for (k, s) in total.sections.iter().enumerate() {
            assert_eq!((s.rule.as_str(), s.lines), (format!("r{k}").as_str(), 3));
        }
    }
}
