"""Border municipalities: the searchable list and one municipality's page (stations, purchase
history, assignments and the contracting priority order of F-01)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from core.comun.errors import DatosInvalidos
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from core.web.views.comun import pagina_protegida, paginar, parcial_htmx, puede
from fronteras import access, calculo
from fronteras.forms import PrioridadFormSet, prioridad_inicial
from fronteras.models import Combustible
from fronteras.selectors.asignaciones import asignaciones_de_municipio
from fronteras.selectors.compras import anios_con_compras, compras_por_mes
from fronteras.selectors.estaciones import elegibilidad, estaciones_de_municipio
from fronteras.selectors.grandes_consumidores import gran_consumidor_list
from fronteras.selectors.municipios import (
    departamentos,
    municipio_prioridades,
    municipios_filtrados,
    municipios_resumen,
    regimen_de,
)
from fronteras.services.municipios import prioridad_set
from fronteras.views.comun import mes_largo, secciones

FILTROS = ("q", "departamento", "poblacion", "orden")
BANDAS_POBLACION = (
    (
        "menor",
        f"Menos de {calculo.POBLACION_MAXIMA_EXTRA:,} habitantes (admite el adicional de transporte)".replace(",", "."),
    ),
    ("mayor", f"{calculo.POBLACION_MAXIMA_EXTRA:,} habitantes o más".replace(",", ".")),
)


@require_GET
def inicio(request):
    """/fronteras/: each role lands on its first page; without a session, the public report."""
    if not request.user.is_authenticated:
        return redirect("fronteras:transparencia")
    if puede(request.user, access.LECTORES_REGISTRO):
        return redirect("fronteras:municipios")
    return redirect("fronteras:despachos")


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *access.LECTORES)
    filtros = {k: request.GET.get(k, "").strip() for k in FILTROS}
    qs = municipios_filtrados(filtros)
    pagina = paginar(request, qs)
    contexto = {"pagina": pagina, "filtros": filtros, "hay_filtros": any(filtros.values())}
    if parcial_htmx(request):
        respuesta = render(request, "fronteras/_municipios_tabla.html", contexto)
    else:
        contexto.update(
            departamentos=departamentos(),
            bandas=BANDAS_POBLACION,
            secciones=secciones(request, "fronteras:municipios"),
            resumen=municipios_resumen(),
        )
        respuesta = render(request, "fronteras/municipios.html", contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


def _compras(estaciones, combustible: str, anio: int) -> dict:
    compras = compras_por_mes(estaciones=estaciones, combustible=combustible, anio=anio)
    for fila in compras["filas"]:
        fila["nombre"] = mes_largo(fila["mes"]).capitalize()
    return compras


def _contexto_detalle(request, municipio, *, formset=None) -> dict:
    hoy = today()
    estaciones = estaciones_de_municipio(municipio)
    anio_eleg = hoy.year
    for estacion in estaciones:
        estacion.eleg = elegibilidad(estacion, anio_eleg)
    combustible = request.GET.get("combustible") or Combustible.ACPM
    if combustible not in Combustible.values:
        combustible = Combustible.ACPM
    anios = anios_con_compras([e.id for e in estaciones])
    anio_compras = entero(request.GET.get("anio", ""))
    if anio_compras not in anios:
        anio_compras = anios[0] if anios else hoy.year - 1
    contexto = {
        "municipio": municipio,
        "estaciones": estaciones,
        "anio_elegibilidad": anio_eleg,
        "compras": _compras(estaciones, combustible, anio_compras),
        "combustible": combustible,
        "combustible_nombre": Combustible(combustible).label,
        "combustibles": Combustible.choices,
        "anio_compras": anio_compras,
        "anios_compras": anios or [anio_compras],
        "asignaciones": asignaciones_de_municipio(municipio),
        "grandes_consumidores": list(gran_consumidor_list(municipio=municipio.codigo_dane)),
        "regimen": regimen_de(municipio.departamento),
        "prioridades": municipio_prioridades(municipio),
        "admite_adicional": municipio.poblacion < calculo.POBLACION_MAXIMA_EXTRA,
        "puede_asignar": puede(request.user, access.ANALISTAS),
        "secciones": secciones(request, "fronteras:municipios"),
    }
    if puede(request.user, access.PRIORIZADORES):
        contexto["formset"] = formset or PrioridadFormSet(prefix="prioridad", initial=prioridad_inicial(municipio))
    return contexto


@pagina_protegida
@require_GET
def detalle(request, municipio_id):
    municipio = access.municipio_access(request.user, municipio_id)
    return render(request, "fronteras/municipio_detalle.html", _contexto_detalle(request, municipio))


@pagina_protegida
@require_POST
def prioridad(request, municipio_id):
    """F-01: record the municipality's contracting priority order through prioridad_set."""
    municipio = access.municipio_access(request.user, municipio_id)
    require_role(request.user, *access.PRIORIZADORES)
    formset = PrioridadFormSet(request.POST, prefix="prioridad")
    if formset.is_valid():
        try:
            prioridad_set(actor=request.user, municipio=municipio, canales=formset.canales())
        except DatosInvalidos as exc:
            formset._non_form_errors = formset.error_class([" ".join(m for ms in exc.errores.values() for m in ms)])
        else:
            messages.success(
                request,
                f"Se guardó el orden de contratación de {municipio.nombre} ({len(formset.canales())} posiciones).",
            )
            return redirect(reverse("fronteras:municipio", args=[municipio.id]) + "#titulo-prioridad")
    return render(
        request, "fronteras/municipio_detalle.html", _contexto_detalle(request, municipio, formset=formset), status=400
    )
