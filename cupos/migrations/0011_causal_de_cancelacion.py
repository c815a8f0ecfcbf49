"""R-12: a cancellation names one of the decree's grounds (causal) and its support (soporte).

Existing cancellations get the ground their records show: a baja Dimar reported for the vessel on or
before the cancellation date → `baja_dimar` (the baja is the support); the inactivity alert of the
cupo resolved by cancelling it → `inactividad`. Any other keeps its reason and is recorded as
`comunicacion_autoridad` with a support that says the ground was inferred and must be confirmed.
"""

from django.db import migrations, models

from core.comun.fechas import fecha_larga, mes_largo

POR_CONFIRMAR = "Cancelación anterior al registro de la causal (por confirmar): "


def _baja(Baja, cupo):
    return (
        Baja.objects.filter(beneficiario_id=cupo.beneficiario_id, fecha__lte=cupo.fecha_cancelacion)
        .select_related("novedad")
        .order_by("-fecha")
        .first()
    )


def clasificar(apps, schema_editor):
    Cupo = apps.get_model("cupos", "Cupo")
    Baja = apps.get_model("cupos", "BajaDimar")
    Alerta = apps.get_model("core", "Alerta")
    for cupo in Cupo.objects.filter(estado="cancelado", causal_cancelacion="").iterator():
        motivo = (cupo.motivo_cancelacion or "").strip()
        baja = _baja(Baja, cupo) if cupo.fecha_cancelacion else None
        inactivo = Alerta.objects.filter(cupo_id=cupo.id, tipo="cupo_inactivo", resuelta__isnull=False).exists()
        if baja is not None:
            cupo.causal_cancelacion = "baja_dimar"
            soporte = (f"Baja reportada por Dimar el {fecha_larga(baja.fecha)} "
                       f"(novedades de {mes_largo(baja.novedad.periodo)})")
        elif inactivo:
            cupo.causal_cancelacion = "inactividad"
            soporte = f"Decisión de la UPME sobre la alerta de inactividad del cupo: {motivo}"
        else:
            cupo.causal_cancelacion = "comunicacion_autoridad"
            soporte = POR_CONFIRMAR + (motivo or "sin motivo registrado")
        cupo.soporte_cancelacion = soporte[:300]
        cupo.save(update_fields=["causal_cancelacion", "soporte_cancelacion"])


class Migration(migrations.Migration):

    dependencies = [
        ('cupos', '0010_movimiento_fecha_consumo_idx'),
        ('core', '0004_alerta'),
    ]

    operations = [
        migrations.AddField(
            model_name='cupo',
            name='causal_cancelacion',
            field=models.CharField(blank=True, choices=[('baja_dimar', 'Dimar informó la cancelación de la matrícula o del permiso de la nave'), ('inactividad', 'Sin uso por más de tres meses sin causa justificada (decisión de la UPME)'), ('comunicacion_autoridad', 'Comunicación motivada de Dimar, el Ministerio de Minas y Energía o una autoridad de control')], max_length=30, verbose_name='causal de la cancelación'),
        ),
        migrations.AddField(
            model_name='cupo',
            name='soporte_cancelacion',
            field=models.CharField(blank=True, help_text='R-12: la baja de Dimar, la decisión de la UPME sobre la inactividad, o la comunicación de la autoridad con su número y fecha.', max_length=300, verbose_name='soporte de la cancelación'),
        ),
        migrations.RunPython(clasificar, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='cupo',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('estado', 'cancelado'), _negated=True), models.Q(('causal_cancelacion__in', ['baja_dimar', 'inactividad', 'comunicacion_autoridad']), models.Q(('soporte_cancelacion', ''), _negated=True)), _connector='OR'), name='cupo_cancelado_con_causal_y_soporte'),
        ),
    ]
