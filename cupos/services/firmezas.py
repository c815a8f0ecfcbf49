"""R-06 for a whole resolution: the bulk firmeza is ONE act, run as a Celery job with progress
(core.segundo_plano.trabajos).

«A bulk firmeza is one act: all its cupos become firm, or none does and nothing is sent» (R-06). So:

- `firmeza_masiva_impedimentos` lists every still-issued cupo that could not become firm on the date
  (a vessel Dimar reported as baja, R-24; no accumulation rule, R-10; a later firm cupo of the same
  beneficiary; consumption its predecessor could not give up, R-09), in a few set-based queries. The
  confirmation page runs it before anyone confirms (and refuses the act while it names any), and the job
  runs the same function before it writes.
- `firmeza_masiva_request` records the act (a row, audited) and queues the job.
- The job checks (progress 0–40 %), then makes every cupo firm and writes their Dimar notices (outbox)
  in ONE transaction (40–99 %, the progress through a second connection), set-based: it locks what the
  act changes, runs the checks again under the locks, decides each cupo's start (R-06), rule (R-10)
  and the cupos it ends (R-09) in memory with the rules `declarar_firmeza` applies, and writes them in
  a few UPDATEs and batched INSERTs. Any refusal stops the whole act: the job ends failed naming EACH
  beneficiary, no cupo is firm, no notice is stored or sent. The row's final
  state is written in the same transaction as the cupos, so a worker that dies after the commit leaves
  a finished job, never a re-run. The notices are queued for delivery only after the commit.
"""

import datetime as dt
import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import OperationalError, connection, transaction
from django.db.models import Max, Min
from django.utils import timezone

from core import registro
from core.auditoria.audit import audit_entry, audit_record, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.mensajes import outbox
from core.mensajes.outbox import outbox_nuevo
from core.models import MensajeSaliente, RegistroAuditoria
from core.segundo_plano.trabajos import (
    avisos_de_progreso,
    encolar,
    encolar_trabajo_al_confirmar,
    fila_bloqueada,
    fila_guardar,
    latiendo,
    progreso_anotar,
    trabajo_exclusivo,
    trabajo_fallar,
    trabajo_tomar,
)
from cupos.access import ESCRITORES
from cupos.models import Beneficiario, Cupo, FirmezaMasiva, Movimiento, Resolucion
from cupos.selectors.cupos import regla_aplicable
from cupos.selectors.novedades import bajas_hasta
from cupos.selectors.resoluciones import FIRMEZA_EN_CURSO, debidos, resolucion_debidos_count
from cupos.services.cupos import (
    AVISO_DIMAR,
    aviso_dimar,
    dia_antes,
    error_consumo_antes_del_inicio,
    error_consumo_tras_el_fin,
    error_sin_regla,
    fecha_valida,
    fin_de_vigencia,
    inicio_del_cupo,
    inicio_previsto,
    motivo_baja,
    sucedidos,
)

logger = logging.getLogger(__name__)

TRABAJO = "cupos.firmeza_masiva"  # its name in core.registro (registered in apps.py)
LOTE = 500  # Dimar notices per INSERT
_CANDADO = 0x46_49_52  # advisory-lock namespace of the bulk firmeza ("FIR")
MENSAJE_ERROR = "La firmeza se detuvo por un error interno del portal: ningún cupo quedó en firme."
MENSAJE_INTERRUMPIDO = "La firmeza masiva se interrumpió varias veces sin terminar: ningún cupo quedó en firme."
Estado = FirmezaMasiva.Estado


@dataclass(frozen=True)
class Impedimento:
    """A cupo that cannot become firm in the act, and why (Spanish)."""

    cupo_id: int
    beneficiario: str
    motivo: str
    # the first day it could become firm (the day after the last consumption recorded on the cupo it would
    # end), when consumption is all that stops it; None otherwise.
    desde: dt.date | None = None

    def texto(self) -> str:
        return f"el cupo de {self.beneficiario}: {self.motivo}"


def firmeza_masiva_check(*, resolucion: Resolucion, fecha_firmeza: dt.date, fecha_comunicacion: dt.date | None) -> None:
    """The dates, refused before anything (400 in the API, next to the field on the page)."""
    fecha_valida("fecha_firmeza", fecha_firmeza)
    if fecha_comunicacion is not None:
        fecha_valida("fecha_comunicacion", fecha_comunicacion)
    if fecha_firmeza < resolucion.fecha_expedicion:
        raise DatosInvalidos({"fecha_firmeza": "La firmeza no puede ser anterior a la expedición de la resolución."})
    if fecha_comunicacion is not None and fecha_comunicacion < resolucion.fecha_expedicion:
        raise DatosInvalidos(
            {"fecha_comunicacion": "La comunicación no puede ser anterior a la expedición de la resolución."}
        )


def firmeza_masiva_impedimentos(
    *, resolucion: Resolucion, fecha_firmeza: dt.date, fecha_comunicacion: dt.date | None, anotar=None,
    solo: set[int] | None = None,
) -> list[Impedimento]:
    """Every still-issued cupo of the resolution that could not become firm on `fecha_firmeza`, by
    beneficiary name: what `declarar_firmeza` would refuse, found in a few queries for the whole
    resolution. The confirmation page and the job both run this. `anotar(0..100)`: progress."""
    anotar = anotar or (lambda progreso: None)
    candidatos = debidos(Cupo.objects.filter(resolucion=resolucion, estado=Cupo.Estado.EXPEDIDO), fecha_firmeza)
    if solo is not None:
        candidatos = candidatos.filter(id__in=solo)
    cupos = list(
        candidatos
        .select_related("beneficiario")
        .order_by("beneficiario__nombre", "id")
    )
    if not cupos:
        return []
    ids = {c.beneficiario_id for c in cupos}
    inicio = inicio_previsto(fecha_firmeza=fecha_firmeza, fecha_comunicacion=fecha_comunicacion)
    motivos: dict[int, list[str]] = {}
    solo_consumo: dict[int, dt.date | None] = {}
    for bid, (fecha, matricula) in bajas_hasta(beneficiario_ids=ids, hasta=inicio).items():
        motivos.setdefault(bid, []).append(motivo_baja(fecha, matricula))
    anotar(20)
    sin_regla = _sin_regla(cupos, [f for f in {fecha_firmeza, inicio} if f is not None])
    for bid in sin_regla:
        motivos.setdefault(bid, []).append("no hay una regla de acumulación vigente para este beneficiario (R-10).")
    anotar(40)
    if inicio is not None:
        # A modifying resolution's change of gallons may rule from a later day (`rige_desde`): its start.
        por_inicio: dict[dt.date, set[int]] = {}
        for c in cupos:
            por_inicio.setdefault(max(inicio, c.rige_desde or inicio), set()).add(c.beneficiario_id)
        for desde_el, del_grupo in por_inicio.items():
            for bid, desde in _posteriores_en_firme(del_grupo, desde_el).items():
                motivos.setdefault(bid, []).append(f"ya tiene un cupo en firme desde el {fecha_larga(desde)}.")
        anotar(70)
        for desde_el, del_grupo in por_inicio.items():
            for bid, (consumo, ultimo) in _consumo_del_anterior(del_grupo, desde_el).items():
                solo_consumo[bid] = ultimo + dt.timedelta(days=1) if bid not in motivos else None
                motivos.setdefault(bid, []).append(
                    f"su cupo anterior tiene consumo registrado el {fecha_larga(consumo)} y no puede terminar el "
                    f"{fecha_larga(desde_el - dt.timedelta(days=1))} (R-09); puede quedar en firme desde el "
                    f"{fecha_larga(ultimo + dt.timedelta(days=1))}, el día siguiente a su último consumo."
                )
    anotar(100)
    return [
        Impedimento(c.id, c.beneficiario.nombre, " ".join(motivos[c.beneficiario_id]),
                    solo_consumo.get(c.beneficiario_id))
        for c in cupos
        if c.beneficiario_id in motivos
    ]


def _sin_regla(cupos: list[Cupo], fechas: list[dt.date]) -> set[int]:
    """R-10: beneficiaries with no accumulation rule in force on one of `fechas` (one query per kind
    and TRB, not per cupo)."""
    sin, conocidas = set(), {}
    for cupo in cupos:
        b = cupo.beneficiario
        clave = (b.tipo, b.trb if b.tipo in Beneficiario.TIPOS_NAVE else None)
        if clave not in conocidas:
            conocidas[clave] = all(regla_aplicable(beneficiario=b, fecha=f) is not None for f in fechas)
        if not conocidas[clave]:
            sin.add(b.id)
    return sin


def _posteriores_en_firme(ids: set[int], inicio: dt.date) -> dict[int, dt.date]:
    """A firm cupo of the same beneficiary starting on or after `inicio` leaves no room for this one."""
    filas = (
        Cupo.objects.filter(beneficiario_id__in=ids, estado=Cupo.Estado.EN_FIRME, fecha_inicio__gte=inicio)
        .values("beneficiario_id")
        .annotate(desde=Min("fecha_inicio"))
        .order_by()
    )
    return {f["beneficiario_id"]: f["desde"] for f in filas}


def _consumo_del_anterior(ids: set[int], inicio: dt.date) -> dict[int, tuple[dt.date, dt.date]]:
    """R-09: the cupo in force before ends the day before `inicio`; consumption recorded on or after
    `inicio` against it cannot move (the ledger is never rewritten). {beneficiary: (first, last) such day}."""
    filas = (
        Movimiento.objects.filter(
            cupo__beneficiario_id__in=ids,
            cupo__fecha_inicio__lt=inicio,
            tipo__in=Movimiento.CONSUMO,
            fecha__gte=inicio,
        )
        .exclude(cupo__fecha_fin__lt=inicio)
        .values("cupo__beneficiario_id")
        .annotate(primero=Min("fecha"), ultimo=Max("fecha"))
        .order_by()
    )
    return {f["cupo__beneficiario_id"]: (f["primero"], f["ultimo"]) for f in filas}


def impedimentos_texto(impedimentos: list[Impedimento]) -> str:
    """Each cupo that stops the act, by its beneficiary (all of them, not only the first)."""
    n = len(impedimentos)
    cabeza = "1 cupo no puede quedar en firme" if n == 1 else f"{n} cupos no pueden quedar en firme"
    return f"{cabeza}: " + "; ".join(i.texto() for i in impedimentos)


def firmeza_masiva_efecto(*, resolucion: Resolucion, fecha_firmeza: dt.date, pendientes: int) -> str:
    """The sentence that says exactly what the act will do."""
    plural = pendientes != 1
    return (
        f"{pendientes} cupo{'s' if plural else ''} de la resolución {resolucion.numero} de {resolucion.anio} "
        f"quedará{'n' if plural else ''} en firme el {fecha_larga(fecha_firmeza)} y se comunicará a Dimar, "
        "en un solo acto: si uno no puede quedar en firme, ninguno queda y no se comunica nada."
    )


def firmeza_masiva_request(
    *, actor, resolucion: Resolucion, fecha_firmeza: dt.date, fecha_comunicacion: dt.date | None = None
) -> FirmezaMasiva:
    """Record the bulk firmeza and queue it. While one runs for the resolution, it is returned."""
    require_role(actor, *ESCRITORES)
    firmeza_masiva_check(resolucion=resolucion, fecha_firmeza=fecha_firmeza, fecha_comunicacion=fecha_comunicacion)
    with transaction.atomic():
        Resolucion.objects.select_for_update().filter(pk=resolucion.pk).first()
        en_curso = resolucion.firmezas_masivas.filter(estado__in=FIRMEZA_EN_CURSO).first()
        if en_curso is not None:
            return en_curso
        trabajo = FirmezaMasiva.objects.create(
            resolucion=resolucion,
            fecha_firmeza=fecha_firmeza,
            fecha_comunicacion=fecha_comunicacion,
            total=resolucion_debidos_count(resolucion=resolucion, fecha=fecha_firmeza),
            solicitada_por=actor,
        )
        audit_record(actor=actor, accion="resolucion.firmeza_masiva", obj=trabajo)
        encolar_trabajo_al_confirmar(TRABAJO, trabajo.id)
    return trabajo


def firmeza_masiva_process(*, trabajo_id: int) -> FirmezaMasiva | None:
    """The job. Safe to re-run: one worker at a time (an advisory lock), and a finished row is left alone."""
    return trabajo_exclusivo(
        _CANDADO, FirmezaMasiva, trabajo_id, tomar=_tomar, en_curso=Estado.EN_CURSO, trabajar=_trabajar
    )


def firmeza_masiva_abandon(trabajo_id: int) -> FirmezaMasiva | None:
    return _fallar(trabajo_id, MENSAJE_INTERRUMPIDO)


def _trabajar(trabajo: FirmezaMasiva) -> FirmezaMasiva | None:
    try:
        with latiendo(FirmezaMasiva, trabajo.id), _avisos_de_progreso(trabajo.id) as anotar:
            impedimentos = firmeza_masiva_impedimentos(
                resolucion=trabajo.resolucion,
                fecha_firmeza=trabajo.fecha_firmeza,
                fecha_comunicacion=trabajo.fecha_comunicacion,
                anotar=lambda p: anotar(p * 40 // 100),
            )
            if not impedimentos:
                impedimentos = _firmar_todo(trabajo, anotar)
    except OperationalError:
        raise
    except Exception:
        logger.exception("Falló la firmeza masiva %s", trabajo.id)
        return _fallar(trabajo.id, MENSAJE_ERROR)
    if impedimentos:
        return _fallar(
            trabajo.id,
            f"No se pudo declarar la firmeza: {impedimentos_texto(impedimentos)}. "
            "Ningún cupo quedó en firme y no se comunicó nada a Dimar.",
        )
    return FirmezaMasiva.objects.filter(pk=trabajo.id).first()


def _firmar_todo(trabajo: FirmezaMasiva, anotar) -> list[Impedimento]:
    """ONE transaction: every issued cupo firm, its notice stored, the job finished; or, at the first
    batch of refusals, nothing at all. Returns the refusals (empty when the act went through).

    Set-based, a few statements for the whole resolution whatever its size (at national size, 10,000
    cupos took three minutes when `declarar_firmeza` ran cupo by cupo): it locks what the act changes,
    runs the confirmation's checks again under the locks, decides each cupo's terms in memory with the
    rules `declarar_firmeza` applies (cupos.services.cupos: `inicio_del_cupo`, `sucedidos`,
    `fin_de_vigencia`, and their refusals), and writes them with one UPDATE per set of equal terms and
    batched INSERTs for the audit rows and the notices."""
    actor, resolucion = trabajo.solicitada_por, trabajo.resolucion
    comunicacion = inicio_previsto(fecha_firmeza=trabajo.fecha_firmeza, fecha_comunicacion=trabajo.fecha_comunicacion)
    inicia = comunicacion is not None  # else each cupo starts when Dimar acknowledges its notice
    with transaction.atomic():
        ids = _bloquear_del_acto(resolucion, trabajo.fecha_firmeza, todos=inicia)
        anotar(50)
        impedimentos = firmeza_masiva_impedimentos(
            resolucion=resolucion, fecha_firmeza=trabajo.fecha_firmeza, fecha_comunicacion=trabajo.fecha_comunicacion
        )
        if impedimentos:
            return impedimentos  # nothing written yet: the transaction ends with nothing to undo
        anotar(60)
        cupos = list(Cupo.objects.filter(id__in=ids).select_related("beneficiario", "resolucion").order_by("id"))
        rechazos = _escribir_firmeza(
            actor, cupos, trabajo.fecha_firmeza, trabajo.fecha_comunicacion, inicia=inicia, anotar=anotar
        )
        if rechazos:  # decided in memory: nothing was written
            return rechazos
        _terminar(trabajo.id, hechos=len(cupos), sin_inicio=sum(c.fecha_inicio is None for c in cupos))
    return []


def _escribir_firmeza(actor, cupos: list[Cupo], fecha_firmeza, fecha_comunicacion, *, inicia: bool, anotar=None):
    """Every cupo of `cupos` (locked, checked) firm on `fecha_firmeza`, set-based: their terms decided in memory
    (R-06 start, R-10 rule, R-09 the cupos they end), then written in a few UPDATEs and batched INSERTs (audit,
    Dimar notices). A refusal found in memory writes nothing and is returned (sorted by beneficiary)."""
    anotar = anotar or (lambda progreso: None)
    antes = {c.id: snapshot(c) for c in cupos}
    ahora = timezone.now()
    for cupo in cupos:
        cupo.estado, cupo.fecha_firmeza, cupo.dimar_notificado = Cupo.Estado.EN_FIRME, fecha_firmeza, ahora
    terminados: list[tuple[Cupo, dict]] = []
    if inicia:
        origen = Cupo.Comunicacion.REGISTRO_UPME if fecha_comunicacion else Cupo.Comunicacion.OFICIO
        rechazos, terminados = _iniciar_todos(cupos, fecha_comunicacion or fecha_firmeza, origen)
        if rechazos:
            return sorted(rechazos, key=lambda r: (r.beneficiario, r.cupo_id))
    anotar(75)
    _actualizar(terminados and [c for c, _ in terminados], ("fecha_fin", "motivo_fin", "detalle_fin"))
    _actualizar(cupos, _CAMPOS_FIRMEZA if inicia else _CAMPOS_FIRMEZA[:3])
    RegistroAuditoria.objects.bulk_create(
        [audit_entry(actor=actor, accion=f"cupo.fin_{c.motivo_fin}", obj=c, antes=a) for c, a in terminados]
        + [audit_entry(actor=actor, accion="cupo.firmeza", obj=c, antes=antes[c.id]) for c in cupos],
        batch_size=LOTE,
    )
    anotar(85)
    _avisar([outbox_nuevo(tipo=AVISO_DIMAR, clave=f"{AVISO_DIMAR}:{c.id}", payload=aviso_dimar(c)) for c in cupos])
    return []


def firmeza_por_procedimiento(*, resolucion: Resolucion, fecha: dt.date, cupo_ids: set[int]) -> set[int]:
    """P-04's daily job (core.actos.services.firmezas_aplicar) for some cupos of one resolution whose beneficiaries'
    firmeza fell on `fecha`: each becomes firm that day and is communicated to Dimar (R-06), set-based, in the
    caller's transaction. Unlike UPME's bulk firmeza this is no single act: each beneficiary's firmeza is its own,
    so a cupo that cannot become firm (a baja, R-24; consumption its predecessor cannot give up, R-09) is left
    issued and logged, and the others go on. Returns the ids of the cupos made firm."""
    comunicacion = inicio_previsto(fecha_firmeza=fecha, fecha_comunicacion=None)
    inicia = comunicacion is not None
    ids = _bloquear_del_acto(resolucion, fecha, todos=inicia, solo=cupo_ids)
    impedidos = {
        i.cupo_id: i for i in firmeza_masiva_impedimentos(
            resolucion=resolucion, fecha_firmeza=fecha, fecha_comunicacion=None, solo=cupo_ids
        )
    }
    for _ in range(3):
        cupos = list(
            Cupo.objects.filter(id__in=set(ids) - set(impedidos)).select_related("beneficiario", "resolucion")
            .order_by("id")
        )
        rechazos = _escribir_firmeza(None, cupos, fecha, None, inicia=inicia)
        if not rechazos:
            break
        impedidos.update({r.cupo_id: r for r in rechazos})
    else:
        cupos = []
    for impedimento in impedidos.values():
        logger.warning("Firmeza del %s: %s", fecha.isoformat(), impedimento.texto())
    return {c.id for c in cupos}


# What the act sets on each cupo: the firmeza, and when it starts now, its start and rule.
_CAMPOS_FIRMEZA = (
    "estado",
    "fecha_firmeza",
    "dimar_notificado",
    "fecha_comunicacion",
    "comunicacion_origen",
    "fecha_inicio",
    "regla_id",
    "meses_ventana",
)


def _iniciar_todos(cupos: list[Cupo], fecha: dt.date, origen: str) -> tuple[list[Impedimento], list[tuple[Cupo, dict]]]:
    """`cupos.services.cupos._iniciar` for every cupo of the act at once: each starts on the later of
    its firmeza and `fecha` (R-06) under the rule in force that day (R-10), and ends the cupos it
    succeeds the day before (R-09). Reads every beneficiary's cupos and the consumption that could
    stop it in three queries. Returns the refusals, and the cupos it ends with their values before."""
    por_beneficiario: dict[int, list[Cupo]] = {}
    for otro in (
        Cupo.objects.filter(beneficiario_id__in={c.beneficiario_id for c in cupos})
        .select_related("resolucion", "beneficiario")  # both named in its audit row (Cupo.__str__)
        .order_by("id")
    ):
        por_beneficiario.setdefault(otro.beneficiario_id, []).append(otro)
    inicios = {c.id: inicio_del_cupo(c, fecha) for c in cupos}
    consumo_propio = dict(
        Movimiento.objects.filter(cupo_id__in=inicios, tipo__in=Movimiento.CONSUMO)
        .values("cupo_id")
        .annotate(primero=Min("fecha"))
        .order_by()
        .values_list("cupo_id", "primero")
    )
    rechazos, terminan, reglas = [], [], {}
    for cupo in cupos:
        inicio = inicios[cupo.id]
        try:
            if (primero := consumo_propio.get(cupo.id)) is not None and primero < inicio:
                raise error_consumo_antes_del_inicio(inicio)
            terminan += [
                (anterior, dia_antes(inicio), cupo)
                for anterior in sucedidos(cupo, por_beneficiario[cupo.beneficiario_id], inicio)
            ]
            b = cupo.beneficiario
            clave = (b.tipo, b.trb if b.tipo in Beneficiario.TIPOS_NAVE else None, inicio)
            if clave not in reglas:
                reglas[clave] = regla_aplicable(beneficiario=b, fecha=inicio)
            if reglas[clave] is None:
                raise error_sin_regla()
        except ApplicationError as exc:
            rechazos.append(Impedimento(cupo.id, cupo.beneficiario.nombre, _motivo(exc)))
            continue
        cupo.fecha_comunicacion, cupo.comunicacion_origen, cupo.fecha_inicio = fecha, origen, inicio
        cupo.regla, cupo.meses_ventana = reglas[clave], reglas[clave].meses
    # R-09 (terminar_vigencia): no consumption recorded on an ended cupo after its last day.
    desde = min((ultimo for _, ultimo, _ in terminan), default=None)
    consumos: dict[int, list[dt.date]] = {}
    if desde is not None:
        for cupo_id, dia in (
            Movimiento.objects.filter(
                cupo_id__in={a.id for a, _, _ in terminan}, tipo__in=Movimiento.CONSUMO, fecha__gt=desde
            )
            .order_by("fecha")
            .values_list("cupo_id", "fecha")
        ):
            consumos.setdefault(cupo_id, []).append(dia)
    terminados = []
    for anterior, ultimo, cupo in terminan:
        posterior = next((d for d in consumos.get(anterior.id, []) if d > ultimo), None)
        if posterior is not None:
            exc = error_consumo_tras_el_fin(anterior, posterior, ultimo)
            rechazos.append(Impedimento(cupo.id, cupo.beneficiario.nombre, _motivo(exc)))
            continue
        antes = snapshot(anterior)
        anterior.fecha_fin, anterior.motivo_fin, anterior.detalle_fin = (
            fin_de_vigencia(anterior, ultimo),
            Cupo.Fin.SUCESION,
            "",
        )
        terminados.append((anterior, antes))
    return rechazos, terminados


def _actualizar(cupos: list[Cupo], campos: tuple[str, ...]) -> None:
    """One UPDATE per set of cupos that take the same values (a resolution's cupos mostly share them)."""
    grupos: dict[tuple, list[int]] = {}
    for cupo in cupos or []:
        grupos.setdefault(tuple(getattr(cupo, campo) for campo in campos), []).append(cupo.id)
    for valores, ids in grupos.items():
        for i in range(0, len(ids), LOTE * 10):
            Cupo.objects.filter(id__in=ids[i : i + LOTE * 10]).update(**dict(zip(campos, valores, strict=True)))


def _bloquear_del_acto(
    resolucion: Resolucion, fecha: dt.date, *, todos: bool, solo: set[int] | None = None
) -> list[int]:
    """Lock what the act reads and writes, as `declarar_firmeza` does cupo by cupo, in id order (the
    order every caller locks a beneficiary's cupos in). `todos` (the cupos start now and end those they
    succeed, R-09): every cupo of the act's beneficiaries FOR UPDATE. Otherwise only the act's cupos
    change: their beneficiaries' other cupos FOR KEY SHARE first (issuance and sales on the cupo in
    force go on), then the act's FOR UPDATE. Returns the act's still-issued cupos that are due on `fecha` (P-04):
    the others wait for their term, untouched."""
    del_acto = debidos(Cupo.objects.filter(resolucion=resolucion, estado=Cupo.Estado.EXPEDIDO), fecha)
    if solo is not None:
        del_acto = del_acto.filter(id__in=solo)
    if connection.vendor == "postgresql":
        tabla = connection.ops.quote_name(Cupo._meta.db_table)
        beneficiarios = del_acto.values("beneficiario_id")
        sql, params = Cupo.objects.filter(beneficiario_id__in=beneficiarios).values("id").query.sql_with_params()
        modo = "UPDATE" if todos else "KEY SHARE"
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT c.id FROM {tabla} c WHERE c.id IN ({sql}) ORDER BY c.id FOR {modo}", params)
    # Locked through its ids: FOR UPDATE does not reach across the outer join that says which are due.
    return list(
        Cupo.objects.filter(id__in=del_acto.values("id"))
        .select_for_update()
        .order_by("id")
        .values_list("id", flat=True)
    )


def _motivo(exc: ApplicationError) -> str:
    if isinstance(exc, DatosInvalidos):
        return " ".join(m for mensajes in exc.errores.values() for m in mensajes)
    return exc.detalle


def _avisar(avisos: list[MensajeSaliente]) -> None:
    """R-06: the act's notices to Dimar, stored in the act's transaction (a few INSERTs) and queued for
    delivery only once it commits (a broker that is down: outbox_flush_task delivers them later)."""
    if not avisos:
        return
    creados = MensajeSaliente.objects.bulk_create(avisos, batch_size=LOTE)
    ids = [m.id for m in creados]

    def enviar():
        entregar = registro.tarea(outbox.TAREA_ENTREGAR_LOTE)
        for i in range(0, len(ids), outbox.LOTE_ENTREGA):
            if not encolar(entregar, ids[i : i + outbox.LOTE_ENTREGA]):
                break

    transaction.on_commit(enviar)


def _avisos_de_progreso(trabajo_id: int):
    """anotar(progreso) through a second connection in autocommit: the act's transaction is invisible
    until it commits, and the page polls the row meanwhile."""
    return avisos_de_progreso(
        lambda conexion, progreso: progreso_anotar(conexion, FirmezaMasiva, trabajo_id, progreso),
        descripcion=f"de la firmeza masiva {trabajo_id}",
        activo=not getattr(settings, "CUPOS_EXPEDICION_SIN_PROGRESO", False),
    )


def _tomar(trabajo_id: int) -> FirmezaMasiva | None:
    return trabajo_tomar(
        FirmezaMasiva.objects.select_related("resolucion", "solicitada_por"),
        trabajo_id,
        nombre=TRABAJO,
        agotado=lambda trabajo: fila_guardar(
            trabajo, estado=Estado.FALLIDA, mensaje=MENSAJE_INTERRUMPIDO, terminada=timezone.now()
        ),
        progreso=0,
    )


def _terminar(trabajo_id: int, *, hechos: int, sin_inicio: int) -> None:
    """The job's end, inside the act's transaction (the row is locked only now, at the very end)."""
    trabajo = fila_bloqueada(FirmezaMasiva.objects.select_related("resolucion"), trabajo_id)
    fecha = fecha_larga(trabajo.fecha_firmeza)
    pendientes = trabajo.resolucion.cupos.filter(estado=Cupo.Estado.EXPEDIDO).count()
    quedan = (
        f" {pendientes} cupo{'s' if pendientes != 1 else ''} sigue{'n' if pendientes != 1 else ''} pendiente"
        f"{'s' if pendientes != 1 else ''}: su plazo para los recursos no ha corrido, hay un recurso en trámite o "
        "falta notificar (Ley 1437, art. 87)."
        if pendientes else ""
    )
    if hechos:
        espera = f" {sin_inicio} esperan el acuse de Dimar para iniciar (R-06)." if sin_inicio else ""
        mensaje = (
            f"Se declaró la firmeza de {hechos} cupo{'s' if hechos != 1 else ''} desde el {fecha}. "
            f"Dimar recibirá la comunicación de cada uno.{espera}{quedan}"
        )
    else:
        mensaje = f"Ningún cupo de esta resolución podía quedar en firme el {fecha}.{quedan}"
    fila_guardar(
        trabajo,
        estado=Estado.TERMINADA,
        mensaje=mensaje,
        hechos=hechos,
        pendientes=pendientes,
        avisos=hechos,
        sin_inicio=sin_inicio,
        total=max(trabajo.total, hechos),
        progreso=100,
        terminada=timezone.now(),
    )
    audit_record(actor=None, accion="resolucion.firmeza_masiva_terminar", obj=trabajo)


def _fallar(trabajo_id: int, mensaje: str) -> FirmezaMasiva | None:
    """The act did not happen (its transaction rolled back, or never began): failed, with why."""
    return trabajo_fallar(
        FirmezaMasiva.objects,
        trabajo_id,
        salvo=(Estado.TERMINADA, Estado.FALLIDA),
        auditar="resolucion.firmeza_masiva_fallar",
        estado=Estado.FALLIDA,
        mensaje=mensaje,
        hechos=0,
        progreso=100,
        terminada=timezone.now(),
    )
