"""The topology's small dataset (tests/topologia.py), loaded on the primary before the replica is
cloned from it. Run as a script with the topology's environment; prints one JSON line:

- capitanía CP05 with N officers (one API token each), each with a vessel and a firm cupo far larger
  than a run spends (the issuance clients);
- two UPME analysts with an API token and a logged-in session (second factor verified), the
  read-your-writes user and a control who writes nothing;
- a wholesaler with its world (distribuidores' test scenario) for the worker-killed job;
- the beat's job sweeper every 2 s instead of every minute (the run cannot wait minutes).
"""

import datetime as dt
import json
import os
import sys
from decimal import Decimal


def _sesion(user) -> str:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django_otp.plugins.otp_totp.models import TOTPDevice

    dispositivo = TOTPDevice.objects.create(user=user, name="Topología", confirmed=True)
    sesion = SessionStore()
    sesion[SESSION_KEY] = str(user.pk)
    sesion[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    sesion[HASH_SESSION_KEY] = user.get_session_auth_hash()
    sesion["otp_device_id"] = dispositivo.persistent_id
    sesion.create()
    return sesion.session_key


def cargar(n_oficiales: int) -> dict:
    from django_celery_beat.models import IntervalSchedule, PeriodicTask

    from bench.comun import nave_pesquera
    from core.api.auth import token_emitir
    from core.identidad.roles import Rol
    from core.models import Capitania, Usuario
    from core.vencimientos.calendario import today
    from cupos.services.cupos import cupo_declare_firm, cupo_grant
    from cupos.services.procedimiento import notificacion_con_renuncia
    from cupos.services.resoluciones import resolucion_create
    from distribuidores.tests.archivos.escenario import NIT, construir_mundo

    hoy = today()
    firmeza = min(dt.date(hoy.year, 3, 17), hoy)
    capitania = Capitania.objects.create(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    analistas = [
        Usuario.objects.create_user(f"topo_analista_{i}", password=None, rol=Rol.UPME_ANALISTA) for i in (1, 2)
    ]
    resolucion = resolucion_create(
        actor=analistas[0],
        anio=hoy.year,
        numero="TOPO-001",
        fecha_expedicion=min(dt.date(hoy.year, 2, 20), firmeza - dt.timedelta(days=1)),
        transcrita=True,
        soporte="Resolución TOPO-001 en papel",
        firmante="Director General UPME",
    )
    clientes = []
    for i in range(n_oficiales):
        oficial = Usuario.objects.create_user(
            f"topo_oficial_{i:02d}", password=None, rol=Rol.CAPITANIA_OFICIAL, capitania=capitania
        )
        nave = nave_pesquera(
            nombre=f"MN Topología {i:02d}",
            identificacion=f"{810_000_000 + i}",
            matricula=f"MC-05-T{i:04d}",
            capitania=capitania,
            capacidad_gal=Decimal(3000),
        )
        nave.save(force_insert=True)
        cupo = cupo_grant(
            actor=analistas[0], resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal(12_000_000)
        )
        notificacion_con_renuncia(actor=analistas[0], cupo=cupo, fecha=firmeza - dt.timedelta(days=1), soporte="Acta")
        cupo_declare_firm(actor=analistas[0], cupo=cupo, fecha_firmeza=firmeza)
        clientes.append({"token": token_emitir(oficial)[1], "nave": nave.id})
    # Vessels without a cupo, for the read-your-writes grants.
    libres = []
    for i in range(5):
        nave = nave_pesquera(
            nombre=f"MN Libre {i:02d}",
            identificacion=f"{820_000_000 + i}",
            matricula=f"MC-05-L{i:04d}",
            capitania=capitania,
            capacidad_gal=Decimal(3000),
        )
        nave.save(force_insert=True)
        libres.append(nave.id)
    from core.tests.factories import DistribuidorFactory

    mayorista = Usuario.objects.create_user(
        "topo_mayorista",
        password=None,
        rol=Rol.DISTRIBUIDOR,
        distribuidor=DistribuidorFactory(nit=NIT, razon_social="Petromar S.A.S."),
    )
    construir_mundo(mayorista)
    cada_2s, _ = IntervalSchedule.objects.get_or_create(every=2, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.filter(task="core.tasks.recuperar_trabajos_task").update(interval=cada_2s)
    return {
        "capitania": capitania.codigo,
        "fecha": hoy.isoformat(),
        "resolucion": resolucion.id,
        "clientes": clientes,
        "libres": libres,
        "analistas": [{"token": token_emitir(a)[1], "sesion": _sesion(a)} for a in analistas],
        "mayorista": mayorista.username,
        "nit": NIT,
    }


if __name__ == "__main__":
    import django

    sys.path.insert(0, os.getcwd())
    django.setup()
    print(json.dumps(cargar(int(sys.argv[1]))))
