"""Factories of the cargo reservation's registries and records."""

import datetime as dt
from decimal import Decimal

import factory
from django.core.files.base import ContentFile

from reserva import calculo, requisitos
from reserva.models import (
    Agencia,
    Arribo,
    Conferencia,
    Conocimiento,
    DocumentoExoneracion,
    Exoneracion,
    Nave,
    Recargo,
    Ruta,
)


class RutaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Ruta
        django_get_or_create = ["codigo"]

    codigo = factory.Sequence(lambda n: f"R-{n + 10:02d}")
    nombre = factory.LazyAttribute(lambda o: f"Ruta {o.codigo}")
    operacion = "importacion"


class AgenciaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Agencia
        django_get_or_create = ["nit"]

    nit = factory.Sequence(lambda n: f"{800200000 + n}")
    razon_social = factory.Sequence(lambda n: f"Agencia Marítima {n} S.A.S.")


class NaveFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Nave

    nombre = factory.Sequence(lambda n: f"Nave {n}")
    imo = factory.Sequence(lambda n: f"{9100000 + n}")
    bandera = "PA"
    asimilada = False
    vigente_desde = dt.date(2020, 1, 1)


class ArriboFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Arribo

    agencia = factory.SubFactory(AgenciaFactory)
    nave = factory.SubFactory(NaveFactory)
    ruta = factory.SubFactory(RutaFactory)
    puerto = "Cartagena"
    fecha_arribo = dt.date(2026, 3, 20)
    operacion = "importacion"
    clase_carga = "general"
    toneladas_declaradas = Decimal("1000")
    carga_exenta = True
    vence_sobordo = factory.LazyAttribute(lambda o: calculo.vence_sobordo(o.fecha_arribo))
    vence_conocimientos = factory.LazyAttribute(lambda o: calculo.vence_conocimientos(o.fecha_arribo))


class ConocimientoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Conocimiento

    arribo = factory.SubFactory(ArriboFactory)
    numero = factory.Sequence(lambda n: f"BL-{n:05d}")
    usuario_nit = "900555123"
    usuario_nombre = "Importadora del Caribe S.A.S."
    mercancia = "ordinaria"
    embalaje = "contenedor"
    clase = "general"
    puerto_cargue = "Houston"
    pais_cargue = "US"
    puerto_descargue = "Cartagena"
    pais_descargue = "CO"
    toneladas = Decimal("100")
    flete_usd = Decimal("4000")
    registrado = dt.date(2026, 3, 25)


class ExoneracionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Exoneracion

    usuario_nit = "900555123"
    fundamento = "a"
    ruta = factory.SubFactory(RutaFactory)
    clase = "general"
    mercancia = "ordinaria"
    toneladas = Decimal("800")
    puerto_origen = "Houston"
    puerto_destino = "Cartagena"
    licencia = "LI-2026-0001"
    fecha_radicacion = dt.date(2026, 3, 2)
    vence_decision = factory.LazyAttribute(lambda o: calculo.vence_decision_exoneracion(o.fecha_radicacion))


class RecargoFactory(factory.django.DjangoModelFactory):
    """C-12: a BAF surcharge of the Caribbean conference, filed 2 March 2026, to decide by 24 March."""

    class Meta:
        model = Recargo

    conferencia = factory.LazyFunction(
        lambda: Conferencia.objects.get_or_create(codigo="CONF-CARIBE", defaults={"nombre": "Caribe"})[0]
    )
    concepto = "BAF"
    fecha_presentacion = dt.date(2026, 3, 2)
    justificacion = "x"
    vence_decision = dt.date(2026, 3, 24)


PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
# Art. 16: the Director General signs the seal.
FIRMA = {"cargo": "director_general", "nombre": "Director General de prueba"}


def documentos_completos(exoneracion) -> None:
    """C-06 (art. 15): every document its ground requires (the licence twice), stored directly."""
    exoneracion = Exoneracion.objects.get(pk=getattr(exoneracion, "pk", exoneracion))
    for requisito in requisitos.requisitos_para(exoneracion.fundamento, exoneracion.mercancia):
        for copia in range(requisito.cantidad):
            documento = DocumentoExoneracion(
                exoneracion=exoneracion, tipo=requisito.codigo, nombre_original=f"{requisito.codigo}-{copia}.png"
            )
            documento.archivo.save(f"{requisito.codigo}-{copia}.png", ContentFile(PNG), save=False)
            documento.save()


def arribo_formulario(nave, **cambios) -> dict:
    """What an agent posts on /reserva/arribos/ to report a vessel's arrival (Cartagena, 20 March 2026):
    general cargo, with goods exonerated or not subject to the reserve (its bills are owed, art. 12)."""
    return {
        "nave": nave.id,
        "ruta": "R-07",
        "puerto": "Cartagena",
        "fecha_arribo": "2026-03-20",
        "operacion": "importacion",
        "clase": "general",
        "clase_carga": "general",  # the page's field
        "toneladas_declaradas": "4000",
        "fecha_aviso": "2026-03-18",
        "carga_exenta": True,
        **cambios,
    }


def exoneracion_formulario(**cambios) -> dict:
    """What an importer posts on /reserva/exoneraciones/ (C-06, ground a): 800 t of general cargo from Houston."""
    return dict(EXONERACION, **cambios)


EXONERACION = {
    "fundamento": "a",
    "ruta": "R-07",
    "clase": "general",
    "mercancia": "ordinaria",
    "toneladas": "800",
    "puerto_origen": "Houston",
    "puerto_destino": "Cartagena",
    "licencia": "LI-2026-0001",
    # C-06 / P-05: the tests decide from 2026-03-03 on; a decision is never dated before its filing.
    "fecha_radicacion": "2026-03-02",
}


# DOMAIN §8: a decision entered from paper keeps its date (API.md «Acts», `transcrita`), and a grant is used only
# once firm for the petitioner: these record both, for the tests whose subject is what comes after.
EN_PAPEL = {"transcrita": True, "soporte": "Resolución en papel, archivo de Dimar"}


def en_firme(staff, acto: int, fecha: str) -> int:
    """The petitioner waives its recursos in writing on `fecha` (P-04 (4)): the act is firm from the next day.
    The person concerned's id."""
    (interesado,) = staff.get(f"/api/v1/actos/{acto}/interesados/").json()["results"]
    r = staff.post(
        f"/api/v1/actos/{acto}/renuncias/",
        {"interesado": interesado["id"], "fecha": fecha, "soporte": "Escrito de renuncia a términos"},
        format="json",
    )
    assert r.status_code == 201, r.content
    return interesado["id"]
