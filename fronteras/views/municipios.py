"""Border municipalities: the searchable list and one municipality's page (stations, purchase
history, assignments and the contracting priority order of F-01)."""

from django.contrib import messages
from django.db.models import Count, Max, Q, Sum
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from core.access import require_role
from core.calendario import today
from core.errors import DatosInvalidos, NoEncontrado
from fronteras import access, calculo, services
from fronteras.forms import PrioridadFormSet, prioridad_inicial
from fronteras.models import Combustible, Municipio
from fronteras.views import lecturas
from fronteras.views.comun import (
    LECTORES,
    LECTORES_REGISTRO,
    PRIORIZADORES,
    pagina_protegida,
    paginar,
    parcial_htmx,
    puede,
    secciones,
)

FILTROS = ("q", "departamento", "poblacion", "orden")
ORDENES = {
    "": ("departamento", "nombre"),
    "poblacion_desc": ("-poblacion", "nombre"),
    "poblacion": ("poblacion", "nombre"),
    "nombre": ("nombre",),
}
BANDAS_POBLACION = (
    ("menor", f"Menos de {calculo.POBLACION_MAXIMA_EXTRA:,} habitantes (admite el adicional F-04)".replace(",", ".")),
    ("mayor", f"{calculo.POBLACION_MAXIMA_EXTRA:,} habitantes o más".replace(",", ".")),
)


@require_GET
def inicio(request):
    """/fronteras/: each role lands on its first page; without a session, the public report."""
    if not request.user.is_authenticated:
        return redirect("fronteras-transparencia")
    if puede(request.user, LECTORES_REGISTRO):
        return redirect("fronteras-municipios")
    return redirect("fronteras-despachos")


def municipio_access(user, municipio_id) -> Municipio:
    require_role(user, *LECTORES)
    municipio = Municipio.objects.filter(pk=municipio_id).first()
    if municipio is None:
        raise NoEncontrado("No existe ese municipio de frontera.")
    return municipio


def municipios_filtrados(filtros: dict):
    qs = Municipio.objects.annotate(
        n_estaciones=Count("estaciones", distinct=True),
        ultimo_anio=Max("asignaciones__anio_inicio"),
    )
    if filtros["q"]:
        qs = qs.filter(Q(nombre__icontains=filtros["q"]) | Q(codigo_dane__startswith=filtros["q"]))
    if filtros["departamento"]:
        qs = qs.filter(departamento=filtros["departamento"])
    if filtros["poblacion"] == "menor":
        qs = qs.filter(poblacion__lt=calculo.POBLACION_MAXIMA_EXTRA)
    elif filtros["poblacion"] == "mayor":
        qs = qs.filter(poblacion__gte=calculo.POBLACION_MAXIMA_EXTRA)
    return qs.order_by(*ORDENES.get(filtros["orden"], ORDENES[""]))


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *LECTORES)
    filtros = {k: request.GET.get(k, "").strip() for k in FILTROS}
    qs = municipios_filtrados(filtros)
    pagina = paginar(request, qs)
    contexto = {"pagina": pagina, "filtros": filtros, "hay_filtros": any(filtros.values())}
    if parcial_htmx(request):
        respuesta = render(request, "fronteras/_municipios_tabla.html", contexto)
    else:
        contexto.update(
            departamentos=Municipio.objects.order_by("departamento").values_list("departamento", flat=True).distinct(),
            bandas=BANDAS_POBLACION,
            secciones=secciones(request, "fronteras-municipios"),
            resumen=Municipio.objects.aggregate(n=Count("id"), poblacion=Sum("poblacion"),
                                                departamentos=Count("departamento", distinct=True)),
        )
        respuesta = render(request, "fronteras/municipios.html", contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


def _contexto_detalle(request, municipio: Municipio, *, formset=None) -> dict:
    hoy = today()
    estaciones = list(municipio.estaciones.order_by("nombre"))
    anio_eleg = hoy.year
    for estacion in estaciones:
        estacion.eleg = lecturas.elegibilidad(estacion, anio_eleg)
    combustible = request.GET.get("combustible") or Combustible.ACPM
    if combustible not in Combustible.values:
        combustible = Combustible.ACPM
    anios = lecturas.anios_con_compras([e.id for e in estaciones])
    try:
        anio_compras = int(request.GET.get("anio", ""))
    except ValueError:
        anio_compras = None
    if anio_compras not in anios:
        anio_compras = anios[0] if anios else hoy.year - 1
    asignaciones = list(
        municipio.asignaciones.annotate(n_estaciones=Count("estaciones"), adicional=Sum("estaciones__adicional"))
        .order_by("-anio_inicio", "combustible", "-id")
    )
    contexto = {
        "municipio": municipio,
        "estaciones": estaciones,
        "anio_elegibilidad": anio_eleg,
        "compras": lecturas.compras_por_mes(estaciones=estaciones, combustible=combustible, anio=anio_compras),
        "combustible": combustible,
        "combustible_nombre": Combustible(combustible).label,
        "combustibles": Combustible.choices,
        "anio_compras": anio_compras,
        "anios_compras": anios or [anio_compras],
        "asignaciones": asignaciones,
        "prioridades": list(municipio.prioridades.all()),
        "admite_adicional": municipio.poblacion < calculo.POBLACION_MAXIMA_EXTRA,
        "puede_asignar": puede(request.user, access.ANALISTAS),
        "secciones": secciones(request, "fronteras-municipios"),
    }
    if puede(request.user, PRIORIZADORES):
        contexto["formset"] = formset or PrioridadFormSet(prefix="prioridad", initial=prioridad_inicial(municipio))
    return contexto


@pagina_protegida
@require_GET
def detalle(request, municipio_id):
    municipio = municipio_access(request.user, municipio_id)
    return render(request, "fronteras/municipio_detalle.html", _contexto_detalle(request, municipio))


@pagina_protegida
@require_POST
def prioridad(request, municipio_id):
    """F-01: record the municipality's contracting priority order through prioridad_set."""
    municipio = municipio_access(request.user, municipio_id)
    require_role(request.user, *PRIORIZADORES)
    formset = PrioridadFormSet(request.POST, prefix="prioridad")
    if formset.is_valid():
        try:
            services.prioridad_set(actor=request.user, municipio=municipio, canales=formset.canales())
        except DatosInvalidos as exc:
            formset._non_form_errors = formset.error_class([" ".join(m for ms in exc.errores.values() for m in ms)])
        else:
            messages.success(request, f"Se guardó el orden de contratación de {municipio.nombre} "
                                      f"({len(formset.canales())} posiciones).")
            return redirect(reverse("fronteras-municipio", args=[municipio.id]) + "#titulo-prioridad")
    return render(request, "fronteras/municipio_detalle.html",
                  _contexto_detalle(request, municipio, formset=formset), status=400)
