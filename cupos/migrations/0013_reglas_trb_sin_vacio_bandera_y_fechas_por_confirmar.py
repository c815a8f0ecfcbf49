"""R-10: the accumulation rules as the decrees write them.

- «de 60 a 300 toneladas» and «de 301 toneladas»: the bounds meet at 300 with no gap; the upper rows
  start at «más de 300» (300 excluded) and the lower ones end at «menos de 60» (60 excluded), instead of
  300.01 and 59.99, which left out any TRB between them.
- D3802 de 2007 gave the 60–300 TRB row to «barcos … de bandera nacional» only: that row is
  national-flag only, and a foreign vessel of 60–300 TRB had no accumulation then (a new row, 1 month).
- The dates the 2004, 2007 and 2009 wordings took effect are not in the project's norms (each «rige a
  partir de su publicación»): they stay editable and are marked «por confirmar».
"""

import datetime as dt
from decimal import Decimal

from django.db import migrations, models

INICIO_2007 = dt.date(2007, 10, 2)
D3802_EXTRANJERAS = (
    "Decreto 3802 de 2007, art. 1: la acumulación trimestral de 60 a 300 TRB es solo para barcos de bandera "
    "nacional; las naves extranjeras de 60 a 300 TRB no acumulan"
)
# The 2002 decree's own date is in its text («Dado en Bogotá, D. C., a 19 de julio de 2002»); the rest
# come from later decrees whose publication dates the project's norms do not give.
CONFIRMADA = dt.date(2002, 7, 19)


def ajustar_reglas(apps, schema_editor):
    Regla = apps.get_model("cupos", "ReglaAcumulacion")
    Regla.objects.filter(clase="nave", trb_min=Decimal("300.01")).update(trb_min=Decimal("300"), trb_min_incluido=False)
    Regla.objects.filter(clase="nave", trb_max=Decimal("59.99")).update(trb_max=Decimal("60"), trb_max_incluido=False)
    medianas_2007 = Regla.objects.filter(
        clase="nave", trb_min=Decimal("60"), trb_max=Decimal("300"), vigente_desde=INICIO_2007, bandera=""
    )
    for regla in medianas_2007:
        regla.bandera = "nacional"
        regla.save(update_fields=["bandera"])
        Regla.objects.get_or_create(
            clase="nave", bandera="extranjera", trb_min=regla.trb_min, trb_max=regla.trb_max,
            vigente_desde=regla.vigente_desde,
            defaults={"meses": 1, "vigente_hasta": regla.vigente_hasta, "base_legal": D3802_EXTRANJERAS},
        )
    Regla.objects.exclude(vigente_desde=CONFIRMADA, vigente_hasta__isnull=True).update(fechas_por_confirmar=True)




class Migration(migrations.Migration):

    dependencies = [
        ('cupos', '0012_una_resolucion_anual_por_anio'),
    ]

    operations = [
        migrations.AddField(
            model_name='reglaacumulacion',
            name='bandera',
            field=models.CharField(blank=True, choices=[('', 'Nacional o extranjera'), ('nacional', 'Solo bandera nacional'), ('extranjera', 'Solo bandera extranjera')], default='', help_text='Solo para naves.', max_length=12),
        ),
        migrations.AddField(
            model_name='reglaacumulacion',
            name='fechas_por_confirmar',
            field=models.BooleanField(default=False, help_text='Las fechas de vigencia no constan en las normas del proyecto (fecha de publicación en el Diario Oficial): la UPME las confirma o corrige y desmarca esta casilla.', verbose_name='fechas por confirmar'),
        ),
        migrations.AddField(
            model_name='reglaacumulacion',
            name='trb_max_incluido',
            field=models.BooleanField(default=True, verbose_name='TRB hasta incluido'),
        ),
        migrations.AddField(
            model_name='reglaacumulacion',
            name='trb_min_incluido',
            field=models.BooleanField(default=True, verbose_name='TRB desde incluido'),
        ),
        migrations.AlterField(
            model_name='reglaacumulacion',
            name='trb_max',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=9, null=True, verbose_name='TRB hasta'),
        ),
        migrations.AlterField(
            model_name='reglaacumulacion',
            name='trb_min',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=9, null=True, verbose_name='TRB desde'),
        ),
        migrations.RunPython(ajustar_reglas, migrations.RunPython.noop),
    ]
