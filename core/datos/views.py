"""/datos/: the open-data page (Spanish, for people) and the published files, served as they were
written (a file response from DATOS_ROOT: nothing is computed per request). Public, no login."""

import re
from pathlib import Path

from django.http import FileResponse, Http404
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from core.comun.fechas import fecha_larga, mes_largo
from core.datos import registro
from core.datos.metadatos import LICENCIA, LICENCIA_TITULO, NOTA_SUPRESION
from core.datos.models import PublicacionDatos
from core.datos.publicacion import UMBRAL_SUPRESION, campos, raiz

# What may be asked for: the catalogue, a dataset's index files, and a version's CSV or JSON.
RUTA = re.compile(
    r"^(?P<slug>[a-z0-9-]+)/(?:datapackage\.json|metadatos\.jsonld|"
    r"(?P<mes>\d{4}-\d{2})/v(?P<version>\d+)/(?P=slug)-(?P=mes)\.(?:csv|json))$"
)
TIPOS = {".csv": "text/csv; charset=utf-8", ".json": "application/json", ".jsonld": "application/ld+json"}
INMUTABLE = "public, max-age=31536000, immutable"
INDICE = "public, max-age=300"


def _archivo(relativa: str, *, inmutable: bool) -> FileResponse:
    ruta = (raiz() / relativa).resolve()
    if not ruta.is_relative_to(Path(raiz()).resolve()) or not ruta.is_file():
        raise Http404("No hay datos publicados en esa dirección.")
    respuesta = FileResponse(ruta.open("rb"), content_type=TIPOS[ruta.suffix])
    respuesta["Cache-Control"] = INMUTABLE if inmutable else INDICE
    respuesta["Access-Control-Allow-Origin"] = "*"  # open data: any site may read it
    if ruta.suffix == ".csv":
        respuesta["Content-Disposition"] = f'inline; filename="{ruta.name}"'
    return respuesta


@require_GET
def catalogo(request):
    """DCAT catalogue. Before the first monthly publication there is no file yet: a harvester polling a new
    deployment still gets every dataset listed, with no distributions (issue 45; API.md «Open data»)."""
    if not (raiz() / "catalogo.jsonld").is_file():
        from django.http import HttpResponse

        from core.datos.metadatos import _bytes
        from core.datos.metadatos import catalogo as catalogo_vivo

        respuesta = HttpResponse(_bytes(catalogo_vivo()), content_type=TIPOS[".jsonld"])
        respuesta["Cache-Control"] = INDICE
        respuesta["Access-Control-Allow-Origin"] = "*"
        return respuesta
    return _archivo("catalogo.jsonld", inmutable=False)


@require_GET
def archivo(request, ruta: str):
    m = RUTA.match(ruta)
    if not m or registro.conjunto(m["slug"]) is None:
        raise Http404("No hay datos publicados en esa dirección.")
    return _archivo(ruta, inmutable=bool(m["mes"]))


@require_GET
def inicio(request):
    publicaciones: dict[str, dict] = {}
    for p in PublicacionDatos.objects.order_by("conjunto", "-periodo", "version"):
        meses = publicaciones.setdefault(p.conjunto, {})
        meses.setdefault(p.periodo, []).append(p)
    conjuntos = []
    for c in registro.conjuntos():
        meses = []
        for periodo, versiones in publicaciones.get(c.slug, {}).items():
            meses.append(
                {
                    "nombre": mes_largo(periodo),
                    "vigente": versiones[-1],
                    "anteriores": [
                        {"p": v, "creada": fecha_larga(timezone.localdate(v.creada))} for v in reversed(versiones[:-1])
                    ],
                    "creada": fecha_larga(timezone.localdate(versiones[-1].creada)),
                }
            )
        conjuntos.append(
            {
                "c": c,
                "publicador": registro.PUBLICADORES[c.publicador][0],
                "campos": campos(c),
                "meses": meses,
            }
        )
    return render(
        request,
        "core/datos.html",
        {
            "conjuntos": conjuntos,
            "licencia": LICENCIA,
            "licencia_titulo": LICENCIA_TITULO,
            "umbral": UMBRAL_SUPRESION,
            "nota_supresion": NOTA_SUPRESION,
        },
    )
