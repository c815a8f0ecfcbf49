"""What every draft resolution's service shares (annual and modifying): the lock that admits lines only while
it is a draft, and the length of a line's motive. Below cupos.services.asignacion and .modificatorias."""

from core.comun.errors import ApplicationError
from cupos.errors import ErrorCupos
from cupos.models import Resolucion

Estado = Resolucion.Estado
MAX_MOTIVO = 2_000


def bloquear_borrador(resolucion: Resolucion) -> Resolucion:
    """Lock the resolution; only a draft takes lines (409 resolucion_expedida)."""
    resolucion = Resolucion.objects.select_for_update().get(pk=resolucion.pk)
    if resolucion.estado == Estado.EXPIDIENDO:
        raise ApplicationError(
            ErrorCupos.RESOLUCION_EXPEDIDA, f"{resolucion} se está expidiendo: ya no admite cambios en sus líneas."
        )
    if resolucion.estado != Estado.BORRADOR:
        raise ApplicationError(ErrorCupos.RESOLUCION_EXPEDIDA, f"{resolucion} ya fue expedida: no admite más líneas.")
    return resolucion
