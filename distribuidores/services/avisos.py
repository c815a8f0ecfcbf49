"""Notices to the beneficiary of every exempt sale in its name (core.mensajes.avisos): a vessel's certificate
redeemed, or gallons discounted from an acuicultora's or the Armada's cupo. It reports "no fui yo"
about them from the notice's link."""

from django.urls import reverse

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.mensajes import avisos
from core.mensajes.avisos import Acto
from core.models import Alerta
from distribuidores.models import Venta

VENTA = "venta"  # the act's class in the notice's signed link


def avisar_venta(venta: Venta) -> None:
    beneficiario, galones, fecha = venta.beneficiario, galones_texto(venta.galones), fecha_larga(venta.fecha)
    vendedor = f"{venta.distribuidor.razon_social} (NIT {venta.distribuidor.nit})"
    lineas = [f"Distribuidor: {vendedor}", f"Galones vendidos: {galones}", f"Fecha de la venta: {fecha}"]
    verificar = ""
    if venta.certificado_id:
        certificado = venta.certificado
        resumen = (f"{vendedor} registró la venta exenta de {galones} galones a {beneficiario.nombre} el {fecha}, "
                   f"con el certificado {certificado.numero}, que queda redimido.")
        lineas.insert(0, f"Certificado redimido: {certificado.numero} "
                         f"({galones_texto(certificado.galones_autorizados)} galones autorizados)")
        verificar = f"{avisos.portal()}{reverse('zarpes:verificar', args=[certificado.codigo_verificacion])}"
    else:
        resumen = (f"{vendedor} registró la venta exenta de {galones} galones a {beneficiario.nombre} el {fecha}: "
                   "se descontaron de su cupo.")
        lineas.append(f"Galones descontados de su cupo: {galones}")
    avisos.avisar(
        beneficiario=beneficiario, clave=f"venta:{venta.id}",
        asunto=f"Venta exenta de {galones} galones a su nombre", resumen=resumen, lineas=lineas,
        acto=f"{VENTA}:{venta.id}", verificar=verificar,
    )


def describir_venta(venta_id: str) -> Acto | None:
    v = Venta.objects.select_related("distribuidor", "beneficiario", "certificado", "movimiento").filter(
        pk=int(venta_id) if venta_id.isdigit() else 0).first()
    if v is None:
        return None
    texto = (f"Venta exenta de {galones_texto(v.galones)} galones registrada por {v.distribuidor.razon_social} "
             f"(NIT {v.distribuidor.nit}) el {fecha_larga(v.fecha)} a {v.beneficiario.nombre}")
    if v.certificado_id:
        texto += f", con el certificado {v.certificado.numero}"
    cupo_id = v.certificado.cupo_id if v.certificado_id else v.movimiento.cupo_id
    return Acto(f"venta:{v.id}", texto, v.beneficiario_id, cupo_id)


def enlace_alerta(alerta) -> tuple[str, str] | None:
    """A "no fui yo" about a sale links to the certificate it redeemed, or to the beneficiary."""
    if alerta.tipo != Alerta.Tipo.AVISO_NO_FUI_YO or not alerta.referencia.startswith(f"{VENTA}:"):
        return None
    venta = Venta.objects.select_related("certificado").filter(pk=int(alerta.referencia.partition(":")[2])).first()
    if venta is None:
        return None
    if venta.certificado_id:
        return (f"Certificado {venta.certificado.numero}",
                reverse("zarpes:verificar", args=[venta.certificado.codigo_verificacion]))
    return str(venta.beneficiario), reverse("cupos:beneficiario", args=[venta.beneficiario_id])
