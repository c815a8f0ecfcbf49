"""The API's schema changes without breaking the agencies' clients, unless the change log says so.

docs/api/openapi-v1.json is the last released schema (`make esquema` writes it). The live schema may
add paths, operations, optional inputs and answer fields freely. These break a client and fail the
test unless docs/api/CHANGELOG.md names them (the id in backticks, as the failure prints it):

- a path or an operation removed:                  `GET /api/v1/zarpes/`
- a component removed (a generated class gone):    `Zarpe`
- an answer field removed:                         `Zarpe.certificado`
- a field whose type changed:                      `Zarpe.certificado`
- a new required input (body field or parameter):  `ZarpeSolicitud.nave`, `GET /api/v1/zarpes/ ?nave`
"""

import json
from pathlib import Path

from django.conf import settings

from core.management.commands.generar_sdk import esquema_api

PUBLICADO = Path(settings.BASE_DIR) / "docs" / "api" / "openapi-v1.json"
CHANGELOG = Path(settings.BASE_DIR) / "docs" / "api" / "CHANGELOG.md"
METODOS = ("get", "post", "put", "patch", "delete")


def _refs(nodo) -> set[str]:
    if isinstance(nodo, dict):
        propios = {nodo["$ref"].rsplit("/", 1)[1]} if isinstance(nodo.get("$ref"), str) else set()
        return propios.union(*(_refs(v) for v in nodo.values()))
    if isinstance(nodo, list):
        return set().union(*(_refs(v) for v in nodo))
    return set()


def _alcanzables(esquema: dict, raices: set[str]) -> set[str]:
    componentes, vistos, pendientes = esquema["components"]["schemas"], set(), list(raices)
    while pendientes:
        nombre = pendientes.pop()
        if nombre not in vistos and nombre in componentes:
            vistos.add(nombre)
            pendientes.extend(_refs(componentes[nombre]))
    return vistos


def _direcciones(esquema: dict) -> tuple[set[str], set[str]]:
    """(components a client sends, components it receives)."""
    entradas, salidas = set(), set()
    for operaciones in esquema["paths"].values():
        for metodo in METODOS:
            operacion = operaciones.get(metodo) or {}
            entradas |= _refs(operacion.get("requestBody", {}))
            salidas |= _refs({k: v for k, v in operacion.get("responses", {}).items() if k.startswith("2")})
    return _alcanzables(esquema, entradas), _alcanzables(esquema, salidas)


def _tipo(campo: dict) -> str:
    claves = ("type", "format", "$ref", "allOf", "oneOf", "anyOf", "items")
    return json.dumps({k: campo[k] for k in claves if k in campo}, sort_keys=True)


def _parametros_obligatorios(operacion: dict) -> set[str]:
    return {p["name"] for p in operacion.get("parameters", []) if p.get("required") and p.get("in") != "path"}


def cambios_que_rompen(viejo: dict, nuevo: dict) -> list[str]:
    """The ids of the changes from `viejo` to `nuevo` that break a client built on `viejo`."""
    cambios = []
    for ruta, operaciones in viejo["paths"].items():
        if ruta not in nuevo["paths"]:
            cambios.append(ruta)
            continue
        for metodo in METODOS:
            if metodo not in operaciones:
                continue
            operacion_nueva = nuevo["paths"][ruta].get(metodo)
            if operacion_nueva is None:
                cambios.append(f"{metodo.upper()} {ruta}")
                continue
            antes = _parametros_obligatorios(operaciones[metodo])
            nuevos_obligatorios = _parametros_obligatorios(operacion_nueva) - antes
            for nombre in sorted(nuevos_obligatorios):
                cambios.append(f"{metodo.upper()} {ruta} ?{nombre}")
    viejos, nuevos = viejo["components"]["schemas"], nuevo["components"]["schemas"]
    _, salidas = _direcciones(viejo)
    entradas_nuevas, _ = _direcciones(nuevo)
    for nombre, componente in viejos.items():
        if nombre not in nuevos:
            cambios.append(nombre)
            continue
        antes, ahora = componente.get("properties", {}), nuevos[nombre].get("properties", {})
        for campo, definicion in antes.items():
            if campo not in ahora:
                if nombre in salidas:
                    cambios.append(f"{nombre}.{campo}")
            elif _tipo(definicion) != _tipo(ahora[campo]):
                cambios.append(f"{nombre}.{campo}")
        if nombre in entradas_nuevas:
            requeridos = set(nuevos[nombre].get("required", [])) - set(componente.get("required", []))
            cambios += [f"{nombre}.{campo}" for campo in sorted(requeridos)]
    return list(dict.fromkeys(cambios))


def test_the_live_schema_breaks_nothing_the_changelog_does_not_name():
    publicado = json.loads(PUBLICADO.read_text(encoding="utf-8"))
    vivo = json.loads(json.dumps(esquema_api()))
    registro = CHANGELOG.read_text(encoding="utf-8")
    sin_registrar = [c for c in cambios_que_rompen(publicado, vivo) if f"`{c}`" not in registro]
    assert not sin_registrar, (
        "Cambios que rompen los clientes y que docs/api/CHANGELOG.md no nombra (o es un error, o se "
        "anotan con su id entre comillas invertidas y se publica el esquema con `make esquema`):\n"
        + "\n".join(sin_registrar)
    )


def test_the_released_schema_carries_the_version_of_the_settings():
    publicado = json.loads(PUBLICADO.read_text(encoding="utf-8"))
    assert publicado["info"]["version"] == settings.SPECTACULAR_SETTINGS["VERSION"]
    assert publicado["info"]["version"].startswith("1.")  # the path says v1


# --- The rules themselves, on small schemas ------------------------------------------------------------
def _esquema(paths=None, **componentes) -> dict:
    return {"paths": paths or {}, "components": {"schemas": componentes}}


def _op(entrada=None, salida=None, parametros=()):
    operacion = {"parameters": list(parametros), "responses": {}}
    if entrada:
        operacion["requestBody"] = {"content": {"application/json": {"schema": {"$ref": f"#/c/{entrada}"}}}}
    if salida:
        operacion["responses"]["201"] = {"content": {"application/json": {"schema": {"$ref": f"#/c/{salida}"}}}}
    return operacion


ZARPE = {"properties": {"id": {"type": "integer"}, "certificado": {"type": "object"}}}
SOLICITUD = {"properties": {"nave": {"type": "string"}, "fecha": {"type": "string"}}, "required": ["nave"]}
BASE = _esquema({"/api/v1/zarpes/": {"post": _op("ZarpeSolicitud", "Zarpe")}}, Zarpe=ZARPE, ZarpeSolicitud=SOLICITUD)


def test_rule_additions_break_nothing():
    nuevo = json.loads(json.dumps(BASE))
    nuevo["paths"]["/api/v1/otra/"] = {"get": _op(salida="Zarpe")}
    nuevo["components"]["schemas"]["Zarpe"]["properties"]["nuevo"] = {"type": "string"}
    nuevo["components"]["schemas"]["ZarpeSolicitud"]["properties"]["opcional"] = {"type": "string"}
    assert cambios_que_rompen(BASE, nuevo) == []


def test_rule_a_removed_path_operation_or_component_breaks():
    assert cambios_que_rompen(BASE, _esquema({}, Zarpe=ZARPE, ZarpeSolicitud=SOLICITUD)) == ["/api/v1/zarpes/"]
    sin_post = _esquema({"/api/v1/zarpes/": {"get": _op(salida="Zarpe")}}, Zarpe=ZARPE, ZarpeSolicitud=SOLICITUD)
    assert cambios_que_rompen(BASE, sin_post) == ["POST /api/v1/zarpes/"]
    renombrado = _esquema({"/api/v1/zarpes/": {"post": _op("ZarpeSolicitud", "Z")}}, Z=ZARPE, ZarpeSolicitud=SOLICITUD)
    assert cambios_que_rompen(BASE, renombrado) == ["Zarpe"]


def test_rule_a_removed_answer_field_or_a_changed_type_breaks():
    nuevo = json.loads(json.dumps(BASE))
    del nuevo["components"]["schemas"]["Zarpe"]["properties"]["certificado"]
    nuevo["components"]["schemas"]["Zarpe"]["properties"]["id"] = {"type": "string"}
    assert sorted(cambios_que_rompen(BASE, nuevo)) == ["Zarpe.certificado", "Zarpe.id"]


def test_rule_a_new_required_input_breaks_and_a_dropped_input_does_not():
    nuevo = json.loads(json.dumps(BASE))
    nuevo["components"]["schemas"]["ZarpeSolicitud"]["required"] = ["nave", "fecha"]
    nuevo["paths"]["/api/v1/zarpes/"]["post"]["parameters"] = [{"name": "capitania", "in": "query", "required": True}]
    assert cambios_que_rompen(BASE, nuevo) == ["POST /api/v1/zarpes/ ?capitania", "ZarpeSolicitud.fecha"]
    sin_fecha = json.loads(json.dumps(BASE))
    del sin_fecha["components"]["schemas"]["ZarpeSolicitud"]["properties"]["fecha"]
    assert cambios_que_rompen(BASE, sin_fecha) == []
