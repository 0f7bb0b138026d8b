#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| precompile_fuzz::fuzz_any(data));
