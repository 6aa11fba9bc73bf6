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
//   groups          [{name, buttons: [{id, label, enabled, pressed?}], layout?}]: a wrapping
//                   row of buttons (more than 6: a compact grid of small buttons).  With
//                   layout "steppers" every button also has `row` and `column` (text, the
//                   headings of its cell) and `step` ("+" or "-"), and the group is a compact
//                   table of -/+ steppers, rows and columns in the order first met (labels
//                   are never parsed; they name the buttons for screen readers)
//   announcement    read by the aria-live region; `announcements` (oldest first) is shown
//                   as a log, newest first, at most 5, and its newest entry is read too
//   scoresheet_html the live scoresheet: beside the board when the widget is at least
//                   1100 px wide, below it otherwise (presentation view: see below)
//   editing, valid, problems, moves, ply, total   edit mode; the move list (the moves around
//                   the current one: a long game lists "N earlier moves") and the scrubber
//
// Layout: the board keeps its drawn size, shrinking with a narrow cell.
//
// Presentation view (the `view` trait is "presentation"), for a projector: the view's
// elements move into a *stage*, an element of the page's body that covers the whole window
// (JupyterLab's bars included; full screen when the toggle was pressed and the browser
// allows it), and the cell keeps a note saying so.  The board is scaled to fit the window
// beside a side column holding, in this order, whose turn, the status (what is left to
// decide), the notes, the buttons, the latest announcements and the scoresheet (below the
// board instead where the window leaves room there, as at 4:3); the seat picker and the move
// list fold into "Seats and moves" at the end.  The "Presentation view" toggle never changes
// the view itself: it sends the intent {kind: "button", button: "view", value}, and Python
// sets the trait (the front end writes no state).  The stage is hidden while the cell's
// notebook is (another tab in front), and goes with the view; when the board's kernel goes
// away (a restart) the board goes back into its cell until Python is heard from again.
//
// Keyboard (the board is one tab stop; Tab leaves it, and reaches the panel's buttons, its
// choices among them: every option drawn on the board is one, in the badges' order):
//   The ring    starts on the panel's `cursor` (the runner to move, or the first option
//               when the board asks a choice among options) when the board takes the
//               keyboard focus, and goes there again whenever the cursor changes while the
//               keyboard is on the board (a new turn, a new choice).
//   Arrow keys  move the focus ring to the nearest target within 45 degrees of the key's
//               direction on screen (squares and tray stones; lines and option badges are
//               skipped, so an arrow always goes to the next square, badges or not).  Between two equally near targets the one clockwise wins, so
//               on Kabetopo's diamond (North at the top) Up goes to rank+1 (up and right),
//               Right to file+1, Down to rank-1, Left to file-1: one square along the
//               board's axes as drawn, and every square is reached.  On Dakapo and Kaomi,
//               whose ranks run straight up, Up is straight up.
//   Shift+Arrow a line of the square the ring is on (or was on): the side where the same
//               arrow would step (Shift+Up is the side towards rank+1); pressed again, the
//               same side of the next square that way.  An arrow goes back to the squares.
//   1 ... 9     chooses the option drawn with that number.
//   A letter    moves the ring to the next option drawn with that letter (T, B, P, L), in
//               the panel's order, round and round; Enter chooses it.
//   Enter/Space clicks the focused target.  After any redraw the focus stays on the same
//               target, or on the nearest one where it has gone.
//   Escape      presses the panel's enabled `back` button (out of an exit or bump choice),
//               else cancels the current selection.
// JupyterLab's shortcuts are suppressed while the board has focus.  Every action is
// announced in an aria-live region for screen readers.
//
// The code: `render` builds a `Board` (one view's elements, its model and what it remembers
// between redraws), wires the listeners and draws; every other function takes that Board.

/** @typedef {{ id: string, label: string, enabled: boolean, pressed?: boolean,
 *              row?: string, column?: string, step?: "+" | "-" }} Button */
/** @typedef {{ name: string, buttons: Button[], layout?: "steppers" }} ButtonGroup */
/** @typedef {{ rulings: string[], reason: string, heading?: string }} Refusal */
/** @typedef {{ title?: string, text?: string, source?: string }} RulingText */
/** @typedef {{ action: string, legal: boolean, rulings?: string[], reason?: string }} OptionVerdict */
/** @typedef {{ player: string, seat?: string, label?: string, value: string,
 *              choices: Array<{value: string, label: string, help?: string}> }} Seat */
/**
 * One view of the board: its elements, its model and what it remembers between redraws.
 * `stage` is the presentation view's element over the window (null outside it), `note` what
 * the cell shows meanwhile, `parked` whether its kernel went away (see `presenting`); `fullscreen` is set by a press of the toggle (a user's gesture,
 * which the Fullscreen API asks for); `moreOpen` whether "Seats and moves" is unfolded.
 * @typedef {{
 *   model: any, el: HTMLElement, root: HTMLElement, styleEl: HTMLStyleElement, mainEl: HTMLElement,
 *   boardEl: HTMLElement, sideEl: HTMLElement, panelEl: HTMLElement, sheetEl: HTMLElement,
 *   live: HTMLElement, uid: string, nextId: number,
 *   focusTarget: string | null, focusPoint: number[] | null, clickedAt: number | null,
 *   focusByMouse: boolean, lineBase: string | null, cursor: string | null, cursorPending: boolean,
 *   stage: HTMLElement | null, note: HTMLElement | null, parked: boolean, fullscreen: boolean, moreOpen: boolean,
 *   watch: number | null, openRuling: string | null, lastLogged: string | null,
 *   latencies: number[] | null
 * }} Board
 */

const DIRECTIONS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
const WIDE = 1100; // px: from this width on, the scoresheet goes beside the board
const NARROW = 480 + 14 + 250; // px: below this the panel goes under the board
const LOG_SIZE = 5;
const SIDE_MIN = 340, SIDE_MAX = 520, SIDE_SHARE = 0.3; // px, px, share of the width: the presentation's side column
const GAP = 16; // px between the board and the side column (presentation view)
const SHEET_BELOW = 160; // px: from this much room under the scaled board on, the scoresheet goes there
const WATCH_MS = 300; // how often a presentation checks that its cell's notebook is still on show

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

/** The distinct values, in the order first met. @param {string[]} values */
function distinct(values) {
  return [...new Set(values)];
}

// --- the view's elements and state ---------------------------------------------------------

/** Build one view's elements inside `el` and the Board that holds them.
 *  @param {any} model @param {HTMLElement} el @returns {Board} */
function createBoard(model, el) {
  el.classList.add("kb-widget");
  const root = h("div", "kb-root");
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  root.setAttribute("aria-roledescription", "game board");
  root.setAttribute("aria-label", "Game board: arrow keys move between squares (with Shift, to the lines around a square), "
    + "a digit chooses a numbered option, a letter goes to the next option marked with it, Enter chooses, "
    + "Escape backs out; Tab reaches the buttons");
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
  // The click-to-redraw probe of the latency benchmark (benchmarks/bench_widget_latency.py)
  // runs only where the page asked for it before the board was drawn; a board in use keeps
  // no timings.
  const latencies = globalThis.kbLatencyProbe === true ? [] : null;
  if (latencies !== null) el.kbLatencies = latencies;
  return {
    model, el, root, styleEl, mainEl, boardEl, sideEl, panelEl, sheetEl, live,
    // the ids its labels point at must be unique on the page: every board's module is a copy
    // of its own (a counter here would restart at each), so a random name
    uid: `kb-${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`,
    nextId: 1,
    focusTarget: null,
    focusByMouse: false, // a ring a click left: forgotten when the position changes or a button is pressed
    focusPoint: null, // where the focus was, in board units
    lineBase: null, // the square whose lines Shift+arrows pick (while the ring is on a line)
    cursor: null, // the panel's cursor last seen
    cursorPending: false, // the cursor changed while the keyboard was elsewhere
    clickedAt: null,
    stage: null,
    note: null,
    parked: false,
    fullscreen: false,
    moreOpen: false,
    watch: null,
    openRuling: null,
    lastLogged: null,
    latencies,
  };
}

// --- intents ---------------------------------------------------------------------------------

/** @param {Board} board @param {Record<string, any>} payload */
function send(board, payload) {
  board.model.send({ type: "intent", id: board.nextId++, ...payload });
}

/** @param {Board} board @param {string} target */
function clickTarget(board, target) {
  if (board.latencies !== null) board.clickedAt = performance.now();
  send(board, { kind: "click", target });
}

/** @param {Board} board @param {string} button @param {any} [value] */
function pressButton(board, button, value) {
  if (board.latencies !== null) board.clickedAt = performance.now();
  forgetMouseFocus(board);
  const msg = { kind: "button", button };
  if (value !== undefined) msg.value = value;
  send(board, msg);
}

/** A focus ring that a mouse click left belongs to that click: it is not carried into a new
 *  position (the next challenge, the next step) or past a button.  The keyboard's stays.
 *  @param {Board} board */
function forgetMouseFocus(board) {
  if (!board.focusByMouse) return;
  board.focusByMouse = false;
  board.focusTarget = null;
  board.el.dataset.focus = "";
  for (const n of board.boardEl.querySelectorAll(".kb-focus")) n.classList.remove("kb-focus");
}

/** The time from the last click to now, for the latency probe. @param {Board} board */
function recordLatency(board) {
  if (board.latencies !== null && board.clickedAt !== null) {
    board.latencies.push(performance.now() - board.clickedAt);
    board.clickedAt = null;
  }
}

// --- layout and theme ------------------------------------------------------------------------

/** @param {Board} board */
function applyTheme(board) {
  const svg = board.boardEl.querySelector("svg.kb-board");
  const wanted = board.model.get("_theme");
  const dark = wanted === "dark" || (wanted === "auto" && pageIsDark());
  board.root.classList.toggle("kb-root-dark", dark);
  if (!svg) return;
  svg.classList.remove("kb-auto"); // the front end decides the theme, not the OS preference
  svg.classList.toggle("kb-dark", dark);
  svg.classList.toggle("kb-light", !dark);
}

/** Is the view to be shown in presentation view?  Python's `view` trait says so, unless the
 *  board is *parked*: its kernel went away (a restart, a lost connection: ipywidgets tells the
 *  model), so the board waits in its cell, where the notebook can be run again, until Python
 *  is heard from again (`wake`).  @param {Board} board */
function presenting(board) {
  return board.model.get("view") === "presentation" && !board.parked;
}

/** Python was heard from (a change of the model, a reply): a parked board may take the
 *  stage again.  @param {Board} board */
function wake(board) {
  if (!board.parked) return;
  board.parked = false;
  applyView(board);
}

/** Show the view as the `view` trait says: in the cell, or on a stage over the whole window
 *  (see the top of this file).  @param {Board} board */
function applyView(board) {
  const on = presenting(board);
  const toggle = board.panelEl.querySelector('[data-key="view"]');
  if (toggle) toggle.setAttribute("aria-pressed", String(on));
  if (on && !board.stage) enterStage(board);
  else if (!on && board.stage) leaveStage(board);
  board.fullscreen = false;
  applyWidth(board);
}

/** Move the view's elements onto a new stage over the window; the cell shows a note.
 *  @param {Board} board */
function enterStage(board) {
  const { root, el } = board;
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && root.contains(active) ? active : null;
  const stage = h("div", "kb-widget kb-stage");
  stage.setAttribute("role", "region");
  stage.setAttribute("aria-label", "Presentation view of the board");
  const note = h("p", "kb-stage-note",
    "This board is in presentation view, over the whole window. Its \u201cPresentation view\u201d button brings it back here.");
  document.body.append(stage);
  stage.append(root);
  el.append(note);
  root.classList.remove("kb-wide", "kb-narrow");
  root.classList.add("kb-presentation");
  board.stage = stage;
  board.note = note;
  focused?.focus();
  if (board.fullscreen && stage.requestFullscreen) {
    // a press of the toggle: full screen where the browser allows it; the stage covers the
    // window anyway (set from code or restored after a restart there is no gesture to allow it)
    stage.requestFullscreen({ navigationUI: "hide" }).catch(() => {});
  }
  board.watch = window.setInterval(() => watchStage(board), WATCH_MS);
  watchStage(board);
}

/** Put the view's elements back into the cell and remove the stage. @param {Board} board */
function leaveStage(board) {
  const { root, el, stage } = board;
  if (!stage) return;
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && root.contains(active) ? active : null;
  if (board.watch !== null) window.clearInterval(board.watch);
  board.watch = null;
  if (document.fullscreenElement === stage) document.exitFullscreen?.().catch(() => {});
  board.note?.remove();
  el.append(root);
  stage.remove();
  board.stage = null;
  board.note = null;
  root.classList.remove("kb-presentation", "kb-sheet-below");
  root.style.removeProperty("--kb-board-w");
  root.style.removeProperty("--kb-board-h");
  focused?.focus();
}

/** The stage is shown only while the cell's notebook is (it is another tab's, or closed:
 *  hidden), and follows the window's size.  @param {Board} board */
function watchStage(board) {
  const { stage, note } = board;
  if (!stage || !note) return;
  const r = note.getBoundingClientRect();
  const shown = note.isConnected && r.width > 0 && r.height > 0;
  if (stage.hidden === shown) {
    stage.hidden = !shown;
    if (shown) applyWidth(board);
  }
}

/** Presentation view: scale the board to the stage beside the side column (SIDE_MIN to
 *  SIDE_MAX px wide), and put the scoresheet under the board when the stage leaves room
 *  there (SHEET_BELOW px), else at the foot of the side column.  @param {Board} board */
function fitStage(board) {
  const { root, mainEl, sideEl, sheetEl } = board;
  const svg = board.boardEl.querySelector("svg");
  const box = svg?.viewBox?.baseVal;
  const width = root.clientWidth, height = root.clientHeight;
  if (!box || !box.width || !box.height || !width || !height) return;
  const side = Math.min(SIDE_MAX, Math.max(SIDE_MIN, width * SIDE_SHARE));
  const scale = Math.max(0.1, Math.min((width - side - GAP) / box.width, height / box.height));
  const w = Math.floor(box.width * scale), hgt = Math.floor(box.height * scale);
  root.style.setProperty("--kb-board-w", `${w}px`);
  root.style.setProperty("--kb-board-h", `${hgt}px`);
  const below = height - hgt - GAP >= SHEET_BELOW;
  root.classList.toggle("kb-sheet-below", below);
  const home = below ? mainEl : sideEl;
  if (sheetEl.parentElement !== home) home.append(sheetEl);
  showLatestRound(board);
}

/** Wide (>= 1100 px): the scoresheet goes in the side column, beside the board; narrow
 *  (the board at 480 px and the panel do not fit side by side): the panel goes below.
 *  In presentation view the stage decides (`fitStage`).
 *  @param {Board} board */
function applyWidth(board) {
  const { root, sideEl, sheetEl, live } = board;
  if (board.stage) {
    fitStage(board);
    return;
  }
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

// --- the board -------------------------------------------------------------------------------

/** The board's targets: its lines (`ln:...`) or everything else. @param {Board} board */
function targets(board, lines = false) {
  return Array.from(board.boardEl.querySelectorAll("[data-target]")).filter(
    (n) => (n.getAttribute("data-target") || "").startsWith("ln:") === lines);
}

/** Where the arrows stop: the targets but the lines and the option badges (`act:...`). @param {Board} board */
function stops(board) {
  return targets(board).filter((n) => !(n.getAttribute("data-target") || "").startsWith("act:"));
}

/** @param {Board} board @param {string} name */
function nodeOf(board, name) {
  return board.boardEl.querySelector(`[data-target="${CSS.escape(name)}"]`);
}

/** Board units (the SVG's own coordinates) of a screen point, so a remembered focus point
 *  survives the board being resized. @param {Board} board @param {number[]} point */
function toBoard(board, [x, y]) {
  const m = board.boardEl.querySelector("svg")?.getScreenCTM?.();
  if (!m) return [x, y];
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  return [p.x, p.y];
}

/** The screen point of a point in board units. @param {Board} board @param {number[]} point */
function fromBoard(board, [x, y]) {
  const m = board.boardEl.querySelector("svg")?.getScreenCTM?.();
  if (!m) return [x, y];
  const p = new DOMPoint(x, y).matrixTransform(m);
  return [p.x, p.y];
}

/** The target nearest to a point in board units, among the lines or the others.
 *  @param {Board} board @param {number[]} point @param {boolean} lines */
function nearestTarget(board, point, lines) {
  const [px, py] = fromBoard(board, point);
  let best = Infinity;
  let node = null;
  for (const n of targets(board, lines)) {
    const [x, y] = centreOf(n);
    const d = Math.hypot(x - px, y - py);
    if (d < best) {
      best = d;
      node = n;
    }
  }
  return node;
}

/** Draw the focus ring; when its target is gone, move it to the nearest target; announce
 *  the focused target only when the user moved it. @param {Board} board */
function showFocus(board, announce = false) {
  for (const node of board.boardEl.querySelectorAll(".kb-focus")) node.classList.remove("kb-focus");
  if (!board.focusTarget) return;
  let node = nodeOf(board, board.focusTarget);
  if (!node && board.focusPoint) {
    node = nearestTarget(board, board.focusPoint, board.focusTarget.startsWith("ln:"));
    if (node) board.focusTarget = node.getAttribute("data-target");
  }
  if (!node) return;
  node.classList.add("kb-focus");
  board.focusPoint = toBoard(board, centreOf(node));
  board.el.dataset.focus = board.focusTarget || "";
  if (announce) board.live.textContent = node.getAttribute("aria-label") || board.focusTarget;
}

/** @param {Board} board */
function drawStyle(board) {
  board.styleEl.textContent = board.model.get("_style") || "";
}

/** @param {Board} board */
function drawBoard(board) {
  board.boardEl.innerHTML = board.model.get("_svg");
  applyTheme(board);
  showFocus(board);
  recordLatency(board);
  if (board.stage) fitStage(board); // another drawing may have another size
  board.el.dataset.renders = String(Number(board.el.dataset.renders || 0) + 1);
}

// --- ruling IDs ------------------------------------------------------------------------------

/** A ruling ID: a button that opens its entry when the text is known, else plain text.
 *  @param {Board} board @param {string} id @param {Record<string, RulingText>} texts */
function rulingRef(board, id, texts) {
  if (!texts || !Object.prototype.hasOwnProperty.call(texts, id)) return h("code", "kb-ruling", id);
  const open = board.openRuling === id;
  const b = h("button", "kb-ruling kb-ruling-button", id);
  b.type = "button";
  b.dataset.key = `ruling:${id}`;
  b.dataset.ruling = id;
  b.setAttribute("aria-expanded", String(open));
  b.setAttribute("aria-label", `ruling ${id}: ${open ? "hide" : "show"} its text`);
  b.addEventListener("click", () => {
    board.openRuling = board.openRuling === id ? null : id;
    drawPanel(board, false);
  });
  return b;
}

/** The box with the open ruling's text (none when no ruling is open).
 *  @param {Board} board @param {Record<string, RulingText>} texts */
function rulingBox(board, texts) {
  const id = board.openRuling;
  if (!id || !texts?.[id]) return null;
  const entry = texts[id];
  const box = h("div", "kb-ruling-box");
  box.setAttribute("role", "note");
  box.append(h("strong", "", `${id}${entry.title ? ": " + entry.title : ""}`));
  if (entry.text) box.append(h("p", "kb-ruling-text", entry.text));
  if (entry.source) box.append(h("div", "kb-ruling-source", entry.source));
  return box;
}

/** Text in which every ruling ID with a known entry is a button, appended to `into`.
 *  @param {Board} board @param {string} text @param {Record<string, RulingText>} texts
 *  @param {HTMLElement} into */
function withRulings(board, text, texts, into) {
  const ids = Object.keys(texts || {}).sort((a, b) => b.length - a.length);
  if (!ids.length) {
    into.append(text);
    return into;
  }
  const pattern = new RegExp(`(${ids.map(reEscape).join("|")})(?![\\w-])`, "g");
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    into.append(text.slice(last, m.index));
    into.append(rulingRef(board, m[0], texts));
    last = (m.index || 0) + m[0].length;
  }
  into.append(text.slice(last));
  return into;
}

// --- buttons and groups ----------------------------------------------------------------------

/** A panel button showing `text` (its label, or a stepper's sign).
 *  @param {Board} board @param {Button} spec @param {string} text */
function buttonFor(board, spec, text) {
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
  b.addEventListener("click", () => pressButton(board, spec.id));
  return b;
}

/** A group of buttons: a table of -/+ steppers when Python declares `layout: "steppers"`
 *  (an edit panel's pools, a challenge's points), else a wrapping row (a long one as a
 *  compact grid). @param {Board} board @param {ButtonGroup} group */
function drawGroup(board, group) {
  if (group.layout === "steppers") return drawSteppers(board, group);
  const row = h("div", `kb-buttons kb-group-${group.name}` + (group.buttons.length > 6 ? " kb-compact" : ""));
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", group.name);
  for (const spec of group.buttons) row.append(buttonFor(board, spec, spec.label));
  return row;
}

/** A table of -/+ steppers: a row per `row`, a column per `column`, in each cell the
 *  buttons of that row and column, "-" then "+". @param {Board} board @param {ButtonGroup} group */
function drawSteppers(board, group) {
  const rows = distinct(group.buttons.map((b) => String(b.row)));
  const cols = distinct(group.buttons.map((b) => String(b.column)));
  const table = /** @type {HTMLTableElement} */ (h("table", `kb-steppers kb-group-${group.name}`));
  const head = h("tr");
  head.append(h("th", "", ""));
  for (const c of cols) {
    const th = /** @type {HTMLTableCellElement} */ (h("th", "", c));
    th.scope = "col";
    head.append(th);
  }
  table.append(h("thead"));
  table.tHead?.append(head);
  const body = h("tbody");
  for (const r of rows) {
    const tr = h("tr");
    const th = /** @type {HTMLTableCellElement} */ (h("th", "", r));
    th.scope = "row";
    tr.append(th);
    for (const c of cols) {
      const td = h("td");
      for (const step of ["-", "+"]) {
        const spec = group.buttons.find((b) => String(b.row) === r && String(b.column) === c && b.step === step);
        if (spec) td.append(buttonFor(board, spec, step === "-" ? "−" : "+"));
      }
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(body);
  return table;
}

/** The seat picker: for every player a labelled list, Human or a bot; the help text of
 *  the chosen entry is shown below it (and read with it), each option's as its title.
 *  @param {Board} board @param {Seat[]} seats */
function drawSeats(board, seats) {
  const box = h("fieldset", "kb-seats");
  box.append(h("legend", "kb-seats-legend", "Who plays each seat"));
  seats.forEach((seat, i) => box.append(drawSeat(board, seat, `${board.uid}-seat-${i}`)));
  return box;
}

/** One player's row of the seat picker. @param {Board} board @param {Seat} seat @param {string} id */
function drawSeat(board, seat, id) {
  const row = h("div", "kb-seat");
  const label = /** @type {HTMLLabelElement} */ (h("label", "kb-seat-label", seat.label || seat.player));
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
  select.addEventListener("change", () => pressButton(board, `seat:${seat.player}`, select.value));
  row.append(label, select, helpEl);
  return row;
}

// --- the panel -------------------------------------------------------------------------------

/** The headline and the "Presentation view" toggle (it asks Python: see the top of this file).
 *  @param {Board} board @param {any} panel */
function drawPanelTop(board, panel) {
  const top = h("div", "kb-panel-top");
  if (panel.headline) {
    const head = h("div", "kb-headline", panel.headline);
    head.setAttribute("role", "heading");
    head.setAttribute("aria-level", "2");
    top.append(head);
  }
  const view = h("button", "kb-view-toggle", "Presentation view");
  view.type = "button";
  view.dataset.key = "view";
  view.setAttribute("aria-pressed", String(presenting(board)));
  view.title = "For a projector: the board, whose turn, the buttons, the announcements and the scoresheet "
    + "together over the whole window (full screen where the browser allows it)";
  view.addEventListener("click", () => {
    const on = !presenting(board);
    board.fullscreen = on; // this press is the gesture the Fullscreen API asks for
    pressButton(board, "view", on ? "presentation" : "normal");
  });
  top.append(view);
  return top;
}

/** The notes under the status line: not scored, thinking, the message, an error.
 *  @param {Board} board @param {any} panel @param {Record<string, RulingText>} texts */
function drawNotes(board, panel, texts) {
  const notes = [];
  if (panel.unscored) {
    const note = h("div", "kb-unscored", String(panel.unscored));
    note.setAttribute("role", "note");
    notes.push(note);
  }
  if (panel.thinking) {
    const name = String(panel.thinking);
    notes.push(h("div", "kb-thinking", /thinking/i.test(name) ? name : `${name} is thinking…`));
  }
  if (panel.message) notes.push(withRulings(board, String(panel.message), texts, h("div", "kb-message")));
  if (panel.error) {
    const box = h("div", "kb-refusal kb-error", String(panel.error));
    box.setAttribute("role", "alert");
    notes.push(box);
  }
  return notes;
}

/** The refusal with its rulings and the verdict of every option at the clicked place.
 *  @param {Board} board @param {Refusal} refusal @param {OptionVerdict[]} options
 *  @param {Record<string, RulingText>} texts */
function drawRefusal(board, refusal, options, texts) {
  const box = h("div", "kb-refusal");
  box.setAttribute("role", "alert");
  box.append(h("strong", "", String(refusal.heading || "Not allowed")));
  for (const id of refusal.rulings || []) box.append(" ", rulingRef(board, String(id), texts));
  box.append(withRulings(board, String(refusal.reason || ""), texts, h("div", "kb-reason")));
  if (options.length) box.append(drawOptionsAt(board, options, texts));
  return box;
}

/** "Why not here": every option's verdict, its rulings and reason.
 *  @param {Board} board @param {OptionVerdict[]} options @param {Record<string, RulingText>} texts */
function drawOptionsAt(board, options, texts) {
  const list = h("ul", "kb-options-at");
  list.setAttribute("aria-label", "What could be done here, and why not");
  for (const o of options) {
    const item = h("li", o.legal ? "kb-legal" : "kb-illegal");
    item.append(h("span", "kb-option-action", String(o.action)), `: ${o.legal ? "legal" : "illegal"}`);
    const ids = o.rulings || [];
    if (ids.length) {
      item.append(" (");
      ids.forEach((id, i) => item.append(...(i ? [", "] : []), rulingRef(board, String(id), texts)));
      item.append(")");
    }
    if (o.reason) withRulings(board, `: ${o.reason}`, texts, item);
    list.append(item);
  }
  return list;
}

/** Buttons that click a target (an option drawn on the board carries its badge's mark as
 *  `key`: a digit is its keyboard shortcut on the board).
 *  @param {Board} board @param {Array<{target: string, label: string, key?: string}>} choices */
function drawChoices(board, choices) {
  const list = h("div", "kb-choices");
  for (const choice of choices) {
    const b = h("button", "kb-choice", choice.label);
    b.type = "button";
    b.dataset.target = choice.target;
    b.dataset.key = `choice:${choice.target}`;
    if (choice.key) {
      b.dataset.mark = choice.key;
      b.setAttribute("aria-keyshortcuts", /^[1-9]$/.test(choice.key) ? choice.key : choice.key.toLowerCase());
    }
    b.addEventListener("click", () => clickTarget(board, choice.target));
    list.append(b);
  }
  return list;
}

/** The latest events, newest first. @param {Board} board @param {string[]} log
 *  @param {Record<string, RulingText>} texts */
function drawLog(board, log, texts) {
  const list = h("ol", "kb-log");
  list.setAttribute("aria-label", "Latest events, newest first");
  for (const text of log.slice(-LOG_SIZE).reverse()) list.append(withRulings(board, text, texts, h("li", "kb-log-item")));
  return list;
}

/** Edit mode: whether the position is valid, and its problems.
 *  @param {Board} board @param {any} panel @param {Record<string, RulingText>} texts */
function drawValidity(board, panel, texts) {
  const parts = [h("div", panel.valid ? "kb-valid" : "kb-invalid", panel.valid ? "Valid position" : "Not a valid position:")];
  if (panel.problems?.length) {
    const ul = h("ul", "kb-problems");
    for (const p of panel.problems) ul.append(withRulings(board, String(p), texts, h("li")));
    parts.push(ul);
  }
  return parts;
}

/** The scrubber and the move list. @param {Board} board @param {any} panel */
function drawHistory(board, panel) {
  const scrub = /** @type {HTMLInputElement} */ (h("input", "kb-scrubber"));
  scrub.type = "range";
  scrub.min = String(panel.first_ply || 0);
  scrub.max = String(panel.total || 0);
  scrub.value = String(panel.ply || 0);
  scrub.dataset.key = "scrubber";
  scrub.setAttribute("aria-label", "history: move through the game");
  scrub.addEventListener("change", () => pressButton(board, "goto", Number(scrub.value)));
  const list = h("ol", "kb-moves");
  list.tabIndex = 0; // it scrolls: keyboard users can reach it
  list.setAttribute("aria-label", "Moves");
  const moves = panel.moves || [];
  for (const m of moves) {
    const item = /** @type {HTMLLIElement} */ (h("li", m.current ? "kb-move kb-current" : m.undone ? "kb-move kb-undone" : "kb-move", m.text));
    item.value = m.ply;
    item.addEventListener("click", () => pressButton(board, "goto", m.ply));
    list.append(item);
  }
  // a long game's list holds the moves around the current one; the slider reaches the rest
  const earlier = moves.length ? moves[0].ply - 1 : 0;
  if (earlier > 0) return [scrub, h("p", "kb-earlier", `${earlier} earlier moves: use the slider to reach them`), list];
  return [scrub, list];
}

/** Scroll a move list (already in the page) to its current move. @param {HTMLElement} list */
function scrollToCurrent(list) {
  const current = /** @type {HTMLElement | null} */ (list.querySelector(".kb-current"));
  if (current) list.scrollTop = current.offsetTop - list.offsetTop - 40;
}

/** The scoresheet (HTML built and escaped by Python), shown when there is one.
 *  @param {Board} board @param {string | undefined} sheet */
function drawSheet(board, sheet) {
  board.sheetEl.hidden = !sheet;
  if (sheet) board.sheetEl.innerHTML = sheet;
  else board.sheetEl.replaceChildren();
}

/** Presentation view: a scoresheet taller than its place is scrolled to the round being
 *  played (or the last one), its header row staying on top (board.css).  @param {Board} board */
function showLatestRound(board) {
  const sheet = board.sheetEl;
  if (sheet.scrollHeight <= sheet.clientHeight) return;
  const rounds = sheet.querySelectorAll("tbody");
  const latest = sheet.querySelector("tbody.kb-live") || rounds[rounds.length - 1];
  if (!latest) return;
  const box = sheet.getBoundingClientRect(), round = latest.getBoundingClientRect();
  const head = sheet.querySelector("thead")?.getBoundingClientRect().height || 0;
  sheet.scrollTop += Math.min(round.bottom - box.bottom, round.top - box.top - head);
}

/** Read out the announcement and the log's newest entry when it is new.
 *  @param {Board} board @param {any} panel @param {string[]} log */
function announce(board, panel, log) {
  const said = [];
  if (panel.announcement) said.push(String(panel.announcement));
  const newest = log.length ? log[log.length - 1] : null;
  if (newest && newest !== board.lastLogged && !said.some((t) => t.includes(newest))) said.push(newest);
  board.lastLogged = newest;
  if (said.length) board.live.textContent = said.join(" ");
}

/** Give the keyboard focus back to the panel control that had it (or to the board when
 *  it is gone). @param {Board} board @param {string | null} focusKey */
function restoreFocus(board, focusKey) {
  if (!focusKey) return;
  const again = board.panelEl.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
  if (again instanceof HTMLElement && !(again instanceof HTMLButtonElement && again.disabled)) again.focus();
  else board.root.focus();
}

/** Redraw the panel from `_panel`.
 *  @param {Board} board @param {boolean} fromModel whether the model changed (false: only a box was toggled) */
function drawPanel(board, fromModel = true) {
  const panel = board.model.get("_panel") || {};
  const texts = /** @type {Record<string, RulingText>} */ (panel.rulings_text || {});
  if (board.openRuling && !texts[board.openRuling]) board.openRuling = null;
  // remember what had the keyboard focus, to give it back after the redraw
  const active = document.activeElement;
  const focusKey = active && board.panelEl.contains(active) ? active.getAttribute("data-key") : null;
  const log = (panel.announcements || []).map(String);
  const el = board.panelEl;
  el.replaceChildren(drawPanelTop(board, panel), h("div", "kb-panel-status", panel.status || ""));
  el.append(...drawNotes(board, panel, texts));
  if (panel.refusal) el.append(drawRefusal(board, panel.refusal, panel.options_at || [], texts));
  const ruling = rulingBox(board, texts);
  if (ruling) el.append(ruling);
  if (panel.choices?.length) el.append(drawChoices(board, panel.choices));
  for (const group of /** @type {ButtonGroup[]} */ (panel.groups || [])) el.append(drawGroup(board, group));
  const onStage = !!board.stage;
  /** what a presentation folds into "Seats and moves": the seat picker and the move list */
  const more = [];
  if (panel.seats?.length) {
    const seats = drawSeats(board, panel.seats);
    if (onStage) more.push(seats);
    else el.append(seats);
  }
  if (log.length) el.append(drawLog(board, log, texts));
  else if (onStage && Array.isArray(panel.announcements)) el.append(h("p", "kb-log kb-log-empty", "Nothing announced yet."));
  if (panel.editing) el.append(...drawValidity(board, panel, texts));
  let history = null;
  if (!panel.editing && (panel.moves !== undefined || panel.total !== undefined)) {
    history = drawHistory(board, panel);
    if (onStage) more.push(...history);
    else el.append(...history);
  }
  if (more.length) el.append(drawMore(board, more));
  if (history) scrollToCurrent(history[history.length - 1]);
  if (fromModel) {
    drawSheet(board, panel.scoresheet_html);
    if (board.stage) showLatestRound(board);
    announce(board, panel, log);
    board.el.dataset.panels = String(Number(board.el.dataset.panels || 0) + 1);
  }
  restoreFocus(board, focusKey);
  if (fromModel) followCursor(board, panel.cursor ?? null);
}

/** Presentation view: the seat picker and the move list, folded at the foot of the side
 *  column ("Seats and moves"), kept open or shut across redraws.
 *  @param {Board} board @param {HTMLElement[]} parts */
function drawMore(board, parts) {
  const details = /** @type {HTMLDetailsElement} */ (h("details", "kb-more"));
  details.open = board.moreOpen;
  const summary = h("summary", "kb-more-summary", "Seats and moves");
  summary.dataset.key = "more";
  details.append(summary, ...parts);
  details.addEventListener("toggle", () => {
    board.moreOpen = details.open;
  });
  return details;
}

// --- replies and input -----------------------------------------------------------------------

/** @param {Board} board @param {any} msg */
function onCustom(board, msg) {
  if (!msg || msg.type !== "reply") return;  // errors come in the panel, to every view
  if (msg.ok === false) recordLatency(board);
}

/** @param {Board} board @param {MouseEvent} event */
function onBoardClick(board, event) {
  const node = /** @type {Element} */ (event.target).closest?.("[data-target]");
  if (!node || !board.boardEl.contains(node)) return;
  board.focusTarget = node.getAttribute("data-target");
  board.focusPoint = toBoard(board, centreOf(node));
  board.focusByMouse = true;
  clickTarget(board, /** @type {string} */ (board.focusTarget));
}

/** Has the keyboard (not a mouse click) the board's focus? @param {Board} board */
function keyboardOnBoard(board) {
  return document.activeElement === board.root && !board.focusByMouse;
}

/** Put the ring on the cursor's target, announced (after what the panel announced, when
 *  `after`: the ring follows an action, whose news comes first). @param {Board} board */
function ringOnCursor(board, after = false) {
  board.cursorPending = false;
  if (!board.cursor) return false; // (its node may come with the next drawing: showFocus waits for it)
  board.focusTarget = board.cursor;
  board.focusPoint = null;
  board.lineBase = null;
  showFocus(board, !after);
  const node = nodeOf(board, board.cursor);
  if (after && node) board.live.textContent = `${board.live.textContent} Now on ${node.getAttribute("aria-label") || board.cursor}.`.trim();
  return true;
}

/** A new cursor from the panel: the ring goes there now if the keyboard is on the board,
 *  else when it comes back. @param {Board} board @param {string | null} cursor */
function followCursor(board, cursor) {
  if (cursor === board.cursor) return;
  board.cursor = cursor;
  if (!cursor) return;
  if (keyboardOnBoard(board)) ringOnCursor(board, true);
  else board.cursorPending = true;
}

/** The board took the focus: from the keyboard, the ring shows where to start. @param {Board} board */
function onBoardFocus(board) {
  if (!board.root.matches(":focus-visible")) return; // a mouse click: the click says where
  board.focusByMouse = false;
  if (board.cursorPending || !board.focusTarget || !nodeOf(board, board.focusTarget)) {
    if (!ringOnCursor(board)) showFocus(board);
  } else {
    showFocus(board, true);
  }
}

/** Of `nodes`, the nearest within 45 degrees of `direction` seen from `from` (a screen
 *  point); between equally near ones (to 1.5 px: drawings are rounded) the clockwise one.
 *  `half`: only the clockwise half of the cone (a square's own side in that direction).
 *  @param {number[]} from @param {Element[]} nodes @param {number[]} direction */
function inDirection([cx, cy], nodes, [dx, dy], half = false) {
  const inCone = [];
  for (const n of nodes) {
    const [x, y] = centreOf(n);
    const along = (x - cx) * dx + (y - cy) * dy;
    const across = (x - cx) * -dy + (y - cy) * dx; // > 0: clockwise of the key's direction
    if (along <= 1 || Math.abs(across) > along + 0.5) continue; // outside the 45-degree cone
    if (half && across < -0.5) continue;
    inCone.push({ n, d: Math.hypot(along, across), across });
  }
  const nearest = Math.min(...inCone.map((c) => c.d));
  let best = null;
  let bestAcross = -Infinity;
  for (const c of inCone) {
    if (c.d <= nearest + 1.5 && c.across > bestAcross) {
      bestAcross = c.across;
      best = c.n;
    }
  }
  return best;
}

/** The squares of the drawing (`sq:` targets that are squares, not runners on them). @param {Board} board */
function squares(board) {
  return targets(board).filter((n) => (n.getAttribute("data-target") || "").startsWith("sq:") && !n.closest(".kb-runner"));
}

/** The lines around a square: the nearest lines to its centre (its sides). @param {Board} board @param {Element} square */
function linesAround(board, square) {
  const [cx, cy] = centreOf(square);
  const all = targets(board, true).map((n) => ({ n, d: Math.hypot(centreOf(n)[0] - cx, centreOf(n)[1] - cy) }));
  const nearest = Math.min(...all.map((l) => l.d));
  return all.filter((l) => l.d <= nearest * 1.25 + 1).map((l) => l.n);
}

/** The square a target stands for: itself, or the square nearest to it. @param {Board} board @param {Element} node */
function squareOf(board, node) {
  const name = node.getAttribute("data-target") || "";
  if (name.startsWith("sq:")) return nodeOf(board, name);
  const [x, y] = centreOf(node);
  let best = null, bestD = Infinity;
  for (const sq of squares(board)) {
    const [sx, sy] = centreOf(sq);
    const d = Math.hypot(sx - x, sy - y);
    if (d < bestD) { bestD = d; best = sq; }
  }
  return best;
}

/** Set the ring on a node (announced). @param {Board} board @param {Element} node */
function ringOn(board, node) {
  board.focusTarget = node.getAttribute("data-target");
  board.focusPoint = null;
  showFocus(board, true);
}

/** Shift+arrow: a side of the base square (see the top of this file).
 *  @param {Board} board @param {number[]} direction */
function moveAmongLines(board, direction) {
  const current = board.focusTarget ? nodeOf(board, board.focusTarget) : null;
  const onLine = !!current && (board.focusTarget || "").startsWith("ln:");
  let base = onLine && board.lineBase ? nodeOf(board, board.lineBase) : null;
  if (!base) {
    const from = current || (board.cursor ? nodeOf(board, board.cursor) : null) || squares(board)[0];
    base = from ? squareOf(board, from) : null;
  }
  if (!base) return;
  let line = inDirection(centreOf(base), linesAround(board, base), direction, true);
  if (line && onLine && line === current) { // the same side again: on to the next square's
    const next = inDirection(centreOf(base), squares(board), direction);
    if (!next) return;
    base = next;
    line = inDirection(centreOf(base), linesAround(board, base), direction, true);
  }
  if (!line) return;
  board.lineBase = base.getAttribute("data-target");
  ringOn(board, line);
}

/** Move the focus ring in a key's direction (see the top of this file).
 *  @param {Board} board @param {number[]} direction @param {boolean} lines */
function moveFocus(board, direction, lines) {
  board.focusByMouse = false; // the keyboard's ring stays through redraws
  if (lines) {
    moveAmongLines(board, direction);
    return;
  }
  const all = stops(board);
  if (!all.length) return;
  let current = board.focusTarget && nodeOf(board, board.focusTarget);
  if (current && (board.focusTarget || "").startsWith("ln:")) { // off a line: from its square
    current = (board.lineBase && nodeOf(board, board.lineBase)) || squareOf(board, current);
  } else if (current && (board.focusTarget || "").startsWith("act:")) { // off a badge: from its square
    current = squareOf(board, current);
  }
  if (!current) {
    if (!(board.cursor && nodeOf(board, board.cursor) && ringOnCursor(board))) {
      board.focusTarget = all[0].getAttribute("data-target");
      showFocus(board, true);
    }
    return;
  }
  const here = current.getAttribute("data-target");
  const best = inDirection(centreOf(current), all.filter((n) => n.getAttribute("data-target") !== here), direction);
  if (best) {
    board.lineBase = null;
    ringOn(board, best);
  }
}

/** A letter: the ring to the next option drawn with it (as the panel lists them), round
 *  and round. @param {Board} board @param {string} mark */
function nextMarked(board, mark) {
  const panel = board.model.get("_panel") || {};
  const marked = (panel.choices || []).filter((/** @type {any} */ c) => c.key === mark && nodeOf(board, c.target));
  if (!marked.length) return false;
  const at = marked.findIndex((/** @type {any} */ c) => c.target === board.focusTarget);
  const next = marked[(at + 1) % marked.length];
  board.focusByMouse = false;
  board.lineBase = null;
  board.focusTarget = next.target;
  board.focusPoint = null;
  showFocus(board);
  board.live.textContent = next.label; // what it does, as the panel says it
  return true;
}

/** A digit: the option drawn with that number, as the panel lists it. @param {Board} board @param {string} digit */
function chooseNumbered(board, digit) {
  const panel = board.model.get("_panel") || {};
  const choice = (panel.choices || []).find((/** @type {any} */ c) => c.key === digit);
  if (!choice) return false;
  board.focusTarget = choice.target;
  board.focusPoint = null;
  clickTarget(board, choice.target);
  return true;
}

/** Escape: press the panel's enabled `back` button, else cancel the selection. @param {Board} board */
function backOut(board) {
  const back = board.panelEl.querySelector('button[data-button="back"]');
  if (back instanceof HTMLButtonElement && !back.disabled) {
    pressButton(board, "back");
    return;
  }
  board.focusTarget = null;
  board.focusPoint = null;
  showFocus(board);
  pressButton(board, "cancel");
}

/** @param {Board} board @param {KeyboardEvent} event */
function onKey(board, event) {
  if (!board.boardEl.contains(/** @type {Node} */ (event.target)) && event.target !== board.root) {
    // keys in the panel (buttons, the scrubber) act there; only Escape is the board's too
    if (event.key !== "Escape") {
      event.stopPropagation();
      return;
    }
  }
  event.stopPropagation(); // JupyterLab's shortcuts stay quiet while the board has focus
  if (event.key in DIRECTIONS) {
    event.preventDefault();
    moveFocus(board, DIRECTIONS[event.key], event.shiftKey);
  } else if (event.key === "Enter" || event.key === " ") {
    if (event.target !== board.root) return;
    event.preventDefault();
    if (board.focusTarget) clickTarget(board, board.focusTarget);
  } else if (event.key === "Escape") {
    event.preventDefault();
    backOut(board);
  } else if (event.target === board.root && !event.ctrlKey && !event.metaKey && !event.altKey) {
    if (/^[1-9]$/.test(event.key) && chooseNumbered(board, event.key)) event.preventDefault();
    else if (/^[a-z]$/i.test(event.key) && nextMarked(board, event.key.toUpperCase())) event.preventDefault();
  }
}

// --- the view --------------------------------------------------------------------------------

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const board = createBoard(model, el);
  /** the model's events and what each redraws */
  const handlers = {
    "change:_style": () => drawStyle(board),
    "change:_svg": () => {
      wake(board);
      drawBoard(board);
    },
    "change:_panel": () => {
      wake(board);
      drawPanel(board);
    },
    "change:_theme": () => applyTheme(board),
    "change:position": () => forgetMouseFocus(board),
    "change:view": () => {
      board.parked = false;
      applyView(board);
      drawPanel(board, false); // the panel's order and folds differ on the stage
    },
    "msg:custom": (/** @type {any} */ msg) => {
      if (board.parked) {
        wake(board);
        drawPanel(board, false);
      }
      onCustom(board, msg);
    },
    // ipywidgets says the model's kernel went away (a restart) or its connection changed:
    // the board leaves the stage (which would hide the cell to run again) until Python answers
    comm_live_update: () => {
      board.parked = true;
      applyView(board);
      drawPanel(board, false);
    },
  };
  const onClick = (/** @type {MouseEvent} */ event) => onBoardClick(board, event);
  const onKeyDown = (/** @type {KeyboardEvent} */ event) => onKey(board, event);
  const onFocus = (/** @type {FocusEvent} */ event) => {
    if (event.target === board.root) onBoardFocus(board);
  };
  board.boardEl.addEventListener("click", onClick);
  board.root.addEventListener("keydown", onKeyDown);
  board.root.addEventListener("focus", onFocus);
  for (const [name, handler] of Object.entries(handlers)) model.on(name, handler);
  const observer = new MutationObserver(() => applyTheme(board));
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name"] });
  const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => applyWidth(board));
  resize?.observe(board.root);
  drawStyle(board);
  drawBoard(board);
  applyView(board); // on the stage at once when the board was made (or saved) in presentation view
  drawPanel(board);
  applyWidth(board);

  // The cleanup anywidget calls when the view goes away: no listener outlives its view.
  return () => {
    for (const [name, handler] of Object.entries(handlers)) model.off(name, handler);
    observer.disconnect();
    resize?.disconnect();
    board.boardEl.removeEventListener("click", onClick);
    board.root.removeEventListener("keydown", onKeyDown);
    board.root.removeEventListener("focus", onFocus);
    leaveStage(board); // no stage outlives its view
  };
}

export default { render };
