#!/usr/bin/env python
"""Benchmark of the balance (R-11) on a full-size ledger: the "Cupos" acceptance figure.

Builds N beneficiaries with one firm cupo per year (2022–2026 by default) and 40 ledger rows per
cupo-year (10,000 × 5 × 40 = 2,000,000 movements) in a PostgreSQL database of its own, with COPY,
then measures after a warm-up, on random (beneficiario, fecha) samples:

  (a) selectors.beneficiario_saldo(...) in-process;
  (b) GET /api/v1/beneficiarios/{id}/saldo/?fecha= through Django's whole request stack
      (django.test.Client, token authentication, middleware, DRF, serializer);
  (c) the same GET through a real gunicorn on 127.0.0.1 with `requests`, sequentially
      (end-to-end, for information; --sin-gunicorn skips it).

Target: p95 < 20 ms server-side, i.e. (a) and (b). Usage (see bench/README.md):

    .venv/bin/python bench/saldo.py [--beneficiarios 10000] [--anios 5] [--muestras 2000]
                                    [--reconstruir] [--sin-gunicorn]

The database (default postgres://postgres@127.0.0.1:5432/portal_bench, or BENCH_DATABASE_URL,
or --database-url) is created when missing and migrated; its name must contain "bench" because
the build TRUNCATEs it. An existing database whose row counts already match is reused.
"""

import datetime as dt
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from decimal import Decimal

from bench.comun import (
    RAIZ,
    abrir_base,
    analizador,
    carga,
    cerrar,
    django_listo,
    duracion,
    lineas_copy,
    migrar,
    percentil,
    titulo,
)

URL_POR_DEFECTO = "postgres://postgres@127.0.0.1:5432/portal_bench"
AJUSTES = "bench.settings"
MOVS_POR_CUPO = 40
PROB_REINTEGRO = 0.05  # ≈ 2 refunds per cupo-year
ULTIMO_ANIO = 2026
CORTE = dt.date(2026, 11, 28)  # the data's "today": no movement is dated later
OBJETIVO_P95_MS = 20.0
CALENTAMIENTO = 200
USUARIO_BENCH = "bench_analista"

TABLAS = [
    "core_capitania",
    "core_distribuidor",
    "cupos_beneficiario",
    "cupos_resolucion",
    "cupos_cupo",
    "cupos_movimiento",
]


def argumentos():
    p = analizador(__doc__, "BENCH_DATABASE_URL", URL_POR_DEFECTO)
    p.add_argument("--beneficiarios", type=int, default=10_000)
    p.add_argument("--anios", type=int, default=5, help=f"years of cupos, ending in {ULTIMO_ANIO}")
    p.add_argument("--muestras", type=int, default=2000, help="measured calls per scenario (after warm-up)")
    p.add_argument("--reconstruir", action="store_true", help="rebuild the data even if the counts match")
    p.add_argument("--sin-gunicorn", action="store_true", help="skip (c), the end-to-end run through gunicorn")
    p.add_argument("--semilla", type=int, default=681, help="random seed (data and samples)")
    a = p.parse_args()
    if a.beneficiarios < 1 or not 1 <= a.anios <= 20 or a.muestras < 1:
        p.error("--beneficiarios ≥ 1, 1 ≤ --anios ≤ 20, --muestras ≥ 1")
    return a


# --- Database: create, migrate ---


def preparar_django(url: str):
    django_listo(url, AJUSTES)
    print(f"migrate: {duracion(migrar())}")


def conteos() -> dict[str, int]:
    from django.db import connection

    with connection.cursor() as c:
        return {t: c.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLAS}


# --- Data: generators of COPY text rows ---

CAPITANIAS = [
    "Buenaventura",
    "Tumaco",
    "Barranquilla",
    "Cartagena",
    "Santa Marta",
    "Riohacha",
    "Coveñas",
    "Turbo",
    "San Andrés",
    "Providencia",
    "Bahía Solano",
    "Guapi",
    "Puerto Bolívar",
    "Leticia",
    "Puerto Carreño",
    "Puerto Inírida",
    "Puerto Leguízamo",
    "Barrancabermeja",
]
NOMBRES = [
    "Estrella del Mar",
    "Virgen del Carmen",
    "Don Pacho",
    "Gaviota",
    "Pacífico",
    "Caribe",
    "La Niña",
    "San José",
    "Marlin",
    "Atún Real",
    "Delfín",
    "Bahía",
    "Faro",
    "Sirena",
    "Tiburón",
    "Océano",
]
BANDERAS_EXT = ["PA", "EC", "VE", "HN", "NI", "CR", "BZ", "VC"]
ACTIVIDADES = ["pesca", "pesca", "pesca", "cabotaje", "remolque"]


def centavos(c: int) -> str:
    return f"{c // 100}.{c % 100:02d}"


class Plan:
    """What the generators share: per-beneficiary profile and the calendar of the years."""

    def __init__(self, n: int, anios: int, semilla: int, reglas):
        self.n = n
        self.rng = random.Random(semilla)
        self.reglas = reglas  # rules in force now: [(clase, trb_min, trb_max, meses, id)]
        self.anios = list(range(ULTIMO_ANIO - anios + 1, ULTIMO_ANIO + 1))
        # One resolution per year, issued in February; bulk firmeza on a day in March.
        self.expedicion = [dt.date(a, 2, self.rng.randint(10, 27)) for a in self.anios]
        self.firmeza = [dt.date(a, 3, self.rng.randint(2, 20)) for a in self.anios]
        # each cupo ends the day before the next one starts; the last stays open.
        self.fin = [f - dt.timedelta(days=1) for f in self.firmeza[1:]] + [None]
        self.perfil = []  # per beneficiary: (combustible, galones base, meses, regla_id, prefijo de referencia)

    def regla(self, clase: str, trb: Decimal | None):
        for c, tmin, tmax, meses, rid in self.reglas:
            if c == clase and (trb is None or ((tmin is None or tmin <= trb) and (tmax is None or trb <= tmax))):
                return meses, rid
        raise RuntimeError(f"Sin regla de acumulación para {clase} TRB {trb}")

    def capitanias(self):
        for i, nombre in enumerate(CAPITANIAS, 1):
            yield (str(i), f"CP{i:02d}", f"Capitanía de Puerto de {nombre}", "t")

    def distribuidores(self):
        for i in range(1, 16):
            yield (
                str(i), f"{860000000 + i * 7919}-{i % 10}", f"Combustibles Marinos {i:02d} S.A.S.", "mayorista", "t", ""
            )

    def beneficiarios(self):
        rng, ncap = self.rng, len(CAPITANIAS)
        ts = "2021-11-15 09:00:00-05"
        for i in range(1, self.n + 1):
            u = rng.random()
            tipo = (
                "nave_nacional"
                if u < 0.90
                else "nave_extranjera"
                if u < 0.97
                else "acuicultora"
                if u < 0.995
                else "armada"
            )
            cap = rng.randint(1, ncap)
            dist = rng.randint(1, 15)
            ident = str(rng.randint(10_000_000, 1_099_999_999))
            if tipo in ("nave_nacional", "nave_extranjera"):
                banda = rng.random()
                if banda < 0.6:
                    trb = Decimal(rng.randint(500, 5999)) / 100
                    base, capacidad = rng.randint(3_000, 30_000), rng.randint(300, 3_000)
                elif banda < 0.9:
                    trb = Decimal(rng.randint(6000, 30000)) / 100
                    base, capacidad = rng.randint(20_000, 150_000), rng.randint(2_000, 20_000)
                else:
                    trb = Decimal(rng.randint(30001, 250000)) / 100
                    base, capacidad = rng.randint(100_000, 600_000), rng.randint(15_000, 120_000)
                meses, regla_id = self.regla("nave", trb)
                extranjera = tipo == "nave_extranjera"
                prefijo = "MN" if not extranjera else "MV"
                fila = (
                    str(i),
                    tipo,
                    f"{prefijo} {rng.choice(NOMBRES)} {i:05d}",
                    ident,
                    f"CP{cap:02d}-{i:06d}-{'BE' if extranjera else 'B'}",
                    rng.choice(BANDERAS_EXT) if extranjera else "CO",
                    str(trb),
                    rng.choice(ACTIVIDADES),
                    f"{capacidad}.00",
                    f"{900_000_000 + i}-{i % 10}" if extranjera else "",
                    ts,
                    ts,
                    str(cap),
                    "\\N",
                )
                ref = f"certificado:CP{cap:02d}"
            else:
                acuicultora = tipo == "acuicultora"
                meses, regla_id = self.regla("acuicultora" if acuicultora else "armada", None)
                base = rng.randint(10_000, 120_000) if acuicultora else rng.randint(200_000, 900_000)
                nombre = (
                    f"Acuícola {rng.choice(NOMBRES)} {i:05d} S.A.S."
                    if acuicultora
                    else f"Armada Nacional — Guardacostas {i:05d}"
                )
                fila = (str(i), tipo, nombre, ident, "\\N", "", "\\N", "", "\\N", "", ts, ts, "\\N", str(dist))
                ref = f"venta:D{dist:02d}"
            combustible = "acpm" if tipo == "armada" else "diesel_marino"
            self.perfil.append((combustible, base, meses, regla_id, ref))
            yield fila

    def resoluciones(self):
        for y, anio in enumerate(self.anios):
            yield (
                str(y + 1),
                str(anio),
                f"{40 + y:03d}",
                self.expedicion[y].isoformat(),
                "",
                "Director General UPME",
                f"{self.expedicion[y]} 08:00:00-05",
                "\\N",
                "expedida",
                "anual",
                f"{self.expedicion[y]} 08:00:00-05",
                "",
                "",
                "0",
                "0",
            )

    def cupos(self):
        """One firm cupo per beneficiary and year; galones vary ±10 % a year. Fills self.galones."""
        from cupos.calculo import cuota_mensual

        rng, n = self.rng, self.n
        self.galones = []  # per year, per beneficiary: annual gallons in cents
        for y, _anio in enumerate(self.anios):
            por_benef = []
            firmeza = self.firmeza[y].isoformat()
            fin = self.fin[y].isoformat() if self.fin[y] else "\\N"
            creado = f"{self.expedicion[y]} 08:00:00-05"
            notificado = f"{firmeza} 08:30:00-05"
            for b in range(1, n + 1):
                combustible, base, meses, regla_id, _ref = self.perfil[b - 1]
                galones = max(100, round(base * rng.uniform(0.9, 1.1)))
                por_benef.append(galones * 100)
                yield (
                    str(y * n + b),
                    str(y + 1),
                    str(b),
                    combustible,
                    f"{galones}.00",
                    str(cuota_mensual(Decimal(galones))),
                    "en_firme",
                    firmeza,
                    firmeza,
                    fin,
                    str(meses),
                    str(regla_id),
                    notificado,
                    "\\N",
                    "",
                    "",
                    creado,
                )
            self.galones.append(por_benef)

    def movimientos(self):
        """40 rows per cupo-year, in date order across all cupos (as a real ledger is written).

        The cupo's span [firmeza, fin or CORTE] is cut into 40 equal slots and movement k of every
        cupo falls on a random day of slot k, so sorting one slot (n rows) at a time yields the
        whole ledger in date order while holding only n rows in memory.
        """
        rng, n = self.rng, self.n
        mid = 0
        for y, anio in enumerate(self.anios):
            desde = self.firmeza[y]
            hasta = min(self.fin[y] or CORTE, CORTE)
            span = (hasta - desde).days + 1
            if span < MOVS_POR_CUPO:
                raise RuntimeError(f"El cupo {anio} dura {span} días: no caben {MOVS_POR_CUPO} movimientos.")
            dias = [(desde + dt.timedelta(days=d)).isoformat() for d in range(span)]
            galones = self.galones[y]
            base_cupo = y * n
            secuencia = 0
            for k in range(MOVS_POR_CUPO):
                s, e = k * span // MOVS_POR_CUPO, (k + 1) * span // MOVS_POR_CUPO
                lote = [(s + rng.randrange(e - s), b) for b in range(1, n + 1)]
                lote.sort()
                for dia, b in lote:
                    g = galones[b - 1] / MOVS_POR_CUPO
                    mid += 1
                    secuencia += 1
                    fecha = dias[dia]
                    ref = self.perfil[b - 1][4]
                    if rng.random() < PROB_REINTEGRO:
                        tipo, c = "reintegro", int(g * rng.uniform(0.05, 0.3))
                        ref = f"informe:{ref.split(':')[1]}-{anio}-{secuencia:07d}"
                    else:
                        tipo, c = "descuento", int(g * rng.uniform(0.4, 1.4))
                        ref = f"{ref}-{anio}-{secuencia:07d}"
                    yield (
                        str(mid),
                        tipo,
                        fecha,
                        centavos(c),
                        ref,
                        "",
                        f"{fecha} 10:00:00-05",
                        "\\N",
                        str(base_cupo + b),
                    )


COLUMNAS = {
    "core_capitania": "id, codigo, nombre, activa",
    "core_distribuidor": "id, nit, razon_social, tipo, activo, habilitacion_numero",
    "cupos_beneficiario": "id, tipo, nombre, identificacion, matricula, bandera, trb, actividad, "
    "capacidad_combustible_gal, "
    "empresa_nit, creado, actualizado, capitania_id, distribuidor_id",
    "cupos_resolucion": "id, anio, numero, fecha_expedicion, considerandos, firmante, creada, creada_por_id, "
    "estado, tipo, expedida_en, error_expedicion, fuente_areas_cultivo, intentos, progreso",
    "cupos_cupo": "id, resolucion_id, beneficiario_id, combustible, galones_anuales, cuota_mensual, estado, "
    "fecha_firmeza, "
    "fecha_inicio, fecha_fin, meses_ventana, regla_id, dimar_notificado, fecha_cancelacion, motivo_cancelacion, "
    "causa_justificada_inactividad, creado",
    "cupos_movimiento": "id, tipo, fecha, galones, referencia, detalle, creado, creado_por_id, cupo_id",
}


def construir(url: str, n: int, anios: int, semilla: int) -> float:
    """TRUNCATE and COPY the six tables in one transaction. Returns the seconds it took."""
    import psycopg

    from cupos.models import ReglaAcumulacion

    reglas = [
        (r.clase, r.trb_min, r.trb_max, r.meses, r.id)
        for r in ReglaAcumulacion.objects.filter(vigente_hasta__isnull=True).order_by("clase", "trb_min")
    ]
    plan = Plan(n, anios, semilla, reglas)
    t0 = time.perf_counter()
    with psycopg.connect(url) as conn, conn.cursor() as cur:
        cur.execute("SET LOCAL maintenance_work_mem = '512MB'")
        # Superuser: skip the per-row FK triggers during the load (integrity is checked after).
        superusuario = cur.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()[0]
        if superusuario:
            cur.execute("SET LOCAL session_replication_role = replica")
        # Truncating in this transaction lets COPY ... FREEZE write rows already frozen and visible.
        cur.execute(f"TRUNCATE {', '.join(TABLAS)} RESTART IDENTITY CASCADE")
        # Secondary indexes of the ledger are dropped and rebuilt after the load (same definitions).
        indices = cur.execute(
            """SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) FROM pg_index i
               WHERE i.indrelid = 'cupos_movimiento'::regclass
                 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)"""
        ).fetchall()
        for nombre, _ in indices:
            cur.execute(f"DROP INDEX {nombre}")
        copiar(cur, plan, despues_de_copiar=lambda: _reconstruir(cur, indices))
        huerfanos = cur.execute(
            """SELECT (SELECT count(*) FROM cupos_movimiento m
                       WHERE NOT EXISTS (SELECT 1 FROM cupos_cupo c WHERE c.id = m.cupo_id))
                    + (SELECT count(*) FROM cupos_cupo c
                       WHERE NOT EXISTS (SELECT 1 FROM cupos_beneficiario b WHERE b.id = c.beneficiario_id))"""
        ).fetchone()[0]
        if huerfanos:
            raise RuntimeError(f"{huerfanos} filas sin su padre: revise los generadores.")
    t = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as conn:
        # VACUUM is nearly free on the frozen pages; it keeps the insert-triggered autovacuum
        # (2 M new rows) from running in the middle of the measurements.
        conn.execute(f"VACUUM (ANALYZE) {', '.join(TABLAS)}")
    print(f"  VACUUM (ANALYZE)  {duracion(time.perf_counter() - t)}")
    return time.perf_counter() - t0


def _reconstruir(cur, indices) -> None:
    t = time.perf_counter()
    for _, definicion in indices:
        cur.execute(definicion)
    print(f"  índices del libro reconstruidos ({len(indices)})  {duracion(time.perf_counter() - t)}")


def copiar(cur, plan: "Plan", *, despues_de_copiar=None, eco=print, congelar: bool = True) -> None:
    """COPY the six tables of `plan` through `cur` (a psycopg cursor), in the caller's transaction, into empty
    tables. Also used by the test of the data recorded before a rule existed (cupos/tests/test_datos_previos.py),
    so the data the benchmarks measure is the data that test checks. `congelar`: COPY … FREEZE, for tables
    truncated in this same (sub)transaction."""
    generadores = {
        "core_capitania": plan.capitanias,
        "core_distribuidor": plan.distribuidores,
        "cupos_beneficiario": plan.beneficiarios,
        "cupos_resolucion": plan.resoluciones,
        "cupos_cupo": plan.cupos,
        "cupos_movimiento": plan.movimientos,
    }
    # Columns added to the schema after these generators were written (NOT NULL, no default)
    # take their empty value for the load only: the defaults are dropped again below.
    temporales = cur.execute(
        """SELECT table_name, column_name, data_type FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = ANY(%s)
             AND is_nullable = 'NO' AND column_default IS NULL""",
        [TABLAS],
    ).fetchall()
    vacios = {"character varying": "''", "text": "''", "boolean": "false", "jsonb": "'{}'"}
    temporales = [
        (t, c, vacios[tipo]) for t, c, tipo in temporales
        if c not in COLUMNAS[t].replace(" ", "").split(",") and tipo in vacios
    ]
    for tabla, columna, vacio in temporales:
        cur.execute(f'ALTER TABLE {tabla} ALTER COLUMN "{columna}" SET DEFAULT {vacio}')
    for tabla in TABLAS:
        t = time.perf_counter()
        with cur.copy(f"COPY {tabla} ({COLUMNAS[tabla]}) FROM STDIN{' WITH (FREEZE)' if congelar else ''}") as copia:
            for trozo in lineas_copy(generadores[tabla]()):
                copia.write(trozo)
        eco(f"  COPY {tabla:<20} {cur.rowcount:>10,} filas  {duracion(time.perf_counter() - t)}", flush=True)
    for tabla, columna, _vacio in temporales:
        cur.execute(f'ALTER TABLE {tabla} ALTER COLUMN "{columna}" DROP DEFAULT')
    if despues_de_copiar is not None:
        despues_de_copiar()
    for tabla in TABLAS:
        cur.execute(f"SELECT setval(pg_get_serial_sequence('{tabla}', 'id'), (SELECT max(id) FROM {tabla}))")


# --- Measurement ---


def resumen(tiempos_ms: list[float]) -> dict:
    o = sorted(tiempos_ms)
    return {
        "n": len(o),
        "p50": percentil(o, 50),
        "p95": percentil(o, 95),
        "p99": percentil(o, 99),
        "max": o[-1],
        "media": sum(o) / len(o),
    }


def muestras(rng: random.Random, ids: list[int], desde: dt.date, hasta: dt.date, k: int):
    dias = (hasta - desde).days
    return [(rng.choice(ids), desde + dt.timedelta(days=rng.randint(0, dias))) for _ in range(k)]


def cronometrar(fn, lote) -> list[float]:
    tiempos = []
    for args in lote:
        t0 = time.perf_counter()
        fn(*args)
        tiempos.append((time.perf_counter() - t0) * 1000)
    return tiempos


def consultas_por_llamada(fn, lote) -> list[int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cuentas = []
    for args in lote:
        with CaptureQueriesContext(connection) as ctx:
            fn(*args)
        cuentas.append(len(ctx.captured_queries))
    return cuentas


def token_analista() -> str:
    from core.api.auth import token_emitir
    from core.identidad.roles import Rol
    from core.models import Usuario

    usuario = Usuario.objects.filter(username=USUARIO_BENCH).first()
    if usuario is None:
        usuario = Usuario.objects.create_user(USUARIO_BENCH, password=None, rol=Rol.UPME_ANALISTA)
    return token_emitir(usuario)[1]


def puerto_libre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def explicar(beneficiario_id: int, fecha: dt.date):
    """EXPLAIN (ANALYZE, BUFFERS) of the two queries of one saldo call, as Django sent them."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cupos.selectors import saldos as selectors

    with CaptureQueriesContext(connection) as ctx:
        selectors.beneficiario_saldo(beneficiario_id=beneficiario_id, fecha=fecha)
    usa_indice = False
    for q in ctx.captured_queries:
        sql = q["sql"]
        es_consumo = "SUM(" in sql.upper() and "cupos_movimiento" in sql
        print(f"\n-- {'consumo (SUM del libro)' if es_consumo else 'cupo vigente'}:\n{sql}\n")
        with connection.cursor() as c:
            plan = "\n".join(r[0] for r in c.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql).fetchall())
        print(plan)
        if es_consumo:
            usa_indice = "movimiento_cupo_fecha_idx" in plan
    return usa_indice


def muestra_ventana_larga():
    """A (beneficiario, fecha) whose window is one of the longest, full: the heaviest SUM."""
    from cupos import calculo
    from cupos.models import Cupo

    cupo = Cupo.objects.filter(fecha_fin__isnull=False).order_by("-meses_ventana", "-fecha_inicio", "id").first()
    if cupo is None:
        return None
    fin_segunda = calculo.month_end(calculo.month_index(cupo.fecha_inicio) + 2 * cupo.meses_ventana - 1)
    return cupo.beneficiario_id, min(fin_segunda, cupo.fecha_fin)


def medir_gunicorn(url: str, token: str, lote, calentamiento):
    with tempfile.TemporaryFile("w+", prefix="bench-gunicorn-") as registro:
        return _medir_gunicorn(url, token, lote, calentamiento, registro)


def _medir_gunicorn(url: str, token: str, lote, calentamiento, registro):
    import requests

    puerto = puerto_libre()
    env = dict(os.environ, DJANGO_SETTINGS_MODULE=AJUSTES, DATABASE_URL=url, PYTHONPATH=str(RAIZ))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{puerto}",
            "--workers",
            "1",
            "--chdir",
            str(RAIZ),
            "--log-level",
            "warning",
        ],
        cwd=RAIZ,
        env=env,
        stdout=registro,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{puerto}"
    sesion = requests.Session()
    sesion.headers["Authorization"] = f"Token {token}"
    errores = 0

    def pedir(b, f):
        nonlocal errores
        r = sesion.get(f"{base}/api/v1/beneficiarios/{b}/saldo/", params={"fecha": f.isoformat()}, timeout=30)
        if r.status_code != 200:
            errores += 1

    try:
        limite = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                registro.seek(0)
                raise RuntimeError("gunicorn terminó al arrancar:\n" + registro.read()[-3000:])
            try:
                sesion.get(f"{base}/api/v1/yo/", timeout=2)
                break
            except requests.ConnectionError:
                if time.monotonic() > limite:
                    raise
                time.sleep(0.2)
        cronometrar(pedir, calentamiento)
        errores = 0
        tiempos = cronometrar(pedir, lote)
        return tiempos, errores
    finally:
        proc.terminate()  # only the server this run started
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main():
    a = argumentos()
    nombre = abrir_base(a.database_url, preparar_django, AJUSTES)

    from django.db import connection
    from django.db.models import Max, Min
    from django.test import Client

    from cupos.models import Beneficiario, Cupo
    from cupos.selectors import saldos as selectors

    esperado = {
        "cupos_beneficiario": a.beneficiarios,
        "cupos_cupo": a.beneficiarios * a.anios,
        "cupos_movimiento": a.beneficiarios * a.anios * MOVS_POR_CUPO,
    }
    actual = conteos()
    coincide = all(actual[t] == v for t, v in esperado.items())
    titulo("Datos")
    if coincide and not a.reconstruir:
        tiempo_build = None
        print(
            f"Se reutilizan los datos existentes ({actual['cupos_movimiento']:,} movimientos). --reconstruir para "
            "rehacerlos."
        )
    else:
        motivo = "--reconstruir" if coincide else f"conteos actuales {actual} ≠ esperados {esperado}"
        print(f"Construyendo ({motivo}) ...", flush=True)
        tiempo_build = construir(a.database_url, a.beneficiarios, a.anios, a.semilla)
        print(f"Build: {duracion(tiempo_build)}")
        actual = conteos()
    with connection.cursor() as c:
        tam_tabla, tam_indices, version, buffers = c.execute(
            "SELECT pg_size_pretty(pg_table_size('cupos_movimiento')),"
            " pg_size_pretty(pg_indexes_size('cupos_movimiento')),"
            " current_setting('server_version'), current_setting('shared_buffers')"
        ).fetchone()
    filas_libro = actual["cupos_movimiento"]
    print(
        f"cupos_movimiento: {filas_libro:,} filas, tabla {tam_tabla}, índices {tam_indices}; "
        f"cupos {actual['cupos_cupo']:,}; beneficiarios {actual['cupos_beneficiario']:,}"
    )
    print(
        f"PostgreSQL {version}, shared_buffers {buffers}; Python {sys.version.split()[0]}; "
        f"{os.cpu_count()} CPU, carga {carga()}"
    )

    # Samples: a random beneficiary and a random day on which every beneficiary has a cupo in force.
    rng = random.Random(a.semilla + 1)
    ids = list(Beneficiario.objects.order_by("id").values_list("id", flat=True))
    desde = (  # the latest "first day in force" over all beneficiaries
        Cupo.objects.values("beneficiario").annotate(primero=Min("fecha_inicio")).aggregate(d=Max("primero"))["d"]
    )
    hasta = CORTE
    calentar = min(CALENTAMIENTO, a.muestras)
    print(f"Muestras: {a.muestras} por escenario (+{calentar} de calentamiento), fechas {desde} … {hasta}")

    token = token_analista()
    cliente = Client(headers={"Authorization": f"Token {token}"})
    errores_api = 0

    def saldo(b, f):
        selectors.beneficiario_saldo(beneficiario_id=b, fecha=f)

    def api(b, f):
        nonlocal errores_api
        r = cliente.get(f"/api/v1/beneficiarios/{b}/saldo/", {"fecha": f.isoformat()})
        if r.status_code != 200:
            errores_api += 1

    resultados = []
    titulo("(a) selectors.beneficiario_saldo en proceso")
    cronometrar(saldo, muestras(rng, ids, desde, hasta, calentar))
    t_a = cronometrar(saldo, muestras(rng, ids, desde, hasta, a.muestras))
    q_a = consultas_por_llamada(saldo, muestras(rng, ids, desde, hasta, 50))
    resultados.append(("(a) selectors.beneficiario_saldo", resumen(t_a), q_a, True, 0))

    titulo("(b) GET /api/v1/beneficiarios/{id}/saldo/ — django.test.Client")
    b0, f0 = ids[len(ids) // 2], desde + (hasta - desde) // 2
    ejemplo = cliente.get(f"/api/v1/beneficiarios/{b0}/saldo/", {"fecha": f0.isoformat()})
    print(f"Ejemplo {b0} @ {f0}: HTTP {ejemplo.status_code} {ejemplo.content.decode()[:300]}")
    cronometrar(api, muestras(rng, ids, desde, hasta, calentar))
    errores_api = 0
    t_b = cronometrar(api, muestras(rng, ids, desde, hasta, a.muestras))
    errores_b = errores_api
    q_b = consultas_por_llamada(api, muestras(rng, ids, desde, hasta, 50))
    resultados.append(("(b) GET …/saldo/ (Django, en proceso)", resumen(t_b), q_b, True, errores_b))

    if not a.sin_gunicorn:
        titulo("(c) GET …/saldo/ — gunicorn (1 worker sync) + requests, secuencial")
        connection.close()  # nothing shared with the server process
        t_c, errores_c = medir_gunicorn(
            a.database_url,
            token,
            muestras(rng, ids, desde, hasta, a.muestras),
            muestras(rng, ids, desde, hasta, calentar),
        )
        resultados.append(("(c) GET …/saldo/ vía gunicorn (extremo a extremo)", resumen(t_c), None, False, errores_c))
        print("hecho")

    titulo("EXPLAIN (ANALYZE, BUFFERS) de una muestra")
    b1, f1 = muestra_ventana_larga() or muestras(rng, ids, desde, hasta, 1)[0]
    print(f"beneficiario {b1}, fecha {f1} (último día de una ventana completa de las más largas)")
    usa_indice = explicar(b1, f1)

    titulo("Resultado")
    print(
        f"Libro: {filas_libro:,} movimientos · {actual['cupos_cupo']:,} cupos · {actual['cupos_beneficiario']:,} "
        "beneficiarios"
        f" · base {nombre}"
    )
    print(
        "Build: "
        + (f"{duracion(tiempo_build)}" if tiempo_build is not None else "reutilizado (sin build en esta corrida)")
    )
    print()
    cab = (
        f"{'escenario':<50} {'n':>5} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7} {'SQL/llamada':>11}  objetivo p95 "
        f"< {OBJETIVO_P95_MS:g} ms"
    )
    print(cab)
    print("-" * len(cab))
    veredicto_global = True
    for nombre_esc, r, q, cuenta, errores in resultados:
        sql = "—" if q is None else (str(q[0]) if min(q) == max(q) else f"{min(q)}–{max(q)}")
        if cuenta:
            ok = r["p95"] < OBJETIVO_P95_MS and errores == 0
            veredicto_global &= ok
            veredicto = "PASS" if ok else "FAIL"
        else:
            veredicto = "(informativo)"
        if errores:
            veredicto += f" ({errores} respuestas ≠ 200)"
        print(
            f"{nombre_esc:<50} {r['n']:>5} {r['p50']:>7.2f} {r['p95']:>7.2f} {r['p99']:>7.2f} {r['max']:>7.2f} "
            f"{sql:>11}  {veredicto}"
        )
    print("(milisegundos; SQL/llamada medido en 50 muestras: constante si es un solo número)")
    print(f"La suma del consumo usa movimiento_cupo_fecha_idx: {'sí' if usa_indice else 'NO'}")
    return cerrar(f" (p95 del lado del servidor < {OBJETIVO_P95_MS:g} ms)", veredicto_global)


if __name__ == "__main__":
    sys.exit(main())
