"""R-22: the monthly reconciliation (a read, computed on the fly) and its Excel export."""

from distribuidores.conciliacion.exportar import celda_segura, conciliacion_xlsx
from distribuidores.conciliacion.mes import (
    CODIGOS,
    Conciliacion,
    Hallazgo,
    Totales,
    conciliacion_mes,
    conciliacion_serie,
)

__all__ = [
    "CODIGOS",
    "Conciliacion",
    "Hallazgo",
    "Totales",
    "celda_segura",
    "conciliacion_mes",
    "conciliacion_serie",
    "conciliacion_xlsx",
]
