"""``python -m malefiz``: see :mod:`malefiz.cli`."""

import sys

from .cli import main

sys.exit(main())
