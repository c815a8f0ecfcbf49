"""Fixtures of one role, for the conftests and test modules: `dimar = api_de(Rol.DIMAR)` is a fixture
named `dimar` that returns an API client of a new Dimar user."""

import pytest


def usuario_de(rol: str):
    """A fixture: a new user of that role, with the scope it needs (the root conftest's crear_usuario)."""
    return pytest.fixture(lambda crear_usuario: crear_usuario(rol))


def api_de(rol: str):
    """A fixture: an API client authenticated by token as a new user of that role (the root conftest's cliente)."""
    return pytest.fixture(lambda cliente: cliente(rol))
