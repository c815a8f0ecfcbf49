"""{% tabla "caption-x" %}…{% endtabla %}: a data table inside its scrolling region, the one markup every
page uses so that a wide table scrolls on a phone and a keyboard or screen reader user can reach it:

    <div class="desplazable" role="region" aria-labelledby="caption-x" tabindex="0">
    <table class="tabla">…</table>
    </div>

Without the id (`{% tabla filas=… %}`) the table stands alone, not in a scrolling region.
The content is the table's own (its <caption id="caption-x">, <thead>, <tbody>, <tfoot>). Options:
`clase="tabla--ancha"` adds classes to the table; `filas=pagina.object_list` shows the table only when
there are rows, and otherwise what stands after `{% sinfilas %}` (usually <p class="vacio">…</p>):

    {% tabla "caption-cupos" filas=cupos %}
      <caption id="caption-cupos">…</caption> …
    {% sinfilas %}
      <p class="vacio">Este beneficiario aún no tiene cupos otorgados.</p>
    {% endtabla %}

`pagina=pagina` (a page from core.web.views.comun.paginar) stands for `filas=pagina.object_list` and writes the page's
pager after the table (core/_paginacion_consulta.html; `etiqueta="Páginas de …"` names it).
"""

from django import template
from django.template.base import token_kwargs
from django.utils.html import format_html

register = template.Library()

OPCIONES = {"clase", "filas", "pagina", "etiqueta"}
PAGINACION = "core/_paginacion_consulta.html"


class TablaNode(template.Node):
    def __init__(self, rotulo, opciones, contenido, sin_filas):
        self.rotulo = rotulo
        self.opciones = opciones
        self.contenido = contenido
        self.sin_filas = sin_filas

    def render(self, context):
        if "pagina" not in self.opciones:
            filas = self.opciones["filas"].resolve(context) if "filas" in self.opciones else True
            return self.tabla(context, filas)
        pagina = self.opciones["pagina"].resolve(context)
        tabla = self.tabla(context, pagina.object_list)
        valores = {"pagina": pagina}
        if "etiqueta" in self.opciones:
            valores["etiqueta"] = self.opciones["etiqueta"].resolve(context)
        with context.push(**valores):
            return tabla + context.template.engine.get_template(PAGINACION).render(context)

    def tabla(self, context, filas):
        if not filas:
            return self.sin_filas.render(context) if self.sin_filas is not None else ""
        clase = self.opciones["clase"].resolve(context) if "clase" in self.opciones else ""
        clases = f"tabla {clase}" if clase else "tabla"
        tabla = format_html('<table class="{}">{}</table>', clases, self.contenido.render(context))
        if self.rotulo is None:
            return tabla
        return format_html(
            '<div class="desplazable" role="region" aria-labelledby="{}" tabindex="0">\n{}\n</div>',
            self.rotulo.resolve(context),
            tabla,
        )


@register.tag
def tabla(parser, token):
    resto = token.split_contents()[1:]
    rotulo = parser.compile_filter(resto.pop(0)) if resto and "=" not in resto[0] else None
    opciones = token_kwargs(resto, parser, support_legacy=False)
    if resto or not set(opciones) <= OPCIONES:
        raise template.TemplateSyntaxError(f"{{% tabla %}} acepta solo {', '.join(sorted(OPCIONES))}: {token.contents}")
    contenido = parser.parse(("sinfilas", "endtabla"))
    sin_filas = None
    if parser.next_token().contents == "sinfilas":
        if "filas" not in opciones and "pagina" not in opciones:
            raise template.TemplateSyntaxError("{% sinfilas %} va con {% tabla … filas=… %} o pagina=…")
        sin_filas = parser.parse(("endtabla",))
        parser.delete_first_token()
    return TablaNode(rotulo, opciones, contenido, sin_filas)
