"""The project's build and maintenance scripts (not part of the installed package).

Each runs as ``python3 scripts/<name>.py``; this file makes the folder a package too, so
the tests import them by name (``from scripts import build_notebooks``) with the project
root on pytest's ``pythonpath`` (pyproject.toml).
"""
