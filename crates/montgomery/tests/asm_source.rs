//! The asm blocks' declared options match what they do: every `options(..)` that declares
//! `readonly` or `nomem` (the compiler may then assume no memory is written) also declares
//! `nostack`, and no template line (a string literal) names a stack register or pushes or
//! pops, so nothing is stored below the stack pointer; checked on the source of the generated
//! kernels and of the hand-written add/sub alike.

const SOURCES: [(&str, &str); 4] = [
    ("kernels.rs", include_str!("../src/asm/kernels.rs")),
    ("addsub.rs", include_str!("../src/asm/addsub.rs")),
    ("rows.rs", include_str!("../src/asm/rows.rs")),
    ("special.rs", include_str!("../src/asm/special.rs")),
];

#[test]
fn readonly_blocks_touch_no_stack() {
    for (file, src) in SOURCES {
        let options: Vec<&str> = src
            .split("options(")
            .skip(1)
            .map(|o| &o[..o.find(')').expect("options(..) closes")])
            .collect();
        assert!(!options.is_empty(), "{file}: no asm options found");
        for o in &options {
            if o.contains("readonly") || o.contains("nomem") {
                assert!(o.contains("nostack"), "{file}: options({o})");
            }
        }
        for (i, line) in src.lines().enumerate() {
            let Some(start) = line.find('"') else {
                continue;
            };
            let template = &line[start..];
            for word in ["rsp", "push", "pop"] {
                assert!(
                    !template.contains(word),
                    "{file}:{}: {word} in {template}",
                    i + 1
                );
            }
        }
    }
}
