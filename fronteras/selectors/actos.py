"""What the border pages show of their acts (DOMAIN §8): the link to the act's page and the day it is final."""

from core.actos.access import actos_visibles
from core.actos.models import Acto
from fronteras.services.procedimiento import ejecutoria_prevista


def acto_de(user, acto_id: int | None) -> dict | None:
    """An act as a page shows it: its id, whether the user may open its page (/actos/<id>/), whether it was
    recorded before the procedure or transcribed, and the day P-04 makes it final once knowable. None without
    an act."""
    if acto_id is None:
        return None
    acto = Acto.objects.get(pk=acto_id)
    return {"id": acto.pk, "visible": actos_visibles(user).filter(pk=acto.pk).exists(), "previo": acto.previo,
            "transcrito": acto.transcrito, "en_firme": ejecutoria_prevista(acto)}
