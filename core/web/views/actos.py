"""«Mis actos» (DOMAIN §8): the acts that concern the person logged in, each with where its procedure stands."""

from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from core import registro
from core.actos import access
from core.actos.models import Interesado, Recurso
from core.comun.fechas import fecha_larga
from core.identidad.roles import Rol
from core.plataforma.red import ip_cliente
from core.vencimientos import calendario
from core.web.views.comun import pagina_protegida, paginar
from core.web.views.limites import limitado_por_direccion

# The persons concerned (not the staff, who follow the acts from each regime's pages and the admin).
LECTORES = (Rol.BENEFICIARIO, Rol.DISTRIBUIDOR, Rol.USUARIO_CARGA, Rol.AGENTE_MARITIMO, Rol.CONFERENCIA)


def estado(interesado: Interesado, hoy) -> str:
    """Where the procedure stands for the person, in a sentence (P-01 to P-04)."""
    en_tramite = [r for r in interesado.recursos.all() if r.estado == Recurso.Estado.EN_TRAMITE]
    if en_tramite:
        recurso = en_tramite[0]
        return (f"Recurso de {recurso.get_tipo_display().lower()} en trámite desde el {fecha_larga(recurso.fecha)}: "
                "el acto no le produce efectos mientras se decide (a más tardar el "
                f"{fecha_larga(recurso.vence_decision)}).")
    if interesado.en_firme_desde is not None and interesado.en_firme_desde <= hoy:
        return f"En firme desde el {fecha_larga(interesado.en_firme_desde)}."
    if interesado.notificacion_fecha is None:
        return "Pendiente de notificación."
    notificado = f"Notificado el {fecha_larga(interesado.notificacion_fecha)}"
    if interesado.vence_recursos is not None and hoy <= interesado.vence_recursos:
        texto = f"{notificado}: puede presentar recursos hasta el {fecha_larga(interesado.vence_recursos)}."
        if interesado.en_firme_desde is not None:
            texto += f" Si no lo hace, quedará en firme el {fecha_larga(interesado.en_firme_desde)}."
        return texto
    if interesado.en_firme_desde is not None:
        return f"{notificado}. Quedará en firme el {fecha_larga(interesado.en_firme_desde)}."
    return f"{notificado}."


@pagina_protegida
def mis_actos(request):
    user = request.user
    filas = (
        Interesado.objects.filter(access._como_interesado(user))
        .select_related("acto").prefetch_related("recursos").order_by("-acto__fecha_expedicion", "-id")
        if user.rol in LECTORES else Interesado.objects.none()
    )
    pagina = paginar(request, filas)
    hoy = calendario.today()
    for interesado in pagina:
        interesado.estado_texto = estado(interesado, hoy)
        interesado.clase = registro.tipo_acto(interesado.acto.tipo).etiqueta
    return render(request, "core/mis_actos.html", {"pagina": pagina})


@require_http_methods(["GET", "POST"])
@limitado_por_direccion("verificacion_pagina")
def notificacion(request, token):
    """P-01: the signed link of an electronic notification. GET shows what the act is and what opening it means;
    POST opens it: the notification is done at that moment (art. 56). No login: the signature is the credential."""
    from core.actos import notificacion as electronica

    try:
        interesado = electronica.interesado_del_enlace(token)
    except electronica.EnlaceInvalido as exc:
        return render(request, "core/aviso.html", {"detalle": exc.args[0]}, status=400)
    if request.method == "POST":
        interesado = electronica.abrir(interesado, ip=ip_cliente(request))
    contexto = {
        "interesado": interesado,
        "acto": interesado.acto,
        "clase": registro.tipo_acto(interesado.acto.tipo).etiqueta,
        "recursos": electronica.recursos_texto(interesado.acto),
        "estado": estado(interesado, calendario.today()),
    }
    return render(request, "core/acto_notificacion.html", contexto)
