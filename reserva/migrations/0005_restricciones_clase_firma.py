"""C-02, C-01, C-06 constraints, once 0004 moved the data: a bill is bulk exactly when unpacked; a
share names a class or a commodity; a grant is signed, by the Secretary General only under a
delegation; bulk under ground (c) goes through the broker."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("reserva", "0004_datos_mercancia_clase_por_embalaje")]

    operations = [
        migrations.AddConstraint(
            model_name="conocimiento",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("clase", "granel"), ("embalaje", "granel")),
                    models.Q(("clase", "general"), models.Q(("embalaje", "granel"), _negated=True)),
                    _connector="OR",
                ),
                name="reserva_conocimiento_clase_por_embalaje",
            ),
        ),
        migrations.AddConstraint(
            model_name="porcentajereserva",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("mercancia", ""), models.Q(("clase", ""), _negated=True)),
                    models.Q(models.Q(("mercancia", ""), _negated=True), ("pais", "")),
                    _connector="OR",
                ),
                name="reserva_porcentaje_clase_o_mercancia",
            ),
        ),
        migrations.AddConstraint(
            model_name="exoneracion",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("clase", "granel"), ("fundamento", "c"), _negated=True),
                    models.Q(("corredor_nit", ""), _negated=True),
                    _connector="OR",
                ),
                name="reserva_exoneracion_granel_c_con_corredor",
            ),
        ),
        migrations.AddConstraint(
            model_name="exoneracion",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("estado", "concedida"), _negated=True),
                    models.Q(("firma_cargo", ""), _negated=True),
                    _connector="OR",
                ),
                name="reserva_exoneracion_concedida_firmada",
            ),
        ),
        migrations.AddConstraint(
            model_name="exoneracion",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("firma_cargo", "secretario_general"), _negated=True),
                    ("delegacion__isnull", False),
                    _connector="OR",
                ),
                name="reserva_exoneracion_secretario_delegado",
            ),
        ),
    ]
