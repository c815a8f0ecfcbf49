"""Issue 43: the officer's counter that keeps working when the link drops.

While online the counter enrols (its device public key, a block of certificate numbers), takes holds on
the vessels it expects to clear (cupos.services.retenciones) and fetches a snapshot. Offline it issues
provisional certificates within its holds, numbered from its block and signed with its device key. When
the link returns it replays each act (`acto_sincronizar`, once per act whatever the retries): the server
checks the signature, the block, the hold and the chain (R-14), applies R-15 as
`min(solicitados, capacidad, lo que queda de la retención)`, and writes the real certificate with the
same number, discounting it from the hold. When the counter is done, what is left of its holds is freed.
"""

import base64
import datetime as dt
import hashlib
import json
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone

from core.auditoria.audit import audit_record, audit_records
from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado
from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto, round2
from core.identidad.access import require_role
from core.mensajes.avisos import TIPO_MENSAJE as AVISO
from core.mensajes.outbox import outbox_enqueue
from core.vencimientos.calendario import today
from cupos.errors import ErrorCupos
from cupos.models import ESTADOS_CON_VIGENCIA, Beneficiario, Retencion
from cupos.services import retenciones
from zarpes.access import ROLES_ZARPE, mostrador_access
from zarpes.errors import ErrorZarpes
from zarpes.models import BloqueNumeros, Certificado, ConsecutivoCertificado, Mostrador, Zarpe
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.selectors.zarpes import nave_baja
from zarpes.services import avisos
from zarpes.services.zarpes import ALFABETO_CODIGO, prefijo_numero

TAMANO_BLOQUE = 50
# A hold may be broken by another capitanía only while its counter is reachable: it beat this recently
# and had no act waiting to sync (then it learns at its next beat that the hold is gone).
ALCANCE = dt.timedelta(seconds=90)
NAVES_POR_RETENCION = 200
CAMPOS_ACTO = (
    "id",
    "numero",
    "retencion",
    "nave",
    "fecha",
    "galones_solicitados",
    "galones_autorizados",
    "certificado_anterior",
    "codigo_verificacion",
    "emitido",
)


# --- The device key (WebCrypto ECDSA P-256, JWK) ---


def _b64url(texto: str) -> bytes:
    return base64.urlsafe_b64decode(texto + "=" * (-len(texto) % 4))


def clave_cargar(jwk: dict):
    """The public key of a JWK {kty: EC, crv: P-256, x, y}; DatosInvalidos otherwise."""
    from cryptography.hazmat.primitives.asymmetric import ec

    try:
        if jwk.get("kty") != "EC" or jwk.get("crv") != "P-256" or "d" in jwk:
            raise ValueError
        x, y = (int.from_bytes(_b64url(jwk[k]), "big") for k in ("x", "y"))
        return ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise DatosInvalidos(
            {
                "clave_publica": (
                    "La clave pública debe ser una JWK ECDSA P-256 (kty EC, crv P-256, x, y) sin su parte privada."
                )
            }
        ) from exc


def clave_huella(jwk: dict) -> str:
    """RFC 7638 thumbprint (SHA-256, base64url) of the public JWK."""
    canonico = json.dumps({k: jwk[k] for k in ("crv", "kty", "x", "y")}, separators=(",", ":"), sort_keys=True)
    return base64.urlsafe_b64encode(hashlib.sha256(canonico.encode()).digest()).decode().rstrip("=")


def acto_canonico(acto: dict) -> bytes:
    """What the counter signs: the act's fields as JSON with sorted keys and no spaces (JS does the same)."""
    return json.dumps(
        {k: acto[k] for k in CAMPOS_ACTO}, separators=(",", ":"), sort_keys=True, ensure_ascii=False
    ).encode()


def firma_valida(jwk: dict, acto: dict, firma: str) -> bool:
    """WebCrypto's ECDSA signature is r‖s (64 bytes, base64url); cryptography wants DER."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

    try:
        crudo = _b64url(firma)
        if len(crudo) != 64:
            return False
        der = encode_dss_signature(int.from_bytes(crudo[:32], "big"), int.from_bytes(crudo[32:], "big"))
        clave_cargar(jwk).verify(der, acto_canonico(acto), ec.ECDSA(hashes.SHA256()))
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


# --- Enrolment and the block of numbers ---


def mostrador_enroll(*, actor, nombre: str, clave_publica: dict, anio: int | None = None) -> Mostrador:
    """Register a counter of the officer's capitanía with its device public key, and reserve its block."""
    require_role(actor, *ROLES_ZARPE)
    if actor.capitania_id is None:
        raise NoEncontrado("Solo un oficial con capitanía asignada inscribe un mostrador.")
    nombre = " ".join((nombre or "").split())[:80]
    if not nombre:
        raise DatosInvalidos({"nombre": "Indique un nombre para el mostrador (por ejemplo, «Ventanilla 1»)."})
    clave_cargar(clave_publica)
    jwk = {k: clave_publica[k] for k in ("kty", "crv", "x", "y")}
    huella = clave_huella(jwk)
    try:
        with transaction.atomic():
            mostrador = Mostrador.objects.create(
                capitania=actor.capitania,
                nombre=nombre,
                clave_publica=jwk,
                huella=huella,
                inscrito_por=actor,
                ultimo_latido=timezone.now(),
            )
            audit_record(actor=actor, accion="mostrador.inscribir", obj=mostrador)
            bloque_reservar(actor=actor, mostrador=mostrador, anio=anio or today().year)
    except IntegrityError as exc:
        raise DatosInvalidos({"clave_publica": "Esa clave pública ya está inscrita en otro mostrador."}) from exc
    return mostrador


def bloque_reservar(*, actor, mostrador: Mostrador, anio: int, tamano: int = TAMANO_BLOQUE) -> BloqueNumeros:
    """Take `tamano` consecutives of the capitanía's year under the counter's row lock (as issuance does):
    no other certificate will ever carry them."""
    with transaction.atomic():
        ConsecutivoCertificado.objects.get_or_create(capitania=mostrador.capitania, anio=anio)
        contador = ConsecutivoCertificado.objects.select_for_update().get(capitania=mostrador.capitania, anio=anio)
        bloque = BloqueNumeros.objects.create(
            mostrador=mostrador, anio=anio, desde=contador.ultimo + 1, hasta=contador.ultimo + tamano
        )
        contador.ultimo = bloque.hasta
        contador.save(update_fields=["ultimo"])
        audit_record(actor=actor, accion="mostrador.reservar_bloque", obj=bloque)
    return bloque


def _consecutivo_del_bloque(mostrador: Mostrador, numero: str, anio: int) -> int:
    prefijo = prefijo_numero(mostrador.capitania.codigo, anio)
    cola = numero[len(prefijo) :] if numero.startswith(prefijo) else ""
    consecutivo = int(cola) if cola.isdigit() else None
    if (
        consecutivo is None
        or not mostrador.bloques.filter(anio=anio, desde__lte=consecutivo, hasta__gte=consecutivo).exists()
    ):
        raise ApplicationError(
            ErrorZarpes.NUMERO_FUERA_DE_BLOQUE,
            f"El número {numero} no pertenece a un bloque reservado a este mostrador.",
        )
    return consecutivo


# --- Holds, beats, breaking and releasing ---


def mostrador_retener(
    *,
    actor,
    mostrador_id,
    naves: list[int] | None = None,
    matriculas: list[str] | None = None,
    horas: int = retenciones.HORAS_POR_DEFECTO,
) -> list[Retencion]:
    """Hold each vessel's available balance (up to its fuel capacity) for the counter: the vessels homed at
    its capitanía, or those the officer picked (by id or matrícula). A vessel with nothing to hold is left out."""
    mostrador = _activo(mostrador_access(actor, mostrador_id))
    if not 1 <= horas <= retenciones.HORAS_MAXIMAS:
        raise DatosInvalidos({"horas": f"La retención dura entre 1 y {retenciones.HORAS_MAXIMAS} horas."})
    consulta = Beneficiario.objects.filter(tipo__in=Beneficiario.TIPOS_NAVE)
    if naves or matriculas:
        elegidas = [m.strip().upper() for m in matriculas or [] if m.strip()]
        consulta = consulta.filter(Q(pk__in=naves or []) | Q(matricula__in=elegidas))
    else:
        consulta = consulta.filter(capitania=mostrador.capitania)
    hoy = today()
    tomadas = []
    for nave in consulta.order_by("id")[:NAVES_POR_RETENCION]:
        retencion = retenciones.retencion_tomar(
            actor=actor,
            beneficiario_id=nave.id,
            capitania=mostrador.capitania,
            titular=mostrador.titular,
            fecha=hoy,
            capacidad=nave.capacidad_combustible_gal,
            horas=horas,
        )
        if retencion is not None:
            tomadas.append(retencion)
    Mostrador.objects.filter(pk=mostrador.pk).update(ultimo_latido=timezone.now())
    return tomadas


def mostrador_latir(*, actor, mostrador_id, pendientes: int) -> Mostrador:
    """The counter is online: note when, and how many acts it still has to sync."""
    mostrador = mostrador_access(actor, mostrador_id)
    mostrador.ultimo_latido, mostrador.pendientes = timezone.now(), max(0, int(pendientes))
    mostrador.save(update_fields=["ultimo_latido", "pendientes"])
    return mostrador


def mostrador_alcanzable(mostrador: Mostrador, ahora: dt.datetime | None = None) -> bool:
    ahora = ahora or timezone.now()
    return (
        mostrador.activo
        and mostrador.ultimo_latido is not None
        and ahora - mostrador.ultimo_latido <= ALCANCE
        and mostrador.pendientes == 0
    )


def retencion_romper(*, actor, retencion_id) -> Retencion:
    """Another capitanía needs the vessel's balance: the hold ends, but only while its counter is reachable.
    When the counter is offline it may be issuing against the hold: the hold stands."""
    require_role(actor, *ROLES_ZARPE)
    with transaction.atomic():
        try:
            retencion = retenciones.retencion_bloquear(retencion_id=int(retencion_id))
        except (Retencion.DoesNotExist, TypeError, ValueError) as exc:
            raise NoEncontrado("No existe esa retención.") from exc
        if retencion.estado != Retencion.Estado.ACTIVA:
            raise ApplicationError(ErrorCupos.RETENCION_NO_ACTIVA, retenciones.retencion_no_activa_texto(retencion))
        mostrador = _titular(retencion)
        # Locked: a beat or a sync of the counter cannot slip in between the check and the break.
        mostrador = Mostrador.objects.select_for_update().get(pk=mostrador.pk) if mostrador else None
        if mostrador is not None and not mostrador_alcanzable(mostrador):
            raise ApplicationError(
                ErrorZarpes.MOSTRADOR_NO_ALCANZABLE,
                f"El mostrador de la {mostrador.capitania.nombre} que retiene el saldo de esta nave no está en "
                "línea (o tiene actos sin sincronizar): la retención se mantiene hasta que se sincronice o venza.",
            )
        return retenciones.retencion_cerrar(actor=actor, retencion=retencion, estado=Retencion.Estado.ROTA)


def _titular(retencion: Retencion) -> Mostrador | None:
    prefijo, _, numero = retencion.titular.partition(":")
    if prefijo != "mostrador" or not numero.isdigit():
        return None
    return Mostrador.objects.select_related("capitania").filter(pk=int(numero)).first()


def mostrador_terminar(*, actor, mostrador_id) -> list[Retencion]:
    """The counter is done (its queue synced): what is left of its holds is freed. Its block stays its own:
    the numbers it did not use are never issued by anyone else (docs/decisiones.md)."""
    mostrador = mostrador_access(actor, mostrador_id)
    liberadas = []
    for retencion_id in Retencion.objects.filter(titular=mostrador.titular, estado=Retencion.Estado.ACTIVA).values_list(
        "id", flat=True
    ):
        with transaction.atomic():
            retencion = retenciones.retencion_bloquear(retencion_id=retencion_id)
            if retencion.estado == Retencion.Estado.ACTIVA:
                liberadas.append(
                    retenciones.retencion_cerrar(actor=actor, retencion=retencion, estado=Retencion.Estado.LIBERADA)
                )
    Mostrador.objects.filter(pk=mostrador.pk).update(
        ultima_sincronizacion=timezone.now(), pendientes=0, ultimo_latido=timezone.now()
    )
    return liberadas


def _activo(mostrador: Mostrador) -> Mostrador:
    if not mostrador.activo:
        raise ApplicationError(ErrorZarpes.MOSTRADOR_INACTIVO, "Este mostrador fue dado de baja: inscriba uno nuevo.")
    return mostrador


# --- Sync: an offline act becomes the real certificate, once ---


def acto_sincronizar(*, actor, mostrador_id, acto: dict, firma: str) -> tuple[Certificado, bool]:
    """Turn an act issued offline into the certificate with the same number, exactly once.

    Returns (certificate, created). A replay of an act already synced returns its certificate; another act
    with a used number is refused. `acto` holds CAMPOS_ACTO as the counter signed them."""
    mostrador = _activo(mostrador_access(actor, mostrador_id))
    if not firma_valida(mostrador.clave_publica, acto, firma):
        raise ApplicationError(
            ErrorZarpes.FIRMA_INVALIDA,
            "La firma del acto no corresponde a la clave del mostrador: no se sincroniza.",
            status_code=422,
        )
    try:
        fecha = dt.date.fromisoformat(str(acto["fecha"]))
        solicitados = round2(Decimal(str(acto["galones_solicitados"])))
        autorizados = round2(Decimal(str(acto["galones_autorizados"])))
        nave_id, retencion_id = int(acto["nave"]), int(acto["retencion"])
    except (ArithmeticError, TypeError, ValueError) as exc:
        raise DatosInvalidos({"acto": "El acto tiene fecha, galones, nave o retención inválidos."}) from exc
    codigo = str(acto["codigo_verificacion"])
    if len(codigo) != 19 or any(c not in ALFABETO_CODIGO for c in codigo.replace("-", "")):
        raise DatosInvalidos({"codigo_verificacion": "El código de verificación del acto no es válido."})
    if not 0 < autorizados <= solicitados:
        raise DatosInvalidos(
            {"galones_autorizados": "Los galones autorizados deben ser positivos y no exceder los solicitados."}
        )
    if fecha > today():
        raise DatosInvalidos({"fecha": "La fecha del acto no puede ser posterior a hoy."})
    numero = str(acto["numero"])
    consecutivo = _consecutivo_del_bloque(mostrador, numero, fecha.year)
    presentado = str(acto.get("certificado_anterior") or "").strip()

    with transaction.atomic():
        # The locks every issuance takes, in its order: the vessel, then the cupo, then the hold.
        nave = Beneficiario.objects.select_for_update(no_key=True).filter(pk=nave_id).first()
        if nave is None:
            raise DatosInvalidos({"nave": "No existe una nave con ese id."})
        existente = Certificado.objects.filter(numero=numero).first()
        if existente is not None:
            if existente.mostrador_id == mostrador.id and existente.codigo_verificacion == codigo:
                return existente, False  # a replay: the act was synced already
            raise ApplicationError(ErrorZarpes.NUMERO_YA_USADO, f"El número {numero} ya se usó en otro certificado.")
        try:
            retencion = retenciones.retencion_bloquear(retencion_id=retencion_id)
        except Retencion.DoesNotExist as exc:
            raise NoEncontrado("No existe esa retención.") from exc
        if retencion.titular != mostrador.titular or retencion.cupo.beneficiario_id != nave.id:
            raise NoEncontrado("La retención no es de este mostrador para esa nave.")
        if retencion.estado != Retencion.Estado.ACTIVA or retencion.expira <= timezone.now():
            raise ApplicationError(ErrorCupos.RETENCION_NO_ACTIVA, retenciones.retencion_no_activa_texto(retencion))
        bifurcada = _cadena(nave=nave, mostrador=mostrador, presentado=presentado)
        capacidad = nave.capacidad_combustible_gal
        tope = min(x for x in (solicitados, capacidad, retencion.restante) if x is not None)
        if autorizados > tope:
            raise ApplicationError(
                ErrorCupos.EXCEDE_CUPO,
                f"El acto autoriza {galones_texto(autorizados)} galones y lo permitido es {galones_texto(tope)} "
                "(R-15: lo menor entre lo solicitado, la capacidad de la nave y lo que queda de la retención).",
            )
        revision = " ".join(filter(None, (bifurcada, _motivo_revision(nave, retencion, fecha))))[:300]
        zarpe = Zarpe.objects.create(
            nave=nave,
            capitania=mostrador.capitania,
            fecha=fecha,
            galones_solicitados=solicitados,
            certificado_anterior=presentado,
            estado=Zarpe.Estado.CERTIFICADO,
            galones_autorizados=autorizados,
            disponible_despues=retencion.restante - autorizados,
            cupo=retencion.cupo,
            oficial=actor,
            limitado_por=(
                Zarpe.Limite.CAPACIDAD
                if capacidad is not None and autorizados == capacidad and autorizados < solicitados
                else Zarpe.Limite.CUPO
                if autorizados < solicitados
                else ""
            ),
        )
        movimiento = retenciones.retencion_disponer(
            actor=actor,
            retencion=retencion,
            fecha=fecha,
            galones=autorizados,
            referencia=f"certificado:{numero}",
            detalle=f"Zarpe en {mostrador.capitania.codigo}, mostrador sin conexión {mostrador.id}",
        )
        certificado = Certificado.objects.create(
            zarpe=zarpe,
            numero=numero,
            capitania=mostrador.capitania,
            anio=fecha.year,
            consecutivo=consecutivo,
            codigo_verificacion=codigo,
            nave=nave,
            cupo=retencion.cupo,
            movimiento=movimiento,
            galones_autorizados=autorizados,
            fecha_expedicion=fecha,
            mostrador=mostrador,
            retencion=retencion,
            firma_mostrador=firma,
            revision_upme=revision,
        )
        audit_records(actor=actor, entradas=[("zarpe.certificar", zarpe), ("certificado.sincronizar", certificado)])
        payload = avisos.aviso_certificado(
            nave=nave,
            certificado=certificado,
            capitania=mostrador.capitania,
            disponible_despues=zarpe.disponible_despues,
        )
        if payload:
            outbox_enqueue(tipo=AVISO, clave=avisos.clave_certificado(certificado.numero), payload=payload)
        Mostrador.objects.filter(pk=mostrador.pk).update(
            ultima_sincronizacion=timezone.now(), ultimo_latido=timezone.now()
        )
    return certificado, True


def _cadena(*, nave: Beneficiario, mostrador: Mostrador, presentado: str) -> str:
    """R-14 at sync. The counter checked the chain offline against what it knew: its snapshot and its own
    acts. The presented certificate must be the vessel's last; or, when another capitanía issued one since
    (the counter could not know it), the last one before those: then the certificate is issued in good faith
    and flagged for UPME's review (returns why). Anything else is refused, as online."""
    ultimo = ultimo_certificado(nave.id)
    esperado = ultimo.numero if ultimo else ""
    if presentado == esperado:
        return ""
    vigentes = Certificado.objects.filter(nave=nave).exclude(estado=Certificado.Estado.ANULADO)
    anterior = vigentes.filter(numero=presentado).first() if presentado else None
    if presentado and anterior is None:
        posteriores = None
    else:
        posteriores = (
            vigentes
            if anterior is None
            else vigentes.filter(
                Q(fecha_expedicion__gt=anterior.fecha_expedicion)
                | Q(fecha_expedicion=anterior.fecha_expedicion, id__gt=anterior.id)
            )
        )
    if posteriores is None or posteriores.filter(mostrador=mostrador).exists():
        raise ApplicationError(
            ErrorZarpes.CERTIFICADO_ANTERIOR_INVALIDO,
            f"El certificado presentado ({presentado or 'ninguno'}) no es el último expedido a la nave "
            f"({esperado or 'ninguno: es su primer zarpe'}).",
        )
    otros = ", ".join(posteriores.order_by("fecha_expedicion", "id").values_list("numero", flat=True)[:5])
    return (
        f"Mientras el mostrador estaba sin conexión se expidió a la nave el certificado {otros} en otra "
        "capitanía: la cadena de certificados se bifurcó."
    )


def _motivo_revision(nave: Beneficiario, retencion: Retencion, fecha: dt.date) -> str:
    """Why UPME must review a certificate issued in good faith within a hold (it is not undone)."""
    motivos = []
    if (baja := nave_baja(nave_id=nave.id, fecha=fecha)) is not None:
        motivos.append(
            f"Dimar reportó la baja de la nave desde el {fecha_larga(baja.fecha)}, mientras el mostrador estaba "
            "sin conexión."
        )
    cupo = retencion.cupo
    if cupo.estado not in ESTADOS_CON_VIGENCIA or (cupo.fecha_cancelacion and cupo.fecha_cancelacion <= fecha):
        motivos.append("El cupo fue cancelado mientras el mostrador estaba sin conexión.")
    return " ".join(motivos)[:300]


def siguiente_numero(mostrador: Mostrador, anio: int) -> int | None:
    """The next unused consecutive of the counter's blocks of `anio`, or None when they are used up."""
    usado = Certificado.objects.filter(mostrador=mostrador, anio=anio).aggregate(m=Max("consecutivo"))["m"]
    for bloque in mostrador.bloques.filter(anio=anio).order_by("desde"):
        candidato = max(bloque.desde, (usado or 0) + 1)
        if candidato <= bloque.hasta:
            return candidato
    return None
