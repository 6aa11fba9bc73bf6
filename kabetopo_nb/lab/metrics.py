"""What a study's rows say, in tables: seat balance with 95% intervals, the bots' strength,
Ludii-style metrics, the effect of options, and which setup pieces favour which seat.

Intervals are 95%: Wilson's score interval for win rates (a share of games; a win shared
by k tied seats counts 1/k), and mean +- 1.96 standard errors for points and lengths.
Only scored games count (a bot failure or a cut-off round is never scored, K-SIM-1).
"""
from __future__ import annotations

import math

from ..core.verdict import SettingError

Z = 1.96  # the normal quantile of a two-sided 95% interval


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (``successes`` may be fractional)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its 95% normal interval."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = float(values.mean())
    if n == 1:
        return (mean, mean, mean)
    half = Z * float(values.std(ddof=1)) / math.sqrt(n)
    return (mean, mean - half, mean + half)


def scored(frame):
    return frame[frame["scored"]]


def _rate_table(frame, by: str):
    import pandas as pd

    rows = []
    for key, part in scored(frame).groupby(by, sort=False, observed=True):
        n = len(part)
        wins = float(part["win"].sum())
        low, high = wilson(wins, n)
        mean, mlow, mhigh = mean_interval(part["points"])
        rows.append({by: key, "games": n, "win rate": wins / n, "win low": low, "win high": high,
                     "mean points": mean, "points low": mlow, "points high": mhigh})
    return pd.DataFrame(rows).set_index(by)


def seat_table(frame):
    """Per seat (in turn order): games, win rate with its 95% interval, mean points with its interval."""
    table = _rate_table(frame.sort_values(["order", "round"], kind="stable"), "seat")
    return table


def bot_table(frame):
    """Per bot: the same, for a study whose bots rotate through the seats."""
    return _rate_table(frame, "bot")


def strength_table(studies):
    """One row per pairing, from ``[(study, frame), ...]`` of studies in which one bot plays
    another with the seats rotating (``bots=[first, second, ...]``, ``rotate=True``; in a
    4-player game the first bot takes one seat against three of the second): the first
    bot's win rate with its 95% interval, both bots' mean points, and the rounds not
    scored (a failing bot, a cut-off)."""
    import pandas as pd

    rows = []
    for study, frame in studies:
        if not isinstance(study.bots, (list, tuple)) or len(set(study.bots)) != 2 or not study.rotate:
            raise SettingError(f"{study.name or study.ruleset}: not one bot against another with rotating seats")
        first, second = study.bots[0], next(b for b in study.bots if b != study.bots[0])
        table = bot_table(frame)
        rows.append({"family": study.ruleset, "first": first, "second": second,
                     "rounds": int(table.loc[first, "games"]), "win rate": table.loc[first, "win rate"],
                     "win low": table.loc[first, "win low"], "win high": table.loc[first, "win high"],
                     "first's points": table.loc[first, "mean points"],
                     "second's points": table.loc[second, "mean points"],
                     "not scored": int(frame["round"].nunique() - scored(frame)["round"].nunique())})
    return pd.DataFrame(rows)


def games(frame):
    """One row per scored game: its length, branching and how its first place was decided."""
    part = scored(frame)
    grouped = part.groupby("round", sort=True)
    out = grouped.agg(actions=("actions", "first"), turns=("turns", "first"), branching=("branching", "first"))
    out["winners"] = grouped["place"].apply(lambda p: int((p == 1).sum()))
    if "decided_by" in part:  # matches: was the winner found by the totals or by a tiebreaker?
        out["tiebreak"] = grouped.apply(lambda g: bool(((g["place"] == 1) & ~g["decided_by"].isin(
            ["total", "drawn"])).any()), include_groups=False)
    return out


def ludii_metrics(frame) -> dict[str, float]:
    """Ludii-style self-play metrics (Browne's, as Ludii reports them), over scored games:

    * ``balance``: 1 - (the best seat's win rate - the worst seat's), 1 when every seat wins
      equally often;
    * ``decisiveness``: the share of games with a single winner; ``drawishness``: the share
      whose first place is shared; for a study of matches also ``tiebreaker-decided``, the
      share of matches whose winner was found by the tiebreaker chain, not the totals;
    * ``duration (actions)`` / ``duration (turns)``: the mean game length;
    * ``branching factor``: the mean number of legal actions at a decision with a choice;
    * ``completion``: the share of games that were scored (no bot failure, no cut-off)."""
    table = seat_table(frame)
    g = games(frame)
    total = frame["round"].nunique()
    out = {
        "games": float(len(g)),
        "balance": 1.0 - float(table["win rate"].max() - table["win rate"].min()) if len(table) else math.nan,
        "decisiveness": float((g["winners"] == 1).mean()) if len(g) else math.nan,
        "drawishness": float((g["winners"] > 1).mean()) if len(g) else math.nan,
        "duration (actions)": float(g["actions"].mean()) if len(g) else math.nan,
        "duration (turns)": float(g["turns"].mean()) if len(g) else math.nan,
        "branching factor": float(g["branching"].mean()) if len(g) else math.nan,
        "completion": len(g) / total if total else math.nan,
    }
    if "tiebreak" in g:
        out["tiebreaker-decided"] = float(g["tiebreak"].mean()) if len(g) else math.nan
    return out


def metrics_table(frames: dict):
    """``ludii_metrics`` of several studies side by side (``{label: frame}``)."""
    import pandas as pd

    return pd.DataFrame({label: ludii_metrics(f) for label, f in frames.items()})


def option_effects(frames: dict):
    """Per variant (``{label: frame}``) and seat: win rate with its interval, plus the mean
    round length: what an option does, side by side."""
    import pandas as pd

    parts = []
    for label, frame in frames.items():
        table = seat_table(frame).reset_index()
        table.insert(0, "variant", label)
        g = games(frame)
        table["mean actions"] = float(g["actions"].mean())
        table["mean turns"] = float(g["turns"].mean())
        parts.append(table)
    return pd.concat(parts, ignore_index=True)


def setup_imbalance(frame, *, min_games: int = 30):
    """Which setup pieces favour which seat: for each setup placement (``c3n:M``, a line and
    its piece) and seat, the seat's win rate in games with that placement, less its win
    rate overall.  Placements seen in fewer than ``min_games`` games are left out."""
    import pandas as pd

    part = scored(frame)
    if "setup" not in part:
        raise SettingError("setup imbalance needs a Kabetopo study (its rows name the setup pieces)")
    overall = part.groupby("seat", observed=True)["win"].mean()
    exploded = part.assign(placement=part["setup"].str.split(" ")).explode("placement")
    grouped = exploded.groupby(["placement", "seat"], observed=True)["win"].agg(["mean", "count"])
    grouped = grouped[grouped["count"] >= min_games]
    grouped["effect"] = grouped["mean"] - overall.reindex(grouped.index.get_level_values("seat")).to_numpy()
    table = grouped["effect"].unstack("seat")
    seats = [s for s in part.sort_values("order")["seat"].unique()]
    return pd.DataFrame(table, columns=seats).sort_index()
