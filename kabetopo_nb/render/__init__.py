"""SVG drawings of game positions (svgwrite).  The renderer reads the engine, never the reverse."""
from .kabetopo_svg import Option, board_svg

__all__ = ["Option", "board_svg"]
