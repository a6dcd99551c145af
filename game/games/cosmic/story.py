"""The match's story in short lines for the table's move log: who flicked and what it took,
which card was played and what it did, whose planets a Space Bomb destroyed and what each
scored. Pure words from the rules' events (no pygame), so an AI's turn can be followed.

`lines_for(events, voice, owner, cause)` turns the events one decision caused (a flick, a
toss, a card, a return) into lines, each with the seat it is about (its marker in the log).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.voice import Voice, capitalise, count, listing
from game.games.cosmic.data import CARDS_BY_ID, DESTROYED_POINTS, PLANETS, Effect
from game.games.cosmic.events import (
    Banked,
    Bomb,
    BombFoul,
    Collected,
    EscapePod,
    Event,
    Flicked,
    Kept,
    Over,
    Placed,
    PlanetOut,
    Played,
    Repeat,
    Returned,
    Salvaged,
    Shielded,
    ShipDestroyed,
    Turn,
)
from game.games.cosmic.rules import Flick, Play

Line = tuple[int | None, str]
"""A log line and the seat it is about (None: about no one seat, as a round's start)."""


def planet_words(planet: int) -> str:
    """'the red 2-dot planet'-style words without the article: 'red 2-dot planet'."""
    p = PLANETS[planet]
    return f"{p.colour} {p.dots}-dot planet"


def crystals(colours: Sequence[str]) -> str:
    """'the red crystal', 'the red and blue crystals'."""
    return f"the {listing(list(colours))} {'crystal' if len(colours) == 1 else 'crystals'}"


def card_effect(play: Any, voice: Voice, seat: int) -> str:
    """What a played card did, after its name: 'one extra flick', 'takes your red crystal'."""
    card = CARDS_BY_ID.get(str(getattr(play, "card", "")))
    if card is None:
        return ""
    effect = card.effect
    colour = getattr(play, "colour", None)
    target = getattr(play, "target", None)
    planet = getattr(play, "planet", None)
    if effect == Effect.EXTRA_FLICK:
        return "one extra flick this turn"
    if effect == Effect.BANK_IN_PLACE:
        # as the card says it ("banked where the ship is" read as the cubes left in space)
        return f"{voice.poss(seat)} Hold goes to {voice.poss(seat)} Base; the ship stays put"
    if effect == Effect.MOVE_CRYSTAL and planet is not None:
        return f"the {PLANETS[planet].colour} crystal moves to the {planet_words(planet)}"
    if effect == Effect.GAIN_CUBE and colour:
        return f"a {colour} crystal into {voice.poss(seat)} Hold"
    if effect == Effect.DISCARD_RIVAL_CUBE and colour and target is not None:
        return f"{voice.poss(int(target))} {colour} crystal is discarded"
    if effect == Effect.RECALL_RIVALS:
        return "every rival ship is sent home to its Base"
    if effect == Effect.BOMB_RETRY:
        return "a missed Space Bomb may be tossed again"
    if effect == Effect.EARLY_BOMB:
        return "a Space Bomb now, with the crystals at Base"
    if effect == Effect.MOVE_OWN_PLANET:
        return f"{voice.poss(seat)} planet moves"
    if effect == Effect.DRAW_CARD:
        return "two cards drawn, one kept"
    if effect == Effect.REPEAT_HIT_FLICK:
        return "a crystal already held earns a flick too"
    return card.text.rstrip(".").lower()


def crystals_stay(voice: Voice, bomber: int, when: str = "", mid: bool = False) -> str:
    """'Your crystals stay on your Base: you toss again next turn' (`when` "next turn" or
    "now"; none: the first part alone; `mid`: inside a sentence, "your crystals" but still
    "Cleo's", never "cleo's"). A bomb that destroys nothing takes none of the thrower's
    crystals off the Base, and a stranger saw nothing on screen say so after his shielded
    and his missed bombs."""
    whose = voice.poss(bomber) if mid else voice.Poss(bomber)
    stay = f"{whose} crystals stay on {voice.their(bomber)} Base"
    if not when:
        return stay
    return f"{stay}: {voice.obj(bomber)} {voice.verb(bomber, 'tosses', 'toss')} again {when}"


def rethrow_line(voice: Voice, bomber: int, when: str, shielded: bool = False) -> str:
    """Why and when a bomb that took nothing is tossed again: "Second Payload: you toss
    again now", "Shield stopped it: the bomb goes back, you toss next turn", or a plain
    miss's `crystals_stay` (a stranger read "toss again now" once and "next turn" another
    time with no reason given)."""
    toss = f"{voice.obj(bomber)} {voice.verb(bomber, 'tosses', 'toss')}"
    stay = crystals_stay(voice, bomber, mid=True)
    if when == "now":
        return f"Second Payload: {toss} again now ({stay})"
    if shielded and when:
        return f"Shield stopped it: the bomb goes back, {toss} {when} ({stay})"
    return crystals_stay(voice, bomber, when)


def bomb_line(voice: Voice, owner: Mapping[int, int], bomber: int,
              destroyed: Sequence[int], shielded_by: int | None = None) -> str:
    """'Ben's Space Bomb destroys your red 2-dot planet (+4 for Ben) and Ben's own blue
    1-dot planet (0)', that a Planetary Shield stopped it, or that it missed."""
    bomb = f"{voice.Poss(bomber)} Space Bomb"
    stay = crystals_stay(voice, bomber, mid=True)
    if not destroyed and shielded_by is not None:
        return f"{bomb} is stopped by {voice.poss(shielded_by)} Planetary Shield: {stay}"
    if not destroyed:
        return f"{bomb} misses: nothing destroyed, {stay}"
    parts = []
    for planet in destroyed:
        who = owner.get(planet, -1)
        if who == bomber:
            parts.append(f"{voice.their(bomber)} own {planet_words(planet)} (0)")
        else:
            gain = DESTROYED_POINTS[PLANETS[planet].dots]
            parts.append(f"{voice.poss(who)} {planet_words(planet)} "
                         f"(+{gain}\u00a0for\u00a0{voice.obj(bomber)})")
    return f"{bomb} destroys {listing(parts)}"


STARTS: tuple[type[Event], ...] = (Flicked, Played, Kept, Placed, Bomb, BombFoul, Shielded, Turn)
"""Events that begin what one decision did (a flick's own events follow its Flicked)."""


def replay_lines(events: Sequence[Event], voice: Voice, owner: Mapping[int, int],
                 players: int = 2) -> list[Line]:
    """The log lines of a whole event log, as the table told them one decision at a time:
    a resumed match's log shows what happened before it was saved (a playtester found it
    empty after Continue). The decisions are found from the events: each Flicked starts a
    flick's lines, a card played carries its colour, target and planet."""
    out: list[Line] = []
    for cause, part in decisions(events):
        out.extend(lines_for(part, voice, owner, cause, players))
    return out


def decisions(events: Sequence[Event]) -> list[tuple[Any, Sequence[Event]]]:
    """A whole event log cut back into what each decision caused, as the table told it:
    (the decision as far as the events show it, its events). Each of `STARTS` begins one,
    but a Planetary Shield's Shielded and the Bomb it stopped are one toss, and a
    return to Base (Banked, Returned) is its own decision even right after a card that
    banked (after Continue a stranger read "stopped by your Planetary Shield" as "misses",
    and a Teleporter's bank and the return after it as one line)."""
    groups: list[list[Event]] = []
    for ev in events:
        here = groups[-1] if groups else None
        if here is not None and isinstance(ev, Bomb) and _shield_waits(here):
            here.append(ev)
        elif here is not None and isinstance(ev, Returned):
            groups.append(_return_group(here, ev))
        elif here is None or isinstance(ev, STARTS):
            groups.append([ev])
        else:
            here.append(ev)
    return [_cause_of(part) for part in groups]


def _shield_waits(here: Sequence[Event]) -> bool:
    """Whether a group is a Planetary Shield still waiting for the Bomb it stopped."""
    return isinstance(here[0], Shielded) and not any(isinstance(e, Bomb) for e in here)


def _return_group(here: list[Event], ev: Returned) -> list[Event]:
    """A return to Base's own group: with the bank just before it (taken from `here`),
    unless that bank was a Teleporter's, played in the same group."""
    first = here[0]
    teleported = isinstance(first, Played) and _banks_in_place(first) and sum(
        1 for e in here if isinstance(e, Banked)) == 1
    if isinstance(here[-1], Banked) and len(here) > 1 and not teleported:
        return [here.pop(), ev]  # the return's own bank goes with it
    return [ev]


def _cause_of(part: Sequence[Event]) -> tuple[Any, Sequence[Event]]:
    """A group's decision as far as its first event shows it: a flick, a card, or None."""
    ev = part[0]
    if isinstance(ev, Flicked):
        return Flick(ev.seat), part[1:]
    if isinstance(ev, Played):
        return Play(ev.seat, card=ev.card, colour=ev.colour, target=ev.target,
                    planet=ev.planet), part
    return None, part


def _banks_in_place(ev: Played) -> bool:
    """Whether a card played is one that banks the Hold where the ship is."""
    card = CARDS_BY_ID.get(ev.card)
    return card is not None and card.effect == Effect.BANK_IN_PLACE


@dataclass(frozen=True, slots=True)
class Telling:
    """What every event's line may read: the voice, planet owners, the decision and its
    events, the seats (to number rounds), and whether the flick's own line was told."""

    voice: Voice
    owner: Mapping[int, int]
    cause: Any
    events: Sequence[Event]
    players: int
    flicked: bool


def lines_for(events: Sequence[Event], voice: Voice, owner: Mapping[int, int],
              cause: Any = None, players: int = 2) -> list[Line]:
    """The log lines for the events one decision caused. `cause` is that decision (a flick,
    a toss, a card played...), read for a card's target; `players` numbers the rounds.
    A flick gets one line for all it did; then each event says its own (`TELL`)."""
    flicked = type(cause).__name__ in ("FlickInput", "Flick")
    out: list[Line] = [flick_line(events, voice, int(getattr(cause, "player", -1)))] \
        if flicked else []
    how = Telling(voice, owner, cause, events, players, flicked)
    for ev in events:
        tell = TELL.get(type(ev))
        line = tell(ev, how) if tell is not None else None
        if line is not None:
            out.append(line)
    return out


def flick_line(events: Sequence[Event], voice: Voice, seat: int) -> Line:
    """One line for a flick: what it took, whom it knocked out, or that it took nothing."""
    took = [ev.colour for ev in events if isinstance(ev, Collected) and ev.seat == seat]
    knocked = [ev.seat for ev in events
               if isinstance(ev, ShipDestroyed) and ev.by == seat and ev.seat != seat]
    lost = any(isinstance(ev, ShipDestroyed) and ev.seat == seat for ev in events)
    v = voice.verb
    what = []
    if took:
        what.append(f"{v(seat, 'takes', 'take')} {crystals(took)}")
    if knocked:
        what.append(f"{v(seat, 'knocks', 'knock')} "
                    + listing([f"{voice.poss(k)} ship" for k in knocked]) + " out of space")
    if lost:
        what.append(f"{v(seat, 'flies', 'fly')} out of space: {voice.their(seat)} ship "
                    "is lost")
    flick = voice.says(seat, "flicks", "flick")
    if what:
        return seat, f"{flick} and {listing(what)}"
    if any(isinstance(ev, Repeat) for ev in events):
        return seat, f"{flick}: only a crystal already held"
    return seat, f"{flick}: no crystal"


def _turn(ev: Turn, how: Telling) -> Line | None:
    if how.players > 0 and ev.turn % how.players == 0:
        return None, f"Round {ev.turn // how.players + 1}"
    return None


def _banked(ev: Banked, how: Telling) -> Line:
    seat, voice = ev.seat, how.voice
    back = any(isinstance(e, Returned) and e.seat == seat for e in how.events)
    said = (voice.says(seat, "returns", "return", " to Base and ")
            + voice.verb(seat, "banks", "bank") if back
            else voice.says(seat, "banks", "bank"))
    # (no-break spaces: "(4 of 4)" never wraps apart in the log)
    held = f"({len(ev.base)}\u00a0of\u00a04)"
    return seat, f"{said}: the Base holds {listing(list(ev.base))} {held}"


def _returned(ev: Returned, how: Telling) -> Line | None:
    if any(isinstance(e, Banked) and e.seat == ev.seat for e in how.events):
        return None  # the bank's line says the return
    return ev.seat, how.voice.says(ev.seat, "returns", "return", " to Base")


def _played(ev: Played, how: Telling) -> Line:
    card = CARDS_BY_ID[ev.card]
    play = how.cause if getattr(how.cause, "card", None) == card.card_id else None
    effect = card_effect(play, how.voice, ev.seat) if play is not None else ""
    return ev.seat, (how.voice.says(ev.seat, "plays", "play", f" {card.name}")
                     + (f": {effect}" if effect else ""))


def _bomb(ev: Bomb, how: Telling) -> Line:
    shield = next((e.seat for e in how.events if isinstance(e, Shielded)),
                  None)  # the bomb hit a shield, not empty space
    return ev.seat, bomb_line(how.voice, how.owner, ev.seat, list(ev.destroyed), shield)


def _bomb_foul(ev: BombFoul, how: Telling) -> Line:
    return ev.seat, (f"{how.voice.Poss(ev.seat)} Space Bomb is a foul: it left from in front "
                     "of the Base")


def _shielded(ev: Shielded, how: Telling) -> Line:
    voice = how.voice
    return ev.seat, (f"{voice.Poss(ev.seat)} Planetary Shield saves "
                     f"{voice.their(ev.seat)} planets")


def _escape_pod(ev: EscapePod, how: Telling) -> Line:
    return ev.seat, f"{how.voice.Poss(ev.seat)} Escape Pod saves the Hold"


def _salvaged(ev: Salvaged, how: Telling) -> Line:
    voice = how.voice
    return ev.seat, voice.says(ev.seat, "salvages", "salvage",
                               f" {listing(list(ev.colours))} from {voice.poss(ev.victim)}"
                               " wreck")


def _ship_destroyed(ev: ShipDestroyed, how: Telling) -> Line | None:
    if how.flicked:
        return None  # the flick's own line said it
    return ev.seat, f"{how.voice.Poss(ev.seat)} ship is lost"


def _planet_out(ev: PlanetOut, how: Telling) -> Line:
    who = ev.owner
    return who, capitalise(f"{how.voice.poss(who)} {planet_words(ev.planet)} is knocked out "
                           "of space")


def _kept(ev: Kept, how: Telling) -> Line:
    if how.voice.is_you(ev.seat):
        return ev.seat, f"You keep {CARDS_BY_ID[ev.card].name}"
    return ev.seat, how.voice.says(ev.seat, "keeps", "keep", " an Advancement card")


def _over(ev: Over, how: Telling) -> Line | None:
    if not ev.scores:
        return None
    return None, "Match over: " + ", ".join(
        f"{how.voice.obj(i)} {count(s, 'point')}" for i, s in enumerate(ev.scores))


TELL: dict[type[Event], Callable[[Any, Telling], Line | None]] = {
    Turn: _turn, Banked: _banked, Returned: _returned, Played: _played, Bomb: _bomb,
    BombFoul: _bomb_foul, Shielded: _shielded, EscapePod: _escape_pod, Salvaged: _salvaged,
    ShipDestroyed: _ship_destroyed, PlanetOut: _planet_out, Kept: _kept, Over: _over,
}
"""Each event's own log line, by its class (Placed, Flicked, Repeat and Collected say
nothing of their own: a flick's line tells its crystals)."""
