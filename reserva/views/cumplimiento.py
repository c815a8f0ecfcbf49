"""Yearly compliance pages (C-04, C-05): a user's lines with progress bars, Dimar's national view."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.comun.numeros import entero
from core.identidad.access import require_role
from core.plataforma.db import lectura_replica
from core.vencimientos.calendario import today
from core.web.views.comun import pagina_protegida, parcial_htmx
from reserva import access
from reserva.selectors import cumplimiento as selectors
from reserva.views.comun import secciones


def _anio(request) -> int:
    anio = entero(request.GET.get("anio", ""))
    return anio if anio is not None and 1990 <= anio <= 2100 else today().year


def _anios(anio: int) -> list[int]:
    return sorted({anio, today().year, *selectors.anios_con_datos()}, reverse=True)


@pagina_protegida
@require_GET
def cumplimiento(request):
    require_role(request.user, *access.LECTORES_CUMPLIMIENTO)
    nit = request.user.nit if access.es_usuario_carga(request.user) else request.GET.get("nit", "").strip()[:20]
    anio = _anio(request)
    resumen = None
    if nit:
        nit = access.nit_access(request.user, nit)
        resumen = selectors.cumplimiento_de(usuario_nit=nit, anio=anio, fecha=today())
    return render(
        request,
        "reserva/cumplimiento.html",
        {
            "resumen": resumen,
            "nit": nit,
            "anio": anio,
            "anios": _anios(anio),
            "elige_nit": not access.es_usuario_carga(request.user),
            "secciones": secciones(request, "reserva:cumplimiento"),
        },
    )


ORDENES = [
    ("faltantes", "Toneladas faltantes"),
    ("participacion", "Participación en naves de reserva"),
    ("usuario", "Importador o exportador"),
    ("ruta", "Ruta"),
]


@pagina_protegida
@require_GET
@lectura_replica()  # issue 14 §5: the national view reads from the replica when there is one
def nacional(request):
    require_role(request.user, *access.LECTORES)
    anio = _anio(request)
    orden = request.GET.get("orden", "faltantes")
    orden = orden if orden in dict(ORDENES) else "faltantes"
    ruta = request.GET.get("ruta", "").strip()[:20]
    lineas = selectors.cumplimiento_nacional(anio=anio, fecha=today(), orden=orden, ruta=ruta)
    plantilla = "reserva/_nacional_tabla.html" if parcial_htmx(request) else "reserva/nacional.html"
    return render(
        request,
        plantilla,
        {
            "lineas": lineas,
            "rutas": selectors.por_ruta(lineas),
            "anio": anio,
            "anios": _anios(anio),
            "orden": orden,
            "ordenes": ORDENES,
            "ruta": ruta,
            "codigos_ruta": selectors.rutas_codigos(),
            "secciones": secciones(request, "reserva:nacional"),
        },
    )
