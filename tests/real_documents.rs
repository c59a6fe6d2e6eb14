//! The extraction held to real documents read by a person (`tests/documents/`, its README says
//! how they were chosen and judged). Each document `NAME.EXT` has beside it `NAME.EXT.uris`:
//! every URI a reader sees there, as `LINE:COL<TAB>URI` (COL in characters), with its extent
//! as the reader reads it. What the grammar says of that extent is the verdict (the grammars
//! are exact); the judgement is which string is the URI, the same under every grammar: under
//! RFC 3987 too, where a non-ASCII character is an IRI's and no longer an error.
//!
//! For each document and grammar, every URI `extract` finds is compared with the judgement:
//!
//! - a **false report**: found invalid, where the reader sees no URI of that extent (a
//!   diagnostic an editor would show and a user would dismiss as wrong, and `fix` would write);
//! - a **wrong extent**: found where the reader sees a URI, but not the reader's string (valid
//!   or not: a document link that leads elsewhere); when both do not conform and the error is
//!   at the same byte of the text, the report is the reader's and counts as no false report;
//! - a **missed error**: a judged URI that does not conform, not reported as found;
//! - **no URI to a reader**: found valid where the reader sees no URI at all (a template such
//!   as `ftp://ip_server/path`, a bare `file://`): no diagnostic, but a link to nowhere;
//! - a **missed URI**: a judged URI that conforms, and nothing found in its place.
//!
//! The test fails on any disagreement that `tests/documents/known.txt` does not list, and on
//! any line of it that no longer happens, so the list only shrinks and says what is left.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use urigram::Grammar;
use urigram::extract::{Syntax, extract_with};

/// One URI as the reader sees it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Judged {
    line: usize,
    column: usize,
    text: String,
}

fn documents() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/documents");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/documents")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "uris"))
        .map(|p| p.with_extension(""))
        .collect();
    out.sort();
    out
}

fn judgement(path: &Path) -> Vec<Judged> {
    let mut uris = path.as_os_str().to_owned();
    uris.push(".uris");
    let text = std::fs::read_to_string(&uris).expect("a .uris file");
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (at, uri) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("{}:{}: no tab", uris.to_string_lossy(), n + 1));
        let (l, c) = at.split_once(':').expect("LINE:COL");
        out.push(Judged {
            line: l.trim().parse().expect("a line number"),
            column: c.trim().parse().expect("a column"),
            text: uri.to_owned(),
        });
    }
    out
}

/// The syntax a reader's tool gives the document: by the name it had where it was found (a
/// package's `METADATA`, stored here as `pip-NAME-METADATA.txt`; a `README.rst` stored as
/// `README.rst.txt`) and its text ([`Syntax::detect`]).
fn syntax(path: &Path, text: &str) -> Syntax {
    let name = path.to_string_lossy();
    let original = if name.ends_with("-METADATA.txt") || name.ends_with("-METADATA-head.txt") {
        "METADATA"
    } else {
        name.strip_suffix(".txt")
            .filter(|n| n.ends_with(".rst"))
            .unwrap_or(&name)
    };
    Syntax::detect(original, text)
}

/// The disagreements of one document under one grammar, one line each, and the counts.
#[derive(Default)]
struct Tally {
    judged: usize,
    judged_invalid: usize,
    found: usize,
    false_reports: usize,
    wrong_extents: usize,
    spurious: usize,
    missed_errors: usize,
    missed_uris: usize,
    lines: Vec<String>,
}

/// The byte offset of 1-based `line` and `column` (in characters) in `text`.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let in_line = text[start..].char_indices().nth(column - 1);
    start + in_line.map_or(text.len() - start, |(k, _)| k)
}

fn compare(path: &Path, grammar: Grammar) -> Tally {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).expect("a document");
    let judged = judgement(path);
    let found = extract_with(&text, grammar, syntax(path, &text));
    let start = grammar.start_rule();
    let mut t = Tally {
        judged: judged.len(),
        found: found.len(),
        ..Tally::default()
    };
    // Where each judged URI stands in the text: from its first byte for as many bytes as it
    // has (a URI joined across lines or decoded stands a little longer or shorter; that is
    // close enough to tell which found URI is about the same place).
    let places: Vec<std::ops::Range<usize>> = judged
        .iter()
        .map(|j| {
            let at = offset_of(&text, j.line, j.column);
            at..at + j.text.len().max(1)
        })
        .collect();
    let overlaps = |r: &std::ops::Range<usize>, p: &std::ops::Range<usize>| {
        r.start < p.end && p.start < r.end.max(r.start + 1)
    };
    // Where the error of each judged URI that does not conform stands in the text, when the
    // judged string stands as written up to its error (not joined or decoded before it).
    let judged_error: Vec<Option<usize>> = judged
        .iter()
        .zip(&places)
        .map(|(j, p)| {
            let e = grammar.check(start, j.text.as_str()).err()?;
            let before = &j.text[..e.offset()];
            text[p.start..]
                .starts_with(before)
                .then(|| p.start + e.offset())
        })
        .collect();
    let mut matched = vec![false; judged.len()];
    let mut near = vec![false; judged.len()];
    let g = grammar.name();
    for f in &found {
        let exact = judged.iter().position(|j| {
            (j.line, j.column, j.text.as_str()) == (f.start.line, f.start.column, f.text.as_ref())
        });
        if let Some(k) = exact {
            matched[k] = true;
            continue;
        }
        let mut over = false;
        let mut same_error = false;
        let error_at = f.result.as_ref().err().map(|e| e.offset());
        for (k, p) in places.iter().enumerate() {
            if overlaps(&f.range, p) {
                near[k] = true;
                over = true;
                if error_at.is_some() && error_at == judged_error[k] {
                    // The reader's error, at the reader's place: a true report, of an extent
                    // that differs after it.
                    matched[k] = true;
                    same_error = true;
                }
            }
        }
        let what = match (f.is_valid(), over) {
            (false, true) if same_error => {
                t.wrong_extents += 1;
                "wrong extent, the reader's error"
            }
            (false, _) => {
                t.false_reports += 1;
                if over {
                    t.wrong_extents += 1;
                    "false report, wrong extent"
                } else {
                    "false report"
                }
            }
            (true, true) => {
                t.wrong_extents += 1;
                "wrong extent"
            }
            (true, false) => {
                t.spurious += 1;
                "no URI to a reader"
            }
        };
        t.lines.push(format!(
            "{g}\t{name}:{}:{}\t{what}\t{}",
            f.start.line,
            f.start.column,
            f.text.escape_debug()
        ));
    }
    for (k, j) in judged.iter().enumerate() {
        let ok = grammar.check(start, j.text.as_str()).is_ok();
        if !ok {
            t.judged_invalid += 1;
        }
        if matched[k] {
            continue;
        }
        let what = if !ok {
            t.missed_errors += 1;
            "missed error"
        } else if near[k] {
            // Counted above, as the wrong extent of what was found there.
            "judged here"
        } else {
            t.missed_uris += 1;
            "missed URI"
        };
        t.lines.push(format!(
            "{g}\t{name}:{}:{}\t{what}\t{}",
            j.line,
            j.column,
            j.text.escape_debug()
        ));
    }
    t
}

/// The grammars the documents are read under: the command line's default, RFC 3986, and RFC
/// 3987, whose IRIs hold characters above U+007F (the extents are the same under each; the
/// grammar gives each its verdict).
const GRAMMARS: [Grammar; 3] = [Grammar::Rfc2396, Grammar::Rfc3986, Grammar::Rfc3987];

impl Tally {
    /// False reports, wrong extents, missed errors, valid URIs where a reader sees none, and
    /// missed URIs.
    fn counts(&self) -> (usize, usize, usize, usize, usize) {
        (
            self.false_reports,
            self.wrong_extents,
            self.missed_errors,
            self.spurious,
            self.missed_uris,
        )
    }

    fn add(&mut self, t: &Tally) {
        self.judged += t.judged;
        self.judged_invalid += t.judged_invalid;
        self.found += t.found;
        self.false_reports += t.false_reports;
        self.wrong_extents += t.wrong_extents;
        self.spurious += t.spurious;
        self.missed_errors += t.missed_errors;
        self.missed_uris += t.missed_uris;
    }

    fn row(&self, grammar: Grammar, name: &str) -> String {
        format!(
            "{:<8} {:<40} {:>6} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}\n",
            grammar.name(),
            name,
            self.judged,
            self.judged_invalid,
            self.found,
            self.false_reports,
            self.wrong_extents,
            self.missed_errors,
            self.spurious,
            self.missed_uris
        )
    }
}

#[test]
fn real_documents_read_as_a_person_reads_them() {
    let docs = documents();
    assert!(!docs.is_empty(), "no judged document in tests/documents");
    let mut report = String::from(
        "grammar  document                                 judged invalid  found  false  wrong missed   none missed\n\
         \x20                                                                  report extent  error  a URI    URI\n",
    );
    let mut all = Vec::new();
    for grammar in GRAMMARS {
        let mut sum = Tally::default();
        // The sums of each syntax the documents are read in, in the order first met.
        let mut by_syntax: Vec<(Syntax, Tally)> = Vec::new();
        for d in &docs {
            let t = compare(d, grammar);
            report.push_str(&t.row(grammar, &d.file_name().unwrap().to_string_lossy()));
            sum.add(&t);
            let text = std::fs::read_to_string(d).expect("a document");
            let s = syntax(d, &text);
            match by_syntax.iter_mut().find(|(k, _)| *k == s) {
                Some((_, u)) => u.add(&t),
                None => {
                    let mut u = Tally::default();
                    u.add(&t);
                    by_syntax.push((s, u));
                }
            }
            all.extend(t.lines);
        }
        for (s, u) in &by_syntax {
            report.push_str(&u.row(grammar, &format!("({s:?})")));
        }
        report.push_str(&sum.row(grammar, "(all)"));
    }
    println!("{report}");
    let known_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/documents/known.txt");
    let known_text = std::fs::read_to_string(&known_path).unwrap_or_default();
    let known: BTreeSet<&str> = known_text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    let now: BTreeSet<&str> = all.iter().map(String::as_str).collect();
    let new: Vec<&&str> = now.difference(&known).collect();
    let gone: Vec<&&str> = known.difference(&now).collect();
    if let Ok(out) = std::env::var("URIGRAM_WRITE_KNOWN") {
        let mut body = String::from(
            "# Disagreements between the extraction and the judgement of tests/documents, one a line\n\
             # (grammar, place, kind, what was found or judged). Each is a defect left to mend;\n\
             # the test fails on one not listed here and on a line that no longer happens.\n",
        );
        for l in &now {
            body.push_str(l);
            body.push('\n');
        }
        std::fs::write(out, body).expect("write the list");
    }
    assert!(
        new.is_empty() && gone.is_empty(),
        "the extraction disagrees with the judgement of tests/documents:\n\
         new disagreements (mend the extraction; or, if the judgement is wrong, the .uris file):\n{}\n\
         listed in tests/documents/known.txt but gone (remove them):\n{}",
        new.iter()
            .map(|l| format!("  {l}"))
            .collect::<Vec<_>>()
            .join("\n"),
        gone.iter()
            .map(|l| format!("  {l}"))
            .collect::<Vec<_>>()
            .join("\n"),
    );
}

/// The format: a `.uris` line that is no `LINE:COL<TAB>URI` fails loudly, and a judged URI
/// that `extract` does not find is counted.
#[test]
fn the_comparison_counts_each_kind() {
    let dir = std::env::temp_dir().join(format!("urigram-docs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let doc = dir.join("a.txt");
    // The reader sees `http://a/b` and `http://c/%zz` (invalid), and no URI in `x://y`.
    std::fs::write(
        &doc,
        "see http://a/b).\nand http://c/%zz  x://y\nmailto:q@r\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("a.txt.uris"),
        "# comment\n1:5\thttp://a/b\n2:5\thttp://c/%zz\n3:1\tmailto:q@r\n",
    )
    .unwrap();
    let t = compare(&doc, Grammar::Rfc2396);
    assert_eq!((t.judged, t.judged_invalid), (3, 1));
    // `x://y` is found and valid, where the reader sees no URI.
    assert_eq!(t.counts(), (0, 0, 0, 1, 0), "{:?}", t.lines);
    std::fs::write(
        dir.join("a.txt.uris"),
        "1:5\thttp://a/b).\n2:5\thttp://c d/%zz\n2:19\tx://y\n",
    )
    .unwrap();
    let t = compare(&doc, Grammar::Rfc2396);
    // Judged (here, wrongly) as `http://a/b).`, which conforms: `http://a/b` is a wrong extent.
    // Judged as `http://c d/%zz`, whose error (the space) is before the one found: the
    // `http://c/%zz` found is a false report of a wrong extent, and the judged string a missed
    // error. The mailto: URI is found where the reader sees none.
    assert_eq!(t.counts(), (1, 2, 1, 1, 0), "{:?}", t.lines);
    // Judged as `http://c/%zz x`: its error is the found one's, at the same byte of the text,
    // so the report is the reader's, of another extent.
    std::fs::write(
        dir.join("a.txt.uris"),
        "1:5\thttp://a/b\n2:5\thttp://c/%zz x\n",
    )
    .unwrap();
    let t = compare(&doc, Grammar::Rfc2396);
    assert_eq!(t.counts(), (0, 1, 0, 2, 0), "{:?}", t.lines);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The verdict is the grammar's, the extent the reader's under every grammar: an IRI judged
/// where non-ASCII text adjoins it (`。` ends it) is an error under RFC 3986 and a URI under
/// RFC 3987, found at the same place with the same text.
#[test]
fn an_iri_is_judged_by_each_grammar() {
    let dir = std::env::temp_dir().join(format!("urigram-docs-iri-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let doc = dir.join("a.txt");
    std::fs::write(&doc, "see https://例え.jp/パス。次\n").unwrap();
    std::fs::write(dir.join("a.txt.uris"), "1:5\thttps://例え.jp/パス\n").unwrap();
    let t = compare(&doc, Grammar::Rfc3986);
    assert_eq!((t.judged, t.judged_invalid, t.found), (1, 1, 1));
    assert_eq!(t.counts(), (0, 0, 0, 0, 0), "{:?}", t.lines);
    let t = compare(&doc, Grammar::Rfc3987);
    assert_eq!((t.judged, t.judged_invalid, t.found), (1, 0, 1));
    assert_eq!(t.counts(), (0, 0, 0, 0, 0), "{:?}", t.lines);
    std::fs::remove_dir_all(&dir).unwrap();
}
