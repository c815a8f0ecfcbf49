"""GET /api/v1/conciliacion/ (R-22): scoped like the page, bad input is 400."""

import pytest

from core.identidad.roles import Rol
from distribuidores.tests.test_conciliacion_views import mes_con_discrepancias


@pytest.mark.django_db
def test_reconciliation_api_is_scoped_like_the_page(cliente):
    _, terpel, _, _ = mes_con_discrepancias()
    r = cliente(Rol.AUDITOR).get("/api/v1/conciliacion/", {"periodo": "2026-03"})
    assert r.status_code == 200
    cuerpo = r.json()
    assert cuerpo["periodo"] == "2026-03" and cuerpo["totales"]["vendido"] == "1200.00"
    assert cuerpo["conteo"]["certificado_usado_dos_veces"] == 1 and len(cuerpo["discrepancias"]) == 4
    propio = cliente(Rol.DISTRIBUIDOR, distribuidor=terpel.distribuidor)
    cuerpo = propio.get(
        "/api/v1/conciliacion/", {"periodo": "2026-03", "codigo": "reportado_distinto_de_vendido"}
    ).json()
    assert cuerpo["totales"]["declarado"] is None
    assert {d["distribuidor_nit"] for d in cuerpo["discrepancias"]} == {"860002400"}
    assert cliente(Rol.AUDITOR).get("/api/v1/conciliacion/", {"periodo": "marzo"}).status_code == 400
    assert cliente(Rol.AUDITOR).get("/api/v1/conciliacion/", {"periodo": "2026-03", "codigo": "x"}).status_code == 400
    assert cliente(Rol.BENEFICIARIO).get("/api/v1/conciliacion/", {"periodo": "2026-03"}).status_code == 403
