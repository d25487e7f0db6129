"""What would a strong player do here? The explorer's advice on a FlipToons situation's next
decision the search advises (`analysis.advice`): a Market action, or the Skunk's dismissal just
before the Market, the first one the scenario does not script (of the player chosen, in a game of
several).

The line says which decision it is (or, calmly, why there is none); its button (`fte-advice`)
runs the search with a small budget and shows every option with its win rate and 95% interval,
the best one marked (`fte-advice-table`), with what the numbers mean. The result stays while the
situation stays as it was; any change of the situation clears it.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from fliptoons_explore.analysis.advice import EXPLAINED, advise, decision_of, decision_words

from .errors import ErrorArea, one_line

#: The budget of one advice: simulations an option, and a time limit (milliseconds) that stops
#: them sooner on a long game (each option is then played as often as the others).
SIMULATIONS, MS = 60, 1500
ASK = "what would a strong player do?"
FIRST = -1  # the player choice "whoever decides first"


def _percent(x: float) -> str:
    return f"{round(100 * x)}%"


def table_html(df) -> str:
    """The advice as a table: each option in words, its win rate, its 95% interval (a bar), the
    best marked; then what the numbers mean and the budget they cost."""
    rows = []
    for r in df.itertuples():
        best = bool(r.best)
        mark = '<b style="color:#1a7f37">★ best</b>' if best else ""
        left, width = 100 * r.low, max(1.0, 100 * (r.high - r.low))
        bar = (f'<div style="position:relative;height:8px;width:100%;min-width:60px;background:#eaeef2;'
               f'border-radius:4px"><div style="position:absolute;left:{left:.1f}%;width:{width:.1f}%;height:8px;'
               f'background:{"#2da44e" if best else "#8c959f"};border-radius:4px;opacity:.6"></div>'
               f'<div style="position:absolute;left:calc({100 * r.win_rate:.1f}% - 1px);width:2px;height:8px;'
               f'background:#24292f"></div></div>')
        style = "background:#eef8f0;font-weight:600" if best else ""
        rows.append(f'<tr class="fte-advice-row{" fte-advice-best" if best else ""}" style="{style}">'
                    f'<td style="padding:1px 6px 1px 0">{escape(r.words)}</td>'
                    f'<td style="padding:1px 6px;text-align:right;white-space:nowrap">{_percent(r.win_rate)}</td>'
                    f'<td style="padding:1px 6px;white-space:nowrap;color:#57606a">{_percent(r.low)}–{_percent(r.high)}</td>'
                    f'<td style="padding:1px 6px;width:22%">{bar}</td>'
                    f'<td style="padding:1px 0 1px 6px;white-space:nowrap">{mark}</td></tr>')
    a = df.attrs
    spent = f"{a['simulations']} simulation{'' if a['simulations'] == 1 else 's'} an option"
    if a.get("stopped"):
        spent += f" (the budget: up to {a['budget']}, stopped by its time limit of {a['ms'] / 1000:g} s)"
    elif a.get("budget"):
        spent += f" (the budget: {a['budget']}" + (f", or {a['ms'] / 1000:g} s" if a.get("ms") else "") + ")"
    took = f", in {a['seconds']:.1f} s" if "seconds" in a else ""
    return (f'<div style="line-height:1.35;font-size:12px;border:1px solid #d0d7de;border-radius:5px;'
            f'padding:4px 8px;margin:2px 0;background:#fbfcfd">'
            f'<div><b>{escape(a["decision"])}</b>: what a strong player would do</div>'
            f'<table style="border-collapse:collapse;width:100%;margin:2px 0">'
            f'<tr style="color:#57606a;font-size:11px;text-align:left"><th style="font-weight:400">option</th>'
            f'<th style="font-weight:400;text-align:right;padding:0 6px">wins</th>'
            f'<th style="font-weight:400;padding:0 6px">95% interval</th><th></th><th></th></tr>'
            + "".join(rows) + "</table>"
            f'<div style="color:#57606a;font-size:11px">{escape(EXPLAINED)} The best is the one the search '
            f"would take (in a solo game, equal win rates are told apart by the fame their lost games reached). "
            f"{escape(spent)}{took}.</div></div>")


class AdvicePanel(w.VBox):
    """The advice line and its result. `show(scenario, names)` tells it the situation (a
    FlipToons scenario, and its players' names); `advise()` is what its button does. The budget:
    `simulations` an option, `ms` a time limit (None: none, as tests use), `seed`."""

    def __init__(self, errors: ErrorArea | None = None, simulations: int = SIMULATIONS,
                 ms: float | None = MS, seed: int = 0, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        self.simulations, self.ms, self.seed = simulations, ms, seed
        self.scenario: dict | None = None  # the situation shown
        self.advised: dict | None = None   # the situation the result is of
        self.df = None
        self.subject = w.HTML(layout=w.Layout(flex="1 1 0px", min_width="0"))
        self.subject.add_class("fte-advice-subject")
        self.who = w.Dropdown(options=[("first to decide", FIRST)], value=FIRST, layout=w.Layout(width="11em",
                              flex="0 0 auto", display="none"), tooltip="whose next decision is advised")
        self.button = w.Button(description=ASK, icon="lightbulb", layout=w.Layout(width="auto", flex="0 0 auto"),
                               tooltip="plays every option on to the end of the game many times "
                                       "(a second or two) and shows how often each wins")
        self.button.add_class("fte-advice")
        self.result = w.HTML()
        self.result.add_class("fte-advice-table")
        guard = self.errors.guard
        self.button.on_click(guard(lambda _b: self.advise()))
        self.who.observe(guard(lambda _c: self._player_changed()), names="value")
        line = w.HBox([self.subject, self.who, self.button],
                      layout=w.Layout(align_items="center", flex_flow="row wrap", margin="2px 0"))
        super().__init__([line, self.result], **kwargs)
        self.add_class("fte-advice-panel")

    @property
    def player(self) -> int | None:
        return None if self.who.value == FIRST else self.who.value

    def show(self, scenario: dict, names: list[str]) -> None:
        """The situation as it now stands: a result of another situation is cleared; the line
        says which decision the button would advise, or why there is none."""
        changed = scenario != self.scenario
        self.scenario = scenario
        options = [("first to decide", FIRST)] + [(n, i) for i, n in enumerate(names)]
        if [o for o in self.who.options] != options:
            keep = self.who.value if self.who.value < len(names) else FIRST
            self.who.options = options
            self.who.value = keep
        self.who.layout.display = None if len(names) > 1 else "none"
        if changed or scenario != self.advised:
            self.clear()
        self._subject()

    def _subject(self) -> None:
        try:
            choice, _ended = decision_of(self.scenario, self.player)
        except ValueError as e:
            self.button.disabled = True
            self.button.tooltip = "no decision to advise"
            self.subject.value = (f'<span style="color:#57606a">No advice here: '
                                  f'{escape(_reason(one_line(e)))}</span>')
            return
        self.button.disabled = False
        self.button.tooltip = ("plays every option on to the end of the game many times (a second or two) "
                               "and shows how often each wins")
        self.subject.value = (f'<span style="color:#3d4650">Advice on <b>{escape(decision_words(choice))}</b>'
                              f", the first no script gives</span>")

    def _player_changed(self) -> None:
        if self.scenario is not None:
            self.clear()
            self._subject()

    def clear(self) -> None:
        """Forget the result (the situation changed)."""
        self.df = None
        self.advised = None
        self.result.value = ""

    def advise(self) -> None:
        """Run the search on the situation's advised decision and show each option's win rate;
        the button says it is working meanwhile."""
        import time

        if self.scenario is None:
            raise ValueError("advice: nothing to advise yet")
        self.button.disabled = True
        self.button.description, self.button.icon = "thinking…", "spinner spin"
        try:
            start = time.perf_counter()
            df = advise(self.scenario, player=self.player, simulations=self.simulations, seed=self.seed, ms=self.ms)
            df.attrs.update(budget=self.simulations, ms=self.ms, seconds=time.perf_counter() - start)
        except ValueError as e:
            self.clear()
            self.result.value = f'<span style="color:#57606a">No advice here: {escape(_reason(one_line(e)))}</span>'
            return
        finally:
            self.button.description, self.button.icon = ASK, "lightbulb"
            self.button.disabled = False
        self.df = df
        self.advised = self.scenario
        self.result.value = table_html(df)


def _reason(message: str) -> str:
    """An advice error without its 'advise: ' prefix (the line says it is about advice)."""
    return message[len("advise: "):] if message.startswith("advise: ") else message
