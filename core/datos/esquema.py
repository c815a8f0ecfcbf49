"""What the publication and its metadata share: the suppression threshold, the columns of a dataset, where the
files live and how an index file is replaced. Below both core.datos.publicacion and core.datos.metadatos."""

import os
import tempfile
from pathlib import Path

from django.conf import settings

from core.datos import registro
from core.datos.registro import Campo, Conjunto

# A cell that counts fewer beneficiaries than this (but at least one) is suppressed (issue 28 §1).
UMBRAL_SUPRESION = 5

CAMPO_PERIODO = Campo("periodo", "yearmonth", "Periodo", "Mes publicado, en la forma AAAA-MM (año y mes).")

def raiz() -> Path:
    return Path(settings.DATOS_ROOT)


def campos(conjunto: Conjunto) -> list[Campo]:
    """The dataset's columns, in file order: the month, its keys, then each contribution's columns."""
    resultado = [CAMPO_PERIODO, *conjunto.dimensiones]
    for aporte in registro.aportes(conjunto.slug):
        resultado.extend(aporte.campos)
    return resultado


def escribir_indice(ruta: Path, contenido: bytes) -> None:
    """Replace an index file (datapackage, metadata, catalogue) at once: a reader sees the old or the new."""
    ruta.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=ruta.parent, prefix=".tmp-")
    with os.fdopen(fd, "wb") as f:
        f.write(contenido)
    os.chmod(tmp, 0o644)
    os.replace(tmp, ruta)
