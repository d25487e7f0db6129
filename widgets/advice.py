"""What would a strong player do here? The explorer's advice on a situation's next decision the
search advises (`analysis.advice`), the first one the scenario does not script (of the player
chosen, in a game of several): in FlipToons a Market action, or the Skunk's dismissal just before
the Market, each option played on to the end of the game; in Flipology a turn's flip, an effect's
answer or a Hermit Crab's pick, each played on to the count at the end of the round
(`flipology.advice`).

The line says which decision it is (or, calmly, why there is none); its button (`fte-advice`)
runs the search with a small budget and shows every option with its win rate and 95% interval,
the best one marked (`fte-advice-table`, in the explorer's Advice tab), with what the numbers
mean. The result stays while the situation stays as it was; any change of the situation clears
it.
"""

from __future__ import annotations

import time
from html import escape

import ipywidgets as w

from fliptoons_explore.analysis.advice import EXPLAINED, advise, advised_decision
from fliptoons_explore.games import DEFAULT_GAME, contract, contract_of

from .errors import USER_ERRORS, ErrorArea, one_line

#: The budget of one advice: simulations an option, and a time limit (milliseconds) that stops
#: them sooner on a long game (each option is then played as often as the others).
SIMULATIONS, MS = 60, 1200
ASK = "what would a strong player do?"
FIRST = -1  # the player choice "whoever decides first"


def _percent(x: float) -> str:
    return f"{round(100 * x)}%"


def _bar(r, best: bool) -> str:
    """The interval as a bar (0 to 100%), the win rate a tick on it."""
    left, width = 100 * r.low, max(1.0, 100 * (r.high - r.low))
    return (
        '<div style="position:relative;height:8px;width:56px;background:#eaeef2;'
        'border-radius:4px">'
        f'<div style="position:absolute;left:{left:.1f}%;width:{width:.1f}%;height:8px;'
        "border-radius:4px;"
        f'background:{"#2da44e" if best else "#8c959f"};opacity:.6"></div>'
        f'<div style="position:absolute;left:calc({100 * r.win_rate:.1f}% - '
        "1px);width:2px;height:8px;"
        f'background:#24292f"></div></div>'
    )


def table_html(df) -> str:
    """The advice as a table: each option in words, its win rate and 95% interval (also as a
    bar), the best marked ★; then what the numbers mean and the budget they cost."""
    rows = []
    cell = "padding:1px 4px;vertical-align:top"
    for r in df.itertuples():
        best = bool(r.best)
        style = ' style="background:#eef8f0;font-weight:600"' if best else ""
        rows.append(
            f'<tr class="fte-advice-row{" fte-advice-best" if best else ""}"{style}>'
            f'<td style="{cell};color:#1a7f37;width:1em">{"★" if best else ""}</td>'
            f'<td style="{cell}">{escape(r.words)}</td>'
            f'<td style="{cell};text-align:right;white-space:nowrap">{_percent(r.win_rate)}</td>'
            f'<td style="{cell};white-space:nowrap;color:#57606a;font-weight:400">'
            f"{_percent(r.low)}–{_percent(r.high)}</td>"
            f'<td style="{cell};padding-top:5px">{_bar(r, best)}</td></tr>'
        )
    a = df.attrs
    ties = contract(a.get("game", DEFAULT_GAME)).advice_ties  # what the search adds to a win rate
    n = a["simulations"]
    spent = f"Here {n} simulation{'' if n == 1 else 's'} an option"
    if a.get("stopped"):
        spent += (
            f" (the budget: up to {a['budget']}, cut short by its time limit of "
            f"{a['ms'] / 1000:g} s)"
        )
    elif a.get("budget"):
        spent += (
            f" (the budget: up to {a['budget']}"
            + (f" within {a['ms'] / 1000:g} s" if a.get("ms") else "")
            + ")"
        )
    if "seconds" in a:
        spent += f", {a['seconds']:.1f} s"
    head = "padding:0 4px;font-weight:400;text-align:left"
    return (
        f'<div style="line-height:1.35;font-size:12px">'
        f'<div style="margin-bottom:2px"><b>{escape(a["decision"])}</b>: what a strong player '
        "would do "
        f"(★ the best)</div>"
        f'<table style="border-collapse:collapse;width:100%;max-width:46em">'
        f'<tr style="color:#57606a;font-size:11px"><th></th><th style="{head}">option</th>'
        f'<th style="{head};text-align:right">wins</th><th style="{head};white-space:nowrap">95% '
        "interval</th><th></th></tr>" + "".join(rows) + "</table>"
        f'<div style="color:#57606a;font-size:11px;margin-top:4px;max-width:54em">'
        f"{escape(a.get('explained', EXPLAINED))} ★ marks the option "
        f"the search would take ({escape(ties)}). "
        f"{escape(spent)}.</div></div>"
    )


class AdvicePanel(w.HBox):
    """The advice line (the decision advised, a player menu in a game of several, the button
    `fte-advice`) and its `result` (`fte-advice-table`, which the explorer shows in its side
    panel). `show(scenario, names, unavailable)` tells it the situation (a scenario of any game,
    its players' names, and why it has no decision to advise when that is known before any
    search); `advise()` is what the button does; `on_advised(handler)` is told once a
    result (or the one line saying why there is none) is shown. The budget: `simulations` an
    option, `ms` a time limit (None: none, as tests use), `seed`."""

    def __init__(
        self,
        errors: ErrorArea | None = None,
        simulations: int = SIMULATIONS,
        ms: float | None = MS,
        seed: int = 0,
        **kwargs,
    ) -> None:
        self.errors = errors or ErrorArea()
        self.simulations, self.ms, self.seed = simulations, ms, seed
        self.scenario: dict | None = None  # the situation shown
        self.unavailable = ""  # why it has no decision to advise, known before any search
        self.advised: dict | None = None  # the situation the result is of
        self.df = None
        self._handlers: list = []
        self.subject = w.HTML(layout=w.Layout(flex="1 1 12em", min_width="0"))
        self.subject.add_class("fte-advice-subject")
        self.who = w.Dropdown(
            options=[("first to decide", FIRST)],
            value=FIRST,
            layout=w.Layout(width="11em", flex="0 0 auto", display="none"),
            tooltip="whose next decision is advised",
        )
        self.button = w.Button(
            description=ASK, icon="lightbulb", layout=w.Layout(width="auto", flex="0 0 auto")
        )
        self.button.add_class("fte-advice")
        self.result = w.HTML()
        self.result.add_class("fte-advice-table")
        guard = self.errors.guard
        self.button.on_click(guard(lambda _b: self.advise()))
        self.who.observe(guard(lambda _c: self._player_changed()), names="value")
        super().__init__(
            [self.button, self.who, self.subject],
            layout=w.Layout(align_items="center", flex_flow="row wrap", margin="2px 0"),
            **kwargs,
        )
        self.add_class("fte-advice-line")
        self.clear()

    @property
    def player(self) -> int | None:
        return None if self.who.value == FIRST else self.who.value

    def on_advised(self, handler) -> None:
        """Call `handler()` once a result, or why there is none, is shown."""
        self._handlers.append(handler)

    def show(self, scenario: dict, names: list[str], unavailable: str = "") -> None:
        """The situation as it now stands: a result of another situation is cleared; the line
        says which decision the button would advise, or why there is none (`unavailable`: the
        reason, when the explorer knows it without a search)."""
        self.scenario = scenario
        self.unavailable = unavailable
        options = [("first to decide", FIRST)] + [(n, i) for i, n in enumerate(names)]
        if list(self.who.options) != options:
            keep = self.who.value if self.who.value < len(names) else FIRST
            self.who.options = options
            self.who.value = keep
        self.who.layout.display = None if len(names) > 1 else "none"
        if scenario != self.advised:
            self.clear()
        self._subject()

    @property
    def game(self):
        """The contract of the situation's game (`games.GameContract`): what its advice is given
        on (`advice_decisions`) and where its simulations end (`advice_horizon`)."""
        return contract_of(self.scenario)

    def _subject(self) -> None:
        try:
            if self.unavailable:
                raise ValueError(self.unavailable)
            said = advised_decision(self.scenario, self.player)
        except Exception as e:  # the line says why, calmly; it never stops the situation resolving
            why = (
                one_line(e)
                if isinstance(e, USER_ERRORS)
                else f"internal error: {type(e).__name__}: {one_line(e)}"
            )
            self.button.disabled = True
            self.button.tooltip = "no decision to advise here"
            self.subject.value = (
                f'<span style="color:#57606a;font-size:11px;line-height:1.3">No advice here: '
                f"{escape(_reason(why))}</span>"
            )
            return
        self.button.disabled = False
        self.button.tooltip = (
            f"plays every option on to {self.game.advice_horizon}, up to {self.simulations} "
            "times each (a second or two), and shows how often each wins (in the Advice tab)"
        )
        self.subject.value = (
            '<span style="color:#3d4650;font-size:12px">on the first decision no script '
            f"gives: <b>{escape(said)}</b></span>"
        )

    def _player_changed(self) -> None:
        if self.scenario is not None:
            self.clear()
            self._subject()

    def clear(self) -> None:
        """Forget the result (the situation changed): the Advice tab says how to ask."""
        self.df = None
        self.advised = None
        self.result.value = (
            f'<div style="color:#57606a;line-height:1.4;max-width:40em">Press <b>{ASK}</b> '
            f"(above the table) for the win rate of every option of {self.game.advice_decisions} "
            "the scenario does not script. A result stays here until the situation "
            "changes.</div>"
        )

    def advise(self) -> None:
        """Run the search on the situation's advised decision and show each option's win rate;
        the button says it is working meanwhile."""
        if self.scenario is None:
            raise ValueError("advice: nothing to advise yet")
        self.button.disabled = True
        self.button.description, self.button.icon = "thinking… (a second or two)", "spinner spin"
        try:
            start = time.perf_counter()
            df = advise(
                self.scenario,
                player=self.player,
                simulations=self.simulations,
                seed=self.seed,
                ms=self.ms,
            )
            df.attrs.update(
                budget=self.simulations, ms=self.ms, seconds=time.perf_counter() - start
            )
        except Exception as e:  # one calm line, never a traceback
            self.clear()
            why = (
                one_line(e)
                if isinstance(e, USER_ERRORS)
                else f"internal error: {type(e).__name__}: {one_line(e)}"
            )
            self.result.value = (
                f'<span style="color:#57606a">No advice here: {escape(_reason(why))}</span>'
            )
            failed = True
        else:
            failed = False
        finally:
            self.button.description, self.button.icon = ASK, "lightbulb"
            self._subject()  # enabled again where there is a decision to advise
        if not failed:
            self.df = df
            self.advised = self.scenario
            self.result.value = table_html(df)
        for handler in self._handlers:  # the result, or why there is none, is in the Advice tab
            handler()


def _reason(message: str) -> str:
    """An advice error without its 'advise: ' prefix (the line says it is about advice)."""
    return message[len("advise: ") :] if message.startswith("advise: ") else message
