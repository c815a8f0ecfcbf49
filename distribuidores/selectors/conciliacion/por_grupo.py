"""R-22 checks that compare sums: per wholesaler and beneficiary, per vessel, per certificate,
against a window's balance, and the reports that never came (R-17, R-19, R-20, R-21)."""

import datetime as dt

from django.db.models import Exists, F, OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce

from core.comun.fechas import fecha_larga
from core.comun.galones import CERO
from core.models import Distribuidor
from cupos import calculo
from cupos.models import Beneficiario, Cupo, Movimiento
from cupos.selectors.cupos import cupo_terminos
from distribuidores.errors import DiscrepanciaConciliacion as D
from distribuidores.models import Declaracion, ReporteMensual, Venta
from distribuidores.selectors.conciliacion.fuentes import (
    SIN_CERTIFICADO,
    campos_base,
    filas_vigentes,
    numero_normalizado,
    suma_correlada,
)
from distribuidores.selectors.conciliacion.tipos import Hallazgo, gal
from zarpes.models import Certificado, Inspeccion

# --- Per-group comparisons ---


def hallazgos_reportado(ventas, filas, periodo: dt.date, distribuidor_id: int | None) -> list[Hallazgo]:
    """Per wholesaler and beneficiary: the report's gallons against the sales it registered (R-20)."""
    con_reporte = ReporteMensual.objects.filter(
        periodo=periodo, vigente=True, estado=ReporteMensual.Estado.PROCESADO
    )
    if distribuidor_id:
        con_reporte = con_reporte.filter(distribuidor_id=distribuidor_id)
    vendido = {
        (g["distribuidor_id"], g["beneficiario_id"]): g["total"]
        for g in ventas.filter(distribuidor_id__in=con_reporte.values("distribuidor_id"))
        .values("distribuidor_id", "beneficiario_id").annotate(total=Sum("galones")).order_by()
    }
    reportado = {
        (g["reporte__distribuidor_id"], g["beneficiario_id"]): g["total"]
        for g in filas.values("reporte__distribuidor_id", "beneficiario_id").annotate(total=Sum("galones")).order_by()
    }
    distintos = sorted(k for k in vendido.keys() | reportado.keys() if vendido.get(k, CERO) != reportado.get(k, CERO))
    # Issue 14: the same queries whether or not anything differs (0 is no id): a constant count.
    distribuidores = Distribuidor.objects.in_bulk({d for d, _ in distintos} or [0])
    beneficiarios = Beneficiario.objects.in_bulk({b for _, b in distintos} or [0])
    hallazgos = []
    for d, b in distintos:
        v, r = vendido.get((d, b), CERO), reportado.get((d, b), CERO)
        hallazgos.append(Hallazgo(
            codigo=D.REPORTADO_DISTINTO_DE_VENDIDO, fuente="reporte", galones=r, referencia=v,
            detalle=(
                f"El reporte de {periodo:%Y-%m} indica {gal(r)} gal vendidos a {beneficiarios[b].nombre} "
                f"y las ventas registradas suman {gal(v)} gal (diferencia {gal(r - v)} gal)."
            ),
            **campos_base(distribuidores[d], beneficiarios[b]),
        ))
    return hallazgos


def hallazgos_declarado(inicio: dt.date, fin: dt.date) -> list[Hallazgo]:
    """R-21 against R-19/R-20: a vessel's declaration matches neither its registered sales nor what
    the wholesalers reported. (When it matches one of them, the gap is between sales and reports,
    listed as reportado_distinto_de_vendido.)"""
    ventas = Venta.objects.filter(beneficiario_id=OuterRef("beneficiario_id"), fecha__gte=inicio, fecha__lte=fin)
    filas = filas_vigentes().filter(beneficiario_id=OuterRef("beneficiario_id"), reporte__periodo=inicio)
    declaraciones = (
        Declaracion.objects.filter(periodo=inicio)
        .annotate(
            vendido=Coalesce(Subquery(suma_correlada(ventas, "beneficiario_id")), CERO),
            reportado=Coalesce(Subquery(suma_correlada(filas, "beneficiario_id")), CERO),
        )
        .exclude(galones_adquiridos=F("vendido"))
        .exclude(galones_adquiridos=F("reportado"))
        .select_related("beneficiario")
        .order_by("beneficiario__nombre")
    )
    return [
        Hallazgo(
            codigo=D.DECLARADO_DISTINTO_DE_VENDIDO, fuente="declaracion", galones=d.galones_adquiridos,
            referencia=d.vendido, fecha=d.presentada,
            detalle=(
                f"Declaró {gal(d.galones_adquiridos)} gal adquiridos en {inicio:%Y-%m}"
                f"{' (declaración extemporánea)' if d.extemporanea else ''}; las ventas registradas suman "
                f"{gal(d.vendido)} gal y los reportes de los distribuidores {gal(d.reportado)} gal."
            ),
            **campos_base(None, d.beneficiario),
        )
        for d in declaraciones
    ]


def hallazgos_verificado(inicio: dt.date, fin: dt.date, distribuidor_id: int | None) -> list[Hallazgo]:
    """R-17: the gallons the inspector saw taken against what was sold with that certificate: its
    registered sale, or else the report rows that name it.

    With a registered sale the database compares (one indexed probe per certificate). Without one,
    the rows naming those certificates are summed in one grouped query and compared here: a
    correlated sum on the rows' normalized number would scan the rows once per certificate.
    """
    venta = Venta.objects.filter(certificado_id=OuterRef("zarpe__certificado__id"))
    inspecciones = (
        Inspeccion.objects.filter(
            zarpe__certificado__fecha_expedicion__gte=inicio, zarpe__certificado__fecha_expedicion__lte=fin
        )
        .exclude(zarpe__certificado__estado=Certificado.Estado.ANULADO)
        .annotate(
            vendido_venta=Subquery(venta.values("galones")[:1]),
            venta_distribuidor=Subquery(venta.values("distribuidor_id")[:1]),
        )
    )
    if distribuidor_id:
        propias = (
            filas_vigentes().filter(reporte__distribuidor_id=distribuidor_id)
            .annotate(n=numero_normalizado()).values("n")
        )
        inspecciones = inspecciones.filter(
            Q(venta_distribuidor=distribuidor_id) | Q(zarpe__certificado__numero__in=Subquery(propias))
        )
    sin_venta = inspecciones.filter(vendido_venta__isnull=True)
    reportado = dict(
        filas_vigentes().annotate(numero=numero_normalizado())
        .filter(numero__in=Subquery(sin_venta.values("zarpe__certificado__numero")))
        .values("numero").annotate(s=Sum("galones")).order_by().values_list("numero", "s")
    )
    distintas_sin_venta = [
        pk
        for pk, numero, verificados in sin_venta.values_list("pk", "zarpe__certificado__numero", "galones_verificados")
        if verificados != reportado.get(numero, CERO)
    ]
    marcadas = list(
        inspecciones.filter(
            Q(vendido_venta__isnull=False) & ~Q(galones_verificados=F("vendido_venta")) | Q(pk__in=distintas_sin_venta)
        )
        .select_related("zarpe__certificado__nave")
        .order_by("zarpe__certificado__numero")
    )
    vendedores = {i.venta_distribuidor for i in marcadas if i.venta_distribuidor}
    distribuidores = Distribuidor.objects.in_bulk(vendedores or [0])  # 0 is no id: a constant query count
    hallazgos = []
    for i in marcadas:
        cert = i.zarpe.certificado
        if i.vendido_venta is not None:
            vendido_gal = i.vendido_venta
            vendido = f"la venta registrada con ese certificado fue de {gal(vendido_gal)} gal"
        elif cert.numero in reportado:
            vendido_gal = reportado[cert.numero]
            vendido = f"los reportes de los distribuidores suman {gal(vendido_gal)} gal con ese certificado"
        else:
            vendido_gal = CERO
            vendido = "no hay venta registrada ni reportada con ese certificado"
        hallazgos.append(Hallazgo(
            codigo=D.VERIFICADO_DISTINTO_DE_VENDIDO, fuente="certificado", certificado=cert.numero,
            galones=vendido_gal, referencia=i.galones_verificados, fecha=i.fecha,
            detalle=(
                f"El inspector verificó {gal(i.galones_verificados)} gal tomados con el certificado {cert.numero} "
                f"(autorizado por {gal(cert.galones_autorizados)} gal) y {vendido}."
            ),
            **campos_base(distribuidores.get(i.venta_distribuidor), cert.nave),
        ))
    return hallazgos


def hallazgos_saldo(ventas, filas, inicio: dt.date, fin: dt.date) -> list[Hallazgo]:
    """R-19: an acuicultora or the Armada cannot buy more in a month than its window leaves for it:
    the window's entitlements up to this month less what the ledger consumed in the window before
    the month. Sales registered in the portal are refused above it; a report can still show more.

    Sums per beneficiary in the database; the cupos and their pre-month consumption in two queries.
    """
    vendido = dict(
        ventas.filter(beneficiario__tipo__in=SIN_CERTIFICADO).values("beneficiario_id")
        .annotate(t=Sum("galones")).order_by().values_list("beneficiario_id", "t")
    )
    reportado = dict(
        filas.filter(beneficiario__tipo__in=SIN_CERTIFICADO).values("beneficiario_id")
        .annotate(t=Sum("galones")).order_by().values_list("beneficiario_id", "t")
    )
    ids = vendido.keys() | reportado.keys() or {0}  # 0 is no id: the same queries when there is nobody
    # The cupo in force last in the month (R-09: a successor starting mid-month takes over).
    cupos = {}
    for cupo in (
        Cupo.objects.vigentes_entre(inicio, fin)
        .filter(beneficiario_id__in=ids)
        .select_related("beneficiario", "beneficiario__distribuidor")
        .order_by("beneficiario_id", "-fecha_inicio")
    ):
        cupos.setdefault(cupo.beneficiario_id, cupo)
    limites = {}
    antes = Q(cupo_id=0)  # no cupo: the ledger query still runs (and finds nothing), a constant count
    for beneficiario_id, cupo in cupos.items():
        terminos = cupo_terminos(cupo)
        referencia = fin if terminos.fecha_fin is None else min(fin, terminos.fecha_fin)
        if referencia < terminos.fecha_inicio:
            continue
        ventana = calculo.window_for(terminos, referencia)
        limites[beneficiario_id] = (cupo, ventana, calculo.asignado_hasta(terminos, ventana, referencia))
        if ventana.inicio < inicio:
            antes |= Q(cupo_id=cupo.id, fecha__gte=ventana.inicio)
    consumo_previo = {
        g["cupo_id"]: (g["d"] or CERO) - (g["r"] or CERO)
        for g in Movimiento.objects.filter(antes, fecha__lt=inicio, tipo__in=Movimiento.CONSUMO)
        .values("cupo_id").order_by()
        .annotate(d=Sum("galones", filter=Q(tipo=Movimiento.Tipo.DESCUENTO)),
                  r=Sum("galones", filter=Q(tipo=Movimiento.Tipo.REINTEGRO)))
    }
    hallazgos = []
    for beneficiario_id, (cupo, ventana, asignado) in sorted(limites.items()):
        disponible = max(CERO, asignado - consumo_previo.get(cupo.id, CERO))
        v, r = vendido.get(beneficiario_id, CERO), reportado.get(beneficiario_id, CERO)
        mayor = max(v, r)
        if mayor <= disponible:
            continue
        fuente = "reportados por su distribuidor" if r >= v else "registrados en ventas"
        beneficiario = cupo.beneficiario
        hallazgos.append(Hallazgo(
            codigo=D.VENTA_EXCEDE_SALDO, fuente="reporte" if r >= v else "venta", galones=mayor, referencia=disponible,
            detalle=(
                f"{beneficiario.nombre}: {gal(mayor)} gal {fuente} en {inicio:%Y-%m} y el saldo de su ventana "
                f"({fecha_larga(ventana.inicio)} a {fecha_larga(ventana.fin)}) solo permitía {gal(disponible)} gal "
                f"(exceso {gal(mayor - disponible)} gal)."
            ),
            **campos_base(beneficiario.distribuidor, beneficiario),
        ))
    return hallazgos


def hallazgos_reporte_faltante(ventas, periodo: dt.date, fecha_limite: dt.date) -> list[Hallazgo]:
    """R-20: a wholesaler that registered sales in the month and has no processed report for it."""
    reportes = ReporteMensual.objects.filter(distribuidor_id=OuterRef("pk"), periodo=periodo)
    faltan = (
        Distribuidor.objects.filter(pk__in=ventas.values("distribuidor_id"))
        .exclude(Exists(reportes.filter(vigente=True, estado=ReporteMensual.Estado.PROCESADO)))
        .annotate(
            vendido=Subquery(suma_correlada(ventas.filter(distribuidor_id=OuterRef("pk")), "distribuidor_id")),
            ultimo_estado=Subquery(reportes.order_by("-version").values("estado")[:1]),
        )
        .order_by("razon_social")
    )
    estados = dict(ReporteMensual.Estado.choices)
    hallazgos = []
    for d in faltan:
        ultimo = (
            f" El último archivo cargado está «{estados.get(d.ultimo_estado, d.ultimo_estado)}»."
            if d.ultimo_estado else ""
        )
        hallazgos.append(Hallazgo(
            codigo=D.REPORTE_FALTANTE, fuente="distribuidor", galones=d.vendido,
            detalle=(
                f"{d.razon_social} registró {gal(d.vendido)} gal en ventas exentas en {periodo:%Y-%m} y no tiene "
                f"un reporte mensual procesado; el plazo venció el {fecha_larga(fecha_limite)}.{ultimo}"
            ),
            **campos_base(d, None),
        ))
    return hallazgos
