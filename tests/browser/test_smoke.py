"""Smoke test of the browser test machinery: an inline anywidget counter in JupyterLab.

The notebook (notebooks/smoke.ipynb, written by make_notebooks.py) defines a button whose
click adds one to a synced traitlet; here the button is clicked in Chromium and the value
is read back on the Python side, then set from Python and read on the page.
"""

import pytest

pytestmark = pytest.mark.browser


def test_click_reaches_python_and_python_reaches_the_view(page, open_notebook):
    nb = open_notebook(page, "smoke", widgets=1)
    button = nb.widget(0).locator("button.smoke-counter")
    assert button.text_content() == "count is 0"

    button.click()
    button.click()
    page.wait_for_function(
        "() => document.querySelector('button.smoke-counter').textContent === 'count is 2'")
    assert nb.run_code("print(counter.value)") == "2"

    nb.run_code("counter.value = 41")
    button.click()
    page.wait_for_function(
        "() => document.querySelector('button.smoke-counter').textContent === 'count is 42'")
    assert nb.run_code("counter.value") == "42"     # a result, not a print


def test_run_code_reports_errors(page, open_notebook):
    nb = open_notebook(page, "smoke", widgets=1)
    assert nb.run_code("import kabetopo_nb, sys\nprint(kabetopo_nb.__name__)") == "kabetopo_nb"
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        nb.run_code("1 / 0")
    assert "ZeroDivisionError" in nb.run_code("1 / 0", check=False)


def test_notebook_without_kernelspec_and_added_at_run_time(page, jupyter_lab, open_notebook):
    import nbformat

    nb = nbformat.v4.new_notebook()  # no kernelspec: JupyterLab asks "Select Kernel"
    nb.cells = [nbformat.v4.new_code_cell("x = 6 * 7")]
    name = jupyter_lab.add_notebook(nb, "no_kernelspec")
    notebook = open_notebook(page, name)
    assert notebook.run_code("print(x)") == "42"
    # a fresh workspace: the notebooks of earlier tests were not reopened with kernels
    assert [s["path"] for s in jupyter_lab.sessions()] == [name]
    assert notebook.page.locator(".jp-NotebookPanel").count() == 1


def test_a_cell_that_raises_fails_the_open_at_once(page, jupyter_lab, open_notebook):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("1 / 0"), nbformat.v4.new_code_cell("x = 1")]
    name = jupyter_lab.add_notebook(nb, "raises")
    with pytest.raises(AssertionError, match="cell 0 raised ZeroDivisionError"):
        open_notebook(page, name, timeout=30)
