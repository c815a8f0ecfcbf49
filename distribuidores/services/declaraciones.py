"""Beneficiaries' monthly declarations of the gallons they acquired (R-21)."""

import datetime as dt
from decimal import Decimal

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos, unico
from core.comun.galones import round2
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from cupos.models import Beneficiario
from distribuidores.access import DECLARANTES, declaracion_beneficiario_access
from distribuidores.errors import ErrorDistribuidores
from distribuidores.models import Declaracion
from distribuidores.plazos import DECLARANTES_MENSUALES, fecha_limite_periodo


def declaracion_register(*, actor, beneficiario_id: int, periodo: dt.date, galones_adquiridos: Decimal,
                         presentada: dt.date | None = None) -> Declaracion:
    """R-21: declared within the first 10 business days; a late one is kept but not counted
    ("no será tenida en cuenta … en el siguiente proceso de asignación")."""
    require_role(actor, *DECLARANTES)
    declaracion_beneficiario_access(actor, beneficiario_id)
    beneficiario = Beneficiario.objects.filter(pk=beneficiario_id).first()
    if beneficiario is None:
        raise DatosInvalidos({"beneficiario": f"No existe un beneficiario con id {beneficiario_id}."})
    if beneficiario.tipo not in DECLARANTES_MENSUALES:
        raise DatosInvalidos({"beneficiario": "Declaran las naves de pesca y cabotaje y las acuicultoras (R-21)."})
    periodo = periodo.replace(day=1)
    presentada = presentada or today()
    if presentada > today():
        raise DatosInvalidos({"presentada": "La fecha de presentación es posterior a hoy."})
    if periodo >= today().replace(day=1):
        raise DatosInvalidos({"periodo": "Solo se declaran meses ya terminados."})
    galones = round2(galones_adquiridos)
    if galones < 0:
        raise DatosInvalidos({"galones_adquiridos": "Los galones no pueden ser negativos."})
    duplicada = ApplicationError(
        ErrorDistribuidores.DECLARACION_DUPLICADA, f"Ya existe la declaración de {periodo:%Y-%m} de este beneficiario."
    )
    with unico(duplicada):
        declaracion = Declaracion.objects.create(
            beneficiario=beneficiario, periodo=periodo, galones_adquiridos=galones, presentada=presentada,
            extemporanea=presentada > fecha_limite_periodo(periodo), registrada_por=actor,
        )
        audit_record(actor=actor, accion="declaracion.registrar", obj=declaracion)
    return declaracion
