"""R-10 windows as data (the 2002, 2004, 2007 and 2009 regimes) and a write-once ledger.

On PostgreSQL a trigger refuses UPDATE and DELETE of ledger rows: mistakes are corrected by a
new movement (STYLE habit 5), and not even a bug in the code can rewrite history.
"""

import datetime as dt
from decimal import Decimal

from django.db import migrations

D1505 = "Decreto 1505 de 2002, art. 2 (texto original): cuotas mensuales, sin acumulación"
D4335 = "Decreto 4335 de 2004, art. 2 (modifica el art. 2 del Decreto 1505 de 2002)"
D3802 = "Decreto 3802 de 2007, art. 1 (modifica el art. 2 del Decreto 1505 de 2002)"
D1891 = "Decreto 1891 de 2009, art. 1 (texto vigente del art. 2 del Decreto 1505 de 2002)"

INICIO_2002 = dt.date(2002, 7, 19)
INICIO_2004 = dt.date(2004, 12, 21)
INICIO_2007 = dt.date(2007, 10, 2)
INICIO_2009 = dt.date(2009, 5, 26)
DIA = dt.timedelta(days=1)

# (clase, trb_min, trb_max, meses, desde, hasta, base legal). The original 2002 art. 2 covers vessels
# and the Armada only: acuicultoras enter with Decreto 4335 de 2004 (0006 removes an earlier 2002 row).
REGLAS = [
    ("nave", None, None, 1, INICIO_2002, INICIO_2004 - DIA, D1505),
    ("armada", None, None, 1, INICIO_2002, None, D1505 + "; sin acumulación en los textos posteriores"),
    ("nave", None, None, 1, INICIO_2004, INICIO_2007 - DIA, D4335),
    ("acuicultora", None, None, 3, INICIO_2004, INICIO_2007 - DIA, D4335),
    ("acuicultora", None, None, 3, INICIO_2007, INICIO_2009 - DIA, D3802),
    ("nave", None, Decimal("59.99"), 1, INICIO_2007, INICIO_2009 - DIA, D3802),
    ("nave", Decimal("60"), Decimal("300"), 2, INICIO_2007, INICIO_2009 - DIA, D3802),
    ("nave", Decimal("300.01"), None, 4, INICIO_2007, INICIO_2009 - DIA, D3802),
    ("acuicultora", None, None, 2, INICIO_2009, None, D1891 + ": bimestral"),
    ("nave", None, Decimal("59.99"), 1, INICIO_2009, None, D1891 + ": sin acumulación por debajo de 60 TRB"),
    ("nave", Decimal("60"), Decimal("300"), 3, INICIO_2009, None, D1891 + ": trimestral, 60 a 300 TRB"),
    ("nave", Decimal("300.01"), None, 4, INICIO_2009, None, D1891 + ": cuatrimestral, más de 300 TRB"),
]

TRIGGER = """
CREATE OR REPLACE FUNCTION cupos_movimiento_inmutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'El libro de movimientos es de solo escritura: corrija con un nuevo movimiento.';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER cupos_movimiento_inmutable
  BEFORE UPDATE OR DELETE ON cupos_movimiento
  FOR EACH ROW EXECUTE FUNCTION cupos_movimiento_inmutable();
"""
SIN_TRIGGER = """
DROP TRIGGER IF EXISTS cupos_movimiento_inmutable ON cupos_movimiento;
DROP FUNCTION IF EXISTS cupos_movimiento_inmutable();
"""


def cargar_reglas(apps, schema_editor):
    Regla = apps.get_model("cupos", "ReglaAcumulacion")
    for clase, trb_min, trb_max, meses, desde, hasta, base in REGLAS:
        Regla.objects.get_or_create(
            clase=clase, trb_min=trb_min, trb_max=trb_max, vigente_desde=desde,
            defaults={"meses": meses, "vigente_hasta": hasta, "base_legal": base},
        )


def crear_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(TRIGGER)


def borrar_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(SIN_TRIGGER)


class Migration(migrations.Migration):
    dependencies = [("cupos", "0002_reglaacumulacion_resolucion_cupo_solicitud_and_more")]

    operations = [
        migrations.RunPython(cargar_reglas, migrations.RunPython.noop),
        migrations.RunPython(crear_trigger, borrar_trigger),
    ]
