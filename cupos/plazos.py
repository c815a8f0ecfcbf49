"""Deadline checks of the quota regime (R-01, R-05, R-12, R-24, R-25)."""

import datetime as dt

from django.db.models import Max, OuterRef, Q, Subquery

from core.comun.fechas import fecha_larga, mes_largo
from core.comun.galones import galones_texto
from core.identidad.roles import Rol
from core.models import Alerta
from core.vencimientos.alertas import Sujeto
from core.vencimientos.calendario import last_day_of_month, nth_business_day
from core.vencimientos.plazos import RevisionPorPaginas
from cupos import calculo
from cupos.models import AltaDimar, BajaDimar, Beneficiario, Cupo, Movimiento, NovedadDimar, Resolucion, TipoAlertaCupos
from cupos.selectors import condiciones
from cupos.selectors.cupos import abiertos_desde
from cupos.selectors.novedades import bajas_por_decidir

DIAS_HABILES_DIMAR = 5
MESES_INACTIVIDAD = 3
DIAS_AVISO_PERMISO = 30  # UPME is alerted this many days before a foreign vessel's permit lapses


def limite_resolucion(anio: int) -> dt.date:
    """R-05: 28 February, also in leap years."""
    return dt.date(anio, 2, 28)


def _resolucion_emitida(anio: int, fecha: dt.date) -> bool:
    """R-05 / R-25: only the year's annual resolution, issued (a draft counts for nothing), silences the alerts."""
    return Resolucion.objects.filter(
        anio=anio, tipo=Resolucion.Tipo.ANUAL, estado=Resolucion.Estado.EXPEDIDA, fecha_expedicion__lte=fecha
    ).exists()


class ResolucionPorVencer:
    tipo = TipoAlertaCupos.RESOLUCION_ANUAL_POR_VENCER

    def atrasados(self, fecha):
        anio = fecha.year
        if fecha < dt.date(anio, 2, 1) or _resolucion_emitida(anio, fecha):
            return []
        return [
            Sujeto(
                str(anio),
                limite_resolucion(anio),
                f"La resolución de cupos de {anio} debe expedirse a más tardar el 28 de febrero y aún no se ha "
                "expedido.",
            )
        ]

    def persiste(self, alerta, fecha):
        return not _resolucion_emitida(int(alerta.referencia), fecha)


class ResolucionVencida(ResolucionPorVencer):
    tipo = TipoAlertaCupos.RESOLUCION_ANUAL_VENCIDA

    def atrasados(self, fecha):
        anio = fecha.year
        if fecha <= limite_resolucion(anio) or _resolucion_emitida(anio, fecha):
            return []
        return [
            Sujeto(
                str(anio),
                limite_resolucion(anio),
                f"Venció el 28 de febrero sin resolución de cupos de {anio} (Decreto 1891 de 2009).",
            )
        ]


def _novedades_recibidas(periodo: dt.date) -> bool:
    """A report for the month is what the check looks for (R-24), whenever it arrived."""
    return NovedadDimar.objects.filter(periodo=periodo).exists()


class NovedadesDimarVencidas:
    """R-24: Dimar reports within the first 5 business days of each month."""

    tipo = TipoAlertaCupos.NOVEDADES_DIMAR_VENCIDAS

    def atrasados(self, fecha):
        limite = nth_business_day(fecha.year, fecha.month, DIAS_HABILES_DIMAR)
        periodo = fecha.replace(day=1)
        if fecha <= limite or _novedades_recibidas(periodo):
            return []
        return [
            Sujeto(
                f"{periodo:%Y-%m}",
                limite,
                f"Dimar no ha reportado las novedades de {mes_largo(periodo)} "
                f"(plazo: 5.º día hábil, {fecha_larga(limite)}).",
                rol_responsable=Rol.DIMAR,
            )
        ]

    def persiste(self, alerta, fecha):
        periodo = dt.date.fromisoformat(alerta.referencia + "-01")
        return not _novedades_recibidas(periodo)


def _identidad(beneficiario) -> str:
    return beneficiario.matricula or beneficiario.identificacion


class AltaSinCupoVencida(RevisionPorPaginas):
    """R-24: UPME decides the cupos of the altas within the same calendar month."""

    tipo = TipoAlertaCupos.ALTA_SIN_CUPO_VENCIDA

    def atrasados(self, fecha):
        pendientes = AltaDimar.objects.filter(decision=AltaDimar.Decision.PENDIENTE).select_related(
            "novedad", "beneficiario"
        )
        sujetos = []
        for alta in pendientes:
            periodo = alta.novedad.periodo
            limite = last_day_of_month(periodo.year, periodo.month)
            if fecha > limite:
                sujetos.append(
                    Sujeto(
                        f"{periodo:%Y-%m}:{_identidad(alta.beneficiario)}",
                        limite,
                        f"La nave {alta.beneficiario} fue reportada por Dimar en {periodo:%Y-%m} y no tiene decisión "
                        "de cupo.",
                        alcance={"beneficiario": alta.beneficiario_id},
                    )
                )
        return sujetos

    def persisten(self, alertas, fecha):
        pendientes = set(
            AltaDimar.objects.filter(
                beneficiario_id__in={a.beneficiario_id for a in alertas}, decision=AltaDimar.Decision.PENDIENTE
            ).values_list("beneficiario_id", flat=True)
        )
        return {a.id for a in alertas if a.beneficiario_id in pendientes}


def referencia_baja(baja: BajaDimar) -> str:
    return f"{baja.novedad.periodo:%Y-%m}:{baja.matricula}"


def sujeto_baja(baja: BajaDimar, cupo: Cupo | int) -> Sujeto:
    """R-24: UPME decides on the cupo of a vessel reported as baja, by the end of the report's month."""
    periodo = baja.novedad.periodo
    return Sujeto(
        referencia_baja(baja),
        last_day_of_month(periodo.year, periodo.month),
        f"Dimar reportó la baja de la nave {baja.matricula} desde el {fecha_larga(baja.fecha)} ({baja.motivo}). "
        "La UPME decide la cancelación de su cupo.",
        alcance={"beneficiario": baja.beneficiario_id, "cupo": cupo if isinstance(cupo, int) else cupo.id},
    )


class BajaDimarPorDecidir(RevisionPorPaginas):
    """R-24: Dimar reports, UPME cancels. Raised as soon as the baja is recorded (and by the daily
    run for any baja still undecided); it closes when no cupo of the vessel remains undecided."""

    tipo = TipoAlertaCupos.BAJA_DIMAR_POR_DECIDIR

    def atrasados(self, fecha):
        # The vessel's latest cupo still to decide (selectors.novedades.cupos_por_decidir), in the same query.
        ultimo_cupo = (
            Cupo.objects.filter(abiertos_desde(OuterRef("fecha")), beneficiario_id=OuterRef("beneficiario_id"))
            .order_by("-id")
            .values("id")[:1]
        )
        bajas = bajas_por_decidir().filter(novedad__fecha_recepcion__lte=fecha)
        bajas = bajas.annotate(ultimo_cupo=Subquery(ultimo_cupo))
        return (sujeto_baja(baja, baja.ultimo_cupo) for baja in bajas.iterator(chunk_size=2000))

    def persisten(self, alertas, fecha):
        claves = {a.id: a.referencia.split(":", 1) for a in alertas}
        pendientes = {
            (f"{periodo:%Y-%m}", matricula)
            for matricula, periodo in bajas_por_decidir()
            .filter(matricula__in={m for _p, m in claves.values()})
            .values_list("matricula", "novedad__periodo")
        }
        return {i for i, (periodo, matricula) in claves.items() if (periodo, matricula) in pendientes}


def ultimo_dia_inactivo(fecha: dt.date, meses: int = MESES_INACTIVIDAD) -> dt.date:
    """R-12, "por más de tres (3) meses": the last day `desde` for which `fecha` lies strictly more
    than `meses` calendar months after it (day clamped to the month's end). Exactly 3 months is not
    yet inactive."""
    corte = _mas_meses(fecha, -meses)
    while _mas_meses(corte, meses) >= fecha:
        corte -= dt.timedelta(days=1)
    while _mas_meses(corte + dt.timedelta(days=1), meses) < fecha:
        corte += dt.timedelta(days=1)
    return corte


def _mas_meses(fecha: dt.date, meses: int) -> dt.date:
    indice = calculo.month_index(fecha) + meses
    ultimo = calculo.month_end(indice)
    return dt.date(ultimo.year, ultimo.month, min(fecha.day, ultimo.day))


class CupoInactivo(RevisionPorPaginas):
    """R-12: a vessel's cupo in force for more than 3 months with no consumption in more than 3 months.
    "podrá cancelar los cupos a aquellas naves": vessels only, not the Armada nor acuicultoras.
    UPME decides (cancel or record a justified cause); the portal never cancels it alone."""

    tipo = TipoAlertaCupos.CUPO_INACTIVO

    def _candidatos(self, fecha):
        corte = ultimo_dia_inactivo(fecha)
        return (
            Cupo.objects.vigentes_en(fecha)
            .filter(
                estado=Cupo.Estado.EN_FIRME,
                beneficiario__tipo__in=Beneficiario.TIPOS_NAVE,
                fecha_inicio__lte=corte,
                causa_justificada_inactividad="",
            )
            .annotate(
                ultimo=Max(
                    "movimientos__fecha",
                    filter=Q(movimientos__tipo=Movimiento.Tipo.DESCUENTO, movimientos__fecha__lte=fecha),
                )
            )
            .filter(Q(ultimo__isnull=True) | Q(ultimo__lte=corte))
            .select_related("beneficiario")
        )

    def atrasados(self, fecha):
        for cupo in self._candidatos(fecha).iterator(chunk_size=2000):
            desde = cupo.ultimo or cupo.fecha_inicio
            yield Sujeto(
                f"{desde:%Y-%m}:{_identidad(cupo.beneficiario)}",
                fecha,
                f"El cupo de {cupo.beneficiario} no registra consumo desde {fecha_larga(desde)} (más de 3 meses).",
                alcance={"beneficiario": cupo.beneficiario_id, "cupo": cupo.id},
            )

    def persisten(self, alertas, fecha):
        siguen = set(self._candidatos(fecha).filter(pk__in={a.cupo_id for a in alertas}).values_list("pk", flat=True))
        return {a.id for a in alertas if a.cupo_id in siguen}


def _naves_extranjeras_con_cupo(fecha: dt.date):
    """Foreign vessels with a cupo in force on `fecha` or later, or issued and awaiting firmeza."""
    con_cupo = Cupo.objects.filter(abiertos_desde(fecha)).values("beneficiario_id")
    return Beneficiario.objects.filter(
        tipo=Beneficiario.Tipo.NAVE_EXTRANJERA, permiso_vigente_hasta__isnull=False, pk__in=con_cupo
    )


class PermisoExtranjeroPorVencer(RevisionPorPaginas):
    """R-01: a foreign vessel holds a cupo only with a valid operating permit in Colombian waters.
    UPME is alerted 30 days before the permit lapses; a renewed permit (a new date) closes it."""

    tipo = TipoAlertaCupos.PERMISO_EXTRANJERO_POR_VENCER

    def atrasados(self, fecha):
        limite = fecha + dt.timedelta(days=DIAS_AVISO_PERMISO)
        return [
            Sujeto(
                f"{nave.permiso_vigente_hasta:%Y-%m-%d}:{nave.matricula}",
                nave.permiso_vigente_hasta,
                f"El permiso de operación de la nave extranjera {nave} vence el "
                f"{fecha_larga(nave.permiso_vigente_hasta)}: sin permiso vigente no es beneficiaria (R-01).",
                alcance={"beneficiario": nave.id},
            )
            for nave in _naves_extranjeras_con_cupo(fecha).filter(permiso_vigente_hasta__lte=limite)
        ]

    def persisten(self, alertas, fecha):
        permisos = dict(
            Beneficiario.objects.filter(pk__in={a.beneficiario_id for a in alertas}).values_list(
                "pk", "permiso_vigente_hasta"
            )
        )
        return {
            a.id
            for a in alertas
            if permisos.get(a.beneficiario_id) == dt.date.fromisoformat(a.referencia.split(":", 1)[0])
        }


# --- a foreign vessel's standing conditions ---------------------------------------------------------

DIAS_AVISO_GARANTIA = 30  # UPME is alerted this many days before a foreign vessel's guarantee ends


def _kg(valor) -> str:
    return f"{galones_texto(valor)} kg"


class GarantiaPorVencer(RevisionPorPaginas):
    """R-26: 30 days before the last of a foreign vessel's guarantees ends, while its cupo is in force (from the
    day after, no certificate is issued to it). A new guarantee recorded (a later end) closes it."""

    tipo = TipoAlertaCupos.GARANTIA_POR_VENCER

    def atrasados(self, fecha):
        limite = fecha + dt.timedelta(days=DIAS_AVISO_GARANTIA)
        naves = (
            _naves_extranjeras_con_cupo(fecha)
            .annotate(garantia_hasta=Max("garantias__vigente_hasta"))
            .filter(garantia_hasta__lte=limite)
        )
        return [
            Sujeto(
                f"{nave.garantia_hasta:%Y-%m-%d}:{nave.matricula}",
                nave.garantia_hasta,
                f"La garantía bancaria de la nave extranjera {nave} vence el {fecha_larga(nave.garantia_hasta)}: "
                "desde el día siguiente no se le expiden certificados de cupo de exención.",
                alcance={"beneficiario": nave.id},
            )
            for nave in naves
        ]

    def persisten(self, alertas, fecha):
        hasta = dict(
            Beneficiario.objects.filter(pk__in={a.beneficiario_id for a in alertas})
            .annotate(garantia_hasta=Max("garantias__vigente_hasta"))
            .values_list("pk", "garantia_hasta")
        )
        return {
            a.id
            for a in alertas
            if hasta.get(a.beneficiario_id) == dt.date.fromisoformat(a.referencia.split(":", 1)[0])
        }


def cierre_de_trimestre(fecha: dt.date) -> dt.date:
    """The last quarter's end on or before `fecha` (31 March, 30 June, 30 September, 31 December)."""
    for mes in (12, 9, 6, 3):
        cierre = last_day_of_month(fecha.year, mes)
        if cierre <= fecha:
            return cierre
    return dt.date(fecha.year - 1, 12, 31)


class DesembarquesRezagados(RevisionPorPaginas):
    """R-26: at each quarter's end, a foreign vessel whose landings of the year are below its minimum pro rata
    (minimum × days elapsed / days in the year). Once per vessel and quarter; landings that catch up with what
    was expected at that quarter's end close it. UPME decides: a motivated cancellation or the guarantee's call."""

    tipo = TipoAlertaCupos.DESEMBARQUES_REZAGADOS

    def _corte(self, fecha):
        return cierre_de_trimestre(fecha)

    def _rezagadas(self, corte, hasta, ids=None):
        return condiciones.rezagadas(anio=corte.year, fecha=corte, hasta=hasta, ids=ids)

    def _detalle(self, nave, minimo, meta, desembarcado, corte):
        return (
            f"La nave extranjera {nave} desembarcó {_kg(desembarcado)} en puertos colombianos hasta el "
            f"{fecha_larga(corte)}; a esa fecha debía llevar {_kg(meta)} (mínimo del año: {_kg(minimo)}). "
            "La UPME decide si cancela el cupo o ejecuta la garantía."
        )

    def atrasados(self, fecha):
        corte = self._corte(fecha)
        return [
            Sujeto(
                f"{corte:%Y-%m-%d}:{nave.matricula}",
                corte,
                self._detalle(nave, minimo, meta, desembarcado, corte),
                alcance={"beneficiario": nave.id},
            )
            for nave, minimo, meta, desembarcado in self._rezagadas(corte, corte)
        ]

    def persisten(self, alertas, fecha):
        siguen = set()
        por_corte: dict[dt.date, list] = {}
        for a in alertas:
            por_corte.setdefault(dt.date.fromisoformat(a.referencia.split(":", 1)[0]), []).append(a)
        for corte, grupo in por_corte.items():
            ids = {a.beneficiario_id for a in grupo}
            atrasadas = {nave.id for nave, *_ in self._rezagadas(corte, max(corte, fecha), ids)}
            siguen |= {a.id for a in grupo if a.beneficiario_id in atrasadas}
        return siguen


class DesembarqueMinimoIncumplido(DesembarquesRezagados):
    """R-26: on 31 December, a foreign vessel whose landings of the year are below the year's minimum. Once per
    vessel and year; a landing of that year recorded later that reaches the minimum closes it."""

    tipo = TipoAlertaCupos.DESEMBARQUE_MINIMO_INCUMPLIDO

    def _corte(self, fecha):
        return dt.date(fecha.year, 12, 31) if (fecha.month, fecha.day) == (12, 31) else dt.date(fecha.year - 1, 12, 31)

    def _rezagadas(self, corte, hasta, ids=None):
        return condiciones.rezagadas(anio=corte.year, fecha=corte, hasta=corte, ids=ids, al_cierre=True)

    def _detalle(self, nave, minimo, meta, desembarcado, corte):
        return (
            f"La nave extranjera {nave} desembarcó {_kg(desembarcado)} en puertos colombianos en {corte.year}, "
            f"por debajo del mínimo del año ({_kg(minimo)}). La UPME decide si cancela el cupo o ejecuta la garantía."
        )


REVISIONES = [
    ResolucionPorVencer(),
    ResolucionVencida(),
    NovedadesDimarVencidas(),
    AltaSinCupoVencida(),
    BajaDimarPorDecidir(),
    CupoInactivo(),
    PermisoExtranjeroPorVencer(),
    GarantiaPorVencer(),
    DesembarquesRezagados(),
    DesembarqueMinimoIncumplido(),
]


def vencimientos(anio: int, mes: int) -> list[dict]:
    """The deadlines of this regime that fall in a month, for the deadline calendar."""
    items = [
        {
            "fecha": nth_business_day(anio, mes, 5),
            "que": "Novedades mensuales de Dimar: altas y bajas (R-24)",
            "quien": "Dimar",
        },
        {
            "fecha": last_day_of_month(anio, mes),
            "que": "Decisión de cupos de las altas reportadas en el mes (R-24)",
            "quien": "UPME",
        },
    ]
    if mes == 2:
        items.append(
            {"fecha": dt.date(anio, 2, 28), "que": f"Resolución anual de cupos {anio} (R-05)", "quien": "UPME"}
        )
    return items


def enlace_alerta(alerta) -> tuple[str, str] | None:
    """The subject of a cupos alert, for the alerts page: the vessel, the resolutions or the novelties."""
    from django.urls import reverse

    if alerta.tipo == Alerta.Tipo.AVISO_NO_FUI_YO and not alerta.referencia.startswith("cancelacion:"):
        return None  # a "no fui yo" about another app's act links to that act (its app says where)
    if alerta.beneficiario_id:
        return str(alerta.beneficiario), reverse("cupos:beneficiario", args=[alerta.beneficiario_id])
    if alerta.tipo in (TipoAlertaCupos.RESOLUCION_ANUAL_POR_VENCER, TipoAlertaCupos.RESOLUCION_ANUAL_VENCIDA):
        return f"Resolución de cupos {alerta.referencia}", reverse("cupos:resoluciones")
    if alerta.tipo == TipoAlertaCupos.NOVEDADES_DIMAR_VENCIDAS:
        return f"Novedades de Dimar de {alerta.referencia}", reverse("cupos:novedades")
    return None
