// The board widget's front end: a plain ES module for anywidget, no bundler.
//
// It knows nothing about any game.  It draws the SVG Python sends (`_svg`), whose
// clickable elements carry `data-target` names, and a panel described by `_panel`.
// It reports what the user intends as tagged messages; Python validates them with the
// engine and answers with new state (trait changes) or a refusal (a reply message).
//
//   {type: "intent", id, kind: "click",  target: "sq:c5"}
//   {type: "intent", id, kind: "button", button: "undo" | "goto", value?}
//
// Keyboard: arrow keys move a focus ring among the targets, Enter or Space clicks the
// focused one, Escape cancels; JupyterLab's shortcuts are suppressed while the board has
// focus.  Every change is announced in an aria-live region for screen readers.

/** @typedef {{ id: string, label: string, enabled: boolean, pressed?: boolean }} Button */
/** @typedef {{ name: string, buttons: Button[] }} ButtonGroup */
/** @typedef {{ rulings: string[], reason: string }} Refusal */

const DIRECTIONS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** Is JupyterLab (or the page) showing a dark theme? */
function pageIsDark() {
  const light = document.body?.dataset?.jpThemeLight;
  if (light !== undefined) return light === "false";
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
}

/** @param {string} tag @param {string} [cls] @param {string} [text] */
function h(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  el.classList.add("kb-widget");
  const root = h("div", "kb-root");
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  root.setAttribute("aria-roledescription", "game board");
  root.setAttribute("aria-label", "Game board: use the arrow keys to move between squares and lines, Enter to choose, Escape to cancel");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const boardEl = h("div", "kb-svg");
  const panelEl = h("div", "kb-panel");
  const styleEl = document.createElement("style"); // the board's CSS: one element, not one per redraw
  const live = h("div", "kb-live");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  root.append(styleEl, boardEl, panelEl, live);
  el.append(root);

  let nextId = 1;
  let focusTarget = /** @type {string | null} */ (null);
  let clickedAt = /** @type {number | null} */ (null);
  const latencies = [];
  el.kbLatencies = latencies; // read by the browser benchmark

  /** @param {Record<string, any>} payload */
  function send(payload) {
    model.send({ type: "intent", id: nextId++, ...payload });
  }

  function clickTarget(/** @type {string} */ target) {
    clickedAt = performance.now();
    send({ kind: "click", target });
  }

  function pressButton(/** @type {string} */ button, /** @type {any} */ value) {
    clickedAt = performance.now();
    const msg = { kind: "button", button };
    if (value !== undefined) msg.value = value;
    send(msg);
  }

  function applyTheme() {
    const svg = boardEl.querySelector("svg.kb-board");
    if (!svg) return;
    const wanted = model.get("_theme");
    const dark = wanted === "dark" || (wanted === "auto" && pageIsDark());
    svg.classList.toggle("kb-dark", dark);
    svg.classList.toggle("kb-light", !dark);
    root.classList.toggle("kb-root-dark", dark);
  }

  function targets() {
    return Array.from(boardEl.querySelectorAll("[data-target]"));
  }

  /** Draw the focus ring; announce the focused target only when the user moved it. */
  function showFocus(announce = false) {
    for (const node of boardEl.querySelectorAll(".kb-focus")) node.classList.remove("kb-focus");
    if (!focusTarget) return;
    const node = boardEl.querySelector(`[data-target="${CSS.escape(focusTarget)}"]`);
    if (node) {
      node.classList.add("kb-focus");
      if (announce) live.textContent = node.getAttribute("aria-label") || focusTarget;
    }
  }

  function drawStyle() {
    styleEl.textContent = model.get("_style") || "";
  }

  function drawBoard() {
    boardEl.innerHTML = model.get("_svg");
    applyTheme();
    showFocus();
    if (clickedAt !== null) {
      latencies.push(performance.now() - clickedAt);
      clickedAt = null;
    }
    el.dataset.renders = String(Number(el.dataset.renders || 0) + 1);
  }

  function drawPanel() {
    const panel = model.get("_panel") || {};
    panelEl.replaceChildren();
    panelEl.append(h("div", "kb-panel-status", panel.status || ""));
    if (panel.message) panelEl.append(h("div", "kb-message", panel.message));
    /** @type {Refusal | null} */
    const refusal = panel.refusal;
    if (refusal) {
      const box = h("div", "kb-refusal");
      box.setAttribute("role", "alert");
      box.append(h("strong", "", "Not allowed"));
      for (const id of refusal.rulings || []) box.append(" ", h("code", "kb-ruling", id));
      box.append(h("div", "kb-reason", refusal.reason || ""));
      panelEl.append(box);
    }
    if (panel.choices?.length) {
      const list = h("div", "kb-choices");
      for (const choice of panel.choices) {
        const b = h("button", "kb-choice", choice.label);
        b.dataset.target = choice.target;
        b.addEventListener("click", () => clickTarget(choice.target));
        list.append(b);
      }
      panelEl.append(list);
    }
    for (const group of /** @type {ButtonGroup[]} */ (panel.groups || [])) {
      const row = h("div", `kb-buttons kb-group-${group.name}`);
      for (const spec of group.buttons) {
        const b = h("button", "kb-button", spec.label);
        b.dataset.button = spec.id;
        b.disabled = !spec.enabled;
        if (spec.pressed !== undefined) b.setAttribute("aria-pressed", String(spec.pressed));
        b.addEventListener("click", () => pressButton(spec.id));
        row.append(b);
      }
      panelEl.append(row);
    }
    if (panel.editing) {
      const v = h("div", panel.valid ? "kb-valid" : "kb-invalid", panel.valid ? "Valid position" : "Not a valid position:");
      panelEl.append(v);
      if (panel.problems?.length) {
        const ul = h("ul", "kb-problems");
        for (const p of panel.problems) ul.append(h("li", "", p));
        panelEl.append(ul);
      }
    } else {
      const scrub = h("input", "kb-scrubber");
      scrub.type = "range";
      scrub.min = "0";
      scrub.max = String(panel.total || 0);
      scrub.value = String(panel.ply || 0);
      scrub.setAttribute("aria-label", "history: move through the game");
      scrub.addEventListener("change", () => pressButton("goto", Number(scrub.value)));
      panelEl.append(scrub);
      const list = h("ol", "kb-moves");
      for (const m of panel.moves || []) {
        const item = h("li", m.current ? "kb-move kb-current" : m.undone ? "kb-move kb-undone" : "kb-move", m.text);
        item.value = m.ply;
        item.addEventListener("click", () => pressButton("goto", m.ply));
        list.append(item);
      }
      panelEl.append(list);
      const current = list.querySelector(".kb-current");
      if (current) list.scrollTop = current.offsetTop - list.offsetTop - 40;
    }
    if (panel.announcement) live.textContent = panel.announcement;
    el.dataset.panels = String(Number(el.dataset.panels || 0) + 1);
  }

  /** @param {any} msg */
  function onCustom(msg) {
    if (!msg || msg.type !== "reply") return;
    if (!msg.ok && msg.error) {
      const box = h("div", "kb-refusal kb-error", msg.error);
      box.setAttribute("role", "alert");
      panelEl.prepend(box);
    }
    if (clickedAt !== null && msg.ok === false) {
      latencies.push(performance.now() - clickedAt);
      clickedAt = null;
    }
  }

  function onBoardClick(/** @type {MouseEvent} */ event) {
    const node = /** @type {Element} */ (event.target).closest?.("[data-target]");
    if (!node || !boardEl.contains(node)) return;
    focusTarget = node.getAttribute("data-target");
    clickTarget(/** @type {string} */ (focusTarget));
  }

  function moveFocus(/** @type {number[]} */ [dx, dy]) {
    const all = targets();
    if (!all.length) return;
    const centre = (/** @type {Element} */ n) => {
      const r = n.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    };
    const current = focusTarget && boardEl.querySelector(`[data-target="${CSS.escape(focusTarget)}"]`);
    if (!current) {
      focusTarget = all[0].getAttribute("data-target");
      showFocus(true);
      return;
    }
    const [cx, cy] = centre(current);
    let best = null;
    let bestScore = Infinity;
    for (const n of all) {
      if (n === current || n.getAttribute("data-target") === focusTarget) continue;
      const [x, y] = centre(n);
      const along = (x - cx) * dx + (y - cy) * dy;
      if (along <= 1) continue;
      const across = Math.abs((x - cx) * dy - (y - cy) * dx);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = n;
      }
    }
    if (best) {
      focusTarget = best.getAttribute("data-target");
      showFocus(true);
    }
  }

  function onKey(/** @type {KeyboardEvent} */ event) {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLButtonElement) {
      if (event.key !== "Escape") {
        event.stopPropagation();
        return;
      }
    }
    event.stopPropagation(); // JupyterLab's shortcuts stay quiet while the board has focus
    if (event.key in DIRECTIONS) {
      event.preventDefault();
      moveFocus(DIRECTIONS[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (focusTarget) clickTarget(focusTarget);
    } else if (event.key === "Escape") {
      event.preventDefault();
      focusTarget = null;
      showFocus();
      pressButton("cancel");
    }
  }

  boardEl.addEventListener("click", onBoardClick);
  root.addEventListener("keydown", onKey);
  model.on("change:_style", drawStyle);
  model.on("change:_svg", drawBoard);
  model.on("change:_panel", drawPanel);
  model.on("change:_theme", applyTheme);
  model.on("msg:custom", onCustom);
  const observer = new MutationObserver(applyTheme);
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name"] });
  drawStyle();
  drawBoard();
  drawPanel();

  // The cleanup anywidget calls when the view goes away: no listener outlives its view.
  return () => {
    model.off("change:_style", drawStyle);
    model.off("change:_svg", drawBoard);
    model.off("change:_panel", drawPanel);
    model.off("change:_theme", applyTheme);
    model.off("msg:custom", onCustom);
    observer.disconnect();
    boardEl.removeEventListener("click", onBoardClick);
    root.removeEventListener("keydown", onKey);
  };
}

export default { render };
