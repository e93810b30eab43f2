//! Variant files: TOML text to `Rules` and `Variant` never panics, errors
//! stay bounded in size, and accepted rules print and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::{with_layout, Position, Rules, Setup, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // What an error may say: each problem quotes at most the value given.
    let bound = 16 * text.len() + 4096;
    match Rules::from_toml(text) {
        Ok(rules) => {
            let printed = rules.to_toml();
            let back = Rules::from_toml(&printed).expect("printed rules read back");
            assert_eq!(back, rules, "{printed}");
            let v = Variant::new(rules).expect("checked rules make a variant");
            with_layout!(v.layout(), L => {
                let start = Position::<L>::start_in(&v);
                assert_eq!(start.total_seeds(), v.total_seeds());
                assert!(Setup::from(start).check_fits(&v).is_ok());
            });
        }
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.len() <= bound,
                "{} bytes of error for {} of text",
                message.len(),
                text.len()
            );
        }
    }
    if let Err(e) = Variant::from_toml(text) {
        assert!(e.to_string().len() <= bound);
    }
});
