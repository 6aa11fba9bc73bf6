"""Study files are untrusted input (issue item 11): ``load_study`` checks every row against
the file's description, bounds the description and the file's size before reading a row,
``Study`` checks its name and ``rotate``, and ``extend_study`` never saves a mixture."""
from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from kabetopo_nb.core.verdict import SettingError, StudyFileError
from kabetopo_nb.lab import Study, extend_study, load_study, metrics, run_study, save_study
from kabetopo_nb.lab import study as study_module

DUEL = Study("kabetopo-2p", bots=["greedy", "random"], rotate=True, rounds=4, seed=5, chunk=2, name="duel")
KEY = b"kabetopo_nb.study"


@pytest.fixture(scope="module")
def duel():
    return run_study(DUEL, client="serial", progress=False)


def _write(path, frame, description: str | bytes):
    """A Parquet file of ``frame`` with ``description`` where save_study puts it."""
    table = pa.Table.from_pandas(frame, preserve_index=False)
    raw = description.encode() if isinstance(description, str) else description
    pq.write_table(table.replace_schema_metadata({**(table.schema.metadata or {}), KEY: raw}), path)
    return path


def _forged(tmp_path, frame, name="forged.parquet", description=None):
    return _write(tmp_path / name, frame, DUEL.to_json() if description is None else description)


def test_the_honest_file_loads_and_its_metrics_work(tmp_path, duel):
    study, frame = load_study(save_study(duel, DUEL, tmp_path / "duel.parquet"))
    assert study == DUEL and len(frame) == 8
    assert metrics.bot_table(frame).loc["greedy", "games"] == 4


def _row(frame, game, seat):
    return frame.index[(frame["round"] == game) & (frame["seat"] == seat)][0]


@pytest.mark.parametrize("change, words", [
    # game 1 rotates the bots: West plays greedy there, not random
    (lambda f: f.assign(bot=f["bot"].where(f.index != _row(f, 1, "West"), "random")),
     "row 3 (game 1, 'West') is played by 'random'; the study gives that seat 'greedy'"),
    (lambda f: f.assign(seed=f["seed"].where(f.index != 5, 12345)), "row 5 (game 2, 'West') has the seed 12345"),
    (lambda f: f.assign(ruleset="kabetopo-4p"), "is a game of 'kabetopo-4p', the study's ruleset is kabetopo-2p"),
    (lambda f: f.assign(seat=["East", "East", "East", "West", "East", "West", "East", "West"]),
     "row 1 (game 0, 'East') is there twice: one row per game and seat"),
    (lambda f: f.assign(round=[0, 0, 1, 1, 2, 2, 9, 9]), "row 6 (game 9, 'East') is no game of the study"),
    (lambda f: f.assign(seat=f["seat"].replace("West", "North")), "is not a seat of kabetopo-2p"),
    (lambda f: f.assign(speed_any_turn=True), "says speed_any_turn is True; the study plays it False"),
    (lambda f: f.assign(points=f["points"].astype(str)), "the column 'points' holds"),
    (lambda f: f.assign(round=f["round"].astype(str)), "the column 'round' holds"),
    (lambda f: f.assign(scored=["yes"] * 8), "the column 'scored' holds"),
    (lambda f: f.assign(win=f["win"].where(f.index != 2, float("nan"))), "the column 'win' has a missing value"),
    (lambda f: f.drop(columns="seed"), "lacks the column(s) seed"),
], ids=["bot", "seed", "ruleset", "two rows for one seat", "game out of range", "seat", "option", "text points",
        "text round", "text scored", "missing win", "no seed"])
def test_rows_that_contradict_the_description_are_refused(tmp_path, duel, change, words):
    path = _forged(tmp_path, change(duel.copy()))
    with pytest.raises(StudyFileError) as refused:
        load_study(path)
    assert words in str(refused.value) and "forged.parquet" in str(refused.value)


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("description, words", [
    ('{"format": "kabetopo-nb study 1", "bots": ' + _deep(30_000) + "}", "nested more than 3 levels"),
    ('{"format": "kabetopo-nb study 1", "options": {"a": {"b": {"c": 1}}}}', "nested more than 3 levels"),
    ('{"format": "kabetopo-nb study 1", "options": {"speed_any_turn": [true]}}', "options is a dict"),
    ('{"format": "kabetopo-nb study 1", "name": "' + "[" * 100 + '"}', "name is a short safe file name"),
    ("{" + " " * 70_000 + "}", "at most 65,536"),
], ids=["30,000 deep", "options 4 deep", "a list option", "brackets in a name", "70 KB"])
def test_a_deep_odd_or_huge_description_is_refused_with_a_reason(tmp_path, duel, description, words):
    path = _forged(tmp_path, duel, description=description)
    with pytest.raises(StudyFileError) as refused:  # never a RecursionError
        load_study(path)
    assert words in str(refused.value)


def test_a_description_with_brackets_inside_its_strings_is_not_nested():
    assert study_module._nesting('{"name": "[[[[{{{{", "bots": ["a\\"]]]]]"]}', 3) == 2


def _forbid_reading(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the rows were read before the file was refused")

    for name in ("read", "read_row_group", "read_row_groups", "iter_batches"):
        monkeypatch.setattr(pq.ParquetFile, name, refuse)
    monkeypatch.setattr(pq, "read_table", refuse)


def test_a_file_of_millions_of_constant_rows_is_refused_before_a_row_is_read(tmp_path, duel, monkeypatch):
    # the file: 5 million constant rows, under 1 MB on disk, 438 MB once read
    path = tmp_path / "huge.parquet"
    one = pa.Table.from_pandas(duel.iloc[:1], preserve_index=False)
    batch = pa.table({name: pa.repeat(one.column(name)[0], 500_000) for name in one.column_names})
    schema = batch.schema.with_metadata({KEY: DUEL.to_json().encode()})
    with pq.ParquetWriter(path, schema) as writer:
        for _ in range(10):
            writer.write_table(batch.replace_schema_metadata(schema.metadata))
    del batch
    assert pq.ParquetFile(path).metadata.num_rows == 5_000_000 and path.stat().st_size < 3_000_000
    _forbid_reading(monkeypatch)
    allocated = pa.total_allocated_bytes()
    with pytest.raises(StudyFileError, match="says 4 games, one row per seat .* the file holds 5,000,000 rows"):
        load_study(path)
    assert pa.total_allocated_bytes() - allocated < 10 * 2**20


def test_rows_swollen_with_text_are_refused_before_they_are_read(tmp_path, duel, monkeypatch):
    frame = duel.copy()
    frame["failure"] = "x" * 2_000_000  # compresses to almost nothing, takes megabytes once read
    path = _forged(tmp_path, frame)
    _forbid_reading(monkeypatch)
    with pytest.raises(StudyFileError, match="bytes once uncompressed"):
        load_study(path)


@pytest.mark.parametrize("kwargs, words", [
    ({"rotate": "no"}, "rotate is True or False, not 'no'"),
    ({"rotate": 1}, "rotate is True or False"),
    ({"name": "../../etc/passwd"}, "name is a short safe file name"),
    ({"name": ".hidden"}, "name is a short safe file name"),
    ({"name": "x" * 81}, "name is a short safe file name"),
    ({"name": "a/b"}, "name is a short safe file name"),
    ({"name": "ends with a dot."}, "name is a short safe file name"),
    ({"name": 7}, "name is a short safe file name"),
    ({"seed": 2**70}, "seed is a whole number below 2**64"),
    ({"ruleset": ["kabetopo-2p"]}, "ruleset is a ruleset's name"),
])
def test_a_study_checks_its_name_and_rotate(kwargs, words):
    with pytest.raises(SettingError) as refused:
        Study(**{"ruleset": "kabetopo-2p", "bots": ["greedy", "random"], **kwargs})
    assert words in str(refused.value)


def test_names_the_project_uses_are_accepted():
    for name in ("", "duel", "kabetopo-4p-greedy", "strength-kabetopo-2p-mcts-200-vs-greedy", "first study 2.0",
                 "étude_1", "x" * 80):
        assert Study("kabetopo-2p", name=name).name == name


def test_a_file_whose_description_rotates_with_no_is_refused(tmp_path, duel):
    data = json.loads(DUEL.to_json())
    data["rotate"] = "no"
    with pytest.raises(StudyFileError, match="rotate is True or False"):
        load_study(_forged(tmp_path, duel, description=json.dumps(data)))


def test_extending_a_contradicting_file_saves_nothing(tmp_path, duel):
    frame = duel.copy()
    frame.loc[_row(frame, 1, "West"), "bot"] = "random"
    path = _forged(tmp_path, frame)
    before = path.read_bytes()
    with pytest.raises(StudyFileError, match="is played by 'random'"):
        extend_study(path, 2, client="serial", progress=False)
    assert path.read_bytes() == before


def test_extend_never_saves_a_mixture_of_old_and_new_rows(tmp_path, duel, monkeypatch):
    path = save_study(duel, DUEL, tmp_path / "duel.parquet")
    before = path.read_bytes()
    real = study_module.run_study

    def other_bots(study, **options):  # games played with bots the description does not give
        return real(Study(**{**study.__dict__, "bots": ["greedy", "greedy"]}), **options)

    monkeypatch.setattr(study_module, "run_study", other_bots)
    with pytest.raises(StudyFileError, match="duel.parquet extended: row 9 .* is played by 'greedy'"):
        extend_study(path, 2, client="serial", progress=False)
    assert path.read_bytes() == before

    def other_columns(study, **options):
        return real(study, **options).drop(columns="setup")

    monkeypatch.setattr(study_module, "run_study", other_columns)
    with pytest.raises(StudyFileError, match="nothing was saved"):
        extend_study(path, 2, client="serial", progress=False)
    assert path.read_bytes() == before


def test_a_file_saved_before_a_rule_option_existed_still_grows(tmp_path, duel):
    # the studies in studies/ were saved before the no_drops option (KNB-15) had its column
    path = _forged(tmp_path, duel.drop(columns="no_drops"))
    grown = extend_study(path, 2, client="serial", progress=False)
    assert list(grown.columns) == list(duel.columns) and len(grown) == 12 and not grown["no_drops"].any()
    study, again = load_study(path)
    assert study.rounds == 6 and again.equals(grown)


def test_save_study_refuses_a_frame_that_is_not_the_studys(tmp_path, duel):
    with pytest.raises(SettingError, match="the frame: the description says 5 games"):
        save_study(duel, Study(**{**DUEL.__dict__, "rounds": 5}), tmp_path / "x.parquet")
    with pytest.raises(SettingError, match="is played by"):
        save_study(duel, Study(**{**DUEL.__dict__, "rotate": False}), tmp_path / "x.parquet")
    assert not (tmp_path / "x.parquet").exists()


def test_a_huge_footer_is_refused_before_pyarrow_parses_it(tmp_path, duel, monkeypatch):
    path = save_study(duel, DUEL, tmp_path / "duel.parquet")
    data = path.read_bytes()
    forged = tmp_path / "footer.parquet"
    forged.write_bytes(data[:-8] + (2**31 - 1).to_bytes(4, "little") + b"PAR1")
    opened = []
    monkeypatch.setattr(pq, "ParquetFile", lambda *a, **k: opened.append(a))
    with pytest.raises(StudyFileError, match="footer is 2,147,483,647 bytes"):
        load_study(forged)
    assert opened == []
