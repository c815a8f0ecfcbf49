"""The Capitanía's clearance and the exemption certificate (R-13 to R-17).

One transaction per zarpe: lock the vessel (serializes its chain of certificates), lock the cupo
in force (serializes discounts, so concurrent officers never overdraw it), compute
`autorizados = min(solicitados, capacidad, disponible)`, write the discount, the certificate and
the zarpe, audit, commit.
"""

import datetime as dt
import secrets
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection, transaction

from core.auditoria.audit import audit_entry, audit_record, audit_records
from core.comun.errors import ApplicationError, DatosInvalidos, fecha_y_galones
from core.comun.fechas import fecha_larga
from core.comun.galones import CERO, round2
from core.identidad.access import capitania_access, require_role
from core.mensajes.avisos import TIPO_MENSAJE as AVISO
from core.mensajes.outbox import outbox_enqueue, outbox_enviar_al_confirmar, outbox_nuevo
from core.vencimientos.calendario import today
from cupos.errors import SinCupoVigente
from cupos.models import Beneficiario, Cupo
from cupos.selectors import saldos
from cupos.selectors.condiciones import garantia_hasta
from cupos.services import libro
from zarpes import pdf
from zarpes.access import ROLES_ZARPE
from zarpes.errors import ErrorZarpes
from zarpes.models import Certificado, ConsecutivoCertificado, Zarpe
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.selectors.zarpes import nave_baja
from zarpes.services import avisos
from zarpes.services import zarpes_sql as sql

ALFABETO_CODIGO = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud over a radio


def codigo_verificacion() -> str:
    """Unguessable: 16 symbols of 32 = 80 bits from the OS's CSPRNG, grouped for reading."""
    crudo = "".join(secrets.choice(ALFABETO_CODIGO) for _ in range(16))
    return "-".join(crudo[i : i + 4] for i in range(0, 16, 4))


def prefijo_numero(codigo_capitania: str, anio: int) -> str:
    return f"{codigo_capitania}-{anio}-"


def _numero(capitania, anio: int) -> tuple[int, str]:
    """Next consecutive per capitanía and year, gap-free (row lock on the counter). ORM path."""
    with connection.cursor() as c:
        c.execute(
            "UPDATE zarpes_consecutivocertificado SET ultimo = ultimo + 1 WHERE capitania_id = %s AND anio = %s"
            " RETURNING ultimo", [capitania.id, anio],
        )
        fila = c.fetchone()
    if fila is None:  # first certificate of the year at this capitanía
        ConsecutivoCertificado.objects.get_or_create(capitania=capitania, anio=anio)
        return _numero(capitania, anio)
    return fila[0], f"{prefijo_numero(capitania.codigo, anio)}{fila[0]:06d}"


@dataclass
class _Rechazo:
    """A refusal decided under the locks; only its audit entry is written, after the transaction."""

    codigo: ErrorZarpes
    detalle: str
    accion: str


def zarpe_request(
    *, actor, nave_id: int, capitania: str, fecha: dt.date, galones_solicitados: Decimal,
    certificado_anterior: str | None, clave_idempotente: int | None = None,
) -> Zarpe:
    """R-13/R-14/R-15: record the zarpe; issue a certificate and discount it, or deny it.

    Three steps against the database, each with an ORM implementation (every database) and a
    PostgreSQL one (zarpes/services/zarpes_sql.py: three statements instead of eight, the hot path):
    lock the vessel and its cupo in force; read the last certificate and the window's consumption;
    write the zarpe (and, when certified, its discount, certificate and audit rows).

    `clave_idempotente` is the id of the request's Idempotency-Key row (core.api.idempotency), inserted in the
    transaction the key's wrapper opened around this call: the write statement then records the key as answered
    (201 and the zarpe) and commits with it, as it commits an issuance without a key (issue 44).
    """
    require_role(actor, *ROLES_ZARPE)
    capitania_obj = capitania_access(actor, capitania, para_escribir=True)
    solicitados = fecha_y_galones(
        fecha, today(), galones_solicitados, campo="galones_solicitados", que="Los galones solicitados"
    )
    presentado = (certificado_anterior or "").strip()

    rechazo = sin_nave = None
    # Issue 44: the write statement carries its COMMIT when this block is the outermost transaction (no
    # Idempotency-Key, no caller's own), or when the only one around it is the key's wrapper, which has only
    # inserted the key's row (then the key is recorded by the same statement, and this block takes no savepoint:
    # nothing inside raises, every refusal is raised after the block). Nothing touches the database again
    # inside the block after that statement (sql.expedir).
    abiertos = len(connection.atomic_blocks)
    con_clave = clave_idempotente is not None and abiertos == 1
    confirmar = sql.usar() and (abiertos == 0 or con_clave)
    with transaction.atomic(savepoint=not (confirmar and con_clave)):
        nave, cupo, baja, garantia_hasta = _bloquear(nave_id=nave_id, fecha=fecha)
        if nave is None or not nave.es_nave:
            sin_nave = True
        elif baja is not None:
            # a vessel whose matrícula or permit Dimar cancelled gets no zarpe from that date,
            # whether or not UPME has cancelled its cupo yet (that is UPME's own act).
            rechazo = _Rechazo(
                ErrorZarpes.NAVE_DADA_DE_BAJA,
                f"Dimar reportó la baja de la nave {nave.nombre} (matrícula {nave.matricula}) desde el "
                f"{fecha_larga(baja)}: desde esa fecha no se expiden certificados de cupo de exención para sus zarpes.",
                "zarpe.rechazo_baja",
            )
        elif (vencido := permiso_vencido(nave, fecha)) is not None:
            rechazo = _Rechazo(ErrorZarpes.PERMISO_VENCIDO, vencido, "zarpe.rechazo_permiso")
        elif (vencida := garantia_vencida(nave, fecha, garantia_hasta)) is not None:
            rechazo = _Rechazo(ErrorZarpes.GARANTIA_VENCIDA, vencida, "zarpe.rechazo_garantia")
        else:
            esperado, saldo = _leer(nave=nave, cupo=cupo, fecha=fecha)
            if presentado != esperado:
                rechazo = _Rechazo(
                    ErrorZarpes.CERTIFICADO_ANTERIOR_INVALIDO,
                    f"El certificado presentado ({presentado or 'ninguno'}) no es el último expedido a la nave "
                    f"({esperado or 'ninguno: es su primer zarpe'}).",
                    "zarpe.rechazo_cadena",
                )
            else:
                zarpe = _autorizar(actor=actor, nave=nave, capitania=capitania_obj, fecha=fecha,
                                   solicitados=solicitados, presentado=presentado, saldo=saldo, confirmar=confirmar,
                                   clave=clave_idempotente if confirmar and con_clave else None)
                if zarpe.estado == Zarpe.Estado.CERTIFICADO:
                    pdf.firmar_al_confirmar(zarpe.certificado.numero)  # issue 44: signed before it is printed
    if sin_nave:
        raise DatosInvalidos({"nave": "No existe una nave con ese id."})
    if rechazo is not None:
        # the request is refused; only the audit entry remains.
        audit_record(
            actor=actor, accion=rechazo.accion, objeto_tipo="cupos.beneficiario", objeto_id=str(nave_id),
            objeto_repr=str(nave),
            despues={"capitania": capitania_obj.codigo, "fecha": fecha.isoformat(),
                     "galones_solicitados": str(solicitados), "certificado_anterior": presentado},
        )
        raise ApplicationError(rechazo.codigo, rechazo.detalle)
    return zarpe


def permiso_vencido(nave: Beneficiario, fecha: dt.date) -> str | None:
    """R-01: why a foreign vessel gets no certificate on `fecha`, or None when its permit allows it.

    D1891 art. 1 extends the cupo to foreign vessels «que cuenten con permiso vigente de operación en
    aguas jurisdiccionales colombianas»: from the day after `permiso_vigente_hasta` the vessel no longer
    meets that condition, and a foreign vessel with no permit on record never proved it."""
    if nave.tipo != Beneficiario.Tipo.NAVE_EXTRANJERA:
        return None
    hasta = nave.permiso_vigente_hasta
    if hasta is None:
        return (
            f"La nave extranjera {nave.nombre} (matrícula {nave.matricula}) no tiene registrado un permiso de "
            "operación vigente en aguas colombianas: no se expiden certificados de cupo de exención (R-01)."
        )
    if fecha > hasta:
        return (
            f"El permiso de operación en aguas colombianas de la nave extranjera {nave.nombre} (matrícula "
            f"{nave.matricula}) venció el {fecha_larga(hasta)}: desde el día siguiente no se expiden certificados "
            "de cupo de exención para sus zarpes (R-01)."
        )
    return None


def garantia_vencida(nave: Beneficiario, fecha: dt.date, hasta: dt.date | None) -> str | None:
    """R-26: why a foreign vessel gets no certificate on `fecha` for want of a bank guarantee, or None.

    `hasta` is the last day any guarantee recorded for the vessel covers: from the day after it no certificate
    is issued, as with the permit (R-01); a new guarantee recorded lifts the refusal."""
    if nave.tipo != Beneficiario.Tipo.NAVE_EXTRANJERA or (hasta is not None and fecha <= hasta):
        return None
    if hasta is None:
        return (
            f"La nave extranjera {nave.nombre} (matrícula {nave.matricula}) no tiene registrada una garantía "
            "bancaria vigente: no se expiden certificados de cupo de exención hasta que la UPME la registre."
        )
    return (
        f"La garantía bancaria de la nave extranjera {nave.nombre} (matrícula {nave.matricula}) venció el "
        f"{fecha_larga(hasta)}: desde el día siguiente no se expiden certificados de cupo de exención para sus "
        "zarpes, hasta que la UPME registre una nueva garantía."
    )


def _bloquear(
    *, nave_id: int, fecha: dt.date
) -> tuple[Beneficiario | None, Cupo | None, dt.date | None, dt.date | None]:
    """Lock the vessel (serializes its chain, R-14), then its cupo in force (serializes discounts).
    The third value is the date of Dimar's baja of the vessel on or before `fecha` (R-24), or None; the
    fourth, for a foreign vessel, the last day its recorded guarantees cover (R-26), or None."""
    if sql.usar() and (fila := sql.bloquear(nave_id=nave_id, fecha=fecha)) is not None:
        return fila
    nave = Beneficiario.objects.select_for_update(no_key=True).filter(pk=nave_id).first()  # as zarpes_sql
    if nave is None or not nave.es_nave:
        return nave, None, None, None
    baja = nave_baja(nave_id=nave.id, fecha=fecha)
    hasta = None
    if nave.tipo == Beneficiario.Tipo.NAVE_EXTRANJERA:
        hasta = garantia_hasta(beneficiario_id=nave.id)
    try:
        cupo = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=fecha)
    except SinCupoVigente:
        cupo = None
    return nave, cupo, baja.fecha if baja else None, hasta


def _leer(*, nave: Beneficiario, cupo: Cupo | None, fecha: dt.date) -> tuple[str, saldos.Saldo | None]:
    """Under the locks: the number of the vessel's last certificate ("" if none) and the balance
    that authorizes (the whole window counts, R-11), or None without a cupo in force."""
    ventana = None
    if cupo is not None:
        try:
            ventana, asignado = saldos.cupo_ventana(cupo=cupo, fecha=fecha)
        except SinCupoVigente:
            ventana = None
    if ventana is None:
        ultimo = ultimo_certificado(nave.id)
        return (ultimo.numero if ultimo else ""), None
    if sql.usar():
        esperado, consumido, retenido = sql.leer(
            nave_id=nave.id, cupo_id=cupo.id, desde=ventana.inicio, hasta=ventana.fin
        )
    else:
        ultimo = ultimo_certificado(nave.id)
        esperado = ultimo.numero if ultimo else ""
        consumido = saldos.consumo_en(cupo_id=cupo.id, desde=ventana.inicio, hasta=ventana.fin)
        retenido = saldos.retenido_en(cupo_id=cupo.id)
    # Issue 43: what counters' active holds reserve is not available here (their counter issues against it).
    saldo = saldos.Saldo(fecha=fecha, cupo=cupo, ventana=ventana, asignado=asignado, consumido=round2(consumido),
                         retenido=round2(retenido))
    return esperado, saldo


def _referencia(numero: str) -> str:
    return f"certificado:{numero}"


def _autorizar(*, actor, nave, capitania, fecha, solicitados, presentado, saldo, confirmar=False,
               clave=None) -> Zarpe:
    zarpe = Zarpe(nave=nave, capitania=capitania, fecha=fecha, galones_solicitados=solicitados,
                  certificado_anterior=presentado, oficial=actor)
    if saldo is None:
        zarpe.estado, zarpe.motivo = Zarpe.Estado.NEGADO, Zarpe.Motivo.SIN_CUPO_VIGENTE
        return _negar(actor, zarpe)
    cupo, disponible = saldo.cupo, saldo.disponible
    zarpe.cupo = cupo
    if disponible <= 0:
        zarpe.estado, zarpe.motivo = Zarpe.Estado.NEGADO, Zarpe.Motivo.SIN_CUPO
        zarpe.disponible_despues = CERO
        return _negar(actor, zarpe)
    capacidad = nave.capacidad_combustible_gal
    autorizados = min(solicitados, capacidad, disponible)
    if autorizados < solicitados:
        zarpe.limitado_por = Zarpe.Limite.CAPACIDAD if capacidad < disponible else Zarpe.Limite.CUPO
    zarpe.estado = Zarpe.Estado.CERTIFICADO
    zarpe.galones_autorizados = autorizados
    zarpe.disponible_despues = disponible - autorizados
    detalle = f"Zarpe en {capitania.codigo}"
    certificado = Certificado(
        capitania=capitania, anio=fecha.year, codigo_verificacion=codigo_verificacion(), nave=nave, cupo=cupo,
        galones_autorizados=autorizados, fecha_expedicion=fecha,
    )
    if sql.usar():
        movimiento = libro.descuento_nuevo(actor=actor, cupo=cupo, fecha=fecha, galones=autorizados,
                                           referencia=_referencia(sql.MARCA_NUMERO), detalle=detalle,
                                           disponible=disponible)
        certificado.numero, certificado.consecutivo = sql.MARCA_NUMERO, 0
        payload = avisos.aviso_certificado(nave=nave, certificado=certificado, capitania=capitania,
                                           disponible_despues=zarpe.disponible_despues)
        aviso = payload and outbox_nuevo(tipo=AVISO,
                                         clave=avisos.clave_certificado(sql.MARCA_NUMERO), payload=payload)
        sql.expedir(
            prefijo=prefijo_numero(capitania.codigo, fecha.year), zarpe=zarpe, movimiento=movimiento,
            certificado=certificado,
            auditorias=lambda z, c: (audit_entry(actor=actor, accion="zarpe.certificar", obj=z),
                                     audit_entry(actor=actor, accion="certificado.expedir", obj=c)),
            aviso=aviso, confirmar=confirmar, clave=clave,
        )
        if aviso:
            outbox_enviar_al_confirmar(aviso.id)
    else:
        zarpe.save()
        certificado.consecutivo, certificado.numero = _numero(capitania, fecha.year)
        certificado.movimiento = libro.movimiento_descuento(
            actor=actor, cupo=cupo, fecha=fecha, galones=autorizados, referencia=_referencia(certificado.numero),
            detalle=detalle, disponible=disponible,
        )
        certificado.zarpe = zarpe
        certificado.save(force_insert=True)
        audit_records(actor=actor, entradas=[("zarpe.certificar", zarpe), ("certificado.expedir", certificado)])
        payload = avisos.aviso_certificado(nave=nave, certificado=certificado, capitania=capitania,
                                           disponible_despues=zarpe.disponible_despues)
        if payload:  # the notice to the vessel (core.mensajes.avisos), in this transaction
            outbox_enqueue(tipo=AVISO, clave=avisos.clave_certificado(certificado.numero),
                           payload=payload)
    zarpe.certificado = certificado
    return zarpe


def _negar(actor, zarpe: Zarpe) -> Zarpe:
    zarpe.save()
    audit_record(actor=actor, accion="zarpe.negar", obj=zarpe)
    return zarpe
