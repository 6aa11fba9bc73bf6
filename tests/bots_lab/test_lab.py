"""The balance lab (issue 14): studies on Dask give the same rows whatever the cluster,
save and reload as Parquet, extend without replaying, refuse damaged files, and their
tables say what the rows say."""
from __future__ import annotations

import math

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from distributed import Client
from pandas.testing import assert_frame_equal

from kabetopo_nb.kabetopo.scoring import LINES
from kabetopo_nb.lab import (
    Study,
    StudyFileError,
    extend_study,
    load_study,
    local_cluster,
    metrics,
    plots,
    run_study,
    save_study,
)

SMALL = Study("kabetopo-2p", bots="greedy", rounds=12, seed=3, chunk=3, name="small")


def _same(a, b):
    # the time each bot spent thinking is measured, not computed: everything else must be equal
    assert_frame_equal(a.drop(columns="think_seconds"), b.drop(columns="think_seconds"))


@pytest.fixture(scope="module")
def serial():
    return run_study(SMALL, client="serial", progress=False)


def test_a_study_gives_the_same_rows_on_one_or_two_dask_workers(serial):
    frames = {}
    for workers in (1, 2):
        with local_cluster(workers) as cluster, Client(cluster) as client:
            assert len(client.scheduler_info()["workers"]) == workers
            frames[workers] = run_study(SMALL, client=client, progress=False)
    _same(frames[1], frames[2])
    _same(frames[1], serial)


def test_a_study_starts_a_local_cluster_of_its_own_by_default(serial):
    _same(run_study(SMALL, workers=2, progress=False), serial)


def test_rows_one_per_game_and_seat_with_the_scoresheet(serial):
    assert len(serial) == 12 * 2 and list(serial["round"].unique()) == list(range(12))
    assert serial["scored"].all()
    for _, game in serial.groupby("round"):
        assert list(game["seat"]) == ["East", "West"] and list(game["order"]) == [1, 2]
        assert game["win"].sum() == pytest.approx(1.0)  # a shared first place shares the win
        assert (game[list(LINES)].sum(axis=1) == game["points"]).all()
        best = game["points"].max()
        assert list(game["place"]) == [1 if p == best else 2 for p in game["points"]]
        assert game["actions"].nunique() == 1 and game["turns"].iloc[0] > 0
        assert game["setup"].iloc[0].count(":") >= 7  # the setup pieces of the round
    assert not serial["speed_any_turn"].any()


def test_options_and_rotating_bots_reach_the_rows():
    frame = run_study(Study("kabetopo-4p", bots=["random", "greedy", "greedy", "greedy"], rotate=True, rounds=4,
                            options={"speed_any_turn": True}, seed=1), client="serial", progress=False)
    assert frame["speed_any_turn"].all()
    # the random bot moves one seat on every game: each seat once in four games
    randoms = frame[frame["bot"] == "random"]
    assert sorted(randoms["seat"]) == ["East", "North", "South", "West"]


def test_the_strength_table_reads_one_bot_against_another():
    study = Study("kabetopo-4p", bots=["greedy", "random", "random", "random"], rotate=True, rounds=8, seed=2)
    frame = run_study(study, client="serial", progress=False)
    row = metrics.strength_table([(study, frame)]).iloc[0]
    greedy = frame[(frame["bot"] == "greedy") & frame["scored"]]
    assert (row["family"], row["first"], row["second"]) == ("kabetopo-4p", "greedy", "random")
    assert row["rounds"] == len(greedy) == 8 - row["not scored"]
    assert row["win rate"] == pytest.approx(greedy["win"].mean()) and row["win low"] <= row["win rate"] <= row["win high"]
    assert row["first's points"] == pytest.approx(greedy["points"].mean())
    assert row["second's points"] == pytest.approx(frame[(frame["bot"] == "random") & frame["scored"]]["points"].mean())
    assert row["first's points"] > row["second's points"]  # one greedy runner outscores three random ones
    with pytest.raises(ValueError, match="not one bot against another"):
        metrics.strength_table([(Study("kabetopo-4p", bots="greedy", rounds=1), frame)])


@pytest.mark.parametrize("ruleset", ["dakapo", "kaomi"])
def test_other_games_make_studies_too(ruleset):
    frame = run_study(Study(ruleset, bots="greedy", rounds=3, seed=2), client="serial", progress=False)
    assert len(frame) == 6 and set(frame["win"].groupby(frame["round"]).sum()) <= {1.0}


def test_save_reload_and_extend_equal_a_whole_run(tmp_path, serial):
    first = Study(**{**SMALL.__dict__, "rounds": 7})
    path = save_study(run_study(first, client="serial", progress=False), first, tmp_path / "s.parquet")
    study, frame = load_study(path)
    assert study == first and len(frame) == 14
    extended = extend_study(path, 5, client="serial", progress=False)
    _same(extended, serial)
    study, reloaded = load_study(path)
    assert study.rounds == 12
    _same(reloaded, serial)


def test_damaged_or_tampered_study_files_are_refused(tmp_path, serial):
    good = save_study(serial, SMALL, tmp_path / "good.parquet")
    junk = tmp_path / "junk.parquet"
    junk.write_bytes(b"PAR1 not really")
    with pytest.raises(StudyFileError, match="not a readable Parquet"):
        load_study(junk)
    plain = tmp_path / "plain.parquet"
    serial.to_parquet(plain)
    with pytest.raises(StudyFileError, match="no study description"):
        load_study(plain)
    table = pq.read_table(good)
    meta = dict(table.schema.metadata)
    for old, new, words in ((b'"rounds": 12', b'"rounds": 13', "says 13 games"),
                            (b'"format": "kabetopo-nb study 1"', b'"format": "x"', "not a"),
                            (b'"bots": "greedy"', b'"bots": "cheater"', "invalid")):
        bad = tmp_path / "bad.parquet"
        meta2 = {**meta, b"kabetopo_nb.study": meta[b"kabetopo_nb.study"].replace(old, new)}
        pq.write_table(table.replace_schema_metadata(meta2), bad)
        with pytest.raises(StudyFileError, match=words):
            load_study(bad)
    dropped = tmp_path / "dropped.parquet"
    short = pa.Table.from_pandas(serial.iloc[:-1], preserve_index=False)
    pq.write_table(short.replace_schema_metadata({**short.schema.metadata, b"kabetopo_nb.study":
                                                  meta[b"kabetopo_nb.study"]}), dropped)
    with pytest.raises(StudyFileError, match="one row per seat"):
        load_study(dropped)


def test_bad_studies_are_refused_before_anything_runs():
    for kwargs in ({"ruleset": "chess"}, {"rounds": 0}, {"bots": "cheater"}, {"bots": ["greedy"]},
                   {"options": {"warp_speed": True}}, {"bots": {"East": "greedy"}}, {"seed": "x"}):
        with pytest.raises(ValueError):
            Study(**kwargs)


def test_wilson_interval_and_metrics():
    low, high = metrics.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)  # the textbook values
    assert metrics.wilson(0, 10)[0] == 0.0 and metrics.wilson(10, 10)[1] == 1.0
    frame = pd.DataFrame({
        "round": [0, 0, 1, 1, 2, 2, 3, 3], "seat": ["A", "B"] * 4, "order": [1, 2] * 4, "scored": [True] * 8,
        "points": [3, 1, 2, 2, 5, 0, 1, 4], "place": [1, 2, 1, 1, 1, 2, 2, 1], "win": [1, 0, .5, .5, 1, 0, 0, 1],
        "actions": [10, 10, 20, 20, 30, 30, 40, 40], "turns": [5, 5, 6, 6, 7, 7, 8, 8],
        "branching": [3.0] * 8})
    m = metrics.ludii_metrics(frame)
    assert m["balance"] == pytest.approx(1 - (2.5 - 1.5) / 4)
    assert m["decisiveness"] == 0.75 and m["drawishness"] == 0.25
    assert m["duration (actions)"] == 25 and m["duration (turns)"] == 6.5 and m["completion"] == 1.0
    table = metrics.seat_table(frame)
    assert table.loc["A", "win rate"] == 2.5 / 4 and table.loc["B", "mean points"] == 7 / 4


def test_unscored_games_do_not_count():
    frame = pd.DataFrame({"round": [0, 0, 1, 1], "seat": ["A", "B"] * 2, "order": [1, 2] * 2,
                          "scored": [True, True, False, False], "points": [3, 1, 0, 0], "place": [1, 2, 0, 0],
                          "win": [1.0, 0.0, 0.0, 0.0], "actions": [5] * 4, "turns": [2] * 4, "branching": [2.0] * 4})
    assert metrics.seat_table(frame)["games"].tolist() == [1, 1]
    assert metrics.ludii_metrics(frame)["completion"] == 0.5


def test_plots_draw_the_tables(serial):
    fig = plots.seat_balance(serial)
    assert fig._repr_png_().startswith(b"\x89PNG")  # a notebook shows it with no backend set up
    ax = fig.axes[0]
    heights = [round(p.get_height(), 6) for p in ax.patches]
    assert heights == [round(v, 6) for v in metrics.seat_table(serial)["win rate"]]
    assert len(plots.score_lines(serial).axes) >= 3
    assert plots.option_effects({"a": serial, "b": serial}).axes[1].patches
    assert plots.round_length({"a": serial}).axes[0].get_xlabel() == "turns in the round"
    table = metrics.setup_imbalance(serial, min_games=3)
    assert set(table.columns) == {"East", "West"} and not table.empty
    assert not math.isnan(plots.setup_imbalance(serial, min_games=3).axes[0].get_images()[0].get_array().mean())
    with pytest.raises(ValueError, match="no setup placement"):
        plots.setup_imbalance(serial, min_games=1000)


def test_a_study_of_matches_says_how_each_place_was_decided():
    from kabetopo_nb.kabetopo.match import Match

    study = Study("kabetopo-2p", unit="match", rounds=30, seed=2)
    frame = run_study(study, client="serial", progress=False)
    assert len(frame) == 60 and set(frame["rounds"]) == {Match("kabetopo-2p").rounds}
    decided = set(frame["decided_by"])
    assert "total" in decided and decided - {"total", "drawn"}  # some places need the tiebreaker chain
    m = metrics.ludii_metrics(frame)
    tiebreak_games = frame[(frame["place"] == 1) & ~frame["decided_by"].isin(["total", "drawn"])]["round"].nunique()
    assert m["tiebreaker-decided"] == pytest.approx(tiebreak_games / 30) and m["tiebreaker-decided"] > 0
    for _, match in frame.groupby("round"):
        assert match["win"].sum() == pytest.approx(1.0)
        assert (match[list(LINES)].sum(axis=1) == match["points"]).all()
    with pytest.raises(ValueError, match="no matches"):
        Study("kaomi", unit="match")


def test_the_lab_notebook_is_left_out_of_the_lite_site_and_the_start_page_says_why(tmp_path):
    from pathlib import Path

    from scripts import build_lite

    root = Path(__file__).resolve().parents[2]
    staged = build_lite.stage_contents(tmp_path / "files")
    assert "22-balance-lab.ipynb" not in staged and "21-kaomi.ipynb" in staged
    assert set(build_lite.NOT_IN_LITE) == {"22-balance-lab"} and "Dask" in build_lite.NOT_IN_LITE["22-balance-lab"]
    start = (root / "notebooks" / "src" / "00-start-here.py").read_text(encoding="utf-8")
    assert "except 22, the balance lab" in start


def test_the_package_imports_the_lab_without_its_heavy_dependencies():
    # the JupyterLite site installs the package in Pyodide, which has no Dask: importing
    # kabetopo_nb, its bots and the lab's module must not need Dask, pandas or matplotlib
    import subprocess
    import sys

    code = ("import sys; sys.modules.update({m: None for m in ('dask', 'distributed', 'pandas', 'pyarrow', "
            "'matplotlib', 'tqdm')}); import kabetopo_nb, kabetopo_nb.bots, kabetopo_nb.lab, "
            "kabetopo_nb.boards; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "ok", out.stderr
