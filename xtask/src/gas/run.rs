//! Running the subprocesses (cargo, criterion benches, the Go program) with progress.

use indicatif::{ProgressBar, ProgressStyle};
use regex::Regex;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Whether to draw progress bars (both streams are terminals) or print plain lines (CI).
pub fn interactive() -> bool {
    std::io::stdout().is_terminal() && std::io::stderr().is_terminal()
}

/// What a line of a benchmark's output means for the progress bar.
#[derive(Debug, PartialEq)]
pub enum Event {
    /// A benchmark started.
    Start(String),
    /// The current benchmark finished; the text is its result.
    Done(String),
    /// The total number of benchmarks became known.
    Total(u64),
    /// Nothing for the bar.
    Other,
}

/// Strips ANSI escape sequences.
pub fn strip_ansi(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.peek() == Some(&'[') {
                chars.next();
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Interprets criterion's output lines: "Benchmarking ID: Warming up..." on stderr starts a
/// benchmark; "ID time: [...]" (or "ID" then "time: [...]") on stdout ends it. The two
/// streams are read by different threads, so the finished benchmark's id is taken from
/// stdout itself, never from the (possibly already newer) stderr lines.
pub struct CriterionParser {
    start: Regex,
    last_stdout: String,
}

impl CriterionParser {
    /// A new parser.
    pub fn new() -> Self {
        CriterionParser {
            start: Regex::new(
                r"^Benchmarking (.+?)(?:: (?:Warming up|Collecting|Analyzing|Profiling|Complete).*)?$",
            )
            .expect("valid regex"),
            last_stdout: String::new(),
        }
    }

    /// The meaning of one line, from stdout (`stdout`) or stderr.
    pub fn parse(&mut self, stdout: bool, line: &str) -> Event {
        let line = line.trim_end();
        if !stdout {
            return match self.start.captures(line) {
                Some(c) => Event::Start(c[1].to_string()),
                None => Event::Other,
            };
        }
        match line.find("time:") {
            Some(i) => {
                let id = line[..i].trim();
                let id = if id.is_empty() {
                    self.last_stdout.trim()
                } else {
                    id
                };
                Event::Done(format!("{id} {}", line[i..].trim()))
            }
            None => {
                self.last_stdout = line.to_string();
                Event::Other
            }
        }
    }
}

/// A counted progress line, `<who> [i/n] MODE/CASE: RESULT`, of the Go program (`geth`) and
/// of the interleaved pass (`interleaved`).
pub const PROGRESS_LINE: &str = r"^(geth|interleaved) \[(\d+)/(\d+)\] (.+?): (.*)$";

/// Interprets a counted progress line ("geth [3/40] direct/Case: 123 ns/op ...").
pub fn parse_progress(re: &Regex, line: &str) -> Vec<Event> {
    match re.captures(line) {
        Some(c) => {
            let mut events = Vec::new();
            if let Ok(total) = c[3].parse() {
                events.push(Event::Total(total));
            }
            events.push(Event::Start(format!("{}-{}", &c[1], &c[4])));
            events.push(Event::Done(format!("{}-{}: {}", &c[1], &c[4], c[5].trim())));
            events
        }
        None => vec![Event::Other],
    }
}

/// The lines of a command's output, both streams piped and read by two threads
/// (split on `\n` and `\r`, ANSI escapes removed), each tagged `true` if from stdout.
type Lines = mpsc::Receiver<(bool, String)>;

/// Spawns `cmd` with both output streams piped; see [`Lines`].
fn spawn_lines(cmd: &mut Command) -> Result<(std::process::Child, Lines), String> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    let (tx, rx) = mpsc::channel();
    let streams: Vec<Box<dyn Read + Send>> = vec![
        Box::new(child.stdout.take().expect("piped")),
        Box::new(child.stderr.take().expect("piped")),
    ];
    for (is_stdout, stream) in [true, false].into_iter().zip(streams) {
        let tx = tx.clone();
        thread::spawn(move || {
            let mut reader = BufReader::new(stream);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        for part in String::from_utf8_lossy(&buf).split(['\r', '\n']) {
                            let part = strip_ansi(part);
                            if !part.trim().is_empty() && tx.send((is_stdout, part)).is_err() {
                                return;
                            }
                        }
                    }
                }
            }
        });
    }
    Ok((child, rx))
}

/// Keeps the last lines of a command's output for error messages.
struct Tail(VecDeque<String>);

impl Tail {
    fn push(&mut self, line: String) {
        if self.0.len() == 60 {
            self.0.pop_front();
        }
        self.0.push_back(line);
    }

    fn text(&self) -> String {
        self.0.iter().cloned().collect::<Vec<_>>().join("\n")
    }
}

/// Runs a command (a build) behind a spinner that shows its latest output line; in CI
/// prints one line before and one after. Returns the captured output tail on failure.
pub fn with_spinner(what: &str, cmd: &mut Command) -> Result<(), String> {
    let started = Instant::now();
    let tty = interactive();
    let spinner = if tty {
        let s = ProgressBar::new_spinner();
        s.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed}] {prefix}: {wide_msg}")
                .expect("valid template"),
        );
        s.set_prefix(what.to_string());
        s.enable_steady_tick(Duration::from_millis(120));
        s
    } else {
        println!("{what}...");
        ProgressBar::hidden()
    };
    let (mut child, rx) = spawn_lines(cmd)?;
    let mut tail = Tail(VecDeque::new());
    for (_, line) in rx {
        spinner.set_message(line.trim().to_string());
        tail.push(line);
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    spinner.finish_and_clear();
    if !status.success() {
        return Err(format!("{what} failed ({status}):\n{}", tail.text()));
    }
    println!("{what}: done in {:.0?}", started.elapsed());
    Ok(())
}

/// Runs a command and returns its standard output (for `--list`).
pub fn output(cmd: &mut Command) -> Result<String, String> {
    let out = cmd
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    if !out.status.success() {
        return Err(format!(
            "{:?} failed ({}):\n{}",
            cmd.get_program(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs a benchmark command, driving a progress bar (or printing plain lines in CI) from
/// the events `parse` finds in its output. `total` is the expected number of benchmarks.
pub fn with_progress(
    what: &str,
    cmd: &mut Command,
    total: Option<u64>,
    mut parse: impl FnMut(bool, &str) -> Vec<Event>,
) -> Result<u64, String> {
    let tty = interactive();
    let bar = if tty {
        let b = ProgressBar::new(total.unwrap_or(0));
        b.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed}] {prefix} {bar:30.cyan/blue} {pos}/{len} (eta {eta}) {wide_msg}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        b.set_prefix(what.to_string());
        b.enable_steady_tick(Duration::from_millis(200));
        b
    } else {
        println!(
            "{what}: {} benchmarks",
            total.map_or("?".to_string(), |t| t.to_string())
        );
        ProgressBar::hidden()
    };
    let mut total = total;
    let (mut child, rx) = spawn_lines(cmd)?;
    let mut tail = Tail(VecDeque::new());
    let mut current = String::new();
    let mut done = 0u64;
    for (is_stdout, line) in rx {
        for event in parse(is_stdout, &line) {
            match event {
                Event::Total(n) => {
                    total = Some(n);
                    bar.set_length(n);
                }
                Event::Start(id) => {
                    if id != current {
                        current = id;
                        bar.set_message(current.clone());
                    }
                }
                Event::Done(result) => {
                    done += 1;
                    // The bar's length may have been a guess: never let pos exceed it.
                    if total.is_none_or(|t| done > t) {
                        bar.set_length(done);
                    }
                    bar.set_position(done);
                    let of = total.map_or(String::new(), |t| format!("/{t}"));
                    let text = result;
                    if tty {
                        bar.println(format!("[{done}{of}] {text}"));
                    } else {
                        println!("[{done}{of}] {text}");
                    }
                }
                Event::Other => {
                    // Cargo's own status (a build, a lock held by another cargo).
                    let t = line.trim();
                    if ["Blocking", "Compiling", "Finished", "Running"]
                        .iter()
                        .any(|p| t.starts_with(p))
                    {
                        if tty {
                            bar.set_message(t.to_string());
                        } else {
                            println!("{t}");
                        }
                    }
                }
            }
        }
        tail.push(line);
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if !status.success() {
        return Err(format!("{what} failed ({status}):\n{}", tail.text()));
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criterion_lines() {
        let mut p = CriterionParser::new();
        assert_eq!(
            p.parse(
                false,
                "Benchmarking ours-direct/EcRecover/ValidKey: Warming up for 3.0000 s"
            ),
            Event::Start("ours-direct/EcRecover/ValidKey".into())
        );
        assert_eq!(
            p.parse(false, "Benchmarking aws-lc-direct/P256Verify-Valid"),
            Event::Start("aws-lc-direct/P256Verify-Valid".into())
        );
        assert_eq!(
            p.parse(false, "Benchmarking scaling-Identity-128/N=10: Collecting 100 samples in estimated 5.0 s (10k iterations)"),
            Event::Start("scaling-Identity-128/N=10".into())
        );
        // A long id on its own stdout line, then the time line.
        assert_eq!(
            p.parse(true, "ours-direct/EcRecover/ValidKey"),
            Event::Other
        );
        // Meanwhile stderr may already announce the next benchmark.
        assert_eq!(
            p.parse(false, "Benchmarking ours-direct/Identity-128"),
            Event::Start("ours-direct/Identity-128".into())
        );
        assert_eq!(
            p.parse(
                true,
                "                        time:   [1.0 µs 1.1 µs 1.2 µs]"
            ),
            Event::Done("ours-direct/EcRecover/ValidKey time:   [1.0 µs 1.1 µs 1.2 µs]".into())
        );
        assert_eq!(
            p.parse(
                true,
                "ours-direct/Identity-128  time:   [20.1 ns 20.2 ns 20.3 ns]"
            ),
            Event::Done("ours-direct/Identity-128 time:   [20.1 ns 20.2 ns 20.3 ns]".into())
        );
        assert_eq!(
            p.parse(true, "Found 3 outliers among 100 measurements (3.00%)"),
            Event::Other
        );
        assert_eq!(strip_ansi("\u{1b}[32mtime:\u{1b}[0m"), "time:");
    }

    #[test]
    fn geth_lines() {
        let re = Regex::new(PROGRESS_LINE).unwrap();
        let ev = parse_progress(
            &re,
            "geth [3/40] bytecode/EcRecover/ValidKey: 123.4 ns/op [1, 2], 5 B/op, 1 allocs/op",
        );
        assert_eq!(ev[0], Event::Total(40));
        assert_eq!(
            ev[1],
            Event::Start("geth-bytecode/EcRecover/ValidKey".into())
        );
        assert!(
            matches!(&ev[2], Event::Done(d) if d.starts_with("geth-bytecode/EcRecover/ValidKey: 123.4 ns/op"))
        );
        assert_eq!(
            parse_progress(&re, "geth: 3 case(s) verified"),
            vec![Event::Other]
        );
        let ev = parse_progress(&re, "interleaved [2/8] bytecode/Sha256-128: ours/revm 1.02");
        assert_eq!(ev[0], Event::Total(8));
        assert_eq!(
            ev[1],
            Event::Start("interleaved-bytecode/Sha256-128".into())
        );
    }
}
