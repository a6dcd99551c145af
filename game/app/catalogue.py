"""The game catalogue: each finished game registers itself here.

The menu, the lobby, the command line, smoke and bench find games only through this
registry, so `app/` never imports a particular game.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, TypeGuard

if TYPE_CHECKING:
    import pygame

    from game.app.app import App
    from game.app.scene import Scene
    from game.core.rules import Rules

log = logging.getLogger(__name__)

DIFFICULTIES = ("easy", "medium", "hard")
SEAT_COLOURS = ("#e8553d", "#3d8be8", "#f2c12e", "#46b86a", "#a066d8", "#ee7fb4")
DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
#: Every device a human seat may name: the mouse, the two keyboard sets, or gamepad slot 0-999
#: (ASCII digits only: str.isdigit would take "²" or "٣").
_DEVICE = re.compile(r"mouse|keys1|keys2|pad[0-9]{1,3}")
# Game modules that register themselves on import. A game appears here only when finished.
GAME_MODULES: tuple[str, ...] = ("game.games.cabo", "game.games.tower", "game.games.cosmic",
                                 "game.games.blast")


@dataclass(frozen=True)
class Option:
    """A game option or rule variant the lobby shows, with its default."""

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""
    value_help: tuple[tuple[Any, str], ...] = ()
    """A sentence more for the value chosen, after `help` (`help_for`): a help about the
    default's value read as wrong once another was chosen (a stranger switched the AI pace
    to brisk and still read "about 10 minutes")."""

    def help_for(self, value: Any) -> str:
        """The help the lobby shows while `value` is chosen."""
        extra = dict(self.value_help).get(value, "")
        return f"{self.help} {extra}".strip() if extra else self.help

    def parse(self, raw: str) -> Any:
        """The choice `raw` names (case-insensitive; on/off, true/false or 1/0 for a switch).

        Raises ValueError naming the choices when `raw` is none of them."""
        text = raw.strip().lower()
        for choice in self.choices:
            if isinstance(choice, bool):
                if text in ("on", "true", "1", "off", "false", "0") and \
                        choice == (text in ("on", "true", "1")):
                    return choice
            elif str(choice).lower() == text:
                return choice
        raise ValueError(f"'{raw}' is not one of {', '.join(str(c) for c in self.choices)}")

    def label_for(self, value: Any) -> str:
        if isinstance(value, bool):
            return "On" if value else "Off"
        return str(value)


@dataclass
class Seat:
    """One player at the table: a human on a device, or an AI of a difficulty."""

    name: str
    colour: str
    kind: str = "human"  # human | ai
    difficulty: str = "medium"
    device: str = "mouse"
    profile: bool = False
    """The seat of the person whose profile this is (Settings' name), when its name does not
    say so: the lobby renames "You" for a couch, and the results still go to the profile."""

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "colour": self.colour, "kind": self.kind,
                               "difficulty": self.difficulty, "device": self.device}
        if self.profile:
            out["profile"] = True
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any], index: int) -> Seat:
        kind = d.get("kind") if d.get("kind") in ("human", "ai") else "human"
        diff = d.get("difficulty") if d.get("difficulty") in DIFFICULTIES else "medium"
        name = str(d.get("name") or DEFAULT_NAMES[index % len(DEFAULT_NAMES)])[:16]
        colour = str(d.get("colour") or "")
        if not _HEX_COLOUR.fullmatch(colour):
            if colour:
                log.warning("seat %d: colour %r is not #rrggbb; using the seat's own", index,
                            colour)
            colour = SEAT_COLOURS[index % len(SEAT_COLOURS)]
        device = d.get("device") or "mouse"
        if not is_device(device):
            log.warning("seat %d: unknown device %r; using the mouse", index, device)
            device = "mouse"
        return cls(name, colour, str(kind), str(diff), device, d.get("profile") is True)


@dataclass
class MatchSetup:
    """Everything a game needs to start: seats, options and the seed."""

    game_id: str
    seats: list[Seat]
    options: dict[str, Any]
    seed: int

    def to_dict(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "seats": [s.to_dict() for s in self.seats],
                "options": dict(self.options), "seed": self.seed}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MatchSetup:
        seats = [Seat.from_dict(s, i) for i, s in enumerate(d.get("seats", []))]
        return cls(str(d["game_id"]), seats, dict(d.get("options", {})), int(d.get("seed", 0)))


@dataclass(frozen=True)
class SimResult:
    """One headless AI-only match, as `simulate` reports it (the JSON fields of `simulate --json`).

    `winners` lists every seat that shares the win (a tie credits them all); `details` holds what
    only this game reports (Tower's tiles and turns, for example), plain JSON data.
    """

    game: str
    seed: int
    players: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    rounds: int
    moves: int
    seconds: float
    details: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.scores) != len(self.players):
            raise ValueError(f"{len(self.scores)} scores for {len(self.players)} players")
        if any(not 0 <= w < len(self.players) for w in self.winners):
            raise ValueError(f"winners {list(self.winners)} are not seats")

    @property
    def winner(self) -> int | None:
        """The first of the winners (the lowest seat), or None when nobody won."""
        return self.winners[0] if self.winners else None

    @classmethod
    def build(cls, setup: MatchSetup, *, scores: Sequence[float], winners: Sequence[int],
              rounds: int, moves: int, seconds: float,
              details: Mapping[str, Any] | None = None) -> SimResult:
        """A result for `setup`'s game, seed and seats (AI difficulties, "human" for people)."""
        players = tuple(s.difficulty if s.is_ai else "human" for s in setup.seats)
        return cls(setup.game_id, setup.seed, players, tuple(scores), tuple(winners), rounds,
                   moves, seconds, dict(details or {}))

    def to_json(self) -> dict[str, Any]:
        """Plain data: the contract's fields first, then the game's own details."""
        row: dict[str, Any] = {"game": self.game, "seed": self.seed,
                               "players": list(self.players), "scores": list(self.scores),
                               "winner": self.winner, "winners": list(self.winners),
                               "rounds": self.rounds, "moves": self.moves,
                               "seconds": round(self.seconds, 4)}
        for key, value in self.details.items():
            row.setdefault(key, value)
        return row


@dataclass(frozen=True)
class DemoScene:
    """A named scene for screenshot/smoke/bench, e.g. `cabo.slap`: built ready to show."""

    scene_id: str
    build: Callable[[App, int], Scene]
    description: str = ""
    bench: bool = True


@dataclass(frozen=True)
class GameInfo:
    """What a game tells the collection about itself."""

    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    make_scene: Callable[[App, MatchSetup, dict[str, Any] | None], Scene]
    simulate: Callable[[MatchSetup], SimResult]
    rules_page: Callable[[Callable[[str, str], str] | None], str]
    """The rules page (pygame-gui's HTML subset); its argument, `word(device, control)`, names
    the player's controls (the input layer's `word_for`); None for the default bindings."""
    draw_picture: Callable[[pygame.Surface], None]
    new_rules: Callable[[int, int], Rules] | None = None
    """A fresh match of the game's pure rules for (players, seed), in the kit's one shape
    (`game.core.rules.Rules`); the rules contract tests play every game through it."""
    options: tuple[Option, ...] = ()
    demo_scenes: tuple[DemoScene, ...] = ()
    #: The credits' line: where the game comes from (the pitch stands in when empty).
    credit: str = ""
    devices_needed: str = "any"  # any | mouse (someone must hold the mouse)
    accent: str = "#ff7a2f"
    default_players: int = 4
    #: True when the highest score is best (Tower), False when the lowest is (Kaboom! cards).
    higher_is_better: bool = True
    #: How the statistics say the best score (Kaboom! Explosive's scores are places: "1st
    #: place"); None: the number itself, with "(lower wins)" when lower is better.
    best_words: Callable[[float], str] | None = None
    #: The first-match coach: a few sentences a newcomer reads before their first match of the
    #: game (what to aim for, how to act); shown once per profile unless switched off.
    first_tips: tuple[str, ...] = ()
    #: The first tips worded for one device: `(device, word_for)` -> tips, where `word_for` is
    #: the input layer's `word_for(device, control)` ("click", "SPACE", "A"); None: first_tips
    #: serve every device. The coach uses first_tips when the humans share no one device.
    first_tips_for: Callable[[str, Callable[[str, str], str]], tuple[str, ...]] | None = None
    #: The coach shows one tip at a time (at most PAGE_LINES short lines), paged with Next or
    #: a click, not all at once (strangers found Kaboom! cards' four long tips a wall of text).
    first_tips_paged: bool = False
    #: Ids of every sound the game plays: the kit's (`game.ui.kit_sounds`) and its own, whose
    #: recipes are its folder's `sounds.py` and whose files are its folder's `assets/sounds/`.
    sounds: tuple[str, ...] = ()
    #: The pictures the rules page marks (`game.app.rulepics.pic`), drawn by the game's own art;
    #: a list of `RulePicture`, asked for only when the page is shown.
    rules_pictures: Callable[[], Sequence[Any]] | None = None

    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def parse_options(self, items: Sequence[str]) -> dict[str, Any]:
        """The default options changed by `KEY=VALUE` items (the CLI's --option); pure.

        Raises ValueError with a message naming the known keys or the allowed values."""
        opts = self.default_options()
        known = {o.key: o for o in self.options}
        for item in items:
            key, sep, raw = item.partition("=")
            if not sep or key not in known:
                raise ValueError(f"bad --option '{item}'; {self.id} options: "
                                 f"{', '.join(known) or 'none'} (as KEY=VALUE)")
            try:
                opts[key] = known[key].parse(raw)
            except ValueError as exc:
                raise ValueError(f"--option {key}: {exc}") from None
        return opts

    def clean_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Known options with valid values; anything else falls back to the default."""
        out = self.default_options()
        for o in self.options:
            if o.key in given and given[o.key] in o.choices:
                out[o.key] = given[o.key]
        return out


class FolderParts(TypedDict):
    """A game's entry points where the shape of a game folder puts them (`folder_parts`), for
    `GameInfo(**folder_parts(...))`."""

    make_scene: Callable[[App, MatchSetup, dict[str, Any] | None], Scene]
    simulate: Callable[[MatchSetup], SimResult]
    rules_page: Callable[[Callable[[str, str], str] | None], str]
    rules_pictures: Callable[[], Sequence[Any]]
    draw_picture: Callable[[pygame.Surface], None]
    new_rules: Callable[[int, int], Rules]


def folder_parts(package: str, scene: str) -> FolderParts:
    """The entry points of the game in `package`, each loaded only when first called: its
    table (`scene.<scene>`: a new match, or one resumed from a save), an AI-only match with no
    pygame (`sim.simulate`), its rules page and the page's pictures (`info`), a fresh match of
    its pure rules (`rules.new_match`) and its catalogue picture (`art.picture`)."""
    return FolderParts(
        make_scene=lazy_call(f"{package}.scene", scene),
        simulate=lazy_call(f"{package}.sim", "simulate"),
        rules_page=lazy_call(f"{package}.info", "rules_page"),
        rules_pictures=lazy_call(f"{package}.info", "rules_pictures"),
        draw_picture=lazy_call(f"{package}.art", "picture"),
        new_rules=lazy_call(f"{package}.rules", "new_match"),
    )


def lazy_call(module: str, name: str) -> Callable[..., Any]:
    """`module.name(...)`, with `module` imported only at the first call: a game's scene,
    simulation, rules page and picture stay unloaded until asked for, so registering a game is
    cheap (and a headless simulation never imports the game's drawing)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(_load(module, name), name)(*args, **kwargs)

    call.__qualname__ = call.__name__ = f"{name} (from {module})"
    call.__module__ = module  # where it lives: `package_of` finds the game's package from it
    return call


def lazy_attr(module: str, name: str) -> Callable[[], Any]:
    """`module.name` itself, with `module` imported only when it is asked for (a game's save
    format, registered with `game.core.saves.register_game_format`)."""
    return lambda: getattr(_load(module, name), name)


def _load(module: str, name: str) -> Any:
    """`module`, imported through the import statement's own machinery (so `-X importtime`,
    which the no-pygame check of `simulate` reads, sees it, as it sees `from m import n`)."""
    return __import__(module, fromlist=[name])


def lazy_demo(module: str, name: str) -> Callable[[App, int], Scene]:
    """A demo-scene builder that imports `module` only when the demo is opened, so
    registering a game stays cheap."""

    def build(app: App, seed: int) -> Scene:
        scene: Scene = getattr(importlib.import_module(module), name)(app, seed)
        return scene

    return build


def lazy_watch_demo(game_id: str, players: str, **options: Any) -> Callable[[App, int], Scene]:
    """A demo scene of a simulated AI-only match played back on the game's table (Watch
    again); the table and the replay are made only when the demo is opened."""

    def build(app: App, seed: int) -> Scene:
        # By name, like lazy_demo: the catalogue must not import the menus back.
        replays = importlib.import_module("game.app.menus.replays")
        scene: Scene = replays.demo_watch(game_id, players, **options)(app, seed)
        return scene

    return build


def game_folder(module: str) -> Path:
    """The folder of a game package (`game.games.cabo`), found without importing the game."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise ValueError(f"no game package {module!r}")
    return Path(spec.origin).parent


def sound_dirs(modules: Sequence[str] | None = None) -> list[Path]:
    """Each registered game's own sound folder (`<game folder>/assets/sounds`) that exists."""
    dirs = []
    for module in GAME_MODULES if modules is None else modules:
        try:
            folder = game_folder(module) / "assets" / "sounds"
        except (ImportError, ValueError) as exc:
            log.warning("no sounds for game module %s: %s", module, exc)
            continue
        if folder.is_dir():
            dirs.append(folder)
    return dirs


_REGISTRY: dict[str, GameInfo] = {}
_PACKAGES: dict[str, str] = {}
"""Game id -> the package whose import registered it (`game.games.cabo`)."""
_loaded = False


def register(info: GameInfo) -> GameInfo:
    """Add a game to the catalogue. A game package registering itself from its ``__init__`` is
    recorded as the game's package even when something imported it before `load_games` did
    (a test importing one of its modules directly)."""
    _REGISTRY[info.id] = info
    caller = sys._getframe(1).f_globals.get("__name__", "")
    if caller in GAME_MODULES:
        _PACKAGES[info.id] = caller
    return info


def unregister(game_id: str) -> None:
    _REGISTRY.pop(game_id, None)


def load_games(modules: tuple[str, ...] | None = None) -> None:
    """Import the registered games' modules once (a broken game is logged, not fatal)."""
    global _loaded
    if _loaded and modules is None:
        return
    for name in GAME_MODULES if modules is None else modules:
        before = set(_REGISTRY)
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - one broken game must not take the menu down
            log.exception("could not load game module %s", name)
        for game_id in set(_REGISTRY) - before:
            _PACKAGES[game_id] = name
    _loaded = True


def package_of(game_id: str) -> str | None:
    """The package that registered a game (where its `replay`, `watch` and other optional
    modules live), or None for an unknown game."""
    load_games()
    if game_id in _PACKAGES:
        return _PACKAGES[game_id]
    info = _REGISTRY.get(game_id)
    if info is None:
        return None
    # Registered by hand (tests): the package its scene builder comes from.
    module = info.make_scene.__module__
    loaded = sys.modules.get(module)
    if loaded is not None and hasattr(loaded, "__path__"):
        return module
    return module.rsplit(".", 1)[0] if "." in module else module


def games() -> list[GameInfo]:
    load_games()
    return list(_REGISTRY.values())


def get(game_id: str) -> GameInfo | None:
    load_games()
    return _REGISTRY.get(game_id)


def default_setup(info: GameInfo, seed: int, humans: int = 1,
                  players: int | None = None) -> MatchSetup:
    """A ready-to-play table of `players` seats (the game's default when None): `humans` humans
    on the first seats, easy AIs on the rest (the lobby remembers whatever the player picks)."""
    want = info.default_players if players is None else players
    n = max(info.min_players, min(info.max_players, want))
    devices = ["mouse", "keys1", "keys2"]
    seats = []
    for i in range(n):
        human = i < humans
        seats.append(Seat(DEFAULT_NAMES[i] if not (human and i == 0) else "You",
                          SEAT_COLOURS[i], "human" if human else "ai", "easy",
                          devices[i % len(devices)] if human else "mouse"))
    return MatchSetup(info.id, seats, info.default_options(), seed)


DEMO_LEVELS = ("hard", "medium", "easy", "hard", "medium", "easy")
"""The AI difficulty of each seat of a demo table that does not choose them: a mixed table."""
DEMO_DEVICES = ("mouse", "keys1", "keys2")
"""The devices a demo table's humans play on, in turn."""


def demo_seats(kinds: Sequence[str]) -> list[Seat]:
    """A demo table's seats, one per kind: "human" (the first on the mouse and named You, the
    next on the keyboards) or an AI difficulty."""
    seats: list[Seat] = []
    humans = 0
    for i, kind in enumerate(kinds):
        if kind == "human":
            name = "You" if humans == 0 else DEFAULT_NAMES[i]
            seats.append(Seat(name, SEAT_COLOURS[i], "human", "medium", DEMO_DEVICES[humans]))
            humans += 1
        else:
            seats.append(Seat(DEFAULT_NAMES[i], SEAT_COLOURS[i], "ai", kind))
    return seats


def demo_table(players: int, humans: int,
               devices: Sequence[str] = DEMO_DEVICES) -> list[Seat]:
    """A demo table's seats: `humans` humans on the first seats (each on the next of
    `devices`), AIs of the mixed difficulties of `DEMO_LEVELS` on the rest."""
    return [Seat(DEFAULT_NAMES[i], SEAT_COLOURS[i], "human" if i < humans else "ai",
                 DEMO_LEVELS[i], devices[i % len(devices)] if i < humans else "mouse")
            for i in range(players)]


def is_device(name: object) -> TypeGuard[str]:
    """Whether `name` is a device a human seat can play on: mouse, keys1, keys2 or pad0-pad999.

    The one check shared by the command line (:func:`parse_players`) and the save check
    (``launch.check_setup``), so a seat the one accepts is never refused by the other.
    """
    return isinstance(name, str) and _DEVICE.fullmatch(name) is not None


def parse_players(spec: str, info: GameInfo | None = None) -> list[Seat]:
    """`human,ai:hard,ai:easy` -> seats. Raises ValueError with a clear message."""
    parts = [p.strip().lower() for p in spec.split(",") if p.strip()]
    if not parts:
        raise ValueError("--players needs at least one entry, e.g. human,ai:hard")
    seats: list[Seat] = []
    human_devices = ["mouse", "keys1", "keys2"]
    named = {p.partition(":")[2] for p in parts if p.partition(":")[0] == "human"}
    # A human with no device named takes the first one nobody else names or has taken.
    free = [d for d in human_devices if d not in named]
    humans = 0
    # One human is "You"; on a couch everyone is a player ("You takes the C4" reads wrong).
    couch = sum(1 for p in parts if p.partition(":")[0] == "human") > 1
    for i, part in enumerate(parts):
        kind, _, rest = part.partition(":")
        if kind == "human":
            if rest and not is_device(rest):
                raise ValueError(f"unknown device '{rest}' in '{part}' "
                                 "(use mouse, keys1, keys2 or pad0 to pad999)")
            device = rest or (free.pop(0) if free else human_devices[-1])
            seats.append(Seat("You" if humans == 0 and not couch else f"Player {humans + 1}",
                              SEAT_COLOURS[i % 6], "human", "medium", device))
            humans += 1
        elif kind == "ai":
            diff = rest or "medium"
            if diff not in DIFFICULTIES:
                raise ValueError(f"unknown AI difficulty '{diff}' in '{part}' "
                                 f"(use {', '.join(DIFFICULTIES)})")
            # The name alone, short enough for every seat plate (the lobby and the card table
            # show the difficulty beside it).
            seats.append(Seat(DEFAULT_NAMES[i % 6], SEAT_COLOURS[i % 6], "ai", diff))
        elif kind == "random":
            seats.append(Seat(DEFAULT_NAMES[i % 6], SEAT_COLOURS[i % 6], "ai", "random"))
        else:
            raise ValueError(f"unknown player '{part}' (use human, human:DEVICE, ai:easy, "
                             "ai:medium or ai:hard)")
    if info is not None and not info.min_players <= len(seats) <= info.max_players:
        raise ValueError(f"{info.title} takes {info.min_players}-{info.max_players} players, "
                         f"got {len(seats)}")
    return seats
