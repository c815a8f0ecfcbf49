"""Pages for UPME's decision on cupos unused for over 3 months (R-12)."""

import datetime as dt
from functools import partial

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse

from core.comun.errors import ApplicationError, PermisoDenegado
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.identidad.segundo_factor import exige_codigo_fresco
from core.web.views.comun import confirmacion, ensayar, errores_a_mensajes, pagina_protegida, paginar
from cupos.access import ANALISTAS, alerta_inactividad_access, es_analista
from cupos.selectors.inactividad import alertas_de_inactividad
from cupos.services.inactividad import cupo_inactividad_decidir


@pagina_protegida
def inactivos(request):
    require_role(request.user, *ANALISTAS)
    pagina = paginar(request, alertas_de_inactividad())
    return render(request, "cupos/inactivos.html", {"pagina": pagina, "puede_decidir": es_analista(request.user)})


@pagina_protegida
@exige_codigo_fresco()
def inactivo_decidir(request, alerta_id):
    """R-12: UPME may cancel with a reason, or record a justified cause. The portal never cancels alone."""
    alerta = alerta_inactividad_access(request.user, alerta_id)
    if request.method != "POST":
        return redirect("cupos:inactivos")
    accion = request.POST.get("accion", "")
    confirmar = accion == "cancelar" and request.POST.get("confirmado") != "1"
    try:
        fecha_texto = request.POST.get("fecha", "")
        fecha = dt.date.fromisoformat(fecha_texto) if fecha_texto else None
        # Cancelling is a legal act: a dry run (rolled back) shows a refusal at once; otherwise the page says
        # what will happen and asks to confirm.
        decidir = partial(
            cupo_inactividad_decidir,
            actor=request.user, alerta=alerta, accion=accion, motivo=request.POST.get("motivo", ""), fecha=fecha,
            soporte=request.POST.get("soporte", ""),
        )
        if confirmar:
            ensayar(decidir)
        else:
            with transaction.atomic():
                decidir()
    except ValueError:
        messages.error(request, "Indique la fecha de cancelación (AAAA-MM-DD).")
    except PermisoDenegado:
        raise
    except ApplicationError as exc:
        errores_a_mensajes(request, exc)
    else:
        if confirmar:
            efecto = (
                f"Se expide el acto que cancela el cupo de {alerta.beneficiario} desde el {fecha_larga(fecha)}. Rige "
                "cuando quede en firme, una vez notificado y vencido el plazo para el recurso de reposición; desde "
                "entonces no se expiden certificados ni se venden galones exentos con él (R-12)."
                if fecha else f"Se expide el acto que cancela el cupo de {alerta.beneficiario} (R-12)."
            )
            titulo = f"Cancelar el cupo de {alerta.beneficiario}"
            accion = reverse("cupos:inactivo-decidir", args=[alerta.id])
            contexto = {"alerta": alerta, "datos": request.POST}
            volver = reverse("cupos:inactivos")
            return confirmacion(request, "cupos/inactivo_confirmar.html", titulo, [efecto], accion, volver, contexto)
        messages.success(request, f"Decisión registrada sobre el cupo de {alerta.beneficiario}.")
    return redirect("cupos:inactivos")
