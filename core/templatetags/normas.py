"""{{ texto|sin_norma }} and {% norma texto %}: a message without its rule codes, and the codes apart in a
small «Norma: …» line (core.comun.normas)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeData, mark_safe

from core.comun import normas as _normas

register = template.Library()


@register.filter
def sin_norma(texto) -> str:
    if texto is None:  # as {{ texto }} shows nothing, not «None»
        return ""
    limpio = _normas.sin_norma(texto)
    # Only codes and brackets go: text that was safe HTML (a help text with <code>) stays safe.
    return mark_safe(limpio) if isinstance(texto, SafeData) else limpio


@register.simple_tag
def norma(*textos) -> str:
    codigos = _normas.normas(" ".join(str(t) for t in textos))
    return format_html(' <span class="norma">Norma: {}</span>', codigos) if codigos else ""
