"""What the human deciding now may choose at the Kaboom! Explosive table, and what the bar says.

A decision is built from the rules' legal actions only, so anything legal is reachable and
nothing else is. Multi-step choices are a small state machine (`Pick`): the card from the hand
fan, then its target seat (with an arrow from the attacker), then the walls an explosive
destroys (two for an RPG), a Spy's mode or an Assassin's victim; a trade picks three cards; a
Twist of Fate places the cards it saw in order; an Oops picks where the explosive flies; an
eliminated seat picks an endgame card and, for an aimed one, its target. Everything is a
`Target` under one `TargetCursor`: the mouse clicks, keys and pads move and confirm, and back
steps out of a choice.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.app.input import MOUSE
from game.core.voice import article, count, listing
from game.games.blast import hud
from game.games.blast import words as W
from game.games.blast.ai import drawers, nothing_hurts
from game.games.blast.data import (
    C4,
    CARDS,
    ENDGAME_CARDS,
    EXPLOSIVES,
    FIRESTORM,
    FORCE_FIELD,
    OOPS,
    PIPE,
    PRODUCTIVITY,
    RPG,
    SPY,
    TNT,
    WALLS,
    can_destroy,
    wall_strength,
)
from game.games.blast.layout import (
    CENTRE,
    FELT,
    TOKEN,
    ZONE_W,
    look_size,
)
from game.games.blast.rules import (
    NO_TARGET,
    Action,
    Arrange,
    Defend,
    Endgame,
    Pass,
    Phase,
    Play,
    TakeIt,
    Trade,
    Undermine,
)
from game.tabletop.fan import FanSlot, fan_layout
from game.tabletop.fan import hit as fan_hit
from game.tabletop.sprites import CardSprite
from game.tabletop.targets import DIRS, Target, TargetCursor, button_width
from game.ui import text, theme

if TYPE_CHECKING:
    from game.games.blast.scene import BlastScene

Colour = tuple[int, int, int]
Spec = tuple[str, str, Callable[[], None], Colour]
"""A button: key, label, what it does, its colour."""

REFUSAL_SECONDS = 6.0
"""How long the prompt bar says why a clicked card cannot be played."""
BUTTON_PAD = 34
"""A table button's margin around its words (`button_width`'s), which a row too wide for
the felt trims down to `MIN_PAD`."""
MIN_PAD = 14
BUTTON_CLEAR = 8
"""How far (px) a lifted hand card stays under a button over it: its keys' focus ring clear."""
MARK_REACH = 8
"""How far (px) a hand card's glow (`view.card_mark`) and its keys' focus ring reach past its
edge: a lifted card keeps this far under a seat's walls."""
PICK_W, PICK_H = 142, 199
"""The endgame picker's cards: large enough that every name and rule line on them reads at 16 px
(at 72x100 they read at 8 px and strangers could not read them)."""
PICK_GAP = 8
PICKER_FOOT = 8
"""The picker's cards stand this far over the felt's foot; its panel reaches `PICKER_HEAD` over
them (its caption) and 8 px under them, so it covers no name plate over it."""
PICKER_HEAD = 36
ARRANGE_Y = 290
"""Centre line of the Twist of Fate's cards (over the stage, empty while they are arranged)."""


class RowCursor(TargetCursor):
    """The table's cursor. While walls are chosen on a row (`row`: their keys' prefix), Left
    and Right go along that row in its screen order and stop at its end: with an RPG's first
    wall chosen, Right wrapped round to a wall on the left or jumped off to Back (a stranger
    pressed D and the cursor went left). Elsewhere, the nearest target the way pressed."""

    def __init__(self) -> None:
        super().__init__()
        self.row: str | None = None
        #: The hand card last focused: Up or Down from the buttons comes back to it.
        self.last_hand: str | None = None
        #: Choosing a target: Up and Down jump between the players, Left and Right go along
        #: one player's walls (a stranger pressed eight times to reach Ana's iron wall).
        self.players = False

    def move(self, direction: str) -> bool:
        # the card left from counts too (focused at the decision's start, or by the mouse: a
        # stranger's W from his RPG to "Trade 3 for 1" then S came down on the rightmost card)
        if self.focus_key is not None and self.focus_key.startswith("hand:"):
            self.last_hand = self.focus_key
        moved = super().move(direction)
        if self.focus_key is not None and self.focus_key.startswith("hand:"):
            self.last_hand = self.focus_key
        return moved

    @staticmethod
    def _seat_of(key: str) -> int | None:
        """The player a target key belongs to ("wall:2:1", "seat:2", "no:seat:2": a player it
        cannot reach, which says why), or None."""
        head, _, rest = key.removeprefix("no:").partition(":")
        if head not in ("wall", "seat"):
            return None
        return int(rest.split(":")[0])

    def _by_player(self, key: str, direction: str) -> str | None:
        """`players`: the next player's way (Up: the one before, Down: the one after, in seat
        order, round from the last to the first) on their strongest reachable target, or
        along this player's walls; None off the players."""
        cur = self.get(key)
        seat = self._seat_of(key)
        if cur is None or seat is None:
            return None
        mine = [t for t in self.targets if t.keys and self._seat_of(t.key) is not None]
        if direction in ("left", "right"):
            sign = 1 if direction == "right" else -1
            if any(t.key.startswith("wall:") and self._seat_of(t.key) == seat for t in mine):
                way = sorted((t for t in mine if self._seat_of(t.key) == seat
                              and (t.rect.centerx - cur.rect.centerx) * sign > 0),
                             key=lambda t: (t.rect.centerx - cur.rect.centerx) * sign)
                return way[0].key if way else key  # this player's end: the focus stays
            # no walls to go along (a Spy's target, a knock-out): Left and Right go to the
            # next player that way on screen (a stranger pressed D for Ana, sat right of Ben,
            # and nothing moved)
            side = [t for t in mine if self._seat_of(t.key) != seat
                    and (t.rect.centerx - cur.rect.centerx) * sign > 0]
            if not side:
                return key  # the last player that way: the focus stays
            # the nearest across, so every player is a press or two away in screen order
            near = min(side, key=lambda t: ((t.rect.centerx - cur.rect.centerx) * sign,
                                            abs(t.rect.centery - cur.rect.centery)))
            to = self._seat_of(near.key)
            group = [t for t in mine if self._seat_of(t.key) == to]
            walls = [t for t in group if t.key.startswith("wall:")]
            return (walls[-1] if walls else group[0]).key
        seats = sorted({s for t in mine if (s := self._seat_of(t.key)) is not None})
        # round the players, never off them: Up and Down stay on the targets (a stranger's S
        # from the last player jumped to the Back button; Tab and Esc reach Back)
        i = (seats.index(seat) + (1 if direction == "down" else -1)) % len(seats)
        if seats[i] == seat:
            return key  # the only player: the focus stays
        group = [t for t in mine if self._seat_of(t.key) == seats[i]]
        walls = [t for t in group if t.key.startswith("wall:")]
        return (walls[-1] if walls else group[0]).key  # walls lie weakest to strongest

    def neighbour(self, key: str | None, direction: str) -> str | None:
        cur = self.get(key)
        if self.players and cur is not None and self._seat_of(cur.key) is not None:
            jump = self._by_player(cur.key, direction)
            if jump is not None:
                return jump
        if cur is not None and direction in ("up", "down"):
            # Up and Down go between the hand and the rest, never from card to card: the
            # focused card stands raised, so its neighbours lay 'below' it and Down went along
            # the hand, and back from the buttons the focus landed on a card far from where it
            # left (a stranger lost the focus ring between the buttons row and the hand)
            in_hand = cur.key.startswith("hand:")
            saved = self.targets
            if in_hand:
                self.targets = [t for t in saved if t is cur or not t.key.startswith("hand:")]
            try:
                nxt = super().neighbour(key, direction)
            finally:
                self.targets = saved
            if not in_hand and nxt is not None and nxt.startswith("hand:") \
                    and self.get(self.last_hand) is not None:
                return self.last_hand
            return nxt
        row = self.row
        if row is None or cur is None or direction not in ("left", "right") \
                or not cur.key.startswith(row):
            return super().neighbour(key, direction)
        sign = 1 if direction == "right" else -1
        way = sorted((t for t in self.targets if t.key.startswith(row)
                      and (t.rect.centerx - cur.rect.centerx) * sign > 0),
                     key=lambda t: (t.rect.centerx - cur.rect.centerx) * sign)
        return way[0].key if way else key  # the row's end: the focus stays

    def path_to(self, key: str, limit: int = 40) -> list[str] | None:
        """The shortest directions from the focus to `key`, with the hand card Up or Down
        comes back to (`last_hand`) followed along the way, as `move` keeps it."""
        start = (self.focus_key, self.focus_key if (self.focus_key or "").startswith("hand:")
                 else self.last_hand)
        if start[0] == key:
            return []
        saved = self.last_hand
        seen = {start}
        frontier: list[tuple[tuple[str | None, str | None], list[str]]] = [(start, [])]
        try:
            while frontier:
                nxt_frontier = []
                for (node, last), path in frontier:
                    for d in DIRS:
                        self.last_hand = last
                        n = self.neighbour(node, d)
                        state = (n, n if (n or "").startswith("hand:") else last)
                        if state in seen:
                            continue
                        if n == key:
                            return path + [d]
                        seen.add(state)
                        if len(path) < limit:
                            nxt_frontier.append((state, path + [d]))
                frontier = nxt_frontier
        finally:
            self.last_hand = saved
        return None


@dataclass
class Pick:
    """Where a multi-step choice stands: the stage, and what is chosen so far."""

    stage: str = "card"  # card | armed | target | walls | mode | trade | arrange | oops | mine
    card: str = ""
    target: int = NO_TARGET
    chosen: list[str] = field(default_factory=list)  # walls, or the arrange order
    picked: list[int] = field(default_factory=list)  # hand indices (trade), look indices
    at: list[int] = field(default_factory=list)  # where the chosen walls stand in their row
    aim: str | None = None
    """The aim's target last pointed at (a seat or a wall, stage "target"): it stays
    highlighted, and the lifted card clicked again plays it there (`again_on_aim`)."""


class TableControls:
    """The targets and cursor of the decision the table waits on, and the prompt bar."""

    def __init__(self, scene: BlastScene) -> None:
        self.scene = scene
        self.cursor = RowCursor()
        self.pick = Pick()
        self.seat: int | None = None
        self._key: tuple[object, ...] | None = None
        self._step: tuple[object, ...] = ()
        self.playable: set[int] = set()
        self.unplayable: set[int] = set()
        """Hand cards shown dimmed: clicking one says why it cannot be played now."""
        self.dimmed_why: str | None = None
        """Why the whole hand is dimmed while another choice is made (`_dim_hand`), or None."""
        self.pointer_pos: tuple[int, int] | None = None
        self.seen_cards: set[int] = set()
        """The hand's sprites (by id) when the pointer last moved: a card drawn since, under a
        resting pointer, does not pop up as pointed at (a stranger nearly clicked one)."""
        """Where the mouse last was (the card under it is lifted and previewed)."""
        self.focus_index: int | None = None
        """The hand card under the pointer or the keys' focus (the large preview shows it)."""
        self.came_from: tuple[int, int] | None = None
        """(turn, place): where in the hand the seat's last chosen card stood. After its play
        the keys come back there, to the playable card nearest it, in the same turn (they
        jumped to the hand's first card; a stranger walked back along the hand each play)."""
        self.can_trade = False
        self.can_undermine = False
        """Whether the play step offers a trade, the Underminer (for the prompt bar)."""
        self.refusal: tuple[str, float] | None = None
        """The last refused card's reason (from the rules) and when it was refused."""
        self.warned: str | None = None
        """The card whose play just warned that it would be wasted (a second click plays it)."""
        self.slots: list[FanSlot] = []
        self._last_ids: set[int] = set()  # the fan's card sprites (by id) at the last frame
        self._last_fan: list[CardSprite] = []  # and the sprites themselves, in order
        self._held: tuple[int, float] | None = None  # (index, x) of the card kept in place
        self._gap_at: float | None = None
        """Where a resting pointer's card left the hand: the hand closes up with a gap between
        two cards under it, so no other card slides under a still mouse (`gap_shift`)."""
        self.still_at: tuple[int, int] | None = None
        """Where the pointer rested when the hand closed up under it: until it moves, the card
        that slid under it is not pointed at (no lift, no click)."""
        self.hold_dx = 0.0
        """How far the hand sits off its centre so that the card under a pointer resting on
        the hand stays under it while cards land in the hand or leave it (a stranger's click,
        meant for one card, took its neighbour as the turn's card landed). Back to 0, easing,
        once the pointer leaves the hand."""

    # ------------------------------------------------------------------ upkeep

    def invalidate(self) -> None:
        self._key = None

    def reset(self) -> None:
        """Start the decision over (a new decision, or back out of every step)."""
        self.pick = Pick()
        self._key = None
        self.refusal = None
        self.warned = None

    def applied(self, action: Action) -> None:
        self.reset()

    def refresh(self, seat: int | None) -> None:
        """Rebuild the targets when the decision, its step or the hand changed."""
        sc = self.scene
        key = (seat, len(sc.state.events), self.pick.stage, self.pick.card, self.pick.target,
               tuple(self.pick.chosen), tuple(self.pick.picked), sc.finished,
               len(sc.presenter.fan), sc.presenter.viewer, sc.layout.home,
               text.scale())  # buttons are as wide as their words: larger text widens them
        if key == self._key:
            return
        if seat != self.seat:
            self.pick = Pick()
        step = (seat, self.pick.stage, self.pick.card)
        if step != self._step:
            self.cursor.focus_key = None  # a new step: keys and pads start on its first choice
            self._step = step
        self.seat = seat
        self._key = key
        targets, prefer = self.build(seat)
        self.cursor.row = "wall:" if self.pick.stage == "walls" else None
        self.cursor.players = self.pick.stage == "target"
        # a change the seat's own press made is no surprise: only the others' arm the spots
        # (`TargetCursor.pressed`)
        self.cursor.set_targets(targets, prefer, now=sc.real_time)

    def fan_slots(self) -> list[FanSlot]:
        """The hand fan's slots now: playable cards lifted, the hovered or focused one more;
        the cards sized for the hand's length (`TableLayout.fit_hand`)."""
        sc = self.scene
        lay = sc.layout
        self._close_up()
        lay.fit_hand(len(sc.presenter.fan))
        for card in sc.presenter.fan:
            card.w, card.h = lay.hand_w, lay.hand_h
        focus = None
        if sc.device_in_use(self.seat) == MOUSE:
            # the card under the pointer now, even when the fan moved under a still mouse, and
            # whether or not it may be chosen (read your hand while others play)
            if self.pointer_pos is not None and self.slots \
                    and self.pointer_pos != self.still_at:
                focus = fan_hit(self.slots, self.pointer_pos, sc.layout.hand_w,
                                  sc.layout.hand_h)
                if focus is not None and focus < len(sc.presenter.fan) \
                        and id(sc.presenter.fan[focus]) not in self.seen_cards:
                    focus = None  # arrived under a resting pointer: not pointed at yet
        else:
            key = self.cursor.focus_key
            if key is not None and key.startswith("hand:"):
                focus = int(key.split(":")[1])
        if self._held is not None:
            focus = self._held[0]  # the card kept under the resting pointer (its old index
            # named another card once the hand changed)
        if focus is not None and focus >= len(sc.presenter.fan):
            focus = None
        p = self.pick
        if focus is None and p.card and p.stage in ("armed", "target", "walls", "mode") \
                and p.card in sc.presenter.hand:
            focus = sc.presenter.hand.index(p.card)  # the card being aimed stays up
        lifted = self.playable | set(p.picked if p.stage == "trade" else ())
        self.focus_index = focus
        self.slots = fan_layout(len(sc.presenter.fan), lay.fan_centre, lay.fan_pitch,
                                lay.fan_width + lay.fan_pitch - lay.hand_w,
                                spread_deg=lay.fan_spread, playable=lifted, focus=focus)
        if not lay.fan_spread:  # a flat row: no sag along an arc (the row's ends stay in the
            # felt), and the lifted card pushes no neighbour onto the next one's rule line
            flat = fan_layout(len(sc.presenter.fan), lay.fan_centre, lay.fan_pitch,
                              lay.fan_width + lay.fan_pitch - lay.hand_w, spread_deg=0.0)
            self.slots = [replace(slot, x=row.x, y=lay.fan_centre[1])
                          for slot, row in zip(self.slots, flat, strict=True)]
        if focus is not None and focus in self.unplayable:  # a dimmed card rises neither
            # under the pointer nor at a click: it only says why (session 43: it lifted as if
            # chosen, then did nothing)
            self.slots = [replace(s, lift=0.0) if s.index == focus else s for s in self.slots]
        if self._held is not None:  # the card under the resting pointer stays where it was
            index, x = self._held
            self.hold_dx = max(-lay.fan_pitch, min(lay.fan_pitch, x - self.slots[index].x))
            self._held = None
        elif self._gap_at is not None:
            self.hold_dx = gap_shift(self.slots, self._gap_at, lay.hand_w, lay.fan_pitch)
            self._gap_at = None
        if self.hold_dx:
            self.slots = [replace(slot, x=slot.x + self.hold_dx) for slot in self.slots]
        self.slots = self._on_felt(self.slots, lay.hand_w,
                                   focus if self.hold_dx else None)
        self.slots = self._under_buttons(self.slots)
        self.slots = self._under_walls(self.slots)
        return self.slots

    @staticmethod
    def _on_felt(slots: list[FanSlot], card_w: float, held: int | None = None
                 ) -> list[FanSlot]:
        """The whole hand kept on the felt (an eight-card hand held under a resting pointer
        ran off the felt's left edge): the card `held` under the pointer stays put and the
        cards past it close up (overlapping more) on the side that ran off; else the hand
        closes up if it is wider than the felt, then moves in from the edge it passed."""
        if not slots:
            return slots
        room_l, room_r = FELT.left + 6 + card_w / 2, FELT.right - 6 - card_w / 2
        lo, hi = min(s.x for s in slots), max(s.x for s in slots)
        if held is not None and 0 <= held < len(slots) \
                and room_l <= (a := slots[held].x) <= room_r:
            def close(x: float) -> float:
                if x < a and lo < room_l:
                    return a - (a - x) * (a - room_l) / (a - lo)
                if x > a and hi > room_r:
                    return a + (x - a) * (room_r - a) / (hi - a)
                return x
            return [replace(s, x=close(s.x)) for s in slots]
        if hi - lo > room_r - room_l:
            k, mid = (room_r - room_l) / (hi - lo), (lo + hi) / 2
            slots = [replace(s, x=(room_l + room_r) / 2 + (s.x - mid) * k) for s in slots]
            lo, hi = min(s.x for s in slots), max(s.x for s in slots)
        dx = max(0.0, room_l - lo) - max(0.0, hi - room_r)
        return [replace(s, x=s.x + dx) for s in slots] if dx else slots

    def _under_buttons(self, slots: list[FanSlot]) -> list[FanSlot]:
        """A lifted card rises only to BUTTON_CLEAR px under a button over it (a stranger's
        pointed-at card slid under the Back button); the rest of the hand lifts fully."""
        lay = self.scene.layout
        buttons = [t.rect for t in self.cursor.targets
                   if t.kind == "button" and t.key.startswith("btn:")]
        if not buttons:
            return slots
        out = []
        for slot in slots:
            left = slot.x - lay.hand_w / 2
            top = slot.y - lay.hand_h / 2  # at rest
            over = [b.bottom for b in buttons
                    if b.x < left + lay.hand_w and b.right > left and b.bottom <= top]
            if over and slot.lift > 0:
                slot = replace(slot, lift=max(0.0, min(slot.lift,
                                                       top - max(over) - BUTTON_CLEAR)))
            out.append(slot)
        return out

    def _under_walls(self, slots: list[FanSlot]) -> list[FanSlot]:
        """A lifted card, its glow and focus ring (MARK_REACH) rise only to just under a seat's
        walls row over it: a stranger choosing a target could not see his own walls behind
        the card he had selected (at four and five seats the home zone sits over the hand)."""
        lay = self.scene.layout
        rows = [z.row for z in lay.zones]
        out = []
        for slot in slots:
            left = slot.x - lay.hand_w / 2 - MARK_REACH
            top = slot.y - lay.hand_h / 2  # at rest
            over = [r.bottom for r in rows
                    if r.x < left + lay.hand_w + 2 * MARK_REACH and r.right > left
                    and r.bottom <= top]
            if over and slot.lift > 0:
                slot = replace(slot, lift=max(0.0, min(slot.lift,
                                                       top - max(over) - MARK_REACH)))
            out.append(slot)
        return out

    def hand_area(self) -> pygame.Rect:
        """Where the hand lies (its cards lifted included): the pointer inside keeps it still."""
        lay = self.scene.layout
        w = lay.fan_width + lay.hand_w
        top = lay.fan_centre[1] - lay.hand_h / 2 - 40
        return pygame.Rect(round(lay.fan_centre[0] - w / 2), round(top), round(w),
                           round(FELT.bottom - top))

    def _close_up(self) -> None:
        """When cards land in the hand or leave it while the pointer rests on the hand, the
        card under the pointer stays there and the others make room round it (`hold_dx`).
        When that card itself left, the others close up at once, sliding together
        (`Presenter.place_fan`: a stranger saw the hole stay until something else happened),
        and the card that slides under the pointer is neither lifted nor taken by a click
        until the pointer moves (`still_at`: a stranger's next click once landed on the
        neighbour that slid in)."""
        fan = self.scene.presenter.fan
        ids = {id(c) for c in fan}
        resting = self.pointer_pos is not None \
            and self.scene.device_in_use(self.seat) == MOUSE \
            and self.hand_area().collidepoint(self.pointer_pos)
        if not resting:
            self.hold_dx = 0.0  # the pointer left the hand: it eases back to the middle
        elif ids != self._last_ids and self.slots and self.pointer_pos is not None:
            lay = self.scene.layout
            under = fan_hit(self.slots, self.pointer_pos, lay.hand_w, lay.hand_h)
            card = self._last_fan[under] if under is not None \
                and under < len(self._last_fan) else None
            if card is not None and id(card) in ids:  # it stays under the pointer
                self._held = (fan.index(card), self.slots[under].x if under is not None else 0)
            elif fan and len(ids) < len(self._last_ids) and ids <= self._last_ids:
                self.still_at = self.pointer_pos
                self._gap_at = self.pointer_pos[0]  # the hand closes up round the pointer
                if (self.cursor.hover_key or "").startswith("hand:"):
                    self.cursor.hover_key = None  # it named the card that left, by its place
        self._last_ids = ids
        self._last_fan = list(fan)

    # ------------------------------------------------------------------ building

    def build(self, seat: int | None) -> tuple[list[Target], str | None]:
        sc = self.scene
        self.playable = set()
        self.unplayable = set()
        self.dimmed_why = None
        if sc.finished:
            return [], None  # the match's end bar offers what comes next
        if seat is None:
            return [], None
        st = sc.state
        legal = st.legal_actions(seat)
        phase = st.phase
        if phase == Phase.DEFEND:
            return self._defend(seat, legal)
        if phase == Phase.ARRANGE:
            return self._arrange(seat, legal)
        if phase == Phase.ENDGAME:
            return self._endgame(seat, legal)
        return self._play(seat, legal)

    def _act(self, action: Action) -> None:
        self.scene.human_act(action)

    def _go(self, **changes: object) -> None:
        """Step into a further part of the choice."""
        for k, v in changes.items():
            setattr(self.pick, k, v)
        self.pick.aim = None
        self._key = None
        self.refusal = None
        self.warned = None
        self.scene.feedback.click()

    def back(self) -> bool:
        """Step back out of a choice; False when there is nothing to step out of."""
        p = self.pick
        if p.stage in ("card",) and not p.chosen and not p.picked:
            return False
        if p.stage == "walls" and p.chosen:
            p.chosen, p.at = [], []
        elif p.stage in ("walls", "mode"):
            p.stage, p.target, p.chosen, p.at = "target", NO_TARGET, [], []
        elif p.stage == "mine":
            p.stage, p.target = "target", NO_TARGET
        elif p.stage == "trade" and p.picked:  # one card back at a time (Back on a trade of
            self.cursor.focus_key = f"hand:{p.picked[-1]}"  # three dropped the whole
            p.picked = p.picked[:-1]  # choice, unsaid): the focus on the card put back
        else:
            self.pick = Pick()
        self._key = None
        self.scene.feedback.click()
        return True

    def step_back(self) -> None:
        """The Back button."""
        self.back()

    # ---- the hand

    def _hand_targets(self, cards: Mapping[int, Callable[[], None]],
                      keys: bool = True) -> list[Target]:
        out = []
        for i, fn in cards.items():
            s = self.scene.presenter.fan[i] if i < len(self.scene.presenter.fan) else None
            slot = self.slots[i] if i < len(self.slots) else None
            if s is None:
                continue
            x, y = slot.top if slot is not None else (s.x, s.y)
            r = pygame.Rect(0, 0, self.scene.layout.hand_w, self.scene.layout.hand_h)
            r.center = (round(x), round(y))
            out.append(Target(f"hand:{i}", r, fn, W.name_of(s.code), "card", keys=keys))
        return out

    def _hand(self) -> list[str]:
        return list(self.scene.presenter.hand)

    # ---- the play step

    def _play(self, seat: int, legal: list[Action]) -> tuple[list[Target], str | None]:
        p = self.pick
        plays = [a for a in legal if isinstance(a, Play)]
        if p.stage == "trade":
            return self._trade(seat, legal)
        if p.stage in ("target", "walls", "mode") and p.card:
            return self._play_card_steps(seat, [a for a in plays if a.card == p.card])
        if p.stage == "armed" and p.card:
            return self._armed(seat, plays)
        if p.stage in ("mine", "undermine"):
            return self._undermine(seat, [a for a in legal if isinstance(a, Undermine)])
        hand = self._hand()
        playable = {c for c in (a.card for a in plays)}
        cards = {i: partial(self._choose_card, c, plays) if c in playable
                 else partial(self.refuse, c) for i, c in enumerate(hand)}
        self.playable = {i for i, c in enumerate(hand) if c in playable}
        self.unplayable = set(cards) - self.playable
        self.can_trade = any(isinstance(a, Trade) for a in legal)
        self.can_undermine = any(isinstance(a, Undermine) for a in legal)
        self.fan_slots()
        specs: list[Spec] = []
        show = self.scene.couch() and self.scene.presenter.viewer != seat \
            and self.scene.state.plays_left > 0
        if show:  # decision 25: the turn goes on at the open table, hand hidden till asked
            specs.append(("btn:show", "Show my hand", self.scene.show_own_hand, theme.SKY))
        if self.can_trade:
            # the way out of a hand with no attack in it glows as the move to make: a stranger
            # held only walls for turns and missed the blue button beside Pass
            way_out = self.only_building(seat) or not self.playable \
                or self.stall_words(seat) is not None
            # the trade is the turn's whole move (rulebook: play, trade or pass): its button
            # says it ends the turn (a stranger's trade ended his turn unwarned, his
            # Underminer's dig unused)
            specs.append(("btn:trade", TRADE_LABEL, partial(self._go, stage="trade"),
                          theme.FUSE if way_out else theme.SKY))
        if self.can_undermine:
            digs = [a for a in legal if isinstance(a, Undermine)]
            specs.append(("btn:mine", "Underminer", partial(self._dig_or_choose, digs, None),
                          hud.CHARACTER))
        if any(isinstance(a, Pass) for a in legal):
            done = self.scene.state.played > 0 or self.scene.state.undermined
            specs.append(("btn:pass", "End turn" if done else "Pass", partial(self._act,
                                                                                Pass(seat)),
                          theme.INK_3))
        targets = self._hand_targets(cards)
        # no card to play: the keys start on the Underminer when he may dig (they started on
        # End turn, and a stranger's Space after bringing him in ended the turn undug)
        idle = "btn:show" if show else ("btn:mine" if self.can_undermine else "btn:pass")
        live = [int(t.key.split(":")[1]) for t in targets
                if int(t.key.split(":")[1]) in self.playable]
        turn, back = self.came_from or (-1, 0)
        first = idle if not live else f"hand:{live[0]}" if turn != self.scene.state.turn \
            else f"hand:{min(live, key=lambda i: (abs(i - back), i))}"
        return targets + self._buttons(specs), first

    def stall_words(self, seat: int) -> str | None:
        """What the bar says when the seat could trade but nothing in its hand could hurt an
        enemy now: the enemy wall nearest to breaking and what to dig for ("Nothing here
        breaks Ben's iron wall: ..."); None otherwise (a stranger's duel stood from round 9 to
        20 behind iron walls, his arrows and pipe bombs no use, told only to build)."""
        st = self.scene.state
        if not self.can_trade or self.seat != seat or not nothing_hurts(st, seat) \
                or not any(c in EXPLOSIVES for c in self._hand()):
            return None  # (a hand of walls is told "Nothing to attack with now")
        best: tuple[int, int, str] | None = None
        for e in st.alive_seats():
            walls = st.players[e].walls
            if e == seat or not walls:
                continue
            w = FORCE_FIELD if FORCE_FIELD in walls else min(walls, key=wall_strength)
            if best is None or wall_strength(w) < best[0]:
                best = (wall_strength(w), e, w)
        if best is None:
            return None
        _, e, w = best
        whose = W.Voice.speaking_to(self.scene.names, seat).poss(e)
        if w == FORCE_FIELD:
            return f"Nothing here gets through {whose} Force Field: \"Trade 3 for 1\" to dig " \
                   "for a Spy"
        need = [n for c, n in ((PIPE, "a Pipe Bomb"), (TNT, "TNT"), (C4, "a C4"), (RPG, "an RPG"))
                if can_destroy(CARDS[c].power, w)]
        return f"Nothing here breaks {whose} {W.walls_phrase([w])}: \"Trade 3 for 1\" to dig " \
               f"for {' or '.join([', '.join(need[:-1]), need[-1]] if len(need) > 1 else need)}"

    def productivity_tip(self, seat: int) -> str | None:
        """The bar's tip when an enemy stands behind one wall and the hand holds Productivity
        and two explosives, one that breaks it: both fit in this turn (a stranger knocked the
        one wall an Easy seat rebuilt down every turn from round 14 to 21, never seeing how
        to get ahead); None otherwise."""
        st = self.scene.state
        hand = self._hand()
        if self.seat != seat or PRODUCTIVITY not in hand or st.productivity_gain() <= 0 \
                or sum(1 for c in hand if c in EXPLOSIVES) < 2:
            return None
        lone = [st.players[e].walls[0] for e in st.alive_seats()
                if e != seat and not st.players[e].diplomacy
                and len(st.players[e].walls) == 1 and FORCE_FIELD not in st.players[e].walls]
        if not any(c in EXPLOSIVES and can_destroy(CARDS[c].power, w)
                   for c in hand for w in lone):
            return None
        return "Play Productivity for two more cards this turn: break the wall, then attack again"

    def only_building(self, seat: int) -> bool:
        """Whether every card the hand may play is a wall: it can build but not attack, and a
        trade is how it draws toward an attack (a stranger held only walls for turns)."""
        hand = self._hand()
        cards = [hand[i] for i in self.playable if i < len(hand)]
        return bool(cards) and all(c in WALLS for c in cards) and self.seat == seat

    def _choose_card(self, card: str, plays: list[Play]) -> None:
        mine = [a for a in plays if a.card == card]
        if not mine:
            return
        hand = self._hand()
        if card in hand:
            self.came_from = (self.scene.state.turn, hand.index(card))
        if all(a.target == NO_TARGET for a in mine):
            if self._arms(card) and not (self.pick.stage == "armed" and self.pick.card == card):
                self._go(stage="armed", card=card, target=NO_TARGET, chosen=[], at=[])
                return
            if card == PRODUCTIVITY and self._wasted_productivity():
                return
            self._act(mine[0])
            return
        self._go(stage="target", card=card, target=NO_TARGET, chosen=[], at=[])

    def _arms(self, card: str) -> bool:
        """Whether choosing `card`, which has nothing to aim at, only lifts it (armed: a second
        press or click plays it, Back puts it down) rather than playing it at once: always,
        for every card and device, as the Exploding Kittens app lifts a tapped card before it
        is played. The keys' focus starts on a card the player never chose (after a hand-off
        one Space built a stranger's Palisade unasked); a click brought in a stranger's
        Underminer; and two strangers found the mouse's one-click walls beside its two-click
        characters and the keys' two presses a trap ("a misclick can waste a turn"; the hand
        re-centred under a quick second click)."""
        return True

    def _armed(self, seat: int, plays: list[Play]) -> tuple[list[Target], str | None]:
        """An armed card (`_arms`): the keys start on its Play button; the card clicked again,
        or Back, puts it down; another playable card clicked is chosen instead."""
        card = self.pick.card
        if not any(a.card == card for a in plays):
            self.pick = Pick()
            return self._play(seat, self.scene.state.legal_actions(seat))
        play = partial(self._choose_card, card, plays)
        specs: list[Spec] = [
            ("btn:play", f"Play {W.name_of(card)}", play, theme.FUSE),
            ("btn:back", "Back", self.step_back, theme.INK_3)]
        return self._aim_hand(seat, again=play) + self._buttons(specs), "btn:play"

    def _wasted_productivity(self) -> bool:
        """A Productivity that would add no play (one is already in effect this turn) warns
        first: the click says so and a second click plays it anyway (a playtester's second
        Productivity was spent for nothing, silently). True while it only warned."""
        sc = self.scene
        gain = sc.state.productivity_gain()
        if gain > 0 or self.warned == PRODUCTIVITY:
            return False
        self.warned = PRODUCTIVITY
        # in plain words (a stranger could not read "counts this one among them ... gives
        # it back: no extra play"; an earlier one read "three if one of them is a
        # Productivity" on the card and "no extra play" as a contradiction)
        left = count(sc.state.plays_left, "play")
        does = (f"A second Productivity adds no play: it uses one and gives one back, so you "
                f"still have {left}") if gain == 0 \
            else f"Another Productivity adds no play: it uses one of your {left} and gives " \
                 "nothing back"
        seat = sc.decider()
        again = "Click it" if seat is None or sc.device_in_use(seat) == MOUSE \
            else f"Press {sc.app.input.word_for(sc.device_in_use(seat), 'confirm')}"  # on its
        # Play button, where the keys stand once the card is armed (`_arms`)
        self.refusal = (f"{does}. {again} again to play it anyway", sc.clock)
        sc.feedback.error()
        return True

    def _play_card_steps(self, seat: int, plays: list[Play]) -> tuple[list[Target], str | None]:
        p = self.pick
        back: list[Spec] = [("btn:back", "Back", self.step_back, theme.INK_3)]
        if not plays:
            self.pick = Pick()
            return self._buttons(back), "btn:back"
        if p.stage == "target":
            # one click on a seat, or straight on the wall an explosive destroys there; the
            # enemies it cannot reach say why, and another card of the hand may be picked
            seats = sorted({a.target for a in plays})
            targets = self._refused_seats(seat, p.card, seats)
            targets += [self._seat_target(s, partial(self._choose_target, s, plays))
                        for s in seats]
            if p.card in EXPLOSIVES:
                for s in seats:
                    targets += self._direct_walls(seat, p.card, s,
                                                  [a for a in plays if a.target == s])
                targets = self._walls_for_keys(seat, targets)
            # keys start on a wall-less enemy it knocks out (a playtester's aim began on the
            # other person's palisade), else on the first wall it can destroy
            bare = [f"seat:{s}" for s in seats if not self.scene.presenter.seats[s].walls]
            first = next((t.key for t in targets if t.key in bare),
                         self._best_wall(targets)
                         or next(t.key for t in targets if not t.key.startswith("no:")))
            return self._aim_hand(seat, again=self.again_on_aim) + targets \
                + self._buttons(back), first
        mine = [a for a in plays if a.target == p.target]
        what = "wall" if p.stage == "walls" else "choice"
        hand = self._dim_hand(f"Finish the {W.name_of(p.card)}'s {what} first, or Back to "
                              "choose again", aimed=True)
        if p.stage == "walls":
            walls = self._walls(mine)
            return hand + walls + self._buttons(back), self._next_wall(walls)
        # mode: a Spy's steal or break, an Assassin's victim
        if p.card == "assassin":
            targets = [self._token_target(p.target, a.mode, partial(self._act, a)) for a in mine]
            return hand + targets + self._buttons(back), \
                targets[0].key if targets else "btn:back"
        specs: list[Spec] = [(f"btn:mode:{a.mode}", hud.MODE_LABELS.get(a.mode, a.mode),
                              partial(self._act, a), theme.FUSE) for a in mine]
        return hand + self._buttons(specs + back), specs[0][0]

    def _aim_hand(self, seat: int, again: Callable[[], None] | None = None) -> list[Target]:
        """While a card is aimed, the hand stays live: the same card again puts it down (or,
        `again`, plays it: an armed card clicked twice), another playable card is picked
        instead, a dimmed one says why."""
        sc = self.scene
        plays = [a for a in sc.state.legal_actions(seat) if isinstance(a, Play)]
        playable = {a.card for a in plays}
        hand = self._hand()
        chosen = hand.index(self.pick.card) if self.pick.card in hand else -1
        cards: dict[int, Callable[[], None]] = {}
        for i, c in enumerate(hand):
            if i == chosen:
                cards[i] = again or self.reset_and_click
            elif c in playable:
                cards[i] = partial(self._choose_card, c, plays)
            else:
                cards[i] = partial(self.refuse, c)
        self.playable = {i for i, c in enumerate(hand) if c in playable}
        self.unplayable = set(cards) - self.playable
        self.fan_slots()
        # the mouse's alone: the keys move among the aim's own targets (walls, seats,
        # buttons) and go back with their back key (a stranger's D wandered into his hand)
        return self._hand_targets(cards, keys=False)

    def _refused_seats(self, seat: int, card: str, allowed: list[int]) -> list[Target]:
        """The living enemies `card` cannot be aimed at now: pointing at one says why."""
        st = self.scene.state
        out = []
        for e in st.alive_seats():
            if e == seat or e in allowed:
                continue
            why = st.why_not_at(seat, card, e).say(self.scene.names)
            z = self.scene.layout.zone(e).rect
            out.append(Target(f"no:seat:{e}", z.copy(), partial(self.say_no, why),
                              why, "seat"))
        return out

    def _direct_walls(self, seat: int, card: str, target: int,
                      plays: list[Play]) -> list[Target]:
        """Every wall of `target`: the ones the explosive may destroy play it in one click
        (an RPG's first of two), the others say why not."""
        walls = self.scene.presenter.seats[target].walls
        rects = self.scene.wall_hits(target)
        if not plays or not any(a.walls for a in plays):
            return []
        need = max(len(a.walls) for a in plays)
        name = W.name_of(card)
        out = []
        for i, w in enumerate(walls):
            if i >= len(rects):
                break
            nxt = [a for a in plays if w in a.walls]
            if nxt:
                out.append(Target(f"wall:{target}:{i}", rects[i],
                                  partial(self._wall_at, target, w, nxt, need), W.SHORT[w],
                                  "card"))
            else:
                why = f"the {name} cannot destroy {article(W.SHORT[w])} {W.SHORT[w]} " \
                      f"({W.BREAKS[w]} breaks it)"
                out.append(Target(f"no:wall:{target}:{i}", rects[i],
                                  partial(self.say_no, W.capitalise(why)), W.capitalise(why),
                                  "card"))
        return one_per_stack(out)

    def _best_wall(self, targets: list[Target]) -> str | None:
        """The wall key the keys start an aim on: the strongest wall the card breaks at the
        leading rival (the most wall strength and characters on the table), not the first
        wall of the first rival (a stranger pressed eight times to reach Ana's iron wall)."""
        seats = self.scene.presenter.seats
        walls = [(int(t.key.split(":")[1]), int(t.key.split(":")[2]), t.key) for t in targets
                 if t.key.startswith("wall:")]
        if not walls:
            return None

        def lead(s: int) -> int:
            return sum(wall_strength(w) for w in seats[s].walls) + 5 * len(seats[s].characters)

        best = max(walls, key=lambda w: (lead(w[0]), wall_strength(seats[w[0]].walls[w[1]]),
                                         -w[0], w[1]))
        return best[2]

    def _walls_for_keys(self, seat: int, targets: list[Target]) -> list[Target]:
        """With keys or a pad, an aim at walls moves only between the walls it may take: a
        player's panel with such walls in it, and the walls it cannot take, are the mouse's
        alone (a stranger's cursor stopped on Ben's whole panel, no wall labelled, and Space
        hit a palisade he never picked). A player it cannot reach at all (a Force Field)
        stays on the way, and says why when the cursor is on it."""
        if self.scene.device_in_use(seat) == MOUSE:
            return targets
        walled = {t.key.split(":")[1] for t in targets if t.key.startswith("wall:")}
        return [replace(t, keys=False) if t.key.startswith("no:wall:")
                or (t.key.startswith("seat:") and t.key.split(":")[1] in walled) else t
                for t in targets]

    def _wall_at(self, target: int, wall: str, plays: list[Play], need: int) -> None:
        """A wall clicked straight from the choice of target."""
        self.pick.target, self.pick.stage, self.pick.chosen = target, "walls", []
        self.pick.at = []
        self._choose_wall(wall, plays, need)

    def stuck(self, seat: int, direction: str) -> None:
        """A direction pressed that moved nowhere: along a walls row it is the row's end,
        and the aim is held to that player's walls; the bar says so (a stranger's RPG, its
        first wall chosen, silently refused to move on to another player)."""
        p = self.pick
        if p.stage != "walls" or direction not in ("left", "right") or not p.card:
            return
        spoken = W.Voice.speaking_to(self.scene.names, seat)
        back = self._press(seat)[2]
        name = W.name_of(p.card)
        if p.chosen:
            why = f"The {name} destroys two walls of one player: its second is " \
                  f"{spoken.poss(p.target)} too ({back}: choose again)"
        else:
            why = f"The {name} is aimed at {spoken.poss(p.target)} walls ({back}: aim " \
                  "at another player)"
        self.say_no(why)

    def say_no(self, why: str) -> None:
        """A target that cannot be chosen was: say why in the prompt bar."""
        self.refusal = (f"{why.rstrip('.')}.", self.scene.clock)
        self.scene.feedback.error()

    def _choose_target(self, target: int, plays: list[Play]) -> None:
        mine = [a for a in plays if a.target == target]
        card = self.pick.card
        if card in EXPLOSIVES:
            if len({a.walls for a in mine}) <= 1:
                self._act(mine[0])
                return
            self._go(stage="walls", target=target, chosen=[], at=[])
            return
        if len(mine) == 1:
            self._act(mine[0])
            return
        self._go(stage="mode", target=target)

    def _walls(self, plays: list[Play]) -> list[Target]:
        """The walls an explosive may still take, given the walls already chosen."""
        p = self.pick
        chosen = Counter(p.chosen)
        need = max(len(a.walls) for a in plays)
        fits = [a for a in plays if not chosen - Counter(a.walls)]
        walls = self.scene.presenter.seats[p.target].walls
        rects = self.scene.wall_hits(p.target)
        out = []
        taken = chosen_places(walls, p.chosen, p.at)
        for i, w in enumerate(walls):
            if i in taken:
                continue  # this one is already chosen
            nxt = [a for a in fits if not (chosen + Counter([w])) - Counter(a.walls)]
            if not nxt or i >= len(rects):
                continue
            out.append(Target(f"wall:{p.target}:{i}", rects[i],
                              partial(self._choose_wall, w, nxt, need), W.SHORT[w], "card"))
        return one_per_stack(out)

    def _next_wall(self, walls: list[Target]) -> str | None:
        """Where keys go for the second wall: the next wall to the right of the first one
        chosen, else the nearest to its left (focus jumped back to the left-most wall, and
        two presses on from there landed on Back, which undid the first pick)."""
        if not walls:
            return None
        if not self.pick.at:
            return walls[0].key
        at = self.pick.at[-1]
        index = {t.key: int(t.key.split(":")[2]) for t in walls}
        right = [t.key for t in walls if index[t.key] > at]
        return right[0] if right else walls[-1].key

    def _choose_wall(self, wall: str, plays: list[Play], need: int) -> None:
        key = self.cursor.focus_key or self.cursor.hover_key or ""
        parts = key.split(":")
        if key.startswith("wall:") and len(parts) == 3:  # the wall pressed, by its place
            self.pick.at = [*self.pick.at, int(parts[2])]
        chosen = [*self.pick.chosen, wall]
        done = [a for a in plays if Counter(a.walls) == Counter(chosen)]
        if done and (len(chosen) >= need or all(len(a.walls) == len(chosen) for a in plays)):
            self._act(done[0])
            return
        self._go(chosen=chosen)

    def _trade(self, seat: int, legal: list[Action]) -> tuple[list[Target], str | None]:
        p = self.pick
        hand = self._hand()
        trades = {tuple(sorted(a.cards)) for a in legal if isinstance(a, Trade)}
        cards = {i: partial(self._toggle_trade, i) for i in range(len(hand))}
        self.playable = set()
        self.fan_slots()
        specs: list[Spec] = []
        chosen = tuple(sorted(hand[i] for i in p.picked if i < len(hand)))
        if len(p.picked) == 3 and chosen in trades:
            specs.append(("btn:confirm", "Trade these 3 (ends your turn)",
                          partial(self._trade_now, Trade(seat, chosen)), theme.FUSE))
        specs.append(("btn:back", "Back", self.step_back, theme.INK_3))
        targets = self._hand_targets(cards)
        prefer = "btn:confirm" if len(p.picked) == 3 else (targets[0].key if targets else None)
        return targets + self._buttons(specs), prefer

    def _dig_unused(self) -> bool:
        """Whether the seat's Underminer may still dig this turn (a trade would end the turn
        with his dig unused)."""
        seat = self.seat
        return seat is not None and any(isinstance(a, Undermine)
                                        for a in self.scene.state.legal_actions(seat))

    def _trade_now(self, trade: Trade) -> None:
        """"Trade these 3": the trade ends the turn (rulebook: a turn plays, trades or
        passes), so with the Underminer's dig still unused the first press only warns, and
        a second press trades anyway (a stranger's trade ended his turn and the log then
        said his Underminer stayed idle)."""
        sc = self.scene
        if self._dig_unused() and self.warned != TRADE_WARNED:
            self.warned = TRADE_WARNED
            seat = sc.decider()
            mouse = seat is None or sc.device_in_use(seat) == MOUSE
            _pick, choose, back = self._press(seat) if seat is not None else ("", "", "Back")
            again = "Click \"Trade these 3\"" if mouse else f"Press {choose}"
            back = "Back" if mouse else back
            self.refusal = ("Your Underminer has not dug yet, and a trade ends your turn. "
                            f"{back} to dig first, or {again} again to trade anyway", sc.clock)
            sc.feedback.error()
            return
        self._act(trade)

    def _toggle_trade(self, index: int) -> None:
        picked = list(self.pick.picked)
        if index in picked:
            picked.remove(index)
        elif len(picked) < 3:
            picked.append(index)
            if len(picked) == 3:  # the choice is whole: the keys go on to "Trade these 3"
                self.cursor.focus_key = "btn:confirm"  # (W from the right end found Back)
        self._go(picked=picked)

    def _undermine(self, seat: int, mines: list[Undermine]) -> tuple[list[Target], str | None]:
        p = self.pick
        back: list[Spec] = [("btn:back", "Back", self.step_back, theme.INK_3)]
        hand = self._dim_hand("Choose the wall the Underminer digs under, or Back to play a "
                              "card")
        if p.stage == "undermine" or p.target == NO_TARGET:
            seats = sorted({a.target for a in mines})
            targets = [self._seat_target(s, partial(self._dig_or_choose, mines, s))
                       for s in seats]
            for s in seats:  # or straight on the wall to dig under
                rects = self.scene.wall_hits(s)
                kinds = {a.wall: a for a in mines if a.target == s}
                targets += [Target(f"wall:{s}:{i}", rects[i],
                                   partial(self._act, kinds[w]), W.SHORT[w], "card")
                            for i, w in enumerate(self.scene.presenter.seats[s].walls)
                            if w in kinds and i < len(rects)]
            targets = self._walls_for_keys(seat, one_per_stack(targets))
            return hand + targets + self._buttons(back), \
                targets[0].key if targets else "btn:back"
        walls = self.scene.presenter.seats[p.target].walls
        rects = self.scene.wall_hits(p.target)
        kinds = {a.wall: a for a in mines if a.target == p.target}
        targets = [Target(f"wall:{p.target}:{i}", rects[i],
                          partial(self._act, kinds[w]), W.SHORT[w], "card")
                   for i, w in enumerate(walls) if w in kinds and i < len(rects)]
        targets = one_per_stack(targets)
        return hand + targets + self._buttons(back), targets[0].key if targets else "btn:back"

    def _dig_or_choose(self, mines: list[Undermine], target: int | None) -> None:
        """The Underminer's button (`target` None) or a seat chosen for him: with one wall
        kind left to dig there, he digs at once; else the walls to choose from (a stranger
        was asked to pick the one wall left, and a click beside it left the turn waiting)."""
        options = {(a.target, a.wall): a for a in mines
                   if target is None or a.target == target}
        if len(options) == 1:
            self._act(next(iter(options.values())))
        elif target is None:
            self._go(stage="undermine")
        else:
            self._go(stage="mine", target=target)

    def _dim_hand(self, why: str, aimed: bool = False) -> list[Target]:
        """The whole hand dimmed and not offered while a choice that is not a card's is made
        (a stranger choosing the Underminer's wall saw the hand un-dim and look playable): a
        click on a card only says `why`, and the keys never reach the hand. `aimed`: the card
        being aimed (a wall or a Spy's choice still to make) stays up, undimmed, and a click
        on it puts it down."""
        hand = self._hand()
        chosen = hand.index(self.pick.card) if aimed and self.pick.card in hand else -1
        self.playable = set()
        self.unplayable = set(range(len(hand))) - {chosen}
        self.dimmed_why = why
        self.fan_slots()
        cards: dict[int, Callable[[], None]] = {i: partial(self.say_no, why)
                                                for i in self.unplayable}
        if chosen >= 0:
            cards[chosen] = self.reset_and_click
        return self._hand_targets(dict(sorted(cards.items())), keys=False)

    # ---- out of turn, the Twist of Fate, the endgame

    def _defend(self, seat: int, legal: list[Action]) -> tuple[list[Target], str | None]:
        p = self.pick
        defends = [a for a in legal if isinstance(a, Defend)]
        if p.stage == "oops":
            mine = [a for a in defends if a.card == "oops"]
            targets = [self._seat_target(a.target, partial(self._act, a)) for a in mine]
            back: list[Spec] = [("btn:back", "Back", self.step_back, theme.INK_3)]
            return targets + self._buttons(back), targets[0].key if targets else "btn:back"
        hand = self._hand()
        kinds = list(dict.fromkeys(a.card for a in defends))
        cards = {i: partial(self._choose_defence, c, defends) if c in kinds
                 else partial(self.refuse, c) for i, c in enumerate(hand)}
        self.playable = {i for i, c in enumerate(hand) if c in kinds}
        self.unplayable = set(cards) - self.playable
        self.fan_slots()
        specs: list[Spec] = [(f"btn:def:{c}", self._defence_label(c, defends),
                              partial(self._choose_defence, c, defends), hud.DEFENCE)
                             for c in kinds]
        specs.append(("btn:take", "Take it", partial(self._act, TakeIt(seat)), theme.BLAST))
        return self._hand_targets(cards) + self._buttons(specs), specs[0][0]

    def _defence_label(self, card: str, defends: list[Defend]) -> str:
        """A defence's button; an Oops says where it sends the explosive, as the rulebook
        rules it: back to no one, to the one player left over with three remaining, a choice
        with four or more, a cancel with two (a stranger's Oops went off with no word of
        where, read as a choice the game had skipped)."""
        if card != OOPS:
            return W.name_of(card)
        targets = [a.target for a in defends if a.card == OOPS]
        if targets == [NO_TARGET]:
            return "Oops: cancel it"
        if len(targets) == 1:
            return f"Oops: send it to {self.scene.names[targets[0]]}"
        return "Oops: choose where"

    def refuse(self, card: str) -> None:
        """A card that cannot be played now was chosen: say why, in the rules' words."""
        sc = self.scene
        seat = self.seat
        why = sc.state.why_unplayable(seat, card) if seat is not None else None
        reason = why.say(sc.names) if why is not None else "That card cannot be played now"
        self.refusal = (W.sentence(reason), sc.clock)
        sc.feedback.error()

    def field_line(self) -> str | None:
        """Over the hand when enemy Force Fields dim every explosive in it: whose fields, and
        what still works (a stranger's whole hand of explosives went dim behind Easy's Force
        Field, each card saying why only when pointed at). None when it does not apply."""
        sc = self.scene
        st = sc.state
        seat = self.seat
        if seat is None or st.phase != Phase.PLAY or st.plays_left <= 0 \
                or self.pick.stage != "card" or sc.presenter.viewer != seat:
            return None
        hand = sc.presenter.hand
        bombs = [i for i, c in enumerate(hand) if c in EXPLOSIVES]
        if not bombs or any(i in self.playable for i in bombs):
            return None
        fielded = [s for s in st.alive_seats() if s != seat
                   and st.players[s].has_force_field() and not st.players[s].diplomacy]
        if not fielded:
            return None
        v = W.Voice.speaking_to(sc.names, seat)
        whose = listing([v.poss(s) for s in fielded])
        fields = "Force Fields stop" if len(fielded) > 1 else "Force Field stops"
        one = "it" if len(fielded) == 1 else "one"
        then = f"Play your Spy on {one} to destroy it." if SPY in hand \
            else f"Only a Spy destroys {one}; meanwhile build, trade or pass."
        return W.capitalise(f"{whose} {fields} every explosive. {then}")

    def reason_for(self, index: int) -> str | None:
        """Why the hand card at `index` cannot be played now (None: it can, or no decision)."""
        sc = self.scene
        if index not in self.unplayable or self.seat is None:
            return None
        hand = sc.presenter.hand
        if index >= len(hand):
            return None
        if self.dimmed_why is not None:
            return self.dimmed_why
        why = sc.state.why_unplayable(self.seat, hand[index])
        return None if why is None else why.say(sc.names)

    def _choose_defence(self, card: str, defends: list[Defend]) -> None:
        mine = [a for a in defends if a.card == card]
        if len(mine) == 1:
            self._act(mine[0])
        elif mine:
            self._go(stage="oops", card=card)

    def _arrange(self, seat: int, legal: list[Action]) -> tuple[list[Target], str | None]:
        p = self.pick
        sc = self.scene
        looking = sc.state.looking() if sc.presenter.viewer == seat else []
        if not looking:
            return [], None
        rects = arrange_rects(len(looking), sc.layout.wide)
        slots = arrange_slots(len(looking), p.picked)
        targets = [Target(f"look:{i}", rects[slots.index(i)], partial(self._place, i),
                          W.name_of(c), "card")
                   for i, c in enumerate(looking) if i not in p.picked]
        order = tuple(looking[i] for i in p.picked)
        specs: list[Spec] = []
        if len(order) == len(looking) and any(isinstance(a, Arrange) and a.order == order
                                             for a in legal):
            specs.append(("btn:confirm", "Put them back", partial(self._act,
                                                                  Arrange(seat, order)),
                          theme.FUSE))
        elif not p.picked:
            specs.append(("btn:keep", "Keep this order",
                          partial(self._act, Arrange(seat, tuple(looking))), theme.INK_3))
        if p.picked:
            specs.append(("btn:reset", "Start again", self.reset_and_click, theme.INK_3))
        buttons = self._buttons(specs)
        return targets + buttons, targets[0].key if targets else "btn:confirm"

    def reset_and_click(self) -> None:
        self.reset()
        self.scene.feedback.click()

    def aimed(self) -> Target | None:
        """The target the card being aimed was last pointed at, if it is still one to choose."""
        p = self.pick
        if p.stage != "target" or not p.card or p.aim is None:
            return None
        return self.cursor.get(p.aim)

    def note_aim(self, key: str | None) -> None:
        """The pointer is on `key`: a seat or wall the aimed card may go to is remembered as
        the aim's highlighted target."""
        if self.pick.stage == "target" and self.pick.card and key is not None \
                and key.startswith(("seat:", "wall:")) and self.cursor.get(key) is not None:
            self.pick.aim = key

    def again_on_aim(self) -> None:
        """The lifted card clicked again: a player clicking twice means "play it", so it is
        played on the highlighted target when one was chosen, or on its only one; with several
        and none lit it stays chosen and the bar says again what to click (a stranger's second
        click on a Firestorm, "click Ben to knock out", put it down without a word; Esc, a
        right click or a click on the bare felt put it down)."""
        t = self.aimed()
        if t is not None:
            self.cursor.focus_key = t.key
            t.on_activate()
            return
        sc = self.scene
        seat = self.seat
        plays = [a for a in sc.state.legal_actions(seat) if isinstance(a, Play)
                 and a.card == self.pick.card] if seat is not None else []
        if len(plays) == 1:
            self._act(plays[0])
            return
        self.refusal = None
        said = self._human_prompt(seat) if seat is not None else ""
        self.refusal = (f"Still chosen. {said}", sc.clock)  # the bar says it again, lit
        sc.feedback.error()

    def _place(self, index: int) -> None:
        """`index` lies next from the top; when one card is left, it lies last by itself (a
        playtester had to click the last of four, asked for the '5th from the top')."""
        picked = [*self.pick.picked, index]
        left = [i for i in range(self.scene.state.twist) if i not in picked]
        if len(left) == 1:
            picked += left
        self._go(picked=picked)

    def _endgame(self, seat: int, legal: list[Action]) -> tuple[list[Target], str | None]:
        p = self.pick
        ends = [a for a in legal if isinstance(a, Endgame)]
        back: list[Spec] = [("btn:back", "Back", self.step_back, theme.INK_3)]
        if p.stage == "target":
            mine = [a for a in ends if a.card == p.card]
            targets = [self._seat_target(a.target, partial(self._act, a)) for a in mine]
            return targets + self._buttons(back), targets[0].key if targets else "btn:back"
        rects = picker_rects()
        available = {a.card for a in ends}
        targets = [Target(f"eg:{c}", rects[i], partial(self._choose_endgame, c, ends),
                          W.name_of(c), "card")
                   for i, c in enumerate(ENDGAME_CARDS) if c in available]
        specs: list[Spec] = [("btn:pass", "Pass", partial(self._act, Pass(seat)), theme.INK_3)]
        buttons = self._buttons(specs)
        top = rects[0].y - PICKER_HEAD  # the panel's top (`view.decision_panel`)
        for b in buttons:  # over the panel's right end, clear of the cards and every zone
            b.rect.bottomright = (rects[-1].right, top - 4)
        return targets + buttons, targets[0].key if targets else "btn:pass"

    def _choose_endgame(self, card: str, ends: list[Endgame]) -> None:
        mine = [a for a in ends if a.card == card]
        if len(mine) == 1 and mine[0].target == NO_TARGET:
            self._act(mine[0])
        elif mine:
            self._go(stage="target", card=card)

    # ---- things to point at

    def _seat_target(self, seat: int, fn: Callable[[], None]) -> Target:
        z = self.scene.layout.zone(seat).rect
        return Target(f"seat:{seat}", z.copy(), fn, self.scene.names[seat], "seat")

    def _token_target(self, seat: int, character: str, fn: Callable[[], None]) -> Target:
        sv = self.scene.presenter.seats[seat]
        rects = self.scene.token_rects(seat)
        i = sv.characters.index(character) if character in sv.characters else 0
        r = rects[i] if i < len(rects) else pygame.Rect(0, 0, TOKEN, TOKEN)
        return Target(f"char:{seat}:{character}", r.inflate(6, 6), fn, W.name_of(character),
                      "card")

    def _buttons(self, specs: list[Spec]) -> list[Target]:
        sc = self.scene
        if not specs:
            return []
        widths = [button_width(label, "") for _k, label, _f, _c in specs]
        gap = 12
        room = sc.layout.button_room()
        if sum(widths) + gap * (len(specs) - 1) > room:
            # Larger text: four answers ran off the felt into the sidebar. Closer together,
            # and each button's margin around its words trimmed to what the row lacks.
            gap = 6
            words = [text.render(label, 17, theme.CREAM, True).get_width()
                     for _k, label, _f, _c in specs]
            spare = room - gap * (len(specs) - 1) - sum(words)
            pad = max(MIN_PAD, min(BUTTON_PAD, spare // len(specs)))
            widths = [w + pad for w in words]
        total = sum(widths) + gap * (len(specs) - 1)
        row = sc.layout.button_row(total)
        x = row.x
        out = []
        for (key, label, fn, colour), w in zip(specs, widths, strict=True):
            out.append(Target(key, pygame.Rect(x, row.y, w, row.h), fn, label, "button", "",
                              colour))
            x += w + gap
        return out

    # ------------------------------------------------------------------ the prompt bar

    def prompt(self) -> tuple[int | None, str]:
        """Who must act and exactly what to do (the bar at the bottom)."""
        sc = self.scene
        st = sc.state
        if sc.curtain is not None:
            return None, ""
        to = sc.passing_to()
        if to is not None:  # the screen goes to them next: nobody is asked yet
            return None, self.pass_words(to)
        if sc.finished:
            return None, W.sentence(f"Game over: {W.after_colon(sc.voice.winners(st.winners()))}")
        if sc.showing():
            lines = sc.presenter.log.lines
            return None, lines[-1].text if lines else " "
        cur = st.current_player()
        if cur is None:
            return None, " "
        if not sc.is_human(cur):
            return cur, self._ai_prompt(cur)
        if st.phase == Phase.DEFEND and sc.couch() and sc.presenter.viewer != cur:
            return None, self._public_hit(cur)  # decision 25: no hand-off, told to all
        said = self._human_prompt(cur)
        if st.phase == Phase.PLAY and not st.players[cur].walls and not self.pick.card \
                and said != (self.refusal[0] if self.refusal is not None else None):
            # one hit from out: the turn says so first (a newcomer lost his last wall and
            # was knocked out before his turn came back, never told)
            said = f"{NO_WALLS_WARNING} {said}"
        return cur, said

    def pass_words(self, seat: int) -> str:
        """The bar while the screen is passed to couch person `seat` (public facts only): "Pass
        to Ana: Ana's turn comes next.", "Pass to Ana: Ben's TNT is aimed at Ana."."""
        sc = self.scene
        st = sc.state
        name = sc.names[seat]
        link = st.window() if st.phase == Phase.DEFEND else None
        if link is not None:
            what = f"{sc.names[link.source]}'s {W.bare(link.card)}" if link.source != seat \
                else f"the {W.bare(link.card)}"
            return f"Pass to {name}: {what} is aimed at {name}."
        if st.phase == Phase.ARRANGE:
            return f"Pass to {name}: {name} arranges the top cards."
        if st.phase == Phase.ENDGAME:
            return f"Pass to {name}: {name} picks an endgame card."
        return f"Pass to {name}: {name}'s turn comes next."

    def _public_hit(self, seat: int) -> str:
        """What a couch reads while a card hits a person no answer can reach, from public facts
        (decision 25): "Cleo fires a Firestorm at Ben! No defence answers a Firestorm: it hits
        in 2 s."; never whether Ben holds an answer."""
        sc = self.scene
        st = sc.state
        link = st.window()
        if link is None:
            return " "
        v = W.Voice.speaking_to(sc.names, -1)  # to the whole couch: nobody is "you"
        head = W.sentence(W.capitalise(v.aim(link.source, link.card, link.target, link.walls,
                                             link.mode)), "!")
        left = sc.auto_take_in(seat)
        when = f" in {math.ceil(left)}\u00a0s" if left is not None and left > 0 else ""
        if sc.unanswerable() and link.card in W.COUNTERS:  # the Underminer: what stops him
            return f"{head} No defence answers him ({W.COUNTERS[link.card]}): it hits{when}."
        if sc.unanswerable():
            return f"{head} No defence answers {article(W.bare(link.card))} " \
                   f"{W.bare(link.card)}: it hits{when}."
        if sc.out_of_reach() == "spent":
            return f"{head} Every card that answers it is in the discard pile: it hits{when}."
        # aimed, not yet landed: the target may still answer (a stranger's bar said "It hits
        # Ben." before Ben had his chance)
        return f"{head} Aimed at {v.name(seat)}: {v.name(seat)} may answer it."

    def prompt_label(self, seat: int | None) -> str:
        sc = self.scene
        if seat is None:
            return ""
        if sc.voice.is_you(seat):
            return ""
        if not sc.is_human(seat):
            return sc.names[seat]
        # "Ben, Cleo fires TNT at you!" read as Ben firing: a card aimed at Ben gets a colon
        return f"{sc.names[seat]}:" if sc.state.phase == Phase.DEFEND else f"{sc.names[seat]},"

    def _ai_prompt(self, seat: int) -> str:
        st = self.scene.state
        v = self.scene.voice
        if st.phase == Phase.DEFEND:
            link = st.window()
            what = f"the {W.bare(link.card)}" if link is not None else "the card"
            if self.scene.unanswerable():  # a Firestorm: no defence, so nothing to decide
                return f"{v.verb(seat, 'takes', 'take')} {what}: no defence answers it..."
            return f"{v.verb(seat, 'decides', 'decide')} how to answer {what}..."
        if st.phase == Phase.ENDGAME:
            return f"{v.verb(seat, 'picks', 'pick')} an endgame card..."
        if st.phase == Phase.ARRANGE:
            return f"{v.verb(seat, 'arranges', 'arrange')} the top cards..."
        return f"{v.verb(seat, 'is', 'are')} thinking..."

    def waiting_for(self, seat: int) -> str:
        """Why a press by another seat waits while `seat` decides: "Ben is thinking: wait for
        your turn.", "Ben decides how to answer the TNT: one moment." (no hand is read). A
        person is not "thinking" (that is for AIs): at a couch it is "Ben's turn: wait for
        yours."."""
        sc = self.scene
        if sc.is_human(seat) and sc.state.phase == Phase.PLAY:
            return W.sentence(f"{sc.names[seat]}'s turn: wait for yours")
        doing = f"{sc.names[seat]} {self._ai_prompt(seat).rstrip('.')}"
        after = "wait for your turn" if sc.state.phase == Phase.PLAY else "one moment"
        return W.sentence(W.capitalise(f"{doing}: {after}"))

    def _press(self, seat: int) -> tuple[str, str, str]:
        """(choose one, choose, back) in the words of the device in use."""
        sc = self.scene
        device = sc.device_in_use(seat)
        w = sc.app.input.word_for
        if device == MOUSE:
            return "click one", "click", w(device, "back")
        return (f"{w(device, 'move')} and {w(device, 'confirm')}", w(device, "confirm"),
                w(device, "back"))

    def _human_prompt(self, seat: int) -> str:
        sc = self.scene
        st = sc.state
        p = self.pick
        pick, _choose, back = self._press(seat)
        spoken = W.Voice.speaking_to(sc.names, seat)  # the bar speaks to this seat alone
        if self.refusal is not None and sc.clock - self.refusal[1] < REFUSAL_SECONDS:
            return self.refusal[0]
        if st.phase == Phase.DEFEND:
            link = st.window()
            if link is None:
                return "..."
            v = W.Voice.speaking_to(sc.names, seat)  # the bar speaks to the seat answering
            aim = v.aim(link.source, link.card, link.target, link.walls, link.mode)
            if link.via == "oops":
                aim = v.says(link.source, "sends", "send",
                             f" the {W.name_of(link.card)} on to {v.obj(link.target)}")
            elif link.via == "backfire":
                aim = f"the {W.name_of(link.card)} backfires on {v.obj(link.target)}"
            head = W.sentence(W.capitalise(aim), "!")  # the Nuclear Bomb's own "!" not doubled
            if p.stage == "oops":
                return f"{head} Where does your Oops send it? ({pick}; {back}: " \
                       "back)"
            defends = [a for a in st.legal_actions(seat) if isinstance(a, Defend)]
            fatal = not st.players[seat].walls and link.card in OUTING
            if defends and fatal:
                return f"{head} You have no walls: answer with a defence, or it " \
                       f"knocks you out ({pick})."
            if defends:
                return f"{head} Answer with a defence, or take it ({pick})."
            left = sc.auto_take_in(seat)
            when = f" in {math.ceil(left)}\u00a0s" if left is not None and left > 0 else ""
            # taken by itself, on a couch too once the hand is up (`auto_take_in`); where
            # it is not, the person moves on
            go = f" Take it to go on ({pick})." if left is None else ""
            if fatal:
                return f"{head} No walls and no answer: it knocks you " \
                       f"out{when}.{go}"
            if sc.unanswerable() and link.card in W.COUNTERS:  # the Underminer: what stops him
                return f"{head} No defence answers him ({W.COUNTERS[link.card]}): " \
                       f"it hits{when}.{go}"
            if sc.unanswerable():
                return f"{head} No defence answers {article(W.bare(link.card))} " \
                       f"{W.bare(link.card)}: it hits{when}.{go}"
            if sc.out_of_reach() == "spent":
                return f"{head} Every card that answers it is in the discard pile: it " \
                       f"hits{when}.{go}"
            return f"{head} Nothing in your hand answers it: it hits{when}.{go}"
        if st.phase == Phase.ARRANGE:
            n = st.twist
            if len(p.picked) >= n:
                return "Twist of Fate: put them back in this order, or start again."
            if p.picked:
                return f"Twist of Fate: choose the card to lie {_ordinal(len(p.picked) + 1)} " \
                       f"from the top ({pick}): " \
                       f"{W.after_colon(draw_words(sc, len(p.picked)))}."
            return f"Twist of Fate: choose the card to lie on top ({pick}): " \
                   f"{W.after_colon(next_draw(sc))}. Or keep these {n} in this order."
        if st.phase == Phase.ENDGAME:
            if p.stage == "target":
                return f"{W.name_of(p.card)}: choose a remaining player ({pick}; {back}: back)."
            return f"You are out, but not done: pick an endgame card ({pick}), or pass."
        if p.stage == "trade":
            dig = f" Your Underminer has not dug yet: {back} to dig first." \
                if self._dig_unused() else ""
            if len(p.picked) == 3:
                return "Trade: these three go for one new card, and your turn ends. Choose " \
                       f"\"Trade these 3\", or a chosen card to keep it.{dig}"
            return f"Trade (ends your turn): choose three cards to give up for one new card " \
                   f"({len(p.picked)} of 3 chosen; {pick}).{dig}"
        if p.stage in ("undermine", "mine"):
            if p.stage == "mine":
                return f"Underminer: choose {spoken.poss(p.target)} wall to dig under " \
                       f"({pick})."
            return f"Underminer: choose whose wall to dig under ({pick}; {back}: back)."
        if p.stage == "armed":
            if sc.device_in_use(seat) == MOUSE:
                return f"{W.name_of(p.card)}: click it again (or \"Play\") to play it; " \
                       f"{back} puts it down."
            return f"{W.name_of(p.card)}: press {_choose} again to play it ({back}: put it " \
                   "down)."
        if p.stage == "target":
            walls = any(t.key.startswith("wall:") for t in self.cursor.targets)
            two = p.card == "rpg" or (p.card == "c4" and st.upgraded_for(seat))
            first = "the first of the two walls it destroys" if two else "the wall it destroys"
            what = first if p.card in EXPLOSIVES and walls else "the player to aim it at"
            bare = [int(t.key.split(":")[1]) for t in self.cursor.targets
                    if t.key.startswith("seat:") and p.card in OUTING
                    and not sc.presenter.seats[int(t.key.split(":")[1])].walls]
            if bare:  # a wall-less enemy is no wall to choose: it knocks them out
                out = " or ".join(spoken.name(b) for b in bare)
                what = f"{out} to knock out (no walls left), or {first}" \
                    if walls else f"{out} to knock out (no walls left)"
            if sc.device_in_use(seat) == MOUSE:
                aimed = self.aimed()
                if aimed is not None:
                    whose = int(aimed.key.split(":")[1])
                    on = f"{spoken.poss(whose)} {aimed.label}" if aimed.key.startswith("wall:") \
                        else spoken.name(whose)
                    return f"{W.name_of(p.card)}: click it again to play it on {on} (lit), " \
                           f"or click a target ({back}: put it down)."
                return f"{W.name_of(p.card)}: click {what}, or drag the card there " \
                       f"({back}: put it down)."
            if walls:  # the keys jump between players and go along one player's walls
                w = sc.app.input.word_for
                device = sc.device_in_use(seat)
                ud = f"{w(device, 'up')}/{w(device, 'down')}"
                lr = f"{w(device, 'left')}/{w(device, 'right')}"
                return f"{W.name_of(p.card)}: choose {what} ({ud}: player, {lr}: wall, " \
                       f"{_choose}; {back}: back)."
            return f"{W.name_of(p.card)}: choose {what} ({pick}; {back}: back)."
        if p.stage == "walls":
            need = 2 if p.card == "rpg" or (p.card == "c4" and st.upgraded_for(seat)) else 1
            if need == 2 and p.chosen:
                return f"{W.name_of(p.card)}: now the second wall it destroys ({pick})."
            what = "the two walls" if need == 2 else "the wall"
            return f"{W.name_of(p.card)}: choose {what} it destroys at " \
                   f"{spoken.poss(p.target)} ({pick})."
        if p.stage == "mode":
            if p.card == "assassin":
                return f"Assassin: choose the character to kill ({pick})."
            return f"Spy: steal a card, or destroy the Force Field? ({back}: back)"
        plays = st.plays_left
        # a turn with extra plays counts them down to the last ("(2 plays left)" stayed the
        # only count a stranger saw: after one play it vanished, as if never updated)
        more = f" ({count(plays, 'play')} left)" if plays > 1 or (st.played and plays) else ""
        if plays <= 0:
            return f"Your Underminer may still dig, or end your turn{more}."
        if sc.couch() and sc.presenter.viewer != seat:  # decision 25: hand hidden till asked
            dig = " dig with your Underminer," if self.can_undermine else ""
            if not st.played and not st.undermined:  # its first moment: nothing goes on yet
                # (a couch match opened with "Cleo, your turn goes on: ...", round 1)
                return f"Your turn{more}: show your hand to play (only you looking),{dig} " \
                       "or pass."
            return f"Your turn goes on{more}: show your hand to play on (only you looking)," \
                   f"{dig} or end your turn."
        trade, mine = self.can_trade, self.can_undermine
        stall = self.stall_words(seat) if trade else None
        if stall:  # nothing breaks an enemy wall: the trade is the way on, in plain words
            dig = ", dig with your Underminer" if mine else ""
            done = "end your turn" if st.played or st.undermined else "pass"
            return f"{stall} (ends your turn){dig}, or {done}."
        if not self.playable:
            if mine:
                return f"No card in your hand can be played now{more}: dig with your " \
                       "Underminer, or end your turn."
            done = "end your turn" if st.played or st.undermined else "pass"  # as its button
            if trade:  # says (the bar said "pass" beside an "End turn" button)
                ends = " (it ends your turn)" if done == "pass" else ""
                return "No card in your hand can be played now: \"Trade 3 for 1\" gives three " \
                       f"of them for a new card{ends}, or {done}."
            return f"No card in your hand can be played now{more}: {done}."
        if trade and self.only_building(seat):
            # a hand of walls can only build: the bar says the trade is the way to an attack,
            # by its button's name (a stranger spent turns unable to attack, missing it)
            dig = " dig with your Underminer," if mine else ""
            done = "end your turn" if st.played or st.undermined else "pass"  # as its button
            # (a stranger's bar said "pass" beside an "End turn" button once his Underminer
            # had dug); kept short: a longer one's second line sat on the bar's border
            return f"Nothing to attack with now{more}: build a wall ({pick}),{dig} or \"Trade " \
                   f"3 for 1\" for a new card towards an attack (ends your turn), or {done}."
        also = ", trade three for one (ends your turn)," if trade else ""
        if mine:  # his button stood beside the hand while the bar named only the cards
            also += " dig with your Underminer," if also else ", dig with your Underminer,"
        end = "end your turn" if st.played or st.undermined else "pass"  # as its button says
        tip = self.productivity_tip(seat)
        if tip:  # an enemy behind one wall, and the two plays to break it and hit again
            return f"Your turn{more}: {tip} ({pick}), or {end}."
        return f"Your turn{more}: play a glowing card ({pick}){also} or {end}. A dimmed " \
               "card says why not."


TRADE_LABEL = "Trade 3 for 1 (ends your turn)"
"""The trade's button: a trade is the turn's whole move, and says so."""
TRADE_WARNED = "trade"
"""`TableControls.warned` after a trade's warning that the Underminer has not dug yet."""

NO_WALLS_WARNING = "You have no walls: build one or you can be knocked out."
"""Said first on a wall-less person's turn (their own panel says "No walls left!" too)."""

OUTING = (*EXPLOSIVES, FIRESTORM)
"""What knocks a player with no walls out when they take it (the bar warns them)."""


def gap_shift(slots: list[FanSlot], x: float, card_w: float, most: float) -> float:
    """How far to move a closed-up hand so that `x` falls between two of its cards (or past
    an end) rather than on one: a stranger's still mouse saw the next card slide under it.
    0 when the cards overlap (no gap anywhere) and `x` is on a card already in any case."""
    if not slots:
        return 0.0
    xs = sorted(s.x for s in slots)
    gaps = [(a + card_w / 2, b - card_w / 2) for a, b in zip(xs, xs[1:], strict=False)
            if b - a > card_w]
    gaps += [(xs[-1] + card_w / 2, xs[-1] + card_w / 2 + 40), (xs[0] - card_w / 2 - 40,
                                                                xs[0] - card_w / 2)]
    if any(lo <= x <= hi for lo, hi in gaps):
        return 0.0
    best = min(((lo + hi) / 2 for lo, hi in gaps), key=lambda mid: abs(x - mid))
    shift = x - best
    return shift if abs(shift) <= most else 0.0


def one_per_stack(targets: list[Target]) -> list[Target]:
    """One wall target per place: the walls of a stack share its place (`Layout.wall_slots`),
    so only the first of them still to choose is kept; a click or a key on the stack targets
    that wall, of the stack's one kind (as the rules pick walls, by kind)."""
    seen: set[tuple[int, int, int, int]] = set()
    out = []
    for t in targets:
        if "wall:" in t.key:
            place = (t.rect.x, t.rect.y, t.rect.w, t.rect.h)
            if place in seen:
                continue
            seen.add(place)
        out.append(t)
    return out


def chosen_places(walls: Sequence[str], chosen: Sequence[str], at: Sequence[int]) -> set[int]:
    """The places in a walls row of the walls chosen so far: where they were pressed when
    that is known and still fits, else the first walls of their kinds."""
    places = {i for i in at if i < len(walls)}
    if len(places) == len(chosen) and Counter(walls[i] for i in places) == Counter(chosen):
        return places
    used, out = Counter(chosen), set()
    for i, w in enumerate(walls):
        if used[w] > 0:
            used[w] -= 1
            out.add(i)
    return out


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def picker_rects() -> list[pygame.Rect]:
    """The six endgame cards of the picker, in a row across the foot of the felt (where an
    eliminated seat's hand was), each with a margin for its focus outline."""
    step = PICK_W + 6 + PICK_GAP
    x0 = FELT.centerx - (len(ENDGAME_CARDS) * step - PICK_GAP) // 2
    out = []
    for i in range(len(ENDGAME_CARDS)):
        out.append(pygame.Rect(x0 + i * step, FELT.bottom - PICKER_FOOT - PICK_H - 6,
                               PICK_W + 6, PICK_H + 6))
    return out


def arrange_headers(sc: BlastScene) -> list[str]:
    """The caption over a Twist of Fate's cards, longest wording first (the view shows the
    first that fits; the who-and-when sentence alone over a narrow row at four seats): what
    the next pick does and who draws that card, and when ("Your first pick goes on top: Ben
    draws this one next", then "Next pick goes second from the top: you draw this one at
    your next turn"; "Ben draws it next" left a stranger guessing which card and which
    turn)."""
    picked = len(sc.table_controls.pick.picked)
    if picked == 0:
        who = W.after_colon(next_draw(sc))
        return [f"Your first pick goes on top: {who}", f"First pick goes on top: {who}",
                f"On top: {who}", next_draw(sc), "First pick goes on top"]
    if picked >= sc.state.twist:
        return ["All placed: keep this order or start again"]
    who = W.after_colon(draw_words(sc, picked))
    place = _ordinal(picked + 1)
    return [f"Next pick goes {place} from the top: {who}", f"Next pick goes {place}: {who}",
            f"{place.capitalize()} from the top: {who}", f"Next pick: {who}",
            draw_words(sc, picked), f"Next pick goes {place}"]


def draw_words(sc: BlastScene, index: int) -> str:
    """Who draws the supply card `index` places from the top, and at which turn (each seat
    draws one at the start of its turn, from the next seat on): "Ben draws this one next",
    "You draw this one at your next turn", "Ben draws this one at their turn after that" (in
    a two-player game the same seat draws twice among four cards)."""
    after = drawers(sc.state, index + 1)
    if len(after) <= index:
        return "Nobody draws this one"
    seat = after[index]
    if index == 0:
        return sc.voice.says(seat, "draws", "draw", " this one next")
    earlier = after[:index].count(seat)
    their = sc.voice.their(seat)
    when = f"at {their} next turn" if earlier == 0 else \
        f"at {their} turn after that" if earlier == 1 else \
        f"at {their} {_ordinal(earlier + 1)} turn from now"
    return sc.voice.says(seat, "draws", "draw", f" this one {when}")


def next_draw(sc: BlastScene) -> str:
    """'Ben draws this one next' / 'You draw this one next': who draws the top supply card a
    Twist of Fate is arranging (the left card of the row), so its player knows whom the order
    serves."""
    return draw_words(sc, 0)


def arrange_slots(count: int, picked: list[int]) -> list[int]:
    """Which looked-at card lies in each place of the Twist of Fate's row, left to right: each
    stays where it lay while picking, its number saying its place (session 43: the picks slid
    to the front, so a stranger's next click landed on a card already placed and did
    nothing); `picked` moves none."""
    del picked
    return list(range(count))


def arrange_rects(count: int, wide: bool = True) -> list[pygame.Rect]:
    """The cards a Twist of Fate looked at, in a row over the stage (`wide`: a table of up to
    three, with no side seats; else narrower cards between them)."""
    w, h = look_size(wide)
    gap = 8 if wide else 4
    step = w + gap
    x0 = CENTRE[0] - (count * step - gap) // 2
    if wide:  # the home zone rises at the left: the large row starts clear of it
        x0 = max(x0, ZONE_W + 48)
    out = []
    for i in range(count):
        r = pygame.Rect(0, 0, w + gap, h + 12)
        r.center = (x0 + i * step + w // 2, ARRANGE_Y)
        out.append(r)
    return out

