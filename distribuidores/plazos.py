"""Deadline checks of wholesalers' reports and beneficiaries' declarations (R-20, R-21, R-25)."""

import datetime as dt

from core.comun.fechas import MESES, fecha_larga
from core.identidad.roles import Rol
from core.models import Distribuidor
from core.vencimientos.alertas import Sujeto
from core.vencimientos.calendario import last_day_of_month, nth_business_day
from core.vencimientos.plazos import RevisionPorPaginas
from cupos.models import Beneficiario, Cupo
from distribuidores.models import Declaracion, ReporteMensual, TipoAlertaDistribuidores

T = TipoAlertaDistribuidores
# who declares monthly (D1505 art. 21 par. 1, read with art. 1: aquaculture is fishing); the Armada does not.
DECLARANTES_MENSUALES = (*Beneficiario.TIPOS_NAVE, Beneficiario.Tipo.ACUICULTORA)
DIAS_HABILES_REPORTE = 10  # within the first 10 business days after the month


def fecha_limite_periodo(periodo: dt.date) -> dt.date:
    """The 10th business day of the month after `periodo` (R-20, R-21)."""
    siguiente = last_day_of_month(periodo.year, periodo.month) + dt.timedelta(days=1)
    return nth_business_day(siguiente.year, siguiente.month, DIAS_HABILES_REPORTE)


def _periodo_anterior(fecha: dt.date) -> dt.date:
    return (fecha.replace(day=1) - dt.timedelta(days=1)).replace(day=1)


def _vencido(fecha: dt.date) -> dt.date | None:
    """The 10th business day of fecha's month, if it has passed."""
    limite = nth_business_day(fecha.year, fecha.month, DIAS_HABILES_REPORTE)
    return limite if fecha > limite else None


def _periodo_de(alerta) -> dt.date:
    """The period an alert of this module is about: its reference starts with YYYY-MM."""
    return dt.date.fromisoformat(alerta.referencia.split(":")[0] + "-01")


class RevisionMensual(RevisionPorPaginas):
    """A check of what is due on the previous month by its 10th business day (R-20, R-21): before
    that day nobody is late; from it, `obligados(periodo, limite)` are the subjects still owing."""

    def atrasados(self, fecha):
        limite = _vencido(fecha)
        if limite is None:
            return []
        return self.obligados(_periodo_anterior(fecha), limite)


class ReporteDistribuidorVencido(RevisionMensual):
    """R-20: each wholesaler reports within the first 10 business days after the month ends."""

    tipo = T.REPORTE_DISTRIBUIDOR_VENCIDO

    def obligados(self, periodo, limite):
        con_reporte = set(
            ReporteMensual.objects.filter(periodo=periodo)
            .exclude(estado=ReporteMensual.Estado.RECHAZADO)
            .values_list("distribuidor_id", flat=True)
        )
        # Art. 21 par. 2 obliges "los distribuidores mayoristas": maritime stations are not alerted.
        obligados = Distribuidor.objects.filter(activo=True, tipo=Distribuidor.Tipo.MAYORISTA).exclude(
            id__in=con_reporte
        )
        return [
            Sujeto(f"{periodo:%Y-%m}:{d.nit}", limite,
                   f"{d.razon_social} no ha presentado el reporte de ventas exentas de {periodo:%Y-%m} "
                   f"(plazo: 10.º día hábil, {fecha_larga(limite)}; Decreto 1505 de 2002, art. 21).",
                   rol_responsable=Rol.DISTRIBUIDOR, alcance={"distribuidor": d.id})
            for d in obligados
        ]

    def persisten(self, alertas, fecha):
        ids = {a.distribuidor_id for a in alertas}
        # A maritime station alerted before R-20 was read as wholesalers only: its alert closes.
        mayoristas = set(
            Distribuidor.objects.filter(pk__in=ids, tipo=Distribuidor.Tipo.MAYORISTA).values_list("pk", flat=True)
        )
        reportaron = set(
            ReporteMensual.objects.filter(distribuidor_id__in=ids, periodo__in={_periodo_de(a) for a in alertas})
            .exclude(estado=ReporteMensual.Estado.RECHAZADO)
            .values_list("distribuidor_id", "periodo")
        )
        return {
            a.id for a in alertas
            if a.distribuidor_id in mayoristas and (a.distribuidor_id, _periodo_de(a)) not in reportaron
        }


class DeclaracionBeneficiarioVencida(RevisionMensual):
    """R-21: each fishing/cabotage beneficiary, acuicultoras included (art. 1 counts aquaculture as
    fishing), declares the gallons acquired the previous month."""

    tipo = T.DECLARACION_BENEFICIARIO_VENCIDA

    def obligados(self, periodo, limite):
        fin = last_day_of_month(periodo.year, periodo.month)
        con_cupo = Cupo.objects.vigentes_entre(periodo, fin).values("beneficiario_id")
        declararon = Declaracion.objects.filter(periodo=periodo).values("beneficiario_id")
        obligados = (
            Beneficiario.objects.filter(tipo__in=DECLARANTES_MENSUALES, id__in=con_cupo)
            .exclude(id__in=declararon)
            .only("id", "matricula", "identificacion", "nombre")
        )
        return (
            Sujeto(f"{periodo:%Y-%m}:{b.matricula or b.identificacion}", limite,
                   f"{b.nombre} ({b.matricula or b.identificacion}) no ha declarado los galones adquiridos en "
                   f"{periodo:%Y-%m} (plazo: {fecha_larga(limite)}; Decreto 1505 de 2002, art. 21).",
                   rol_responsable=Rol.BENEFICIARIO, alcance={"beneficiario": b.id})
            for b in obligados.iterator(chunk_size=2000)
        )

    def persisten(self, alertas, fecha):
        declararon = set(
            Declaracion.objects.filter(
                beneficiario_id__in={a.beneficiario_id for a in alertas}, periodo__in={_periodo_de(a) for a in alertas}
            ).values_list("beneficiario_id", "periodo")
        )
        return {a.id for a in alertas if (a.beneficiario_id, _periodo_de(a)) not in declararon}


REVISIONES = [ReporteDistribuidorVencido(), DeclaracionBeneficiarioVencida()]


def vencimientos(anio: int, mes: int) -> list[dict]:
    """The monthly reports of the previous month (R-20, R-21), for the deadline calendar."""
    anterior = dt.date(anio, mes, 1) - dt.timedelta(days=1)
    limite = nth_business_day(anio, mes, 10)
    return [
        {"fecha": limite, "quien": "Distribuidores mayoristas",
         "que": f"Reporte de ventas exentas de {MESES[anterior.month - 1]} de {anterior.year} (R-20)"},
        {"fecha": limite, "quien": "Beneficiarios (naves y acuicultoras)",
         "que": f"Declaración de galones adquiridos en {MESES[anterior.month - 1]} (R-21)"},
    ]


def enlace_alerta(alerta) -> tuple[str, str] | None:
    """A wholesaler's overdue report links to the reports page."""
    from django.urls import reverse

    if alerta.distribuidor_id and alerta.tipo == TipoAlertaDistribuidores.REPORTE_DISTRIBUIDOR_VENCIDO:
        return str(alerta.distribuidor), reverse("distribuidores:reportes")
    return None
