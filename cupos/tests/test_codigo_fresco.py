"""Issue 24: an act with legal force asks for a fresh code of the analyst's authenticator app on its
confirmation (core.identidad.segundo_factor.exige_codigo_fresco); a wrong, missing or reused code shows the
confirmation again with a Spanish error and does nothing. The API (token auth) asks for none."""

import pytest
from django.urls import reverse

from core.comun.fechas import fecha_larga
from core.identidad.segundo_factor import CAMPO, ETIQUETA
from core.tests.segundo_factor import codigo
from cupos.models import Cupo, Movimiento
from cupos.tests.conftest import HOY  # P-05: a cancellation rules from the day of its act (the fixtures' today)

DATOS = {
    "cancelar-fecha": HOY.isoformat(),
    "cancelar-motivo": "Dimar informó la cancelación de la matrícula.",
    "cancelar-causal": "comunicacion_autoridad",  # a decree ground and its support
    "cancelar-soporte": "Dimar, oficio 2026-044 del 3 de junio de 2026",
}


def _otro(bueno: str) -> str:
    return f"{(int(bueno) + 1) % 1_000_000:06d}"


@pytest.mark.django_db
def test_the_confirmation_asks_for_the_code_and_a_wrong_one_cancels_nothing(entrar, dona_lucia):
    cliente = entrar()
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    confirmacion = cliente.post(url, DATOS).content.decode()
    assert ETIQUETA in confirmacion and f'name="{CAMPO}"' in confirmacion
    for malo in ("", "12ab56", _otro(codigo(cliente.usuario))):
        r = cliente.post(url, {**DATOS, "confirmado": "1", CAMPO: malo})
        assert r.status_code == 400
        html = r.content.decode()
        assert "Esto es lo que va a pasar" in html  # the same confirmation, shown again
        assert "código de verificación" in html and 'aria-invalid="true"' in html
        cliente.usuario.totpdevice_set.update(throttling_failure_count=0)  # django-otp's 1-2-4 s back-off
    dona_lucia.refresh_from_db()
    assert dona_lucia.estado == Cupo.Estado.EN_FIRME
    assert not Movimiento.objects.filter(cupo=dona_lucia, tipo=Movimiento.Tipo.CANCELACION).exists()


@pytest.mark.django_db
def test_a_code_signs_one_act_only(entrar, dona_lucia):
    cliente = entrar()
    url = reverse("cupos:cupo-cancelar", args=[dona_lucia.id])
    bueno = codigo(cliente.usuario)
    cliente.post(
        f"/cupos/{dona_lucia.id}/comunicacion/",
        {"comunicacion-fecha_comunicacion": "2026-03-19", "confirmado": "1", CAMPO: bueno},
    )
    r = cliente.post(url, {**DATOS, "confirmado": "1", CAMPO: bueno})
    assert r.status_code == 400 and "ya se usó" in r.content.decode()
    dona_lucia.refresh_from_db()
    assert dona_lucia.estado == Cupo.Estado.EN_FIRME
    cliente.usuario.totpdevice_set.update(throttling_failure_count=0)  # django-otp's back-off after a failure
    r = cliente.post(url, {**DATOS, "confirmado": "1", CAMPO: codigo(cliente.usuario)}, follow=True)
    assert f"Se expidió la cancelación del cupo de la resolución {dona_lucia.resolucion.numero}" in r.content.decode()
    assert f"desde el {fecha_larga(HOY)}" in r.content.decode()


@pytest.mark.django_db
def test_the_api_asks_for_no_code(upme, dona_lucia):
    cuerpo = {"fecha": HOY.isoformat(), "motivo": "Baja", "causal": "comunicacion_autoridad",
              "soporte": "Dimar, oficio 2026-044 del 3 de junio de 2026"}
    r = upme.post(f"/api/v1/cupos/{dona_lucia.id}/cancelar/", cuerpo, format="json")
    assert r.status_code == 200, r.content
    dona_lucia.refresh_from_db()
    assert dona_lucia.estado == Cupo.Estado.CANCELADO
