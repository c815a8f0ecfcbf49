"""Upload of the stations' purchase history (F-03) from CSV or XLSX, and its templates."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods

from core.comun.errors import ApplicationError
from core.identidad.access import require_role
from core.web.views.comun import pagina_protegida
from fronteras import access
from fronteras.forms import CargaComprasForm
from fronteras.services.compras import compras_import
from fronteras.services.compras_archivo import COLUMNAS, plantilla_csv, plantilla_xlsx
from fronteras.views.comun import secciones

TIPOS = {
    "csv": ("text/csv; charset=utf-8", plantilla_csv),
    "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", plantilla_xlsx),
}


@pagina_protegida
@require_http_methods(["GET", "POST"])
def cargar(request):
    require_role(request.user, *access.REGISTRO_COMPRAS)
    form = CargaComprasForm(request.POST, request.FILES) if request.method == "POST" else CargaComprasForm()
    resultado, status = None, 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            archivo = form.cleaned_data["archivo"]
            try:
                resultado = compras_import(actor=request.user, archivo=archivo, nombre=archivo.name[:100],
                                           fuente=form.cleaned_data["fuente"])
            except ApplicationError as exc:
                if exc.status_code in (403, 404):
                    raise
                form.add_error("archivo", exc.detalle)
            else:
                status = 200 if resultado.valido else 400
                if resultado.valido:
                    form = CargaComprasForm()
    return render(request, "fronteras/compras_cargar.html", {
        "form": form,
        "resultado": resultado,
        "columnas": COLUMNAS,
        "secciones": secciones(request, "fronteras:compras-cargar"),
    }, status=status)


@pagina_protegida
@require_GET
def plantilla(request, formato):
    require_role(request.user, *access.REGISTRO_COMPRAS)
    if formato not in TIPOS:
        raise Http404("Plantilla desconocida.")
    tipo, generar = TIPOS[formato]
    respuesta = HttpResponse(generar(), content_type=tipo)
    respuesta["Content-Disposition"] = f'attachment; filename="plantilla-compras-fronteras.{formato}"'
    return respuesta
