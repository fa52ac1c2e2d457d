"""`python -m services.harness [eval|fixtures|serve] ...`: see services/harness/cli.py."""

import sys

from services.harness.cli import main

if __name__ == "__main__":
    sys.exit(main())
