"""The card catalog: every card of both seasons (promo cards marked), filterable, each tile
clickable; a picked card shows its rules and is handed to `on_pick` handlers (the builder)."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from fliptoons_explore.fliptoons.cards import CATALOG
from fliptoons_explore.fliptoons.render import TIMINGS, card_html, card_text
from fliptoons_explore.rules import SOURCES, rules_about

from .errors import ErrorArea
from .htmlview import HTMLView

#: The timing filter: label -> the card table's `timing` values.
TIMING_FILTER = {
    "any timing": None,
    "placement (Flip)": ("on-place",),
    "scoring (Check Fame)": ("check-fame",),
    "when hired": ("when-hired",),
    "when dismissed": ("when-dismissed",),
    "after Market": ("after-market",),
    "Market (dismiss cost)": ("market",),
    "no ability": ("none",),
}
ICON_FILTER = {
    "any icon": None,
    "fish": "fish",
    "flip-immune": "flip_immune",
    "return-immune": "return_immune",
    "dismiss-immune": "dismiss_immune",
}
SEASON_FILTER = {
    "this scenario": "scenario",
    "Season 1": "s1",
    "Season 2": "s2",
    "all seasons": "all",
}


def matches(spec, season: str, scenario_season: str, timing, icon, ranks, text: str) -> bool:
    """Does a card pass the catalog's filters? `season`: 'scenario' (the cards a scenario of
    `scenario_season` may hold), 's1', 's2' or 'all' (promos pass every season filter)."""
    seasons = {
        "scenario": ("s1", "s2") if scenario_season == "combined" else (scenario_season,),
        "s1": ("s1",),
        "s2": ("s2",),
        "all": ("s1", "s2"),
    }[season]
    if not (spec.promo or spec.season in seasons):
        return False
    if timing is not None and spec.timing not in timing:
        return False
    if icon is not None and not getattr(spec, icon):
        return False
    if not ranks[0] <= spec.rank <= ranks[1]:
        return False
    if text:
        words = " ".join((spec.id, spec.name, card_text(spec))).lower()
        return all(part in words for part in text.lower().split())
    return True


def card_details_html(spec) -> str:
    """A picked card: its face in words and every rule that speaks of it, with its source."""
    colour, timing = TIMINGS.get(spec.timing, TIMINGS["none"])
    rows = []
    for rule in rules_about(spec.id):
        source = SOURCES.get(rule.source, rule.source)
        rows.append(
            f'<li style="margin:2px 0"><code>{escape(rule.id)}</code> — {escape(rule.paraphrase)} '
            f'<span style="color:#57606a">({escape(source)}, {escape(rule.section)})</span></li>'
        )
    fame = "=" if spec.score == "copy_adjacent" else spec.fame
    promo = " · promo card, catalogued but never dealt" if spec.promo else ""
    return (
        f'<div style="border-left:5px solid {colour};padding:2px '
        '8px;font-size:12px;line-height:1.35">'
        f'<b style="font-size:13px">{escape(spec.name)}</b> <code>{escape(spec.id)}</code> · rank '
        f"{spec.rank} · "
        f"fame {fame} · {escape(spec.set)} · {spec.copies} in the box{promo}<br>"
        f'<span style="color:#57606a">{escape(timing)}</span><br>{escape(card_text(spec))}'
        f'<ul style="margin:4px 0 0 1.1em;padding:0">{"".join(rows)}</ul></div>'
    )


class Catalog(w.VBox):
    """Every card face; filters by season, timing, icon, rank and free text. A click on a tile
    picks the card: its rules show below and `on_pick(card_id)` handlers get it."""

    def __init__(self, season: str = "s2", errors: ErrorArea | None = None, **kwargs) -> None:
        self.scenario_season = season
        self.errors = errors or ErrorArea()
        self.search = w.Text(placeholder="search: name or text…", continuous_update=True)
        self.search.add_class("fte-catalog-search")
        self.season = w.Dropdown(
            options=list(SEASON_FILTER), value="this scenario", layout=w.Layout(width="50%")
        )
        self.timing = w.Dropdown(
            options=list(TIMING_FILTER), value="any timing", layout=w.Layout(width="50%")
        )
        self.icon = w.Dropdown(
            options=list(ICON_FILTER), value="any icon", layout=w.Layout(width="50%")
        )
        top = max(c.rank for c in CATALOG.values())
        self.ranks = w.IntRangeSlider(
            value=(0, top),
            min=0,
            max=top,
            description="rank",
            continuous_update=False,
            layout=w.Layout(width="98%"),
            style={"description_width": "initial"},
        )
        self.tiles = HTMLView(max_height="26em")
        self.count = w.HTML()
        self.details = w.HTML(layout=w.Layout(max_height="18em", overflow="auto"))
        self.close_details = w.Button(
            description="",
            icon="times",
            tooltip="close the card's details",
            layout=w.Layout(width="28px", padding="0", flex="0 0 auto"),
        )
        self.details_box = w.HBox(
            [self.details, self.close_details],
            layout=w.Layout(display="none", align_items="flex-start"),
        )
        self.details_box.add_class("fte-card-details")
        self.picked: str | None = None
        self._handlers: list = []
        for control in (self.search, self.season, self.timing, self.icon, self.ranks):
            control.observe(self.errors.guard(lambda _change: self._filtered()), names="value")
        self.tiles.on_click(self.errors.guard(self._clicked))
        self.close_details.on_click(self.errors.guard(lambda _b: self.clear_details()))
        super().__init__(
            ([] if errors else [self.errors])
            + [
                self.search,
                w.HBox([self.season, self.timing]),
                w.HBox([self.icon]),
                self.ranks,
                self.count,
                self.tiles,
                self.details_box,
            ],
            **kwargs,
        )
        self.add_class("fte-catalog")
        self.refresh()

    def on_pick(self, handler) -> None:
        """Call `handler(card_id)` when a card is picked."""
        self._handlers.append(handler)

    def set_season(self, season: str) -> None:
        """The scenario's season (what 'this scenario's cards' shows)."""
        if season != self.scenario_season:
            self.scenario_season = season
            self._filtered()

    def _filtered(self) -> None:
        """The filters changed: the tiles again, and the details closed if their card is not
        shown."""
        if self.picked is not None and self.picked not in self.shown():
            self.picked = None
            self.details_box.layout.display = "none"
        self.refresh()

    def clear_details(self) -> None:
        """Close the picked card's details."""
        if self.picked is not None:
            self.picked = None
            self.refresh()
        self.details_box.layout.display = "none"

    def shown(self) -> list[str]:
        """The ids of the cards the filters let through, in catalog order."""
        season = SEASON_FILTER[self.season.value]
        return [
            c.id
            for c in CATALOG.values()
            if matches(
                c,
                season,
                self.scenario_season,
                TIMING_FILTER[self.timing.value],
                ICON_FILTER[self.icon.value],
                self.ranks.value,
                self.search.value.strip(),
            )
        ]

    def refresh(self) -> None:
        ids = self.shown()
        self.count.value = (
            f'<div style="color:#57606a;font-size:11px;line-height:1.3">{len(ids)} '
            f"card{'s' if len(ids) != 1 else ''} — click one to add it where the builder says</div>"
        )
        self.tiles.html = "".join(
            card_html(
                CATALOG[cid],
                cid == self.picked,
                f' class="fte-card fte-card-{cid}" data-action="card" data-card="{cid}"',
                "97%",
            )
            for cid in ids
        )

    def pick(self, card_id: str) -> None:
        """Pick a card (as a click on its tile does)."""
        if card_id not in CATALOG:
            raise ValueError(f"unknown card id {card_id!r}")
        self.picked = card_id
        self.details.value = card_details_html(CATALOG[card_id])
        self.details_box.layout.display = None
        self.refresh()
        for handler in self._handlers:
            handler(card_id)

    def _clicked(self, data: dict) -> None:
        if data.get("action") == "card" and data.get("card") in CATALOG:
            self.pick(data["card"])
