"""{% capturar nombre %}…{% endcapturar %}: what the block renders, kept in `nombre` for a partial's `with`
when a text has its own {% if %} or variables (Django's include takes only values). Renders nothing itself."""

from django import template

register = template.Library()


class CapturarNode(template.Node):
    def __init__(self, nombre, contenido):
        self.nombre = nombre
        self.contenido = contenido

    def render(self, context):
        context[self.nombre] = self.contenido.render(context)
        return ""


@register.tag
def capturar(parser, token):
    partes = token.split_contents()
    if len(partes) != 2:
        raise template.TemplateSyntaxError("{% capturar nombre %}…{% endcapturar %}")
    contenido = parser.parse(("endcapturar",))
    parser.delete_first_token()
    return CapturarNode(partes[1], contenido)
