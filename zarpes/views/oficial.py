"""The officer's screen at the capitanía (R-13 to R-17): find the vessel, see its balance, issue
the certificate, and the day's zarpes with the inspector's report. The rules live in
zarpes.services; these views parse what was typed, call the service, and show the result in Spanish.
"""

import dataclasses
from functools import partial

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from core.web.views.comun import confirmacion, ensayar, intentar, pagina_protegida, paginar, parcial_htmx
from cupos.errors import SinCupoVigente
from cupos.models import Beneficiario
from cupos.selectors.condiciones import garantia_hasta
from cupos.selectors.saldos import beneficiario_saldo, retenido_en
from zarpes.access import (
    ROLES_ZARPE,
    capitania_del_oficial,
    nave_access,
    zarpe_access,
    zarpes_visibles,
)
from zarpes.errors import ErrorZarpes
from zarpes.forms import DiaForm, InspeccionForm, ZarpeForm
from zarpes.models import Certificado, Zarpe
from zarpes.selectors import zarpes as zarpe_selectors
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.selectors.inspectores import inspectores_para_informe
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.services.zarpes import garantia_vencida, permiso_vencido, zarpe_request

NAVES_POR_BUSQUEDA = 10
LARGO_BUSQUEDA = 60
# Tokens of the zarpe forms already answered in this session → the zarpe they produced.
SESION_ENVIADOS = "zarpes_formularios_enviados"
ENVIADOS_RECORDADOS = 30


def pagina_oficial(request, *, status: int = 200, **contexto):
    require_role(request.user, *ROLES_ZARPE)
    nave_id, zarpe_id = request.GET.get("nave"), request.GET.get("zarpe")
    if "resultado" not in contexto and "nave" not in contexto:
        if zarpe_id:
            contexto["resultado"] = zarpe_access(request.user, zarpe_id)
        elif nave_id:
            contexto.update(_contexto_panel(nave_access(request.user, nave_id)))
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
    naves, total = zarpe_selectors.nave_search(q=q, limite=NAVES_POR_BUSQUEDA)
    return {"q": q, "naves": naves, "total_naves": total}


def _contexto_panel(nave: Beneficiario, form: ZarpeForm | None = None) -> dict:
    """The vessel's data, its balance today (R-11) and its last certificate (R-14)."""
    hoy = today()
    try:
        saldo, sin_cupo = beneficiario_saldo(beneficiario_id=nave.id, fecha=hoy), ""
        # Issue 43: what counters' holds reserve is not available at this counter.
        saldo = dataclasses.replace(saldo, retenido=retenido_en(cupo_id=saldo.cupo.id))
    except SinCupoVigente as exc:
        saldo, sin_cupo = None, exc.detalle
    ultimo = ultimo_certificado(nave.id)
    baja = zarpe_selectors.nave_baja(nave_id=nave.id, fecha=hoy)
    if form is None:
        form = ZarpeForm(initial={"nave": nave.id, "certificado_anterior": ultimo.numero if ultimo else ""})
    contexto = {"nave": nave, "saldo": saldo, "sin_cupo": sin_cupo, "ultimo": ultimo, "form": form,
                "hoy_texto": fecha_larga(hoy), "baja": baja, "permiso_vencido": permiso_vencido(nave, hoy)}
    if nave.tipo == Beneficiario.Tipo.NAVE_EXTRANJERA:
        contexto["garantia_vencida"] = garantia_vencida(nave, hoy, garantia_hasta(beneficiario_id=nave.id))
    if saldo is not None:
        contexto["ventana_texto"] = f"del {fecha_larga(saldo.ventana.inicio)} al {fecha_larga(saldo.ventana.fin)}"
    return contexto


def _contexto_del_dia(request, dia, formularios: dict) -> dict:
    """The day's zarpes at the officer's capitanía, certified and denied, with report forms."""
    capitania = request.user.capitania
    zarpes_dia = zarpes_visibles(
        request.user, zarpe_selectors.zarpe_list(capitania=capitania.codigo, fecha=dia, con_inspeccion=True)
    )
    pagina = paginar(request, zarpes_dia, por_pagina=50)
    # who may sign a report of that day's zarpes, read once for every row's form.
    inspectores = list(inspectores_para_informe(capitania_id=capitania.id, desde=dia, hasta=today()))
    for zarpe in pagina:
        _preparar_fila(zarpe, formularios.get(zarpe.id), inspectores=inspectores)
    dia_form = DiaForm(request.GET if "dia" in request.GET else None, initial={"dia": dia})
    return {"dia": dia, "dia_texto": fecha_larga(dia), "es_hoy": dia == today(), "pagina_dia": pagina,
            "dia_form": dia_form}


def _preparar_fila(zarpe: Zarpe, form: InspeccionForm | None = None, *, inspectores=None) -> Zarpe:
    zarpe.informe = getattr(zarpe, "inspeccion", None)
    zarpe.form_inspeccion = None
    anulado = zarpe.estado == Zarpe.Estado.CERTIFICADO and zarpe.certificado.estado == Certificado.Estado.ANULADO
    if zarpe.estado == Zarpe.Estado.CERTIFICADO and zarpe.informe is None and not anulado:
        zarpe.form_inspeccion = form or InspeccionForm(zarpe=zarpe, inspectores=inspectores)
    return zarpe


@pagina_protegida
@require_GET
def buscar_naves(request):
    """The live search of the officer's screen: vessels by matrícula or name."""
    require_role(request.user, *ROLES_ZARPE)
    q = request.GET.get("q", "").strip()[:LARGO_BUSQUEDA]
    if not parcial_htmx(request):
        return redirect(f"{reverse('zarpes:lista')}?{request.GET.urlencode()}")
    return render(request, "zarpes/_naves.html", _contexto_busqueda(q))


@pagina_protegida
@require_GET
def panel_nave(request, nave_id):
    require_role(request.user, *ROLES_ZARPE)
    nave = nave_access(request.user, nave_id)
    if not parcial_htmx(request):
        return redirect(f"{reverse('zarpes:lista')}?nave={nave.id}")
    return render(request, "zarpes/_panel_nave.html", _contexto_panel(nave))


@pagina_protegida
@require_POST
def expedir(request):
    """R-13 to R-16 through zarpes.services.zarpes.zarpe_request; a denial is a result, not an error.

    Double submits: htmx disables the button while the request runs and drops a second one, and
    each rendered form carries a one-time token remembered in the session with the zarpe it
    produced, so a repeated POST (double tap without JavaScript, browser resubmit, retry after a
    lost response) shows that zarpe instead of asking again. Two POSTs racing in the same
    instant both miss the session; then R-14 decides under the vessel's row lock: the second
    presents a certificate that is no longer the last one and is refused, so a second
    certificate is never issued.
    """
    require_role(request.user, *ROLES_ZARPE)
    nave = nave_access(request.user, request.POST.get("nave"))
    form = ZarpeForm(request.POST)
    status = 400
    if form.is_valid():
        datos = form.cleaned_data
        anterior = _zarpe_ya_enviado(request, datos["token"])
        if anterior is not None:
            return _mostrar_resultado(request, anterior, repetido=True)
        zarpe, rechazo = intentar(
            form, zarpe_request,
            actor=request.user, nave_id=nave.id, capitania=capitania_del_oficial(request.user).codigo,
            fecha=datos["fecha"], galones_solicitados=datos["galones_solicitados"],
            certificado_anterior=datos["certificado_anterior"] or None,
        )
        if rechazo is not None:
            # a certificate that is not the vessel's last one refuses the request.
            campo = "certificado_anterior" if rechazo.codigo == ErrorZarpes.CERTIFICADO_ANTERIOR_INVALIDO else None
            form.add_error(campo, rechazo.detalle)
            status = rechazo.status_code
        elif zarpe is not None:
            _recordar_envio(request, datos["token"], zarpe.id)
            return _mostrar_resultado(request, zarpe)
    if parcial_htmx(request):
        return render(request, "zarpes/_panel_nave.html", _contexto_panel(nave, form), status=status)
    return pagina_oficial(request, status=status, **_contexto_panel(nave, form))


def _zarpe_ya_enviado(request, token) -> Zarpe | None:
    zarpe_id = request.session.get(SESION_ENVIADOS, {}).get(str(token))
    return zarpe_access(request.user, zarpe_id) if zarpe_id is not None else None


def _recordar_envio(request, token, zarpe_id: int) -> None:
    enviados = dict(request.session.get(SESION_ENVIADOS, {}))
    enviados[str(token)] = zarpe_id
    request.session[SESION_ENVIADOS] = dict(list(enviados.items())[-ENVIADOS_RECORDADOS:])


def _mostrar_resultado(request, zarpe: Zarpe, *, repetido: bool = False):
    url = f"{reverse('zarpes:lista')}?zarpe={zarpe.id}"
    if not parcial_htmx(request):
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
    """R-17 through zarpes.services.inspecciones.zarpe_inspect: the refund, or why there is none."""
    require_role(request.user, *ROLES_ZARPE)
    zarpe = zarpe_access(request.user, zarpe_id)
    form = InspeccionForm(request.POST, zarpe=zarpe)
    status = 400
    if form.is_valid():
        confirmado = request.POST.get("confirmado") == "1"

        def registrar():
            hacer = partial(zarpe_inspect, actor=request.user, zarpe_id=zarpe.id, **form.cleaned_data)
            # Issue 26: the report is final (the refund it makes cannot be undone): first what will happen.
            return hacer() if confirmado else ensayar(hacer)

        informe, exc = intentar(form, registrar)
        if informe is not None and not confirmado:
            return _confirmar_informe(request, zarpe, form, informe)
        if exc is not None and exc.codigo == ErrorZarpes.INSPECCION_MENOR_QUE_VENTA:
            # the officer fixes the gallons typed, next to the field.
            form.add_error("galones_verificados", exc.detalle)
            status = exc.status_code
        # inspeccion_registrada, zarpe_sin_certificado, certificado_anulado: the row offers no form to fix.
        elif exc is not None and parcial_htmx(request):
            fila = _preparar_fila(zarpe_access(request.user, zarpe.id))
            return render(
                request, "zarpes/_fila_del_dia.html", {"z": fila, "aviso": exc.detalle}, status=exc.status_code
            )
        elif exc is not None:
            messages.error(request, exc.detalle)
            return redirect(f"{reverse('zarpes:lista')}?dia={zarpe.fecha:%Y-%m-%d}#zarpe-{zarpe.id}")
        elif informe is not None:
            mensaje = _mensaje_informe(informe)
            if parcial_htmx(request):
                fila = _preparar_fila(zarpe_access(request.user, zarpe.id))
                return render(request, "zarpes/_fila_del_dia.html", {"z": fila, "mensaje": mensaje})
            messages.success(request, mensaje)
            return redirect(f"{reverse('zarpes:lista')}?dia={zarpe.fecha:%Y-%m-%d}#zarpe-{zarpe.id}")
    if parcial_htmx(request):
        return render(request, "zarpes/_fila_del_dia.html", {"z": _preparar_fila(zarpe, form)}, status=status)
    return pagina_oficial(request, status=status, dia=zarpe.fecha, inspecciones={zarpe.id: form})


def _efectos_informe(zarpe, informe) -> list[str]:
    efectos = [
        f"Se registra el informe del inspector del certificado {zarpe.certificado.numero}: "
        f"{galones_texto(informe.galones_verificados)} galones verificados el {fecha_larga(informe.fecha)}.",
        f"Lo firma el inspector designado {informe.inspector} ({informe.inspector.acto_designacion})."
        if informe.inspector else "El informe queda sin inspector designado registrado.",
    ]
    if informe.reintegro > 0:
        efectos.append(
            f"Se reintegran {galones_texto(informe.reintegro)} galones al saldo del cupo de {zarpe.nave.nombre}."
        )
    elif informe.ventana_cerrada:
        efectos.append("La diferencia no se reintegra: la ventana de acumulación del zarpe ya cerró.")
    else:
        efectos.append("Se tomó todo lo autorizado: no hay reintegro.")
    efectos.append("El informe queda registrado y no se puede cambiar después.")
    return efectos


def _confirmar_informe(request, zarpe, form, informe):
    titulo = f"Registrar el informe del inspector del certificado {zarpe.certificado.numero}"
    efectos = _efectos_informe(zarpe, informe)
    volver = f"{reverse('zarpes:lista')}?dia={zarpe.fecha:%Y-%m-%d}#zarpe-{zarpe.id}"
    if parcial_htmx(request):
        fila = _preparar_fila(zarpe, form)
        contexto = {"z": fila, "confirmar": {"titulo": titulo, "efectos": efectos, "volver": volver}}
        return render(request, "zarpes/_fila_del_dia.html", contexto)
    contexto = {"form": form, "zarpe": zarpe}
    return confirmacion(request, "zarpes/inspeccion_confirmar.html", titulo, efectos, request.path, volver, contexto)


def _mensaje_informe(informe) -> str:
    texto = f"Informe registrado: {galones_texto(informe.galones_verificados)} galones verificados."
    if informe.reintegro > 0:
        return f"{texto} Se reintegraron {galones_texto(informe.reintegro)} galones al saldo del cupo."
    if informe.ventana_cerrada:
        return f"{texto} La diferencia no se reintegra: la ventana de acumulación ya cerró (R-17)."
    return f"{texto} Se tomó todo lo autorizado: no hay reintegro."
