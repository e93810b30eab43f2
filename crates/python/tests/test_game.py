"""The game API: values after known moves, the board, positions in and out, observations."""

import random
from pathlib import Path

import numpy as np
import pytest

import mancala


def test_variants_lists_every_preset():
    names = mancala.variants()
    for name in ("kalah", "kalah-classic", "oware", "abapa", "awari", "mankalah", "relay-kalah"):
        assert name in names


def test_the_traditional_games_play_through_the_python_api():
    # Toguz Kumalak: the first seed back into the pit, a tuzdyk written x.
    game = mancala.load_game("toguz-kumalak")
    assert (game.pits_per_side, game.seeds, game.total_seeds) == (9, 9, 162)
    state = game.new_initial_state()
    state.apply_action(1)  # pit 2: one back, seven to pits 3..9, the last makes North's pit 1 ten
    assert state.position() == "9,1,10,10,10,10,10,10,10:10/0,9,9,9,9,9,9,9,9:0/N"
    tuzdyk = game.new_initial_state("0,0,0,0,0,0,0,0,5:75/9,9,9,2,9,9,9,9,9:8/S")
    tuzdyk.apply_action(8)
    assert tuzdyk.position() == "0,0,0,0,0,0,0,0,1:78/10,10,10,x,9,9,9,9,9:8/N"
    assert (tuzdyk.claimed_pit(0), tuzdyk.claimed_pit(1)) == (4, None)  # South's tuzdyk: North's pit 4
    assert state.claimed_pit(0) is None
    # Toguz Kumalak's observation marks the tuzdyk after the stores: -1.0 for
    # North, whose opponent owns its pit 4 (the mover's row comes first).
    obs = tuzdyk.observation_tensor()
    assert obs.shape == (4 * 9 + 2,) and obs[2 * 9 + 2 + 3] == -1.0 and obs.sum() != 0
    # Enkeshui: a pair of bulls, on either row, in the position string (o on
    # the mover's own row, x on the other), in claims() and in the observation.
    enkeshui = mancala.load_game("enkeshui")
    assert (enkeshui.pits_per_side, enkeshui.seeds, enkeshui.total_seeds) == (8, 4, 48)
    state = enkeshui.new_initial_state()
    assert state.position() == "4,4,4,4,4,4,0,0:0/4,4,4,4,4,4,0,0:0/S"
    state.apply_moves("1,1,2")
    assert state.position() == "2,0,1,2,3,8,4,o:7/x,1,7,0,7,1,3,2:0/N"
    assert state.claims(0) == [None] * 7 + [0] and state.claims(1) == [0] + [None] * 7
    assert state.claimed_pit(0) is None  # one-claim rules only
    assert enkeshui.observation_tensor_shape() == [4 * 8 + 2]
    obs = state.observation_tensor(0)
    assert list(obs[18:34]) == [0.0] * 7 + [1.0, 1.0] + [0.0] * 7
    # Mangala: the player who runs out first takes the stones left.
    mangala = mancala.load_game("mangala")
    state = mangala.new_initial_state("0,0,0,0,0,1:20/4,4,4,4,4,3:4/S")
    state.apply_action(5)
    assert state.is_terminal()
    assert state.stores() == [44, 4]
    for name in ("bohnenspiel", "ouril"):
        state = mancala.load_game(name).new_initial_state()
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        # A majority ends the game with seeds still in the pits.
        left = sum(state.pits(0)) + sum(state.pits(1))
        assert sum(state.stores()) + left == mancala.load_game(name).total_seeds
        assert left == 0 or state.position().endswith("#majority")


def test_a_sungka_player_who_cannot_move_passes():
    game = mancala.load_game("sungka")
    # South's pit 1 into pit 2: North has no seeds and passes, South moves again.
    state = game.new_initial_state("1,0,0,0,0,0,2:40/0,0,0,0,0,0,0:55/S")
    state.apply_action(0)
    assert state.position() == "0,1,0,0,0,0,2:40/0,0,0,0,0,0,0:55/S"
    assert state.current_player() == 0
    assert state.legal_actions() == [1, 6]


def test_gabata_takes_a_hole_made_four_during_the_sowing():
    game = mancala.load_game("gabata")
    # South's pit 1 (3): pit 2 made four is taken at once, pits 3 and 4 get the rest.
    state = game.new_initial_state("3,3,0,0,0,0:10/1,1,1,1,1,1:26/S")
    state.apply_action(0)
    assert state.position() == "0,0,1,1,0,0:14/1,1,1,1,1,1:26/N"
    assert state.stores() == [14, 26]


def test_pallanguzhi_lifts_the_next_pit_and_takes_the_pit_after_an_empty_one():
    game = mancala.load_game("pallanguzhi")
    # South's pit 1 (2) into pits 2 and 3; pit 4 (3) is lifted and sown into 5, 6 and 7;
    # North's pit 1 is empty: North's pit 2 (5) is taken.
    state = game.new_initial_state("2,0,0,3,0,0,0:30/0,5,1,1,1,1,1:39/S")
    state.apply_action(0)
    assert state.position() == "0,1,1,0,1,1,1:35/0,0,1,1,1,1,1:39/N"
    assert state.stores() == [35, 39]


def test_hus_plays_on_four_rows_and_sows_the_seeds_it_takes_again():
    game = mancala.load_game("hus", pits_per_side=4, seeds=2)
    assert (game.rows, game.pits_per_row, game.pits_per_side) == (4, 4, 8)
    assert repr(game) == 'load_game("hus", pits_per_side=4, seeds=2)'
    assert game.num_distinct_actions() == 8
    # South's pit 3 (2) into pits 4 and 5; inner pit 5 held a seed and faces North's
    # inner pit 8 (3) with North's outer pit 1 (2) behind it: both taken, the 5 seeds
    # sown again from South's pit 6.
    state = game.new_initial_state("0,0,2,4,1,0,0,0:0/2,3,2,3,2,2,0,3:0/S")
    state.apply_action(2)
    assert state.position() == "1,1,0,5,2,1,1,1:0/0,3,2,3,2,2,0,0:0/N"
    assert state.stores() == [0, 0]


def test_tsoro_takes_the_pits_facing_an_empty_inner_pit_and_moves_singles_when_forced():
    game = mancala.load_game("tsoro", pits_per_side=4, seeds=2)
    assert (game.rows, game.pits_per_side, game.total_seeds) == (4, 8, 16)
    # South's pit 3 (2) into pits 4 and 5; inner pit 5 was empty and faces North's inner
    # pit 8 (3) with North's outer pit 1 (1) behind it: both go to South's store.
    state = game.new_initial_state("0,0,2,4,0,0,0,0:0/1,2,2,2,0,0,0,3:0/S")
    state.apply_action(2)
    assert state.position() == "0,0,0,5,1,0,0,0:4/0,2,2,2,0,0,0,0:0/N"
    # Only single seeds: those with an empty pit after them may move.
    state = game.new_initial_state("1,1,0,1,0,0,0,0:0/4,0,3,3,2,1,0,0:0/S")
    assert state.legal_actions() == [1, 3]


def test_tsoro_bonus_a_capture_gives_two_takes_each_an_action():
    game = mancala.load_game("tsoro-bonus", pits_per_side=4, seeds=2)
    # 8 sowings, the swap's number 8 (never legal), 9 + k takes the opponent's pit k + 1.
    assert game.num_distinct_actions() == 17
    # South's pit 3 (2) into pits 4 and 5; inner pit 5 was empty: North's inner pit 8 (3)
    # and outer pit 1 (1) are taken, and South has two takes due.
    state = game.new_initial_state("6,0,2,0,0,0,0,0:0/1,0,0,2,1,0,1,3:0/S")
    state.apply_action(2)
    assert state.position() == "6,0,0,1,1,0,0,0:4/0,0,0,2,1,0,1,0:0/S+take2"
    assert state.current_player() == 0
    assert state.legal_actions() == [12, 13, 15]
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["t4", "t5", "t7"]
    assert state.string_to_action("t4") == 12
    # The observation ends with the takes due: South's, so +2 from South's side, -2 from North's.
    assert game.observation_tensor_shape() == [2 * 8 + 2 + 1]
    south = state.observation_tensor(0)
    assert list(south[:8]) == [6, 0, 0, 1, 1, 0, 0, 0] and list(south[8:16]) == [0, 0, 0, 2, 1, 0, 1, 0]
    assert list(south[16:]) == [4, 0, 2]
    assert list(state.observation_tensor(1)[16:]) == [0, 4, -2]
    with pytest.raises(mancala.IllegalActionError, match="bonus takes are due"):
        state.apply_action(3)
    state.apply_action(12)
    assert state.position() == "6,0,0,1,1,0,0,0:6/0,0,0,0,1,0,1,0:0/S+take1"
    assert state.observation_tensor(0)[-1] == 1
    state.apply_action(15)
    assert state.position() == "6,0,0,1,1,0,0,0:7/0,0,0,0,1,0,0,0:0/N"
    assert state.current_player() == 1
    assert state.observation_tensor()[-1] == 0


def test_um_el_bagara_the_middle_pit_is_two_actions_and_the_pit_decides_the_way():
    game = mancala.load_game("um-el-bagara")
    # Pits 1, 2 (clockwise), 3 (either way), 4, 5 (counter-clockwise); no pie rule: action 5,
    # the swap's number, is never legal; 6 + k sows pit k + 1 clockwise.
    assert game.num_distinct_actions() == 11
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2, 3, 4, 8]
    mask = state.legal_actions_mask()
    assert [i for i, legal in enumerate(mask) if legal] == [0, 1, 2, 3, 4, 8]
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["1", "2", "3ccw", "4", "5", "3cw"]
    assert state.string_to_action("3CW") == 8 and state.string_to_action("5") == 4
    # Pit 3 clockwise: pits 2, 1, then North's pits 5, 4, 3.
    state.apply_action(8)
    assert state.position() == "6,6,0,5,5:0/5,5,6,6,6:0/N"
    # North's pit 2 sows clockwise: North's pit 1, then South's pits 5 to 2.
    state.apply_action(1)
    assert state.position() == "6,7,1,6,6:0/6,0,6,6,6:0/S"
    assert state.history() == [8, 1]
    # Clockwise on a pit that sows one way only: illegal, and said so.
    with pytest.raises(mancala.IllegalActionError, match="sows counter-clockwise only"):
        state.apply_action(9)
    with pytest.raises(mancala.IllegalActionError, match="actions are 0 to 10"):
        state.apply_action(11)


def test_kiuthi_every_pit_is_two_actions_and_relayed_piles_go_back():
    game = mancala.load_game("kiuthi")
    # Action k sows pit k + 1 counter-clockwise, 7 + k clockwise; 6 is the swap's.
    assert game.num_distinct_actions() == 13
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12]
    assert state.action_to_string(1) == "2ccw" and state.action_to_string(8) == "2cw"
    # Pit 2 counter-clockwise to North's pit 2, its pile back clockwise to South's
    # pit 1, and that one counter-clockwise again to North's emptied pit 2.
    state.apply_action(1)
    assert state.position() == "0,2,9,9,9,9:0/9,1,6,6,6,6:0/N"
    # North's single seed in pit 2 does not move, either way.
    assert state.legal_actions() == [0, 2, 3, 4, 5, 7, 9, 10, 11, 12]
    with pytest.raises(mancala.IllegalActionError, match="at least 2"):
        state.apply_action(8)
    # Crossed into North's row and back: the pit opposite taken with the last
    # seed, and the next pit clockwise, empty, takes the pit opposite it too.
    # (The game's 72 seeds: 58 of them already in the stores.)
    state = game.new_initial_state("1,0,0,0,2,0:29/1,3,2,5,0,0:29/S")
    state.apply_action(4)
    assert state.position() == "1,0,0,0,0,2:35/0,0,0,5,0,0:29/N"


def test_qelat_walda_at_the_row_ends_in_claims_and_the_observation():
    game = mancala.load_game("qelat")
    assert (game.pits_per_side, game.seeds, game.total_seeds) == (6, 4, 48)
    state = game.new_initial_state()
    # StoneShark's first seven moves (test_gm_qelat.py, its North our South): South's
    # pit 6 makes North's pit 6, an end of the row, hold 4: South's walda.
    state.apply_moves("5,6,1,3,2,4,6")
    assert state.position() == "2,1,7,7,1,0:4/7,8,2,1,8,x:0/N"
    assert state.claims(1) == [None] * 5 + [0] and state.claims(0) == [None] * 6
    # North cannot sow its walda'd pit 6 (action 5).
    assert state.legal_actions() == [0, 1, 2, 3, 4]
    assert game.observation_tensor_shape() == [4 * 6 + 2]
    # North's pit 2 sows 8 clockwise, its last seed into the walda: South's store.
    state.apply_action(1)
    assert state.position() == "3,2,8,8,2,1:5/8,0,2,1,8,x:0/S"


def test_o_an_quan_end_pits_in_the_observation_and_one_taken():
    game = mancala.load_game("o-an-quan")
    assert (game.pits_per_side, game.seeds, game.total_seeds) == (5, 5, 70)
    # Action k sows pit k + 1 counter-clockwise, 6 + k clockwise.
    assert game.num_distinct_actions() == 11
    assert game.observation_tensor_shape() == [2 * 5 + 2 + 4]
    state = game.new_initial_state()
    assert state.position() == "5,5,5,5,5|10:0/5,5,5,5,5|10:0/S"
    assert state.legal_actions() == [0, 1, 2, 3, 4, 6, 7, 8, 9, 10]
    # The pits, the stores, the end pits after South's row and North's, none taken.
    assert state.observation_tensor(0).tolist() == [5.0] * 10 + [0.0, 0.0, 10.0, 10.0, 0.0, 0.0]
    # Pit 1 clockwise: into the end pit after North's row and North's pits 5 to 2,
    # North's pit 1 sown on into the end pit after South's row and South's pits 5
    # to 2; South's pit 1 next is empty: the end pit after North's row (11) taken.
    assert state.action_to_string(6) == "1cw"
    state.apply_action(6)
    assert state.position() == "0,6,6,6,6|11:11/0,6,6,6,6|0*:0/N"
    row = [0.0, 6.0, 6.0, 6.0, 6.0]
    assert state.observation_tensor(0).tolist() == row + row + [11.0, 0.0, 11.0, 0.0, 0.0, 1.0]
    assert state.observation_tensor(1).tolist() == row + row + [0.0, 11.0, 0.0, 11.0, 1.0, 0.0]
    assert state.stores() == [11, 0]
    # North's pit 1 is empty, either way.
    assert state.legal_actions() == [1, 2, 3, 4, 7, 8, 9, 10]
    with pytest.raises(mancala.IllegalActionError, match="pit 1 is empty"):
        state.apply_action(6)
    # The position string read back, end pits and all, and played on: a seed
    # sown into the taken end pit (still marked taken).
    state = game.new_initial_state("0,6,6,6,6|11:11/0,6,6,6,6|0*:0/N")
    state.apply_moves("2ccw")
    assert state.position() == "2,8,1,8,8|12:11/1,1,8,0,8|2*:0/S"
    assert state.observation_tensor(0).tolist()[-4:] == [12.0, 2.0, 0.0, 1.0]


def test_eson_xorgol_moves_from_either_row_as_actions_0_to_2n():
    game = mancala.load_game("eson-xorgol")
    assert (game.pits_per_side, game.any_pits, game.num_distinct_actions()) == (5, True, 10)
    assert not mancala.load_game("kalah").any_pits
    # North to move: action 7 is pit 8, South's pit 3 (2 seeds into South's pits 4
    # and 5); pit 5 held a seed, North's pit 1 after it is empty: North's pit 2 taken.
    state = game.new_initial_state("0,0,2,0,1:40/0,3,0,0,0:44/N")
    assert state.legal_actions() == [1, 7, 9]
    assert list(state.legal_actions_mask()) == [i in (1, 7, 9) for i in range(10)]
    state.apply_action(7)
    assert state.position() == "0,0,0,1,2:40/0,0,0,0,0:47/S"
    assert state.string_to_action("5") == 4
    with pytest.raises(mancala.IllegalActionError, match="actions are 0 to 9"):
        state.apply_action(10)
    # Moves without a capture end the game (here 4 instead of the preset's 100),
    # the seeds left split: two lone seeds walk on and never capture.
    text = (Path(__file__).parents[3] / "crates/core/variants/eson-xorgol.toml").read_text()
    quick = mancala.load_game(variant_text=text.replace("quiet_moves = 100", "quiet_moves = 4"))
    state = quick.new_initial_state("1,0,0,0,0:44/0,0,1,0,0:44/S")
    for action in (0, 2, 1):
        state.apply_action(action)
        assert not state.is_terminal()
    state.apply_action(3)
    assert state.position() == "0,0,0,0,0:45/0,0,0,0,0:45/S#quiet-moves"


def test_vai_lung_thlan_takes_single_stones_on_either_row():
    game = mancala.load_game("vai-lung-thlan")
    # South's pit 5 (2): pit 6 and North's pit 1, both empty: both single stones taken.
    state = game.new_initial_state("2,0,4,4,2,0:10/0,4,4,4,4,4:18/S")
    state.apply_action(4)
    assert state.position() == "2,0,4,4,0,0:12/0,4,4,4,4,4:18/N"


def test_game_sizes_and_actions():
    game = mancala.load_game("kalah-classic")
    assert (game.name, game.pits_per_side, game.seeds, game.total_seeds) == ("kalah-classic", 6, 4, 48)
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 6
    assert game.observation_tensor_shape() == [14]
    kalah = mancala.load_game("kalah", pits_per_side=4, seeds=3)
    assert (kalah.pits_per_side, kalah.seeds, kalah.total_seeds, kalah.pie_rule) == (4, 3, 24, True)
    assert kalah.num_distinct_actions() == 5  # 4 pits and the swap
    assert kalah.observation_tensor_shape() == [11]


def test_sowing_into_the_store_gives_an_extra_turn():
    state = mancala.load_game("kalah-classic").new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    state.apply_action(2)  # pit 3: 4 seeds reach pits 4, 5, 6 and the store
    assert state.position() == "4,4,0,5,5,5:1/4,4,4,4,4,4:0/S"
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 3, 4, 5]
    assert state.history() == [2]
    assert state.moves() == "3"
    assert state.stores() == [1, 0]
    assert state.pits(0) == [4, 4, 0, 5, 5, 5]
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.winner() is None


def test_oware_capture_from_the_notation_docs():
    state = mancala.load_game("oware").new_initial_state()
    state.apply_moves("5,2,1,4,1,1,2,5,5")
    assert state.position() == "1,1,8,7,0,9:5/0,0,8,1,0,8:0/N"
    assert state.current_player() == 1
    assert state.history() == [4, 1, 0, 3, 0, 0, 1, 4, 4]


def test_board_drawing():
    state = mancala.load_game("kalah-classic").new_initial_state()
    state.apply_action(2)
    assert str(state).splitlines() == [
        "       4  4  4  4  4  4",
        "  0                       1",
        "       4  4  0  5  5  5",
        "South to move",
    ]
    over = mancala.load_game("kalah-classic").new_initial_state("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#empty-side")
    assert str(over).splitlines()[-1] == "game over (a side has no seeds left): North wins 27 to 21"


def test_finished_position():
    state = mancala.load_game("kalah-classic").new_initial_state("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#empty-side")
    assert state.is_terminal()
    assert state.current_player() == -4
    assert state.returns() == [-1.0, 1.0]
    assert state.winner() == 1
    assert state.end_reason() == "empty-side"
    assert state.legal_actions() == []


def test_a_typed_position_is_settled():
    # South has no seeds and it is South's turn: the game is over at once.
    state = mancala.load_game("kalah-classic").new_initial_state("0,0,0,0,0,0:24/4,4,4,4,4,4:0/S")
    assert state.is_terminal()
    assert state.stores() == [24, 24]
    assert state.returns() == [0.0, 0.0]
    assert state.winner() == -1


def test_observation_is_from_the_players_side():
    state = mancala.load_game("kalah-classic").new_initial_state()
    state.apply_actions([2, 0])  # South: pit 3 (extra turn), pit 1
    assert state.current_player() == 1
    obs = state.observation_tensor()
    assert obs.dtype == np.float32 and obs.shape == (14,)
    assert obs.tolist() == [4, 4, 4, 4, 4, 4] + [0, 5, 1, 6, 6, 5] + [0, 1]
    south = state.observation_tensor(0)
    assert south.tolist() == [0, 5, 1, 6, 6, 5] + [4, 4, 4, 4, 4, 4] + [1, 0]


def test_pie_rule_swap_is_the_last_action():
    game = mancala.load_game("kalah")
    state = game.new_initial_state()
    state.apply_action(2)
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5, 6]
    assert state.action_to_string(6) == "swap"
    assert state.string_to_action("swap") == 6
    assert state.legal_actions_mask().tolist() == [True] * 7
    assert state.observation_tensor().tolist()[-1] == 1.0  # a swap is offered
    state.apply_action(6)
    assert state.history() == [2, 6]
    assert state.moves() == "3,swap"
    assert state.position() == "4,4,4,4,4,4:0/4,4,0,5,5,5:1/S"


def test_clone_is_independent():
    state = mancala.load_game("oware").new_initial_state()
    copy = state.clone()
    copy.apply_action(0)
    assert state.history() == [] and copy.history() == [0]
    assert state.position() == "4,4,4,4,4,4:0/4,4,4,4,4,4:0/S"


@pytest.mark.parametrize("name", mancala.variants())
def test_positions_and_histories_read_back(name):
    game = mancala.load_game(name)
    rng = random.Random(7)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            text = state.position()
            assert game.new_initial_state(text).position() == text
            assert game.new_initial_state(text).legal_actions() == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))
        replay = game.new_initial_state()
        replay.apply_actions(state.history())
        assert replay.position() == state.position()
        assert replay.returns() == state.returns()
        moves = game.new_initial_state()
        moves.apply_moves(state.moves())
        assert moves.position() == state.position()


def test_variant_text_round_trips():
    game = mancala.load_game("awari")
    again = mancala.load_game(variant_text=game.variant_text())
    assert again.name == "awari"
    assert again.variant_text() == game.variant_text()


def test_a_match_of_rounds_is_a_chain_of_states():
    """Congkak is played in rounds: once a round is over, next_round() gives the first state of
    the next, its pits filled from the stores and the pits a player cannot fill out of play."""
    game = mancala.load_game("congkak")
    state = game.new_initial_state("0,0,0,0,0,0,1:60/0,0,0,0,0,0,0:37/S")
    assert state.next_round() is None  # the round goes on
    state.apply_action(6)
    assert state.is_terminal()
    following = state.next_round()
    assert following.position() == "7,7,7,7,7,7,7:12/7,7,7,7,7,-,-:2/S"
    assert following.out_of_play(1) == [6, 7]
    assert following.out_of_play(0) == []
    assert following.legal_actions() == list(range(7))  # South, who won the round, moves first
    assert not following.is_terminal()
    assert sum(following.pits(0)) + sum(following.pits(1)) + sum(following.stores()) == 98
    # North cannot fill a single house: the match is over.
    over = game.new_initial_state("0,0,0,0,0,0,1:92/0,0,0,0,0,0,0:5/S")
    over.apply_action(6)
    assert over.is_terminal() and over.next_round() is None
    # A game of one round has no next round.
    kalah = mancala.load_game("kalah", pits_per_side=1, seeds=1)
    one = kalah.new_initial_state()
    one.apply_action(0)
    assert one.is_terminal() and one.next_round() is None
    assert one.match_end() == "round"
    assert over.match_end() == "cannot-fill"
    assert state.match_end() is None and following.match_end() is None


def test_a_match_is_drawn_when_a_round_would_start_as_an_earlier_one_did():
    """Congkak on one house a side with one seed: each round ends 1 to 1, round 2 starts with
    North, and round 3 would start as round 1 did: the chain ends, the match drawn."""
    game = mancala.load_game("congkak", pits_per_side=1, seeds=1)
    first = game.new_initial_state()
    first.apply_action(0)
    assert first.is_terminal() and first.match_end() is None
    second = first.next_round()
    assert second.position() == "1:0/1:0/N"
    second.apply_action(0)
    assert second.is_terminal()
    assert second.next_round() is None
    assert second.match_end() == "repeated-round"
    # A copy keeps the chain; a state made from the position alone is a first round.
    assert second.clone().match_end() == "repeated-round"
    alone = game.new_initial_state("1:0/1:0/N")
    alone.apply_action(0)
    assert alone.match_end() is None and alone.next_round().position() == "1:0/1:0/S"
