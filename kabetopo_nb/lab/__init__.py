"""The balance lab: seeded self-play studies on Dask, as pandas DataFrames, tables and plots.

    >>> from kabetopo_nb.lab import Study, run_study, metrics, plots
    >>> frame = run_study(Study("kabetopo-4p", bots="greedy", rounds=2000, seed=1))
    >>> metrics.seat_table(frame); plots.seat_balance(frame)

``study.py`` plays (Dask distributed, a LocalCluster by default), ``rows.py`` turns a game
into rows, ``metrics.py`` computes, ``plots.py`` draws.
"""
from . import metrics, plots
from .study import Study, StudyFileError, extend_study, load_study, local_cluster, play_games, run_study, save_study

__all__ = ["Study", "StudyFileError", "extend_study", "load_study", "local_cluster", "metrics", "play_games", "plots",
           "run_study", "save_study"]
