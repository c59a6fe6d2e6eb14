//! `urigram merge-summaries` on arbitrary text, through `merge::merge_input`, the code the
//! binary runs: no panic; either an error that names the input, or a summary that renders for
//! people and as JSON, whose JSON reads back as the same summary and merges with itself.
#![no_main]

use urigram_cli::summary::{Merged, Summary};
use libfuzzer_sys::fuzz_target;

/// The summary that `merge-summaries` reads from `json`, its own output.
fn read_back(json: &str) -> Result<Summary, String> {
    let mut merged = Merged::default();
    urigram_cli::merge::merge_input("again", Box::new(json.as_bytes()), &mut merged)?;
    Ok(merged.into_summary())
}

fuzz_target!(|data: &[u8]| {
    let mut merged = Merged::default();
    match urigram_cli::merge::merge_input("shard", Box::new(data), &mut merged) {
        Ok(()) => {
            let total = merged.into_summary();
            let _ = total.to_human();
            let json = total.to_json().to_string();
            let again =
                read_back(&json).unwrap_or_else(|e| panic!("{json}: does not read back: {e}"));
            assert_eq!(again, total, "{json}");
            let mut twice = total.clone();
            match twice.try_merge(again) {
                Ok(()) => {
                    let json = twice.to_json().to_string();
                    if let Err(e) = read_back(&json) {
                        panic!("{json}: the merge does not read back: {e}");
                    }
                }
                // Only a count past u64 may refuse to merge.
                Err(e) => assert!(e.contains("overflows"), "{e}"),
            }
        }
        Err(e) => assert!(e.starts_with("shard: "), "{e}"),
    }
});
