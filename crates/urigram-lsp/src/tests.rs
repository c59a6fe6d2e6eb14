//! The server's unit tests: positions, framing, links and hovers.

use std::sync::Arc;

use urigram::Grammar;
use urigram::extract::Delimiter;

use super::*;
use crate::positions::*;

/// A position's byte offset, walked by bytes and 64 bytes at a time, is the one that
/// walking the line's characters finds, in both encodings, on lines long and short, with
/// characters of every length and every line end.
#[test]
fn offsets_walk_long_lines_as_characters_do() {
    fn by_chars(text: &str, lines: &[usize], p: lsp_types::Position, enc: Encoding) -> usize {
        let Some(&start) = lines.get(p.line as usize) else {
            return text.len();
        };
        let mut units = 0usize;
        for (k, c) in text[start..].char_indices() {
            if c == '\n' || c == '\r' {
                return start + k;
            }
            units += enc.units(c);
            if units > p.character as usize {
                return start + k;
            }
        }
        text.len()
    }
    let bits = ["a", "http://%zz ", "é", "€", "😀", "\n", "\r\n", "\r", " "];
    let mut rng = fastrand::Rng::with_seed(0x0031_0007);
    for round in 0..200 {
        let n = rng.usize(..if round % 10 == 0 { 3000 } else { 200 });
        let text: String = (0..n)
            .map(|k| {
                bits[if k % 50 == 0 {
                    rng.usize(..bits.len())
                } else {
                    rng.usize(..5)
                }]
            })
            .collect();
        let lines = doc::line_starts(&text);
        for enc in [Encoding::Utf8, Encoding::Utf16] {
            for _ in 0..50 {
                let line = rng.u32(..lines.len() as u32 + 1);
                let p = lsp_types::Position::new(line, rng.u32(..(text.len() as u32 + 2)));
                let want = by_chars(&text, &lines, p, enc);
                assert_eq!(offset(&text, &lines, p, enc), want, "{p:?} in {text:?}");
            }
        }
    }
}

/// The hover names a URI's delimiter as its diagnostic's `data.delimiter` does.
#[test]
fn hover_and_diagnostic_name_the_delimiter_alike() {
    for d in [
        Delimiter::None,
        Delimiter::Angle,
        Delimiter::AngleUrl,
        Delimiter::Link,
        Delimiter::Attribute,
    ] {
        let label = delimiter_label(d);
        let named = label.strip_prefix("delimiter: ").unwrap_or_default();
        assert_eq!(named.split(',').next(), Some(d.name()), "{label}");
    }
    assert_eq!(
        delimiter_label(Delimiter::Link),
        "delimiter: link, a Markdown link destination"
    );
}

#[test]
fn read_ahead_waits_for_its_budget() {
    use std::sync::mpsc::channel;
    use std::time::Duration;
    let b = Arc::new(Budget::default());
    let first = b.take(READ_AHEAD - 10);
    let small = b.take(10);
    // Past the budget: the reader waits until a message is handled.
    let (tx, rx) = channel();
    let b2 = Arc::clone(&b);
    let t = std::thread::spawn(move || {
        let p = b2.take(1);
        tx.send(()).unwrap();
        p
    });
    assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
    drop(first);
    rx.recv_timeout(Duration::from_secs(10))
        .expect("room once one is handled");
    drop((t.join().unwrap(), small));
    assert_eq!(*b.held.lock().unwrap(), 0);
    // One body larger than the budget goes on alone.
    let big = b.take(READ_AHEAD * 2);
    assert_eq!(*b.held.lock().unwrap(), READ_AHEAD * 2);
    drop(big);
    assert_eq!(*b.held.lock().unwrap(), 0);
}

#[test]
fn a_frame_over_the_limit_is_read_past() {
    let b = Arc::new(Budget::default());
    let mut input = format!("Content-Length: {}\r\n\r\n", MAX_MESSAGE + 1).into_bytes();
    input.resize(input.len() + MAX_MESSAGE as usize + 1, b'x');
    input.extend_from_slice(b"Content-Length: 2\r\n\r\n{}");
    let mut r = io::BufReader::new(&input[..]);
    match read_frame(&mut r, &b) {
        Ok(Some((Frame::TooLarge(n), _))) => assert_eq!(n, MAX_MESSAGE + 1),
        _ => panic!("not refused"),
    }
    match read_frame(&mut r, &b) {
        Ok(Some((Frame::Body(body), _))) => assert_eq!(body, b"{}"),
        _ => panic!("the next frame is lost"),
    }
    assert!(matches!(read_frame(&mut r, &b), Ok(None)));
    // A body of exactly the limit is read.
    let mut input = format!("Content-Length: {MAX_MESSAGE}\r\n\r\n").into_bytes();
    input.resize(input.len() + MAX_MESSAGE as usize, b' ');
    match read_frame(&mut &input[..], &b) {
        Ok(Some((Frame::Body(body), _))) => assert_eq!(body.len() as u64, MAX_MESSAGE),
        _ => panic!("a body at the limit is refused"),
    }
}

#[test]
fn positions_in_both_encodings() {
    let text = "a😀b\r\nc\rdé";
    let lines = doc::line_starts(text);
    assert_eq!(lines, [0, 8, 10]);
    let p = |o, e| {
        let p = Cursor::of(text, &lines, e).at(o).0;
        (p.line, p.character)
    };
    assert_eq!(p(5, Encoding::Utf16), (0, 3));
    assert_eq!(p(5, Encoding::Utf8), (0, 5));
    assert_eq!(p(11, Encoding::Utf16), (2, 1));
    assert_eq!(p(13, Encoding::Utf8), (2, 3));
    let o = |l, c, e| offset(text, &lines, lsp_types::Position::new(l, c), e);
    assert_eq!(o(0, 3, Encoding::Utf16), 5);
    assert_eq!(o(0, 2, Encoding::Utf16), 1, "inside the surrogate pair");
    assert_eq!(o(0, 99, Encoding::Utf8), 6, "past the end of the line");
    assert_eq!(o(2, 1, Encoding::Utf16), 11);
    assert_eq!(o(9, 0, Encoding::Utf16), text.len());
}

#[test]
fn link_targets() {
    let t = |text: &str, base: &str| link_target(text, base).map(|u| u.as_str().to_string());
    let doc = "file:///home/me/README.md";
    assert_eq!(
        t("http://h/p#.]x", doc).as_deref(),
        Some("http://h/p#.%5Dx")
    );
    assert_eq!(t("mailto:x@y]", doc).as_deref(), Some("mailto:x@y%5D"));
    assert_eq!(t("http://[::1]/a", doc).as_deref(), Some("http://[::1]/a"));
    assert_eq!(
        t("docs/a.md", doc).as_deref(),
        Some("file:///home/me/docs/a.md")
    );
    assert_eq!(t("../b#s", doc).as_deref(), Some("file:///home/b#s"));
    assert_eq!(t("#s", doc).as_deref(), Some("file:///home/me/README.md#s"));
    // No absolute base: no link for a relative reference.
    assert_eq!(t("docs/a.md", "a/b"), None);
}

#[test]
fn rfc_links() {
    let c = Grammar::Rfc2396.citation("escaped");
    assert_eq!(
        href(&c).unwrap().as_str(),
        "https://www.rfc-editor.org/rfc/rfc2396.html#section-2.4.1"
    );
}
