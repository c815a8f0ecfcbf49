"""fronteras' open data (core.datos): per border municipality, station and fuel, the month's volume
(F-03 share plus the F-04 extra) and the gallons delivered (F-05), as the public transparency page
shows them. Stations are businesses (their code and trade name are published, as on
/fronteras/transparencia/); large consumers (F-06) are left out, since one may be a person."""

import datetime as dt

from core.datos.registro import Aporte, Campo, Conjunto
from fronteras.models import Combustible
from fronteras.selectors.despachos import transparencia

SLUG = "frontera-volumenes"

CONJUNTO = Conjunto(
    slug=SLUG,
    titulo="Volúmenes de combustible en zonas de frontera: asignados y entregados",
    descripcion=(
        "Por municipio de zona de frontera, estación de servicio y combustible: el volumen del mes asignado por la "
        "UPME a cada estación (su participación en el volumen municipal más el adicional por transporte público) y "
        "los galones que los distribuidores le entregaron en el mes."
    ),
    publicador="UPME",
    dimensiones=(
        Campo("departamento", "string", "Departamento", "Departamento del municipio."),
        Campo("codigo_dane", "string", "Código DANE", "Código DANE del municipio de zona de frontera."),
        Campo("municipio", "string", "Municipio", "Nombre del municipio."),
        Campo(
            "estacion_codigo",
            "string",
            "Código de la estación",
            "Código de la estación de servicio registrado ante el Ministerio de Minas y Energía.",
        ),
        Campo("estacion", "string", "Estación de servicio", "Nombre comercial de la estación (un establecimiento)."),
        Campo("combustible", "string", "Combustible", "Combustible asignado.", valores=tuple(Combustible.choices)),
    ),
    palabras_clave=("zonas de frontera", "combustible", "estaciones de servicio", "volúmenes máximos", "UPME"),
    cobertura_espacial="Municipios de zona de frontera de Colombia",
    orden=20,
)


def _volumenes(periodo: dt.date) -> list[dict]:
    return [
        {
            "departamento": f["departamento"],
            "codigo_dane": f["codigo_dane"],
            "municipio": f["municipio"],
            "estacion_codigo": f["estacion_codigo"],
            "estacion": f["estacion"],
            "combustible": f["combustible"],
            "volumen_asignado": f["volumen"],
            "galones_entregados": f["entregado"],
            "porcentaje": f["porcentaje"],
        }
        for f in transparencia(periodo=periodo)
        if f["tipo"] == "estacion"
    ]


APORTE = Aporte(
    nombre="fronteras",
    campos=(
        Campo(
            "volumen_asignado",
            "number",
            "Volumen asignado (galones)",
            "Galones que la estación puede recibir en el mes: su volumen mensual más el adicional vigente.",
        ),
        Campo(
            "galones_entregados",
            "number",
            "Galones entregados",
            "Galones entregados a la estación en el mes por distribuidores mayoristas o terceros.",
        ),
        Campo(
            "porcentaje", "number", "Porcentaje usado", "Galones entregados sobre el volumen asignado, en por ciento."
        ),
    ),
    calcular=_volumenes,
)


def registrar() -> None:
    from core.datos import registro

    registro.registrar_conjunto(CONJUNTO)
    registro.registrar_aporte(SLUG, APORTE)
