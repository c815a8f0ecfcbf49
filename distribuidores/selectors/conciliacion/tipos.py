"""R-22: what the reconciliation returns: findings (coded by errors.DiscrepanciaConciliacion), monthly totals."""

import datetime as dt
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from core.comun.galones import CERO
from distribuidores.errors import DiscrepanciaConciliacion

NOMBRES = dict(DiscrepanciaConciliacion.choices)
ORDEN = {codigo: i for i, codigo in enumerate(DiscrepanciaConciliacion.values)}


def gal(valor) -> str:
    """Gallons as es-CO text: 1.234,56."""
    texto = f"{Decimal(valor or 0):,.2f}"
    return texto.replace(",", "_").replace(".", ",").replace("_", ".")


@dataclass(frozen=True)
class Hallazgo:
    """One discrepancy: what does not add up, where, and by how much."""

    codigo: str
    detalle: str
    fuente: str  # venta | reporte | certificado | declaracion | distribuidor
    distribuidor_id: int | None = None
    distribuidor_nit: str = ""
    distribuidor_nombre: str = ""
    beneficiario_id: int | None = None
    beneficiario_nombre: str = ""
    matricula: str = ""
    certificado: str = ""
    fecha: dt.date | None = None
    galones: Decimal | None = None  # what was sold, reported or declared
    referencia: Decimal | None = None  # what it is compared with
    venta_id: int | None = None
    reporte_id: int | None = None
    fila: int | None = None

    @property
    def codigo_nombre(self) -> str:
        return NOMBRES.get(self.codigo, self.codigo)

    @property
    def beneficiario_texto(self) -> str:
        if not self.beneficiario_nombre:
            return ""
        return f"{self.beneficiario_nombre} ({self.matricula})" if self.matricula else self.beneficiario_nombre


@dataclass(frozen=True)
class Totales:
    periodo: dt.date
    certificados: Decimal = CERO
    verificados: Decimal = CERO
    vendido: Decimal = CERO
    reportado: Decimal = CERO
    declarado: Decimal | None = CERO  # None: not shown to a wholesaler


@dataclass
class Conciliacion:
    periodo: dt.date
    distribuidor_id: int | None
    totales: Totales
    hallazgos: list[Hallazgo]
    fecha_limite: dt.date  # reports and declarations are due then
    plazo_vencido: bool  # before it, a missing report is not yet a discrepancy
    conteo: Counter = field(init=False)

    def __post_init__(self):
        self.conteo = Counter(h.codigo for h in self.hallazgos)

    def filtrar(self, *, codigo: str = "", distribuidor_id: int | None = None,
                beneficiario_id: int | None = None) -> list[Hallazgo]:
        return [
            h for h in self.hallazgos
            if (not codigo or h.codigo == codigo)
            and (distribuidor_id is None or h.distribuidor_id == distribuidor_id)
            and (beneficiario_id is None or h.beneficiario_id == beneficiario_id)
        ]

    def distribuidores(self) -> list[tuple[int, str]]:
        """The wholesalers named in the discrepancies (choices of the filter)."""
        vistos = {h.distribuidor_id: h.distribuidor_nombre for h in self.hallazgos if h.distribuidor_id}
        return sorted(vistos.items(), key=lambda par: par[1])

    def beneficiarios(self) -> list[tuple[int, str]]:
        vistos = {h.beneficiario_id: h.beneficiario_texto for h in self.hallazgos if h.beneficiario_id}
        return sorted(vistos.items(), key=lambda par: par[1])
