"""R-22: the monthly reconciliation page (UPME, auditors, each wholesaler scoped) and its export."""

import datetime as dt

from django.contrib import messages
from django.http import FileResponse, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from core.comun.errors import DatosInvalidos, NoEncontrado
from core.comun.fechas import MESES
from core.plataforma.db import lectura_replica
from core.vencimientos.calendario import today
from core.web.forms import periodo_de_texto
from core.web.views.comun import pagina_protegida, paginar, parcial_htmx
from cupos import calculo
from distribuidores.access import conciliacion_alcance
from distribuidores.errors import DiscrepanciaConciliacion
from distribuidores.forms import FiltrosConciliacionForm
from distribuidores.models import ExportacionConciliacion
from distribuidores.selectors.conciliacion.exportar import conciliacion_xlsx
from distribuidores.services import conciliacion as servicios
from distribuidores.services.resumen_conciliacion import (
    conciliacion_mes_resumida,
    conciliacion_para_pagina,
)

SERIES = (
    ("certificados", "Certificado"),
    ("verificados", "Verificado por el inspector"),
    ("vendido", "Vendido (registrado)"),
    ("reportado", "Reportado por distribuidores"),
    ("declarado", "Declarado por beneficiarios"),
)

ESTADO = "distribuidores/_conciliacion_estado.html"


def mes_texto(fecha: dt.date) -> str:
    return f"{MESES[fecha.month - 1]} de {fecha.year}"


def mes_corto(fecha: dt.date) -> str:
    return f"{MESES[fecha.month - 1][:3]} {fecha.year}"


def _periodo(request) -> dt.date:
    """?periodo=AAAA-MM, by default the last finished month."""
    return periodo_de_texto(request.GET.get("periodo")) or calculo.month_start(calculo.month_index(today()) - 1)


def _filtrado(request, distribuidor_id, resultado):
    form = FiltrosConciliacionForm(request.GET, conciliacion=resultado, con_distribuidor=distribuidor_id is None)
    return form, resultado.filtrar(**form.filtros())


def _estado(request, periodo: dt.date, *, vacia: bool) -> dict:
    return {
        "periodo": periodo,
        "periodo_texto": mes_texto(periodo),
        "estado_url": f"{reverse('distribuidores:conciliacion-estado')}?periodo={periodo:%Y-%m}"
        + ("&vacia=1" if vacia else ""),
        "pagina_url": f"{reverse('distribuidores:conciliacion')}?periodo={periodo:%Y-%m}",
    }


@pagina_protegida
@require_GET
def conciliacion(request):
    """The stored reconciliation at once (issue 14): when newer data came in since it was computed, the
    page says so and a recompute runs in the background; the page offers the new figures when ready."""
    distribuidor_id = conciliacion_alcance(request.user)
    periodo = _periodo(request)
    htmx = parcial_htmx(request)
    vista = conciliacion_para_pagina(periodo=periodo, distribuidor_id=distribuidor_id, con_serie=not htmx)
    if vista.resultado is None:  # never computed: the figures come as soon as the job stores them
        plantilla = ESTADO if htmx else "distribuidores/conciliacion_calculando.html"
        contexto = {**_estado(request, periodo, vacia=True), "al_dia": False}
        if not htmx:
            contexto["alcance_distribuidor"] = request.user.distribuidor if distribuidor_id else None
        return render(request, plantilla, contexto)
    resultado = vista.resultado
    form, hallazgos = _filtrado(request, distribuidor_id, resultado)
    consulta = request.GET.copy()
    consulta.pop("page", None)
    consulta["periodo"] = f"{periodo:%Y-%m}"
    contexto = {
        "periodo": periodo,
        "periodo_texto": mes_texto(periodo),
        "resultado": resultado,
        "form": form,
        "pagina": paginar(request, hallazgos),
        "total_filtrado": len(hallazgos),
        "hay_filtros": any(form.filtros().values()),
        "exportar_url": f"{reverse('distribuidores:conciliacion-xlsx')}?{consulta.urlencode()}",
        "alcance_distribuidor": request.user.distribuidor if distribuidor_id else None,
        "al_dia": vista.al_dia,
        "calculado": vista.calculado,
        **_estado(request, periodo, vacia=False),
    }
    if htmx:
        respuesta = render(request, "distribuidores/_conciliacion_hallazgos.html", contexto)
        patch_vary_headers(respuesta, ["HX-Request"])
        return respuesta
    desde = calculo.month_start(calculo.month_index(periodo) - 11)
    serie = vista.serie
    series = [(clave, etiqueta) for clave, etiqueta in SERIES if not (clave == "declarado" and distribuidor_id)]
    anterior = calculo.month_start(calculo.month_index(periodo) - 1)
    siguiente = calculo.month_start(calculo.month_index(periodo) + 1)
    contexto.update(
        serie=[
            {
                "mes": mes_texto(t.periodo),
                "actual": t.periodo == periodo,
                "valores": [(getattr(t, clave), etiqueta) for clave, etiqueta in series],
            }
            for t in serie
        ],
        series=series,
        grafico={
            "etiquetas": [mes_corto(t.periodo) for t in serie],
            "series": [
                {
                    "clave": clave,
                    "etiqueta": f"{etiqueta} (gal)",
                    "datos": [float(getattr(t, clave) or 0) for t in serie],
                }
                for clave, etiqueta in series
            ],
        },
        conteo=[
            (codigo, nombre, resultado.conteo.get(codigo, 0))
            for codigo, nombre in DiscrepanciaConciliacion.choices
            if not (codigo == DiscrepanciaConciliacion.DECLARADO_DISTINTO_DE_VENDIDO and distribuidor_id)
        ],
        anterior=f"{anterior:%Y-%m}",
        siguiente=f"{siguiente:%Y-%m}" if siguiente <= today().replace(day=1) else None,
        rango_grafico=f"{mes_texto(desde)} a {mes_texto(periodo)}",
        **_contexto_anual(request),
    )
    respuesta = render(request, "distribuidores/conciliacion.html", contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


@pagina_protegida
@require_GET
@lectura_replica()  # issue 14 §5: the export reads from the replica when there is one
def exportar(request):
    """The same month, scope and filters as the page, as an Excel workbook: always from current data."""
    distribuidor_id = conciliacion_alcance(request.user)
    periodo = _periodo(request)
    resultado = conciliacion_mes_resumida(periodo=periodo, distribuidor_id=distribuidor_id)
    _, hallazgos = _filtrado(request, distribuidor_id, resultado)
    respuesta = HttpResponse(
        conciliacion_xlsx(resultado, hallazgos),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    respuesta["Content-Disposition"] = f'attachment; filename="conciliacion-{periodo:%Y-%m}.xlsx"'
    respuesta["X-Content-Type-Options"] = "nosniff"
    return respuesta


@pagina_protegida
@require_GET
def estado(request):
    """Polled by the page while the figures it shows are not current: says when the current ones are
    ready (and queues their recompute again if the one queued before was lost)."""
    distribuidor_id = conciliacion_alcance(request.user)
    periodo = _periodo(request)
    vista = conciliacion_para_pagina(periodo=periodo, distribuidor_id=distribuidor_id)
    vacia = request.GET.get("vacia") == "1"
    contexto = {**_estado(request, periodo, vacia=vacia), "al_dia": vista.al_dia, "calculado": vista.calculado}
    respuesta = render(request, ESTADO, contexto)
    if vista.al_dia and vacia:  # the page had nothing to show: load the figures now
        respuesta["HX-Refresh"] = "true"
    return respuesta


def _contexto_anual(request) -> dict:
    """The user's latest year workbook (a job) and the years that can be asked for."""
    exportacion = ExportacionConciliacion.objects.filter(solicitada_por=request.user).order_by("-id").first()
    ultimo = servicios.ultimo_mes_terminado().year
    return {
        "exportacion": exportacion,
        "exportacion_en_curso": exportacion is not None and exportacion.estado in servicios.EN_CURSO,
        "anios_exportables": list(range(ultimo, ultimo - 5, -1)),
    }


@pagina_protegida
@require_POST
def anual_pedir(request):
    """Queue a whole year's workbook (a job): the page shows its progress, then links to the file."""
    conciliacion_alcance(request.user)
    anio = request.POST.get("anio", "")
    try:
        servicios.conciliacion_anual_request(actor=request.user, anio=int(anio) if anio.isdecimal() else 0)
    except DatosInvalidos as exc:
        messages.error(request, " ".join(m for mensajes in exc.errores.values() for m in mensajes))
    if request.htmx:
        return render(request, "distribuidores/_conciliacion_anual.html", _contexto_anual(request))
    return redirect(f"{reverse('distribuidores:conciliacion')}#exportacion-anual")


@pagina_protegida
@require_GET
def anual_estado(request):
    conciliacion_alcance(request.user)
    return render(request, "distribuidores/_conciliacion_anual.html", _contexto_anual(request))


@pagina_protegida
@require_GET
def anual_xlsx(request, exportacion_id):
    """The stored workbook, for whoever asked for it."""
    conciliacion_alcance(request.user)
    exportacion = ExportacionConciliacion.objects.filter(
        pk=exportacion_id, solicitada_por=request.user, estado=ExportacionConciliacion.Estado.LISTA
    ).first()
    if exportacion is None:
        raise NoEncontrado("No existe ese libro de conciliación.")
    respuesta = FileResponse(
        exportacion.archivo.open("rb"),
        as_attachment=True,
        filename=f"conciliacion-{exportacion.anio}.xlsx",
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    respuesta["X-Content-Type-Options"] = "nosniff"
    return respuesta
