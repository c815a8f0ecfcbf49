"""DOMAIN §8, issue 40 «Existing data»: every resolution issued before the procedure gets its act. One whose
cupos are all firm (or ended) stays firm, its act marked as recorded before the procedure (`previo`), each
beneficiary firm since its cupo's firmeza and its effects already applied. One with cupos still waiting for their
firmeza is recorded as transcribed with its own date: those cupos become firm once their notification is
recorded and the term runs (P-04). Drafts stay drafts. No cupo's state, date or balance changes."""

from django.db import migrations
from django.utils import timezone

LOTE = 2000


def registrar(apps, schema_editor):
    Resolucion = apps.get_model("cupos", "Resolucion")
    Cupo = apps.get_model("cupos", "Cupo")
    Acto = apps.get_model("core", "Acto")
    Interesado = apps.get_model("core", "Interesado")
    ahora = timezone.now()
    for resolucion in Resolucion.objects.filter(estado="expedida", acto__isnull=True).order_by("id").iterator():
        cupos = list(
            Cupo.objects.filter(resolucion_id=resolucion.id)
            .values("id", "beneficiario_id", "beneficiario__nombre", "estado", "fecha_firmeza")
            .order_by("id")
        )
        pendientes = any(c["estado"] == "expedido" for c in cupos)
        acto = Acto.objects.create(
            tipo="resolucion_cupos", referencia=str(resolucion.id), numero=f"{resolucion.numero} de {resolucion.anio}",
            autoridad="upme", fecha_expedicion=resolucion.fecha_expedicion, firmante=resolucion.firmante or "",
            previo=not pendientes, transcrito=pendientes,
            soporte="Expedida antes de que el portal llevara el procedimiento de los actos" if pendientes else "",
        )
        Resolucion.objects.filter(pk=resolucion.id).update(acto=acto)
        for inicio in range(0, len(cupos), LOTE):
            lote = cupos[inicio : inicio + LOTE]
            filas = Interesado.objects.bulk_create([
                Interesado(
                    acto=acto, beneficiario_id=c["beneficiario_id"], nombre=c["beneficiario__nombre"][:200],
                    referencia=f"beneficiario:{c['beneficiario_id']}",
                    en_firme_desde=c["fecha_firmeza"],
                    efectos_aplicados=ahora if c["fecha_firmeza"] or c["estado"] != "expedido" else None,
                )
                for c in lote
            ])
            por_beneficiario = {f.beneficiario_id: f.id for f in filas}
            if all(f.id for f in filas):
                cambios = [Cupo(id=c["id"], interesado_id=por_beneficiario[c["beneficiario_id"]]) for c in lote]
            else:  # a database that does not return the new ids
                ids = dict(Interesado.objects.filter(acto=acto).values_list("beneficiario_id", "id"))
                cambios = [Cupo(id=c["id"], interesado_id=ids[c["beneficiario_id"]]) for c in lote]
            Cupo.objects.bulk_update(cambios, ["interesado"], batch_size=LOTE)


class Migration(migrations.Migration):
    dependencies = [
        ("cupos", "0018_procedimiento_de_las_resoluciones"),
        ("core", "0027_motivacion_de_la_decision"),
    ]

    operations = [migrations.RunPython(registrar, migrations.RunPython.noop)]
