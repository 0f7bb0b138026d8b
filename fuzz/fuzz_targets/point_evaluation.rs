#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    use precompile_fuzz::{fuzz_precompile, PrecompileId};
    fuzz_precompile(PrecompileId::PointEvaluation, data)
});
