// The board widget's front end: a plain ES module for anywidget, no bundler, no build step.
//
// It knows nothing about any game.  It draws the SVG Python sends (`_svg`), whose
// clickable elements carry `data-target` names, and a panel described by `_panel`.
// It reports what the user intends as tagged messages; Python validates them with the
// engine and answers with new state (trait changes) or a refusal (a reply message).
//
//   {type: "intent", id, kind: "click",  target: "sq:c5"}
//   {type: "intent", id, kind: "button", button: "undo" | "goto" | ..., value?}
//
// The panel (every field optional; all text is set as text, never as HTML, except
// `scoresheet_html`, which Python builds and escapes):
//   headline        whose turn, in large type ("Ben (East) to play")
//   status, message the position's status line and the last reply's sentence
//   thinking        a bot's name while it thinks ("Ben (mcts) is thinking…"; the play group
//                   then holds a `stop` button)
//   unscored        why the match is not scored (a bot failed): a note that stays on show
//   seats           the seat picker: [{player, seat, label, value, choices: [{value, label,
//                   help}]}]: one labelled <select> per player; choosing sends
//                   {kind: "button", button: "seat:<player>", value} ("human" or a bot's name)
//   error           a request the board could not take (a malformed message, a fault of the
//                   board's own): shown as an alert in every view of the board
//   refusal         {rulings: [id], reason}; `options_at` lists the verdict of every option
//                   at the last clicked square or line: [{action, legal, rulings, reason}]
//   rulings_text    {id: {title, text, source}}: every ruling ID shown (refusal, options,
//                   messages) becomes a button that opens that entry in a small box
//   choices         [{target, label}] (buttons that click a target)
//   groups          [{name, buttons: [{id, label, enabled, pressed?}]}]; a group whose
//                   labels all read "<a> <b> +|-" is laid out as a compact table of -/+
//                   steppers (the part with more values down the rows), a long group as a
//                   wrapping grid of small buttons
//   announcement    read by the aria-live region; `announcements` (oldest first) is shown
//                   as a log, newest first, at most 5, and its newest entry is read too
//   scoresheet_html the live scoresheet: beside the board when the widget is at least
//                   1100 px wide, below it otherwise
//   editing, valid, problems, moves, ply, total   edit mode; the move list and scrubber
//
// Layout: the board keeps its drawn size, shrinking with a narrow cell; "Large board" (or
// the `_size` trait set to "large", where the widget has one) makes it fill the cell's
// width, up to the window's height, for a projector.
//
// Keyboard (the board is one tab stop; Tab leaves it):
//   Arrow keys  move the focus ring to the nearest target within 45 degrees of the key's
//               direction on screen (squares, runners, option badges, tray stones; lines
//               are skipped).  Between two equally near targets the one clockwise wins, so
//               on Kabetopo's diamond (North at the top) Up goes to rank+1 (up and right),
//               Right to file+1, Down to rank-1, Left to file-1: one square along the
//               board's axes as drawn, and every square is reached.  On Dakapo and Kaomi,
//               whose ranks run straight up, Up is straight up.
//   Shift+Arrow the same among the lines (walls, portals ... go on lines).
//   Enter/Space clicks the focused target.  After any redraw the focus stays on the same
//               target, or on the nearest one where it has gone.
//   Escape      presses the panel's enabled `back` button (out of an exit or bump choice),
//               else cancels the current selection.
// JupyterLab's shortcuts are suppressed while the board has focus.  Every action is
// announced in an aria-live region for screen readers.

/** @typedef {{ id: string, label: string, enabled: boolean, pressed?: boolean }} Button */
/** @typedef {{ name: string, buttons: Button[] }} ButtonGroup */
/** @typedef {{ rulings: string[], reason: string, heading?: string }} Refusal */
/** @typedef {{ title?: string, text?: string, source?: string }} RulingText */
/** @typedef {{ action: string, legal: boolean, rulings?: string[], reason?: string }} OptionVerdict */

const DIRECTIONS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
const WIDE = 1100; // px: from this width on, the scoresheet goes beside the board
const NARROW = 480 + 14 + 250; // px: below this the panel goes under the board
const LOG_SIZE = 5;
const STEPPER = /^(\S+) (.+) ([+-])$/; // "E walls +": row, column, sign

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
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** Centre of an element on screen. @param {Element} n */
function centreOf(n) {
  const r = n.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/** Escape text for use inside a regular expression. @param {string} s */
function reEscape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  el.classList.add("kb-widget");
  const root = h("div", "kb-root");
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  root.setAttribute("aria-roledescription", "game board");
  root.setAttribute("aria-label", "Game board: arrow keys move between squares (with Shift, between lines), Enter chooses, Escape backs out");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const styleEl = document.createElement("style"); // the board's CSS: one element, not one per redraw
  const mainEl = h("div", "kb-main"); // the board and the side panel, side by side
  const boardEl = h("div", "kb-svg");
  const sideEl = h("div", "kb-side");
  const panelEl = h("div", "kb-panel");
  const sheetEl = h("div", "kb-sheet");
  sheetEl.setAttribute("role", "region");
  sheetEl.setAttribute("aria-label", "Scoresheet");
  sheetEl.tabIndex = 0; // it may scroll sideways: keyboard users can reach it
  sheetEl.hidden = true;
  const live = h("div", "kb-live");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  sideEl.append(panelEl);
  mainEl.append(boardEl, sideEl);
  root.append(styleEl, mainEl, sheetEl, live);
  el.append(root);

  let nextId = 1;
  let focusTarget = /** @type {string | null} */ (null);
  let focusPoint = /** @type {number[] | null} */ (null); // where the focus was, in board units
  let clickedAt = /** @type {number | null} */ (null);
  let large = model.get("_size") === "large";
  let openRuling = /** @type {string | null} */ (null);
  let lastLogged = /** @type {string | null} */ (null);
  // the ids its labels point at must be unique on the page: every board's module is a copy
  // of its own (a counter here would restart at each), so a random name
  const uid = `kb-${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
  // The click-to-redraw probe of the latency benchmark (benchmarks/bench_widget_latency.py)
  // runs only where the page asked for it before the board was drawn; a board in use keeps
  // no timings.
  const latencies = globalThis.kbLatencyProbe === true ? [] : null;
  if (latencies !== null) el.kbLatencies = latencies;

  /** @param {Record<string, any>} payload */
  function send(payload) {
    model.send({ type: "intent", id: nextId++, ...payload });
  }

  function clickTarget(/** @type {string} */ target) {
    if (latencies !== null) clickedAt = performance.now();
    send({ kind: "click", target });
  }

  function pressButton(/** @type {string} */ button, /** @type {any} */ value) {
    if (latencies !== null) clickedAt = performance.now();
    const msg = { kind: "button", button };
    if (value !== undefined) msg.value = value;
    send(msg);
  }

  // --- layout and theme ------------------------------------------------------------------
  function applyTheme() {
    const svg = boardEl.querySelector("svg.kb-board");
    const wanted = model.get("_theme");
    const dark = wanted === "dark" || (wanted === "auto" && pageIsDark());
    root.classList.toggle("kb-root-dark", dark);
    if (!svg) return;
    svg.classList.remove("kb-auto"); // the front end decides the theme, not the OS preference
    svg.classList.toggle("kb-dark", dark);
    svg.classList.toggle("kb-light", !dark);
  }

  function applySize() {
    root.classList.toggle("kb-large", large);
    const toggle = panelEl.querySelector('[data-key="size"]');
    if (toggle) toggle.setAttribute("aria-pressed", String(large));
  }

  /** Wide (>= 1100 px): the scoresheet goes in the side column, beside the board; narrow
   *  (the board at 480 px and the panel do not fit side by side): the panel goes below. */
  function applyWidth() {
    const width = root.getBoundingClientRect().width;
    const wide = width >= WIDE;
    root.classList.toggle("kb-wide", wide);
    root.classList.toggle("kb-narrow", width < NARROW);
    const home = wide ? sideEl : root;
    if (sheetEl.parentElement !== home) {
      if (wide) sideEl.append(sheetEl);
      else root.insertBefore(sheetEl, live);
    }
  }

  // --- the board ---------------------------------------------------------------------------
  function targets(lines = false) {
    return Array.from(boardEl.querySelectorAll("[data-target]")).filter(
      (n) => (n.getAttribute("data-target") || "").startsWith("ln:") === lines);
  }

  function nodeOf(/** @type {string} */ name) {
    return boardEl.querySelector(`[data-target="${CSS.escape(name)}"]`);
  }

  /** Board units (the SVG's own coordinates) of a screen point, so a remembered focus point
   *  survives the board being resized. */
  function toBoard(/** @type {number[]} */ [x, y]) {
    const svg = boardEl.querySelector("svg");
    const m = svg?.getScreenCTM?.();
    if (!m) return [x, y];
    const p = new DOMPoint(x, y).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  function fromBoard(/** @type {number[]} */ [x, y]) {
    const svg = boardEl.querySelector("svg");
    const m = svg?.getScreenCTM?.();
    if (!m) return [x, y];
    const p = new DOMPoint(x, y).matrixTransform(m);
    return [p.x, p.y];
  }

  /** Draw the focus ring; when its target is gone, move it to the nearest target; announce
   *  the focused target only when the user moved it. */
  function showFocus(announce = false) {
    for (const node of boardEl.querySelectorAll(".kb-focus")) node.classList.remove("kb-focus");
    if (!focusTarget) return;
    let node = nodeOf(focusTarget);
    if (!node && focusPoint) {
      const [px, py] = fromBoard(focusPoint);
      const lines = focusTarget.startsWith("ln:");
      let best = Infinity;
      for (const n of targets(lines)) {
        const [x, y] = centreOf(n);
        const d = Math.hypot(x - px, y - py);
        if (d < best) {
          best = d;
          node = n;
        }
      }
      if (node) focusTarget = node.getAttribute("data-target");
    }
    if (!node) return;
    node.classList.add("kb-focus");
    focusPoint = toBoard(centreOf(node));
    el.dataset.focus = focusTarget || "";
    if (announce) live.textContent = node.getAttribute("aria-label") || focusTarget;
  }

  function drawStyle() {
    styleEl.textContent = model.get("_style") || "";
  }

  function drawBoard() {
    boardEl.innerHTML = model.get("_svg");
    applyTheme();
    showFocus();
    if (latencies !== null && clickedAt !== null) {
      latencies.push(performance.now() - clickedAt);
      clickedAt = null;
    }
    el.dataset.renders = String(Number(el.dataset.renders || 0) + 1);
  }

  // --- the panel ---------------------------------------------------------------------------
  /** A ruling ID: a button that opens its entry when the text is known, else plain text.
   *  @param {string} id @param {Record<string, RulingText>} texts */
  function rulingRef(id, texts) {
    if (!texts || !Object.prototype.hasOwnProperty.call(texts, id)) return h("code", "kb-ruling", id);
    const b = h("button", "kb-ruling kb-ruling-button", id);
    b.type = "button";
    b.dataset.key = `ruling:${id}`;
    b.dataset.ruling = id;
    b.setAttribute("aria-expanded", String(openRuling === id));
    b.setAttribute("aria-label", `ruling ${id}: ${openRuling === id ? "hide" : "show"} its text`);
    b.addEventListener("click", () => {
      openRuling = openRuling === id ? null : id;
      drawPanel(false);
    });
    return b;
  }

  /** The box with the open ruling's text, placed after `host`. */
  function rulingBox(/** @type {Record<string, RulingText>} */ texts) {
    if (!openRuling || !texts?.[openRuling]) return null;
    const entry = texts[openRuling];
    const box = h("div", "kb-ruling-box");
    box.setAttribute("role", "note");
    box.append(h("strong", "", `${openRuling}${entry.title ? ": " + entry.title : ""}`));
    if (entry.text) box.append(h("p", "kb-ruling-text", entry.text));
    if (entry.source) box.append(h("div", "kb-ruling-source", entry.source));
    return box;
  }

  /** Text in which every ruling ID with a known entry is a button. */
  function withRulings(/** @type {string} */ text, /** @type {Record<string, RulingText>} */ texts, /** @type {HTMLElement} */ into) {
    const ids = Object.keys(texts || {}).sort((a, b) => b.length - a.length);
    if (!ids.length) {
      into.append(text);
      return into;
    }
    const pattern = new RegExp(`(${ids.map(reEscape).join("|")})(?![\\w-])`, "g");
    let last = 0;
    for (const m of text.matchAll(pattern)) {
      into.append(text.slice(last, m.index));
      into.append(rulingRef(m[0], texts));
      last = (m.index || 0) + m[0].length;
    }
    into.append(text.slice(last));
    return into;
  }

  function buttonFor(/** @type {Button} */ spec, /** @type {string} */ text) {
    const b = h("button", "kb-button", text);
    b.type = "button";
    b.dataset.button = spec.id;
    b.dataset.key = `button:${spec.id}`;
    b.disabled = !spec.enabled;
    if (text !== spec.label) {
      b.setAttribute("aria-label", spec.label);
      b.title = spec.label;
    }
    if (spec.pressed !== undefined) b.setAttribute("aria-pressed", String(spec.pressed));
    b.addEventListener("click", () => pressButton(spec.id));
    return b;
  }

  /** A group of buttons: a table of -/+ steppers when every label reads "<row> <column> +|-"
   *  (an edit panel's pools), else a wrapping row (a long one as a compact grid). */
  function drawGroup(/** @type {ButtonGroup} */ group) {
    const parts = group.buttons.map((b) => STEPPER.exec(b.label));
    if (group.buttons.length >= 4 && parts.every(Boolean)) {
      // the part with more values runs down the rows (a narrow table), the other across
      let [ri, ci] = [1, 2];
      if (new Set(parts.map((p) => p[2])).size > new Set(parts.map((p) => p[1])).size) [ri, ci] = [2, 1];
      const rows = [...new Set(parts.map((p) => p[ri]))];
      const cols = [...new Set(parts.map((p) => p[ci]))];
      const table = h("table", `kb-steppers kb-group-${group.name}`);
      const head = h("tr");
      head.append(h("th", "", ""));
      for (const c of cols) {
        const th = h("th", "", c);
        th.scope = "col";
        head.append(th);
      }
      table.append(h("thead"));
      table.tHead.append(head);
      const body = h("tbody");
      for (const r of rows) {
        const tr = h("tr");
        const th = h("th", "", r);
        th.scope = "row";
        tr.append(th);
        for (const c of cols) {
          const td = h("td");
          for (const sign of ["-", "+"]) {
            const i = parts.findIndex((p) => p[ri] === r && p[ci] === c && p[3] === sign);
            if (i >= 0) td.append(buttonFor(group.buttons[i], sign === "-" ? "−" : "+"));
          }
          tr.append(td);
        }
        body.append(tr);
      }
      table.append(body);
      return table;
    }
    const row = h("div", `kb-buttons kb-group-${group.name}` + (group.buttons.length > 6 ? " kb-compact" : ""));
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", group.name);
    for (const spec of group.buttons) row.append(buttonFor(spec, spec.label));
    return row;
  }

  /** The seat picker: for every player a labelled list, Human or a bot; the help text of
   *  the chosen entry is shown below it (and read with it), each option's as its title.
   *  @param {Array<{player: string, seat?: string, label?: string, value: string,
   *           choices: Array<{value: string, label: string, help?: string}>}>} seats */
  function drawSeats(seats) {
    const box = h("fieldset", "kb-seats");
    box.append(h("legend", "kb-seats-legend", "Who plays each seat"));
    seats.forEach((seat, i) => {
      const id = `${uid}-seat-${i}`;
      const row = h("div", "kb-seat");
      const label = h("label", "kb-seat-label", seat.label || seat.player);
      label.htmlFor = id;
      const select = /** @type {HTMLSelectElement} */ (h("select", "kb-seat-select"));
      select.id = id;
      select.dataset.key = `seat:${seat.player}`;
      select.dataset.player = seat.player;
      let help = "";
      for (const choice of seat.choices || []) {
        const option = /** @type {HTMLOptionElement} */ (h("option", "", choice.label));
        option.value = choice.value;
        if (choice.help) option.title = choice.help;
        if (choice.value === seat.value) {
          option.selected = true;
          help = choice.help || "";
        }
        select.append(option);
      }
      const helpEl = h("div", "kb-seat-help", help);
      helpEl.id = `${id}-help`;
      select.setAttribute("aria-describedby", helpEl.id);
      if (help) select.title = help;
      select.addEventListener("change", () => pressButton(`seat:${seat.player}`, select.value));
      row.append(label, select, helpEl);
      box.append(row);
    });
    return box;
  }

  /** @param {boolean} fromModel whether the model changed (false: only a box was toggled) */
  function drawPanel(fromModel = true) {
    const panel = model.get("_panel") || {};
    const texts = /** @type {Record<string, RulingText>} */ (panel.rulings_text || {});
    if (openRuling && !texts[openRuling]) openRuling = null;
    // remember what had the keyboard focus, to give it back after the redraw
    const active = document.activeElement;
    const focusKey = active && panelEl.contains(active) ? active.getAttribute("data-key") : null;
    panelEl.replaceChildren();

    const top = h("div", "kb-panel-top");
    if (panel.headline) {
      const head = h("div", "kb-headline", panel.headline);
      head.setAttribute("role", "heading");
      head.setAttribute("aria-level", "2");
      top.append(head);
    }
    const size = h("button", "kb-size-toggle", "Large board");
    size.type = "button";
    size.dataset.key = "size";
    size.setAttribute("aria-pressed", String(large));
    size.title = "Fill the cell's width (for a projector)";
    size.addEventListener("click", () => {
      large = !large;
      applySize();
    });
    top.append(size);
    panelEl.append(top);

    panelEl.append(h("div", "kb-panel-status", panel.status || ""));
    if (panel.unscored) {
      const note = h("div", "kb-unscored", String(panel.unscored));
      note.setAttribute("role", "note");
      panelEl.append(note);
    }
    if (panel.thinking) {
      const name = String(panel.thinking);
      panelEl.append(h("div", "kb-thinking", /thinking/i.test(name) ? name : `${name} is thinking…`));
    }
    if (panel.message) panelEl.append(withRulings(String(panel.message), texts, h("div", "kb-message")));
    if (panel.error) {
      const box = h("div", "kb-refusal kb-error", String(panel.error));
      box.setAttribute("role", "alert");
      panelEl.append(box);
    }
    /** @type {Refusal | null} */
    const refusal = panel.refusal;
    if (refusal) {
      const box = h("div", "kb-refusal");
      box.setAttribute("role", "alert");
      box.append(h("strong", "", String(refusal.heading || "Not allowed")));
      for (const id of refusal.rulings || []) box.append(" ", rulingRef(String(id), texts));
      box.append(withRulings(String(refusal.reason || ""), texts, h("div", "kb-reason")));
      const options = /** @type {OptionVerdict[]} */ (panel.options_at || []);
      if (options.length) {
        const list = h("ul", "kb-options-at");
        list.setAttribute("aria-label", "What could be done here, and why not");
        for (const o of options) {
          const item = h("li", o.legal ? "kb-legal" : "kb-illegal");
          item.append(h("span", "kb-option-action", String(o.action)), `: ${o.legal ? "legal" : "illegal"}`);
          const ids = o.rulings || [];
          if (ids.length) {
            item.append(" (");
            ids.forEach((id, i) => item.append(...(i ? [", "] : []), rulingRef(String(id), texts)));
            item.append(")");
          }
          if (o.reason) withRulings(`: ${o.reason}`, texts, item);
          list.append(item);
        }
        box.append(list);
      }
      panelEl.append(box);
    }
    const ruling = rulingBox(texts);
    if (ruling) panelEl.append(ruling);

    if (panel.choices?.length) {
      const list = h("div", "kb-choices");
      for (const choice of panel.choices) {
        const b = h("button", "kb-choice", choice.label);
        b.type = "button";
        b.dataset.target = choice.target;
        b.dataset.key = `choice:${choice.target}`;
        b.addEventListener("click", () => clickTarget(choice.target));
        list.append(b);
      }
      panelEl.append(list);
    }
    for (const group of /** @type {ButtonGroup[]} */ (panel.groups || [])) panelEl.append(drawGroup(group));
    if (panel.seats?.length) panelEl.append(drawSeats(panel.seats));

    const log = (panel.announcements || []).map(String);
    if (log.length) {
      const list = h("ol", "kb-log");
      list.setAttribute("aria-label", "Latest events, newest first");
      for (const text of log.slice(-LOG_SIZE).reverse()) list.append(withRulings(text, texts, h("li", "kb-log-item")));
      panelEl.append(list);
    }

    if (panel.editing) {
      const v = h("div", panel.valid ? "kb-valid" : "kb-invalid", panel.valid ? "Valid position" : "Not a valid position:");
      panelEl.append(v);
      if (panel.problems?.length) {
        const ul = h("ul", "kb-problems");
        for (const p of panel.problems) ul.append(withRulings(String(p), texts, h("li")));
        panelEl.append(ul);
      }
    } else if (panel.moves !== undefined || panel.total !== undefined) {
      const scrub = h("input", "kb-scrubber");
      scrub.type = "range";
      scrub.min = String(panel.first_ply || 0);
      scrub.max = String(panel.total || 0);
      scrub.value = String(panel.ply || 0);
      scrub.dataset.key = "scrubber";
      scrub.setAttribute("aria-label", "history: move through the game");
      scrub.addEventListener("change", () => pressButton("goto", Number(scrub.value)));
      panelEl.append(scrub);
      const list = h("ol", "kb-moves");
      list.tabIndex = 0; // it scrolls: keyboard users can reach it
      list.setAttribute("aria-label", "Moves");
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

    if (fromModel) {
      const sheet = panel.scoresheet_html;
      sheetEl.hidden = !sheet;
      if (sheet) sheetEl.innerHTML = sheet; // built and escaped by Python
      else sheetEl.replaceChildren();
      const said = [];
      if (panel.announcement) said.push(String(panel.announcement));
      const newest = log.length ? log[log.length - 1] : null;
      if (newest && newest !== lastLogged && !said.some((t) => t.includes(newest))) said.push(newest);
      lastLogged = newest;
      if (said.length) live.textContent = said.join(" ");
      el.dataset.panels = String(Number(el.dataset.panels || 0) + 1);
    }
    applySize();

    // give the keyboard focus back to where it was (or to the board when that is gone)
    if (focusKey) {
      const again = panelEl.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again instanceof HTMLElement && !(again instanceof HTMLButtonElement && again.disabled)) again.focus();
      else root.focus();
    }
  }

  // --- replies and input -------------------------------------------------------------------
  /** @param {any} msg */
  function onCustom(msg) {
    if (!msg || msg.type !== "reply") return;  // errors come in the panel, to every view
    if (latencies !== null && clickedAt !== null && msg.ok === false) {
      latencies.push(performance.now() - clickedAt);
      clickedAt = null;
    }
  }

  function onBoardClick(/** @type {MouseEvent} */ event) {
    const node = /** @type {Element} */ (event.target).closest?.("[data-target]");
    if (!node || !boardEl.contains(node)) return;
    focusTarget = node.getAttribute("data-target");
    focusPoint = toBoard(centreOf(node));
    clickTarget(/** @type {string} */ (focusTarget));
  }

  /** Move the focus ring in a key's direction (see the top of this file). */
  function moveFocus(/** @type {number[]} */ [dx, dy], /** @type {boolean} */ lines) {
    const all = targets(lines);
    if (!all.length) return;
    const current = focusTarget && nodeOf(focusTarget);
    if (!current) {
      focusTarget = all[0].getAttribute("data-target");
      showFocus(true);
      return;
    }
    const [cx, cy] = centreOf(current);
    const inCone = [];
    for (const n of all) {
      if (n.getAttribute("data-target") === focusTarget) continue;
      const [x, y] = centreOf(n);
      const along = (x - cx) * dx + (y - cy) * dy;
      const across = (x - cx) * -dy + (y - cy) * dx; // > 0: clockwise of the key's direction
      if (along <= 1 || Math.abs(across) > along + 0.5) continue; // outside the 45-degree cone
      inCone.push({ n, d: Math.hypot(along, across), across });
    }
    // the nearest; between equally near ones (to 1.5 px: drawings are rounded) the clockwise one
    const nearest = Math.min(...inCone.map((c) => c.d));
    let best = null;
    let bestAcross = -Infinity;
    for (const c of inCone) {
      if (c.d <= nearest + 1.5 && c.across > bestAcross) {
        bestAcross = c.across;
        best = c.n;
      }
    }
    if (best) {
      focusTarget = best.getAttribute("data-target");
      focusPoint = null;
      showFocus(true);
    }
  }

  function onKey(/** @type {KeyboardEvent} */ event) {
    if (!boardEl.contains(/** @type {Node} */ (event.target)) && event.target !== root) {
      // keys in the panel (buttons, the scrubber) act there; only Escape is the board's too
      if (event.key !== "Escape") {
        event.stopPropagation();
        return;
      }
    }
    event.stopPropagation(); // JupyterLab's shortcuts stay quiet while the board has focus
    if (event.key in DIRECTIONS) {
      event.preventDefault();
      moveFocus(DIRECTIONS[event.key], event.shiftKey);
    } else if (event.key === "Enter" || event.key === " ") {
      if (event.target !== root) return;
      event.preventDefault();
      if (focusTarget) clickTarget(focusTarget);
    } else if (event.key === "Escape") {
      event.preventDefault();
      const back = panelEl.querySelector('button[data-button="back"]');
      if (back instanceof HTMLButtonElement && !back.disabled) {
        pressButton("back");
        return;
      }
      focusTarget = null;
      focusPoint = null;
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
  const onSize = () => {
    large = model.get("_size") === "large";
    applySize();
  };
  model.on("change:_size", onSize);
  model.on("msg:custom", onCustom);
  const observer = new MutationObserver(applyTheme);
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name"] });
  const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(applyWidth);
  resize?.observe(root);
  drawStyle();
  drawBoard();
  drawPanel();
  applyWidth();

  // The cleanup anywidget calls when the view goes away: no listener outlives its view.
  return () => {
    model.off("change:_style", drawStyle);
    model.off("change:_svg", drawBoard);
    model.off("change:_panel", drawPanel);
    model.off("change:_theme", applyTheme);
    model.off("change:_size", onSize);
    model.off("msg:custom", onCustom);
    observer.disconnect();
    resize?.disconnect();
    boardEl.removeEventListener("click", onBoardClick);
    root.removeEventListener("keydown", onKey);
  };
}

export default { render };
