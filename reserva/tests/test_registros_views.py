"""C-01: Dimar edits the dated shares in the admin, with their legal basis; the change is audited."""

import pytest

from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from reserva.models import PorcentajeReserva

pytestmark = pytest.mark.django_db


def test_c01_dimar_edita_un_porcentaje_en_el_admin(client, crear_usuario):
    client.force_login(crear_usuario(Rol.DIMAR, is_staff=True))
    regla = PorcentajeReserva.objects.get(operacion="importacion", clase="general")
    url = f"/admin/reserva/porcentajereserva/{regla.pk}/change/"
    assert client.get(url).status_code == 200
    r = client.post(
        url,
        {
            "operacion": "importacion",
            "clase": "general",
            "porcentaje": "45",
            "pais": "",
            "vigente_desde": "1990-01-01",
            "vigente_hasta": "",
            "base_legal": regla.base_legal,
        },
    )
    assert r.status_code == 302
    assert PorcentajeReserva.objects.get(pk=regla.pk).porcentaje == 45
    assert RegistroAuditoria.objects.filter(accion="porcentajereserva.actualizar.admin").exists()


def test_c01_un_agente_no_entra_al_admin_de_porcentajes(client, crear_usuario):
    client.force_login(crear_usuario(Rol.AGENTE_MARITIMO, is_staff=True))
    assert client.get("/admin/reserva/porcentajereserva/").status_code == 403
