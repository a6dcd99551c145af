"""The kit's record codec: every game's events and actions are written and read through it."""

from __future__ import annotations

import enum
import json
import subprocess
import sys
from dataclasses import dataclass

import pytest

from game.core.records import Leaf, RecordCodec


class Suit(enum.StrEnum):
    HEARTS = "H"
    SPADES = "S"


@dataclass(frozen=True)
class Spot:
    """A game's own leaf type: written as "x:y"."""

    x: int
    y: int


SPOT = Leaf(lambda s: f"{s.x}:{s.y}", lambda v: Spot(*map(int, v.split(":"))))


@dataclass(frozen=True, slots=True)
class Everything:
    count: int
    share: float
    name: str
    flag: bool
    suit: Suit
    spot: Spot
    maybe: int | None
    names: tuple[str, ...]
    pair: tuple[int, str]
    grid: tuple[tuple[Spot | None, ...], ...]
    later: str = "default"


CODEC = RecordCodec({Spot: SPOT})
ONE = Everything(count=3, share=0.5, name="Ben", flag=True, suit=Suit.SPADES, spot=Spot(1, 2),
                 maybe=None, names=("a", "b"), pair=(4, "x"),
                 grid=((Spot(0, 0), None), ()), later="set")


def test_a_record_is_written_as_plain_json_in_field_order_and_read_back_equal() -> None:
    data = CODEC.write(ONE)
    assert list(data) == ["count", "share", "name", "flag", "suit", "spot", "maybe", "names",
                          "pair", "grid", "later"]
    assert data["suit"] == "S" and data["spot"] == "1:2" and data["names"] == ["a", "b"]
    assert data["grid"] == [["0:0", None], []] and data["pair"] == [4, "x"]
    back = json.loads(json.dumps(data))
    assert Everything(**CODEC.read(Everything, back)) == ONE


def test_a_missing_field_is_a_key_error_unless_defaults_may_fill_it() -> None:
    data = CODEC.write(ONE)
    del data["later"]
    with pytest.raises(KeyError):
        CODEC.read(Everything, data)
    assert Everything(**CODEC.read(Everything, data, missing=True)).later == "default"


@pytest.mark.parametrize(("field", "bad"), [
    ("count", "3"), ("count", True), ("share", "0.5"), ("name", 7), ("flag", 1),
    ("names", "ab"), ("suit", "Q"), ("pair", [1, 2, 3]),
])
def test_a_value_of_the_wrong_type_is_refused_naming_it(field: str, bad: object) -> None:
    data = CODEC.write(ONE)
    data[field] = bad
    with pytest.raises((TypeError, ValueError)):
        CODEC.read(Everything, data)


def test_an_int_read_into_a_float_field_stays_an_int_so_the_log_writes_back_the_same() -> None:
    data = CODEC.write(ONE) | {"share": 1}
    value = CODEC.read(Everything, data)["share"]
    assert value == 1 and type(value) is int


def test_a_type_the_codec_cannot_write_is_refused_when_the_class_is_first_used() -> None:
    @dataclass
    class Odd:
        what: set[int]

    @dataclass
    class Either:
        what: int | str

    for cls in (Odd, Either):
        with pytest.raises(TypeError):
            CODEC.fields(cls)



def test_prepared_classes_write_without_reading_type_hints_again() -> None:
    """A game's codec prepares its classes as the module loads: the first frame that writes
    an action or event must not read type hints (a frame's worth of time mid-match). A fresh
    interpreter, as other tests in this one may have written every class already."""
    probe = (
        "import typing\n"
        "from game.games.blast.rules import actions, events\n"
        "def no_hints(*a, **k): raise AssertionError('type hints read mid-match')\n"
        "typing.get_type_hints = no_hints\n"
        "for codec, types in ((actions.CODEC, actions.ACTION_TYPES),"
        " (events.CODEC, events.EVENT_TYPES)):\n"
        "    for cls in types.values(): codec.fields(cls)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-800:]
