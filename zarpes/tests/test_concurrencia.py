"""No overdraw, ever (R-15): 40 officers race on one vessel's cupo through the real API."""

import datetime as dt
import itertools
import threading
from decimal import Decimal

import pytest
from django.db import connection
from rest_framework.test import APIClient

from core.api.auth import token_emitir
from core.identidad.roles import Rol
from cupos.models import Movimiento
from cupos.selectors import saldos as cupo_selectors
from zarpes.models import Certificado, ConsecutivoCertificado, Zarpe
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.factories import nave_con_cupo

HILOS = 40


@pytest.mark.django_db(transaction=True)
def test_forty_concurrent_requests_authorize_exactly_the_balance(crear_usuario, ambas_rutas):
    nave, cupo = nave_con_cupo(anual="24000", firmeza=dt.date(2026, 3, 17), capacidad="3000")
    fecha = dt.date(2026, 3, 20)
    saldo_inicial = cupo_selectors.cupo_saldo(cupo=cupo, fecha=fecha).disponible  # 967.74
    tokens = [token_emitir(crear_usuario(Rol.CAPITANIA_OFICIAL))[1] for _ in range(HILOS)]
    barrera = threading.Barrier(HILOS)
    resultados: list[tuple[int, dict]] = []
    errores: list[BaseException] = []
    candado = threading.Lock()

    def oficial(token: str, pedido: str):
        try:
            api = APIClient()
            api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
            barrera.wait()
            for _ in range(200):  # retry on a stale chain, as an officer re-reading the paper would
                ultimo = Certificado.objects.filter(nave=nave).order_by("-fecha_expedicion", "-id").first()
                r = api.post(
                    "/api/v1/zarpes/",
                    {
                        "nave": nave.id,
                        "capitania": "CP05",
                        "fecha": fecha.isoformat(),
                        "galones_solicitados": pedido,
                        "certificado_anterior": ultimo.numero if ultimo else None,
                    },
                    format="json",
                )
                cuerpo = r.json()
                with candado:
                    resultados.append((r.status_code, cuerpo))
                if r.status_code == 409 and cuerpo["codigo"] == "certificado_anterior_invalido":
                    continue
                if r.status_code != 201 or cuerpo["estado"] == "negado":
                    return
        except BaseException as exc:
            errores.append(exc)
        finally:
            connection.close()

    pedidos = [f"{Decimal(25) + i:.2f}" for i in range(HILOS)]  # 25 … 64 gallons
    hilos = [threading.Thread(target=oficial, args=(t, p)) for t, p in zip(tokens, pedidos, strict=True)]
    for h in hilos:
        h.start()
    for h in hilos:
        h.join()

    assert not errores, errores
    assert all(estado in (201, 409) for estado, _ in resultados), {e for e, _ in resultados}
    autorizados = sum(Decimal(c["galones_autorizados"]) for e, c in resultados if e == 201)
    assert autorizados == saldo_inicial
    assert (
        sum(Movimiento.objects.filter(cupo=cupo, tipo="descuento").values_list("galones", flat=True)) == saldo_inicial
    )
    assert cupo_selectors.cupo_saldo(cupo=cupo, fecha=fecha).disponible == 0
    # every thread ended on a denial: nothing left to authorize
    assert Zarpe.objects.filter(nave=nave, estado="negado").count() >= 1
    # the chain is intact: each certificate names the previous one
    certificados = list(Certificado.objects.filter(nave=nave).order_by("id"))
    for anterior, siguiente in itertools.pairwise(certificados):
        assert siguiente.zarpe.certificado_anterior == anterior.numero
    numeros = [c.consecutivo for c in certificados]
    assert numeros == list(range(1, len(numeros) + 1))


@pytest.mark.django_db(transaction=True)
def test_r16_officers_racing_for_the_first_number_of_the_year_get_one_each(crear_usuario, ambas_rutas):
    """No counter row yet for CP05-2026: every racer creates or bumps it, numbers come out 1…N, no error."""
    n = 12
    oficiales = [crear_usuario(Rol.CAPITANIA_OFICIAL) for _ in range(n)]
    naves = [nave_con_cupo()[0] for _ in range(n)]
    assert not ConsecutivoCertificado.objects.exists()
    barrera = threading.Barrier(n)
    numeros: list[str] = []
    errores: list[BaseException] = []

    def expedir(oficial, nave):
        try:
            barrera.wait()
            z = zarpe_request(
                actor=oficial,
                nave_id=nave.id,
                capitania="CP05",
                fecha=dt.date(2026, 4, 1),
                galones_solicitados=Decimal(10),
                certificado_anterior=None,
            )
            numeros.append(z.certificado.numero)
        except BaseException as exc:
            errores.append(exc)
        finally:
            connection.close()

    hilos = [threading.Thread(target=expedir, args=par) for par in zip(oficiales, naves, strict=True)]
    for h in hilos:
        h.start()
    for h in hilos:
        h.join()

    assert not errores, errores
    assert sorted(numeros) == [f"CP05-2026-{i:06d}" for i in range(1, n + 1)]
    assert ConsecutivoCertificado.objects.get(anio=2026).ultimo == n
