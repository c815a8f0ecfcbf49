"""«Mis actos» (DOMAIN §8): the acts that concern the person logged in, each with where its procedure stands."""

from django.shortcuts import render

from core import registro
from core.actos import access
from core.actos.models import Interesado, Recurso
from core.comun.fechas import fecha_larga
from core.identidad.roles import Rol
from core.vencimientos import calendario
from core.web.views.comun import pagina_protegida, paginar

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
