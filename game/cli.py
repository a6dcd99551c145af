"""Command line: play, simulate, screenshot, smoke and bench.

Bad arguments print a clear message and exit with status 2 (argparse's convention).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.core.bounds import MAX_COUNT, count_problem, seed_problem

log = logging.getLogger("game.cli")
EPILOG = "Settings, saves and logs live in the user folders (see README); --data-dir moves them."


def _whole(text: str, what: str) -> int:
    """A whole number from the command line; 'not a whole number' for anything else (digits
    beyond what Python converts included)."""
    try:
        return int(text)
    except ValueError:
        shown = text if len(text) <= 24 else f"{text[:20]}... ({len(text)} characters)"
        raise argparse.ArgumentTypeError(f"{what}'{shown}' is not a whole number") from None


def _positive(text: str) -> int:
    """A count: 1 to the shared MAX_COUNT (saves and replays are bounded the same way)."""
    problem = count_problem(_whole(text, ""), "the count")
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return int(text)


def _positive_real(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not 0 < value <= MAX_COUNT:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most {MAX_COUNT:,}, "
                                         f"got {text}")
    return value


def _seed(text: str) -> int:
    """A seed: 0 to 2**63-1, the bound saves and replays use too."""
    value = _whole(text, "seed ")
    problem = seed_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return value


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="kaboom", description="Kaboom! Collection: tabletop "
                                "Kaboom games on one screen.", epilog=EPILOG)
    p.add_argument("--data-dir", metavar="DIR",
                   help="keep settings, saves and logs under DIR (same as KABOOM_HOME=DIR)")
    p.add_argument("--verbose", action="store_true", help="log debug messages")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the game (optionally straight into GAME)",
                          description="Open the game window; with GAME, go straight to a match.")
    play.add_argument("game", nargs="?", metavar="GAME", help="game id, e.g. cabo or tower")
    play.add_argument("--players", metavar="SPEC",
                      help="comma list such as human,ai:hard,ai:easy (human:keys1 picks a device)")
    play.add_argument("--seed", type=_seed, help="seed for a reproducible match")
    play.add_argument("--fullscreen", action="store_true", help="start in full screen")

    sim = sub.add_parser("simulate", help="AI-only games with no window",
                         description="Play AI-only games headless as fast as possible.")
    sim.add_argument("game", metavar="GAME")
    sim.add_argument("--players", required=True, metavar="SPEC",
                     help="comma list of ai:easy|ai:medium|ai:hard (or random)")
    sim.add_argument("--games", type=_positive, default=1, metavar="K")
    sim.add_argument("--seed", type=_seed, default=1, metavar="N")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, e.g. rounds=3 (repeatable)")
    sim.add_argument("--json", action="store_true", help="one JSON object per line per game")
    sim.add_argument("--replay-dir", metavar="DIR",
                     help="write one replay file per simulated match into DIR")

    rep = sub.add_parser("replay", help="describe or verify a replay file",
                         description="Describe a replay file; with --verify re-run it headless "
                         "and exit 0 when every checkpoint matches, 1 naming the first step "
                         "that diverges, 2 for a bad file.")
    rep.add_argument("file", metavar="FILE", help="a replay (.json) file")
    rep.add_argument("--verify", action="store_true",
                     help="re-run the match from its seed and inputs and check every hash")
    rep.add_argument("--watch", action="store_true",
                     help="open the game window and play the replay back on its table")

    shot = sub.add_parser("screenshot", help="render a scene headless to a PNG",
                          description="Render SCENE headless after N frames into a 1280x720 PNG.")
    shot.add_argument("scene", metavar="SCENE", help="scene id (see 'screenshot --list')",
                      nargs="?")
    shot.add_argument("--out", metavar="FILE.png")
    shot.add_argument("--frames", type=_positive, default=60, metavar="N")
    shot.add_argument("--seed", type=_seed, default=1)
    shot.add_argument("--list", action="store_true", help="list scene ids and exit")

    smoke = sub.add_parser("smoke", help="every scene headless with random input",
                           description="Run every scene headless for a few hundred frames with "
                           "random input; exit non-zero on any error.")
    smoke.add_argument("--frames", type=_positive, default=300, metavar="N")
    smoke.add_argument("--seed", type=_seed, default=7)
    smoke.add_argument("--scene", action="append", metavar="SCENE", help="only these scenes")

    soak = sub.add_parser("soak", help="play menus, lobbies and AI matches for a while, "
                          "printing memory per round", epilog=EPILOG)
    soak.add_argument("--minutes", type=_positive_real, default=60.0, metavar="N",
                      help="keep playing rounds for N minutes (default 60)")
    soak.add_argument("--rounds", type=_positive, metavar="K",
                      help="stop after K rounds even if time is left")
    soak.add_argument("--seed", type=_seed, default=1)
    soak.add_argument("--game", action="append", metavar="GAME",
                      help="only matches of these games (default: every game)")
    soak.add_argument("--max-rss", type=_positive_real, metavar="MB",
                      help="exit 1 if memory after any round is above MB")

    bench = sub.add_parser("bench", help="frame CPU time per scene",
                           description="Measure each scene's frame CPU time at 1280x720 headless.")
    bench.add_argument("--frames", type=_positive, default=600, metavar="N")
    bench.add_argument("--seed", type=_seed, default=3)
    bench.add_argument("--scene", action="append", metavar="SCENE", help="only these scenes")
    bench.add_argument("--json", action="store_true", help="one JSON object per line per scene")
    return p


GLOBAL_FLAGS = ("-h", "--help", "--verbose")
GLOBAL_WITH_VALUE = ("--data-dir",)


def _check_global_options(parser: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """Name an unknown option given before the command (argparse would blame the next word)."""
    tokens = list(argv)
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if not token.startswith("-") or token == "-":
            return  # the command: its own options are checked by its own parser
        name = token.split("=", 1)[0]
        if name in GLOBAL_WITH_VALUE:
            i += 1 if "=" in token else 2
            continue
        if name not in GLOBAL_FLAGS:
            parser.error(f"unknown option '{name}' (options before the command: "
                         "--data-dir DIR, --verbose; see 'kaboom COMMAND --help' for the rest)")
        i += 1


def _check_data_dir(parser: argparse.ArgumentParser, text: str, source: str) -> Path:
    """The folder for settings, saves and logs: it must be (or become) a writable folder."""
    if not text.strip():
        parser.error(f"{source} is empty; give a folder, e.g. {source} ~/kaboom-data")
    folder = Path(text).expanduser().absolute()
    if folder.exists() and not folder.is_dir():
        parser.error(f"{source} '{text}' is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        parser.error(f"{source} '{text}' cannot be created: {err.strerror or err}")
    if not os.access(folder, os.W_OK | os.X_OK):
        parser.error(f"{source} '{text}' is not writable")
    return folder.resolve()


def _check_out(parser: argparse.ArgumentParser, text: str) -> Path:
    """Where screenshot writes: a .png file name in an existing folder."""
    out = Path(text).expanduser()
    if out.suffix.lower() != ".png":
        parser.error(f"--out must be a .png file, got '{out.name}'")
    if out.is_dir():
        parser.error(f"--out '{text}' is a folder; give a file name such as {out / 'shot.png'}")
    folder = out.parent
    for parent in (folder, *folder.parents):
        if parent.exists() and not parent.is_dir():
            parser.error(f"--out '{text}': '{parent}' is a file, not a folder")
    if not folder.is_dir():
        parser.error(f"--out '{text}': the folder '{folder}' does not exist")
    if not os.access(folder, os.W_OK):
        parser.error(f"--out '{text}': the folder '{folder}' is not writable")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; Ctrl+C in the terminal ends it with a line, not a traceback (130, as
    shells count an interrupt)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("kaboom: stopped (Ctrl+C).", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    _check_global_options(parser, sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    if args.data_dir is not None:
        os.environ["KABOOM_HOME"] = str(_check_data_dir(parser, args.data_dir, "--data-dir"))
    elif os.environ.get("KABOOM_HOME", "").strip():
        _check_data_dir(parser, os.environ["KABOOM_HOME"].strip(), "KABOOM_HOME")
    from game.core import paths
    from game.core.log import setup_logging

    paths.set_home(os.environ.get("KABOOM_HOME") or None)
    command = args.command or "play"
    watching = command == "replay" and args.watch  # the one replay use that opens a window
    if command in ("simulate", "replay", "screenshot", "smoke", "bench", "soak") \
            and not watching:
        from game.app.sdl import prepare_headless_env

        prepare_headless_env()
        if command not in ("simulate", "replay") and not os.environ.get("KABOOM_HOME"):
            # Random clicks may reach Settings: never let a tester's run touch real files.
            import tempfile

            scratch = tempfile.mkdtemp(prefix="kaboom-headless-")
            os.environ["KABOOM_HOME"] = scratch
            paths.set_home(scratch)
    setup_logging(logging.DEBUG if args.verbose else logging.INFO)
    if command not in ("simulate", "replay") or watching:
        from game.app.memory import tune_allocator

        tune_allocator()  # surfaces freed go back to the system all evening
    if command == "play":
        return cmd_play(parser, args)
    if command == "simulate":
        return cmd_simulate(parser, args)
    if command == "replay":
        return cmd_replay(parser, args)
    if command == "screenshot":
        return cmd_screenshot(parser, args)
    if command == "smoke":
        return cmd_smoke(parser, args)
    if command == "soak":
        return cmd_soak(parser, args)
    return cmd_bench(parser, args)


# play -------------------------------------------------------------------------------------
def no_window_message() -> str:
    """What to tell a player whose machine opened no window (no display: SDL fell back to an
    off-screen driver), or "" when there is a real window or the caller asked for none."""
    import pygame

    asked = os.environ.get("SDL_VIDEODRIVER", "")
    driver = pygame.display.get_driver() if pygame.display.get_init() else ""
    if asked in ("dummy", "offscreen") or driver not in ("dummy", "offscreen"):
        return ""
    return ("Kaboom! Collection found no display, so it is running without a window "
            f"(video driver '{driver}'). Start it from a desktop session (on Linux, with "
            "DISPLAY or WAYLAND_DISPLAY set); press Ctrl+C to stop it.")


def cmd_play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from game.app import catalogue

    game = getattr(args, "game", None)
    info = None
    seats = None
    if game:
        info = catalogue.get(game)
        if info is None:
            parser.error(f"unknown game '{game}'; choose from: {_game_ids()}")
        if args.players:
            try:
                seats = catalogue.parse_players(args.players, info)
            except ValueError as exc:
                parser.error(str(exc))
    elif getattr(args, "players", None):
        parser.error("--players needs a GAME")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.app import App
    from game.app.menus.overlays import standard_screens
    from game.app.menus.title import TitleScene
    from game.app.scene import Scene

    app = App(standard_screens())
    no_window = no_window_message()
    if no_window:
        print(no_window, file=sys.stderr)
    if getattr(args, "fullscreen", False):
        app.display.set_fullscreen(True)
    first: Scene = TitleScene(app)
    if info is not None:
        from game.core.rng import new_seed

        setup = catalogue.default_setup(info, args.seed if args.seed is not None else new_seed())
        if seats is not None:
            setup.seats = seats
        app.stack.push(first)
        app.stack.apply_requests()
        from game.app.launch import start_game, unfinished_save
        from game.app.menus.lobby import replace_save_dialog

        unfinished = unfinished_save(app, info)
        if unfinished is not None:  # ask over the title before writing over the player's game
            chosen = info
            first = replace_save_dialog(app, info, unfinished,
                                        lambda: start_game(app, chosen, setup,
                                                           closing_dialog=True))
        else:
            first = info.make_scene(app, setup, None)
    return app.run(first)


def _game_ids() -> str:
    from game.app import catalogue

    ids = [g.id for g in catalogue.games()]
    return ", ".join(ids) if ids else "(no games are registered yet)"


# simulate ---------------------------------------------------------------------------------
def cmd_simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from game.app import catalogue
    from game.core.rng import derive_seed

    info = catalogue.get(args.game)
    if info is None:
        parser.error(f"unknown game '{args.game}'; choose from: {_game_ids()}")
    try:
        seats = catalogue.parse_players(args.players, info)
    except ValueError as exc:
        parser.error(str(exc))
    if any(not s.is_ai for s in seats):
        parser.error("simulate plays AI-only games: use ai:easy, ai:medium, ai:hard or random")
    try:
        options = info.parse_options(args.option)
    except ValueError as exc:
        parser.error(str(exc))
    replay_dir = Path(args.replay_dir).expanduser() if args.replay_dir else None
    if replay_dir is not None:
        if replay_dir.exists() and not replay_dir.is_dir():
            parser.error(f"--replay-dir: '{replay_dir}' is not a folder")
        try:
            replay_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            parser.error(f"--replay-dir: cannot make '{replay_dir}': {exc.strerror or exc}")
    wins = [0] * len(seats)
    totals = [0.0] * len(seats)
    t_all = time.perf_counter()
    for k in range(args.games):
        seed = derive_seed(args.seed, "game", k) if k else args.seed
        setup = catalogue.MatchSetup(info.id, [catalogue.Seat(**s.to_dict()) for s in seats],
                                     dict(options), seed)
        written: list[str] = []
        if replay_dir is None:
            result = info.simulate(setup)
        else:
            from game.core import replay

            with replay.capture() as made:
                result = info.simulate(setup)
            if not made:
                log.warning("%s does not record replays", info.id)
            written = [str(replay.save(r, replay_dir, keep=None)) for r in made]
        for w in result.winners:  # a tie credits every tied winner
            wins[w] += 1
        for i, sc in enumerate(result.scores):
            totals[i] += sc
        if args.json:
            row = result.to_json()
            if written:
                row["replay"] = written[0]
            print(json.dumps(row), flush=True)
        else:
            tied = "s" if len(result.winners) > 1 else ""
            print(f"game {k + 1:>4}  seed {seed:<12} winner seat{tied} "
                  f"{', '.join(str(w) for w in result.winners) or '-'}  "
                  f"scores {list(result.scores)}  rounds {result.rounds}  "
                  f"moves {result.moves}  {result.seconds:.2f}s")
            for path in written:
                print(f"           replay {path}")
    if not args.json:
        print(f"\n{args.games} games in {time.perf_counter() - t_all:.1f}s")
        for i, s in enumerate(seats):
            print(f"  seat {i} {s.difficulty:<7} wins {wins[i]:>4} "
                  f"({wins[i] / args.games:6.1%})  mean score {totals[i] / args.games:7.2f}")
    return 0


# replay -----------------------------------------------------------------------------------
def cmd_replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Describe a replay, or re-run it (--verify): 0 all hashes match, 1 diverged, 2 bad file.

    Verifying loads the game's rules, world and `replay` module only: no pygame."""
    from game.app import catalogue
    from game.core import replay

    try:
        rep = replay.load(Path(args.file))
    except replay.ReplayError as exc:
        print(f"kaboom replay: {exc}", file=sys.stderr)
        return 2
    info = catalogue.get(rep.game)
    players = ", ".join(f"{s.get('name', '?')} (ai:{s.get('difficulty', '?')})"
                        if s.get("kind") == "ai" else f"{s.get('name', '?')} (human)"
                        for s in rep.setup["seats"])
    title = info.title if info is not None else rep.game
    print(f"{title} replay, seed {rep.seed}, {len(rep.inputs)} inputs, "
          f"{len(rep.checkpoints)} checkpoints, recorded {rep.created or '?'}")
    print(f"  players: {players}")
    if rep.summary.get("scores") is not None:
        print(f"  scores {rep.summary.get('scores')}  winners {rep.summary.get('winners')}  "
              f"rounds {rep.summary.get('rounds')}")
    if args.watch:
        return _watch(parser, rep)
    if not args.verify:
        return 0
    if info is None:
        print(f"kaboom replay: unknown game '{rep.game}'; this build has: {_game_ids()}",
              file=sys.stderr)
        return 2
    verify = _replay_verifier(info)
    if verify is None:
        print(f"kaboom replay: {info.title} cannot verify replays", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    try:
        verdict = verify(rep)
    except replay.ReplayError as exc:
        print(f"kaboom replay: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a re-run that breaks is a divergence, not a crash
        log.debug("replay re-run failed", exc_info=True)
        print(f"DIVERGED: the re-run failed: {exc!r}")
        return 1
    took = time.perf_counter() - t0
    if verdict.ok:
        print(f"OK: {verdict.message} ({took:.2f}s)")
        return 0
    print(f"DIVERGED at step {verdict.step}: {verdict.message}")
    return 1


def _watch(parser: argparse.ArgumentParser, rep: Any) -> int:
    """Open the window with the replay playing on its table (Back leaves for the title)."""
    from game.app.menus.replays import watch_builder

    build = watch_builder(rep.game)
    if build is None:
        parser.error(f"replays of '{rep.game}' cannot be watched")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.app import App
    from game.app.menus.overlays import standard_screens
    from game.app.menus.title import TitleScene

    app = App(standard_screens())
    app.stack.push(TitleScene(app))
    app.stack.apply_requests()
    try:
        scene = build(app, rep)
    except (ValueError, KeyError, TypeError) as exc:
        app.shutdown()
        print(f"kaboom replay: this replay cannot be played back: {exc}", file=sys.stderr)
        return 2
    return app.run(scene)


def _replay_verifier(info: Any) -> Any:
    """The game's `replay.verify`: a game offers replays with a `replay` module beside its
    rules (the package that registered `info`)."""
    import importlib

    from game.app import catalogue

    package = catalogue.package_of(info.id)
    if package is None:
        return None
    try:
        module = importlib.import_module(f"{package}.replay")
    except ImportError:
        return None
    return getattr(module, "verify", None)


# screenshot / smoke / bench --------------------------------------------------------------
def _open_scene(scene_id: str, seed: int, audio: bool = False) -> tuple[Any, Any]:
    from game.app.headless import HeadlessDriver, make_headless_app
    from game.app.scenes import named_scenes

    app = make_headless_app(audio=audio)
    named = named_scenes()[scene_id]
    driver = HeadlessDriver(app)
    if named.base is not None:
        app.stack.push(named.base(app, seed))
        app.stack.apply_requests()
    app.stack.push(named.build(app, seed))
    app.stack.apply_requests()
    return app, driver


def _close(app: Any) -> None:
    """Shut a headless app down (scenes left, widgets freed) without closing pygame itself."""
    try:
        app.shutdown(quit_pygame=False)
    except Exception:  # noqa: BLE001 - a scene failing to leave is reported, not fatal here
        log.exception("error while shutting a scene down")


def cmd_screenshot(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from game.app.scenes import named_scenes

    scenes = named_scenes()
    if args.list:
        for sid, n in scenes.items():
            print(f"{sid:<24} {n.description}")
        return 0
    if not args.scene:
        parser.error("SCENE is required (see 'screenshot --list')")
    if args.scene not in scenes:
        parser.error(f"unknown scene '{args.scene}'; choose from: {', '.join(scenes)}")
    if not args.out:
        parser.error("--out FILE.png is required")
    out = _check_out(parser, args.out)
    app, driver = _open_scene(args.scene, args.seed)
    try:
        driver.run(args.frames)
        driver.screenshot(out)
    except (OSError, pygame_error()) as err:
        print(f"kaboom screenshot: error: could not write '{out}': {err}", file=sys.stderr)
        return 2
    finally:
        _close(app)
    print(f"wrote {out} ({args.scene} after {args.frames} frames)")
    return 0


def pygame_error() -> type[Exception]:
    """pygame's error class (imported late: simulate must not load pygame)."""
    import pygame

    return pygame.error


def cmd_smoke(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    import traceback

    from game.app.headless import random_events
    from game.app.scenes import named_scenes

    scenes = named_scenes()
    wanted = args.scene or list(scenes)
    unknown = [s for s in wanted if s not in scenes]
    if unknown:
        parser.error(f"unknown scene '{unknown[0]}'; choose from: {', '.join(scenes)}")
    failures = 0
    t_all = time.perf_counter()
    for sid in wanted:
        rng = random.Random(f"{args.seed}:{sid}")
        t0 = time.perf_counter()
        app = None
        try:
            app, driver = _open_scene(sid, args.seed)
            for _ in range(args.frames):
                driver.step(random_events(rng, app))
                app.running = True  # a random click on Quit must not end the smoke run
            status = "ok"
        except Exception:  # noqa: BLE001 - report every scene's failure, then exit 1
            failures += 1
            status = "FAILED"
            traceback.print_exc()
        finally:
            if app is not None:
                _close(app)  # every pass frees its scenes: repeated runs keep memory flat
        print(f"smoke {sid:<24} {status:<6} {args.frames} frames "
              f"{time.perf_counter() - t0:5.2f}s", flush=True)
    print(f"smoke: {len(wanted) - failures} passed, {failures} failed "
          f"in {time.perf_counter() - t_all:.1f}s")
    return 1 if failures else 0


def cmd_soak(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Rounds of menus, lobbies and whole AI matches, memory after each (see game.app.soak)."""
    from game.app import catalogue, soak

    known = [g.id for g in catalogue.games()]
    unknown = [g for g in args.game or [] if g not in known]
    if unknown:
        parser.error(f"unknown game '{unknown[0]}'; choose from: {', '.join(known)}")
    logging.getLogger().setLevel(logging.WARNING)  # one line per round, not per match event
    rounds = soak.run(args.minutes, args.rounds, args.seed, games=args.game)
    peak = max(r.rss_mb for r in rounds)
    later = [r.rss_mb for r in rounds[1:]]
    drift = (max(later) / rounds[0].rss_mb - 1.0) * 100.0 if later else 0.0
    tables = [r.table_mb for r in rounds]
    table_drift = (max(tables[1:]) / tables[0] - 1.0) * 100.0 if len(tables) > 1 else 0.0
    print(f"soak: {len(rounds)} rounds, highest {peak:.0f} MB, after round 1 at most "
          f"{drift:+.1f}% on it; at the tables highest {max(tables):.0f} MB "
          f"({table_drift:+.1f}% on round 1); process peak {soak.peak_rss_mb():.0f} MB")
    peak = max(peak, soak.peak_rss_mb())
    if args.max_rss is not None and peak > args.max_rss:
        print(f"kaboom soak: memory reached {peak:.0f} MB, above --max-rss {args.max_rss:g}",
              file=sys.stderr)
        return 1
    return 0


#: A scene's frame p99 may be at most this many times the reference frame's (the studio's bar).
BUDGET_X = 1.5


def cmd_bench(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from game.app.scenes import named_scenes

    scenes = named_scenes()
    wanted = args.scene or [s for s, n in scenes.items() if n.bench]
    unknown = [s for s in wanted if s not in scenes]
    if unknown:
        parser.error(f"unknown scene '{unknown[0]}'; choose from: {', '.join(scenes)}")
    ref = _reference_frame(args.frames)
    budget = BUDGET_X * ref["p99_ms"]
    if args.json:
        print(json.dumps({"scene": "reference", **ref, "budget_p99_ms": round(budget, 3)}),
              flush=True)
    else:
        print(f"reference frame (plain full-screen frame, same clock): median "
              f"{ref['median_ms']:.3f}  p99 {ref['p99_ms']:.3f}  -> budget p99 {budget:.3f}")
        print(f"{'scene':<24} {'frames':>6} {'median':>8} {'p99':>8} {'max':>8}  (CPU ms/frame)")
    over = 0
    for sid in wanted:
        app, driver = _open_scene(sid, args.seed)
        driver.run(60)  # warm caches, let fades finish
        times: list[float] = []
        for _ in range(args.frames):
            t0 = time.thread_time()
            driver.step()
            app.display.present()
            times.append((time.thread_time() - t0) * 1000)
        _close(app)
        times.sort()
        row = {"scene": sid, "frames": len(times),
               "median_ms": round(statistics.median(times), 3),
               "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3),
               "max_ms": round(times[-1], 3)}
        within = row["p99_ms"] <= budget
        over += not within
        if args.json:
            print(json.dumps({**row, "within_budget": within}), flush=True)
        else:
            print(f"{sid:<24} {row['frames']:>6} {row['median_ms']:>8.3f} {row['p99_ms']:>8.3f} "
                  f"{row['max_ms']:>8.3f}  {'ok' if within else 'OVER BUDGET'}", flush=True)
    if not args.json:
        print(f"{len(wanted) - over} of {len(wanted)} scenes within budget "
              f"(p99 <= {BUDGET_X} x reference)")
    return 0


def _reference_frame(frames: int) -> dict[str, float]:
    """What a plain 1280x720 frame costs now, on bench's clock: fill, a full-screen background,
    60 sprite blits (rotated from a cache) and 20 text blits, then present (the workload of
    the studio's reference frame). A scene's budget is BUDGET_X times its p99."""
    import pygame

    from game.app.headless import make_headless_app

    app = make_headless_app()
    try:
        screen = app.display.canvas
        bg = pygame.Surface((1280, 720)).convert()
        for y in range(0, 720, 8):
            pygame.draw.rect(bg, (20 + y % 60, 30, 60), (0, y, 1280, 8))
        sprite = pygame.Surface((64, 90), pygame.SRCALPHA)
        pygame.draw.rect(sprite, (240, 230, 210), (0, 0, 64, 90), border_radius=6)
        rots = [pygame.transform.rotate(sprite, a).convert_alpha() for a in range(0, 360, 15)]
        font = pygame.font.Font(None, 24)
        texts = [font.render(f"Player {i}: 12 pts", True, (250, 250, 250)).convert_alpha()
                 for i in range(20)]
        times: list[float] = []
        for f in range(frames + 60):
            t0 = time.thread_time()
            screen.fill((0, 0, 0))
            screen.blit(bg, (0, 0))
            for i in range(60):
                screen.blit(rots[(i + f) % len(rots)], ((i * 97 + f) % 1200, (i * 53) % 640))
            for i, t in enumerate(texts):
                screen.blit(t, (1000, 20 + i * 30))
            app.display.present()
            if f >= 60:
                times.append((time.thread_time() - t0) * 1000)
    finally:
        _close(app)
    times.sort()
    return {"median_ms": round(statistics.median(times), 3),
            "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3)}


if __name__ == "__main__":
    sys.exit(main())
