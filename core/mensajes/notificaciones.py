"""E-mail about alerts, in Spanish: one daily digest per responsible user, never one mail per alert
(a national run of the deadline checks raises thousands of alerts of one kind in a morning)."""

from django.conf import settings
from django.core.mail import send_mail
from django.db.models import Count, Min, Q
from django.utils import timezone

from core import registro
from core.comun.fechas import fecha_larga
from core.identidad.roles import Rol
from core.models import Alerta, Usuario


def _responsables(usuario: Usuario, alertas):
    """The alerts `usuario` answers for (the same rule as who is mailed): its wholesaler's, its
    vessel's when the beneficiary must act, its agency's or company's NIT (reserva de carga), or those
    addressed to its role."""
    if usuario.rol == Rol.DISTRIBUIDOR:
        return alertas.filter(distribuidor_id=usuario.distribuidor_id)
    if usuario.rol == Rol.BENEFICIARIO:
        return alertas.filter(beneficiario_id=usuario.beneficiario_id, rol_responsable=Rol.BENEFICIARIO)
    if usuario.rol == Rol.AGENTE_MARITIMO:
        return alertas.filter(nit_responsable=usuario.agencia_nit) if usuario.agencia_nit else alertas.none()
    if usuario.rol == Rol.USUARIO_CARGA:
        return alertas.filter(nit_responsable=usuario.nit) if usuario.nit else alertas.none()
    return alertas.filter(distribuidor__isnull=True, rol_responsable=usuario.rol).exclude(
        Q(beneficiario__isnull=False) & Q(rol_responsable=Rol.BENEFICIARIO)
    )


def alertas_resumen_enviar() -> int:
    """Mail each responsible user one digest of the open alerts not yet notified; mark them notified.

    Returns how many e-mails were sent. Alerts raised while it runs wait for the next digest.
    """
    ultima = Alerta.objects.order_by("-id").values_list("id", flat=True).first()
    if ultima is None:
        return 0
    pendientes = Alerta.objects.filter(id__lte=ultima, notificada__isnull=True, resuelta__isnull=True)
    enviados = 0
    portal = settings.PORTAL_URL_PUBLICA.rstrip("/")
    for usuario in Usuario.objects.filter(is_active=True).exclude(email="").exclude(rol=""):
        suyas = _responsables(usuario, pendientes).values("tipo")
        grupos = list(suyas.annotate(n=Count("id"), plazo=Min("vence")).order_by("plazo"))
        if not grupos:
            continue
        total = sum(g["n"] for g in grupos)
        lineas = [
            f"- {registro.etiqueta_alerta(g['tipo'])}: {g['n']}"
            f" (el plazo más antiguo venció el {fecha_larga(g['plazo'])})"
            for g in grupos
        ]
        cuerpo = (
            f"Tiene {total} alerta{'s' if total != 1 else ''} de plazos nueva{'s' if total != 1 else ''}:\n\n"
            + "\n".join(lineas)
            + f"\n\nConsúltelas, agrupadas por tipo y mes, en {portal}/alertas/\n\n"
            "Este resumen diario lo envía automáticamente el Portal de Cupos de Combustible Exento."
        )
        asunto = f"[Portal de cupos UPME] Resumen de alertas: {total} nueva{'s' if total != 1 else ''}"
        enviados += send_mail(asunto, cuerpo, settings.DEFAULT_FROM_EMAIL, [usuario.email])
    pendientes.update(notificada=timezone.now())
    return enviados
