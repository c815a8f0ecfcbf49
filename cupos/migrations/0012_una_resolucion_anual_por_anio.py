"""R-05: one annual resolution per year (D1891 art. 1: «se establecerán anualmente mediante resolución
motivada»); every other act of the year modifies or adds to it.

A year that already holds more than one annual resolution keeps as annual the one issued first (an
issued one before a draft, then by issue date and id); each other one becomes a modifying resolution
(`modificatoria`) of it, with a note in its considerandos, so no act or cupo is lost and the UPME can
review them.
"""

from django.db import migrations, models
from django.db.models import Count

NOTA = (
    "\n\n[Registro corregido: el año ya tenía la resolución anual {numero}; este acto se registra como "
    "modificatorio de ella (una sola resolución anual por año, Decreto 1891 de 2009, art. 1).]"
)
ORDEN_ESTADO = {"expedida": 0, "expidiendo": 1, "borrador": 2}


def una_anual_por_anio(apps, schema_editor):
    Resolucion = apps.get_model("cupos", "Resolucion")
    repetidos = (
        Resolucion.objects.filter(tipo="anual").values("anio").annotate(n=Count("id")).filter(n__gt=1)
    )
    for fila in repetidos:
        anuales = sorted(
            Resolucion.objects.filter(anio=fila["anio"], tipo="anual"),
            key=lambda r: (ORDEN_ESTADO.get(r.estado, 3), r.fecha_expedicion, r.id),
        )
        principal = anuales[0]
        for otra in anuales[1:]:
            otra.tipo = "modificatoria"
            otra.modifica_id = principal.id
            otra.considerandos = (otra.considerandos or "") + NOTA.format(numero=principal.numero)
            otra.save(update_fields=["tipo", "modifica", "considerandos"])


class Migration(migrations.Migration):
    dependencies = [
        ("cupos", "0011_causal_de_cancelacion"),
    ]

    operations = [
        migrations.RunPython(una_anual_por_anio, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="resolucion",
            constraint=models.UniqueConstraint(
                condition=models.Q(("tipo", "anual")), fields=("anio",), name="resolucion_anual_unica_por_anio"
            ),
        ),
    ]
