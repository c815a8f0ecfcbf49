"""Who reads and marks the diversion cases (API.md: scoring by the analyst and the auditor)."""

from core.access import fila_en_alcance, require_role
from core.roles import Rol

from .models import CasoDesvio

# UPME's analyst and the auditor score; they and the control bodies that exist as roles (Dimar, and
# MinMinas for the border zones) read and mark cases. DIAN has no role in the portal yet.
CALCULADORES = (Rol.UPME_ANALISTA, Rol.AUDITOR)
MARCADORES = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.DIMAR, Rol.MINMINAS)
LECTORES = MARCADORES


def casos_visibles(user):
    require_role(user, *LECTORES)
    return CasoDesvio.objects.all()


def caso_access(user, caso_id) -> CasoDesvio:
    return fila_en_alcance(casos_visibles(user), caso_id, "No existe ese caso.")
