//! The EVM bytecode that hands a transaction's calldata to a precompile through STATICCALL:
//! the provider tests run it through revm with ours and revm's precompiles, the benches time it.

/// `CALLDATACOPY(0, 0, CALLDATASIZE)`.
fn copy_calldata(code: &mut Vec<u8>) {
    code.extend_from_slice(&[0x36, 0x5f, 0x5f, 0x37]);
}

/// `STATICCALL(GAS, number, 0, CALLDATASIZE, 0, 0)`, leaving the success flag on the stack.
fn staticcall(code: &mut Vec<u8>, number: u16) {
    let [hi, lo] = number.to_be_bytes();
    code.extend_from_slice(&[0x5f, 0x5f, 0x36, 0x5f, 0x61, hi, lo, 0x5a, 0xfa]);
}

/// Code that STATICCALLs precompile `number` with its calldata and all gas, then STOPs.
pub fn call_code(number: u16) -> Vec<u8> {
    let mut code = Vec::new();
    copy_calldata(&mut code);
    staticcall(&mut code, number);
    code.push(0x00); // STOP
    code
}

/// As [`call_code`], then RETURNs the 32-byte success flag followed by the precompile's
/// returned data (read it back with [`split_forwarded`]).
pub fn forward_code(number: u16) -> Vec<u8> {
    let mut code = Vec::new();
    copy_calldata(&mut code);
    staticcall(&mut code, number);
    code.extend_from_slice(&[
        0x5f, 0x52, // MSTORE(0, success)
        0x3d, 0x5f, 0x60, 0x20, 0x3e, // RETURNDATACOPY(32, 0, RETURNDATASIZE)
        0x3d, 0x60, 0x20, 0x01, 0x5f, 0xf3, // RETURN(0, 32 + RETURNDATASIZE)
    ]);
    code
}

/// Code that copies the calldata to memory once, then STATICCALLs precompile `number` with it
/// `n` times (each with all remaining gas), then STOPs: `n` calls in one transaction.
pub fn loop_code(number: u16, n: u16) -> Vec<u8> {
    let mut code = Vec::new();
    copy_calldata(&mut code);
    let [hi, lo] = n.to_be_bytes();
    code.extend_from_slice(&[0x61, hi, lo]); // PUSH2 n (the counter)
    let top = u8::try_from(code.len()).expect("the loop starts in the first 256 bytes");
    code.push(0x5b); // JUMPDEST
    staticcall(&mut code, number);
    code.push(0x50); // POP the success flag
    code.extend_from_slice(&[0x60, 0x01, 0x90, 0x03]); // counter - 1
    code.extend_from_slice(&[0x80, 0x60, top, 0x57]); // JUMPI(top, counter)
    code.push(0x00); // STOP
    code
}

/// Splits what [`forward_code`] returned into the precompile's success flag and its returned
/// data; `None` when `output` is shorter than the 32-byte flag or the flag is not 0 or 1.
pub fn split_forwarded(output: &[u8]) -> Option<(bool, &[u8])> {
    let (flag, data) = output.split_at_checked(32)?;
    match (flag[..31].iter().all(|&b| b == 0), flag[31]) {
        (true, 0) => Some((false, data)),
        (true, 1) => Some((true, data)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_shapes() {
        assert_eq!(
            hex::encode(forward_code(0x100)),
            "365f5f375f5f365f6101005afa5f523d5f60203e3d6020015ff3"
        );
        assert_eq!(hex::encode(call_code(0x02)), "365f5f375f5f365f6100025afa00");
        // The jump target is the JUMPDEST right after PUSH2 n.
        let l = loop_code(0x02, 3);
        assert_eq!(l[4..7], [0x61, 0x00, 0x03]);
        assert_eq!(l[7], 0x5b);
        assert_eq!(l[l.len() - 3..], [0x07, 0x57, 0x00]);
    }

    #[test]
    fn forwarded_output_splits() {
        let mut out = vec![0u8; 32];
        out[31] = 1;
        out.extend([0xab, 0xcd]);
        assert_eq!(split_forwarded(&out), Some((true, &[0xab, 0xcd][..])));
        assert_eq!(split_forwarded(&[0; 32]), Some((false, &[][..])));
        assert_eq!(split_forwarded(&[0; 31]), None);
        out[0] = 1;
        assert_eq!(split_forwarded(&out), None);
    }
}
