"""R-22 at national size (issue 14): the reconciliation page reads a stored result, not the engine.

Computing a month (selectors.conciliacion.mes) scans every sale and report row of it with
certificate and cupo probes per row: seconds at national size. The page asks for the same month
again and again while nothing changes, so the result is stored (ResumenConciliacion, one row per
month and scope, and one per 12-month series) with a *fingerprint* of everything it was computed
from, and served from there while the fingerprint matches.

Issue 27: the fingerprint is per month (and scope), so that what happens in other months leaves a
stored month current: on the 10th business day the Capitanías keep issuing certificates while the
previous month is reconciled. `firmas` computes, in one query of single-row index-backed aggregates
(about 80 ms on 2.4 M sales, 1.8 M certificates and 3 M audit rows), two fingerprints:

- the month's (`mes`): what the month's computation (selectors.conciliacion) reads.
  - Rows tied to the month by a date, counted by COUNT and SUM(id) over an index range (an insert or
    a delete changes them, whatever order concurrent transactions commit in): the month's sales, its
    certificates (plus the sum of the annulled ones' ids: an annulment changes it), their inspections
    (by the certificate's date each inspection carries), its declarations, and its reports in every
    state (a replaced version stops being in force; a missing report names its last upload's state).
  - Every report in force of any period (a small table): a report row names certificates of any
    month, and a certificate named twice is a finding of each month that names it.
  - Later sales redeeming a certificate issued in an earlier month (`Venta.certificado_de_otro_mes`, a
    small partial index): a certificate this month's rows name, redeemed later, is used twice.
  - Ledger rows dated before the month written after that date (`Movimiento.atrasado`): the window's
    balance before the month (R-19) changes only with those, the ledger being write-once.
  - In-place changes the month reads whatever their date, each the last audit row of its action (a
    probe on (accion, id)): beneficiaries and wholesalers updated, a cupo granted, firm, ended or
    cancelled, a resolution issued or declared firm, a certificate annulled, a row deleted from the
    admin (ACCIONES_QUE_CAMBIAN). These are coarser than the month (a cupo change anywhere makes
    every month stale once), but they are rare, and the result is recomputed only once.
  - Whether the month's deadline has passed (today's date): it adds the missing-report findings.
- the series' (`serie`, the 12 months ending in the month: totals only): the month's own rows as
  above and, for the 11 months before, the last id of each day's sales, certificates and inspections
  and of each month's declarations (one index probe each, on PostgreSQL), with the annulment and
  admin-deletion probes.

Known limits (documented, not guarded): a report row naming a certificate number that does not exist
yet is flagged «no existe»; if that number is issued later the finding's wording changes and the month
is not marked stale (a row cannot name a certificate issued after the sale it reports). The day
probes of the series' earlier months use MAX(id): a late row committed after a later one of the same
days, around the instant the series was stored, can go unseen until the next change. A stale result is
never served knowingly: it is recomputed from scratch and stored again.

Storing it is a derived write with no actor and no audit row (an audit row would change the
fingerprint it is stored under).

The page never computes in the request (`conciliacion_para_pagina`): when the stored result is
stale it shows the last one, says when it was computed, and queues `conciliacion_recalcular_task`
(one at a time per month and scope, a cache key, and not again until it has rested REPOSO times what
the last one took); the page polls until the current figures are stored. A month never computed shows
«calculando» the same way. When the broker cannot be reached, the request computes it itself (slow,
but nothing waits forever), and a beat task keeps the recent months of the national scope current
(`conciliacion_recientes_refresh`). The API and the Excel export read the current result
(`conciliacion_mes_resumida`): a document is never stale.
"""

import collections
import dataclasses
import datetime as dt
import logging
import math
import threading
import time
from decimal import Decimal

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, connection, connections, router, transaction

from core.models import Distribuidor, RegistroAuditoria
from core.vencimientos.calendario import last_day_of_month, today
from cupos import calculo
from cupos.models import Beneficiario, Cupo, Movimiento
from distribuidores.models import Declaracion, FilaReporte, ReporteMensual, ResumenConciliacion, Venta
from distribuidores.plazos import fecha_limite_periodo
from distribuidores.selectors.conciliacion.mes import conciliacion_mes, conciliacion_serie
from distribuidores.selectors.conciliacion.tipos import Conciliacion, Hallazgo, Totales
from zarpes.models import Certificado, Inspeccion

logger = logging.getLogger(__name__)

TAREA_RECALCULAR = "distribuidores.conciliacion_recalcular"  # distribuidores.tasks (registered in apps.py)
RECALCULO_SEGUNDOS = 300  # a recompute queued and not finished by then (a killed worker) is queued again
# After a recompute of a month that took t seconds, the pages do not queue the next one for REPOSO × t seconds
# (from one second on): on the 10th business day every report processed makes the month stale, and the
# pages would otherwise keep a worker and a database core recomputing it back to back while officers issue.
# The month's recompute then takes at most 1 / (1 + REPOSO) of one worker; the page says meanwhile when the
# figures it shows were computed. The beat and the API (conciliacion_mes_resumida) do not wait.
REPOSO = 3

Clase = ResumenConciliacion.Clase

# Audited actions that change, in place, rows a month's computation reads whatever their date: a
# beneficiary's name, type or registration, a wholesaler's name, a cupo's terms or validity (R-06,
# R-09), a certificate's annulment, and rows deleted from the admin. Each is one probe on
# auditoria_accion_id_idx. Rows tied to a date (sales, reports, certificates, inspections,
# declarations, backdated ledger rows) are counted by date instead, so their inserts are not here.
ACCIONES_QUE_CAMBIAN = (
    "beneficiario.actualizar",
    "distribuidor.actualizar",
    "certificado.anular",
    "cupo.otorgar",
    "cupo.firmeza",
    "cupo.cancelar",
    "cupo.causa_justificada",
    "cupo.comunicacion_dimar",
    "cupo.continuidad_restablecida",
    *(f"cupo.fin_{motivo}" for motivo in Cupo.Fin.values),
    "resolucion.expedir",
    "resolucion.firmeza_masiva",
    "resolucion.firmeza_masiva_terminar",
    *(
        f"{m._meta.model_name}.eliminar.admin"
        for m in (
            Venta,
            ReporteMensual,
            FilaReporte,
            Certificado,
            Inspeccion,
            Declaracion,
            Cupo,
            Movimiento,
            Beneficiario,
            Distribuidor,
        )
    ),
)


def _t(modelo) -> str:
    return connection.ops.quote_name(modelo._meta.db_table)


def _partes_rango(inicio: dt.date, fin: dt.date, distribuidor_id: int | None) -> list[tuple[str, list]]:
    """What the totals of [inicio, fin] are computed from, as (single-row SELECT, params): the
    month's own rows counted by the date the engine selects them by. COUNT and SUM(id) change with
    any insert or delete (ids are never reused), whatever order concurrent transactions commit in."""
    anulado = Certificado.Estado.ANULADO
    procesado = ReporteMensual.Estado.PROCESADO
    ventas = f"SELECT COUNT(*), SUM(id) FROM {_t(Venta)} WHERE fecha >= %s AND fecha <= %s"
    ventas_p = [inicio, fin]
    if distribuidor_id:
        ventas += " AND distribuidor_id = %s"
        ventas_p.append(distribuidor_id)
    cert = _t(Certificado)
    return [
        (ventas, ventas_p),
        # Certificates issued in the range: an annulment changes the sum of the annulled ones' ids.
        (
            f"SELECT COUNT(*), SUM(id), SUM(CASE WHEN estado = %s THEN id ELSE 0 END) FROM {cert} "
            "WHERE fecha_expedicion >= %s AND fecha_expedicion <= %s",
            [anulado, inicio, fin],
        ),
        # The inspections of those certificates (an inspection may come after the month ends), by the
        # certificate's date each inspection carries.
        (
            f"SELECT COUNT(*), SUM(id) FROM {_t(Inspeccion)} "
            "WHERE certificado_expedicion >= %s AND certificado_expedicion <= %s",
            [inicio, fin],
        ),
        # Every report in force, of any period (a small table): a report row names certificates of any
        # month (R-16, a certificate used twice), and only the rows of the processed version in force
        # count. Rows are written with their report and never change after it is processed.
        (
            f"SELECT COUNT(*), SUM(id) FROM {_t(ReporteMensual)} WHERE vigente = %s AND estado = %s",
            [True, procesado],
        ),
        (f"SELECT COUNT(*), SUM(id) FROM {_t(Declaracion)} WHERE periodo >= %s AND periodo <= %s", [inicio, fin]),
    ]


def _partes_mes(inicio: dt.date, fin: dt.date, distribuidor_id: int | None) -> list[tuple[str, list]]:
    """What a month's full computation reads besides its totals' rows."""
    reporte = _t(ReporteMensual)
    estados = ReporteMensual.Estado.values
    peso = " ".join(f"WHEN %s THEN {i + 1}" for i in range(len(estados)))
    reportes = f"SELECT COUNT(*), SUM(id), SUM(id * CASE estado {peso} ELSE 0 END) FROM {reporte} WHERE periodo = %s"
    reportes_p = [*estados, inicio]
    if distribuidor_id:
        reportes += " AND distribuidor_id = %s"
        reportes_p.append(distribuidor_id)
    acciones = _ultimas_de(ACCIONES_QUE_CAMBIAN)
    return [
        # The month's reports in every state (a missing report names the state of its last upload).
        (reportes, reportes_p),
        # Later sales redeeming a certificate issued in an earlier month (a superset of those issued by the
        # end of this one): a certificate this month's rows name, redeemed later, is used twice.
        (
            f"SELECT COUNT(*), SUM(id) FROM {_t(Venta)} WHERE certificado_de_otro_mes = %s AND fecha > %s",
            [True, fin],
        ),
        # Ledger rows dated before the month written after it began (a window's balance, R-19): only
        # backdated rows can be, the ledger is write-once.
        (f"SELECT MAX(id) FROM {_t(Movimiento)} WHERE atrasado = %s AND fecha < %s", [True, inicio]),
        *acciones,
    ]


def _partes_anteriores(desde: dt.date, hasta: dt.date, distribuidor_id: int | None) -> list[tuple[str, list]]:
    """The 11 months of a series before its last one, on PostgreSQL: the last id of each day's sales,
    certificates and inspections (a probe on each (date, id) index: 334 days cost a few milliseconds,
    where counting a year of rows would cost a second at national size). A row added to those months
    (a late sale, a backdated certificate) has a higher id than any before it on its day; an annulment
    and a row deleted from the admin are audit probes. Elsewhere (SQLite, small data) they are counted."""
    if connection.vendor != "postgresql":
        return _partes_rango(desde, hasta, distribuidor_id)

    def por_dia(tabla: str, columna: str, filtro: str = "", params: list | None = None) -> tuple[str, list]:
        return (
            f"SELECT MAX(x) FROM (SELECT (SELECT MAX(t.id) FROM {tabla} t WHERE t.{columna} = g.dia{filtro}) AS x "
            "FROM (SELECT CAST(generate_series(CAST(%s AS date), CAST(%s AS date), interval '1 day') AS date) AS dia) g"
            ") s",
            [*(params or []), desde, hasta],
        )

    ventas = (
        por_dia(_t(Venta), "fecha", " AND t.distribuidor_id = %s", [distribuidor_id])
        if distribuidor_id
        else por_dia(_t(Venta), "fecha")
    )
    return [
        ventas,
        por_dia(_t(Certificado), "fecha_expedicion"),
        por_dia(_t(Inspeccion), "certificado_expedicion"),
        (
            f"SELECT MAX(x) FROM (SELECT (SELECT MAX(t.id) FROM {_t(Declaracion)} t WHERE t.periodo = g.mes) AS x "
            "FROM (SELECT CAST(generate_series(CAST(%s AS date), CAST(%s AS date), interval '1 month') AS date)"
            " AS mes) g) s",
            [desde, hasta],
        ),
        *_ultimas_de(
            [
                accion
                for accion in ACCIONES_QUE_CAMBIAN
                if not accion.startswith(("beneficiario.", "distribuidor.", "cupo.", "resolucion."))
            ]
        ),
    ]


def _ultimas_de(acciones) -> list[tuple[str, list]]:
    """The last audit row of each action: one part each, the action a literal of its own, so that each is
    one probe on auditoria_accion_id_idx. (One part for all of them through unnest + LATERAL planned the
    probe for an unknown action as a backward scan of the primary key filtered by action: a whole scan
    of the log for an action with no rows, a second per page view on the peak day.)"""
    auditoria = _t(RegistroAuditoria)
    return [(f"SELECT MAX(id) FROM {auditoria} WHERE accion = %s", [accion]) for accion in acciones]


def _valores(*grupos: list[tuple[str, list]]) -> list[list[str]]:
    """Run every group's single-row SELECTs as one query; each group's values, as text."""
    partes = [p for g in grupos for p in g]
    sql = "SELECT * FROM " + _de_a_pocos([f"({consulta}) p{i}" for i, (consulta, _) in enumerate(partes)])
    # Where the ORM reads now (core.plataforma.db: the replica on a replica-routed page): the fingerprint describes the
    # same data the result is computed from, so a lagging replica's result is never stored under the
    # primary's newer fingerprint.
    with connections[router.db_for_read(RegistroAuditoria)].cursor() as cursor:
        cursor.execute(sql, [p for _, ps in partes for p in ps])
        fila = [str(v or 0) for v in cursor.fetchone()]
    resultado, i = [], 0
    for g in grupos:
        n = sum(_columnas(consulta) for consulta, _ in g)
        resultado.append(fila[i : i + n])
        i += n
    return resultado


# The single-row parts joined side by side, at most this many in one FROM list: PostgreSQL plans a FROM list of
# more than 12 items with its genetic join search (geqo_threshold), and planning the 46 parts of a month's
# fingerprint as one list took 33 ms against 2.5 ms to run them; nested in lists of 6 it takes 3.5 ms.
_POR_LISTA = 6


def _de_a_pocos(elementos: list[str], nivel: int = 0) -> str:
    """`a, b, c, …` for a FROM list, nested in subqueries of at most _POR_LISTA items (same row, same order)."""
    if len(elementos) <= _POR_LISTA:
        return ", ".join(elementos)
    grupos = [elementos[i : i + _POR_LISTA] for i in range(0, len(elementos), _POR_LISTA)]
    return _de_a_pocos([f"(SELECT * FROM {', '.join(g)}) n{nivel}_{i}" for i, g in enumerate(grupos)], nivel + 1)


def _columnas(consulta: str) -> int:
    """The columns of one of these single-row SELECTs: the commas of its select list outside parentheses."""
    lista, profundidad, columnas = consulta.split(" FROM ", 1)[0], 0, 1
    for caracter in lista:
        profundidad += {"(": 1, ")": -1}.get(caracter, 0)
        columnas += caracter == "," and profundidad == 0
    return columnas


# --- JSON of the engine's results ---

_FECHAS = {"periodo", "fecha", "fecha_limite"}
_GALONES = {"galones", "referencia", "certificados", "verificados", "vendido", "reportado", "declarado"}


def _a_json(objeto) -> dict:
    return {
        k: (v.isoformat() if isinstance(v, dt.date) else str(v) if isinstance(v, Decimal) else v)
        for k, v in dataclasses.asdict(objeto).items()
    }


def _de_json(clase, datos: dict):
    return clase(
        **{
            k: (
                dt.date.fromisoformat(v) if k in _FECHAS and v else Decimal(v) if k in _GALONES and v is not None else v
            )
            for k, v in datos.items()
        }
    )


def _mes_a_json(c: Conciliacion) -> dict:
    return {
        "totales": _a_json(c.totales),
        "hallazgos": [_a_json(h) for h in c.hallazgos],
        "fecha_limite": c.fecha_limite.isoformat(),
        "plazo_vencido": c.plazo_vencido,
    }


def _mes_de_json(periodo: dt.date, distribuidor_id: int | None, datos: dict) -> Conciliacion:
    return Conciliacion(
        periodo=periodo,
        distribuidor_id=distribuidor_id,
        totales=_de_json(Totales, datos["totales"]),
        hallazgos=[_de_json(Hallazgo, h) for h in datos["hallazgos"]],
        fecha_limite=dt.date.fromisoformat(datos["fecha_limite"]),
        plazo_vencido=datos["plazo_vencido"],
    )


# --- Read, or compute and store ---


def _guardado(clase: str, periodo: dt.date, alcance: int, firma: str):
    return (
        ResumenConciliacion.objects.filter(clase=clase, periodo=periodo, alcance=alcance, huella=firma)
        .values_list("datos", flat=True)
        .first()
    )


def _guardar(clase: str, periodo: dt.date, alcance: int, firma: str, datos) -> None:
    try:
        with transaction.atomic():
            # Delete + insert: the same statements whether the month was stored before or not.
            ResumenConciliacion.objects.filter(clase=clase, periodo=periodo, alcance=alcance).delete()
            ResumenConciliacion.objects.create(clase=clase, periodo=periodo, alcance=alcance, huella=firma, datos=datos)
    except IntegrityError:  # another request stored the same month at the same time: theirs is as good
        pass


@dataclasses.dataclass(frozen=True)
class Firmas:
    """The fingerprints a month's stored result (`mes`) and its 12-month series (`serie`) must carry."""

    mes: str
    serie: str


def firmas(periodo: dt.date, distribuidor_id: int | None = None) -> Firmas:
    """Both fingerprints of a month and scope, in one query. Whether the month's deadline has passed
    (today's date) is part of the month's: it adds the missing-report findings."""
    periodo = periodo.replace(day=1)
    fin = last_day_of_month(periodo.year, periodo.month)
    desde = calculo.month_start(calculo.month_index(periodo) - 11)
    rango, mes, antes = _valores(
        _partes_rango(periodo, fin, distribuidor_id),
        _partes_mes(periodo, fin, distribuidor_id),
        _partes_anteriores(desde, periodo - dt.timedelta(days=1), distribuidor_id),
    )
    vencido = int(today() > fecha_limite_periodo(periodo))
    return Firmas(mes=".".join(rango + mes) + f"|{vencido}", serie=".".join(rango + antes))


def firma_del_mes(periodo: dt.date, distribuidor_id: int | None = None) -> str:
    return firmas(periodo, distribuidor_id).mes


def firma_de_la_serie(hasta: dt.date, distribuidor_id: int | None = None) -> str:
    return firmas(hasta, distribuidor_id).serie


def conciliacion_mes_resumida(
    *, periodo: dt.date, distribuidor_id: int | None = None, firma: str | None = None, forzar: bool = False
) -> Conciliacion:
    """selectors.conciliacion.mes.conciliacion_mes, read from its stored result when still current."""
    periodo = periodo.replace(day=1)
    firma = firma or firma_del_mes(periodo, distribuidor_id)
    alcance = distribuidor_id or 0
    datos = None if forzar else _guardado(Clase.MES, periodo, alcance, firma)
    if datos is not None:
        return _mes_de_json(periodo, distribuidor_id, datos)
    resultado = conciliacion_mes(periodo=periodo, distribuidor_id=distribuidor_id)
    _guardar(Clase.MES, periodo, alcance, firma, _mes_a_json(resultado))
    return resultado


def conciliacion_serie_resumida(
    *, hasta: dt.date, distribuidor_id: int | None = None, firma: str | None = None, forzar: bool = False
) -> list[Totales]:
    """The 12 months ending in `hasta` (selectors.conciliacion.mes.conciliacion_serie), stored likewise."""
    hasta = hasta.replace(day=1)
    firma = firma or firma_de_la_serie(hasta, distribuidor_id)
    alcance = distribuidor_id or 0
    datos = None if forzar else _guardado(Clase.SERIE, hasta, alcance, firma)
    if datos is not None:
        return [_de_json(Totales, t) for t in datos]
    desde = calculo.month_start(calculo.month_index(hasta) - 11)
    serie = conciliacion_serie(desde=desde, hasta=hasta, distribuidor_id=distribuidor_id)
    _guardar(Clase.SERIE, hasta, alcance, firma, [_a_json(t) for t in serie])
    return serie


def conciliacion_resumen_build(*, periodo: dt.date, distribuidor_id: int | None = None) -> None:
    """Compute a month and its series from scratch and store them, whatever is stored (the backfill
    and repair command)."""
    f = firmas(periodo, distribuidor_id)
    conciliacion_mes_resumida(periodo=periodo, distribuidor_id=distribuidor_id, firma=f.mes, forzar=True)
    conciliacion_serie_resumida(hasta=periodo, distribuidor_id=distribuidor_id, firma=f.serie, forzar=True)


# --- The page: the stored result at once, recomputed in the background (issue 14 §1) ---


@dataclasses.dataclass(frozen=True)
class VistaConciliacion:
    """What the page shows: the month and its series as last stored (None: never computed), when they
    were computed, and whether they are current (computed from the data as it is now)."""

    resultado: Conciliacion | None
    serie: list[Totales] | None
    calculado: dt.datetime | None
    al_dia: bool


def _ultimos(clases: tuple[str, ...], periodo: dt.date, alcance: int) -> dict[str, tuple]:
    """The stored rows of these classes for the month and scope, in one query: {clase: (pk, huella, calculado)}."""
    filas = ResumenConciliacion.objects.filter(clase__in=clases, periodo=periodo, alcance=alcance)
    return {clase: resto for clase, *resto in filas.values_list("clase", "pk", "huella", "calculado")}


# Each process keeps the last stored results it decoded, by row: a stored result is never changed in place (a
# recompute deletes it and stores a new row), so a worker's next view of the same row reads only its id, its
# fingerprint and when it was computed, and decodes nothing: on the peak day the page's JSON, 600 findings
# decoded into objects, was a fifth of its CPU on every view. A month with more findings than
# _HALLAZGOS_EN_MEMORIA is decoded on each view instead, so that a few workers never hold a huge month each.
_DECODIFICADOS: collections.OrderedDict[tuple, object] = collections.OrderedDict()
_DECODIFICADOS_CANDADO = threading.Lock()  # `make run`'s runserver serves each request in a thread of its own
_DECODIFICADOS_MAX = 16
_HALLAZGOS_EN_MEMORIA = 20_000


def _contenido(fila: tuple, decodificar):
    """The stored row's content, decoded; None when it is gone (a recompute replaced it meanwhile)."""
    pk, _huella, calculado = fila
    alias = router.db_for_read(ResumenConciliacion)
    clave = (alias, pk, calculado)
    with _DECODIFICADOS_CANDADO:
        if (guardado := _DECODIFICADOS.get(clave)) is not None:
            _DECODIFICADOS.move_to_end(clave)
            return guardado
    datos = ResumenConciliacion.objects.using(alias).filter(pk=pk).values_list("datos", flat=True).first()
    if datos is None:
        return None
    contenido = decodificar(datos)
    if len(datos.get("hallazgos", ()) if isinstance(datos, dict) else datos) <= _HALLAZGOS_EN_MEMORIA:
        with _DECODIFICADOS_CANDADO:
            _DECODIFICADOS[clave] = contenido
            while len(_DECODIFICADOS) > _DECODIFICADOS_MAX:
                _DECODIFICADOS.popitem(last=False)
    return contenido


def _leer_vista(
    periodo: dt.date, distribuidor_id: int | None, firma: Firmas, con_serie: bool, intentos: int = 3
) -> VistaConciliacion:
    alcance = distribuidor_id or 0
    filas = _ultimos((Clase.MES, Clase.SERIE) if con_serie else (Clase.MES,), periodo, alcance)
    mes, serie = filas.get(Clase.MES), filas.get(Clase.SERIE)
    if mes is None or (con_serie and serie is None):
        return VistaConciliacion(None, None, None, False)
    resultado = _contenido(mes, lambda datos: _mes_de_json(periodo, distribuidor_id, datos))
    totales = _contenido(serie, lambda datos: [_de_json(Totales, t) for t in datos]) if con_serie else None
    if resultado is None or (con_serie and totales is None):  # replaced between the two reads: read the new one
        if intentos > 1:
            return _leer_vista(periodo, distribuidor_id, firma, con_serie, intentos - 1)
        return VistaConciliacion(None, None, None, False)
    return VistaConciliacion(
        resultado=resultado,
        serie=totales,
        calculado=min(mes[2], serie[2]) if con_serie else mes[2],
        al_dia=mes[1] == firma.mes and (not con_serie or serie[1] == firma.serie),
    )


def _clave_recalculo(periodo: dt.date, distribuidor_id: int | None) -> str:
    return f"conciliacion:recalculo:{periodo:%Y-%m}:{distribuidor_id or 0}"


def _clave_reposo(periodo: dt.date, distribuidor_id: int | None) -> str:
    return f"conciliacion:reposo:{periodo:%Y-%m}:{distribuidor_id or 0}"


def conciliacion_recalculo_request(*, periodo: dt.date, distribuidor_id: int | None = None) -> bool:
    """Queue the recompute of a month and its series, unless one is already queued. With the broker
    down, compute it here: slower, but the page never waits for a job that was never queued. Returns
    whether it may be stored already (computed here, or by a task run in-process under `make run`)."""
    from core import registro
    from core.segundo_plano.trabajos import encolar

    periodo = periodo.replace(day=1)
    clave = _clave_recalculo(periodo, distribuidor_id)
    if cache.get(_clave_reposo(periodo, distribuidor_id)) or not cache.add(clave, 1, RECALCULO_SEGUNDOS):
        return False
    if not encolar(registro.tarea(TAREA_RECALCULAR), periodo.isoformat(), distribuidor_id):
        cache.delete(clave)
        conciliacion_recalcular(periodo=periodo, distribuidor_id=distribuidor_id)
        return True
    return bool(settings.CELERY_TASK_ALWAYS_EAGER)


def conciliacion_recalcular(*, periodo: dt.date, distribuidor_id: int | None = None) -> None:
    """The task's body: store the month and its series if they are not current (a second copy of the
    task finds them current and does nothing), then let the next stale view queue again."""
    periodo = periodo.replace(day=1)
    inicio = time.monotonic()
    try:
        f = firmas(periodo, distribuidor_id)
        conciliacion_mes_resumida(periodo=periodo, distribuidor_id=distribuidor_id, firma=f.mes)
        conciliacion_serie_resumida(hasta=periodo, distribuidor_id=distribuidor_id, firma=f.serie)
    finally:
        if (reposo := math.ceil(REPOSO * (time.monotonic() - inicio))) > REPOSO:  # it took over a second
            cache.set(_clave_reposo(periodo, distribuidor_id), 1, reposo)
        cache.delete(_clave_recalculo(periodo, distribuidor_id))


def conciliacion_para_pagina(
    *, periodo: dt.date, distribuidor_id: int | None = None, con_serie: bool = True
) -> VistaConciliacion:
    """The page's read: the stored month (and series), current or not, in a few queries. When it is not
    current a recompute is queued (under eager tasks it runs now, and the current figures are read)."""
    periodo = periodo.replace(day=1)
    vista = _leer_vista(periodo, distribuidor_id, firmas(periodo, distribuidor_id), con_serie)
    if vista.al_dia or not conciliacion_recalculo_request(periodo=periodo, distribuidor_id=distribuidor_id):
        return vista  # queued (or resting): the page shows these figures and says when they were computed
    return _leer_vista(periodo, distribuidor_id, firmas(periodo, distribuidor_id), con_serie)


def conciliacion_recientes_refresh() -> list[str]:
    """Beat: keep the national reconciliation of the last finished month and the current one stored, so
    that the first view of the day finds it. Nothing is computed when it is already current."""
    hoy = today()
    actual = hoy.replace(day=1)
    anterior = calculo.month_start(calculo.month_index(actual) - 1)
    hechos = []
    for periodo in (anterior, actual):
        if _leer_vista(periodo, None, firmas(periodo), True).al_dia:
            continue
        conciliacion_recalcular(periodo=periodo)
        hechos.append(f"{periodo:%Y-%m}")
    return hechos
