"""Issue 43, a fault with a real process: the process syncing a counter's queue is killed (SIGKILL) in the
middle of an act. What it committed stays, once; the act it was writing leaves nothing; the replay of the
whole queue creates the rest, with no duplicate and no gap."""

import json
import os
import signal
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from core.identidad.roles import Rol
from cupos.models import Movimiento, Retencion
from zarpes.models import Certificado
from zarpes.services import mostradores
from zarpes.tests.dispositivo import Dispositivo
from zarpes.tests.factories import nave_con_cupo
from zarpes.tests.paginas import HOY

RAIZ = Path(__file__).resolve().parents[2]
SINCRONIZADOR = """
import json, sys
import django
django.setup()
from unittest import mock
from core.models import Usuario
from zarpes.services import mostradores
with mock.patch("zarpes.services.mostradores.today", lambda: __import__("datetime").date(2026, 3, 20)):
    oficial = Usuario.objects.select_related("capitania").get(pk=int(sys.argv[1]))
    for cuerpo in json.load(open(sys.argv[2])):
        certificado, _ = mostradores.acto_sincronizar(actor=oficial, mostrador_id=int(sys.argv[3]), **cuerpo)
        print(certificado.numero, flush=True)
"""


def _dsn() -> str:
    d = connection.settings_dict
    return f"postgresql://{d['USER']}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


@pytest.mark.django_db(transaction=True)
def test_a_sync_killed_mid_act_leaves_nothing_half_written_and_the_replay_completes(crear_usuario, hoy, tmp_path):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    dispositivo = Dispositivo()
    m = mostradores.mostrador_enroll(actor=oficial, nombre="Ventanilla", clave_publica=dispositivo.jwk())
    uno, _ = nave_con_cupo(capacidad="500")
    dos, _ = nave_con_cupo(capacidad="500")
    retenciones = {
        r.cupo.beneficiario_id: r
        for r in mostradores.mostrador_retener(actor=oficial, mostrador_id=m.id, naves=[uno.id, dos.id])
    }
    actos = [
        dispositivo.acto(
            numero="CP05-2026-000001",
            retencion=retenciones[uno.id],
            nave=uno,
            fecha=HOY,
            solicitados="100.00",
            autorizados="100.00",
        ),
        dispositivo.acto(
            numero="CP05-2026-000002",
            retencion=retenciones[dos.id],
            nave=dos,
            fecha=HOY,
            solicitados="50.00",
            autorizados="50.00",
        ),
    ]
    actos.append(
        dispositivo.acto(
            numero="CP05-2026-000003",
            retencion=retenciones[uno.id],
            nave=uno,
            fecha=HOY,
            solicitados="30.00",
            autorizados="30.00",
            anterior=actos[0]["numero"],
        )
    )
    cola = [{"acto": a, "firma": dispositivo.firmar(a)} for a in actos]
    archivo = tmp_path / "cola.json"
    archivo.write_text(json.dumps(cola))

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": _dsn().replace("postgresql://", "postgres://"),
    }
    with psycopg.connect(_dsn(), autocommit=False) as bloqueo:
        # The second vessel is locked elsewhere: the syncing process will be inside act 2 when it dies.
        bloqueo.execute("SELECT 1 FROM cupos_beneficiario WHERE id = %s FOR UPDATE", [dos.id])
        proceso = subprocess.Popen(
            [sys.executable, "-c", SINCRONIZADOR, str(oficial.id), str(archivo), str(m.id)],
            cwd=RAIZ,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert proceso.stdout.readline().strip() == "CP05-2026-000001"  # act 1 committed
            limite = time.monotonic() + 30
            while time.monotonic() < limite:  # act 2 is waiting on the vessel's lock, inside its transaction
                espera = bloqueo.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
                ).fetchone()[0]
                if espera:
                    break
                time.sleep(0.1)
            assert espera == 1
            proceso.send_signal(signal.SIGKILL)
            proceso.wait(timeout=10)
        finally:
            if proceso.poll() is None:
                proceso.kill()
        bloqueo.rollback()

    assert list(Certificado.objects.values_list("numero", flat=True)) == ["CP05-2026-000001"]
    assert Movimiento.objects.filter(tipo="descuento").count() == 1
    # the queue is replayed whole, as the counter does when the link returns
    creados = [mostradores.acto_sincronizar(actor=oficial, mostrador_id=m.id, **c)[1] for c in cola]
    assert creados == [False, True, True]
    certificados = list(Certificado.objects.order_by("consecutivo"))
    assert [c.consecutivo for c in certificados] == [1, 2, 3]
    assert [c.galones_autorizados for c in certificados] == [Decimal(100), Decimal(50), Decimal(30)]
    assert Movimiento.objects.filter(tipo="descuento").count() == 3
    assert Retencion.objects.get(pk=retenciones[uno.id].pk).dispuesto == 130
    assert Retencion.objects.get(pk=retenciones[dos.id].pk).dispuesto == 50
