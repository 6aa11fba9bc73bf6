"""Playing by keyboard alone, in a real JupyterLab in Chromium (issue 24, item 7).

A keyboard user reaches everything a mouse does: the ring starts on the runner to move
(and on the first option when the board asks a choice), the arrows reach every square,
runner and option badge, Shift+arrows the sides of a square in a fixed order, a digit picks
a numbered option, Tab the panel's buttons and choices (every option on the board is one).

* The whole guided game is played with the keyboard alone; the number of key presses is
  printed (a figure for the closing note).
* A teleport-and-bump turn: the runner, its portal, an exit onto the Mountain, where the
  bumped runner lands, and End turn, by keys; every badge of the exit and bump choices is
  reached by the arrows.
* Enter on the portal beside the runner, with the speed token pressed, goes into it (it
  used to refuse with "lock it behind you" and leave the token disarmed).
* Shift+arrows pick the lines around a square predictably.

Only keys act on the board here: ``KeyDriver`` reads where the ring is (the page's own
state) and chooses the next key, as a person looking at the screen would.
"""
from __future__ import annotations

import math

import nbformat
from playwright.sync_api import expect

from kabetopo_nb.challenges.guided import guided_game

from .test_board import python, renders

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}

# East on b5 beside a portal b5e twinned with c3n; South on the Mountain c4: coming out
# through c4s lands on the Mountain and bumps South (K-MTN-3)
TELEPORT_BUMP = "rules=kabetopo-4p;lines=P*b5e,P*c3n;runners=Eb5,Sc4,Wa1,Na6;pools=E:w0m0p0l0s1;turn=E"
# East on c2, a step from c1 beside the portal b1e (c1's west side), twinned with e4n
SPEED_PORTAL = "runners=Ec2,Sf1,Wa1,Na6;lines=P*b1e,P*e4n;turn=E"

RING = """(el) => {
  const n = el.querySelector('.kb-focus');
  if (!n) return null;
  const r = n.getBoundingClientRect();
  return [n.getAttribute('data-target'), r.left + r.width / 2, r.top + r.height / 2];
}"""
CENTRE = """([el, t]) => {
  const n = [...el.querySelectorAll('[data-target]')].find((x) => x.getAttribute('data-target') === t
                                                                && !x.closest('.kb-runner'))
         || [...el.querySelectorAll('[data-target]')].find((x) => x.getAttribute('data-target') === t);
  if (!n) return null;
  const r = n.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""
SQUARES = """(el) => [...el.querySelectorAll('.kb-svg [data-target^="sq:"]')].filter((n) => !n.closest('.kb-runner'))
  .map((n) => { const r = n.getBoundingClientRect();
                return [n.getAttribute('data-target'), r.left + r.width / 2, r.top + r.height / 2]; })"""


def notebook_with(jupyter_lab, open_notebook, page, name: str, code: str):
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": KERNELSPEC})
    nb.cells = [nbformat.v4.new_code_cell(code)]
    jupyter_lab.add_notebook(nb, name)
    return open_notebook(page, name, widgets=1)


class KeyDriver:
    """Keys, and only keys, sent to one board; counts them."""

    def __init__(self, board):
        self.board = board
        self.page = board.page
        self.widget = board.locator(".kb-widget")
        self.presses = 0

    def key(self, key: str, *, redraw: bool = False) -> None:
        before = renders(self.board)
        self.presses += 1
        self.page.keyboard.press(key)
        if redraw:
            self.page.wait_for_function(
                "([el, n]) => Number(el.dataset.renders || 0) + Number(el.dataset.panels || 0) > n",
                arg=[self.widget.element_handle(), before])

    def ring(self) -> tuple[str, float, float] | None:
        found = self.widget.evaluate(RING)
        return tuple(found) if found else None

    def _centre(self, target: str):
        return self.widget.evaluate(f"(el) => ({CENTRE})([el, {target!r}])")

    def active(self) -> str:
        return self.page.evaluate("""() => { const a = document.activeElement;
            if (!a) return '';
            if (a.classList.contains('kb-root')) return 'board';
            return a.dataset.button ? 'button:' + a.dataset.button : a.dataset.target ? 'choice:' + a.dataset.target
                   : a.tagName; }""")

    def to_board(self) -> None:
        """Back onto the board from the panel (Shift+Tab: the board comes before its panel)."""
        for _ in range(40):
            if self.active() == "board":
                return
            self.key("Shift+Tab")
        raise AssertionError("Shift+Tab never reached the board")

    def to_panel(self, wanted: str) -> None:
        """Tab through the panel to a button (``button:end``) or a choice (``choice:act:...``)."""
        for _ in range(60):
            self.key("Tab")
            if self.active() == wanted:
                return
        raise AssertionError(f"Tab never reached {wanted}")

    def ring_to(self, target: str) -> None:
        """Arrows until the ring is on the square ``target``: each press the arrow that heads
        most towards it and gets nearer (the arrows go square by square, along the board's
        axes as drawn)."""
        self.to_board()
        if self.ring() is None:
            self.key("ArrowUp")  # shows the ring on the cursor, or starts it
        goal = self._centre(target)
        assert goal, f"{target} is not on the board"
        for _ in range(40):
            here = self.ring()
            assert here is not None
            if here[0] == target:
                return
            if here[0].startswith("act:"):  # on an option badge: an arrow goes on from its square
                self.key("ArrowUp")
                continue
            dx, dy = goal[0] - here[1], goal[1] - here[2]
            dist = math.hypot(dx, dy)
            tried = []
            for key, (kx, ky) in sorted(ARROWS.items(), key=lambda kv: -(kv[1][0] * dx + kv[1][1] * dy)):
                if kx * dx + ky * dy <= 0:
                    continue
                self.key(key)
                there = self.ring()
                tried.append((key, there))
                assert there is not None
                if there[0] == target or math.hypot(goal[0] - there[1], goal[1] - there[2]) < dist - 1:
                    break
                # no nearer: undo that press with its opposite and try the next arrow
                self.key({"ArrowUp": "ArrowDown", "ArrowDown": "ArrowUp",
                          "ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft"}[key])
            else:
                raise AssertionError(f"no arrow brings the ring from {here} nearer to {target} at {goal}: {tried}")
        raise AssertionError(f"the arrows never reached {target}")

    def mark(self, target: str) -> str:
        """The mark of an option drawn on the board (a digit or a letter), as its panel button has it."""
        choice = self.widget.locator(f'button.kb-choice[data-target="{target}"]')
        expect(choice).to_have_count(1)
        mark = choice.get_attribute("data-mark")
        assert mark, f"the panel's button for {target} has no mark"
        return mark

    def badge(self, target: str) -> None:
        """The ring onto an option badge by its letter (pressed until it gets there)."""
        self.to_board()
        mark = self.mark(target)
        assert not mark.isdigit()
        for _ in range(12):
            self.key(mark.lower())
            if (self.ring() or ("",))[0] == target:
                return
        raise AssertionError(f"the key {mark} never brought the ring to {target}")

    def choose(self, target: str) -> None:
        """An option on the board: its digit, or its letter until the ring is on it, then Enter."""
        mark = self.mark(target)
        if mark.isdigit():
            self.to_board()
            self.key(mark, redraw=True)
        else:
            self.badge(target)
            self.enter()

    def line(self, target: str) -> None:
        """Shift+arrow from the square beside ``target`` to it: the side towards which the
        same arrow steps (up and right is Up, down and right is Right ...)."""
        goal = self._centre(target)
        squares = self.widget.evaluate(SQUARES)
        name, x, y = min(squares, key=lambda s: math.hypot(s[1] - goal[0], s[2] - goal[1]))
        self.ring_to(name)
        dx, dy = goal[0] - x, goal[1] - y
        # the key whose half cone (clockwise side included) holds the line
        for key, (kx, ky) in ARROWS.items():
            along, across = kx * dx + ky * dy, -ky * dx + kx * dy
            if along > 1 and -0.5 <= across <= along + 0.5:
                self.key(f"Shift+{key}")
                break
        ring = self.ring()
        assert ring and ring[0] == target, f"Shift+arrow from {name} went to {ring}, not {target}"

    def enter(self) -> None:
        self.key("Enter", redraw=True)


def play_click(keys: KeyDriver, click: str) -> None:
    """One of the guided game's clicks, by keys."""
    if click.startswith("button:"):
        keys.to_panel(click)
        keys.enter()
    elif click.startswith("ln:"):
        keys.line(click)
        keys.enter()
    elif click.startswith("act:") and keys.widget.locator(f'.kb-svg [data-target="{click}"]').count():
        keys.choose(click)  # an option drawn on the board
    elif click.startswith("act:"):  # a choice the panel offers (a drop on the line chosen)
        keys.to_panel(f"choice:{click}")
        keys.enter()
    else:
        keys.ring_to(click.removeprefix("runner:"))
        keys.enter()


def test_the_whole_guided_game_by_keyboard_alone(jupyter_lab, open_notebook, page):
    nb = notebook_with(jupyter_lab, open_notebook, page, "guided_keys",
                       "from kabetopo_nb import GuidedGameBoard\nboard = GuidedGameBoard()\nboard")
    board = nb.widget(0)
    keys = KeyDriver(board)
    board.locator(".kb-root").focus()  # what Tab does on reaching the board
    ring = keys.ring()
    assert ring and ring[0] == "sq:f6", f"the ring should start on East's runner (f6), not {ring}"
    for n, step in enumerate(guided_game().steps):
        expect(board.locator(".kb-panel-status")).to_contain_text(f"step {n + 1} of 10")
        for click in step.clicks:
            play_click(keys, click)
    expect(board.locator(".kb-panel-status")).to_contain_text("finished")
    assert python(nb, "board.controller.walk.done") is True
    print(f"\nkeyboard-only guided game: {keys.presses} key presses for {len(guided_game().steps)} steps")


def test_a_teleport_and_bump_turn_by_keyboard_alone(jupyter_lab, open_notebook, page):
    nb = notebook_with(jupyter_lab, open_notebook, page, "teleport_bump_keys",
                       f"from kabetopo_nb import KabetopoBoard\nboard = KabetopoBoard({TELEPORT_BUMP!r})\nboard")
    board = nb.widget(0)
    keys = KeyDriver(board)
    board.locator(".kb-root").focus()
    assert keys.ring()[0] == "sq:b5"  # the runner to move
    keys.enter()  # select it: its moves light up, the portal's entry shows as T
    keys.choose("act:teleport b5e")
    # the exit choice: the ring is on option 1, every exit badge is in reach of the arrows,
    # and the panel names each option
    exits = sorted(t for t in board.locator('.kb-svg [data-target^="act:exit"]').evaluate_all(
        "ns => ns.map((n) => n.getAttribute('data-target'))"))
    assert len(exits) == 2
    assert keys.ring()[0].startswith("act:exit")
    for target in exits:
        assert keys.mark(target).isdigit()  # each has its digit, and its button in the panel
        expect(board.locator(f'button.kb-choice[data-target="{target}"]')).to_be_visible()
    keys.choose("act:exit c4s")
    # the bump choice: the ring on its first option; every badge reachable
    expect(board.locator(".kb-panel-status")).to_contain_text("bump")
    bumps = board.locator('.kb-svg [data-target^="act:bump"]').evaluate_all(
        "ns => ns.map((n) => n.getAttribute('data-target'))")
    assert len(bumps) >= 2
    assert keys.ring()[0] in bumps
    for target in bumps:
        keys.badge(target)
    # the arrows still go square by square with badges about: Left from the Mountain is b4
    keys.ring_to("sq:c4")
    keys.key("ArrowLeft")
    assert keys.ring()[0] == "sq:b4"
    last = bumps[-1]
    keys.choose(last)
    if board.locator('button[data-button="end"]').count():
        keys.to_panel("button:end")
        keys.enter()
    history = python(nb, "board.history")
    assert history[:3] == ["teleport b5e", "exit c4s", last.removeprefix("act:")], history
    assert python(nb, "board.state.position.turn") != 0  # East's turn is over
    print(f"\nkeyboard-only teleport-and-bump turn: {keys.presses} key presses")


def test_enter_on_the_portal_beside_the_runner_with_the_speed_token_pressed_goes_in(jupyter_lab, open_notebook, page):
    nb = notebook_with(jupyter_lab, open_notebook, page, "speed_portal_keys",
                       f"from kabetopo_nb import KabetopoBoard\nboard = KabetopoBoard({SPEED_PORTAL!r})\nboard")
    board = nb.widget(0)
    keys = KeyDriver(board)
    board.locator(".kb-root").focus()
    keys.ring_to("sq:c1")
    keys.enter()
    keys.to_panel("button:speed")
    keys.enter()
    expect(board.locator('button[data-button="speed"]')).to_have_attribute("aria-pressed", "true")
    keys.line("ln:b1e")
    keys.enter()
    expect(board.locator('.kb-svg [data-target^="act:exit"]')).to_have_count(2)
    assert keys.ring()[0].startswith("act:exit")  # and the ring waits on the first exit
    keys.key("1", redraw=True)
    history = python(nb, "board.history")
    assert history[:2] == ["step c1", "speed teleport c1w"] and history[2].startswith("exit "), history


def test_shift_arrows_walk_the_lines_around_a_square_predictably(jupyter_lab, open_notebook, page):
    nb = notebook_with(jupyter_lab, open_notebook, page, "lines_keys",
                       "from kabetopo_nb import KabetopoBoard\nboard = KabetopoBoard('runners=Eb1,Sf1,Wa1,Na6;turn=E')\nboard")
    board = nb.widget(0)
    keys = KeyDriver(board)
    board.locator(".kb-root").focus()
    keys.ring_to("sq:c3")
    # Shift+Up is the side towards rank+1 (north), pressed again the next square's north side
    for key, expected in (("Shift+ArrowUp", "ln:c3n"), ("Shift+ArrowUp", "ln:c4n"), ("Shift+ArrowRight", "ln:c4e"),
                          ("Shift+ArrowRight", "ln:d4e"), ("Shift+ArrowDown", "ln:d3n"), ("Shift+ArrowLeft", "ln:c4e")):
        keys.key(key)
        assert keys.ring()[0] == expected, f"{key} went to {keys.ring()[0]}, not {expected}"
    keys.key("ArrowUp")  # an arrow goes back to the squares, from the line's square
    assert keys.ring()[0].startswith("sq:")
