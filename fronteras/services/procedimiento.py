"""Border acts under the procedure (DOMAIN §8, F-05, F-07): a UPME assignment of maximum volumes is an act that
concerns each station it assigns; MinMinas' approval of a supply plan is an act that concerns Ecopetrol. Each is
notified (P-01), states its recursos (P-02) and is final (ejecutoriado) on the day P-04 gives, never before: the
day the act is firm for every person it concerns. What each act does once firm is in fronteras.services.efectos.

Who the persons concerned are (docs/decisiones.md): a station has no NIT in the registry, so each assigned station
is one person by its code and name (`referencia` "estacion:<id>"), notified in person or by aviso by UPME's staff,
who also records a recurso it files on paper. Ecopetrol is one person by its NIT, so an account that speaks for
that NIT reads its acts."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db.models import Exists, OuterRef

from core.actos.models import Acto, Autoridad, Recurso
from core.actos.services import acto_expedir, exigir_firmeza
from core.comun.errors import DatosInvalidos
from core.comun.fechas import fecha_larga
from core.vencimientos import calendario

TIPO_ASIGNACION = "asignacion_frontera"
TIPO_APROBACION_PLAN = "aprobacion_plan_frontera"
# Ecopetrol S.A., NIT 899.999.068-1: the person concerned by a plan's approval (F-07).
NIT_ECOPETROL = settings.ECOPETROL_NIT
NOMBRE_ECOPETROL = "Ecopetrol S.A."


def referencia_estacion(estacion_id: int) -> str:
    return f"estacion:{estacion_id}"


def fecha_del_acto(*, transcrita: bool, fecha: dt.date | None, soporte: str, campo: str) -> dt.date | None:
    """P-05: an act issued in the portal is dated the day it is issued; a date is given only with a paper act
    transcribed with its support. None for an act issued today."""
    if transcrita:
        if fecha is None:
            raise DatosInvalidos({campo: "Un acto transcrito lleva la fecha en que se expidió en papel."})
        if not (soporte or "").strip():
            raise DatosInvalidos({"soporte": "Un acto transcrito lleva el soporte del acto en papel."})
        return fecha
    if fecha is not None and fecha != calendario.today():
        raise DatosInvalidos({
            campo: f"Un acto expedido en el portal lleva la fecha del día en que se expide "
                   f"({fecha_larga(calendario.today())}); uno expedido antes en papel se registra como transcrito "
                   "(«transcrita»), con su fecha y su soporte."
        })
    return None


def asignacion_acto_expedir(*, actor, asignacion, transcrita: bool = False, fecha_expedicion: dt.date | None = None,
                            soporte: str = "") -> Acto:
    """F-05: UPME's assignment issued as an act (in the caller's transaction), one person concerned per station
    it assigns."""
    partes = asignacion.estaciones.select_related("estacion").order_by("estacion__codigo")
    acto = acto_expedir(
        actor=actor, tipo=TIPO_ASIGNACION, referencia=str(asignacion.pk), autoridad=Autoridad.UPME,
        numero=asignacion.resolucion, firmante="Director General UPME", transcrito=transcrita,
        fecha_expedicion=fecha_expedicion if transcrita else None, soporte=soporte,
        interesados=[
            {"nombre": f"{p.estacion.codigo} — {p.estacion.nombre}", "referencia": referencia_estacion(p.estacion_id)}
            for p in partes
        ],
    )
    asignacion.acto = acto
    asignacion.save(update_fields=["acto"])
    return acto


def plan_acto_expedir(*, actor, plan, transcrita: bool = False, fecha: dt.date | None = None,
                      soporte: str = "") -> Acto:
    """F-07: MinMinas' approval issued as an act concerning Ecopetrol (a modification approved later is a new
    act: the plan points to the latest)."""
    previas = Acto.objects.filter(tipo=TIPO_APROBACION_PLAN, referencia__startswith=f"{plan.pk}:").count()
    acto = acto_expedir(
        actor=actor, tipo=TIPO_APROBACION_PLAN, referencia=f"{plan.pk}:{previas + 1}", autoridad=Autoridad.MINMINAS,
        numero=plan.resolucion, firmante="Dirección de Hidrocarburos", transcrito=transcrita,
        fecha_expedicion=fecha if transcrita else None, soporte=soporte,
        interesados=[{"nombre": NOMBRE_ECOPETROL, "nit": NIT_ECOPETROL, "referencia": "ecopetrol"}],
    )
    plan.acto = acto
    return acto


def exigir_ejecutoria(acto: Acto | None, fecha: dt.date) -> None:
    """P-04 and P-05: an act is final (ejecutoriado) on a day on or after the act and on or after the day it is
    firm for every person it concerns. 400 before the act; 409 recurso_en_tramite while any person's recurso is
    pending (art. 79), else 409 firmeza_anticipada naming the first person not yet firm. An act recorded before
    the procedure existed (`previo`) is not held back."""
    if acto is None:
        return
    if fecha < acto.fecha_expedicion:
        raise DatosInvalidos(
            {"fecha": f"La ejecutoria no puede ser anterior al acto ({fecha_larga(acto.fecha_expedicion)})."}
        )
    if acto.previo:
        return
    pendiente = Recurso.objects.filter(interesado=OuterRef("pk"), estado=Recurso.Estado.EN_TRAMITE)
    personas = (
        acto.interesados.annotate(en_tramite=Exists(pendiente)).order_by("-en_tramite", "id")
        .values_list("id", flat=True)
    )
    for interesado_id in personas:
        exigir_firmeza(interesado_id, fecha)


def ejecutoria_prevista(acto: Acto | None) -> dt.date | None:
    """P-04: the day the act is firm for every person it concerns, once knowable (each notified, no recurso
    pending, each decision notified); None before."""
    if acto is None:
        return None
    if acto.previo:
        return acto.fecha_expedicion
    fechas = [i.en_firme_desde for i in acto.interesados.all()]  # a list prefetches them (selectors)
    if not fechas or any(f is None for f in fechas):
        return None
    return max(fechas)
