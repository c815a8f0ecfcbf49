"""The annual allocation (R-05, D1891 art. 1): a draft resolution's lines, and issuing them as cupos.

- `lineas_set` writes lines all or nothing: every line is checked first, a bad one is a 400 naming
  its position and field, a beneficiary refused or without the right for the year (R-04 par. 2) a
  409 `solicitud_rechazada`; a line replaces an earlier one of the same beneficiary.
- `lineas_importar_xlsx` reads the template (cupos.selectors.asignacion.lineas_exportar_xlsx) and
  calls `lineas_set`: errors by row and column, nothing saved if any row is bad.
- `resolucion_expedir` marks the resolution `expidiendo` and queues a recoverable job (core.segundo_plano.trabajos);
  `resolucion_expedicion_process` turns every line into a cupo (`expedido`, R-07's cuota) in ONE
  transaction, in bulk, then marks it `expedida`. A failure rolls everything back and the
  resolution returns to `borrador` with the error recorded; a dead worker is re-queued by the
  sweeper, and one that died too often is abandoned the same way.
"""

import logging
from collections.abc import Iterable, Mapping, Sequence

from django.conf import settings
from django.db import (
    IntegrityError,
    OperationalError,
    transaction,
)
from django.utils import timezone

from core.auditoria.audit import audit_entry, audit_record
from core.comun.errors import ApplicationError, DatosInvalidos, ErrorCore, PermisoDenegado
from core.comun.fechas import fecha_larga
from core.comun.galones import GALONES_MAXIMO, galones, galones_texto
from core.identidad.access import require_role
from core.models import RegistroAuditoria
from core.segundo_plano.trabajos import (
    avisos_de_progreso,
    encolar_trabajo_al_confirmar,
    fila_bloqueada,
    latiendo,
    progreso_anotar,
    trabajo_exclusivo,
    trabajo_tomar,
)
from core.vencimientos.calendario import today
from cupos import calculo
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Beneficiario, Cupo, LineaAsignacion, Resolucion, Solicitud
from cupos.selectors.asignacion import continuidad_hacia, sin_derecho_en
from cupos.selectors.condiciones import acuicultoras_con_permiso_vencido
from cupos.selectors.novedades import bajas_hasta
from cupos.services.borradores import MAX_MOTIVO, bloquear_borrador
from cupos.services.condiciones import error_permiso_cultivo_vencido
from cupos.services.continuidad import omitidos
from cupos.services.cupos import error_duplicado_en_anio, error_sin_solicitud_aprobada
from cupos.services.modificatorias import revocar_en_expedicion
from cupos.services.procedimiento import expedir_acto

logger = logging.getLogger(__name__)

TRABAJO = "cupos.expedicion"  # its name in core.registro (registered in apps.py)
MAX_LINEAS = 50_000  # per request or file: several times the national fleet
LOTE = 1_000  # cupos inserted (with their audit rows) per statement while issuing
PASO_PROGRESO = 5
_CANDADO = 0x52_45_53  # advisory-lock namespace of issuing ("RES")
MENSAJE_ERROR_INTERNO = (
    "No se pudo expedir la resolución por un error interno del portal; no se creó ningún cupo. "
    "El equipo técnico fue notificado: intente expedirla de nuevo más tarde."
)
MENSAJE_INTERRUMPIDO = (
    "La expedición se interrumpió varias veces sin terminar; no se creó ningún cupo. "
    "Intente expedirla de nuevo más tarde."
)

Estado = Resolucion.Estado
Origen = LineaAsignacion.Origen


class LineasInvalidas(DatosInvalidos):
    """Bad lines: a 400 `{"lineas": {position: {field: [messages]}}}` (positions from 0, as sent)."""

    def __init__(self, por_linea: Mapping[int, Mapping[str, list[str]]]):
        self.por_linea = {pos: {c: list(m) for c, m in campos.items()} for pos, campos in sorted(por_linea.items())}
        ApplicationError.__init__(
            self,
            ErrorCore.DATOS_INVALIDOS,
            "; ".join(
                f"línea {pos + 1}, {campo}: {' '.join(m)}"
                for pos, campos in self.por_linea.items()
                for campo, m in campos.items()
            ),
        )
        self.errores = {"lineas": self.por_linea}


class ArchivoInvalido(DatosInvalidos):
    """An XLSX with bad rows: `filas` lists {"fila", "columna", "campo", "mensaje"}; nothing saved."""

    def __init__(self, filas: list[dict]):
        self.filas = filas
        super().__init__({"archivo": [f"Fila {f['fila']}, columna {f['columna']}: {f['mensaje']}" for f in filas]})


# --- Lines ----------------------------------------------------------------------------------------


def lineas_set(*, usuario, resolucion: Resolucion, lineas: Sequence[Mapping]) -> int:
    """Set the gallons of many beneficiaries in a draft resolution, all or nothing.

    Each line: {"beneficiario": id or Beneficiario, "galones_anuales", "motivo"?}. A line replaces
    an earlier one of the same beneficiary (in this call or before). Returns the number of lines
    written (one per beneficiary). Refusals: 400 LineasInvalidas; 409 resolucion_expedida,
    solicitud_rechazada (refused or lost right, R-04 par. 2), cupo_duplicado (already a cupo here).
    """
    require_role(usuario, *ESCRITORES)
    if not lineas:
        raise DatosInvalidos({"lineas": "Envíe al menos una línea."})
    if len(lineas) > MAX_LINEAS:
        raise DatosInvalidos({"lineas": f"Se admiten hasta {MAX_LINEAS:,} líneas por envío.".replace(",", ".")})
    leidas, errores = _leer_lineas(lineas)
    ids = {b for _, b, _, _ in leidas}
    with transaction.atomic():
        resolucion = bloquear_borrador(resolucion)
        beneficiarios = dict(Beneficiario.objects.filter(pk__in=ids).values_list("id", "nombre"))
        solicitudes = {
            s["beneficiario_id"]: s
            for s in Solicitud.objects.filter(beneficiario_id__in=ids, anio=resolucion.anio).values(
                "beneficiario_id", "estado", "galones_solicitados"
            )
        }
        sin_derecho = _sin_derecho(resolucion, ids)
        for pos, bid, cantidad, motivo in leidas:
            if bid not in beneficiarios:
                errores.setdefault(pos, {})["beneficiario"] = [f"No existe el beneficiario con id {bid}."]
                continue
            solicitud = solicitudes.get(bid)
            if bid in sin_derecho:
                continue  # a 409 below, whatever its gallons
            if solicitud and cantidad != solicitud["galones_solicitados"] and not motivo:
                errores.setdefault(pos, {})["motivo"] = [
                    f"Los galones difieren de los solicitados ({galones_texto(solicitud['galones_solicitados'])}): "
                    "escriba el motivo."
                ]
        if errores:
            raise LineasInvalidas(errores)
        _rechazar_sin_derecho(resolucion, leidas, sin_derecho, beneficiarios)
        _rechazar_sin_solicitud(resolucion, leidas, beneficiarios)
        _rechazar_permiso_vencido(resolucion, leidas)
        _rechazar_con_cupo(resolucion, leidas, beneficiarios)
        origenes = _origenes(resolucion, ids, solicitudes)
        ultimas = {bid: (cantidad, motivo) for _, bid, cantidad, motivo in leidas}  # the later line wins
        acciones = _acciones(resolucion, ultimas)
        antes = {
            str(b): [str(g), m]
            for b, g, m in LineaAsignacion.objects.filter(resolucion=resolucion, beneficiario_id__in=ids).values_list(
                "beneficiario_id", "galones_anuales", "motivo"
            )
        }
        LineaAsignacion.objects.bulk_create(
            [
                LineaAsignacion(
                    resolucion=resolucion,
                    beneficiario_id=bid,
                    galones_anuales=cantidad,
                    motivo=motivo,
                    origen=origenes[bid],
                    creada_por=usuario,
                    **acciones[bid],
                )
                for bid, (cantidad, motivo) in ultimas.items()
            ],
            batch_size=2_000,
            update_conflicts=True,
            unique_fields=["resolucion", "beneficiario"],
            update_fields=[
                "galones_anuales",
                "motivo",
                "origen",
                "creada_por",
                "actualizada",
                "accion",
                "motivo_cambio",
                "fecha_desde",
                "cupo_modificado",
                "causal",
                "soporte",
            ],
        )
        audit_record(
            actor=usuario,
            accion="resolucion.lineas",
            obj=resolucion,
            antes={"lineas": antes},
            despues={"lineas": {str(b): [str(g), m] for b, (g, m) in ultimas.items()}},
        )
    return len(ultimas)


def linea_quitar(*, usuario, resolucion: Resolucion, beneficiario_id: int) -> bool:
    """Remove a beneficiary's line from a draft resolution (False: it had none)."""
    require_role(usuario, *ESCRITORES)
    with transaction.atomic():
        resolucion = bloquear_borrador(resolucion)
        linea = LineaAsignacion.objects.filter(resolucion=resolucion, beneficiario_id=beneficiario_id).first()
        if linea is None:
            return False
        audit_record(actor=usuario, accion="resolucion.linea_quitar", obj=linea, despues={})
        linea.delete()
    return True


def _leer_lineas(lineas: Sequence[Mapping]) -> tuple[list[tuple[int, int, object, str]], dict]:
    """(position, beneficiary id, gallons, motivo) of each readable line, and the errors of the others."""
    leidas, errores = [], {}
    for pos, linea in enumerate(lineas):
        campos: dict[str, list[str]] = {}
        if not isinstance(linea, Mapping):
            errores[pos] = {"non_field_errors": ["Cada línea es un objeto {beneficiario, galones_anuales, motivo}."]}
            continue
        bid = linea.get("beneficiario")
        if isinstance(bid, Beneficiario):
            bid = bid.pk
        elif isinstance(bid, str) and bid.strip().isdigit():
            bid = int(bid.strip())
        if not isinstance(bid, int) or isinstance(bid, bool) or bid <= 0:
            campos["beneficiario"] = ["Indique el id del beneficiario (un número entero)."]
        cantidad = None
        valor = linea.get("galones_anuales")
        if valor is None or valor == "":
            campos["galones_anuales"] = ["Indique los galones anuales."]
        else:
            try:
                cantidad = galones(valor)
            except ValueError as exc:
                campos["galones_anuales"] = [str(exc)]
            else:
                if cantidad <= 0:
                    campos["galones_anuales"] = ["Los galones anuales deben ser mayores que cero."]
                elif cantidad > GALONES_MAXIMO:
                    campos["galones_anuales"] = ["La cantidad de galones es demasiado grande."]
        motivo = linea.get("motivo") or ""
        if not isinstance(motivo, str):
            campos["motivo"] = ["El motivo es un texto."]
        elif len(motivo.strip()) > MAX_MOTIVO:
            campos["motivo"] = [f"El motivo admite hasta {MAX_MOTIVO:,} caracteres.".replace(",", ".")]
        if campos:
            errores[pos] = campos
        else:
            leidas.append((pos, bid, cantidad, motivo.strip()))
    return leidas, errores


def _nombres(ids: Iterable[int], nombres: Mapping[int, str], limite: int | None = 5) -> str:
    """The beneficiaries' names; past `limite` (None: no limit) «y N más»."""
    ids = list(ids)
    limite = len(ids) if limite is None else limite
    texto = ", ".join(nombres.get(i, str(i)) for i in ids[:limite])
    return texto + (f" y {len(ids) - limite} más" if len(ids) > limite else "")


def _sin_derecho(resolucion: Resolucion, ids: set[int]) -> set[int]:
    """R-04 par. 2: a refused application, or late information with no justified cause: no line."""
    return set(
        Beneficiario.objects.filter(pk__in=ids)
        .annotate(_sin=sin_derecho_en(resolucion.anio))
        .filter(_sin=True)
        .values_list("id", flat=True)
    )


def _rechazar_sin_derecho(resolucion: Resolucion, leidas, sin_derecho: set[int], nombres: Mapping[int, str]) -> None:
    if sin_derecho:
        posiciones = [pos for pos, b, _, _ in leidas if b in sin_derecho]
        raise ApplicationError(
            ErrorCupos.SOLICITUD_RECHAZADA,
            f"No se puede asignar cupo para {resolucion.anio} a {_nombres(sorted(sin_derecho), nombres)}: su "
            "solicitud del año fue rechazada, o entregó la información fuera de plazo sin causa justificada (R-04).",
            extra={"posiciones": posiciones, "beneficiarios": sorted(sin_derecho)},
        )


def _sin_solicitud(resolucion: Resolucion, beneficiarios) -> dict[int, str]:
    """R-03: of these beneficiaries (a queryset of ids or a set), the acuicultoras and foreign vessels with no
    approved application for the resolution's year: {id: name}."""
    return dict(
        Beneficiario.objects.filter(pk__in=beneficiarios, tipo__in=Beneficiario.TIPOS_CON_SOLICITUD)
        .exclude(pk__in=Solicitud.objects.filter(anio=resolucion.anio, estado=Solicitud.Estado.APROBADA)
                 .values("beneficiario_id"))
        .values_list("id", "nombre")
    )


def _rechazar_sin_solicitud(resolucion: Resolucion, leidas, nombres: Mapping[int, str]) -> None:
    sin = _sin_solicitud(resolucion, {b for _, b, _, _ in leidas})
    if sin:
        raise error_sin_solicitud_aprobada(
            sorted(sin.values()), resolucion.anio,
            posiciones=[pos for pos, b, _, _ in leidas if b in sin], beneficiarios=sorted(sin),
        )


def fecha_del_otorgamiento(resolucion: Resolucion):
    """R-27: the day the resolution grants its cupos: a paper act's own date; one the portal issues, the day it is
    issued, never before today (R-05)."""
    return resolucion.fecha_expedicion if resolucion.transcrita else max(resolucion.fecha_expedicion, today())


def _rechazar_permiso_vencido(resolucion: Resolucion, leidas) -> None:
    """R-27: no line for an acuicultora whose cultivation permit is not in force on the grant's date."""
    fecha = fecha_del_otorgamiento(resolucion)
    if vencidos := acuicultoras_con_permiso_vencido({b for _, b, _, _ in leidas}, fecha):
        raise error_permiso_cultivo_vencido(
            sorted(vencidos.values()), fecha, "el otorgamiento del cupo",
            posiciones=[pos for pos, b, _, _ in leidas if b in vencidos], beneficiarios=sorted(vencidos),
        )


def _rechazar_con_cupo(resolucion: Resolucion, leidas, nombres: Mapping[int, str]) -> None:
    """One cupo per beneficiary per resolution: a cupo already granted in it leaves no room for a line."""
    ids = {b for _, b, _, _ in leidas}
    con_cupo = set(
        Cupo.objects.filter(resolucion=resolucion, beneficiario_id__in=ids).values_list("beneficiario_id", flat=True)
    )
    if con_cupo:
        raise ApplicationError(
            ErrorCupos.CUPO_DUPLICADO,
            f"{_nombres(sorted(con_cupo), nombres)} ya tiene(n) un cupo en esta resolución.",
            extra={
                "posiciones": [pos for pos, b, _, _ in leidas if b in con_cupo],
                "beneficiarios": sorted(con_cupo),
            },
        )


def _acciones(resolucion: Resolucion, ultimas: Mapping[int, tuple]) -> dict[int, dict]:
    """What each line does. An annual resolution assigns the year's cupos. In a modifying or additional
    one (the API's lines, issue 26) a beneficiary with a cupo in course gets a change of gallons of that
    cupo (increase, reduction or correction by the figures), and one without a new cupo (alta)."""
    base = {"fecha_desde": None, "cupo_modificado": None, "causal": "", "soporte": "", "motivo_cambio": ""}
    if resolucion.tipo == Resolucion.Tipo.ANUAL:
        return {bid: {**base, "accion": LineaAsignacion.Accion.ASIGNACION} for bid in ultimas}
    from cupos.selectors.modificatorias import cupos_en_curso

    en_curso = cupos_en_curso(beneficiario_ids=ultimas, anio=resolucion.anio, hoy=today())
    acciones = {}
    for bid, (cantidad, _) in ultimas.items():
        cupo = en_curso.get(bid)
        if cupo is None:
            acciones[bid] = {**base, "accion": LineaAsignacion.Accion.ALTA}
            continue
        Motivo = LineaAsignacion.MotivoCambio
        motivo = (
            Motivo.AUMENTO
            if cantidad > cupo.galones_anuales
            else Motivo.REDUCCION
            if cantidad < cupo.galones_anuales
            else Motivo.CORRECCION
        )
        acciones[bid] = {
            **base,
            "accion": LineaAsignacion.Accion.CAMBIO,
            "cupo_modificado": cupo,
            "motivo_cambio": motivo,
        }
    return acciones


def _origenes(resolucion: Resolucion, ids: set[int], solicitudes: Mapping[int, dict]) -> dict[int, str]:
    aprobadas = {b for b, s in solicitudes.items() if s["estado"] == Solicitud.Estado.APROBADA}
    continuidad = set()
    if resolucion.tipo == Resolucion.Tipo.ANUAL:
        continuidad = set(
            Beneficiario.objects.filter(pk__in=ids - aprobadas)
            .annotate(_c=continuidad_hacia(resolucion.anio))
            .filter(_c=True)
            .values_list("id", flat=True)
        )
    return {
        b: Origen.SOLICITUD if b in aprobadas else Origen.CONTINUIDAD if b in continuidad else Origen.MANUAL
        for b in ids
    }


# --- The XLSX template ----------------------------------------------------------------------------

MAX_BYTES_XLSX = 20 * 1024 * 1024


def lineas_importar_xlsx(*, usuario, resolucion: Resolucion, archivo) -> int:
    """Read the template back and set its lines (lineas_set). Rows with no gallons are skipped; any
    bad row (or a refused beneficiary) is an ArchivoInvalido naming row and column: nothing saved."""
    from openpyxl import load_workbook
    from openpyxl.utils import get_column_letter

    from cupos.selectors.asignacion import COLUMNAS, columna_de_encabezado, encabezado_de

    require_role(usuario, *ESCRITORES)
    if archivo is None:
        raise DatosInvalidos({"archivo": "Seleccione el archivo XLSX con las líneas."})
    if (getattr(archivo, "size", 0) or 0) > MAX_BYTES_XLSX:
        raise DatosInvalidos({"archivo": "El archivo pesa más de 20 MB: no es la plantilla de líneas."})
    try:
        archivo.seek(0)
        libro = load_workbook(archivo, read_only=True, data_only=True)
    except Exception as exc:  # zipfile, XML and openpyxl errors differ: any of them means "not an XLSX"
        raise DatosInvalidos(
            {"archivo": "El archivo no es un libro de Excel (.xlsx) legible: descargue la plantilla y úsela."}
        ) from exc
    try:
        hoja = libro.worksheets[0]
        filas = hoja.iter_rows(values_only=True)
        # Spanish headers («Galones anuales asignados») or the old snake_case names, in any order.
        encabezado = [columna_de_encabezado(c) if c is not None else "" for c in next(filas, ())]
        columnas = {}
        for i, nombre in enumerate(encabezado):
            if nombre:
                columnas.setdefault(nombre, i)
        faltan = [encabezado_de(c) for c in ("beneficiario", "galones_anuales") if c not in columnas]
        if faltan:
            raise DatosInvalidos(
                {
                    "archivo": "La primera fila debe tener los encabezados de la plantilla; faltan: «"
                    + "», «".join(faltan)
                    + "»."
                }
            )
        letra = {c: get_column_letter(i + 1) for c, i in columnas.items()}
        notas = {COLUMNAS[0][2], "Id del beneficiario (no lo cambie)"}  # row 2 of this template and the old one
        lineas, fila_de, errores = [], [], []
        for numero, fila in enumerate(filas, start=2):
            if numero - 1 > MAX_LINEAS + 1:
                raise DatosInvalidos({"archivo": f"El archivo tiene más de {MAX_LINEAS} filas."})

            def celda(nombre, fila=fila):
                i = columnas.get(nombre)
                return fila[i] if i is not None and i < len(fila) else None

            bid, cantidad = celda("beneficiario"), celda("galones_anuales")
            if numero == 2 and bid in notas:
                continue  # the row that explains the columns
            if cantidad is None or (isinstance(cantidad, str) and not cantidad.strip()):
                continue  # no gallons: the analyst leaves this beneficiary out
            if isinstance(bid, float) and bid.is_integer():
                bid = int(bid)
            if not (isinstance(bid, int) or (isinstance(bid, str) and bid.strip().isdigit())):
                errores.append(_error(numero, letra, "beneficiario", f"«{bid or ''}» no es el id de un beneficiario."))
                continue
            if isinstance(cantidad, str):
                cantidad = cantidad.strip().replace(" ", "")
                if "," in cantidad:  # es-CO: 1.234,56
                    cantidad = cantidad.replace(".", "").replace(",", ".")
            motivo = celda("motivo")
            lineas.append(
                {"beneficiario": int(bid), "galones_anuales": cantidad, "motivo": "" if motivo is None else str(motivo)}
            )
            fila_de.append(numero)
    finally:
        libro.close()
    if not lineas and not errores:
        raise DatosInvalidos({"archivo": "Ninguna fila tiene galones anuales: no hay líneas que guardar."})
    if errores:
        # Check the readable rows too (in a savepoint rolled back), so every error is reported at once.
        if lineas:
            try:
                with transaction.atomic():
                    lineas_set(usuario=usuario, resolucion=resolucion, lineas=lineas)
                    transaction.set_rollback(True)
            except ApplicationError as exc:
                errores += _errores_por_fila(exc, fila_de, letra)
        raise ArchivoInvalido(sorted(errores, key=lambda e: e["fila"]))
    try:
        return lineas_set(usuario=usuario, resolucion=resolucion, lineas=lineas)
    except ApplicationError as exc:
        por_fila = _errores_por_fila(exc, fila_de, letra)
        if not por_fila:
            raise
        raise ArchivoInvalido(sorted(por_fila, key=lambda e: e["fila"])) from exc


def _errores_por_fila(exc: ApplicationError, fila_de: list[int], letra: Mapping[str, str]) -> list[dict]:
    """lineas_set's refusal as row-and-column errors; [] when it is about the whole resolution."""
    if isinstance(exc, LineasInvalidas):
        return [
            _error(fila_de[pos], letra, campo, " ".join(mensajes))
            for pos, campos in exc.por_linea.items()
            for campo, mensajes in campos.items()
        ]
    if isinstance(exc, DatosInvalidos) or exc.codigo == ErrorCupos.RESOLUCION_EXPEDIDA:
        return []
    return [_error(fila_de[p], letra, "beneficiario", exc.detalle) for p in exc.extra.get("posiciones", [])]


def _error(fila: int, letra: Mapping[str, str], campo: str, mensaje: str) -> dict:
    from cupos.selectors.asignacion import encabezado_de

    return {
        "fila": fila,
        "columna": f"{letra.get(campo, '?')} ({encabezado_de(campo)})",
        "campo": campo,
        "mensaje": mensaje,
    }


# --- Issuing --------------------------------------------------------------------------------------


def resolucion_expedir(*, usuario, resolucion: Resolucion) -> Resolucion:
    """Issue a draft resolution: checks what can be checked at once (lines, rights, duplicates),
    marks it `expidiendo` and queues the job that turns its lines into cupos (202 in the API)."""
    require_role(usuario, *ESCRITORES)
    with transaction.atomic():
        resolucion = bloquear_borrador(resolucion)
        if not LineaAsignacion.objects.filter(resolucion=resolucion).exists():
            raise DatosInvalidos({"lineas": "La resolución no tiene líneas: fije al menos una antes de expedirla."})
        _revisar_lineas(resolucion)
        resolucion.estado, resolucion.progreso, resolucion.error_expedicion = Estado.EXPIDIENDO, 0, ""
        resolucion.intentos, resolucion.latido, resolucion.expedida_por = 0, timezone.now(), usuario
        resolucion.save(update_fields=["estado", "progreso", "error_expedicion", "intentos", "latido", "expedida_por"])
        audit_record(actor=usuario, accion="resolucion.expedir_solicitar", obj=resolucion)
        encolar_trabajo_al_confirmar(TRABAJO, resolucion.id)
    return resolucion


def resolucion_revisar_lineas(resolucion: Resolucion) -> None:
    """The checks of issuing, run by the confirmation page before anyone confirms, by `resolucion_expedir`
    and by the job before it writes: each refusal names every beneficiary it concerns."""
    _revisar_lineas(resolucion)


def _revisar_lineas(resolucion: Resolucion) -> None:
    """The rules a line must still meet when issued (an application may be refused after its line
    was set, Dimar may report the vessel's baja): 409 solicitud_rechazada, nave_dada_de_baja or
    cupo_duplicado, naming every beneficiary concerned. A resolution with no line has nothing to issue.
    Revocations (issue 26) grant no cupo: only the lines that do are checked. Five queries."""
    if not LineaAsignacion.objects.filter(resolucion=resolucion).exists():
        raise DatosInvalidos({"lineas": "La resolución no tiene líneas: agregue al menos una antes de expedirla."})
    lineas = LineaAsignacion.objects.filter(resolucion=resolucion).exclude(accion=LineaAsignacion.Accion.REVOCACION)
    bajas = bajas_hasta(beneficiario_ids=lineas.values("beneficiario_id"), hasta=None)
    if bajas:
        nombres = dict(Beneficiario.objects.filter(pk__in=bajas).values_list("id", "nombre"))
        cuales = "; ".join(
            f"{nombres[b]} (matrícula {matricula}, desde el {fecha_larga(fecha)})"
            for b, (fecha, matricula) in sorted(bajas.items(), key=lambda x: nombres[x[0]])
        )
        raise ApplicationError(
            ErrorCupos.NAVE_DADA_DE_BAJA,
            f"No se puede expedir: Dimar reportó la baja de {cuales} (R-24). Quite esas líneas.",
            extra={"beneficiarios": sorted(bajas)},
        )
    if sin := _sin_solicitud(resolucion, lineas.values("beneficiario_id")):
        raise error_sin_solicitud_aprobada(sorted(sin.values()), resolucion.anio, beneficiarios=sorted(sin))
    fecha = fecha_del_otorgamiento(resolucion)
    if vencidos := acuicultoras_con_permiso_vencido(lineas.values("beneficiario_id"), fecha):
        raise error_permiso_cultivo_vencido(
            sorted(vencidos.values()), fecha, "el otorgamiento del cupo", beneficiarios=sorted(vencidos)
        )
    sin_derecho = dict(
        lineas.annotate(_sin=sin_derecho_en(resolucion.anio, "beneficiario_id"))
        .filter(_sin=True)
        .values_list("beneficiario_id", "beneficiario__nombre")
    )
    if sin_derecho:
        raise ApplicationError(
            ErrorCupos.SOLICITUD_RECHAZADA,
            f"No se puede expedir: {_nombres(sin_derecho, sin_derecho, None)} no tiene(n) derecho a cupo para "
            f"{resolucion.anio} (solicitud rechazada o información extemporánea sin causa justificada, R-04). "
            "Quite esas líneas.",
            extra={"beneficiarios": sorted(sin_derecho)},
        )
    duplicados = dict(
        lineas.filter(beneficiario__cupos__resolucion=resolucion).values_list("beneficiario_id", "beneficiario__nombre")
    )
    if duplicados:
        raise ApplicationError(
            ErrorCupos.CUPO_DUPLICADO,
            f"No se puede expedir: {_nombres(duplicados, duplicados, None)} ya tiene(n) un cupo en esta resolución.",
            extra={"beneficiarios": sorted(duplicados)},
        )
    # One cupo a year: a new cupo (an annual line or an «alta») for someone who already holds one of the year from
    # another resolution (two drafts, each with its alta, both issued); a change of gallons succeeds it instead.
    del_anio = dict(
        lineas.filter(accion__in=[LineaAsignacion.Accion.ASIGNACION, LineaAsignacion.Accion.ALTA])
        .filter(beneficiario_id__in=Cupo.objects.filter(resolucion__anio=resolucion.anio)
                .exclude(resolucion=resolucion).exclude(estado=Cupo.Estado.CANCELADO).values("beneficiario_id"))
        .values_list("beneficiario_id", "beneficiario__nombre")
    )
    if del_anio:
        raise error_duplicado_en_anio(list(del_anio.values()), resolucion.anio, beneficiarios=sorted(del_anio))
    _revisar_revocaciones(resolucion)


def _revisar_revocaciones(resolucion: Resolucion) -> None:
    """Issue 45: what the revocation lines will meet when the act cancels their cupos (R-12), checked in the dry
    run before the second-factor code, naming each beneficiary: a cupo already cancelled, and an «inactividad»
    that is not true on the day the act is issued (more than three months without use, no justified cause)."""
    from cupos.services.cupos import _inactividad_comprobada

    hoy = today()  # the act is dated the day it is issued (P-05); the revocation rules from then
    problemas: dict[int, tuple[str, str]] = {}
    revocaciones = (
        LineaAsignacion.objects.filter(resolucion=resolucion, accion=LineaAsignacion.Accion.REVOCACION)
        .select_related("beneficiario", "cupo_modificado").order_by("beneficiario__nombre")
    )
    for linea in revocaciones:
        cupo, nombre = linea.cupo_modificado, linea.beneficiario.nombre
        if cupo is None:
            continue
        if cupo.estado == Cupo.Estado.CANCELADO:
            problemas[linea.beneficiario_id] = (ErrorCupos.TRANSICION_INVALIDA, f"{nombre}: su cupo ya fue cancelado")
        elif linea.causal == Cupo.Causal.INACTIVIDAD:
            try:
                _inactividad_comprobada(cupo, max(linea.fecha_desde or hoy, hoy))
            except ApplicationError as exc:
                problemas[linea.beneficiario_id] = (exc.codigo, f"{nombre}: {exc.detalle}")
    if problemas:
        codigo = next(iter(problemas.values()))[0]
        raise ApplicationError(
            codigo,
            "No se puede expedir: " + "; ".join(texto for _, texto in problemas.values())
            + ". Quite esas líneas de revocación o cambie su causal (R-12).",
            extra={"beneficiarios": sorted(problemas)},
        )


def resolucion_expedicion_process(*, resolucion_id: int) -> Resolucion | None:
    """The job: every line becomes a cupo in ONE transaction, then the resolution is `expedida`.
    Never raises except OperationalError (the task retries); any other failure leaves nothing
    written and the resolution back in `borrador` with the error recorded."""
    return trabajo_exclusivo(
        _CANDADO, Resolucion, resolucion_id, tomar=_tomar, en_curso=Estado.EXPIDIENDO, trabajar=_expedir_tomada
    )


def _expedir_tomada(resolucion: Resolucion) -> Resolucion | None:
    try:
        with latiendo(Resolucion, resolucion.id), transaction.atomic():
            _expedir(resolucion)
    except OperationalError:
        raise
    except ApplicationError as exc:
        return _fallar(resolucion.id, exc.detalle)
    except IntegrityError:
        logger.exception("Expedición de la resolución %s: conflicto de integridad", resolucion.id)
        return _fallar(
            resolucion.id,
            "No se pudo expedir: algún beneficiario recibió un cupo en esta resolución mientras se expedía. "
            "No se creó ningún cupo; revise las líneas e intente de nuevo.",
        )
    except Exception:
        logger.exception("Falló la expedición de la resolución %s", resolucion.id)
        return _fallar(resolucion.id, MENSAJE_ERROR_INTERNO)
    return Resolucion.objects.filter(pk=resolucion.id).first()


def resolucion_expedicion_abandon(resolucion_id: int) -> Resolucion | None:
    """core.segundo_plano.trabajos gives up on an issuing whose workers died `max_intentos` times."""
    return resolucion_expedicion_mark_failed(resolucion_id=resolucion_id, mensaje=MENSAJE_INTERRUMPIDO)


def resolucion_expedicion_mark_failed(*, resolucion_id: int, mensaje: str = MENSAJE_ERROR_INTERNO):
    return _fallar(resolucion_id, mensaje)


def _tomar(resolucion_id: int) -> Resolucion | None:
    return trabajo_tomar(
        Resolucion.objects,
        resolucion_id,
        nombre=TRABAJO,
        agotado=lambda resolucion: _fallar(resolucion.id, MENSAJE_INTERRUMPIDO),
        progreso=0,
    )


def _expedir(resolucion: Resolucion) -> None:
    """In the caller's transaction. The resolution row is not locked until the last UPDATE, so the
    heartbeat and the progress (other connections) never wait on it; the draft state already keeps
    every line still (lineas_set refuses a resolution `expidiendo`)."""
    actor = resolucion.expedida_por
    _revisar_lineas(resolucion)
    lineas = list(
        LineaAsignacion.objects.filter(resolucion=resolucion)
        .exclude(accion=LineaAsignacion.Accion.REVOCACION)
        .order_by("id")
        .values_list("beneficiario_id", "beneficiario__tipo", "galones_anuales", "fecha_desde")
    )
    revocaciones = list(
        LineaAsignacion.objects.filter(resolucion=resolucion, accion=LineaAsignacion.Accion.REVOCACION)
        .select_related("beneficiario")
        .order_by("id")
    )
    # R-05 / DOMAIN §8: the act, dated today, with one person concerned per beneficiary it decides.
    # an annual resolution also concerns those it leaves out; their omission is notified with its recursos.
    decididos = [b for b, _, _, _ in lineas] + [linea.beneficiario_id for linea in revocaciones]
    personas = expedir_acto(
        actor=actor, resolucion=resolucion, guardar=False,
        beneficiario_ids=decididos + omitidos(resolucion, set(decididos)),
    )
    if revocaciones:
        for linea in revocaciones:  # a modifying resolution's revocations (few: one by one)
            revocar_en_expedicion(
                actor=actor, resolucion=resolucion, linea=linea, interesado_id=personas[linea.beneficiario_id]
            )
    total = len(lineas)
    with _avisos_de_progreso(resolucion.id) as anotar:
        progreso = 0
        for inicio in range(0, total, LOTE):
            _crear_lote(resolucion, lineas[inicio : inicio + LOTE], actor, personas)
            avance = int((inicio + LOTE) * 95 / max(total, 1))
            if avance - progreso >= PASO_PROGRESO:
                anotar(min(avance, 95))
                progreso = avance
    from cupos.services.novedades import altas_decidir_por_cupos

    altas_decidir_por_cupos(beneficiario_ids=[b for b, _, _, _ in lineas])  # the alta is decided
    ahora = timezone.now()
    Resolucion.objects.filter(pk=resolucion.pk).update(
        estado=Estado.EXPEDIDA, progreso=100, error_expedicion="", expedida_en=ahora,
        acto_id=resolucion.acto_id, fecha_expedicion=resolucion.fecha_expedicion,  # the act and its day
    )
    resolucion.estado, resolucion.progreso, resolucion.expedida_en = Estado.EXPEDIDA, 100, ahora
    audit_record(
        actor=actor,
        accion="resolucion.expedir",
        obj=resolucion,
        despues={
            "cupos": total,
            "galones": str(sum((g for _, _, g, _ in lineas), start=0)),
            "revocaciones": len(revocaciones),
        },
    )
    _pedir_documento(resolucion, actor)


def _pedir_documento(resolucion: Resolucion, actor) -> None:
    """The issued resolution's PDF is asked for in the act itself (its job queued once the act commits),
    so the link the issuing page shows waits for a document on its way, not for someone to ask for it."""
    from cupos.services.documentos import resolucion_documento_request

    if actor is None:  # an issuing recorded with no analyst (a repair by hand): asked for on the page
        return
    try:
        resolucion_documento_request(actor=actor, resolucion=resolucion)
    except PermisoDenegado:  # refused before writing anything: the analyst asks for it on the page
        logger.warning("Resolución %s expedida sin pedir su PDF: el actor ya no puede pedirlo", resolucion.id)


def _crear_lote(
    resolucion: Resolucion, lote: list[tuple[int, str, object, object]], actor, personas: dict[int, int]
) -> None:
    """One batch of cupos as cupo_grant makes them (R-01 fuel, R-07 cuota), with their audit rows."""
    cupos = Cupo.objects.bulk_create(
        [
            Cupo(
                resolucion=resolucion,
                beneficiario_id=bid,
                interesado_id=personas[bid],
                combustible=Beneficiario(tipo=tipo).combustible,
                galones_anuales=cantidad,
                cuota_mensual=calculo.cuota_mensual(cantidad),
                estado=Cupo.Estado.EXPEDIDO,
                rige_desde=desde,  # a change of gallons that rules from a later day (issue 26)
            )
            for bid, tipo, cantidad, desde in lote
        ]
    )
    RegistroAuditoria.objects.bulk_create([audit_entry(actor=actor, accion="cupo.otorgar", obj=c) for c in cupos])


def _avisos_de_progreso(resolucion_id: int):
    """anotar(progreso) through a second connection in autocommit, so the page sees it move while the
    work's transaction is invisible (core.segundo_plano.trabajos.avisos_de_progreso)."""
    return avisos_de_progreso(
        lambda conexion, progreso: progreso_anotar(conexion, Resolucion, resolucion_id, progreso),
        descripcion=f"de la resolución {resolucion_id}",
        activo=not getattr(settings, "CUPOS_EXPEDICION_SIN_PROGRESO", False),
    )


def _fallar(resolucion_id: int, mensaje: str) -> Resolucion | None:
    """Back to `borrador` with the error recorded (the work's transaction already rolled back)."""
    with transaction.atomic():
        resolucion = fila_bloqueada(Resolucion.objects, resolucion_id)
        if resolucion is None or resolucion.estado != Estado.EXPIDIENDO:
            return resolucion
        resolucion.estado, resolucion.progreso, resolucion.error_expedicion = Estado.BORRADOR, 0, mensaje
        resolucion.save(update_fields=["estado", "progreso", "error_expedicion"])
        audit_record(actor=None, accion="resolucion.expedicion_fallida", obj=resolucion)
    return resolucion
