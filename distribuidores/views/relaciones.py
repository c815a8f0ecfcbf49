"""Art. 15 D1505: the relación of exempt fuel sold that each wholesaler sends Ecopetrol, from its
monthly report in force: the list (Ecopetrol, UPME and auditors see every wholesaler's; a wholesaler
its own), and each relación as XLSX and as a PDF cover."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from core.comun.errors import ApplicationError, PermisoDenegado
from core.web.forms import periodo_de_texto
from core.web.views.comun import errores_a_mensajes, pagina_protegida, paginar
from distribuidores.access import es_distribuidor, relacion_access
from distribuidores.apis.relaciones import XLSX, descarga, nombre_archivo
from distribuidores.paquetes import relacion_paquete
from distribuidores.pdf import relacion_pdf
from distribuidores.selectors import relaciones as selectors
from distribuidores.services.relaciones import relacion_enviar


@pagina_protegida
@require_GET
def lista(request):
    texto = (request.GET.get("periodo") or "").strip()
    periodo = periodo_de_texto(texto)
    relaciones = selectors.relacion_list(user=request.user, periodo=periodo).prefetch_related("envios")
    pagina = paginar(request, relaciones)
    contexto = {
        "pagina": pagina, "periodo": f"{periodo:%Y-%m}" if periodo else "",
        "periodo_invalido": bool(texto) and periodo is None, "ver_distribuidor": not es_distribuidor(request.user),
        "puede_enviar": es_distribuidor(request.user),
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


@pagina_protegida
@require_GET
def paquete(request, reporte_id):
    """Art. 15: the relación with the copies of the documents (ZIP)."""
    reporte = relacion_access(request.user, reporte_id)
    return descarga(relacion_paquete(reporte), "application/zip", nombre_archivo(reporte, "zip"))


@pagina_protegida
@require_POST
def enviar(request, reporte_id):
    """Art. 15: the wholesaler sends its relación to a producer or importer (distribuidores.services.relaciones)."""
    try:
        envio = relacion_enviar(actor=request.user, reporte_id=reporte_id,
                                destinatario_nit=request.POST.get("destinatario_nit", ""),
                                destinatario=request.POST.get("destinatario", ""))
    except PermisoDenegado:
        raise
    except ApplicationError as exc:
        errores_a_mensajes(request, exc)
    else:
        messages.success(request, f"Se envió la relación a {envio.destinatario} (NIT {envio.destinatario_nit}), "
                                  "con el paquete de copias de los documentos.")
    return redirect("distribuidores:relaciones")
