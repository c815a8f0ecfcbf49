"""Backups: `manage.py respaldo` dumps the database and the uploaded files with a manifest; a restore
into a fresh database reproduces every table's row count and the ledger's sums, and
`respaldo --verificar` says so (or names what differs)."""

import json
import subprocess
import sys
import tarfile
import uuid

import psycopg
import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.db import connection

from core.identidad.roles import Rol
from cupos.models import Movimiento
from distribuidores.tests.archivos.escenario import construir_mundo
from tests.servidores import RAIZ, entorno

pytestmark = [pytest.mark.fallos, pytest.mark.django_db(transaction=True)]

LIBRO = "SELECT tipo, COUNT(*), SUM(galones) FROM cupos_movimiento GROUP BY tipo ORDER BY tipo"


def _url(base: str) -> str:
    d = connection.settings_dict
    return f"postgres://{d['USER']}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{base}"


def _consultar(url: str, sql: str) -> list:
    with psycopg.connect(url) as c:
        return c.execute(sql).fetchall()


def _conteos(url: str) -> dict:
    with psycopg.connect(url) as c:
        tablas = [t for (t,) in c.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename").fetchall()]
        return {t: c.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tablas}


def _verificar(carpeta, url, media) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "respaldo", "--verificar", str(carpeta)], cwd=RAIZ, capture_output=True,
        text=True, timeout=120, env=entorno(DATABASE_URL=url, DJANGO_MEDIA_ROOT=str(media)),
    )


def test_a_backup_restored_into_a_fresh_database_has_the_same_rows_and_ledger_sums(
    crear_usuario, settings, tmp_path
):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    construir_mundo(crear_usuario(Rol.DISTRIBUIDOR))  # cupos made firm and certificates: ledger discounts
    default_storage.save("reportes/2026/04/prueba.csv", ContentFile(b"fecha,beneficiario\n2026-04-06,X\n"))
    assert Movimiento.objects.filter(tipo="descuento").count() >= 3

    carpeta = tmp_path / "respaldo"
    call_command("respaldo", destino=str(carpeta))
    manifiesto = json.loads((carpeta / "manifiesto.json").read_text())
    assert set(manifiesto["archivos"]) == {"base.dump", "media.tar"}
    assert manifiesto["tablas"]["cupos_movimiento"] == Movimiento.objects.count()
    assert manifiesto["controles"]["cupos.libro"]["descuento"]["movimientos"] >= 3
    assert list(manifiesto["media"]) == ["reportes/2026/04/prueba.csv"]

    original = _url(connection.settings_dict["NAME"])
    nueva = f"{connection.settings_dict['NAME']}_restaurada_{uuid.uuid4().hex[:8]}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{nueva}"')
    try:
        r = subprocess.run(["pg_restore", "--no-owner", "--exit-on-error", "--dbname", _url(nueva),
                            str(carpeta / "base.dump")], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        media = tmp_path / "media-restaurada"
        with tarfile.open(carpeta / "media.tar") as tar:
            tar.extractall(media, filter="data")

        assert _conteos(_url(nueva)) == _conteos(original)
        assert _consultar(_url(nueva), LIBRO) == _consultar(original, LIBRO)
        verificacion = _verificar(carpeta, _url(nueva), media)
        assert verificacion.returncode == 0, verificacion.stderr
        assert "Verificación correcta" in verificacion.stdout

        # It can fail: a changed ledger, a lost row, a damaged file and a missing upload are each named.
        with psycopg.connect(_url(nueva), autocommit=True) as c:
            c.execute("ALTER TABLE cupos_movimiento DISABLE TRIGGER USER")  # the ledger is write-once
            c.execute("UPDATE cupos_movimiento SET galones = galones + 1 "
                      "WHERE id = (SELECT MAX(id) FROM cupos_movimiento)")
            c.execute("DELETE FROM core_mensajesaliente WHERE id = (SELECT MAX(id) FROM core_mensajesaliente)")
        (media / "reportes/2026/04/prueba.csv").unlink()
        with open(carpeta / "media.tar", "ab") as f:
            f.write(b"x")
        verificacion = _verificar(carpeta, _url(nueva), media)
        assert verificacion.returncode != 0
        assert "cupos.libro" in verificacion.stderr and "core_mensajesaliente" in verificacion.stderr
        assert "media.tar" in verificacion.stderr and "prueba.csv" in verificacion.stderr
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{nueva}" WITH (FORCE)')


def test_a_backup_refuses_a_folder_that_is_not_empty(tmp_path):
    (tmp_path / "algo").write_text("x")
    with pytest.raises(Exception, match="no está vacía"):
        call_command("respaldo", destino=str(tmp_path))
