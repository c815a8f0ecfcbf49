"""{% decision "R-17" %}: a link to the reading of the decree the portal adopted for a rule
(docs/decisiones.md, served at /decisiones/), placed where the rule shows on a page."""

from django import template
from django.urls import reverse
from django.utils.html import format_html

register = template.Library()


def ancla(regla: str) -> str:
    """ "R-17" → "r-17": the id of the rule's entry in docs/decisiones.md."""
    return regla.strip().lower()


@register.simple_tag
def decision(regla: str, texto: str = "") -> str:
    if texto:
        return format_html('<a class="decision" href="{}#{}">{}</a>', reverse("decisiones"), ancla(regla), texto)
    # Without words of its own the link names the rule apart, as a «Norma» note does (issue 26, defect 10).
    return format_html(
        '<a class="decision" href="{}#{}">Lectura adoptada de la norma <span class="norma">{}</span></a>',
        reverse("decisiones"),
        ancla(regla),
        regla,
    )
