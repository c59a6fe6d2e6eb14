"""Shared fixtures: the repository's root, and the command line's binary (the Rust library's
answers, to hold the package to)."""

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def cli() -> str:
    """The `urigram` command line built from this clone: $URIGRAM_BIN, else target/debug or
    target/release, else built now with cargo."""
    env = os.environ.get("URIGRAM_BIN")
    if env:
        return env
    for kind in ("debug", "release"):
        p = ROOT / "target" / kind / "urigram"
        if p.exists():
            return str(p)
    cargo = shutil.which("cargo")
    if cargo is None:
        pytest.fail("no urigram binary and no cargo to build one (set URIGRAM_BIN)")
    subprocess.run([cargo, "build", "-q", "-p", "urigram-cli"], cwd=ROOT, check=True)
    return str(ROOT / "target" / "debug" / "urigram")
