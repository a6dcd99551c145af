"""game.core.dispatch.ByClass: one function per class, found by the exact class."""

from __future__ import annotations

from game.core.dispatch import ByClass


class Base:
    pass


class Hit(Base):
    def __init__(self, n: int) -> None:
        self.n = n


class Miss(Base):
    pass


class Sub(Hit):
    pass


def test_each_class_finds_its_own_function_and_only_its_own() -> None:
    table: ByClass[str, str] = ByClass()
    table.add(Hit, lambda who, e: f"{who} hits {e.n}")
    fn = table.get(Hit)
    assert fn is not None and fn("Ana", Hit(3)) == "Ana hits 3"
    assert table.get(Miss) is None and Miss not in table
    assert table.get(Sub) is None  # the exact class, as a typed event's kind is
    table.add(Miss, lambda who, e: f"{who} misses")
    table.add(Hit, lambda who, e: f"{who} scores {e.n}")  # a later add replaces
    assert table.classes() == [Hit, Miss] and Hit in table
    again = table.get(Hit)
    assert again is not None and again("Bo", Hit(1)) == "Bo scores 1"
