"""Fixtures of the cross-cutting tests: private servers for the fault tests (tests/servidores.py)."""

from tests.servidores import postgres_privado, redis_privado  # noqa: F401
