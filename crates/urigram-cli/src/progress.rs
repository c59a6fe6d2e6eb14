//! A progress bar on stderr for inputs that take more than a moment: bytes, lines, rate, and
//! the ETA when the input's size is known. Nothing at all when stderr is not a terminal.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::numbers::thousands;

/// How long a run goes before the bar appears.
const DELAY: Duration = Duration::from_millis(800);

/// The progress of one input.
pub struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
    shown: bool,
    lines: u64,
}

impl Progress {
    /// A bar for an input of `size` bytes (when known), drawn only if `enabled`.
    pub fn new(size: Option<u64>, enabled: bool) -> Progress {
        let bar = enabled.then(|| {
            let template = match size {
                Some(_) => {
                    "{spinner} {elapsed_precise} [{wide_bar}] {binary_bytes}/{binary_total_bytes} \
                     {binary_bytes_per_sec} ETA {eta} {msg}"
                }
                None => "{spinner} {elapsed_precise} {binary_bytes} {binary_bytes_per_sec} {msg}",
            };
            let style = ProgressStyle::with_template(template)
                .expect("a valid template")
                .progress_chars("=> ");
            // Hidden until the run has taken longer than DELAY.
            ProgressBar::with_draw_target(size, ProgressDrawTarget::hidden()).with_style(style)
        });
        Progress {
            bar,
            start: Instant::now(),
            shown: false,
            lines: 0,
        }
    }

    /// `bytes` more bytes and `lines` more lines are done.
    pub fn advance(&mut self, bytes: u64, lines: u64) {
        let Some(bar) = &self.bar else { return };
        self.lines += lines;
        let elapsed = self.start.elapsed();
        if !self.shown && elapsed >= DELAY {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        let rate = self.lines as f64 / elapsed.as_secs_f64().max(1e-3);
        bar.set_message(format!(
            "{} lines ({}/s)",
            thousands(self.lines),
            thousands(rate as u64)
        ));
        bar.inc(bytes);
    }

    /// Remove the bar.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
