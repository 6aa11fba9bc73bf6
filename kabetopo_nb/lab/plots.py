"""Pictures of a study (matplotlib): the tables of ``metrics.py``, drawn.

Each function returns a ``matplotlib.figure.Figure`` (a notebook shows it); nothing here
computes a statistic of its own.
"""
from __future__ import annotations

import functools
import io

from ..core.verdict import SettingError
from . import metrics


@functools.cache
def _figure_class():
    from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

    class StudyFigure(Figure):
        """A figure that shows itself in a notebook as a PNG, with no matplotlib backend set up."""

        def _repr_png_(self) -> bytes:
            buffer = io.BytesIO()
            self.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
            return buffer.getvalue()

    return StudyFigure


def _figure(ncols: int = 1, nrows: int = 1, width: float = 5.0, height: float = 3.4):
    fig = _figure_class()(figsize=(width * ncols, height * nrows), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False)
    return fig, axes


def _errorbars(ax, labels, values, lows, highs, colour: str, label: str | None = None, offset: float = 0.0,
               width: float = 0.6):
    xs = [i + offset for i in range(len(labels))]
    err = [[v - lo for v, lo in zip(values, lows, strict=False)], [hi - v for v, hi in zip(values, highs, strict=False)]]
    ax.bar(xs, values, width=width, color=colour, label=label, yerr=err, capsize=4, ecolor="#222222")
    ax.set_xticks(range(len(labels)), labels)


def seat_balance(frame, title: str = ""):
    """Win rate and mean points per seat, with 95% intervals; the even share drawn as a line."""
    table = metrics.seat_table(frame)
    fig, ((ax1, ax2),) = _figure(2)
    seats = list(table.index)
    _errorbars(ax1, seats, table["win rate"], table["win low"], table["win high"], "#3a6ea5")
    ax1.axhline(1 / len(seats), color="#b03a2e", linestyle="--", label="even share")
    ax1.set_ylabel("win rate (95% interval)")
    ax1.legend(loc="lower right")
    _errorbars(ax2, seats, table["mean points"], table["points low"], table["points high"], "#5c8a3a")
    ax2.set_ylabel("mean points (95% interval)")
    fig.suptitle(title or "Seat balance")
    return fig


def score_lines(frame, lines: list[str] | None = None, title: str = ""):
    """Per scoring line: how often each seat earned each number of points from it."""
    from ..kabetopo.scoring import LINES

    part = metrics.scored(frame)
    lines = [ln for ln in (lines or LINES) if ln in part and part[ln].any()]
    fig, axes = _figure(min(3, len(lines)), (len(lines) + 2) // 3, width=4.2, height=3.0)
    seats = list(part.sort_values("order")["seat"].unique())
    colours = ["#3a6ea5", "#b03a2e", "#5c8a3a", "#8a5a9e"]
    for k, line in enumerate(lines):
        ax = axes[k // 3][k % 3]
        values = sorted(part[line].unique())
        width = 0.8 / len(seats)
        for j, seat in enumerate(seats):
            counts = part[part["seat"] == seat][line].value_counts(normalize=True)
            ax.bar([i + j * width for i in range(len(values))], [counts.get(v, 0.0) for v in values],
                   width=width, color=colours[j % 4], label=seat)
        ax.set_xticks([i + width * (len(seats) - 1) / 2 for i in range(len(values))], [str(v) for v in values])
        ax.set_title(line)
        ax.set_xlabel("points")
        ax.set_ylabel("share of games")
    for k in range(len(lines), len(axes) * len(axes[0])):
        axes[k // 3][k % 3].set_visible(False)
    axes[0][0].legend()
    fig.suptitle(title or "Points per scoring line")
    return fig


def round_length(frames: dict, title: str = ""):
    """The distribution of round length (turns) for each study of ``{label: frame}``."""
    fig, ((ax,),) = _figure(width=7)
    for label, frame in frames.items():
        turns = metrics.games(frame)["turns"]
        ax.hist(turns, bins=range(int(turns.min()), int(turns.max()) + 2), histtype="step", linewidth=1.6,
                density=True, label=f"{label} (mean {turns.mean():.1f})")
    ax.set_xlabel("turns in the round")
    ax.set_ylabel("share of rounds")
    ax.legend()
    fig.suptitle(title or "Round length")
    return fig


def option_effects(frames: dict, title: str = ""):
    """Each variant's seat win rates side by side (95% intervals), and its mean round length."""
    table = metrics.option_effects(frames)
    variants = list(frames)
    seats = list(dict.fromkeys(table["seat"]))
    fig, ((ax1, ax2),) = _figure(2, width=5.5)
    colours = ["#3a6ea5", "#b03a2e", "#5c8a3a", "#8a5a9e"]
    width = 0.8 / len(variants)
    for j, variant in enumerate(variants):
        part = table[table["variant"] == variant].set_index("seat").reindex(seats)
        _errorbars(ax1, seats, part["win rate"], part["win low"], part["win high"], colours[j % 4], label=variant,
                   offset=j * width - 0.4 + width / 2, width=width)
    ax1.set_xticks(range(len(seats)), seats)
    ax1.set_ylabel("win rate (95% interval)")
    ax1.legend(fontsize="small")
    lengths = [metrics.mean_interval(metrics.games(frames[v])["turns"]) for v in variants]
    _errorbars(ax2, variants, [m for m, _, _ in lengths], [lo for _, lo, _ in lengths],
               [hi for _, _, hi in lengths], "#777777")
    ax2.set_ylabel("mean turns per round (95% interval)")
    ax2.tick_params(axis="x", labelrotation=15)
    fig.suptitle(title or "What the options change")
    return fig


def setup_imbalance(frame, top: int = 12, title: str = "", min_games: int = 30):
    """The setup placements that move a seat's win rate most, as a heat map (seat x placement);
    placements seen in fewer than ``min_games`` games are left out."""
    table = metrics.setup_imbalance(frame, min_games=min_games)
    if table.empty:
        raise SettingError(f"no setup placement was seen in {min_games} games: play more, or lower min_games")
    strongest = table.abs().max(axis=1).sort_values(ascending=False).index[:top]
    table = table.loc[sorted(strongest)]
    fig, ((ax,),) = _figure(width=6, height=0.35 * len(table) + 1.5)
    limit = max(0.05, float(table.abs().max().max()))
    image = ax.imshow(table.to_numpy(), cmap="RdBu", vmin=-limit, vmax=limit, aspect="auto")
    ax.set_xticks(range(len(table.columns)), list(table.columns))
    ax.set_yticks(range(len(table.index)), list(table.index))
    for i in range(len(table.index)):
        for j in range(len(table.columns)):
            v = table.iat[i, j]
            if v == v:
                ax.text(j, i, f"{v:+.2f}", ha="center", va="center", fontsize=8,
                        color="white" if abs(v) > limit * 0.6 else "black")
    fig.colorbar(image, ax=ax, label="win rate with the piece - overall")
    fig.suptitle(title or "Setup pieces and seat win rates")
    return fig
