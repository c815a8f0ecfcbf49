"""Pages of the zarpes module (R-13 to R-17). The rules live in zarpes.services; these views
parse what was typed, call the service or selector, and show the result in Spanish.

- ``/zarpes/``: by role, the officer's screen (find the vessel, its balance, issue the
  certificate, the day's zarpes with the inspector's report), the list of every zarpe (Dimar,
  UPME, auditors) or a beneficiary's own certificates.
- ``/zarpes/certificados/<numero>/pdf/``: the certificate as PDF.
- ``/verificar/<codigo>/``: the public verification page the certificate's QR opens.
"""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.formats import number_format
from django.views.decorators.http import require_GET, require_POST

from core.access import require_role
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.fechas import fecha_larga
from core.roles import Rol
from cupos.access import beneficiario_access
from cupos.errors import SinCupoVigente
from cupos.models import Beneficiario
from cupos.selectors.beneficiarios import beneficiario_list
from cupos.selectors.saldos import beneficiario_saldo
from zarpes import selectors, services
from zarpes.access import certificado_access, zarpe_access, zarpes_visibles
from zarpes.forms import DiaForm, FiltrosZarpesForm, InspeccionForm, ZarpeForm
from zarpes.models import Zarpe
from zarpes.pdf import certificado_pdf

ROLES_LISTA = (Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR)
POR_PAGINA = 25
NAVES_POR_BUSQUEDA = 10
LARGO_BUSQUEDA = 60
# Tokens of the zarpe forms already answered in this session → the zarpe they produced.
SESION_ENVIADOS = "zarpes_formularios_enviados"
ENVIADOS_RECORDADOS = 30


# --- Shared plumbing ---


def _parcial(request) -> bool:
    """An htmx swap wants only the fragment; a history restore wants the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def _aviso(request, exc: ApplicationError, plantilla: str, status: int):
    if _parcial(request):
        return render(request, "zarpes/_aviso.html", {"detalle": exc.detalle}, status=status)
    if plantilla == "core/prohibido.html":
        messages.error(request, exc.detalle)
    return render(request, plantilla, {"detalle": exc.detalle}, status=status)


def pagina_protegida(vista):
    """Login required; domain errors become Spanish pages (403, 404, 409), never a 500."""

    @wraps(vista)
    def envoltura(request, *args, **kwargs):
        try:
            return vista(request, *args, **kwargs)
        except PermisoDenegado as exc:
            return _aviso(request, exc, "core/prohibido.html", 403)
        except NoEncontrado as exc:
            return _aviso(request, exc, "zarpes/no_encontrado.html", 404)
        except ApplicationError as exc:
            return _aviso(request, exc, "zarpes/aviso.html", exc.status_code)

    return login_required(envoltura)


def _paginar(request, queryset, por_pagina: int = POR_PAGINA):
    return Paginator(queryset, por_pagina).get_page(request.GET.get("page"))


def _errores_al_formulario(form, exc: DatosInvalidos) -> None:
    """A service's field → messages map onto the form, each message next to its field."""
    for campo, mensajes in exc.errores.items():
        visible = campo in form.fields and not form.fields[campo].widget.is_hidden
        for mensaje in mensajes:
            form.add_error(campo if visible else None, mensaje)


def _nave_access(user, nave_id) -> Beneficiario:
    beneficiario = beneficiario_access(user, nave_id)
    if not beneficiario.es_nave:
        raise NoEncontrado("No existe una nave con ese id.")
    return beneficiario


# --- /zarpes/: one address, the page of each role ---


@pagina_protegida
@require_GET
def zarpes(request):
    user = request.user
    if user.rol == Rol.CAPITANIA_OFICIAL:
        return _pagina_oficial(request)
    if user.rol == Rol.BENEFICIARIO:
        return _certificados_del_beneficiario(request)
    require_role(user, *ROLES_LISTA)
    return _lista(request)


# --- The officer's screen ---


def _pagina_oficial(request, *, status: int = 200, **contexto):
    require_role(request.user, *services.ROLES_ZARPE)
    nave_id, zarpe_id = request.GET.get("nave"), request.GET.get("zarpe")
    if "resultado" not in contexto and "nave" not in contexto:
        if zarpe_id:
            contexto["resultado"] = zarpe_access(request.user, zarpe_id)
        elif nave_id:
            contexto.update(_contexto_panel(_nave_access(request.user, nave_id)))
    q = request.GET.get("q", "").strip()[:LARGO_BUSQUEDA]
    elegido = contexto.pop("dia", None)
    if elegido is None:
        elegido = DiaForm(request.GET if "dia" in request.GET else None).dia_elegido()
    contexto.update(_contexto_busqueda(q))
    contexto.update(_contexto_del_dia(request, elegido, contexto.pop("inspecciones", {})))
    contexto.update(capitania=request.user.capitania, hoy_texto=fecha_larga(today()))
    return render(request, "zarpes/oficial.html", contexto, status=status)


def _contexto_busqueda(q: str) -> dict:
    if len(q) < 2:
        return {"q": q, "naves": None}
    # Only vessels clear a port: acuicultoras and the Armada buy without a zarpe.
    encontradas = beneficiario_list(q=q).filter(tipo__in=Beneficiario.TIPOS_NAVE)
    naves = list(encontradas[: NAVES_POR_BUSQUEDA + 1])
    total = len(naves) if len(naves) <= NAVES_POR_BUSQUEDA else encontradas.count()
    return {"q": q, "naves": naves[:NAVES_POR_BUSQUEDA], "total_naves": total}


def _contexto_panel(nave: Beneficiario, form: ZarpeForm | None = None) -> dict:
    """The vessel's data, its balance today (R-11) and its last certificate (R-14)."""
    hoy = today()
    try:
        saldo, sin_cupo = beneficiario_saldo(beneficiario_id=nave.id, fecha=hoy), ""
    except SinCupoVigente as exc:
        saldo, sin_cupo = None, exc.detalle
    ultimo = services.ultimo_certificado(nave.id)
    if form is None:
        form = ZarpeForm(initial={"nave": nave.id, "certificado_anterior": ultimo.numero if ultimo else ""})
    contexto = {"nave": nave, "saldo": saldo, "sin_cupo": sin_cupo, "ultimo": ultimo, "form": form,
                "hoy_texto": fecha_larga(hoy)}
    if saldo is not None:
        contexto["ventana_texto"] = f"del {fecha_larga(saldo.ventana.inicio)} al {fecha_larga(saldo.ventana.fin)}"
    return contexto


def _contexto_del_dia(request, dia, formularios: dict) -> dict:
    """The day's zarpes at the officer's capitanía, certified and denied, with report forms."""
    capitania = request.user.capitania
    zarpes_dia = zarpes_visibles(
        request.user, selectors.zarpe_list(capitania=capitania.codigo, fecha=dia).select_related("inspeccion")
    )
    pagina = _paginar(request, zarpes_dia, por_pagina=50)
    for zarpe in pagina:
        _preparar_fila(zarpe, formularios.get(zarpe.id))
    dia_form = DiaForm(request.GET if "dia" in request.GET else None, initial={"dia": dia})
    return {"dia": dia, "dia_texto": fecha_larga(dia), "es_hoy": dia == today(), "pagina_dia": pagina,
            "dia_form": dia_form}


def _preparar_fila(zarpe: Zarpe, form: InspeccionForm | None = None) -> Zarpe:
    zarpe.informe = getattr(zarpe, "inspeccion", None)
    zarpe.form_inspeccion = None
    if zarpe.estado == Zarpe.Estado.CERTIFICADO and zarpe.informe is None:
        zarpe.form_inspeccion = form or InspeccionForm(zarpe=zarpe)
    return zarpe


@pagina_protegida
@require_GET
def buscar_naves(request):
    """The live search of the officer's screen: vessels by matrícula or name."""
    require_role(request.user, *services.ROLES_ZARPE)
    q = request.GET.get("q", "").strip()[:LARGO_BUSQUEDA]
    if not _parcial(request):
        return redirect(f"{reverse('zarpes')}?{request.GET.urlencode()}")
    return render(request, "zarpes/_naves.html", _contexto_busqueda(q))


@pagina_protegida
@require_GET
def panel_nave(request, nave_id):
    require_role(request.user, *services.ROLES_ZARPE)
    nave = _nave_access(request.user, nave_id)
    if not _parcial(request):
        return redirect(f"{reverse('zarpes')}?nave={nave.id}")
    return render(request, "zarpes/_panel_nave.html", _contexto_panel(nave))


@pagina_protegida
@require_POST
def expedir(request):
    """R-13 to R-16 through zarpes.services.zarpe_request; a denial is a result, not an error.

    Double submits: htmx disables the button while the request runs and drops a second one, and
    each rendered form carries a one-time token remembered in the session with the zarpe it
    produced, so a repeated POST (double tap without JavaScript, browser resubmit, retry after a
    lost response) shows that zarpe instead of asking again. Two POSTs racing in the same
    instant both miss the session; then R-14 decides under the vessel's row lock: the second
    presents a certificate that is no longer the last one and is refused, so a second
    certificate is never issued.
    """
    require_role(request.user, *services.ROLES_ZARPE)
    nave = _nave_access(request.user, request.POST.get("nave"))
    form = ZarpeForm(request.POST)
    status = 400
    if form.is_valid():
        datos = form.cleaned_data
        anterior = _zarpe_ya_enviado(request, datos["token"])
        if anterior is not None:
            return _mostrar_resultado(request, anterior, repetido=True)
        try:
            zarpe = services.zarpe_request(
                actor=request.user, nave_id=nave.id, capitania=_capitania_del_oficial(request.user).codigo,
                fecha=datos["fecha"], galones_solicitados=datos["galones_solicitados"],
                certificado_anterior=datos["certificado_anterior"] or None,
            )
        except (PermisoDenegado, NoEncontrado):
            raise
        except DatosInvalidos as exc:
            _errores_al_formulario(form, exc)
        except ApplicationError as exc:
            # a certificate that is not the vessel's last one refuses the request.
            campo = "certificado_anterior" if exc.codigo == "certificado_anterior_invalido" else None
            form.add_error(campo, exc.detalle)
            status = exc.status_code
        else:
            _recordar_envio(request, datos["token"], zarpe.id)
            return _mostrar_resultado(request, zarpe)
    if _parcial(request):
        return render(request, "zarpes/_panel_nave.html", _contexto_panel(nave, form), status=status)
    return _pagina_oficial(request, status=status, **_contexto_panel(nave, form))


def _capitania_del_oficial(user):
    """Certificates are issued at the officer's own capitanía (an administrator has none)."""
    if user.capitania is None:
        raise PermisoDenegado("Solo un oficial con capitanía asignada expide certificados de cupo de exención.")
    return user.capitania


def _zarpe_ya_enviado(request, token) -> Zarpe | None:
    zarpe_id = request.session.get(SESION_ENVIADOS, {}).get(str(token))
    return zarpe_access(request.user, zarpe_id) if zarpe_id is not None else None


def _recordar_envio(request, token, zarpe_id: int) -> None:
    enviados = dict(request.session.get(SESION_ENVIADOS, {}))
    enviados[str(token)] = zarpe_id
    request.session[SESION_ENVIADOS] = dict(list(enviados.items())[-ENVIADOS_RECORDADOS:])


def _mostrar_resultado(request, zarpe: Zarpe, *, repetido: bool = False):
    url = f"{reverse('zarpes')}?zarpe={zarpe.id}"
    if not _parcial(request):
        # Post/redirect/get: reloading the result page never sends the form again.
        if repetido:
            messages.info(request, "Esta solicitud ya se había registrado: se muestra su resultado. "
                                   "No se expidió otro certificado.")
        return redirect(url)
    contexto = {"resultado": zarpe, "repetido": repetido, "oob": True}
    contexto.update(_contexto_del_dia(request, zarpe.fecha, {}), capitania=request.user.capitania)
    respuesta = render(request, "zarpes/_resultado_con_dia.html", contexto)
    respuesta["HX-Push-Url"] = url
    return respuesta


@pagina_protegida
@require_POST
def inspeccion(request, zarpe_id):
    """R-17 through zarpes.services.zarpe_inspect: the refund, or why there is none."""
    require_role(request.user, *services.ROLES_ZARPE)
    zarpe = zarpe_access(request.user, zarpe_id)
    form = InspeccionForm(request.POST, zarpe=zarpe)
    if form.is_valid():
        try:
            informe = services.zarpe_inspect(
                actor=request.user, zarpe_id=zarpe.id, fecha=form.cleaned_data["fecha"],
                galones_verificados=form.cleaned_data["galones_verificados"],
            )
        except (PermisoDenegado, NoEncontrado):
            raise
        except DatosInvalidos as exc:
            _errores_al_formulario(form, exc)
        except ApplicationError as exc:
            # inspeccion_registrada, zarpe_sin_certificado: the row offers no form to fix.
            if _parcial(request):
                fila = _preparar_fila(zarpe_access(request.user, zarpe.id))
                return render(request, "zarpes/_fila_del_dia.html", {"z": fila, "aviso": exc.detalle},
                              status=exc.status_code)
            messages.error(request, exc.detalle)
            return redirect(f"{reverse('zarpes')}?dia={zarpe.fecha:%Y-%m-%d}#zarpe-{zarpe.id}")
        else:
            mensaje = _mensaje_informe(informe)
            if _parcial(request):
                fila = _preparar_fila(zarpe_access(request.user, zarpe.id))
                return render(request, "zarpes/_fila_del_dia.html", {"z": fila, "mensaje": mensaje})
            messages.success(request, mensaje)
            return redirect(f"{reverse('zarpes')}?dia={zarpe.fecha:%Y-%m-%d}#zarpe-{zarpe.id}")
    if _parcial(request):
        return render(request, "zarpes/_fila_del_dia.html", {"z": _preparar_fila(zarpe, form)}, status=400)
    return _pagina_oficial(request, status=400, dia=zarpe.fecha, inspecciones={zarpe.id: form})


def _gal(valor) -> str:
    return number_format(valor, decimal_pos=2, force_grouping=True)


def _mensaje_informe(informe) -> str:
    texto = f"Informe registrado: {_gal(informe.galones_verificados)} galones verificados."
    if informe.reintegro > 0:
        return f"{texto} Se reintegraron {_gal(informe.reintegro)} galones al saldo del cupo."
    if informe.ventana_cerrada:
        return f"{texto} La diferencia no se reintegra: la ventana de acumulación ya cerró (R-17)."
    return f"{texto} Se tomó todo lo autorizado: no hay reintegro."


# --- Readers: every zarpe (Dimar, UPME, auditors) ---


def _lista(request):
    form = FiltrosZarpesForm(request.GET)
    filtros = form.filtros()
    matricula = filtros.pop("matricula")
    consulta = selectors.zarpe_list(**filtros).select_related("inspeccion")
    if matricula:
        consulta = consulta.filter(nave__matricula__icontains=matricula)
    pagina = _paginar(request, zarpes_visibles(request.user, consulta))
    for zarpe in pagina:
        zarpe.informe = getattr(zarpe, "inspeccion", None)
    contexto = {"form": form, "pagina": pagina, "hay_filtros": any(request.GET.get(k) for k in form.fields)}
    plantilla = "zarpes/_lista_tabla.html" if _parcial(request) else "zarpes/lista.html"
    respuesta = render(request, plantilla, contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


# --- A beneficiary's own certificates ---


def _certificados_del_beneficiario(request):
    require_role(request.user, Rol.BENEFICIARIO)
    propios = zarpes_visibles(request.user, selectors.zarpe_list(estado=Zarpe.Estado.CERTIFICADO))
    return render(request, "zarpes/certificados.html", {"pagina": _paginar(request, propios)})


# --- Documents ---


@pagina_protegida
@require_GET
def certificado_documento(request, numero):
    """R-16: the printable certificate with its QR code (scope: zarpes.access.certificado_access)."""
    certificado = certificado_access(request.user, numero)
    respuesta = HttpResponse(certificado_pdf(certificado), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="certificado-{certificado.numero}.pdf"'
    return respuesta


@require_GET
def verificar(request, codigo):
    """Public, no login: shows only the certificate's number, vessel matrícula, gallons, date, state."""
    certificado = selectors.certificado_por_codigo(codigo)
    return render(
        request, "zarpes/verificar.html", {"certificado": certificado, "codigo": codigo},
        status=200 if certificado else 404,
    )
