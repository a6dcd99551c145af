"""The match's story in short lines for the table's move log: who flicked and what it took,
which card was played and what it did, whose planets a Space Bomb destroyed and what each
scored. Pure words from the rules' events (no pygame), so an AI's turn can be followed.

`lines_for(events, voice, owner, cause)` turns the events one decision caused (a flick, a
toss, a card, a return) into lines, each with the seat it is about (its marker in the log).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.voice import Voice, capitalise, count, listing
from game.games.cosmic.data import CARDS_BY_ID, DESTROYED_POINTS, PLANETS, Effect
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
    """What a played card did, after its name: 'one extra flick', 'takes your red cube'."""
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
        return f"{voice.poss(seat)} Hold is banked where the ship is"
    if effect == Effect.MOVE_CRYSTAL and planet is not None:
        return f"the {PLANETS[planet].colour} crystal moves to the {planet_words(planet)}"
    if effect == Effect.GAIN_CUBE and colour:
        return f"a {colour} cube into {voice.poss(seat)} Hold"
    if effect == Effect.DISCARD_RIVAL_CUBE and colour and target is not None:
        return f"{voice.poss(int(target))} {colour} cube is discarded"
    if effect == Effect.RECALL_RIVALS:
        return "every rival ship is sent home to its Base"
    if effect == Effect.BOMB_RETRY:
        return "a missed Space Bomb may be tossed again"
    if effect == Effect.EARLY_BOMB:
        return "a Space Bomb now, with the cubes at Base"
    if effect == Effect.MOVE_OWN_PLANET:
        return f"{voice.poss(seat)} planet moves"
    if effect == Effect.DRAW_CARD:
        return "two cards drawn, one kept"
    if effect == Effect.REPEAT_HIT_FLICK:
        return "a crystal already held earns a flick too"
    return card.text.rstrip(".").lower()


def bomb_line(voice: Voice, owner: Mapping[int, int], bomber: int,
              destroyed: Sequence[int], shielded_by: int | None = None) -> str:
    """'Ben's Space Bomb destroys your red 2-dot planet (+4 for Ben) and Ben's own blue
    1-dot planet (0)', that a Planetary Shield stopped it, or that it missed."""
    bomb = f"{voice.Poss(bomber)} Space Bomb"
    if not destroyed and shielded_by is not None:
        return f"{bomb} is stopped by {voice.poss(shielded_by)} Planetary Shield"
    if not destroyed:
        return f"{bomb} misses: nothing destroyed"
    parts = []
    for planet in destroyed:
        who = owner.get(planet, -1)
        if who == bomber:
            parts.append(f"{voice.their(bomber)} own {planet_words(planet)} (0)")
        else:
            gain = DESTROYED_POINTS[PLANETS[planet].dots]
            parts.append(f"{voice.poss(who)} {planet_words(planet)} "
                         f"(+{gain} for {voice.obj(bomber)})")
    return f"{bomb} destroys {listing(parts)}"


STARTS = frozenset({"flicked", "played", "kept", "placed", "bomb", "bomb_foul",
                    "shielded", "turn"})
"""Events that begin what one decision did (a flick's own events follow its "flicked")."""


def replay_lines(events: Sequence[Mapping[str, Any]], voice: Voice, owner: Mapping[int, int],
                 players: int = 2) -> list[Line]:
    """The log lines of a whole event log, as the table told them one decision at a time:
    a resumed match's log shows what happened before it was saved (a playtester found it
    empty after Continue). The decisions are found from the events: each "flicked" starts a
    flick's lines, a card played carries its colour, target and planet."""
    out: list[Line] = []
    for cause, part in decisions(events):
        out.extend(lines_for(part, voice, owner, cause, players))
    return out


def decisions(events: Sequence[Mapping[str, Any]]
              ) -> list[tuple[Any, Sequence[Mapping[str, Any]]]]:
    """A whole event log cut back into what each decision caused, as the table told it:
    (the decision as far as the events show it, its events). Each of `STARTS` begins one,
    but a Planetary Shield's "shielded" and the "bomb" it stopped are one toss, and a
    return to Base ("banked", "returned") is its own decision even right after a card that
    banked (after Continue a stranger read "stopped by your Planetary Shield" as "misses",
    and a Teleporter's bank and the return after it as one line)."""
    groups: list[list[Mapping[str, Any]]] = []
    for ev in events:
        kind = str(ev.get("kind"))
        here = groups[-1] if groups else None
        first = str(here[0].get("kind")) if here else ""
        if here is not None and kind == "bomb" and first == "shielded" \
                and not any(e.get("kind") == "bomb" for e in here):
            here.append(ev)
        elif kind == "returned" and here is not None:
            last = here[-1]
            teleported = first == "played" and _banks_in_place(here[0]) and sum(
                1 for e in here if e.get("kind") == "banked") == 1
            if last.get("kind") == "banked" and len(here) > 1 and not teleported:
                groups.append([here.pop(), ev])  # the return's own bank goes with it
            else:
                groups.append([ev])
        elif kind in STARTS or here is None:
            groups.append([ev])
        else:
            here.append(ev)
    out: list[tuple[Any, Sequence[Mapping[str, Any]]]] = []
    for part in groups:
        ev = part[0]
        kind = str(ev.get("kind"))
        seat = int(ev.get("seat", -1))
        cause: Any = None
        if kind == "flicked":
            cause = Flick(seat)
            part = part[1:]
        elif kind == "played":
            cause = Play(seat, card=str(ev.get("card", "")), colour=ev.get("colour"),
                         target=ev.get("target"), planet=ev.get("planet"))
        out.append((cause, part))
    return out


def _banks_in_place(ev: Mapping[str, Any]) -> bool:
    """Whether a "played" event is a card that banks the Hold where the ship is."""
    card = CARDS_BY_ID.get(str(ev.get("card", "")))
    return card is not None and card.effect == Effect.BANK_IN_PLACE


def lines_for(events: Sequence[Mapping[str, Any]], voice: Voice, owner: Mapping[int, int],
              cause: Any = None, players: int = 2) -> list[Line]:
    """The log lines for the events one decision caused. `cause` is that decision (a flick,
    a toss, a card played...), read for a card's target; `players` numbers the rounds."""
    out: list[Line] = []
    kinds = [str(ev.get("kind")) for ev in events]
    flicked = type(cause).__name__ in ("FlickInput", "Flick")
    if flicked:  # one line for the flick: what it took, whom it knocked out
        seat = int(getattr(cause, "player", -1))
        took = [str(ev["colour"]) for ev in events
                if ev.get("kind") == "collected" and int(ev.get("seat", -1)) == seat]
        knocked = [int(ev["seat"]) for ev in events if ev.get("kind") == "ship_destroyed"
                   and int(ev.get("by", -1)) == seat and int(ev["seat"]) != seat]
        lost = any(ev.get("kind") == "ship_destroyed" and int(ev.get("seat", -1)) == seat
                   for ev in events)
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
            out.append((seat, f"{flick} and {listing(what)}"))
        elif "repeat" in kinds:
            out.append((seat, f"{flick}: only a crystal already held"))
        else:
            out.append((seat, f"{flick}: no crystal"))
    for ev in events:
        kind = str(ev.get("kind"))
        seat = int(ev.get("seat", -1))
        if kind == "turn":
            turn = int(ev.get("turn", 0))
            if players > 0 and turn % players == 0:
                out.append((None, f"Round {turn // players + 1}"))
        elif kind == "banked":
            base = [str(c) for c in ev.get("base", [])]
            back = any(e.get("kind") == "returned" and int(e.get("seat", -1)) == seat
                       for e in events)
            said = (voice.says(seat, "returns", "return", " to Base and ")
                    + voice.verb(seat, "banks", "bank") if back
                    else voice.says(seat, "banks", "bank"))
            out.append((seat, f"{said}: the Base holds {listing(base)} ({len(base)} of 4)"))
        elif kind == "returned":
            if not any(e.get("kind") == "banked" and int(e.get("seat", -1)) == seat
                       for e in events):
                out.append((seat, voice.says(seat, "returns", "return", " to Base")))
        elif kind == "played":
            card = CARDS_BY_ID[str(ev["card"])]
            play = cause if getattr(cause, "card", None) == card.card_id else None
            effect = card_effect(play, voice, seat) if play is not None else ""
            out.append((seat, voice.says(seat, "plays", "play", f" {card.name}")
                        + (f": {effect}" if effect else "")))
        elif kind == "bomb":
            shield = next((int(e["seat"]) for e in events if e.get("kind") == "shielded"
                           and "seat" in e), None)  # the bomb hit a shield, not empty space
            out.append((seat, bomb_line(voice, owner, seat,
                                        [int(p) for p in ev.get("destroyed", [])], shield)))
        elif kind == "bomb_foul":
            out.append((seat, f"{voice.Poss(seat)} Space Bomb is a foul: it left from in front "
                              "of the Base"))
        elif kind == "shielded":
            out.append((seat, f"{voice.Poss(seat)} Planetary Shield saves "
                              f"{voice.their(seat)} planets"))
        elif kind == "escape_pod":
            out.append((seat, f"{voice.Poss(seat)} Escape Pod saves the Hold"))
        elif kind == "salvaged":
            got = [str(c) for c in ev.get("colours", [])]
            out.append((seat, voice.says(seat, "salvages", "salvage",
                                         f" {listing(got)} from {voice.poss(int(ev['victim']))}"
                                         " wreck")))
        elif kind == "ship_destroyed" and not flicked:
            out.append((seat, f"{voice.Poss(seat)} ship is lost"))
        elif kind == "planet_out":
            who = int(ev.get("owner", -1))
            out.append((who, capitalise(f"{voice.poss(who)} "
                                        f"{planet_words(int(ev['planet']))} is knocked out "
                                        "of space")))
        elif kind == "kept":
            if voice.is_you(seat):
                out.append((seat, f"You keep {CARDS_BY_ID[str(ev['card'])].name}"))
            else:
                out.append((seat, voice.says(seat, "keeps", "keep", " an Advancement card")))
        elif kind == "over":
            scores = [int(s) for s in ev.get("scores", [])]
            if scores:
                out.append((None, "Match over: " + ", ".join(
                    f"{voice.obj(i)} {count(s, 'point')}" for i, s in enumerate(scores))))
    return out
