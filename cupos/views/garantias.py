"""The analyst's acts on a foreign vessel's standing conditions (R-26): record a guarantee or a landing, call the
guarantee. They call the same services as the API; a form with errors shows the beneficiary page again."""

from functools import partial

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from core.comun.galones import galones_texto
from core.identidad.access import require_role
from core.web.views.comun import intentar, pagina_protegida
from cupos.access import ESCRITORES, beneficiario_access
from cupos.forms import ConvenioForm, DesembarqueForm, EjecutarGarantiaForm, GarantiaForm
from cupos.services.condiciones import (
    convenio_registrar,
    desembarque_registrar,
    garantia_ejecutar,
    garantia_registrar,
)
from cupos.views.beneficiarios import contexto_detalle


def _pagina(beneficiario) -> str:
    ancla = "titulo-convenios" if beneficiario.tipo == beneficiario.Tipo.ARMADA else "titulo-condiciones"
    return f"{reverse('cupos:beneficiario', args=[beneficiario.id])}#{ancla}"


def _hacer(request, beneficiario, form, servicio, exito: str):
    if form.is_valid():
        hecho, rechazo = intentar(form, partial(servicio, actor=request.user, **form.cleaned_data))
        if rechazo is not None:
            messages.error(request, rechazo.detalle)
            return redirect(_pagina(beneficiario))
        if hecho:
            messages.success(request, exito)
            return redirect(_pagina(beneficiario))
    contexto = contexto_detalle(request, beneficiario, condiciones={f"form_{form.prefix}": form})
    return render(request, "cupos/beneficiario_detalle.html", contexto, status=400)


@pagina_protegida
@require_POST
def garantia_nueva(request, beneficiario_id):
    require_role(request.user, *ESCRITORES)
    beneficiario = beneficiario_access(request.user, beneficiario_id)
    servicio = partial(garantia_registrar, beneficiario=beneficiario)
    return _hacer(request, beneficiario, GarantiaForm(request.POST), servicio,
                  "Se registró la garantía bancaria de la nave.")


@pagina_protegida
@require_POST
def convenio_nuevo(request, beneficiario_id):
    """R-27: UPME records the Armada's convenio with its wholesaler."""
    require_role(request.user, *ESCRITORES)
    beneficiario = beneficiario_access(request.user, beneficiario_id)
    servicio = partial(convenio_registrar, beneficiario=beneficiario)
    return _hacer(request, beneficiario, ConvenioForm(request.POST), servicio,
                  "Se registró el convenio de la Armada con su distribuidor mayorista.")


@pagina_protegida
@require_POST
def desembarque_nuevo(request, beneficiario_id):
    require_role(request.user, *ESCRITORES)
    beneficiario = beneficiario_access(request.user, beneficiario_id)
    form = DesembarqueForm(request.POST)
    exito = "Se registró el desembarque."
    if form.is_valid():
        exito = f"Se registró el desembarque de {galones_texto(form.cleaned_data['kg'])} kg."
    return _hacer(request, beneficiario, form, partial(desembarque_registrar, beneficiario=beneficiario), exito)


@pagina_protegida
@require_POST
def garantia_ejecucion(request, beneficiario_id, garantia_id):
    require_role(request.user, *ESCRITORES)
    beneficiario = beneficiario_access(request.user, beneficiario_id)
    garantia = beneficiario.garantias.filter(pk=garantia_id).first()
    if garantia is None:
        messages.error(request, "Esa garantía no es de esta nave.")
        return redirect(_pagina(beneficiario))
    return _hacer(request, beneficiario, EjecutarGarantiaForm(request.POST),
                  partial(garantia_ejecutar, garantia_id=garantia.id),
                  "Se expidió el acto de ejecución de la garantía; se notifica al beneficiario con sus recursos.")
