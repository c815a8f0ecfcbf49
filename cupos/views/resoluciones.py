"""Annual resolutions (R-05): list, detail with the bulk firmeza (R-06), and the signed PDF."""

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from core.access import require_role
from core.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.views.comun import errores_al_formulario, pagina_protegida, paginar, puede
from cupos import pdf
from cupos.access import ANALISTAS, ESCRITORES, resolucion_access
from cupos.forms import FirmezaForm
from cupos.models import Cupo
from cupos.selectors import resoluciones as selectors
from cupos.services import cupos as servicios


@pagina_protegida
@require_GET
def lista(request):
    # The roles resolucion_access lets in: the list shows what the detail would.
    require_role(request.user, *ANALISTAS)
    pagina = paginar(request, selectors.resolucion_list_con_totales())
    for r in pagina:
        r.fecha_texto = pdf.fecha_larga(r.fecha_expedicion)
        r.extemporanea = selectors.resolucion_extemporanea(r)
    return render(request, "cupos/resoluciones.html", {"pagina": pagina})


POR_PAGINA_CUPOS = 50


def _contexto_detalle(request, resolucion, form=None) -> dict:
    """The resolution's summary over all its cupos, and one page of them (50, searchable): a national
    resolution holds 10,000 cupos."""
    resumen = selectors.resolucion_resumen(resolucion=resolucion)
    q = request.GET.get("q", "").strip()
    pagina = paginar(request, selectors.resolucion_cupos(resolucion=resolucion, q=q), por_pagina=POR_PAGINA_CUPOS)
    por_estado = resumen["por_estado"]
    contexto = {
        "resolucion": resolucion,
        "fecha_texto": pdf.fecha_larga(resolucion.fecha_expedicion),
        "extemporanea": selectors.resolucion_extemporanea(resolucion),
        "cupos": pagina,
        "pagina": pagina,
        "q": q,
        "total_cupos": resumen["total"],
        "total_anual": resumen["total_anual"],
        "total_mensual": resumen["total_mensual"],
        "por_estado": [(etiqueta, por_estado[valor]) for valor, etiqueta in Cupo.Estado.choices],
        "pendientes": por_estado[Cupo.Estado.EXPEDIDO],
    }
    if puede(request.user, ESCRITORES) and (contexto["pendientes"] or form is not None):
        contexto["form_firmeza"] = form or FirmezaForm()
    return contexto


@pagina_protegida
@require_GET
def detalle(request, resolucion_id):
    resolucion = resolucion_access(request.user, resolucion_id)
    return render(request, "cupos/resolucion_detalle.html", _contexto_detalle(request, resolucion))


class _Ensayo(Exception):
    """Raised to roll back the dry run of an act (nothing it wrote or queued survives)."""


@pagina_protegida
@require_POST
def firmeza(request, resolucion_id):
    """R-06: every still-issued cupo of the resolution becomes firm on the date given."""
    resolucion = resolucion_access(request.user, resolucion_id)
    require_role(request.user, *ESCRITORES)
    form = FirmezaForm(request.POST)
    if form.is_valid():
        fecha = form.cleaned_data["fecha_firmeza"]
        antes = selectors.resolucion_expedidos_count(resolucion=resolucion)
        if request.POST.get("confirmado") != "1" and antes:
            # A legal act: say exactly what will happen before doing it. A dry run first, rolled back, so a
            # refusal (a date before the resolution…) shows at once instead of after the confirmation.
            try:
                with transaction.atomic():
                    servicios.cupo_declare_firm_bulk(
                        actor=request.user, resolucion=resolucion, fecha_firmeza=fecha,
                        fecha_comunicacion=form.cleaned_data["fecha_comunicacion"],
                    )
                    raise _Ensayo
            except _Ensayo:
                pass
            except (PermisoDenegado, NoEncontrado):
                raise
            except DatosInvalidos as exc:
                errores_al_formulario(form, exc)
                return render(
                    request, "cupos/resolucion_detalle.html", _contexto_detalle(request, resolucion, form), status=400
                )
            except ApplicationError as exc:
                messages.error(request, f"No se pudo declarar la firmeza: {exc.detalle}")
                return redirect("cupos:resolucion", resolucion_id=resolucion.id)
            efecto = (
                f"{antes} cupo{'s' if antes != 1 else ''} de la resolución {resolucion.numero} de {resolucion.anio} "
                f"quedará{'n' if antes != 1 else ''} en firme el {pdf.fecha_larga(fecha)} y se comunicará a Dimar."
            )
            return render(request, "cupos/resolucion_confirmar.html", {
                "resolucion": resolucion, "form": form, "efectos": [efecto],
                "titulo": f"Declarar la firmeza de la resolución {resolucion.numero}",
            })
        try:
            firmes = servicios.cupo_declare_firm_bulk(
                actor=request.user,
                resolucion=resolucion,
                fecha_firmeza=fecha,
                fecha_comunicacion=form.cleaned_data["fecha_comunicacion"],
            )
        except (PermisoDenegado, NoEncontrado):
            raise
        except ApplicationError as exc:
            # Each cupo is firmed in its own transaction: say how many went through before the error.
            hechos = antes - selectors.resolucion_expedidos_count(resolucion=resolucion)
            if isinstance(exc, DatosInvalidos) and not hechos:
                errores_al_formulario(form, exc)
                return render(
                    request, "cupos/resolucion_detalle.html", _contexto_detalle(request, resolucion, form), status=400
                )
            avance = f" Se declararon en firme {hechos} de {antes} cupos antes del error." if hechos else ""
            messages.error(request, f"No se pudo declarar la firmeza: {exc.detalle}{avance}")
            return redirect("cupos:resolucion", resolucion_id=resolucion.id)
        if firmes:
            sin_inicio = sum(1 for c in firmes if c.fecha_inicio is None)
            espera = f" {sin_inicio} esperan el acuse de Dimar para iniciar (R-06)." if sin_inicio else ""
            messages.success(
                request,
                f"Se declaró la firmeza de {len(firmes)} cupo{'s' if len(firmes) != 1 else ''} desde el "
                f"{pdf.fecha_larga(fecha)}. Dimar recibirá la comunicación de cada uno.{espera}",
            )
        else:
            messages.info(request, "No había cupos expedidos pendientes de firmeza en esta resolución.")
        return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    return render(request, "cupos/resolucion_detalle.html", _contexto_detalle(request, resolucion, form), status=400)


@pagina_protegida
@require_GET
def documento_pdf(request, resolucion_id):
    resolucion = resolucion_access(request.user, resolucion_id)
    respuesta = HttpResponse(pdf.resolucion_pdf(resolucion), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="{pdf.nombre_archivo(resolucion)}"'
    return respuesta
