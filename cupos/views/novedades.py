"""Pages for Dimar's novelties (R-24): the monthly upload, UPME's decision on each alta, and the
bajas whose cupo UPME still has to decide on (the cancellation itself is on the cupo's page)."""

import datetime as dt

from django.contrib import messages
from django.shortcuts import redirect, render

from core.comun.errors import ApplicationError, DatosInvalidos, PermisoDenegado
from core.identidad.access import require_role
from core.web.views.comun import errores_a_mensajes, pagina_protegida, paginar
from cupos.access import (
    LECTORES_NOVEDADES,
    REPORTAN_NOVEDADES,
    alta_access,
    es_analista,
    puede_reportar_novedades,
)
from cupos.selectors.novedades import altas_pendientes, bajas_por_decidir, cupos_por_decidir, novedad_list_reciente
from cupos.services.novedades import (
    COLUMNAS,
    ArchivoInvalido,
    alta_negar,
    leer_novedades,
    novedades_register,
)


@pagina_protegida
def novedades(request):
    require_role(request.user, *LECTORES_NOVEDADES)
    if request.method == "POST":
        try:
            require_role(request.user, *REPORTAN_NOVEDADES)
            periodo = dt.date.fromisoformat(request.POST.get("periodo", "") + "-01")
            archivo = request.FILES.get("archivo")
            if archivo is None:
                raise DatosInvalidos({"archivo": "Adjunte el archivo de novedades."})
            altas, bajas = leer_novedades(archivo)
            archivo.seek(0)
            novedad = novedades_register(actor=request.user, periodo=periodo, altas=altas, bajas=bajas, archivo=archivo)
            messages.success(
                request,
                f"Novedades de {periodo:%Y-%m} registradas: {novedad.altas.count()} altas, "
                f"{novedad.bajas.count()} bajas.",
            )
            return redirect("cupos:novedades")
        except ValueError:
            messages.error(request, "Indique el periodo como AAAA-MM.")
        except ArchivoInvalido as exc:
            errores_a_mensajes(request, exc)
        except (ApplicationError, PermisoDenegado) as exc:
            errores_a_mensajes(request, exc)
    pagina = paginar(request, novedad_list_reciente(), por_pagina=20)
    bajas = list(bajas_por_decidir()[:200])
    for baja in bajas:
        baja.cupo_por_decidir = cupos_por_decidir(baja).order_by("-id").first()
    return render(
        request,
        "cupos/novedades.html",
        {
            "pagina": pagina,
            "pendientes": altas_pendientes(),
            "bajas_pendientes": bajas,
            "puede_decidir": es_analista(request.user),
            "columnas": COLUMNAS,
            "puede_cargar": puede_reportar_novedades(request.user),
        },
    )


@pagina_protegida
def alta_decidir(request, alta_id):
    alta = alta_access(request.user, alta_id)
    if request.method == "POST":
        try:
            alta_negar(actor=request.user, alta=alta, motivo=request.POST.get("motivo", ""))
            messages.success(request, f"Se registró la decisión sobre {alta.beneficiario}.")
        except PermisoDenegado:
            raise
        except ApplicationError as exc:
            errores_a_mensajes(request, exc)
    return redirect("cupos:novedades")
