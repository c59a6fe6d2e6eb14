//! The command line's inputs: arguments as the bytes the user typed, and a `--file` (or `-`,
//! standard input) opened with its name for messages and its size when known.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;

use urigram::render::visible;

/// The input of `--file`: its name for messages, the reader, and its size when known.
pub(super) type Opened = (String, Box<dyn Read + Send>, Option<u64>);

/// Open `path` (`-`: standard input) for reading; the error names the file.
pub(super) fn open(path: &PathBuf) -> Result<Opened, String> {
    if path.as_os_str() == "-" {
        // A regular file redirected to stdin has a size, and so an ETA.
        let size = std::fs::metadata("/dev/stdin")
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len());
        return Ok(("<stdin>".into(), Box::new(io::stdin()), size));
    }
    let label = path.display().to_string();
    let f = File::open(path).map_err(|e| format!("{}: {e}", visible(&label)))?;
    let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
    Ok((label, Box::new(f), size))
}

/// An argument's bytes as the user typed them (on Unix, not necessarily UTF-8).
#[cfg(unix)]
pub(crate) fn os_bytes(s: &OsString) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

#[cfg(not(unix))]
pub(crate) fn os_bytes(s: &OsString) -> Vec<u8> {
    s.to_string_lossy().into_owned().into_bytes()
}
