"""Notices to the capitanías of a file in their ports (art. 19, art. 13): the scoped notice, the
outbox message and Dimar's alert, always the three together."""

import datetime as dt

from core.identidad.roles import Rol
from core.mensajes.outbox import outbox_enqueue
from core.vencimientos.alertas import Sujeto, alerta_raise
from reserva.models import AvisoCapitania


def capitania_avisar(
    *,
    capitania,
    tipo: str,
    referencia: str,
    detalle: str,
    mensaje: tuple[str, str, dict],
    alerta: str | None,
    vence: dt.date,
    fecha: dt.date,
    exoneracion=None,
) -> None:
    """Tell one capitanía: its AvisoCapitania (once per referencia), the outbox message `mensaje`
    (tipo, clave, payload), and the alert `alerta` for Dimar."""
    defaults = {"detalle": detalle} if exoneracion is None else {"detalle": detalle, "exoneracion": exoneracion}
    AvisoCapitania.objects.get_or_create(capitania=capitania, tipo=tipo, referencia=referencia, defaults=defaults)
    outbox_tipo, clave, payload = mensaje
    outbox_enqueue(tipo=outbox_tipo, clave=clave, payload=payload)
    # core's alerts have no capitanía scope: an officer-wide alert would tell every capitanía of
    # another's files. The capitanía reads its scoped notice (AvisoCapitania) and gets the outbox
    # message; the alert follows the notice on Dimar's side.
    if alerta is None:
        return
    alerta_raise(
        tipo=alerta,
        sujeto=Sujeto(
            f"{referencia}:{capitania.codigo}", vence, f"{capitania.nombre}: {detalle}", rol_responsable=Rol.DIMAR
        ),
        fecha=fecha,
    )
