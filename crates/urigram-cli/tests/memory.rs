//! Bounded memory on documents dense with invalid URIs: what `extract` and `fix --text` hold
//! grows by at most 16 bytes per byte of a file (the README's bound), in every syntax, on the shapes that cost the most: a URI every few bytes, each
//! with a diagnostic, on lines, in one long Markdown paragraph or line, in Markdown links and
//! in HTML attributes.

#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::{Command, Stdio};

use crate::common;

/// The bound, in bytes of peak memory per byte of input.
const PER_BYTE: usize = 16;

/// The size of each document.
const SIZE: usize = 2 << 20;

/// Run `urigram ARGS` in `dir`, its output discarded: (peak resident memory in bytes, exit
/// code). The peak is the child's `VmHWM`, read every few milliseconds while it runs: it only
/// grows, so the last reading holds everything but the child's last milliseconds. (The
/// `ru_maxrss` that `wait4` gives would count the memory of this test process too, which
/// the child had until its `exec`.)
fn peak(dir: &Path, args: &[&str]) -> (usize, i32) {
    let mut child = Command::new(common::URIGRAM)
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run urigram");
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0;
    loop {
        let hwm = std::fs::read_to_string(&status).ok().and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<usize>().ok())
        });
        peak_kb = peak_kb.max(hwm.unwrap_or(0));
        if let Some(code) = child.try_wait().expect("wait") {
            return (peak_kb * 1024, code.code().unwrap_or(-1));
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// `unit` repeated to `SIZE` bytes, with `sep` after every `per_line` units.
fn dense(unit: &str, per_line: usize, sep: &str) -> String {
    let line = format!("{}{sep}", unit.repeat(per_line));
    line.repeat(SIZE / line.len() + 1)[..SIZE]
        .rsplit_once('\n')
        .map_or_else(|| unit.repeat(SIZE / unit.len()), |(a, _)| format!("{a}\n"))
}

#[test]
fn extract_and_fix_hold_at_most_16_bytes_a_byte() {
    let dir = std::env::temp_dir().join(format!("urigram-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let docs = [
        ("lines.txt", dense("<a:%> ", 13, "\n")),
        ("bare.txt", dense("http://a/%zz ", 6, "\n")),
        ("paragraph.md", dense("<a:%> ", 13, "\n")),
        ("one-line.md", "<a:%> ".repeat(SIZE / 6)),
        ("paragraphs.md", dense("<a:%> ", 13, "\n\n")),
        ("links.md", dense("[x](a:%) ", 9, "\n")),
        // One URI of bad escapes, and one of control characters, each to fix a byte at a time.
        (
            "percents.txt",
            format!("see http://a/{} end\n", "%".repeat(SIZE)),
        ),
        ("nuls.txt", format!("http://a/{}\n", "\0b".repeat(SIZE / 2))),
        ("paragraph.rst", dense("<a:%> ", 13, "\n")),
        ("one-line.rst", "<a:%> ".repeat(SIZE / 6)),
        (
            "attributes.html",
            format!("<p>{}", dense("<a href=\"a:%\">x</a>", 1, "\n")),
        ),
    ];
    let mut report = Vec::new();
    for (name, text) in &docs {
        // The same shape, an eighth as long: what a run holds whatever the size (its threads,
        // its buffers, the allocator's arenas) is in both, and the difference is what the
        // text's size adds.
        let eighth = &text[..text[..text.len() / 8].rfind('\n').unwrap_or(text.len() / 8)];
        std::fs::write(dir.join(name), text).unwrap();
        std::fs::write(dir.join(format!("small-{name}")), eighth).unwrap();
        let small = format!("small-{name}");
        for cmd in [&["extract"][..], &["fix", "--text"][..]] {
            let added = text.len() - eighth.len();
            // A run's fixed memory varies with how many of its threads got work (each
            // touches an arena of its own), and on a busy machine that varies from run to
            // run. A reading over the bound is taken twice more, and the medians decide:
            // a real growth per byte is over the bound in every reading.
            let mut bases = Vec::new();
            let mut peaks = Vec::new();
            while bases.len() < 3 {
                let (base, _) = peak(&dir, &[cmd, &[small.as_str()]].concat());
                let (used, code) = peak(&dir, &[cmd, &[*name]].concat());
                // extract finds invalid URIs; fix --text fixes every one of them.
                assert_eq!(code, i32::from(cmd[0] == "extract"), "{cmd:?} {name}");
                bases.push(base);
                peaks.push(used);
                if bases.len() == 1 && used <= base + PER_BYTE * added {
                    break;
                }
            }
            bases.sort_unstable();
            peaks.sort_unstable();
            let (base, used) = (bases[bases.len() / 2], peaks[peaks.len() / 2]);
            let per_byte = used.saturating_sub(base) as f64 / added as f64;
            report.push(format!(
                "{cmd:?} {name}: peak {} kB, {} kB for an eighth: {per_byte:.1} bytes a byte \
                 ({} readings)",
                used >> 10,
                base >> 10,
                bases.len()
            ));
            assert!(
                used <= base + PER_BYTE * added,
                "{cmd:?} {name}: peak {} kB, {} kB for an eighth, {per_byte:.1} bytes a byte \
                 (medians of {:?} and {:?} kB)",
                used >> 10,
                base >> 10,
                peaks.iter().map(|p| p >> 10).collect::<Vec<_>>(),
                bases.iter().map(|b| b >> 10).collect::<Vec<_>>(),
            );
        }
    }
    eprintln!("{}", report.join("\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The language server's peak memory, `VmHWM`, read while it runs.
fn server_peak(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<usize>().ok())
        .expect("VmHWM")
        * 1024
}

/// The language server holds at most 16 bytes per byte of an open document dense with invalid
/// URIs, in every syntax, once it has published its diagnostics and answered for its links:
/// each URI is kept as its place and verdict, and found again when it is asked for.
#[test]
fn the_language_server_holds_at_most_16_bytes_a_byte() {
    use serde_json::json;
    let docs = [
        ("plaintext", "t.txt", dense("<a:%> ", 13, "\n")),
        ("markdown", "t.md", dense("<a:%> ", 13, "\n")),
        ("markdown", "l.md", dense("[x](a:%) ", 9, "\n")),
        ("rst", "t.rst", dense("<a:%> ", 13, "\n")),
        (
            "html",
            "t.html",
            format!("<p>{}", dense("<a href=\"a:%\">x</a>", 1, "\n")),
        ),
    ];
    let mut report = Vec::new();
    for (language, name, text) in &docs {
        let mut cmd = Command::new(common::URIGRAM);
        cmd.arg("lsp");
        let mut c = urigram_testkit::lsp_client::Client::spawn(cmd);
        c.initialize(json!({}), json!({}));
        let pid = c.pid().unwrap();
        let base = server_peak(pid);
        let uri = format!("file:///{name}");
        c.open_as(&uri, language, text);
        let d = c.diagnostics();
        assert_eq!(d["diagnostics"].as_array().unwrap().len(), 1001, "{name}");
        c.request(
            "textDocument/documentLink",
            json!({"textDocument": {"uri": uri}}),
        );
        let used = server_peak(pid);
        let per_byte = used.saturating_sub(base) as f64 / text.len() as f64;
        report.push(format!(
            "lsp {name}: peak {} kB, {} kB before: {per_byte:.1} bytes a byte",
            used >> 10,
            base >> 10
        ));
        assert!(
            used <= base + PER_BYTE * text.len(),
            "{}",
            report.last().unwrap()
        );
        c.exit_code();
    }
    eprintln!("{}", report.join("\n"));
}
