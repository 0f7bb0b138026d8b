//! This process's CPU affinity on Linux: the list `/proc/self/status` gives, parsed once here
//! for the gas report's pinning (xtask) and for the interleaved timing's go-ethereum process.

/// Parses a Linux CPU list (`0-3,8,10-11`) into CPU numbers; `None` when malformed.
pub fn parse_cpu_list(list: &str) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for part in list.trim().split(',') {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
                if a > b || b - a > 4096 {
                    return None;
                }
                out.extend(a..=b);
            }
            None => out.push(part.parse().ok()?),
        }
    }
    Some(out)
}

/// The CPUs this process may run on (`Cpus_allowed_list` of `/proc/self/status`): `Ok(None)`
/// where that file cannot be read (not Linux), an error when it has no readable list.
pub fn allowed() -> Result<Option<Vec<usize>>, String> {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return Ok(None);
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .and_then(parse_cpu_list)
        .map(Some)
        .ok_or_else(|| "/proc/self/status has no readable Cpus_allowed_list".into())
}

/// `cpus` as a CPU list for `taskset --cpu-list` (`0,1,3`).
pub fn to_list(cpus: &[usize]) -> String {
    cpus.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists() {
        assert_eq!(parse_cpu_list("0-1"), Some(vec![0, 1]));
        assert_eq!(parse_cpu_list("0,2-3\n"), Some(vec![0, 2, 3]));
        assert_eq!(parse_cpu_list("3-1"), None);
        assert_eq!(parse_cpu_list("x"), None);
        assert_eq!(to_list(&[0, 2, 3]), "0,2,3");
    }

    #[test]
    fn this_process_has_an_affinity_on_linux() {
        if cfg!(target_os = "linux") {
            let cpus = allowed().unwrap().expect("Linux has /proc/self/status");
            assert!(!cpus.is_empty());
        }
    }
}
