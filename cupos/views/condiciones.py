"""A foreign vessel's standing conditions on its beneficiary page (R-26): guarantee, landings, landed vs minimum
pro rata as a chart with its table, and the analyst's forms."""

from django.urls import reverse

from core.comun.fechas import mes_largo
from core.vencimientos import calendario
from core.vencimientos.calendario import last_day_of_month
from core.web.views.comun import puede
from cupos.access import ESCRITORES
from cupos.forms import ConvenioForm, DesembarqueForm, EjecutarGarantiaForm, GarantiaForm
from cupos.models import Beneficiario, GarantiaNave
from cupos.selectors.condiciones import convenios_de, esperado, obligaciones


def contexto_condiciones(request, beneficiario: Beneficiario, formularios: dict | None = None) -> dict:
    """What the section «Condiciones de la nave extranjera» shows (R-26), or the Armada's convenios (R-27); empty
    for any other beneficiary."""
    formularios = formularios or {}
    if beneficiario.tipo == Beneficiario.Tipo.ARMADA:
        contexto = {"convenios_armada": list(convenios_de(beneficiario_id=beneficiario.id))}
        if puede(request.user, ESCRITORES):
            contexto["form_convenio"] = formularios.get("form_convenio") or ConvenioForm()
        return contexto
    if beneficiario.tipo != Beneficiario.Tipo.NAVE_EXTRANJERA:
        return {}
    hoy = calendario.today()
    formularios = formularios or {}
    resumen = obligaciones(beneficiario=beneficiario, anio=hoy.year, fecha=hoy)
    meses = _meses(resumen)
    contexto = {
        "condiciones": resumen,
        "condiciones_meses": meses,
        "grafico_condiciones": _grafico(meses) if resumen.desembarque_minimo_kg is not None else None,
        "garantias": list(GarantiaNave.objects.filter(beneficiario=beneficiario).order_by("-vigente_hasta", "-id")),
        "desembarques_recientes": list(
            beneficiario.desembarques.select_related("puerto").order_by("-fecha", "-id")[:20]
        ),
    }
    if puede(request.user, ESCRITORES):
        contexto["form_garantia"] = formularios.get("form_garantia") or GarantiaForm()
        contexto["form_desembarque"] = formularios.get("form_desembarque") or DesembarqueForm()
        if resumen.garantia is not None and resumen.garantia.ejecutada_el is None:
            contexto["form_ejecutar"] = formularios.get("form_ejecutar") or EjecutarGarantiaForm()
    return contexto


def _meses(resumen) -> list[dict]:
    """Month by month up to the day looked at: landed so far and expected so far pro rata, at each month's end."""
    if resumen.desembarque_minimo_kg is None:
        return []
    filas, acumulado, desembarques = [], 0, list(resumen.desembarques)
    for mes in range(1, resumen.fecha.month + 1):
        corte = min(last_day_of_month(resumen.anio, mes), resumen.fecha)
        while desembarques and desembarques[0].fecha <= corte:
            acumulado += desembarques.pop(0).kg
        filas.append({
            "mes": mes_largo(corte),
            "corte": corte,
            "desembarcado": acumulado,
            "esperado": esperado(resumen.desembarque_minimo_kg, corte),
        })
    return filas


def _grafico(meses: list[dict]) -> dict:
    """The same numbers as the table, as plain floats for Chart.js (display only)."""
    return {
        "etiquetas": [f["mes"].split(" de ")[0].capitalize() for f in meses],
        "desembarcado": [float(f["desembarcado"]) for f in meses],
        "esperado": [float(f["esperado"]) for f in meses],
    }


def accion_alerta_condiciones(alerta) -> tuple[str, str] | None:
    """Registered in core: an alert on a foreign vessel's guarantee or landings links to its conditions, where
    UPME records a new guarantee, calls the guarantee, or cancels the cupo."""
    if alerta.beneficiario_id is None:
        return None
    return f"{reverse('cupos:beneficiario', args=[alerta.beneficiario_id])}#titulo-condiciones", "Decidir"
