import factory

from core.identidad.roles import Rol
from core.models import Capitania, Distribuidor, Usuario


class CapitaniaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Capitania
        django_get_or_create = ["codigo"]

    codigo = factory.Sequence(lambda n: f"CP{n + 50:02d}")
    nombre = factory.LazyAttribute(lambda o: f"Capitanía de Puerto {o.codigo}")


class DistribuidorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Distribuidor
        django_get_or_create = ["nit"]

    nit = factory.Sequence(lambda n: f"{900100000 + n}")
    razon_social = factory.Sequence(lambda n: f"Distribuidora {n} S.A.S.")
    tipo = Distribuidor.Tipo.MAYORISTA


class UsuarioFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Usuario
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"usuario{n}")
    rol = Rol.UPME_ANALISTA
    password = factory.PostGenerationMethodCall("set_password", "Clave.Segura.2026")

    @factory.post_generation
    def guardar(obj, create, extracted, **kwargs):
        if create:
            obj.save()
