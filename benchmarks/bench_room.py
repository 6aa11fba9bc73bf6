#!/usr/bin/env python3
"""The workshop room under a workshop's load, on this machine's loopback (issue 26).

A real ``jupyter server`` with the room's extension (``kabetopo_nb.room``) is started in a
subprocess (a temporary root folder, a free port, a token).  Through the teacher's API it is
given ``--tables`` Kabetopo 4-player tables of human seats (default 10, so 40 participants)
and ``--bot-tables`` tables of tree-search bots (default 3, four ``mcts`` seats each, which
think a second a decision in the room's process pool the whole time, a new table replacing
one whose match ends).  This one process then holds every client, on one asyncio loop:

* a participant's socket per human seat (the first message joins, then numbered ``act``
  messages), one projector (a watchers' link) on the first table, and the teacher's
  dashboard (``GET api/tables`` every 2 s with the server's token);
* each human table plays at a person's pace (an action every ``--pace`` seconds, drawn
  uniformly): a seat asks where the table stands (``sync``), the seat to move picks a seeded
  random legal action of the position it was sent (the engine's own ``legal_actions``), and
  a round's end is followed by ``next-round``.

Printed figures (no assertions, no targets enforced):

* **latency**: from the moment the acting client sends an action to the moment every client
  of that table (its four seats, and the projector at the first table) has received the
  table's ``applied`` event for it, ``time.perf_counter`` in this process: p50, p95, max,
  count (target: p95 at most 100 ms while bots think at other tables); also the acting
  client's own reply, the dashboard's answer time beside Jupyter's own ``GET api/status``
  (how quickly the server's event loop answers anything), and the CPU the server used;
* **memory**: the server's resident set (``VmRSS``) before any table, after the tables were
  played with every client connected, and after ``--idle-tables`` more tables without
  clients: MiB per table (the bots' worker processes are listed apart);
* **restart**: the server killed with SIGKILL mid-round and started again on the same SQLite
  file: seconds from the start command to the teacher's list showing every table at the
  number it had, and to every client reconnected (each reconnects by itself, as a page
  does) and sent its board again; the human tables then play on for a few seconds, the bots
  too.  The killed server's helper processes (bot workers) still running afterwards are
  counted, and ended by this script, which started them.

The machine's CPU count and load average are printed too: other work on the machine (tests,
the bots' two worker processes on a two-core machine) shows in the figures.
``--bot-niceness N`` sets how much lower the bots' workers' priority is than the server's
(``kabetopo_nb/room/workers.py``; the room's default 10): ``--bot-niceness 0`` shows how much
of the latency is theirs, competing with the server for the CPUs at its own priority.

Usage: python3 benchmarks/bench_room.py [--tables 10] [--bot-tables 3] [--seconds 90]
       [--pace 0.5 1.0] [--idle-tables 50] [--bot mcts] [--bot-workers 2] [--bot-niceness 10]
       [--seed 26]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kabetopo_nb.games import GAMES  # noqa: E402  (after the path above)
from kabetopo_nb.room.workers import NICENESS  # noqa: E402

API = "/kabetopo-room/api/tables"
PLAYERS = ["Aiko", "Ben", "Chidi", "Dana"]
SHOWN = re.compile(r'\{"type": "shown", "number": (\d+)')  # a board message, read without parsing its SVG


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mib(pid: int) -> float:
    """A process's resident set, in MiB (``/proc/<pid>/status``); 0 when it is gone."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"^VmRSS:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) / 1024 if found else 0.0


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system, ``/proc/<pid>/stat``); 0 when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_of(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def descendants(pid: int) -> list[int]:
    out = []
    for child in children_of(pid):
        out += [child, *descendants(child)]
    return out


def alive_helpers(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running as multiprocessing helpers (a bot worker, its resource tracker)."""
    alive = []
    for pid in pids:
        try:
            if b"multiprocessing" in Path(f"/proc/{pid}/cmdline").read_bytes():
                alive.append(pid)
        except OSError:
            pass
    return alive


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def figures_ms(values: list[float]) -> str:
    if not values:
        return "no samples"
    ms = [v * 1000 for v in values]
    return (f"p50 {statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
            f"max {max(ms):.1f} ms, n={len(ms)}")


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


# --- the server ------------------------------------------------------------------------------------


class Server:
    """A ``jupyter server`` with the room's extension on a free port with a token, in ``base``;
    ``kill()`` (SIGKILL) and ``start()`` again use the same root folder (the same SQLite file)."""

    def __init__(self, base: Path, bot_workers: int, bot_niceness: int):
        self.base, self.root = base, base / "root"
        self.root.mkdir()
        self.token = secrets.token_hex(16)
        self.bot_workers = bot_workers
        self.bot_niceness = bot_niceness
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.log = base / "server.log"
        self.http = AsyncHTTPClient()
        self.helpers: list[int] = []  # helper processes of this server's runs (see ``kill``)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def launch(self) -> None:
        """The start command (returns at once; ``ready`` waits for the room's API)."""
        self.port = free_port()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               "JUPYTER_CONFIG_DIR": str(self.base / "jupyter-config"),
               "JUPYTER_RUNTIME_DIR": str(self.base / "runtime")}
        cmd = [sys.executable, "-m", "jupyter", "server", "--no-browser", f"--port={self.port}",
               "--ip=127.0.0.1", f"--ServerApp.token={self.token}", f"--ServerApp.root_dir={self.root}",
               "--allow-root", "--ServerApp.jpserver_extensions=kabetopo_nb.room=True",
               f"--RoomExtension.bot_workers={self.bot_workers}", f"--RoomExtension.bot_niceness={self.bot_niceness}"]
        with open(self.log, "a") as log:  # the child keeps its own descriptor
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=self.root)

    async def ready(self, timeout: float = 90.0) -> None:
        """Wait for the room's API (a server answering without the room for 10 s is a failure)."""
        deadline = time.monotonic() + timeout
        without_room = None
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"the Jupyter server exited with {self.proc.returncode}:\n{self.log_tail()}")
            status, _ = await self.call("GET", API)
            if status == 200:
                return
            if status == 404:
                without_room = without_room or time.monotonic()
                if time.monotonic() - without_room > 10:
                    raise RuntimeError(f"the Jupyter server runs without the room:\n{self.log_tail()}")
            await asyncio.sleep(0.05)
        raise RuntimeError(f"the Jupyter server did not answer within {timeout:g} s:\n{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL, as a crash; the server's helper processes are noted (``left_behind``)."""
        if self.proc is not None and self.proc.poll() is None:
            self.helpers += descendants(self.proc.pid)
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.helpers += descendants(self.proc.pid)
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.end_helpers()

    def left_behind(self) -> list[int]:
        """The helper processes (bot workers, resource trackers) of a server gone, still running."""
        gone = self.proc is None or self.proc.poll() is not None
        return alive_helpers([p for p in self.helpers if gone or p not in descendants(self.pid)])

    def end_helpers(self) -> None:
        """End the helpers a server left behind (this benchmark started them), by their ids."""
        for pid in self.left_behind():
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:
                pass
        self.helpers = []

    def log_tail(self, lines: int = 40) -> str:
        """The server log's last lines, without its lines about refused sockets."""
        if not self.log.exists():
            return ""
        kept = [ln for ln in self.log.read_text(errors="replace").splitlines() if " 404 GET " not in ln]
        return "\n".join(kept[-lines:])

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """The teacher's API with the server's token: (status, the JSON answer); (0, None) when
        nothing answers."""
        request = HTTPRequest(self.url + path, method=method, headers={"Authorization": f"token {self.token}"},
                              body=None if body is None else json.dumps(body), request_timeout=30)
        try:
            response = await self.http.fetch(request, raise_error=False)
        except OSError:
            return 0, None
        if response.code == 599:
            return 0, None
        text = response.body.decode("utf-8", "replace") if response.body else ""
        try:
            return response.code, json.loads(text) if text else None
        except ValueError:
            return response.code, text


# --- the clients -------------------------------------------------------------------------------------


@dataclass
class Pending:
    """An action sent, waiting for every client of its table to receive its ``applied`` event."""

    number: int
    waiting: set[Client]
    sent: float = 0.0
    done: asyncio.Future[float] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class Client:
    """One socket (a seat's or the projector's), reconnecting by itself when it drops, as a page does."""

    def __init__(self, bench: Bench, table: TablePlay, seat: int | None, token: str):
        self.bench, self.table, self.seat, self.token = bench, table, seat, token
        self.ws: WebSocketClientConnection | None = None
        self.replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.next_id = 0
        self.joined: dict[str, Any] = {}
        self.shown_number = -1
        self.shown = asyncio.Event()  # a board received since the last (re)connection
        self.connections = 0
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        while not self.bench.stopping:
            try:
                url = f"ws://127.0.0.1:{self.bench.server.port}/kabetopo-room/socket"
                request = HTTPRequest(url, headers={"Origin": self.bench.server.url}, connect_timeout=5)
                self.ws = await websocket_connect(request, max_message_size=16 * 1024 * 1024)
            except (OSError, HTTPClientError, StreamClosedError):  # not listening yet, or not the room yet
                await asyncio.sleep(0.05)
                continue
            self.connections += 1
            self.shown.clear()
            try:
                await self.ws.write_message(json.dumps({"type": "join", "token": self.token, "table": self.table.id}))
            except WebSocketClosedError:
                continue
            while True:
                raw = await self.ws.read_message()
                if raw is None:
                    break
                self.receive(raw if isinstance(raw, str) else raw.decode(), time.perf_counter())
            self.shown.clear()
            for future in self.replies.values():
                if not future.done():
                    future.set_exception(ConnectionError("the socket closed"))
            self.replies.clear()
            if not self.bench.stopping:
                await asyncio.sleep(0.05)

    def receive(self, raw: str, at: float) -> None:
        board = SHOWN.match(raw)
        if board:
            self.shown_number = int(board.group(1))
            self.shown.set()
            return
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "event" and message.get("event") == "applied":
            self.table.received(self, message["number"], at)
        elif kind == "reply" and message.get("id") in self.replies:
            future = self.replies.pop(message["id"])
            if not future.done():
                future.set_result(message)
        elif kind == "joined":
            self.joined = message
        elif kind == "reply" and message.get("ok") is False and not message.get("id"):
            self.bench.problems.append(f"table {self.table.id} seat {self.seat}: {message}")

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.write_message(json.dumps(message))

    async def request(self, message: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        self.next_id += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[self.next_id] = future
        await self.send({**message, "id": self.next_id})
        return await asyncio.wait_for(future, timeout)

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()


class TablePlay:
    """One human table: its seats' clients (and the projector's), played at a person's pace."""

    def __init__(self, bench: Bench, made: dict[str, Any], projector: bool):
        self.bench, self.id = bench, int(made["table"])
        self.seats = [Client(bench, self, s["seat"], s["link"].split("#", 1)[1]) for s in made["seats"]]
        watch = made["watchers"]["link"].split("#", 1)[1]
        self.clients = [*self.seats, *([Client(bench, self, None, watch)] if projector else [])]
        self.pending: dict[int, Pending] = {}
        self.rng = random.Random(bench.seed * 1000 + self.id)
        self.busy = False
        self.actions = 0
        self.rounds_started = 0

    def received(self, client: Client, number: int, at: float) -> None:
        pending = self.pending.get(number)
        if pending is None:
            return
        pending.waiting.discard(client)
        if not pending.waiting and not pending.done.done():
            pending.done.set_result(at - pending.sent)

    async def step(self) -> tuple[float, float] | None:
        """One action by the seat to move (or the next round): (to every client, the reply) seconds."""
        sync = await self.seats[0].request({"type": "sync"})
        if sync.get("over") or sync.get("paused"):
            return None
        number = sync["number"]
        if sync.get("between_rounds"):
            reply = await self.seats[0].request({"type": "next-round", "number": number})
            self.rounds_started += int(bool(reply.get("ok")))
            return None
        to_move = sync.get("to_move")
        if not to_move:
            return None
        mover = self.seats[to_move["seat"]]
        state = GAMES["kabetopo"].state.from_text(sync["position"])
        actions = [str(a) for a in state.legal_actions]
        self.rng.shuffle(actions)
        for action in actions[:20]:
            pending = Pending(number, set(self.clients))
            self.pending[number] = pending
            pending.sent = time.perf_counter()
            reply = await mover.request({"type": "act", "number": number, "action": action})
            replied = time.perf_counter() - pending.sent
            if reply.get("ok"):
                everyone = await asyncio.wait_for(pending.done, 30)
                del self.pending[number]
                self.actions += 1
                return everyone, replied
            del self.pending[number]
            if reply.get("error") != "illegal":
                raise RuntimeError(f"table {self.id}: {action!r} at {number} refused: {reply}")
        raise RuntimeError(f"table {self.id}: no legal action accepted at {number}")

    async def play(self, pace: tuple[float, float]) -> None:
        bench = self.bench
        while not bench.stopping:
            await bench.playing.wait()
            await asyncio.sleep(self.rng.uniform(*pace))
            if not bench.playing.is_set() or bench.stopping:
                continue
            self.busy = True
            try:
                measured = await self.step()
            except (TimeoutError, ConnectionError, RuntimeError) as exc:
                if bench.playing.is_set():
                    bench.problems.append(f"table {self.id}: {type(exc).__name__} {exc}")
                measured = None
            finally:
                self.busy = False
            if measured is not None:
                bench.latencies[bench.phase].append(measured[0])
                bench.replies[bench.phase].append(measured[1])


class Bench:
    def __init__(self, args: argparse.Namespace, server: Server):
        self.args, self.server, self.seed = args, server, args.seed
        self.tables: list[TablePlay] = []
        self.bot_tables: list[int] = []
        self.stopping = False
        self.playing = asyncio.Event()
        self.phase = "run"
        self.latencies: dict[str, list[float]] = {"run": [], "after restart": []}
        self.replies: dict[str, list[float]] = {"run": [], "after restart": []}
        self.dashboard: list[float] = []
        self.status: list[float] = []  # Jupyter's own GET api/status, beside the dashboard's list
        self.problems: list[str] = []

    @property
    def clients(self) -> list[Client]:
        return [c for t in self.tables for c in t.clients]

    async def create(self, seats: list[str] | None, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"kind": "kabetopo", "players": PLAYERS, "seed": seed}
        if seats is not None:
            body["seats"] = seats
        if options:
            body["options"] = options
        status, made = await self.server.call("POST", API, body)
        if status != 201:
            raise RuntimeError(f"the room did not make a table: {status} {made}")
        return dict(made)

    async def new_bot_table(self) -> None:
        made = await self.create([self.args.bot] * 4, 500 + len(self.bot_tables))
        self.bot_tables.append(int(made["table"]))

    async def dashboard_loop(self) -> None:
        """The teacher's dashboard: the list of tables every 2 s; a bot table whose match is
        over is replaced, so that bots think during the whole run."""
        while not self.stopping:
            if self.playing.is_set():
                start = time.perf_counter()
                status, tables = await self.server.call("GET", API)
                if status == 200 and self.playing.is_set():
                    self.dashboard.append(time.perf_counter() - start)
                    start = time.perf_counter()
                    status, _ = await self.server.call("GET", "/api/status")
                    if status == 200:
                        self.status.append(time.perf_counter() - start)
                    over = [t["table"] for t in tables if t["table"] in self.bot_tables and t["over"]]
                    for table in over:
                        self.bot_tables.remove(table)
                        await self.new_bot_table()
            await asyncio.sleep(2.0)

    async def quiet(self) -> None:
        """Stop the human tables between two actions (no action in flight)."""
        self.playing.clear()
        while any(t.busy for t in self.tables):
            await asyncio.sleep(0.01)

    async def all_shown(self, timeout: float) -> None:
        await asyncio.wait_for(asyncio.gather(*(c.shown.wait() for c in self.clients)), timeout)

    async def table_list(self) -> dict[int, dict[str, Any]]:
        status, tables = await self.server.call("GET", API)
        if status != 200:
            raise RuntimeError(f"the teacher's list answered {status}: {tables}")
        return {int(t["table"]): t for t in tables}


async def bench_room(args: argparse.Namespace, base: Path) -> dict[str, Any]:
    server = Server(base, args.bot_workers, args.bot_niceness)
    bench = Bench(args, server)
    out: dict[str, Any] = {}
    try:
        t0 = time.perf_counter()
        server.launch()
        await server.ready()
        out["cold start"] = time.perf_counter() - t0
        await asyncio.sleep(1.0)
        out["rss empty"] = rss_mib(server.pid)

        # the tables: humans (one projector), then the bots' tables
        for i in range(args.tables):
            made = await bench.create(None, bench.seed * 100 + i)
            bench.tables.append(TablePlay(bench, made, projector=i == 0))
        for _ in range(args.bot_tables):
            await bench.new_bot_table()
        for client in bench.clients:
            client.start()
        t0 = time.perf_counter()
        await bench.all_shown(60)
        out["join"] = time.perf_counter() - t0
        before = await bench.table_list()

        # the run: every human table at a person's pace, the dashboard polling, the bots thinking
        players = [asyncio.get_running_loop().create_task(t.play((args.pace[0], args.pace[1]))) for t in bench.tables]
        dashboard = asyncio.get_running_loop().create_task(bench.dashboard_loop())
        bench.playing.set()
        t0, cpu_server, cpu_here = time.perf_counter(), cpu_seconds(server.pid), time.process_time()
        await asyncio.sleep(args.seconds)
        await bench.quiet()
        out["run seconds"] = time.perf_counter() - t0
        out["server cpu"] = (cpu_seconds(server.pid) - cpu_server) / out["run seconds"]
        out["clients cpu"] = (time.process_time() - cpu_here) / out["run seconds"]
        after = await bench.table_list()
        out["bot actions"] = sum(after[t]["number"] - before.get(t, {"number": 0})["number"]
                                 for t in after if t in bench.bot_tables or t not in before)
        out["bot tables made"] = len([t for t in after if t not in {p.id for p in bench.tables}])
        out["rounds started"] = sum(t.rounds_started for t in bench.tables)
        out["rss played"] = rss_mib(server.pid)
        out["workers"] = [rss_mib(p) for p in children_of(server.pid)]
        out["tables played"] = len(after)

        # restart: SIGKILL mid-round, start again on the same file
        numbers = {t.id: after[t.id]["number"] for t in bench.tables}
        positions = {t.id: after[t.id]["position"] for t in bench.tables}
        bot_numbers = {t: s["number"] for t, s in after.items() if t not in numbers}
        # the bots may still play between the list above and the kill: their numbers may only grow
        server.kill()
        for client in bench.clients:
            client.shown.clear()  # each waits for its board from the new server
        t0 = time.perf_counter()
        server.launch()
        await server.ready()
        out["restart api up"] = time.perf_counter() - t0
        while True:
            status, tables = await server.call("GET", API)
            listed = {int(t["table"]): t for t in tables} if status == 200 else {}
            if (all(listed.get(t, {}).get("number") == n for t, n in numbers.items())
                    and all(listed.get(t, {}).get("number", -1) >= n for t, n in bot_numbers.items())):
                break
            if time.perf_counter() - t0 > 120:
                raise RuntimeError(f"the tables did not resume: {listed}")
            await asyncio.sleep(0.02)
        out["restart tables"] = time.perf_counter() - t0
        out["tables resumed"] = len(listed)
        out["same positions"] = all(listed[t]["position"] == p for t, p in positions.items())
        await bench.all_shown(120)
        out["restart clients"] = time.perf_counter() - t0
        out["rejoined"] = all(c.connections == 2 and c.joined.get("number") == numbers[c.table.id]
                              and c.shown_number == numbers[c.table.id] for c in bench.clients)
        out["rss restarted"] = rss_mib(server.pid)
        left = server.left_behind()
        out["left behind"] = (len(left), sum(rss_mib(p) for p in left))
        server.end_helpers()

        # the tables play on after the restart (the bots too: the room resumes them by itself)
        bench.phase = "after restart"
        bench.playing.set()
        await asyncio.sleep(args.after_seconds)
        await bench.quiet()
        later = await bench.table_list()
        out["bot actions after restart"] = sum(later[t]["number"] - listed[t]["number"] for t in bot_numbers)

        # idle tables (human seats, nobody connected)
        count = len(await bench.table_list())
        idle = min(args.idle_tables, 64 - count)
        rss = rss_mib(server.pid)
        for i in range(idle):
            await bench.create(None, 9000 + i)
        await asyncio.sleep(1.0)
        out["idle tables"] = idle
        out["rss idle before"], out["rss idle after"] = rss, rss_mib(server.pid)
        bench.stopping = True
        for task in [*players, dashboard]:
            task.cancel()
    finally:
        bench.stopping = True
        for client in bench.clients:
            client.close()
        server.stop()
    out["bench"] = bench
    return out


def report(args: argparse.Namespace, out: dict[str, Any], load_before: str) -> None:
    bench: Bench = out["bench"]
    humans = sum(len(t.seats) for t in bench.tables)
    run = bench.latencies["run"]
    print(f"the room in a real Jupyter server on loopback: {humans} participants at {len(bench.tables)} tables, "
          f"1 projector, the dashboard every 2 s, {args.bot_tables} tables of {args.bot} bots "
          f"({args.bot_workers} worker processes); seed {args.seed}")
    print(f"  machine: {load_before} before, {load()} after")
    print(f"  the bots' workers at niceness {args.bot_niceness} (the room's default {NICENESS}; "
          "--bot-niceness 0: the server's own priority)")
    print(f"  server cold start {out['cold start']:.2f} s; {humans + 1} sockets joined and shown in {out['join']:.2f} s")
    print(f"  played {len(run)} actions in {out['run seconds']:.0f} s (an action every {args.pace[0]:g}-{args.pace[1]:g} s "
          f"a table, {out['rounds started']} next rounds); bots played {out['bot actions']} actions meanwhile "
          f"({out['bot tables made']} bot tables in all)")
    print(f"  CPU during the run: the server's process {out['server cpu']:.0%} of a core, this process's "
          f"{len(bench.clients)} clients and dashboard {out['clients cpu']:.0%} of a core")
    print(f"  action -> every client of its table (4 seats + projector at table 1): {figures_ms(run)}")
    print(f"  action -> the acting client's reply: {figures_ms(bench.replies['run'])}")
    print(f"  dashboard GET api/tables ({out['tables played']} tables): {figures_ms(bench.dashboard)}; "
          f"Jupyter's own GET api/status right after: {figures_ms(bench.status)}")
    per_played = (out["rss played"] - out["rss empty"]) / max(1, out["tables played"])
    per_idle = (out["rss idle after"] - out["rss idle before"]) / max(1, out["idle tables"])
    workers = ", ".join(f"{w:.0f}" for w in out["workers"]) or "none running"
    print(f"  server memory (VmRSS): {out['rss empty']:.0f} MiB with no table, {out['rss played']:.0f} MiB with "
          f"{out['tables played']} played tables and {humans + 1} sockets -> {per_played:.2f} MiB a table; "
          f"+{out['idle tables']} idle tables {out['rss idle before']:.0f} -> {out['rss idle after']:.0f} MiB "
          f"-> {per_idle:.2f} MiB a table (apart: the bot workers and their resource tracker, {workers} MiB)")
    print(f"  restart after SIGKILL mid-round: the API answers {out['restart api up']:.2f} s, all "
          f"{out['tables resumed']} tables listed at their numbers {out['restart tables']:.2f} s, all "
          f"{humans + 1} clients rejoined and shown {out['restart clients']:.2f} s after the start command "
          f"(same numbers and boards: {'yes' if out['rejoined'] else 'NO'}; same positions: "
          f"{'yes' if out['same positions'] else 'NO'})")
    count, mib = out["left behind"]
    if not count:
        print("  the killed server's bot workers had ended by themselves (workers.py) when the tables were back")
    else:
        print(f"  NOTE: {count} helper processes of the killed server (its bot workers and their resource tracker, "
              f"{mib:.0f} MiB) were still running after the restart; this benchmark ended them")
    print(f"  after the restart, played on for {args.after_seconds:g} s: {figures_ms(bench.latencies['after restart'])}; "
          f"the bots played {out['bot actions after restart']} actions")
    for problem in bench.problems[:10]:
        print(f"  problem: {problem}")
    p95 = percentile(run, 0.95) * 1000 if run else float("nan")
    ok = "yes" if run and p95 <= 100 else "no"
    print(f"summary: p50 {statistics.median(run) * 1000 if run else float('nan'):.0f} ms, p95 {p95:.0f} ms "
          f"(p95 <= 100 ms: {ok}), {per_played:.2f} MiB a played table, {per_idle:.2f} MiB an idle one, "
          f"restart to all tables resumed {out['restart tables']:.1f} s and all clients back "
          f"{out['restart clients']:.1f} s; {load()}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--tables", type=int, default=10, help="human tables of 4 seats (default 10: 40 participants)")
    ap.add_argument("--bot-tables", type=int, default=3, help="tables of bots thinking during the run")
    ap.add_argument("--bot", default="mcts", help="the bots' name (kabetopo_nb.bots; default mcts, 1 s a decision)")
    ap.add_argument("--bot-workers", type=int, default=2, help="the room's bot processes (its default: 2)")
    ap.add_argument("--seconds", type=float, default=90.0, help="length of the measured run")
    ap.add_argument("--after-seconds", type=float, default=8.0, help="play after the restart")
    ap.add_argument("--pace", type=float, nargs=2, default=[0.5, 1.0], metavar=("MIN", "MAX"),
                    help="seconds between two actions at a table (uniform)")
    ap.add_argument("--idle-tables", type=int, default=50, help="tables added without clients, for memory")
    ap.add_argument("--bot-niceness", type=int, default=NICENESS, metavar="N",
                    help=f"how much lower the bots' workers' priority is than the server's (the room's "
                         f"--RoomExtension.bot_niceness; default {NICENESS}, 0 for the server's own)")
    ap.add_argument("--seed", type=int, default=26)
    args = ap.parse_args()
    try:
        import jupyter_server  # noqa: F401
    except ImportError as exc:
        print(f"jupyter_server is not importable ({exc}): pip install -e '.[test]'")
        return 1
    load_before = load()
    with tempfile.TemporaryDirectory(prefix="bench-room-") as tmp:
        try:
            out = asyncio.run(bench_room(args, Path(tmp)))
        except RuntimeError as exc:
            print(f"the benchmark failed: {exc}")
            return 1
    report(args, out, load_before)
    return 0


if __name__ == "__main__":
    sys.exit(main())
