"""What the human deciding now may choose at the Kaboom! cards table, and what the bar says.

The targets (cards, piles, buttons under a `TargetCursor`) are built from the rules' legal
actions, one small offer per action, so anything legal is reachable and nothing else is. The
prompt names exactly what to press in the words of the device the player is using (from the
input layer), one sentence per phase. Everything here reads the scene; choices go back to it
(`human_act`, `next_round`, ...), so the scene stays the one place the game moves forward.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.app.input import MOUSE
from game.games.cabo import hud, words
from game.games.cabo import rules as R
from game.games.cabo.layout import BUTTON_H
from game.tabletop.targets import Target, TargetCursor, button_width
from game.ui import text, theme

if TYPE_CHECKING:
    from game.games.cabo.presenter import Hold
    from game.games.cabo.scene import CaboScene

Colour = tuple[int, int, int]
Spec = tuple[str, str, Callable[[], None], Colour]
"""A button to offer: key, label, what it does, its colour."""

KABOOM_KEY = "secondary"
"""The control that calls Kaboom! and does nothing else (Left Ctrl, Right Ctrl, Y)."""
DECLINE_KEY = "rotate_right"
"""The control that says "no thanks" and does nothing else: don't flip, stop flipping, keep
my cards, don't swap (E, ], RB). Kaboom! has its own key, so a press meant for one of these
can never call it."""

BUTTON_ACTIONS: dict[type[R.Action], tuple[str, str, Colour, str | None]] = {
    R.CallKaboom: ("btn:kaboom", "Kaboom!", theme.BLAST, KABOOM_KEY),
    R.Pass: ("btn:pass", "Pass", theme.INK_3, None),
    # the Kaboom! key: never offered beside a power (Kaboom! is called before drawing)
    R.UsePower: ("btn:power", "Use power", theme.SKY, KABOOM_KEY),
    R.SkipGive: ("btn:keep", "Keep my cards", theme.INK_3, DECLINE_KEY),
    R.SlapStop: ("btn:stop", "Don't flip (1 penalty card)", theme.INK_3, DECLINE_KEY),
}
"""Actions that are only a button: key, label, colour, and the control that presses it
directly (None: the cursor and confirm, or a click)."""
CONFIRM_HINT = "\x00"
"""Marks a button's hint as the confirm key: the view draws it only while the cursor is on
the button (every other button names its own shortcut key at all times)."""
COLUMN_GAP = 8
"""Pixels between buttons stacked in a column by a seat with no room for a row."""
COUCH_POWER_LABEL = "Power, if any"
"""The power button of a couch player's drawn card: the same words whether or not its owner
holds the card up, so the button row keeps its place and width, and whether or not the card
has a power ("Use its power" told the couch the hidden card had one)."""
VANISHED_FOR = 2.0
"""Seconds after another seat's move took a player's buttons away during which a click where
one was says why nothing happened (a Kaboom! click landed just as an AI slapped: nothing)."""
SHORTCUT_WORDS = {KABOOM_KEY: "kaboom", DECLINE_KEY: "decline"}
"""What a prompt calls each shortcut control (`Keys` words)."""

AI_DOING: dict[R.Phase, tuple[str, str, str]] = {
    R.Phase.FLIP: ("is", "are", "about to flip the top card"),
    R.Phase.TURN: ("is", "are", "thinking"),
    R.Phase.DRAWN: ("looks", "look", "at the drawn card"),
    R.Phase.POWER: ("is", "are", "choosing"),
    R.Phase.KING_DECIDE: ("is", "are", "deciding"),
    R.Phase.SLAP: ("is", "are", "choosing a card to flip"),
    R.Phase.GIVE: ("may give", "may give", "a card away"),
}
"""What an AI is doing in each phase: the verb (one seat / 'you') and the rest."""


@dataclass
class Offer:
    """What one decision offers: things to point at, buttons, where the cursor starts, and the
    buttons a shortcut control presses (control -> button key)."""

    targets: list[Target] = field(default_factory=list)
    specs: list[Spec] = field(default_factory=list)
    prefer: str | None = None
    shortcuts: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Keys:
    """How one player presses things, as a prompt says it (the input layer's words)."""

    words: dict[str, str]
    mouse: bool

    def __getitem__(self, control: str) -> str:
        return self.words[control]

    def press(self, control: str) -> str:
        """Do `control`: "click the discard pile", "press SPACE"."""
        return self.words[control] if self.mouse else f"press {self.words[control]}"

    @property
    def hold_look(self) -> str:
        """Lift a private card's corner: "press the card and hold", "hold Q"."""
        return "press the card and hold" if self.mouse else f"hold {self.words['look']}"

    @property
    def pick(self) -> str:
        """Choose one of the marked targets: "click one", "W A S D and SPACE"."""
        w = self.words
        return f"{w['choose']} one" if self.mouse else f"{w['move']} and {w['choose']}"


def seat_row_ref() -> int:
    """The width of a turn's Kaboom! and Draw row: where a seat away from home keeps its
    buttons."""
    return button_width("Kaboom!", "") + button_width("Draw", "") + 12


class TableControls:
    """The targets and cursor of the decision the table waits on, and the prompt bar."""

    def __init__(self, scene: CaboScene) -> None:
        self.scene = scene
        self.cursor = TargetCursor()
        self.selection: R.Pos | None = None  # the first card of a pair (blind swap, King)
        self.shortcuts: dict[str, str] = {}  # control -> the button it presses now
        self._key: tuple[Any, ...] | None = None
        #: A seat's buttons taken away by another seat's move (an AI's slap), and when: a press
        #: on where they were is told why nothing happened (`CaboScene.why_wait`), not dropped
        self.vanished: tuple[int, float, list[Target]] | None = None
        #: Why a couch player's power press was refused: (seat, move, words), shown only in
        #: their "For Ana's eyes only" tag, never on the shared screen
        self.whisper: tuple[int, int, str] | None = None

    # ------------------------------------------------------------------ keeping up

    def invalidate(self) -> None:
        """Build the targets again at the next refresh (something they show has changed)."""
        self._key = None

    def applied(self, action: R.Action) -> None:
        """An action went through: the old targets are gone (a slap keeps a chosen card).
        Buttons another seat's move took away are remembered for a moment (`vanished`)."""
        owner = self._key[1] if self._key is not None else None
        buttons = [t for t in self.cursor.targets if t.kind == "button"]
        if owner is not None and buttons and action.player != owner:
            self.vanished = (owner, self.scene.clock, buttons)
        self._key = None
        self.cursor.clear()
        if not isinstance(action, R.Slap):
            self.selection = None

    def refresh(self, seat: int | None) -> None:
        """Targets for `seat`'s decision (None: only the between-rounds or end buttons)."""
        sc = self.scene
        st = sc.state
        key = (st.move, seat, st.phase, self.selection, sc.finished, sc.show_scores,
               text.scale())  # button widths are measured in the current text size
        if key == self._key:
            return
        self._key = key
        targets, prefer, shortcuts = self.build(seat)
        self.shortcuts = shortcuts
        self.cursor.set_targets(targets, prefer)

    def vanished_at(self, seat: int, pos: tuple[int, int]) -> Target | None:
        """The button of `seat`'s that was at `pos` until another seat's move took it away a
        moment ago (VANISHED_FOR seconds), if any."""
        if self.vanished is None:
            return None
        owner, when, buttons = self.vanished
        if owner != seat or self.scene.clock - when > VANISHED_FOR:
            return None
        return next((t for t in buttons if t.rect.collidepoint(pos)), None)

    def draw_place(self, seat: int) -> pygame.Rect | None:
        """Where `seat`'s Draw button stood before another seat's move took it away (however
        long ago: a slap's whole show), if it did."""
        if self.vanished is None or self.vanished[0] != seat:
            return None
        return next((t.rect for t in self.vanished[2] if t.key == "btn:draw"), None)

    def select(self, pos: R.Pos) -> None:
        """The first card of a pair is chosen."""
        self.selection = pos
        self._key = None
        self.scene.feedback.click()

    def cancel_selection(self) -> None:
        self.selection = None
        self._key = None

    # ------------------------------------------------------------------ targets

    def build(self, seat: int | None) -> tuple[list[Target], str | None, dict[str, str]]:
        """The targets, the key the cursor starts on, and the buttons of the shortcut keys."""
        sc = self.scene
        if sc.finished:
            return [], None, {}  # the match's end bar offers what comes next
        if sc.state.phase is R.Phase.ROUND_OVER:
            return self._between_buttons()
        if seat is None:
            return [], None, {}
        return self._decision(seat)

    def _between_buttons(self) -> tuple[list[Target], str | None, dict[str, str]]:
        sc = self.scene
        label = "Hide scores" if sc.show_scores else "Show scores"
        between: list[Spec] = [
            ("btn:next", f"Deal round {sc.state.round + 1}", sc.next_round, theme.FUSE),
            ("btn:scores", label, sc.toggle_scores, theme.INK_3)]
        return self._buttons(between, None, {}), "btn:next", {}

    def _decision(self, seat: int) -> tuple[list[Target], str | None, dict[str, str]]:
        st = self.scene.state
        legal = st.legal_actions(seat)
        offer = Offer()
        for a in legal:
            self._offer(offer, a, seat)
        if st.phase is R.Phase.DRAWN and self.scene.presenter.viewer != seat:
            # a couch: the power button shows for every drawn card, or its coming and going
            # would tell the onlookers whether the hidden card has a power; its press is
            # checked against what the player has seen (`_couch_power`)
            offer.specs = [spec for spec in offer.specs if spec[0] != "btn:power"]
            offer.specs.append(("btn:power", COUCH_POWER_LABEL, partial(self._couch_power, seat),
                                BUTTON_ACTIONS[R.UsePower][2]))
            offer.shortcuts[KABOOM_KEY] = "btn:power"
        if st.phase is R.Phase.POWER and st.power in (R.Power.BLIND_SWAP, R.Power.VISIBLE_SWAP):
            offer.targets = self._pair_targets(seat, legal)
            if self.selection is not None:
                offer.specs.append(("btn:cancel", "Choose again", self.cancel_selection,
                                    theme.INK_3))
        cards = [t for t in offer.targets if t.kind == "card"]
        if offer.prefer is None and st.phase is R.Phase.SLAP:
            offer.prefer = self._known_match(seat, cards)
        if offer.prefer is None and cards:
            own = [t for t in cards if t.key.startswith(f"card:{seat}:")]
            offer.prefer = (own or cards)[0].key
        # Kaboom! leads its row: the row is right-aligned by the home seat, so the button that
        # ends a round never takes the place a slap's "Stop" had a moment before (a second
        # click on Stop would call it)
        offer.specs.sort(key=lambda spec: spec[0] != "btn:kaboom")
        buttons = self._buttons(offer.specs, self.scene.device_of(seat), offer.shortcuts, seat)
        first = buttons[0].key if buttons else None
        return offer.targets + buttons, offer.prefer or first, offer.shortcuts

    def _known_match(self, seat: int, cards: list[Target]) -> str | None:
        """The key of a card `seat` has seen that matches the card they slapped (their own
        first), where the cursor starts after a slap by key or pad: it started on the top-left
        card, not on the match the table was glowing round."""
        st = self.scene.state
        slap = st.slap
        if slap is None or slap.player != seat:
            return None
        known = st.observation(seat, with_legal=False).known()
        keys = {t.key for t in cards}
        found = [p for p, c in known.items() if c.matches(slap.card)
                 and f"card:{p.player}:{p.slot}" in keys]
        found.sort(key=lambda p: (p.player != seat, p.player, p.slot))
        return f"card:{found[0].player}:{found[0].slot}" if found else None

    def slap_buttons(self) -> list[pygame.Rect]:
        """Where each person's "Don't flip" button would show after their slap."""
        key, label, colour, control = BUTTON_ACTIONS[R.SlapStop]
        shortcuts = {control: key} if control is not None else {}
        sc = self.scene
        return [t.rect for seat in range(sc.state.players) if sc.is_human(seat)
                for t in self._buttons([(key, label, lambda: None, colour)], sc.device_of(seat),
                                       shortcuts, seat)]

    def _offer(self, offer: Offer, a: R.Action, seat: int) -> None:
        """Add what one legal action offers: a pile, a card, a button, or nothing (pairs and
        slaps are chosen another way)."""
        fn = partial(self.scene.human_act, a)
        if isinstance(a, R.FlipTop | R.Draw):
            offer.targets.append(self._pile("draw", fn))
            flip = isinstance(a, R.FlipTop)
            offer.specs.append(("btn:flip", "Flip the top card", fn, theme.FUSE) if flip
                               else ("btn:draw", "Draw", fn, theme.FUSE))
            offer.prefer = "draw"
        elif isinstance(a, R.Discard):
            offer.targets.append(self._pile("discard", fn))
            offer.specs.append(("btn:discard", "Discard it", fn, theme.INK_3))
            offer.shortcuts[DECLINE_KEY] = "btn:discard"  # no thanks: neither keep nor use
        elif isinstance(a, R.Replace | R.PeekOwn | R.Give):
            offer.targets.append(self._card_target(R.Pos(seat, a.slot), fn))
        elif isinstance(a, R.PeekOther | R.SlapFlip):
            offer.targets.append(self._card_target(a.pos, fn))
        elif isinstance(a, R.KingDecide):
            self._offer_king(offer, a, fn)
        else:
            self._offer_button(offer, a, fn)

    def _couch_power(self, seat: int) -> None:
        """A couch player pressed "Use its power" for the drawn card only they may look at.

        Before they have held it up, every card is refused in the same words (a power used
        unseen, or an Ace discarded by a press meant for a power, was a stranger's surprise).
        Once seen, a card with a usable power uses it (public from then on: the card goes face
        up); one without is refused and KEPT, the reason only in the private "For Ana's eyes
        only" tag (`whisper_for`). That refusal shows and sounds nothing on the shared screen:
        only a card without a usable power is refused once seen, so a public note or buzz
        told the whole couch the card was a low one (a stranger's refused press did)."""
        sc = self.scene
        st = sc.state
        drawn = st.drawn
        if drawn is None or st.phase is not R.Phase.DRAWN:
            return
        secret = sc.presenter.held_secret(seat)
        if secret is not None and not secret.seen:
            sc.feedback.refused(seat, "Hold to look at the card first")
            return
        use = R.UsePower(seat)
        if st.is_legal(use):
            self.whisper = None
            sc.human_act(use)
            return
        why = "has no power" if drawn.power is None else "has no card to use its power on"
        self.whisper = (seat, st.move, f"Not used: the {drawn.rank_name} {why}. "
                        "Swap it or discard it.")

    def whisper_for(self, seat: int) -> str:
        """Why `seat`'s last power press was refused, for their private tag only (this move)."""
        w = self.whisper
        return w[2] if w is not None and w[0] == seat and w[1] == self.scene.state.move else ""

    def _offer_king(self, offer: Offer, a: R.KingDecide, fn: Callable[[], None]) -> None:
        if a.swap:
            offer.specs.insert(0, ("btn:swap", "Swap them", fn, theme.FUSE))
        else:
            offer.specs.append(("btn:noswap", "Don't swap", fn, theme.INK_3))
            offer.shortcuts[DECLINE_KEY] = "btn:noswap"
            offer.prefer = offer.prefer or "btn:noswap"

    def _offer_button(self, offer: Offer, a: R.Action, fn: Callable[[], None]) -> None:
        known = BUTTON_ACTIONS.get(type(a))
        if known is None:
            return
        key, label, colour, control = known
        offer.specs.append((key, self._button_label(a, label), fn, colour))
        if control is not None:
            offer.shortcuts[control] = key

    def _button_label(self, a: R.Action, label: str) -> str:
        """A button's words; a power names itself, and a stop after a match is just 'Stop'."""
        sc = self.scene
        st = sc.state
        if isinstance(a, R.UsePower):
            power = st.drawn.power if st.drawn is not None else None
            if power is None:
                return label
            if sc.presenter.viewer != a.player:
                # a couch: the button never names the power (named to the table, it would tell
                # everyone which card was drawn) and never changes while its owner holds the
                # card up: a new width would move the row under the pointer (a stranger let go
                # of the card and his next click landed on nothing); the prompt names it
                return COUCH_POWER_LABEL
            return words.POWER_BUTTON[power]
        if isinstance(a, R.SlapStop) and st.slap is not None and st.slap.flips:
            return "Stop"
        return label

    def _pair_targets(self, seat: int, legal: list[R.Action]) -> list[Target]:
        """Blind swap or King: pick one card, then a second that makes a legal pair."""
        pairs = [(a.a, a.b) for a in legal if isinstance(a, R.BlindSwap | R.KingLook)]
        make = R.BlindSwap if self.scene.state.power is R.Power.BLIND_SWAP else R.KingLook
        if self.selection is not None and not any(self.selection in p for p in pairs):
            self.selection = None  # a slap took the chosen card away
        first = self.selection
        if first is None:
            places = sorted({p for pair in pairs for p in pair})
            return [self._card_target(pos, partial(self.select, pos)) for pos in places]
        out: list[Target] = []
        others = sorted({b if a == first else a for a, b in pairs if first in (a, b)})
        for pos in others:
            a, b = (first, pos) if (first, pos) in pairs else (pos, first)
            out.append(self._card_target(pos, partial(self.scene.human_act, make(seat, a, b))))
        return out

    def _card_target(self, pos: R.Pos, fn: Callable[[], None]) -> Target:
        presenter = self.scene.presenter
        s = presenter.sprite_at(pos)
        x, y = s.target if s is not None else presenter.xy(pos.player, pos.slot)
        layout = self.scene.layout
        rect = pygame.Rect(0, 0, layout.card_w, layout.card_h)
        rect.center = (round(x), round(y))
        return Target(f"card:{pos.player}:{pos.slot}", rect, fn, kind="card")

    def _pile(self, key: str, fn: Callable[[], None]) -> Target:
        layout = self.scene.layout
        pos = layout.draw_pos if key == "draw" else layout.discard_pos
        rect = pygame.Rect(0, 0, layout.card_w, layout.card_h)
        rect.center = pos
        return Target(key, rect, fn, kind="pile")

    def _buttons(self, specs: list[Spec], device: str | None, shortcuts: dict[str, str],
                 seat: int | None = None) -> list[Target]:
        """A row of buttons by the seat that must decide (under the piles between rounds); a
        button a shortcut presses names its key (not for the mouse, which clicks it)."""
        sc = self.scene
        by_key = {key: control for control, key in shortcuts.items()}
        widths = []
        for key, label, _fn, _c in specs:
            # a key or pad names the control that presses the button; one without its own
            # shortcut is pressed by moving onto it and confirming (named when focused)
            control = by_key.get(key, "confirm")
            hint = sc.app.input.word_for(device, control) if device not in (None, MOUSE) \
                else ""
            widths.append((button_width(label, hint), hint if control != "confirm" else
                           CONFIRM_HINT + hint))
        total = sum(w for w, _ in widths) + 12 * (len(specs) - 1)
        grids = [len(g) for g in sc.presenter.grids]
        counts = grids if len(grids) == sc.state.players else None
        lay = sc.layout
        rects: list[pygame.Rect] = []
        if seat is not None and lay.spots[seat].side != "bottom" and total < seat_row_ref():
            # a seat away from home: its row goes where its turn's Kaboom!/Draw row fits,
            # right-aligned there, so a lone Draw stands where Draw stood before (a couch's
            # mouse player found Draw left of the piles one turn, over them the next)
            spot = lay.button_spot(seat, seat_row_ref(), counts)
            if spot is not None:
                x = spot.right - total
                for w, _hint in widths:
                    rects.append(pygame.Rect(x, spot.y, w, spot.h))
                    x += w + 12
        if not rects and lay.button_spot(seat, total, counts) is None and seat is not None \
                and len(specs) > 1:
            # too wide for a row by the seat: a column there, so a couch player's buttons
            # never wander to the middle of the table where they read as someone else's
            widest = max(w for w, _ in widths)
            h = BUTTON_H * len(specs) + COLUMN_GAP * (len(specs) - 1)
            col = lay.button_spot(seat, widest, counts, h)
            if col is not None:
                rects = [pygame.Rect(col.x, col.y + i * (BUTTON_H + COLUMN_GAP), widest,
                                     BUTTON_H) for i in range(len(specs))]
        if not rects:
            row = lay.button_row(seat, total, counts)
            x = row.x
            for w, _hint in widths:
                rects.append(pygame.Rect(x, row.y, w, row.h))
                x += w + 12
        return [Target(key, rect, fn, label, "button", hint, colour) for
                (key, label, fn, colour), (_w, hint), rect in zip(specs, widths, rects,
                                                                  strict=True)]

    # ------------------------------------------------------------------ the prompt bar

    def keys(self, seat: int | None) -> Keys:
        """How `seat` (None: the lone human, or whoever moved last) presses things now."""
        device = self.scene.device_in_use(seat)
        said = hud.device_words(self.scene.app.input, device)
        for control, word in SHORTCUT_WORDS.items():
            said[word] = self.scene.app.input.word_for(device, control)
        return Keys(said, device == MOUSE)

    def prompt(self) -> tuple[int | None, str]:
        """Who must act and exactly what to press (the bar at the bottom)."""
        sc = self.scene
        st = sc.state
        pr = sc.presenter
        waiting = pr.waiting_to_look()
        if waiting:
            return waiting[0], self._look_prompt(waiting)
        if pr.hold is not None:
            return pr.hold.seat, self._hold_prompt(pr.hold)
        if sc.finished:
            won = sc.voice.winners(st.winners(), "past")
            return None, f"Game over: {won} with {words.points(min(st.totals))}."
        if st.phase is R.Phase.ROUND_OVER:
            return None, self._round_over_prompt()
        if pr.busy and not sc.king_shown():
            hint = self._slap_hint()
            cur = st.current_player()
            if hint and st.phase is R.Phase.POWER and cur >= 0 and sc.is_human(cur):
                # the power's player waits out the slaps: say so, or the table seems to ignore
                # them (a stranger pressed for three seconds)
                return cur, f"{hint}  Your power comes once the slaps are over."
            if st.phase is R.Phase.KING_DECIDE and cur >= 0 and sc.is_human(cur):
                # after a King's look the bar still says what comes next (a stranger read
                # only the slap hint and did not know the swap was his to decide)
                then = "swap the two cards you looked at, or leave them"
                return cur, f"{hint}  Then {then}." if hint else f"{then} (once the table " \
                    "is still)."
            return None, hint or self._news()
        cur = st.current_player()
        if cur == R.TABLE:
            return None, "Last chance to slap before the cards are turned over!"
        if not sc.is_human(cur):
            return cur, self._ai_prompt(cur)
        return cur, self._human_prompt(cur)

    def prompt_label(self, seat: int | None) -> str:
        """What the bar shows before the prompt: 'Ben' (about to act), 'Alex,' (spoken to),
        or nothing when the seat is 'you' (the prompt then starts the sentence)."""
        sc = self.scene
        if seat is None:
            return ""
        if sc.voice.is_you(seat):
            return "You" if not sc.is_human(seat) else ""
        return sc.names[seat] if not sc.is_human(seat) else f"{sc.names[seat]},"

    def _look_prompt(self, seats: list[int]) -> str:
        """A couch peek waits for its players to lift their cards' corners."""
        sc = self.scene
        seat = seats[0]
        k = self.keys(seat)
        st = sc.state
        start = st.phase is R.Phase.FLIP or (st.turns == 0 and st.phase is R.Phase.TURN) or \
            len(seats) > 1
        what = "your two bottom cards" if start else "the card you chose"
        if seat in sc.presenter.looking:
            line = f"memorise {what}, then let go to hide {'them' if start else 'it'}."
        else:
            line = f"{k.hold_look} to look at {what} (let go to hide)."
        others = [f"{sc.names[s]}: {self.keys(s).hold_look}" for s in seats[1:]]
        return line + (f"  {'; '.join(others)}." if others else "")

    def _hold_prompt(self, hold: Hold) -> str:
        what = ("memorise your two bottom cards" if hold.kind == "start"
                else "remember the card you looked at")
        return f"{what}, then {self.keys(hold.seat).press('choose')}."

    def _round_over_prompt(self) -> str:
        sc = self.scene
        st = sc.state
        if sc.presenter.busy:
            return "The cards are turned over..."
        if not sc.humans():
            return f"Round {st.round} scored. The next deal comes in a moment."
        w = hud.device_words(sc.app.input, sc.device_of(sc.humans()[0]))
        info = sc.presenter.reveal
        how = ""
        if info is not None and info.kaboomer is not None:
            k = info.kaboomer
            verdict = "worked" if info.made else "missed"
            how = f": {sc.voice.poss(k)} Kaboom! {verdict} ({info.scores[k]:+d})"
        return (f"Round {st.round} scored{how}. Eyes on a card: who had seen it. "
                f"{w['choose'].capitalize()} Deal round {st.round + 1} when ready.")

    def _news(self) -> str:
        """While the table animates: the latest move, as the log tells it."""
        lines = self.scene.presenter.log.lines
        return lines[-1].text if lines else " "

    def _ai_prompt(self, seat: int) -> str:
        one, you, rest = AI_DOING.get(self.scene.state.phase, ("is", "are", "thinking"))
        if self.scene.state.phase is R.Phase.FLIP:
            # what to do, not only what comes: "Ben is about to flip" left a stranger on keys
            # wondering whether to press anything
            st = self.scene.state
            slap = ": slap if it matches one of yours" if any(
                s != st.kaboomer for s in self.scene.humans()) else ""
            doing = (f"{self.scene.voice.verb(seat, 'flips', 'flip')} the top card next "
                     f"({self._opening_card()}){slap}")
        else:
            doing = f"{self.scene.voice.verb(seat, one, you)} {rest}"
        hint = self._slap_hint()
        if hint and self.scene.state.phase is R.Phase.FLIP and len(self.scene.humans()) == 1:
            # the opening flips: a player with nothing to slap may hurry the next card
            k = self.keys(None)
            now = "click the draw pile" if k.mouse else k.press("choose")
            hint += f" Nothing? {words.capitalise(now)} for the next card."
        return f"{doing}...{'   ' + hint if hint else ''}"

    def _slap_hint(self) -> str:
        sc = self.scene
        st = sc.state
        if not (st.window and st.slap is None and st.top is not None and sc.humans()):
            return ""
        if sc.landed_window != st.window_id:
            return ""
        slappers = [s for s in sc.humans() if s != st.kaboomer]
        if not slappers:
            return ""
        if len(sc.humans()) == 1:
            return f"Know {words.a_or_an(st.top.rank_name)}? Slap it: " \
                   f"{self.keys(None).press('slap')}."
        who = [f"{sc.names[s]} {hud.device_words(sc.app.input, sc.device_of(s))['slap']}"
               for s in slappers]
        return f"Know {words.a_or_an(st.top.rank_name)}? Slap: " + ", ".join(who) + "."

    def _human_prompt(self, seat: int) -> str:
        say = {R.Phase.FLIP: self._flip_prompt, R.Phase.TURN: self._turn_prompt,
               R.Phase.DRAWN: self._drawn_prompt, R.Phase.POWER: self._power_prompt,
               R.Phase.KING_DECIDE: self._king_prompt, R.Phase.SLAP: self._slap_prompt,
               R.Phase.GIVE: self._give_prompt}.get(self.scene.state.phase)
        return say(seat, self.keys(seat)) if say is not None else "..."

    def _flip_prompt(self, seat: int, k: Keys) -> str:
        """The table flips for a human in a moment (`CaboScene._auto_flip`); the slap is the
        only thing a player does in this phase, so the bar says that first."""
        hint = self._slap_hint()
        now = "click the draw pile" if k.mouse else k.press("choose")
        if self.scene.flip_waits_press(seat):
            flip = f"{self._opening_card()} is yours: {now} to flip it."
        else:
            # "next", not "now": a press waits out the card on top's Time to slap (a stranger's
            # Return "to flip it now" showed "Flip queued", and an AI's slap began play first)
            flip = f"{self._opening_card()} is yours and turns over next ({now} to flip next)."
        return f"{flip}  {hint}" if hint else flip

    def _opening_card(self) -> str:
        """Which of the round's opening flips comes next, so the wait has a visible end."""
        n = self.scene.state.opening_flips() + 1
        limit = self.scene.state.options.opening_flips
        return f"opening card {n} of {limit}" if limit is not None else f"opening card {n}"

    def _turn_prompt(self, seat: int, k: Keys) -> str:
        sc = self.scene
        if sc.kaboom_asked == (seat, len(sc.state.events)):
            # the unsure Kaboom! asks again in the bar too: its note by the seat alone went
            # unseen, and a stranger's first click seemed ignored
            again = "click Kaboom! again" if k.mouse else f"press {k['kaboom']} again"
            doubt = sc.kaboom_doubt(seat)
            if doubt.endswith("?"):  # a known total above what a call usually needs here
                return f"{doubt} {words.capitalise(again)} to call it, or draw a card."
            # on a couch every call asks: "anyway" told the table the caller's hand was risky
            anyway = "" if sc.couch() else " anyway"
            return f"{doubt} To call it{anyway}, {again}; or draw a card."
        kaboom = "." if self.scene.state.kaboomer is not None else \
            (" or call Kaboom!" if k.mouse else f" or call Kaboom! ({k['kaboom']}).")
        hint = self._slap_hint()
        turn = "your last turn" if self.scene.state.kaboomer is not None else "your turn"
        left = self.scene.draw_wait_left()
        if left > 0:
            # the Draw button greys meanwhile: a press now is queued (`human_act`)
            verb = "drawing" if self.scene.draw_queued(seat) else "draw"
            # the slap hint says why the draw waits: no "(time to slap the last discard)"
            # beside it (with larger text the bar wrapped to two tight lines)
            why = "" if hint else " (time to slap the last discard)"
            return f"{turn}: {verb} in {math.ceil(left)} s{why}{kaboom}" + \
                (f"  {hint}" if hint else "")
        return f"{turn}: draw a card ({k['choose']} on the draw pile){kaboom}" + \
            (f"  {hint}" if hint else "")

    def _drawn_prompt(self, seat: int, k: Keys) -> str:
        st = self.scene.state
        pr = self.scene.presenter
        drawn = st.drawn if pr.viewer == seat else None
        what = f"you drew {drawn.name}" if drawn is not None else "you drew a card"
        if drawn is None and pr.lookable(seat):
            what += f" ({k.hold_look} to look)"
        if pr.viewer != seat:
            # a couch: the bar is the whole couch's, so it says the same for every card, held
            # up or not; what this card can do is in its owner's private tag (`held_words`)
            return (f"{what}. Swap it for one of your cards ({k.pick}), use its power if it "
                    "has one, or discard it.")
        power = drawn.power if drawn is not None else None
        # keys name their shortcuts: a stranger on the keyboard found discard (E) by guessing
        use = "" if k.mouse else f", {k['kaboom']}"
        drop = "" if k.mouse else f" ({k['decline']})"
        extra = f", use its power ({words.POWER_SHORT[power]}{use})" if power and any(
            isinstance(a, R.UsePower) for a in st.legal_actions(seat)) else ""
        return f"{what}. Swap it for one of your cards ({k.pick}){extra}, or discard it{drop}."

    def held_words(self, seat: int) -> str:
        """What a couch player's drawn card can do, in words for their private tag only (shown
        while they hold it up): its power and the key that uses it, or why it has none."""
        st = self.scene.state
        drawn = st.drawn
        if drawn is None or st.phase is not R.Phase.DRAWN or st.current_player() != seat:
            return ""
        refused = self.whisper_for(seat)
        if refused:
            return refused
        if drawn.power is None:
            return f"The {drawn.rank_name} has no power: swap it or discard it"
        if not st.is_legal(R.UsePower(seat)):
            return f"The {drawn.rank_name}'s power has nothing to use it on"
        k = self.keys(seat)
        how = "" if k.mouse else f" ({k['kaboom']})"
        return f"Its power{how}: {words.POWER_SHORT[drawn.power]}"

    def _power_prompt(self, seat: int, k: Keys) -> str:
        power = self.scene.state.power
        if power is R.Power.PEEK_OWN:
            return f"choose one of your cards to look at ({k.pick})."
        if power is R.Power.PEEK_OTHER:
            return f"choose another player's card to look at ({k.pick})."
        verb = "swap blind" if power is R.Power.BLIND_SWAP else "look at (King)"
        if self.selection is None:
            return f"choose the first of two cards to {verb} ({k.pick})."
        return f"now the second card to {verb} ({k['back']} to choose again)."

    def _king_prompt(self, seat: int, k: Keys) -> str:
        look = f" ({k.hold_look} to look)" if self.scene.presenter.lookable(seat) else ""
        leave = "" if k.mouse else f" ({k['decline']})"
        if not self.scene.state.is_legal(R.KingDecide(seat, True)):
            # a slap took one of the two away meanwhile: said, not a Swap that does nothing
            # (a stranger's King was spent by Ana's slap on the very card he had looked at,
            # the bar still asking him to swap)
            how = "click Don't swap" if k.mouse else f"press {k['decline']}"
            return (f"a slap took a card you looked at, so the swap can't happen: {how} to "
                    "go on.")
        hint = self._slap_hint()
        return (f"swap the two cards you looked at{look}, or leave them{leave}? "
                "Everyone will hear." + (f"  {hint}" if hint else ""))

    def _slap_prompt(self, seat: int, k: Keys) -> str:
        slap = self.scene.state.slap
        rank = slap.card.rank_name if slap is not None else "card"
        stop = "" if k.mouse else f" ({k['decline']})"
        if slap is not None and slap.flips:
            return f"a match! Flip another {rank} from any grid ({k.pick}), or stop{stop}."
        # "you won the slap" read as a prize to a stranger who had slapped a card he knew no
        # match for: it says what comes next, and what a wrong card costs
        return (f"you slapped the {rank} first: now flip a matching card from any grid "
                f"({k.pick}), or don't flip and take 1 penalty card{stop}.")

    def _give_prompt(self, seat: int, k: Keys) -> str:
        slap = self.scene.state.slap
        to = slap.give_to if slap is not None else None
        other = self.scene.voice.obj(to.player) if to is not None else "them"
        keep = "" if k.mouse else f" ({k['decline']})"
        return f"give one of your cards, unseen, to {other} ({k.pick}), or keep them{keep}."
