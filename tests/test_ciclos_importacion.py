"""Issue 28: no import circles. A task module imports its service, never the reverse.

An AST scan of every import in the project's packages (module level and inside functions: a lazy
import is still a circle, only a hidden one) builds the graph of project modules, and the test fails
on any cycle through the modules the issue named, and on any service or selector that imports a task
module.
"""

import ast
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
PAQUETES = ("core", "cupos", "zarpes", "distribuidores", "fronteras", "reserva")


def _modulo(ruta: Path) -> str:
    partes = list(ruta.relative_to(RAIZ).with_suffix("").parts)
    if partes[-1] == "__init__":
        partes.pop()
    return ".".join(partes)


def _grafo() -> dict[str, set[str]]:
    archivos = {
        _modulo(ruta): ruta
        for paquete in PAQUETES
        for ruta in (RAIZ / paquete).rglob("*.py")
        if "tests" not in ruta.parts and "migrations" not in ruta.parts
    }
    grafo: dict[str, set[str]] = {}
    for modulo, ruta in archivos.items():
        destinos = set()
        paquete = modulo if ruta.name == "__init__.py" else modulo.rpartition(".")[0]
        for nodo in ast.walk(ast.parse(ruta.read_text(encoding="utf-8"))):
            if isinstance(nodo, ast.Import):
                nombres = [alias.name for alias in nodo.names]
            elif isinstance(nodo, ast.ImportFrom):
                base = nodo.module or ""
                if nodo.level:
                    partes = paquete.split(".")
                    base = ".".join(partes[: len(partes) - nodo.level + 1] + ([base] if base else []))
                nombres = [base] + [f"{base}.{alias.name}" for alias in nodo.names]
            else:
                continue
            destinos.update(n for n in nombres if n in archivos and n != modulo)
        grafo[modulo] = destinos
    return grafo


def _ciclo_desde(grafo: dict[str, set[str]], inicio: str) -> list[str] | None:
    """A path inicio → … → inicio, if one exists (depth-first)."""
    pila, vistos = [(inicio, [inicio])], set()
    while pila:
        actual, camino = pila.pop()
        for siguiente in grafo.get(actual, ()):
            if siguiente == inicio:
                return [*camino, inicio]
            if siguiente not in vistos:
                vistos.add(siguiente)
                pila.append((siguiente, [*camino, siguiente]))
    return None


def test_el_escaner_encuentra_un_ciclo():
    grafo = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _ciclo_desde(grafo, "a") == ["a", "b", "c", "a"]
    assert _ciclo_desde(grafo, "d") is None


def test_sin_ciclos_entre_avisos_outbox_y_tareas():
    grafo = _grafo()
    assert "core.outbox" in grafo["core.tasks"], "el escáner no leyó los imports de core.tasks"
    for modulo in (
        "core.avisos",
        "core.outbox",
        "core.tasks",
        "distribuidores.services.resumen_conciliacion",
        "distribuidores.tasks",
    ):
        assert _ciclo_desde(grafo, modulo) is None, " → ".join(_ciclo_desde(grafo, modulo))


def test_ningun_servicio_importa_un_modulo_de_tareas():
    grafo = _grafo()
    malos = [
        (modulo, destino)
        for modulo, destinos in grafo.items()
        if ".services" in modulo or ".selectors" in modulo or modulo in ("core.outbox", "core.avisos")
        for destino in destinos
        if destino.endswith(".tasks")
    ]
    assert not malos, malos
