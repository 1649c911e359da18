"""Dead Man's Draw rules by number (R1–R20) and the house rulings (H#) of the spec.

The scenario checks of §12 are in test_dmd_scenarios.py; these tests pin each rule on its own.
"""

from __future__ import annotations

from game.core.match import Match, Seat
from game.core.rng import Rng
from game.games.deadmans_draw import RULES
from game.games.deadmans_draw.odds import bust_odds
from game.games.deadmans_draw.state import OVER, PLAY, TRAITS

from .dmd import bank_of, build, c, discard_names, do, legal_kinds, legal_targets, names


def test_setup_discard_draw_and_start_player():
    """§4: the ten lowest cards start in the discard, 50 in the draw pile, a random start player (H26)."""
    starts = set()
    for seed in range(40):
        state = RULES.setup(3, RULES.info.resolve_options({"traits": False}), seed)
        assert sorted(names(state.discard)) == sorted(
            ["Anchor 2", "Cannon 2", "Chest 2", "Hook 2", "Key 2", "Kraken 2", "Map 2", "Mermaid 4", "Oracle 2",
             "Sword 2"])
        assert len(state.draw) == 50 and state.phase == PLAY
        starts.add(state.current)
        assert state.choice.kind == "draw" and state.choice.seat == state.start
    assert starts == {0, 1, 2}


def test_H2_traits_dealt_two_each_secret_and_simultaneous():
    state = RULES.setup(4, RULES.info.resolve_options(None), 3)
    assert state.phase == TRAITS
    assert [len(d) for d in state.dealt] == [2, 2, 2, 2] and len(state.undealt) == 17 - 8
    pending = RULES.pending(state)
    assert [d.seat for d in pending] == [0, 1, 2, 3] and all(d.secret for d in pending)
    assert all(len(RULES.legal_actions(state, s)) == 2 for s in range(4))


def test_R1_turns_pass_to_the_left_and_wrap():
    state = build(3, current=2, draw_top="Anchor 5")
    do(state, "collect")
    assert state.current == 0 and state.choice.kind == "draw"


def test_R2_a_turn_starts_with_a_draw_that_cannot_be_declined():
    state = build(2, choice="draw")
    assert legal_kinds(state) == {"draw"}
    do(state, "draw")
    assert len(state.play) == 1


def test_R3_R11c_after_a_safe_step_draw_or_collect():
    state = build(2, choice="draw", draw_top="Mermaid 5")
    do(state, "draw")
    assert legal_kinds(state) == {"draw", "collect"}


def test_R4_only_the_top_card_is_drawn():
    state = build(2, draw_top="Chest 5, Key 6")
    do(state, "draw")
    assert names(state.play) == ["Chest 5"] and names([state.draw[-1]]) == ["Key 6"]


def test_R5b_bust_check_and_the_busting_cards_ability_is_not_used():
    state = build(2, play="Sword 3", banks={1: "Map 6"}, draw_top="Sword 5")
    do(state, "draw")
    assert bank_of(state, 1) == ["Map 6"] and "Sword 5" in discard_names(state)


def test_R5d_kraken_count_drops_on_entry_before_the_ability():
    state = build(2, play="Kraken 4", owed=2, banks={0: "Mermaid 8"}, draw_top="Hook 3, Anchor 3, Key 5")
    do(state, "draw")  # Hook 3 enters (owed 1), hooks Mermaid 8 (owed 0)
    assert state.owed == 0 and legal_kinds(state) == {"draw", "collect"}


def test_R6_an_ability_acts_for_the_active_player_wherever_it_came_from():
    # A Cannon stolen by a Sword fires for the thief, at the thief's opponents.
    state = build(3, banks={1: "Cannon 6", 2: "Map 7"}, draw_top="Sword 4")
    do(state, "draw")
    do(state, "sword", target=1, suit="cannon")
    # P2's bank is now empty, so P3's Map is the only target and is hit at once (R9).
    assert state.choice is not None and state.choice.kind == "draw_or_collect"
    assert "Map 7" in discard_names(state)


def test_R7_a_hook_is_mandatory_even_when_every_choice_busts():
    state = build(2, play="Key 3", banks={0: "Key 6"}, draw_top="Hook 4")
    do(state, "draw")
    assert state.current == 1 and "Key 6" in discard_names(state)


def test_R7_depth_first_hooked_sword_resolves_before_the_step_ends():
    state = build(2, banks={0: "Sword 6", 1: "Map 5, Oracle 4"}, draw_top="Hook 3")
    do(state, "draw")  # the Hook's only option is the Sword, which now asks for a target
    assert state.choice.kind == "sword" and legal_targets(state) == {(1, "Map"), (1, "Oracle")}
    do(state, "sword", target=1, suit="map")
    assert names(state.play) == ["Hook 3", "Sword 6", "Map 5"]


def test_R8_abilities_with_no_legal_choice_do_nothing():
    state = build(2, draw_top="Hook 4, Cannon 5, Sword 3")
    for _ in range(3):
        events = do(state, "draw")
        assert any(e.kind == "no_effect" for e in events)
    assert names(state.play) == ["Hook 4", "Cannon 5", "Sword 3"]


def test_R8_map_with_empty_discard_and_oracle_with_empty_pile():
    state = build(2, discard="", draw_top="Map 5")
    events = do(state, "draw")
    assert any(e.kind == "no_effect" for e in events)


def test_R9_a_single_option_is_taken_automatically():
    state = build(2, banks={1: "Anchor 7"}, draw_top="Cannon 4")
    do(state, "draw")
    assert bank_of(state, 1) == [] and state.choice.kind == "draw_or_collect"


def test_R10_kraken_obligation_forbids_collect_and_is_public():
    state = build(2, draw_top="Kraken 3, Anchor 4, Chest 5")
    do(state, "draw")
    assert state.owed == 2 and legal_kinds(state) == {"draw"}
    assert RULES.view(state, 1)["owed"] == 2
    do(state, "draw")
    assert state.owed == 1 and legal_kinds(state) == {"draw"}
    do(state, "draw")
    assert state.owed == 0 and legal_kinds(state) == {"draw", "collect"}


def test_R10_a_bust_cancels_the_obligation():
    state = build(2, draw_top="Kraken 3, Kraken 5")
    do(state, "draw")
    do(state, "draw")
    assert state.owed == 0 and state.current == 1


def test_R11a_empty_pile_collects_automatically_and_R18_ends_the_game():
    state = build(2, play="Anchor 4", draw="Mermaid 5")
    do(state, "draw")
    assert state.phase == OVER and bank_of(state, 0) == ["Anchor 4", "Mermaid 5"]
    assert RULES.pending(state) == []


def test_R12_collect_moves_the_play_area_to_the_bank():
    state = build(2, play="Mermaid 7, Anchor 3", banks={0: "Anchor 6"})
    do(state, "collect")
    assert bank_of(state, 0) == ["Anchor 6", "Anchor 3", "Mermaid 7"] and state.play == []


def test_H27_collecting_an_empty_play_area_is_legal():
    state = build(2, traits={0: "kraken_straight_to_bank"}, draw_top="Kraken 7")
    do(state, "draw")
    assert state.play == [] and legal_kinds(state) == {"draw", "collect"}
    do(state, "collect")
    assert bank_of(state, 0) == ["Kraken 7"] and state.current == 1


def test_R13_busting_card_never_kept_without_grapnel():
    state = build(2, play="Chest 3, Anchor 4, Key 5", draw_top="Key 7")
    do(state, "draw")
    assert bank_of(state, 0) == ["Chest 3"]
    assert {"Anchor 4", "Key 5", "Key 7"} <= set(discard_names(state))


def test_R14_banks_are_sorted_stacks_with_the_highest_on_top():
    state = build(2, play="Anchor 4", banks={0: "Anchor 7, Anchor 2"})
    do(state, "collect")
    assert state.banks[0][0] == [c("Anchor 2"), c("Anchor 4"), c("Anchor 7")]


def test_R15_bonus_cards_use_no_ability_and_are_never_bust_checked():
    # The discard holds only a Kraken and a Key: both go straight to the bank without effect.
    state = build(2, play="Key 3, Chest 6", discard="Kraken 2, Key 2")
    do(state, "collect")
    assert set(bank_of(state, 0)) == {"Key 3", "Key 2", "Chest 6", "Kraken 2"}
    assert state.owed == 0 and state.current == 1


def test_R16_random_picks_from_the_discard_depend_only_on_the_seeded_rng():
    outcomes = set()
    for seed in range(6):
        state = build(2, play="Key 3, Chest 6", seed=seed)
        do(state, "collect")
        outcomes.add(tuple(bank_of(state, 0)))
    assert len(outcomes) > 1  # different seeds pick different cards
    a, b = build(2, play="Key 3, Chest 6", seed=4), build(2, play="Key 3, Chest 6", seed=4)
    do(a, "collect")
    do(b, "collect")
    assert bank_of(a, 0) == bank_of(b, 0)


def test_R17_revealed_cards_stay_on_top_and_public_until_drawn():
    state = build(2, traits={0: "oracle_peek_three"}, draw_top="Oracle 3, Key 6, Map 5, Anchor 3")
    do(state, "draw")
    view = RULES.view(state, 1)
    assert view["draw"][:3] == ["key_6", "map_5", "anchor_3"] and view["draw"][3].startswith("draw#")
    do(state, "collect")
    assert RULES.view(state, 0)["draw"][:3] == ["key_6", "map_5", "anchor_3"]
    do(state, "draw")
    assert state.known == 2


def test_R19_H33_legality_is_judged_at_resolution_time():
    # The Hook empties P1's only Map stack; the hooked Sword may then take P2's Map.
    state = build(2, banks={0: "Sword 6", 1: "Map 5"}, draw_top="Hook 3")
    state.banks[0][6] = []  # P1 holds no Map
    do(state, "draw")
    assert names(state.play) == ["Hook 3", "Sword 6", "Map 5"]


def test_bust_odds_formula_8_5():
    state = build(3, play="Key 6, Map 3", banks={1: "Key 5", 2: "Map 6, Map 7"})
    odds = bust_odds(state)
    in_pile = [x for x in state.draw if x // 6 in (c("Key 2") // 6, c("Map 2") // 6)]
    assert odds == len(in_pile) / len(state.draw)
    state.known = 1
    state.draw.append(state.draw.pop(state.draw.index(c("Anchor 5"))))
    assert bust_odds(state) == 0.0


def test_H1_two_to_four_players_only():
    import pytest

    for bad in (1, 5):
        with pytest.raises(ValueError, match="2–4 players"):
            Match(RULES, [Seat(f"P{i}") for i in range(bad)])


def test_H3_vulture_mark_with_two_players_is_automatic():
    for seed in range(200):
        state = RULES.setup(2, RULES.info.resolve_options(None), seed)
        for seat in range(2):
            if 7 in state.dealt[seat]:
                acts = RULES.legal_actions(state, seat)
                RULES.apply(state, next(a for a in acts if a["trait"] == "trait_vulture"))
                other = RULES.legal_actions(state, 1 - seat)
                RULES.apply(state, other[0])
                assert state.mark == 1 - seat and state.phase == PLAY
                return
    raise AssertionError("no seed dealt the Vulture")


def test_H3_vulture_mark_is_chosen_after_the_reveal_with_three_players():
    for seed in range(300):
        state = RULES.setup(3, RULES.info.resolve_options(None), seed)
        holder = next((s for s in range(3) if 7 in state.dealt[s]), None)
        if holder is None:
            continue
        for seat in range(3):
            acts = RULES.legal_actions(state, seat)
            pick = next((a for a in acts if a["trait"] == "trait_vulture"), acts[0])
            RULES.apply(state, pick)
        assert state.phase == "mark" and RULES.pending(state)[0].seat == holder
        targets = {a["target"] for a in RULES.legal_actions(state, holder)}
        assert targets == {0, 1, 2} - {holder}
        RULES.apply(state, RULES.legal_actions(state, holder)[0])
        assert state.phase == PLAY and state.mark in targets
        return
    raise AssertionError("no seed dealt the Vulture")


def test_H5_sword_may_take_a_suit_in_play_and_busts_option_forbids_it():
    banks = {0: "Cannon 5", 1: "Map 6, Oracle 3"}
    state = build(2, play="Map 4", banks=banks, draw_top="Sword 5")
    do(state, "draw")
    assert legal_targets(state) == {(1, "Map"), (1, "Oracle")}
    state = build(2, play="Map 4", banks=banks, draw_top="Sword 5", options={"sword_no_play_suit": True})
    do(state, "draw")
    assert names(state.play) == ["Map 4", "Sword 5", "Oracle 3"]


def test_H7_discard_contents_are_public_in_every_view():
    state = build(3, play="Key 4")
    for seat in (0, 1, 2, None):
        assert RULES.view(state, seat)["discard"] == sorted(
            ["anchor_2", "cannon_2", "chest_2", "hook_2", "key_2", "kraken_2", "map_2", "mermaid_4", "oracle_2",
             "sword_2"])


def test_H9_oracle_only_reveals_and_draw_takes_that_card():
    state = build(2, draw_top="Oracle 3, Key 6")
    do(state, "draw")
    assert state.known == 1 and legal_kinds(state) == {"draw", "collect"}
    do(state, "draw")
    assert names(state.play) == ["Oracle 3", "Key 6"] and state.known == 0


def test_H10_kraken_with_too_few_cards_draws_what_remains():
    state = build(2, draw="Kraken 6")
    do(state, "draw")
    assert state.phase == OVER and bank_of(state, 0) == ["Kraken 6"]


def test_H12_charmed_mermaid_does_not_count_for_the_kraken():
    state = build(2, play="Kraken 3", owed=2, traits={0: "mermaid_straight_to_bank"},
                  draw_top="Mermaid 8, Key 6")
    do(state, "draw")
    assert state.owed == 2 and bank_of(state, 0) == ["Mermaid 8"]


def test_H15_bonus_count_excludes_cards_banked_straight_away():
    state = build(2, traits={0: "mermaid_straight_to_bank"}, play="Key 3", draw_top="Mermaid 6, Chest 5",
                  discard="Anchor 2, Cannon 2, Hook 2, Kraken 2, Map 2, Oracle 2, Sword 2")
    do(state, "draw")
    do(state, "draw")
    do(state, "collect")
    # N = 2 (Key 3, Chest 5): two bonus cards; the Mermaid is not counted.
    assert len(state.discard) == 5


def test_H28_H9_forced_single_map_card_is_placed():
    state = build(2, discard="Anchor 2", draw_top="Map 6")
    do(state, "draw")
    assert names(state.play) == ["Map 6", "Anchor 2"] and state.discard == []


def test_H29_ties_broken_by_card_count_then_shared():
    state = build(2, banks={0: "Anchor 7, Anchor 3, Map 6, Mermaid 9", 1: "Key 7, Chest 6, Hook 5, Cannon 4"})
    state.phase = OVER
    result = RULES.result(state)
    assert result.scores == [22, 22] and result.winners == [0, 1] and result.ranking == [1, 1]
    state.banks[1][3].insert(0, c("Hook 3"))
    result = RULES.result(state)
    assert result.winners == [1] and result.ranking == [2, 1]


def test_H30_the_game_ends_after_the_turn_that_draws_the_last_card():
    state = build(3, current=1, draw="Mermaid 5, Anchor 3")
    state.choice.seat = 1
    do(state, "draw")
    do(state, "draw")
    assert state.phase == OVER and state.current == 1


def test_scoring_7_highest_card_per_suit():
    state = build(2, banks={0: "Anchor 7, Anchor 3, Map 6, Mermaid 9"}, draw="Key 5")
    do(state, "draw")
    assert RULES.result(state).scores[0] == 22 + 5  # + the collected Key 5


def test_match_refuses_illegal_actions_and_keeps_a_log():
    import pytest

    from game.core.actions import action
    from game.core.rules import IllegalAction

    match = Match(RULES, [Seat("A"), Seat("B")], {"traits": False}, 1)
    seat = match.pending()[0].seat
    with pytest.raises(IllegalAction):
        match.apply(action(seat, "collect"))
    with pytest.raises(IllegalAction):
        match.apply(action(1 - seat, "draw"))
    match.apply(action(seat, "draw"))
    assert match.log == [action(seat, "draw")] and match.state_id == 1


def test_undo_only_when_nothing_hidden_was_revealed():
    match = Match(RULES, [Seat("A"), Seat("B")], {"traits": False}, 1)
    seat = match.pending()[0].seat
    match.apply(match.legal_actions(seat)[0])  # a draw reveals a hidden card: no undo across it
    assert match.undo_point(seat) is None
    rng = Rng(2)
    # Find a collect (reveals nothing without Key+Chest) and undo it.
    while not match.is_over():
        pending = match.pending()[0]
        legal = match.legal_actions(pending.seat)
        collect = [a for a in legal if a.kind == "collect"]
        if collect and not any(x // 6 in (2, 4) for x in match.state.play):
            before = match.state_hash()
            match.apply(collect[0])
            point = match.undo_point(pending.seat)
            assert point == len(match.log) - 1
            match.truncate(point)
            assert match.state_hash() == before
            return
        match.apply(legal[rng.below(len(legal))])
    raise AssertionError("no plain collect happened")


def test_H4_mermaid_has_no_ability():
    state = build(2, banks={1: "Map 6"}, draw_top="Mermaid 9")
    events = do(state, "draw")
    assert [e.kind for e in events] == ["moved"] and legal_kinds(state) == {"draw", "collect"}


def test_H16_treasure_hunter_takes_three_times_n():
    state = build(2, traits={0: "key_chest_bonus_x3"}, play="Key 3, Chest 6")
    before = len(state.discard)
    do(state, "collect")
    assert before - len(state.discard) == 6


def test_H24_vulture_receives_the_busting_card_and_stolen_cards():
    # P3 is the Vulture marking P1; P1 steals P2's Map with a Sword and busts on it.
    state = build(3, traits={2: "receive_marked_busts"}, mark=0, play="Map 3", banks={1: "Map 6"},
                  draw_top="Sword 4")
    do(state, "draw")
    assert bank_of(state, 2) == ["Map 6", "Map 3", "Sword 4"] and bank_of(state, 1) == []


def test_H32_protections_combine_as_a_union():
    # Grapnel keeps what precedes the Hook and the hooked card; an Anchor before it keeps its own part.
    state = build(2, traits={0: "hook_acts_as_anchor"}, play="Mermaid 5, Anchor 4, Key 3",
                  banks={0: "Chest 6"}, draw_top="Hook 2, Key 6")
    do(state, "draw")  # Hook 2 brings Chest 6 (the only stack)
    do(state, "draw")  # Key 6 busts
    assert set(bank_of(state, 0)) == {"Mermaid 5", "Anchor 4", "Key 3", "Chest 6"}


def test_H36_no_variant_cards_and_only_the_four_options():
    assert {o.id for o in RULES.info.options} == {"traits", "sword_no_play_suit", "show_discard", "show_odds"}


def test_H31_H37_trait_names_and_japanese_terms_in_the_data():
    from game.games.deadmans_draw.cards import deck

    d = deck()
    names = {t.number: (t.name["en"], t.name["ja"]) for t in d.traits}
    assert names["T10"][0] == "Mystic" and names["T12"][0] == "Plunderer" and names["T16"][0] == "Navigator"
    assert names["T04"][0] == "Treasure Hunter"
    assert all("pirate" in t.house_data for t in d.traits)
    texts = " ".join(t.text["ja"] for t in d.traits) + " ".join(s.text["ja"] for s in d.suits)
    assert "スイート" not in texts and "クラークン" not in texts and "スーツ" not in texts
    assert d.suit("kraken").name["ja"] == "クラーケン"
