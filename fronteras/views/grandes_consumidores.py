"""Large consumers (F-06, art. 4): the registry with search, and UPME's form to register one or
correct it with the act that assigns its maximum monthly volume. htmx forms: a refusal re-renders
only the form, with each error next to its field."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.models import RegistroAuditoria
from core.vencimientos.calendario import today
from core.web.views.comun import (
    confirmacion,
    ejecutar_formulario,
    ensayar,
    pagina_protegida,
    paginar,
    parcial_htmx,
    puede,
)
from fronteras import access
from fronteras.forms import EjecutoriaForm, GranConsumidorForm
from fronteras.models import Combustible, GranConsumidor
from fronteras.selectors.estaciones import SinVolumenVigente
from fronteras.selectors.grandes_consumidores import gran_consumidor_list, gran_consumidor_volumen
from fronteras.selectors.municipios import departamentos
from fronteras.services.grandes_consumidores import (
    gran_consumidor_create,
    gran_consumidor_ejecutoria,
    gran_consumidor_update,
)
from fronteras.views.comun import autor, galones_texto, secciones

FILTROS = ("q", "departamento", "combustible")
SECCION = "fronteras:grandes-consumidores"


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *access.LECTORES)
    filtros = {k: request.GET.get(k, "").strip() for k in FILTROS}
    combustible = filtros["combustible"] if filtros["combustible"] in Combustible.values else ""
    pagina = paginar(request, gran_consumidor_list(q=filtros["q"], departamento=filtros["departamento"],
                                                   combustible=combustible))
    return render(request, "fronteras/grandes_consumidores.html", {
        "pagina": pagina,
        "filtros": filtros,
        "hay_filtros": any(filtros.values()),
        "departamentos": departamentos(),
        "combustibles": Combustible.choices,
        "puede_registrar": puede(request.user, access.ANALISTAS),
        "secciones": secciones(request, SECCION),
    })


def _historia(gc: GranConsumidor) -> list[dict]:
    filas = []
    registros = RegistroAuditoria.objects.filter(objeto_tipo=GranConsumidor._meta.label_lower,
                                                 objeto_id=str(gc.pk)).order_by("fecha", "id")
    for r in registros:
        d = r.despues or {}
        volumen = d.get("volumen_mensual")
        filas.append({
            "fecha": r.fecha,
            "quien": autor(r),
            "accion": "Registro del gran consumidor" if r.accion == "gran_consumidor.crear" else "Modificación",
            "detalle": f"{galones_texto(volumen)} galones al mes; {d.get('fuente') or 'sin acto'}" if volumen else "",
        })
    return filas


@pagina_protegida
@require_GET
def detalle(request, gran_consumidor_id):
    gc = access.gran_consumidor_access(request.user, gran_consumidor_id)
    hoy = today()
    try:
        volumen, sin_volumen = gran_consumidor_volumen(gran_consumidor=gc, fecha=hoy), ""
    except SinVolumenVigente as exc:
        volumen, sin_volumen = None, exc.detalle
    return render(request, "fronteras/gran_consumidor_detalle.html", {
        "gc": gc,
        "volumen": volumen,
        "sin_volumen": sin_volumen,
        "hoy_texto": fecha_larga(hoy),
        "historia": _historia(gc),
        "puede_editar": puede(request.user, access.ANALISTAS),
        "form_ejecutoria": EjecutoriaForm() if gc.fecha_ejecutoria is None and puede(request.user, access.ANALISTAS)
        else None,
        "secciones": secciones(request, SECCION),
    })


@pagina_protegida
@require_POST
def ejecutoria(request, gran_consumidor_id):
    """F-06 with F-05: the act that assigns the large consumer's volume applies from the day it is final."""
    gc = access.gran_consumidor_access(request.user, gran_consumidor_id)
    require_role(request.user, *access.ANALISTAS)
    form = EjecutoriaForm(request.POST)

    def registrar(**datos):
        return gran_consumidor_ejecutoria(actor=request.user, gran_consumidor=gc, **datos)

    if request.POST.get("confirmado") != "1":
        hecha, rechazo = ensayar(lambda: ejecutar_formulario(form, registrar))
        if hecha:
            fecha = form.cleaned_data["fecha"]
            efecto = (f"El acto «{gc.fuente}» quedará en firme el {fecha_larga(fecha)}: desde ese día {gc.nombre} "
                      f"puede recibir su volumen de {gc.get_combustible_display()}; en ese mes, la parte proporcional "
                      "a los días que faltan (F-05, F-06).")
            accion = reverse("fronteras:gran-consumidor-ejecutoria", args=[gc.id])
            volver = reverse("fronteras:gran-consumidor", args=[gc.id])
            return confirmacion(request, "fronteras/gran_consumidor_confirmar.html", f"Ejecutoria: {gc.nombre}",
                                [efecto], accion, volver, {"gc": gc, "form": form})
    else:
        hecha, rechazo = ejecutar_formulario(form, registrar)
        if hecha:
            messages.success(request, f"El volumen de {gc.nombre} rige desde el {fecha_larga(hecha.fecha_ejecutoria)}.")
    if rechazo:
        messages.error(request, f"No se registró la ejecutoria: {rechazo}")
    elif not hecha:
        messages.error(request, " ".join(e for errores in form.errors.values() for e in errores))
    return redirect("fronteras:gran-consumidor", gran_consumidor_id=gc.id)


def _responder(request, contexto: dict, status: int):
    contexto.setdefault("secciones", secciones(request, SECCION))
    plantilla = "fronteras/_gran_consumidor_form.html" if parcial_htmx(request) else (
        "fronteras/gran_consumidor_form.html")
    return render(request, plantilla, contexto, status=status)


def _guardado(request, gc: GranConsumidor, mensaje: str):
    messages.success(request, mensaje)
    url = reverse("fronteras:gran-consumidor", args=[gc.id])
    return HttpResponseClientRedirect(url) if parcial_htmx(request) else redirect(url)


@pagina_protegida
@require_http_methods(["GET", "POST"])
def nuevo(request):
    """Art. 4: UPME registers a large consumer with the maximum monthly volume its act assigns."""
    require_role(request.user, *access.ANALISTAS)
    contexto = {"titulo": "Registrar un gran consumidor", "boton": "Registrar", "accion": reverse(
        "fronteras:gran-consumidor-nuevo")}
    if request.method == "GET":
        return _responder(request, {**contexto, "form": GranConsumidorForm(initial={"vigente_desde": today()})}, 200)
    form = GranConsumidorForm(request.POST)
    gc, rechazo = ejecutar_formulario(form, lambda **datos: gran_consumidor_create(actor=request.user, **datos))
    if gc is not None:
        return _guardado(request, gc, f"Se registró {gc.nombre} con {galones_texto(gc.volumen_mensual)} galones al "
                                      f"mes de {gc.get_combustible_display()}, desde el "
                                      f"{fecha_larga(gc.vigente_desde)}.")
    if rechazo:
        form.add_error(None, rechazo)
    return _responder(request, {**contexto, "form": form}, 409 if rechazo else 400)


@pagina_protegida
@require_http_methods(["GET", "POST"])
def editar(request, gran_consumidor_id):
    gc = access.gran_consumidor_access(request.user, gran_consumidor_id)
    require_role(request.user, *access.ANALISTAS)
    contexto = {"titulo": f"Modificar {gc.nombre}", "boton": "Guardar los cambios", "gc": gc,
                "accion": reverse("fronteras:gran-consumidor-editar", args=[gc.id])}
    if request.method == "GET":
        inicial = {
            "nombre": gc.nombre, "municipio": gc.municipio.codigo_dane, "combustible": gc.combustible,
            "volumen_mensual": gc.volumen_mensual, "fuente": gc.fuente, "metodologia": gc.metodologia,
            "vigente_desde": gc.vigente_desde, "vigente_hasta": gc.vigente_hasta,
        }
        return _responder(request, {**contexto, "form": GranConsumidorForm(initial=inicial, editar=True)}, 200)
    form = GranConsumidorForm(request.POST, editar=True)
    hecho, rechazo = ejecutar_formulario(
        form, lambda **datos: gran_consumidor_update(actor=request.user, gran_consumidor=gc, **datos))
    if hecho is not None:
        return _guardado(request, hecho, f"Se guardaron los cambios de {hecho.nombre}: "
                                         f"{galones_texto(hecho.volumen_mensual)} galones al mes.")
    if rechazo:
        form.add_error(None, rechazo)
    return _responder(request, {**contexto, "form": form}, 409 if rechazo else 400)
