"""Ecopetrol's distribution contracts in border municipalities (F-01): the list, with each contract's tier in the
decree's order of prelación, and Ecopetrol's form to record one. Only a contracted distributor records deliveries."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.web.views.comun import ejecutar_formulario, pagina_protegida, paginar, puede
from fronteras import access
from fronteras.forms import ContratoEcopetrolForm
from fronteras.selectors.contratos import contrato_list
from fronteras.services.contratos import contrato_ecopetrol_register
from fronteras.views.comun import secciones

SECCION = "fronteras:contratos"


@pagina_protegida
@require_http_methods(["GET", "POST"])
def lista(request):
    require_role(request.user, *access.LECTORES)
    puede_registrar = puede(request.user, access.CONTRATANTES)
    form, status = None, 200
    if puede_registrar:
        form = ContratoEcopetrolForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        require_role(request.user, *access.CONTRATANTES)
        contrato, rechazo = ejecutar_formulario(
            form, lambda **datos: contrato_ecopetrol_register(actor=request.user, **datos))
        if contrato is not None:
            messages.success(
                request,
                f"Se registró el contrato de {contrato.distribuidor.razon_social} en {contrato.municipio.nombre} "
                f"({contrato.get_prioridad_display()}), vigente desde el {fecha_larga(contrato.vigente_desde)}.",
            )
            return redirect(SECCION)
        if rechazo:
            form.add_error(None, rechazo)
        status = 409 if rechazo else 400
    return render(request, "fronteras/contratos.html", {
        "form": form,
        "pagina": paginar(request, contrato_list(user=request.user)),
        "secciones": secciones(request, SECCION),
    }, status=status)
