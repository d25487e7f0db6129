"""An action whose result shows in a tab of the side panel opens the panel on that tab, whatever
tab was shown: "what would a strong player do?" (`fte-advice`) the Advice tab, with its table
(`fte-advice-table`) or the one line saying why there is none; "share" (`fte-share`) and "copy as
Markdown" (`fte-markdown`) the Share tab. The tab's panel is drawn (not the empty box a tab holds
until it is first shown) and the browser is asked to bring the side panel into sight, where it
sits below the table in a narrow window or was scrolled away. Driven kernel-side."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from fliptoons_explore.widgets import explorer  # noqa: E402
from fliptoons_explore.widgets.explorer import TABS  # noqa: E402

#: "s2.solo.win" without its script: Ann, 29 fame, before her first Market turn.
SIX_FISH = {
    "season": "s2",
    "solo": "normal",
    "players": [
        {
            "name": "Ann",
            "deck": ["swordfish", "swordfish", "starfish", "starfish", "clownfish", "mosquito"],
        }
    ],
    "market": ["salamander", "goldfish", "raccoon", "opossum", "fox"],
    "toon_deck": ["mole", "hen", "crab", "gorilla"],
}


def on_another_tab(x, tab: str = "Chain") -> list:
    """The side panel shown on `tab`; what the page is asked to do from now on, recorded."""
    x.tabs.selected_index = TABS.index(tab)
    sent = []
    x.page.send = lambda content, buffers=None: sent.append(content)
    return sent


def assert_open_on(x, sent: list, tab: str) -> None:
    k = TABS.index(tab)
    assert x.tabs.selected_index == k
    assert x.tabs.children[k] is x.tab_panels[k]  # drawn, not the empty box of a tab never shown
    body = x.children[-1]
    assert x.side in body.children and x.tabs in x.side.children
    assert x.side.layout.display != "none" and x.tabs.layout.display != "none"
    assert {"reveal": ".fte-side"} in sent
    assert x.error.value == ""


def advising_explorer():
    x = explorer(SIX_FISH)
    x.advice.simulations, x.advice.ms, x.advice.seed = 4, None, 0
    x.game_button.click()  # a solo game is played to its end: Ann's Market action is advised
    assert not x.advice.button.disabled
    return x


def test_the_advice_button_opens_the_side_panel_on_the_advice_tab():
    x = advising_explorer()
    assert 6 not in x._tabs_drawn  # the Advice tab was never shown
    sent = on_another_tab(x, "Trace")
    x.advice.button.click()
    assert_open_on(x, sent, "Advice")
    assert 'class="fte-advice-row fte-advice-best"' in x.tabs.children[TABS.index("Advice")].value


def test_advice_that_fails_still_opens_the_advice_tab_on_its_one_line(monkeypatch):
    from fliptoons_explore.widgets import advice as panel

    def broken(*args, **kwargs):
        raise RuntimeError("the search broke")

    monkeypatch.setattr(panel, "advise", broken)
    x = advising_explorer()
    sent = on_another_tab(x)
    x.advice.button.click()
    assert_open_on(x, sent, "Advice")
    assert "No advice here: internal error: RuntimeError: the search broke" in (
        x.advice.result.value
    )


@pytest.mark.parametrize("button", ["share_button", "markdown_button"])
def test_share_and_copy_as_markdown_open_the_side_panel_on_the_share_tab(button):
    x = explorer()
    x.examples.value = "first.coyote-above-a-gorilla"
    sent = on_another_tab(x, "Rulings")
    getattr(x, button).click()
    assert_open_on(x, sent, "Share")
    shown = x.share_panel.url if button == "share_button" else x.share_panel.text.value
    assert shown
    assert any("copy" in m for m in sent)  # and it is put on the clipboard
