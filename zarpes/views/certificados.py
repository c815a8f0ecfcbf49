"""A beneficiary's own certificates, and the printable certificate (R-16)."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.access import require_role
from core.views.comun import pagina_protegida, paginar
from zarpes.access import ROLES_CERTIFICADOS_PROPIOS, certificado_access, zarpes_visibles
from zarpes.models import Zarpe
from zarpes.pdf import certificado_respuesta
from zarpes.selectors import zarpes as zarpe_selectors


def certificados_del_beneficiario(request):
    require_role(request.user, *ROLES_CERTIFICADOS_PROPIOS)
    propios = zarpes_visibles(request.user, zarpe_selectors.zarpe_list(estado=Zarpe.Estado.CERTIFICADO))
    return render(request, "zarpes/certificados.html", {"pagina": paginar(request, propios)})


@pagina_protegida
@require_GET
def certificado_documento(request, numero):
    """R-16: the printable certificate with its QR code (scope: zarpes.access.certificado_access)."""
    return certificado_respuesta(certificado_access(request.user, numero))
