//! `extract` on text of any bytes (read as UTF-8 with replacement characters, as `urigram
//! extract` reads files), with each grammar: no panic; every found URI's ranges, pieces and
//! error range inside the text and on character boundaries, in order; its text the pieces'
//! text; its verdict that of `Grammar::check` of its text against the grammar's start rule.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urigram::Grammar;
use urigram::extract::extract;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let inside = |r: &std::ops::Range<usize>| {
        r.start <= r.end
            && r.end <= text.len()
            && text.is_char_boundary(r.start)
            && text.is_char_boundary(r.end)
    };
    for &g in Grammar::ALL {
        let mut last_end = 0;
        for f in extract(text, g) {
            let at = format!("{} {:?} in {text:?}", g.name(), f.text);
            assert!(inside(&f.range), "range {:?}: {at}", f.range);
            assert!(inside(&f.outer), "outer {:?}: {at}", f.outer);
            assert!(
                f.outer.start <= f.range.start && f.range.end <= f.outer.end,
                "{at}"
            );
            assert!(last_end <= f.outer.start, "overlapping: {at}");
            last_end = f.outer.end;
            let mut joined = String::new();
            for p in &f.pieces {
                assert!(inside(&p.range), "piece {:?}: {at}", p.range);
                assert!(
                    f.range.start <= p.range.start && p.range.end <= f.range.end,
                    "{at}"
                );
                assert_eq!(p.at, joined.len(), "{at}");
                joined.push_str(&text[p.range.clone()]);
            }
            assert_eq!(joined, f.text, "{at}");
            let check = g.check(g.start_rule(), &f.text);
            assert_eq!(check.is_ok(), f.result.is_ok(), "{at}");
            if let Err(e) = &f.result {
                assert!(
                    inside(&(e.offset()..e.end())),
                    "error {}..{}: {at}",
                    e.offset(),
                    e.end()
                );
                let c = check.unwrap_err();
                assert_eq!(e.offset(), f.source_offset(c.offset()), "{at}");
            }
        }
    }
});
