#!/usr/bin/env python
"""Benchmark of a wholesaler's monthly report ingestion (R-20, R-22): the "Wholesalers" figure.

In a PostgreSQL database of its own it builds with COPY N beneficiaries (90 % vessels, 10 %
acuicultoras) with a firm cupo, one certificate per vessel sale (with its zarpe and ledger row)
and the sales registered in real time (R-19); writes a report CSV of F rows as Colombian Excel
exports it (BOM, semicolons, decimal commas, ~0.3 % bad rows), and measures in the same run:
(a) reporte_upload (a django File) + reporte_process (stream, check, COPY, reconcile, swap the
version in force), as the Celery job runs it; (b) a bare COPY of the same file into a scratch
table of four text columns. It prints both, the ratio (target (a) ≤ 20 × (b)), and the peak
Python memory (tracemalloc) and max-RSS growth for F and 2F rows (memory must stay flat).

    .venv/bin/python bench/ingesta.py [--filas 100000] [--filas-memoria 200000]
                                      [--beneficiarios 5000] [--repeticiones 5] [--reconstruir] [--perfil]

The database (postgres://postgres@127.0.0.1:5432/portal_bench_ingesta, BENCH_INGESTA_DATABASE_URL
or --database-url) is created when missing and migrated; its name must contain "bench" because
the build TRUNCATEs it. Data whose counts match are reused.
"""

import gc
import os
import random
import resource
import statistics
import tempfile
import time
import tracemalloc
from datetime import date, timedelta
from pathlib import Path

from bench.comun import analizador, crear_base_si_falta, lineas_copy, titulo

URL_POR_DEFECTO = "postgres://postgres@127.0.0.1:5432/portal_bench_ingesta"
PERIODO = date(2026, 10, 1)
NIT = "900456123"
USUARIO = "bench_distribuidor"
OBJETIVO = 20.0
TS = "2026-09-01 08:00:00-05"
TABLAS = [
    "core_capitania",
    "core_distribuidor",
    "cupos_resolucion",
    "cupos_beneficiario",
    "cupos_cupo",
    "cupos_movimiento",
    "zarpes_zarpe",
    "zarpes_certificado",
    "distribuidores_venta",
]
COLUMNAS = {
    "core_capitania": "id, codigo, nombre, activa",
    "core_distribuidor": "id, nit, razon_social, tipo, activo",
    "cupos_resolucion": "id, anio, numero, fecha_expedicion, considerandos, firmante, creada",
    "cupos_beneficiario": "id, tipo, nombre, identificacion, matricula, bandera, trb, actividad, "
    "capacidad_combustible_gal, empresa_nit, creado, actualizado, capitania_id, distribuidor_id",
    "cupos_cupo": "id, combustible, galones_anuales, cuota_mensual, estado, fecha_firmeza, fecha_inicio, "
    "meses_ventana, "
    "motivo_cancelacion, causa_justificada_inactividad, creado, beneficiario_id, resolucion_id",
    "cupos_movimiento": "id, tipo, fecha, galones, referencia, detalle, creado, cupo_id",
    "zarpes_zarpe": "id, fecha, galones_solicitados, certificado_anterior, estado, motivo, limitado_por, "
    "galones_autorizados, disponible_despues, creado, capitania_id, cupo_id, nave_id",
    "zarpes_certificado": "id, numero, anio, consecutivo, codigo_verificacion, galones_autorizados, fecha_expedicion, "
    "estado, creado, capitania_id, cupo_id, movimiento_id, nave_id, zarpe_id",
    "distribuidores_venta": "id, fecha, galones, creada, beneficiario_id, certificado_id, distribuidor_id, "
    "movimiento_id",
}


def argumentos():
    p = analizador(__doc__, "BENCH_INGESTA_DATABASE_URL", URL_POR_DEFECTO)
    p.add_argument("--filas", type=int, default=100_000, help="rows of the timed report")
    p.add_argument("--filas-memoria", type=int, default=200_000, help="rows of the second memory measurement")
    p.add_argument("--beneficiarios", type=int, default=5_000)
    p.add_argument("--repeticiones", type=int, default=5, help="timed runs of (a) and (b); the median is reported")
    p.add_argument("--reconstruir", action="store_true", help="rebuild the data even if the counts match")
    p.add_argument("--perfil", action="store_true", help="also run reporte_process under cProfile and print the top")
    p.add_argument("--semilla", type=int, default=2026)
    a = p.parse_args()
    if a.filas < 10 or a.filas_memoria < a.filas or a.beneficiarios < 20 or a.repeticiones < 1:
        p.error("--filas ≥ 10, --filas-memoria ≥ --filas, --beneficiarios ≥ 20, --repeticiones ≥ 1")
    return a


def preparar_django(url: str, media: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ["REDIS_URL"] = ""  # local-memory cache: the ingestion does not use Redis
    os.environ["DJANGO_MEDIA_ROOT"] = media
    os.environ["DJANGO_LOG_LEVEL"] = "WARNING"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


class Plan:
    """Beneficiaries, and per report row index: its beneficiary, date, gallons and certificate."""

    def __init__(self, beneficiarios: int, filas: int, semilla: int):
        rng = random.Random(semilla)
        self.n = beneficiarios
        self.naves = [i for i in range(1, beneficiarios + 1) if i % 10]  # ids; every 10th is an acuicultora
        self.acuicultoras = [i for i in range(1, beneficiarios + 1) if not i % 10]
        self.filas = []  # (beneficiario_id, fecha, centavos, certificado k or None)
        k = 0
        for i in range(filas):
            fecha = PERIODO + timedelta(days=rng.randrange(31))
            centavos = rng.randint(5_000, 300_000)
            if i % 10 == 9:
                self.filas.append((self.acuicultoras[i % len(self.acuicultoras)], fecha, centavos, None))
            else:
                self.filas.append((self.naves[k % len(self.naves)], fecha, centavos, k))
                k += 1
        self.certificados = k
        self.expedicion = [
            max(PERIODO - timedelta(days=3), f - timedelta(days=rng.randrange(4)))
            for _, f, _, c in self.filas
            if c is not None
        ]

    @staticmethod
    def matricula(b: int) -> str:
        return f"CP05-{b:06d}-B"

    @staticmethod
    def identificacion(b: int) -> str:
        return str(900_000_000 + b * 7)

    @staticmethod
    def numero(k: int) -> str:
        return f"CP05-2026-{k + 1:06d}"

    def generadores(self):
        capitanias = [("1", "CP05", "Capitanía de Puerto de Cartagena", "t")]
        distribuidores = [
            ("1", NIT, "Petromar S.A.S.", "mayorista", "t"),
            ("2", "811222333", "Combustibles del Caribe S.A.S.", "mayorista", "t"),
        ]
        resoluciones = [("1", "2026", "000040", "2026-02-20", "", "Director General UPME", TS)]

        def beneficiarios():
            for b in range(1, self.n + 1):
                if b % 10:
                    yield (
                        str(b),
                        "nave_nacional",
                        f"Nave {b:05d}",
                        self.identificacion(b),
                        self.matricula(b),
                        "CO",
                        "45.00",
                        "pesca",
                        "5000.00",
                        "",
                        TS,
                        TS,
                        "1",
                        "\\N",
                    )
                else:
                    yield (
                        str(b),
                        "acuicultora",
                        f"Acuícola {b:05d} S.A.S.",
                        self.identificacion(b),
                        "\\N",
                        "",
                        "\\N",
                        "",
                        "\\N",
                        "",
                        TS,
                        TS,
                        "\\N",
                        "1",
                    )

        def cupos():
            for b in range(1, self.n + 1):
                yield (
                    str(b),
                    "diesel_marino",
                    "12000000.00",
                    "1000000.00",
                    "en_firme",
                    "2026-03-01",
                    "2026-03-01",
                    "1",
                    "",
                    "",
                    TS,
                    str(b),
                    "1",
                )

        def movimientos():
            for mid, (benef, fecha, centavos, k) in enumerate(self.filas, 1):
                dia = self.expedicion[k] if k is not None else fecha
                ref = f"certificado:{self.numero(k)}" if k is not None else f"venta:{NIT}"
                yield (str(mid), "descuento", dia.isoformat(), _gal(centavos), ref, "", TS, str(benef))

        def zarpes():
            for benef, _fecha, centavos, k in self.filas:
                if k is not None:
                    g = _gal(centavos)
                    yield (
                        str(k + 1),
                        self.expedicion[k].isoformat(),
                        g,
                        "",
                        "certificado",
                        "",
                        "",
                        g,
                        "0.00",
                        TS,
                        "1",
                        str(benef),
                        str(benef),
                    )

        def certificados():
            for mid, (benef, _fecha, centavos, k) in enumerate(self.filas, 1):
                if k is not None:
                    yield (
                        str(k + 1),
                        self.numero(k),
                        "2026",
                        str(k + 1),
                        f"BENCH-{k:012d}",
                        _gal(centavos),
                        self.expedicion[k].isoformat(),
                        "redimido",
                        TS,
                        "1",
                        str(benef),
                        str(mid),
                        str(benef),
                        str(k + 1),
                    )

        def ventas():
            for mid, (benef, fecha, centavos, k) in enumerate(self.filas, 1):
                cert, mov = (str(k + 1), "\\N") if k is not None else ("\\N", str(mid))
                yield (str(mid), fecha.isoformat(), _gal(centavos), TS, str(benef), cert, "1", mov)

        return {
            "core_capitania": lambda: capitanias,
            "core_distribuidor": lambda: distribuidores,
            "cupos_resolucion": lambda: resoluciones,
            "cupos_beneficiario": beneficiarios,
            "cupos_cupo": cupos,
            "cupos_movimiento": movimientos,
            "zarpes_zarpe": zarpes,
            "zarpes_certificado": certificados,
            "distribuidores_venta": ventas,
        }


def _gal(centavos: int) -> str:
    return f"{centavos // 100}.{centavos % 100:02d}"


def construir(plan: Plan, reconstruir: bool) -> None:
    from django.db import connection, transaction

    with connection.cursor() as c:
        # The report rows have no database foreign key (see FilaReporte): truncate them by name.
        c.execute(
            "TRUNCATE distribuidores_reportemensual, distribuidores_filareporte, distribuidores_errorfilareporte, "
            "distribuidores_discrepancia RESTART IDENTITY CASCADE"
        )
        c.execute("SELECT count(*) FROM cupos_beneficiario")
        beneficiarios = c.fetchone()[0]
        c.execute("SELECT count(*) FROM zarpes_certificado")
        certificados = c.fetchone()[0]
    if not reconstruir and (beneficiarios, certificados) == (plan.n, plan.certificados):
        print(f"Datos reutilizados: {beneficiarios:,} beneficiarios, {certificados:,} certificados.")
        return
    t0 = time.perf_counter()
    with transaction.atomic(), connection.cursor() as c:
        c.execute(f"TRUNCATE {', '.join(TABLAS)}, core_usuario RESTART IDENTITY CASCADE")
        for tabla, generador in plan.generadores().items():
            with c.copy(f"COPY {tabla} ({COLUMNAS[tabla]}) FROM STDIN") as copia:
                for trozo in lineas_copy(generador()):
                    copia.write(trozo)
            c.execute(f"SELECT setval(pg_get_serial_sequence('{tabla}', 'id'), (SELECT max(id) FROM {tabla}))")
    with connection.cursor() as c:
        c.execute(f"ANALYZE {', '.join(TABLAS)}")
    print(
        f"Datos construidos con COPY en {time.perf_counter() - t0:.1f} s: {plan.n:,} beneficiarios, "
        f"{plan.certificados:,} certificados con su zarpe, {len(plan.filas):,} ventas registradas."
    )


def escribir_csv(plan: Plan, filas: int, ruta: Path) -> int:
    """The report as Excel (es-CO) exports it, with a few bad rows. Returns the count of bad rows."""
    malas = 0
    with open(ruta, "w", encoding="utf-8-sig", newline="") as f:
        f.write("fecha;identificacion_beneficiario;certificado;galones\r\n")
        anterior = ""
        for i, (benef, fecha, centavos, k) in enumerate(plan.filas[:filas]):
            ident = plan.matricula(benef) if k is not None else plan.identificacion(benef)
            galones = f"{centavos // 100},{centavos % 100:02d}"
            if centavos >= 100_000 and i % 3 == 0:
                galones = f"{centavos // 100_000}.{centavos // 100 % 1000:03d},{centavos % 100:02d}"  # 1.234,56
            linea = f"{fecha:%d/%m/%Y};{ident};{plan.numero(k) if k is not None else ''};{galones}\r\n"
            if i % 997 == 500:
                linea, malas = f"{fecha:%d/%m/%Y};NO-EXISTE-{i};;{galones}\r\n", malas + 1
            elif i % 1009 == 600:
                linea, malas = linea.rsplit(";", 1)[0] + ";-5\r\n", malas + 1
            elif i % 1013 == 700 and anterior:
                linea, malas = anterior, malas + 1  # a repeated row
            f.write(linea)
            anterior = linea
    return malas


def usuario_distribuidor():
    from core.identidad.roles import Rol
    from core.models import Distribuidor, Usuario

    usuario = Usuario.objects.filter(username=USUARIO).first()
    if usuario is None:
        usuario = Usuario.objects.create_user(
            USUARIO, password=None, rol=Rol.DISTRIBUIDOR, distribuidor=Distribuidor.objects.get(nit=NIT)
        )
    return usuario


def ingerir(usuario, ruta: Path, perfilador=None):
    """(a): what a wholesaler's upload and the Celery job do. Returns (report, upload s, process s)."""
    from django.core.files import File

    from distribuidores import tasks
    from distribuidores.services.reportes.ingesta import reporte_process, reporte_upload

    encolados = []
    tasks.procesar_reporte_task.delay = encolados.append  # the job is queued, then run here as a worker would
    t0 = time.perf_counter()
    with open(ruta, "rb") as f:
        reporte_upload(actor=usuario, distribuidor_nit=NIT, periodo=PERIODO, archivo=File(f, name=ruta.name))
    t1 = time.perf_counter()
    if perfilador is None:
        reporte = reporte_process(reporte_id=encolados[-1])
    else:
        reporte = perfilador.runcall(reporte_process, reporte_id=encolados[-1])
    return reporte, t1 - t0, time.perf_counter() - t1


def copia_pelada(ruta: Path) -> float:
    """(b): COPY of the same bytes into a scratch table of text columns, committed."""
    from django.db import connection, transaction

    with connection.cursor() as c:
        c.execute("DROP TABLE IF EXISTS bench_copia_pelada")
        c.execute(
            "CREATE TABLE bench_copia_pelada"
            " (fecha text, identificacion_beneficiario text, certificado text, galones text)"
        )
    t0 = time.perf_counter()
    with (
        transaction.atomic(),
        connection.cursor() as c,
        open(ruta, "rb") as f,
        c.copy("COPY bench_copia_pelada FROM STDIN WITH (FORMAT csv, HEADER true, DELIMITER ';')") as copia,
    ):
        while trozo := f.read(1 << 20):
            copia.write(trozo)
    segundos = time.perf_counter() - t0
    with connection.cursor() as c:
        c.execute("SELECT count(*) FROM bench_copia_pelada")
        copiadas = c.fetchone()[0]
        c.execute("DROP TABLE bench_copia_pelada")
    return segundos, copiadas


def resumen(reporte) -> str:
    from django.db.models import Count

    por_codigo = dict(reporte.discrepancias.values_list("codigo").annotate(n=Count("id")).values_list("codigo", "n"))
    return (
        f"estado={reporte.estado} v{reporte.version} vigente={reporte.vigente} válidas={reporte.filas_validas:,} "
        f"con error={reporte.filas_con_error:,} total={reporte.total_galones:,} gal discrepancias={por_codigo or {}}"
    )


def memoria(usuario, ruta: Path) -> tuple[float, float]:
    """Peak traced Python memory (MB) of one ingestion, and the growth of the process's max RSS (MB)."""
    gc.collect()
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    reporte, _, _ = ingerir(usuario, ruta)
    _, pico = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert reporte.estado == "procesado", resumen(reporte)
    return pico / 2**20, (rss1 - rss0) / 1024


def main():
    a = argumentos()
    crear_base_si_falta(a.database_url)
    with tempfile.TemporaryDirectory(prefix="bench_ingesta_") as tmp:
        tmp = Path(tmp)
        preparar_django(a.database_url, str(tmp / "media"))
        from django.db import connection

        titulo("Datos")
        plan = Plan(a.beneficiarios, a.filas_memoria, a.semilla)
        construir(plan, a.reconstruir)
        usuario = usuario_distribuidor()
        rutas = {}
        for filas in sorted({a.filas, a.filas_memoria}):
            rutas[filas] = tmp / f"reporte_{filas}.csv"
            malas = escribir_csv(plan, filas, rutas[filas])
            print(f"CSV de {filas:,} filas ({malas} malas): {rutas[filas].stat().st_size / 2**20:.1f} MB")
        print(
            f"PostgreSQL {connection.pg_version // 10000}, psycopg {__import__('psycopg').__version__}, "
            f"carga {' / '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )

        titulo(f"Tiempo con {a.filas:,} filas ({a.repeticiones} repeticiones, mediana)")
        ingerir(usuario, rutas[a.filas])  # warm-up: imports, catalog, plans, page cache
        copia_pelada(rutas[a.filas])
        fin_a_fin, subidas, procesos, copias = [], [], [], []
        for _ in range(a.repeticiones):
            reporte, subida, proceso = ingerir(usuario, rutas[a.filas])
            segundos, copiadas = copia_pelada(rutas[a.filas])
            subidas.append(subida)
            procesos.append(proceso)
            fin_a_fin.append(subida + proceso)
            copias.append(segundos)
        print(f"último reporte: {resumen(reporte)}")
        e2e, copia = statistics.median(fin_a_fin), statistics.median(copias)
        print(
            f"(a) carga + proceso        {e2e:7.2f} s   (carga {statistics.median(subidas):.2f} s, "
            f"proceso {statistics.median(procesos):.2f} s; corridas {', '.join(f'{x:.2f}' for x in fin_a_fin)})"
        )
        print(
            f"(b) COPY pelado            {copia:7.3f} s   ({copiadas:,} filas; corridas "
            f"{', '.join(f'{x:.3f}' for x in copias)})"
        )
        razon = e2e / copia
        print(
            f"razón (a)/(b)              {razon:7.1f} ×  objetivo ≤ {OBJETIVO:.0f} × → "
            f"{'CUMPLE' if razon <= OBJETIVO else 'NO CUMPLE'}"
            f"   (mejor corrida contra mejor copia: {min(fin_a_fin) / min(copias):.1f} ×)"
        )
        print(f"filas por segundo (a)      {a.filas / e2e:9,.0f}")

        titulo("Memoria (tracemalloc: pico de Python; ru_maxrss: crecimiento del proceso)")
        for filas in sorted(rutas):
            pico, rss = memoria(usuario, rutas[filas])
            print(f"{filas:>9,} filas  pico Python {pico:6.1f} MB   crecimiento de max RSS {rss:6.1f} MB")

        if a.perfil:
            import cProfile
            import pstats

            titulo("Perfil de reporte_process (cProfile, por tiempo propio)")
            perfilador = cProfile.Profile()
            ingerir(usuario, rutas[a.filas], perfilador)
            pstats.Stats(perfilador).sort_stats("tottime").print_stats(25)
        connection.close()


if __name__ == "__main__":
    main()
