"""`make run`: the demo's closed months published, so /datos/ has files to download."""

from core.datos import registro
from core.datos.metadatos import escribir_indices
from core.datos.publicacion import mes_anterior, publicar, ultimo_mes_cerrado
from core.vencimientos.calendario import today

MESES_DEMO = 12


def cargar() -> None:
    periodo = ultimo_mes_cerrado(today())
    for _ in range(MESES_DEMO):
        for conjunto in registro.conjuntos():
            publicar(conjunto.slug, periodo, omitir_vacio=True, indices=False)
        periodo = mes_anterior(periodo)
    escribir_indices()
