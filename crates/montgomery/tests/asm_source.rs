//! The asm blocks' declared options match what they do: every block that declares `readonly`
//! (the compiler may then assume no memory is written) also declares `nostack` and names no
//! stack register, so it cannot store below the stack pointer; checked on the source of the
//! generated kernels and of the hand-written add/sub alike.

const SOURCES: [(&str, &str); 2] = [
    ("kernels.rs", include_str!("../src/asm/kernels.rs")),
    ("addsub.rs", include_str!("../src/asm/addsub.rs")),
];

#[test]
fn readonly_blocks_touch_no_stack() {
    for (file, src) in SOURCES {
        let blocks: Vec<&str> = src.split("asm!(").skip(1).collect();
        assert!(!blocks.is_empty(), "{file}: no asm block found");
        for (i, block) in blocks.iter().enumerate() {
            let end = block.find(");").expect("an asm! block ends");
            let block = &block[..end];
            let options = block
                .rsplit_once("options(")
                .map(|(_, o)| o)
                .unwrap_or_else(|| panic!("{file} block {i}: no options"));
            if !options.contains("readonly") && !options.contains("nomem") {
                continue;
            }
            assert!(options.contains("nostack"), "{file} block {i}: {options}");
            for reg in ["rsp", "esp", "push", "pop"] {
                assert!(!block.contains(reg), "{file} block {i} uses {reg}");
            }
        }
    }
}
