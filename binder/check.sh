#!/usr/bin/env bash
# Check the Binder environment as Binder would use it: a fresh virtual environment built
# only from binder/requirements.txt, then every notebook executed in it (nbclient, no
# pytest, no test extras), from the notebooks folder.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$(mktemp -d)/binder-venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q -r binder/requirements.txt
"$venv/bin/python" -m ipykernel install --prefix "$venv" --name python3 >/dev/null
NB_PYTHON_PREFIX="$venv" bash binder/postBuild  # the JupyterLab settings Binder gets
"$venv/bin/python" - <<'PY'
import json
from pathlib import Path
from jupyterlab.commands import get_app_dir
settings = json.loads((Path(get_app_dir()) / "settings" / "overrides.json").read_text())
assert settings["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is True, settings
assert settings["@jupyterlab/docmanager-extension:plugin"]["autosaveInterval"] == 15, settings
print("binder check: JupyterLab saves widget state with notebooks, every 15 s")
PY
"$venv/bin/python" - <<'PY'
from jupyter_server.extension.config import ExtensionConfigManager
from jupyter_core.paths import jupyter_config_path
enabled = ExtensionConfigManager(read_config_path=jupyter_config_path()).get_jpserver_extensions()
assert enabled.get("kabetopo_nb.room") is True, enabled
print("binder check: the workshop room's server extension is enabled")
PY
"$venv/bin/python" - <<'PY'
import sys, time
from pathlib import Path
import nbformat
from nbclient import NotebookClient
from jupyter_client.kernelspec import KernelSpecManager

ksm = KernelSpecManager(kernel_dirs=[str(Path(sys.prefix) / "share" / "jupyter" / "kernels")])
paths = sorted(Path("notebooks").glob("*.ipynb"))
if not paths:
    sys.exit("binder check: no notebooks found")
start = time.time()
for path in paths:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", kernel_spec_manager=ksm,
                            resources={"metadata": {"path": "notebooks"}})
    client.execute()
    print(f"binder check: {path.name} executed")
print(f"binder check: {len(paths)} notebooks executed in {time.time() - start:.1f} s")
PY
