// The workshop room's board: board.js, unchanged, over the room's WebSocket (docs/ROOM.md).
//
// board.js is an anywidget module: `render({model, el})` reads the model's traits
// (`model.get`), listens to their changes (`model.on("change:x")`, `model.off`), sends what the
// user intends (`model.send({type: "intent", id, kind, ...})`) and hears the replies
// (`model.on("msg:custom")`).  Here no kernel holds the model: a `RoomModel` does, fed by the
// room's socket (kabetopo_nb/room/web.py, protocol.py):
//
//   open  <base>kabetopo-room/socket, send {type: "join", token, table}
//   get   {type: "joined", ...the table's summary, seat, read_only}
//         {type: "shown", svg, style, panel, position, number}     -> _svg, _style, _panel, position
//         {type: "event", event, ...}                               as the table's things happen
//         {type: "shown", ...} again after every change of the table
//   send  board.js's intents as they are ({type: "intent", id, kind, target | button, value?})
//   get   {type: "reply", id, ok, ..., shown?}                      -> the traits, then msg:custom
//
// What the notebook widget (kabetopo_nb/widget.py) keeps to itself stays here too: `view` (the
// "Presentation view" toggle's intent is the transport's own: a known view mode is kept, any
// other refused) and `_theme` ("auto": the page's colour scheme).  The front end writes no
// state of the table; the position is the room's.
//
// The connection (`RoomLink`): the seat's token rides in the join message, never in an
// address.  A socket closed for a reason waiting cannot mend (a token the room does not take,
// a link the teacher revoked, a page of another site, a malformed join) stops, showing the
// reason; any other close (the network, a laptop asleep, the server restarting) is mended by
// itself: a new socket after 0.5 s, doubling to 5 s, for as long as the page is open, at once
// when the browser says it is online again or the page is shown again.  It joins the same
// seat with the same token and the room sends the board as it stands.  Meanwhile the status
// line says "Reconnecting…", the panel's buttons are disabled and a click is not queued: it is
// refused with a visible note.
//
// Two hosts mount it (`mountRoom`): the participant's page (`startPage`, served at
// <base>kabetopo-room/join/<table>, the token in the link's fragment) and a notebook's
// `RoomBoard` widget (kabetopo_nb/room/seat_board.py), whose module is board.js and this file
// joined into one (`render`, the default export, takes the link from the widget's traits).

import boardModule from "./board.js";

/** Close codes after which the page stops: waiting would not mend them (web.py's CLOSE). */
const ROOM_STOP = new Map([
  [4001, "the room does not take this link (unknown, revoked, or another table's)"],
  [4002, "the room could not read this page's request"],
  [4003, "this page is not on the room's own site"],
  [4010, "the teacher revoked this link"],
]);
const ROOM_RETRY_FIRST = 500; // ms before the first new socket
const ROOM_RETRY_MAX = 5000; // ms: the longest wait between two
const ROOM_PROBE_MS = 4000; // ms an idle socket has to answer a check (after sleep, offline)
const ROOM_VIEWS = ["normal", "presentation"];
const ROOM_TRAITS = ["_style", "_svg", "_panel", "position", "view", "_theme"]; // the order their changes fire
const ROOM_GAMES = /** @type {Record<string, string>} */ ({ kabetopo: "Kabetopo", dakapo: "Dakapo", kaomi: "Kaomi" });

/** @param {string} tag @param {string} [cls] @param {string} [text] */
function roomEl(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// --- the model board.js reads ---------------------------------------------------------------

/** The model board.js is given: the traits a board widget syncs, change events fired only
 *  for what changed, custom messages, and `send` to the room. */
class RoomModel {
  /** @param {Record<string, any>} values @param {(msg: any) => void} sender */
  constructor(values, sender) {
    /** @type {Record<string, any>} */
    this.values = { _svg: "", _style: "", _panel: {}, position: "", view: "normal", _theme: "auto", ...values };
    /** @type {Map<string, Set<Function>>} */
    this.handlers = new Map();
    this.sender = sender;
    this.panelJson = JSON.stringify(this.values._panel);
  }

  /** @param {string} name */
  get(name) {
    return this.values[name];
  }

  /** @param {string} name @param {Function} handler */
  on(name, handler) {
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name)?.add(handler);
  }

  /** @param {string} [name] @param {Function} [handler] */
  off(name, handler) {
    if (name === undefined) this.handlers.clear();
    else if (handler === undefined) this.handlers.delete(name);
    else this.handlers.get(name)?.delete(handler);
  }

  /** What board.js intends, to the room. @param {any} msg */
  send(msg) {
    this.sender(msg);
  }

  /** @param {string} name @param {any[]} args */
  emit(name, ...args) {
    for (const handler of [...(this.handlers.get(name) || [])]) handler(...args);
  }

  /** Set traits; every value is set first, then `change:<name>` fires for each that changed,
   *  in the order the widget sets them.  @param {Record<string, any>} changes */
  update(changes) {
    const changed = [];
    for (const name of ROOM_TRAITS) {
      if (!(name in changes)) continue;
      const value = changes[name];
      if (name === "_panel") {
        const json = JSON.stringify(value ?? {});
        if (json === this.panelJson) continue;
        this.panelJson = json;
      } else if (value === this.values[name]) {
        continue;
      }
      this.values[name] = value;
      changed.push(name);
    }
    for (const name of changed) this.emit(`change:${name}`, this.values[name]);
    return changed;
  }

  /** anywidget's API for a front end that sets a trait (board.js does not): kept here. */
  set(/** @type {string} */ name, /** @type {any} */ value) {
    this.update({ [name]: value });
  }

  save_changes() {}
}

/** The board as it stands, with nothing to press: what the panel shows while the socket is
 *  down (the position stays on show).  @param {any} panel */
function panelOffline(panel) {
  const groups = (panel.groups || []).map((/** @type {any} */ g) => ({
    ...g, buttons: (g.buttons || []).map((/** @type {any} */ b) => ({ ...b, enabled: false })) }));
  return { ...panel, groups, choices: [], seats: [] };
}

// --- the connection --------------------------------------------------------------------------

/** A WebSocket address from a path relative to `base` (http -> ws, https -> wss).
 *  @param {string} path @param {string} base */
function roomSocketAddress(path, base) {
  const url = new URL(path, base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  return url.href;
}

/**
 * One seat's connection to the room: a socket, joined, mended by itself (see the top).
 * `state` is "connecting" (the first socket), "open" (joined), "reconnecting" or "stopped".
 */
class RoomLink {
  /** @param {{ address: string, token: string, table: number,
   *            onMessage: (msg: any) => void, onState: (state: string, detail: string) => void }} options */
  constructor(options) {
    this.options = options;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.state = "connecting";
    this.delay = ROOM_RETRY_FIRST;
    this.attempts = 0;
    /** @type {number | null} */
    this.timer = null;
    /** @type {number | null} */
    this.probe = null;
    this.nextId = 1;
    this.closed = false;
    this.onOnline = () => this.wake();
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.wake();
    };
    window.addEventListener("online", this.onOnline);
    document.addEventListener("visibilitychange", this.onVisible);
    this.open();
  }

  /** @param {string} state @param {string} [detail] */
  setState(state, detail = "") {
    this.state = state;
    this.options.onState(state, detail);
  }

  open() {
    if (this.closed) return;
    this.timer = null;
    this.attempts += 1;
    let ws;
    try {
      ws = new WebSocket(this.options.address);
    } catch (err) {
      this.setState("stopped", `the room's address cannot be opened: ${err}`);
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "join", token: this.options.token, table: this.options.table }));
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return;
      this.heard();
      let msg;
      try {
        msg = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (msg && msg.type === "joined") {
        this.delay = ROOM_RETRY_FIRST;
        this.attempts = 0;
        this.setState("open");
      }
      this.options.onMessage(msg);
    };
    ws.onclose = (event) => {
      if (ws !== this.ws) return;
      this.ws = null;
      this.heard();
      if (this.closed) return;
      const stop = ROOM_STOP.get(event.code);
      if (stop) {
        this.setState("stopped", event.reason || stop);
        return;
      }
      this.retry();
    };
  }

  /** A new socket after the current wait (doubling, up to ROOM_RETRY_MAX). */
  retry() {
    if (this.closed || this.timer !== null) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, ROOM_RETRY_MAX);
    this.setState("reconnecting", `next try in ${Math.ceil(wait / 1000)} s`);
    this.timer = window.setTimeout(() => this.open(), wait);
  }

  /** The browser is online again, or the page is shown again: a down socket is tried at
   *  once; an open one is asked to answer (after sleep it may be dead without knowing it). */
  wake() {
    if (this.closed || this.state === "stopped") return;
    if (this.ws === null) {
      if (this.timer !== null) window.clearTimeout(this.timer);
      this.timer = null;
      this.delay = ROOM_RETRY_FIRST;
      this.open();
      return;
    }
    if (this.state === "open" && this.probe === null && this.send({ type: "sync" })) {
      const ws = this.ws;
      this.probe = window.setTimeout(() => {
        this.probe = null;
        if (ws === this.ws) ws.close(4900, "no answer"); // its onclose mends it
      }, ROOM_PROBE_MS);
    }
  }

  heard() {
    if (this.probe !== null) window.clearTimeout(this.probe);
    this.probe = null;
  }

  /** Send a message on the joined socket; false when there is none. @param {any} msg */
  send(msg) {
    const ws = this.ws;
    if (this.state !== "open" || ws === null || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify({ id: this.nextId++, ...msg }));
    return true;
  }

  close() {
    this.closed = true;
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.heard();
    window.removeEventListener("online", this.onOnline);
    document.removeEventListener("visibilitychange", this.onVisible);
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, "the page closed the board");
  }
}

// --- the room's board: a header, the board, the connection ----------------------------------

/**
 * Mount a seat's board in `el`: a header (the table, its game, its players and which one is
 * "you", or "watching"; the connection's status in a live region; a note for a refused
 * click), board.js's board below, and the socket.  Returns the cleanup.
 * @param {HTMLElement} el
 * @param {{ address: string, token: string, table: number, view?: string, heading?: number }} options
 */
function mountRoom(el, options) {
  const level = Math.min(Math.max(options.heading ?? 1, 1), 6);
  const root = roomEl("div", "kr-room");
  const header = roomEl("div", "kr-header");
  const title = roomEl(`h${level}`, "kr-title", `Table ${options.table}`);
  const players = roomEl("p", "kr-players");
  players.hidden = true;
  const status = roomEl("p", "kr-status", "Connecting…");
  status.setAttribute("role", "status");
  const notice = roomEl("p", "kr-notice");
  notice.setAttribute("role", "alert");
  notice.hidden = true;
  const boardEl = roomEl("div", "kr-board");
  header.append(title, players, status, notice);
  root.append(header, boardEl);
  el.append(root);
  el.classList.add("kr-host");

  /** @type {any} */
  let joined = null;
  let livePanel = {};
  let online = false;

  const showNotice = (/** @type {string} */ text) => {
    notice.textContent = text;
    notice.hidden = !text;
  };

  const model = new RoomModel({ view: ROOM_VIEWS.includes(options.view || "") ? options.view : "normal" }, (msg) => {
    if (msg && msg.type === "intent" && msg.kind === "button" && msg.button === "view") {
      // how the board is shown is the transport's own, as in the notebook widget
      const ok = ROOM_VIEWS.includes(msg.value);
      if (ok) model.update({ view: msg.value });
      const refused = { error: `view must be 'normal' or 'presentation', not ${JSON.stringify(msg.value)}` };
      model.emit("msg:custom", { type: "reply", id: msg.id, ok, ...(ok ? {} : refused) });
      return;
    }
    const { type, id, ...fields } = msg || {};
    if (type === "intent" && link.send({ type: "intent", ...fields })) {
      pending.set(link.nextId - 1, id);
      showNotice("");
      return;
    }
    const why = link.state === "stopped" ? "This board is no longer connected to the room"
      : "Not connected to the room: that was not sent. Reconnecting…";
    showNotice(why);
    model.emit("msg:custom", { type: "reply", id, ok: false, error: "offline", message: why });
  });
  /** @type {Map<number, any>} the socket's message id -> board.js's own id */
  const pending = new Map();

  const showJoined = () => {
    const game = ROOM_GAMES[joined.kind] || String(joined.kind || "");
    title.textContent = `Table ${joined.table ?? options.table}${game ? ` · ${game}` : ""}`;
    const you = joined.read_only ? null : joined.seat;
    players.replaceChildren();
    players.append(joined.read_only ? "Watching: " : "Players: ");
    (joined.players || []).forEach((/** @type {string} */ name, /** @type {number} */ i) => {
      if (i) players.append(", ");
      if (i === you) players.append(roomEl("strong", "kr-you", `${name} (you)`));
      else players.append(name);
    });
    players.hidden = false;
    root.dataset.seat = you === null || you === undefined ? "watching" : String(you);
  };

  /** @param {any} shown */
  const applyShown = (shown) => {
    livePanel = shown.panel || {};
    model.update({ _style: shown.style ?? "", _svg: shown.svg ?? "", _panel: online ? livePanel : panelOffline(livePanel),
      position: shown.position ?? "" });
    root.dataset.position = String(shown.position ?? "");
    if (typeof shown.number === "number") root.dataset.number = String(shown.number);
  };

  /** @param {any} msg */
  const onMessage = (msg) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "joined") {
      joined = msg;
      showJoined();
    } else if (msg.type === "shown") {
      applyShown(msg);
    } else if (msg.type === "reply") {
      root.dataset.replies = String(Number(root.dataset.replies || 0) + 1);
      if (msg.shown && typeof msg.shown === "object") applyShown(msg.shown);
      else if (msg.ok === false && msg.message) showNotice(String(msg.message));
      const id = pending.get(msg.id);
      pending.delete(msg.id);
      if (id !== undefined) model.emit("msg:custom", { ...msg, id });
    } else if (msg.type === "event") {
      root.dataset.event = String(msg.event || "");
    }
  };

  const words = /** @type {Record<string, string>} */ ({
    connecting: "Connecting…", open: "Connected", reconnecting: "Reconnecting…", stopped: "Not connected" });
  /** @param {string} state @param {string} detail */
  const onState = (state, detail) => {
    root.dataset.state = state;
    const was = online;
    online = state === "open";
    if (state === "stopped") status.textContent = `Not connected: ${detail}. Ask the teacher for a new link.`;
    else status.textContent = words[state] || state; // one sentence while it lasts: read out once
    root.dataset.retry = state === "reconnecting" ? detail : "";
    if (online) showNotice("");
    if (was && !online) {
      pending.clear();
      model.update({ _panel: panelOffline(livePanel) });
    }
  };

  const link = new RoomLink({ address: options.address, token: options.token, table: options.table, onMessage, onState });
  const cleanupBoard = boardModule.render({ model, el: boardEl });
  // the page's colour scheme changed: board.js applies the theme again ("auto")
  const scheme = window.matchMedia?.("(prefers-color-scheme: dark)");
  const onScheme = () => model.emit("change:_theme", model.get("_theme"));
  scheme?.addEventListener?.("change", onScheme);

  return () => {
    scheme?.removeEventListener?.("change", onScheme);
    link.close();
    if (typeof cleanupBoard === "function") cleanupBoard();
    root.remove();
  };
}

// --- the participant's page --------------------------------------------------------------------

/** The participant's page (web.py's JoinPage): the table and the socket's address from the
 *  element's data, the token from the link's fragment, the view from `?view=`.
 *  @param {HTMLElement} el */
function startPage(el) {
  const token = decodeURIComponent(location.hash.slice(1));
  const table = Number(el.dataset.table);
  if (!token) {
    const p = roomEl("p", "kr-status", "This link has no seat's token: ask the teacher for your table's link.");
    p.setAttribute("role", "status");
    el.append(p);
    return () => p.remove();
  }
  const view = new URLSearchParams(location.search).get("view") || "normal";
  const address = roomSocketAddress(el.dataset.socket || "../socket", location.href);
  const cleanup = mountRoom(el, { address, token, table, view, heading: 1 });
  window.addEventListener("hashchange", () => location.reload()); // another seat's link pasted
  return cleanup;
}

// --- the notebook's RoomBoard widget (kabetopo_nb/room/seat_board.py) --------------------------

/** anywidget's render for `RoomBoard`: its traits give the link (`_origin`, `_socket`,
 *  `_table`, `_token`); the browser opens the socket itself (the kernel is not in the loop).
 *  @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const origin = String(model.get("_origin") || "");
  if (origin && origin !== location.origin) {
    const p = roomEl("p", "kr-notice",
      `This link is for ${origin}, but this notebook is served from ${location.origin}: the room takes only `
      + `pages of its own site. Open the link in a browser tab, or open this notebook from ${origin}.`);
    p.setAttribute("role", "alert");
    el.classList.add("kr-host");
    el.append(p);
    return () => p.remove();
  }
  const address = roomSocketAddress(String(model.get("_socket")), location.href);
  return mountRoom(el, { address, token: String(model.get("_token")), table: Number(model.get("_table")),
    view: String(model.get("view") || "normal"), heading: 3 });
}

export { mountRoom, panelOffline, RoomLink, RoomModel, roomSocketAddress, startPage };
export default { render };
