from decimal import Decimal

import factory

from core.tests.factories import CapitaniaFactory, DistribuidorFactory
from cupos.models import Beneficiario


class NaveFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Beneficiario

    tipo = Beneficiario.Tipo.NAVE_NACIONAL
    nombre = factory.Sequence(lambda n: f"Nave {n}")
    identificacion = factory.Sequence(lambda n: f"{800000000 + n}")
    matricula = factory.Sequence(lambda n: f"MC-05-{n:04d}")
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


class ArmadaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Beneficiario

    tipo = Beneficiario.Tipo.ARMADA
    nombre = "Armada Nacional — Cuerpo de Guardacostas"
    identificacion = "800141397"
    distribuidor = factory.SubFactory(DistribuidorFactory)


class ResolucionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "cupos.Resolucion"

    anio = 2026
    numero = factory.Sequence(lambda n: f"{100 + n:06d}")
    fecha_expedicion = factory.LazyAttribute(lambda o: __import__("datetime").date(o.anio, 2, 20))
