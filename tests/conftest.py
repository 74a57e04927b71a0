"""Which databases the store, service, reminder and end-to-end tests run against.

A test that asks for `database_url` (directly, or through a fixture such as `store`) runs
once per backend: against SQLite (a file in the test's folder) and against PostgreSQL (a
fresh database on a server the session starts itself, see tests/support/postgres_server.py).
`--backends sqlite` (or `MEEPLE_TEST_BACKENDS=sqlite`) runs SQLite only; a test about one
backend's own behaviour says so with `@pytest.mark.backends("sqlite")`. Without PostgreSQL
installed the PostgreSQL runs are skipped, saying how to install it.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.support.postgres_server import PostgresServer, server_binaries

BACKENDS = ("sqlite", "postgresql")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backends",
        default=os.environ.get("MEEPLE_TEST_BACKENDS", ",".join(BACKENDS)),
        help="comma-separated databases to run the store tests against (sqlite,postgresql)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "backends(*names): run this test against these databases only"
    )


def _selected(config: pytest.Config) -> list[str]:
    chosen = [name.strip() for name in config.getoption("--backends").split(",") if name.strip()]
    unknown = set(chosen) - set(BACKENDS)
    if unknown:
        raise pytest.UsageError(f"--backends: unknown {sorted(unknown)}; known: {BACKENDS}")
    return chosen


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    backends = _selected(metafunc.config)
    marker = metafunc.definition.get_closest_marker("backends")
    if marker is not None:
        backends = [name for name in backends if name in marker.args]
    metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database this run of the test uses: `sqlite` or `postgresql`."""
    return str(request.param)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    binaries = server_binaries()
    if binaries is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install -y postgresql)")
    server = PostgresServer(binaries)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
async def database_url(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[str]:
    """Where the test's database is: `sqlite:///<tmp>/data/meeple.db` (the file `db_path`
    names), or a fresh PostgreSQL database."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'data' / 'meeple.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = await server.new_database()
    yield url
    await server.drop_database(url)
