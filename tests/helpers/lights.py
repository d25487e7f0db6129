"""Lights: a toy third game written against the game contract alone (`games.GameContract`), to
prove that the toolkit, the analysis and the explorer take any game without a change elsewhere.

Each player has a row of cards, face down. A turn flips one of your face-down cards face up. A
spark flipped face up turns its neighbours over (face down to up; face up to down unless the
ruling `spark_spares_lit` says otherwise), and a spark it turns face up does the same, each
card once a turn. When every player has had `turns` turns, face-up values are summed; the most
wins (ties share). A card id is "kind:value": "spark:2", "plain:3".
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from fliptoons_explore import games
from fliptoons_explore.events import Decision, Fame, Flip, GameEnd, Recorder, Trace, Trigger
from fliptoons_explore.jsonio import ScenarioError
from fliptoons_explore.policy import Choice, DefaultPolicy, ReplayPolicy, Unanswered, forced_answer
from fliptoons_explore.resolution import Resolution
from fliptoons_explore.rules import Rule, add_rules
from fliptoons_explore.rulings import RulingOption, RulingSet, options_table

NAME = "lights"
add_rules(
    [
        Rule("lt.turn", "engine", "Lights, Turn", "Flip one of your face-down cards face up."),
        Rule("lt.spark", "engine", "Lights, Spark", "A spark turns its neighbours over."),
        Rule("lt.count", "engine", "Lights, End", "Face-up values are summed; the most wins."),
    ]
)
OPTIONS = options_table(
    RulingOption(
        "spark_spares_lit",
        "no",
        ("no", "yes"),
        "Does a spark leave a face-up neighbour face up?",
        "the rule says it turns its neighbours over",
    )
)


@dataclass(frozen=True)
class Rulings(RulingSet):
    OPTIONS = OPTIONS
    spark_spares_lit: str = "no"


@dataclass(frozen=True)
class Spec:
    id: str
    kind: str
    value: int


@dataclass(eq=False)
class Card:
    spec: Spec
    uid: int
    face_up: bool = False


@dataclass(eq=False)
class Player:
    index: int
    name: str
    row: list = field(default_factory=list)
    score: int | None = None

    @property
    def fame_total(self) -> int:
        return sum(c.spec.value for c in self.row if c.face_up)


def spec_of(card_id) -> Spec:
    kind, _, value = str(card_id).partition(":")
    if kind not in ("spark", "plain") or not value.isdigit():
        raise KeyError(f'{card_id!r}: a Lights card is "spark:N" or "plain:N"')
    return Spec(card_id, kind, int(value))


class Table:
    game = games.KitOf(NAME)
    first_player = 0

    def __init__(self, rows, names=None, rulings=None) -> None:
        self.rulings = rulings or Rulings()
        self.players, uid = [], 0
        for i, row in enumerate(rows):
            p = Player(i, names[i] if names else f"Player {i + 1}")
            for cid in row:
                p.row.append(Card(spec_of(cid), uid))
                uid += 1
            self.players.append(p)

    def snapshot(self, cache=None) -> dict:
        return {
            "players": [
                {
                    "name": p.name,
                    "row": [{"id": c.spec.id, "uid": c.uid, "face_up": c.face_up} for c in p.row],
                    "fame": p.fame_total,
                }
                for p in self.players
            ]
        }


class Game:
    """One game: `turns` turns a player, in seat order; `decisions` logs every answer."""

    def __init__(self, table, policy=None, traced=True, record=False, turns=1) -> None:
        self.table, self.policy, self.turns = table, policy or DefaultPolicy(), turns
        self.trace = Recorder(table) if record else Trace() if traced else None
        self.decisions: list = []
        self.asked: list = []  # (trace step, Unanswered) of each turn the policy chose
        self.result = None

    def emit(self, cls, player, card, cause, rule, pos=None, detail="", value=None, target=None):
        if self.trace is None:
            return None
        return self.trace.emit(cls, "play", player, card, cause, rule, pos, target, detail, value)

    def turn(self, i: int, scripted=None, t: int = 0) -> None:
        """Player i's turn, the game's `t`-th; `scripted`: the row position a scenario's flips."""
        p = self.table.players[i]
        down = [k for k, c in enumerate(p.row) if not c.face_up]
        if scripted is not None and scripted not in down:
            raise ScenarioError(f"turns: {p.name}'s card {scripted} is not a face-down card")
        if not down:
            return
        choice = Choice(
            "flip",
            i,
            None,
            tuple(down),
            tuple(p.row[k].spec.value for k in down),
            f"{p.name}: which card to flip?",
            table=self.table,  # fmt: skip
        )
        k = down.index(scripted) if scripted is not None else forced_answer(choice)
        if k is None:
            self.asked.append(
                (len(self.trace or ()), Unanswered(len(self.decisions), "turns", t, None, choice))
            )
            k = self.policy.choose(choice)
            self.decisions.append(k)
        cause = self.emit(Decision, i, None, None, "lt.turn", target=str(down[k]), detail="flip")
        self.flip(i, down[k], cause, set(), "lt.turn")

    def flip(self, i: int, k: int, cause, done: set, rule: str) -> None:
        card = self.table.players[i].row[k]
        done.add(card.uid)
        card.face_up = not card.face_up
        step = self.emit(Flip, i, card, cause, rule, (i, k), value=int(card.face_up))
        if card.face_up and card.spec.kind == "spark":
            trig = self.emit(Trigger, i, card, step, "lt.spark", (i, k))
            for n in (k - 1, k + 1):
                row = self.table.players[i].row
                if 0 <= n < len(row) and row[n].uid not in done:
                    if row[n].face_up and self.table.rulings.spark_spares_lit == "yes":
                        continue
                    self.flip(i, n, trig, done, "lt.spark")

    def play(self, scripted=()):
        """Every turn (the first ones flip the `scripted` row positions), then the count."""
        scripted, n = list(scripted), len(self.table.players)
        for t in range(self.turns * n):
            self.turn(t % n, scripted[t] if t < len(scripted) else None, t)
        return self.count()

    def count(self):
        for p in self.table.players:
            p.score = p.fame_total
            for k, c in enumerate(p.row):
                if c.face_up:
                    self.emit(Fame, p.index, c, None, "lt.count", (p.index, k), value=c.spec.value)
        top = max(p.score for p in self.table.players)
        winners = [p.index for p in self.table.players if p.score == top]
        self.emit(GameEnd, winners[0] if len(winners) == 1 else None, None, None, "lt.count")
        self.result = {"winners": winners, "scores": [p.score for p in self.table.players]}
        return self.result


def _rounds(scenario) -> int:
    """The rounds a scenario's turns take (every player a turn a round)."""
    return -(-len(scenario.get("turns", [])) // max(1, len(scenario.get("players") or [1])))


def check_scenario(scenario) -> None:
    if not isinstance(scenario, dict) or not isinstance(scenario.get("players"), list):
        raise ScenarioError('a Lights scenario is {"game": "lights", "players": [...]}')
    for j, p in enumerate(scenario["players"]):
        for cid in p.get("row", []):
            try:
                spec_of(cid)
            except KeyError as e:
                raise ScenarioError(f"players[{j}].row: {e.args[0]}") from None


class Lights(games.GameDefaults):
    """The contract: what Lights writes itself; the rest is `games.GameDefaults`."""

    name, title, unit = NAME, "Lights", "points"
    setup_fields = {"players": 2, "cards": 5, "turns": 2}
    options, ruling_set = OPTIONS, Rulings
    advice_decisions, advice_horizon = "the next flip", "the count"
    advice_ties = "equal win rates stay tied"

    def where(self, pos, players=None) -> str:
        return f"{players[pos[0]].name if players else pos[0]}'s card {pos[1] + 1}"

    def event_words(self, event, players=None) -> str:
        where = f" at {self.where(event.pos, players)}" if event.pos else ""
        return f"{event.kind} {event.card or ''}{where} {event.detail}".strip()

    def state_text(self, state: dict) -> str:
        return "\n".join(
            f"{p['name']}: " + " ".join(c["id"] if c["face_up"] else "~" for c in p["row"])
            for p in state["players"]
        )

    def check_card(self, card_id: str) -> None:
        spec_of(card_id)

    def table_setup(self, table) -> dict:
        return {"cards": len(table.players[0].row)}

    # -- scenarios --
    def check(self, scenario) -> None:
        check_scenario(scenario)

    def _play(self, scenario, policy, traced, record, turns, asked=None):
        check_scenario(scenario)
        rows = [p.get("row", []) for p in scenario["players"]]
        names = [p.get("name", f"Player {i + 1}") for i, p in enumerate(scenario["players"])]
        table = Table(rows, names, Rulings.from_dict(scenario.get("rulings") or {}))
        game = Game(table, policy, traced, record, turns)
        game.play([t.get("flip") for t in scenario.get("turns", [])])
        if asked is not None:  # resolve_asking: the turns the policy chose
            asked.extend(game.asked)
        return Resolution(table, game.trace)

    def resolve(self, scenario, policy=None, traced=True, record=False):
        return self._play(scenario, policy, traced, record, _rounds(scenario))

    def play_round(self, scenario, policy=None, record=False):
        return self._play(scenario, policy, True, record, max(1, _rounds(scenario)))

    def play_game(self, scenario, policy=None, record=False, traced=True):
        return self._play(scenario, policy, traced, record, scenario.get("turns_each", 2))

    def resolve_asking(self, scenario, policy=None, play="resolve"):
        asked, rounds = [], _rounds(scenario) if play == "resolve" else max(1, _rounds(scenario))
        return self._play(scenario, policy, True, True, rounds, asked), asked

    def check_setup(self, setup: dict) -> dict:
        s = games.filled_setup(self.setup_fields, setup)
        if not 2 <= s["players"] <= 4:
            raise ValueError(f"players: a Lights game takes 2 to 4 players, got {s['players']}")
        Rulings.from_dict(s["rulings"])
        return s

    def new_game(self, setup: dict, seed: int, policy=None, traced=True):
        s = self.check_setup(setup)
        rng = random.Random(seed)
        deal = [rng.choice(["spark:1", "plain:1", "plain:2", "plain:3"]) for _ in range(99)]
        rows = [deal[i * s["cards"] : (i + 1) * s["cards"]] for i in range(s["players"])]
        return Game(Table(rows, rulings=Rulings.from_dict(s["rulings"])), policy, traced,
                    turns=s["turns"])  # fmt: skip

    def replay(self, setup: dict, seed: int, decisions, traced=True):
        game = self.new_game(setup, seed, ReplayPolicy(list(decisions)), traced=traced)
        game.play()
        return game

    def scenario_at(self, setup: dict, seed: int, policy=None, round: int = 1) -> dict:
        g, rulings = self.new_game(setup, seed), setup.get("rulings") or {}
        rows = [{"name": p.name, "row": [c.spec.id for c in p.row]} for p in g.table.players]
        return {"game": NAME, "players": rows, "rulings": rulings, "turns_each": g.turns}

    def outcome_rows(self, game, first: int, per: str) -> list:
        r, n = game.result, len(game.table.players)
        if per == "game":
            return [{"winners": " ".join(map(str, r["winners"])), "top_score": max(r["scores"])}]
        return [
            {
                "seat": i,
                "start": (i - first) % n,
                "score": r["scores"][i],
                **dict(zip(("won", "share"), games.won_share(i, r["winners"]))),
            }  # fmt: skip
            for i in range(n)
        ]


GAME = Lights()
games.register(NAME, __name__)
