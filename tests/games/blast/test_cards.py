"""Every turn card and every defence, through the defence windows, with the rulebook examples."""

from __future__ import annotations

import pytest

from game.games.blast import data as D
from game.games.blast.rules import (
    BREAK_FIELD,
    NO_TARGET,
    STEAL,
    Defend,
    Pass,
    Phase,
    Play,
    TakeIt,
    Undermine,
)
from game.games.blast.rules.events import Inspected, Protested, Stolen
from tests.games.blast.helpers import ok, refused, table

P, S, I, ST, FF = D.PALISADE, D.STONE, D.IRON, D.STEEL, D.FORCE_FIELD  # noqa: E741
START = [P, P, P, S, I]


def kinds(m: object) -> list[str]:
    return [e.kind for e in m.events]


# -- attacks and walls --------------------------------------------------------------------------


@pytest.mark.parametrize("card", D.EXPLOSIVES)
def test_each_explosive_destroys_what_the_table_says(card: str) -> None:
    m = table(3, hands={0: [card, D.SPY], 1: [D.SPY]}, walls={1: [P, S, I, ST]})
    legal = {a.walls for a in m.legal_actions(0) if isinstance(a, Play) and a.card == card
             and a.target == 1}
    can = [w for w in (P, S, I, ST) if D.can_destroy(D.CARDS[card].power, w)]
    if card == D.RPG:
        assert (P, S) in legal and (I, ST) in legal and (P, P) not in legal
    else:
        assert legal == {(w,) for w in can}
    walls = (can[-1],) if card != D.RPG else (S, ST)
    ok(m, Play(0, card, 1, walls))
    ok(m, TakeIt(1))
    left = [P, S, I, ST]
    for w in walls:
        left.remove(w)
    assert m.players[1].walls == left


def test_illegal_wall_choice_is_refused_with_a_reason() -> None:
    m = table(3, hands={0: [D.ARROW, D.PIPE]}, walls={1: [S, I]})
    assert refused(m, Play(0, D.ARROW, 1, (S,))) == (
        "the Flaming Arrow cannot destroy Stone Wall there")
    assert refused(m, Play(0, D.PIPE, 1, (I,))) == "the Pipe Bomb cannot destroy Iron Wall there"
    assert refused(m, Play(0, D.PIPE, 0, (S,))) == "name an enemy"
    assert not [a for a in m.legal_actions(0) if isinstance(a, Play) and a.card == D.ARROW
                and a.target == 1]


def test_rpg_hits_the_only_wall() -> None:
    m = table(3, hands={0: [D.RPG, D.SPY], 1: [D.SPY]}, walls={1: [ST]})
    ok(m, Play(0, D.RPG, 1, (ST,)), TakeIt(1))
    assert m.players[1].walls == [] and m.players[1].alive


def test_window_opens_even_without_a_defence() -> None:
    m = table(3, hands={0: [D.TNT, D.SPY], 1: [D.STONE]})
    ok(m, Play(0, D.TNT, 1, (I,)))
    assert m.phase == Phase.DEFEND and m.current_player() == 1
    assert m.legal_actions(1) == [TakeIt(1)]
    assert m.legal_actions(0) == [] and m.legal_actions(2) == []
    assert "waiting for seat 1" in refused(m, Pass(0))
    assert refused(m, Defend(1, D.FIZZLE)) == "you do not hold that card"
    ok(m, TakeIt(1))
    assert I not in m.players[1].walls and m.phase == Phase.PLAY and m.current == 1


def test_wall_less_player_is_eliminated_and_the_endgame_starts() -> None:
    m = table(3, hands={0: [D.ARROW, D.SPY], 1: [D.SPY, D.GUARD]}, walls={1: []})
    assert Play(0, D.ARROW, 1, ()) in m.legal_actions(0)
    ok(m, Play(0, D.ARROW, 1), TakeIt(1))
    p = m.players[1]
    assert not p.alive and p.out_by == 0 and m.endgame and p.hand == []
    assert "eliminated" in kinds(m) and m.conserved()


def test_rulebook_example_wall_less_survives_a_pipe_bomb_with_a_defence() -> None:
    # "if a player has no walls left and an enemy attacks with a pipe bomb, the player will
    # survive if he or she has a fizzle, blast shield, backfire, or oops."
    for defence in (D.FIZZLE, D.BLAST_SHIELD, D.BACKFIRE, D.OOPS):
        m = table(3, hands={0: [D.PIPE, D.SPY], 1: [defence], 2: [D.SPY]}, walls={1: []})
        ok(m, Play(0, D.PIPE, 1))
        answers = [a for a in m.legal_actions(1) if isinstance(a, Defend)]
        assert [a.card for a in answers] == [defence]
        ok(m, answers[0])
        while m.phase == Phase.DEFEND:
            ok(m, TakeIt(m.current_player() or 0))
        assert m.players[1].alive, defence


# -- the force field and the spy ----------------------------------------------------------------


def test_force_field_stops_attacks_and_a_spy_destroys_it() -> None:
    m = table(3, hands={0: [D.RPG, D.FIRESTORM, D.SPY, D.PALISADE], 1: [D.STONE]},
              walls={1: [P, FF]}, characters={0: [D.UNDERMINER]})
    targets = {a.target for a in m.legal_actions(0) if isinstance(a, Play | Undermine)
               and a.target >= 0 and getattr(a, "card", D.SPY) != D.SPY}
    assert 1 not in targets
    assert refused(m, Play(0, D.RPG, 1, (P,))) == "their Force Field stops every attack"
    assert refused(m, Play(0, D.FIRESTORM, 1)) == "their Force Field stops every attack"
    assert refused(m, Undermine(0, 1, P)) == "their Force Field stops every attack"
    ok(m, Play(0, D.SPY, 1, (), BREAK_FIELD), TakeIt(1))
    assert m.players[1].walls == [P] and "force_field_destroyed" in kinds(m)


def test_spy_steals_a_random_card_seen_only_by_the_two() -> None:
    m = table(3, hands={0: [D.SPY, D.PALISADE, D.PRODUCTIVITY], 1: [D.RPG, D.TNT], 2: [D.STONE]})
    ok(m, Play(0, D.PRODUCTIVITY), Play(0, D.SPY, 1, (), STEAL), TakeIt(1))
    stolen = [e for e in m.events if e.kind == "stolen"][-1]
    assert isinstance(stolen, Stolen)
    card = stolen.card
    assert card in (D.RPG, D.TNT) and card in m.players[0].hand
    assert len(m.players[1].hand) == 1 and stolen.visible_to == (0, 1)
    assert all(e.card is None for e in m.events_for(2) if isinstance(e, Stolen))
    assert all("secret" not in e.to_dict() for e in m.events_for(2) if e.kind == "stolen")
    assert any(e.card == card for e in m.events_for(1) if isinstance(e, Stolen))


def test_guard_cancels_a_spy() -> None:
    m = table(3, hands={0: [D.SPY, D.PALISADE, D.PRODUCTIVITY], 1: [D.GUARD, D.RPG]},
              walls={1: [P, FF]})
    ok(m, Play(0, D.PRODUCTIVITY), Play(0, D.SPY, 1, (), BREAK_FIELD))
    assert Defend(1, D.GUARD) in m.legal_actions(1)
    ok(m, Defend(1, D.GUARD))
    assert FF in m.players[1].walls and m.players[1].hand == [D.RPG]
    assert kinds(m)[-2:] == ["answered", "cancelled"]


def test_spy_refusals() -> None:
    m = table(3, hands={0: [D.SPY, D.PALISADE]})
    assert refused(m, Play(0, D.SPY, 1, (), BREAK_FIELD)) == "they have no Force Field"
    assert refused(m, Play(0, D.SPY, 1)) == "a Spy steals a card or destroys a Force Field"


def test_guard_only_answers_a_spy_and_is_never_played_on_your_turn() -> None:
    m = table(3, hands={0: [D.ARROW, D.GUARD], 1: [D.GUARD]})
    assert refused(m, Play(0, D.GUARD)) == "a Guard is played only to answer a card aimed at you"
    ok(m, Play(0, D.ARROW, 1, (P,)))
    assert refused(m, Defend(1, D.GUARD)) == "a Guard does not answer a Flaming Arrow"


# -- the characters -----------------------------------------------------------------------------


def test_mad_chemist_upgrades_every_explosive() -> None:
    m = table(3, hands={0: [D.ARROW, D.C4, D.RPG, D.PIPE], 1: [D.SPY]}, walls={1: [S, ST]},
              characters={0: [D.CHEMIST]})
    choices = {(a.card, a.walls) for a in m.legal_actions(0) if isinstance(a, Play)
               and a.target == 1}
    assert (D.ARROW, (S,)) in choices  # a flaming arrow destroys stone walls
    assert (D.C4, (S, ST)) in choices  # C4 does an RPG's damage
    assert (D.RPG, (S, ST)) in choices and (D.RPG, (S,)) not in choices  # no effect on RPG
    ok(m, Play(0, D.C4, 1, (S, ST)), TakeIt(1))
    assert m.players[1].walls == []


def test_defences_stop_upgraded_attacks_as_before() -> None:
    # "even with the mad chemist, a pipe bomb is cancelled by a fizzle"
    m = table(3, hands={0: [D.PIPE, D.SPY], 1: [D.FIZZLE]}, characters={0: [D.CHEMIST]})
    ok(m, Play(0, D.PIPE, 1, (I,)))
    assert m.chain[-1].power == 3
    ok(m, Defend(1, D.FIZZLE))
    assert I in m.players[1].walls


def test_underminer_once_a_turn_from_the_turn_he_arrives_without_a_play() -> None:
    m = table(3, hands={0: [D.UNDERMINER, D.PALISADE, D.SPY], 1: [D.BLAST_SHIELD]})
    ok(m, Play(0, D.UNDERMINER))
    assert m.plays_left == 0 and m.current == 0  # the turn waits for the Underminer
    assert refused(m, Undermine(0, 1, ST)) == (
        "the Underminer takes a palisade, stone wall or iron wall")
    ok(m, Undermine(0, 1, I))
    assert m.legal_actions(1) == [TakeIt(1)]  # nothing answers the Underminer
    ok(m, TakeIt(1))
    assert I not in m.players[1].walls and m.current == 1
    ok(m, Pass(1), Pass(2))
    ok(m, Undermine(0, 2, S), TakeIt(2))
    assert refused(m, Undermine(0, 1, S)) == "your Underminer has already struck this turn"
    ok(m, Play(0, D.PALISADE))
    assert m.current == 1


def test_underminer_never_eliminates() -> None:
    m = table(3, hands={0: [D.SPY]}, walls={1: []}, characters={0: [D.UNDERMINER]})
    assert not [a for a in m.legal_actions(0) if isinstance(a, Undermine) and a.target == 1]


def test_assassin_kills_a_character_and_nothing_else_does() -> None:
    m = table(3, hands={0: [D.RPG, D.ASSASSIN, D.SPY], 1: [D.SPY]}, walls={1: [P, S]},
              characters={1: [D.CHEMIST, D.UNDERMINER]})
    ok(m, Play(0, D.RPG, 1, (P, S)), TakeIt(1))
    assert m.players[1].characters == [D.CHEMIST, D.UNDERMINER]
    ok(m, Pass(1), Pass(2))
    assert refused(m, Play(0, D.ASSASSIN, 1, (), D.SPY)) == (
        "an Assassin kills the Mad Chemist or the Underminer")
    ok(m, Play(0, D.ASSASSIN, 1, (), D.UNDERMINER))
    assert m.legal_actions(1) == [TakeIt(1)]
    ok(m, TakeIt(1))
    assert m.players[1].characters == [D.CHEMIST] and D.UNDERMINER in m.discard


def test_weapons_inspector_reveals_the_hand_and_discards_the_nuke() -> None:
    m = table(3, hands={0: [D.INSPECTOR, D.SPY, D.PRODUCTIVITY], 1: [D.NUKE, D.TNT],
                        2: [D.STONE]})
    ok(m, Play(0, D.PRODUCTIVITY), Play(0, D.INSPECTOR, 1), TakeIt(1))
    e = [e for e in m.events if e.kind == "inspected"][0]
    assert isinstance(e, Inspected)
    assert e.hand == (D.TNT, D.NUKE) and e.visible_to == (0, 1)
    assert e.discarded == (D.NUKE,) and m.players[1].hand == [D.TNT]
    assert all(x.hand is None for x in m.events_for(2) if isinstance(x, Inspected))


# -- oops and backfire --------------------------------------------------------------------------


def test_rulebook_example_oops_deflects_to_chris() -> None:
    # "if Alice attacks Bob with C4, Bob can play the oops card to deflect the attack to Chris"
    alice, bob, chris = 0, 1, 2
    m = table(3, hands={alice: [D.C4, D.SPY], bob: [D.OOPS], chris: [D.SPY]},
              walls={chris: [P, ST]})
    ok(m, Play(alice, D.C4, bob, (I,)))
    assert m.legal_actions(bob) == [TakeIt(bob), Defend(bob, D.OOPS, chris)]
    ok(m, Defend(bob, D.OOPS, chris))
    assert m.current_player() == chris and m.chain[-1].source == bob and m.chain[-1].link == 1
    ok(m, TakeIt(chris))
    assert m.players[chris].walls == [P] and I in m.players[bob].walls  # strongest it can destroy


def test_oops_cancels_with_two_players_left() -> None:
    m = table(2, hands={0: [D.TNT, D.SPY], 1: [D.OOPS]})
    ok(m, Play(0, D.TNT, 1, (I,)))
    assert Defend(1, D.OOPS, NO_TARGET) in m.legal_actions(1)
    assert "name no target" in refused(m, Defend(1, D.OOPS, 0))
    ok(m, Defend(1, D.OOPS))
    assert I in m.players[1].walls and m.phase == Phase.PLAY and "cancelled" in kinds(m)
    assert [e for e in m.events if e.kind == "cancelled"][0].why == "two players left"


def test_oops_player_chooses_with_four_or_more() -> None:
    m = table(4, hands={0: [D.TNT, D.SPY], 1: [D.OOPS]})
    ok(m, Play(0, D.TNT, 1, (I,)))
    assert [a.target for a in m.legal_actions(1) if isinstance(a, Defend)] == [2, 3]
    assert "other than you and its sender" in refused(m, Defend(1, D.OOPS, 0))
    ok(m, Defend(1, D.OOPS, 3), TakeIt(3))
    assert I not in m.players[3].walls


def test_oops_answered_by_backfire_hits_the_oops_player() -> None:
    m = table(3, hands={0: [D.TNT, D.SPY], 1: [D.OOPS], 2: [D.BACKFIRE]})
    ok(m, Play(0, D.TNT, 1, (S,)), Defend(1, D.OOPS, 2))
    ok(m, Defend(2, D.BACKFIRE))
    link = m.chain[-1]
    assert (link.source, link.target, link.link, link.via) == (2, 1, 2, "backfire")
    ok(m, TakeIt(1))
    assert I not in m.players[1].walls and m.players[2].walls == sorted(START, key=START.index)
    assert kinds(m).count("aimed") == 3 and m.players[0].walls.count(I) == 1


def test_backfire_hits_the_attackers_strongest_wall_it_can_destroy() -> None:
    m = table(3, hands={0: [D.PIPE, D.SPY], 1: [D.BACKFIRE]}, walls={0: [P, S, I, ST]})
    ok(m, Play(0, D.PIPE, 1, (P,)), Defend(1, D.BACKFIRE))
    assert m.current_player() == 0 and m.legal_actions(0) == [TakeIt(0)]
    ok(m, TakeIt(0))
    assert m.players[0].walls == [P, I, ST] and m.players[1].walls.count(P) == 3


def test_backfired_rpg_destroys_two_and_a_wall_less_attacker_is_out() -> None:
    m = table(3, hands={0: [D.RPG, D.SPY], 1: [D.BACKFIRE]}, walls={0: [P, S, I]})
    ok(m, Play(0, D.RPG, 1, (S, I)), Defend(1, D.BACKFIRE), TakeIt(0))
    assert m.players[0].walls == [P]
    m = table(3, hands={0: [D.ARROW, D.SPY], 1: [D.BACKFIRE]}, walls={0: []})
    ok(m, Play(0, D.ARROW, 1, (P,)), Defend(1, D.BACKFIRE), TakeIt(0))
    assert not m.players[0].alive and m.players[0].out_by == 1
    assert m.current == 1  # the attacker's own turn ended with them


def test_redirected_attack_can_be_defended_again() -> None:
    m = table(3, hands={0: [D.TNT, D.SPY], 1: [D.BACKFIRE], 2: [D.STONE]})
    m.players[0].hand.append(m.supply.pop(m.supply.index(D.BLAST_SHIELD)))
    ok(m, Play(0, D.TNT, 1, (I,)), Defend(1, D.BACKFIRE))
    assert Defend(0, D.BLAST_SHIELD) in m.legal_actions(0)
    ok(m, Defend(0, D.BLAST_SHIELD))
    assert m.players[0].walls.count(I) == 1 and m.players[1].walls.count(I) == 1
    chain = [e.kind for e in m.events if e.kind in ("aimed", "answered", "cancelled")]
    assert chain == ["aimed", "answered", "aimed", "answered", "cancelled"]


def test_redirect_to_a_force_field_is_stopped() -> None:
    m = table(3, hands={0: [D.TNT, D.SPY], 1: [D.OOPS]}, walls={2: [P, FF]})
    ok(m, Play(0, D.TNT, 1, (I,)), Defend(1, D.OOPS, 2), TakeIt(2))
    assert m.players[2].walls == [P, FF] and "stopped" in kinds(m)


# -- fizzle and blast shield ---------------------------------------------------------------------


@pytest.mark.parametrize("card", D.EXPLOSIVES)
def test_fizzle_and_blast_shield_answer_their_cards(card: str) -> None:
    m = table(3, hands={0: [card, D.SPY], 1: [D.FIZZLE, D.BLAST_SHIELD]}, walls={1: [P, P]})
    walls = (P, P) if card == D.RPG else (P,)
    ok(m, Play(0, card, 1, walls))
    answers = {a.card for a in m.legal_actions(1) if isinstance(a, Defend)}
    assert (D.FIZZLE in answers) == (card in (D.ARROW, D.PIPE))
    assert (D.BLAST_SHIELD in answers) == (card != D.RPG)
    if answers:
        ok(m, Defend(1, sorted(answers)[0]))
        assert m.players[1].walls == [P, P]
    else:
        assert refused(m, Defend(1, D.BLAST_SHIELD)) == "a Blast Shield does not answer an RPG"


# -- firestorm, diplomacy, protests, nuke -------------------------------------------------------


def test_firestorm_burns_every_palisade_without_defence() -> None:
    m = table(3, hands={0: [D.FIRESTORM, D.SPY], 1: [D.BLAST_SHIELD, D.OOPS]})
    ok(m, Play(0, D.FIRESTORM, 1))
    assert m.legal_actions(1) == [TakeIt(1)]
    ok(m, TakeIt(1))
    assert m.players[1].walls == [S, I]


def test_firestorm_eliminates_a_wall_less_enemy_and_needs_palisades() -> None:
    m = table(3, hands={0: [D.FIRESTORM, D.SPY]}, walls={1: [], 2: [S]})
    assert refused(m, Play(0, D.FIRESTORM, 2)) == "they have no palisade to burn"
    ok(m, Play(0, D.FIRESTORM, 1), TakeIt(1))
    assert not m.players[1].alive


def test_diplomacy_keeps_enemies_off_until_its_players_next_turn() -> None:
    m = table(3, hands={0: [D.DIPLOMACY, D.SPY], 1: [D.TNT, D.SPY, D.OOPS], 2: [D.C4, D.STONE]},
              characters={1: [D.UNDERMINER]})
    ok(m, Play(0, D.DIPLOMACY))
    assert m.players[0].diplomacy and m.census()["table"] > 15
    why = "their Diplomacy keeps enemy cards off them until their next turn"
    assert refused(m, Play(1, D.TNT, 0, (I,))) == why
    assert refused(m, Play(1, D.SPY, 0, (), STEAL)) == why
    assert refused(m, Undermine(1, 0, P)) == why  # the Underminer included
    assert not [a for a in m.legal_actions(1) if getattr(a, "target", -1) == 0]
    ok(m, Pass(1))
    # defences still work, even those that damage the Diplomacy player
    ok(m, Play(2, D.C4, 1, (I,)), Defend(1, D.OOPS, 0), TakeIt(0))
    assert I not in m.players[0].walls
    assert m.current == 0 and not m.players[0].diplomacy and D.DIPLOMACY in m.discard


def test_protests_need_a_c4_or_rpg_first_and_spare_arrows_and_firestorms() -> None:
    hand1 = [D.ARROW, D.PIPE, D.TNT, D.C4, D.RPG, D.NUKE, D.FIRESTORM, D.SPY]
    m = table(4, hands={0: [D.PROTESTS, D.C4, D.SPY], 1: hand1, 2: [D.STONE], 3: [D.STONE]})
    assert refused(m, Play(0, D.PROTESTS, 1)) == (
        "Non-Violent Protests need a C4 or RPG played first")
    ok(m, Play(0, D.C4, 2, (I,)), TakeIt(2), Pass(1), Pass(2), Pass(3))
    ok(m, Play(0, D.PROTESTS, 1))
    assert m.legal_actions(1) == [TakeIt(1)]
    before = list(m.players[1].hand)
    ok(m, TakeIt(1))
    protested = [e for e in m.events if e.kind == "protested"][0]
    assert isinstance(protested, Protested)
    assert sorted(protested.discarded) == sorted([D.PIPE, D.TNT, D.C4, D.RPG, D.NUKE])
    for c in (D.ARROW, D.FIRESTORM, D.SPY):
        assert c in before and c in m.players[1].hand


def test_nuke_only_after_an_elimination_and_costs_half_the_walls() -> None:
    m = table(4, hands={0: [D.NUKE, D.ARROW, D.SPY], 1: [D.STONE]}, walls={0: [P, S, I, FF, ST],
                                                                            3: []})
    assert refused(m, Play(0, D.NUKE, 1)) == (
        "the Nuclear Bomb may be played only after a player is eliminated")
    ok(m, Play(0, D.ARROW, 3), TakeIt(3))
    assert m.endgame
    ok(m, Pass(1), Pass(2), Pass(3))
    ok(m, Play(0, D.NUKE, 1))
    assert m.legal_actions(1) == [TakeIt(1)]
    ok(m, TakeIt(1))
    assert not m.players[1].alive
    assert m.players[0].walls == [ST, FF]  # 5 walls: 3 discarded, weakest first


def test_nuke_ignores_a_force_field_and_leaves_the_two_player_game() -> None:
    m = table(4, hands={0: [D.NUKE, D.SPY]}, walls={1: [FF], 3: []})
    m.endgame = True
    ok(m, Play(0, D.NUKE, 1), TakeIt(1))
    assert not m.players[1].alive and m.players[0].walls == [S, I]  # 5 walls -> lose 3
    assert D.NUKE not in new_match_cards(2)


def new_match_cards(players: int) -> list[str]:
    from game.games.blast.rules import new_match

    m = new_match(players, 3)
    return m.supply + [c for p in m.players for c in p.hand]


def test_a_chain_is_bounded() -> None:
    m = table(2, hands={0: [D.TNT, D.SPY]})
    m.players[0].hand += [D.BACKFIRE] * 3 + [D.BLAST_SHIELD]  # more than the deck holds:
    m.players[1].hand = [D.BACKFIRE] * 3  # only reshuffles could bring them back
    ok(m, Play(0, D.TNT, 1, (I,)))
    for k in range(1, D.MAX_CHAIN_LINKS):
        ok(m, Defend(k % 2, D.BACKFIRE))
        assert m.chain[-1].link == k
    seat = m.current_player()
    assert seat == 0 and m.chain[-1].link == D.MAX_CHAIN_LINKS - 1
    assert D.BACKFIRE in m.players[0].hand
    assert refused(m, Defend(0, D.BACKFIRE)) == "the chain is at its longest: take it or cancel it"
    assert m.legal_actions(0) == [TakeIt(0), Defend(0, D.BLAST_SHIELD)]
    ok(m, TakeIt(0))
    assert I not in m.players[0].walls and I in m.players[1].walls
