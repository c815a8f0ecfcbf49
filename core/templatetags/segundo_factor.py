"""{% codigo_verificacion %}: the field «Código de verificación (6 dígitos)» on the confirmation of an act
with legal force, for a user who signs with a second factor, with the error of a wrong code
(core.identidad.segundo_factor). Shown only where the view asks for the code."""

from django import template

from core.identidad import segundo_factor

register = template.Library()


@register.inclusion_tag("core/_codigo_verificacion.html", takes_context=True)
def codigo_verificacion(context):
    request = context.get("request")
    user = getattr(request, "user", None)
    pide = bool(getattr(request, "pide_codigo", False)) and segundo_factor.requiere(user)
    return {
        "pide": pide,
        "campo": segundo_factor.CAMPO,
        "etiqueta": segundo_factor.ETIQUETA,
        "error": getattr(request, "error_codigo", "") if pide else "",
    }
