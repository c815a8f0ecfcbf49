"""What the border acts do under the procedure once they move (DOMAIN §8): P-04's daily job
(core.actos.services.firmezas_aplicar) makes an assignment final on the day it is firm for every station it
concerns and tells Ecopetrol (F-05), and makes a plan's approval final when it is firm for Ecopetrol, with DIAN's
3 business days from then (F-07); a decision on a station's recurso that revokes the act for it (P-03).
Registered in fronteras/apps.py."""

from __future__ import annotations

import datetime as dt

from core.auditoria.audit import audit_record
from core.comun.errors import DatosInvalidos
from core.registro import TipoActo
from core.vencimientos import calendario
from fronteras.models import Asignacion, AsignacionEstacion, PlanAbastecimiento
from fronteras.services import asignaciones, planes
from fronteras.services.procedimiento import TIPO_APROBACION_PLAN, TIPO_ASIGNACION


def asignacion_en_firme_lote(acto, interesados) -> set[int]:
    """P-04 → F-05: the assignment is final on the day its act is firm for the last of its stations, so nothing
    is applied until every station's day has come (the others are tried again the next day); then all at once,
    dated that day, and Ecopetrol is told. An assignment already made final (or gone) counts as applied."""
    hechos = {i.pk for i in interesados}
    asignacion = Asignacion.objects.select_for_update().filter(acto=acto).first()
    if asignacion is None or asignacion.estado != Asignacion.Estado.EXPEDIDA:
        return hechos
    if acto.interesados.filter(efectos_aplicados__isnull=True).exclude(pk__in=hechos).exists():
        return set()
    fecha = max(f for f in acto.interesados.values_list("en_firme_desde", flat=True) if f is not None)
    asignaciones.ejecutoriar(actor=None, asignacion=asignacion, fecha=fecha)
    return hechos


def asignacion_decidir(acto, interesado, sentido: str, galones_anuales) -> None:
    """P-03: a decision that revokes the act for the station that filed the recurso: its share never applies
    (F-05), the other stations keep theirs. Volumes are not modified by a decision: UPME issues a new
    assignment (F-02 to F-04 compute them from the inputs, not by hand)."""
    if sentido == "modifica":
        raise DatosInvalidos({
            "sentido": "Los volúmenes de una asignación de frontera salen de la metodología (F-02 a F-04) y no se "
                       "fijan al decidir el recurso: confirme o revoque el acto para la estación, y expida una "
                       "nueva asignación si cambian los insumos."
        })
    estacion_id = int(interesado.referencia.split(":", 1)[1]) if interesado.referencia.startswith("estacion:") else 0
    parte = AsignacionEstacion.objects.select_for_update().filter(
        asignacion__acto=acto, estacion_id=estacion_id
    ).first()
    if parte is None or parte.revocada is not None:
        return
    parte.revocada = calendario.today()
    parte.save(update_fields=["revocada"])
    audit_record(actor=None, accion="asignacion.revocar_por_recurso", obj=parte.asignacion,
                 despues={"estacion": parte.estacion_id, "revocada": parte.revocada.isoformat()})


def plan_en_firme(acto, interesado, fecha: dt.date) -> None:
    """P-04 → F-07: the approval is final the day it is firm for Ecopetrol, if nobody recorded it before and it
    is still the plan's approval in force (a modification approved later is another act)."""
    plan = PlanAbastecimiento.objects.select_for_update().filter(acto=acto).first()
    if plan is None or plan.estado != PlanAbastecimiento.Estado.APROBADO or plan.fecha_ejecutoria is not None:
        return
    planes.ejecutoriar(actor=None, plan=plan, fecha=fecha)


TIPO_ACTO_ASIGNACION = TipoActo(
    tipo=TIPO_ASIGNACION, etiqueta="Resolución de volúmenes máximos en zona de frontera",
    decidir=asignacion_decidir, en_firme_lote=asignacion_en_firme_lote,
)
# No `decidir`: a decision on Ecopetrol's recurso confirms the approval; a change of the plan goes through its
# adjustment and a new approval (art. 3 inc. 4), which is a new act.
TIPO_ACTO_PLAN = TipoActo(
    tipo=TIPO_APROBACION_PLAN, etiqueta="Aprobación del plan de abastecimiento", en_firme=plan_en_firme,
)
