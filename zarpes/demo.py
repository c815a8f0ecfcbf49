"""Demo: the zarpe and certificate of every discount cupos.demo wrote (and the inspector's report of
every refund), then today's zarpes at the busiest capitanías, issued through the real service, so the
officer's screen, certificates, verification and the inspector's reports show something real."""

import datetime as dt
import random
from decimal import Decimal

from django.db.models import Max, Q

from core.comun.galones import CERO
from core.identidad.roles import Rol
from core.models import Capitania, Usuario
from core.vencimientos.calendario import today
from cupos.demo import HISTORIA_DONA_LUCIA_HASTA, MATRICULA_DONA_LUCIA
from cupos.errors import SinCupoVigente
from cupos.models import BajaDimar, Beneficiario, Cupo, GarantiaNave, Movimiento
from cupos.selectors.saldos import beneficiario_saldo
from zarpes.models import Certificado, ConsecutivoCertificado, Inspeccion, Zarpe
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.services.zarpes import codigo_verificacion, zarpe_request

ZARPES_POR_CAPITANIA = {"CP05": 8, "CP01": 6}
# Doña Lucía (DOMAIN.md's vessel, the `beneficiario` login) sails from Cartagena twice a month after her
# ledger history (cupos.demo): each zarpe presents the last certificate. She does not sail on the
# demo date, so the officer's first try is hers: her last certificate on the panel and balance left.
DIAS_DONA_LUCIA = (6, 21)
GALONES_DONA_LUCIA = Decimal("600")


def cargar() -> list:
    _documentos()
    hoy = today()
    if Zarpe.objects.filter(fecha=hoy).exists():
        return []
    _zarpes_dona_lucia(hoy)
    rng = random.Random(hoy.toordinal())
    for codigo, cuantos in ZARPES_POR_CAPITANIA.items():
        oficial = Usuario.objects.filter(rol=Rol.CAPITANIA_OFICIAL, capitania__codigo=codigo).first()
        if oficial is None:
            continue
        naves = list(naves_del_dia(codigo, hoy))
        # Mostly vessels with balance left, and a couple that will be denied, as a real day looks.
        naves.sort(key=lambda n: _disponible(n, hoy), reverse=True)
        elegidas = naves[: cuantos - 2] + rng.sample(naves[cuantos:], min(2, len(naves[cuantos:])))
        for nave in elegidas:
            anterior = ultimo_certificado(nave.id)
            pedido = Decimal(rng.randrange(200, int(nave.capacidad_combustible_gal) + 400, 50))
            zarpe = zarpe_request(
                actor=oficial,
                nave_id=nave.id,
                capitania=codigo,
                fecha=hoy,
                galones_solicitados=pedido,
                certificado_anterior=anterior.numero if anterior else None,
            )
            if zarpe.estado == Zarpe.Estado.CERTIFICADO and rng.random() < 0.4:
                verificados = (zarpe.galones_autorizados * Decimal(rng.choice(["0.9", "0.95", "1"]))).quantize(
                    Decimal("0.01")
                )
                zarpe_inspect(actor=oficial, zarpe_id=zarpe.id, fecha=hoy, galones_verificados=verificados)
    return []


def naves_del_dia(codigo: str, hoy: dt.date):
    """The vessels that may ask for a zarpe at capitanía `codigo` on `hoy`: a firm cupo or none, no baja
    Dimar has reported by `hoy` and, for a foreign vessel, a permit in force that day (R-24, R-01: the
    service refuses those outright, so the demo's officers never present them; which vessels sail
    depends on the day's random draw)."""
    dadas_de_baja = BajaDimar.objects.filter(fecha__lte=hoy, beneficiario__isnull=False).values("beneficiario_id")
    sin_permiso = Q(tipo=Beneficiario.Tipo.NAVE_EXTRANJERA) & (
        Q(permiso_vigente_hasta__isnull=True) | Q(permiso_vigente_hasta__lt=hoy)
    )  # refused outright too
    con_garantia = GarantiaNave.objects.filter(vigente_hasta__gte=hoy).values("beneficiario_id")
    sin_garantia = Q(tipo=Beneficiario.Tipo.NAVE_EXTRANJERA) & ~Q(id__in=con_garantia)  # refused too
    return (
        Beneficiario.objects.filter(tipo__in=Beneficiario.TIPOS_NAVE, capitania__codigo=codigo)
        .filter(Q(cupos__estado=Cupo.Estado.EN_FIRME) | Q(cupos__isnull=True))
        .exclude(matricula=MATRICULA_DONA_LUCIA)
        .exclude(id__in=dadas_de_baja)
        .exclude(sin_permiso)
        .exclude(sin_garantia)
        .distinct()
        .order_by("id")
    )


def _zarpes_dona_lucia(hoy: dt.date) -> None:
    nave = Beneficiario.objects.filter(matricula=MATRICULA_DONA_LUCIA).first()
    oficial = Usuario.objects.filter(rol=Rol.CAPITANIA_OFICIAL, capitania__codigo="CP05").first()
    if nave is None or oficial is None or Zarpe.objects.filter(nave=nave).exists():
        return
    mes = HISTORIA_DONA_LUCIA_HASTA + dt.timedelta(days=1)
    while mes < hoy:
        for dia in DIAS_DONA_LUCIA:
            fecha = mes.replace(day=dia)
            if fecha >= hoy:
                break
            anterior = ultimo_certificado(nave.id)
            zarpe_request(
                actor=oficial,
                nave_id=nave.id,
                capitania="CP05",
                fecha=fecha,
                galones_solicitados=GALONES_DONA_LUCIA,
                certificado_anterior=anterior.numero if anterior else None,
            )
        mes = (mes + dt.timedelta(days=32)).replace(day=1)


def _disponible(nave, fecha) -> Decimal:
    try:
        return beneficiario_saldo(beneficiario_id=nave.id, fecha=fecha).disponible
    except SinCupoVigente:
        return Decimal(-1)


PREFIJO = "certificado:"


def _documentos() -> None:
    """The zarpe and certificate behind each discount cupos.demo wrote as `certificado:<número>` (its
    history is bulk-written on the ledger), in the same numbering, chained per vessel (R-14); the
    inspector's report behind each refund of one (R-17); the counters the next zarpe continues from."""
    movimientos = list(
        Movimiento.objects.filter(tipo=Movimiento.Tipo.DESCUENTO, referencia__startswith=PREFIJO,
                                  certificado__isnull=True)
        .select_related("cupo")
        .order_by("fecha", "id")
    )
    if not movimientos:
        return
    capitanias = {c.codigo: c for c in Capitania.objects.all()}
    oficiales = {u.capitania_id: u for u in Usuario.objects.filter(rol=Rol.CAPITANIA_OFICIAL, capitania__isnull=False)}
    anteriores: dict[int, str] = {}
    zarpes, certificados = [], []
    for m in movimientos:
        numero = m.referencia.removeprefix(PREFIJO)
        capitania = capitanias[numero.split("-")[0]]
        nave_id = m.cupo.beneficiario_id
        zarpes.append(Zarpe(
            nave_id=nave_id, capitania=capitania, fecha=m.fecha, galones_solicitados=m.galones,
            certificado_anterior=anteriores.get(nave_id, ""), estado=Zarpe.Estado.CERTIFICADO,
            galones_autorizados=m.galones, disponible_despues=CERO, cupo_id=m.cupo_id,
            oficial=oficiales.get(capitania.id),
        ))
        certificados.append(Certificado(
            numero=numero, capitania=capitania, anio=m.fecha.year, consecutivo=int(numero.rsplit("-", 1)[1]),
            codigo_verificacion=codigo_verificacion(), nave_id=nave_id, cupo_id=m.cupo_id, movimiento=m,
            galones_autorizados=m.galones, fecha_expedicion=m.fecha,
        ))
        anteriores[nave_id] = numero
    Zarpe.objects.bulk_create(zarpes, batch_size=2000)
    for zarpe, certificado in zip(zarpes, certificados, strict=True):
        certificado.zarpe = zarpe
    Certificado.objects.bulk_create(certificados, batch_size=2000)
    por_numero = {c.numero: c for c in certificados}
    inspecciones = {}
    for m in Movimiento.objects.filter(tipo=Movimiento.Tipo.REINTEGRO, referencia__startswith=PREFIJO).order_by("id"):
        certificado = por_numero.get(m.referencia.removeprefix(PREFIJO))
        if certificado is None or certificado.zarpe_id in inspecciones:
            continue
        inspecciones[certificado.zarpe_id] = Inspeccion(
            zarpe_id=certificado.zarpe_id, fecha=m.fecha, reintegro=m.galones, movimiento=m,
            certificado_expedicion=certificado.fecha_expedicion,
            galones_verificados=max(CERO, certificado.galones_autorizados - m.galones),
            registrado_por=oficiales.get(certificado.capitania_id),
        )
    Inspeccion.objects.bulk_create(inspecciones.values(), batch_size=2000)
    ultimos = Certificado.objects.values("capitania_id", "anio").annotate(ultimo=Max("consecutivo")).order_by()
    for fila in ultimos:
        consecutivo, _ = ConsecutivoCertificado.objects.get_or_create(capitania_id=fila["capitania_id"],
                                                                      anio=fila["anio"])
        if consecutivo.ultimo < fila["ultimo"]:
            consecutivo.ultimo = fila["ultimo"]
            consecutivo.save(update_fields=["ultimo"])
