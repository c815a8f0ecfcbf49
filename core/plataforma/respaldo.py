"""Backups: the database and the uploaded files, with a manifest a restore is checked against.

`respaldar(destino)` writes into an empty folder:
- base.dump: `pg_dump --format=custom` (base.sqlite3 under `make run`, SQLite's online backup);
- media.tar: every file under MEDIA_ROOT, with paths relative to it;
- manifiesto.json: each of those files with its size and SHA-256, each uploaded file with its
  SHA-256, the row count of every table, and the control figures the apps register
  (core.registro.registrar_control: the ledger's sums per movement type).

On PostgreSQL the counts and control figures are read in the very snapshot pg_dump dumps
(`pg_export_snapshot` + `pg_dump --snapshot`): they describe exactly the dump, even while users write.

`verificar(origen)` compares a restored system with the manifest: the files' checksums, the
current database's counts and control figures, and the restored media files. It returns the list of
differences (empty: the restore is faithful).
"""

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from core import registro

MANIFIESTO = "manifiesto.json"
DUMP_PG = "base.dump"
DUMP_SQLITE = "base.sqlite3"
MEDIA = "media.tar"
FORMATO = 1


class RespaldoError(Exception):
    """The backup could not be made; the message says why, in Spanish."""


def sha256(ruta: Path) -> str:
    h = hashlib.sha256()
    with open(ruta, "rb") as f:
        for bloque in iter(lambda: f.read(1024 * 1024), b""):
            h.update(bloque)
    return h.hexdigest()


def _describir(ruta: Path) -> dict:
    return {"bytes": ruta.stat().st_size, "sha256": sha256(ruta)}


def conteos() -> dict[str, int]:
    """Rows per table of the current database (every table, the framework's too)."""
    resultado = {}
    with connection.cursor() as cursor:
        for tabla in sorted(connection.introspection.table_names(cursor)):
            cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(tabla)}")
            resultado[tabla] = cursor.fetchone()[0]
    return resultado


def _entorno_pg() -> tuple[list[str], dict]:
    d = connection.settings_dict
    args = ["--dbname", d["NAME"]]
    if d.get("HOST"):
        args += ["--host", d["HOST"]]
    if d.get("PORT"):
        args += ["--port", str(d["PORT"])]
    if d.get("USER"):
        args += ["--username", d["USER"]]
    env = {**os.environ}
    if d.get("PASSWORD"):
        env["PGPASSWORD"] = d["PASSWORD"]
    return args, env


def _volcar_postgresql(destino: Path) -> tuple[str, dict, dict]:
    pg_dump = shutil.which("pg_dump")
    if pg_dump is None:
        raise RespaldoError("No se encontró pg_dump: instale el cliente de PostgreSQL (postgresql-client).")
    args, env = _entorno_pg()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        cursor.execute("SELECT pg_export_snapshot()")
        foto = cursor.fetchone()[0]
        r = subprocess.run(
            [pg_dump, "--format=custom", "--no-password", f"--snapshot={foto}", "--file", str(destino / DUMP_PG),
             *args],
            env=env, capture_output=True, text=True,
        )
        if r.returncode != 0:
            raise RespaldoError(f"pg_dump falló: {r.stderr.strip()[-2000:]}")
        return DUMP_PG, conteos(), registro.controles()  # the same snapshot as the dump


def _volcar_sqlite(destino: Path) -> tuple[str, dict, dict]:
    connection.ensure_connection()
    copia = sqlite3.connect(destino / DUMP_SQLITE)
    try:
        with transaction.atomic():  # counts and copy from one read transaction
            tablas, controles = conteos(), registro.controles()
            connection.connection.backup(copia)
    finally:
        copia.close()
    return DUMP_SQLITE, tablas, controles


def _empaquetar_media(destino: Path) -> dict[str, str]:
    raiz = Path(settings.MEDIA_ROOT)
    archivos = {}
    with tarfile.open(destino / MEDIA, "w") as tar:
        if raiz.is_dir():
            for ruta in sorted(p for p in raiz.rglob("*") if p.is_file()):
                relativa = ruta.relative_to(raiz).as_posix()
                archivos[relativa] = sha256(ruta)
                tar.add(ruta, arcname=relativa, recursive=False)
    return archivos


def respaldar(destino: Path) -> dict:
    """Write the backup into `destino` (created; it must be empty) and return the manifest."""
    destino = Path(destino)
    if destino.exists() and any(destino.iterdir()):
        raise RespaldoError(f"La carpeta {destino} no está vacía: use una carpeta nueva para cada respaldo.")
    destino.mkdir(parents=True, exist_ok=True)
    inicio = timezone.now()
    if connection.vendor == "postgresql":
        dump, tablas, controles = _volcar_postgresql(destino)
    elif connection.vendor == "sqlite":
        dump, tablas, controles = _volcar_sqlite(destino)
    else:
        raise RespaldoError(f"Motor de base de datos no soportado: {connection.vendor}.")
    media = _empaquetar_media(destino)
    manifiesto = {
        "formato": FORMATO,
        "creado": inicio.isoformat(),
        "motor": connection.vendor,
        "base_de_datos": connection.settings_dict["NAME"] if connection.vendor == "postgresql" else "sqlite",
        "archivos": {nombre: _describir(destino / nombre) for nombre in (dump, MEDIA)},
        "tablas": tablas,
        "controles": controles,
        "media": media,
    }
    (destino / MANIFIESTO).write_text(json.dumps(manifiesto, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
    return manifiesto


def verificar(origen: Path, *, base: bool = True, media: bool = True) -> list[str]:
    """Differences between the backup in `origen` and the running system (empty list: all match)."""
    origen = Path(origen)
    ruta = origen / MANIFIESTO
    if not ruta.exists():
        return [f"No hay {MANIFIESTO} en {origen}."]
    manifiesto = json.loads(ruta.read_text())
    diferencias = []
    for nombre, esperado in manifiesto["archivos"].items():
        archivo = origen / nombre
        if not archivo.exists():
            diferencias.append(f"Falta el archivo {nombre}.")
        elif _describir(archivo) != esperado:
            diferencias.append(f"El archivo {nombre} no coincide con su suma SHA-256 o su tamaño: está dañado.")
    if base:
        actuales = conteos()
        for tabla, filas in manifiesto["tablas"].items():
            if tabla not in actuales:
                diferencias.append(f"Falta la tabla {tabla}.")
            elif actuales[tabla] != filas:
                diferencias.append(f"La tabla {tabla} tiene {actuales[tabla]} filas; el respaldo, {filas}.")
        controles = json.loads(json.dumps(registro.controles()))
        for nombre, esperado in manifiesto["controles"].items():
            if controles.get(nombre) != esperado:
                diferencias.append(
                    f"Control «{nombre}»: {controles.get(nombre)} en la base; {esperado} en el respaldo."
                )
    if media:
        raiz = Path(settings.MEDIA_ROOT)
        for relativa, suma in manifiesto["media"].items():
            archivo = raiz / relativa
            if not archivo.is_file():
                diferencias.append(f"Falta el archivo subido {relativa} en {raiz}.")
            elif sha256(archivo) != suma:
                diferencias.append(f"El archivo subido {relativa} no coincide con su suma SHA-256.")
    return diferencias

