"""«Inspectores designados» (R-13): the register of the pollution inspectors a capitanía designates. Its
officer lists them (in force or ended), designates one and ends a designation; Dimar and administrators
do it for any capitanía; UPME and auditors read. The rules live in zarpes.services.inspectores."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.models import Capitania
from core.vencimientos.calendario import today
from core.web.views.comun import intentar, pagina_protegida, paginar, puede
from zarpes.access import LECTORES_DESIGNACION, ROLES_DESIGNACION, es_oficial, inspectores_visibles
from zarpes.forms import InspectorDesignadoForm, TerminarDesignacionForm
from zarpes.selectors.inspectores import VENCIDOS, VIGENTES, inspector_list
from zarpes.services.inspectores import inspector_designate, inspector_designation_end

ESTADOS = {VIGENTES: "Vigentes", VENCIDOS: "Vencidos", "todos": "Todos"}


def _elige_capitania(user) -> bool:
    """An officer's register is its capitanía's; everyone else chooses one (or sees them all)."""
    return not (es_oficial(user) and not user.es_administrador)


def _pagina(request, *, form=None, status: int = 200):
    user = request.user
    hoy = today()
    estado = request.GET.get("estado", VIGENTES)
    estado = estado if estado in ESTADOS else VIGENTES
    capitania = user.capitania if not _elige_capitania(user) else None
    codigo = request.GET.get("capitania", "").strip().upper()
    if capitania is None and codigo:
        capitania = Capitania.objects.filter(codigo=codigo).first()
    consulta = inspector_list(capitania_id=capitania.id if capitania else None, estado=estado, fecha=hoy)
    pagina = paginar(request, inspectores_visibles(user, consulta))
    for inspector in pagina:
        inspector.situacion = (
            "vigente" if inspector.vigente_en(hoy) else "futura" if inspector.vigente_desde > hoy else "vencida"
        )
        inspector.terminar = TerminarDesignacionForm(prefix=f"terminar-{inspector.id}")
    puede_designar = puede(user, ROLES_DESIGNACION) and (capitania is not None or _elige_capitania(user))
    if puede_designar and form is None:
        form = InspectorDesignadoForm(
            elegir_capitania=_elige_capitania(user), initial={"vigente_desde": hoy, "capitania": codigo}
        )
    contexto = {
        "pagina": pagina,
        "estado": estado,
        "estados": ESTADOS,
        "capitania": capitania,
        "codigo": codigo,
        "elige_capitania": _elige_capitania(user),
        "puede_designar": puede_designar,
        "form": form,
        "hoy_texto": fecha_larga(hoy),
        "capitanias": Capitania.objects.order_by("codigo") if _elige_capitania(user) else (),
    }
    return render(request, "zarpes/inspectores.html", contexto, status=status)


@pagina_protegida
@require_http_methods(["GET", "POST"])
def inspectores(request):
    """GET: the register; POST: designate an inspector (then back to the register)."""
    require_role(request.user, *LECTORES_DESIGNACION)
    if request.method == "GET":
        return _pagina(request)
    require_role(request.user, *ROLES_DESIGNACION)
    form = InspectorDesignadoForm(request.POST, elegir_capitania=_elige_capitania(request.user))
    if form.is_valid():
        datos = {"capitania": None, **form.cleaned_data}
        inspector, rechazo = intentar(form, inspector_designate, actor=request.user, **datos)
        if rechazo is not None:
            form.add_error(None, rechazo.detalle)
        elif inspector is not None:
            messages.success(
                request,
                f"Se registró la designación de {inspector.nombre} (C.C. {inspector.documento}) en "
                f"{inspector.capitania.nombre}, vigente desde el {fecha_larga(inspector.vigente_desde)}.",
            )
            return redirect(_volver(inspector.capitania.codigo, request.user))
    return _pagina(request, form=form, status=400)


@pagina_protegida
@require_POST
def terminar(request, inspector_id):
    """End a designation on the date given (its last day in force); past reports keep naming it."""
    require_role(request.user, *ROLES_DESIGNACION)
    form = TerminarDesignacionForm(request.POST, prefix=f"terminar-{inspector_id}")
    if not form.is_valid():
        for errores in form.errors.values():
            for error in errores:
                messages.error(request, error)
        return redirect(reverse("zarpes:inspectores"))
    inspector, rechazo = intentar(
        form,
        inspector_designation_end,
        actor=request.user,
        inspector_id=inspector_id,
        vigente_hasta=form.cleaned_data["vigente_hasta"],
    )
    if inspector is None:
        detalles = [rechazo.detalle] if rechazo is not None else [e for es in form.errors.values() for e in es]
        for detalle in detalles:
            messages.error(request, detalle)
        return redirect(reverse("zarpes:inspectores"))
    messages.success(
        request,
        f"La designación de {inspector.nombre} termina el {fecha_larga(inspector.vigente_hasta)}: "
        "desde el día siguiente no puede firmar informes.",
    )
    return redirect(_volver(inspector.capitania.codigo, request.user))


def _volver(codigo: str, user) -> str:
    url = reverse("zarpes:inspectores")
    return f"{url}?capitania={codigo}" if _elige_capitania(user) else url
