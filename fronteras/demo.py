"""Demo data of border zones for `make run`: real border municipalities (DANE codes, plausible
populations), their service stations, 24 months of purchases (2024–2025), the 2026–2027
assignments of gasoline and ACPM, their ejecutoria in March–April 2026 and deliveries every
month up to November 2026 by the demo tercero (NIT 830112233), always within the volumes.

Registries, assignments, ejecutorias, transport certificates, priorities and deliveries go
through the services (audit trail as in real use); only the purchase history, plain data that
F-03 averages, is bulk-inserted. Deterministic (random.Random(681)) and loaded once: a second
run finds the assignments and does nothing. Returns no logins (core.demo creates them).
"""

import datetime as dt
import random
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from core.actos.models import Acto, Interesado
from core.actos.services import notificacion_registrar
from core.comun.fechas import fecha_larga
from core.comun.galones import round2
from core.models import Usuario
from core.vencimientos.calendario import add_business_days, last_day_of_month, today
from fronteras import calculo
from fronteras.models import Asignacion, Combustible, CompraHistorica, PlanAbastecimiento, PrioridadContratacion
from fronteras.services.asignaciones import asignacion_create, asignacion_ejecutoria
from fronteras.services.contratos import contrato_ecopetrol_register
from fronteras.services.despachos import despacho_register
from fronteras.services.estaciones import certificado_transporte_register, estacion_create
from fronteras.services.grandes_consumidores import gran_consumidor_create, gran_consumidor_ejecutoria
from fronteras.services.municipios import municipio_create, prioridad_set
from fronteras.services.planes import (
    plan_ajustar,
    plan_aprobar,
    plan_aviso_dian,
    plan_ejecutoria,
    plan_presentar,
    plan_solicitar_ajustes,
)
from fronteras.services.procedimiento import ejecutoria_prevista

D = dt.date
ANIO = 2026
NIT_TERCERO = "830112233"  # core.demo: Transportes y Combustibles Frontera S.A.S.
FIN_DESPACHOS = D(2026, 11, 30)
INDICADOR = {Combustible.GASOLINA: Decimal("1.45"), Combustible.ACPM: Decimal("1.10")}  # gal/hab/mes (demo)
FUENTES = {
    "poblacion": "DANE, proyecciones de población municipal 2026",
    "indicador_per_capita": "UPME, consumo nacional per cápita 2024–2025 (SICOM)",
    "factor_gnv": "UPME, parque vehicular a gas natural por municipio",
    "factor_flujo": "INVÍAS, tránsito promedio diario en peajes y pasos de frontera",
}

# (DANE code, name, department, population, has natural-gas vehicles, interurban flow factor)
MUNICIPIOS = [
    ("44001", "Riohacha", "La Guajira", 214_300, True, "1.05"),
    ("44430", "Maicao", "La Guajira", 176_200, True, "1.20"),
    ("44847", "Uribia", "La Guajira", 198_900, False, "1.00"),
    ("44560", "Manaure", "La Guajira", 111_600, False, "1.00"),
    ("44035", "Albania", "La Guajira", 31_400, False, "1.10"),
    ("54001", "Cúcuta", "Norte de Santander", 815_400, True, "1.15"),
    ("54874", "Villa del Rosario", "Norte de Santander", 113_200, True, "1.20"),
    ("54405", "Los Patios", "Norte de Santander", 86_300, True, "1.05"),
    ("54553", "Puerto Santander", "Norte de Santander", 10_900, False, "1.15"),
    ("54810", "Tibú", "Norte de Santander", 62_400, False, "1.00"),
    ("81001", "Arauca", "Arauca", 96_800, False, "1.10"),
    ("81736", "Saravena", "Arauca", 51_300, False, "1.05"),
    ("81065", "Arauquita", "Arauca", 45_600, False, "1.00"),
    ("52356", "Ipiales", "Nariño", 141_200, True, "1.20"),
    ("52835", "Tumaco", "Nariño", 262_100, False, "1.00"),
    ("52227", "Cumbal", "Nariño", 40_300, False, "1.00"),
    ("86568", "Puerto Asís", "Putumayo", 66_200, False, "1.05"),
    ("86757", "San Miguel", "Putumayo", 26_100, False, "1.10"),
    ("91001", "Leticia", "Amazonas", 49_700, False, "1.00"),
    ("99001", "Puerto Carreño", "Vichada", 20_600, False, "1.00"),
    ("94001", "Inírida", "Guainía", 33_100, False, "1.00"),
    ("99773", "Cumaribo", "Vichada", 38_900, False, "1.00"),
]
# Cumaribo's stations delivered their certificates and purchases, but its 2026 assignment is still to be
# made: the analyst's job under `make run` (create it, make it final, see it on the transparency page).
SIN_ASIGNAR = {"99773"}
# One resolution per department, final on these dates (F-05: within the first quarter… or soon after).
RESOLUCIONES = {
    "La Guajira": ("000112", D(2026, 3, 9)),
    "Norte de Santander": ("000118", D(2026, 3, 16)),
    "Arauca": ("000121", D(2026, 3, 24)),
    "Nariño": ("000126", D(2026, 4, 6)),
    "Putumayo": ("000131", D(2026, 4, 13)),
    "Amazonas": ("000134", D(2026, 4, 15)),
    "Vichada": ("000137", D(2026, 4, 20)),
    "Guainía": ("000139", D(2026, 4, 22)),
}
NOMBRES = [
    "La Frontera",
    "El Puente",
    "Los Libertadores",
    "San José",
    "La Parada",
    "El Troncal",
    "Simón Bolívar",
    "Puerto Nuevo",
    "La Esperanza",
    "Los Almendros",
    "San Antonio",
    "La Ceiba",
    "El Cruce",
    "Santa Teresa",
    "La Integración",
    "El Paso",
    "Las Palmas",
    "Villa del Mar",
]


def cargar() -> list:
    """Load the border-zone demo once (idempotent); the logins come from core.demo."""
    if not PlanAbastecimiento.objects.exists():
        _planes()  # F-07: first, since the visto bueno gates the deliveries below
    if not Asignacion.objects.filter(anio_inicio=ANIO, municipio__codigo_dane="44430").exists():
        _cargar_datos()
    return []


@transaction.atomic
def _cargar_datos() -> None:
    admin = Usuario.objects.get(username="admin")
    minminas = Usuario.objects.filter(username="minminas").first() or admin
    ecopetrol = Usuario.objects.filter(username="ecopetrol").first() or admin
    rng = random.Random(681)
    estaciones = []
    for codigo, nombre, departamento, poblacion, _gnv, _flujo in MUNICIPIOS:
        municipio = municipio_create(
            actor=admin, codigo_dane=codigo, nombre=nombre, departamento=departamento, poblacion=poblacion
        )
        estaciones += _estaciones(rng, municipio, minminas)
        prioridad_set(
            actor=admin,
            municipio=municipio,
            canales=[  # F-01: the decree's order; each lower tier with why the higher ones cannot serve
                (PrioridadContratacion.Canal.PLANTA_DEPARTAMENTO, f"Planta de abastecimiento de {departamento}"),
                (PrioridadContratacion.Canal.PLANTA_VECINA, "",
                 "La planta del departamento no alcanza a cubrir la demanda de los meses de cosecha."),
                (PrioridadContratacion.Canal.TERCERO, NIT_TERCERO,
                 "Las plantas no llegan por carretera a los corregimientos rurales del municipio."),
                (PrioridadContratacion.Canal.ESTACION, "",
                 "Veredas sin planta ni tercero que las atienda: entrega en estaciones de la zona."),
            ],
        )
        # F-01: Ecopetrol contracts the tercero for the municipality, in the third tier with its reason and its
        # MinMinas registration; only a contracted distributor delivers.
        contrato_ecopetrol_register(
            actor=ecopetrol, distribuidor_nit=NIT_TERCERO, municipio=codigo, vigente_desde=D(2024, 1, 1),
            acto=f"Contrato de distribución Ecopetrol–tercero en {nombre}",
            prioridad=3, motivo="Las plantas no llegan por carretera a los corregimientos rurales del municipio.",
            registro_minminas="Resolución MinMinas 31 245 de 2023 (registro de terceros de zonas de frontera)",
        )
    _compras(rng, estaciones)
    asignaciones = _asignaciones(admin)
    _despachos(rng, ecopetrol, asignaciones, fin=min(FIN_DESPACHOS, today()))
    _grandes_consumidores(admin, ecopetrol, fin=min(FIN_DESPACHOS, today()))


PLAN_GUAJIRA = (
    "Origen: refinería de Barrancabermeja (producto nacional) y, cuando haga falta, importación por Puerto Bolívar.\n"
    "Rutas: Barrancabermeja–Valledupar–Riohacha por carretera; Puerto Bolívar–Uribia–Maicao.\n"
    "Cadena: planta de abastecimiento de Riohacha, transporte en carrotanques contratados y entrega a mayoristas, "
    "terceros registrados y estaciones de la zona.\n"
    "Condiciones: inventario mínimo de 5 días en la planta; entregas semanales a Uribia y Manaure."
)
PLAN_NORTE = (
    "Origen: refinería de Barrancabermeja (producto nacional).\n"
    "Rutas: Barrancabermeja–Bucaramanga–Pamplona–Cúcuta; Cúcuta–Villa del Rosario y Puerto Santander.\n"
    "Cadena: planta de abastecimiento de Cúcuta, carrotanques de terceros registrados y estaciones de la zona.\n"
    "Condiciones: despachos diarios a Cúcuta; Tibú y Puerto Santander dos veces por semana."
)
PLAN_NORTE_APROBADO = (
    "Origen: refinería de Barrancabermeja (producto nacional).\n"
    "Rutas: Barrancabermeja–Bucaramanga–Pamplona–Cúcuta.\n"
    "Cadena: planta de abastecimiento de Cúcuta y estaciones de la zona.\n"
    "Condiciones: despachos diarios a Cúcuta."
)
PLAN_ARAUCA_APROBADO = (
    "Origen: producto nacional desde Barrancabermeja.\n"
    "Rutas: Barrancabermeja–Yopal–Tame–Arauca.\n"
    "Cadena: planta de Arauca.\n"
    "Condiciones: entregas quincenales."
)
PLAN_ARAUCA = (
    "Origen: producto nacional desde Barrancabermeja.\n"
    "Rutas: Barrancabermeja–Yopal–Tame–Arauca.\n"
    "Cadena: planta de Arauca y estaciones de Saravena y Arauquita.\n"
    "Condiciones: entregas semanales."
)


def _aprobado_en_firme(minminas, ecopetrol, departamento: str, descripcion: str, resolucion: str):
    """F-07: a plan presented in January 2026, approved on paper on the 23rd (transcribed), notified to Ecopetrol
    in person that day and final once its term for recursos ran (P-04): the visto bueno in force for 2026–2027,
    before the first deliveries of March."""
    hoy = today()
    plan = plan_presentar(actor=ecopetrol, departamento=departamento, fecha_presentacion=min(D(2026, 1, 13), hoy),
                          descripcion=descripcion)
    aprobada = min(D(2026, 1, 23), hoy)
    plan = plan_aprobar(actor=minminas, plan=plan, fecha=aprobada, resolucion=resolucion, transcrita=True,
                        soporte=f"Resolución {resolucion} del MinMinas en papel (demostración)")
    _notificar(minminas, plan.acto_id, aprobada)
    final = max(min(D(2026, 2, 10), hoy), ejecutoria_prevista(plan.acto) or hoy)
    return plan_ejecutoria(actor=minminas, plan=plan, fecha=min(final, hoy))


@transaction.atomic
def _planes() -> None:
    """F-07: every border department's supply plan has its visto bueno, final since February 2026 (it gates the
    deliveries), and one plan at each stage, so each role finds work: La Guajira approved, final and notified
    to DIAN; Norte de Santander's modification presented a few business days ago, awaiting MinMinas; Arauca's
    modification with adjustments requested, awaiting Ecopetrol (a modification under evaluation keeps the
    visto bueno in force). Dates relative to today, never after it."""
    admin = Usuario.objects.get(username="admin")
    minminas = Usuario.objects.filter(username="minminas").first() or admin
    ecopetrol = Usuario.objects.filter(username="ecopetrol").first() or admin
    hoy = today()
    guajira = _aprobado_en_firme(minminas, ecopetrol, "La Guajira", PLAN_GUAJIRA, "40017")
    plan_aviso_dian(actor=ecopetrol, plan=guajira, fecha=min(D(2026, 2, 12), hoy))
    norte = _aprobado_en_firme(minminas, ecopetrol, "Norte de Santander", PLAN_NORTE_APROBADO, "40018")
    plan_ajustar(actor=ecopetrol, plan=norte, fecha=add_business_days(hoy, -3), descripcion=PLAN_NORTE)
    arauca = _aprobado_en_firme(minminas, ecopetrol, "Arauca", PLAN_ARAUCA_APROBADO, "40019")
    arauca = plan_ajustar(actor=ecopetrol, plan=arauca, fecha=add_business_days(hoy, -8), descripcion=PLAN_ARAUCA)
    plan_solicitar_ajustes(actor=minminas, plan=arauca, fecha=add_business_days(hoy, -2), plazo_dias_habiles=10,
                           detalle="Precise la ruta alterna cuando la vía Tame–Arauca esté cerrada y el inventario "
                                   "mínimo de la planta de Arauca.")
    otros = sorted({d for _c, _n, d, *_ in MUNICIPIOS} - {"La Guajira", "Norte de Santander", "Arauca"})
    for n, departamento in enumerate(otros, start=20):
        _aprobado_en_firme(minminas, ecopetrol, departamento,
                           f"Origen: producto nacional.\nRutas y cadena de distribución de {departamento}.\n"
                           "Condiciones: entregas semanales.", f"400{n}")


# F-06: (NIT, name, DANE code, fuel, monthly volume, UPME act, from)
GRANDES_CONSUMIDORES = [
    ("900345678", "Carbones del Cesar y La Guajira S.A.S.", "44847", Combustible.ACPM, Decimal("45000"),
     "Resolución UPME 000142 de 2026", D(2026, 4, 1)),
    ("901234567", "Palmas de Tumaco S.A.", "52835", Combustible.ACPM, Decimal("18000"),
     "Resolución UPME 000142 de 2026", D(2026, 5, 15)),
]


def _grandes_consumidores(admin, actor, *, fin: dt.date) -> None:
    """Two large consumers with the volume UPME assigned them, and a delivery a month within it."""
    for nit, nombre, codigo, combustible, volumen, fuente, desde in GRANDES_CONSUMIDORES:
        gc = gran_consumidor_create(
            actor=admin, nit=nit, nombre=nombre, municipio=codigo, combustible=combustible, volumen_mensual=volumen,
            fuente=fuente, vigente_desde=desde, vigente_hasta=D(2027, 12, 31),
            metodologia="Metodología general de la UPME para grandes consumidores (art. 4)",
        )
        gc = gran_consumidor_ejecutoria(actor=admin, gran_consumidor=gc, fecha=desde)  # F-06: final from then
        mes = desde
        while mes <= fin:
            dias = last_day_of_month(mes.year, mes.month).day
            limite = calculo.parte_del_mes(volumen, dias - mes.day + 1, dias)
            despacho_register(actor=actor, distribuidor_nit=NIT_TERCERO, gran_consumidor_id=gc.id,
                              fecha=min(fin, mes + dt.timedelta(days=3)), combustible=combustible,
                              galones=round2(limite * Decimal("0.8")))
            mes = (mes.replace(day=1) + dt.timedelta(days=32)).replace(day=1)


def _estaciones(rng: random.Random, municipio, minminas) -> list:
    """2 to 5 stations; certificates delivered by 31 January 2026, a few too late or too old (F-03)."""
    n = min(5, 2 + municipio.poblacion // 70_000)
    nombres = rng.sample(NOMBRES, n)
    creadas = []
    for i, nombre in enumerate(nombres, start=1):
        entrega = D(2025, 12, 1) + dt.timedelta(days=rng.randint(0, 60))  # 1 Dec 2025 – 30 Jan 2026
        certificado = entrega - dt.timedelta(days=rng.randint(20, 100))
        if i == n and n >= 3 and rng.random() < 0.5:  # the last of a bigger municipality: left out
            if rng.random() < 0.5:
                entrega = D(2026, 2, rng.randint(3, 20))  # delivered after 31 January
                certificado = entrega - dt.timedelta(days=40)
            else:
                certificado = entrega - dt.timedelta(days=rng.randint(150, 200))  # older than 4 months
        transporte = municipio.poblacion < calculo.POBLACION_MAXIMA_EXTRA and i == 2 and rng.random() < 0.45
        estacion = estacion_create(
            actor=minminas,
            codigo=f"EDS-{municipio.codigo_dane}-{i:02d}",
            nombre=f"EDS {nombre}",
            municipio=municipio.codigo_dane,
            capacidad_certificada_gal=Decimal(rng.randrange(8_000, 42_000, 500)),
            fecha_certificado=certificado,
            fecha_entrega_certificado=entrega,
            empresa_transporte=transporte,
        )
        if transporte:
            certificado_transporte_register(
                actor=minminas,
                estacion=estacion,
                vigente_desde=D(2026, 1, 1),
                vigente_hasta=D(2026, 12, 31),
                subsidio_pct=Decimal(rng.choice([25, 30, 35, 40])),
                fecha_entrega=D(2026, 1, 20),  # F-04: only a delivered certificate gives the extra
            )
        estacion.peso = Decimal(str(round(rng.uniform(0.5, 1.6), 3)))
        creadas.append(estacion)
    return creadas


def _compras(rng: random.Random, estaciones: list) -> None:
    """24 months (2024–2025) per station and fuel: the municipality's demand split by weight."""
    datos = {m[0]: m for m in MUNICIPIOS}
    por_municipio: dict[int, list] = {}
    for e in estaciones:
        por_municipio.setdefault(e.municipio_id, []).append(e)
    filas = []
    for grupo in por_municipio.values():
        _, _, _, poblacion, gnv, flujo = datos[grupo[0].municipio.codigo_dane]
        suma = sum(e.peso for e in grupo)
        for combustible, indicador in INDICADOR.items():
            demanda = indicador * poblacion * (Decimal("1") if gnv else Decimal("1.2")) * Decimal(flujo)
            for e in grupo:
                for anio in (2024, 2025):
                    for mes in range(1, 13):
                        if rng.random() < 0.02:
                            continue  # a month with no record counts as 0 (F-03)
                        estacional = Decimal(str(1 + 0.08 * (mes in (6, 7, 12, 1)) + 0.03 * (anio - 2024)))
                        ruido = Decimal(str(round(rng.uniform(0.82, 1.04), 4)))
                        filas.append(
                            CompraHistorica(
                                estacion=e,
                                periodo=D(anio, mes, 1),
                                combustible=combustible,
                                galones=round2(demanda * e.peso / suma * estacional * ruido),
                                fuente="SICOM — compras reportadas por la estación (demostración)",
                            )
                        )
    CompraHistorica.objects.bulk_create(filas, batch_size=2000)


def _asignaciones(admin) -> list[Asignacion]:
    """Gasoline and ACPM for 2026–2027 per municipality; one resolution per department, made final."""
    asignaciones = []
    for codigo, _nombre, departamento, _poblacion, gnv, flujo in MUNICIPIOS:
        if codigo in SIN_ASIGNAR:
            continue
        numero, ejecutoria = RESOLUCIONES[departamento]
        # Issued on paper some weeks before it became final (the record's timestamp is the load's).
        expedida = ejecutoria - dt.timedelta(days=18)
        for combustible, indicador in INDICADOR.items():
            asignacion = asignacion_create(
                actor=admin,
                municipio=codigo,
                combustible=combustible,
                anio_inicio=ANIO,
                indicador_per_capita=indicador,
                factor_gnv=Decimal("1.0") if gnv else Decimal("1.2"),
                factor_flujo=Decimal(flujo),
                fuentes=FUENTES,
                resolucion=numero,
                transcrita=True,
                fecha_expedicion=expedida,
                soporte=f"Resolución UPME {numero} de {ANIO} en papel (demostración)",
            )
            Asignacion.objects.filter(pk=asignacion.pk).update(
                creada=timezone.make_aware(dt.datetime.combine(expedida, dt.time(10, 0)))
            )
            # DOMAIN §8: each station notified in person the day it was issued; final the day after the term for
            # recursos ran (P-04), or on the department's date if later.
            _notificar(admin, asignacion.acto_id, expedida)
            final = max(ejecutoria, ejecutoria_prevista(Acto.objects.get(pk=asignacion.acto_id)))
            asignaciones.append(asignacion_ejecutoria(actor=admin, asignacion=asignacion, fecha=final))
    return asignaciones


def _notificar(actor, acto_id: int, fecha: dt.date) -> None:
    """P-01: every person concerned by the act notified in person on `fecha`, with its record."""
    for interesado_id in Interesado.objects.filter(acto_id=acto_id).values_list("id", flat=True):
        notificacion_registrar(actor=actor, acto_id=acto_id, interesado_id=interesado_id, medio="personal",
                               fecha=fecha, soporte=f"Acta de notificación personal del {fecha_larga(fecha)}")


def _despachos(rng: random.Random, actor, asignaciones: list[Asignacion], *, fin: dt.date) -> None:
    """1–2 deliveries a month per station and fuel, 55–92 % of the month's volume (never above it)."""
    for asignacion in asignaciones:
        partes = list(asignacion.estaciones.select_related("estacion"))
        mes = asignacion.fecha_ejecutoria.replace(day=1)
        while mes <= fin:
            ultimo = min(fin, last_day_of_month(mes.year, mes.month))
            for parte in partes:
                inicio = max(asignacion.fecha_ejecutoria, mes)
                if inicio > ultimo:
                    continue
                limite = parte.volumen_mensual + parte.adicional  # certificates cover all of 2026
                if inicio.replace(day=1) == asignacion.fecha_ejecutoria.replace(day=1):
                    limite = calculo.prorrateo(parte.volumen_mensual, inicio) + calculo.prorrateo(
                        parte.adicional, inicio
                    )
                total = limite * Decimal(str(round(rng.uniform(0.55, 0.92), 3)))
                veces = 2 if (ultimo - inicio).days >= 10 and rng.random() < 0.5 else 1
                for k in range(veces):
                    dia = inicio + dt.timedelta(days=rng.randint(0, (ultimo - inicio).days))
                    galones = round2(total / veces) - (Decimal("0.01") if k else 0)
                    if galones > 0:
                        despacho_register(
                            actor=actor,
                            distribuidor_nit=NIT_TERCERO,
                            estacion_id=parte.estacion_id,
                            fecha=dia,
                            combustible=asignacion.combustible,
                            galones=galones,
                        )
            mes = (mes + dt.timedelta(days=32)).replace(day=1)
