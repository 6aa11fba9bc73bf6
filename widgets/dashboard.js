// The teacher's dashboard (kabetopo_nb/room/dashboard.py puts this module inline in the page).
// It shows what the room's teacher API says and sends what the teacher asks for; every rule
// is the room's (the engine's): nothing is decided here.  The page's config (the room's
// address and the XSRF token of its host) is a JSON script element, #kd-config.

/** @typedef {{api: string, xsrf: string}} Config */
/** @typedef {{seat: number, name: string, kind: string, played_by: string, connections: number}} SeatInfo */
/** @typedef {{table: number, kind: string, ruleset: string, round: number|null, rounds: number|null,
 *   between_rounds: boolean, paused: boolean, pause_reason: string, over: boolean, result: string,
 *   unscored: string|null, to_move: {name: string, played_by: string}|null, status: string,
 *   scores: Object<string, number>, standings: {place: number, players: string[]}[], seats: SeatInfo[],
 *   watchers: number, tournament: number|null, match: number|null}} TableInfo */
/** @typedef {{seat: number, name: string, link: string|null}} LinkInfo */
/** @typedef {{tables: TableInfo[], links: Object<string, {seats: LinkInfo[], watchers: {link: string|null}}>,
 *   tournament: any, progress: {participant: string, section: string, challenge: string, done: boolean}[],
 *   learners: {link: string|null}}} State */

const POLL_MS = 2000;
/** @type {Config} */
const config = JSON.parse(document.getElementById("kd-config").textContent);
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * An element with attributes (``on*`` functions become listeners) and children (text or nodes).
 * @param {string} tag @param {Object<string, any>} [attrs] @param {...(Node|string|null|undefined)} children
 */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

/** A join path of the room as a full address (a phone needs the host). */
const absolute = (/** @type {string} */ path) => new URL(path, location.href).href;

// --- talking to the room ----------------------------------------------------------------------

/** A read: the host's XSRF header too (JupyterHub's cookie login checks it on a page's
 * fetch() GETs as well, in the hub service and in a hub's single-user server).
 * @param {string} path */
async function getJSON(path) {
  /** @type {Object<string, string>} */
  const headers = {};
  if (config.xsrf) headers["X-XSRFToken"] = config.xsrf;
  const r = await fetch(config.api + path, {credentials: "same-origin", cache: "no-store", headers});
  if (!r.ok) throw new Error(`${path}: ${r.status} ${r.statusText}`);
  return r.json();
}

/** A teacher's command: POST with the host's XSRF header; the room's refusal is shown.
 * @param {string} path @param {any} body */
async function post(path, body) {
  /** @type {Object<string, string>} */
  const headers = {"Content-Type": "application/json"};
  if (config.xsrf) headers["X-XSRFToken"] = config.xsrf;
  let data = {};
  try {
    const r = await fetch(config.api + path, {method: "POST", credentials: "same-origin", headers,
                                              body: JSON.stringify(body || {})});
    data = await r.json().catch(() => ({}));
    if (!r.ok || data.ok === false) throw new Error(data.message || `${r.status} ${r.statusText}`);
    $("kd-error").textContent = "";
  } catch (err) {
    $("kd-error").textContent = `The room refused: ${err instanceof Error ? err.message : err}`;
    data = {ok: false};
  }
  await refresh();
  return data;
}

// --- what changed, said in the live region --------------------------------------------------------

/** @type {Map<number, string>} */
const lastWords = new Map();

/** @param {TableInfo} t */
function words(t) {
  if (t.paused) return `paused${t.pause_reason ? ": " + t.pause_reason : ""}`;
  if (t.unscored) return `bots stopped: ${t.unscored}`;
  if (t.over) return t.result || "the game is over";
  if (t.between_rounds) return `round ${t.round} is over`;
  if (t.to_move) return `${t.to_move.name}'s turn`;
  return t.status;
}

/** @param {TableInfo[]} tables */
function announce(tables) {
  const changes = [];
  for (const t of tables) {
    const w = words(t);
    if (lastWords.has(t.table) && lastWords.get(t.table) !== w) changes.push(`Table ${t.table}: ${w}`);
    lastWords.set(t.table, w);
  }
  if (changes.length) $("kd-live").textContent = changes.slice(0, 4).join(". ") + (changes.length > 4 ? ". ..." : "");
}

// --- rendering ------------------------------------------------------------------------------------

/** Replace a container's content only when its data changed, keeping the keyboard focus on
 * the control of the same key.
 * @param {HTMLElement} box @param {string} key @param {() => Node[]} build */
function update(box, key, build) {
  if (box.dataset.key === key) return;
  const active = document.activeElement;
  const focusKey = active && box.contains(active) ? active.getAttribute("data-key") : null;
  box.replaceChildren(...build());
  box.dataset.key = key;
  if (focusKey) {
    const again = box.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
    if (again instanceof HTMLElement) again.focus();
  }
}

/** @param {TableInfo} t */
function heading(t) {
  const parts = [t.kind, t.ruleset];
  if (t.rounds) parts.push(`round ${t.round} of ${t.rounds}`);
  if (t.tournament) parts.push(`tournament ${t.tournament}, match ${t.match}`);
  return parts.join(" \u00b7 ");
}

/** @param {TableInfo} t @param {any} links */
function tableCard(t, links) {
  const id = t.table;
  const place = new Map();
  for (const s of t.standings || []) for (const p of s.players) place.set(p, s.place);
  const rows = t.seats.map((s) => {
    const bot = s.played_by !== "human";
    const seatButton = bot && s.kind === "human"
      ? h("button", {type: "button", "data-key": `give-${id}-${s.seat}`,
                     onclick: () => post(`api/tables/${id}/give-back`, {seat: s.seat})}, "Give back")
      : bot ? null
      : h("button", {type: "button", "data-key": `take-${id}-${s.seat}`,
                     onclick: () => post(`api/tables/${id}/take-over`, {seat: s.seat, bot: "greedy"})},
          "Bot plays");
    const score = t.scores && s.name in t.scores ? String(t.scores[s.name]) : "\u2013";
    return h("tr", {},
      h("td", {}, String(s.seat + 1)),
      h("th", {scope: "row"}, s.name),
      h("td", {}, bot ? `bot (${s.played_by})` : "a person"),
      h("td", {}, bot ? "\u2013" : s.connections ? `yes (${s.connections})` : "no"),
      h("td", {class: "kd-score", "data-player": s.name}, score),
      h("td", {}, place.has(s.name) ? String(place.get(s.name)) : "\u2013"),
      h("td", {class: "kd-buttons"}, seatButton,
        bot && s.kind === "bot" ? null
          : h("button", {type: "button", "data-key": `revoke-${id}-${s.seat}`,
                         "aria-label": `Revoke ${s.name}'s link and make a new one`,
                         onclick: () => post(`api/tables/${id}/revoke`, {seat: s.seat})}, "New link")));
  });
  const watch = links && links.watchers && links.watchers.link;
  const project = watch
    ? h("a", {href: absolute(watch.replace("#", "?view=presentation#")), target: "_blank", rel: "noopener",
              class: "kd-button", "data-key": `project-${id}`}, "Project")
    : h("button", {type: "button", "data-key": `project-${id}`,
                   onclick: () => post(`api/tables/${id}/revoke`, {seat: null})}, "New watchers' link");
  const status = h("p", {class: t.paused ? "kd-status kd-paused" : "kd-status"},
    h("strong", {}, t.paused ? "Paused" : t.over ? "Over" : "Playing"), ": ", words(t),
    t.watchers ? ` \u00b7 ${t.watchers} watching` : "");
  return h("article", {class: "kd-table", "aria-labelledby": `kd-t${id}-h`, "data-table": id},
    h("h3", {id: `kd-t${id}-h`}, `Table ${id} `, h("span", {class: "kd-sub"}, heading(t))),
    status,
    h("table", {class: "kd-seats"},
      h("caption", {class: "kd-hidden"}, `Seats of table ${id}`),
      h("thead", {}, h("tr", {}, ...["Seat", "Player", "Played by", "Online", "Points", "Place", "Seat actions"]
        .map((c) => h("th", {scope: "col"}, c)))),
      h("tbody", {}, ...rows)),
    h("div", {class: "kd-buttons"},
      t.paused
        ? h("button", {type: "button", "data-key": `resume-${id}`,
                       onclick: () => post(`api/tables/${id}/resume`, {})}, "Resume")
        : h("button", {type: "button", "data-key": `pause-${id}`, disabled: t.over,
                       onclick: () => post(`api/tables/${id}/pause`, {})}, "Pause"),
      t.between_rounds && !t.over
        ? h("button", {type: "button", "data-key": `next-${id}`,
                       onclick: () => post(`api/tables/${id}/next-round`, {})}, "Next round") : null,
      project,
      h("a", {href: `${config.api}api/tables/${id}/save`, download: `table-${id}.json`, class: "kd-button"},
        "Save")));
}

/** @type {Map<string, number>} a QR image's version: a new link gets a new image */
const qrVersions = new Map();
/** @type {Map<string, string>} the link each QR image shows */
const qrLinks = new Map();

/** @param {TableInfo[]} tables @param {State["links"]} links */
function cards(tables, links) {
  const out = [];
  for (const t of tables) {
    const l = links[String(t.table)];
    for (const s of t.seats) {
      if (s.kind === "bot") continue;
      const link = l && l.seats[s.seat] ? l.seats[s.seat].link : null;
      const where = t.tournament ? `Table ${t.table} (tournament ${t.tournament}, match ${t.match})` : `Table ${t.table}`;
      let body;
      if (link) {
        const key = `${t.table}/${s.seat}`;
        if (qrLinks.get(key) !== link) {
          qrVersions.set(key, (qrVersions.get(key) || 0) + 1);
          qrLinks.set(key, link);
        }
        body = [h("img", {class: "kd-qr", alt: `QR code of ${s.name}'s join link`, width: 160, height: 160,
                          src: `${config.api}api/tables/${t.table}/qr/${s.seat}.svg?v=${qrVersions.get(key)}`}),
                h("p", {class: "kd-link"}, h("a", {href: absolute(link), target: "_blank", rel: "noopener"},
                                             absolute(link)))];
      } else {
        body = [h("p", {}, "This link was made before the room restarted: reissue it to show it."),
                h("button", {type: "button", "data-key": `reissue-${t.table}-${s.seat}`,
                             onclick: () => post(`api/tables/${t.table}/revoke`, {seat: s.seat})}, "Reissue the link")];
      }
      out.push(h("article", {class: "kd-card", "data-table": t.table, "data-seat": s.seat},
        h("h3", {}, s.name), h("p", {class: "kd-where"}, `${where}, seat ${s.seat + 1} \u00b7 ${t.kind}`), ...body));
    }
  }
  if (!out.length) out.push(h("p", {}, "No seat for a person yet."));
  return out;
}

/** @param {any} tour */
function tournament(tour) {
  if (!tour) return [h("p", {}, "No tournament yet.")];
  const current = tour.tables[tour.match - 1] || [];
  const playing = current.filter((/** @type {any} */ t) => !t.done).map((/** @type {any} */ t) => t.table);
  const state = tour.final ? "Final standings"
    : tour.match_over ? `Match ${tour.match} is over: start the next when everyone is ready`
    : `Match ${tour.match} of ${tour.matches} is being played at table${playing.length > 1 ? "s" : ""} ${playing.join(", ")}`;
  return [
    h("p", {}, h("strong", {}, `Tournament ${tour.id}`),
      ` \u00b7 ${tour.kind}, tables of ${tour.table_size}, ${tour.matches} matches \u00b7 ${state}`),
    h("table", {class: "kd-standings"},
      h("caption", {}, tour.final ? "Final standings" : "Live standings"),
      h("thead", {}, h("tr", {}, ...["Rank", "Player", "Tournament points", "Game points", "Places"]
        .map((c) => h("th", {scope: "col"}, c)))),
      h("tbody", {}, ...tour.standings.map((/** @type {any} */ s) => h("tr", {},
        h("td", {}, String(s.rank)), h("th", {scope: "row"}, s.player), h("td", {}, String(s.tournament_points)),
        h("td", {}, String(s.game_points)),
        h("td", {}, s.places.map((/** @type {any} */ p) => p === null ? "\u2013" : String(p)).join(", ")))))),
    tour.match_over && !tour.final
      ? h("button", {type: "button", "data-key": "next-match", onclick: () => post("api/tournament/next", {})},
          `Start match ${tour.match + 1}`) : h("span"),
  ];
}

/** The learners' link (it can only report challenge progress), its QR code and its reissue.
 * @param {State["learners"]} learners */
function learnersLink(learners) {
  const reissue = h("button", {type: "button", "data-key": "reissue-learners",
                               onclick: () => post("api/learners/reissue", {})}, "Reissue the learners' link");
  if (!learners || !learners.link) {
    return [h("p", {}, "The learners' link was made before the room restarted: reissue it to show it."), reissue];
  }
  const link = absolute(learners.link);
  if (qrLinks.get("learners") !== link) {
    qrVersions.set("learners", (qrVersions.get("learners") || 0) + 1);
    qrLinks.set("learners", link);
  }
  return [
    h("p", {class: "kd-note"}, "Learners open this link (or scan the code) and run the line it shows in a notebook, " +
      "with their name: every challenge they solve is then reported here. The link can only report progress."),
    h("img", {class: "kd-qr", alt: "QR code of the learners' link", width: 160, height: 160,
              src: `${config.api}api/learners/qr.svg?v=${qrVersions.get("learners")}`}),
    h("p", {class: "kd-link"}, h("a", {href: link, target: "_blank", rel: "noopener", id: "kd-learners-link"}, link)),
    reissue,
  ];
}

/** @param {State["progress"]} rows */
function progress(rows) {
  if (!rows.length) return [h("p", {}, "No learner has reported a challenge yet.")];
  const sections = [...new Set(rows.map((r) => r.section))].sort();
  const people = [...new Set(rows.map((r) => r.participant))].sort();
  /** @type {Map<string, {done: string[], all: number}>} */
  const cell = new Map();
  for (const r of rows) {
    const k = `${r.participant}\u0000${r.section}`;
    const c = cell.get(k) || {done: [], all: 0};
    c.all += 1;
    if (r.done) c.done.push(r.challenge);
    cell.set(k, c);
  }
  return [h("table", {class: "kd-progress"},
    h("caption", {class: "kd-hidden"}, "Challenges solved, by learner and section"),
    h("thead", {}, h("tr", {}, h("th", {scope: "col"}, "Learner"), ...sections.map((s) => h("th", {scope: "col"}, s)))),
    h("tbody", {}, ...people.map((p) => h("tr", {}, h("th", {scope: "row"}, p), ...sections.map((s) => {
      const c = cell.get(`${p}\u0000${s}`);
      return h("td", {title: c ? c.done.join(", ") : ""}, c ? `${c.done.length} solved${c.done.length ? ": " + c.done.join(", ") : ""}` : "\u2013");
    })))))];
}

/** @param {State} state */
function render(state) {
  const tables = state.tables;
  const people = tables.reduce((n, t) => n + t.seats.filter((s) => s.played_by === "human").length, 0);
  const online = tables.reduce((n, t) => n + t.seats.filter((s) => s.played_by === "human" && s.connections).length, 0);
  $("kd-summary").textContent = `${tables.length} table${tables.length === 1 ? "" : "s"}, ` +
    `${online} of ${people} people connected \u00b7 updated every ${POLL_MS / 1000} s`;
  const box = $("kd-tables");
  if (!tables.length) update(box, "none", () => [h("p", {}, "No table yet: make one below, or start a tournament.")]);
  else {
    if (box.dataset.key === "none" || !box.querySelector(".kd-table-slot")) { box.replaceChildren(); box.dataset.key = "list"; }
    const slots = new Map([...box.querySelectorAll(".kd-table-slot")].map((el) => [el.getAttribute("data-table"), el]));
    for (const t of tables) {
      let slot = slots.get(String(t.table));
      if (!slot) {
        slot = h("div", {class: "kd-table-slot", "data-table": t.table});
        box.append(slot);
      }
      const links = state.links[String(t.table)];
      update(/** @type {HTMLElement} */ (slot), JSON.stringify([t, links]), () => [tableCard(t, links)]);
    }
  }
  update($("kd-cards"), JSON.stringify([tables.map((t) => [t.table, t.seats.map((s) => [s.name, s.kind])]), state.links]),
         () => cards(tables, state.links));
  update($("kd-tournament"), JSON.stringify(state.tournament), () => tournament(state.tournament));
  update($("kd-learners"), JSON.stringify(state.learners), () => learnersLink(state.learners));
  update($("kd-progress"), JSON.stringify(state.progress), () => progress(state.progress));
  announce(tables);
  document.body.dataset.ready = "true";
}

let timer = 0;
async function refresh() {
  clearTimeout(timer);
  try {
    render(await getJSON("api/dashboard"));
  } catch (err) {
    $("kd-summary").textContent = `The room does not answer (${err instanceof Error ? err.message : err}); trying again.`;
  }
  timer = window.setTimeout(refresh, POLL_MS);
}

// --- the forms --------------------------------------------------------------------------------------

$("kd-new-table").addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = /** @type {HTMLFormElement} */ (e.target);
  const data = new FormData(form);
  const players = [], seats = [];
  for (let i = 0; i < 4; i++) {
    const name = String(data.get(`player${i}`) || "").trim();
    if (name) { players.push(name); seats.push(String(data.get(`seat${i}`))); }
  }
  /** @type {any} */
  const body = {kind: data.get("kind"), players, seats, seed: Number(data.get("seed") || 0)};
  const ruleset = String(data.get("ruleset") || "").trim();
  if (ruleset) body.ruleset = ruleset;
  const made = await post("api/tables", body);
  if (made.ok) $("kd-live").textContent = `Table ${made.table} made for ${players.join(", ")}`;
});

$("kd-new-tournament").addEventListener("submit", async (e) => {
  e.preventDefault();
  const data = new FormData(/** @type {HTMLFormElement} */ (e.target));
  const players = String(data.get("players") || "").split("\n").map((s) => s.trim()).filter(Boolean);
  /** @type {any} */
  const body = {players, table_size: Number(data.get("table_size")), matches: Number(data.get("match_count")),
                kind: data.get("kind"), seed: Number(data.get("seed") || 0)};
  const ruleset = String(data.get("ruleset") || "").trim();
  if (ruleset) body.ruleset = ruleset;
  const made = await post("api/tournament", body);
  if (made.ok) $("kd-live").textContent = `Tournament ${made.id} started: ${made.new_tables.length} tables`;
});

$("kd-print").addEventListener("click", () => window.print());

refresh();
