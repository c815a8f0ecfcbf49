#!/usr/bin/env python
"""The peak day on the scaled topology (issue 27): the 10th business day, then the annual resolution.

Starts the topology of tests/topologia.py (primary + streaming replica, PgBouncer, nginx over 2
gunicorn nodes, 2 Celery workers and a beat) and measures, through nginx:

Peak 1, the 10th business day:
  - M wholesalers upload their monthly report (F rows in total, F / M each), all queued at once, as
    fast as the 2 workers take them;
  - meanwhile C officers issue certificates (POST /api/v1/zarpes/, Idempotency-Key) and L analysts
    read the analyst pages (dashboard, reconciliation, transparency, national compliance).
  Targets: issuance p95 < 150 ms and every page p95 < 300 ms while ingestion runs; every report
  processed; the national reconciliation of the month current within 10 min of the last upload.

Peak 2, the annual resolution: N lines (POST resoluciones/{id}/lineas/), its issuance as a job
(expedir), its bulk firmeza as a job and its N Dimar notices (outbox, delivered by the workers),
end to end in ≤ 5 min, with the officers and analysts still at work and pages still under target.

Each figure is printed with PASS/FAIL and the machine's load. The full size (--mayoristas 300
--filas 1000000 --cupos 10000) takes long on a shared 2-core machine: --escala 0.1 runs a tenth.

    .venv/bin/python bench/pico.py [--escala 1] [--emisores 16] [--lectores 8]
"""

import argparse
import collections
import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.comun import carga, cerrar, cpu_por_proceso, titulo
from tests.topologia import RAIZ, ClienteEmision, ConsultaRepetida, Topologia, percentil

OBJETIVO_EMISION_MS = 150.0
OBJETIVO_PAGINA_MS = 300.0
OBJETIVO_CONCILIACION_S = 600.0
OBJETIVO_RESOLUCION_S = 300.0
PERIODO = "2026-04"

DATOS = """
import datetime as dt, json, sys, django
django.setup()
from decimal import Decimal
from core.vencimientos.calendario import today
from bench.comun import nave_pesquera
from core.models import Capitania, Usuario
from core.identidad.roles import Rol
from cupos.models import Beneficiario
from distribuidores.models import Distribuidor

m, n = int(sys.argv[1]), int(sys.argv[2])
distribuidores = Distribuidor.objects.bulk_create(
    Distribuidor(nit=f"{930_000_000 + i}", razon_social=f"Mayorista Pico {i:03d} S.A.S.",
                 tipo=Distribuidor.Tipo.MAYORISTA) for i in range(m))
Beneficiario.objects.bulk_create(
    Beneficiario(tipo=Beneficiario.Tipo.ACUICULTORA, nombre=f"Acuícola Pico {i:03d} S.A.S.",
                 identificacion=f"{940_000_000 + i}", distribuidor=d) for i, d in enumerate(distribuidores))
Usuario.objects.bulk_create(
    Usuario(username=f"pico_mayorista_{i:03d}", password="!", rol=Rol.DISTRIBUIDOR, distribuidor=d)
    for i, d in enumerate(distribuidores))
# Each aquaculture company buys under a firm cupo of the topology's resolution, in force in the month reported:
# a normal month, whose rows are not all discrepancies (without cupos, each of the 1,000,000 rows was one).
from cupos.models import Resolucion
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.services.procedimiento import notificacion_con_renuncia
analista = Usuario.objects.get(username="topo_analista_1")
resolucion = Resolucion.objects.get(numero="TOPO-001")
firmeza = min(dt.date(2026, 3, 17), today())  # as the topology's own cupos
for b in Beneficiario.objects.filter(identificacion__startswith="94", tipo=Beneficiario.Tipo.ACUICULTORA):
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=b, galones_anuales=Decimal(50_000_000))
    notificacion_con_renuncia(actor=analista, cupo=cupo, fecha=firmeza - dt.timedelta(days=1), soporte="Acta")
    cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=firmeza, fecha_comunicacion=firmeza)
capitania = Capitania.objects.get(codigo="CP05")
naves = [nave_pesquera(nombre=f"MN Pico {i:05d}", identificacion=f"{950_000_000 + i}", matricula=f"MC-05-P{i:05d}",
                       capitania=capitania, capacidad_gal=Decimal(3000)) for i in range(n)]
Beneficiario.objects.bulk_create(naves, batch_size=2000)
ids = list(Beneficiario.objects.filter(matricula__startswith="MC-05-P").order_by("id").values_list("id", flat=True))
print(json.dumps({"naves": ids}))
"""

SUBIR = """
import sys, django
django.setup()
from django.core.files.uploadedfile import SimpleUploadedFile
from core.models import Usuario
from distribuidores.services.reportes.ingesta import reporte_upload
from distribuidores.tests.archivos import csv_bytes
import datetime as dt

m, filas = int(sys.argv[1]), int(sys.argv[2])
por = filas // m
for i in range(m):
    u = Usuario.objects.select_related("distribuidor").get(username=f"pico_mayorista_{i:03d}")
    ident = f"{940_000_000 + i}"
    contenido = csv_bytes([[f"2026-04-{1 + k % 28:02d}", ident, "", f"{1 + k % 900}.{k % 100:02d}"]
                           for k in range(por)])
    reporte_upload(actor=u, distribuidor_nit=u.distribuidor.nit, periodo=dt.date(2026, 4, 1),
                   archivo=SimpleUploadedFile(f"reporte-{i:03d}.csv", contenido))
print("subidos", flush=True)
"""

CONCILIACION = """
import sys, time, django
django.setup()
import datetime as dt
from distribuidores.services.resumen_conciliacion import conciliacion_para_pagina
t0 = time.monotonic()
while time.monotonic() - t0 < float(sys.argv[1]):
    if conciliacion_para_pagina(periodo=dt.date(2026, 4, 1), con_serie=False).al_dia:
        print(f"{time.monotonic() - t0:.1f}")
        break
    time.sleep(2)
else:
    print("-1")
"""


def miles(n: float) -> str:
    """12345 → «12.345» (es-CO)."""
    return f"{n:,.0f}".replace(",", ".")


class Lector(threading.Thread):
    """An analyst reading the analyst pages in turn (their session cookie), each timed."""

    PAGINAS = (
        "/cupos/tablero/",
        f"/distribuidores/conciliacion/?periodo={PERIODO}",
        "/fronteras/transparencia/",
        "/reserva/nacional/",
    )

    def __init__(self, t: Topologia, sesion: str, parar: threading.Event, k: int, pausa: float, retraso: float = 0.0):
        super().__init__(daemon=True)
        self.t, self.sesion, self.parar, self.k, self.pausa = t, sesion, parar, k, pausa
        self.retraso = retraso  # analysts do not all click at the same instant (see main)
        self.tiempos: dict[str, list[tuple[float, float]]] = {p: [] for p in self.PAGINAS}  # (when, ms)
        self.errores = 0

    def run(self):
        i = self.k
        if self.parar.wait(self.retraso):
            return
        while not self.parar.is_set():
            ruta = self.PAGINAS[i % len(self.PAGINAS)]
            i += 1
            t0 = time.perf_counter()
            try:
                estado, _, _ = self.t.pedir(ruta, cabeceras={"Cookie": f"sessionid={self.sesion}"}, timeout=60)
            except OSError:
                estado = 0
            if estado != 200:
                self.errores += 1
            self.tiempos[ruta].append((time.monotonic(), (time.perf_counter() - t0) * 1000))
            self.parar.wait(self.pausa)  # an analyst reads the page before the next one


class Emisor(threading.Thread):
    def __init__(self, cliente: ClienteEmision, parar: threading.Event, pausa: float, retraso: float = 0.0):
        super().__init__(daemon=True)
        self.c, self.parar, self.pausa, self.retraso = cliente, parar, pausa, retraso
        self.marcas: list[tuple[float, float]] = []  # (monotonic end, seconds) of each issuance

    def run(self):
        if self.parar.wait(self.retraso):
            return
        while not self.parar.is_set():
            if not self.c.emitir(time.monotonic() + 60):
                return
            self.marcas.append((time.monotonic(), self.c.latencias[-1]))
            self.parar.wait(self.pausa)  # the next vessel at the counter


class Esperas(threading.Thread):
    """What the primary's busy backends are doing, sampled every second (pg_stat_activity, straight to the
    primary): a slow window says whether requests wait on a lock, on I/O or on the CPU, and which query."""

    CONSULTA = (
        "SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU'),"
        " left(regexp_replace(query, '\\s+', ' ', 'g'), 110)"
        " FROM pg_stat_activity WHERE state NOT IN ('idle') AND backend_type = 'client backend'"
        " AND pid <> pg_backend_pid()"
    )

    def __init__(self, t: Topologia, parar: threading.Event):
        super().__init__(daemon=True)
        self.t, self.parar = t, parar
        self.muestras: list[tuple[float, list[tuple[str, str]]]] = []

    def run(self):
        consulta = ConsultaRepetida(self.t.primaria.puerto)
        while not self.parar.wait(1.0):
            try:
                filas = [tuple(fila) for fila in consulta.filas(self.CONSULTA)]
            except RuntimeError:
                continue
            self.muestras.append((time.monotonic(), filas))
        consulta.cerrar()

    def informe(self, desde: float, hasta: float, n: int = 8) -> None:
        muestras = [f for m, f in self.muestras if desde <= m <= hasta]
        if not muestras:
            return
        cuenta = collections.Counter(f for filas in muestras for f in filas)
        ocupados = sum(len(f) for f in muestras) / len(muestras)
        titulo_ = f"{ocupados:.1f} conexiones ocupadas de media ({len(muestras)} muestras)"
        print(f"  PostgreSQL primario: {titulo_}, las más vistas:")
        for (espera, consulta), veces in cuenta.most_common(n):
            print(f"    {veces / len(muestras):5.2f}  {espera:<28} {consulta}")


def veredicto(texto: str, valor: float, objetivo: float, unidad: str) -> bool:
    pasa = valor == valor and valor < objetivo  # NaN fails
    print(
        f"  {texto:<58} {valor:9.1f} {unidad} (objetivo < {objetivo:.0f})  {'PASS' if pasa else 'FAIL'}"
        f"  carga {carga()}",
        flush=True,
    )
    return pasa


def cpu_en_la_ventana(antes: dict[str, float], segundos: float) -> None:
    """Who used the machine's cores in the window (core-seconds per second, by kind of process)."""
    ahora = cpu_por_proceso()
    uso = sorted(((ahora.get(g, 0.0) - antes.get(g, 0.0)) / segundos, g) for g in ahora)
    print("  CPU (núcleos en uso de media): " + ", ".join(f"{g} {n:.2f}" for n, g in reversed(uso) if n >= 0.02))


def tiempos_del_servidor(t: Topologia, desde: float, hasta: float) -> None:
    """nginx's view of the same window: each page's p95 from its upstream's answer (the web node: Django and
    the database) against the whole request at nginx. A client time far above both is the client's own."""
    reloj = time.time() - time.monotonic()  # nginx logs the epoch ($msec)
    por_ruta: dict[str, list[tuple[float, float]]] = {}
    for linea in t.nginx.accesos():
        campos = linea.split("|")
        if len(campos) < 7:
            continue
        try:
            cuando, total, nodo = float(campos[6]), float(campos[3]) * 1000, float(campos[5]) * 1000
        except ValueError:
            continue
        if not desde + reloj <= cuando <= hasta + reloj:
            continue
        ruta = campos[4].split(" ")[1] if " " in campos[4] else campos[4]
        clave = next((p for p in Lector.PAGINAS if ruta == p), "emisión" if "/api/v1/zarpes/" in ruta else None)
        if clave:
            por_ruta.setdefault(clave, []).append((total, nodo))
    for clave, valores in por_ruta.items():
        print(
            f"    nginx {clave}: p95 {percentil([v[0] for v in valores], 95):.0f} ms, del nodo web"
            f" {percentil([v[1] for v in valores], 95):.0f} ms ({len(valores)})"
        )
    # gunicorn's own log (each worker's pid and the time inside the worker): is a slow page each worker's
    # first of its kind, or any?
    vistas: dict[tuple[str, str], int] = {}
    lentas = []
    partes: dict[str, list[dict[str, float]]] = {}
    for registro in sorted(t.dir.glob("web*-accesos.log")):
        for linea in registro.read_text().splitlines():
            pid, metodo, ruta, _estado, ms, tiempos = (linea.split("|") + [""] * 6)[:6]
            pagina = next((p for p in Lector.PAGINAS if p.split("?")[0] == ruta), None)
            if pagina is None or metodo != "GET":
                continue
            n = vistas[(pid, pagina)] = vistas.get((pid, pagina), 0) + 1
            desglose = servidor_timing(tiempos)
            if desglose:
                partes.setdefault(pagina, []).append(desglose)
            if ms.isdigit() and int(ms) >= 300:
                lentas.append(
                    f"{pagina.split('?')[0]} {ms} ms (worker {pid}, su vista n.º {n}; {desglose_texto(desglose)})"
                )
    if lentas:
        print(f"    en gunicorn, ≥ 300 ms (todo el día hasta aquí): {'; '.join(lentas[-12:])}")
    for pagina, lista in partes.items():  # where a view's time goes (core.web.middleware.TiemposServidorMiddleware)
        lista = lista[-40:]
        media = {k: sum(d.get(k, 0.0) for d in lista) / len(lista) for k in ("total", "cpu", "cola", "bd", "consultas")}
        print(f"    en Django, {pagina.split('?')[0]}, media de {len(lista)} vistas: {desglose_texto(media)}")


def servidor_timing(texto: str) -> dict[str, float]:
    """core.web.middleware's Server-Timing header as {total, cpu, cola, bd, consultas} (ms; consultas a count)."""
    valores: dict[str, float] = {}
    for metrica in texto.split(","):
        nombre, *params = [x.strip() for x in metrica.split(";")]
        for param in params:
            clave, _, valor = param.partition("=")
            with contextlib.suppress(ValueError):
                if clave == "dur":
                    valores[nombre] = float(valor)
                elif clave == "desc" and nombre == "bd":
                    valores["consultas"] = float(valor.strip('\\"'))  # gunicorn's log escapes the quotes
    return valores


def desglose_texto(d: dict[str, float]) -> str:
    if not d:
        return "sin desglose"
    # The database's time is wall-clock from the query's call to its answer: it includes the worker's own CPU
    # and run-queue wait in the driver, so the three parts overlap and need not add up to the total.
    return (
        f"total {d.get('total', 0):.0f}: CPU {d.get('cpu', 0):.0f}, esperando un núcleo {d.get('cola', 0):.0f},"
        f" consultas {d.get('bd', 0):.0f} ms ({d.get('consultas', 0):.0f})"
    )


def ventana(
    emisores: list[Emisor], lectores: list[Lector], desde: float, hasta: float, pasa: list[bool], esperas: Esperas
) -> None:
    lat = [x * 1000 for e in emisores for m, x in e.marcas if desde <= m <= hasta]
    print(f"  emisiones en la ventana: {len(lat)}")
    pasa.append(veredicto("emisión p95", percentil(lat, 95), OBJETIVO_EMISION_MS, "ms"))
    for ruta in Lector.PAGINAS:
        ms = [v for lec in lectores for (m, v) in lec.tiempos[ruta] if desde <= m <= hasta]
        pasa.append(veredicto(f"página {ruta} p95 ({len(ms)})", percentil(ms, 95), OBJETIVO_PAGINA_MS, "ms"))
    esperas.informe(desde, hasta)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--escala", type=float, default=1.0, help="fraction of the full size (1: 300 × 1,000,000, 10,000)")
    p.add_argument("--emisores", type=int, default=16)
    p.add_argument("--lectores", type=int, default=8)
    p.add_argument(
        "--pausa-emision",
        type=float,
        default=1.0,
        help="seconds between one officer's certificates (1: 16 officers issue up to ~57,600 an hour, about"
        " 11 national days of zarpes (1.84 M a year) every hour; 0: back to back, a saturation test)",
    )
    p.add_argument(
        "--pausa-lectura",
        type=float,
        default=5.0,
        help="seconds an analyst spends reading a page before the next (5: 8 analysts ask ~1.5 pages a second)",
    )
    p.add_argument(
        "--nice-workers",
        type=int,
        default=10,
        help="niceness of the Celery workers: on one host they share the web nodes' cores (0: same priority)",
    )
    p.add_argument(
        "--workers-web",
        type=int,
        default=3,
        help="gunicorn workers per web node (3: WEB_CONCURRENCY's default in docker-compose.yml)",
    )
    p.add_argument(
        "--nice-bd",
        type=int,
        default=10,
        help="niceness of the primary's backends serving the workers (their own PgBouncer pool): on one host"
        " the batch work's SQL shares the web's cores too (0: same priority; needs root)",
    )
    p.add_argument(
        "--espera-conciliacion",
        type=float,
        default=OBJETIVO_CONCILIACION_S,
        help="seconds to wait for the month's reconciliation to be current (a shorter wait fails sooner)",
    )
    a = p.parse_args()
    mayoristas = max(2, round(300 * a.escala))
    filas = max(mayoristas * 10, round(1_000_000 * a.escala))
    cupos = max(10, round(10_000 * a.escala))
    titulo(f"Día pico: {mayoristas} mayoristas, {miles(filas)} filas; resolución de {miles(cupos)} cupos")
    if a.escala < 1:
        print(f"TAMAÑO REDUCIDO: {a.escala:g} del día pico nacional (300 mayoristas, 1.000.000 filas, 10.000 cupos).")
    print(f"Carga de la máquina al empezar (1/5/15 min): {carga()} con {os.cpu_count()} CPU", flush=True)
    print(
        f"Ritmo: cada oficial expide un certificado cada {a.pausa_emision:g} s tras la respuesta, cada analista"
        f" lee una página cada {a.pausa_lectura:g} s; workers de Celery con nice {a.nice_workers}, sus"
        f" conexiones en el PostgreSQL primario con nice {a.nice_bd}; {a.workers_web} workers de gunicorn por"
        " nodo web.",
        flush=True,
    )
    t = Topologia(
        nodos=2, workers_gunicorn=a.workers_web, oficiales=a.emisores, nice_workers=a.nice_workers, nice_bd=a.nice_bd
    )
    pasa: list[bool] = []
    parar = threading.Event()
    try:
        t.iniciar()
        naves = json.loads(t.python("-c", DATOS, str(mayoristas), str(cupos), directo=True).splitlines()[-1])["naves"]
        t.calentar(segundos=2.0)
        print(f"Topología y datos listos ({t.tiempos['total']:.0f} s)", flush=True)
        sesion = t.datos["analistas"][1]["sesion"]
        for ruta in Lector.PAGINAS:  # an analyst's day began before the peak: the pages' caches are not cold
            t.pedir(ruta, cabeceras={"Cookie": f"sessionid={sesion}"}, timeout=60)
        for c in t.datos["clientes"]:
            t.clientes.setdefault(c["token"], ClienteEmision(t, c["token"], c["nave"]))
        # Each officer and analyst starts at their own moment within one pause, as people at counters and desks
        # do: all 24 starting at the same instant queued 24 requests on the 6 gunicorn workers at once, and
        # those first views (a burst no real day has) were every page's slowest of the window.
        clientes = t.datos["clientes"]
        emisores = [
            Emisor(t.clientes[c["token"]], parar, a.pausa_emision, retraso=j * a.pausa_emision / len(clientes))
            for j, c in enumerate(clientes)
        ]
        lectores = [
            Lector(t, sesion, parar, k, a.pausa_lectura, retraso=k * a.pausa_lectura / a.lectores)
            for k in range(a.lectores)
        ]
        esperas = Esperas(t, parar)
        for h in (*emisores, *lectores, esperas):
            h.start()

        titulo("Pico 1: reportes mensuales mientras se expiden certificados y se leen páginas")
        inicio, cpu = time.monotonic(), cpu_por_proceso()
        subida = subprocess.Popen(
            [sys.executable, "-c", SUBIR, str(mayoristas), str(filas)],
            cwd=RAIZ,
            env=t.entorno(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        _salida, errores = subida.communicate(timeout=3600)
        fin_subida = time.monotonic()
        assert subida.returncode == 0, errores[-3000:]
        print(f"  {mayoristas} reportes subidos en {fin_subida - inicio:.1f} s", flush=True)
        limite = fin_subida + 3600
        while time.monotonic() < limite:
            hechos = int(
                t.sql(
                    "SELECT count(*) FROM distribuidores_reportemensual r JOIN core_distribuidor d "
                    "ON d.id = r.distribuidor_id WHERE d.nit LIKE '93%' "
                    "AND r.estado IN ('procesado', 'rechazado')"
                )
            )
            if hechos >= mayoristas:
                break
            time.sleep(1)
        fin_ingesta = time.monotonic()
        filas_db = int(
            t.sql(
                "SELECT coalesce(sum(filas_validas + filas_con_error), 0) FROM distribuidores_reportemensual"
                " r JOIN core_distribuidor d ON d.id = r.distribuidor_id WHERE d.nit LIKE '93%'"
            )
        )
        print(
            f"  ingesta: {hechos}/{mayoristas} reportes, {miles(filas_db)} filas, {fin_ingesta - inicio:.1f} s "
            f"({miles(filas_db / max(0.1, fin_ingesta - inicio))} filas/s)",
            flush=True,
        )
        pasa.append(hechos >= mayoristas and filas_db == filas // mayoristas * mayoristas)
        print(f"  todos los reportes procesados, filas exactas: {'PASS' if pasa[-1] else 'FAIL'}")
        ventana(emisores, lectores, inicio, fin_ingesta, pasa, esperas)
        cpu_en_la_ventana(cpu, fin_ingesta - inicio)
        tiempos_del_servidor(t, inicio, fin_ingesta)
        try:  # the officers keep issuing all along, as on the real day
            segundos = float(
                t.python(
                    "-c", CONCILIACION, str(a.espera_conciliacion), timeout=a.espera_conciliacion + 120
                ).splitlines()[-1]
            )
        except subprocess.TimeoutExpired:
            segundos = -1.0
        al_dia = time.monotonic() - fin_subida if segundos >= 0 else float("nan")
        if segundos < 0:
            print(
                f"  la conciliación del mes no quedó al día en {a.espera_conciliacion:.0f} s: algo que el mes lee "
                "siguió cambiando (resumen_conciliacion.firmas dice qué cuenta en la huella de un mes)"
            )
        pasa.append(veredicto("conciliación al día tras la última carga", al_dia, OBJETIVO_CONCILIACION_S, "s"))

        titulo(f"Pico 2: resolución anual de {miles(cupos)} cupos, firmeza en bloque y avisos a Dimar")
        token = t.datos["analistas"][0]["token"]
        api = {"Authorization": f"Token {token}", "Content-Type": "application/json", "Accept": "application/json"}

        def post(ruta, cuerpo):
            desde = time.monotonic()
            estado, _, datos = t.pedir(
                ruta, metodo="POST", cabeceras=api, datos=json.dumps(cuerpo).encode(), timeout=600
            )
            if estado not in (200, 201, 202):  # what the primary and the web nodes were doing meanwhile
                print(f"  {ruta}: {estado} tras {time.monotonic() - desde:.1f} s", flush=True)
                esperas.informe(desde, time.monotonic(), n=12)
                for i, nodo in enumerate(t.nodos):
                    print(f"  --- nodo web {i + 1} (final del registro) ---\n{nodo.texto()[-1500:]}", flush=True)
            assert estado in (200, 201, 202), (ruta, estado, datos[:500])
            return json.loads(datos)

        def trabajo(respuesta):
            while True:
                try:  # a slow answer under load is waited for, not a failure of the job
                    estado, _, datos = t.pedir(f"/api/v1/trabajos/{respuesta['trabajo']}/", cabeceras=api, timeout=120)
                except OSError:
                    continue
                if estado != 200:
                    time.sleep(1)
                    continue
                j = json.loads(datos)
                if j.get("estado") in ("terminado", "fallido"):
                    assert j["estado"] == "terminado", j
                    return
                time.sleep(1)

        hoy = t.datos["fecha"]
        inicio2, cpu = time.monotonic(), cpu_por_proceso()
        # Next year's annual resolution, issued before the year starts (R-01: by 28 February). This year's is
        # the topology's own: a second one of this year would be a modifying resolution (API.md).
        resolucion = post(
            "/api/v1/resoluciones/", {"anio": int(hoy[:4]) + 1, "numero": "PICO-ANUAL", "fecha_expedicion": hoy}
        )
        post(
            f"/api/v1/resoluciones/{resolucion['id']}/lineas/",
            {"lineas": [{"beneficiario": n, "galones_anuales": "1200"} for n in naves]},
        )
        t_lineas = time.monotonic()
        trabajo(post(f"/api/v1/resoluciones/{resolucion['id']}/expedir/", {}))
        t_expedida = time.monotonic()
        trabajo(post(f"/api/v1/resoluciones/{resolucion['id']}/firmeza/", {"fecha_firmeza": hoy}))
        t_firme = time.monotonic()
        while time.monotonic() - inicio2 < 3600:
            avisos = int(
                t.sql(
                    "SELECT count(*) FROM core_mensajesaliente WHERE tipo = 'cupo_en_firme' "
                    "AND estado <> 'pendiente' AND payload->>'resolucion' LIKE 'PICO-ANUAL%'"
                )
            )
            if avisos >= cupos:
                break
            time.sleep(1)
        fin2 = time.monotonic()
        print(
            f"  líneas {t_lineas - inicio2:.1f} s, expedición {t_expedida - t_lineas:.1f} s, firmeza "
            f"{t_firme - t_expedida:.1f} s, avisos {fin2 - t_firme:.1f} s ({avisos} de {cupos})",
            flush=True,
        )
        pasa.append(
            veredicto("resolución, firmeza y avisos de punta a punta", fin2 - inicio2, OBJETIVO_RESOLUCION_S, "s")
        )
        ventana(emisores, lectores, inicio2, fin2, pasa, esperas)
        cpu_en_la_ventana(cpu, fin2 - inicio2)
        tiempos_del_servidor(t, inicio2, fin2)
        errores_paginas = sum(lec.errores for lec in lectores)
        errores_emision = sum(len(e.c.errores) for e in emisores)
        print(f"  páginas sin 200: {errores_paginas}; emisiones sin respuesta correcta: {errores_emision}")
        pasa.append(errores_paginas == 0 and errores_emision == 0)
    finally:
        parar.set()
        t.detener()
    return cerrar(" (cada cifra bajo su objetivo)", all(pasa))


if __name__ == "__main__":
    sys.exit(main())
