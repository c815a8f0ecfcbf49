"""R-22: for a month, compare certificates, inspector reports, registered sales, the wholesalers'
reports and the declarations, and list every discrepancy with a stable code.

A read, computed on the fly: a fixed number of set-based queries (aggregates, and Exists/Subquery
annotations that let the database flag the rows), whatever the size of the month. Python only
words the rows the database already flagged and merges per-group sums.

Sources of a month P:
- certificates issued in P (not annulled) and the inspector's reports of those certificates (R-16, R-17);
- sales registered in real time with their date in P (R-19);
- the rows of each wholesaler's report for P: the current version (`vigente`), once processed (R-20);
- the beneficiaries' declarations for P (R-21).

A wholesaler's reconciliation (`distribuidor_id`) is scoped to its own sales, rows and
certificates; the beneficiaries' declarations, which are not theirs, are left out.
"""

import datetime as dt

from django.db.models import Sum
from django.db.models.functions import TruncMonth

from core.comun.galones import CERO
from core.vencimientos.calendario import last_day_of_month, today
from cupos import calculo
from distribuidores.models import Declaracion
from distribuidores.plazos import fecha_limite_periodo
from distribuidores.selectors.conciliacion.fuentes import (
    filas_del_mes,
    filas_vigentes,
    primer_dia,
    ventas_del_mes,
)
from distribuidores.selectors.conciliacion.por_fila import (
    hallazgos_filas,
    hallazgos_uso_doble,
    hallazgos_ventas,
)
from distribuidores.selectors.conciliacion.por_grupo import (
    hallazgos_declarado,
    hallazgos_reportado,
    hallazgos_reporte_faltante,
    hallazgos_saldo,
    hallazgos_verificado,
)
from distribuidores.selectors.conciliacion.tipos import ORDEN, Conciliacion, Hallazgo, Totales
from zarpes.models import Certificado, Inspeccion

__all__ = ["Conciliacion", "Hallazgo", "Totales", "conciliacion_mes", "conciliacion_serie"]


# --- Totals ---


def conciliacion_serie(*, desde: dt.date, hasta: dt.date, distribuidor_id: int | None = None) -> list[Totales]:
    """Gallons per month in [desde, hasta]: certified, verified, sold, reported, declared.

    Five grouped queries whatever the number of months. For a wholesaler, certificates and
    inspections are those of its own sales (by the month of the sale) and declarations are omitted.
    """
    inicio, fin = primer_dia(desde), last_day_of_month(hasta.year, hasta.month)
    if distribuidor_id:
        certificados = Certificado.objects.filter(
            venta__distribuidor_id=distribuidor_id, venta__fecha__gte=inicio, venta__fecha__lte=fin
        ).annotate(mes=TruncMonth("venta__fecha"))
        inspecciones = Inspeccion.objects.filter(
            zarpe__certificado__venta__distribuidor_id=distribuidor_id,
            zarpe__certificado__venta__fecha__gte=inicio, zarpe__certificado__venta__fecha__lte=fin,
        ).annotate(mes=TruncMonth("zarpe__certificado__venta__fecha"))
    else:
        certificados = Certificado.objects.filter(fecha_expedicion__gte=inicio, fecha_expedicion__lte=fin).exclude(
            estado=Certificado.Estado.ANULADO
        ).annotate(mes=TruncMonth("fecha_expedicion"))
        inspecciones = Inspeccion.objects.filter(
            zarpe__certificado__fecha_expedicion__gte=inicio, zarpe__certificado__fecha_expedicion__lte=fin,
        ).exclude(zarpe__certificado__estado=Certificado.Estado.ANULADO).annotate(
            mes=TruncMonth("zarpe__certificado__fecha_expedicion")
        )
    filas = filas_vigentes().filter(reporte__periodo__gte=inicio, reporte__periodo__lte=fin)
    if distribuidor_id:
        filas = filas.filter(reporte__distribuidor_id=distribuidor_id)

    def por_mes(qs, campo, mes="mes"):
        return {g[mes]: g["t"] for g in qs.values(mes).annotate(t=Sum(campo)).order_by()}

    cert = por_mes(certificados, "galones_autorizados")
    verif = por_mes(inspecciones, "galones_verificados")
    vend = por_mes(ventas_del_mes(inicio, fin, distribuidor_id).annotate(mes=TruncMonth("fecha")), "galones")
    rep = por_mes(filas, "galones", mes="reporte__periodo")
    decl = {} if distribuidor_id else por_mes(
        Declaracion.objects.filter(periodo__gte=inicio, periodo__lte=fin), "galones_adquiridos", mes="periodo"
    )
    serie = []
    indice = calculo.month_index(inicio)
    while indice <= calculo.month_index(fin):
        mes = calculo.month_start(indice)
        serie.append(Totales(
            periodo=mes, certificados=cert.get(mes) or CERO, verificados=verif.get(mes) or CERO,
            vendido=vend.get(mes) or CERO, reportado=rep.get(mes) or CERO,
            declarado=None if distribuidor_id else (decl.get(mes) or CERO),
        ))
        indice += 1
    return serie


# --- The month ---


def conciliacion_mes(*, periodo: dt.date, distribuidor_id: int | None = None) -> Conciliacion:
    """R-22: the month's totals and every discrepancy, ordered by code, wholesaler and beneficiary.

    `distribuidor_id` scopes it to one wholesaler (what that wholesaler sees of its own records).
    """
    inicio = primer_dia(periodo)
    fin = last_day_of_month(inicio.year, inicio.month)
    fecha_limite = fecha_limite_periodo(inicio)
    plazo_vencido = today() > fecha_limite
    ventas = ventas_del_mes(inicio, fin, distribuidor_id)
    filas = filas_del_mes(inicio, distribuidor_id)

    hallazgos = [
        *hallazgos_ventas(ventas),
        *hallazgos_filas(filas),
        *hallazgos_uso_doble(ventas, filas, distribuidor_id),
        *hallazgos_saldo(ventas, filas, inicio, fin),
        *hallazgos_verificado(inicio, fin, distribuidor_id),
        *([] if distribuidor_id else hallazgos_declarado(inicio, fin)),
        *hallazgos_reportado(ventas, filas, inicio, distribuidor_id),
        *(hallazgos_reporte_faltante(ventas, inicio, fecha_limite) if plazo_vencido else []),
    ]
    hallazgos.sort(key=lambda h: (ORDEN.get(h.codigo, 99), h.distribuidor_nombre, h.beneficiario_nombre,
                                  h.fecha or dt.date.min, h.fila or 0))
    (totales,) = conciliacion_serie(desde=inicio, hasta=inicio, distribuidor_id=distribuidor_id)
    return Conciliacion(
        periodo=inicio, distribuidor_id=distribuidor_id, totales=totales, hallazgos=hallazgos,
        fecha_limite=fecha_limite, plazo_vencido=plazo_vencido,
    )
