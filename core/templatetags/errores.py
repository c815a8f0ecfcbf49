"""{{ codigo|etiqueta_error }}: the Spanish label of an error code from the apps' catalogues, so a
person never reads the code itself (the API keeps it)."""

from django import template

from core import registro

register = template.Library()


@register.filter
def etiqueta_error(codigo) -> str:
    return registro.etiqueta_error(str(codigo or ""))
