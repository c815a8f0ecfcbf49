"""The index files of the open data: each dataset's Frictionless data package (datapackage.json, a
Table Schema per file) and DCAT metadata (metadatos.jsonld), and the DCAT catalogue of all of them
(catalogo.jsonld), as Colombia's open-data guide asks (title, description, publisher, licence, update
frequency, temporal and spatial coverage, contact). Rewritten after every publication, from the
versions recorded; never computed per request."""

import json
from collections.abc import Iterable

from django.conf import settings
from django.db.models import Max, Min
from django.urls import reverse

from core.datos import registro
from core.datos.esquema import UMBRAL_SUPRESION, campos, escribir_indice, raiz
from core.datos.models import PublicacionDatos
from core.datos.registro import Conjunto
from core.vencimientos.calendario import last_day_of_month

LICENCIA = "https://creativecommons.org/licenses/by-sa/4.0/"
LICENCIA_TITULO = "Creative Commons Atribución-CompartirIgual 4.0 Internacional (CC BY-SA 4.0)"
MENSUAL = "http://purl.org/cld/freq/monthly"
COLOMBIA = "http://sws.geonames.org/3686110/"

CONTEXTO = {
    "dcat": "http://www.w3.org/ns/dcat#",
    "dct": "http://purl.org/dc/terms/",
    "foaf": "http://xmlns.com/foaf/0.1/",
    "vcard": "http://www.w3.org/2006/vcard/ns#",
    "spdx": "http://spdx.org/rdf/terms#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "locn": "http://www.w3.org/ns/locn#",
}


def url_publica(ruta: str) -> str:
    return settings.PORTAL_URL_PUBLICA.rstrip("/") + ruta


def url_conjunto(slug: str, archivo: str = "") -> str:
    """A file of the dataset, or (no file) its entry on the /datos/ page."""
    if archivo:
        return url_publica(reverse("datos:archivo", args=[f"{slug}/{archivo}"]))
    return url_publica(reverse("datos:inicio") + f"#{slug}")


def vigentes(slug: str) -> list[PublicacionDatos]:
    """The latest version of each published month, oldest month first."""
    ultimas: dict = {}
    for p in PublicacionDatos.objects.filter(conjunto=slug).order_by("periodo", "version"):
        ultimas[p.periodo] = p
    return list(ultimas.values())


def _campo(campo) -> dict:
    descripcion = campo.descripcion
    resultado = {"name": campo.nombre, "type": campo.tipo, "title": campo.titulo}
    if campo.valores:
        descripcion += " Valores: " + "; ".join(f"{codigo} ({etiqueta})" for codigo, etiqueta in campo.valores) + "."
        resultado["constraints"] = {"enum": [codigo for codigo, _ in campo.valores]}
    if campo.tipo == "date":
        resultado["format"] = "default"
    resultado["description"] = descripcion
    return resultado


def esquema(conjunto: Conjunto) -> dict:
    """The Table Schema of every file of the dataset (its columns are the same every month)."""
    return {
        "fields": [_campo(c) for c in campos(conjunto)],
        "missingValues": [""],
        "primaryKey": ["periodo", *(c.nombre for c in conjunto.dimensiones)],
    }


def datapackage(conjunto: Conjunto) -> dict:
    publicador, sitio = registro.PUBLICADORES[conjunto.publicador]
    tabla = esquema(conjunto)
    recursos = []
    for p in vigentes(conjunto.slug):
        comun = {
            "profile": "tabular-data-resource",
            "encoding": "utf-8",
            "schema": tabla,
            "version": p.version,
            "nota": p.nota,
            "publicada": p.creada.isoformat(timespec="seconds"),
        }
        recursos.append(
            {
                "name": f"{conjunto.slug}-{p.periodo:%Y-%m}",
                "title": f"{conjunto.titulo}, {p.periodo:%Y-%m} (CSV)",
                "path": p.archivo("csv"),
                "format": "csv",
                "mediatype": "text/csv",
                "bytes": p.bytes_csv,
                "hash": f"sha256:{p.sha256}",
                "dialect": {"delimiter": ",", "header": True},
                **comun,
            }
        )
        if not p.filas:
            # A month with no rows: its CSV is the header alone; its JSON (an empty array) is published
            # but not listed, since frictionless cannot read the columns of an empty JSON table.
            continue
        recursos.append(
            {
                "name": f"{conjunto.slug}-{p.periodo:%Y-%m}-json",
                "title": f"{conjunto.titulo}, {p.periodo:%Y-%m} (JSON)",
                "path": p.archivo("json"),
                "format": "json",
                "mediatype": "application/json",
                # No "bytes" nor "hash": frictionless reads a JSON table without counting its bytes, so it
                # would report them missing. The JSON's SHA-256 is in the DCAT metadata (spdx:checksum).
                **comun,
            }
        )
    return {
        "profile": "tabular-data-package",
        "name": conjunto.slug,
        "title": conjunto.titulo,
        "description": conjunto.descripcion + " " + NOTA_SUPRESION,
        "homepage": url_conjunto(conjunto.slug),
        "licenses": [{"name": "CC-BY-SA-4.0", "path": LICENCIA, "title": LICENCIA_TITULO}],
        "contributors": [{"title": publicador, "path": sitio, "role": "publisher"}],
        "keywords": list(conjunto.palabras_clave),
        "resources": recursos,
    }


NOTA_SUPRESION = (
    f"Ninguna cifra cuenta menos de {UMBRAL_SUPRESION} beneficiarios: una celda que agrupa de 1 a "
    f"{UMBRAL_SUPRESION - 1} queda vacía y su columna de supresión dice true. No se publican matrículas, "
    "identificaciones ni nombres de personas."
)


def _contacto(conjunto: Conjunto) -> dict:
    publicador, _ = registro.PUBLICADORES[conjunto.publicador]
    correo = settings.DATOS_CONTACTO.get(conjunto.publicador, settings.DATOS_CONTACTO["UPME"])
    return {"@type": "vcard:Organization", "vcard:fn": publicador, "vcard:hasEmail": {"@id": f"mailto:{correo}"}}


def dcat_conjunto(conjunto: Conjunto) -> dict:
    """The DCAT dataset (JSON-LD) with one distribution per file of its latest versions."""
    publicador, sitio = registro.PUBLICADORES[conjunto.publicador]
    rango = PublicacionDatos.objects.filter(conjunto=conjunto.slug).aggregate(
        desde=Min("periodo"), hasta=Max("periodo"), emitido=Min("creada"), modificado=Max("creada")
    )
    distribuciones = [
        {
            "@type": "dcat:Distribution",
            "dct:title": "Paquete de datos Frictionless (datapackage.json)",
            "dcat:downloadURL": {"@id": url_conjunto(conjunto.slug, "datapackage.json")},
            "dcat:mediaType": "application/json",
            "dct:license": {"@id": LICENCIA},
        }
    ]
    for p in vigentes(conjunto.slug):
        for extension, tipo, sha, tamano in (
            ("csv", "text/csv", p.sha256, p.bytes_csv),
            ("json", "application/json", p.sha256_json, p.bytes_json),
        ):
            distribuciones.append(
                {
                    "@type": "dcat:Distribution",
                    "dct:title": f"{conjunto.titulo}, {p.periodo:%Y-%m}, versión {p.version} ({extension.upper()})",
                    "dcat:downloadURL": {"@id": url_conjunto(conjunto.slug, p.archivo(extension))},
                    "dcat:mediaType": tipo,
                    "dct:format": extension.upper(),
                    "dcat:byteSize": {"@value": str(tamano), "@type": "xsd:nonNegativeInteger"},
                    "dct:issued": {"@value": p.creada.isoformat(timespec="seconds"), "@type": "xsd:dateTime"},
                    "dct:license": {"@id": LICENCIA},
                    "spdx:checksum": {
                        "@type": "spdx:Checksum",
                        "spdx:algorithm": {"@id": "spdx:checksumAlgorithm_sha256"},
                        "spdx:checksumValue": sha,
                    },
                    **({"dct:description": p.nota} if p.nota else {}),
                }
            )
    datos = {
        "@id": url_conjunto(conjunto.slug, "metadatos.jsonld"),
        "@type": "dcat:Dataset",
        "dct:identifier": conjunto.slug,
        "dct:title": {"@value": conjunto.titulo, "@language": "es"},
        "dct:description": {"@value": f"{conjunto.descripcion} {NOTA_SUPRESION}", "@language": "es"},
        "dct:publisher": {"@type": "foaf:Organization", "foaf:name": publicador, "foaf:homepage": {"@id": sitio}},
        "dcat:contactPoint": _contacto(conjunto),
        "dct:license": {"@id": LICENCIA},
        "dct:rights": LICENCIA_TITULO,
        "dct:accrualPeriodicity": {"@id": MENSUAL},
        "dct:language": {"@id": "http://id.loc.gov/vocabulary/iso639-1/es"},
        "dct:spatial": {"@id": COLOMBIA, "@type": "dct:Location", "locn:geographicName": conjunto.cobertura_espacial},
        "dcat:keyword": list(conjunto.palabras_clave),
        "dcat:theme": conjunto.tema,
        "dcat:landingPage": {"@id": url_conjunto(conjunto.slug)},
        "dcat:distribution": distribuciones,
    }
    if rango["desde"]:
        hasta = rango["hasta"]
        datos["dct:temporal"] = {
            "@type": "dct:PeriodOfTime",
            "dcat:startDate": {"@value": rango["desde"].isoformat(), "@type": "xsd:date"},
            "dcat:endDate": {"@value": last_day_of_month(hasta.year, hasta.month).isoformat(), "@type": "xsd:date"},
        }
        datos["dct:issued"] = {"@value": rango["emitido"].isoformat(timespec="seconds"), "@type": "xsd:dateTime"}
        datos["dct:modified"] = {"@value": rango["modificado"].isoformat(timespec="seconds"), "@type": "xsd:dateTime"}
    return datos


def catalogo() -> dict:
    return {
        "@context": CONTEXTO,
        "@id": url_publica(reverse("datos:catalogo")),
        "@type": "dcat:Catalog",
        "dct:title": {"@value": "Datos abiertos del portal de cupos de combustible exento", "@language": "es"},
        "dct:description": {
            "@value": "Conjuntos de datos mensuales, agregados y anónimos, del régimen de combustible exento "
            "(Ley 681 de 2001): combustible certificado y vendido, volúmenes de zonas de frontera, "
            "reserva de carga y resoluciones de cupos. " + NOTA_SUPRESION,
            "@language": "es",
        },
        "dct:publisher": {
            "@type": "foaf:Organization",
            "foaf:name": registro.PUBLICADORES["UPME"][0],
            "foaf:homepage": {"@id": registro.PUBLICADORES["UPME"][1]},
        },
        "dct:license": {"@id": LICENCIA},
        "dct:language": {"@id": "http://id.loc.gov/vocabulary/iso639-1/es"},
        "foaf:homepage": {"@id": url_publica(reverse("datos:inicio"))},
        "dcat:dataset": [dcat_conjunto(c) for c in registro.conjuntos()],
    }


def _bytes(datos: dict) -> bytes:
    return (json.dumps(datos, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def escribir_indices(slugs: Iterable[str] | None = None) -> None:
    """Rewrite the index files of `slugs` (every dataset when None) and the catalogue."""
    quiero = None if slugs is None else set(slugs)
    elegidos = [c for c in registro.conjuntos() if quiero is None or c.slug in quiero]
    for conjunto in elegidos:
        base = raiz() / conjunto.slug
        escribir_indice(base / "datapackage.json", _bytes(datapackage(conjunto)))
        escribir_indice(base / "metadatos.jsonld", _bytes({"@context": CONTEXTO, **dcat_conjunto(conjunto)}))
    escribir_indice(raiz() / "catalogo.jsonld", _bytes(catalogo()))
