"""The analyst's actions on one cupo: cancellation and justified cause of inactivity (R-12)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from core.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.views.comun import errores_al_formulario, pagina_protegida
from cupos.access import beneficiario_access, cupo_access
from cupos.forms import CancelarCupoForm, CausaJustificadaForm
from cupos.pdf import fecha_larga
from cupos.services import cupos as servicios
from cupos.views.beneficiarios import contexto_detalle


def _pagina_del_cupo(cupo) -> str:
    return f"{reverse('cupos:beneficiario', args=[cupo.beneficiario_id])}?cupo={cupo.id}"


def _con_errores(request, cupo, **formularios):
    """Show the beneficiary page again with the form's errors next to its fields."""
    beneficiario = beneficiario_access(request.user, cupo.beneficiario_id)
    contexto = contexto_detalle(request, beneficiario, cupo_id=cupo.id, **formularios)
    return render(request, "cupos/beneficiario_detalle.html", contexto, status=400)


def _ejecutar(request, cupo, form, accion, exito, nombre_form: str):
    """Run a cupo action from a valid form: success message, refusal message, or the form's errors."""
    if form.is_valid():
        try:
            accion(form.cleaned_data)
        except (PermisoDenegado, NoEncontrado):
            raise
        except DatosInvalidos as exc:
            errores_al_formulario(form, exc)
        except ApplicationError as exc:
            messages.error(request, exc.detalle)
            return redirect(_pagina_del_cupo(cupo))
        else:
            messages.success(request, exito(form.cleaned_data))
            return redirect(_pagina_del_cupo(cupo))
    return _con_errores(request, cupo, **{nombre_form: form})


@pagina_protegida
@require_POST
def cancelar(request, cupo_id):
    cupo = cupo_access(request.user, cupo_id, para_escribir=True)
    return _ejecutar(
        request,
        cupo,
        CancelarCupoForm(request.POST),
        lambda datos: servicios.cupo_cancel(actor=request.user, cupo=cupo, **datos),
        lambda datos: f"El cupo de la resolución {cupo.resolucion.numero} de {cupo.resolucion.anio} quedó cancelado "
        f"desde el {fecha_larga(datos['fecha'])}.",
        "form_cancelar",
    )


@pagina_protegida
@require_POST
def causa_justificada(request, cupo_id):
    cupo = cupo_access(request.user, cupo_id, para_escribir=True)
    return _ejecutar(
        request,
        cupo,
        CausaJustificadaForm(request.POST),
        lambda datos: servicios.cupo_record_justified_cause(actor=request.user, cupo=cupo, causa=datos["causa"]),
        lambda datos: "Se registró la causa justificada de la inactividad del cupo.",
        "form_causa",
    )
