"""Demo: the inspectors each capitanía designated (R-13); the zarpe and certificate of every discount
cupos.demo wrote (and the inspector's report of every refund, naming the inspector then in force); then
today's zarpes at the busiest capitanías, issued through the real service, so the officer's screen,
certificates, verification and the inspector's reports show something real."""

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
from zarpes.models import Certificado, ConsecutivoCertificado, Inspeccion, InspectorDesignado, Zarpe
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.services.inspectores import inspector_designate
from zarpes.services.zarpes import codigo_verificacion, zarpe_request

ZARPES_POR_CAPITANIA = {"CP05": 8, "CP01": 6}
# Doña Lucía (DOMAIN.md's vessel, the `beneficiario` login) sails from Cartagena twice a month after her
# ledger history (cupos.demo): each zarpe presents the last certificate. She does not sail on the
# demo date, so the officer's first try is hers: her last certificate on the panel and balance left.
DIAS_DONA_LUCIA = (6, 21)
GALONES_DONA_LUCIA = Decimal("600")
# the pollution inspectors the capitanías designated (fictitious people). Every capitanía has one in
# force since well before the demo's history; every other one also had an earlier inspector whose
# designation ended, so the register shows both filters and the reports of those years name him.
INSPECTORES = (
    ("Marta Elena Ríos Caicedo", "Jorge Andrés Pájaro Díaz"),
    ("Luz Dary Mosquera Palacios", None),
    ("Carlos Alberto Julio Barrios", "Hernando José Carpio Ruiz"),
    ("Yolanda Patricia Valencia Angulo", None),
    ("Rafael Enrique Fontalvo Mejía", "Nelson Arturo Ortiz Bolaño"),
    ("Sandra Milena Torres Hinestroza", None),
)
DESIGNADOS_DESDE = dt.date(2018, 1, 2)


def cargar() -> list:
    hoy = today()
    _inspectores(hoy)
    _documentos()
    if Zarpe.objects.filter(fecha=hoy).exists():
        return []
    _zarpes_dona_lucia(hoy)
    _rafaga(hoy)
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
                designado = inspector_en(zarpe.capitania_id, hoy)
                zarpe_inspect(actor=oficial, zarpe_id=zarpe.id, fecha=hoy, galones_verificados=verificados,
                              inspector=designado.id if designado else None)
    return []


def _rafaga(hoy: dt.date) -> None:
    """A planted burst for the diversion flags (issue 45): before the day's draw, the vessel of Buenaventura,
    Barranquilla or Cartagena with the most balance for its tank gets two certificates today, more than a tank and
    a half in all, which no trip explains («Más de un tanque el mismo día» in /desvios/, on SQLite too)."""
    mejor = None
    for codigo in ("CP01", "CP03", "CP05"):
        for nave in naves_del_dia(codigo, hoy):
            capacidad = nave.capacidad_combustible_gal or Decimal(0)
            if capacidad > 0 and not Zarpe.objects.filter(nave=nave, fecha=hoy).exists():
                razon = _disponible(nave, hoy) / capacidad
                if mejor is None or razon > mejor[0]:
                    mejor = (razon, nave, codigo)
    if mejor is None or mejor[0] < Decimal("1.5"):  # two certificates would not pass a tank and a half
        return
    _, nave, codigo = mejor
    oficial = Usuario.objects.filter(rol=Rol.CAPITANIA_OFICIAL, capitania__codigo=codigo).first()
    for _ in range(2):
        anterior = ultimo_certificado(nave.id)
        zarpe_request(actor=oficial, nave_id=nave.id, capitania=codigo, fecha=hoy,
                      galones_solicitados=nave.capacidad_combustible_gal,
                      certificado_anterior=anterior.numero if anterior else None)


def _inspectores(hoy: dt.date) -> None:
    """R-13: one or two designations per capitanía, through the service (audited, as its officer or Dimar)."""
    dimar = Usuario.objects.filter(rol=Rol.DIMAR).first()
    oficiales = {u.capitania_id: u for u in Usuario.objects.filter(rol=Rol.CAPITANIA_OFICIAL, capitania__isnull=False)}
    for i, capitania in enumerate(Capitania.objects.order_by("codigo")):
        if InspectorDesignado.objects.filter(capitania=capitania).exists():
            continue
        actor = oficiales.get(capitania.id) or dimar
        if actor is None:
            continue
        actual, anterior = INSPECTORES[i % len(INSPECTORES)]
        desde = DESIGNADOS_DESDE
        if anterior:  # ended a year and a half before the demo date; the current one follows it
            hasta = (hoy - dt.timedelta(days=540)).replace(day=1) - dt.timedelta(days=1)
            inspector_designate(
                actor=actor, capitania=capitania.codigo, nombre=anterior, documento=_cedula(capitania, 1),
                acto_designacion=f"Resolución {capitania.codigo}-0007 del 2 de enero de {desde.year}",
                vigente_desde=desde, vigente_hasta=hasta,
            )
            desde = hasta + dt.timedelta(days=1)
        inspector_designate(
            actor=actor, capitania=capitania.codigo, nombre=actual, documento=_cedula(capitania, 2),
            acto_designacion=f"Resolución {capitania.codigo}-{desde.month:02d}{desde.day:02d} de {desde.year}",
            vigente_desde=desde,
        )


def _cedula(capitania, n: int) -> str:
    return f"{10_000_000 + capitania.id * 1_000 + n}"


def inspector_en(capitania_id: int, fecha: dt.date):
    """The capitanía's designated inspector in force on `fecha` (the first by name), or None."""
    return (
        InspectorDesignado.objects.filter(capitania_id=capitania_id).vigentes_en(fecha).order_by("nombre", "id").first()
    )


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
    designaciones: dict[int, list[InspectorDesignado]] = {}
    for designacion in InspectorDesignado.objects.order_by("nombre", "id"):
        designaciones.setdefault(designacion.capitania_id, []).append(designacion)
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
            inspector=next(
                (d for d in designaciones.get(certificado.capitania_id, ()) if d.vigente_en(m.fecha)), None
            ),
        )
    Inspeccion.objects.bulk_create(inspecciones.values(), batch_size=2000)
    ultimos = Certificado.objects.values("capitania_id", "anio").annotate(ultimo=Max("consecutivo")).order_by()
    for fila in ultimos:
        consecutivo, _ = ConsecutivoCertificado.objects.get_or_create(capitania_id=fila["capitania_id"],
                                                                      anio=fila["anio"])
        if consecutivo.ultimo < fila["ultimo"]:
            consecutivo.ultimo = fila["ultimo"]
            consecutivo.save(update_fields=["ultimo"])
