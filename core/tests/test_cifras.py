"""Only ASCII digits are numbers here (issue 27): Python's Decimal(), int() and float() also read
Arabic-Indic ("٣٠٠") and full-width ("３００") digits, which were accepted as gallons on pages and API."""

import pytest
from django import forms as django_forms
from rest_framework import serializers

from core.api.fields import Galones
from core.comun.galones import galones
from core.comun.numeros import cifras_ascii
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.web.forms import CampoDecimal, CampoGalones
from distribuidores.services.reportes.filas import Invalido, leer_fecha, leer_galones
from fronteras.services.compras_archivo import _galones as galones_de_compras
from zarpes.models import Zarpe

OTRAS_CIFRAS = ["٣٠٠", "۳۰۰", "３００", "３００.５", "3٠0", "१००", "300²", "½"]


@pytest.mark.parametrize("texto", OTRAS_CIFRAS)
def test_cifras_de_otra_escritura_no_son_numeros(texto):
    assert not cifras_ascii(texto)
    with pytest.raises(ValueError, match="cifras 0 a 9"):
        galones(texto)
    with pytest.raises(django_forms.ValidationError):
        CampoGalones().clean(texto)
    with pytest.raises(django_forms.ValidationError, match="cifras 0 a 9"):
        CampoDecimal(max_digits=12, decimal_places=2).clean(texto)
    with pytest.raises(Invalido):
        leer_galones(texto)
    with pytest.raises(ValueError, match="cifras 0 a 9"):
        galones_de_compras(texto)


def test_las_cifras_ascii_siguen_siendo_numeros():
    assert cifras_ascii("1234,56") and cifras_ascii("-5") and cifras_ascii("")
    assert str(galones("300.5")) == "300.50"
    assert str(CampoGalones().clean("800,5")) == "800.50"
    assert str(leer_galones("1.234,56")) == "1234.56"


def test_una_fecha_con_otras_cifras_no_se_lee():
    with pytest.raises(Invalido):
        leer_fecha("٢٠٢٦-٠٣-٢٠")


class _Entrada(serializers.Serializer):
    galones = Galones()
    anio = serializers.IntegerField()
    pct = serializers.DecimalField(max_digits=5, decimal_places=2)


@pytest.mark.parametrize("campo", ["galones", "anio", "pct"])
@pytest.mark.parametrize("texto", ["٣٠", "３０"])
def test_los_campos_numericos_del_api_rechazan_otras_cifras(campo, texto):
    datos = {"galones": "30", "anio": "2026", "pct": "30", campo: texto}
    entrada = _Entrada(data=datos)
    assert not entrada.is_valid()
    assert list(entrada.errors) == [campo]
    assert str(entrada.errors[campo][0]) == "Escriba el número con las cifras 0 a 9."
    assert _Entrada(data={"galones": "30", "anio": "2026", "pct": "30"}).is_valid()


@pytest.mark.django_db
@pytest.mark.parametrize("texto", ["٨٠٠", "８００"])
def test_el_api_de_zarpes_rechaza_galones_con_otras_cifras(cliente, texto, monkeypatch):
    from zarpes.tests.factories import nave_con_cupo

    nave, _ = nave_con_cupo()
    api = cliente(Rol.CAPITANIA_OFICIAL)
    cuerpo = {
        "nave": nave.id,
        "capitania": "CP05",
        "fecha": "2026-03-20",
        "galones_solicitados": texto,
        "certificado_anterior": None,
    }
    r = api.post("/api/v1/zarpes/", cuerpo, format="json")
    assert r.status_code == 400
    assert r.json()["galones_solicitados"] == ["Escriba el número con las cifras 0 a 9."]
    assert not Zarpe.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("texto", ["٨٠٠", "８００"])
def test_la_pagina_del_oficial_rechaza_galones_con_otras_cifras(entrar, texto, monkeypatch):
    from zarpes.tests.factories import nave_con_cupo
    from zarpes.tests.paginas import HOY, expedir, fijar_hoy

    fijar_hoy(monkeypatch, HOY)
    nave, _ = nave_con_cupo(nombre="Doña Lucía", matricula="MC-05-0777")
    auditoria_antes = RegistroAuditoria.objects.count()
    r = expedir(entrar(Rol.CAPITANIA_OFICIAL), nave, texto)
    assert r.status_code == 400
    assert "Escriba los galones con números" in r.content.decode()
    assert not Zarpe.objects.exists() and RegistroAuditoria.objects.count() == auditoria_antes
