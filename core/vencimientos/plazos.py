"""The deadline checks of R-25, run daily by Celery beat and by `manage.py revisar_plazos`.

Each app registers its checks (core.registro.registrar_revisiones in its AppConfig.ready()): a
check names its alert type, lists who is late on a date, and says whether an open alert's cause
still holds. Running twice for one date raises nothing twice.

The run is set-based, so its number of queries does not grow with the number of beneficiaries:
open alerts are read in pages of LOTE (keyset on id, locked with SKIP LOCKED), and a check that
has `persisten(alertas, fecha)` answers for a whole page in a query or two (checks with only a
handful of alerts may keep the one-by-one `persiste`); the subjects a check lists are compared
with the existing alerts a page at a time and the new ones inserted with one INSERT per page
(ON CONFLICT DO NOTHING on the alert key, tipo + referencia).
"""

import datetime as dt
import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice

from django.db import transaction
from django.utils import timezone

from core import registro
from core.comun.fechas import fecha_larga
from core.models import Alerta
from core.vencimientos.alertas import Sujeto, alertas_abiertas

logger = logging.getLogger(__name__)

LOTE = 1000  # alerts read, checked and written per query


@dataclass
class Resultado:
    tipo: str
    levantadas: int = 0
    resueltas: int = 0


def lotes(elementos: Iterable, tamano: int = LOTE) -> Iterator[list]:
    iterador = iter(elementos)
    while lote := list(islice(iterador, tamano)):
        yield lote


def revisar_plazos(*, fecha: dt.date) -> list[Resultado]:
    """Run every check as of `fecha`: raise new alerts, resolve those whose cause disappeared."""
    resultados = []
    for revision in registro.revisiones():
        resultado = Resultado(tipo=revision.tipo)
        with transaction.atomic():
            resultado.resueltas = _resolver(revision, fecha)
            resultado.levantadas = alertas_levantar(tipo=revision.tipo, sujetos=revision.atrasados(fecha), fecha=fecha)
        logger.info(
            "revisar_plazos %s %s: +%s, resueltas %s", fecha, revision.tipo, resultado.levantadas, resultado.resueltas
        )
        resultados.append(resultado)
    return resultados


class RevisionPorPaginas:
    """Base of a deadline check that says, for a page of its open alerts, which still hold
    (`persisten(alertas, fecha)`, a query or two): one alert is a page of one."""

    def persiste(self, alerta, fecha: dt.date) -> bool:
        return alerta.id in self.persisten([alerta], fecha)


def _persisten(revision, alertas: list[Alerta], fecha: dt.date) -> set[int]:
    if hasattr(revision, "persisten"):
        return set(revision.persisten(alertas, fecha))
    return {a.id for a in alertas if revision.persiste(a, fecha)}


def _resolver(revision, fecha: dt.date) -> int:
    """Resolve the open alerts of the check whose cause no longer holds, a page at a time."""
    detalle = f"Causa superada según la revisión del {fecha_larga(fecha)}."
    resueltas, ultimo = 0, 0
    while True:
        pagina = list(
            alertas_abiertas(revision.tipo)
            .filter(id__gt=ultimo)
            .order_by("id")
            .select_for_update(skip_locked=True)[:LOTE]
        )
        if not pagina:
            return resueltas
        ultimo = pagina[-1].id
        persisten = _persisten(revision, pagina, fecha)
        superadas = [a.id for a in pagina if a.id not in persisten]
        if superadas:
            resueltas += Alerta.objects.filter(id__in=superadas, resuelta__isnull=True).update(
                resuelta=timezone.now(), resolucion_detalle=detalle[:300]
            )
        if len(pagina) < LOTE:
            return resueltas


def alertas_levantar(*, tipo: str, sujetos: Iterable[Sujeto], fecha: dt.date) -> int:
    """Raise an alert for each subject that has none yet for (tipo, referencia), open or resolved:
    per page of LOTE subjects, one query for the existing ones and one INSERT ... ON CONFLICT DO
    NOTHING for the rest (a concurrent run that raised one first wins). Returns how many it raised."""
    levantadas = 0
    for lote in lotes(sujetos):
        unicos = {s.referencia: s for s in reversed(lote)}  # the first subject of a reference wins
        existentes = set(
            Alerta.objects.filter(tipo=tipo, referencia__in=list(unicos)).values_list("referencia", flat=True)
        )
        nuevas = [_alerta(tipo, s, fecha) for ref, s in unicos.items() if ref not in existentes]
        if nuevas:
            Alerta.objects.bulk_create(nuevas, ignore_conflicts=True, batch_size=LOTE)
            levantadas += len(nuevas)
    return levantadas


def _alerta(tipo: str, sujeto: Sujeto, fecha: dt.date) -> Alerta:
    return Alerta(
        tipo=tipo,
        referencia=sujeto.referencia,
        vence=sujeto.vence,
        detalle=sujeto.detalle[:400],
        fecha_revision=fecha,
        rol_responsable=sujeto.rol_responsable,
        distribuidor_id=sujeto.alcance.get("distribuidor"),
        beneficiario_id=sujeto.alcance.get("beneficiario"),
        cupo_id=sujeto.alcance.get("cupo"),
        nit_responsable=sujeto.alcance.get("nit") or "",
    )
