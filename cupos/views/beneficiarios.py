"""Beneficiaries: the searchable list, the page of one beneficiary (balance, timeline, ledger), and
the analyst's registration and edit pages (R-01/R-02, the same service and checks as the API)."""

from urllib.parse import urlencode

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods

from core.identidad.access import require_role
from core.vencimientos.calendario import today
from core.web.views.comun import intentar, pagina_protegida, paginar, parcial_htmx, puede
from cupos import calculo
from cupos.access import ESCRITORES, LECTORES_LISTA, beneficiario_access, beneficiarios_visibles
from cupos.errors import ErrorCupos, SinCupoVigente
from cupos.forms import (
    BeneficiarioForm,
    CancelarCupoForm,
    CausaJustificadaForm,
    ComunicacionForm,
    FinContinuidadForm,
    TipoBeneficiarioForm,
)
from cupos.models import Beneficiario, Cupo
from cupos.pdf import fecha_larga, mes_corto, mes_largo
from cupos.selectors.beneficiarios import (
    beneficiario_declaraciones,
    beneficiario_list,
    capitanias_activas,
    ultimo_cupo_de,
)
from cupos.selectors.cupos import cupo_list, cupo_terminos
from cupos.selectors.libro import MesLinea, cupo_linea_de_tiempo, movimiento_list
from cupos.selectors.saldos import beneficiario_saldo
from cupos.services.beneficiarios import beneficiario_create, beneficiario_update
from cupos.views.condiciones import contexto_condiciones

FILTROS = ("q", "tipo", "capitania", "trb_banda", "estado_cupo")
BANDAS_TRB = (
    ("menor_60", "Menos de 60 TRB"),
    ("60_300", "De 60 a 300 TRB"),
    ("mayor_300", "Más de 300 TRB"),
)
ESTADOS_CUPO = (*Cupo.Estado.choices, ("sin_cupo", "Sin cupo expedido ni en firme"))


@pagina_protegida
@require_GET
def lista(request):
    require_role(request.user, *LECTORES_LISTA)
    filtros = {k: request.GET.get(k, "").strip() for k in FILTROS}
    beneficiarios = beneficiarios_visibles(request.user, beneficiario_list(**filtros))
    pagina = paginar(request, beneficiarios)
    ultimo_cupo_de(list(pagina))
    estados = dict(Cupo.Estado.choices)
    for b in pagina:
        b.cupo_estado_nombre = estados.get(b.cupo_estado, "Sin cupo")
    contexto = {
        "pagina": pagina, "filtros": filtros, "hay_filtros": any(filtros.values()),
        "puede_registrar": puede(request.user, ESCRITORES),
    }
    if parcial_htmx(request):
        respuesta = render(request, "cupos/_beneficiarios_tabla.html", contexto)
    else:
        contexto.update(
            tipos=Beneficiario.Tipo.choices,
            capitanias=capitanias_activas(),
            bandas=BANDAS_TRB,
            estados=ESTADOS_CUPO,
        )
        respuesta = render(request, "cupos/beneficiarios.html", contexto)
    patch_vary_headers(respuesta, ["HX-Request"])
    return respuesta


@pagina_protegida
@require_GET
def detalle(request, beneficiario_id):
    require_role(request.user, *LECTORES_LISTA)  # a wholesaler checks a buyer on its own screen
    beneficiario = beneficiario_access(request.user, beneficiario_id)
    return render(
        request,
        "cupos/beneficiario_detalle.html",
        contexto_detalle(request, beneficiario, cupo_id=request.GET.get("cupo")),
    )


def _guardar(request, form, *, beneficiario=None):
    """Create or update through the service; its refusals land next to their fields. None if refused."""
    if beneficiario is None:
        hecho, rechazo = intentar(form, beneficiario_create, actor=request.user, **form.datos())
    else:
        hecho, rechazo = intentar(
            form, beneficiario_update, actor=request.user, beneficiario=beneficiario, **form.datos()
        )
    if rechazo is not None:
        form.add_error("matricula" if rechazo.codigo == ErrorCupos.MATRICULA_DUPLICADA else None, rechazo.detalle)
    return hecho


@pagina_protegida
@require_http_methods(["GET", "POST"])
def beneficiario_nuevo(request):
    """Register a beneficiary: first its kind, then the data R-02 asks of that kind."""
    require_role(request.user, *ESCRITORES)
    datos = request.POST if request.method == "POST" else request.GET
    form_tipo = TipoBeneficiarioForm(datos or None)
    tipo = form_tipo.cleaned_data["tipo"] if form_tipo.is_valid() else None
    form = None
    if tipo and request.method == "POST":
        form = BeneficiarioForm(request.POST, tipo=tipo)
        if form.is_valid() and (beneficiario := _guardar(request, form)) is not None:
            messages.success(request, f"Se registró el beneficiario {beneficiario.nombre}.")
            return redirect("cupos:beneficiario", beneficiario_id=beneficiario.id)
    elif tipo:
        form = BeneficiarioForm(tipo=tipo, initial={k: v for k, v in request.GET.items() if k != "tipo"})
    contexto = {"form_tipo": form_tipo, "form": form, "tipo": tipo, "tipos": Beneficiario.Tipo}
    estado = 400 if request.method == "POST" else 200
    plantilla = "cupos/_beneficiario_formulario.html" if parcial_htmx(request) else "cupos/beneficiario_form.html"
    respuesta = render(request, plantilla, contexto, status=estado)
    if parcial_htmx(request) and request.method == "GET":
        # What was typed travels in the request, not in the address bar nor the history: only the kind.
        respuesta["HX-Push-Url"] = f"{request.path}?{urlencode({'tipo': tipo})}" if tipo else request.path
    return respuesta


@pagina_protegida
@require_http_methods(["GET", "POST"])
def beneficiario_editar(request, beneficiario_id):
    """Correct a beneficiary's data (the kind stays); the service audits the change with the before."""
    require_role(request.user, *ESCRITORES)
    beneficiario = beneficiario_access(request.user, beneficiario_id)
    if request.method == "POST":
        form = BeneficiarioForm(request.POST, tipo=beneficiario.tipo)
        if form.is_valid() and _guardar(request, form, beneficiario=beneficiario) is not None:
            messages.success(request, f"Se actualizaron los datos de {beneficiario.nombre}.")
            return redirect("cupos:beneficiario", beneficiario_id=beneficiario.id)
        beneficiario.refresh_from_db()
        estado = 400
    else:
        form = BeneficiarioForm(tipo=beneficiario.tipo, initial=_iniciales(beneficiario))
        estado = 200
    contexto = {"form": form, "tipo": beneficiario.tipo, "beneficiario": beneficiario, "tipos": Beneficiario.Tipo}
    return render(request, "cupos/beneficiario_form.html", contexto, status=estado)


def _iniciales(beneficiario: Beneficiario) -> dict:
    return {
        "nombre": beneficiario.nombre, "identificacion": beneficiario.identificacion,
        "matricula": beneficiario.matricula or "", "bandera": beneficiario.bandera, "trb": beneficiario.trb,
        "actividad": beneficiario.actividad, "capacidad_combustible_gal": beneficiario.capacidad_combustible_gal,
        "capitania": beneficiario.capitania.codigo if beneficiario.capitania else "",
        "empresa_nit": beneficiario.empresa_nit, "permiso_vigente_hasta": beneficiario.permiso_vigente_hasta,
        "distribuidor_nit": beneficiario.distribuidor.nit if beneficiario.distribuidor else "",
        "correo": beneficiario.correo, "celular": beneficiario.celular,
        "acepta_notificacion_electronica": beneficiario.acepta_notificacion_electronica,
    }


def contexto_detalle(
    request,
    beneficiario,
    *,
    cupo_id=None,
    form_cancelar=None,
    form_causa=None,
    form_comunicacion=None,
    form_continuidad=None,
    condiciones: dict | None = None,
) -> dict:
    """Everything the beneficiary page shows; the action views reuse it to show form errors (`condiciones`: the
    forms of a foreign vessel's standing conditions, R-26)."""
    hoy = today()
    cupos = list(cupo_list(beneficiario_id=beneficiario.id))
    try:
        saldo, sin_cupo = beneficiario_saldo(beneficiario_id=beneficiario.id, fecha=hoy), ""
    except SinCupoVigente as exc:
        saldo, sin_cupo = None, exc.detalle
    cupo = _cupo_elegido(cupos, cupo_id, saldo)
    contexto = {
        "beneficiario": beneficiario,
        "hoy": hoy,
        "hoy_texto": fecha_larga(hoy),
        "cupos": cupos,
        "saldo": saldo,
        "sin_cupo": sin_cupo,
        "expedidos_sin_firmeza": [c for c in cupos if c.estado == Cupo.Estado.EXPEDIDO],
        "cupo": cupo,
        "ventanas": [],
        "grafico": None,
        "movimientos": None,
        "declaraciones": beneficiario_declaraciones(beneficiario_id=beneficiario.id),
        "puede_editar": puede(request.user, ESCRITORES),
    }
    contexto.update(contexto_condiciones(request, beneficiario, condiciones))
    if saldo is not None:
        contexto["saldo_ventana"] = f"del {fecha_larga(saldo.ventana.inicio)} al {fecha_larga(saldo.ventana.fin)}"
    if cupo is None:
        return contexto
    _formularios(request, contexto, cupo, form_cancelar, form_causa, form_comunicacion, form_continuidad)
    filas = cupo_linea_de_tiempo(cupo=cupo, hasta=hoy)
    contexto["ventanas"] = _ventanas(cupo, filas, hoy)
    contexto["grafico"] = _grafico(filas) if filas else None
    contexto["totales"] = {
        "derecho": sum(f.derecho for f in filas),
        "consumo": sum(f.consumo for f in filas),
        "vencido": sum(f.vencido for f in filas),
    }
    contexto["movimientos"] = paginar(request, movimiento_list(cupo=cupo))
    return contexto


def _formularios(request, contexto, cupo, form_cancelar, form_causa, form_comunicacion, form_continuidad) -> None:
    """The analyst's acts on the cupo shown (R-06, R-09, R-12, R-24)."""
    if not puede(request.user, ESCRITORES) or cupo.estado == Cupo.Estado.CANCELADO:
        return
    contexto["form_cancelar"] = form_cancelar or CancelarCupoForm()
    if cupo.estado != Cupo.Estado.EN_FIRME:
        return
    contexto["form_comunicacion"] = form_comunicacion or ComunicacionForm(
        initial={"fecha_comunicacion": cupo.fecha_comunicacion or cupo.fecha_firmeza}
    )
    if cupo.fecha_inicio is not None:
        causa = cupo.causa_justificada_inactividad
        contexto["form_causa"] = form_causa or CausaJustificadaForm(initial={"causa": causa})
    if cupo.fecha_inicio is not None and cupo.fecha_fin is None:
        contexto["form_continuidad"] = form_continuidad or FinContinuidadForm(
            initial={"anio": cupo.resolucion.anio + 1, "fecha": today()}
        )


def _cupo_elegido(cupos: list[Cupo], cupo_id, saldo) -> Cupo | None:
    """The cupo whose timeline is shown: the one asked for, else the one in force, else the newest."""
    por_id = {str(c.id): c for c in cupos}
    if cupo_id is not None and str(cupo_id) in por_id:
        return por_id[str(cupo_id)]
    if saldo is not None:
        return por_id.get(str(saldo.cupo.id), saldo.cupo)
    con_inicio = [c for c in cupos if c.fecha_inicio is not None]
    return con_inicio[0] if con_inicio else (cupos[0] if cupos else None)


def _ventanas(cupo: Cupo, filas: list[MesLinea], hoy) -> list[dict]:
    """Group the months by accumulation window (R-10) so each window's bounds can be marked."""
    if not filas:
        return []
    terminos = cupo_terminos(cupo)
    ventanas: list[dict] = []
    for fila in filas:
        if fila.inicio_ventana or not ventanas:
            ventana = calculo.window_for(terminos, fila.mes)
            ventanas.append(
                {
                    "numero": len(ventanas) + 1,
                    "desde": fecha_larga(ventana.inicio),
                    "hasta": fecha_larga(ventana.fin),
                    "en_curso": ventana.contiene(hoy),
                    "filas": [],
                }
            )
        ventanas[-1]["filas"].append(
            {
                "mes": mes_largo(fila.mes),
                "actual": calculo.month_index(fila.mes) == calculo.month_index(hoy),
                "derecho": fila.derecho,
                "consumo": fila.consumo,
                "saldo": fila.saldo,
                "vencido": fila.vencido,
            }
        )
    return ventanas


def _grafico(filas: list[MesLinea]) -> dict:
    """The same numbers as the table, as plain floats for Chart.js (display only)."""
    return {
        "etiquetas": [mes_corto(f.mes) for f in filas],
        "inicios": [f.inicio_ventana for f in filas],
        "derecho": [float(f.derecho) for f in filas],
        "consumo": [float(f.consumo) for f in filas],
        "saldo": [float(f.saldo) for f in filas],
        "vencido": [float(f.vencido) for f in filas],
    }
