"""kabetopo-nb: learn, play and explore the rules of Kabetopo (and Dakapo, Kaomi) in Jupyter."""
__version__ = "0.1.0"
