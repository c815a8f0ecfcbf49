"""Demo: today's zarpes at the busiest capitanías, issued through the real service, so the
officer's screen, certificates, verification and the inspector's reports show something real."""

import datetime as dt
import random
from decimal import Decimal

from django.db.models import Q

from core.calendario import today
from core.models import Usuario
from core.roles import Rol
from cupos.demo import HISTORIA_DONA_LUCIA_HASTA, MATRICULA_DONA_LUCIA
from cupos.errors import SinCupoVigente
from cupos.models import Beneficiario, Cupo
from cupos.selectors.saldos import beneficiario_saldo
from zarpes.models import Zarpe
from zarpes.selectors.certificados import ultimo_certificado
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.services.zarpes import zarpe_request

ZARPES_POR_CAPITANIA = {"CP05": 8, "CP01": 6}
# Doña Lucía (DOMAIN.md's vessel, the `beneficiario` login) sails from Cartagena twice a month after her
# ledger history (cupos.demo): each zarpe presents the last certificate. She does not sail on the
# demo date, so the officer's first try is hers: her last certificate on the panel and balance left.
DIAS_DONA_LUCIA = (6, 21)
GALONES_DONA_LUCIA = Decimal("600")


def cargar() -> list:
    hoy = today()
    if Zarpe.objects.filter(fecha=hoy).exists():
        return []
    _zarpes_dona_lucia(hoy)
    rng = random.Random(hoy.toordinal())
    for codigo, cuantos in ZARPES_POR_CAPITANIA.items():
        oficial = Usuario.objects.filter(rol=Rol.CAPITANIA_OFICIAL, capitania__codigo=codigo).first()
        if oficial is None:
            continue
        naves = list(
            Beneficiario.objects.filter(tipo__in=Beneficiario.TIPOS_NAVE, capitania__codigo=codigo)
            .filter(Q(cupos__estado=Cupo.Estado.EN_FIRME) | Q(cupos__isnull=True))
            .exclude(matricula=MATRICULA_DONA_LUCIA)
            .distinct()
            .order_by("id")
        )
        # Mostly vessels with balance left, and a couple that will be denied, as a real day looks.
        naves.sort(key=lambda n: _disponible(n, hoy), reverse=True)
        elegidas = naves[: cuantos - 2] + rng.sample(naves[cuantos:], min(2, len(naves[cuantos:])))
        for nave in elegidas:
            anterior = ultimo_certificado(nave.id)
            pedido = Decimal(rng.randrange(200, int(nave.capacidad_combustible_gal) + 400, 50))
            zarpe = zarpe_request(
                actor=oficial,
                nave_id=nave.id,
                capitania=codigo,
                fecha=hoy,
                galones_solicitados=pedido,
                certificado_anterior=anterior.numero if anterior else None,
            )
            if zarpe.estado == Zarpe.Estado.CERTIFICADO and rng.random() < 0.4:
                verificados = (zarpe.galones_autorizados * Decimal(rng.choice(["0.9", "0.95", "1"]))).quantize(
                    Decimal("0.01")
                )
                zarpe_inspect(actor=oficial, zarpe_id=zarpe.id, fecha=hoy, galones_verificados=verificados)
    return []


def _zarpes_dona_lucia(hoy: dt.date) -> None:
    nave = Beneficiario.objects.filter(matricula=MATRICULA_DONA_LUCIA).first()
    oficial = Usuario.objects.filter(rol=Rol.CAPITANIA_OFICIAL, capitania__codigo="CP05").first()
    if nave is None or oficial is None or Zarpe.objects.filter(nave=nave).exists():
        return
    mes = HISTORIA_DONA_LUCIA_HASTA + dt.timedelta(days=1)
    while mes < hoy:
        for dia in DIAS_DONA_LUCIA:
            fecha = mes.replace(day=dia)
            if fecha >= hoy:
                break
            anterior = ultimo_certificado(nave.id)
            zarpe_request(
                actor=oficial,
                nave_id=nave.id,
                capitania="CP05",
                fecha=fecha,
                galones_solicitados=GALONES_DONA_LUCIA,
                certificado_anterior=anterior.numero if anterior else None,
            )
        mes = (mes + dt.timedelta(days=32)).replace(day=1)


def _disponible(nave, fecha) -> Decimal:
    try:
        return beneficiario_saldo(beneficiario_id=nave.id, fecha=fecha).disponible
    except SinCupoVigente:
        return Decimal(-1)
