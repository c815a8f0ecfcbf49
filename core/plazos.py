"""The deadline checks of R-25, run daily by Celery beat and by `manage.py revisar_plazos`.

Each app registers its checks (core.registro.registrar_revisiones in its AppConfig.ready()): a
check names its alert type, lists who is late on a date, and says whether an open alert's cause
still holds. Running twice for one date raises nothing twice.
"""

import datetime as dt
import logging
from dataclasses import dataclass

from django.db import transaction

from core import registro
from core.alertas import alerta_raise, alerta_resolve, alertas_abiertas
from core.fechas import fecha_larga

logger = logging.getLogger(__name__)


@dataclass
class Resultado:
    tipo: str
    levantadas: int = 0
    resueltas: int = 0


def revisar_plazos(*, fecha: dt.date) -> list[Resultado]:
    """Run every check as of `fecha`: raise new alerts, resolve those whose cause disappeared."""
    resultados = []
    for revision in registro.revisiones():
        resultado = Resultado(tipo=revision.tipo)
        with transaction.atomic():
            for alerta in alertas_abiertas(revision.tipo).select_for_update(skip_locked=True):
                if not revision.persiste(alerta, fecha):
                    alerta_resolve(alerta=alerta, detalle=f"Causa superada según la revisión del {fecha_larga(fecha)}.")
                    resultado.resueltas += 1
            for sujeto in revision.atrasados(fecha):
                if alerta_raise(tipo=revision.tipo, sujeto=sujeto, fecha=fecha):
                    resultado.levantadas += 1
        logger.info(
            "revisar_plazos %s %s: +%s, resueltas %s", fecha, revision.tipo, resultado.levantadas, resultado.resueltas
        )
        resultados.append(resultado)
    return resultados
