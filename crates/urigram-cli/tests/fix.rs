//! `urigram::fix` and `urigram fix`: on generated and real inputs, every fixed URI conforms,
//! decodes to the octets that the original text stood for, and a second run changes nothing;
//! everything that is not fixed stays byte for byte.

use crate::common;
use std::process::Command;

use urigram::Grammar;
use urigram::extract::extract;
use urigram::fix::{FixResult, fix, fix_text};
use urigram::rfc2396::{Component, decode};

/// The octets a text stands for: `%` and two hex digits for the octet they name, every other
/// character for its UTF-8 octets (a `%` that begins no escape stands for itself).
fn stood_for(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// The octets of an RFC 2396 URI-reference, its first `#` kept as the fragment's start.
fn decoded(uri: &str) -> Vec<u8> {
    let (before, after) = match uri.split_once('#') {
        Some((a, f)) => (a, Some(f)),
        None => (uri, None),
    };
    let mut out = decode(before, Component::Query).expect("uric only");
    if let Some(f) = after {
        out.push(b'#');
        out.extend(decode(f, Component::Fragment).expect("uric only"));
    }
    out
}

/// The properties of one input; whether it was fixed.
fn check_one(s: &str, g: Grammar) -> bool {
    match fix(s, g) {
        FixResult::Valid => {
            assert!(g.check(g.start_rule(), s).is_ok());
            false
        }
        FixResult::Fixed { uri, fixes } => {
            assert!(g.check(g.start_rule(), &uri).is_ok(), "{s:?} -> {uri:?}");
            // The fixes, made right to left so that each range still counts in `s`.
            let mut made = s.to_string();
            for f in fixes.iter().rev() {
                made.replace_range(f.range.clone(), &f.replacement);
            }
            assert_eq!(made, uri);
            assert_eq!(fix(&uri, g), FixResult::Valid, "{s:?}: a second run");
            if g == Grammar::Rfc2396 {
                assert_eq!(decoded(&uri), stood_for(s), "{s:?} -> {uri:?}");
            }
            true
        }
        FixResult::Unfixable { error, reason } => {
            assert!(!reason.is_empty());
            assert!(error.offset() <= s.len() && s.is_char_boundary(error.offset()));
            false
        }
        _ => unreachable!(),
    }
}

#[test]
fn real_inputs() {
    let root = common::ROOT;
    for file in ["tests/data/real-urls-sample.txt", "examples/urls.txt"] {
        let text = std::fs::read_to_string(format!("{root}/{file}")).unwrap();
        for g in Grammar::URI {
            let fixed = text.lines().filter(|l| check_one(l, *g)).count();
            if *g == Grammar::Rfc2396 && file.contains("sample") {
                assert!(fixed >= 40, "{file}: {fixed} fixed");
            }
        }
        // As running text too.
        let t = fix_text(&text, Grammar::Rfc2396);
        check_text(&text, &t.text);
    }
}

/// A small xorshift generator: no dependency, a fixed seed.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

const BITS: &[&str] = &[
    "a", "b", "/", "?", "#", ":", "@", "%", "%4", "%41", "%zz", " ", "é", "😀", "\t", "{", "}",
    "|", "\\", "^", "`", "[", "]", "<", ">", "\"", ".", "-", "~", "=", "&", "+", "\u{7f}",
    "\u{a0}", "HT",
];

#[test]
fn generated_inputs() {
    let mut rng = Rng(0xF1F1_2345_6789_ABCD);
    let mut fixed = 0;
    for _ in 0..20_000 {
        let n = rng.below(8);
        let tail: String = (0..n).map(|_| BITS[rng.below(BITS.len())]).collect();
        let head = [
            "http://h/",
            "HTTP://h/",
            "ftp://",
            "mailto:",
            "",
            "news:",
            "x",
        ][rng.below(7)];
        let s = format!("{head}{tail}");
        for &g in Grammar::URI {
            fixed += usize::from(check_one(&s, g));
        }
    }
    assert!(fixed > 10_000, "{fixed}");
}

/// The properties of running text `before` fixed into `after`: every URI of `after` that
/// `before` had invalid and that was fixed conforms and stands for the same octets; a second
/// run changes nothing; outside the URIs, nothing changed.
fn check_text(before: &str, after: &str) {
    let g = Grammar::Rfc2396;
    let a = extract(before, g);
    let b = extract(after, g);
    assert_eq!(a.len(), b.len(), "the same URIs");
    let mut last = (0, 0);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            &before[last.0..x.outer.start],
            &after[last.1..y.outer.start],
            "text between URIs"
        );
        last = (x.outer.end, y.outer.end);
        if x.text == y.text {
            continue;
        }
        assert!(y.is_valid(), "{:?} -> {:?}", x.text, y.text);
        assert_eq!(decoded(&y.text), stood_for(&x.text));
    }
    assert_eq!(&before[last.0..], &after[last.1..]);
    assert_eq!(fix_text(after, g).text, after, "a second run");
}

#[test]
fn generated_texts() {
    let mut rng = Rng(0x7E77_0000_1111_2222);
    const WORDS: &[&str] = &[
        "see ",
        "http://a/",
        "<URL:http://b/",
        ">",
        "\n",
        "  ",
        "é",
        "%",
        "zz",
        " ",
        ". ",
        "mailto:x@y",
        "-\n   ",
        "{",
        "#",
        "(",
        ")",
        "[",
        "]",
        "'",
        "\"",
        "<http://c/",
        "\n\n",
    ];
    for _ in 0..3000 {
        let n = rng.below(30);
        let text: String = (0..n).map(|_| WORDS[rng.below(WORDS.len())]).collect();
        let t = fix_text(&text, Grammar::Rfc2396);
        check_text(&text, &t.text);
    }
}

fn urigram(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(common::URIGRAM)
        .args(args)
        .output()
        .expect("run urigram");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn the_command_diff_in_place_and_a_second_run() {
    let dir = std::env::temp_dir().join(format!("urigram-fix-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let root = common::ROOT;
    let urls = dir.join("urls.txt");
    std::fs::copy(format!("{root}/examples/urls.txt"), &urls).unwrap();
    let p = urls.to_str().unwrap();

    let (code, diff, err) = urigram(&["fix", "--diff", p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        diff.contains("-https://nodejs.org/…\n+https://nodejs.org/%E2%80%A6\n"),
        "{diff}"
    );
    assert!(err.contains("1 URI fixed"), "{err}");
    // Stdout by default: the whole fixed text.
    let (_, fixed, _) = urigram(&["fix", p]);
    assert_eq!(
        fixed.lines().count(),
        std::fs::read_to_string(&urls).unwrap().lines().count()
    );

    let (code, _, _) = urigram(&["fix", "--in-place", p]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(&urls).unwrap(), fixed);
    let (code, diff, err) = urigram(&["fix", "--diff", p]);
    assert_eq!(
        (code, diff.as_str(), err.as_str()),
        (0, "", ""),
        "a second run"
    );

    // What cannot be fixed: reported in the one diagnostic format, left as it is, exit 1.
    let doc = dir.join("doc.txt");
    let text = "Mail <URL:mailto:joe@example.com> or see http://a/é\r\nand http://[::1]/x, ok.\n";
    std::fs::write(&doc, text).unwrap();
    let d = doc.to_str().unwrap();
    let (code, out, err) = urigram(&["fix", "--text", d]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "Mail <URL:mailto:joe@example.com> or see http://a/%C3%A9\r\nand http://[::1]/x, ok.\n"
    );
    assert!(err.contains("error[rfc2396::"), "{err}");
    assert!(err.contains(&format!("{d}:2:12")), "{err}");
    assert!(err.contains("RFC 2732"), "{err}");
    let (code, _, _) = urigram(&["fix", "--text", "--in-place", d]);
    assert_eq!(code, 1);
    let (_, diff, _) = urigram(&["fix", "--text", "--diff", d]);
    assert_eq!(diff, "");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A temporary directory of its own for one test.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("urigram-fix-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `fix FILE` on reStructuredText (`.rst`, `--syntax rst`, a package's `METADATA` by its
/// `Description-Content-Type`) reads it as running text and never rewrites its code (literal
/// blocks, doctest blocks, inline literals); `extract` reads it alike.
#[test]
fn rst_and_package_metadata_are_running_text() {
    let dir = temp_dir("rst");
    let body = "Summary: see http://a/\u{e9} here\n\nExample::\n\n    curl http://b/\u{e9}\n\n\
                >>> get('http://c/\u{e9}')\n\nAnd ``http://d/\u{e9}``.\n";
    let fixed = body.replacen("http://a/\u{e9}", "http://a/%C3%A9", 1);
    let rst = dir.join("README.rst");
    std::fs::write(&rst, body).unwrap();
    let (code, out, err) = urigram(&["fix", rst.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (0, fixed.as_str()), "{err}");
    let txt = dir.join("README.txt");
    std::fs::write(&txt, body).unwrap();
    let (_, out, _) = urigram(&["fix", "--syntax", "rst", txt.to_str().unwrap()]);
    assert_eq!(out, fixed);
    // As plain text, its code is fixed too.
    let (_, out, _) = urigram(&["fix", "--text", txt.to_str().unwrap()]);
    assert_eq!(out.matches("%C3%A9").count(), 4, "{out}");

    let pkg = dir.join("x-1.0.dist-info");
    std::fs::create_dir_all(&pkg).unwrap();
    let meta = pkg.join("METADATA");
    let headers = "Metadata-Version: 2.1\nName: x\nHome-page: http://h/\n";
    std::fs::write(&meta, format!("{headers}\n{body}")).unwrap();
    let m = meta.to_str().unwrap();
    let (code, out, err) = urigram(&["fix", m]);
    assert_eq!((code, out), (0, format!("{headers}\n{fixed}")), "{err}");
    let (_, uris, _) = urigram(&["extract", "--format", "uris", m]);
    assert_eq!(uris, "http://h/\nhttp://a/\u{e9}\n");
    // A Markdown body.
    let md = "Name: x\nDescription-Content-Type: text/markdown\n\n```\nhttp://b/\u{e9}\n```\n\
              [x](http://a/\u{e9})\n";
    std::fs::write(&meta, md).unwrap();
    let (_, uris, _) = urigram(&["extract", "--format", "uris", m]);
    assert_eq!(uris, "http://a/\u{e9}\n");
}

/// `fix FILE` on Markdown or HTML (by extension, or --syntax) reads it as running text, as
/// `--text` does: read as lines, its prose would be escaped as URIs (`Summary:%20Get...`).
/// `--lines` still reads lines when asked to. The README's own example, `fix --diff
/// README.md`, changes nothing in the README.
#[test]
fn markdown_and_html_files_are_running_text() {
    let dir = temp_dir("markup");
    let md = dir.join("notes.md");
    let text = "Summary: Get the thing done\n\nSee [it](http://a/\u{e9}).\n";
    std::fs::write(&md, text).unwrap();
    let m = md.to_str().unwrap();
    let (code, diff, err) = urigram(&["fix", "--diff", m]);
    assert_eq!(code, 0, "{err}");
    assert!(!diff.contains("%20"), "{diff}");
    assert!(
        diff.contains("-See [it](http://a/\u{e9}).\n+See [it](http://a/%C3%A9).\n"),
        "{diff}"
    );
    assert_eq!(diff.matches("\n+").count(), 2, "{diff}"); // the header's and the link's
    let (_, same, _) = urigram(&["fix", "--text", "--diff", m]);
    assert_eq!(same, diff);
    // As lines, when asked.
    let (_, lines, _) = urigram(&["fix", "--lines", "--diff", m]);
    assert!(
        lines.contains("+Summary:%20Get%20the%20thing%20done\n"),
        "{lines}"
    );

    let html = dir.join("page.html");
    std::fs::write(
        &html,
        "<p>A page of text <a href=\"http://b/\u{e9}\">here</a>.</p>\n",
    )
    .unwrap();
    let (code, out, err) = urigram(&["fix", html.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "<p>A page of text <a href=\"http://b/%C3%A9\">here</a>.</p>\n"
    );

    // --syntax names the syntax of a file whatever its name, and reads it as running text.
    let txt = dir.join("notes.txt");
    std::fs::copy(&md, &txt).unwrap();
    let (_, out, _) = urigram(&["fix", "--syntax", "markdown", txt.to_str().unwrap()]);
    assert_eq!(out, text.replace('\u{e9}', "%C3%A9"));
    // Other files are still lines of URIs; a fixed line with spaces between words gets a
    // hint that the file may be running text (not with --lines, which asks for lines).
    let t = txt.to_str().unwrap();
    let (_, out, err) = urigram(&["fix", t]);
    assert!(out.starts_with("Summary:%20Get"), "{out}");
    assert!(err.contains(&format!("{t}:1: hint: ")), "{err}");
    assert!(err.contains("`urigram fix --text`"), "{err}");
    let (_, _, err) = urigram(&["fix", "--lines", t]);
    assert!(!err.contains("hint"), "{err}");

    // The README's example.
    let readme = format!("{}/README.md", common::ROOT);
    let (code, diff, err) = urigram(&["fix", "--diff", &readme]);
    assert_eq!((code, diff.as_str()), (0, ""), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// One URI that cannot be fixed never stops the fixes of the others: it is reported, left as
/// it is, the rest are written, and the exit code (1) says something was left unfixed. No fix
/// changes what a URL means: never `%0A` for a line break in an HTML attribute (HTML drops
/// it), and a character written as a character reference is not rewritten.
#[test]
fn an_unfixable_uri_leaves_the_others_fixed() {
    let dir = temp_dir("unfixable");
    let page = dir.join("page.html");
    let text = "<a href=\"http://a/b\nc\">x</a> <a href=\"http://e/\u{e9}\">y</a>\n\
                <a href=\"http://[::1]/\">z</a> <a href=\"http://r/&#32;s\">w</a>\n\
                <a href=\"http://f/100%\">v</a>\n";
    std::fs::write(&page, text).unwrap();
    let p = page.to_str().unwrap();
    let want = text
        .replace("http://e/\u{e9}", "http://e/%C3%A9")
        .replace("http://f/100%", "http://f/100%25");
    let (code, out, err) = urigram(&["fix", p]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, want, "{err}");
    assert!(!out.contains("%0A"));
    assert!(err.contains("2 URIs fixed"), "{err}");
    assert!(err.contains("RFC 2732"), "{err}");
    assert!(err.contains("character reference"), "{err}");
    let (code, diff, _) = urigram(&["fix", "--diff", p]);
    assert_eq!(code, 1);
    assert!(
        diff.contains("+<a href=\"http://f/100%25\">v</a>\n"),
        "{diff}"
    );
    let (code, _, err) = urigram(&["fix", "--in-place", p]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(std::fs::read_to_string(&page).unwrap(), want);
    // A second run fixes nothing more, and still says what is left.
    let (code, diff, err) = urigram(&["fix", "--diff", p]);
    assert_eq!((code, diff.as_str()), (1, ""), "{err}");
    assert!(err.contains("0 URIs fixed"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
