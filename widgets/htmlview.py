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

What the page itself must do, the view does too, each when asked:

- a picture inside `[data-panzoom]` (the chain graph) is fitted to the view's width and can be
  dragged to pan and zoomed with Ctrl + the wheel or its own − / + / fit buttons: it never overflows
  the view and is never cut off for good;
- `reserve`: HTML of the tallest texts a box of the explorer will show (the event line and its
  rule at every step); the view measures them at the box's width and gives the box
  (`reserve_for`, a CSS selector of an ancestor) that height at least, so that stepping never
  moves what is below it;
- `copy(text)` puts text on the clipboard, `download(name, text)` saves a file (one click);
  `on_copied(handler)` hears whether the browser allowed the copy;
- `reveal(selector)` scrolls the page to the box of the explorer that `selector` finds when that
  box's top is out of sight (a result shown in the side panel while it sits below the table);
- `shortcuts`: Ctrl-Z / Ctrl-Shift-Z (⌘ on a Mac, Ctrl-Y too) come back as the keys "undo" and
  "redo" while the pointer was last inside the explorer and no text field has the focus;
- `read_location`: the page's URL fragment is sent back (`location_hash`) when the view is shown
  and whenever it changes, for a link that opens a situation; `page_title`, in the app (Voilà),
  names the browser tab.
"""

from __future__ import annotations

import anywidget
import traitlets

_ESM = r"""
function panzoom(root, box, state) {
  // Fit the SVG in `box` to the view's width (no smaller than data-panzoom, a readable scale),
  // pan by dragging, zoom with the wheel and the buttons: the SVG's viewBox moves, never its box.
  const svg = box.querySelector("svg");
  if (!svg) return;
  const vb = (svg.getAttribute("viewBox") || "").split(/[ ,]+/).map(Number);
  const W = vb[2] || parseFloat(svg.getAttribute("width")), H = vb[3] || parseFloat(svg.getAttribute("height"));
  const least = parseFloat(box.dataset.panzoom) || 0.75;
  const tall = parseFloat(box.dataset.maxHeight || "480");
  if (!state.k || state.W !== W || state.H !== H) { state.mode = "auto"; state.W = W; state.H = H; }
  const draw = () => {
    const width = Math.max(50, box.clientWidth);
    if (state.mode === "auto") state.k = Math.max(least, Math.min(1, width / W));
    if (state.mode === "all") state.k = Math.min(width / W, tall / H);
    const k = state.k, vw = width / k, vh = Math.min(H, tall / k);
    if (state.mode !== "manual") {
      const current = svg.querySelector("[data-current] rect");
      if (current) {
        const x = parseFloat(current.getAttribute("x")), y = parseFloat(current.getAttribute("y"));
        const w = parseFloat(current.getAttribute("width")) || 0, h = parseFloat(current.getAttribute("height")) || 0;
        // the current event right of the middle: its causes, to its left, stay in view
        state.x = x + w / 2 - vw * 0.65; state.y = y + h / 2 - vh / 2;
      } else if (state.x === undefined) { state.x = 0; state.y = 0; }
    }
    state.x = Math.max(0, Math.min(state.x || 0, Math.max(0, W - vw)));
    state.y = Math.max(0, Math.min(state.y || 0, Math.max(0, H - vh)));
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(Math.round(vh * k)));
    svg.setAttribute("viewBox", `${state.x} ${state.y} ${vw} ${vh}`);
    svg.style.display = "block";
    // a shadow on each side where the picture goes on beyond the view
    const shade = [];
    if (state.x > 0.5) shade.push("inset 14px 0 10px -10px rgba(31,35,40,0.35)");
    if (state.x + vw < W - 0.5) shade.push("inset -14px 0 10px -10px rgba(31,35,40,0.35)");
    if (state.y > 0.5) shade.push("inset 0 14px 10px -10px rgba(31,35,40,0.35)");
    if (state.y + vh < H - 0.5) shade.push("inset 0 -14px 10px -10px rgba(31,35,40,0.35)");
    svg.style.boxShadow = shade.join(", ");
    svg.style.cursor = vw < W || vh < H ? "grab" : "";
    const note = box.querySelector("[data-zoom-note]");
    if (note) note.textContent = vw < W || vh < H ? `${Math.round(k * 100)}% · drag to see the rest` : `${Math.round(k * 100)}%`;
  };
  state.draw = draw;
  draw();
  if (box.dataset.wired) return;
  box.dataset.wired = "1";
  for (const b of box.querySelectorAll("[data-zoom]")) {
    b.addEventListener("click", (e) => {
      e.stopPropagation();
      const how = b.dataset.zoom;
      if (how === "fit") state.mode = "all";
      else if (how === "auto") state.mode = "auto";
      else { state.mode = "manual"; state.k = Math.max(0.15, Math.min(3, state.k * (how === "in" ? 1.25 : 0.8))); }
      state.draw();
    });
  }
  svg.addEventListener("wheel", (e) => {
    if (!e.ctrlKey && !e.metaKey) return;  // a plain wheel scrolls the page; with Ctrl (⌘) it zooms
    e.preventDefault();
    const r = svg.getBoundingClientRect();
    const px = (e.clientX - r.left) / state.k + state.x, py = (e.clientY - r.top) / state.k + state.y;
    state.mode = "manual";
    state.k = Math.max(0.15, Math.min(3, state.k * (e.deltaY < 0 ? 1.15 : 1 / 1.15)));
    state.x = px - (e.clientX - r.left) / state.k;
    state.y = py - (e.clientY - r.top) / state.k;
    state.draw();
  }, { passive: false });
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const start = { x: e.clientX, y: e.clientY, vx: state.x, vy: state.y };
    state.moved = false;
    const move = (m) => {
      const dx = m.clientX - start.x, dy = m.clientY - start.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) state.moved = true;
      if (!state.moved) return;
      state.mode = "manual";
      state.x = start.vx - dx / state.k; state.y = start.vy - dy / state.k;
      state.draw();
    };
    const up = () => { window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", up); };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  });
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "fte-htmlview";
  root.tabIndex = 0;
  el.appendChild(root);
  const zoom = {};
  const style = () => {
    const h = model.get("max_height");
    root.style.maxHeight = h || "";
    root.style.overflow = h ? "auto" : "";
    root.style.outline = "none";
  };
  const show = () => {
    root.innerHTML = model.get("html");
    const box = root.querySelector("[data-panzoom]");
    if (box) panzoom(root, box, zoom);
    const current = root.querySelector("[data-current]");
    if (current) {
      // scroll the box that holds it (the view, or a scrolling table in it) as little as keeps
      // the current element in view, with a margin
      let box = current.parentElement;
      while (box && box !== root.parentElement && !(box.scrollHeight > box.clientHeight + 1 &&
             /(auto|scroll)/.test(getComputedStyle(box).overflowY))) box = box.parentElement;
      if (box && box !== root.parentElement) {
        const b = box.getBoundingClientRect(), at = current.getBoundingClientRect(), margin = 24;
        if (at.bottom > b.bottom - margin) box.scrollTop += at.bottom - b.bottom + margin;
        else if (at.top < b.top + margin) box.scrollTop -= b.top + margin - at.top;
      }
    }
  };
  // -- the reserved height of a box (the stepper's words) --
  const measure = document.createElement("div");
  measure.setAttribute("aria-hidden", "true");
  measure.style.cssText = "position:absolute;left:0;right:0;top:0;visibility:hidden;pointer-events:none;overflow:hidden;height:0";
  el.appendChild(measure);
  const reserve = () => {
    const html = model.get("reserve"), selector = model.get("reserve_for");
    const target = selector ? el.closest(selector) : null;
    if (!target) return;
    target.style.position = "relative";
    measure.innerHTML = html;
    let tallest = 0;
    for (const child of measure.children) {
      child.style.height = "auto";
      tallest = Math.max(tallest, child.scrollHeight);
    }
    target.style.minHeight = tallest ? `${Math.ceil(tallest) + 1}px` : "";
    if (reserved !== target) { reserved = target; grown.observe(target); }
  };
  // and should a step's words be taller still, the box keeps that height from then on
  let reserved = null;
  const grown = new ResizeObserver(() => {
    if (!reserved) return;
    const h = Math.ceil(reserved.getBoundingClientRect().height);
    if (h > parseFloat(reserved.style.minHeight || "0")) reserved.style.minHeight = `${h}px`;
  });
  model.on("change:html", show);
  model.on("change:max_height", style);
  model.on("change:reserve", reserve);
  style();
  show();
  const resized = new ResizeObserver(() => {
    if (zoom.draw) zoom.draw();
    if (model.get("reserve")) reserve();
  });
  resized.observe(root);
  setTimeout(reserve, 0);
  // -- clicks and keys --
  root.addEventListener("click", (event) => {
    if (zoom.moved) { zoom.moved = false; return; }  // the end of a drag, not a click
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
  // -- what the page does: clipboard, downloads, shortcuts, the URL --
  model.on("msg:custom", (msg) => {
    if (msg.copy !== undefined) {
      const done = (ok) => model.send({ event: "copied", ok });
      const fallback = () => {
        const area = document.createElement("textarea");
        area.value = msg.copy;
        area.style.cssText = "position:fixed;left:-9999px;top:0";
        document.body.appendChild(area);
        area.select();
        let ok = false;
        try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
        area.remove();
        done(ok);
      };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(msg.copy).then(() => done(true), fallback);
      else fallback();
    }
    if (msg.download) {
      const blob = new Blob([msg.download.text], { type: msg.download.type || "application/json" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = msg.download.name;
      document.body.appendChild(a);
      a.click();
      setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    }
    if (msg.reveal) {
      // once the page has drawn what the kernel changed: a box of this explorer out of sight (the
      // side panel wrapped below the table, or scrolled away) is scrolled to its top
      const home = el.closest(".fte-explorer") || document;
      setTimeout(() => {
        const box = home.querySelector(msg.reveal);
        if (!box) return;
        const r = box.getBoundingClientRect();
        const h = window.innerHeight || document.documentElement.clientHeight;
        if (r.top < 0 || r.top > h - 120) box.scrollIntoView({ block: "start" });
      }, 50);
    }
  });
  if (model.get("shortcuts")) {
    let inside = false;
    const home = () => el.closest(".fte-explorer") || el;
    const down = (e) => { inside = home().contains(e.target); };
    const key = (e) => {
      if (!inside || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      const t = e.target;
      if (t && (t.closest("input, textarea, select, [contenteditable]"))) return;
      const k = e.key.toLowerCase();
      const name = k === "z" ? (e.shiftKey ? "redo" : "undo") : k === "y" && !e.shiftKey ? "redo" : null;
      if (!name) return;
      e.preventDefault();
      model.send({ event: "key", key: name });
    };
    document.addEventListener("pointerdown", down, true);
    document.addEventListener("keydown", key);
  }
  if (model.get("read_location")) {
    // the link the page was opened with, and any pasted into the address bar later (the
    // browser then changes the fragment without reloading the page)
    const read = () => { model.set("location_hash", window.location.hash || ""); model.save_changes(); };
    read();
    window.addEventListener("hashchange", read);
  }
  const title = () => {
    const t = model.get("page_title");
    if (t && document.body && document.body.dataset.voila) document.title = t;
  };
  model.on("change:page_title", title);
  title();
}
export default { render };
"""  # noqa: E501


#: The explorer's page rules (a live widget's page, not a notebook's output): text lines of a
#: normal height, labels that are not cut, and the layout: the parts share the width by priority
#: (the table first; the side panel beside it while there is room, else below it), and no box
#: scrolls in secret (ipywidgets' boxes scroll their overflow; the explorer's show all of it).
_CSS = """
.fte-explorer .widget-html-content, .fte-explorer .fte-htmlview { line-height: 1.35; }
.fte-explorer .widget-html { margin-top: 1px; margin-bottom: 1px; }
.fte-explorer .fte-htmlview [data-action], .fte-explorer .fte-htmlview [data-step] { cursor: pointer; }
.fte-explorer .fte-htmlview:focus-visible { box-shadow: 0 0 0 2px #2f6fb5; }
.fte-explorer .jupyter-widget-box, .fte-explorer .widget-box { overflow: visible; }
.fte-explorer .fte-body { display: flex; flex-flow: row wrap; align-items: flex-start; gap: 8px 10px; width: 100%; }
.fte-explorer .fte-catalog-area { flex: 0 0 250px; width: 250px; min-width: 0; }
.fte-explorer .fte-main { flex: 3 1 0px; min-width: min-content; }
.fte-explorer .fte-side { flex: 2 1 380px; min-width: 380px; max-width: 900px; }
.fte-explorer .fte-side .jupyter-widget-tab, .fte-explorer .fte-side .widget-tab { width: auto; align-self: stretch; }
.fte-explorer .fte-catalog-search { width: auto !important; align-self: stretch; }
.fte-explorer .fte-side .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab,
.fte-explorer .fte-side .widget-tab > .p-TabBar .p-TabBar-tab { min-width: 0 !important; max-width: none !important; flex: 1 1 auto !important; padding: 0 6px !important; }
.fte-explorer .fte-side .lm-TabBar-tabLabel, .fte-explorer .fte-side .p-TabBar-tabLabel { overflow: visible !important; text-overflow: clip !important; }
.fte-explorer .fte-header { flex-flow: row wrap; align-items: center; gap: 4px 6px; }
.fte-explorer .fte-header .jupyter-button, .fte-explorer .fte-header .widget-button { width: auto; padding: 0 10px; margin: 0; }
.fte-explorer .fte-controls { flex-flow: row wrap; align-items: center; gap: 2px 4px; }
.fte-explorer .fte-controls .jupyter-button, .fte-explorer .fte-controls .widget-button { margin: 0; }
.fte-explorer .fte-decision .jupyter-button, .fte-explorer .fte-decision .widget-button { width: auto; height: auto; min-height: 28px; white-space: normal; text-align: left; line-height: 1.3; padding: 3px 10px; }
.fte-explorer .fte-pairs .jupyter-button, .fte-explorer .fte-pairs .widget-button { flex: 0 0 auto; width: auto; padding: 0 10px; }
.fte-explorer .fte-step-words { position: relative; }
.fte-explorer .fte-share-panel textarea { font-family: ui-monospace, monospace; font-size: 11.5px; }
"""  # noqa: E501


class HTMLView(anywidget.AnyWidget):
    """HTML from the kernel; clicks on `[data-action]` / `[data-step]` elements and the arrow,
    Home and End keys come back to `on_click` / `on_key` handlers. `max_height` (CSS, e.g.
    "30em") makes it scroll, keeping the element marked `data-current` in view."""

    _esm = _ESM
    _css = _CSS
    html = traitlets.Unicode("").tag(sync=True)
    max_height = traitlets.Unicode("").tag(sync=True)
    reserve = traitlets.Unicode("").tag(sync=True)
    reserve_for = traitlets.Unicode("").tag(sync=True)
    shortcuts = traitlets.Bool(False).tag(sync=True)
    read_location = traitlets.Bool(False).tag(sync=True)
    location_hash = traitlets.Unicode("").tag(sync=True)
    page_title = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list = []
        self._key_handlers: list = []
        self._copied_handlers: list = []
        self.on_msg(self._message)

    def on_click(self, handler) -> None:
        """Call `handler(data)` with the clicked element's data attributes (strings)."""
        self._click_handlers.append(handler)

    def on_key(self, handler) -> None:
        """Call `handler(key)` with 'ArrowLeft', 'ArrowRight', 'Home' or 'End' (and, with
        `shortcuts`, 'undo' or 'redo')."""
        self._key_handlers.append(handler)

    def on_copied(self, handler) -> None:
        """Call `handler(ok)` once the browser has (or has not) put a `copy` on the clipboard."""
        self._copied_handlers.append(handler)

    def copy(self, text: str) -> None:
        """Put `text` on the page's clipboard."""
        self.send({"copy": text})

    def reveal(self, selector: str) -> None:
        """Have the browser scroll to the explorer's box `selector` (a CSS selector) if its top
        is out of sight."""
        self.send({"reveal": selector})

    def download(self, name: str, text: str, mime: str = "application/json") -> None:
        """Have the browser save `text` as a file called `name`."""
        self.send({"download": {"name": name, "text": text, "type": mime}})

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
        elif content.get("event") == "copied":
            for handler in self._copied_handlers:
                handler(bool(content.get("ok")))
