"""The analyst's acts on one cupo (R-06 communication, R-09 end of continuation, R-12 and R-24
cancellation, R-12 justified cause), and the accumulation rules in force (R-10).

A legal act with effect goes through a confirmation page that says exactly what will happen; only
the POST that carries `confirmado=1` does it.
"""

import datetime as dt
from functools import partial

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.comun.fechas import mes_largo
from core.comun.numeros import entero
from core.identidad.access import require_role
from core.identidad.segundo_factor import exige_codigo_fresco
from core.vencimientos.calendario import today
from core.web.views.comun import confirmacion, ensayar, intentar, pagina_protegida
from cupos.access import LECTORES, beneficiario_access, cupo_access
from cupos.forms import CancelarCupoForm, CausaJustificadaForm, ComunicacionForm, FinContinuidadForm
from cupos.models import BajaDimar, Cupo
from cupos.pdf import fecha_larga
from cupos.selectors.cupos import regla_list
from cupos.services import continuidad
from cupos.services import cupos as servicios
from cupos.views.beneficiarios import contexto_detalle


def _pagina_del_cupo(cupo) -> str:
    return f"{reverse('cupos:beneficiario', args=[cupo.beneficiario_id])}?cupo={cupo.id}"


def _nombre(cupo) -> str:
    return f"el cupo de la resolución {cupo.resolucion.numero} de {cupo.resolucion.anio} de {cupo.beneficiario.nombre}"


def _con_errores(request, cupo, **formularios):
    """Show the beneficiary page again with the form's errors next to its fields."""
    beneficiario = beneficiario_access(request.user, cupo.beneficiario_id)
    contexto = contexto_detalle(request, beneficiario, cupo_id=cupo.id, **formularios)
    return render(request, "cupos/beneficiario_detalle.html", contexto, status=400)


def _ejecutar(request, cupo, form_class, servicio, exito, efectos=None):
    """Run `servicio(actor, cupo, **the form's data)` from a valid POST: success message, refusal
    message, or the beneficiary page with the form's errors (as `form_<its prefix>`).

    With `efectos` (what the act will do, as sentences) the first POST runs the act in a rolled-back
    transaction and, if the service accepts it, shows the confirmation page: a refusal shows at once.
    """
    form = form_class(request.POST)
    if form.is_valid():
        confirmar = efectos is not None and request.POST.get("confirmado") != "1"
        hacer = partial(servicio, actor=request.user, cupo=cupo, **form.cleaned_data)

        def correr() -> bool:
            if confirmar:
                ensayar(hacer)
            else:
                with transaction.atomic():
                    hacer()
            return True

        hecho, rechazo = intentar(form, correr)
        if rechazo is not None:
            messages.error(request, rechazo.detalle)
            return redirect(_pagina_del_cupo(cupo))
        if hecho and confirmar:
            titulo, volver = form.titulo_confirmacion, _pagina_del_cupo(cupo)
            dice, contexto = efectos(form.cleaned_data), {"cupo": cupo, "form": form}
            return confirmacion(request, "cupos/confirmar.html", titulo, dice, request.path, volver, contexto)
        if hecho:
            messages.success(request, exito(form.cleaned_data))
            return redirect(_pagina_del_cupo(cupo))
    return _con_errores(request, cupo, **{f"form_{form.prefix}": form})


def _inicial_de_baja(request, cupo) -> dict:
    """R-24: the alert of a baja links here; the form starts from Dimar's report."""
    baja_id = entero(request.GET.get("baja", ""))
    baja = BajaDimar.objects.filter(pk=baja_id, beneficiario_id=cupo.beneficiario_id).first() if baja_id else None
    if baja is None:
        return {"fecha": today()}
    return {
        "fecha": today(),  # P-05: the act rules from its own day (and its firmeza), never from the baja's
        "causal": Cupo.Causal.BAJA_DIMAR,
        "soporte": f"Baja reportada por Dimar desde el {fecha_larga(baja.fecha)} "
        f"(novedades de {mes_largo(baja.novedad.periodo)})",
        "motivo": f"Dimar reportó la baja de la nave desde el {fecha_larga(baja.fecha)} "
        f"(novedades de {baja.novedad.periodo:%Y-%m}): {baja.motivo}",
    }


@pagina_protegida
@exige_codigo_fresco()
@require_http_methods(["GET", "POST"])
def cancelar(request, cupo_id):
    """R-12 and R-24: UPME cancels from a date, with a reason; a baja reported by Dimar leads here."""
    cupo = cupo_access(request.user, cupo_id, para_escribir=True)
    if request.method == "GET":
        form = CancelarCupoForm(initial=_inicial_de_baja(request, cupo))
        return render(request, "cupos/cancelar.html", {"cupo": cupo, "form": form, "volver": _pagina_del_cupo(cupo)})
    return _ejecutar(
        request,
        cupo,
        CancelarCupoForm,
        servicios.cupo_cancel,
        lambda datos: f"Se expidió la cancelación del cupo de la resolución {cupo.resolucion.numero} de "
        f"{cupo.resolucion.anio} desde el {fecha_larga(datos['fecha'])}: rige cuando quede en firme, una vez "
        "notificada y vencido el plazo para los recursos.",
        efectos=lambda datos: [
            f"Se expide el acto que cancela {_nombre(cupo)} desde el {fecha_larga(datos['fecha'])}, por la causal "
            f"«{Cupo.Causal(datos['causal']).label}» (soporte: {datos['soporte']}), "
            f"con el motivo: «{datos['motivo']}».",
            "Se notifica al beneficiario, que puede presentar recurso de reposición. La cancelación rige desde "
            "que quede en firme (nunca antes de esa fecha): entonces ya no se puede consumir, no se expiden "
            "certificados ni se registran ventas con cargo a él, y el saldo que quede en su ventana se pierde.",
            "Mientras tanto el cupo sigue vigente. Solo una decisión sobre un recurso puede revocar la cancelación.",
        ],
    )


@pagina_protegida
@exige_codigo_fresco()
@require_POST
def comunicacion(request, cupo_id):
    """R-06: UPME records the day the cupo was communicated to Dimar (official letter)."""
    cupo = cupo_access(request.user, cupo_id, para_escribir=True)

    def efectos(datos):
        inicio = max(cupo.fecha_firmeza or datos["fecha_comunicacion"], datos["fecha_comunicacion"])
        return [
            f"Se registra que {_nombre(cupo)} se comunicó a Dimar el {fecha_larga(datos['fecha_comunicacion'])}.",
            f"El cupo se puede consumir desde el {fecha_larga(inicio)} (la fecha posterior entre su firmeza y su "
            "comunicación); su primer mes se prorratea desde ese día y sus ventanas se cuentan desde ese mes.",
            "El cupo anterior del beneficiario, si lo tiene, queda vigente hasta el día anterior.",
        ]

    def exito(datos):
        return f"Se registró la comunicación a Dimar del {fecha_larga(datos['fecha_comunicacion'])}."

    return _ejecutar(request, cupo, ComunicacionForm, servicios.cupo_record_communication, exito, efectos)


@pagina_protegida
@exige_codigo_fresco()
@require_POST
def fin_continuidad(request, cupo_id):
    """R-09: UPME records that the beneficiary gets no cupo in the new year's resolution."""
    cupo = cupo_access(request.user, cupo_id, para_escribir=True)

    def efectos(datos):
        ultimo = max(datos["fecha"], dt.date(datos["anio"] - 1, 12, 31))
        return [
            f"Se registra que {cupo.beneficiario.nombre} no recibe cupo en la resolución de {datos['anio']}: "
            f"«{datos['motivo']}».",
            f"{_nombre(cupo).capitalize()}, que consume en continuidad, deja de estar vigente al terminar el "
            f"{fecha_larga(ultimo)}. Desde el día siguiente no tiene cupo vigente.",
        ]

    def exito(datos):
        return f"Se registró que no recibe cupo en {datos['anio']}: la continuidad del cupo terminó."

    return _ejecutar(request, cupo, FinContinuidadForm, continuidad.cupo_end_continuation, exito, efectos)


@pagina_protegida
@require_POST
def causa_justificada(request, cupo_id):
    cupo = cupo_access(request.user, cupo_id, para_escribir=True)
    exito = "Se registró la causa justificada de la inactividad del cupo."
    return _ejecutar(request, cupo, CausaJustificadaForm, servicios.cupo_record_justified_cause, lambda _: exito)


@pagina_protegida
@require_GET
def reglas_acumulacion(request):
    """R-10: the accumulation rules as data, with their legal basis and the acuicultora note."""
    require_role(request.user, *LECTORES)
    return render(request, "cupos/reglas_acumulacion.html", {"reglas": regla_list(), "hoy": today()})


def accion_alerta_baja(alerta) -> tuple[str, str] | None:
    """Registered in core (registrar_accion_alerta): the baja alert links to the cupo's cancellation."""
    if alerta.cupo_id is None:
        return None
    periodo, matricula = alerta.referencia.split(":", 1)
    baja = BajaDimar.objects.filter(matricula=matricula, novedad__periodo=f"{periodo}-01").order_by("-id").first()
    consulta = f"?baja={baja.id}" if baja else ""
    return f"{reverse('cupos:cupo-cancelar', args=[alerta.cupo_id])}{consulta}", "Decidir la cancelación del cupo"


def accion_alerta_beneficiario(alerta) -> tuple[str, str] | None:
    if alerta.beneficiario_id is None:
        return None
    return reverse("cupos:beneficiario", args=[alerta.beneficiario_id]), "Ver el beneficiario"

