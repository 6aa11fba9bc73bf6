"""Real-browser tests (JupyterLab + Chromium via Playwright); see conftest.py."""
