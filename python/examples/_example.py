# SPDX-License-Identifier: MIT
"""What the plotting examples share: the command line (--out DIR, --quick) and saving
the picture (matplotlib's file backend, no display needed)."""
import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "docs" / "images"


def arguments(doc):
    ap = argparse.ArgumentParser(description=doc.strip().split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the picture")
    ap.add_argument("--quick", action="store_true", help="fewer steps (the test run)")
    return ap.parse_args()


def save(fig, out, name):
    out.mkdir(parents=True, exist_ok=True)
    fig.savefig(out / name, bbox_inches="tight")
    print("wrote", out / name)
