"""The teacher's control in a notebook (notebook 18): ``RoomDashboard()`` shows the room's
dashboard page (``<base_url>kabetopo-room/dashboard``, docs/ROOM.md "The teacher") inside the
notebook, so that every control of the room lives in one place, the page.

    >>> from kabetopo_nb.room.teacher import RoomDashboard
    >>> RoomDashboard()          # in JupyterLab: the dashboard, in a frame

The frame's address is made in the browser from JupyterLab's own page config
(``#jupyter-config-data``'s ``baseUrl``), so it works under ``/user/<name>/`` on a hub or
Binder as on a laptop.  Where the page cannot be had (no Jupyter server around the kernel, a
server without the room), the frame shows the server's answer and the sentence beside it
says what to do.  A saved notebook keeps a sentence and the page's address (``text/html``),
the same at every run: nothing random is in the output.
"""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from ..core.verdict import SettingError

PATH = "kabetopo-room/dashboard"

_ESM = """
/** The room's dashboard in a frame: JupyterLab's base URL from its page config. */
function baseUrl() {
  const el = document.getElementById("jupyter-config-data");
  try { return (el && JSON.parse(el.textContent || "{}").baseUrl) || "/"; } catch (e) { return "/"; }
}
function render({ model, el }) {
  const base = baseUrl().replace(/\\/?$/, "/");
  const url = base + model.get("path");
  const box = document.createElement("div");
  box.className = "kabetopo-room-dashboard";
  const p = document.createElement("p");
  const a = document.createElement("a");
  a.href = url; a.target = "_blank"; a.rel = "noopener"; a.textContent = "Open the dashboard in its own tab";
  p.append("The workshop room's dashboard (every table, the join links and their QR codes, the tournament). ", a, ".");
  const frame = document.createElement("iframe");
  frame.src = url;
  frame.title = "The workshop room's dashboard";
  frame.style.width = "100%";
  frame.style.height = model.get("height") + "px";
  frame.style.border = "1px solid #8a8a8a";
  box.append(p, frame);
  el.append(box);
  return () => box.remove();
}
export default { render };
"""


class RoomDashboard(anywidget.AnyWidget):
    """The room's dashboard page in a frame (see the module doc); ``height`` in pixels."""

    _esm = _ESM
    path = traitlets.Unicode(PATH, help="the dashboard's address under the server's base URL").tag(sync=True)
    height = traitlets.Int(720, help="the frame's height in pixels").tag(sync=True)

    def __init__(self, *, height: int = 720, **kwargs: Any):
        if kwargs:
            raise SettingError(f"unknown keyword argument(s): {', '.join(sorted(kwargs))}")
        if not isinstance(height, int) or isinstance(height, bool) or not 200 <= height <= 4000:
            raise SettingError(f"height is a whole number of pixels from 200 to 4000, not {height!r}")
        super().__init__(height=height)

    def __repr__(self) -> str:
        return f"RoomDashboard(height={self.height})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        data["text/html"] = self.picture_html()
        return data, metadata

    def picture_html(self) -> str:
        """What a saved notebook shows without the widget: a sentence and the page's address
        under the server's base URL (deterministic)."""
        return ("<p>The workshop room's dashboard shows here when this cell runs in JupyterLab "
                f"(its page: <code>&lt;server&gt;/{PATH}</code>, for example "
                f"<code>http://localhost:8888/{PATH}</code>).</p>")


__all__ = ["PATH", "RoomDashboard"]
