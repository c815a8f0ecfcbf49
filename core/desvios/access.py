"""Who reads and marks the diversion cases (API.md: scoring by the analyst and the auditor)."""

from core.comun.errors import PermisoDenegado
from core.identidad.access import fila_en_alcance, require_role
from core.identidad.roles import Rol

from . import BENEFICIARIO, DISTRIBUIDOR, ESTACION
from .models import CasoDesvio

# UPME's analyst and the auditor score (API.md). UPME's analyst marks any case; the control bodies that
# exist as roles mark those of their regime: Dimar the maritime subjects (beneficiaries, wholesalers),
# MinMinas the border stations. The auditor reads and changes nothing (issue 39). DIAN has no role yet.
CALCULADORES = (Rol.UPME_ANALISTA, Rol.AUDITOR)
MARCADORES = (Rol.UPME_ANALISTA, Rol.DIMAR, Rol.MINMINAS)
LECTORES = (*MARCADORES, Rol.AUDITOR)
MARCA_POR_SUJETO = {BENEFICIARIO: Rol.DIMAR, DISTRIBUIDOR: Rol.DIMAR, ESTACION: Rol.MINMINAS}


def puede_marcar(user, caso: CasoDesvio) -> bool:
    """UPME's analyst (or an administrator) marks any case; Dimar and MinMinas those of their regime."""
    if not user.is_authenticated:
        return False
    if user.es_administrador or user.rol == Rol.UPME_ANALISTA:
        return True
    return user.rol in (Rol.DIMAR, Rol.MINMINAS) and MARCA_POR_SUJETO.get(caso.tipo_sujeto) == user.rol


def exigir_marcador(user, caso: CasoDesvio) -> None:
    if not puede_marcar(user, caso):
        raise PermisoDenegado(
            "Marcan los casos el analista de UPME, Dimar los del régimen marítimo (beneficiarios y distribuidores) "
            "y MinMinas los de las estaciones de zonas de frontera; el auditor solo los lee."
        )


def casos_visibles(user):
    require_role(user, *LECTORES)
    return CasoDesvio.objects.all()


def caso_access(user, caso_id) -> CasoDesvio:
    return fila_en_alcance(casos_visibles(user), caso_id, "No existe ese caso.")
