"""Checks across rows and registries, set-based in SQL once every valid row is loaded (R-16, R-22).

`conciliar` runs inside the report's final transaction. Each step is one statement over the
report's rows, so Python holds none of them and the cost is a few joins and hash aggregates
whatever the file size. The SQL is plain (GROUP BY, EXISTS, `||`) and runs on PostgreSQL and
SQLite alike, except the certificate pass: one statement with data-modifying CTEs on PostgreSQL,
a temporary table on SQLite. A fresh report has no planner statistics yet, so rows are removed
by their numbers (`= ANY`), never by a join whose plan a bad estimate could ruin; and a row is compared
with the others of its report by a window (MIN(fila) OVER the row's group), not by joining the report to its
own grouped rows: with the statistics of a table analyzed before the month's reports arrived, PostgreSQL
expects one row of a new report and nests the grouped rows inside, recomputing them for every row
(26 s for one report of 3,333 rows, against 30 ms by the window; bench/pico.py's ingestion spent most of its
time there).

Row errors found here (they leave the valid rows): exact duplicates of an earlier row without a
certificate (an acuicultora's or the Armada's sale written twice; only the first one counts). A row
that names a certificate is never a duplicate: the second use of a certificate is a discrepancy.

Discrepancy codes (Discrepancia.codigo, errors.ErrorDistribuidores; sin_cupo_vigente is cupos'), on rows
that stay valid (R-22: a readable row is a reported sale; it counts in the totals):
- venta_sin_certificado_valido: a vessel's row whose certificate is missing, does not exist, is
  another vessel's, is annulled or was issued after the sale (the detail says which);
- certificado_usado_dos_veces: the certificate is on an earlier row of the file, on another
  processed report in force of a month around this one (another wholesaler's, or this one's for
  another month), or was redeemed by a sale that another wholesaler registered around this month;
- excede_certificado: the row's gallons exceed what the certificate authorizes (R-16);
- sin_cupo_vigente: the beneficiary had no cupo in force that day (R-06, R-09, R-12);
- venta_no_registrada: no sale registered in the portal matches the row (R-19).
"""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection

from cupos.models import Beneficiario, Cupo, sql_vigente
from distribuidores.errors import ErrorDistribuidores as E
from distribuidores.models import Discrepancia, ErrorFilaReporte, FilaReporte, ReporteMensual, Venta
from zarpes.models import Certificado

FILAS = FilaReporte._meta.db_table
ERRORES = ErrorFilaReporte._meta.db_table
DISCREPANCIAS = Discrepancia._meta.db_table
REPORTES = ReporteMensual._meta.db_table
CERTIFICADOS = Certificado._meta.db_table
VENTAS = Venta._meta.db_table
CUPOS = Cupo._meta.db_table
BENEFICIARIOS = Beneficiario._meta.db_table
# A certificate is redeemed at the zarpe it was issued for: the reports of the months around this
# one are compared here, row by row; further apart, the monthly reconciliation compares them.
VECINDAD_MESES = 2

_INSERTAR_DISCREPANCIAS = f"""
    INSERT INTO {DISCREPANCIAS} (reporte_id, periodo, distribuidor_id, beneficiario_id, fila, codigo, detalle)
    SELECT %s, %s, %s, x.beneficiario_id, x.fila, x.codigo, x.detalle FROM ({{consulta}}) x"""

_DUPLICADOS = f"""
    INSERT INTO {ERRORES} (reporte_id, fila, campo, mensaje)
    SELECT %s, g.fila, 'fila', 'Fila repetida: igual a la fila ' || CAST(g.primera AS TEXT)
           || ' (misma fecha, beneficiario y galones, sin certificado); se cuenta una sola vez.'
    FROM (
        SELECT fila, MIN(fila) OVER (PARTITION BY fecha, beneficiario_id, galones) AS primera
        FROM {FILAS} WHERE reporte_id = %s AND certificado_numero = ''
    ) g
    WHERE g.fila > g.primera
    RETURNING fila"""

# One pass joins every row that names a certificate to it (a CTE on PostgreSQL, a temporary table
# elsewhere, named j). A certificate is `redimido` exactly when a sale registered in the portal
# redeemed it (venta_register does both in one transaction), so no join to the sales is needed
# to know whether a sale exists; only who made it, below.
_CERTIFICADOS_DE_FILAS = f"""
    SELECT f.fila, f.beneficiario_id, f.fecha, f.galones, f.certificado_numero AS numero, c.id AS cert_id,
           c.nave_id, c.estado, c.fecha_expedicion AS expedicion, c.galones_autorizados AS autorizados
    FROM {FILAS} f LEFT JOIN {CERTIFICADOS} c ON c.numero = f.certificado_numero
    WHERE f.reporte_id = %s AND f.certificado_numero <> ''"""

_INVALIDO = "(cert_id IS NULL OR nave_id <> beneficiario_id OR estado = 'anulado' OR fecha < expedicion)"

# why the row's certificate does not cover the sale (the same reasons, in the same words, as
# selectors.conciliacion.fuentes.certificado_invalido).
_MOTIVO_INVALIDO = """
           CASE WHEN cert_id IS NULL THEN 'no existe el certificado ' || numero || '.'
                WHEN nave_id <> beneficiario_id THEN 'el certificado ' || numero || ' fue expedido a otra nave.'
                WHEN estado = 'anulado' THEN 'el certificado ' || numero || ' está anulado.'
                ELSE 'la venta es anterior a la expedición del certificado ' || numero
                     || ' (' || CAST(expedicion AS TEXT) || ').'
           END"""


def _dos_decimales(columna: str) -> str:
    """Gallons as text: numeric(12, 2) already prints «500.00» on PostgreSQL; SQLite needs printf.

    The % is doubled: every statement here runs with parameters, so Django turns "%%" into "%"
    (and DEBUG's SQL logging formats the statement with them: a single % broke it under make run).
    """
    return f"printf('%%.2f', {columna})" if connection.vendor == "sqlite" else f"CAST({columna} AS TEXT)"


def _consultas(reporte: ReporteMensual, tabla: str, otros: list[int]) -> list[tuple[str, list]]:
    """(SELECT beneficiario_id, fila, codigo, detalle; its parameters) for each discrepancy check."""
    r, d = reporte.id, reporte.distribuidor_id
    desde = reporte.periodo - dt.timedelta(days=31)
    hasta = (reporte.periodo + dt.timedelta(days=62)).replace(day=1)
    naves = ", ".join(["%s"] * len(Beneficiario.TIPOS_NAVE))
    consultas = [
        (
            f"""SELECT beneficiario_id, fila, '{E.VENTA_SIN_CERTIFICADO_VALIDO}' AS codigo,
                       'Venta sin certificado válido: ' || {_MOTIVO_INVALIDO} AS detalle
                FROM {tabla} WHERE {_INVALIDO}
                UNION ALL
                SELECT beneficiario_id, fila, '{E.EXCEDE_CERTIFICADO}',
                       'La venta de ' || {_dos_decimales("galones")}
                       || ' galones excede los ' || {_dos_decimales("autorizados")} || ' que autoriza el certificado '
                       || numero || '.' AS detalle
                FROM {tabla} WHERE NOT {_INVALIDO} AND galones > autorizados
                UNION ALL
                SELECT j.beneficiario_id, j.fila, '{E.CERTIFICADO_USADO_DOS_VECES}', 'El certificado ' || j.numero
                       || ' ya fue redimido en una venta registrada por otro distribuidor.'
                FROM {tabla} j JOIN (  -- other wholesalers' sales around the period: a small hashed set
                    SELECT DISTINCT certificado_id FROM {VENTAS}
                    WHERE distribuidor_id <> %s AND certificado_id IS NOT NULL AND fecha BETWEEN %s AND %s
                ) otra ON otra.certificado_id = j.cert_id
                WHERE NOT {_INVALIDO} AND j.estado = 'redimido'
                UNION ALL
                SELECT beneficiario_id, fila, '{E.VENTA_NO_REGISTRADA}', 'El certificado ' || numero
                       || ' no se redimió en una venta registrada en el portal.'
                FROM {tabla} WHERE NOT {_INVALIDO} AND estado <> 'redimido'""",
            [d, desde, hasta],
        ),
        (
            f"""SELECT g.beneficiario_id, g.fila, '{E.CERTIFICADO_USADO_DOS_VECES}' AS codigo,
                       'El certificado ' || g.certificado_numero || ' ya aparece en la fila ' || CAST(g.primera AS TEXT)
                       || ' de este reporte.' AS detalle
                FROM (
                    SELECT beneficiario_id, fila, certificado_numero,
                           MIN(fila) OVER (PARTITION BY certificado_numero) AS primera
                    FROM {FILAS} WHERE reporte_id = %s AND certificado_numero <> ''
                ) g
                WHERE g.fila > g.primera""",
            [r],
        ),
        (
            f"""SELECT f.beneficiario_id, f.fila, '{E.VENTA_SIN_CERTIFICADO_VALIDO}' AS codigo,
                       'Venta sin certificado válido: la venta a una nave no indica su certificado de cupo de exención.'
                       AS detalle
                FROM {FILAS} f JOIN {BENEFICIARIOS} b ON b.id = f.beneficiario_id
                WHERE f.reporte_id = %s AND f.certificado_numero = '' AND b.tipo IN ({naves})""",
            [r, *Beneficiario.TIPOS_NAVE],
        ),
        (
            f"""SELECT f.beneficiario_id, f.fila, 'sin_cupo_vigente' AS codigo,
                       'El beneficiario no tenía un cupo vigente el ' || CAST(f.fecha AS TEXT) || '.' AS detalle
                FROM {FILAS} f
                WHERE f.reporte_id = %s AND NOT EXISTS (
                    SELECT 1 FROM {CUPOS} k
                    WHERE k.beneficiario_id = f.beneficiario_id AND {sql_vigente("k", "f.fecha")})""",
            [r],
        ),
        (
            f"""SELECT f.beneficiario_id, f.fila, '{E.VENTA_NO_REGISTRADA}' AS codigo,
                       'No hay una venta registrada en el portal con esta fecha, beneficiario y galones.' AS detalle
                FROM {FILAS} f
                WHERE f.reporte_id = %s AND f.certificado_numero = '' AND NOT EXISTS (
                    SELECT 1 FROM {VENTAS} v
                    WHERE v.distribuidor_id = %s AND v.beneficiario_id = f.beneficiario_id
                      AND v.fecha = f.fecha AND v.galones = f.galones)""",
            [r, d],
        ),
    ]
    if otros:  # the certificate is also on another processed report in force
        marcas = ", ".join(["%s"] * len(otros))
        consultas.append((
            f"""SELECT f.beneficiario_id, f.fila, '{E.CERTIFICADO_USADO_DOS_VECES}' AS codigo,
                       'El certificado ' || f.certificado_numero || ' ya figura en otro reporte mensual vigente ('
                       || MIN(SUBSTR(CAST(r.periodo AS TEXT), 1, 7))
                       || CASE WHEN MIN(r.distribuidor_id) = %s AND MAX(r.distribuidor_id) = %s
                               THEN ', de este mismo distribuidor).' ELSE ', de otro distribuidor).' END AS detalle
                FROM {FILAS} f
                JOIN {FILAS} o ON o.certificado_numero = f.certificado_numero AND o.reporte_id IN ({marcas})
                JOIN {REPORTES} r ON r.id = o.reporte_id
                WHERE f.reporte_id = %s AND f.certificado_numero <> ''
                GROUP BY f.id, f.beneficiario_id, f.fila, f.certificado_numero""",
            [d, d, *otros, r],
        ))
    return consultas


@dataclass(frozen=True)
class Totales:
    filas_validas: int
    filas_con_error: int
    total_galones: Decimal
    discrepancias: int


def _meses_despues(periodo: dt.date, meses: int) -> dt.date:
    indice = periodo.year * 12 + periodo.month - 1 + meses
    return dt.date(indice // 12, indice % 12 + 1, 1)


class IntegridadRota(Exception):
    """A loaded row points to a beneficiary that no longer exists (deleted while processing)."""


def conciliar(reporte: ReporteMensual) -> Totales:
    """Every cross-row check of one report, in the caller's transaction; then its totals."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # Room for the hash aggregates of a large report; and no JIT: compiling each of these short
            # statements (~25 ms) costs more than it saves.
            cursor.execute("SET LOCAL work_mem = '64MB'")
            cursor.execute("SET LOCAL jit = off")
        _a_errores(cursor, reporte, _DUPLICADOS, [reporte.id] * 2)
        otros = list(
            ReporteMensual.objects.filter(
                vigente=True, estado=ReporteMensual.Estado.PROCESADO,
                periodo__gte=_meses_despues(reporte.periodo, -VECINDAD_MESES),
                periodo__lte=_meses_despues(reporte.periodo, VECINDAD_MESES),
            )
            .exclude(distribuidor_id=reporte.distribuidor_id, periodo=reporte.periodo)
            .values_list("id", flat=True)
        )
        consultas = _consultas(reporte, "j", otros)
        inicio = [reporte.id, reporte.periodo, reporte.distribuidor_id]
        if connection.vendor == "postgresql":
            # One statement: the certificate join is computed once and feeds every certificate
            # discrepancy (a data-modifying CTE); the other checks follow.
            (consulta, parametros), consultas = consultas[0], consultas[1:]
            cursor.execute(
                f"""WITH j AS MATERIALIZED ({_CERTIFICADOS_DE_FILAS})
                    {_INSERTAR_DISCREPANCIAS.format(consulta=consulta)}""",
                [reporte.id, *inicio, *parametros],
            )
        else:
            cursor.execute("DROP TABLE IF EXISTS j")
            cursor.execute(f"CREATE TEMPORARY TABLE j AS {_CERTIFICADOS_DE_FILAS}", [reporte.id])
        for consulta, parametros in consultas:
            cursor.execute(_INSERTAR_DISCREPANCIAS.format(consulta=consulta), [*inicio, *parametros])
        if connection.vendor != "postgresql":
            cursor.execute("DROP TABLE j")
    return totales(reporte)


def _a_errores(cursor, reporte: ReporteMensual, insertar: str, parametros: list) -> int:
    """Run an INSERT … RETURNING fila into the errors, then take those rows out of the valid ones."""
    cursor.execute(insertar, parametros)
    return _quitar_filas(cursor, reporte, {fila for (fila,) in cursor.fetchall()})


def _quitar_filas(cursor, reporte: ReporteMensual, filas: set[int]) -> int:
    filas = sorted(filas)
    if connection.vendor == "postgresql":
        if filas:
            cursor.execute(f"DELETE FROM {FILAS} WHERE reporte_id = %s AND fila = ANY(%s)", [reporte.id, filas])
    else:
        for i in range(0, len(filas), 500):
            parte = filas[i : i + 500]
            cursor.execute(
                f"DELETE FROM {FILAS} WHERE reporte_id = %s AND fila IN ({', '.join(['%s'] * len(parte))})",
                [reporte.id, *parte],
            )
    return len(filas)


def totales(reporte: ReporteMensual) -> Totales:
    """The report's figures; and the key FilaReporte.beneficiario, checked once per report, set-based
    in the same scan (not per row by a trigger: see the model)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"""SELECT COUNT(*), SUM(f.galones), SUM(CASE WHEN b.id IS NULL THEN 1 ELSE 0 END)
                FROM {FILAS} f LEFT JOIN {BENEFICIARIOS} b ON b.id = f.beneficiario_id
                WHERE f.reporte_id = %s""",
            [reporte.id],
        )
        validas, galones, huerfanas = cursor.fetchone()
    if huerfanas:
        raise IntegridadRota(f"{huerfanas} filas del reporte {reporte.id} apuntan a beneficiarios inexistentes")
    return Totales(
        filas_validas=validas,
        filas_con_error=ErrorFilaReporte.objects.filter(reporte=reporte).values("fila").distinct().count(),
        total_galones=Decimal(galones or 0).quantize(Decimal("0.01")),
        discrepancias=Discrepancia.objects.filter(reporte=reporte).count(),
    )
