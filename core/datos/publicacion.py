"""Publishing a dataset's month: compute it, suppress small cells, write immutable files, record the version.

A month's files are written once, under <DATOS_ROOT>/<dataset>/<YYYY-MM>/v<n>/, and never touched
again: publishing a month whose figures have not changed records nothing; publishing it when they have
(late reports, a correction) makes version n+1 with its note, and version n stays where it was. After
each publication the dataset's index files (datapackage.json, metadatos.jsonld) and the catalogue
(catalogo.jsonld) are rewritten from the versions recorded (core.datos.metadatos).
"""

import datetime as dt
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from django.db import connection, transaction

from core.archivos.exportar import csv_bytes
from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, ErrorCore
from core.datos import registro
from core.datos.esquema import CAMPO_PERIODO, UMBRAL_SUPRESION, campos, escribir_indice, raiz  # noqa: F401
from core.datos.models import PublicacionDatos
from core.datos.registro import Campo, Conjunto
from core.vencimientos.calendario import nth_business_day

NOTA_CORRECCION = (
    "Corrección: las cifras del mes cambiaron después de la versión anterior (datos recibidos tarde o corregidos)."
)


def _vacio(campo: Campo):
    return {"integer": 0, "number": Decimal("0"), "boolean": False}.get(campo.tipo, "")


def construir(conjunto: Conjunto, periodo: dt.date) -> tuple[list[dict], int]:
    """The month's rows (each contribution joined on the keys, small cells suppressed) and the number
    of suppressed cells."""
    claves = [c.nombre for c in conjunto.dimensiones]
    filas: dict[tuple, dict] = {}
    aportes = registro.aportes(conjunto.slug)
    for aporte in aportes:
        for fila in aporte.calcular(periodo):
            clave = tuple(fila[k] for k in claves)
            destino = filas.setdefault(clave, {k: fila[k] for k in claves})
            for campo in aporte.campos:
                destino[campo.nombre] = fila.get(campo.nombre, _vacio(campo))
    todos = campos(conjunto)
    suprimidas = 0
    resultado = []
    for clave in sorted(filas, key=lambda k: tuple(str(v) for v in k)):
        fila = {"periodo": f"{periodo:%Y-%m}"}
        fila.update({c.nombre: filas[clave].get(c.nombre, _vacio(c)) for c in todos[1:]})
        for aporte in aportes:
            for s in aporte.supresiones:
                conteo = fila[s.conteo] or 0
                suprimir = 0 < conteo < UMBRAL_SUPRESION
                fila[s.marca] = suprimir
                if suprimir:
                    for nombre in (s.conteo, *s.campos):
                        fila[nombre] = None
                    suprimidas += 1 + len(s.campos)
        resultado.append(fila)
    return resultado, suprimidas


def _canonico(valor) -> str:
    return json.dumps(_json(valor), sort_keys=True)


def _filas_publicadas(slug: str, previas: list[PublicacionDatos]) -> list[dict[tuple, dict]]:
    """The rows of each earlier version of the month, by key, as their immutable JSON files say."""
    conjunto = registro.conjunto(slug)
    claves = [c.nombre for c in conjunto.dimensiones]
    versiones = []
    for previa in previas:
        ruta = raiz() / slug / previa.archivo("json")
        try:
            filas = json.loads(ruta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # a version whose file is gone publishes nothing to compare with
        versiones.append({tuple(_canonico(f.get(k)) for k in claves): f for f in filas})
    return versiones


def suprimir_diferencias(conjunto: Conjunto, filas: list[dict], publicadas: list[dict[tuple, dict]]) -> int:
    """Issue 39: a correction must not reveal what the suppression hides. Subtracting version 1 from version
    2 of a cell isolates what changed: one late sale of 1,234.56 gal among seven beneficiaries is one
    beneficiary's figure. A cell whose figures differ from those an earlier version published is shown
    again only when its count of beneficiaries grew by at least UMBRAL_SUPRESION (the difference is then a
    cell of that many); otherwise it is suppressed in the correction, and the earlier figures stand. The
    number of cells suppressed here."""
    if not publicadas:
        return 0
    claves = [c.nombre for c in conjunto.dimensiones]
    suprimidas = 0
    for fila in filas:
        clave = tuple(_canonico(fila[k]) for k in claves)
        anteriores = [v[clave] for v in publicadas if clave in v]
        for aporte in registro.aportes(conjunto.slug):
            for s in aporte.supresiones:
                if fila[s.marca]:
                    continue
                nombres = (s.conteo, *s.campos)
                for anterior in anteriores:
                    if anterior.get(s.marca) or anterior.get(s.conteo) is None:
                        continue  # nothing was published there to subtract from
                    cambio = any(_canonico(fila[n]) != _canonico(anterior.get(n)) for n in nombres)
                    crecio = abs((fila[s.conteo] or 0) - anterior[s.conteo]) >= UMBRAL_SUPRESION
                    if cambio and not crecio:
                        fila[s.marca] = True
                        for nombre in nombres:
                            fila[nombre] = None
                        suprimidas += len(nombres)
                        break
    return suprimidas


class _Cifra:
    """A figure's text for the CSV writer, which core.archivos.exportar.texto_seguro leaves as it is (not a str)."""

    __slots__ = ("texto",)

    def __init__(self, texto: str):
        self.texto = texto

    def __str__(self) -> str:
        return self.texto


def _texto(valor) -> str:
    if valor is None:
        return ""
    if isinstance(valor, bool):
        return "true" if valor else "false"
    if isinstance(valor, dt.date):
        return valor.isoformat()
    if isinstance(valor, Decimal):
        # The same text whatever the database summed with (SQLite's sums carry trailing zeros).
        return format(valor.normalize(), "f")
    return str(valor)


def _json(valor):
    if isinstance(valor, Decimal):
        return int(valor) if valor == valor.to_integral_value() else float(valor)
    if isinstance(valor, dt.date):
        return valor.isoformat()
    return valor


def serializar(conjunto: Conjunto, filas: list[dict]) -> tuple[bytes, bytes]:
    """(CSV, JSON) bytes: UTF-8, the CSV with its header, the JSON an array of objects (one per row)."""
    nombres = [c.nombre for c in campos(conjunto)]
    # Through core.archivos.exportar like every CSV: a text a spreadsheet would run as a formula (a station named
    # «=HYPERLINK(…)») is written as literal text; figures, dates and flags are written as they are.
    celdas = ([fila[n] if isinstance(fila[n], str) else _Cifra(_texto(fila[n])) for n in nombres] for fila in filas)
    datos_json = [{n: _json(fila[n]) for n in nombres} for fila in filas]
    return (
        csv_bytes(nombres, celdas, bom=False),
        (json.dumps(datos_json, ensure_ascii=False, indent=1) + "\n").encode("utf-8"),
    )


def _escribir_nuevo(ruta: Path, contenido: bytes) -> None:
    """Write a file that must not exist yet (an immutable version): never overwrites one."""
    ruta.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=ruta.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(contenido)
        os.chmod(tmp, 0o444)
        os.link(tmp, ruta)  # fails if the file exists: a published file is never replaced
    finally:
        os.unlink(tmp)


def _version_en_disco(slug: str, periodo: dt.date) -> int:
    """The highest version folder on disk (a run that wrote files and then failed leaves one behind)."""
    carpeta = raiz() / slug / f"{periodo:%Y-%m}"
    if not carpeta.is_dir():
        return 0
    versiones = [int(p.name[1:]) for p in carpeta.iterdir() if p.name.startswith("v") and p.name[1:].isdecimal()]
    return max(versiones, default=0)


@dataclass
class Resultado:
    conjunto: str
    periodo: dt.date
    publicacion: PublicacionDatos | None
    nueva: bool
    filas: int
    suprimidas: int


def publicar(
    slug: str, periodo: dt.date, *, nota: str = "", actor=None, omitir_vacio: bool = False, indices: bool = True
) -> Resultado:
    """Publish `slug`'s month starting on `periodo` (see the module's docstring). `omitir_vacio`: a
    month with no rows and nothing published before is skipped (the demo). `indices=False` leaves the
    index files for the caller to write once after several publications."""
    conjunto = registro.conjunto(slug)
    if conjunto is None:
        raise ApplicationError(ErrorCore.DATOS_INVALIDOS, f"No hay un conjunto de datos «{slug}».", status_code=400)
    periodo = periodo.replace(day=1)
    nota = (nota or "").strip()
    filas, suprimidas = construir(conjunto, periodo)
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # Two runs publishing the same month (the beat job and the command) take turns.
            with connection.cursor() as cur:
                cur.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"core.datos:{slug}:{periodo:%Y-%m}"])
        previas = list(
            PublicacionDatos.objects.select_for_update().filter(conjunto=slug, periodo=periodo).order_by("-version")
        )
        ultima = previas[0] if previas else None
        suprimidas += suprimir_diferencias(conjunto, filas, _filas_publicadas(slug, previas))
        contenido_csv, contenido_json = serializar(conjunto, filas)
        sha_csv = hashlib.sha256(contenido_csv).hexdigest()
        sha_json = hashlib.sha256(contenido_json).hexdigest()
        if ultima is not None and ultima.sha256 == sha_csv and ultima.sha256_json == sha_json:
            return Resultado(slug, periodo, ultima, False, len(filas), suprimidas)
        if ultima is None and not filas and omitir_vacio:
            return Resultado(slug, periodo, None, False, 0, 0)
        version = max(ultima.version if ultima else 0, _version_en_disco(slug, periodo)) + 1
        if version > 1 and not nota:
            nota = NOTA_CORRECCION
        publicacion = PublicacionDatos(
            conjunto=slug,
            periodo=periodo,
            version=version,
            nota=nota,
            sha256=sha_csv,
            sha256_json=sha_json,
            bytes_csv=len(contenido_csv),
            bytes_json=len(contenido_json),
            filas=len(filas),
            celdas_suprimidas=suprimidas,
            creada_por=actor if getattr(actor, "is_authenticated", False) else None,
        )
        base = raiz() / slug
        while True:
            try:
                _escribir_nuevo(base / publicacion.archivo("csv"), contenido_csv)
                break
            except FileExistsError:  # another process sharing the folder wrote that version meanwhile
                publicacion.version += 1
                publicacion.nota = publicacion.nota or NOTA_CORRECCION
        _escribir_nuevo(base / publicacion.archivo("json"), contenido_json)
        publicacion.save(force_insert=True)
        audit_record(actor=actor, accion="datos.publicar", obj=publicacion)
    if indices:
        from core.datos.metadatos import escribir_indices

        escribir_indices(slugs=[slug])
    return Resultado(slug, periodo, publicacion, True, len(filas), suprimidas)


def publicar_mes(periodo: dt.date, *, nota: str = "", actor=None, omitir_vacio: bool = False) -> list[Resultado]:
    """Every registered dataset's month (the monthly job and `manage.py publicar_datos`)."""
    from core.datos.metadatos import escribir_indices

    resultados = [
        publicar(c.slug, periodo, nota=nota, actor=actor, omitir_vacio=omitir_vacio, indices=False)
        for c in registro.conjuntos()
    ]
    escribir_indices()
    return resultados


# the wholesalers report a month within the first 10 business days of the next; until then its
# figures are still arriving and a publication would be corrected, and diffed, right away.
DIAS_HABILES_DE_REPORTE = 10


def cierre_del_mes(periodo: dt.date) -> dt.date:
    """The last day the month's reports are due (R-20): after it, the month is closed for publication."""
    siguiente = (periodo.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return nth_business_day(siguiente.year, siguiente.month, DIAS_HABILES_DE_REPORTE)


def ultimo_mes_cerrado(hoy: dt.date) -> dt.date:
    mes = mes_anterior(hoy)
    return mes if hoy > cierre_del_mes(mes) else mes_anterior(mes)


def mes_anterior(fecha: dt.date) -> dt.date:
    primero = fecha.replace(day=1)
    return (primero - dt.timedelta(days=1)).replace(day=1)
