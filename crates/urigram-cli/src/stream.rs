//! Streaming a line-oriented input through worker threads, in bounded memory, with the
//! results handed back in input order.
//!
//! One reader thread cuts the input into [`Chunk`]s of whole lines (about `chunk_bytes`
//! each), `jobs` workers turn chunks into results, and the calling thread receives the
//! results in input order. The chunks' buffers come from a fixed pool of `in_flight` buffers
//! that the calling thread gives back after it has used a chunk, so at most `in_flight` chunks
//! (and their results) exist at once, whatever the size of the input.
//!
//! A line is never split across chunks, so a buffer grows past `chunk_bytes + READ` to hold a
//! long line; only `jobs` buffers may be that large at once (a buffer takes a token to grow
//! and gives it back, shrunk, after use), and a line longer than `max_line` is not held at
//! all: the reader skips it, counting its bytes, and the chunk reports it as
//! [`Chunk::skipped`]. Memory is then at most about
//! `in_flight * (chunk_bytes + READ) + jobs * (max_line + READ)` bytes of buffers, plus the
//! results of the chunks in flight.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::ops::Range;
use std::thread;

use crossbeam_channel::{Receiver, Sender, bounded};

/// The most worker threads a run may have (`--jobs`).
pub const MAX_JOBS: i64 = 256;

/// The longest `max_line` (`--max-line-length`): 1 GiB.
pub const MAX_LINE_LIMIT: u64 = 1 << 30;

/// The largest `chunk_bytes` (`--chunk-bytes`, an option for tests of the chunking): 1 MiB,
/// four times the usual size.
pub const MAX_CHUNK_BYTES: u64 = 1 << 20;

/// The most the reader asks for in one read, beyond what fills a chunk.
const READ: usize = 64 << 10;

/// A line longer than the limit: skipped by the reader, never held in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skipped {
    /// Its 1-based line number.
    pub line: u64,
    /// Its length without its line ending.
    pub len: u64,
    /// The bytes it took in the input, line ending included.
    pub bytes: u64,
}

/// Whole lines of the input, in order.
pub struct Chunk {
    /// 0 for the first chunk, then 1, 2 ...
    pub seq: u64,
    /// The 1-based number of the chunk's first line.
    pub first_line: u64,
    /// The byte offset of the chunk's first byte in the input.
    pub offset: u64,
    /// The pooled buffer; its first `len` bytes are the chunk. It keeps its length between
    /// uses, so that reading into it again needs no zeroing.
    buf: Vec<u8>,
    len: usize,
    /// Whether `buf` holds one of the tokens that let a buffer grow past its usual size.
    big: bool,
    /// The line after the chunk's lines, when it was too long to hold.
    skipped: Option<Skipped>,
}

impl Chunk {
    /// Whole lines, each ending in `\n`, except the input's last line when it has none.
    pub fn data(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// The line that follows the lines of [`Chunk::data`], when it was longer than the
    /// limit: skipped, not held. Its number is the one after theirs.
    pub fn skipped(&self) -> Option<Skipped> {
        self.skipped
    }

    /// The bytes of the input this chunk stands for: its data and the skipped line.
    pub fn bytes(&self) -> u64 {
        self.len as u64 + self.skipped.map_or(0, |s| s.bytes)
    }

    /// The lines with their numbers, without their line endings (`\n`, `\r\n` or a lone
    /// `\r`).
    pub fn lines(&self) -> impl Iterator<Item = (u64, &[u8])> {
        self.line_ranges().map(|(n, r)| (n, &self.data()[r]))
    }

    /// The lines as [`Chunk::lines`] gives them, as byte ranges of `data`. A range never
    /// splits a UTF-8 character, since it starts and ends next to ASCII line endings.
    pub fn line_ranges(&self) -> impl Iterator<Item = (u64, Range<usize>)> + use<'_> {
        let data = self.data();
        let mut start = 0;
        let mut n = self.first_line;
        std::iter::from_fn(move || {
            if start >= data.len() {
                return None;
            }
            let s = start;
            let range = match memchr::memchr2(b'\r', b'\n', &data[s..]) {
                Some(k) => {
                    let end = s + k;
                    let crlf = data[end] == b'\r' && data.get(end + 1) == Some(&b'\n');
                    start = end + 1 + usize::from(crlf);
                    s..end
                }
                // A last line without a line ending.
                None => {
                    start = data.len();
                    s..data.len()
                }
            };
            n += 1;
            Some((n - 1, range))
        })
    }
}

/// The number of lines in `data` (whole lines, and a last one without a line ending): its
/// line endings (`\n`, `\r\n`, a lone `\r`), and one more when it does not end with one.
pub fn count_lines(data: &[u8]) -> u64 {
    let mut n = 0u64;
    let mut prev = 0u8;
    for &c in data {
        if c == b'\r' || (c == b'\n' && prev != b'\r') {
            n += 1;
        }
        prev = c;
    }
    if !matches!(data.last(), None | Some(b'\n' | b'\r')) {
        n += 1;
    }
    n
}

/// The line of `text` that holds byte `at`, as a byte range without its line ending (a
/// `\n`, a `\r\n`, or a lone `\r`; the `\r` of a `\r\n` belongs to the line ending even
/// when `at` is at its `\n`).
pub fn line_around(text: &[u8], at: usize) -> Range<usize> {
    let ends = |k: usize| text[k] == b'\n' || (text[k] == b'\r' && text.get(k + 1) != Some(&b'\n'));
    let start = (0..at).rev().find(|&k| ends(k)).map_or(0, |k| k + 1);
    let mut end = (at..text.len()).find(|&k| ends(k)).unwrap_or(text.len());
    if end > start && text[end - 1] == b'\r' && text.get(end) == Some(&b'\n') {
        end -= 1;
    }
    start..end
}

/// Where a chunk of `buf` may end: after its last line ending, unless that is a `\r` that
/// ends `buf` while more input may follow (a `\n` after it would belong to the same line
/// ending); then after the one before.
fn last_line_end(buf: &[u8], eof: bool) -> Option<usize> {
    let p = memchr::memrchr2(b'\r', b'\n', buf)?;
    if buf[p] == b'\r' && p + 1 == buf.len() && !eof {
        return memchr::memrchr2(b'\r', b'\n', &buf[..p]).map(|q| q + 1);
    }
    Some(p + 1)
}

/// Sizes of the pipeline.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// The size a chunk grows to before it is cut at its last line ending.
    pub chunk_bytes: usize,
    /// Chunks that may exist at once: being read, waiting, checked or written.
    pub in_flight: usize,
    /// The longest line that is held and handed on (without its line ending); a longer one
    /// is skipped and reported as [`Chunk::skipped`].
    pub max_line: usize,
}

impl Options {
    /// About 4,000 lines of 60 bytes a chunk, four chunks a worker.
    pub fn with_jobs(jobs: usize) -> Options {
        let jobs = jobs.max(1);
        Options {
            jobs,
            chunk_bytes: 256 << 10,
            in_flight: 4 * jobs + 2,
            max_line: 1 << 20,
        }
    }
}

/// What the consumer wants after a chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// Stop reading and checking (the output was closed).
    Stop,
}

/// Why a run stopped early.
#[derive(Debug)]
pub enum Failure {
    /// Reading the input failed.
    Read(io::Error),
    /// The consumer failed (writing the output).
    Write(io::Error),
}

/// Read `input` in chunks of whole lines, run `work` on each chunk on `opts.jobs` threads, and
/// call `consume` with each chunk and its result, in input order, on the calling thread.
pub fn run<T, W, C>(
    input: Box<dyn Read + Send>,
    opts: Options,
    work: W,
    mut consume: C,
) -> Result<(), Failure>
where
    T: Send,
    W: Fn(&Chunk) -> T + Sync,
    C: FnMut(&Chunk, T) -> io::Result<Flow>,
{
    let in_flight = opts.in_flight.max(2);
    let (free_tx, free_rx) = bounded::<Vec<u8>>(in_flight);
    for _ in 0..in_flight {
        free_tx
            .send(Vec::new())
            .expect("the pool has room for every buffer");
    }
    let (work_tx, work_rx) = bounded::<Chunk>(in_flight);
    let (done_tx, done_rx) = bounded::<(Chunk, T)>(in_flight);
    // The tokens that let a buffer grow past `usual` bytes: one a worker.
    let jobs = opts.jobs.max(1);
    let (token_tx, token_rx) = bounded::<()>(jobs);
    for _ in 0..jobs {
        token_tx.send(()).expect("room for every token");
    }

    // The reader owns its input and ends when the input does, or when the buffer pool closes:
    // it is not joined after a stop, since it may be waiting on a slow input.
    let sizes = Sizes {
        chunk: opts.chunk_bytes.max(1),
        usual: opts.chunk_bytes.max(1).saturating_add(READ),
        max_line: opts.max_line,
    };
    let reader = thread::Builder::new()
        .name("urigram-read".into())
        .spawn(move || read_chunks(input, sizes, &free_rx, &token_rx, &work_tx))
        .map_err(Failure::Read)?;

    // Closed by the consumer when it stops, so that idle workers end too.
    let (stop_tx, stop_rx) = bounded::<()>(0);

    let stopped = thread::scope(|s| -> Result<bool, Failure> {
        // Owned here, so that every way out of this closure drops them before the workers are
        // joined: that ends the reader (no free buffer) and the workers (no one to send to).
        let (done_rx, free_tx, stop_tx, token_tx) = (done_rx, free_tx, stop_tx, token_tx);
        for k in 0..jobs {
            let (work_rx, done_tx, stop_rx, work) =
                (work_rx.clone(), done_tx.clone(), stop_rx.clone(), &work);
            thread::Builder::new()
                .name(format!("urigram-check-{k}"))
                .spawn_scoped(s, move || {
                    loop {
                        let chunk = crossbeam_channel::select! {
                            recv(work_rx) -> c => match c {
                                Ok(c) => c,
                                Err(_) => break, // the input is done
                            },
                            recv(stop_rx) -> _ => break,
                        };
                        let t = work(&chunk);
                        if done_tx.send((chunk, t)).is_err() {
                            break;
                        }
                    }
                })
                .map_err(Failure::Read)?;
        }
        drop((work_rx, done_tx, stop_rx));
        // Results arrive in any order; hand them on in input order. At most `in_flight` wait.
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        for (chunk, t) in &done_rx {
            waiting.insert(chunk.seq, (chunk, t));
            while let Some((chunk, t)) = waiting.remove(&next) {
                next += 1;
                if consume(&chunk, t).map_err(Failure::Write)? == Flow::Stop {
                    drop(stop_tx);
                    return Ok(true);
                }
                // A buffer that grew for a long line gives back what it took, and its token.
                let mut buf = chunk.buf;
                if chunk.big {
                    buf.truncate(sizes.usual);
                    buf.shrink_to(sizes.usual);
                    let _ = token_tx.send(());
                }
                let _ = free_tx.send(buf);
            }
        }
        Ok(false)
    });
    match stopped {
        Ok(false) => match reader.join() {
            Ok(r) => r.map_err(Failure::Read),
            Err(_) => Err(Failure::Read(io::Error::other(
                "the reader thread panicked",
            ))),
        },
        Ok(true) => Ok(()),
        Err(e) => Err(e),
    }
}

/// The reader's sizes, in bytes.
#[derive(Clone, Copy)]
struct Sizes {
    /// What a chunk grows to before it is cut at its last line ending.
    chunk: usize,
    /// What a buffer may grow to without a token: a chunk and one more read.
    usual: usize,
    /// The longest line held.
    max_line: usize,
}

/// The reader thread: fill pooled buffers with whole lines and send them on as chunks.
fn read_chunks(
    mut input: Box<dyn Read + Send>,
    sizes: Sizes,
    free: &Receiver<Vec<u8>>,
    tokens: &Receiver<()>,
    work: &Sender<Chunk>,
) -> io::Result<()> {
    let chunk_bytes = sizes.chunk;
    let mut carry = Vec::new();
    let mut seq = 0;
    let mut line = 1;
    let mut offset = 0u64;
    let mut eof = false;
    while !eof {
        let Ok(mut buf) = free.recv() else {
            return Ok(()); // the consumer stopped
        };
        let mut big = false;
        let mut len = carry.len();
        if buf.len() < len {
            buf.resize(len, 0);
        }
        buf[..len].copy_from_slice(&carry);
        carry.clear();
        // Read until the buffer is full enough and holds a line ending, or the input ends. A
        // short read means the input has nothing more for now (a pipe, a terminal): then the
        // lines read so far go on at once, so that a slow input is answered line by line.
        let mut scanned = 0;
        let mut short = false;
        let mut skipped = None;
        let cut = loop {
            if len >= chunk_bytes || short {
                if let Some(p) = last_line_end(&buf[scanned..len], false) {
                    break scanned + p;
                }
                // No line ending in the buffer but perhaps a `\r` at its end: it is all one
                // line. (Past `max_line + 1` bytes, it is longer than `max_line` even if a
                // `\r\n` comes next.)
                scanned = len.saturating_sub(1).max(scanned);
                if len > sizes.max_line.saturating_add(1) {
                    let (s, rest) = skip_line(&mut input, &mut buf, len, line)?;
                    skipped = Some(s);
                    eof = rest.is_none();
                    carry.extend_from_slice(rest.map_or(&[][..], |r| &buf[r]));
                    break 0;
                }
            }
            let want = chunk_bytes.saturating_sub(len).max(READ);
            if buf.len() < len + want {
                if len + want > sizes.usual && !big {
                    // Wait until fewer than `jobs` buffers are large.
                    if tokens.recv().is_err() {
                        return Ok(()); // the consumer stopped
                    }
                    big = true;
                }
                buf.resize(len + want, 0);
            }
            let got = read_some(&mut input, &mut buf[len..len + want])?;
            if got == 0 {
                eof = true;
                break len;
            }
            len += got;
            short = got < want;
        };
        if skipped.is_none() {
            carry.extend_from_slice(&buf[cut..len]);
            if cut == 0 {
                break;
            }
        }
        // The carried bytes of a long line go back to a usual size.
        if carry.capacity() > sizes.usual {
            carry.shrink_to(sizes.usual);
        }
        let lines = count_lines(&buf[..cut]);
        let chunk = Chunk {
            seq,
            first_line: line,
            offset,
            buf,
            len: cut,
            big,
            skipped,
        };
        seq += 1;
        line += lines + u64::from(skipped.is_some());
        offset += cut as u64 + skipped.map_or(0, |s: Skipped| s.bytes);
        if work.send(chunk).is_err() {
            return Ok(()); // the workers stopped
        }
    }
    Ok(())
}

/// Skip the line that fills `buf[..len]` (no line ending in it, but perhaps a `\r` at its
/// end), reading into `buf` until its end: the line, and the range of `buf` that holds what
/// follows it (`None` at the end of the input).
fn skip_line(
    input: &mut dyn Read,
    buf: &mut [u8],
    len: usize,
    line: u64,
) -> io::Result<(Skipped, Option<Range<usize>>)> {
    // The bytes of the line seen, and whether the last of them is a `\r` (the line's end; a
    // `\n` first in the next read would belong to it).
    let mut bytes = len as u64;
    let mut cr = buf[len - 1] == b'\r';
    let room = buf.len().min(READ.max(1));
    loop {
        let got = read_some(input, &mut buf[..room])?;
        let skipped = |len: u64, bytes: u64| Skipped { line, len, bytes };
        if cr {
            if got > 0 && buf[0] == b'\n' {
                return Ok((skipped(bytes - 1, bytes + 1), Some(1..got)));
            }
            return Ok((skipped(bytes - 1, bytes), (got > 0).then_some(0..got)));
        }
        if got == 0 {
            // The input's last line, without a line ending.
            return Ok((skipped(bytes, bytes), None));
        }
        match memchr::memchr2(b'\r', b'\n', &buf[..got]) {
            Some(q) if buf[q] == b'\n' || q + 1 < got => {
                let ending = if buf[q] == b'\r' && buf[q + 1] == b'\n' {
                    2
                } else {
                    1
                };
                let s = skipped(bytes + q as u64, bytes + (q + ending) as u64);
                return Ok((s, Some(q + ending..got)));
            }
            // A `\r` that ends the read.
            Some(_) => cr = true,
            None => {}
        }
        bytes += got as u64;
    }
}

/// How [`next_line`] read a line.
pub enum Line {
    /// Its text is in the buffer, without its line ending.
    Text,
    /// It was longer than the limit: this many bytes (without its line ending), not kept.
    TooLong(u64),
}

/// Read the next line of `input` into `buf`, without its line ending (`\n`, `\r\n` or a lone
/// `\r`, as [`Chunk::lines`] reads them), keeping at most `limit` bytes of it: a longer line
/// is read through and dropped. `None` at the end. For commands that read one line at a time.
pub fn next_line(
    input: &mut impl io::BufRead,
    buf: &mut Vec<u8>,
    limit: u64,
) -> io::Result<Option<Line>> {
    buf.clear();
    let (mut len, mut any, mut too_long) = (0u64, false, false);
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            break;
        }
        any = true;
        let end = memchr::memchr2(b'\r', b'\n', available);
        let part = &available[..end.unwrap_or(available.len())];
        len += part.len() as u64;
        if !too_long && len <= limit {
            buf.extend_from_slice(part);
        } else if !too_long {
            too_long = true;
            buf.clear();
        }
        let Some(i) = end else {
            let n = available.len();
            input.consume(n);
            continue;
        };
        let cr = available[i] == b'\r';
        input.consume(i + 1);
        if cr && input.fill_buf()?.first() == Some(&b'\n') {
            input.consume(1);
        }
        break;
    }
    if !any {
        return Ok(None);
    }
    Ok(Some(if too_long {
        Line::TooLong(len)
    } else {
        Line::Text
    }))
}

/// One read into `buf`: the number of bytes read, 0 at the end of the input.
fn read_some(input: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match input.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            r => return r,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line with its number, through the pipeline with tiny chunks.
    fn lines_of(input: &[u8], jobs: usize, chunk_bytes: usize) -> Vec<(u64, Vec<u8>)> {
        let mut got = Vec::new();
        let opts = Options {
            jobs,
            chunk_bytes,
            in_flight: 3,
            max_line: usize::MAX,
        };
        let work = |c: &Chunk| -> Vec<(u64, Vec<u8>)> {
            c.lines().map(|(n, l)| (n, l.to_vec())).collect()
        };
        run(
            Box::new(io::Cursor::new(input.to_vec())),
            opts,
            work,
            |_, v| {
                got.extend(v);
                Ok(Flow::Continue)
            },
        )
        .unwrap();
        got
    }

    #[test]
    fn lines_in_order_with_their_numbers() {
        let input = b"a\r\nbb\n\nccc\r\nd";
        for chunk_bytes in [1, 2, 3, 5, 100] {
            for jobs in [1, 2, 3] {
                let got = lines_of(input, jobs, chunk_bytes);
                let want: Vec<(u64, Vec<u8>)> = vec![
                    (1, b"a".to_vec()),
                    (2, b"bb".to_vec()),
                    (3, b"".to_vec()),
                    (4, b"ccc".to_vec()),
                    (5, b"d".to_vec()),
                ];
                assert_eq!(got, want, "chunk_bytes {chunk_bytes}, jobs {jobs}");
            }
        }
    }

    #[test]
    fn empty_input_and_lone_line_endings() {
        assert!(lines_of(b"", 2, 4).is_empty());
        assert_eq!(lines_of(b"\n", 2, 4), vec![(1, vec![])]);
        assert_eq!(lines_of(b"\r\n\r\n", 1, 1), vec![(1, vec![]), (2, vec![])]);
        // A lone \r ends a line, as \n and \r\n do, at the end of the input too.
        assert_eq!(lines_of(b"x\r", 1, 1), vec![(1, b"x".to_vec())]);
        assert_eq!(lines_of(b"\r", 1, 1), vec![(1, vec![])]);
    }

    /// Lines end at `\n`, `\r\n` or a lone `\r`, wherever the chunks are cut (never
    /// between the `\r` and the `\n` of one line ending).
    #[test]
    fn lone_carriage_returns_end_lines() {
        let input = b"a\rbb\r\n\r\rccc\n\r\nd\re";
        let want: Vec<(u64, Vec<u8>)> = [&b"a"[..], b"bb", b"", b"", b"ccc", b"", b"d", b"e"]
            .iter()
            .enumerate()
            .map(|(k, l)| (k as u64 + 1, l.to_vec()))
            .collect();
        for chunk_bytes in [1, 2, 3, 4, 5, 7, 100] {
            for jobs in [1, 2] {
                assert_eq!(lines_of(input, jobs, chunk_bytes), want, "{chunk_bytes}");
            }
        }
        assert_eq!(count_lines(input), 8);
        assert_eq!(count_lines(b"a\r\n"), 1);
        assert_eq!(count_lines(b""), 0);
        let t = b"ab\rcd\r\nef";
        assert_eq!(line_around(t, 0), 0..2);
        assert_eq!(line_around(t, 3), 3..5);
        assert_eq!(line_around(t, 5), 3..5); // the \r of \r\n
        assert_eq!(line_around(t, 6), 3..5); // its \n
        assert_eq!(line_around(t, 7), 7..9);
    }

    #[test]
    fn many_lines_keep_their_order() {
        let mut input = Vec::new();
        for k in 0..10_000 {
            input.extend_from_slice(format!("line {k}\n").as_bytes());
        }
        let got = lines_of(&input, 3, 97);
        assert_eq!(got.len(), 10_000);
        for (k, (n, l)) in got.iter().enumerate() {
            assert_eq!(*n, k as u64 + 1);
            assert_eq!(l, format!("line {k}").as_bytes());
        }
    }

    /// A reader that gives one piece a read, as a pipe from a slow writer does.
    struct Pieces(Vec<&'static [u8]>);

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let p = self.0.remove(0);
            buf[..p.len()].copy_from_slice(p);
            Ok(p.len())
        }
    }

    #[test]
    fn a_slow_input_goes_on_line_by_line() {
        let input = Pieces(vec![b"a\n", b"b", b"b\nc\r", b"\n", b"d"]);
        let opts = Options::with_jobs(2);
        let mut chunks = Vec::new();
        let work = |c: &Chunk| c.lines().map(|(n, l)| (n, l.to_vec())).collect::<Vec<_>>();
        run(Box::new(input), opts, work, |_, v| {
            chunks.push(v);
            Ok(Flow::Continue)
        })
        .unwrap();
        let want: Vec<Vec<(u64, Vec<u8>)>> = vec![
            vec![(1, b"a".to_vec())],
            vec![(2, b"bb".to_vec())],
            vec![(3, b"c".to_vec())],
            vec![(4, b"d".to_vec())],
        ];
        assert_eq!(chunks, want);
    }

    /// Lines and skipped lines, through reads of `pieces`, with the given limit.
    fn with_limit(pieces: Vec<&'static [u8]>, max_line: usize) -> Vec<(u64, String)> {
        let opts = Options {
            jobs: 2,
            chunk_bytes: 4,
            in_flight: 3,
            max_line,
        };
        let mut got = Vec::new();
        let work = |c: &Chunk| {
            let mut v: Vec<(u64, String)> = c
                .lines()
                .map(|(n, l)| (n, String::from_utf8_lossy(l).into_owned()))
                .collect();
            if let Some(s) = c.skipped() {
                v.push((s.line, format!("skipped {} of {}", s.len, s.bytes)));
            }
            (v, c.bytes(), c.buf.len())
        };
        let mut bytes = 0;
        run(Box::new(Pieces(pieces)), opts, work, |_, (v, b, cap)| {
            got.extend(v);
            bytes += b;
            // A buffer grows past its usual size only for a line it holds.
            assert!(cap <= 4 + READ + max_line + 2, "a buffer of {cap} bytes");
            Ok(Flow::Continue)
        })
        .unwrap();
        got.push((0, format!("{bytes} bytes")));
        got
    }

    #[test]
    fn lines_past_the_limit_are_skipped() {
        let got = with_limit(
            vec![b"ab\nabcdefgh", b"ijk", b"l\r", b"\nxy\n", b"0123456789"],
            5,
        );
        let want: Vec<(u64, String)> = vec![
            (1, "ab".into()),
            (2, "skipped 12 of 14".into()),
            (3, "xy".into()),
            (4, "skipped 10 of 10".into()),
            (0, "30 bytes".into()),
        ];
        assert_eq!(got, want);
        // A \r\n split across reads; a line of exactly the limit is held.
        let got = with_limit(vec![b"abcde", b"\r", b"\nabcdefg\r", b"\nz"], 5);
        let want: Vec<(u64, String)> = vec![
            (1, "abcde".into()),
            (2, "skipped 7 of 9".into()),
            (3, "z".into()),
            (0, "17 bytes".into()),
        ];
        assert_eq!(got, want);
        // A lone \r ends a long line, within a read or at its end.
        let got = with_limit(vec![b"abcdefg", b"\rxy\r", b"abcdefgh", b"\r", b"z"], 5);
        let want: Vec<(u64, String)> = vec![
            (1, "skipped 7 of 8".into()),
            (2, "xy".into()),
            (3, "skipped 8 of 9".into()),
            (4, "z".into()),
            (0, "21 bytes".into()),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn lines_one_at_a_time() {
        let input = b"a\rbb\r\n\r\rlong line\nz\r";
        // Read through a buffer of one byte, so that a `\r\n` is split between reads.
        let mut r = io::BufReader::with_capacity(1, &input[..]);
        let mut buf = Vec::new();
        let mut got = Vec::new();
        while let Some(l) = next_line(&mut r, &mut buf, 4).unwrap() {
            got.push(match l {
                Line::Text => String::from_utf8(buf.clone()).unwrap(),
                Line::TooLong(n) => format!("too long: {n}"),
            });
        }
        assert_eq!(got, ["a", "bb", "", "", "too long: 9", "z"]);
    }

    #[test]
    fn a_stop_ends_the_run() {
        let input: Vec<u8> = b"x\n".repeat(100_000);
        let mut seen = 0;
        let opts = Options {
            jobs: 2,
            chunk_bytes: 16,
            in_flight: 4,
            max_line: usize::MAX,
        };
        run(
            Box::new(io::Cursor::new(input)),
            opts,
            |c| c.data().len(),
            |_, _| {
                seen += 1;
                Ok(if seen == 3 {
                    Flow::Stop
                } else {
                    Flow::Continue
                })
            },
        )
        .unwrap();
        assert_eq!(seen, 3);
    }
}
