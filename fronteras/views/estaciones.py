"""Service stations of the border: list and one station's page (certificate and eligibility for a
year, the transport company's yearly certificates, volumes and deliveries month by month)."""

import datetime as dt

from django.contrib import messages
from django.db.models import Q
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from core.access import require_role
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos, NoEncontrado
from core.fechas import fecha_larga
from fronteras import calculo, pdf, selectors, services
from fronteras.forms import CertificadoTransporteForm
from fronteras.models import AsignacionEstacion, Combustible, EstacionServicio, Municipio
from fronteras.views import lecturas
from fronteras.views.comun import (
    CERTIFICADORES_TRANSPORTE,
    LECTORES,
    errores_al_formulario,
    meses_entre,
    pagina_protegida,
    paginar,
    parcial_htmx,
    puede,
    secciones,
)

FILTROS = ("q", "departamento", "municipio", "transporte", "anio")


def estacion_access(user, estacion_id) -> EstacionServicio:
    require_role(user, *LECTORES)
    estacion = EstacionServicio.objects.select_related("municipio").filter(pk=estacion_id).first()
    if estacion is None:
        raise NoEncontrado("No existe esa estación de servicio.")
    return estacion


def _anio(valor, defecto: int) -> int:
    try:
        anio = int(valor)
    except (TypeError, ValueError):
        return defecto
    return anio if 2000 <= anio <= 2100 else defecto


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *LECTORES)
    filtros = {k: request.GET.get(k, "").strip() for k in FILTROS}
    anio = _anio(filtros["anio"], today().year)
    qs = EstacionServicio.objects.select_related("municipio")
    if filtros["q"]:
        qs = qs.filter(Q(codigo__icontains=filtros["q"]) | Q(nombre__icontains=filtros["q"]))
    if filtros["departamento"]:
        qs = qs.filter(municipio__departamento=filtros["departamento"])
    if filtros["municipio"]:
        qs = qs.filter(municipio__codigo_dane=filtros["municipio"])
    if filtros["transporte"] == "si":
        qs = qs.filter(empresa_transporte=True)
    pagina = paginar(request, qs.order_by("municipio__departamento", "municipio__nombre", "nombre"))
    for estacion in pagina:
        estacion.eleg = lecturas.elegibilidad(estacion, anio)
    contexto = {"pagina": pagina, "filtros": filtros, "anio": anio,
                "hay_filtros": any(v for k, v in filtros.items() if k != "anio")}
    if parcial_htmx(request):
        respuesta = render(request, "fronteras/_estaciones_tabla.html", contexto)
    else:
        contexto.update(
            departamentos=Municipio.objects.order_by("departamento").values_list("departamento", flat=True).distinct(),
            municipios=Municipio.objects.order_by("departamento", "nombre").only("codigo_dane", "nombre", "departamento"),
            anios=list(range(today().year + 1, today().year - 5, -1)),
            secciones=secciones(request, "fronteras-estaciones"),
        )
        respuesta = render(request, "fronteras/estaciones.html", contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


def _volumenes_hoy(estacion: EstacionServicio, hoy: dt.date) -> list[dict]:
    """F-05: this month's volume, extra, delivered and what remains, per fuel (none in force: why)."""
    filas = []
    for valor, nombre in Combustible.choices:
        try:
            v = selectors.estacion_volumen(estacion=estacion, combustible=valor, fecha=hoy)
        except selectors.SinVolumenVigente as exc:
            filas.append({"combustible": nombre, "sin_volumen": exc.detalle})
            continue
        filas.append({"combustible": nombre, "volumen": v.volumen_mes, "adicional": v.adicional_mes,
                      "entregado": v.despachado_mes, "disponible": v.disponible})
    return filas


def _contexto_detalle(request, estacion: EstacionServicio, *, form=None) -> dict:
    hoy = today()
    anio = _anio(request.GET.get("anio"), hoy.year)
    meses = meses_entre(hoy.replace(day=1) - dt.timedelta(days=330), hoy)
    historia = calculo.meses_historia(anio)
    promedios = [
        {"combustible": nombre,
         "promedio": selectors.promedio_compras(estacion_ids=[estacion.id], combustible=valor, anio_inicio=anio)[estacion.id]
         / calculo.MESES_HISTORIA}
        for valor, nombre in Combustible.choices
    ]
    asignaciones = list(AsignacionEstacion.objects.filter(estacion=estacion).select_related("asignacion")
                        .order_by("-asignacion__anio_inicio", "asignacion__combustible", "-asignacion_id"))
    for ae in asignaciones:
        ae.participacion_pct = pdf.porcentaje_texto(ae.participacion)
    contexto = {
        "estacion": estacion,
        "anio": anio,
        "anios": list(range(hoy.year + 1, hoy.year - 5, -1)),
        "eleg": lecturas.elegibilidad(estacion, anio),
        "historia_desde": historia[0],
        "historia_hasta": historia[1],
        "promedios": promedios,
        "volumenes_hoy": _volumenes_hoy(estacion, hoy),
        "hoy_texto": fecha_larga(hoy),
        "meses": list(reversed(lecturas.meses_estacion(estacion, meses=meses))),
        "asignaciones": asignaciones,
        "certificados": list(estacion.certificados_transporte.select_related("registrado_por")),
        "extra_vigente": selectors.extra_vigente(estacion, hoy) if estacion.empresa_transporte else None,
        "secciones": secciones(request, "fronteras-estaciones"),
    }
    if estacion.empresa_transporte and puede(request.user, CERTIFICADORES_TRANSPORTE):
        contexto["form"] = form or CertificadoTransporteForm()
    return contexto


@pagina_protegida
@require_GET
def detalle(request, estacion_id):
    estacion = estacion_access(request.user, estacion_id)
    return render(request, "fronteras/estacion_detalle.html", _contexto_detalle(request, estacion))


@pagina_protegida
@require_POST
def certificado_transporte(request, estacion_id):
    """F-04: MinMinas records the transport company's certificate for a year."""
    estacion = estacion_access(request.user, estacion_id)
    require_role(request.user, *CERTIFICADORES_TRANSPORTE)
    form = CertificadoTransporteForm(request.POST)
    if form.is_valid():
        try:
            certificado = services.certificado_transporte_register(actor=request.user, estacion=estacion,
                                                                   **form.cleaned_data)
        except DatosInvalidos as exc:
            errores_al_formulario(form, exc)
        except ApplicationError as exc:
            if exc.status_code in (403, 404):
                raise
            form.add_error(None, exc.detalle)
        else:
            messages.success(request, f"Se registró el certificado de la empresa de transporte, vigente del "
                                      f"{fecha_larga(certificado.vigente_desde)} al {fecha_larga(certificado.vigente_hasta)}.")
            return redirect(reverse("fronteras-estacion", args=[estacion.id]) + "#titulo-transporte")
    return render(request, "fronteras/estacion_detalle.html", _contexto_detalle(request, estacion, form=form),
                  status=400)
