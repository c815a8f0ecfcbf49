"""A wholesaler never enumerates beneficiaries (API.md "Conventions", issue 27): it finds one by exact
matrícula or identification, reaches by id only those it served or that designate it, and never sees
their `correo` or `celular`. An outside probe had read all 206 demo beneficiaries by id."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from cupos.models import Beneficiario
from cupos.tests.factories import AcuicultoraFactory, NaveFactory
from distribuidores.tests.factories import certificado_de, con_cupo, soportes_de_venta
from zarpes.tests.factories import nave_con_cupo

CONTACTO = {"correo": "armador@example.com", "celular": "+573001112233"}


@pytest.fixture
def mayorista(cliente):
    return cliente(Rol.DISTRIBUIDOR)  # Petromar, NIT 900456123


def _rutas_por_id(beneficiario) -> list[str]:
    cupo = beneficiario.cupos.first()
    rutas = [f"/api/v1/beneficiarios/{beneficiario.id}/", f"/api/v1/beneficiarios/{beneficiario.id}/saldo/"]
    if cupo is not None:
        rutas += [f"/api/v1/cupos/{cupo.id}/", f"/api/v1/cupos/{cupo.id}/saldo/"]
    return rutas


@pytest.mark.django_db
def test_por_id_un_mayorista_no_alcanza_a_quien_no_atendio_ni_lo_designo(mayorista):
    ajenos = [nave_con_cupo(**CONTACTO)[0], NaveFactory(**CONTACTO), AcuicultoraFactory(**CONTACTO)]
    for beneficiario in ajenos:
        for ruta in _rutas_por_id(beneficiario):
            r = mayorista.get(ruta, {"fecha": "2026-03-20"} if ruta.endswith("saldo/") else {})
            assert r.status_code == 404, ruta
            assert r.json()["codigo"] == "no_encontrado"
            assert beneficiario.identificacion not in r.content.decode()
    # Enumerating ids answers nothing at all.
    for pk in range(1, max(Beneficiario.objects.values_list("pk", flat=True)) + 2):
        assert mayorista.get(f"/api/v1/beneficiarios/{pk}/").status_code == 404


@pytest.mark.django_db
def test_alcanza_a_quien_lo_designa_y_a_quien_atendio_sin_su_correo_ni_su_celular(mayorista, cliente):
    petromar = mayorista.usuario.distribuidor
    designante = AcuicultoraFactory(distribuidor=petromar, **CONTACTO)
    con_cupo(designante, anual="12000")
    atendida, _ = nave_con_cupo(**CONTACTO)
    cert = certificado_de(atendida, "300")
    venta = {
        "distribuidor_nit": petromar.nit,
        "beneficiario": atendida.id,
        "fecha": "2026-03-21",
        "galones": "300",
        "certificado": cert.numero,
        "codigo_verificacion": cert.codigo_verificacion,
        **soportes_de_venta(atendida, certificado=cert.numero),
    }
    assert mayorista.post("/api/v1/ventas/", venta, format="json").status_code == 201
    for beneficiario in (designante, atendida):
        for ruta in _rutas_por_id(beneficiario):
            r = mayorista.get(ruta, {"fecha": "2026-03-21"} if ruta.endswith("saldo/") else {})
            assert r.status_code == 200, (ruta, r.content)
            assert "correo" not in r.json() and "celular" not in r.json()
            assert CONTACTO["correo"] not in r.content.decode() and CONTACTO["celular"] not in r.content.decode()
    # UPME's analyst still reads the contact data.
    r = cliente(Rol.UPME_ANALISTA).get(f"/api/v1/beneficiarios/{atendida.id}/")
    assert (r.json()["correo"], r.json()["celular"]) == (CONTACTO["correo"], CONTACTO["celular"])


@pytest.mark.django_db
def test_la_busqueda_exacta_encuentra_sin_datos_de_contacto_y_la_venta_sigue(mayorista):
    """The sale flow: the ERP finds the vessel by its exact matrícula, reads the certificate the captain
    presents, and sells; the vessel need not have been its client before."""
    nave, _ = nave_con_cupo(matricula="MC-05-0777", **CONTACTO)
    cert = certificado_de(nave, "500")
    assert mayorista.get("/api/v1/beneficiarios/").status_code == 403
    assert mayorista.get("/api/v1/beneficiarios/", {"q": "MC"}).status_code == 403
    r = mayorista.get("/api/v1/beneficiarios/", {"matricula": "MC-05-0777"})
    assert r.status_code == 200 and [b["id"] for b in r.json()["results"]] == [nave.id]
    assert "correo" not in r.json()["results"][0] and "celular" not in r.json()["results"][0]
    r = mayorista.get("/api/v1/beneficiarios/", {"identificacion": nave.identificacion})
    assert [b["id"] for b in r.json()["results"]] == [nave.id] and CONTACTO["correo"] not in r.content.decode()
    leido = mayorista.get(f"/api/v1/certificados/{cert.numero}/", {"codigo": cert.codigo_verificacion})
    assert leido.json()["matricula"] == "MC-05-0777" and leido.json()["codigo_verificacion"] is None
    venta = {
        "distribuidor_nit": "900456123",
        "beneficiario": nave.id,
        "fecha": "2026-03-21",
        "galones": "500",
        "certificado": cert.numero,
        "codigo_verificacion": cert.codigo_verificacion,
        **soportes_de_venta(nave, certificado=cert.numero),
    }
    assert mayorista.post("/api/v1/ventas/", venta, format="json").status_code == 201
    # Served now: reachable by id, still without contact data.
    r = mayorista.get(f"/api/v1/beneficiarios/{nave.id}/saldo/", {"fecha": dt.date(2026, 3, 21).isoformat()})
    assert r.status_code == 200


@pytest.mark.django_db
def test_otro_mayorista_no_hereda_la_clientela(mayorista, cliente, crear_usuario):
    from core.tests.factories import DistribuidorFactory

    petromar = mayorista.usuario.distribuidor
    designante = AcuicultoraFactory(distribuidor=petromar)
    terpel = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="860002400"))
    assert mayorista.get(f"/api/v1/beneficiarios/{designante.id}/").status_code == 200
    assert terpel.get(f"/api/v1/beneficiarios/{designante.id}/").status_code == 404


@pytest.mark.django_db
def test_vender_a_un_id_ajeno_no_revela_quien_es(mayorista):
    otro = AcuicultoraFactory(nombre="Camarones del Pacífico S.A.S.")
    con_cupo(otro, anual="12000")
    # Its permit lapsed after the grant.
    Beneficiario.objects.filter(pk=otro.pk).update(permiso_cultivo_vigente_hasta=dt.date(2026, 3, 1))
    venta = {
        "distribuidor_nit": "900456123",
        "beneficiario": otro.id,
        "fecha": "2026-03-21",
        "galones": "10",
        "certificado": None,
        **soportes_de_venta(otro),
    }  # its permit expired: the refusal would have named it
    r = mayorista.post("/api/v1/ventas/", venta, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "distribuidor_no_autorizado"
    assert "Camarones" not in r.content.decode() and str(otro.distribuidor) not in r.content.decode()
