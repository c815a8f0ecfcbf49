"""Preloaded once by the forkserver of core.firma.aislado: Django set up and pyHanko imported, so each child that
validates a citizen's PDF starts at once, with no database connection and none of the web worker's threads."""

import django

django.setup()

import core.firma.validacion  # noqa: E402, F401  (pyHanko, imported once in the forkserver)
