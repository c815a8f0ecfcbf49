"""The architecture's contracts that import-linter's built-in types cannot say (config/arquitectura.py runs
them with the built-in ones). Each reads the one list of regime apps (config/regimenes.py)."""

import itertools

from importlinter import Contract, ContractCheck, fields, output

from config.regimenes import DEPENDENCIAS, REGIMENES


def _de_prueba(modulo: str) -> bool:
    """Tests and migrations: a test may build what it checks from any app; a migration is history."""
    partes = modulo.split(".")
    return "tests" in partes or "migrations" in partes or partes[0] == "tests"


def _modulos(graph, raices) -> list[str]:
    return sorted(m for m in graph.modules if m.split(".")[0] in raices and not _de_prueba(m))


class SinCiclos(Contract):
    """No module imports a module that imports it, directly or through others (lazy imports inside functions
    count: a cycle hidden in a function is still a cycle)."""

    raices = fields.ListField(subfield=fields.StringField())

    def check(self, graph, verbose):
        modulos = set(_modulos(graph, set(self.raices)))
        vecinos = {m: sorted(d for d in graph.find_modules_directly_imported_by(m) if d in modulos) for m in modulos}
        ciclos = _componentes(vecinos)
        detalle = []
        for ciclo in ciclos:
            camino = _camino(vecinos, ciclo)
            lineas = []
            for origen, destino in itertools.pairwise(camino):
                for d in graph.get_import_details(importer=origen, imported=destino)[:1]:
                    lineas.append(f"{origen}:{d['line_number']}: {d['line_contents']}")
            detalle.append({"modulos": camino, "lineas": lineas})
        return ContractCheck(kept=not ciclos, metadata={"ciclos": detalle})

    def render_broken_contract(self, check):
        for ciclo in check.metadata["ciclos"]:
            output.print_error(" → ".join(ciclo["modulos"]), bold=True)
            for linea in ciclo["lineas"]:
                output.indent_cursor()
                output.print_error(linea)
            output.new_line()


def _componentes(vecinos: dict[str, list[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    indice, bajo, pila, en_pila, resultado, contador = {}, {}, [], set(), [], 0
    for raiz in sorted(vecinos):
        if raiz in indice:
            continue
        trabajo = [(raiz, iter(vecinos[raiz]))]
        indice[raiz] = bajo[raiz] = contador
        contador += 1
        pila.append(raiz)
        en_pila.add(raiz)
        while trabajo:
            nodo, hijos = trabajo[-1]
            siguiente = next(hijos, None)
            if siguiente is not None:
                if siguiente not in indice:
                    indice[siguiente] = bajo[siguiente] = contador
                    contador += 1
                    pila.append(siguiente)
                    en_pila.add(siguiente)
                    trabajo.append((siguiente, iter(vecinos[siguiente])))
                elif siguiente in en_pila:
                    bajo[nodo] = min(bajo[nodo], indice[siguiente])
                continue
            trabajo.pop()
            if trabajo:
                bajo[trabajo[-1][0]] = min(bajo[trabajo[-1][0]], bajo[nodo])
            if bajo[nodo] == indice[nodo]:
                componente = []
                while True:
                    miembro = pila.pop()
                    en_pila.discard(miembro)
                    componente.append(miembro)
                    if miembro == nodo:
                        break
                if len(componente) > 1:
                    resultado.append(sorted(componente))
    return resultado


def _camino(vecinos, componente: list[str]) -> list[str]:
    """One cycle through the component, from its first module back to it (breadth-first)."""
    dentro = set(componente)
    inicio = componente[0]
    previo = {inicio: None}
    cola = [inicio]
    while cola:
        nodo = cola.pop(0)
        for siguiente in vecinos[nodo]:
            if siguiente == inicio:
                camino = [nodo]
                while previo[camino[-1]] is not None:
                    camino.append(previo[camino[-1]])
                return [*reversed(camino), inicio]
            if siguiente in dentro and siguiente not in previo:
                previo[siguiente] = nodo
                cola.append(siguiente)
    return [*componente, inicio]


class Regimenes(Contract):
    """A regime imports another only along config.regimenes.DEPENDENCIAS (that core imports none is the layers
    contract's)."""

    def check(self, graph, verbose):
        permitidos = {(a, b) for a, destinos in DEPENDENCIAS.items() for b in destinos}
        faltas = []
        for importador in REGIMENES:
            for importado in REGIMENES:
                if importador == importado or (importador, importado) in permitidos:
                    continue
                for imp in graph.find_matching_direct_imports(import_expression=f"{importador}.** -> {importado}.**"):
                    if _de_prueba(imp["importer"]):
                        continue
                    for d in graph.get_import_details(importer=imp["importer"], imported=imp["imported"])[:1]:
                        faltas.append(f"{imp['importer']}:{d['line_number']}: {d['line_contents']}")
        return ContractCheck(kept=not faltas, metadata={"faltas": sorted(set(faltas))})

    def render_broken_contract(self, check):
        output.print_error("Importaciones entre regímenes que config/regimenes.py no declara:", bold=True)
        for falta in check.metadata["faltas"]:
            output.indent_cursor()
            output.print_error(falta)


def _partes_de(modulo: str, paquete: str) -> bool:
    return paquete in modulo.split(".")[1:]


class CapasDeUnaApp(Contract):
    """Inside each app, reads and writes sit below what shows them: a selector imports no PDF builder, page,
    API view or task module; a service imports no page, API view or task module (a task imports its service,
    never the reverse: services queue tasks by name, core.registro.registrar_tarea)."""

    def check(self, graph, verbose):
        faltas = []
        paquetes = ("core", *REGIMENES)
        for modulo in sorted(graph.modules):
            if modulo.split(".")[0] not in paquetes or _de_prueba(modulo):
                continue
            es_selector = _partes_de(modulo, "selectors")
            es_servicio = _partes_de(modulo, "services") or modulo in ("core.mensajes.outbox", "core.mensajes.avisos")
            if not (es_selector or es_servicio):
                continue
            for importado in graph.find_modules_directly_imported_by(modulo):
                partes = importado.split(".")
                if partes[0] not in paquetes:
                    continue
                prohibido = partes[-1] == "tasks" or any(p in ("views", "apis") for p in partes[1:])
                if es_selector:
                    prohibido = prohibido or any(p.startswith("pdf") for p in partes[1:])
                if prohibido:
                    for d in graph.get_import_details(importer=modulo, imported=importado)[:1]:
                        faltas.append(f"{modulo}:{d['line_number']}: {d['line_contents']}")
        return ContractCheck(kept=not faltas, metadata={"faltas": faltas})

    def render_broken_contract(self, check):
        output.print_error("Lecturas o escrituras que importan lo que las muestra o una tarea:", bold=True)
        for falta in check.metadata["faltas"]:
            output.indent_cursor()
            output.print_error(falta)
