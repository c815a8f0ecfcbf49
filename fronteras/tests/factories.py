"""DOMAIN.md's border example for the tests: built through the services (pages) or the API."""

import datetime as dt
from decimal import Decimal

from fronteras.models import Asignacion, CompraHistorica
from fronteras.services.asignaciones import asignacion_create
from fronteras.services.estaciones import estacion_create
from fronteras.services.municipios import municipio_create
from fronteras.services.planes import plan_presentar

D = dt.date
NIT_TERCERO = "830112233"
# Cúcuta's ACPM assignment from 2026 (API.md «fronteras/asignaciones»), as UPME posts it.
ASIGNACION_CUCUTA = {
    "municipio": "54001",
    "combustible": "acpm",
    "anio_inicio": 2026,
    "indicador_per_capita": "0.5",
    "factor_gnv": "1.2",
    "factor_flujo": "1.0",
}


def crear_ejemplo(actor, *, poblacion=120_000, codigo="54001", nombre="Cúcuta", prefijo="") -> dict:
    """DOMAIN.md's border example: A buys 30,000/month and holds 10,000; B buys 10,000, holds 10,000
    and belongs to a qualifying transport company. Both delivered their certificate in time."""
    municipio = municipio_create(
        actor=actor, codigo_dane=codigo, nombre=nombre, departamento="Norte de Santander", poblacion=poblacion
    )
    estaciones = {}
    for letra, transporte, compras in (("A", False, 30_000), ("B", True, 10_000)):
        estacion = estacion_create(
            actor=actor,
            codigo=f"{prefijo}{letra}",
            nombre=f"Estación {prefijo}{letra}",
            municipio=codigo,
            capacidad_certificada_gal=Decimal("10000"),
            fecha_certificado=D(2025, 11, 15),
            fecha_entrega_certificado=D(2026, 1, 20),
            empresa_transporte=transporte,
        )
        CompraHistorica.objects.bulk_create(
            [
                CompraHistorica(
                    estacion=estacion, periodo=D(anio, mes, 1), combustible="acpm", galones=Decimal(compras)
                )
                for anio in (2024, 2025)
                for mes in range(1, 13)
            ]
        )
        estaciones[letra] = estacion
    return {"municipio": municipio, **estaciones}


def asignar(actor, codigo="54001") -> Asignacion:
    return asignacion_create(
        actor=actor,
        municipio=codigo,
        combustible="acpm",
        anio_inicio=2026,
        indicador_per_capita=Decimal("0.5"),
        factor_gnv=Decimal("1.2"),
        factor_flujo=Decimal("1.0"),
    )


def contratar(nit: str = NIT_TERCERO, codigo: str = "54001", desde: dt.date = D(2020, 1, 1)):
    """F-01: Ecopetrol's contract with the distributor `nit` for the municipality `codigo` (only a
    contracted distributor records deliveries there)."""
    from core.models import Distribuidor
    from fronteras.models import ContratoEcopetrol, Municipio

    return ContratoEcopetrol.objects.create(
        distribuidor=Distribuidor.objects.get(nit=nit),
        municipio=Municipio.objects.get(codigo_dane=codigo),
        acto="Contrato de distribución de prueba",
        vigente_desde=desde,
    )


def texto(respuesta) -> str:
    return respuesta.content.decode()


def ejemplo_api(upme, *, poblacion=120_000, compras=True, entrega_a="2026-01-20", certificado_a="2025-11-15"):
    """DOMAIN.md: 120,000 inhabitants, ACPM 0.5 × 1.2 × 1.0; A buys 30,000/month, B 10,000 (transport)."""
    assert (
        upme.post(
            "/api/v1/fronteras/municipios/",
            {"codigo_dane": "54001", "nombre": "Cúcuta", "departamento": "Norte de Santander", "poblacion": poblacion},
            format="json",
        ).status_code
        == 201
    )
    ids = {}
    for codigo, transporte, entrega, certificado in (
        ("A", False, entrega_a, certificado_a),
        ("B", True, "2026-01-20", "2025-11-15"),
    ):
        r = upme.post(
            "/api/v1/fronteras/estaciones/",
            {
                "codigo": codigo,
                "nombre": f"Estación {codigo}",
                "municipio": "54001",
                "capacidad_certificada_gal": 10000,
                "fecha_certificado": certificado,
                "fecha_entrega_certificado": entrega,
                "empresa_transporte": transporte,
            },
            format="json",
        )
        assert r.status_code == 201, r.json()
        ids[codigo] = r.json()["id"]
    if compras:
        for anio in (2024, 2025):
            for mes in range(1, 13):
                for codigo, galones in (("A", 30000), ("B", 10000)):
                    r = upme.post(
                        "/api/v1/fronteras/compras/",
                        {
                            "estacion": ids[codigo],
                            "periodo": f"{anio}-{mes:02d}",
                            "combustible": "acpm",
                            "galones": galones,
                        },
                        format="json",
                    )
                    assert r.status_code == 201
    r = upme.post("/api/v1/fronteras/asignaciones/", ASIGNACION_CUCUTA, format="json")
    return ids, r


def presentar(
    ecopetrol,
    fecha=D(2026, 3, 27),
    departamento="Norte de Santander",
    descripcion="Plan 1: Cúcuta desde Barrancabermeja",
):
    return plan_presentar(actor=ecopetrol, departamento=departamento, fecha_presentacion=fecha, descripcion=descripcion)
