"""Build the JupyterLite site: the notebooks and the board in the browser, fully offline.

    python3 scripts/build_lite.py            # -> build/lite/site, served by any static server
    python3 -m http.server -d build/lite/site 8000

One folder holds everything the site needs: JupyterLab (JupyterLite), the widget front ends
(ipywidgets' and anywidget's JupyterLab extensions), Pyodide (the CPython interpreter
compiled to WebAssembly, from the npm registry), every wheel of the in-browser Python
environment (pinned in lite/requirements-pyodide.txt, fetched from PyPI), kabetopo-nb's own
wheel and the notebooks.  The site's ``pyodide-lock.json`` lists exactly those wheels with
their sha256, and the kernel is told to load them at start and never to fall back to PyPI,
so nothing is fetched from any other host when the site runs (tests/lite checks it in
Chromium with every other host blocked).

Downloads (pip, npm tarball) happen only here, at build time, and are cached in
build/lite/cache.  The build tools go into a virtual environment of their own
(build/lite/env, from lite/requirements-build.txt).  A build whose inputs have not changed
since the last one is skipped (``--force`` rebuilds); the inputs' digest is in the site's
``kabetopo-lite.json`` with the versions and the site's size.
"""
from __future__ import annotations

import argparse
import base64
import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
import venv
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
BUILD = ROOT / "build" / "lite"
SITE = BUILD / "site"
CACHE = BUILD / "cache"
ENV = BUILD / "env"

PYODIDE_VERSION = "314.0.6"  # the version jupyterlite-pyodide-kernel 0.8.6 is built for
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_SHA512 = "BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js")
# the kernel's own wheels, shipped inside jupyterlite-pyodide-kernel's extension
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")
# what the kernel imports at start, and what the notebooks need: loaded by loadPyodide
START_PACKAGES = ("micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "jedi", "ipython",
                  "widgetsnbextension", "ipywidgets", "anywidget", "kabetopo-nb")
# The environment markers of a requirement, evaluated as Pyodide would (no extras asked for).
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
                   "os_name": "posix", "python_version": "3.14", "python_full_version": "3.14.2",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
# Notebooks left out of the Lite site, with the reason the start page gives (compiled
# packages such as numpy need Pyodide's own builds, which this build does not ship).
NOT_IN_LITE: dict[str, str] = {
    "22-balance-lab": "it plays thousands of games on Dask distributed (worker processes) and keeps them in "
                      "pandas/Parquet with matplotlib plots: packages Pyodide cannot run or this build does "
                      "not ship; run it in JupyterLab (Binder or your own machine)",
}


def log(text: str) -> None:
    print(f"[build_lite] {text}", flush=True)


def run(*cmd, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


# --- inputs -------------------------------------------------------------------------------

def inputs_digest() -> str:
    """A digest of everything the site is built from (so an unchanged build can be skipped)."""
    h = hashlib.sha256()
    parts = [LITE, ROOT / "kabetopo_nb", ROOT / "widgets", ROOT / "notebooks", ROOT / "pyproject.toml", Path(__file__)]
    for part in parts:
        files = [part] if part.is_file() else sorted(p for p in part.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                                                       and ".ipynb_checkpoints" not in p.parts and p.suffix != ".pyc")
        for f in files:
            h.update(str(f.relative_to(ROOT)).encode())
            h.update(f.read_bytes())
    h.update(PYODIDE_VERSION.encode())
    return h.hexdigest()


# --- the build environment -----------------------------------------------------------------

def build_env() -> Path:
    """A virtual environment with the pinned build tools; reused while its pins are unchanged."""
    pins = (LITE / "requirements-build.txt").read_text(encoding="utf-8")
    stamp = ENV / "pins.txt"
    python = ENV / "bin" / "python"
    if not (stamp.is_file() and stamp.read_text(encoding="utf-8") == pins and python.exists()):
        log("creating the build environment (build/lite/env)")
        shutil.rmtree(ENV, ignore_errors=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(ENV)
        run(python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", LITE / "requirements-build.txt")
        stamp.write_text(pins, encoding="utf-8")
    return python


# --- Pyodide and the wheels --------------------------------------------------------------

def fetch_pyodide() -> Path:
    """The npm package of Pyodide (interpreter and standard library), checked against its pin."""
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file():
        log(f"downloading {PYODIDE_TARBALL}")
        CACHE.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(PYODIDE_TARBALL, timeout=120) as response:
            data = response.read()
        tarball.write_bytes(data)
    digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if digest != PYODIDE_SHA512:
        tarball.unlink()
        raise SystemExit(f"the Pyodide tarball does not match its pinned sha512 ({digest}); removed it, run again")
    return tarball


def fetch_wheels(python: Path) -> list[Path]:
    """The pinned pure-Python wheels of the in-browser environment (cached)."""
    wheels = CACHE / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    run(python, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps", "--only-binary=:all:",
        "--platform", "any", "--python-version", "3.14", "--implementation", "py", "--abi", "none",
        "-r", LITE / "requirements-pyodide.txt", "-d", wheels)
    wanted = {}
    for line in (LITE / "requirements-pyodide.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            wanted[canonicalize_name(name)] = version
    found = []
    for whl in sorted(wheels.glob("*.whl")):
        name, version = whl.name.split("-")[:2]
        if wanted.get(canonicalize_name(name)) == version:
            found.append(whl)
    missing = set(wanted) - {canonicalize_name(w.name.split("-")[0]) for w in found}
    if missing:
        raise SystemExit(f"wheels missing after download: {', '.join(sorted(missing))}")
    return found


def kernel_wheels(python: Path) -> list[Path]:
    """piplite, pyodide-kernel and the kernel's ipykernel / widgetsnbextension stand-ins."""
    prefix = Path(subprocess.run([python, "-c", "import sys; print(sys.prefix)"], check=True,
                                 capture_output=True, text=True).stdout.strip())
    pypi = prefix / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    out = []
    for stem in KERNEL_WHEELS:
        found = sorted(pypi.glob(f"{stem}*.whl"))
        if not found:
            raise SystemExit(f"no {stem} wheel in {pypi}")
        out.append(found[-1])
    return out


def project_wheel(python: Path) -> Path:
    """kabetopo-nb's own wheel (pure Python; its requirements are the run-time ones only)."""
    out = BUILD / "project-wheel"
    shutil.rmtree(out, ignore_errors=True)
    run(python, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps", ROOT, "-w", out)
    (whl,) = out.glob("kabetopo_nb-*.whl")
    return whl


def wheel_metadata(whl: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, top-level import names, requirement names) read from a wheel."""
    with zipfile.ZipFile(whl) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(z.read(meta_name).decode("utf-8"))
        tops = set()
        for n in names:
            first = n.split("/", 1)[0]
            if first.endswith((".dist-info", ".data")):
                continue
            tops.add(first.removesuffix(".py") if "/" not in n else first)
    requires = []
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate(PYODIDE_MARKERS):
            requires.append(canonicalize_name(req.name))
    return canonicalize_name(meta["Name"]), meta["Version"], sorted(t for t in tops if t.isidentifier()), requires


def write_lock(pyodide_dir: Path, wheels: list[Path], npm_lock: dict) -> dict:
    """pyodide-lock.json for exactly the wheels shipped (the npm lock's hashes are of Pyodide's
    own builds, which are not these files)."""
    packages = {}
    metas = {whl: wheel_metadata(whl) for whl in wheels}
    shipped = {name for name, *_ in metas.values()}
    for whl, (name, version, imports, requires) in metas.items():
        packages[name] = {
            "name": name, "version": version, "file_name": whl.name, "install_dir": "site",
            "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": sorted(r for r in requires if r in shipped),
            "unvendored_tests": False, "shared_library": False,
        }
    lock = {"info": npm_lock["info"], "packages": dict(sorted(packages.items()))}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return lock


# --- the site ----------------------------------------------------------------------------

def stage_contents(dest: Path) -> list[str]:
    """The notebooks the site opens with (outputs kept), their kernel set to the Pyodide one."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    names = []
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        if nb.stem in NOT_IN_LITE:
            continue
        data = json.loads(nb.read_text(encoding="utf-8"))
        data.setdefault("metadata", {})["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
        (dest / nb.name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        names.append(nb.name)
    return names


def lite_config(lock: dict) -> dict:
    start = [p for p in START_PACKAGES if p in lock["packages"]]
    missing = set(START_PACKAGES) - set(start)
    if missing:
        raise SystemExit(f"start packages not in the lock: {', '.join(sorted(missing))}")
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "kabetopo-nb (JupyterLite)",
            "defaultKernelName": "python",
            # window.jupyterapp: the site's own tests (tests/browser/test_lite_site.py) read
            # the notebook model through it, as they do in JupyterLab
            "exposeAppInBrowser": "true",
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "pipliteUrls": [],
                    "loadPyodideOptions": {"packages": start, "checkAPIVersion": True},
                },
            },
        },
    }


# JupyterLab settings of the site (its overrides.json): every cell stays in the page, so
# a board further down renders as soon as its cell has run (as the JupyterLab tests set it);
# nothing asks the internet for news or updates.
OVERRIDES = {
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}


def site_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build(force: bool = False) -> Path:
    digest = inputs_digest()
    info_file = SITE / "kabetopo-lite.json"
    if not force and info_file.is_file():
        try:
            if json.loads(info_file.read_text(encoding="utf-8")).get("inputs") == digest:
                log(f"up to date: {SITE}")
                return SITE
        except ValueError:
            pass
    started = time.perf_counter()
    python = build_env()
    src = BUILD / "src"
    shutil.rmtree(src, ignore_errors=True)
    pyodide_dir = src / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    with tarfile.open(fetch_pyodide()) as tar:
        members = {m.name.removeprefix("package/"): m for m in tar.getmembers()}
        for name in PYODIDE_FILES + ("pyodide-lock.json",):
            (pyodide_dir / name).write_bytes(tar.extractfile(members[name]).read())
    npm_lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheels = fetch_wheels(python) + kernel_wheels(python) + [project_wheel(python)]
    for whl in wheels:
        shutil.copy2(whl, pyodide_dir / whl.name)
    lock = write_lock(pyodide_dir, [pyodide_dir / w.name for w in wheels], npm_lock)
    (src / "jupyter-lite.json").write_text(json.dumps(lite_config(lock), indent=2) + "\n", encoding="utf-8")
    (src / "overrides.json").write_text(json.dumps(OVERRIDES, indent=2) + "\n", encoding="utf-8")
    contents = BUILD / "contents"
    notebooks = stage_contents(contents)
    shutil.rmtree(SITE, ignore_errors=True)
    for db in BUILD.glob(".jupyterlite.doit.db*"):  # doit's memory of the last build: this build starts afresh
        db.unlink()
    jupyter = python.parent / "jupyter"
    run(jupyter, "lite", "build", "--lite-dir", src, "--contents", contents, "--output-dir", SITE, "--no-libarchive",
        cwd=BUILD, env={**os.environ, "JUPYTER_PLATFORM_DIRS": "1", "JUPYTER_PATH": "", "JUPYTER_DATA_DIR": str(BUILD / "jupyter-data")})
    for source_map in SITE.rglob("*.js.map"):  # for debugging JupyterLab itself: half the site's size
        source_map.unlink()
    leaked = [p for p in SITE.rglob("*.whl") if "static/pyodide" not in str(p.relative_to(SITE))]
    info = {
        "inputs": digest,
        "pyodide": PYODIDE_VERSION,
        "wheels": {name: entry["version"] for name, entry in lock["packages"].items()},
        "notebooks": notebooks,
        "not_in_lite": NOT_IN_LITE,
        "size_bytes": site_size(SITE),
        "build_seconds": round(time.perf_counter() - started, 1),
        "other_wheels_in_site": [str(p.relative_to(SITE)) for p in leaked],
    }
    info_file.write_text(json.dumps(info, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    log(f"built {SITE}: {len(notebooks)} notebooks, {len(lock['packages'])} wheels, "
        f"{info['size_bytes'] / 1e6:.1f} MB, in {info['build_seconds']} s")
    return SITE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if the inputs have not changed")
    args = parser.parse_args(argv)
    build(force=args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
