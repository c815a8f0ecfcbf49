"""Resolutions (R-05): list, the creation of a draft with its motivación, the detail (the allocation
workspace while in draft, read-only once issued) with the bulk firmeza (R-06), and the signed PDF."""

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.access import require_role
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos, NoEncontrado, PermisoDenegado
from core.galones import CERO
from core.numeros import entero
from core.views.comun import errores_al_formulario, pagina_protegida, paginar, puede
from cupos import pdf
from cupos.access import ANALISTAS, ESCRITORES, resolucion_access
from cupos.errors import ErrorCupos
from cupos.forms import FirmezaForm, ResolucionForm
from cupos.models import Cupo, Resolucion
from cupos.selectors import resoluciones as selectors
from cupos.services import cupos as servicios
from cupos.services.resoluciones import resolucion_create


def _resolucion_crear(*, actor, modifica: int | None, **datos) -> Resolucion:
    """resolucion_create with the form's fields (the form names the annual resolution by its id)."""
    anual = Resolucion.objects.filter(pk=modifica).first() if modifica else None
    return resolucion_create(actor=actor, modifica=anual, **datos)


@pagina_protegida
@require_GET
def lista(request):
    # The roles resolucion_access lets in: the list shows what the detail would.
    require_role(request.user, *ANALISTAS)
    pagina = paginar(request, selectors.resolucion_list_con_totales())
    for r in pagina:
        r.fecha_texto = pdf.fecha_larga(r.fecha_expedicion)
        r.extemporanea = selectors.resolucion_extemporanea(r)
    return render(
        request, "cupos/resoluciones.html", {"pagina": pagina, "puede_crear": puede(request.user, ESCRITORES)}
    )


def _contexto_detalle(request, resolucion, form=None) -> dict:
    cupos = selectors.resolucion_cupos(resolucion=resolucion)
    por_estado = {valor: 0 for valor in Cupo.Estado.values}
    for cupo in cupos:
        por_estado[cupo.estado] += 1
    contexto = {
        "resolucion": resolucion,
        "fecha_texto": pdf.fecha_larga(resolucion.fecha_expedicion),
        "extemporanea": selectors.resolucion_extemporanea(resolucion),
        "cupos": cupos,
        "total_anual": sum((c.galones_anuales for c in cupos), CERO),
        "total_mensual": sum((c.cuota_mensual for c in cupos), CERO),
        "por_estado": [(etiqueta, por_estado[valor]) for valor, etiqueta in Cupo.Estado.choices],
        "pendientes": por_estado[Cupo.Estado.EXPEDIDO],
    }
    if puede(request.user, ESCRITORES) and (contexto["pendientes"] or form is not None):
        contexto["form_firmeza"] = form or FirmezaForm()
    return contexto


@pagina_protegida
@require_GET
def detalle(request, resolucion_id):
    """A draft is the allocation workspace; an issued resolution shows read-only, with firmeza."""
    resolucion = resolucion_access(request.user, resolucion_id)
    from cupos.views.asignacion import en_asignacion, espacio_de_trabajo

    if en_asignacion(resolucion):
        return espacio_de_trabajo(request, resolucion)
    contexto = _contexto_detalle(request, resolucion)
    contexto["puede_crear_derivadas"] = (
        puede(request.user, ESCRITORES) and resolucion.tipo == Resolucion.Tipo.ANUAL
    )
    contexto["derivadas"] = selectors.resolucion_list().filter(modifica=resolucion)
    return render(request, "cupos/resolucion_detalle.html", contexto)


def considerandos_sugeridos(
    *, anio, tipo, fuente_flota_fecha, fuente_areas_cultivo, fuente_consumo_anio, modifica=None
) -> str:
    """The motivación D1891 art. 1 asks for, drafted from the sources the analyst names (editable)."""
    dimar = f"con corte al {pdf.fecha_larga(fuente_flota_fecha)}" if fuente_flota_fecha else "más recientes"
    consumo = fuente_consumo_anio or anio - 1
    parrafos = [
        "Que el artículo 1 del Decreto 1891 de 2009 dispone que la UPME asigna los cupos de combustible exento "
        "mediante resolución motivada, teniendo en cuenta la información actualizada de la flota pesquera "
        "industrial y las áreas de cultivo, y las actividades de cabotaje y remolque, según registros de la Dimar.",
        f"Que para la asignación del año {anio} se tuvieron en cuenta los registros de la flota de la Dimar {dimar}.",
        "Que las áreas de cultivo de las empresas acuicultoras se tomaron de: "
        f"{fuente_areas_cultivo or '(indique la fuente)'}.",
        f"Que se tuvo en cuenta el consumo del año {consumo}, según las ventas reportadas por los distribuidores "
        "mayoristas y las declaraciones de los beneficiarios; las declaraciones presentadas fuera de plazo no se "
        "tuvieron en cuenta (R-21).",
    ]
    if tipo == Resolucion.Tipo.MODIFICATORIA and modifica is not None:
        parrafos.append(f"Que es necesario modificar la Resolución No. {modifica.numero} de {modifica.anio}.")
    elif tipo == Resolucion.Tipo.ADICIONAL and modifica is not None:
        parrafos.append(
            f"Que es necesario adicionar cupos a los asignados en la Resolución No. {modifica.numero} de "
            f"{modifica.anio}, para las naves reportadas como altas por la Dimar y las solicitudes presentadas "
            "con causa justificada (R-04, R-24)."
        )
    return "\n\n".join(parrafos)


def _form_resolucion(data=None, *, initial=None) -> ResolucionForm:
    anuales = selectors.resolucion_list().filter(
        tipo=Resolucion.Tipo.ANUAL, estado=Resolucion.Estado.EXPEDIDA
    )
    return ResolucionForm(data, initial=initial, tipos=Resolucion.Tipo.choices, anuales=anuales)


@pagina_protegida
@require_http_methods(["GET", "POST"])
def nueva(request):
    """A resolution in draft: number, date, year, kind (linked to the annual one) and motivación."""
    require_role(request.user, *ESCRITORES)
    if request.method == "GET":
        hoy = today()
        modifica = selectors.resolucion_list().filter(pk=entero(request.GET.get("modifica"))).first()
        anio = modifica.anio if modifica else hoy.year + (1 if hoy.month > 2 else 0)
        tipo = request.GET.get("tipo") if request.GET.get("tipo") in Resolucion.Tipo.values else "anual"
        fuentes = {
            "fuente_flota_fecha": hoy,
            "fuente_areas_cultivo": f"registro de áreas de cultivo de la AUNAP de {anio - 1}",
            "fuente_consumo_anio": anio - 1,
        }
        inicial = {
            "anio": anio, "tipo": tipo, "modifica": modifica.id if modifica else None, "fecha_expedicion": hoy,
            **fuentes,
            "considerandos": considerandos_sugeridos(anio=anio, tipo=tipo, modifica=modifica, **fuentes),
        }
        return render(request, "cupos/resolucion_nueva.html", {"form": _form_resolucion(initial=inicial)})
    form = _form_resolucion(request.POST)
    if form.is_valid() and "proponer" in request.POST:
        # "Proponer texto": the considerations drafted again from the sources typed; nothing is saved.
        datos = dict(form.cleaned_data)
        modifica = Resolucion.objects.filter(pk=datos["modifica"]).first() if datos["modifica"] else None
        texto = considerandos_sugeridos(
            anio=datos["anio"], tipo=datos["tipo"], modifica=modifica,
            fuente_flota_fecha=datos["fuente_flota_fecha"],
            fuente_areas_cultivo=datos["fuente_areas_cultivo"], fuente_consumo_anio=datos["fuente_consumo_anio"],
        )
        form = _form_resolucion(initial={**request.POST.dict(), "considerandos": texto})
        return render(request, "cupos/resolucion_nueva.html", {"form": form})
    if form.is_valid():
        try:
            resolucion = _resolucion_crear(actor=request.user, **form.cleaned_data)
        except (PermisoDenegado, NoEncontrado):
            raise
        except DatosInvalidos as exc:
            errores_al_formulario(form, exc)
        except ApplicationError as exc:
            form.add_error("numero" if exc.codigo == ErrorCupos.RESOLUCION_DUPLICADA else None, exc.detalle)
        else:
            messages.success(
                request, f"Se creó en borrador la resolución {resolucion.numero} de {resolucion.anio}. "
                "Revise la propuesta de cupos y expídala cuando esté lista."
            )
            return redirect("cupos:resolucion", resolucion_id=resolucion.id)
    return render(request, "cupos/resolucion_nueva.html", {"form": form}, status=400)


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
