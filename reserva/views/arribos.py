"""The agent's arrivals with their two deadlines (C-08): notice, manifest, bills by form or file."""

from functools import partial

from django.contrib import messages
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.archivos.tablas import ArchivoRechazado
from core.comun.errors import ApplicationError
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from core.web.views.comun import ejecutar, pagina_protegida, puede
from reserva import access, archivo_conocimientos
from reserva.forms import ArchivoConocimientosForm, ArriboForm, ConocimientoForm, SobordoForm
from reserva.selectors import arribos as selectors
from reserva.selectors import registros
from reserva.services import arribos as services
from reserva.services import conocimientos
from reserva.views.comun import lista_con_alta, secciones


def _form_arribo(request, data=None):
    return ArriboForm(data, naves=registros.nave_list()[:500], rutas=registros.ruta_list())


@pagina_protegida
@require_http_methods(["GET", "POST"])
def lista(request):
    def notificado(arribo):
        messages.success(
            request,
            f"Arribo notificado. Sobordo a más tardar el {fecha_larga(arribo.vence_sobordo)}; "
            f"conocimientos el {fecha_larga(arribo.vence_conocimientos)}.",
        )
        return redirect("reserva:arribo", arribo.pk)

    return lista_con_alta(
        request,
        "arribos",
        lectores=access.LECTORES_ARRIBOS,
        creadores=access.AGENTES,
        formulario=lambda datos: _form_arribo(request, datos),
        alta=partial(services.arribo_notify, actor=request.user, agencia_nit=request.user.agencia_nit or ""),
        tras_alta=notificado,
        filas=selectors.arribo_list(user=request.user),
        contexto={
            "hoy": today(),
        },
    )


def _detalle(request, arribo, status=200, **forms):
    es_agente = puede(request.user, access.AGENTES)
    contexto = {
        "arribo": arribo,
        "hoy": today(),
        "secciones": secciones(request, "reserva:arribos"),
        "conocimientos": selectors.conocimiento_list(user=request.user, arribo=arribo),
        "es_agente": es_agente,
        "columnas": archivo_conocimientos.COLUMNAS,
        "form_conocimiento": forms.get("conocimiento") or (ConocimientoForm() if es_agente else None),
        "form_sobordo": forms.get("sobordo") or (SobordoForm() if es_agente else None),
        "form_archivo": forms.get("archivo") or (ArchivoConocimientosForm() if es_agente else None),
        "errores_archivo": forms.get("errores_archivo", []),
    }
    return render(request, "reserva/arribo.html", contexto, status=status)


@pagina_protegida
@require_GET
def detalle(request, arribo_id):
    return _detalle(request, access.arribo_access(request.user, arribo_id))


def _accion(request, arribo_id, form_class, clave: str, hacer):
    """An agent's act on the arrival's page: `hacer(form, arribo)` runs it through `ejecutar` and gives the
    answer, or None to show the page again with the form `clave` and its errors."""
    require_role(request.user, *access.AGENTES)
    arribo = access.arribo_access(request.user, arribo_id)
    form = form_class(request.POST, request.FILES)
    respuesta = hacer(form, arribo) if form.is_valid() else None
    return respuesta or _detalle(request, arribo, status=400, **{clave: form})


@pagina_protegida
@require_POST
def conocimiento(request, arribo_id):
    def hacer(form, arribo):
        datos = form.cleaned_data
        if ejecutar(form, conocimientos.conocimiento_register, actor=request.user, arribo=arribo.pk, **datos):
            messages.success(request, f"Conocimiento {datos['numero']} registrado.")
            return redirect("reserva:arribo", arribo.pk)
        return None

    return _accion(request, arribo_id, ConocimientoForm, "conocimiento", hacer)


@pagina_protegida
@require_POST
def sobordo(request, arribo_id):
    def hacer(form, arribo):
        hecho = ejecutar(form, services.sobordo_present, actor=request.user, arribo=arribo, **form.cleaned_data)
        if hecho is None:
            return None
        messages.success(request, f"Sobordo presentado{' (extemporáneo)' if hecho.sobordo_extemporaneo else ''}.")
        return redirect("reserva:arribo", arribo.pk)

    return _accion(request, arribo_id, SobordoForm, "sobordo", hacer)


@pagina_protegida
@require_POST
def archivo(request, arribo_id):
    require_role(request.user, *access.AGENTES)
    arribo = access.arribo_access(request.user, arribo_id)
    form = ArchivoConocimientosForm(request.POST, request.FILES)
    errores = []
    if form.is_valid():
        try:
            filas = archivo_conocimientos.leer(form.cleaned_data["archivo"])
            creados = conocimientos.conocimientos_import(actor=request.user, arribo=arribo, filas=filas)
        except ArchivoRechazado as exc:
            form.add_error("archivo", exc.mensaje)
        except ApplicationError as exc:
            if exc.status_code in (403, 404):
                raise
            form.add_error("archivo", exc.detalle)
            errores = exc.extra.get("errores", [])
        else:
            messages.success(request, f"Se registraron {len(creados)} conocimientos.")
            return redirect("reserva:arribo", arribo.pk)
    return _detalle(request, arribo, status=400, archivo=form, errores_archivo=errores)


@pagina_protegida
@require_GET
def sobordo_archivo(request, arribo_id):
    arribo = access.arribo_access(request.user, arribo_id)
    if not arribo.sobordo:
        from django.http import Http404

        raise Http404("Este arribo no tiene sobordo.")
    return FileResponse(arribo.sobordo.open("rb"), as_attachment=True, filename=arribo.sobordo_nombre or "sobordo")


@pagina_protegida
@require_GET
def plantilla(request):
    from django.http import HttpResponse

    require_role(request.user, *access.AGENTES)
    respuesta = HttpResponse(archivo_conocimientos.plantilla_csv(), content_type="text/csv; charset=utf-8")
    respuesta["Content-Disposition"] = 'attachment; filename="plantilla-conocimientos.csv"'
    return respuesta
