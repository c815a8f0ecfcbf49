"""R-17 when the sale came first: the inspector's report cannot find less than was already sold."""

import datetime as dt
from decimal import Decimal

import pytest

from core.comun.errors import ApplicationError
from cupos.models import Movimiento
from zarpes.models import Inspeccion
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.tests.factories import vender
from zarpes.tests.paginas import zarpe_de_800

D = dt.date


def inspeccionar(oficial, zarpe, galones, fecha=D(2026, 3, 22)):
    return zarpe_inspect(actor=oficial, zarpe_id=zarpe.id, fecha=fecha, galones_verificados=Decimal(str(galones)))


@pytest.mark.django_db
def test_r17_inspection_below_an_earlier_sale_is_refused(oficial):
    z = zarpe_de_800(oficial)
    vender(z.certificado, 800, D(2026, 3, 21))

    with pytest.raises(ApplicationError) as exc:
        inspeccionar(oficial, z, 700)

    assert exc.value.codigo == "inspeccion_menor_que_venta" and exc.value.status_code == 409
    assert "Petromar S.A.S. vendió 800,00 galones el 21 de marzo de 2026" in exc.value.detalle
    assert "no puede verificar menos de lo vendido (700,00 galones)" in exc.value.detalle
    assert not Inspeccion.objects.exists()
    assert not Movimiento.objects.filter(tipo=Movimiento.Tipo.REINTEGRO).exists()  # nothing refunded


@pytest.mark.django_db
def test_r17_inspection_at_or_above_the_sale_is_recorded_and_refunds_the_rest(oficial):
    z = zarpe_de_800(oficial)
    vender(z.certificado, 600, D(2026, 3, 21))

    inspeccion = inspeccionar(oficial, z, 600)

    assert (inspeccion.galones_verificados, inspeccion.reintegro) == (Decimal("600.00"), Decimal("200.00"))


@pytest.mark.django_db
def test_r17_without_a_sale_any_amount_up_to_the_authorized_is_recorded(oficial):
    z = zarpe_de_800(oficial)
    assert inspeccionar(oficial, z, 0).reintegro == Decimal("800.00")
