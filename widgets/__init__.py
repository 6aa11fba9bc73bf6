"""The board widget's front end: plain ES modules and CSS, installed as ``kabetopo_nb.frontend``."""
