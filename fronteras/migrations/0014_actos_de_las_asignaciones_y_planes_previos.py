"""DOMAIN §8 for the border acts recorded before the procedure: every assignment and every plan approval gets its
act. One already final (ejecutoria recorded) stays final: its act is marked as recorded before the procedure
(`previo`), each person firm since the ejecutoria and its effects already applied. One issued but not yet final is
recorded as transcribed with its own date: it becomes final once its notifications are recorded and the term runs
(P-04). No state, date or volume changes: what was in force stays in force."""

from django.db import migrations
from django.utils import timezone

SOPORTE = "Expedida antes de que el portal llevara el procedimiento de los actos"


def _fecha(creada, respaldo):
    return timezone.localtime(creada).date() if creada else respaldo


def registrar(apps, schema_editor):
    Asignacion = apps.get_model("fronteras", "Asignacion")
    AsignacionEstacion = apps.get_model("fronteras", "AsignacionEstacion")
    Plan = apps.get_model("fronteras", "PlanAbastecimiento")
    Acto = apps.get_model("core", "Acto")
    Interesado = apps.get_model("core", "Interesado")
    ahora = timezone.now()
    for asignacion in Asignacion.objects.filter(acto__isnull=True).order_by("id").iterator():
        final = asignacion.fecha_ejecutoria
        expedida = _fecha(asignacion.creada, asignacion.vigencia_inicio)
        if final is not None:
            expedida = min(expedida, final)
        acto = Acto.objects.create(
            tipo="asignacion_frontera", referencia=str(asignacion.id), numero=asignacion.resolucion,
            autoridad="upme", fecha_expedicion=expedida, firmante="Director General UPME",
            previo=final is not None, transcrito=final is None, soporte="" if final is not None else SOPORTE,
        )
        Asignacion.objects.filter(pk=asignacion.id).update(acto=acto)
        partes = (AsignacionEstacion.objects.filter(asignacion_id=asignacion.id)
                  .values_list("estacion_id", "estacion__codigo", "estacion__nombre").order_by("estacion__codigo"))
        Interesado.objects.bulk_create([
            Interesado(acto=acto, nombre=f"{codigo} — {nombre}"[:200], referencia=f"estacion:{estacion_id}",
                       en_firme_desde=final, efectos_aplicados=ahora if final is not None else None)
            for estacion_id, codigo, nombre in partes
        ])
    for plan in Plan.objects.filter(acto__isnull=True, fecha_aprobacion__isnull=False).order_by("id").iterator():
        final = plan.fecha_ejecutoria
        acto = Acto.objects.create(
            tipo="aprobacion_plan_frontera", referencia=f"{plan.id}:1", numero=plan.resolucion, autoridad="minminas",
            fecha_expedicion=plan.fecha_aprobacion, firmante="Dirección de Hidrocarburos",
            previo=final is not None, transcrito=final is None, soporte="" if final is not None else SOPORTE,
        )
        Plan.objects.filter(pk=plan.id).update(acto=acto)
        Interesado.objects.create(
            acto=acto, nombre="Ecopetrol S.A.", nit="899999068", referencia="ecopetrol", en_firme_desde=final,
            efectos_aplicados=ahora if final is not None else None,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("fronteras", "0013_procedimiento_de_los_actos"),
        ("core", "0027_motivacion_de_la_decision"),
    ]

    operations = [migrations.RunPython(registrar, migrations.RunPython.noop)]
