"""``python -m kabetopo_nb.room``: the workshop room and the JupyterLite site on one laptop,
offline (``standalone.py``; ``--help`` lists the options)."""
from __future__ import annotations

import sys

from .standalone import main

if __name__ == "__main__":
    sys.exit(main())
