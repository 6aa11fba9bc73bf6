"""kabetopo-nb: learn, play and explore the rules of Kabetopo (and Dakapo, Kaomi) in Jupyter."""
__version__ = "0.1.0"


def KabetopoBoard(*args, **kwargs):
    """An interactive Kabetopo board widget (see ``kabetopo_nb.play.kabetopo.kabetopo_board``)."""
    from .play.kabetopo import kabetopo_board

    return kabetopo_board(*args, **kwargs)
