"""python -m fliptoons_explore: the same as the fliptoons-explore command."""

import sys

from .cli.main import main

sys.exit(main())
