"""Art. 15 D1505: the relación of exempt fuel sold that each wholesaler sends Ecopetrol, from its
monthly report in force: the list (Ecopetrol, UPME and auditors see every wholesaler's; a wholesaler
its own), and each relación as XLSX and as a PDF cover."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.forms import periodo_de_texto
from core.views.comun import pagina_protegida, paginar
from distribuidores.access import es_distribuidor, relacion_access
from distribuidores.apis.relaciones import XLSX, descarga, nombre_archivo
from distribuidores.pdf import relacion_pdf
from distribuidores.selectors import relaciones as selectors


@pagina_protegida
@require_GET
def lista(request):
    texto = (request.GET.get("periodo") or "").strip()
    periodo = periodo_de_texto(texto)
    pagina = paginar(request, selectors.relacion_list(user=request.user, periodo=periodo))
    contexto = {
        "pagina": pagina, "periodo": f"{periodo:%Y-%m}" if periodo else "",
        "periodo_invalido": bool(texto) and periodo is None, "ver_distribuidor": not es_distribuidor(request.user),
    }
    return render(request, "distribuidores/relaciones.html", contexto)


@pagina_protegida
@require_GET
def xlsx(request, reporte_id):
    reporte = relacion_access(request.user, reporte_id)
    return descarga(selectors.relacion_xlsx(reporte), XLSX, nombre_archivo(reporte, "xlsx"))


@pagina_protegida
@require_GET
def pdf(request, reporte_id):
    reporte = relacion_access(request.user, reporte_id)
    return descarga(relacion_pdf(reporte), "application/pdf", nombre_archivo(reporte, "pdf"))
