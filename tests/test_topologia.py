"""The scaled topology, run for real (issue 27; tests/topologia.py starts it): a primary and a streaming
replica, PgBouncer in transaction mode, nginx over 2 gunicorn nodes, 2 Celery workers and a beat on a
private Redis. The bounded form for CI: one topology for the module, short loads (≈ 2½ min in all).

- read-your-writes: with the replica delayed (recovery_min_apply_delay), the user who wrote sees the
  write at once; another user still reads the replica, and the pages say how fresh their data are;
- a web node killed (kill -9) under issuance load, then PgBouncer restarted under load: clients retry
  with their Idempotency-Key; no certificate lost or doubled, consecutive numbers gap-free, no 500;
- the replica stopped: replica-routed pages read from the primary, no 5xx;
- a worker killed mid-job and Redis restarted: the beat's sweeper re-queues the job, the other worker
  finishes it, rows exact.
"""

import re
import subprocess
import sys
import time

import psycopg
import pytest

from core.plataforma.db import PAUSA_SEGUNDOS
from tests.servidores import RAIZ, esperar
from tests.topologia import Topologia, carga_emision, consecutivos, verificar_emision

# One topology for the module: under xdist (`make test`, --dist loadgroup) its tests stay on one worker.
pytestmark = [pytest.mark.topologia, pytest.mark.xdist_group("topologia")]

SEGUNDOS_CARGA = 6.0
FILAS_REPORTE = 99_000  # seconds of work even on a quiet machine (40,000 ended before the kill); distinct up to 100,000


@pytest.fixture(scope="module")
def topo():
    t = Topologia(nodos=2, workers_gunicorn=2, oficiales=6)
    try:
        t.iniciar()
        t.calentar()
        yield t
    except BaseException:
        if t.nodos[0] is not None:
            print("\n".join(p.texto()[-2000:] for p in t.nodos if p is not None))
        raise
    finally:
        t.detener()


def _cookie(sesion: str) -> dict:
    return {"Cookie": f"sessionid={sesion}"}


def _total_cupos(html: bytes) -> int:
    m = re.search(r"<dt>Total</dt><dd>([\d.]+)</dd>", html.decode())
    assert m, html.decode()[:2000]
    return int(m.group(1).replace(".", ""))


def _frescura(html: bytes) -> str:
    m = re.search(r'class="frescura-datos"[^>]*>([^<]+)<', html.decode())
    return m.group(1) if m else ""


def test_read_your_writes_with_a_delayed_replica_and_pages_say_how_fresh(topo):
    escritor, otro = topo.datos["analistas"]
    estado, _, pagina = topo.pedir("/fronteras/transparencia/")
    assert estado == 200 and re.fullmatch(r"Datos actualizados hace \d+ s\.", _frescura(pagina)), _frescura(pagina)
    estado, _, pagina = topo.pedir("/cupos/tablero/", cabeceras=_cookie(escritor["sesion"]))
    assert estado == 200, pagina[:500]
    antes = _total_cupos(pagina)
    assert "hace" in _frescura(pagina)

    topo.replica.retrasar(60)
    time.sleep(0.5)
    estado, _, cuerpo = topo.pedir(
        "/api/v1/cupos/",
        metodo="POST",
        datos=(
            f'{{"resolucion": {topo.datos["resolucion"]}, "beneficiario": {topo.datos["libres"][0]}, '
            '"galones_anuales": "1200"}'
        ).encode(),
        cabeceras={"Authorization": f"Token {escritor['token']}", "Content-Type": "application/json"},
    )
    assert estado == 201, cuerpo[:500]
    # The replica has not replayed it (the delay works) ...
    assert int(topo.replica.sql("SELECT count(*) FROM cupos_cupo")) == antes
    # ... yet the writer, now on its session, sees it: its reads go to the primary.
    estado, _, pagina = topo.pedir("/cupos/tablero/", cabeceras=_cookie(escritor["sesion"]))
    assert estado == 200 and _total_cupos(pagina) == antes + 1
    assert _frescura(pagina) == "Datos actualizados al instante."
    # Another analyst, who wrote nothing, still reads the replica, behind, and is told how far behind.
    estado, _, pagina = topo.pedir("/cupos/tablero/", cabeceras=_cookie(otro["sesion"]))
    assert estado == 200 and _total_cupos(pagina) == antes
    assert re.fullmatch(r"Datos actualizados hace \d+ (s|min)\.", _frescura(pagina)), _frescura(pagina)

    topo.replica.retrasar(0)
    topo.replica_al_dia()
    # Replayed past the write: the writer is back on the replica, which now has the cupo. Within a few seconds: a
    # worker whose replica query failed meanwhile (a loaded machine) skips the replica for PAUSA_SEGUNDOS (a CI
    # run saw «al instante» here once).
    vistas = []

    def en_la_replica() -> bool:
        estado, _, pagina = topo.pedir("/cupos/tablero/", cabeceras=_cookie(escritor["sesion"]))
        vistas.append((estado, _total_cupos(pagina) if estado == 200 else None, _frescura(pagina)))
        return estado == 200 and re.fullmatch(r"Datos actualizados hace \d+ s\.", _frescura(pagina)) is not None

    try:
        esperar(en_la_replica, segundos=PAUSA_SEGUNDOS + 10, que="el escritor de vuelta en la réplica", cada=0.5)
    except AssertionError as exc:
        raise AssertionError(f"{exc}; lo último que vio: {vistas[-3:]}") from None
    assert vistas[-1][1] == antes + 1, vistas


def _resumen(lista) -> str:
    estados: dict[int, int] = {}
    for c in lista:
        for k, v in c.estados.items():
            estados[k] = estados.get(k, 0) + v
    return (
        f"{sum(len(c.numeros) for c in lista)} certificados, {sum(c.reintentos for c in lista)} reintentos, "
        f"estados {dict(sorted(estados.items()))}"
    )


def test_a_web_node_killed_under_issuance_load_loses_or_doubles_nothing(topo):
    antes = consecutivos(topo)
    lineas_antes = len(topo.nginx.accesos())
    lista = carga_emision(topo, segundos=SEGUNDOS_CARGA, eventos=[(2.0, lambda: topo.matar_nodo(0))])
    print(_resumen(lista))
    assert not verificar_emision(topo, lista, antes), verificar_emision(topo, lista, antes)
    assert sum(len(c.numeros) for c in lista) >= 10, _resumen(lista)
    assert not any(500 in c.estados for c in lista), _resumen(lista)
    # After the death the balancer sent the issuance to the surviving node only.
    vivo = f"127.0.0.1:{topo.puertos_web[1]}"
    ultimas = [linea.split("|") for linea in topo.nginx.accesos()[lineas_antes:] if "/api/v1/zarpes/" in linea][-10:]
    assert ultimas and all(estado == "201" and destino.endswith(vivo) for estado, destino, *_ in ultimas), ultimas
    topo.iniciar_nodo(0)  # back for the next checks


def test_pgbouncer_restarted_under_issuance_load_loses_or_doubles_nothing(topo):
    antes = consecutivos(topo)

    def reiniciar():
        topo.pgbouncer.detener()
        time.sleep(0.5)
        topo.pgbouncer.iniciar()

    lista = carga_emision(topo, segundos=SEGUNDOS_CARGA, eventos=[(2.0, reiniciar)])
    print(_resumen(lista))
    assert not verificar_emision(topo, lista, antes), verificar_emision(topo, lista, antes)
    assert sum(len(c.numeros) for c in lista) >= 10, _resumen(lista)
    assert not any(500 in c.estados for c in lista), _resumen(lista)


def test_the_replica_stopped_replica_routed_pages_read_the_primary_without_5xx(topo):
    _, otro = topo.datos["analistas"]
    paginas = [
        ("/fronteras/transparencia/", {}),
        ("/api/v1/fronteras/transparencia/?formato=csv", {}),
        ("/cupos/tablero/", _cookie(otro["sesion"])),
        ("/distribuidores/conciliacion/exportar.xlsx", _cookie(otro["sesion"])),
        ("/reserva/nacional/", _cookie(otro["sesion"])),
    ]
    topo.replica.detener()
    try:
        for _ in range(2):  # each node, with its persistent replica connection now dead
            for ruta, cabeceras in paginas:
                estado, _, cuerpo = topo.pedir(ruta, cabeceras=cabeceras)
                assert estado == 200, (ruta, estado, cuerpo[:500])
                if ruta in ("/fronteras/transparencia/", "/cupos/tablero/"):
                    assert _frescura(cuerpo) == "Datos actualizados al instante.", ruta
    finally:
        topo.replica.iniciar()


SUBIR_REPORTE = """
import sys

import django

django.setup()
from django.core.files.uploadedfile import SimpleUploadedFile

from core.models import Usuario
from cupos.models import Beneficiario
from distribuidores.services.reportes.ingesta import reporte_upload
from distribuidores.tests.archivos import csv_bytes
from distribuidores.tests.archivos.escenario import NIT, PERIODO

n = int(sys.argv[1])
acuicultora = Beneficiario.objects.filter(distribuidor__nit=NIT).get()
filas = [[f"2026-04-{1 + i % 28:02d}", acuicultora.identificacion, "", f"{1 + i % 1000}.{i // 1000:02d}"]
         for i in range(n)]
reporte = reporte_upload(actor=Usuario.objects.get(username="topo_mayorista"), distribuidor_nit=NIT,
                         periodo=PERIODO, archivo=SimpleUploadedFile("grande.csv", csv_bytes(filas)))
print(reporte.pk)
"""


def test_a_worker_killed_mid_job_and_redis_restarted_the_beat_recovers_the_job(topo):
    # The upload runs beside the polling: a worker takes the report the moment it is committed.
    subida = subprocess.Popen(
        [sys.executable, "-c", SUBIR_REPORTE, str(FILAS_REPORTE)],
        cwd=RAIZ,
        env=topo.entorno(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    esperar(
        lambda: topo.sql("SELECT count(*) FROM distribuidores_reportemensual") != "0",
        segundos=60,
        que="el reporte subido",
        cada=0.05,
    )
    reporte = int(topo.sql("SELECT max(id) FROM distribuidores_reportemensual"))

    linea = []  # (s, estado, progreso, intentos, evento): what the assertion messages show
    t0 = time.monotonic()

    conexion = psycopg.connect(topo.primaria.url("portal"), autocommit=True)

    def estado(evento: str = ""):
        e, p, i = conexion.execute(
            "SELECT estado, progreso, intentos FROM distribuidores_reportemensual WHERE id = %s", [reporte]
        ).fetchone()
        linea.append((round(time.monotonic() - t0, 2), e, p, i, evento))
        return e, p, i

    esperar(
        lambda: estado()[0] == "procesando" and estado()[1] >= 5,
        segundos=90,
        que="un worker procesando el reporte",
        cada=0.02,
    )
    cual = next(i for i, w in enumerate(topo.workers) if "procesar_reporte_task[" in w.texto())
    topo.workers[cual].matar()  # kill -9: a lost worker container
    e, progreso, _ = estado(f"worker {cual + 1} muerto")
    assert e == "procesando" and progreso < 90, linea  # killed mid-way, not at the end
    subida.communicate(timeout=60)
    topo.redis.detener()  # Redis restarted as well: the queue (no persistence) is gone
    time.sleep(0.5)
    topo.redis.iniciar()
    estado("redis reiniciado")
    topo.workers[cual] = topo.iniciar_worker(cual + 1)
    esperar(
        lambda: estado()[0] in ("procesado", "rechazado"),
        segundos=100,
        que="el reporte terminado tras la recuperación del beat",
        cada=0.5,
    )
    e, _, intentos = estado()
    conexion.close()
    registros = "\n".join(w.texto()[-1500:] for w in topo.workers)
    assert e == "procesado" and intentos >= 2, (linea, registros)
    filas = int(topo.sql(f"SELECT count(*) FROM distribuidores_filareporte WHERE reporte_id = {reporte}"))
    assert filas == FILAS_REPORTE  # the dead attempt's rows rolled back: exact, never doubled
    assert "recuperar_trabajos" in topo.beat.texto()


def test_a_niced_worker_gets_its_whole_autogroup_niced():
    """With autogroup scheduling each session shares the CPU as one group, whatever its processes' niceness:
    the workers' niceness (bench/pico.py --nice-workers) is set on their session's group as well."""
    from pathlib import Path

    from tests.topologia import nice_de_autogrupo

    proceso = subprocess.Popen(["sleep", "30"], start_new_session=True)
    try:
        grupo = Path(f"/proc/{proceso.pid}/autogroup")
        con_autogrupos = grupo.exists()
        assert nice_de_autogrupo(proceso.pid, 10) == con_autogrupos
        if con_autogrupos:
            assert grupo.read_text().split()[-1] == "10"
    finally:
        proceso.kill()
        proceso.wait()
