"""Demo data of the quota regime for `make run`: vessels, acuicultoras, the Armada, the 2025 and
2026 resolutions, firmezas, a few cancellations and months of consumption.

Beneficiaries, resolutions and every change of a cupo's state go through the services, acting as
the demo administrator, so the audit trail and Dimar's outbox look like real use. Consumption
before CORTE is replayed in memory with the ledger's arithmetic and bulk-inserted (see _consumo).
The data set is deterministic (random.Random(2026)) and loaded once: a second run finds the 2026
resolution and only refreshes the beneficiary's login.
"""

import contextlib
import datetime as dt
import itertools
import random
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

from django.db import transaction

from core.actos.services import notificacion_registrar
from core.comun.fechas import fecha_larga, mes_largo
from core.comun.galones import CERO, round2
from core.demo import CAPITANIAS, DISTRIBUIDORES, crear_usuario_demo
from core.identidad.roles import Rol
from core.models import Distribuidor, Usuario
from core.vencimientos.calendario import is_business_day, last_day_of_month, today
from cupos import calculo
from cupos.models import Beneficiario, Cupo, Movimiento, Resolucion
from cupos.selectors.cupos import cupo_terminos
from cupos.services import libro
from cupos.services.beneficiarios import beneficiario_create
from cupos.services.cupos import cupo_cancel, cupo_declare_firm, cupo_grant
from cupos.services.novedades import novedades_register
from cupos.services.procedimiento import notificacion_con_renuncia
from cupos.services.resoluciones import resolucion_create
from cupos.services.solicitudes import solicitud_cambiar_estado, solicitud_radicar

D = dt.date
# Issued on paper before the demo's history starts in the portal: transcribed with their date and support.
RES_2025 = {"anio": 2025, "numero": "000045", "fecha_expedicion": D(2025, 2, 25), "transcrita": True,
            "soporte": "Resolución UPME 000045 del 25 de febrero de 2025, firmada en papel (copia escaneada)"}
RES_2026 = {"anio": 2026, "numero": "000031", "fecha_expedicion": D(2026, 2, 24), "transcrita": True,
            "soporte": "Resolución UPME 000031 del 24 de febrero de 2026, firmada en papel (copia escaneada)"}
RES_2027 = {"anio": 2027, "numero": "000008"}  # the draft the analyst allocates (issue 12)
SOLICITUDES_2027 = 8  # national vessels with a 2026 cupo that applied for 2027 and were approved
FIN_CONSUMO = D(2026, 11, 28)
MATRICULA_DONA_LUCIA = "MC-05-0100"  # DOMAIN.md's worked example; the `beneficiario` demo login
# Doña Lucía's ledger here ends with September: from October her zarpes are issued with certificates by
# zarpes/demo.py (and sold by the demo wholesaler, distribuidores/demo.py), so her own pages, the
# officer's screen and the reports tell one story, and she has balance left on the demo date.
HISTORIA_DONA_LUCIA_HASTA = D(2026, 9, 30)
CORTE = D(2026, 11, 1)  # the last weeks of consumption go through the services (see _consumo)
INFORME = "Informe del inspector de contaminación: tomó menos de lo autorizado."
MOTIVO_BAJA = "Baja de matrícula reportada por Dimar en sus novedades mensuales."

# Home ports: the big Pacific and Caribbean ports hold most of the fleet.
PESO_CAPITANIA = {"CP01": 22, "CP02": 12, "CP03": 12, "CP04": 10, "CP05": 16}
BANDERAS_EXTRANJERAS = ["PA", "PA", "PA", "EC", "EC", "VE", "HN", "BZ", "NI"]

MUJERES = [
    "Lucía",
    "Carmen",
    "Rosa",
    "Esperanza",
    "Gloria",
    "Marina",
    "Teresa",
    "Mercedes",
    "Inés",
    "Amparo",
    "Dolores",
    "Leonor",
    "Isabel",
    "Consuelo",
    "Elvira",
    "Rocío",
    "Yolanda",
    "Nubia",
]
HOMBRES = [
    "Ramón",
    "Pedro",
    "Julio",
    "Chepe",
    "Efraín",
    "Alirio",
    "Tobías",
    "Manuel",
    "Aurelio",
    "Eliécer",
    "Lucho",
    "Jacinto",
    "Gilberto",
    "Nicanor",
    "Octavio",
    "Rigoberto",
    "Camilo",
]
ASTROS = ["Estrella", "Lucero", "Reina", "Perla", "Sirena", "Brisa", "Gaviota", "Princesa", "Flor"]
MARES = [
    "del Pacífico",
    "del Caribe",
    "del Mar",
    "del Sur",
    "del Golfo",
    "de Urabá",
    "de Tumaco",
    "del Atlántico",
    "de la Costa",
    "de Bocagrande",
    "del Chocó",
    "de Barú",
]
SANTOS = [
    "Virgen del Carmen",
    "San Pedro",
    "San Andrés",
    "San José",
    "Santa Rosa",
    "San Rafael",
    "Santa Bárbara",
    "Virgen del Rosario",
    "San Miguel",
    "Divino Niño",
    "Santa Marta",
]
APELLIDOS = [
    "Arboleda",
    "Caicedo",
    "Mosquera",
    "Palacios",
    "Angulo",
    "Valencia",
    "Castro",
    "Hurtado",
    "Obregón",
    "Pacheco",
    "Barrios",
    "Mendoza",
    "Herrera",
    "Cuero",
]
FUERZA = ["Titán", "Hércules", "Sansón", "Atlas", "Coloso", "Tritón", "Poseidón", "Goliat", "Bravo"]
SUFIJOS = ["II", "III", "IV", "V", "VI", "VII"]

ACUICULTORAS = [
    ("Camaronera Bahía de Cispatá S.A.S.", "900318442", 96_000),
    ("Acuícola del Pacífico Tumaqueño S.A.S.", "901127533", 72_000),
    ("Langostinos del Caribe C.I. S.A.", "890403118", 144_000),
    ("Maricultivos de Bahía Solano S.A.S.", "901455210", 36_000),
    ("Acuicultura Marina de Barú S.A.S.", "900774015", 54_000),
]
ARMADA = ("Armada Nacional — Cuerpo de Guardacostas", "800141397", 1_800_000)


@dataclass
class Plan:
    """One beneficiary as the demo will create it, with its cupos and its consumption."""

    datos: dict
    galones: dict[int, Decimal] = field(default_factory=dict)  # year → galones_anuales
    firmeza: dict[int, dt.date] = field(default_factory=dict)  # year → firm date (absent: expedido)
    cancelar: dt.date | None = None
    hasta: dt.date = FIN_CONSUMO  # last day with consumption (earlier: inactive for months)
    por_mes: tuple[int, int] = (2, 3)  # zarpes or sales per month
    pedido: tuple[float, float] = (0.15, 0.6)  # asked: a share of the capacity (or of the cuota)
    guion: list[tuple] = field(default_factory=list)  # scripted (fecha, tipo, galones)
    servicios_desde: dt.date = CORTE  # zarpes from this day go through the ledger services
    sin_azar: tuple[dt.date, dt.date] | None = None  # no random consumption in this span
    beneficiario: Beneficiario | None = None
    cupos: dict[int, Cupo] = field(default_factory=dict)
    ultimo_certificado: str = ""  # the number of its last certificate, which a refund refers to


def cargar(escala: float = 1.0) -> list[tuple[str, str, str]]:
    """Load the demo (once) and return the beneficiary's login. `escala` sizes the fleet."""
    if not Resolucion.objects.filter(anio=RES_2026["anio"], numero=RES_2026["numero"]).exists():
        _cargar_datos(max(1, round(200 * escala)))
    if not Resolucion.objects.filter(anio=RES_2027["anio"], numero=RES_2027["numero"]).exists():
        _cargar_2027()
    dona_lucia = Beneficiario.objects.filter(matricula=MATRICULA_DONA_LUCIA).first()
    if dona_lucia is None:
        return []
    return [crear_usuario_demo("beneficiario", Rol.BENEFICIARIO, beneficiario=dona_lucia)]


@transaction.atomic
def _cargar_datos(n_naves: int) -> None:
    actor = Usuario.objects.get(username="admin")
    rng = random.Random(2026)
    planes = [_dona_lucia(), *_naves(rng, n_naves - 1), *_acuicultoras_y_armada(rng)]
    for plan in planes:
        plan.beneficiario = beneficiario_create(actor=actor, **plan.datos)
    _convenio_armada(actor, planes)
    _resolucion(actor, planes, RES_2025)
    _resolucion(actor, planes, RES_2026)
    _consumo(actor, rng, planes, fin=min(FIN_CONSUMO, today()))
    _bajas(actor, [p for p in planes if p.cancelar])
    _condiciones_extranjeras(actor, random.Random(26), planes, today())


def _convenio_armada(actor, planes: list[Plan]) -> None:
    """R-27: the Armada's convenio with its wholesaler, in force over every demo year (its sales need it)."""
    from cupos.services.condiciones import convenio_registrar

    for plan in planes:
        if plan.datos["tipo"] == Beneficiario.Tipo.ARMADA:
            convenio_registrar(
                actor=actor, beneficiario=plan.beneficiario, distribuidor_nit=plan.datos["distribuidor_nit"],
                numero="ARC-JEMFA-CONV-017-2024", vigente_desde=D(2024, 12, 1), vigente_hasta=D(2027, 11, 30),
            )


PUERTOS_DESEMBARQUE = ("CP01", "CP05", "CP03")  # Buenaventura, Cartagena, Barranquilla: where tuna is landed


def _condiciones_extranjeras(actor, rng: random.Random, planes: list[Plan], hoy: dt.date) -> None:
    """R-26: every foreign vessel's guarantees (last year's, ended; this year's, in force) and its landings
    month by month, on track with its minimum pro rata. The first one's guarantee ends within the month
    (garantia_por_vencer); the second lands well behind (desembarques_rezagados at the quarter's end)."""
    from cupos.selectors.condiciones import esperado
    from cupos.services.condiciones import desembarque_registrar, garantia_registrar

    extranjeras = [p.beneficiario for p in planes if p.datos["tipo"] == Beneficiario.Tipo.NAVE_EXTRANJERA]
    for i, nave in enumerate(extranjeras):
        minimo = Decimal(rng.randrange(300, 1500) * 1000)  # kg: a tuna seiner lands hundreds of tonnes a year
        valor = minimo * Decimal(rng.randrange(9000, 14000))  # COP per kg of the minimum catch, declared
        bancos = ("Banco de Bogotá", "Bancolombia", "Banco de Occidente", "Davivienda", "Banco Agrario")
        for anio, hasta in ((hoy.year - 1, D(hoy.year, 1, 31)), (hoy.year, D(hoy.year + 1, 1, 31))):
            if anio == hoy.year and i == 0:
                hasta = hoy + dt.timedelta(days=20)  # ends within the month: UPME is alerted
            garantia_registrar(
                actor=actor, beneficiario=nave, anio=anio, desembarque_minimo_kg=minimo,
                valor_desembarque_minimo=valor, banco=rng.choice(bancos), numero=f"GB-{anio}-{nave.id:05d}",
                valor=round2(valor * Decimal(rng.choice(("0.10", "0.12", "0.15")))), vigente_hasta=hasta,
                soporte=f"Garantía bancaria GB-{anio}-{nave.id:05d} y constancia AUNAP de pesca mínima {anio}",
            )
        ritmo = Decimal("0.45") if i == 1 else Decimal(str(rng.uniform(1.02, 1.2)))  # the second one lags behind
        acumulado, numero = CERO, itertools.count(1)
        for mes in range(1, hoy.month + 1):
            fecha = min(D(hoy.year, mes, rng.randint(8, 25)), hoy)
            # What it lands covers the month's end pro rata (× its pace): an on-track vessel is never behind.
            kg = round2(esperado(minimo, min(last_day_of_month(hoy.year, mes), hoy)) * ritmo - acumulado)
            if kg <= 0:
                continue
            desembarque_registrar(
                actor=actor, beneficiario=nave, fecha=fecha, puerto=rng.choice(PUERTOS_DESEMBARQUE), kg=kg,
                certificado=f"AUNAP-DES-{hoy.year}-{nave.id:05d}-{next(numero):02d}",
            )
            acumulado += kg


@transaction.atomic
def _cargar_2027() -> None:
    """The next year ready to allocate (issue 12): a draft annual resolution for 2027, motivated by its
    sources; approved 2027 applications (Doña Lucía's among them, asking 5 % more), one refused, one
    late without a justified cause (R-04 par. 2), and every other 2026 cupo in force running on in
    continuation (R-09). The proposal then shows both origins, with 2026 as evidence."""
    actor = Usuario.objects.filter(username="admin").first()
    if actor is None or not Resolucion.objects.filter(anio=2026).exists():
        return
    hoy = today()
    radicacion = min(hoy, D(2026, 11, 3))
    naves = list(
        Beneficiario.objects.filter(
            tipo=Beneficiario.Tipo.NAVE_NACIONAL,
            cupos__resolucion__anio=2026,
            cupos__estado=Cupo.Estado.EN_FIRME,
            cupos__fecha_fin__isnull=True,
        )
        .exclude(matricula=MATRICULA_DONA_LUCIA)
        .order_by("matricula")
        .distinct()[: SOLICITUDES_2027 + 1]
    )
    dona_lucia = Beneficiario.objects.filter(matricula=MATRICULA_DONA_LUCIA).first()
    aprobadas = ([dona_lucia] if dona_lucia else []) + naves[: SOLICITUDES_2027 - 1]
    for nave in aprobadas:
        anterior = nave.cupos.filter(resolucion__anio=2026).order_by("-id").first()
        pedido = round2(anterior.galones_anuales * Decimal("1.05")) if anterior else Decimal("12000")
        solicitud = solicitud_radicar(
            actor=actor, beneficiario=nave, anio=2027, galones_solicitados=pedido, fecha_radicacion=radicacion
        )
        solicitud_cambiar_estado(actor=actor, solicitud=solicitud, estado="en_revision")
        solicitud_cambiar_estado(
            actor=actor, solicitud=solicitud, estado="aprobada", observaciones="Cumple los requisitos documentales."
        )
    if len(naves) >= SOLICITUDES_2027:
        rechazada = solicitud_radicar(
            actor=actor,
            beneficiario=naves[SOLICITUDES_2027 - 1],
            anio=2027,
            galones_solicitados=Decimal("30000"),
            fecha_radicacion=radicacion,
        )
        solicitud_cambiar_estado(
            actor=actor,
            solicitud=rechazada,
            estado="rechazada",
            observaciones="La nave no desembarcó producto en puertos colombianos en 2026.",
        )
    if len(naves) > SOLICITUDES_2027:
        # radicated after the deadline UPME set, with no justified cause: no cupo for 2027.
        solicitud_radicar(
            actor=actor,
            beneficiario=naves[SOLICITUDES_2027],
            anio=2027,
            galones_solicitados=Decimal("15000"),
            fecha_radicacion=radicacion,
            fecha_limite=radicacion - dt.timedelta(days=1),
        )
    resolucion_create(
        actor=actor,
        **RES_2027,
        fecha_expedicion=min(hoy, D(2026, 11, 27)),
        considerandos="Que los beneficiarios presentaron dentro del plazo la información que exige el Decreto 1891 de "
        "2009 para la asignación de 2027, y que la UPME verificó sus solicitudes.",
        fuente_flota_fecha=min(hoy, D(2026, 10, 31)),
        fuente_areas_cultivo="Áreas de cultivo certificadas por el Ministerio de Agricultura y Desarrollo Rural "
        "para cada empresa acuicultora (Decreto 1891 de 2009, art. 1, num. 4 y 5)",
        fuente_consumo_anio=2026,
    )


def _bajas(actor, planes: list[Plan]) -> None:
    """R-24: Dimar reports each baja in the next month's novelties; UPME then cancels the cupo from
    the baja's date, its own act (which closes the alert the baja raised)."""
    dimar = Usuario.objects.filter(rol=Rol.DIMAR, is_active=True).first() or actor
    por_periodo: dict[dt.date, list[Plan]] = {}
    for plan in planes:
        periodo = D(plan.cancelar.year + plan.cancelar.month // 12, plan.cancelar.month % 12 + 1, 1)
        por_periodo.setdefault(periodo, []).append(plan)
    for periodo, del_mes in sorted(por_periodo.items()):
        bajas = [
            {"matricula": p.beneficiario.matricula, "fecha": p.cancelar, "motivo": "Matrícula cancelada"}
            for p in del_mes
        ]
        novedades_register(actor=dimar, periodo=periodo, altas=[], bajas=bajas)
        for plan in del_mes:
            _cancelar_en_firme(
                actor=actor,
                cupo=plan.cupos[2026],
                fecha=plan.cancelar,
                causal=Cupo.Causal.BAJA_DIMAR,
                motivo=MOTIVO_BAJA,
                soporte=f"Novedades de Dimar de {mes_largo(periodo)}: baja del "
                f"{fecha_larga(plan.cancelar)} (matrícula {plan.beneficiario.matricula})",
            )


def _cancelar_en_firme(*, actor, cupo, fecha: dt.date, **datos) -> None:
    """A past cancellation as it happened on paper (DOMAIN §8): its act issued the day before `fecha`, notified in
    person and its recursos waived that day, so it was firm and in effect on `fecha` (P-04, P-05)."""
    from django.utils import timezone

    from core.actos.models import Interesado
    from core.actos.services import notificacion_registrar, renuncia_registrar
    from cupos.services.cupos import cancelacion_aplicar

    antes = fecha - dt.timedelta(days=1)
    cupo = cupo_cancel(actor=actor, cupo=cupo, fecha=fecha, transcrita=True, fecha_expedicion=antes, **datos)
    persona = cupo.cancelacion_interesado
    notificacion_registrar(actor=actor, acto_id=persona.acto_id, interesado_id=persona.pk, medio="personal",
                           fecha=antes, soporte="Notificación personal en la UPME")
    renuncia_registrar(actor=actor, acto_id=persona.acto_id, interesado_id=persona.pk, fecha=antes,
                       soporte="Renuncia escrita a los recursos, en la diligencia de notificación")
    cancelacion_aplicar(cupo_id=cupo.pk, firmeza=fecha)
    Interesado.objects.filter(pk=persona.pk).update(efectos_aplicados=timezone.now())


def _solicitudes_aprobadas(planes: list[Plan], anio: int, expedicion: dt.date) -> None:
    """R-03: an acuicultora or a foreign vessel gets its cupo of the year only with its application approved. The
    demo's past years are history: their applications are recorded as approved, filed two months before the
    resolution, with the gallons the resolution granted."""
    from cupos.models import Solicitud

    Solicitud.objects.bulk_create([
        Solicitud(beneficiario=p.beneficiario, anio=anio, galones_solicitados=p.galones[anio],
                  fecha_radicacion=expedicion - dt.timedelta(days=60), estado=Solicitud.Estado.APROBADA,
                  observaciones="Solicitud aprobada registrada con la historia del portal.")
        for p in planes
        if p.beneficiario.tipo in Beneficiario.TIPOS_CON_SOLICITUD
        and not Solicitud.objects.filter(beneficiario=p.beneficiario, anio=anio).exists()
    ])


def _resolucion(actor, planes: list[Plan], datos: dict) -> None:
    anio = datos["anio"]
    resolucion = resolucion_create(
        actor=actor,
        **datos,
        considerandos=f"Que los beneficiarios presentaron dentro del plazo la información que exige el Decreto 1891 "
        f"de 2009 para la asignación de {anio}, y que la UPME verificó sus solicitudes.",
    )
    con_cupo = [p for p in planes if anio in p.galones]
    _solicitudes_aprobadas(con_cupo, anio, resolucion.fecha_expedicion)
    for plan in con_cupo:
        plan.cupos[anio] = cupo_grant(
            actor=actor, resolucion=resolucion, beneficiario=plan.beneficiario, galones_anuales=plan.galones[anio]
        )
    for plan in sorted(con_cupo, key=lambda p: p.firmeza.get(anio, D.max)):
        if anio not in plan.firmeza:
            # Notified in person a few days after the act, its term ran long ago: due for firmeza, which UPME (or
            # the morning's job) has yet to declare (DOMAIN P-04).
            notificado = resolucion.fecha_expedicion + dt.timedelta(days=3)
            notificacion_registrar(
                actor=actor, acto_id=resolucion.acto_id, interesado_id=plan.cupos[anio].interesado_id,
                medio="personal", fecha=notificado,
                soporte=f"Acta de notificación personal del {fecha_larga(notificado)}",
            )
        if anio in plan.firmeza:
            # DOMAIN §8: notified in person and waiving its recursos the day before, the cupo is firm that day.
            notificado = max(resolucion.fecha_expedicion, plan.firmeza[anio] - dt.timedelta(days=1))
            notificacion_con_renuncia(
                actor=actor, cupo=plan.cupos[anio], fecha=notificado,
                soporte=f"Acta de notificación personal con renuncia a términos del {fecha_larga(notificado)}",
            )
            plan.firmeza[anio] = notificado + dt.timedelta(days=1)
            plan.cupos[anio] = cupo_declare_firm(actor=actor, cupo=plan.cupos[anio], fecha_firmeza=plan.firmeza[anio])


# --- Consumption: R-15 zarpes for vessels, R-19 sales for acuicultoras and the Armada ---


class Evento(NamedTuple):
    fecha: dt.date
    n: int  # the zarpe's (or sale's) number, for its reference
    galones: Decimal | None  # scripted amount; None: `fraccion` of the capacity (or of the cuota)
    fraccion: Decimal
    reintegro: bool  # the inspector reports 15 % less taken
    tipo: str = Movimiento.Tipo.DESCUENTO


def _consumo(actor, rng: random.Random, planes: list[Plan], *, fin: dt.date) -> None:
    """Zarpes (vessels) or sales (acuicultoras, Armada) a few times a month since the first firmeza.

    The services cost ~4 ms a zarpe (lock, two balance sums, insert), too slow for 20 months of a
    fleet on every `make run`: the history before CORTE is replayed in memory with the selectors'
    own arithmetic and bulk-inserted. From CORTE on, and all of Doña Lucía's, goes through
    cupo_lock_vigente / movimiento_descuento like a real zarpe.

    Every discount names its document as the real services do: a vessel's, the certificate its zarpe
    got (`certificado:CP05-2026-000123`, numbered per capitanía and year in date order; zarpes.demo
    then files the zarpe and the certificate); an acuicultora's or the Armada's, its wholesaler's sale
    (`venta:<NIT>`; distribuidores.demo files the sale).
    """
    numeros = itertools.count(1)
    eventos = [(evento, i, plan) for i, plan in enumerate(planes) for evento in _eventos(rng, plan, fin, numeros)]
    eventos.sort(key=lambda e: (e[0].fecha, e[1], e[0].n))
    memoria = _LibroEnMemoria(actor, Cupo.objects.filter(estado=Cupo.Estado.EN_FIRME))
    servicios = _LibroServicios(actor)
    numeracion = _Numeracion()
    guardado = False
    for evento, _, plan in eventos:
        en_memoria = evento.fecha < plan.servicios_desde
        if not en_memoria and evento.fecha >= CORTE and not guardado:
            Movimiento.objects.bulk_create(memoria.filas, batch_size=2000)  # before the services read it
            guardado = True
        _zarpe(memoria if en_memoria else servicios, plan, evento, numeracion, fin)
    if not guardado:
        Movimiento.objects.bulk_create(memoria.filas, batch_size=2000)


class _Numeracion:
    """Certificate numbers as zarpes.services numbers them: per capitanía and year, consecutive."""

    def __init__(self):
        self.ultimo: dict[tuple[str, int], int] = defaultdict(int)

    def siguiente(self, capitania: str, fecha: dt.date) -> str:
        self.ultimo[capitania, fecha.year] += 1
        return f"{capitania}-{fecha.year}-{self.ultimo[capitania, fecha.year]:06d}"


RAZON_SOCIAL = {nit: razon for nit, razon, _ in DISTRIBUIDORES}


def _zarpe(libro_, plan: Plan, evento: Evento, numeracion: _Numeracion, fin: dt.date) -> None:
    """R-15 (R-19 for sales): autorizados = min(asked, capacity, balance); nothing when 0 (denied)."""
    es_nave = plan.datos["tipo"] in Beneficiario.TIPOS_NAVE
    with libro_.transaccion():
        cupo = libro_.cupo_vigente(plan.beneficiario.id, evento.fecha)
        if evento.tipo == Movimiento.Tipo.REINTEGRO:
            referencia = f"certificado:{plan.ultimo_certificado}"
            libro_.escribir(cupo, Movimiento.Tipo.REINTEGRO, evento.fecha, evento.galones, referencia, INFORME)
            return
        capacidad = plan.datos.get("capacidad_combustible_gal")
        pedido = evento.galones or Decimal(int((capacidad or cupo.cuota_mensual) * evento.fraccion) or 1)
        disponible = libro_.disponible(cupo, evento.fecha)
        autorizados = min(pedido, capacidad or pedido, disponible)
        if evento.galones is None and (evento.fecha.year, evento.fecha.month) == (fin.year, fin.month):
            # The demo month leaves balance: an officer's first zarpes on the demo date are certified.
            autorizados = min(autorizados, round2(disponible * Decimal("0.4")))
        if autorizados <= 0:
            return  # denied: buys taxed fuel
        if es_nave:
            capitania = plan.datos["capitania"]
            plan.ultimo_certificado = numeracion.siguiente(capitania, evento.fecha)
            referencia, detalle = f"certificado:{plan.ultimo_certificado}", f"Zarpe en {capitania}"
        else:
            nit = plan.datos["distribuidor_nit"]
            referencia, detalle = f"venta:{nit}", f"Venta registrada por {RAZON_SOCIAL[nit]}"
        libro_.escribir(cupo, Movimiento.Tipo.DESCUENTO, evento.fecha, autorizados, referencia, detalle)
        if evento.reintegro and es_nave and autorizados >= 50:
            devuelto = round2(autorizados * Decimal("0.15"))
            libro_.escribir(cupo, Movimiento.Tipo.REINTEGRO, evento.fecha, devuelto, referencia, INFORME)


class _LibroServicios:
    """The real path: lock the cupo in force, read the balance, write through the ledger services."""

    def __init__(self, actor):
        self.actor = actor

    def transaccion(self):
        return transaction.atomic()

    def cupo_vigente(self, beneficiario_id: int, fecha: dt.date) -> Cupo:
        return libro.cupo_lock_vigente(beneficiario_id=beneficiario_id, fecha=fecha)

    def disponible(self, cupo: Cupo, fecha: dt.date) -> Decimal:
        return libro.saldo_para_autorizar(cupo=cupo, fecha=fecha).disponible

    def escribir(self, cupo, tipo, fecha, galones, referencia, detalle) -> None:
        servicio = libro.movimiento_descuento if tipo == Movimiento.Tipo.DESCUENTO else libro.movimiento_reintegro
        servicio(actor=self.actor, cupo=cupo, fecha=fecha, galones=galones, referencia=referencia, detalle=detalle)


class _LibroEnMemoria:
    """R-11 replayed in memory with cupos.calculo, the arithmetic cupos.selectors.saldos.cupo_saldo uses.

    Events come in date order per beneficiary, so the window's consumption so far is what
    saldo_para_autorizar would sum: it authorizes exactly what movimiento_descuento would.
    """

    def __init__(self, actor, cupos):
        self.actor = actor
        self.terminos: dict[int, calculo.Terminos] = {}
        self.cupos: dict[int, list[Cupo]] = defaultdict(list)
        for cupo in cupos:
            self.terminos[cupo.id] = cupo_terminos(cupo)
            self.cupos[cupo.beneficiario_id].append(cupo)
        self.consumido: dict[tuple[int, int], Decimal] = defaultdict(lambda: CERO)
        self.filas: list[Movimiento] = []

    def transaccion(self):
        return contextlib.nullcontext()

    def cupo_vigente(self, beneficiario_id: int, fecha: dt.date) -> Cupo:
        vigentes = [c for c in self.cupos[beneficiario_id] if self.terminos[c.id].vigente(fecha)]
        return max(vigentes, key=lambda c: c.fecha_inicio)  # the newest one started

    def disponible(self, cupo: Cupo, fecha: dt.date) -> Decimal:
        ventana = calculo.window_for(self.terminos[cupo.id], fecha)
        asignado = calculo.asignado_hasta(self.terminos[cupo.id], ventana, fecha)
        return max(CERO, asignado - self.consumido[cupo.id, ventana.primer_mes])

    def escribir(self, cupo, tipo, fecha, galones, referencia, detalle) -> None:
        signo = 1 if tipo == Movimiento.Tipo.DESCUENTO else -1
        self.consumido[cupo.id, calculo.window_for(self.terminos[cupo.id], fecha).primer_mes] += signo * galones
        self.filas.append(
            Movimiento(
                cupo=cupo,
                tipo=tipo,
                fecha=fecha,
                galones=galones,
                referencia=referencia,
                detalle=detalle,
                creado_por=self.actor,
            )
        )


def _eventos(rng: random.Random, plan: Plan, fin: dt.date, numeros) -> list[Evento]:
    """The plan's zarpes in date order; every random draw is made here, whichever path writes them."""
    if not plan.firmeza:
        return []
    inicio = min(plan.firmeza.values())
    hasta = min(fin, plan.hasta, plan.cancelar - dt.timedelta(days=1) if plan.cancelar else fin)
    eventos = []
    for fecha, tipo, galones in sorted(
        [(f, Movimiento.Tipo.DESCUENTO, None) for f in _fechas(rng, plan, inicio, hasta)] + plan.guion,
        key=lambda e: e[0],
    ):
        fraccion = Decimal(str(round(rng.uniform(*plan.pedido), 4)))
        reintegro = galones is None and rng.random() < 0.03
        eventos.append(Evento(fecha, next(numeros), galones, fraccion, reintegro, tipo))
    return eventos


def _fechas(rng: random.Random, plan: Plan, inicio: dt.date, hasta: dt.date) -> list[dt.date]:
    fechas = []
    anio, mes = inicio.year, inicio.month
    while D(anio, mes, 1) <= hasta:
        dias = last_day_of_month(anio, mes).day
        for _ in range(rng.randint(*plan.por_mes)):
            fecha = D(anio, mes, rng.randint(1, dias))
            fuera = plan.sin_azar and plan.sin_azar[0] <= fecha <= plan.sin_azar[1]
            if inicio <= fecha <= hasta and not fuera:
                fechas.append(fecha)
        anio, mes = (anio + 1, 1) if mes == 12 else (anio, mes + 1)
    return sorted(fechas)


# --- The plan of the data set ---


def _dona_lucia() -> Plan:
    """DOMAIN.md's worked example, played on the ledger: zarpes of 800, 500 (→ 167.74), 100 (denied)."""
    return Plan(
        datos={
            "tipo": Beneficiario.Tipo.NAVE_NACIONAL,
            "nombre": "Doña Lucía",
            "identificacion": "45512873",
            "matricula": MATRICULA_DONA_LUCIA,
            "bandera": "CO",
            "trb": Decimal("120"),
            "actividad": Beneficiario.Actividad.PESCA,
            "capacidad_combustible_gal": Decimal("3000"),
            "capitania": "CP05",
            # Told of every act in its name (core.mensajes.avisos): `make run` prints the e-mail and logs the SMS.
            "correo": "armador.donalucia@example.com",
            "celular": "+573001234567",
            "acepta_notificacion_electronica": True,  # DOMAIN P-01: its acts reach it with a signed link
        },
        galones={2025: Decimal("22800"), 2026: Decimal("24000")},
        firmeza={2025: D(2025, 3, 12), 2026: D(2026, 3, 17)},
        guion=[
            (D(2026, 3, 20), "descuento", Decimal("800")),
            (D(2026, 3, 28), "descuento", Decimal("500")),
            (D(2026, 3, 30), "descuento", Decimal("100")),
            (D(2026, 4, 3), "reintegro", Decimal("100")),
        ],
        sin_azar=(D(2026, 3, 17), D(2026, 4, 9)),
        servicios_desde=D(2025, 1, 1),
        hasta=HISTORIA_DONA_LUCIA_HASTA,
    )


def _naves(rng: random.Random, n: int) -> list[Plan]:
    codigos = [c for c, _ in CAPITANIAS]
    pesos = [PESO_CAPITANIA.get(c, 2) for c in codigos]
    usados_nombre = {"Doña Lucía"}
    usadas_matricula = {MATRICULA_DONA_LUCIA, *Beneficiario.objects.values_list("matricula", flat=True)}
    empresas = [str(rng.choice([800, 900, 901]) * 1_000_000 + rng.randint(0, 999_999)) for _ in range(30)]
    firmezas_2025 = _dias_habiles(D(2025, 3, 3), D(2025, 3, 31))
    firmezas_2026 = _dias_habiles(D(2026, 3, 2), D(2026, 4, 15))
    planes = []
    for i in range(n):
        extranjera = rng.random() < 0.13
        actividad = "pesca" if extranjera else rng.choices(["pesca", "cabotaje", "remolque"], [70, 20, 10])[0]
        trb = _trb(rng, actividad, extranjera)
        capacidad = Decimal(max(800, min(60_000, round(float(trb) * rng.uniform(25, 45) / 50) * 50)))
        capitania = rng.choice(["CP01", "CP05", "CP03"]) if extranjera else rng.choices(codigos, pesos)[0]
        bandera = rng.choice(BANDERAS_EXTRANJERAS) if extranjera else "CO"
        datos = {
            "tipo": "nave_extranjera" if extranjera else "nave_nacional",
            "nombre": _nombre(rng, actividad, usados_nombre),
            "matricula": _matricula(rng, capitania, bandera, usadas_matricula),
            "bandera": bandera,
            "trb": trb,
            "actividad": actividad,
            "capacidad_combustible_gal": capacidad,
            "capitania": capitania,
        }
        if extranjera:  # the Colombian company it is affiliated to applies for it
            datos["empresa_nit"] = datos["identificacion"] = rng.choice(empresas[:8])
            datos["permiso_vigente_hasta"] = D(2027, 1 + i % 12, 28)  # a valid operating permit
        else:
            propio = rng.random() < 0.45  # an owner with a cédula, or a fishing/shipping company
            datos["identificacion"] = str(rng.randint(4_000_000, 1_130_000_000)) if propio else rng.choice(empresas)
        anual = Decimal(min(600_000, max(4_000, round(float(capacidad) * rng.uniform(6, 12) / 100) * 100)))
        plan = Plan(datos=datos, por_mes={"remolque": (4, 7), "cabotaje": (3, 5)}.get(actividad, (2, 5)))
        suerte = rng.random()
        if suerte >= 0.05:  # ~5 % without a cupo (no application, or not approved)
            if suerte >= 0.11:  # ~6 % are new in 2026 (Dimar's altas)
                plan.galones[2025] = anual
                plan.firmeza[2025] = rng.choice(firmezas_2025)
            plan.galones[2026] = Decimal(round(float(anual) * rng.uniform(0.9, 1.15) / 100) * 100)
            if i % 45 != 7:  # a few stay expedido and keep consuming their 2025 cupo
                plan.firmeza[2026] = rng.choice(firmezas_2026)
        if i % 12 == 5:  # inactive for more than 3 months (R-12 list)
            plan.hasta = D(2026, rng.randint(5, 7), rng.randint(1, 28))
        elif i % 40 == 21:
            plan.hasta = D(2025, 3, 1)  # never sailed
        planes.append(plan)
    activas = [p for p in planes if 2026 in p.firmeza and p.hasta == FIN_CONSUMO]
    for plan in rng.sample(activas, min(4, len(activas))):  # Dimar's bajas
        plan.cancelar = D(2026, rng.randint(6, 10), rng.randint(1, 28))
    return planes


def _acuicultoras_y_armada(rng: random.Random) -> list[Plan]:
    """R-18: each buys from the wholesaler named in its application (or the Armada's convenio)."""
    mayoristas = [nit for nit, _, tipo in DISTRIBUIDORES if tipo == Distribuidor.Tipo.MAYORISTA]
    filas = [(Beneficiario.Tipo.ACUICULTORA, *fila) for fila in ACUICULTORAS]
    filas.append((Beneficiario.Tipo.ARMADA, *ARMADA))
    planes = []
    for i, (tipo, nombre, identificacion, anual) in enumerate(filas):
        datos = {
            "tipo": tipo,
            "nombre": nombre,
            "identificacion": identificacion,
            "distribuidor_nit": mayoristas[i % len(mayoristas)],
        }
        if tipo == Beneficiario.Tipo.ACUICULTORA:  # its cultivation permit, in force through the demo years
            datos["permiso_cultivo_vigente_hasta"] = D(2028, rng.randint(1, 12), 28)
        planes.append(
            Plan(
                datos=datos,
                galones={2025: Decimal(anual), 2026: round2(Decimal(anual) * Decimal("1.05"))},
                firmeza={2025: D(2025, 3, rng.randint(3, 7)), 2026: D(2026, 3, rng.randint(2, 6))},
                por_mes=(4, 6),
                pedido=(0.15, 0.35),
            )
        )
    return planes


def _trb(rng: random.Random, actividad: str, extranjera: bool) -> Decimal:
    if extranjera:  # mostly tuna purse seiners
        banda = rng.choices(["menor", "medio", "mayor"], [5, 35, 60])[0]
    else:
        banda = rng.choices(
            ["menor", "medio", "mayor"],
            {"pesca": [55, 38, 7], "cabotaje": [20, 55, 25], "remolque": [10, 75, 15]}[actividad],
        )[0]
    bajo, alto = {"menor": (12, 59), "medio": (60, 300), "mayor": (301, 1500)}[banda]
    return Decimal(rng.randint(bajo * 10, alto * 10)) / 10


def _nombre(rng: random.Random, actividad: str, usados: set[str]) -> str:
    forma = rng.randrange(7) if actividad != "remolque" else 7
    base = [
        lambda: f"Doña {rng.choice(MUJERES)}",
        lambda: f"Don {rng.choice(HOMBRES)}",
        lambda: f"{rng.choice(ASTROS)} {rng.choice(MARES)}",
        lambda: rng.choice(SANTOS),
        lambda: f"Capitán {rng.choice(APELLIDOS)}",
        lambda: f"Mi {rng.choice(MUJERES)}",
        lambda: f"{rng.choice(['Hermanos', 'Pesquera'])} {rng.choice(APELLIDOS)}",
        lambda: f"Remolcador {rng.choice(FUERZA)}",
    ][forma]()
    nombre = base
    for sufijo in SUFIJOS:
        if nombre not in usados:
            break
        nombre = f"{base} {sufijo}"
    usados.add(nombre)
    return nombre


def _matricula(rng: random.Random, capitania: str, bandera: str, usadas: set[str]) -> str:
    while True:
        if bandera != "CO":  # the flag state's registry number
            matricula = f"{bandera}-{rng.randint(10_000, 99_999)}"
        else:
            matricula = f"MC-{capitania[2:]}-{rng.randint(1, 9_999):04d}"
        if matricula not in usadas:
            usadas.add(matricula)
            return matricula


def _dias_habiles(desde: dt.date, hasta: dt.date) -> list[dt.date]:
    dias = (hasta - desde).days + 1
    return [f for f in (desde + dt.timedelta(days=i) for i in range(dias)) if is_business_day(f)]
