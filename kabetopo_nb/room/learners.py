"""A learner's side of the workshop room (docs/ROOM.md, "Learners' progress"): join the room
with your name from a notebook, and the teacher sees which challenges you solved.

    >>> from kabetopo_nb.room.learners import join_room, leave_room
    >>> join_room("https://workshop.example/kabetopo-room/learn#TOKEN", name="Aiko")
    <RoomMembership: Aiko reports to https://workshop.example/kabetopo-room/ · 7 challenges reported>
    >>> leave_room()                       # stop reporting

The link is the room's *learners' link*, shown by the teacher and by its page
(``<base>kabetopo-room/learn#TOKEN``); its token can only report progress.  It must be the
whole address: in JupyterLab the kernel does not know the address of the page it serves, so
a link beginning with ``/`` cannot be followed from here.

**What is reported.**  On joining, every challenge already solved (the learner's progress
file, ``kabetopo_nb.challenges.progress``); afterwards, each challenge solved on a
``ChallengeBoard`` (``Progress.mark_solved`` calls ``report_solved``), with its notebook
section.  The room checks each report (the token, the name, a challenge of this package in
that section) and keeps one row per name, section and challenge.

**Remembered.**  The link and the name are kept for this kernel and in a small file beside
the progress file (``progress.room_path``: ``~/.kabetopo-nb/progress-room.json``; in
JupyterLite, in the browser's storage beside the notebooks), so a restarted kernel goes on
reporting.  A damaged file is set aside by the next ``join_room`` and never breaks a board.

**Never in the way.**  A report the room does not answer (it is down, the network is gone,
too many reports at once) is kept in that file (at most ``MAX_PENDING``) and sent again with
the next report or the next ``join_room``; the board's message and this object's repr say
it is pending.  Nothing here raises into a board.

**Transport.**  A JSON ``POST`` to ``<base>kabetopo-room/api/progress`` with the token in
its body (never in the address): ``urllib.request`` in CPython; in JupyterLite's kernel
(Pyodide, ``sys.platform == "emscripten"``) a synchronous ``XMLHttpRequest``, which a web
worker (where that kernel runs) may make.
"""
from __future__ import annotations

import html
import http.client
import json
import os
import re
import sys
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..challenges import challenge
from ..challenges.progress import Progress, default_path, room_path
from ..kabetopo.match import name_problem
from .protocol import RoomSetupError

VERSION = 1
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32), as room.py makes it
LEARN_PATH = "kabetopo-room/learn"
API_PATH = "kabetopo-room/api/progress"
TIMEOUT = 5.0  # seconds a report waits for the room (a board waits that long at most)
BATCH = 50  # reports in one request (the room takes up to web.PROGRESS_REPORTS)
MAX_PENDING = 200  # reports kept for later (the package has fewer challenges)
MAX_STATE_BYTES = 100_000
RETRY = {429, 500, 502, 503, 504}  # the room is busy or down: sent again later


class LearnersLinkError(RoomSetupError):
    """A learners' link that is not one (relative, another address, no token) or a bad name."""

    code = "learners-link"


class Unreachable(OSError):
    """The room did not answer (down, no network, too slow)."""


@dataclass(frozen=True)
class Report:
    """One challenge of one section, solved (``done``) or not any more."""

    section: str
    challenge: str
    done: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"section": self.section, "challenge": self.challenge, "done": self.done}


def check_link(link: Any) -> tuple[str, str]:
    """The learners' link's endpoint (``.../kabetopo-room/api/progress``) and token; a link that
    is not one raises ``LearnersLinkError`` saying what is wrong."""
    if not isinstance(link, str) or not link.strip():
        raise LearnersLinkError("give the learners' link as text: the whole address the teacher shows, "
                                "https://.../kabetopo-room/learn#...")
    link = link.strip()
    parts = urlsplit(link)
    if not parts.scheme and not parts.netloc:
        raise LearnersLinkError(f"{link[:60]!r} is not the whole address: the kernel does not know the address of "
                                "the page it serves, so copy the link from the learners' page, starting with "
                                "https:// (or http://)")
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise LearnersLinkError(f"a learners' link begins with https:// or http://, not {link[:30]!r}")
    if not parts.path.rstrip("/").endswith(LEARN_PATH):
        raise LearnersLinkError(f"this is not a learners' link: its address ends with /{LEARN_PATH}#..., "
                                f"not {parts.path[-40:]!r} (a table's join link plays at a table)")
    if not TOKEN.fullmatch(parts.fragment):
        raise LearnersLinkError("this learners' link has no code after '#' (or a cut one): copy the whole link")
    base = parts.path.rstrip("/")[: -len(LEARN_PATH)]
    endpoint = urlunsplit((parts.scheme, parts.netloc, base + API_PATH, "", ""))
    return endpoint, parts.fragment


def where(endpoint: str) -> str:
    """The room's address, for people (no token is ever in it)."""
    return endpoint[: -len("api/progress")]


# --- the transport ------------------------------------------------------------------------------------


def post_json(url: str, payload: dict[str, Any], timeout: float = TIMEOUT) -> tuple[int, Any]:
    """POST ``payload`` as JSON; the status and the JSON answer (None if it was not JSON).
    ``Unreachable`` when the room does not answer at all."""
    body = json.dumps(payload)
    if sys.platform == "emscripten":
        status, text = _post_pyodide(url, body, timeout)
    else:
        status, text = _post_urllib(url, body, timeout)
    if status == 0:
        raise Unreachable("no answer")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, None


def _post_urllib(url: str, body: str, timeout: float) -> tuple[int, str]:
    request = urllib.request.Request(url, data=body.encode("utf-8"), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 (http(s) only: check_link)
            return response.status, response.read(1_000_000).decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(1_000_000).decode("utf-8", "replace")
    except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as exc:
        reason = getattr(exc, "reason", exc)
        raise Unreachable(str(reason) or type(exc).__name__) from None


def _post_pyodide(url: str, body: str, timeout: float) -> tuple[int, str]:
    """JupyterLite's kernel: a synchronous XMLHttpRequest (allowed in the web worker it runs in)."""
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser

    request = js.XMLHttpRequest.new()
    request.open("POST", url, False)
    request.timeout = int(timeout * 1000)
    request.setRequestHeader("Content-Type", "application/json")
    try:
        request.send(body)
    except Exception as exc:  # pyodide.ffi.JsException: a network error or the timeout
        raise Unreachable(str(exc) or "the request failed") from None
    return int(request.status), str(request.responseText)


# --- the membership -------------------------------------------------------------------------------------


@dataclass
class RoomMembership:
    """A learner in a workshop room: the learners' link (kept out of the repr), the name, the
    progress file whose challenges are reported, the reports not delivered yet, and how the
    last exchange with the room went (``status``)."""

    link: str = field(repr=False)
    name: str
    progress_path: Path
    pending: list[Report] = field(default_factory=list)
    reported: int = 0  # reports the room took, in this kernel
    status: str = ""  # the last exchange with the room, in words
    message: str = ""  # what the last join or report told the learner
    blocked: str = ""  # why the room refused this link (revoked, unknown): nothing is sent until a new join

    @property
    def endpoint(self) -> str:
        return check_link(self.link)[0]

    @property
    def state_path(self) -> Path:
        return room_path(self.progress_path)

    def __repr__(self) -> str:
        return f"<RoomMembership: {self.name} reports to {where(self.endpoint)} · {self.summary()}>"

    def summary(self) -> str:
        if self.blocked:
            return f"not reporting: {self.blocked}"
        done = f"{self.reported} challenge{'s' if self.reported != 1 else ''} reported"
        if self.pending:
            return f"{done}, {len(self.pending)} pending ({self.status})"
        return done

    def _repr_html_(self) -> str:

        said = f"<br>{html.escape(self.message)}" if self.message else ""
        return f"<p>{html.escape(repr(self))}{said}</p>"

    # --- sending ----------------------------------------------------------------------------------
    def report(self, reports: list[Report]) -> str:
        """Queue ``reports`` (after those still pending), send them all, and say how it went."""
        queue: dict[tuple[str, str], Report] = {}
        for r in [*self.pending, *reports]:
            queue.pop((r.section, r.challenge), None)
            queue[(r.section, r.challenge)] = r  # the newest report of a challenge wins
        self.pending = list(queue.values())[-MAX_PENDING:]
        if self.blocked:
            self.save()
            return f"Not reported to the workshop room: {self.blocked}"
        self.save()  # kept before sending: a kernel that dies now loses nothing
        sent, dropped = self._send()
        self.save()
        self.message = self._note(sent, dropped)
        return self.message

    def retry(self) -> str:
        """Send the pending reports again now."""
        return self.report([])

    def _send(self) -> tuple[int, list[str]]:
        sent, dropped = 0, list[str]()
        endpoint, token = check_link(self.link)
        while self.pending:
            batch = self.pending[:BATCH]
            try:
                status, answer = post_json(endpoint, {"token": token, "name": self.name,
                                                      "reports": [r.to_dict() for r in batch]})
            except Unreachable as exc:
                self.status = f"the room at {where(endpoint)} did not answer: {exc}"
                break
            ok, code, message = _outcome(status, answer)
            if ok:
                self.pending = self.pending[len(batch):]
                sent += len(batch)
                self.reported += len(batch)
                self.status = "delivered"
                continue
            if status in RETRY or code == "flood":
                self.status = f"the room is busy or down ({message})"
                break
            if code in ("unknown-token", "revoked-token") or status in (403, 404) or answer is None:
                self.blocked = (f"the room refused this link ({message}): ask the teacher for the learners' link, "
                                "then join_room(link, name=...) again")
                break
            # the room refused what was reported (a challenge it does not know, a bad name ...):
            # the batch's reports are sent one by one, and only those refused are dropped
            for _ in batch:
                one_sent, one_dropped = self._send_one(endpoint, token)
                if not one_sent and not one_dropped:  # not answered: it stays pending
                    return sent, dropped
                sent += one_sent
                dropped += one_dropped
        return sent, dropped

    def _send_one(self, endpoint: str, token: str) -> tuple[int, list[str]]:
        """Send the first pending report on its own: (1, []) taken, (0, [why]) refused, (0, [])
        not answered (it stays pending)."""
        first = self.pending[0]
        try:
            status, answer = post_json(endpoint, {"token": token, "name": self.name, **first.to_dict()})
        except Unreachable as exc:
            self.status = f"the room at {where(endpoint)} did not answer: {exc}"
            return 0, []
        ok, code, message = _outcome(status, answer)
        if ok:
            self.pending.pop(0)
            self.reported += 1
            return 1, []
        if status in RETRY or code == "flood" or code in ("unknown-token", "revoked-token"):
            self.status = message
            return 0, []
        self.pending.pop(0)
        return 0, [f"{first.challenge}: {message}"]

    def _note(self, sent: int, dropped: list[str]) -> str:
        parts = []
        if sent:
            parts.append("Reported to the workshop room." if sent == 1 else f"{sent} challenges reported to the "
                                                                          "workshop room.")
        if dropped:
            parts.append(f"The room refused {len(dropped)}: {'; '.join(dropped)[:300]}.")
        if self.blocked:
            parts.append(f"Not reported: {self.blocked}.")
        elif self.pending:
            parts.append(f"Not reported yet ({self.status}): {len(self.pending)} kept, sent again with your next "
                         "solved challenge (or membership.retry()).")
        return " ".join(parts)

    # --- remembering ------------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"version": VERSION, "link": self.link, "name": self.name,
                           "pending": [r.to_dict() for r in self.pending]}, indent=1) + "\n"

    def save(self) -> str:
        """Write the membership beside the progress file (atomically); the trouble in words, or ""."""
        _memberships[_key(self.progress_path)] = self
        path = self.state_path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(self.to_json())
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as exc:
            return f"could not remember the room in {path} ({exc}): this kernel reports, a new one will not"
        return ""


def _outcome(status: int, answer: Any) -> tuple[bool, str, str]:
    """(taken, the room's error code, its message) of an answer."""
    if isinstance(answer, dict):
        if status == 200 and answer.get("ok") is True:
            return True, "", ""
        code = str(answer.get("error", ""))[:40]
        message = str(answer.get("message") or answer.get("reason") or f"HTTP {status}")[:300]
        return False, code, message
    return False, "", f"HTTP {status}, not an answer of a room (is the address right?)"


class DamagedMembership(ValueError):
    """The file that remembers the room is not one this code wrote."""


def _parse_state(text: str, progress_path: Path) -> RoomMembership:
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise DamagedMembership(f"not a version-{VERSION} room file")
    link, name, pending = data.get("link"), data.get("name"), data.get("pending", [])
    check_link(link)
    if not isinstance(link, str) or not isinstance(name, str) or name_problem(name):
        raise DamagedMembership(f"its name is not one: {name_problem(name)}")
    if not isinstance(pending, list):
        raise DamagedMembership("'pending' is not a list")
    reports = []
    for item in pending[:MAX_PENDING]:
        if not (isinstance(item, dict) and isinstance(item.get("section"), str)
                and isinstance(item.get("challenge"), str) and isinstance(item.get("done", True), bool)):
            raise DamagedMembership(f"a pending report is not one: {str(item)[:60]}")
        reports.append(Report(item["section"], item["challenge"], item.get("done", True)))
    return RoomMembership(link, name, progress_path, reports)


def _key(progress_path: Path) -> str:
    return os.path.abspath(progress_path)


_memberships: dict[str, RoomMembership] = {}  # this kernel's, by progress file


def membership(progress: str | os.PathLike | None = None) -> RoomMembership | None:
    """The room joined for this progress file (default: the learner's), in this kernel or an
    earlier one; None when none.  A damaged file raises ``DamagedMembership`` saying so."""
    progress_path = Path(progress).expanduser() if progress is not None else default_path()
    path = room_path(progress_path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_STATE_BYTES + 1)
    except FileNotFoundError:
        return _memberships.get(_key(progress_path))
    except OSError as exc:
        known = _memberships.get(_key(progress_path))
        if known is not None:
            return known
        raise DamagedMembership(f"{path} cannot be read ({exc})") from None
    try:
        if len(data) > MAX_STATE_BYTES:
            raise DamagedMembership(f"it is over {MAX_STATE_BYTES:,} bytes")
        found = _parse_state(data.decode("utf-8"), progress_path)
    except (DamagedMembership, LearnersLinkError, ValueError) as exc:
        raise DamagedMembership(f"the file {path}, which remembers your workshop room, is damaged ({exc}): "
                                "run join_room(link, name=...) again") from None
    known = _memberships.get(_key(progress_path))
    if known is not None and (known.link, known.name) == (found.link, found.name):
        known.pending = found.pending  # another kernel may have sent or added some
        return known
    _memberships[_key(progress_path)] = found
    return found


def _reports_of(ids: set[str] | list[str]) -> list[Report]:
    out = []
    for challenge_id in sorted(ids):
        try:
            out.append(Report(challenge(challenge_id).section, challenge_id))
        except KeyError:  # an id of another release of the package: the room would refuse it
            continue
    return out


# --- the learner's functions --------------------------------------------------------------------------


def join_room(link: str, name: str, *, progress: str | os.PathLike | None = None) -> RoomMembership:
    """Join the workshop room with your name: every challenge already solved is reported now,
    and each one solved later on a challenge board (see the module doc).  ``link`` is the
    room's learners' link, the whole address; ``progress`` the progress file (default: yours).
    The answer says where the reports go and whether any is pending."""
    check_link(link)
    problem = name_problem(name)
    if problem:
        raise LearnersLinkError(problem)
    progress_path = Path(progress).expanduser() if progress is not None else default_path()
    notes = []
    previous: RoomMembership | None = None
    try:
        previous = membership(progress_path)
    except DamagedMembership as exc:
        aside = _set_aside(room_path(progress_path))
        notes.append(f"{exc}; it was kept as {aside}" if aside else str(exc))
    joined = RoomMembership(link.strip(), name, progress_path)
    if previous is not None and (previous.link, previous.name) == (joined.link, joined.name):
        joined.pending = previous.pending  # the same room and name: what was pending still is
    record = Progress(progress_path)
    if record.problem:
        notes.append(record.problem)
    saved = joined.save()
    if saved:
        notes.append(saved)
    said = joined.report(_reports_of(record.solved))
    if not record.solved:
        said = f"No challenge solved yet: each one you solve is reported to the room. {said}".strip()
    joined.message = " ".join([said, *notes])
    return joined


def leave_room(progress: str | os.PathLike | None = None) -> str:
    """Stop reporting (the reports still pending are dropped); says what was left."""
    progress_path = Path(progress).expanduser() if progress is not None else default_path()
    known = _memberships.pop(_key(progress_path), None)
    path = room_path(progress_path)
    try:
        existed = path.exists()
        path.unlink(missing_ok=True)
    except OSError as exc:
        return f"could not forget the room: {path} cannot be removed ({exc})"
    if known is None and not existed:
        return "You were not in a workshop room."
    return "You left the workshop room: your challenges are no longer reported."


def report_solved(progress_path: str | os.PathLike, challenge_id: str) -> str:
    """A challenge just solved (``Progress.mark_solved``): reported to the room joined for that
    progress file, if any.  Words for the board ("" when no room was joined); never raises."""
    try:
        joined = membership(progress_path)
    except DamagedMembership as exc:
        return f"Not reported: {exc}."
    if joined is None:
        return ""
    try:
        return joined.report(_reports_of([challenge_id]))
    except Exception as exc:  # never into the board
        return f"Not reported to the workshop room ({type(exc).__name__}: {str(exc)[:120]})."


def _set_aside(path: Path) -> str:
    n = 1
    while os.path.lexists(path.with_name(f"{path.name}.damaged-{n}")):
        n += 1
    target = path.with_name(f"{path.name}.damaged-{n}")
    try:
        os.replace(path, target)
    except OSError:
        return ""
    return target.name


__all__ = ["DamagedMembership", "LearnersLinkError", "Report", "RoomMembership", "Unreachable", "check_link",
           "join_room", "leave_room", "membership", "post_json", "report_solved"]
