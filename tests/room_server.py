"""A real Jupyter server with the room's extension, for the tests that need one
(tests/room, tests/browser): ``JupyterRoom(root).start()`` on a free port with a token,
``kill()`` (SIGKILL) and ``start()`` again on the same root folder (the same SQLite file),
``http(method, path, body)`` with or without the server's token.  ``running_room(base, what)``
is a module fixture's body: the server started in ``base/root`` (a test that cannot have
jupyter_server is skipped, or fails under ``CI=true``; a server that does not start fails),
stopped at the end.  ``extra_args`` add
command-line options (for example ``jupyter lab`` instead of ``jupyter server``).
``Standalone(base, lite)``: the standalone room (``python -m kabetopo_nb.room``) the same way,
serving the JupyterLite folder ``lite``; ``teacher(method, path, body)`` with its teacher token."""
from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from helpers import unavailable

REPO = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class JupyterRoom:
    """A Jupyter server with the room's extension, on a free port, with a token; ``kill()``
    (SIGKILL) and ``start()`` again on the same root folder (the same SQLite file)."""

    def __init__(self, root: Path, *, app: str = "server", extra_args: tuple[str, ...] = (),
                 env: dict[str, str] | None = None):
        self.root, self.token = root, secrets.token_hex(16)
        self.app, self.extra_args = app, tuple(extra_args)
        self.env = dict(env or {})  # more environment variables (e.g. JupyterLab's settings folder)
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.log = root.parent / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0, *, same_port: bool = False) -> None:
        """Start the server on a free port, or (``same_port``, after ``kill()``) on the port it
        had, as a restarted server is found by the pages that knew it."""
        if not (same_port and self.port):
            self.port = _free_port()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
               "JUPYTER_CONFIG_DIR": str(self.root.parent / "jupyter-config"),
               "JUPYTER_RUNTIME_DIR": str(self.root.parent / "runtime"), **self.env}
        cmd = [sys.executable, "-m", "jupyter", self.app, "--no-browser", f"--port={self.port}",
               "--ServerApp.port_retries=0",  # this port or none: the loop below asks this one
               "--ip=127.0.0.1", f"--ServerApp.token={self.token}", f"--ServerApp.root_dir={self.root}",
               "--allow-root", "--ServerApp.jpserver_extensions=kabetopo_nb.room=True",
               "--RoomExtension.bot_workers=2", *self.extra_args]
        log = open(self.log, "a")  # noqa: SIM115 (the server's, closed with it)
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=self.root)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the Jupyter server exited with {self.proc.returncode}:\n{self.log_tail()}")
            status, _ = self.http("GET", "/kabetopo-room/api/tables")
            if status == 200:
                return
            time.sleep(0.3)
        raise RuntimeError(f"the Jupyter server did not answer within {timeout:g} s:\n{self.log_tail()}")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:]) if self.log.exists() else ""

    def http(self, method: str, path: str, body=None, *, token: bool = True) -> tuple[int, object]:
        headers = {"Authorization": f"token {self.token}"} if token else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                status, raw, kind = response.status, response.read(), response.headers.get("Content-Type", "")
        except urllib.error.HTTPError as exc:
            status, raw, kind = exc.code, exc.read(), exc.headers.get("Content-Type", "")
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return 0, None
        text = raw.decode("utf-8", "replace")
        return status, json.loads(text) if "json" in kind and text else text


class Standalone:
    """``python -m kabetopo_nb.room`` in a subprocess: ``start()`` (a free port, waits for the
    teacher's line), ``kill()`` (SIGKILL), ``stop()`` (SIGTERM), plain HTTP requests."""

    def __init__(self, base: Path, lite: Path):
        self.base, self.lite = base, lite
        self.room_file = base / "workshop.sqlite"
        self.out = base / "standalone.out"
        self.proc: subprocess.Popen | None = None
        self.port, self.token, self.teacher_url, self.lines = 0, "", "", []

    def start(self, *, lite: Path | None = None, timeout: float = 30.0) -> None:
        self.port = _free_port()
        cmd = [sys.executable, "-m", "kabetopo_nb.room", "--port", str(self.port), "--ip", "127.0.0.1",
               "--room-file", str(self.room_file), "--lite", str(lite or self.lite), "--bot-workers", "1"]
        env = {k: v for k, v in os.environ.items() if k != "KABETOPO_ROOM_TOKEN"}
        env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
        self.out.write_text("")
        with open(self.out, "a") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=self.base)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the room exited with {self.proc.returncode}:\n{self.out.read_text()}")
            text = self.out.read_text(errors="replace")
            found = re.search(r"the teacher's dashboard: (http://\S+)", text)
            if found and self.answers():
                self.lines = text.splitlines()
                self.teacher_url = found.group(1)
                self.token = self.teacher_url.split("?token=", 1)[1]
                return
            time.sleep(0.1)
        raise RuntimeError(f"the room did not start within {timeout:g} s:\n{self.out.read_text()}")

    def answers(self) -> bool:
        try:
            return self.request("GET", "/kabetopo-room/login")[0] == 200
        except OSError:
            return False

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> int | None:
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.proc.returncode

    def request(self, method: str, path: str, body: dict | str | None = None, *,
                headers: dict[str, str] | None = None) -> tuple[int, http.client.HTTPMessage, str]:
        """One request, redirects not followed: status, headers, text."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            data = body if isinstance(body, str) or body is None else json.dumps(body)
            connection.request(method, path, body=data, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.headers, response.read().decode("utf-8", "replace")
        finally:
            connection.close()

    def teacher(self, method: str, path: str, body: dict | None = None) -> tuple[int, object]:
        status, _, text = self.request(method, path, body, headers={"Authorization": f"token {self.token}"})
        return status, json.loads(text) if text.startswith(("{", "[")) else text


@contextmanager
def running_room(base: Path, what: str, **options) -> Iterator[JupyterRoom]:
    """A ``JupyterRoom(base / "root", **options)`` started, then stopped (see the module doc)."""
    try:
        import jupyter_server  # noqa: F401
    except ImportError as exc:
        unavailable(f"jupyter_server is not importable ({exc}); pip install -e '.[test]'", what)
    root = base / "root"
    root.mkdir()
    jupyter = JupyterRoom(root, **options)
    try:
        jupyter.start()
    except (RuntimeError, OSError) as exc:  # the room's own failure: never a skip
        jupyter.stop()
        pytest.fail(f"the Jupyter server with the room did not start: {exc}", pytrace=False)
    try:
        yield jupyter
    finally:
        jupyter.stop()
