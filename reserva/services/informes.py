"""C-09 (art. 14): semiannual reports of the users of special import-export systems, and the
six-monthly list of those users (name and address) the foreign-trade authority sends Dimar. The duty
to report follows the user's status: the users the list names for a semester and those seen in the
semester's special-system bills of lading (reserva.selectors.plazos.obligados_a_informar)."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import crear_auditado
from core.comun.errors import ApplicationError, unico
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.vencimientos.alertas import alertas_resolve_por_referencia
from reserva import access, calculo
from reserva.errors import ErrorReserva
from reserva.models import InformeSemestral, ListaSistemasEspeciales, TipoAlertaReserva, UsuarioListado
from reserva.validacion import Errores, nit, no_futura, texto


def referencia(usuario_nit: str, anio: int, semestre: int) -> str:
    return f"{anio}-{semestre}:{usuario_nit}"


def informe_present(
    *,
    actor,
    usuario_nit: str,
    semestre: str,
    fecha_presentacion: dt.date,
    cargas: list[dict],
    sin_movimiento: bool = False,
) -> InformeSemestral:
    """Each cargo: quantity and class, ports of origin and destination, freight per tonne, shipping
    company, ship and flag. Due in August (1st semester) or February (2nd); a late one is accepted
    and marked `extemporaneo`. One report per user and semester. C-09: a report with no cargo line
    is no report unless the user declares it moved nothing in the semester (`sin_movimiento`); a
    declaration of no movement that lists cargo contradicts itself."""
    require_role(actor, *access.USUARIOS)
    usuario_nit = access.nit_access(actor, usuario_nit)
    errores = Errores()
    periodo = calculo.semestre_de_texto(semestre)
    if periodo is None:
        errores["semestre"] = "Indique el semestre como AAAA-1 (enero a junio) o AAAA-2 (julio a diciembre)."
    no_futura(errores, "fecha_presentacion", fecha_presentacion)
    if periodo and "fecha_presentacion" not in errores and fecha_presentacion <= calculo.fin_semestre(*periodo):
        errores["fecha_presentacion"] = (
            f"El semestre {semestre} termina el {calculo.fin_semestre(*periodo):%Y-%m-%d}: "
            "el informe se presenta después."
        )
    if not cargas and not sin_movimiento:
        errores["cargas"] = (
            "Relacione cada carga importada o exportada en el semestre, o declare que no tuvo movimiento."
        )
    elif cargas and sin_movimiento:
        errores["sin_movimiento"] = "Declaró que no tuvo movimiento en el semestre, pero relacionó cargas."
    errores.revisar()
    anio, numero = periodo
    vence = calculo.vence_informe(anio, numero)
    duplicado = ApplicationError(
        ErrorReserva.INFORME_DUPLICADO, f"{usuario_nit} ya presentó el informe del semestre {semestre}."
    )
    with unico(duplicado):
        informe = crear_auditado(
            InformeSemestral,
            actor=actor,
            accion="reserva.informe.presentar",
            usuario_nit=usuario_nit,
            anio=anio,
            semestre=numero,
            fecha_presentacion=fecha_presentacion,
            vence=vence,
            extemporaneo=fecha_presentacion > vence,
            cargas=_json(cargas),
            sin_movimiento=bool(sin_movimiento),
        )
        alertas_resolve_por_referencia(
            tipo=TipoAlertaReserva.INFORME_SEMESTRAL_VENCIDO,
            referencia=referencia(usuario_nit, anio, numero),
            detalle=f"Informe presentado el {fecha_larga(fecha_presentacion)}.",
        )
    return informe


def _json(cargas: list[dict]) -> list[dict]:
    return [{k: (str(v) if isinstance(v, Decimal | dt.date) else v) for k, v in carga.items()} for carga in cargas]


@transaction.atomic
def lista_register(
    *,
    actor,
    semestre: str,
    fecha_recibo: dt.date,
    referencia: str,
    usuarios: list[dict],
    remitente: str = "",
) -> ListaSistemasEspeciales:
    """Dimar records the semester's list (art. 14: "remitirá semestralmente a Dimar el nombre y
    dirección de los usuarios de sistemas especiales"). One list per semester, with at least one user."""
    require_role(actor, *access.DIMAR)
    errores = Errores()
    periodo = calculo.semestre_de_texto(semestre)
    if periodo is None:
        errores["semestre"] = "Indique el semestre como AAAA-1 (enero a junio) o AAAA-2 (julio a diciembre)."
    no_futura(errores, "fecha_recibo", fecha_recibo)
    referencia = texto(errores, "referencia", referencia, largo=120)
    remitente = str(remitente or "").strip()[:200] or "Ministerio de Comercio, Industria y Turismo"
    filas, vistos = [], set()
    for i, usuario in enumerate(usuarios or []):
        fila = Errores()
        usuario_nit = nit(fila, "nit", usuario.get("nit"))
        nombre = texto(fila, "nombre", usuario.get("nombre"), largo=200)
        direccion = texto(fila, "direccion", usuario.get("direccion"), largo=300)
        if usuario_nit and usuario_nit in vistos:
            fila["nit"] = f"El NIT {usuario_nit} aparece dos veces en la lista."
        vistos.add(usuario_nit)
        for campo, mensaje in fila.items():
            errores[f"usuarios[{i}].{campo}"] = mensaje
        filas.append((usuario_nit, nombre, direccion))
    if not filas:
        errores["usuarios"] = "La lista debe nombrar al menos un usuario (NIT, nombre y dirección)."
    errores.revisar()
    anio, numero = periodo
    duplicada = ApplicationError(
        ErrorReserva.LISTA_DUPLICADA, f"Ya está registrada la lista de usuarios de sistemas especiales de {semestre}."
    )
    with unico(duplicada):
        lista = crear_auditado(
            ListaSistemasEspeciales,
            actor=actor,
            accion="reserva.lista_sistemas_especiales.registrar",
            anio=anio,
            semestre=numero,
            remitente=remitente,
            referencia=referencia,
            fecha_recibo=fecha_recibo,
            registrada_por=actor,
        )
    UsuarioListado.objects.bulk_create(
        UsuarioListado(lista=lista, nit=n, nombre=nombre, direccion=d) for n, nombre, d in filas
    )
    return lista
