"""``/zarpes/``: one address, the page of each role: the officer's screen (views/oficial.py), the
list of every zarpe (Dimar, UPME, auditors) or a beneficiary's own certificates (views/certificados.py)."""

from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from core.identidad.access import require_role
from core.web.views.comun import TOPE_CONTEO, pagina_protegida, paginar, parcial_htmx
from zarpes.access import ROLES_LISTA, es_beneficiario, es_oficial, zarpes_visibles
from zarpes.forms import FiltrosZarpesForm
from zarpes.selectors import zarpes as zarpe_selectors
from zarpes.views.certificados import certificados_del_beneficiario
from zarpes.views.oficial import pagina_oficial


@pagina_protegida
@require_GET
def zarpes(request):
    user = request.user
    if es_oficial(user):
        return pagina_oficial(request)
    if es_beneficiario(user):
        return certificados_del_beneficiario(request)
    require_role(user, *ROLES_LISTA)
    return _lista(request)


def _lista(request):
    """Every zarpe, with filters (Dimar, UPME, auditors)."""
    form = FiltrosZarpesForm(request.GET)
    consulta = zarpe_selectors.zarpe_list(**form.filtros(), con_inspeccion=True)
    pagina = paginar(request, zarpes_visibles(request.user, consulta), tope=TOPE_CONTEO)
    for zarpe in pagina:
        zarpe.informe = getattr(zarpe, "inspeccion", None)
    contexto = {"form": form, "pagina": pagina, "hay_filtros": any(request.GET.get(k) for k in form.fields)}
    plantilla = "zarpes/_lista_tabla.html" if parcial_htmx(request) else "zarpes/lista.html"
    respuesta = render(request, plantilla, contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta
