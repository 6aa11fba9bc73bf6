"""The teacher's dashboard inside a real JupyterHub, in Chromium (one hub for the module,
tests/room_hub.py, ~20 s to start).

The hub authenticates a page's ``fetch()`` by its cookie only with the XSRF value, GETs
included (``Sec-Fetch-Mode: cors``): a dashboard whose reads went without ``X-XSRFToken``
showed no table at all in a hub, while every request made outside a browser (tests/room's,
with no ``Sec-Fetch-*`` headers) passed.  So a browser does it here, as a teacher does:

* the room as the hub's managed service: Chromium logs in through the hub's login form as
  ``teacher`` (the dummy authenticator), opens ``/services/kabetopo-room/kabetopo-room/dashboard``
  (the hub's OAuth redirects, followed by the browser), sees a table made through the API
  listed with its players, and pauses it from the page (the room says it is paused);
* the room's extension in a hub single-user server (as on Binder): the user's own dashboard at
  ``/user/<name>/kabetopo-room/dashboard``, reached after the hub's OAuth for the single-user
  server, the same.
"""
from __future__ import annotations

import time

import pytest
import requests
from playwright.sync_api import expect
from room_hub import ROOM, TEACHER, Hub, running_hub

from .conftest import TIMINGS, _watched_page

OWNER = "bob"  # the user whose single-user server holds a room of its own


@pytest.fixture(scope="module")
def hub(_browser_requirements, tmp_path_factory):
    with running_hub(tmp_path_factory.mktemp("hub-dashboard"), "the dashboard's hub tests") as hub:
        TIMINGS.append(("JupyterHub with the room service: start", hub.started_in))
        yield hub


def room_api(hub: Hub, room: str, token: str, method: str, path: str, body: dict | None = None):
    """The teacher's API of the room at ``room`` with a hub API token (no cookie, no XSRF)."""
    answer = requests.request(method, f"{hub.url}{room}{path}", json=body, timeout=20,
                              headers={"Authorization": f"token {token}"})
    assert answer.status_code in (200, 201), (method, path, answer.status_code, answer.text[:300])
    return answer.json()


def log_in(page, hub: Hub, name: str) -> None:
    """The hub's login form, filled and sent as a person does."""
    page.goto(f"{hub.url}/hub/login?next=%2Fhub%2Fhome")  # the hub's home: no server of their own spawned
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "any password")
    page.locator("form [type=submit]").first.click()
    page.wait_for_url(lambda url: "/hub/login" not in url, wait_until="commit")  # the hub's home, or the user's lab


def check_dashboard(page, console: list[str], hub: Hub, room: str, token: str, players: list[str]) -> None:
    """The dashboard at ``room`` (the browser logged in) lists a table made through the API
    with its players, and pauses it from the page."""
    made = room_api(hub, room, token, "POST", "/api/tables", {"kind": "dakapo", "players": players})
    table = made["table"]
    page.goto(f"{hub.url}{room}/dashboard")  # the hub's OAuth redirects, then the page
    expect(page.locator("header.kd-header")).to_be_visible()
    assert page.url == f"{hub.url}{room}/dashboard", page.url
    card = page.locator(f"article.kd-table[data-table='{table}']")
    try:
        expect(card).to_be_visible(timeout=15_000)
    except AssertionError:
        summary = page.locator("#kd-summary").inner_text()
        raise AssertionError(f"the dashboard lists no table {table}: {summary!r}; console {console}") from None
    for name in players:
        expect(card.locator("tbody th", has_text=name)).to_be_visible()
    card.get_by_role("button", name="Pause").click()
    expect(card.locator(".kd-status")).to_contain_text("Paused")
    expect(page.locator("#kd-error")).to_have_text("")
    listed = next(t for t in room_api(hub, room, token, "GET", "/api/tables") if t["table"] == table)
    assert listed["paused"] is True, listed
    assert not [line for line in console if line.startswith("[pageerror]")], console


def test_a_teacher_drives_the_room_services_dashboard_in_a_hub(browser, hub, tmp_path):
    t0 = time.perf_counter()
    token = hub.api("POST", f"/users/{TEACHER}/tokens", {"note": "dashboard test", "expires_in": 600})["token"]
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page, console = _watched_page(context)
    try:
        log_in(page, hub, TEACHER)
        check_dashboard(page, console, hub, ROOM, token, ["Aiko", "Ben"])
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
        print(f"\nhub dashboard failure: {tmp_path}, console {console}\n{hub.log_tail()}")
        raise
    finally:
        context.close()
        TIMINGS.append(("the dashboard in a hub's room service", time.perf_counter() - t0))


def test_a_user_drives_the_dashboard_of_their_single_user_servers_room(browser, hub, tmp_path):
    t0 = time.perf_counter()
    prefix, token = hub.spawn(OWNER)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page, console = _watched_page(context)
    try:
        log_in(page, hub, OWNER)
        check_dashboard(page, console, hub, f"{prefix}/kabetopo-room", token, ["Chidi", "Dana"])
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
        print(f"\nsingle-user dashboard failure: {tmp_path}, console {console}\n{hub.log_tail()}")
        raise
    finally:
        context.close()
        hub.api("DELETE", f"/users/{OWNER}/server", ok=(202, 204))
        TIMINGS.append(("the dashboard in a hub's single-user server", time.perf_counter() - t0))
