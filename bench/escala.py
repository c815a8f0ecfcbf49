#!/usr/bin/env python
"""National benchmark of every page (issue 14 §1): a national dataset, then every menu page of every role.

Builds, in a PostgreSQL database of its own (default ``bench_escala``):
  - the beneficiaries, cupos and movements of bench/saldo.py (its COPY build), plus the zarpe and the
    certificate behind every certificate discount;
  - one year of sales and the wholesalers' monthly reports (40 wholesalers, 12 months);
  - the audit rows all of that writes (one per certificate, sale, report and cupo: millions);
  - 300 border stations over 60 municipalities with two years of deliveries.
Everything after saldo.py's COPY is set-based SQL (INSERT … SELECT), in one transaction.

Then it times, through django.test.Client in-process (server-side), every page of the menu of a
user of each role, plus the public pages and a few deep pages (beneficiaries far down the list, a
resolution with every cupo, the audit log filtered and unfiltered, an officer's vessel screen):
p50 / p95 over N requests and the SQL queries per page. Targets: every page p95 < 300 ms; the
officer's screen, /verificar/<code>/ and the wholesaler's check p95 < 100 ms; the query count of
every page the same at two sizes (a second, small database built with --escala, in a subprocess).

    .venv/bin/python bench/escala.py [--escala 1] [--peticiones 20] [--reusar] [--chica 0.02]

--escala F builds F × the national size (F=1: 10,000 beneficiaries, 2,000,000 movements);
--reusar skips the build when the database already holds data of that size; --sin-comparar skips
the small database. Exit status 0 when every target passes.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from bench.comun import RAIZ, carga, cerrar, crear_base_si_falta, django_listo, duracion, migrar, percentil, titulo

URL_BASE = "postgres://postgres@127.0.0.1:5432/bench_escala"
URL_CHICA = "postgres://postgres@127.0.0.1:5432/bench_escala_chica"
AJUSTES = "bench.settings"
OBJETIVO_MS = 300.0
OBJETIVO_RAPIDO_MS = 100.0
MAYORISTAS = 40
HOY = "2026-11-28"  # saldo.CORTE: the data's today


def argumentos():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--escala", type=float, default=1.0, help="fraction of the national size (1 = 10,000 beneficiaries)")
    p.add_argument("--peticiones", type=int, default=20, help="measured requests per page (after 2 warm-up ones)")
    p.add_argument("--reusar", action="store_true", help="skip the build when the database already holds the data")
    p.add_argument("--reconstruir", action="store_true", help="rebuild even if the counts match")
    p.add_argument("--chica", type=float, default=0.02, help="size of the second database for the query counts")
    p.add_argument("--sin-comparar", action="store_true", help="skip the small database (no query-count check)")
    p.add_argument("--database-url", default=os.environ.get("BENCH_ESCALA_DATABASE_URL", URL_BASE))
    p.add_argument("--url-chica", default=os.environ.get("BENCH_ESCALA_CHICA_DATABASE_URL", URL_CHICA))
    p.add_argument("--json", help="write the results as JSON here (used for the small database)")
    p.add_argument("--solo", help="only the pages whose name contains this text")
    return p.parse_args()


# --- Build -------------------------------------------------------------------------------------

EXTRA_TRUNCAR = [
    "core_registroauditoria",
    "fronteras_municipio",
    "core_alerta",
    "django_session",
]


def construir(url: str, escala: float) -> float:
    from bench import saldo

    n = max(50, round(10_000 * escala))
    t0 = time.perf_counter()
    saldo.construir(url, n, 5, 681)
    construir_resto(url, escala)
    return time.perf_counter() - t0


PASOS = [
    (
        "mayoristas (40)",
        """INSERT INTO core_distribuidor (id, nit, razon_social, tipo, activo, habilitacion_numero)
           SELECT i, (860000000 + i * 7919)::text || '-' || (i % 10), 'Combustibles Marinos ' || lpad(i::text, 2, '0')
                  || ' S.A.S.', 'mayorista', true, ''
           FROM generate_series(16, {mayoristas}) i""",
    ),
    (
        "zarpes (uno por descuento con certificado)",
        """INSERT INTO zarpes_zarpe (id, fecha, galones_solicitados, certificado_anterior, estado, motivo, limitado_por,
               galones_autorizados, disponible_despues, creado, capitania_id, cupo_id, nave_id, oficial_id)
           SELECT m.id, m.fecha, m.galones, '', 'certificado', '', 'cupo', m.galones, 0, m.creado,
                  b.capitania_id, m.cupo_id, c.beneficiario_id, NULL
           FROM cupos_movimiento m JOIN cupos_cupo c ON c.id = m.cupo_id
           JOIN cupos_beneficiario b ON b.id = c.beneficiario_id
           WHERE m.tipo = 'descuento' AND m.referencia LIKE 'certificado:%'""",
    ),
    (
        "certificados",
        """INSERT INTO zarpes_certificado (id, numero, anio, consecutivo, codigo_verificacion, galones_autorizados,
               fecha_expedicion, estado, creado, capitania_id, cupo_id, movimiento_id, nave_id, zarpe_id,
               firma_mostrador, revision_upme)
           SELECT z.id, substr(m.referencia, 13), split_part(m.referencia, '-', 2)::int,
                  split_part(m.referencia, '-', 3)::int,
                  upper(regexp_replace(substr(md5('cert' || z.id), 1, 16), '(....)(....)(....)(....)',
                                       '\\1-\\2-\\3-\\4')),
                  z.galones_autorizados, z.fecha,
                  CASE WHEN z.fecha < DATE '{hoy}' - 30 THEN 'redimido' ELSE 'vigente' END, z.creado,
                  z.capitania_id, z.cupo_id, m.id, z.nave_id, z.id, '', ''
           FROM zarpes_zarpe z JOIN cupos_movimiento m ON m.id = z.id""",
    ),
    (
        "ventas de un año (60 % de los certificados, y los descuentos directos)",
        """INSERT INTO distribuidores_venta (fecha, galones, creada, beneficiario_id, certificado_id, distribuidor_id,
               movimiento_id, registrada_por_id, factura)
           SELECT c.fecha_expedicion, c.galones_autorizados, c.creado, c.nave_id, c.id, 1 + (c.id * 7) % {mayoristas},
                  NULL::bigint, NULL::bigint, 'FE-' || c.id
           FROM zarpes_certificado c
           WHERE c.fecha_expedicion > DATE '{hoy}' - 365 AND c.id % 5 < 3
           UNION ALL
           SELECT m.fecha, m.galones, m.creado, cu.beneficiario_id, NULL, substr(m.referencia, 8, 2)::int, m.id, NULL,
                  'FE-M' || m.id
           FROM cupos_movimiento m JOIN cupos_cupo cu ON cu.id = m.cupo_id
           WHERE m.tipo = 'descuento' AND m.referencia LIKE 'venta:%' AND m.fecha > DATE '{hoy}' - 365""",
    ),
    (
        "reportes mensuales (40 mayoristas × 12 meses)",
        """INSERT INTO distribuidores_reportemensual (periodo, version, vigente, archivo, nombre_original, tamano_bytes,
               estado, progreso, mensaje, filas_validas, filas_con_error, total_galones, extemporaneo, fecha_limite,
               recibido, procesado, distribuidor_id, subido_por_id, intentos, latido)
           SELECT p.periodo, 1, true, 'reportes/bench.csv', 'reporte.csv', 0, 'procesado', 100, '',
                  coalesce(v.filas, 0), 0, coalesce(v.galones, 0), false, (p.periodo + interval '1 month 9 days')::date,
                  p.periodo + interval '1 month 5 days', p.periodo + interval '1 month 5 days 1 hour', d.id, NULL, 1,
                  NULL
           FROM core_distribuidor d
           CROSS JOIN (SELECT generate_series(date_trunc('month', DATE '{hoy}') - interval '12 months',
                                              date_trunc('month', DATE '{hoy}') - interval '1 month',
                                              interval '1 month')::date AS periodo) p
           LEFT JOIN (SELECT distribuidor_id, date_trunc('month', fecha)::date AS periodo, count(*) AS filas,
                             sum(galones) AS galones
                      FROM distribuidores_venta GROUP BY 1, 2) v
             ON v.distribuidor_id = d.id AND v.periodo = p.periodo""",
    ),
    (
        "filas de los reportes (una por venta de los meses reportados)",
        """INSERT INTO distribuidores_filareporte (fila, fecha, certificado_numero, galones, beneficiario_id,
               reporte_id)
           SELECT row_number() OVER (PARTITION BY r.id ORDER BY v.id) + 1, v.fecha, coalesce(c.numero, ''), v.galones,
                  v.beneficiario_id, r.id
           FROM distribuidores_venta v LEFT JOIN zarpes_certificado c ON c.id = v.certificado_id
           JOIN distribuidores_reportemensual r
             ON r.distribuidor_id = v.distribuidor_id AND r.periodo = date_trunc('month', v.fecha)::date""",
    ),
    (
        "auditoría: otorgamiento y firmeza de cada cupo",
        """INSERT INTO core_registroauditoria (fecha, actor_nombre, accion, objeto_tipo, objeto_id, objeto_repr, antes,
               despues, ip, actor_id)
           SELECT c.creado + s.k * interval '1 minute', 'bench_analista', s.accion, 'cupos.cupo', c.id::text,
                  'Cupo ' || c.id, NULL, jsonb_build_object('estado', s.estado, 'galones_anuales', c.galones_anuales),
                  NULL, NULL
           FROM cupos_cupo c CROSS JOIN (VALUES (0, 'cupo.otorgar', 'otorgado'), (1, 'cupo.firmeza', 'en_firme'))
                s(k, accion, estado)""",
    ),
    (
        "auditoría: cada certificado expedido",
        """INSERT INTO core_registroauditoria (fecha, actor_nombre, accion, objeto_tipo, objeto_id, objeto_repr, antes,
               despues, ip, actor_id)
           SELECT c.creado + (c.id % 3600) * interval '1 second', 'oficial_cp' || lpad(c.capitania_id::text, 2, '0'),
                  'zarpe.certificar', 'zarpes.certificado', c.id::text, c.numero, NULL,
                  jsonb_build_object('numero', c.numero, 'galones_autorizados', c.galones_autorizados::text,
                                     'nave_id', c.nave_id),
                  NULL, NULL
           FROM zarpes_certificado c""",
    ),
    (
        "auditoría: ventas y reportes",
        """INSERT INTO core_registroauditoria (fecha, actor_nombre, accion, objeto_tipo, objeto_id, objeto_repr, antes,
               despues, ip, actor_id)
           SELECT v.creada + interval '2 hours', 'mayorista_' || v.distribuidor_id, 'venta.registrar',
                  'distribuidores.venta', v.id::text, 'Venta ' || v.id, NULL::jsonb,
                  jsonb_build_object('galones', v.galones::text, 'beneficiario_id', v.beneficiario_id), NULL::inet,
                  NULL::bigint
           FROM distribuidores_venta v
           UNION ALL
           SELECT r.recibido, 'mayorista_' || r.distribuidor_id, 'reporte.procesar', 'distribuidores.reportemensual',
                  r.id::text, 'Reporte ' || r.periodo, NULL, jsonb_build_object('filas_validas', r.filas_validas),
                  NULL, NULL
           FROM distribuidores_reportemensual r""",
    ),
    (
        "municipios de frontera",
        """INSERT INTO fronteras_municipio (id, codigo_dane, nombre, departamento, poblacion, fuente_poblacion,
               decreto_designacion)
           SELECT i, lpad((50000 + i)::text, 5, '0'), 'Municipio fronterizo ' || i,
                  (ARRAY['La Guajira', 'Cesar', 'Norte de Santander', 'Arauca', 'Vichada', 'Guainía', 'Amazonas',
                         'Putumayo', 'Nariño'])[1 + i % 9], 20000 + (i * 7919) % 180000, 'DANE, proyección 2025',
                  'Decreto 1530 de 2025'
           FROM generate_series(1, {municipios}) i""",
    ),
    (
        "estaciones de servicio",
        """INSERT INTO fronteras_estacionservicio (id, codigo, nombre, capacidad_certificada_gal, fecha_certificado,
               fecha_entrega_certificado, empresa_transporte, inicio_operacion, activa, municipio_id)
           SELECT i, 'EDS-' || lpad(i::text, 5, '0'), 'Estación de servicio ' || i, 8000 + (i * 37) % 20000,
                  DATE '2024-06-01', DATE '2024-06-15', false, DATE '2015-01-01', true, 1 + (i - 1) % {municipios}
           FROM generate_series(1, {estaciones}) i""",
    ),
    (
        "asignaciones 2025–2026 (gasolina y ACPM)",
        """INSERT INTO fronteras_asignacion (id, combustible, anio_inicio, indicador_per_capita, factor_gnv,
               factor_flujo, poblacion, fuentes, volumen_municipal, vigencia_inicio, vigencia_fin, estado, resolucion,
               fecha_ejecutoria, creada, creada_por_id, municipio_id)
           SELECT row_number() OVER (ORDER BY m.id, f.combustible), f.combustible, 2025, 2.5, 1, 1, m.poblacion,
                  '{{}}'::jsonb, m.poblacion * 2.5, DATE '2025-01-01', DATE '2026-12-31', 'ejecutoriada',
                  'UPME 001 de 2024', DATE '2024-12-20', TIMESTAMPTZ '2024-12-01 08:00-05', NULL, m.id
           FROM fronteras_municipio m CROSS JOIN (VALUES ('gasolina'), ('acpm')) f(combustible)""",
    ),
    (
        "asignaciones por estación",
        """INSERT INTO fronteras_asignacionestacion (promedio_compras, capacidad, participacion, volumen_mensual,
               adicional, asignacion_id, estacion_id)
           SELECT 10000, e.capacidad_certificada_gal, 0.2, a.volumen_municipal / 12 / 5, 0, a.id, e.id
           FROM fronteras_estacionservicio e JOIN fronteras_asignacion a ON a.municipio_id = e.municipio_id""",
    ),
    (
        "despachos de dos años (cada 3 días, por estación y combustible)",
        """INSERT INTO fronteras_despacho (fecha, combustible, galones, creado, asignacion_estacion_id, distribuidor_id,
               registrado_por_id, estacion_id, gran_consumidor_id)
           SELECT d::date, a.combustible, 500 + (ae.id * 13 + extract(doy FROM d)::int) % 1500,
                  d + interval '9 hours', ae.id, 1 + (ae.id - 1) % {mayoristas}, NULL, ae.estacion_id, NULL
           FROM fronteras_asignacionestacion ae JOIN fronteras_asignacion a ON a.id = ae.asignacion_id
           CROSS JOIN generate_series(DATE '2025-01-01', DATE '{hoy}', interval '3 days') d""",
    ),
]

TABLAS_EXTRA = [
    "core_distribuidor",
    "zarpes_zarpe",
    "zarpes_certificado",
    "distribuidores_venta",
    "distribuidores_reportemensual",
    "distribuidores_filareporte",
    "core_registroauditoria",
    "fronteras_municipio",
    "fronteras_estacionservicio",
    "fronteras_asignacion",
    "fronteras_asignacionestacion",
    "fronteras_despacho",
]


def construir_resto(url: str, escala: float) -> None:
    import psycopg

    valores = {
        "mayoristas": MAYORISTAS,
        "hoy": HOY,
        "municipios": max(2, round(60 * escala)),
        "estaciones": max(10, round(300 * escala)),
    }
    with psycopg.connect(url) as conn, conn.cursor() as cur:
        cur.execute("SET LOCAL maintenance_work_mem = '512MB'")
        cur.execute("SET LOCAL session_replication_role = replica")
        cur.execute(f"TRUNCATE {', '.join(EXTRA_TRUNCAR)} RESTART IDENTITY CASCADE")
        for nombre, sql in PASOS:
            t = time.perf_counter()
            cur.execute(sql.format(**valores))
            print(f"  {nombre:<72} {cur.rowcount:>10,} filas  {duracion(time.perf_counter() - t)}", flush=True)
        for tabla in TABLAS_EXTRA:
            cur.execute(
                f"SELECT setval(pg_get_serial_sequence('{tabla}', 'id'), (SELECT coalesce(max(id), 1) FROM {tabla}))"
            )
    t = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"VACUUM (ANALYZE) {', '.join(TABLAS_EXTRA)}")
    print(f"  VACUUM (ANALYZE)  {duracion(time.perf_counter() - t)}")


def preparar_django(url: str):
    django_listo(url, AJUSTES)
    migrar()


def conteos() -> dict[str, int]:
    from django.db import connection

    tablas = ["cupos_beneficiario", "cupos_movimiento", *TABLAS_EXTRA]
    with connection.cursor() as c:
        return {t: c.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tablas}


# --- Users and pages ---------------------------------------------------------------------------


def usuarios() -> dict:
    """One user per role, with the scope the role needs (capitanía 1, wholesaler 1, beneficiary 1…)."""
    from core.identidad.roles import Rol
    from core.models import Usuario

    ambito = {
        Rol.CAPITANIA_OFICIAL: {"capitania_id": 1},
        Rol.DISTRIBUIDOR: {"distribuidor_id": 1},
        Rol.BENEFICIARIO: {"beneficiario_id": 1},
        Rol.AGENTE_MARITIMO: {"agencia_nit": "900123456-1"},
        Rol.USUARIO_CARGA: {"nit": "800123456-1"},
        Rol.CONFERENCIA: {"conferencia": "CONF1"},
        Rol.INTEGRACION: {"entidad": "dimar"},
    }
    resultado = {}
    for rol in Rol:
        usuario, _ = Usuario.objects.update_or_create(
            username=f"bench_{rol.value}", defaults={"rol": rol.value, "is_active": True, **ambito.get(rol, {})}
        )
        resultado[rol.value] = usuario
    return resultado


def paginas(usuarios_por_rol) -> list[dict]:
    """Every menu page of every role, the deep pages and the public pages: {nombre, rol, url, objetivo}."""
    from core.web.menu import menu_for
    from cupos.models import Beneficiario, Resolucion
    from zarpes.models import Certificado

    lista, vistas = [], set()
    for rol, usuario in usuarios_por_rol.items():
        for entrada in menu_for(usuario):
            if entrada["url_name"] == "admin:index":
                continue  # Django's admin: not the portal's pages
            clave = (entrada["url"], rol)
            if clave in vistas:
                continue
            vistas.add(clave)
            lista.append({"nombre": entrada["url_name"], "rol": rol, "url": entrada["url"]})
    ultima_resolucion = Resolucion.objects.order_by("-anio").values_list("id", flat=True).first()
    nave = Beneficiario.objects.filter(capitania_id=1).order_by("id").values_list("id", flat=True).first()
    codigo = Certificado.objects.order_by("-id").values_list("codigo_verificacion", flat=True).first()
    from django.urls import reverse

    vigente = Certificado.objects.filter(estado="vigente").order_by("-id").values_list("numero", flat=True).first()
    directo = Beneficiario.objects.filter(tipo="acuicultora").order_by("id").values_list("id", flat=True).first()
    verificar = reverse("distribuidores:verificar")
    # The audit log 100,000 rows down (2,000 pages of 50): the cursor «Siguiente» would carry there.
    from types import SimpleNamespace

    from core.models import RegistroAuditoria
    from core.web.views.comun import _cursor_codificar

    hondo = RegistroAuditoria.objects.order_by("-fecha", "-id").values_list("fecha", "id")[
        min(100_000, RegistroAuditoria.objects.count() // 2)
    ]
    cursor = _cursor_codificar(SimpleNamespace(fecha=hondo[0], id=hondo[1]), ("-fecha", "-id"))
    extra = [
        ("verificación del mayorista (certificado)", "distribuidor", f"{verificar}?certificado={vigente}"),
        ("verificación del mayorista (beneficiario)", "distribuidor", f"{verificar}?beneficiario={directo}"),
        ("cupos:beneficiarios (profunda)", "upme_analista", "/beneficiarios/?page=300"),
        ("cupos:beneficiarios (búsqueda)", "upme_analista", "/beneficiarios/?q=Marlin"),
        ("cupos:resolucion (todos sus cupos)", "upme_analista", f"/resoluciones/{ultima_resolucion}/"),
        ("cupos:resolucion (búsqueda)", "upme_analista", f"/resoluciones/{ultima_resolucion}/?q=Marlin"),
        ("auditoria (filtrada)", "auditor", "/auditoria/?accion=zarpe.certificar"),
        ("auditoria (por objeto)", "auditor", "/auditoria/?objeto_tipo=cupos.cupo&objeto_id=40001"),
        ("auditoria (profunda)", "auditor", f"/auditoria/?despues={cursor}"),
        ("auditoria (filtrada y profunda)", "auditor", f"/auditoria/?accion=zarpe&despues={cursor}"),
        ("auditoria (por usuario)", "auditor", "/auditoria/?actor=oficial_cp01"),
        ("zarpes:nave (pantalla del oficial)", "capitania_oficial", f"/zarpes/?nave={nave}"),
        ("verificar/<código> (público)", None, f"/verificar/{codigo}/"),
        ("fronteras:transparencia (público)", None, "/fronteras/transparencia/"),
        ("verificar (público)", None, "/verificar/"),
    ]
    for nombre, rol, url in extra:
        lista.append({"nombre": nombre, "rol": rol, "url": url})
    rapidas = {
        "zarpes:nave (pantalla del oficial)",
        "verificar/<código> (público)",
        "distribuidores:verificar",
        "verificación del mayorista (certificado)",
        "verificación del mayorista (beneficiario)",
    }
    for p in lista:
        p["objetivo"] = OBJETIVO_RAPIDO_MS if p["nombre"] in rapidas else OBJETIVO_MS
        p["clave"] = f"{p['nombre']} [{p['rol'] or 'anónimo'}]"
    return lista


def medir(lista, peticiones: int, usuarios_por_rol) -> list[dict]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    clientes = {None: Client()}
    for rol, usuario in usuarios_por_rol.items():
        c = Client()
        c.force_login(usuario)
        clientes[rol] = c
    resultados = []
    for p in lista:
        cliente = clientes[p["rol"]]
        # A menu entry that redirects (cupos:asignacion → the draft or the creation form) is measured
        # to the page it leads to: what the user waits for. The queries are counted on the second request:
        # the first may fill a cache or store a result (the reconciliation, under the eager tasks of these
        # settings), and whether it has to depends on what ran before, not on the size of the data.
        cliente.get(p["url"], follow=True)
        with CaptureQueriesContext(connection) as ctx:
            r = cliente.get(p["url"], follow=True)
        consultas = len(ctx.captured_queries)
        estado = r.status_code
        tiempos = []
        for _ in range(peticiones):
            t0 = time.perf_counter()
            cliente.get(p["url"], follow=True)
            tiempos.append((time.perf_counter() - t0) * 1000)
        tiempos.sort()
        resultados.append(
            {
                **p,
                "estado": estado,
                "consultas": consultas,
                "p50": percentil(tiempos, 50),
                "p95": percentil(tiempos, 95),
                "bytes": len(r.content),
            }
        )
        print(f"  {p['clave']:<58} {estado} {percentil(tiempos, 95):8.1f} ms  {consultas:>3} SQL", flush=True)
    return resultados


def medir_conciliacion_tras_escritura(peticiones: int, usuarios_por_rol) -> list[dict]:
    """Issue 14: the reconciliation page right after a write (each request preceded by a new audited
    write, so the stored month is always stale), with the recompute queued to a worker that has not run
    it yet: the page must answer from what is stored. Then the recompute itself (the worker's job), timed."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from core.auditoria.audit import audit_record
    from core.identidad.roles import Rol
    from distribuidores import tasks

    url = reverse("distribuidores:conciliacion")
    resultados = []
    for rol in (Rol.UPME_ANALISTA, Rol.DISTRIBUIDOR):
        cliente = Client()
        cliente.force_login(usuarios_por_rol[rol])
        cliente.get(url)  # stored and current (eager tasks here), as the pages above left it
        pedidos = []
        tasks.conciliacion_recalcular_task.delay = lambda *args, pedidos=pedidos: pedidos.append(args)
        try:
            tiempos, consultas, vieja = [], None, True
            for i in range(peticiones + 1):
                audit_record(actor=None, accion="bench.escritura", objeto_tipo="bench", objeto_id=str(i))
                with CaptureQueriesContext(connection) as ctx:
                    t0 = time.perf_counter()
                    r = cliente.get(url)
                    ms = (time.perf_counter() - t0) * 1000
                vieja &= "se está recalculando" in r.content.decode()
                if i == 0:
                    consultas = len(ctx.captured_queries)
                else:
                    tiempos.append(ms)
        finally:
            del tasks.conciliacion_recalcular_task.delay
        tiempos.sort()
        clave = f"distribuidores:conciliacion tras una escritura [{rol}]"
        resultados.append(
            {
                "clave": clave,
                "rol": rol,
                "url": url,
                "objetivo": 300,
                "estado": r.status_code if vieja and len(pedidos) == 1 else 500,
                "consultas": consultas,
                "p50": percentil(tiempos, 50),
                "p95": percentil(tiempos, 95),
                "bytes": len(r.content),
            }
        )
        print(
            f"  {clave:<58} {r.status_code} {percentil(tiempos, 95):8.1f} ms  {consultas:>3} SQL  "
            f"(cifras guardadas mostradas: {'sí' if vieja else 'NO'}; recálculos encolados: {len(pedidos)})",
            flush=True,
        )
        t0 = time.perf_counter()
        for args in pedidos:
            tasks.conciliacion_recalcular_task(*args)  # what the worker does
        recalculo = time.perf_counter() - t0
        al_dia = "se está recalculando" not in cliente.get(url).content.decode()
        print(
            f"  recálculo en segundo plano [{rol}]: {recalculo:.1f} s; después la página está al día: "
            f"{'sí' if al_dia else 'NO'}",
            flush=True,
        )
    return resultados


def medir_chica(a) -> dict | None:
    """The same pages on the small database, in a subprocess: {clave: consultas}."""
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        orden = [
            sys.executable,
            str(Path(__file__)),
            "--escala",
            str(a.chica),
            "--database-url",
            a.url_chica,
            "--peticiones",
            "2",
            "--sin-comparar",
            "--json",
            f.name,
        ]
        if a.reusar:
            orden.append("--reusar")
        if a.solo:
            orden += ["--solo", a.solo]
        print(f"Base chica (escala {a.chica}): {' '.join(orden[1:])}", flush=True)
        r = subprocess.run(orden, cwd=RAIZ, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode not in (0, 1):
            print(r.stdout[-4000:])
            return None
        return {x["clave"]: x["consultas"] for x in json.loads(Path(f.name).read_text())["resultados"]}


def main():
    a = argumentos()
    consultas_chica = None
    if not a.sin_comparar:
        titulo("Consultas en la base chica")
        t = time.perf_counter()
        consultas_chica = medir_chica(a)
        print(f"hecho en {duracion(time.perf_counter() - t)}")

    titulo("Base de datos")
    nombre = crear_base_si_falta(a.database_url)
    preparar_django(a.database_url)
    n = max(50, round(10_000 * a.escala))
    actual = conteos()
    esperado = actual["cupos_beneficiario"] == n and actual["cupos_movimiento"] == n * 200
    tiempo_build = None
    if esperado and (a.reusar or not a.reconstruir) and actual["core_registroauditoria"] > 0:
        print(f"Se reutilizan los datos de {nombre}.")
    else:
        titulo(f"Construcción (escala {a.escala:g}: {n:,} beneficiarios)")
        tiempo_build = construir(a.database_url, a.escala)
        print(f"Build: {duracion(tiempo_build)}")
        actual = conteos()
    for tabla, filas in actual.items():
        print(f"  {tabla:<34} {filas:>12,}")

    from django.db import connection

    connection.close()
    usuarios_por_rol = usuarios()
    lista = paginas(usuarios_por_rol)
    if a.solo:
        lista = [p for p in lista if a.solo in p["clave"]]
    titulo(f"Medición: {len(lista)} páginas × {a.peticiones} peticiones (carga {carga()})")
    resultados = medir(lista, a.peticiones, usuarios_por_rol)
    if not a.solo or a.solo in "distribuidores:conciliacion tras una escritura":
        titulo("La conciliación justo después de una escritura (recálculo en segundo plano)")
        resultados += medir_conciliacion_tras_escritura(a.peticiones, usuarios_por_rol)
    if a.json:
        Path(a.json).write_text(json.dumps({"resultados": resultados}, default=str))

    titulo("Resultado")
    cab = f"{'página [rol]':<60} {'HTTP':>4} {'p50':>8} {'p95':>8} {'SQL':>4} {'SQL chica':>9}  objetivo  veredicto"
    print(cab)
    print("-" * len(cab))
    global_ok = True
    for r in resultados:
        chica = consultas_chica.get(r["clave"]) if consultas_chica else None
        ok_t = r["p95"] < r["objetivo"] and r["estado"] == 200
        ok_q = chica is None or chica == r["consultas"]
        ok = ok_t and ok_q
        global_ok &= ok
        motivo = (
            ""
            if ok
            else " (" + ", ".join(x for x, malo in (("tiempo", not ok_t), ("consultas", not ok_q)) if malo) + ")"
        )
        print(
            f"{r['clave']:<60} {r['estado']:>4} {r['p50']:>8.1f} {r['p95']:>8.1f} {r['consultas']:>4} "
            f"{'—' if chica is None else chica:>9}  < {r['objetivo']:g} ms  {'PASS' if ok else 'FAIL'}{motivo}"
        )
    print(f"(ms, {a.peticiones} peticiones por página; escala {a.escala:g}; base {nombre})")
    if tiempo_build is not None:
        print(f"Build: {duracion(tiempo_build)}")
    return cerrar("", global_ok)


if __name__ == "__main__":
    sys.exit(main())
