"""Deliveries to border stations (F-05): a wholesaler (its own NIT) or Ecopetrol registers them
against the month's volume; and the month's consumption per municipality and station."""

import datetime as dt

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from core.access import require_role
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos
from core.roles import Rol
from fronteras import access, selectors, services
from fronteras.forms import DespachoForm
from fronteras.models import Combustible, Despacho, EstacionServicio, Municipio
from fronteras.views import lecturas
from fronteras.views.comun import (
    LECTORES,
    errores_al_formulario,
    galones_texto,
    mes_largo,
    meses_entre,
    pagina_protegida,
    paginar,
    periodo_de,
    puede,
    secciones,
)


def _propio(user):
    """A wholesaler sees and registers only under its own NIT (core.access.distribuidor_access)."""
    return user.distribuidor if user.rol == Rol.DISTRIBUIDOR and not user.es_administrador else None


def rechazo_excede(*, estacion: EstacionServicio, combustible: str, fecha: dt.date, galones) -> dict:
    """excede_volumen in words: the month's volume, what was delivered and what remains."""
    volumen = selectors.estacion_volumen(estacion=estacion, combustible=combustible, fecha=fecha)
    return {
        "galones": galones_texto(galones),
        "combustible": Combustible(combustible).label,
        "estacion": estacion,
        "mes": mes_largo(fecha),
        "volumen": galones_texto(volumen.volumen_mes),
        "adicional": galones_texto(volumen.adicional_mes) if volumen.adicional_mes else "",
        "despachado": galones_texto(volumen.despachado_mes),
        "disponible": galones_texto(volumen.disponible),
    }


def _registrar(request, form: DespachoForm) -> tuple[bool, dict | None]:
    """Call despacho_register: (registered, the excede_volumen refusal to explain, if any)."""
    d = form.cleaned_data
    estacion = EstacionServicio.objects.select_related("municipio").get(pk=int(d["estacion"]))
    try:
        despacho = services.despacho_register(
            actor=request.user, distribuidor_nit=d["distribuidor_nit"], estacion_id=estacion.id, fecha=d["fecha"],
            combustible=d["combustible"], galones=d["galones"])
    except DatosInvalidos as exc:
        errores_al_formulario(form, exc)
        return False, None
    except ApplicationError as exc:
        if exc.codigo == "excede_volumen":
            rechazo = rechazo_excede(estacion=estacion, combustible=d["combustible"], fecha=d["fecha"], galones=d["galones"])
            form.add_error("galones", f"Supera el volumen disponible de la estación en {rechazo['mes']}: quedan "
                                      f"{rechazo['disponible']} galones.")
            return False, rechazo
        if exc.status_code in (403, 404):
            raise
        form.add_error(None, exc.detalle)  # sin_volumen_vigente and other refusals, in Spanish
        return False, None
    restante = selectors.estacion_volumen(estacion=estacion, combustible=despacho.combustible, fecha=despacho.fecha)
    messages.success(
        request,
        f"Se registró el despacho de {galones_texto(despacho.galones)} galones de {despacho.get_combustible_display()} "
        f"a {estacion.nombre} ({estacion.municipio.nombre}) el {despacho.fecha:%Y-%m-%d}. Le quedan "
        f"{galones_texto(restante.disponible)} galones en {mes_largo(despacho.fecha)}.",
    )
    return True, None


@pagina_protegida
@require_http_methods(["GET", "POST"])
def despachos(request):
    require_role(request.user, *LECTORES)
    propio = _propio(request.user)
    form, rechazo = None, None
    if puede(request.user, access.DESPACHADORES):
        form = DespachoForm(request.POST if request.method == "POST" else None, distribuidor=propio)
    if request.method == "POST":
        require_role(request.user, *access.DESPACHADORES)
        if form.is_valid():
            registrado, rechazo = _registrar(request, form)
            if registrado:
                return redirect("fronteras-despachos")
    periodo = periodo_de(request.GET.get("periodo"))
    qs = Despacho.objects.select_related("distribuidor", "estacion__municipio").order_by("-fecha", "-id")
    if propio is not None:
        qs = qs.filter(distribuidor=propio)
    if periodo:
        qs = qs.filter(fecha__year=periodo.year, fecha__month=periodo.month)
    return render(request, "fronteras/despachos.html", {
        "form": form,
        "rechazo": rechazo,
        "propio": propio,
        "pagina": paginar(request, qs),
        "periodo": periodo,
        "meses": [(f"{m:%Y-%m}", mes_largo(m).capitalize()) for m in meses_entre(today().replace(day=1) - dt.timedelta(days=700), today())],
        "secciones": secciones(request, "fronteras-despachos"),
    }, status=400 if request.method == "POST" else 200)


@pagina_protegida
@require_GET
def disponible(request):
    """htmx: what the chosen station has left of the chosen fuel in the month of the chosen date."""
    require_role(request.user, *LECTORES)
    estacion = EstacionServicio.objects.select_related("municipio").filter(
        pk=request.GET.get("estacion") if (request.GET.get("estacion") or "").isdigit() else None).first()
    combustible = request.GET.get("combustible")
    try:
        fecha = dt.date.fromisoformat(request.GET.get("fecha") or "")
    except ValueError:
        fecha = today()
    contexto = {"estacion": estacion}
    if estacion is not None and combustible in Combustible.values:
        contexto.update(combustible=Combustible(combustible).label, mes=mes_largo(fecha))
        try:
            contexto["volumen"] = selectors.estacion_volumen(estacion=estacion, combustible=combustible, fecha=fecha)
        except selectors.SinVolumenVigente as exc:
            contexto["sin_volumen"] = exc.detalle
    return render(request, "fronteras/_disponible.html", contexto)


@pagina_protegida
@require_GET
def consumo(request):
    """The month's volume, delivered gallons and what remains, per municipality and station."""
    require_role(request.user, *LECTORES)
    hoy = today()
    periodo = periodo_de(request.GET.get("periodo")) or hoy.replace(day=1)
    departamento = request.GET.get("departamento", "").strip()
    combustible = request.GET.get("combustible", "")
    filas = selectors.transparencia(periodo=periodo, departamento=departamento)
    if combustible in Combustible.values:
        filas = [f for f in filas if f["combustible"] == combustible]
    nombres = dict(Combustible.choices)
    for fila in filas:
        fila["combustible_nombre"] = nombres.get(fila["combustible"], fila["combustible"])
    departamentos = lecturas.agrupar_transparencia(filas)
    primero = lecturas.primer_periodo_con_volumen() or hoy.replace(day=1)
    return render(request, "fronteras/consumo.html", {
        "periodo": periodo,
        "periodo_texto": mes_largo(periodo),
        "meses": [(f"{m:%Y-%m}", mes_largo(m).capitalize()) for m in meses_entre(min(primero, periodo), max(hoy, periodo))],
        "departamento": departamento,
        "departamentos_opciones": Municipio.objects.order_by("departamento").values_list("departamento", flat=True).distinct(),
        "combustible": combustible,
        "combustibles": Combustible.choices,
        "departamentos": departamentos,
        "totales": lecturas.totales(departamentos),
        "secciones": secciones(request, "fronteras-consumo"),
    })
