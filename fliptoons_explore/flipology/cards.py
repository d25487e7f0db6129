"""Flipology's cards: every card of the rulebook with its points, and the deck table.

The rulebook gives kinds and points ("A DOG is worth 5 or 6 points"), not how many cards of each:
it says there are 78 cards plus 6 Clearings, "the two Wolves cards", "the Moon card" (and the
Rain, Sun and Wind) and "six unique animal cards including the PANDA and the KIWI" (Nicolas's
example adds a Quokka); the publisher's story of the game speaks of "a couple of hermit crabs"
and of three cats. `data/flipology_cards.csv` is the deck table: one row per kind and points,
with its copies and where each count and value comes from (`copies_source`: rulebook,
publisher, or assumed; `points_source`: rulebook or assumed). It sums to 78 (checked at import).
A user's own table (`deck_table`) may give other counts.

A card id is the kind (`hermit_crab`), with `:POINTS` for one of its values (`dog:6`); the kind
alone means its lowest value (`dog` is `dog:5`). The three unique animals the rulebook does not
name have ids that say so (`unnamed_unique_4`...), never invented animals.
"""

from __future__ import annotations

import csv
import difflib
from dataclasses import dataclass
from importlib import resources

#: Cards in the game's deck (the rulebook's Components: "78 of them are animals or environmental
#: elements"), and the Clearing cards set aside beside it.
DECK_SIZE = 78
CLEARINGS = 6


@dataclass(frozen=True, slots=True)
class FlipSpec:
    """One card face: its `id` ('dog:6'), `kind` ('dog'), `name`, `points`, `group` ('animal',
    'sleeper' for the Sloth and Koala, 'unique', 'environment', 'clearing'), the name of its
    active `effect` ('' for none), the rulebook's words (`text`), how many the deck table holds
    (`copies`) and where the count and the value come from. `up_value` and `down_value` are what
    the card adds to its player's score face up and face down at the end (Sloths and Koalas:
    minus their points face up, their points face down; every other card: its points face up),
    and `up_gain` the difference."""

    id: str
    kind: str
    name: str
    points: int
    group: str
    effect: str
    text: str
    copies: int
    copies_source: str
    points_source: str
    up_value: int
    down_value: int
    up_gain: int  # what turning it face up adds to its player's score: up_value - down_value

    @property
    def animal(self) -> bool:
        """An animal (the tiebreak counts them; a Parrot mimics them): not the Moon, Rain, Sun,
        Wind or a Clearing."""
        return self.group in ("animal", "sleeper", "unique")

    def __repr__(self) -> str:
        return f"<FlipSpec {self.id}>"


def _read() -> dict[str, FlipSpec]:
    text = (
        resources.files("fliptoons_explore").joinpath("data/flipology_cards.csv").read_text("utf-8")
    )
    specs: dict[str, FlipSpec] = {}
    for row in csv.DictReader(text.splitlines()):
        points = int(row["points"])
        sleeper = row["group"] == "sleeper"
        spec = FlipSpec(
            id=f"{row['kind']}:{points}",
            kind=row["kind"],
            name=row["name"],
            points=points,
            group=row["group"],
            effect=row["effect"],
            text=row["text"],
            copies=int(row["copies"]),
            copies_source=row["copies_source"],
            points_source=row["points_source"],
            up_value=-points if sleeper else points,
            down_value=points if sleeper else 0,
            up_gain=-2 * points if sleeper else points,
        )
        if spec.id in specs:
            raise ValueError(f"flipology_cards.csv: {spec.id} is given twice")
        specs[spec.id] = spec
    return specs


#: Every card face by id ('dog:6').
CARDS: dict[str, FlipSpec] = _read()
#: Each kind's faces, lowest points first.
KINDS: dict[str, tuple[FlipSpec, ...]] = {}
for _spec in sorted(CARDS.values(), key=lambda s: s.points):
    KINDS.setdefault(_spec.kind, ())
    KINDS[_spec.kind] += (_spec,)
#: The deck table shipped with the package: {card id: copies}, the Clearings left out.
DECK: dict[str, int] = {s.id: s.copies for s in CARDS.values() if s.kind != "clearing"}
CLEARING = CARDS["clearing:0"]

if sum(DECK.values()) != DECK_SIZE:
    raise ValueError(
        f"flipology_cards.csv: the deck holds {sum(DECK.values())} cards, expected {DECK_SIZE}"
    )
if CLEARING.copies != CLEARINGS:
    raise ValueError(f"flipology_cards.csv: {CLEARING.copies} Clearings, expected {CLEARINGS}")

#: Effect names the engine implements (`effects.EFFECTS`), checked there at import.
EFFECT_NAMES = frozenset(s.effect for s in CARDS.values() if s.effect)


def card_ids() -> list[str]:
    """Every card id a scenario may name: each kind alone and each kind:points."""
    return list(KINDS) + list(CARDS)


def spec_of(card_id: str) -> FlipSpec:
    """The face a card id names ('dog' is 'dog:5', the lowest); KeyError (one line) naming an
    unknown id or value, with the closest ids or the kind's values."""
    from ..limits import quote

    if not isinstance(card_id, str):
        raise KeyError(f"expected a card id, got {quote(card_id)}")
    spec = CARDS.get(card_id)
    if spec is not None:
        return spec
    kind, _, points = card_id.partition(":")
    faces = KINDS.get(kind)
    if faces is None:
        close = difflib.get_close_matches(kind.lower()[:100], list(KINDS), n=3, cutoff=0.5)
        hint = f" (did you mean {', '.join(map(quote, close))}?)" if close else ""
        raise KeyError(f"unknown Flipology card {quote(card_id)}{hint}")
    if not points:
        return faces[0]
    values = " or ".join(str(s.points) for s in faces)
    raise KeyError(
        f"{quote(card_id)}: a {faces[0].name} is worth {values} (write "
        f"{' or '.join(quote(s.id) for s in faces)})"
    )


def deck_table(table: dict | str | None = None) -> dict[str, int]:
    """A deck table as {card id: copies}: the package's (`DECK`) for None, a dict of card ids
    (a kind alone means its lowest value) to whole numbers, or the path of a CSV file with the
    columns `id,copies` (or the package's own columns `kind,points,copies`). ValueError (one
    line) for an unknown card, a count that is not a whole number from 0, or a table of no cards."""
    if table is None:
        return dict(DECK)
    if isinstance(table, str):
        table = _read_table_file(table)
    if not isinstance(table, dict):
        raise ValueError("deck table: expected {card id: copies} or the path of a CSV file")
    out: dict[str, int] = {}
    for cid, n in table.items():
        try:
            spec = spec_of(cid)
        except KeyError as e:
            raise ValueError(f"deck table: {e.args[0]}") from None
        if spec.kind == "clearing":
            raise ValueError(
                "deck table: the Clearings are not in the deck (they are set aside beside it)"
            )
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            from ..limits import quote

            raise ValueError(
                f"deck table: {quote(cid)}: expected a whole number of copies from 0, got "
                f"{quote(n)}"
            )
        out[spec.id] = out.get(spec.id, 0) + n
    if not sum(out.values()):
        raise ValueError("deck table: it holds no card")
    return out


def _read_table_file(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise ValueError(f"deck table {path}: cannot read the file ({e.strerror})") from None
    except (csv.Error, UnicodeDecodeError) as e:
        raise ValueError(f"deck table {path}: not a CSV file ({e})") from None
    out: dict[str, int] = {}
    for k, row in enumerate(rows, start=2):
        cid = row.get("id") or (
            f"{row.get('kind')}:{row.get('points')}" if row.get("kind") else None
        )
        try:
            n = int(row.get("copies") or "")
        except ValueError:
            raise ValueError(
                f"deck table {path}, line {k}: copies must be a whole number"
            ) from None
        if not cid:
            raise ValueError(
                f"deck table {path}, line {k}: expected the columns id,copies (or "
                "kind,points,copies)"
            )
        if cid.startswith("clearing"):
            continue
        out[cid] = out.get(cid, 0) + n
    return out
