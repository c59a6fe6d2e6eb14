//! `urigram merge-summaries`: the reduce step after `check --summary --format json` ran on
//! each shard of a corpus.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::PathBuf;

use clap::Args;
use serde_json::Value;

use super::summary::Summary;
use super::{Format, print_or_fail};
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
    let mut total = Summary::default();
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
    let out = match args.format {
        Format::Human => total.to_human(),
        Format::Json | Format::Jsonl => format!("{}\n", total.to_json()),
    };
    print_or_fail(&out)?;
    Ok(if total.any_invalid() { 1 } else { 0 })
}

/// Merge every summary document of `input` into `total`; an error, prefixed with `label`, for
/// a text that is not JSON, a summary that is not valid or does not merge, and an input
/// without a summary. (The `merge_summaries` fuzz target runs this on arbitrary bytes.)
pub(crate) fn merge_input(
    label: &str,
    input: Box<dyn Read + '_>,
    total: &mut Summary,
) -> Result<(), String> {
    let mut found = 0;
    let input = skip_bom(input).map_err(|e| format!("{label}: {e}"))?;
    let docs = serde_json::Deserializer::from_reader(BufReader::new(input)).into_iter();
    for doc in docs {
        let doc: Value = doc.map_err(|e| {
            format!(
                "{label}: not a summary: the text is not JSON ({e}); merge-summaries reads \
                 the output of `urigram check --summary --format json`"
            )
        })?;
        if doc.get("urigram").is_none() {
            continue; // a per-input record
        }
        let s = Summary::from_json(&doc).map_err(|e| format!("{label}: {e}"))?;
        total.try_merge(s).map_err(|e| format!("{label}: {e}"))?;
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
