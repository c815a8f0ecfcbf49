"""Service stations of the border: list and one station's page (certificate and eligibility for a
year, the transport company's yearly certificates, volumes and deliveries month by month)."""

import datetime as dt

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from core.comun.fechas import fecha_larga
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from core.web.views.comun import ejecutar_formulario, pagina_protegida, paginar, parcial_htmx, puede
from fronteras import access, calculo, pdf
from fronteras.forms import CertificadoConformidadForm, CertificadoTransporteForm
from fronteras.models import Combustible, EstacionServicio
from fronteras.selectors.asignaciones import partes_de_estacion
from fronteras.selectors.compras import promedio_compras
from fronteras.selectors.estaciones import (
    SinVolumenVigente,
    elegibilidad,
    entregas_de,
    estacion_certificados,
    estacion_list,
    estacion_volumen,
    extra_vigente,
    meses_estacion,
)
from fronteras.selectors.municipios import departamentos, municipios_para_filtro
from fronteras.services.estaciones import certificado_conformidad_register, certificado_transporte_register
from fronteras.views.comun import meses_entre, secciones

FILTROS = ("q", "departamento", "municipio", "transporte", "anio")


def _anio(valor, defecto: int) -> int:
    anio = entero(valor)
    if anio is None:
        return defecto
    return anio if 2000 <= anio <= 2100 else defecto


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *access.LECTORES)
    filtros = {k: request.GET.get(k, "").strip() for k in FILTROS}
    anio = _anio(filtros["anio"], today().year)
    pagina = paginar(request, estacion_list(filtros))
    for estacion in pagina:
        estacion.eleg = elegibilidad(estacion, anio)
    contexto = {"pagina": pagina, "filtros": filtros, "anio": anio,
                "hay_filtros": any(v for k, v in filtros.items() if k != "anio")}
    if parcial_htmx(request):
        respuesta = render(request, "fronteras/_estaciones_tabla.html", contexto)
    else:
        contexto.update(
            departamentos=departamentos(),
            municipios=municipios_para_filtro(),
            anios=list(range(today().year + 1, today().year - 5, -1)),
            secciones=secciones(request, "fronteras:estaciones"),
        )
        respuesta = render(request, "fronteras/estaciones.html", contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


def _volumenes_hoy(estacion: EstacionServicio, hoy: dt.date) -> list[dict]:
    """F-05: this month's volume, extra, delivered and what remains, per fuel (none in force: why)."""
    filas = []
    for valor, nombre in Combustible.choices:
        try:
            v = estacion_volumen(estacion=estacion, combustible=valor, fecha=hoy)
        except SinVolumenVigente as exc:
            filas.append({"combustible": nombre, "sin_volumen": exc.detalle})
            continue
        filas.append({"combustible": nombre, "volumen": v.volumen_mes, "adicional": v.adicional_mes,
                      "entregado": v.despachado_mes, "disponible": v.disponible})
    return filas


def _contexto_detalle(request, estacion: EstacionServicio, *, form=None, form_conformidad=None) -> dict:
    hoy = today()
    anio = _anio(request.GET.get("anio"), hoy.year)
    meses = meses_entre(hoy.replace(day=1) - dt.timedelta(days=330), hoy)
    historia = calculo.meses_historia(anio)
    promedios = [
        {"combustible": nombre,
         "promedio": promedio_compras(estacion_ids=[estacion.id], combustible=valor, anio_inicio=anio)[estacion.id]
         / calculo.MESES_HISTORIA}
        for valor, nombre in Combustible.choices
    ]
    asignaciones = partes_de_estacion(estacion)
    for ae in asignaciones:
        ae.participacion_pct = pdf.porcentaje_texto(ae.participacion)
    contexto = {
        "estacion": estacion,
        "anio": anio,
        "anios": list(range(hoy.year + 1, hoy.year - 5, -1)),
        "eleg": elegibilidad(estacion, anio),
        "entregas": entregas_de(estacion),
        "historia_desde": historia[0],
        "historia_hasta": historia[1],
        "promedios": promedios,
        "volumenes_hoy": _volumenes_hoy(estacion, hoy),
        "hoy_texto": fecha_larga(hoy),
        "meses": list(reversed(meses_estacion(estacion, meses=meses))),
        "asignaciones": asignaciones,
        "certificados": estacion_certificados(estacion),
        "extra_vigente": extra_vigente(estacion, hoy) if estacion.empresa_transporte else None,
        "secciones": secciones(request, "fronteras:estaciones"),
    }
    if estacion.empresa_transporte and puede(request.user, access.CERTIFICADORES_TRANSPORTE):
        contexto["form"] = form or CertificadoTransporteForm()
    if puede(request.user, access.REGISTRO_ESTACIONES):
        contexto["form_conformidad"] = form_conformidad or CertificadoConformidadForm()
    return contexto


@pagina_protegida
@require_GET
def detalle(request, estacion_id):
    estacion = access.estacion_access(request.user, estacion_id)
    return render(request, "fronteras/estacion_detalle.html", _contexto_detalle(request, estacion))


def _registrar_certificado(request, estacion_id, *, roles, Form, servicio, campo_form: str, exito, ancla: str):
    """A station's certificate from its page: the form, the service, the message; the page again on error."""
    estacion = access.estacion_access(request.user, estacion_id)
    require_role(request.user, *roles)
    form = Form(request.POST)
    certificado, rechazo = ejecutar_formulario(
        form, lambda **datos: servicio(actor=request.user, estacion=estacion, **datos)
    )
    if rechazo:
        form.add_error(None, rechazo)
    if certificado:
        messages.success(request, exito(certificado))
        return redirect(reverse("fronteras:estacion", args=[estacion.id]) + ancla)
    return render(request, "fronteras/estacion_detalle.html",
                  _contexto_detalle(request, estacion, **{campo_form: form}), status=400)


@pagina_protegida
@require_POST
def certificado_transporte(request, estacion_id):
    """F-04: MinMinas records the transport company's certificate for a year."""
    return _registrar_certificado(
        request, estacion_id, roles=access.CERTIFICADORES_TRANSPORTE, Form=CertificadoTransporteForm,
        servicio=certificado_transporte_register, campo_form="form", ancla="#titulo-transporte",
        exito=lambda c: f"Se registró el certificado de la empresa de transporte, vigente del "
                        f"{fecha_larga(c.vigente_desde)} al {fecha_larga(c.vigente_hasta)}.")


@pagina_protegida
@require_POST
def certificado_conformidad(request, estacion_id):
    """F-03: MinMinas or UPME records a new delivery of the conformity certificate."""
    return _registrar_certificado(
        request, estacion_id, roles=access.REGISTRO_ESTACIONES, Form=CertificadoConformidadForm,
        servicio=certificado_conformidad_register, campo_form="form_conformidad", ancla="#titulo-elegibilidad",
        exito=lambda c: f"Se registró la entrega del certificado de conformidad del {fecha_larga(c.fecha_entrega)}.")
