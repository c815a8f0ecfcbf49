"""Deadline checks of the quota regime (R-05, R-12, R-24, R-25)."""

import datetime as dt

from django.db.models import Max, Q

from core.alertas import Sujeto
from core.calendario import last_day_of_month, nth_business_day
from core.models import Alerta
from core.roles import Rol
from cupos import calculo
from cupos.models import AltaDimar, Cupo, Movimiento, NovedadDimar, Resolucion

T = Alerta.Tipo
DIAS_HABILES_DIMAR = 5
MESES_INACTIVIDAD = 3


def limite_resolucion(anio: int) -> dt.date:
    """R-05: 28 February, also in leap years."""
    return dt.date(anio, 2, 28)


def _resolucion_emitida(anio: int, fecha: dt.date) -> bool:
    return Resolucion.objects.filter(anio=anio, fecha_expedicion__lte=fecha).exists()


class ResolucionPorVencer:
    tipo = T.RESOLUCION_ANUAL_POR_VENCER

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
    tipo = T.RESOLUCION_ANUAL_VENCIDA

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

    tipo = T.NOVEDADES_DIMAR_VENCIDAS

    def atrasados(self, fecha):
        limite = nth_business_day(fecha.year, fecha.month, DIAS_HABILES_DIMAR)
        periodo = fecha.replace(day=1)
        if fecha <= limite or _novedades_recibidas(periodo):
            return []
        return [
            Sujeto(
                f"{periodo:%Y-%m}",
                limite,
                f"Dimar no ha reportado las novedades de {periodo:%Y-%m} (plazo: 5.º día hábil, {limite:%Y-%m-%d}).",
                rol_responsable=Rol.DIMAR,
            )
        ]

    def persiste(self, alerta, fecha):
        periodo = dt.date.fromisoformat(alerta.referencia + "-01")
        return not _novedades_recibidas(periodo)


def _identidad(beneficiario) -> str:
    return beneficiario.matricula or beneficiario.identificacion


class AltaSinCupoVencida:
    """R-24: UPME decides the cupos of the altas within the same calendar month."""

    tipo = T.ALTA_SIN_CUPO_VENCIDA

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

    def persiste(self, alerta, fecha):
        return AltaDimar.objects.filter(
            beneficiario_id=alerta.beneficiario_id, decision=AltaDimar.Decision.PENDIENTE
        ).exists()


def _hace_meses(fecha: dt.date, meses: int) -> dt.date:
    indice = calculo.month_index(fecha) - meses
    ultimo = calculo.month_end(indice)
    return dt.date(ultimo.year, ultimo.month, min(fecha.day, ultimo.day))


class CupoInactivo:
    """R-12: a cupo in force for over 3 months with no consumption in the last 3 months.
    UPME decides (cancel or record a justified cause); the portal never cancels it alone."""

    tipo = T.CUPO_INACTIVO

    def _candidatos(self, fecha):
        corte = _hace_meses(fecha, MESES_INACTIVIDAD)
        return (
            Cupo.objects.vigentes_en(fecha)
            .filter(estado=Cupo.Estado.EN_FIRME, fecha_inicio__lt=corte, causa_justificada_inactividad="")
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
        candidatos = self._candidatos(fecha)
        sujetos = []
        for cupo in candidatos:
            desde = cupo.ultimo or cupo.fecha_inicio
            sujetos.append(
                Sujeto(
                    f"{desde:%Y-%m}:{_identidad(cupo.beneficiario)}",
                    fecha,
                    f"El cupo de {cupo.beneficiario} no registra consumo desde {desde:%Y-%m-%d} (más de 3 meses).",
                    alcance={"beneficiario": cupo.beneficiario_id, "cupo": cupo.id},
                )
            )
        return sujetos

    def persiste(self, alerta, fecha):
        return self._candidatos(fecha).filter(pk=alerta.cupo_id).exists()


REVISIONES = [
    ResolucionPorVencer(),
    ResolucionVencida(),
    NovedadesDimarVencidas(),
    AltaSinCupoVencida(),
    CupoInactivo(),
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

    if alerta.beneficiario_id:
        return str(alerta.beneficiario), reverse("cupos:beneficiario", args=[alerta.beneficiario_id])
    if alerta.tipo in (T.RESOLUCION_ANUAL_POR_VENCER, T.RESOLUCION_ANUAL_VENCIDA):
        return f"Resolución de cupos {alerta.referencia}", reverse("cupos:resoluciones")
    if alerta.tipo == T.NOVEDADES_DIMAR_VENCIDAS:
        return f"Novedades de Dimar de {alerta.referencia}", reverse("cupos:novedades")
    return None
