"""Deliveries to border stations (F-05): a wholesaler (its own NIT) or Ecopetrol registers them
against the month's volume; the month's consumption per municipality and station; and the public
transparency report (no login): for a month, each department's municipalities and stations with
their maximum volume, the gallons delivered and the percent used, a chart per department, the
open-data links and how the volumes are computed (F-02 to F-05)."""

import datetime as dt
from urllib.parse import urlencode

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.plataforma.db import lectura_replica
from core.vencimientos.calendario import today
from core.web.forms import periodo_de_texto
from core.web.views.comun import errores_al_formulario, pagina_protegida, paginar, puede
from fronteras import access, calculo
from fronteras.errors import ErrorFronteras
from fronteras.forms import DespachoForm
from fronteras.models import Combustible, GranConsumidor
from fronteras.pdf import numero_texto
from fronteras.selectors.asignaciones import primer_periodo_con_volumen
from fronteras.selectors.despachos import (
    agrupar_transparencia,
    despacho_list,
    grafico_transparencia,
    totales,
    transparencia,
    transparencia_del_mes,
)
from fronteras.selectors.estaciones import SinVolumenVigente, estacion_buscar, estacion_volumen
from fronteras.selectors.grandes_consumidores import PREFIJO, gran_consumidor_buscar, gran_consumidor_volumen
from fronteras.selectors.municipios import departamentos
from fronteras.selectors.planes import plan_sin_visto_bueno_motivo, plan_visto_bueno_vigente
from fronteras.services.despachos import despacho_register
from fronteras.views.comun import galones_texto, mes_largo, opciones_meses, secciones


def _volumen(destino, combustible: str, fecha: dt.date):
    """The month of a station (F-05) or of a large consumer (F-06)."""
    if isinstance(destino, GranConsumidor):
        return gran_consumidor_volumen(gran_consumidor=destino, fecha=fecha)
    return estacion_volumen(estacion=destino, combustible=combustible, fecha=fecha)


def _destino(user, valor):
    """The form's destination: a large consumer ("gc-<id>") or a station, within the user's scope."""
    if str(valor).startswith(PREFIJO):
        return access.gran_consumidor_access(user, str(valor)[len(PREFIJO):])
    return access.estacion_access(user, entero(valor))


def rechazo_excede(*, estacion, combustible: str, fecha: dt.date, galones) -> dict:
    """excede_volumen in words: the month's volume, what was delivered and what remains."""
    volumen = _volumen(estacion, combustible, fecha)
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
    destino = _destino(request.user, d["estacion"])
    clave = "gran_consumidor_id" if isinstance(destino, GranConsumidor) else "estacion_id"
    try:
        despacho = despacho_register(
            actor=request.user, distribuidor_nit=d["distribuidor_nit"], fecha=d["fecha"],
            combustible=d["combustible"], galones=d["galones"], **{clave: destino.id})
    except DatosInvalidos as exc:
        errores_al_formulario(form, exc)
        return False, None
    except ApplicationError as exc:
        if exc.codigo == ErrorFronteras.EXCEDE_VOLUMEN:
            rechazo = rechazo_excede(estacion=destino, combustible=d["combustible"], fecha=d["fecha"],
                                     galones=d["galones"])
            form.add_error("galones", f"Supera el volumen disponible en {rechazo['mes']}: quedan "
                                      f"{rechazo['disponible']} galones.")
            return False, rechazo
        if exc.status_code in (403, 404):
            raise
        form.add_error(None, exc.detalle)  # sin_volumen_vigente and other refusals, in Spanish
        return False, None
    restante = _volumen(destino, despacho.combustible, despacho.fecha)
    messages.success(
        request,
        f"Se registró el despacho de {galones_texto(despacho.galones)} galones de {despacho.get_combustible_display()} "
        f"a {destino.nombre} ({destino.municipio.nombre}) el {fecha_larga(despacho.fecha)}. Le quedan "
        f"{galones_texto(restante.disponible)} galones en {mes_largo(despacho.fecha)}.",
    )
    return True, None


@pagina_protegida
@require_http_methods(["GET", "POST"])
def despachos(request):
    require_role(request.user, *access.LECTORES)
    propio = access.distribuidor_propio(request.user)
    form, rechazo = None, None
    if puede(request.user, access.DESPACHADORES):
        form = DespachoForm(request.POST if request.method == "POST" else None, distribuidor=propio)
    if request.method == "POST":
        require_role(request.user, *access.DESPACHADORES)
        if form.is_valid():
            registrado, rechazo = _registrar(request, form)
            if registrado:
                return redirect("fronteras:despachos")
    periodo = periodo_de_texto(request.GET.get("periodo"))
    return render(request, "fronteras/despachos.html", {
        "form": form,
        "rechazo": rechazo,
        "propio": propio,
        "pagina": paginar(request, access.despachos_visibles(request.user, despacho_list(periodo=periodo))),
        "periodo": periodo,
        "meses": opciones_meses(today().replace(day=1) - dt.timedelta(days=700), today()),
        "secciones": secciones(request, "fronteras:despachos"),
    }, status=400 if request.method == "POST" else 200)


@pagina_protegida
@require_GET
def disponible(request):
    """htmx: what the chosen station has left of the chosen fuel in the month of the chosen date."""
    require_role(request.user, *access.LECTORES)
    valor = request.GET.get("estacion")
    estacion = gran_consumidor_buscar(valor) or estacion_buscar(valor)
    combustible = request.GET.get("combustible")
    try:
        fecha = dt.date.fromisoformat(request.GET.get("fecha") or "")
    except ValueError:
        fecha = today()
    contexto = {"estacion": estacion}
    if estacion is not None and combustible in Combustible.values:
        contexto.update(combustible=Combustible(combustible).label, mes=mes_largo(fecha))
        try:
            contexto["volumen"] = _volumen(estacion, combustible, fecha)
        except SinVolumenVigente as exc:
            contexto["sin_volumen"] = exc.detalle
        municipio = estacion.municipio
        if plan_visto_bueno_vigente(departamento=municipio.departamento, fecha=fecha) is None:  # F-07
            contexto["sin_visto_bueno"] = (
                f"{plan_sin_visto_bueno_motivo(departamento=municipio.departamento, fecha=fecha)} para "
                f"{municipio.departamento}: no se pueden registrar despachos en {municipio.nombre} ese día.")
    return render(request, "fronteras/_disponible.html", contexto)


# The public page lists every station when it has at most this many rows (or one department is chosen);
# above it, each department shows its municipalities and links to its own page with the stations.
LIMITE_DETALLE = 100


def _filas_del_mes(periodo: dt.date, departamento: str, combustible: str, *, cacheadas=False) -> list[dict]:
    """transparencia() rows of one fuel (all when `combustible` is not one), with the fuel's name."""
    leer = transparencia_del_mes if cacheadas else transparencia
    filas = leer(periodo=periodo, departamento=departamento)
    if combustible in Combustible.values:
        filas = [f for f in filas if f["combustible"] == combustible]
    nombres = dict(Combustible.choices)
    for fila in filas:
        fila["combustible_nombre"] = nombres.get(fila["combustible"], fila["combustible"])
    return filas


@pagina_protegida
@require_GET
def consumo(request):
    """The month's volume, delivered gallons and what remains, per municipality and station."""
    require_role(request.user, *access.LECTORES)
    hoy = today()
    periodo = periodo_de_texto(request.GET.get("periodo")) or hoy.replace(day=1)
    departamento = request.GET.get("departamento", "").strip()
    combustible = request.GET.get("combustible", "")
    departamentos_ = agrupar_transparencia(_filas_del_mes(periodo, departamento, combustible))
    primero = primer_periodo_con_volumen() or hoy.replace(day=1)
    return render(request, "fronteras/consumo.html", {
        "periodo": periodo,
        "periodo_texto": mes_largo(periodo),
        "meses": opciones_meses(min(primero, periodo), max(hoy, periodo)),
        "departamento": departamento,
        "departamentos_opciones": departamentos(),
        "combustible": combustible,
        "combustibles": Combustible.choices,
        "departamentos": departamentos_,
        "totales": totales(departamentos_),
        "secciones": secciones(request, "fronteras:consumo"),
    })


@require_GET
@lectura_replica()  # issue 14 §5: read from the replica when there is one
def transparencia_publica(request):
    hoy = today()
    valor = request.GET.get("periodo", "").strip()
    periodo = periodo_de_texto(valor)
    aviso = ""
    if valor and periodo is None:
        aviso = f"«{valor[:20]}» no es un periodo AAAA-MM válido: se muestra {mes_largo(hoy)}."
    periodo = periodo or hoy.replace(day=1)
    departamento = request.GET.get("departamento", "").strip()
    combustible = request.GET.get("combustible", "")
    combustible = combustible if combustible in Combustible.values else ""
    filas = _filas_del_mes(periodo, departamento, combustible, cacheadas=True)
    departamentos_ = agrupar_transparencia(filas)
    detalle = bool(departamento) or len(filas) <= LIMITE_DETALLE
    if not detalle:
        for dep in departamentos_:
            dep["url_detalle"] = "?" + urlencode({
                "periodo": f"{periodo:%Y-%m}", "departamento": dep["nombre"],
                **({"combustible": combustible} if combustible else {}),
            })
    consulta = {"periodo": f"{periodo:%Y-%m}", **({"departamento": departamento} if departamento else {})}
    api = reverse("api-fronteras-transparencia")
    primero = primer_periodo_con_volumen() or hoy.replace(day=1)
    nombres = dict(Combustible.choices)
    return render(request, "fronteras/transparencia.html", {
        "periodo": periodo,
        "periodo_valor": f"{periodo:%Y-%m}",
        "periodo_texto": mes_largo(periodo),
        "aviso": aviso,
        "meses": opciones_meses(min(primero, periodo), max(hoy, periodo)),
        "departamento": departamento,
        "departamentos_opciones": departamentos(),
        "combustible": combustible,
        "combustible_texto": nombres.get(combustible, ""),
        "combustibles": Combustible.choices,
        "departamentos": departamentos_,
        "detalle": detalle,
        "totales": totales(departamentos_),
        "grafico": grafico_transparencia(departamentos_),
        "csv_url": f"{api}?{urlencode({**consulta, 'formato': 'csv'})}",
        "json_url": f"{api}?{urlencode(consulta)}",
        "poblacion_maxima_extra": numero_texto(calculo.POBLACION_MAXIMA_EXTRA),
        "secciones": secciones(request, "fronteras:transparencia") if request.user.is_authenticated else [],
    })
