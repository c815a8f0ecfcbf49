"""R-22 at national size (issue 14): the reconciliation page reads a stored result, not the engine.

Computing a month (selectors.conciliacion.mes) scans every sale and report row of it with
certificate and cupo probes per row: seconds at national size. The page asks for the same month
again and again while nothing changes, so the result is stored (ResumenConciliacion, one row per
month and scope, and one per 12-month series) with a *fingerprint* of everything it was computed
from, and served from there while the fingerprint matches.

The fingerprint is one query of scalar MAX(id) over the primary keys of every source the engine
reads (sales, reports and their rows, certificates, inspections, declarations, cupos, the ledger,
beneficiaries, wholesalers) and of the audit log. A new row in any of them (a late sale, a new
report version, a certificate...) changes its MAX(id); an update of an existing row (a report that
replaces another, an annulled certificate, a renamed vessel) goes through a service, and every
service writes an audit row (core.audit), so the audit log's MAX(id) changes. Whether the month's
deadline has passed (today's date) is part of it too. A stale result is never served: it is
recomputed from scratch and stored again, so the stored figures always equal a fresh computation.

Storing it is a derived write with no actor and no audit row (an audit row would change the
fingerprint it is stored under).

The page never computes in the request (`conciliacion_para_pagina`): when the stored result is
stale it shows the last one, says when it was computed, and queues `conciliacion_recalcular_task`
(one at a time per month and scope, a cache key); the page polls until the current figures are
stored. A month never computed shows «calculando» the same way. When the broker cannot be reached,
the request computes it itself (slow, but nothing waits forever), and a beat task keeps the recent
months of the national scope current (`conciliacion_recientes_refresh`). The API and the Excel
export read the current result (`conciliacion_mes_resumida`): a document is never stale.
"""

import dataclasses
import datetime as dt
import logging
from decimal import Decimal

from django.core.cache import cache
from django.db import IntegrityError, connection, transaction

from core.calendario import last_day_of_month, today
from core.models import Distribuidor, RegistroAuditoria
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
        # The inspections of those certificates (an inspection may come after the month ends).
        (
            f"SELECT COUNT(*), SUM(i.id) FROM {cert} c JOIN {_t(Inspeccion)} i ON i.zarpe_id = c.zarpe_id "
            "WHERE c.fecha_expedicion >= %s AND c.fecha_expedicion <= %s",
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
    acciones = [
        (f"SELECT MAX(id) FROM {_t(RegistroAuditoria)} WHERE accion = %s", [accion]) for accion in ACCIONES_QUE_CAMBIAN
    ]
    return [
        # The month's reports in every state (a missing report names the state of its last upload).
        (reportes, reportes_p),
        # Later sales redeeming a certificate issued by the end of the month (a certificate used twice).
        (
            f"SELECT COUNT(*), SUM(v.id) FROM {_t(Venta)} v JOIN {_t(Certificado)} c ON c.id = v.certificado_id "
            "WHERE v.fecha > %s AND c.fecha_expedicion <= %s",
            [fin, fin],
        ),
        # Ledger rows dated before the month written after it began (a window's balance, R-19): only
        # backdated rows can be, the ledger is write-once.
        (f"SELECT MAX(id) FROM {_t(Movimiento)} WHERE atrasado = %s AND fecha < %s", [True, inicio]),
        *acciones,
    ]


def _huellas(*rangos: tuple[dt.date, dt.date, int | None, bool]) -> list[str]:
    """The fingerprint of each (inicio, fin, distribuidor_id, completa) in one query of single-row
    index-backed aggregates: of a month's full computation (`completa`) or of totals only."""
    grupos = [
        _partes_rango(inicio, fin, d) + (_partes_mes(inicio, fin, d) if completa else [])
        for inicio, fin, d, completa in rangos
    ]
    partes = [p for g in grupos for p in g]
    sql = "SELECT * FROM " + ", ".join(f"({consulta}) p{i}" for i, (consulta, _) in enumerate(partes))
    with connection.cursor() as cursor:
        cursor.execute(sql, [p for _, ps in partes for p in ps])
        fila = cursor.fetchone()
    valores = [str(v or 0) for v in fila]
    huellas, i = [], 0
    for g in grupos:
        n = sum(_columnas(consulta) for consulta, _ in g)
        huellas.append(".".join(valores[i : i + n]))
        i += n
    return huellas


def _columnas(consulta: str) -> int:
    return consulta.split(" FROM ", 1)[0].count(",") + 1


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
    mes, serie = _huellas((periodo, fin, distribuidor_id, True), (desde, fin, distribuidor_id, False))
    return Firmas(mes=f"{mes}|{int(today() > fecha_limite_periodo(periodo))}", serie=serie)


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


def _ultimo(clase: str, periodo: dt.date, alcance: int):
    return (
        ResumenConciliacion.objects.filter(clase=clase, periodo=periodo, alcance=alcance)
        .values_list("huella", "datos", "calculado")
        .first()
    )


def _leer_vista(periodo: dt.date, distribuidor_id: int | None, firma: Firmas, con_serie: bool) -> VistaConciliacion:
    alcance = distribuidor_id or 0
    mes = _ultimo(Clase.MES, periodo, alcance)
    serie = _ultimo(Clase.SERIE, periodo, alcance) if con_serie else None
    if mes is None or (con_serie and serie is None):
        return VistaConciliacion(None, None, None, False)
    al_dia = mes[0] == firma.mes and (not con_serie or serie[0] == firma.serie)
    return VistaConciliacion(
        resultado=_mes_de_json(periodo, distribuidor_id, mes[1]),
        serie=[_de_json(Totales, t) for t in serie[1]] if con_serie else None,
        calculado=min(mes[2], serie[2]) if con_serie else mes[2],
        al_dia=al_dia,
    )


def _clave_recalculo(periodo: dt.date, distribuidor_id: int | None) -> str:
    return f"conciliacion:recalculo:{periodo:%Y-%m}:{distribuidor_id or 0}"


def conciliacion_recalculo_request(*, periodo: dt.date, distribuidor_id: int | None = None) -> None:
    """Queue the recompute of a month and its series, unless one is already queued. With the broker
    down, compute it here: slower, but the page never waits for a job that was never queued."""
    from core import registro
    from core.trabajos import encolar

    periodo = periodo.replace(day=1)
    clave = _clave_recalculo(periodo, distribuidor_id)
    if not cache.add(clave, 1, RECALCULO_SEGUNDOS):
        return
    if not encolar(registro.tarea(TAREA_RECALCULAR), periodo.isoformat(), distribuidor_id):
        cache.delete(clave)
        conciliacion_recalcular(periodo=periodo, distribuidor_id=distribuidor_id)


def conciliacion_recalcular(*, periodo: dt.date, distribuidor_id: int | None = None) -> None:
    """The task's body: store the month and its series if they are not current (a second copy of the
    task finds them current and does nothing), then let the next stale view queue again."""
    periodo = periodo.replace(day=1)
    try:
        f = firmas(periodo, distribuidor_id)
        conciliacion_mes_resumida(periodo=periodo, distribuidor_id=distribuidor_id, firma=f.mes)
        conciliacion_serie_resumida(hasta=periodo, distribuidor_id=distribuidor_id, firma=f.serie)
    finally:
        cache.delete(_clave_recalculo(periodo, distribuidor_id))


def conciliacion_para_pagina(
    *, periodo: dt.date, distribuidor_id: int | None = None, con_serie: bool = True
) -> VistaConciliacion:
    """The page's read: the stored month (and series), current or not, in a few queries. When it is not
    current a recompute is queued (under eager tasks it runs now, and the current figures are read)."""
    periodo = periodo.replace(day=1)
    vista = _leer_vista(periodo, distribuidor_id, firmas(periodo, distribuidor_id), con_serie)
    if vista.al_dia:
        return vista
    conciliacion_recalculo_request(periodo=periodo, distribuidor_id=distribuidor_id)
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
