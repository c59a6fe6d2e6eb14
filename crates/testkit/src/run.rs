//! Running a built binary (`urigram`) from the integration tests.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Run `exe ARGS` with `stdin`, colour off, in directory `dir` (the test's own when `None`):
/// (exit code, stdout, stderr).
pub fn run_in(exe: &str, dir: Option<&Path>, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut cmd = Command::new(exe);
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    let mut child = cmd
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run {exe}: {e}"));
    let mut input = child.stdin.take().expect("stdin");
    let stdin = stdin.to_vec();
    // Write from another thread: the child may fill its stdout before it has read its stdin,
    // and may exit before reading all of it (a usage error).
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
