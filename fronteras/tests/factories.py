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


def visto_bueno(departamento: str = "Norte de Santander", desde: dt.date = D(2025, 1, 1)):
    """F-07: the department's supply plan presented, approved on `desde` (a paper approval transcribed) and final
    that same day (its act recorded before the procedure): the visto bueno in force from `desde` for 2 years, so
    deliveries in the department's municipalities pass the gate."""
    from core.identidad.roles import Rol
    from core.tests.factories import UsuarioFactory

    ecopetrol = UsuarioFactory(rol=Rol.ECOPETROL)
    minminas = UsuarioFactory(rol=Rol.MINMINAS)
    plan = presentar(ecopetrol, fecha=desde, departamento=departamento,
                     descripcion=f"Plan de abastecimiento de {departamento}")
    plan = aprobar_transcrita(actor=minminas, plan=plan, fecha=desde, resolucion=f"VB-{departamento[:20]}")
    return ejecutoria_previa(actor=minminas, plan=plan, fecha=desde)


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


# --- DOMAIN §8: acts recorded before the procedure, for the tests of other rules ----------------------------


def previo(obj, fecha: dt.date):
    """The act of an assignment or a plan approval recorded as before the procedure existed (as migration 0014
    records them): dated no later than `fecha`, firm for every person and its effects applied, so its ejecutoria
    is not held back by P-04. The tests of other rules (volumes, deliveries, vigencias) use it; those of the
    procedure go through notifications and terms (test_procedimiento.py)."""
    from django.utils import timezone

    from core.actos.models import Acto, Interesado

    obj.refresh_from_db()
    acto = Acto.objects.get(pk=obj.acto_id)
    Acto.objects.filter(pk=acto.pk).update(previo=True, fecha_expedicion=min(acto.fecha_expedicion, fecha))
    Interesado.objects.filter(acto=acto).update(en_firme_desde=fecha, efectos_aplicados=timezone.now())
    obj.refresh_from_db()
    return obj


def ejecutoriar(actor, asignacion: Asignacion, fecha: dt.date) -> Asignacion:
    """F-05: an assignment of the tests of other rules, final on `fecha` (its act recorded as `previo`)."""
    from fronteras.services.asignaciones import asignacion_ejecutoria

    return asignacion_ejecutoria(actor=actor, asignacion=previo(asignacion, fecha), fecha=fecha)


def ejecutoria_api(cliente, asignacion_id: int, fecha: str):
    """POST …/ejecutoria/ of an assignment whose act is recorded as `previo` (tests of other rules)."""
    previo(Asignacion.objects.get(pk=asignacion_id), dt.date.fromisoformat(fecha))
    return cliente.post(f"/api/v1/fronteras/asignaciones/{asignacion_id}/ejecutoria/", {"fecha": fecha},
                        format="json")


def aprobar_transcrita(*, actor, plan, fecha: dt.date, resolucion: str, **kwargs):
    """F-07: MinMinas' approval of a plan on a past date: a paper act transcribed with its support (DOMAIN §8)."""
    from fronteras.services.planes import plan_aprobar

    return plan_aprobar(actor=actor, plan=plan, fecha=fecha, resolucion=resolucion, transcrita=True,
                        soporte=f"Resolución {resolucion} del MinMinas en papel", **kwargs)


def ejecutoria_previa(*, actor, plan, fecha: dt.date):
    """F-07: a plan's approval final on `fecha`, its act recorded before the procedure (tests of other rules)."""
    from fronteras.services.planes import plan_ejecutoria

    return plan_ejecutoria(actor=actor, plan=previo(plan, fecha), fecha=fecha)


def notificar_con_renuncia_api(cliente, acto_id: int, fecha: str) -> None:
    """DOMAIN §8 over the API: every person concerned by the act notified in person on `fecha` and waiving its
    recursos the same day (P-01, P-04 (4)): the act is firm for them from the next day."""
    soporte = f"Acta de notificación personal del {fecha}"
    for fila in cliente.get(f"/api/v1/actos/{acto_id}/interesados/").json()["results"]:
        r = cliente.post(f"/api/v1/actos/{acto_id}/notificaciones/",
                         {"interesado": fila["id"], "medio": "personal", "fecha": fecha, "soporte": soporte},
                         format="json")
        assert r.status_code == 201, r.json()
        r = cliente.post(f"/api/v1/actos/{acto_id}/renuncias/",
                         {"interesado": fila["id"], "fecha": fecha, "soporte": soporte}, format="json")
        assert r.status_code == 201, r.json()


def notificar_con_renuncia(actor, acto_id: int, fecha: dt.date) -> None:
    """The same through the services (P-01, P-04 (4)): every person firm from the day after `fecha`."""
    from core.actos.models import Interesado
    from core.actos.services import notificacion_registrar, renuncia_registrar

    soporte = f"Acta de notificación personal del {fecha.isoformat()}"
    for interesado_id in Interesado.objects.filter(acto_id=acto_id).values_list("id", flat=True):
        notificacion_registrar(actor=actor, acto_id=acto_id, interesado_id=interesado_id, medio="personal",
                               fecha=fecha, soporte=soporte)
        renuncia_registrar(actor=actor, acto_id=acto_id, interesado_id=interesado_id, fecha=fecha, soporte=soporte)
