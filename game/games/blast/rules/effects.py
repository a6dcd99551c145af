"""What cards do: a link of a chain landing on its target, a defence answering it, the endgame
cards, the Nuclear Bomb's cost. Every step is logged so a table can show the whole chain."""

from __future__ import annotations

import math

from game.games.blast.data import (
    ADVANCED_TECH,
    ALIEN_TAKEN,
    ALIENS,
    ASSASSIN,
    BACKFIRE,
    CHEMIST,
    CHRISTMAS,
    CHRISTMAS_DRAW,
    EARTHQUAKE,
    EPIDEMIC,
    EXPLOSIVES,
    FIRESTORM,
    FORCE_FIELD,
    INSPECTOR,
    NUKE,
    OOPS,
    PALISADE,
    PROTESTED,
    PROTESTS,
    SABOTAGE,
    SPY,
    UNDERMINER,
)
from game.games.blast.rules.base import (
    Strike,
    TableBase,
    sort_cards,
    sort_walls,
    strongest_hit,
)
from game.games.blast.rules.events import (
    Aimed,
    Answered,
    Cancelled,
    Destroyed,
    Earthquake,
    EndgameCard,
    Epidemic,
    Fallout,
    ForceFieldDestroyed,
    Inspected,
    Invaded,
    Killed,
    Protested,
    Sabotaged,
    Stolen,
    Stopped,
    Took,
)

STEAL = "steal"
"""A Spy's `mode`: take a random card."""
BREAK_FIELD = "force_field"
"""A Spy's `mode`: destroy a Force Field."""


class Effects(TableBase):
    """The effects of cards, mixed into `MatchState`."""

    def upgraded_for(self, seat: int) -> bool:
        """Whether this seat's explosives go up a rank now (Mad Chemist or Advanced Technology)."""
        return CHEMIST in self.players[seat].characters or self.tech_seat >= 0

    def oops_targets(self, defender: int, sender: int) -> list[int]:
        """Where an Oops may send an explosive: remaining players other than the Oops player and
        its sender (none with two remaining: the attack is cancelled)."""
        alive = self.alive_seats()
        if len(alive) <= 2:
            return []
        return [s for s in alive if s not in (defender, sender)]

    # -- the chain ----------------------------------------------------------------------------

    def _open(self, link: Strike) -> None:
        """A card is aimed at a player: log it and open their defence window."""
        self.chain.append(link)
        self._log(Aimed(turn=self.turn, card=link.card, source=link.source, target=link.target,
                        origin=link.origin, power=link.power, walls=tuple(link.walls),
                        mode=link.mode, link=link.link, via=link.via))

    def _take(self, seat: int) -> None:
        """The target takes the card: the chain closes and its last link lands."""
        link = self.chain[-1]
        self.chain = []
        self._log(Took(turn=self.turn, seat=seat, card=link.card, source=link.source,
                       link=link.link))
        self._land(link)

    def _answer(self, seat: int, card: str, target: int) -> None:
        """The target answers the last link with a defence card."""
        link = self.chain[-1]
        self._discard_from_hand(seat, [card])
        self._log(Answered(turn=self.turn, seat=seat, card=card, against=link.card,
                           source=link.source, to=target, link=link.link))
        if card == OOPS and not self.oops_targets(seat, link.source):
            self.chain = []
            self._log(Cancelled(turn=self.turn, seat=seat, card=link.card, by=card,
                                why="two players left"))
        elif card == OOPS:
            self._open(Strike(link.card, link.origin, seat, target, link.power, (), link.mode,
                              link.link + 1, "oops"))
        elif card == BACKFIRE:
            self._open(Strike(link.card, link.origin, seat, link.source, link.power, (),
                              link.mode, link.link + 1, "backfire"))
        else:
            self.chain = []
            self._log(Cancelled(turn=self.turn, seat=seat, card=link.card, by=card,
                                why="defended"))

    def _land(self, link: Strike) -> None:
        """The effect of a card its target did not stop."""
        t = self.players[link.target]
        if not t.alive:
            return
        by, card = link.source, link.card
        if card in EXPLOSIVES or card in (FIRESTORM, UNDERMINER):
            if t.has_force_field():
                self._log(Stopped(turn=self.turn, seat=t.seat, card=card, by=by,
                                  why="force field"))
                return
            if not t.walls and card != UNDERMINER:
                self._eliminate(t.seat, by, card, link.origin, link.via)
                return
            if card == FIRESTORM:
                walls = [w for w in t.walls if w == PALISADE]
            elif link.walls and all(link.walls.count(w) <= t.walls.count(w)
                                    for w in link.walls):
                walls = list(link.walls)
            else:
                walls = strongest_hit(t.walls, link.power)
            gone = self._destroy_walls(t.seat, walls)
            self._log(Destroyed(turn=self.turn, seat=t.seat, walls=tuple(gone), card=card,
                                by=by))
        elif card == SPY:
            self._spy(link)
        elif card == ASSASSIN:
            if link.mode in t.characters:
                t.characters.remove(link.mode)
                self.discard.append(link.mode)
            self._log(Killed(turn=self.turn, seat=t.seat, character=link.mode, by=by))
        elif card == INSPECTOR:
            shown = list(t.hand)
            nukes = self._discard_from_hand(t.seat, [c for c in t.hand if c == NUKE])
            self._log(Inspected(turn=self.turn, seat=t.seat, by=by, discarded=tuple(nukes),
                                hand=tuple(shown)))
        elif card == PROTESTS:
            gone = self._discard_from_hand(t.seat, [c for c in t.hand if c in PROTESTED])
            self._log(Protested(turn=self.turn, seat=t.seat, by=by, discarded=tuple(gone)))
        elif card == NUKE:
            self._eliminate(t.seat, by, card, link.origin, link.via, finish=False)
            self._nuke_cost(by)
            self._finish_if_last()  # after the fallout: nothing is logged after "Game over"
        elif card == ALIENS:
            gone = self._discard_from_hand(t.seat, [c for c in t.hand if c in ALIEN_TAKEN])
            self._log(Invaded(turn=self.turn, seat=t.seat, by=by, discarded=tuple(gone)))
        elif card == SABOTAGE:
            gone = self._destroy_walls(t.seat, sort_walls(t.walls)[-1:])
            self._log(Sabotaged(turn=self.turn, seat=t.seat, by=by, walls=tuple(gone)))
        elif card == EPIDEMIC:
            t.skip_next = True
            self._log(Epidemic(turn=self.turn, seat=t.seat, by=by))

    def _spy(self, link: Strike) -> None:
        t = self.players[link.target]
        if link.mode == BREAK_FIELD:
            gone = self._destroy_walls(t.seat, [FORCE_FIELD])
            self._log(ForceFieldDestroyed(turn=self.turn, seat=t.seat, by=link.source,
                                          walls=tuple(gone), origin=link.origin, via=link.via))
            return
        if not t.hand:
            self._log(Stolen(turn=self.turn, seat=t.seat, by=link.source, count=0,
                             origin=link.origin, via=link.via))
            return
        card = t.hand.pop(self._rng("spy").randrange(len(t.hand)))
        thief = self.players[link.source]
        thief.hand = sort_cards([*thief.hand, card])
        self._log(Stolen(turn=self.turn, seat=t.seat, by=link.source, count=1, card=card,
                         origin=link.origin, via=link.via))

    def _nuke_cost(self, seat: int) -> None:
        """The Nuclear Bomb's player discards half their walls, rounded up, weakest first."""
        p = self.players[seat]
        lose = math.ceil(len(p.walls) / 2)
        gone = self._destroy_walls(seat, sort_walls(p.walls)[:lose])
        self._log(Fallout(turn=self.turn, seat=seat, walls=tuple(gone)))

    # -- endgame cards ------------------------------------------------------------------------

    def _endgame_card(self, seat: int, card: str, target: int) -> None:
        """An eliminated seat chose an endgame card: it acts (or is aimed) and goes back."""
        self._log(EndgameCard(turn=self.turn, seat=seat, card=card, target=target))
        if card == ADVANCED_TECH:
            self.endgame_set.remove(card)
            self.tech_seat = seat
            return
        if card == EARTHQUAKE:
            for s in self.alive_seats():
                walls = [w for w in sort_walls(self.players[s].walls) if w != FORCE_FIELD][:1]
                gone = self._destroy_walls(s, walls)
                self._log(Earthquake(turn=self.turn, seat=s, walls=tuple(gone)))
        elif card == CHRISTMAS:
            n = self.options.players
            for k in range(n):
                s = (seat + k) % n
                if self.players[s].alive:
                    self._draw(s, CHRISTMAS_DRAW, "christmas")
        else:
            if card == EPIDEMIC:
                self.players[seat].epidemic_turn = self.turn
            self._open(Strike(card, seat, seat, target))
