"""Stepping through a recorded resolution: exact states at chosen steps (grids written out by
hand), forwards and backwards, and the trace as a DataFrame and as text, filtered."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from fliptoons_explore import RULES, resolve
from fliptoons_explore.fliptoons.text import state_text
from fliptoons_explore.stepping import Stepper, select_events, trace_frame, trace_lines
from util import compact_grid

#: Gorilla then Coyote (S2): the Coyote lands above the Gorilla, returns it and takes its space.
GORILLA_COYOTE = {
    "season": "s2",
    "players": [{"name": "Ann", "deck": ["mosquito", "gorilla", "coyote", "rat"]}],
    "toon_deck": ["fox"],
    "market": ["hen"],
}
#: Eagle (S1): the next revealed card is turned face down and its ability is ignored.
EAGLE = {"season": "s1", "players": [{"name": "Ann", "deck": ["eagle", "turkey", "camel"]}]}
#: Snake (S1): dismisses the top card of the deck, then gains the top toon-deck card.
SNAKE = {
    "season": "s1",
    "players": [{"name": "Ann", "deck": ["bee", "snake", "camel", "snail"]}],
    "toon_deck": ["peacock", "turkey"],
}
#: Two players flipping in lockstep: one reveal each in turn.
LOCKSTEP = {
    "season": "s2",
    "players": [
        {"name": "Ann", "deck": ["mosquito", "rat"]},
        {"name": "Bo", "deck": ["crab", "goldfish"]},
    ],
    "rulings": {"flip_players": "lockstep"},
}

EMPTY = [[None, None, None], [None, None, None]]


def grid_of(state, player=0):
    return compact_grid(state["players"][player])


@pytest.fixture(scope="module")
def gc():
    return resolve(GORILLA_COYOTE, record=True)


# -- exact states --------------------------------------------------------------------------------


def test_gorilla_coyote_states_step_by_step(gc):
    s = Stepper(gc)
    assert s.step == -1 and s.event is None and s.at_start
    ann = s.state["players"][0]
    assert ann["grid"] == [[None, None, None], [None, None, None]]
    assert ann["deck"] == ["mosquito", "gorilla", "coyote", "rat"] and ann["revealed"] is None
    assert s.state["market"] == ["hen", None, None, None, None] and s.state["toon_deck"] == ["fox"]

    s.goto(1)  # reveal mosquito: it is in no place but "revealed"
    ann = s.state["players"][0]
    assert (ann["revealed"], ann["deck"], ann["grid"]) == (
        "mosquito",
        ["gorilla", "coyote", "rat"],
        EMPTY,
    )

    s.goto(5)  # trigger gorilla: nothing moves
    assert grid_of(s.state) == [["mosquito", "gorilla", None], [None, None, None]]
    assert s.state == gc.state_after(4)

    s.goto(6)  # reveal coyote
    assert s.state["players"][0]["revealed"] == "coyote"
    assert s.state["players"][0]["deck"] == ["rat"]

    s.goto(7)  # the coyote goes into a new row above the gorilla
    # each card also gives its uid (deck cards are numbered top first: mosquito 0 ... rat 3)
    assert s.state["players"][0]["grid"] == [
        [None, [{"id": "coyote", "face_up": True, "uid": 2}], None],
        [
            [{"id": "mosquito", "face_up": True, "uid": 0}],
            [{"id": "gorilla", "face_up": True, "uid": 1}],
            None,
        ],
        [None, None, None],
    ]
    assert s.state["players"][0]["revealed"] is None

    s.goto(9)  # the coyote's ability returns the gorilla
    assert grid_of(s.state) == [
        [None, "coyote", None],
        ["mosquito", None, None],
        [None, None, None],
    ]
    assert s.state["players"][0]["deck"] == ["rat", "gorilla"]

    s.goto(10)  # ... and the coyote takes the space it left; the extra row is gone
    assert grid_of(s.state) == [["mosquito", "coyote", None], [None, None, None]]

    s.goto(14)  # the rat stacks on the previously placed card: the coyote (it moved)
    assert grid_of(s.state) == [["mosquito", "coyote+rat", None], [None, None, None]]

    s.goto(16)  # the returned gorilla comes round again
    assert grid_of(s.state) == [["mosquito", "coyote+rat", "gorilla"], [None, None, None]]
    assert s.state["players"][0]["deck"] == []
    # the market and the toon deck never moved in the Flip
    assert all(gc.state_after(k)["toon_deck"] == ["fox"] for k in range(len(gc.trace)))


def test_state_before_is_state_after_previous(gc):
    s = Stepper(gc)
    for k in range(len(gc.trace)):
        s.goto(k)
        assert s.before == gc.state_after(k - 1) == gc.state_before(k)
    assert Stepper(gc).before == gc.trace.initial


def test_eagle_flips_the_next_card_face_down():
    r = resolve(EAGLE, record=True)
    s = Stepper(r, 5)
    assert s.event.kind == "place"
    assert grid_of(s.state) == [["eagle", "turkey", None], [None, None, None]]
    s.forward()
    assert s.event.kind == "flip"
    assert s.state["players"][0]["grid"][0][1] == [{"id": "turkey", "face_up": False, "uid": 1}]
    assert grid_of(s.state) == [["eagle", "~turkey", None], [None, None, None]]
    assert grid_of(s.before) == [["eagle", "turkey", None], [None, None, None]]
    assert grid_of(s.goto(s.last).state) == [["eagle", "~turkey", "camel"], [None, None, None]]


def test_snake_dismisses_then_gains():
    r = resolve(SNAKE, record=True)
    s = Stepper(r, 5)  # trigger snake
    assert s.state["players"][0]["deck"] == ["camel", "snail"]
    s.forward()  # dismiss camel from the top of the deck
    ann = s.state["players"][0]
    assert (ann["deck"], ann["dismissed"]) == (["snail"], ["camel"])
    assert s.state["toon_deck"] == ["peacock", "turkey"]
    s.forward()  # gain peacock, stacked on the snake
    assert grid_of(s.state) == [["bee", "snake+peacock", None], [None, None, None]]
    assert s.state["toon_deck"] == ["turkey"]
    s.back(2)
    assert s.state["players"][0]["dismissed"] == []


def test_two_players_lockstep():
    r = resolve(LOCKSTEP, record=True)
    s = Stepper(r)
    s.goto(4)  # Bo placed his crab; Ann has her mosquito
    assert grid_of(s.state, 0) == [["mosquito", None, None], [None, None, None]]
    assert grid_of(s.state, 1) == [["crab", None, None], [None, None, None]]
    assert s.grid("Bo") == s.state["players"][1]["grid"]
    s.goto(10)  # Ann's rat stacks on her mosquito; Bo still holds his goldfish
    assert grid_of(s.state, 0) == [["mosquito+rat", None, None], [None, None, None]]
    assert s.state["players"][1]["deck"] == ["goldfish"]
    s.goto(12)
    assert grid_of(s.state, 1) == [["crab", "goldfish", None], [None, None, None]]


# -- forwards and backwards ------------------------------------------------------------------------


def test_forward_back_goto_agree(gc):
    n = len(gc.trace)
    s = Stepper(gc)
    forwards = [s.state]
    while not s.at_end:
        forwards.append(s.forward().state)
    assert len(forwards) == n + 1
    backwards = [s.state]
    while not s.at_start:
        backwards.append(s.back().state)
    assert backwards[::-1] == forwards
    rng = random.Random(4)
    for _ in range(200):
        k = rng.randrange(-1, n)
        assert s.goto(k).state == forwards[k + 1]
        assert s.step == k
    # stepping by more than one, and the ends
    assert s.goto(3).forward(4).step == 7
    assert s.back(3).step == 4
    assert s.goto(0).back(5).step == -1
    assert s.forward(10_000).step == s.last == n - 1
    assert s.forward().step == n - 1


def test_replay_is_exact(gc):
    """A second recording of the same scenario holds the same states."""
    again = resolve(GORILLA_COYOTE, record=True)
    assert [again.state_after(k) for k in range(-1, len(again.trace))] == [
        gc.state_after(k) for k in range(-1, len(gc.trace))
    ]


def test_words_and_repr(gc):
    s = Stepper(gc, 7)
    assert s.words == (
        "#7   flip       Ann: place coyote above gorilla at extra row 1, middle: "
        "in a new row above  <- #5  [s2.faq.gorilla]"
    )
    assert repr(s) == f"<Stepper 7/{len(gc.trace) - 1}: {s.words}>"
    assert Stepper(gc).words == "(before the first event)"
    assert len(s) == len(gc.trace)


def test_state_text(gc):
    s = Stepper(gc, 7)
    assert s.text() == "\n".join(
        [
            "#7   flip       Ann: place coyote above gorilla at extra row 1, middle: in a new row "
            "above  <- #5  [s2.faq.gorilla]",
            "== Ann ==",
            "        | left            | middle          | right           |",
            "extra 1 |                 | coyote          |                 |",
            "upper   | mosquito        | gorilla         |                 |",
            "lower   |                 |                 |                 |",
            "  deck (top first): rat",
            "market: hen, -, -, -, -",
            "toon deck (top first): fox",
        ]
    )
    assert "  revealed: coyote" in s.text(before=True)
    r = resolve(EAGLE, record=True)
    assert "| (turkey, face down)" in state_text(r.state_after(6))


def test_errors(gc):
    with pytest.raises(ValueError, match="record=True"):
        Stepper(resolve(GORILLA_COYOTE))
    s = Stepper(gc)
    with pytest.raises(IndexError):
        s.goto(len(gc.trace))
    with pytest.raises(IndexError):
        s.goto(-2)
    with pytest.raises(TypeError):
        s.goto("3")
    with pytest.raises(KeyError, match="no player named 'Zed'"):
        s.grid("Zed")
    assert s.step == -1


def test_from_scenario():
    s = Stepper.from_scenario(EAGLE)
    assert s.step == -1 and s.resolution.trace[1].card == "eagle"


# -- the trace as a table and as text --------------------------------------------------------------


def test_trace_frame_columns_and_rows(gc):
    df = trace_frame(gc)
    assert list(df.columns) == [
        "phase",
        "player",
        "event",
        "card",
        "target",
        "position",
        "detail",
        "cause",
        "rule",
        "paraphrase",
    ]
    assert len(df) == len(gc.trace)
    assert df.index.name == "step" and list(df.index) == list(range(len(gc.trace)))
    row = df.loc[7]
    assert (
        row["phase"],
        row["player"],
        row["event"],
        row["card"],
        row["target"],
        row["position"],
        row["detail"],
        row["cause"],
        row["rule"],
    ) == (
        "flip",
        "Ann",
        "place",
        "coyote",
        "gorilla",
        "extra row 1, middle",
        "in a new row above",
        5,
        "s2.faq.gorilla",
    )
    assert row["paraphrase"] == RULES["s2.faq.gorilla"].paraphrase
    import pandas as pd

    first = df.iloc[0]  # the Flip's phase event: no player, no card, no cause
    assert (first["event"], first["player"], first["card"], first["detail"]) == (
        "phase",
        "",
        "",
        "Flip",
    )
    assert first["cause"] is pd.NA
    assert str(df["cause"].dtype) == "Int64" and str(df["card"].dtype) == "string"
    # only the cause may be missing: a text column says "" where an event has no such value
    assert not df.drop(columns="cause").isna().any().any()
    assert all(
        str(t) == "string"
        for t in trace_frame(gc, kind="phase", all_columns=True).dtypes.drop("cause")
    )


def test_trace_frame_leaves_out_empty_columns(gc):
    """No column that is empty for every row shown (no empty-column clutter)."""
    reveals = trace_frame(gc, kind="reveal")
    assert list(reveals.columns) == ["phase", "player", "event", "card", "rule", "paraphrase"]
    phases = trace_frame(gc, kind="phase")
    assert list(phases.columns) == ["phase", "event", "detail", "rule", "paraphrase"]
    assert list(phases["detail"]) == ["Flip", "Check Fame"]
    returns = trace_frame(gc, kind="return")
    assert list(returns.columns) == [
        "phase",
        "player",
        "event",
        "card",
        "position",
        "cause",
        "rule",
        "paraphrase",
    ]
    assert list(trace_frame(gc, kind="reveal", all_columns=True).columns) == list(
        trace_frame(gc, all_columns=True).columns
    )


def test_trace_frame_filters(gc):
    assert list(trace_frame(gc, kind="return").index) == [9]
    assert list(trace_frame(gc, kind=["move", "return"]).index) == [9, 10]
    assert list(trace_frame(gc, card="coyote").index) == [6, 7, 8, 10, 22]
    assert list(trace_frame(gc, card="gorilla", kind="trigger").index) == [5, 17]
    assert list(trace_frame(gc, phase="check-fame")["event"]) == ["phase"] + ["fame"] * 4
    assert list(trace_frame(gc, phase="check-fame", player="Ann")["card"]) == [
        "mosquito",
        "coyote",
        "rat",
        "gorilla",
    ]
    assert trace_frame(gc, player=0).equals(trace_frame(gc, player="Ann"))
    # one physical card by uid: the first gorilla's uid is on its reveal
    uid = gc.trace[3].uid
    assert list(trace_frame(gc, card=uid, phase="flip").index) == [3, 4, 5, 9, 15, 16, 17, 18]
    assert trace_frame(gc, kind="dismiss").empty  # an empty frame keeps every column
    assert list(trace_frame(gc, kind="dismiss").columns) == list(
        trace_frame(gc, all_columns=True).columns
    )


def test_select_events_table_wide():
    r = resolve(LOCKSTEP)
    assert [e.step for e in select_events(r, kind="phase")] == [0, 15]
    assert [e.step for e in select_events(r, player="Bo", kind="end_flip")] == [14]
    with pytest.raises(KeyError):
        select_events(r, player="Zed")
    with pytest.raises(ValueError):
        select_events(resolve(LOCKSTEP, traced=False))


def test_trace_lines(gc):
    assert trace_lines(gc, kind=["move", "return"]) == "\n".join(
        [
            "#9   flip       Ann: return gorilla from slot 2 (upper middle) to the bottom of the "
            "deck  <- #8  [s2.keyword.return]",
            "#10  flip       Ann: move coyote to slot 2 (upper middle): into the space it left  <- "
            "#8  [card.coyote]",
        ]
    )
    assert trace_lines(gc, card="coyote", kind="trigger", paraphrase=True) == (
        "#8   flip       Ann: trigger coyote  <- #7  [card.coyote]\n"
        f"       {RULES['card.coyote'].paraphrase}"
    )
    assert trace_lines(gc, kind="dismiss") == ""


def test_engine_imports_without_pandas_or_networkx():
    code = (
        "import sys, fliptoons_explore, fliptoons_explore.stepping, fliptoons_explore.chains; "
        "r = fliptoons_explore.resolve({'players': [{'deck': ['rat']}]}, record=True); "
        "fliptoons_explore.stepping.Stepper(r).goto(2).text(); "
        "print(sorted(m for m in ('pandas', 'networkx', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_trace_frame_of_a_round():
    from fliptoons_explore.fliptoons.engine import play_round

    game = play_round(
        {
            "season": "s2",
            "market": ["raccoon", "hen"],
            "toon_deck": ["fox"],
            "players": [
                {
                    "name": "Ann",
                    "deck": ["mosquito", "gorilla", "coyote"],
                    "actions": [{"hire": "raccoon"}],
                }
            ],
        }
    )
    market = trace_frame(game, phase="market")
    assert list(market["event"])[:2] == ["phase", "hire"]
    assert list(trace_frame(game, kind="hire")["card"]) == ["raccoon"]
    assert trace_lines(game, kind="hire").endswith(
        "Ann: hire raccoon for 4 fame: from the market  <- #20  [s2.market.hire]"
    )
    # only a recorded resolution steps
    with pytest.raises(ValueError, match="resolve with record=True to step through states"):
        Stepper(game)
