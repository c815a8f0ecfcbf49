"""R-27: the Armada's convenio with its wholesaler (recorded by UPME, shown on its page and in the admin) and an
acuicultora's cultivation permit, checked at application and at grant (a single cupo, a resolution line, the
issue). The sale's side (409 sin_convenio, permiso_cultivo_vencido) is in distribuidores/tests/test_ventas_r27.py."""

import datetime as dt
from decimal import Decimal

import pytest

from core.comun.errors import ApplicationError, DatosInvalidos
from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory, UsuarioFactory
from cupos.models import ConvenioArmada, Cupo, Solicitud
from cupos.services.asignacion import lineas_set, resolucion_revisar_lineas
from cupos.services.condiciones import convenio_registrar
from cupos.services.cupos import cupo_grant
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory, NaveFactory, ResolucionFactory, radicar

D = dt.date

CONVENIO = {"distribuidor_nit": "900456123", "numero": "ARC-CONV-017-2026", "vigente_desde": "2026-01-01",
            "vigente_hasta": "2026-12-31"}


@pytest.fixture
def analista():
    return UsuarioFactory(rol=Rol.UPME_ANALISTA)


# --- The Armada's convenio ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_r27_la_upme_registra_el_convenio_de_la_armada_por_la_api(cliente):
    petromar = DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
    armada = ArmadaFactory(distribuidor=petromar, convenio=False)
    upme = cliente(Rol.UPME_ANALISTA)
    r = upme.post(f"/api/v1/beneficiarios/{armada.id}/convenios/", CONVENIO, format="json")
    assert r.status_code == 201, r.json()
    assert r.json() == {"id": r.json()["id"], "beneficiario": armada.id, **CONVENIO}
    convenio = ConvenioArmada.objects.get()
    assert (convenio.distribuidor, convenio.vigente_hasta) == (petromar, D(2026, 12, 31))
    # The same number again is a conflict; a wholesaler does not record it.
    r = upme.post(f"/api/v1/beneficiarios/{armada.id}/convenios/", CONVENIO, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "convenio_duplicado"
    mayorista = cliente(Rol.DISTRIBUIDOR)
    otro = {**CONVENIO, "numero": "OTRO"}
    assert mayorista.post(f"/api/v1/beneficiarios/{armada.id}/convenios/", otro, format="json").status_code in (
        403, 404)
    assert ConvenioArmada.objects.count() == 1


@pytest.mark.django_db
def test_r27_el_convenio_es_solo_de_la_armada_y_con_un_mayorista(cliente):
    DistribuidorFactory(nit="900456123")
    upme = cliente(Rol.UPME_ANALISTA)
    nave = NaveFactory()
    acuicola = AcuicultoraFactory()
    for beneficiario in (nave, acuicola):
        r = upme.post(f"/api/v1/beneficiarios/{beneficiario.id}/convenios/", CONVENIO, format="json")
        assert r.status_code == 400 and "solo para la Armada Nacional" in " ".join(r.json()["beneficiario"])
    armada = ArmadaFactory(convenio=False)
    estacion = DistribuidorFactory(nit="800234567", tipo="estacion_maritima")
    r = upme.post(f"/api/v1/beneficiarios/{armada.id}/convenios/",
                  {**CONVENIO, "distribuidor_nit": estacion.nit}, format="json")
    assert r.status_code == 400 and "mayorista" in " ".join(r.json()["distribuidor_nit"])
    r = upme.post(f"/api/v1/beneficiarios/{armada.id}/convenios/",
                  {**CONVENIO, "vigente_desde": "2027-01-01"}, format="json")
    assert r.status_code == 400 and "vigente_hasta" in r.json()
    assert not ConvenioArmada.objects.exists()


@pytest.mark.django_db
def test_r27_el_servicio_registra_el_convenio_solo_para_la_armada(analista):
    petromar = DistribuidorFactory(nit="900456123")
    with pytest.raises(DatosInvalidos) as exc:
        convenio_registrar(actor=analista, beneficiario=AcuicultoraFactory(), distribuidor_nit=petromar.nit,
                           numero="C-1", vigente_desde=D(2026, 1, 1), vigente_hasta=D(2026, 12, 31))
    assert "beneficiario" in exc.value.errores
    armada = ArmadaFactory(distribuidor=petromar, convenio=False)
    convenio = convenio_registrar(actor=analista, beneficiario=armada, distribuidor_nit=petromar.nit, numero="C-1",
                                  vigente_desde=D(2026, 1, 1), vigente_hasta=D(2026, 12, 31))
    assert convenio.beneficiario == armada and convenio.registrado_por == analista
    with pytest.raises(ApplicationError) as exc:
        convenio_registrar(actor=analista, beneficiario=armada, distribuidor_nit=petromar.nit, numero="C-1",
                           vigente_desde=D(2027, 1, 1), vigente_hasta=D(2027, 12, 31))
    assert exc.value.codigo == "convenio_duplicado"


@pytest.mark.django_db
def test_r27_la_pagina_de_la_armada_y_el_admin_muestran_sus_convenios(entrar, crear_usuario):
    petromar = DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
    armada = ArmadaFactory(distribuidor=petromar, convenio=False)
    ConvenioArmada.objects.create(beneficiario=armada, distribuidor=petromar, numero="ARC-CONV-2024",
                                  vigente_desde=D(2024, 1, 1), vigente_hasta=D(2024, 12, 31))
    ConvenioArmada.objects.create(beneficiario=armada, distribuidor=petromar, numero="ARC-CONV-2026",
                                  vigente_desde=D(2025, 1, 1), vigente_hasta=D(2030, 12, 31))
    html = entrar(Rol.UPME_ANALISTA).get(f"/beneficiarios/{armada.id}/").content.decode()
    assert "Convenios con el distribuidor mayorista" in html
    assert html.index("ARC-CONV-2026") < html.index("ARC-CONV-2024") and "Vencido" in html
    assert "Petromar S.A.S. (NIT 900456123)" in html
    sin = ArmadaFactory(identificacion="800141398", distribuidor=petromar, convenio=False)
    html = entrar(Rol.UPME_ANALISTA).get(f"/beneficiarios/{sin.id}/").content.decode()
    assert "Sin convenio registrado" in html
    admin = entrar(crear_usuario(Rol.ADMINISTRADOR))
    r = admin.get("/admin/cupos/convenioarmada/")
    assert r.status_code == 200 and "ARC-CONV-2026" in r.content.decode()


@pytest.mark.django_db
def test_r27_el_analista_registra_el_convenio_desde_la_pagina_de_la_armada(entrar):
    petromar = DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
    armada = ArmadaFactory(distribuidor=petromar, convenio=False)
    web = entrar(Rol.UPME_ANALISTA)
    assert "Registrar un convenio" in web.get(f"/beneficiarios/{armada.id}/").content.decode()
    datos = {"convenio-distribuidor_nit": "900456123", "convenio-numero": "", "convenio-vigente_desde": "2026-01-01",
             "convenio-vigente_hasta": "2026-12-31"}
    r = web.post(f"/beneficiarios/{armada.id}/convenios/", datos)
    assert r.status_code == 400 and "Indique el número del convenio." in r.content.decode()
    assert 'value="900456123"' in r.content.decode() and not ConvenioArmada.objects.exists()
    r = web.post(f"/beneficiarios/{armada.id}/convenios/", {**datos, "convenio-numero": "ARC-CONV-5"})
    assert r.status_code == 302 and r["Location"].endswith("#titulo-convenios")
    assert ConvenioArmada.objects.get().numero == "ARC-CONV-5"
    assert entrar(Rol.AUDITOR).post(f"/beneficiarios/{armada.id}/convenios/", datos).status_code == 403


@pytest.mark.django_db
def test_r27_la_fabrica_de_la_armada_registra_su_convenio_salvo_que_se_pida_sin_el():
    armada = ArmadaFactory()
    assert ConvenioArmada.objects.filter(beneficiario=armada, distribuidor=armada.distribuidor).count() == 1
    assert not ConvenioArmada.objects.filter(beneficiario=ArmadaFactory(identificacion="800141399",
                                                                         convenio=False)).exists()


# --- The acuicultora's cultivation permit, at application and at grant ----------------------------------------


@pytest.mark.django_db
def test_r27_radicar_con_el_permiso_de_cultivo_vencido_es_409(analista):
    acuicola = AcuicultoraFactory(permiso_cultivo_vigente_hasta=D(2026, 10, 31), aprobadas=())
    with pytest.raises(ApplicationError) as exc:
        radicar(analista, acuicola, anio=2027, fecha_radicacion=D(2026, 11, 1))
    assert exc.value.codigo == "permiso_cultivo_vencido" and exc.value.status_code == 409
    assert "31 de octubre de 2026" in exc.value.detalle and "radicación" in exc.value.detalle
    assert not Solicitud.objects.filter(beneficiario=acuicola).exists()
    assert radicar(analista, acuicola, anio=2027, fecha_radicacion=D(2026, 10, 31)).estado  # its last day


@pytest.mark.django_db
def test_r27_otorgar_un_cupo_con_el_permiso_de_cultivo_vencido_es_409(analista, cliente):
    acuicola = AcuicultoraFactory(permiso_cultivo_vigente_hasta=D(2026, 2, 19))
    resolucion = ResolucionFactory(anio=2026)  # issued on 20 February 2026
    with pytest.raises(ApplicationError) as exc:
        cupo_grant(actor=analista, resolucion=resolucion, beneficiario=acuicola, galones_anuales=Decimal("12000"))
    assert exc.value.codigo == "permiso_cultivo_vencido" and "otorgamiento" in exc.value.detalle
    r = cliente(Rol.UPME_ANALISTA).post(
        "/api/v1/cupos/", {"resolucion": resolucion.id, "beneficiario": acuicola.id, "galones_anuales": "12000"},
        format="json",
    )
    assert r.status_code == 409 and r.json()["codigo"] == "permiso_cultivo_vencido"
    assert not Cupo.objects.filter(beneficiario=acuicola).exists()
    en_regla = AcuicultoraFactory(permiso_cultivo_vigente_hasta=D(2026, 2, 20))  # in force on the grant's day
    assert cupo_grant(actor=analista, resolucion=resolucion, beneficiario=en_regla, galones_anuales=Decimal("1200"))


@pytest.mark.django_db
def test_r27_linea_o_expedicion_para_una_acuicultora_con_permiso_vencido_es_409(analista, monkeypatch):
    monkeypatch.setattr("cupos.services.asignacion.today", lambda: D(2026, 1, 20))
    resolucion = ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 1, 15))
    vencida = AcuicultoraFactory(nombre="Camarones Vencidos S.A.S.", permiso_cultivo_vigente_hasta=D(2026, 1, 19))
    en_regla = AcuicultoraFactory(permiso_cultivo_vigente_hasta=D(2026, 12, 31))
    with pytest.raises(ApplicationError) as exc:
        lineas_set(usuario=analista, resolucion=resolucion, lineas=[
            {"beneficiario": en_regla.id, "galones_anuales": "24000"},
            {"beneficiario": vencida.id, "galones_anuales": "24000"},
        ])
    assert exc.value.codigo == "permiso_cultivo_vencido" and "Camarones Vencidos" in exc.value.detalle
    assert exc.value.extra["posiciones"] == [1] and exc.value.extra["beneficiarios"] == [vencida.id]
    assert not resolucion.lineas.exists()  # all or nothing
    # A permit that lapses after its line was set stops the issue.
    assert lineas_set(usuario=analista, resolucion=resolucion,
                      lineas=[{"beneficiario": en_regla.id, "galones_anuales": "24000"}]) == 1
    type(en_regla).objects.filter(pk=en_regla.pk).update(permiso_cultivo_vigente_hasta=D(2026, 1, 19))
    with pytest.raises(ApplicationError) as exc:
        resolucion_revisar_lineas(resolucion)
    assert exc.value.codigo == "permiso_cultivo_vencido"
