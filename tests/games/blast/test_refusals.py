"""Why a held card cannot be played: the rules' own refusal, one sentence a table shows."""

from __future__ import annotations

from game.games.blast import data as D
from game.games.blast.rules import Defend, MatchState, Play, Refusal, TakeIt
from tests.games.blast.helpers import ok, table

NAMES = ["Ana", "Ben", "Cleo"]


def said(m: MatchState, seat: int, card: str) -> str | None:
    r = m.why_unplayable(seat, card)
    return None if r is None else r.say(NAMES)


def test_a_playable_card_has_no_refusal_and_every_refused_one_is_illegal() -> None:
    m = table(2, hands={0: [D.PIPE, D.ARROW, D.FIZZLE, D.PALISADE]},
              walls={1: [D.STONE, D.IRON]})
    legal = {a.card for a in m.legal_actions(0) if isinstance(a, Play)}
    for card in m.players[0].hand:
        assert (m.why_unplayable(0, card) is None) == (card in legal), card


def test_force_field_refusal_names_its_owner_and_the_way_out() -> None:
    m = table(2, hands={0: [D.TNT]}, walls={1: [D.STONE, D.FORCE_FIELD]})
    assert said(m, 0, D.TNT) == "Ben's Force Field stops explosives: a Spy removes it"


def test_an_explosive_with_nothing_to_destroy_says_what_it_destroys() -> None:
    m = table(2, hands={0: [D.ARROW]}, walls={1: [D.STONE, D.IRON]})
    assert said(m, 0, D.ARROW) == "The Flaming Arrow destroys only palisades: Ben has none"


def test_each_enemy_gets_its_own_reason() -> None:
    m = table(3, hands={0: [D.ARROW]}, walls={1: [D.FORCE_FIELD], 2: [D.STEEL]})
    r = m.why_unplayable(0, D.ARROW)
    assert isinstance(r, Refusal) and r.seats == (1, 2)
    assert r.say(NAMES) == ("Ben's Force Field stops explosives: a Spy removes it; the Flaming "
                            "Arrow destroys only palisades: Cleo has none")


def test_defences_wait_for_a_card_aimed_at_you() -> None:
    m = table(2, hands={0: [D.OOPS, D.FIZZLE, D.GUARD]})
    assert said(m, 0, D.OOPS) == ("An Oops is played only when an explosive is aimed at you: "
                                  "keep it for then")
    assert said(m, 0, D.FIZZLE) == ("A Fizzle is played only when a Flaming Arrow or a Pipe "
                                    "Bomb is aimed at you: keep it for then")


def test_in_a_defence_window_the_answering_card_is_playable_and_the_rest_say_why() -> None:
    m = table(2, hands={0: [D.TNT], 1: [D.FIZZLE, D.BLAST_SHIELD, D.PALISADE]})
    ok(m, Play(0, D.TNT, 1, (D.IRON,)))
    assert m.why_unplayable(1, D.BLAST_SHIELD) is None
    assert Defend(1, D.BLAST_SHIELD) in m.legal_actions(1)
    assert said(m, 1, D.FIZZLE) == "A Fizzle does not answer TNT"
    assert said(m, 1, D.PALISADE) == "Only a defence answers TNT aimed at you"
    ok(m, TakeIt(1))


def test_conditions_of_the_rulebook_are_the_reasons() -> None:
    m = table(3, hands={0: [D.NUKE, D.PROTESTS, D.ASSASSIN]})
    assert said(m, 0, D.NUKE) == ("The Nuclear Bomb may be played only after a player is "
                                  "eliminated")
    assert said(m, 0, D.PROTESTS) == "Non-Violent Protests need a C4 or an RPG played first"
    assert said(m, 0, D.ASSASSIN) == "No enemy has a Mad Chemist or an Underminer in play"


def test_diplomacy_and_spent_plays_refuse_too() -> None:
    m = table(2, hands={0: [D.DIPLOMACY, D.PALISADE], 1: [D.TNT]})
    ok(m, Play(0, D.DIPLOMACY))
    assert said(m, 1, D.TNT) == ("Ana's Diplomacy keeps enemy cards off them until their next "
                                 "turn")
    assert said(m, 0, D.PALISADE) == "Cards are played on your own turn"


def test_enemies_lacking_the_same_wall_share_one_clause() -> None:
    """A stranger's note said "...destroys only palisades: Ben has none; the Flaming Arrow
    destroys only palisades: Dev has none", four to six lines: one sentence names them all."""
    m = table(3, hands={0: [D.ARROW]}, walls={1: [D.STONE], 2: [D.IRON, D.STEEL]})
    assert said(m, 0, D.ARROW) == ("The Flaming Arrow destroys only palisades: neither Ben "
                                   "nor Cleo has one")
    m = table(4, hands={0: [D.ARROW, D.FIRESTORM]}, walls={1: [D.STONE], 2: [D.IRON],
                                                        3: [D.STONE]})
    r = m.why_unplayable(0, D.ARROW)
    assert r is not None and r.seats == (1, 2, 3)
    assert r.say([*NAMES, "Dev"]) == ("The Flaming Arrow destroys only palisades: none of "
                                      "Ben, Cleo and Dev has one")
    r = m.why_unplayable(0, D.FIRESTORM)
    assert r is not None
    assert r.say([*NAMES, "Dev"]) == "None of Ben, Cleo and Dev has a palisade to burn"
    # a Force Field keeps its own clause, the others still share theirs
    m = table(4, hands={0: [D.ARROW]}, walls={1: [D.STONE], 2: [D.FORCE_FIELD], 3: [D.IRON]})
    r = m.why_unplayable(0, D.ARROW)
    assert r is not None
    assert r.say([*NAMES, "Dev"]) == ("The Flaming Arrow destroys only palisades: neither Ben "
                                      "nor Dev has one; Cleo's Force Field stops explosives: "
                                      "a Spy removes it")
