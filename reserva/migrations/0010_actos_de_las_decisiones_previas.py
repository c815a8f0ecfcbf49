"""DOMAIN §8, «Existing data»: every reserva decision taken before the procedure gets its act, marked as recorded
before the procedure (`previo`): an exoneration granted, denied or withdrawn (C-06, P-06), a yearly contract
authorized or denied (C-11), a surcharge authorized or denied (C-12), a fine (C-05). Each act concerns the
petitioner by its NIT (the conference by its code), firm since the decision's date, its effects applied: nothing
that was in force yesterday changes (a grant keeps exonerating its bills, its shipments go on)."""

from django.db import migrations
from django.utils import timezone

# reserva.services.procedimiento, frozen here.
EXONERACION, DESISTIMIENTO = "reserva_exoneracion", "reserva_desistimiento"
CONTRATO, RECARGO, MULTA = "reserva_contrato_anual", "reserva_recargo", "reserva_multa"


def _nombres(apps) -> dict[str, str]:
    UsuarioCarga = apps.get_model("reserva", "UsuarioCarga")
    return dict(UsuarioCarga.objects.values_list("nit", "razon_social"))


def registrar(apps, schema_editor):
    Acto = apps.get_model("core", "Acto")
    Interesado = apps.get_model("core", "Interesado")
    ahora = timezone.now()
    nombres = _nombres(apps)

    def acto(tipo, pk, numero, autoridad, fecha, nit, nombre, firmante=""):
        fila = Acto.objects.create(
            tipo=tipo, referencia=f"{pk}:1", numero=numero[:60], autoridad=autoridad, fecha_expedicion=fecha,
            firmante=firmante[:200], previo=True,
        )
        Interesado.objects.create(
            acto=fila, nit=nit[:20], nombre=(nombre or f"NIT {nit}")[:200], referencia=f"nit:{nit}"[:120],
            en_firme_desde=fecha, efectos_aplicados=ahora,
        )
        return fila

    Exoneracion = apps.get_model("reserva", "Exoneracion")
    for e in Exoneracion.objects.filter(estado__in=("concedida", "negada", "desistida"), acto__isnull=True).iterator():
        tipo = DESISTIMIENTO if e.estado == "desistida" else EXONERACION
        fecha = e.fecha_decision or e.vence_completar or e.fecha_radicacion
        nuevo = acto(tipo, e.pk, f"solicitud n.º {e.pk}", "dimar", fecha, e.usuario_nit, nombres.get(e.usuario_nit),
                     e.firma_nombre)
        Exoneracion.objects.filter(pk=e.pk).update(acto=nuevo)

    ContratoAnual = apps.get_model("reserva", "ContratoAnual")
    for c in ContratoAnual.objects.filter(estado__in=("autorizado", "negado"), acto__isnull=True).iterator():
        fecha = c.fecha_autorizacion or c.fecha_negacion or c.fecha_presentacion
        nuevo = acto(CONTRATO, c.pk, f"contrato n.º {c.pk}", "dimar", fecha, c.usuario_nit,
                     nombres.get(c.usuario_nit), "Director General Marítimo")
        ContratoAnual.objects.filter(pk=c.pk).update(acto=nuevo)

    Recargo = apps.get_model("reserva", "Recargo")
    decididos = Recargo.objects.filter(estado__in=("autorizado", "negado"), acto__isnull=True)
    for r in decididos.select_related("conferencia").iterator():
        fecha = r.fecha_decision or r.fecha_presentacion
        nuevo = acto(RECARGO, r.pk, f"recargo n.º {r.pk}", "dimar", fecha, r.conferencia.codigo,
                     r.conferencia.nombre or r.conferencia.codigo, "Director General Marítimo")
        Recargo.objects.filter(pk=r.pk).update(acto=nuevo)

    ResultadoControl = apps.get_model("reserva", "ResultadoControl")
    multas = ResultadoControl.objects.filter(resultado="multa", acto_procedimiento__isnull=True)
    for m in multas.select_related("control", "capitania").iterator():
        nuevo = acto(MULTA, m.pk, m.acto, "capitania", m.fecha, m.control.usuario_nit,
                     nombres.get(m.control.usuario_nit), m.capitania.nombre)
        ResultadoControl.objects.filter(pk=m.pk).update(acto_procedimiento=nuevo)


class Migration(migrations.Migration):
    dependencies = [("reserva", "0009_actos_de_las_decisiones")]

    operations = [migrations.RunPython(registrar, migrations.RunPython.noop)]
