"""The teacher's dashboard page in Chromium, over a real Jupyter server with the room
(tests/room_server.py's ``JupyterRoom``, one for the module): logged in by opening the page
with ``?token=`` (the server's cookie from then on, and its XSRF token in every POST), the
teacher makes a table from the form, sees it listed, pauses and resumes it, lets a bot take
over a seat and gives it back, revokes a link (the card shows the new one), the dashboard's
points equal the API's, the page prints one card per seat with its QR code (print media and
a PDF), fits 1280x720 without sideways scrolling, and axe finds no serious or critical
violation in light and dark."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect
from room_server import JupyterRoom, running_room

from .conftest import TIMINGS, _watched_page, axe_script

ROOM = "/kabetopo-room"


@pytest.fixture(scope="module")
def server(_browser_requirements, tmp_path_factory):
    with running_room(tmp_path_factory.mktemp("dashboard"), "the dashboard's tests") as jupyter:
        yield jupyter


def api(server: JupyterRoom, path: str, body=None):
    status, data = server.http("POST" if body is not None else "GET", ROOM + path, body)
    assert status in (200, 201), (path, status, data)
    return data


def table_info(server: JupyterRoom, table: int) -> dict:
    return next(t for t in api(server, "/api/tables") if t["table"] == table)


def audit(page) -> list[dict]:
    return page.evaluate("""async () => {
      const result = await window.axe.run(document, {resultTypes: ['violations']});
      return result.violations.map(v => ({id: v.id, impact: v.impact,
        nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary).slice(0, 5)}));
    }""")


def test_the_dashboard_drives_the_room(browser, server, tmp_path):
    t0 = time.perf_counter()
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page, console = _watched_page(context)
    try:
        page.goto(f"{server.url}{ROOM}/dashboard?token={server.token}")
        page.wait_for_selector("body[data-ready='true']")
        # a table from the form: Aiko and Ben (the form's names), a person each, a 2-player Kabetopo match
        page.select_option("#kd-kind", "kabetopo")
        page.fill("#kd-p2", "Chidi")
        page.select_option("#kd-s2", "greedy")
        page.click("#kd-new-table button[type=submit]")
        card = page.locator("article.kd-table[data-table='1']")
        expect(card).to_be_visible()
        expect(card.locator("h3")).to_contain_text("Table 1")
        info = table_info(server, 1)
        assert info["players"] == ["Aiko", "Ben", "Chidi"] and [s["played_by"] for s in info["seats"]] == [
            "human", "human", "greedy"]
        expect(page.locator("#kd-live")).to_contain_text("Table 1")

        # pause and resume
        card.get_by_role("button", name="Pause").click()
        expect(card.locator(".kd-status")).to_contain_text("Paused")
        assert table_info(server, 1)["paused"] is True
        card.get_by_role("button", name="Resume").click()
        expect(card.locator(".kd-status")).to_contain_text("Playing")
        assert table_info(server, 1)["paused"] is False

        # a bot takes over Ben's seat, and gives it back
        ben = card.locator("tbody tr").nth(1)
        ben.get_by_role("button", name="Bot plays").click()
        expect(ben).to_contain_text("bot (greedy)")
        assert table_info(server, 1)["seats"][1]["played_by"] == "greedy"
        card.locator("tbody tr").nth(1).get_by_role("button", name="Give back").click()
        expect(card.locator("tbody tr").nth(1)).to_contain_text("a person")
        assert table_info(server, 1)["seats"][1]["played_by"] == "human"

        # revoke Aiko's link: the card shows the new one, the old one is gone
        old = api(server, "/api/tables/1/links")["seats"][0]["link"]
        aiko_card = page.locator("article.kd-card[data-table='1'][data-seat='0']")
        expect(aiko_card.locator(".kd-link")).to_contain_text(old.split("#")[1])
        card.get_by_role("button", name="Revoke Aiko's link and make a new one").click()
        new = api(server, "/api/tables/1/links")["seats"][0]["link"]
        assert new != old
        expect(aiko_card.locator(".kd-link")).to_contain_text(new.split("#")[1])
        # the project link: the watchers' link with the presentation view
        project = card.get_by_role("link", name="Project").get_attribute("href")
        watchers = api(server, "/api/tables/1/links")["watchers"]["link"]
        assert project == f"{server.url}{watchers.replace('#', '?view=presentation#')}"

        # a table of bots plays by itself; once paused, the dashboard's points are the API's
        api(server, "/api/tables", {"kind": "kabetopo", "players": ["Eve", "Finn"], "seats": ["greedy", "greedy"],
                                    "options": {"auto_next": True}})
        deadline = time.monotonic() + 60
        while not any(table_info(server, 2)["scores"].values()) and time.monotonic() < deadline:
            time.sleep(0.5)
        api(server, "/api/tables/2/pause", {})
        bots = page.locator("article.kd-table[data-table='2']")
        expect(bots.locator(".kd-status")).to_contain_text("Paused")
        scores = table_info(server, 2)["scores"]
        assert any(scores.values()), scores
        for name, points in scores.items():
            expect(bots.locator(f".kd-score[data-player='{name}']")).to_have_text(str(points))

        # fits 1280x720: nothing wider than the window
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280

        # printed: the join cards only (one per person's seat), each with its QR code
        page.wait_for_function("[...document.querySelectorAll('img.kd-qr')].every(i => i.complete && i.naturalWidth > 0)")
        page.emulate_media(media="print")
        cards = page.locator("article.kd-card")
        assert cards.count() == 2  # Aiko and Ben: the bots' seats need no card
        expect(page.locator("#kd-tables")).to_be_hidden()
        expect(page.locator("header.kd-header")).to_be_hidden()
        for i in range(2):
            expect(cards.nth(i).locator("img.kd-qr")).to_be_visible()
            expect(cards.nth(i).locator(".kd-link")).to_be_visible()
        pdf = page.pdf(format="A4")
        (tmp_path / "cards.pdf").write_bytes(pdf)
        assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1
        page.emulate_media(media="screen")

        # accessible, light and dark
        page.add_script_tag(path=str(axe_script()))
        failures = []
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            violations = audit(page)
            print(f"axe, dashboard, {scheme}: {[(v['id'], v['impact']) for v in violations]}")
            failures += [v for v in violations if v["impact"] in ("serious", "critical")]
        assert not failures, failures
        errors = [line for line in console if line.startswith("[pageerror]")]
        assert not errors, errors
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
        print(f"\ndashboard failure artefacts: {tmp_path}, console: {console}, server log {server.log}")
        raise
    finally:
        context.close()
        TIMINGS.append(("the dashboard drives the room", time.perf_counter() - t0))
