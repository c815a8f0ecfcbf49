"""Ecopetrol's supply plans (F-07) as their people work them: Ecopetrol presents and adjusts a
department's plan, MinMinas evaluates it (asks for adjustments or approves it by resolution) and
records the ejecutoria, then Ecopetrol records the DIAN notice and the yearly reports.

Each step has its page for the role that does it; services.planes decides and audits. The forms are
htmx: a refusal re-renders only the form, with each error next to its field. The legal acts
(approval, ejecutoria) first show exactly what will happen, after a rolled-back dry run, and act
only on confirmation."""

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from core.comun.errors import ApplicationError
from core.comun.fechas import fecha_larga
from core.firma import documentos
from core.identidad.access import require_role
from core.identidad.segundo_factor import exige_codigo_fresco
from core.vencimientos.calendario import add_business_days, today
from core.web.views.comun import (
    ejecutar_formulario,
    ensayar,
    intentar,
    pagina_protegida,
    paginar,
    parcial_htmx,
    puede,
)
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.forms import (
    PlanAjustarForm,
    PlanAprobarForm,
    PlanAvisoDianForm,
    PlanEjecutoriaForm,
    PlanInformeForm,
    PlanPresentarForm,
    PlanSolicitarAjustesForm,
)
from fronteras.models import PlanAbastecimiento
from fronteras.pdf_planes import aprobacion_firmada
from fronteras.plazos import limite_informe_anual
from fronteras.selectors.actos import acto_de
from fronteras.selectors.planes import plan_departamentos, plan_historia, plan_informes, plan_list
from fronteras.services import planes as servicios
from fronteras.views.comun import autor, plazo_texto, secciones

Estado = PlanAbastecimiento.Estado
FILTROS = ("q", "departamento", "estado")
SECCION = "fronteras:planes"


def _fecha(valor) -> dt.date | None:
    if isinstance(valor, dt.date):
        return valor
    try:
        return dt.date.fromisoformat(str(valor)[:10]) if valor else None
    except ValueError:
        return None


def _larga(valor) -> str:
    fecha = _fecha(valor)
    return fecha_larga(fecha) if fecha else "—"


# --- Deadlines (art. 3: 10 business days to evaluate, 3 to inform DIAN; the yearly report) ----------


def plazos(plan: PlanAbastecimiento, hoy: dt.date | None = None) -> list[dict]:
    """What the plan waits for now, who owes it and when it falls due, in business days."""
    hoy = hoy or today()
    items = []
    if plan.estado == Estado.PRESENTADO:
        items.append(
            {
                "que": "Evaluación del MinMinas (10 días hábiles desde la presentación)",
                "quien": "MinMinas",
                "vence": plan.vence_evaluacion,
            }
        )
    if plan.estado == Estado.AJUSTES and plan.vence_ajustes:
        items.append({"que": "Ajustes que pidió el MinMinas", "quien": "Ecopetrol", "vence": plan.vence_ajustes})
    if plan.fecha_ejecutoria and not plan.aviso_dian and plan.vence_aviso_dian:
        items.append(
            {
                "que": "Aviso a la DIAN (3 días hábiles desde la ejecutoria)",
                "quien": "Ecopetrol",
                "vence": plan.vence_aviso_dian,
            }
        )
    if plan.visto_bueno_desde and plan.estado != Estado.VENCIDO:
        presentados = set(plan.informes.values_list("anio", flat=True))
        for anio in range(plan.visto_bueno_desde.year, min(plan.visto_bueno_hasta.year, hoy.year) + 1):
            vence = limite_informe_anual(plan, anio)  # F-07: the date MinMinas set in the approval
            if anio not in presentados and vence is not None:
                items.append({"que": f"Informe anual de {anio}", "quien": "Ecopetrol", "vence": vence})
    for item in items:
        item["texto"] = plazo_texto(item["vence"], hoy)
        item["vencido"] = item["vence"] < hoy
    return items


# --- The steps: who does each, when it is open, what it says ---------------------------------------


@dataclass(frozen=True)
class Paso:
    nombre: str  # URL name
    titulo: str
    boton: str
    roles: tuple
    Form: type
    servicio: Callable  # (*, actor, plan, **datos)
    abierto: Callable[[PlanAbastecimiento], bool]
    exito: Callable[[PlanAbastecimiento, dict], str]
    explicacion: Callable[[PlanAbastecimiento], str]
    inicial: Callable[[PlanAbastecimiento], dict] = field(default=lambda plan: {})
    efectos: Callable[[PlanAbastecimiento, dict], list[str]] | None = None  # a legal act: confirm first
    confirmar: str = ""
    codigo_fresco: bool = False  # an act with legal force: its confirmation asks for a fresh code (issue 24)


def _efectos_aprobar(plan, datos) -> list[str]:
    fecha = datos["fecha"]
    hasta = servicios.fin_visto_bueno(fecha)
    efectos = [
        f"El MinMinas aprobará el plan de abastecimiento de {plan.departamento} con la resolución "
        f"{datos['resolucion'].strip()} del {fecha_larga(fecha)}.",
        f"En ese mismo acto otorgará el visto bueno para la distribución en los municipios de frontera de "
        f"{plan.departamento}: rige del {fecha_larga(fecha)} al {fecha_larga(hasta)} (dos años) y se renueva "
        "automáticamente una vez si el plan no cambia.",
        "El plan aprobado queda fijado: un cambio posterior se presenta como ajuste y se evalúa de nuevo.",
        "Cuando la resolución quede ejecutoriada, Ecopetrol tendrá 3 días hábiles para informar a la DIAN.",
    ]
    if datos.get("informe_anual_vence"):
        efectos.append(
            f"Ecopetrol presentará su informe anual el {fecha_larga(datos['informe_anual_vence'])} y el mismo día de "
            "cada año siguiente (fecha que fija el MinMinas: el decreto no la señala)."
        )
    if plan.visto_bueno_desde:
        efectos.insert(
            2,
            f"Reemplaza el visto bueno anterior ({_larga(plan.visto_bueno_desde)} a "
            f"{_larga(plan.visto_bueno_hasta)}): la ejecutoria y el aviso a la DIAN se registran "
            "de nuevo.",
        )
    return efectos


def _efectos_ejecutoria(plan, datos) -> list[str]:
    fecha = datos["fecha"]
    vence = add_business_days(fecha, servicios.DIAS_HABILES_AVISO_DIAN)
    return [
        f"La resolución {plan.resolucion} que aprobó el plan de abastecimiento de {plan.departamento} quedará "
        f"ejecutoriada el {fecha_larga(fecha)}.",
        f"Desde ese día corren los 3 días hábiles de Ecopetrol para informar a la DIAN: el plazo vence el "
        f"{fecha_larga(vence)}.",
        "La fecha de ejecutoria no se puede corregir desde el portal después de registrarla.",
    ]


def _explicar_ajustar(plan) -> str:
    if plan.estado == Estado.APROBADO:
        return (
            "El plan tiene visto bueno. Si cambiaron de forma significativa las condiciones del mercado, "
            "Ecopetrol ajusta el plan y el MinMinas lo evalúa de nuevo en 10 días hábiles (art. 3)."
        )
    return (
        f"El MinMinas pidió estos ajustes: «{plan.ajustes_detalle}». Presente el plan completo ya ajustado; "
        "el MinMinas lo evalúa de nuevo en 10 días hábiles."
    )


PASOS = {
    "ajustes": Paso(
        nombre="fronteras:plan-ajustes",
        titulo="Solicitar ajustes al plan",
        boton="Solicitar los ajustes",
        roles=access.PLANES_EVALUA,
        Form=PlanSolicitarAjustesForm,
        servicio=servicios.plan_solicitar_ajustes,
        abierto=lambda p: p.estado == Estado.PRESENTADO,
        explicacion=lambda p: (
            "Al evaluar el plan, el MinMinas puede señalar a Ecopetrol un plazo para los ajustes "
            "pertinentes (art. 3). El plazo se cuenta en días hábiles."
        ),
        exito=lambda p, d: f"Se pidieron ajustes a Ecopetrol; el plazo {plazo_texto(p.vence_ajustes)}.",
    ),
    "ajustar": Paso(
        nombre="fronteras:plan-ajustar",
        titulo="Presentar el plan ajustado",
        boton="Presentar el plan ajustado",
        roles=access.PLANES_PRESENTA,
        Form=PlanAjustarForm,
        servicio=servicios.plan_ajustar,
        abierto=lambda p: p.estado in (Estado.AJUSTES, Estado.APROBADO),
        inicial=lambda p: {"descripcion": p.descripcion},
        explicacion=_explicar_ajustar,
        exito=lambda p, d: (
            f"Se presentó el plan ajustado. La evaluación del MinMinas {plazo_texto(p.vence_evaluacion)}."
        ),
    ),
    "aprobar": Paso(
        nombre="fronteras:plan-aprobar",
        titulo="Aprobar el plan y otorgar el visto bueno",
        boton="Revisar y aprobar",
        roles=access.PLANES_EVALUA,
        Form=PlanAprobarForm,
        servicio=servicios.plan_aprobar,
        abierto=lambda p: p.estado == Estado.PRESENTADO,
        explicacion=lambda p: (
            "El MinMinas aprueba el plan mediante resolución motivada y otorga en el mismo acto el "
            "visto bueno por dos años (art. 3). Antes de aprobar verá exactamente qué va a pasar."
        ),
        efectos=_efectos_aprobar,
        confirmar="Confirmar la aprobación",
        codigo_fresco=True,
        exito=lambda p, d: (
            f"Se aprobó el plan con la resolución {p.resolucion}. El visto bueno rige del "
            f"{fecha_larga(p.visto_bueno_desde)} al {fecha_larga(p.visto_bueno_hasta)}."
        ),
    ),
    "ejecutoria": Paso(
        nombre="fronteras:plan-ejecutoria",
        titulo="Registrar la ejecutoria de la aprobación",
        boton="Revisar y registrar",
        roles=access.PLANES_EVALUA,
        Form=PlanEjecutoriaForm,
        servicio=servicios.plan_ejecutoria,
        abierto=lambda p: p.estado == Estado.APROBADO and p.fecha_ejecutoria is None,
        explicacion=lambda p: (
            f"Registre el día en que quedó en firme la resolución {p.resolucion}, del "
            f"{_larga(p.fecha_aprobacion)}. Antes de registrarla verá exactamente qué va a pasar."
        ),
        efectos=_efectos_ejecutoria,
        confirmar="Confirmar la ejecutoria",
        exito=lambda p, d: (
            f"La resolución {p.resolucion} quedó ejecutoriada el {fecha_larga(p.fecha_ejecutoria)}. "
            f"El aviso de Ecopetrol a la DIAN {plazo_texto(p.vence_aviso_dian)}."
        ),
    ),
    "aviso-dian": Paso(
        nombre="fronteras:plan-aviso-dian",
        titulo="Registrar el aviso a la DIAN",
        boton="Registrar el aviso",
        roles=access.PLANES_PRESENTA,
        Form=PlanAvisoDianForm,
        servicio=servicios.plan_aviso_dian,
        abierto=lambda p: p.fecha_ejecutoria is not None and p.aviso_dian is None,
        explicacion=lambda p: (
            "Dentro de los 3 días hábiles siguientes a la ejecutoria, Ecopetrol pone el plan en "
            "conocimiento de la DIAN y de las autoridades de control (parágrafo del art. 3). "
            f"El plazo {plazo_texto(p.vence_aviso_dian)}."
            if p.vence_aviso_dian
            else ""
        ),
        exito=lambda p, d: f"Se registró el aviso a la DIAN del {fecha_larga(p.aviso_dian)}.",
    ),
    "informe": Paso(
        nombre="fronteras:plan-informe",
        titulo="Registrar el informe anual",
        boton="Registrar el informe",
        roles=access.PLANES_PRESENTA,
        Form=PlanInformeForm,
        servicio=servicios.plan_informe_anual,
        abierto=lambda p: p.visto_bueno_desde is not None,
        inicial=lambda p: {"anio": max(p.visto_bueno_desde.year, today().year - 1)},
        explicacion=lambda p: "Ecopetrol presenta cada año al MinMinas un informe con los resultados y actividades "
                              "de distribución en los municipios de frontera (art. 3). El decreto no fija la fecha: "
                              + (f"el MinMinas la fijó en la aprobación, el {fecha_larga(p.informe_anual_vence)} para "
                                 "el primer informe y el mismo día de cada año siguiente (o el día hábil que le sigue)."
                                 if p.informe_anual_vence else "el MinMinas no la fijó en la aprobación."),
        exito=lambda p, d: f"Se registró el informe anual de {d['anio']}, presentado el "
                           f"{fecha_larga(d['presentado'])}.",
    ),
}


def acciones(user, plan: PlanAbastecimiento) -> list[dict]:
    """The steps the user may take on the plan now (the service still decides)."""
    return [
        {"etiqueta": paso.titulo, "url": reverse(paso.nombre, args=[plan.id])}
        for paso in PASOS.values()
        if paso.abierto(plan) and puede(user, paso.roles)
    ]


# --- History (audit trail) --------------------------------------------------------------------------


def _detalle_historia(accion: str, d: dict) -> str:
    if accion == "plan.presentar":
        return (
            f"Presentado el {_larga(d.get('fecha_presentacion'))} para {d.get('departamento')}. "
            f"Evaluación hasta el {_larga(d.get('vence_evaluacion'))}."
        )
    if accion == "plan.solicitar_ajustes":
        return f"«{d.get('ajustes_detalle')}». Plazo hasta el {_larga(d.get('vence_ajustes'))}."
    if accion == "plan.ajustar":
        return (
            f"Presentado el {_larga(d.get('fecha_presentacion'))}. Evaluación hasta el "
            f"{_larga(d.get('vence_evaluacion'))}."
        )
    if accion == "plan.aprobar":
        return (
            f"Resolución {d.get('resolucion')} del {_larga(d.get('fecha_aprobacion'))}. Visto bueno del "
            f"{_larga(d.get('visto_bueno_desde'))} al {_larga(d.get('visto_bueno_hasta'))}."
        )
    if accion == "plan.ejecutoria":
        return (
            f"En firme el {_larga(d.get('fecha_ejecutoria'))}. Aviso a la DIAN hasta el "
            f"{_larga(d.get('vence_aviso_dian'))}."
        )
    if accion == "plan.aviso_dian":
        return f"DIAN informada el {_larga(d.get('aviso_dian'))}."
    if accion == "plan.informe_anual":
        return f"Informe de {d.get('anio')}, presentado el {_larga(d.get('presentado'))}."
    if accion == "plan.visto_bueno_renovado":
        return f"Renovado hasta el {_larga(d.get('visto_bueno_hasta'))} (única renovación automática)."
    if accion == "plan.visto_bueno_vencido":
        return f"Sin renovación automática: {d.get('motivo', '')}."
    return ""


ACCIONES = {
    "plan.presentar": "Ecopetrol presentó el plan",
    "plan.solicitar_ajustes": "El MinMinas solicitó ajustes",
    "plan.ajustar": "Ecopetrol presentó el plan ajustado",
    "plan.aprobar": "El MinMinas aprobó el plan y otorgó el visto bueno",
    "plan.ejecutoria": "Se registró la ejecutoria de la aprobación",
    "plan.aviso_dian": "Ecopetrol informó a la DIAN",
    "plan.informe_anual": "Ecopetrol presentó el informe anual",
    "plan.visto_bueno_renovado": "El visto bueno se renovó automáticamente",
    "plan.visto_bueno_vencido": "El visto bueno venció",
}


def historia(plan: PlanAbastecimiento) -> list[dict]:
    filas = []
    for r in plan_historia(plan):
        d = r.despues or {}
        filas.append(
            {
                "fecha": r.fecha,
                "quien": autor(r),
                "accion": ACCIONES.get(r.accion, "Otra actuación sobre el plan"),
                "detalle": _detalle_historia(r.accion, d),
                "texto": d.get("descripcion") if r.accion in ("plan.presentar", "plan.ajustar") else "",
            }
        )
    return filas


# --- Pages ------------------------------------------------------------------------------------------


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *access.PLANES_LECTORES)
    filtros = {k: request.GET.get(k, "").strip() for k in FILTROS}
    estado = filtros["estado"] if filtros["estado"] in Estado.values else ""
    pagina = paginar(request, plan_list(departamento=filtros["departamento"], estado=estado, q=filtros["q"]))
    hoy = today()
    for plan in pagina:
        plan.plazos_hoy = plazos(plan, hoy)
    return render(
        request,
        "fronteras/planes.html",
        {
            "pagina": pagina,
            "filtros": filtros,
            "hay_filtros": any(filtros.values()),
            "departamentos": plan_departamentos(),
            "estados": Estado.choices,
            "puede_presentar": puede(request.user, access.PLANES_PRESENTA),
            "secciones": secciones(request, SECCION),
        },
    )


@pagina_protegida
@require_GET
def detalle(request, plan_id):
    plan = access.plan_access(request.user, plan_id)
    return render(
        request,
        "fronteras/plan_detalle.html",
        {
            "plan": plan,
            "acto": acto_de(request.user, plan.acto_id),
            "plazos": plazos(plan),
            "acciones": acciones(request.user, plan),
            "informes": plan_informes(plan),
            "historia": historia(plan),
            "secciones": secciones(request, SECCION),
        },
    )


@pagina_protegida
@require_GET
def aprobacion_pdf(request, plan_id):
    """MinMinas' signed approval (F-07): only once the plan is approved."""
    plan = access.plan_access(request.user, plan_id)
    if not plan.fecha_aprobacion or not plan.resolucion:
        raise Http404("El plan no tiene una aprobación.")
    documento = aprobacion_firmada(plan)
    respuesta = HttpResponse(documentos.contenido(documento), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="aprobacion-plan-{plan.pk}.pdf"'
    return respuesta


def _responder(request, contexto: dict, *, status: int = 200, confirmar: bool = False):
    """The whole page, or only the form (or the confirmation) for an htmx swap."""
    contexto.setdefault("secciones", secciones(request, SECCION))
    if parcial_htmx(request):
        plantilla = "fronteras/_plan_confirmar.html" if confirmar else "fronteras/_plan_formulario.html"
    else:
        plantilla = "fronteras/plan_paso.html"  # with `efectos`, the confirmation page
    return render(request, plantilla, contexto, status=status)


def _al_plan(request, plan_id: int):
    url = reverse("fronteras:plan", args=[plan_id])
    return HttpResponseClientRedirect(url) if parcial_htmx(request) else redirect(url)


@pagina_protegida
@require_http_methods(["GET", "POST"])
def nuevo(request):
    """Art. 3: Ecopetrol presents a department's plan; MinMinas has 10 business days to evaluate it."""
    require_role(request.user, *access.PLANES_PRESENTA)
    contexto = {
        "titulo": "Presentar un plan de abastecimiento",
        "boton": "Presentar el plan",
        "accion": reverse("fronteras:plan-nuevo"),
        "explicacion": "Ecopetrol presenta al MinMinas (Dirección de Hidrocarburos) un plan por cada "
        "departamento con municipios de zona de frontera. El MinMinas lo evalúa dentro de los "
        "10 días hábiles siguientes a la presentación (art. 3).",
    }
    if request.method == "GET":
        return _responder(request, {**contexto, "form": PlanPresentarForm()})
    form = PlanPresentarForm(request.POST)
    plan, rechazo = ejecutar_formulario(form, lambda **datos: servicios.plan_presentar(actor=request.user, **datos))
    if plan is not None:
        messages.success(
            request,
            f"Se presentó el plan de abastecimiento de {plan.departamento}. La evaluación del "
            f"MinMinas {plazo_texto(plan.vence_evaluacion)}.",
        )
        return _al_plan(request, plan.id)
    if rechazo:
        form.add_error(None, rechazo)
    return _responder(request, {**contexto, "form": form}, status=409 if rechazo else 400)


def _ensayar(form, servicio) -> str:
    """Run the act and roll it back: its refusal shows before the confirmation, not after."""
    _, rechazo = intentar(form, lambda: ensayar(lambda: servicio(**form.cleaned_data)))
    return rechazo.detalle if rechazo is not None else ""


def _paso(request, plan_id, clave: str):
    paso = PASOS[clave]
    plan = access.plan_access(request.user, plan_id)
    require_role(request.user, *paso.roles)
    if not paso.abierto(plan):
        raise ApplicationError(
            ErrorFronteras.TRANSICION_INVALIDA,
            f"Este paso no está disponible: el plan de abastecimiento de {plan.departamento} "
            f"está «{plan.get_estado_display()}».",
        )
    contexto = {
        "plan": plan,
        "paso": paso,
        "titulo": paso.titulo,
        "boton": paso.boton,
        "accion": reverse(paso.nombre, args=[plan.id]),
        "explicacion": paso.explicacion(plan),
        "plazos": plazos(plan),
    }
    if request.method == "GET":
        # "Corregir los datos" on a confirmation comes back with what was typed.
        inicial = {**paso.inicial(plan), **{k: v for k, v in request.GET.items() if k in paso.Form.base_fields}}
        return _responder(request, {**contexto, "form": paso.Form(initial=inicial)})
    form = paso.Form(request.POST)

    def servicio(**datos):
        return paso.servicio(actor=request.user, plan=plan, **datos)

    if paso.efectos is not None and request.POST.get("confirmado") != "1":
        rechazo = _ensayar(form, servicio) if form.is_valid() else ""
        if form.is_valid() and not rechazo:
            corregir = urlencode({k: form.data.get(k, "") for k in form.fields})
            return _responder(
                request,
                {**contexto, "form": form, "efectos": paso.efectos(plan, form.cleaned_data), "corregir": corregir},
                confirmar=True,
            )
    else:
        hecho, rechazo = ejecutar_formulario(form, servicio)
        if hecho is not None:
            plan.refresh_from_db()
            messages.success(request, paso.exito(plan, form.cleaned_data))
            return _al_plan(request, plan.id)
    if rechazo:
        form.add_error(None, rechazo)
    return _responder(request, {**contexto, "form": form}, status=409 if rechazo else 400)


def _vista_paso(clave: str):
    def vista(request, plan_id):
        return _paso(request, plan_id, clave)

    if PASOS[clave].codigo_fresco:
        vista = exige_codigo_fresco()(vista)
    vista = pagina_protegida(require_http_methods(["GET", "POST"])(vista))

    vista.__name__ = vista.__qualname__ = f"paso_{clave.replace('-', '_')}"
    vista.__doc__ = PASOS[clave].titulo
    return vista


solicitar_ajustes = _vista_paso("ajustes")
ajustar = _vista_paso("ajustar")
aprobar = _vista_paso("aprobar")
ejecutoria = _vista_paso("ejecutoria")
aviso_dian = _vista_paso("aviso-dian")
informe = _vista_paso("informe")
