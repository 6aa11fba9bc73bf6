"""Where the progress file lives (issue 13): in JupyterLite the kernel's home folder is in
memory and gone at the next reload, so the file goes to the browser's storage (/drive)."""
from __future__ import annotations

import sys
from pathlib import Path

from kabetopo_nb.challenges import progress


def test_the_progress_file_is_in_the_home_folder_on_a_server(monkeypatch):
    monkeypatch.delenv(progress.ENV_VAR, raising=False)
    assert progress.default_path() == Path.home() / ".kabetopo-nb" / "progress.json"


def test_in_jupyterlite_the_progress_file_is_kept_in_the_browsers_storage(monkeypatch, tmp_path):
    monkeypatch.delenv(progress.ENV_VAR, raising=False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(progress, "LITE_DRIVE", tmp_path)
    assert progress.default_path() == tmp_path / "kabetopo-progress.json"
    record = progress.Progress()
    record.mark_solved("walls-block-south")
    assert progress.Progress().is_solved("walls-block-south")


def test_the_environment_variable_wins_everywhere(monkeypatch, tmp_path):
    monkeypatch.setenv(progress.ENV_VAR, str(tmp_path / "mine.json"))
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert progress.default_path() == tmp_path / "mine.json"
