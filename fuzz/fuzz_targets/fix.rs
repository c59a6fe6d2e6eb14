//! `fix` in line mode and in text mode, on text of any bytes (read as UTF-8 with replacement
//! characters), with the grammar the first byte picks. Line mode: every line (a lone CR ends
//! one, as `urigram fix` reads them) gets the answer of the repair one error at a time; a
//! fixed URI conforms, is its input with the fixes applied, and fixes to itself; an unfixable
//! one's error lies inside the input, on a character boundary. Text mode, in every syntax:
//! the fixed text has the same lines, every URI left invalid lies in it, and a second run
//! fixes nothing in plain text and HTML.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::Grammar;
use urigram::extract::Syntax;
use urigram::fix::{FixResult, fix, fix_text_with};
use urigram::fuzzing::fix_agrees;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let g = Grammar::ALL[pick as usize % Grammar::ALL.len()];
    let text = String::from_utf8_lossy(rest);
    let text = text.as_ref();

    for line in text.split(['\n', '\r']) {
        if let Err(e) = fix_agrees(line, g) {
            panic!("{e}");
        }
        match fix(line, g) {
            FixResult::Fixed { uri, fixes } => {
                assert!(g.check(g.start_rule(), &uri).is_ok(), "{line:?} -> {uri:?}");
                // The fixes, made right to left so that each range still counts in the line.
                let mut made = line.to_string();
                for f in fixes.iter().rev() {
                    made.replace_range(f.range.clone(), &f.replacement);
                }
                assert_eq!(made, uri, "{line:?}");
                assert_eq!(fix(&uri, g), FixResult::Valid, "{line:?} -> {uri:?}");
            }
            FixResult::Unfixable { error, .. } => {
                assert!(error.offset() <= error.end() && error.end() <= line.len(), "{line:?}");
                assert!(line.is_char_boundary(error.offset()), "{line:?}");
            }
            _ => assert!(g.check(g.start_rule(), line).is_ok(), "{line:?}"),
        }
    }

    for syntax in [Syntax::Plain, Syntax::Markdown, Syntax::Html, Syntax::Rst] {
        let t = fix_text_with(text, g, syntax);
        assert_eq!(
            t.text.split('\n').count(),
            text.split('\n').count(),
            "{syntax:?} {text:?}"
        );
        for u in &t.unfixed {
            let e = &u.error;
            assert!(e.offset() <= e.end() && e.end() <= text.len(), "{syntax:?} {text:?}");
            assert!(text.is_char_boundary(e.offset()), "{syntax:?} {text:?}");
        }
        // Not in Markdown: an escape changes how the characters beside an inline delimiter
        // (`~`, `*`, `_`) flank it, so a second reading can end a URI elsewhere, and CommonMark
        // reads U+0000 as U+FFFD.
        if syntax == Syntax::Markdown {
            continue;
        }
        let again = fix_text_with(&t.text, g, syntax);
        assert_eq!(again.text, t.text, "a second run, {syntax:?}: {text:?}");
        assert_eq!(again.fixed, 0, "a second run, {syntax:?}: {text:?}");
    }
});
