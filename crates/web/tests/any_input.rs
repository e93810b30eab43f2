//! Whatever a request holds, the server answers with JSON and a status
//! below 500: random games (names, sizes, starts, moves), random bytes.

mod common;

use common::*;
use proptest::prelude::*;
use serde_json::{json, Value};

fn any_move() -> impl Strategy<Value = String> {
    prop_oneof![(0u32..20).prop_map(|n| n.to_string()), Just("swap".to_string()), "\\PC{0,6}",]
}

fn any_game() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec!["kalah", "oware", "awari", "relay-kalah", "abapa", "x"]),
        prop::option::of(-2i64..20),
        prop::option::of(-2i64..140),
        prop::option::of(prop_oneof![
            Just("4,4,4,4,4,4:0/4,4,4,4,4,4:0/N".to_string()),
            Just("0,0,0:0/0,0,1:47/S".to_string()),
            "[0-9,:/SN+#a-z]{0,30}",
        ]),
        prop::collection::vec(any_move(), 0..40),
    )
        .prop_map(|(variant, pits, seeds, start, moves)| {
            json!({"game": {"variant": variant, "pits_per_side": pits, "seeds": seeds},
                   "start": start, "moves": moves})
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn any_game_gets_an_answer_and_never_a_server_error(game in any_game(), bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let app = app();
            let r = post(&app, "/api/state", game.clone()).await;
            assert!(r.status.as_u16() == 200 || r.status.is_client_error(), "{game}: {} {}", r.status, r.text);
            if r.status.is_client_error() {
                assert!(!r.error().is_empty());
            }
            let mut search = game.clone();
            search["movetime_ms"] = json!(5);
            let r = post(&app, "/api/search", search).await;
            assert!(r.status.as_u16() == 200 || r.status.is_client_error(), "{game}: {} {}", r.status, r.text);
            let r = post_text(&app, "/api/state", bytes.clone()).await;
            assert!(r.status.is_client_error(), "{bytes:?}: {}", r.status);
            assert!(!r.error().is_empty());
        });
    }
}
