import datetime as dt
from decimal import Decimal

import factory
from django.core.files.uploadedfile import SimpleUploadedFile

from core.tests.factories import CapitaniaFactory, DistribuidorFactory
from core.vencimientos.calendario import today
from cupos.models import Beneficiario
from cupos.services.solicitudes import solicitud_radicar

# an acuicultora or a foreign vessel gets no cupo without an approved application of the year. The factories
# make them in good standing: approved applications for these years (`aprobadas=()` for one with none; the tests of
# applications radicate their own for other years).
APROBADAS = (2024, 2025, 2026)


def _aprobar(beneficiario, anios) -> None:
    from cupos.models import Solicitud

    if beneficiario.tipo not in Beneficiario.TIPOS_CON_SOLICITUD:
        return
    Solicitud.objects.bulk_create([
        Solicitud(beneficiario=beneficiario, anio=anio, galones_solicitados=Decimal("24000"),
                  fecha_radicacion=dt.date(anio - 1, 12, 1), estado=Solicitud.Estado.APROBADA)
        for anio in anios
    ])


def _post_aprobadas(obj, create, extracted, **kwargs):
    if create:
        _aprobar(obj, APROBADAS if extracted is None else extracted)


class NaveFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Beneficiario

    aprobadas = factory.PostGeneration(_post_aprobadas)

    tipo = Beneficiario.Tipo.NAVE_NACIONAL
    nombre = factory.Sequence(lambda n: f"Nave {n}")
    identificacion = factory.Sequence(lambda n: f"{800000000 + n}")
    # Far above the fixed matrículas the tests write (MC-05-0100, MC-05-0777, MC-05-7777): a worker that has
    # made hundreds of vessels must not reach one of them (a unique-constraint failure that depended on order).
    matricula = factory.Sequence(lambda n: f"MC-05-{20000 + n}")
    bandera = "CO"
    trb = Decimal("120.00")
    actividad = Beneficiario.Actividad.PESCA
    capacidad_combustible_gal = Decimal("3000.00")
    capitania = factory.SubFactory(CapitaniaFactory, codigo="CP05", nombre="Capitanía de Puerto de Cartagena")


class AcuicultoraFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Beneficiario

    tipo = Beneficiario.Tipo.ACUICULTORA
    nombre = factory.Sequence(lambda n: f"Acuícola {n} S.A.S.")
    identificacion = factory.Sequence(lambda n: f"{901000000 + n}")
    distribuidor = factory.SubFactory(DistribuidorFactory)
    aprobadas = factory.PostGeneration(_post_aprobadas)


def convenio(armada, *, distribuidor=None, numero=None, vigente_desde=dt.date(2020, 1, 1),
             vigente_hasta=dt.date(2030, 12, 31)):
    """R-27: the Armada's convenio with a wholesaler (its designated one by default), in force over the years the
    tests use unless other dates are given."""
    from cupos.models import ConvenioArmada

    distribuidor = distribuidor or armada.distribuidor
    numero = numero or f"CONV-{armada.id}-{ConvenioArmada.objects.filter(beneficiario=armada).count() + 1}"
    return ConvenioArmada.objects.create(
        beneficiario=armada, distribuidor=distribuidor, numero=numero, vigente_desde=vigente_desde,
        vigente_hasta=vigente_hasta,
    )


def _post_convenio(obj, create, extracted, **kwargs):
    """R-27: the Armada buys only under a convenio in force with its seller: the factory records one with its
    designated wholesaler (`convenio=False` for an Armada with none)."""
    if create and extracted is not False and obj.distribuidor_id is not None:
        convenio(obj)


class ArmadaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Beneficiario

    tipo = Beneficiario.Tipo.ARMADA
    nombre = "Armada Nacional — Cuerpo de Guardacostas"
    identificacion = "800141397"
    distribuidor = factory.SubFactory(DistribuidorFactory)
    convenio = factory.PostGeneration(_post_convenio)


class ResolucionFactory(factory.django.DjangoModelFactory):
    """A resolution of `anio`: the year's annual one, or, when the year already has it, a modifying
    resolution of it (R-05: one annual resolution per year, which the database enforces)."""

    class Meta:
        model = "cupos.Resolucion"

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        tipo = kwargs.get("tipo", "anual")
        if tipo == "anual" and kwargs.get("modifica") is None:
            anual = model_class.objects.filter(anio=kwargs.get("anio"), tipo="anual").first()
            if anual is not None:
                kwargs.update(tipo="modificatoria", modifica=anual)
        procedimiento = kwargs.pop("procedimiento", False)
        resolucion = super()._create(model_class, *args, **kwargs)
        if not procedimiento and resolucion.acto_id is None:
            # Most tests test other rules on cupos decided before the procedure existed (as migration 0019 records
            # the resolutions issued then): an act `previo`, whose firmeza the procedure does not hold back.
            # `procedimiento=True`: a resolution whose act the portal issues, under DOMAIN §8.
            from core.actos.models import Acto

            resolucion.acto = Acto.objects.create(
                tipo="resolucion_cupos", referencia=str(resolucion.pk), autoridad="upme", previo=True,
                numero=f"{resolucion.numero} de {resolucion.anio}", fecha_expedicion=resolucion.fecha_expedicion,
            )
            resolucion.save(update_fields=["acto"])
        return resolucion

    anio = 2026
    # Far above the numbers tests give their own resolutions (000001–000777): a worker that ran hundreds of
    # tests before reached 000777 once and collided with a test's own resolution of that number.
    numero = factory.Sequence(lambda n: f"{900000 + n:06d}")
    fecha_expedicion = factory.LazyAttribute(lambda o: __import__("datetime").date(o.anio, 2, 20))


# --- Applications (R-03, R-04) -------------------------------------------------------------------

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"


def pdf(nombre="documento.pdf", contenido=PDF):
    return SimpleUploadedFile(nombre, contenido, content_type="application/pdf")


def extranjera(**campos):
    campos.setdefault("permiso_vigente_hasta", dt.date(2027, 6, 30))
    return NaveFactory(tipo="nave_extranjera", bandera="PA", empresa_nit="900123456", **campos)


def garantia(nave, *, anio=2026, vigente_hasta=dt.date(2027, 6, 30), **campos):
    """R-26: a foreign vessel's bank guarantee in force (10 % of its minimum's value), so that its zarpes
    get certificates (`409 garantia_vencida` otherwise)."""
    from cupos.models import GarantiaNave

    campos.setdefault("desembarque_minimo_kg", Decimal("100000"))
    campos.setdefault("valor_desembarque_minimo", Decimal("500000000"))
    campos.setdefault("valor", campos["valor_desembarque_minimo"] / 10)
    campos.setdefault("banco", "Banco de Bogotá")
    campos.setdefault("numero", f"GB-{nave.id}-{anio}-{GarantiaNave.objects.count() + 1}")
    campos.setdefault("soporte", "Garantía bancaria y constancia del ICA")
    return GarantiaNave.objects.create(beneficiario=nave, anio=anio, vigente_hasta=vigente_hasta, **campos)


def radicar(actor, beneficiario, **campos):
    datos = {"anio": today().year + 1, "galones_solicitados": Decimal("24000"), "fecha_radicacion": today()} | campos
    return solicitud_radicar(actor=actor, beneficiario=beneficiario, **datos)


def archivos_en(media) -> list:
    return [p for p in media.rglob("*") if p.is_file()]


# A vessel's registration in Dimar's monthly novedades (API.md «novedades-dimar»), valid as it stands.
ALTA_NOVEDAD = {
    "matricula": "MC-05-7777",
    "nombre": "Nueva Alta",
    "identificacion": "900777",
    "bandera": "CO",
    "trb": 45,
    "actividad": "pesca",
    "capacidad_combustible_gal": 1200,
    "capitania": "CP05",
}


def resolucion_por_api(cliente, *, anio: int, numero: str, fecha_expedicion: str) -> dict:
    """POST /api/v1/resoluciones/: the year's annual resolution, or an additional one of it when the
    year already has its annual resolution (R-05: one annual resolution per year). Dated in the past, it is a
    paper act transcribed with its support (an act issued in the portal is dated the day it is issued)."""
    cuerpo = {"anio": anio, "numero": numero, "fecha_expedicion": fecha_expedicion, "transcrita": True,
              "soporte": f"Resolución {numero} de {anio} en papel"}
    anual = cliente.get("/api/v1/resoluciones/", {"anio": anio}).json()["results"]
    anual = [r for r in anual if r.get("tipo", "anual") == "anual"]
    if anual:
        cuerpo.update(tipo="adicional", modifica=anual[0]["id"])
    r = cliente.post("/api/v1/resoluciones/", cuerpo, format="json")
    assert r.status_code == 201, r.json()
    return r.json()


def notificar_con_renuncia_por_api(cliente, cupo: dict, fecha: str) -> None:
    """DOMAIN §8 over the API: the cupo's beneficiary notified in person on `fecha` and waiving its recursos the
    same day (P-01, P-04 (4)), so its cupo may be firm from the next day."""
    acto, interesado = cupo["acto"], cupo["interesado"]
    soporte = f"Acta de notificación personal del {fecha}"
    r = cliente.post(f"/api/v1/actos/{acto}/notificaciones/",
                     {"interesado": interesado, "medio": "personal", "fecha": fecha, "soporte": soporte}, format="json")
    assert r.status_code in (201, 409), r.json()
    r = cliente.post(f"/api/v1/actos/{acto}/renuncias/",
                     {"interesado": interesado, "fecha": fecha, "soporte": soporte}, format="json")
    assert r.status_code == 201, r.json()


def dia_antes(fecha: str) -> str:
    return (dt.date.fromisoformat(fecha) - dt.timedelta(days=1)).isoformat()


def cancelar_en_firme(*, actor, cupo, fecha, **datos):
    """A cancellation (R-12) already firm and in effect on `fecha`: its paper act issued the day before,
    notified and its recursos waived that day, so it is firm on `fecha` (P-04) and the daily job applies it.
    For tests about the effect of a cancellation, not about its procedure."""
    import datetime as dt

    from core.actos.services import firmezas_aplicar, notificacion_registrar, renuncia_registrar
    from cupos.services.cupos import cupo_cancel

    antes = fecha - dt.timedelta(days=1)
    if datos.get("causal") == "baja_dimar":  # the ground is true on record (Dimar's baja of the vessel)
        from cupos.models import BajaDimar

        if not BajaDimar.objects.filter(beneficiario_id=cupo.beneficiario_id).exists():
            from zarpes.tests.factories import baja_dimar

            baja_dimar(cupo.beneficiario, antes)
    cupo = cupo_cancel(actor=actor, cupo=cupo, fecha=fecha, transcrita=True, fecha_expedicion=antes, **datos)
    persona = cupo.cancelacion_interesado
    notificacion_registrar(actor=actor, acto_id=persona.acto_id, interesado_id=persona.pk, medio="personal",
                           fecha=antes, soporte="Notificación personal")
    renuncia_registrar(actor=actor, acto_id=persona.acto_id, interesado_id=persona.pk, fecha=antes,
                       soporte="Renuncia escrita a los recursos")
    firmezas_aplicar(hoy=fecha)
    cupo.refresh_from_db()
    return cupo
