"""Demo tables for screenshot, smoke and bench: real matches at a moment worth showing.

Each demo is the real scene on a real, legal state: a seeded match fast-forwarded by the AIs, or
a hand-set table (cards swapped in from the supply, so all 108 stay accounted for) moved on with
legal actions, opened as a resumed game. A demo that shows something happening applies its
last actions after the table opens, so the presenter plays them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.app.catalogue import MatchSetup, demo_table
from game.core.memo import remembered
from game.games.blast.ai import ai_seed, make_ai
from game.games.blast.controls import Pick
from game.games.blast.data import (
    BACKFIRE,
    BLAST_SHIELD,
    EXPLOSIVES,
    FIRESTORM,
    FIZZLE,
    GUARD,
    OOPS,
    SPY,
    TNT,
    TWIST,
)
from game.games.blast.options import new_match_for
from game.games.blast.rules import (
    Action,
    Defend,
    MatchState,
    Options,
    Pass,
    Phase,
    Play,
    TakeIt,
)
from game.games.blast.rules.base import sort_cards
from game.games.blast.savefmt import SAVE_VERSION

if TYPE_CHECKING:
    from game.app.app import App
    from game.games.blast.scene import BlastScene


def demo_setup(seed: int, players: int = 4, humans: int = 1,
               devices: tuple[str, ...] = ("mouse", "keys1", "keys2")) -> MatchSetup:
    """A table with `humans` humans on the first seats and AIs on the rest."""
    return MatchSetup("blast", demo_table(players, humans, devices), {"ai_pace": "normal"}, seed)


def fast_forward(setup: MatchSetup, stop: Callable[[MatchState], bool],
                 max_moves: int = 4000, level: str | None = None,
                 memo: str | None = None) -> MatchState:
    """Play the match with an AI in every seat until `stop(state)` (or the end); `level` plays
    every seat at that level (a whole match at Easy takes a hundredth of Hard's thinking).
    With `memo` (a name for `stop`), the match is played once per process and each caller gets
    its own copy: the layout walk, the seeds test and bench open one demo several times."""
    if memo is None:
        return _fast_forward(setup, stop, max_moves, level)
    key = ("blast.demo", memo, json.dumps(setup.to_dict(), sort_keys=True), max_moves, level)
    return remembered(key, lambda: _fast_forward(setup, stop, max_moves, level))


def _fast_forward(setup: MatchSetup, stop: Callable[[MatchState], bool], max_moves: int,
                  level: str | None) -> MatchState:
    m = new_match_for(setup)
    ais = [make_ai(level or (s.difficulty if s.is_ai else "hard"), i, ai_seed(setup.seed, i))
           for i, s in enumerate(setup.seats)]
    for _ in range(max_moves):
        if m.is_terminal() or stop(m):
            break
        seat = m.current_player()
        assert seat is not None
        ai = ais[seat]
        ai.begin(m)
        action = None
        for _slice in range(10000):
            action = ai.work(0.003)
            if action is not None:
                break
        if action is None or m.apply(action) is not None:
            m.apply(m.legal_actions(seat)[-1])
    return m


def _scene(app: App, setup: MatchSetup, state: MatchState | None,
           then: tuple[Action, ...] = ()) -> BlastScene:
    from game.games.blast.scene import BlastScene

    saved = None if state is None else {"version": SAVE_VERSION, "match": state.to_dict()}
    scene = BlastScene(app, setup, saved, demo=True)
    for action in then:
        if not scene._apply(action):
            raise ValueError(f"demo action refused: {action}")
    return scene


def _give(m: MatchState, seat: int, cards: list[str]) -> None:
    """Put `cards` in a seat's hand, each swapped for a card of it. A card is taken from the
    supply, the discard, another seat's hand (which gets the swapped card) or, for a seed that
    has every copy elsewhere, from the cards out of the game; the 108 cards stay conserved."""
    p = m.players[seat]
    for card in cards:
        if card in p.hand:
            continue
        others = [o.hand for o in m.players if o is not p]
        pile = next((pile for pile in (m.supply, m.discard, *others, m.removed)
                     if card in pile), None)
        if pile is None:
            raise ValueError(f"no {card} anywhere to give to seat {seat}")
        at = pile.index(card)
        spare = [c for c in p.hand if c not in cards]
        if not spare:  # nothing of its own to swap: the hand simply gains the card
            pile.pop(at)
        elif any(pile is hand for hand in others):
            out = spare[0]
            p.hand.remove(out)
            pile[at] = out  # a straight swap: the other hand keeps its size
        else:
            pile.pop(at)
            out = spare[0]
            p.hand.remove(out)
            m.supply.insert(0, out)
        p.hand.append(card)
    for o in m.players:
        o.hand = sort_cards(o.hand)
    if not m.conserved():
        raise ValueError(f"giving {cards} to seat {seat} lost a card: {m.census()}")


def play(app: App, seed: int) -> BlastScene:
    """Four AIs in the thick of it (the bench scene)."""
    setup = demo_setup(seed, humans=0)
    state = fast_forward(setup, lambda m: m.turn >= 10 and m.phase == Phase.PLAY, memo="play")
    return _scene(app, setup, state)


def hand(app: App, seed: int) -> BlastScene:
    """Your turn: the hand fan with the cards you may play lifted."""
    setup = demo_setup(seed)

    def stop(m: MatchState) -> bool:
        return (m.turn >= 4 and m.phase == Phase.PLAY and m.current == 0 and m.played == 0
                and sum(isinstance(a, Play) for a in m.legal_actions(0)) >= 3)

    return _scene(app, setup, fast_forward(setup, stop, memo="hand"))


def attack(app: App, seed: int) -> BlastScene:
    """Choosing the target of an explosive: the arrow runs from you to the focused enemy."""
    setup = demo_setup(seed, devices=("keys1",))

    state = _attack_table(setup)
    scene = _scene(app, setup, state)
    card = next(a.card for a in state.legal_actions(0)
                if isinstance(a, Play) and a.card in EXPLOSIVES)
    scene.table_controls.seat = 0  # the decision is already the human's: the step stays
    scene.table_controls.pick = Pick(stage="target", card=card)
    return scene


def _attack_table(setup: MatchSetup) -> MatchState:
    """A few turns in, your turn with an explosive to aim; for a seed where you are out
    before such a turn comes, the opening turn of a table where you go first, TNT in hand."""

    def ready(m: MatchState) -> bool:
        return (m.phase == Phase.PLAY and m.current == 0 and m.played == 0
                and any(isinstance(a, Play) and a.card in EXPLOSIVES
                        for a in m.legal_actions(0)))

    state = fast_forward(setup, lambda m: not m.players[0].alive or (m.turn >= 4 and ready(m)),
                         memo="attack")
    if ready(state):
        return state
    m = MatchState(Options(4, first=0), setup.seed)
    _give(m, 0, [TNT])
    if not ready(m):
        raise ValueError(f"the attack demo at seed {setup.seed}: no explosive to aim")
    return m


def _defence_table(seed: int) -> tuple[MatchSetup, MatchState]:
    """Ben has TNT and Ana holds Oops, Fizzle, Blast Shield and Backfire."""
    setup = demo_setup(seed)
    m = MatchState(Options(4, first=1), seed)
    _give(m, 1, [TNT])
    _give(m, 0, [OOPS, FIZZLE, BLAST_SHIELD, BACKFIRE])
    return setup, m


def defence(app: App, seed: int) -> BlastScene:
    """TNT aimed at you: the defences that answer it, and Take it."""
    setup, m = _defence_table(seed)
    refused = m.apply(Play(1, TNT, 0, ("iron_wall",)))
    if refused is not None:
        raise ValueError(f"the defence demo at seed {seed}: {refused}")
    return _scene(app, setup, m)


def _chain_table(seed: int) -> MatchState:
    """Ben's TNT at Cleo and Cleo's Oops on it at Dev, Dev holding Backfire."""
    m = MatchState(Options(4, first=1), seed)
    _give(m, 1, [TNT])
    _give(m, 2, [OOPS])
    _give(m, 3, [BACKFIRE])
    for action in (Play(1, TNT, 2, ("iron_wall",)), Defend(2, OOPS, 3)):
        refused = m.apply(action)
        if refused is not None:
            raise ValueError(f"the chain demo at seed {seed}: {refused}")
    return m


def chain(app: App, seed: int) -> BlastScene:
    """Ben's TNT at Cleo; Cleo's Oops sends it at Dev; Dev's Backfire turns it back on Cleo."""
    return _scene(app, demo_setup(seed), _chain_table(seed), then=(Defend(3, BACKFIRE),))


def endgame(app: App, seed: int) -> BlastScene:
    """You are out: the six endgame cards, the ones you may pick now lit."""
    return _scene(app, demo_setup(seed), _endgame_table(seed))


def _endgame_table(seed: int) -> MatchState:
    """Ana out to Ben's Firestorm, the table passed round to her endgame pick."""
    m = MatchState(Options(4, first=1), seed)
    _give(m, 1, [FIRESTORM])
    p = m.players[0]
    m.discard.extend(p.walls)
    p.walls = []
    for action in (Play(1, FIRESTORM, 0), TakeIt(0)):
        refused = m.apply(action)
        assert refused is None, refused
    while m.phase != Phase.ENDGAME:
        seat = m.current_player()
        assert seat is not None
        m.apply(Pass(seat))
    return m


def over(app: App, seed: int) -> BlastScene:
    """The final summary: ranking, eliminations, cards played."""
    setup = demo_setup(seed)
    state = fast_forward(setup, lambda m: False, max_moves=20000, level="easy", memo="over")
    return _scene(app, setup, state)


def duel(app: App, seed: int) -> BlastScene:
    """Two players, your turn: the large hand fan, your five walls beside a Spy and a Guard."""
    setup = demo_setup(seed, players=2)
    m = MatchState(Options(2, first=0), seed)
    p = m.players[0]
    for card in (SPY, GUARD):
        pile = next(pile for pile in (m.supply, m.discard, m.players[1].hand) if card in pile)
        pile.remove(card)
        if pile is m.players[1].hand:  # the enemy keeps its hand's size
            m.players[1].hand.append(m.supply.pop(0))
        p.characters.append(card)
    _give(m, 0, [TNT])
    if not m.conserved():
        raise ValueError(f"the duel demo at seed {seed} lost a card: {m.census()}")
    return _scene(app, setup, m)


def twist(app: App, seed: int) -> BlastScene:
    """Two players, your Twist of Fate: the top four supply cards to arrange, the left one on
    top, and who draws it next (Ben, the one enemy)."""
    setup = demo_setup(seed, players=2)
    m = MatchState(Options(2, first=0), seed)
    _give(m, 0, [TWIST])
    refused = m.apply(Play(0, TWIST))
    if refused is not None or m.phase != Phase.ARRANGE:
        raise ValueError(f"the twist demo at seed {seed}: {refused or m.phase}")
    return _scene(app, setup, m)
