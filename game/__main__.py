"""`python -m game`: start Kaboom! Collection (see `python -m game --help`)."""

import sys

from game.cli import main

sys.exit(main())
