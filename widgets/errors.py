"""Where the explorer's errors show (class `fte-error`, empty when there is none): a user's
mistake as one calm line, an engine bug as a short line with its traceback folded away. Every
callback of every part runs through `ErrorArea.guard`, so nothing fails invisibly."""

from __future__ import annotations

import traceback
from html import escape

import ipywidgets as w

#: Errors that are a user's mistake: a bad scenario (ScenarioError is a ValueError), a value
#: out of range, an unknown name.
USER_ERRORS = (ValueError, KeyError, IndexError)


def one_line(e: BaseException) -> str:
    """An exception's message on one line (a KeyError's without its quotes)."""
    text = str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)
    return " ".join(text.split()) or type(e).__name__


class ErrorArea(w.HTML):
    """An HTML line that shows the last error; `guard(fn)` wraps a callback so that its errors
    show here, and a callback that succeeds after a failed one does not clear it (the next
    successful resolution does, through `clear`)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("fte-error")

    def guard(self, fn):
        def run(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except USER_ERRORS as e:
                self.show(one_line(e))
            except Exception as e:  # an engine bug: say so briefly, keep the details at hand
                self.show(
                    f"internal error: {type(e).__name__}: {one_line(e)}", traceback.format_exc()
                )

        return run

    def show(self, message: str, details: str = "") -> None:
        fold = (
            (
                '<details><summary style="cursor:pointer">details</summary><pre '
                'style="font-size:10px;'
                f'white-space:pre-wrap">{escape(details)}</pre></details>'
            )
            if details
            else ""
        )
        self.value = (
            '<div style="color:#a40e26;background:#fff0f0;border:1px solid '
            "#f3c2c2;border-radius:4px;"
            f'padding:3px 8px;line-height:1.35">{escape(message)}{fold}</div>'
        )

    def clear(self) -> None:
        self.value = ""
