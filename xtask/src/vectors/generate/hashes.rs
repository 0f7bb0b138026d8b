//! SHA256, RIPEMD160 and IDENTITY (0x02-0x04) inputs: lengths around the per-word price steps.
use super::{named, NamedInput};

pub(super) fn inputs() -> Vec<NamedInput> {
    [0usize, 1, 31, 32, 33, 63, 64, 65, 1024]
        .into_iter()
        .map(|len| {
            let input: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
            named(format!("{len} bytes"), input)
        })
        .collect()
}
