//! Manchester Kalah messages: each fuzzed line read as an `EngineMessage`,
//! an `AgentMessage` and a `State`; whatever parses prints and parses back
//! to itself, and a state holds the 98 seeds of Kalah(7,7).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_engine::mankalah::{AgentMessage, EngineMessage, State};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines().take(64) {
        if let Ok(m) = line.parse::<EngineMessage>() {
            let printed = m.to_string();
            assert_eq!(
                printed.parse::<EngineMessage>().as_ref(),
                Ok(&m),
                "{line:?} -> {printed:?}"
            );
        }
        if let Ok(m) = line.parse::<AgentMessage>() {
            let printed = m.to_string();
            assert_eq!(printed.parse::<AgentMessage>().as_ref(), Ok(&m), "{line:?} -> {printed:?}");
        }
        if let Ok(s) = line.parse::<State>() {
            let printed = s.to_string();
            assert_eq!(printed.parse::<State>().as_ref(), Ok(&s), "{line:?} -> {printed:?}");
            assert_eq!(s.0.iter().map(|&c| c as u32).sum::<u32>(), 98, "{printed}");
        }
    }
});
