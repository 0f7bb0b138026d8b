//! FFI: the process's CPU time as a criterion measurement.
//!
//! On a machine shared with other work, wall time counts the time slices other processes
//! take; the CPU time this process spent does not. For a single-threaded run (every measured
//! thread pool sized 1, see `cargo xtask gas --threads`) it is the time the call takes on an
//! idle core. With more threads it sums the threads' times, so it is then not a latency: the
//! multi-threaded runs use wall time.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use std::time::Duration;

/// CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID`), read at the start and end of
/// each sample of iterations.
pub struct ProcessCpuTime {
    /// Only lends its formatter (ns, µs, ms): the values are durations as for wall time.
    wall: WallTime,
}

impl Default for ProcessCpuTime {
    fn default() -> Self {
        ProcessCpuTime { wall: WallTime }
    }
}

/// The process's CPU time so far.
///
/// # Panics
/// If `clock_gettime` fails, which POSIX allows only for an unsupported clock id.
pub fn process_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable `timespec` for the duration of the call, and
    // CLOCK_PROCESS_CPUTIME_ID is a clock id every POSIX system defines.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

impl Measurement for ProcessCpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        process_cpu_time()
    }

    fn end(&self, start: Duration) -> Duration {
        process_cpu_time().saturating_sub(start)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_this_threads_work() {
        // Other tests run in parallel threads of this process and add to its CPU time, and
        // other processes may take this core for a while: only a lower bound is certain.
        // 10^8 dependent additions take at least 10^8 cycles, over 16 ms below 6 GHz, of CPU
        // time however long they take in wall time.
        let m = ProcessCpuTime::default();
        let s = m.start();
        let mut x = 0u64;
        for _ in 0..100_000_000u64 {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let worked = m.end(s);
        assert!(worked >= Duration::from_millis(10), "{worked:?}");
        assert!(m.add(&worked, &m.zero()) == worked);
        assert_eq!(m.to_f64(&Duration::from_micros(3)), 3000.0);
    }
}
