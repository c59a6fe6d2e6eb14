//! `urigram fix` on hostile files and inputs: it writes through no planted link, keeps the
//! file it edits (its link, owner, group and mode), refuses what it must not rewrite, loses no
//! line written while it runs, leaves no temporary file behind, and stays linear in time and
//! bounded in memory. Each test is a reproduction of a way the command once went wrong.
#![cfg(unix)]

use crate::common;
use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A scratch directory under the target directory, removed at the end.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fix-safety-{name}"));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        Dir(d)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn file(&self, name: &str, data: &[u8]) -> PathBuf {
        let p = self.path(name);
        fs::write(&p, data).unwrap();
        p
    }

    /// The temporary files of `fix` in the directory: none may stay.
    fn temporaries(&self) -> Vec<String> {
        fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".urigram-fix"))
            .collect()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn command(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(common::URIGRAM);
    c.current_dir(dir).args(args).env("NO_COLOR", "1");
    c
}

/// Run `urigram ARGS` in `dir` with `stdin`, for at most a minute: (exit code, stdout bytes,
/// stderr).
fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let mut child = command(dir, args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urigram");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = wait_output(child, Duration::from_secs(60));
    writer.join().unwrap();
    out
}

/// Wait for `child` at most `limit`, then kill it and fail.
fn wait_output(mut child: Child, limit: Duration) -> (i32, Vec<u8>, String) {
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = stdout.read_to_end(&mut b);
        b
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("urigram did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (
        status.code().unwrap_or(-1),
        out.join().unwrap(),
        err.join().unwrap(),
    )
}

fn fix_in_place(dir: &Dir, files: &[&str]) -> (i32, String) {
    let mut args = vec!["fix", "--in-place"];
    args.extend_from_slice(files);
    let (code, out, err) = run(&dir.0, &args, b"");
    assert!(out.is_empty(), "--in-place prints nothing on stdout");
    (code, err)
}

fn read(p: impl AsRef<Path>) -> String {
    fs::read_to_string(p).unwrap()
}

fn is_root() -> bool {
    fs::metadata("/proc/self")
        .map(|m| m.uid() == 0)
        .unwrap_or(false)
}

#[test]
fn a_planted_symlink_does_not_redirect_the_write() {
    let d = Dir::new("planted");
    fs::create_dir(d.path("shared")).unwrap();
    fs::create_dir(d.path("private")).unwrap();
    let secret = d.file("private/secret", b"SECRET\n");
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o600)).unwrap();
    d.file("shared/report.txt", b"http://a/b c\n");
    // Another user plants links where a temporary file might be made.
    for name in [
        ".report.txt.urigram-fix.tmp",
        ".report.txt.urigram-fix",
        "report.txt.tmp",
    ] {
        std::os::unix::fs::symlink(&secret, d.path(&format!("shared/{name}"))).unwrap();
    }
    let (code, err) = fix_in_place(&d, &["shared/report.txt"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(read(&secret), "SECRET\n");
    assert_eq!(fs::metadata(&secret).unwrap().mode() & 0o777, 0o600);
    let report = d.path("shared/report.txt");
    assert!(fs::symlink_metadata(&report).unwrap().is_file());
    assert_eq!(read(&report), "http://a/b%20c\n");
    let left: Vec<_> = fs::read_dir(d.path("shared")).unwrap().collect();
    assert_eq!(
        left.len(),
        4,
        "the file and the three planted links, nothing else"
    );
}

#[test]
fn a_symlinks_target_is_rewritten_and_the_link_kept() {
    let d = Dir::new("symlink");
    fs::create_dir(d.path("real")).unwrap();
    let target = d.file("real/urls.txt", b"http://x/ y\n");
    std::os::unix::fs::symlink("real/urls.txt", d.path("link.txt")).unwrap();
    let (code, err) = fix_in_place(&d, &["link.txt"]);
    assert_eq!(code, 0, "{err}");
    let link = fs::symlink_metadata(d.path("link.txt")).unwrap();
    assert!(link.file_type().is_symlink());
    assert_eq!(read(&target), "http://x/%20y\n");
    assert_eq!(read(d.path("link.txt")), "http://x/%20y\n");
    assert!(d.temporaries().is_empty());
}

#[test]
fn mode_owner_and_group_are_kept() {
    let d = Dir::new("owner");
    let p = d.file("urls.txt", b"http://a/ b\n");
    fs::set_permissions(&p, fs::Permissions::from_mode(0o640)).unwrap();
    let owned = if is_root() {
        std::os::unix::fs::chown(&p, Some(4242), Some(4343)).unwrap();
        true
    } else {
        eprintln!("not root: the owner and group part of this test is skipped");
        false
    };
    let (code, err) = fix_in_place(&d, &["urls.txt"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("warning"), "{err}");
    let m = fs::metadata(&p).unwrap();
    assert_eq!(read(&p), "http://a/%20b\n");
    assert_eq!(m.mode() & 0o7777, 0o640);
    if owned {
        assert_eq!((m.uid(), m.gid()), (4242, 4343));
    }
}

#[test]
fn what_is_not_a_regular_file_is_refused_and_every_file_is_tried() {
    let d = Dir::new("kinds");
    d.file("one.txt", b"http://a/ b\n");
    fs::create_dir(d.path("two")).unwrap();
    let fifo = d.path("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    d.file("three.txt", b"http://a/ c\n");
    // A FIFO is refused before it is opened: nothing waits for a writer.
    let (code, err) = fix_in_place(&d, &["one.txt", "two", "fifo", "missing", "three.txt"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(read(d.path("one.txt")), "http://a/%20b\n");
    assert_eq!(read(d.path("three.txt")), "http://a/%20c\n");
    assert!(err.contains("two: not a regular file"), "{err}");
    assert!(err.contains("fifo: not a regular file"), "{err}");
    assert!(err.contains("missing: No such file"), "{err}");
    assert!(
        err.ends_with("urigram fix: 2 URIs fixed; 3 files failed (see above)\n"),
        "{err}"
    );
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(d.temporaries().is_empty());
}

use std::os::unix::fs::FileTypeExt;

#[test]
fn hard_links_and_read_only_files_are_refused() {
    let d = Dir::new("links");
    let a = d.file("a.txt", b"http://a/ b\n");
    fs::hard_link(&a, d.path("b.txt")).unwrap();
    let (code, err) = fix_in_place(&d, &["a.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("a.txt: has 2 hard links"), "{err}");
    assert_eq!(read(&a), "http://a/ b\n");
    assert_eq!(fs::metadata(&a).unwrap().nlink(), 2);

    let ro = d.file("ro.txt", b"http://a/ b\n");
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o444)).unwrap();
    let (code, err) = fix_in_place(&d, &["ro.txt"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("ro.txt: read-only; --allow-read-only"),
        "{err}"
    );
    assert_eq!(read(&ro), "http://a/ b\n");
    let (code, _, err) = run(
        &d.0,
        &["fix", "--in-place", "--allow-read-only", "ro.txt"],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(read(&ro), "http://a/%20b\n");
    assert_eq!(fs::metadata(&ro).unwrap().mode() & 0o777, 0o444);
    assert!(d.temporaries().is_empty());
}

#[test]
fn lines_appended_while_it_runs_are_not_lost() {
    let d = Dir::new("append");
    let line = b"http://a/b c\n";
    let original = line.repeat(3_000_000);
    let p = d.file("big.txt", &original);
    let child = command(&d.0, &["fix", "--in-place", "big.txt"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once its temporary file exists, the command is reading: append then, a line a write,
    // as a logger does.
    let start = Instant::now();
    let tmp = loop {
        if let Some(t) = d.temporaries().pop() {
            break d.path(&t);
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(2));
    };
    // The temporary file is no one else's to read.
    if let Ok(m) = fs::metadata(&tmp) {
        assert_eq!(m.mode() & 0o077, 0, "{:o}", m.mode());
    }
    for k in 0..50 {
        let mut f = fs::OpenOptions::new().append(true).open(&p).unwrap();
        writeln!(f, "appended {k}").unwrap();
    }
    let (code, _, err) = wait_output(child, Duration::from_secs(120));
    let text = read(&p);
    for k in 0..50 {
        assert!(text.contains(&format!("appended {k}\n")), "line {k} lost");
    }
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("big.txt: changed while it was read"), "{err}");
    assert!(text.starts_with(std::str::from_utf8(&original).unwrap()));
    assert!(d.temporaries().is_empty());
}

#[test]
fn cr_only_line_endings_are_lines() {
    let d = Dir::new("cr");
    let (code, out, err) = run(&d.0, &["fix", "-"], b"http://a/b c\rhttp://d/e\r");
    assert_eq!(
        (code, out.as_slice()),
        (0, &b"http://a/b%20c\rhttp://d/e\r"[..]),
        "{err}"
    );
    let (code, out, err) = run(&d.0, &["fix", "-"], b"x\ry y:z\r\nhttp://a/ b\n");
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, b"x\ry y:z\r\nhttp://a/%20b\n");
    assert!(
        err.contains("<stdin>:2:"),
        "the second line, after a lone CR: {err}"
    );
    assert!(err.contains("1 URI fixed, 1 not fixed"), "{err}");
}

#[test]
fn a_diff_applies_with_git_byte_for_byte() {
    if Command::new("git").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "CI has git");
        eprintln!("no git: skipped");
        return;
    }
    let d = Dir::new("diff");
    let mut text = Vec::new();
    text.extend_from_slice(b"ok \xff\xfe not UTF-8\n");
    text.extend_from_slice(b"http://a/b c\n");
    text.extend_from_slice(b"crlf\r\n");
    for k in 0..10 {
        text.extend_from_slice(format!("http://ok/{k}\n").as_bytes());
    }
    text.extend_from_slice("http://d/é\tx".as_bytes());
    d.file("urls.txt", &text);
    // The line that is not UTF-8 is left as it is, and reported: exit 1.
    let (code, fixed, err) = run(&d.0, &["fix", "urls.txt"], b"");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("urls.txt:1: not UTF-8"), "{err}");
    let (code, patch, err) = run(&d.0, &["fix", "--diff", "urls.txt"], b"");
    assert_eq!(code, 1, "{err}");
    assert_eq!(patch.iter().filter(|&&b| b == b'@').count(), 8, "two hunks");
    d.file("fix.patch", &patch);
    let git = |args: &[&str]| {
        let o = Command::new("git")
            .current_dir(&d.0)
            .args(args)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    git(&["apply", "--check", "fix.patch"]);
    git(&["apply", "fix.patch"]);
    assert_eq!(fs::read(d.path("urls.txt")).unwrap(), fixed);
}

#[test]
fn markdown_and_html_code_is_never_rewritten() {
    let d = Dir::new("markdown");
    let md = "Use `curl http://code/%zz` here, or [this](http://a/%zz).\n\
              \n\
              ```\n\
              http://fenced/%zz\n\
              ```\n\
              \n    http://indented/ x\n\
              \n<!-- http://comment/%zz -->\n\
              <script>var u = \"http://script/%zz\";</script>\n\
              <style>a { background: url(http://style/%zz) }</style>\n\
              \nAnd http://[::1]/x stays as it is.\n";
    d.file("doc.md", md.as_bytes());
    let (code, out, err) = run(&d.0, &["fix", "--text", "doc.md"], b"");
    let want = md.replace("http://a/%zz", "http://a/%25zz");
    assert_eq!(String::from_utf8(out).unwrap(), want);
    // The IPv6 literal stays invalid under RFC 2396: exit 1, as `check` would.
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("1 URI fixed, 1 not fixed"), "{err}");
    let (code, _, err) = run(&d.0, &["fix", "--text", "--in-place", "doc.md"], b"");
    assert_eq!(code, 1, "{err}");
    // `extract` on the result finds just the one URI that no fix makes valid.
    let (code, out, _) = run(&d.0, &["extract", "--only", "invalid", "doc.md"], b"");
    assert_eq!(code, 1);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.matches("error[").count(), 1, "{out}");
    assert!(out.contains("http://[::1]/x"), "{out}");

    // The same text read as plain text: every URI is fixed where it stands.
    let (_, out, _) = run(&d.0, &["fix", "--text", "--syntax", "plain", "doc.md"], b"");
    assert!(
        String::from_utf8(out)
            .unwrap()
            .contains("http://fenced/%25zz")
    );

    let html = "<p><a href=\"http://a/%zz\">x</a> http://b/é</p>\n\
                <script>fetch(\"http://script/%zz\")</script>\n\
                <!-- http://comment/%zz -->\n";
    d.file("page.html", html.as_bytes());
    let (code, out, err) = run(&d.0, &["fix", "--text", "page.html"], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        String::from_utf8(out).unwrap(),
        html.replace("http://a/%zz", "http://a/%25zz")
            .replace("http://b/é", "http://b/%C3%A9")
    );
}

#[test]
fn a_hundred_thousand_errors_on_one_line() {
    let d = Dir::new("errors");
    let line = format!("http://a/{}\n", "a ".repeat(100_000));
    let (code, out, err) = run(&d.0, &["fix", "-"], line.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("http://a/{}\n", "a%20".repeat(100_000)).into_bytes()
    );
    // (With the hint that a line with spaces between words may be running text.)
    assert!(
        err.ends_with(
            "<stdin>:1: hint: this line has spaces between words and was fixed as one URI \
             (spaces escaped as %20); if the file is running text, not one URI a line, \
             `urigram fix --text` fixes only its URIs\nurigram fix: 1 URI fixed\n"
        ),
        "{err}"
    );
}

#[test]
fn file_names_are_made_visible() {
    let d = Dir::new("names");
    let name = "a\x1b[31mb\u{202e}c.txt";
    let (code, _, err) = run(&d.0, &["fix", name], b"");
    assert_eq!(code, 2);
    assert!(
        !err.contains('\x1b') && !err.contains('\u{202e}'),
        "{err:?}"
    );
    d.file(name, b"http://a/ b\n");
    let (code, out, err) = run(&d.0, &["fix", name], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, b"http://a/%20b\n");
    let (_, diff, _) = run(&d.0, &["fix", "--diff", name], b"");
    let diff = String::from_utf8(diff).unwrap();
    assert!(
        diff.starts_with("--- \"a/a\\033[31mb\\342\\200\\256c.txt\"\n"),
        "{diff:?}"
    );
}

/// Peak memory (VmHWM, kB) of `urigram ARGS` while `feed` writes its stdin.
#[cfg(target_os = "linux")]
fn peak_while_fed(
    args: &[&str],
    feed: impl FnOnce(&mut std::process::ChildStdin) + Send + 'static,
) -> (usize, i32) {
    let mut child = Command::new(common::URIGRAM)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || io_sink(&mut stdout));
    let writer = std::thread::spawn(move || {
        feed(&mut stdin);
        stdin
    });
    let stdin = writer.join().unwrap();
    let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    drop(stdin);
    let code = child.wait().unwrap().code().unwrap_or(-1);
    reader.join().unwrap();
    (peak, code)
}

fn io_sink(r: &mut impl Read) {
    let _ = std::io::copy(r, &mut std::io::sink());
}

#[cfg(target_os = "linux")]
#[test]
fn line_mode_streams_in_bounded_memory() {
    const MB: usize = 1 << 20;
    let (peak, code) = peak_while_fed(&["fix", "-"], |w| {
        // 200 MB without a line ending (copied through in pieces), then lines to fix.
        let piece = vec![b'a'; MB];
        for _ in 0..200 {
            w.write_all(&piece).unwrap();
        }
        let lines = b"\nhttp://a/ b\n".repeat(10_000);
        w.write_all(&lines).unwrap();
    });
    eprintln!("fix of a 200 MB line and 10,000 lines: peak RSS {peak} kB");
    assert_eq!(code, 1, "the line over the limit is not fixed");
    assert!(peak < 32 * 1024, "peak RSS {peak} kB");
}

#[cfg(target_os = "linux")]
#[test]
fn text_mode_refuses_past_its_limit() {
    let d = Dir::new("text-limit");
    let big = vec![b'a'; (64 << 20) + 1];
    let (code, out, err) = run(&d.0, &["fix", "--text", "-"], &big);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("<stdin>: larger than 64 MiB"), "{err}");
}

#[test]
fn deeply_nested_documents_are_fixed_after_their_deep_part() {
    let d = Dir::new("deep");
    let attrs = vec!["x=\"y\""; 100_000].join(" ");
    let html = format!("<a {attrs}>t</a>\n<a href=\"http://a/%zz\">u</a>\n");
    d.file("deep.html", html.as_bytes());
    let md = format!(
        "{}\n\n{}a\n\n[x](http://b/é)\n",
        "<div>".repeat(100_000),
        "> ".repeat(100_000)
    );
    d.file("deep.md", md.as_bytes());
    let (code, out, err) = run(&d.0, &["fix", "--text", "deep.html", "deep.md"], b"");
    assert_eq!(code, 0, "{err}");
    let want = [
        html.replace("http://a/%zz", "http://a/%25zz"),
        md.replace("http://b/é", "http://b/%C3%A9"),
    ]
    .concat();
    assert!(out == want.as_bytes(), "the fixed texts differ");
    assert_eq!(err, "urigram fix: 2 URIs fixed\n");
}

#[cfg(target_os = "linux")]
#[test]
fn dev_zero_and_a_diff_of_every_line_stay_bounded() {
    // /dev/zero: one endless line, copied through in pieces.
    let mut child = Command::new(common::URIGRAM)
        .args(["fix", "/dev/zero"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let peak: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    eprintln!("fix /dev/zero for 1.5 s: peak RSS {peak} kB");
    assert!(peak < 32 * 1024, "peak RSS {peak} kB");

    // A diff in which every line changes is one hunk: 48 MB of it, spooled.
    let (peak, code) = peak_while_fed(&["fix", "--diff", "-"], |w| {
        let lines = b"http://a/ b\n".repeat(1 << 16);
        for _ in 0..64 {
            w.write_all(&lines).unwrap();
        }
    });
    eprintln!("a diff of one 48 MB hunk: peak RSS {peak} kB");
    assert_eq!(code, 0);
    assert!(peak < 32 * 1024, "peak RSS {peak} kB");
}
