"""`HTMLView`: HTML drawn by the kernel, clicks and keys sent back — the one custom widget.

Core ipywidgets cannot report a click on an element inside an HTML picture (a card of the
catalog, a cell of a grid, a node of the chain graph). `HTMLView` is an anywidget whose
JavaScript (below, shipped in the package: no CDN) shows the `html` trait and reports a click
on any element carrying `data-action` or `data-step` with that element's data attributes, and
the arrow, Home and End keys while the view has the focus. The picture itself is made by the
engine's pure render functions, so it is the same picture as in a notebook and can be tested
without a browser.

    view = HTMLView(html="<span data-action='hello' data-who='Ann'>hi</span>")
    view.on_click(lambda data: print(data))   # {'action': 'hello', 'who': 'Ann'}
    view.click(action="hello", who="Ann")     # what a click in the browser does
"""
from __future__ import annotations

import anywidget
import traitlets

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "fte-htmlview";
  root.tabIndex = 0;
  el.appendChild(root);
  const style = () => {
    const h = model.get("max_height");
    root.style.maxHeight = h || "";
    root.style.overflow = h ? "auto" : "";
    root.style.outline = "none";
  };
  const fit = () => {
    // a picture marked data-fit="0.6" shrinks to the view's width, down to that scale at most
    for (const box of root.querySelectorAll("[data-fit]")) {
      const svg = box.querySelector("svg");
      if (!svg) continue;
      const natural = parseFloat(svg.getAttribute("width"));
      const room = root.clientWidth - 4;
      const scale = Math.max(parseFloat(box.dataset.fit), Math.min(1, room / natural));
      svg.style.width = `${natural * scale}px`;
      svg.style.height = "auto";
    }
  };
  const show = () => {
    root.innerHTML = model.get("html");
    fit();
    const current = root.querySelector("[data-current]");
    if (current && model.get("max_height")) {
      // scroll as little as keeps the current element in view, with a margin
      const box = root.getBoundingClientRect();
      const at = current.getBoundingClientRect();
      const margin = 24;
      if (at.bottom > box.bottom - margin) root.scrollTop += at.bottom - box.bottom + margin;
      else if (at.top < box.top + margin) root.scrollTop -= box.top + margin - at.top;
      if (at.right > box.right - margin) root.scrollLeft += at.right - box.right + margin;
      else if (at.left < box.left + margin) root.scrollLeft -= box.left + margin - at.left;
    }
  };
  model.on("change:html", show);
  model.on("change:max_height", style);
  style();
  show();
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action],[data-step]");
    if (!target || !root.contains(target)) return;
    const data = {};
    for (const [key, value] of Object.entries(target.dataset)) data[key] = value;
    model.send({ event: "click", data });
  });
  root.addEventListener("keydown", (event) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    model.send({ event: "key", key: event.key });
  });
}
export default { render };
"""


#: The explorer's few page rules (a live widget's page, not a notebook's output): text lines
#: of a normal height in HTML widgets, labels that are not cut.
_CSS = """
.fte-explorer .widget-html-content, .fte-explorer .fte-htmlview { line-height: 1.35; }
.fte-explorer .widget-html { margin-top: 1px; margin-bottom: 1px; }
.fte-explorer .fte-htmlview [data-action], .fte-explorer .fte-htmlview [data-step] { cursor: pointer; }
.fte-explorer .fte-htmlview:focus-visible { box-shadow: 0 0 0 2px #2f6fb5; }
.fte-explorer .fte-table .fte-htmlview { overflow-x: auto; }
"""


class HTMLView(anywidget.AnyWidget):
    """HTML from the kernel; clicks on `[data-action]` / `[data-step]` elements and the arrow,
    Home and End keys come back to `on_click` / `on_key` handlers. `max_height` (CSS, e.g.
    "30em") makes it scroll, keeping the element marked `data-current` in view."""

    _esm = _ESM
    _css = _CSS
    html = traitlets.Unicode("").tag(sync=True)
    max_height = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list = []
        self._key_handlers: list = []
        self.on_msg(self._message)

    def on_click(self, handler) -> None:
        """Call `handler(data)` with the clicked element's data attributes (strings)."""
        self._click_handlers.append(handler)

    def on_key(self, handler) -> None:
        """Call `handler(key)` with 'ArrowLeft', 'ArrowRight', 'Home' or 'End'."""
        self._key_handlers.append(handler)

    def click(self, **data) -> None:
        """Do what a click on an element with these data attributes does (values as strings,
        as the browser gives them)."""
        self._message(self, {"event": "click", "data": {k: str(v) for k, v in data.items()}}, [])

    def press(self, key: str) -> None:
        """Do what pressing `key` in the view does."""
        self._message(self, {"event": "key", "key": key}, [])

    def _message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") == "click" and isinstance(content.get("data"), dict):
            for handler in self._click_handlers:
                handler(dict(content["data"]))
        elif content.get("event") == "key" and isinstance(content.get("key"), str):
            for handler in self._key_handlers:
                handler(content["key"])
