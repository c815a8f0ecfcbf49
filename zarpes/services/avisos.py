"""Notices to the vessel of every act of the Capitanía in its name (core.mensajes.avisos): the certificate
issued, the inspector's refund, the annulment. Built here, in Spanish; queued by the act's service
in its own transaction. The vessel reports "no fui yo" about them from the notice's link."""

from django.urls import reverse

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.mensajes import avisos
from core.mensajes.avisos import Acto
from core.models import Alerta
from zarpes.models import Anulacion, Certificado, Inspeccion

# Acts as they travel in the notice's signed link ("<clase>:<referencia>").
CERTIFICADO, REINTEGRO, ANULACION = "certificado", "reintegro", "anulacion"


def enlace_verificacion(codigo: str) -> str:
    return f"{avisos.portal()}{reverse('zarpes:verificar', args=[codigo])}"


def _nave(nave) -> str:
    return f"{nave.nombre} (matrícula {nave.matricula})" if nave.matricula else nave.nombre


def _capitania(capitania) -> str:
    return f"{capitania.nombre} ({capitania.codigo})"


def _lineas_certificado(certificado: Certificado, *lineas: str, fecha: str) -> list[str]:
    """The lines of a notice about an act on an issued certificate: the certificate, the act's own
    lines, the Capitanía and the date line."""
    return [
        f"Certificado: {certificado.numero} ({galones_texto(certificado.galones_autorizados)} galones autorizados)",
        *lineas,
        f"Capitanía de Puerto: {_capitania(certificado.capitania)}",
        fecha,
    ]


def aviso_certificado(*, nave, certificado: Certificado, capitania, disponible_despues) -> dict | None:
    """The payload of the notice of an issued certificate, or None without contact data. The number
    may still be zarpes_sql.MARCA_NUMERO (the PostgreSQL path puts it in inside its statement)."""
    numero, galones = certificado.numero, galones_texto(certificado.galones_autorizados)
    fecha = fecha_larga(certificado.fecha_expedicion)
    return avisos.aviso_payload(
        beneficiario=nave,
        asunto=f"Certificado de cupo de exención {numero} expedido a su nave",
        resumen=(f"La {_capitania(capitania)} expidió el certificado {numero} "
                 f"por {galones} galones a la nave {_nave(nave)} el {fecha}."),
        lineas=[
            f"Certificado: {numero}",
            f"Galones autorizados: {galones}",
            f"Capitanía de Puerto: {_capitania(capitania)}",
            f"Fecha de expedición: {fecha}",
            f"Saldo disponible del cupo después del zarpe: {galones_texto(disponible_despues)} galones",
        ],
        acto=f"{CERTIFICADO}:{certificado.codigo_verificacion}",
        verificar=enlace_verificacion(certificado.codigo_verificacion),
    )


def clave_certificado(numero: str) -> str:
    return f"aviso:certificado:{numero}"


def avisar_reintegro(*, inspeccion: Inspeccion, certificado: Certificado) -> None:
    """The inspector's report returned gallons to the cupo (R-17)."""
    nave, galones = certificado.nave, galones_texto(inspeccion.reintegro)
    fecha = fecha_larga(inspeccion.fecha)
    avisos.avisar(
        beneficiario=nave, clave=f"reintegro:{inspeccion.id}",
        asunto=f"Reintegro de {galones} galones a su cupo (certificado {certificado.numero})",
        resumen=(f"El inspector de contaminación verificó {galones_texto(inspeccion.galones_verificados)} galones "
                 f"tomados con el certificado {certificado.numero} de la nave {_nave(nave)}: se reintegraron "
                 f"{galones} galones a su cupo el {fecha}."),
        lineas=_lineas_certificado(
            certificado,
            f"Galones verificados: {galones_texto(inspeccion.galones_verificados)}",
            f"Galones reintegrados al cupo: {galones}",
            fecha=f"Fecha del informe: {fecha}",
        ),
        acto=f"{REINTEGRO}:{inspeccion.id}",
        verificar=enlace_verificacion(certificado.codigo_verificacion),
    )


def avisar_anulacion(*, anulacion: Anulacion, certificado: Certificado) -> None:
    """The Capitanía annulled a certificate; its discount returned to the cupo (or not: window closed)."""
    nave, fecha = certificado.nave, fecha_larga(anulacion.fecha)
    reintegro = (
        f"se reintegraron {galones_texto(anulacion.reintegro)} galones a su cupo" if anulacion.reintegro > 0
        else "no se reintegró ningún galón (la ventana de acumulación ya cerró)"
    )
    avisos.avisar(
        beneficiario=nave, clave=f"anulacion:{anulacion.id}",
        asunto=f"Certificado de cupo de exención {certificado.numero} anulado",
        resumen=(f"La {_capitania(certificado.capitania)} anuló el "
                 f"certificado {certificado.numero} de la nave {_nave(nave)} el {fecha}: {reintegro}."),
        lineas=[
            *_lineas_certificado(
                certificado,
                f"Galones reintegrados al cupo: {galones_texto(anulacion.reintegro)}",
                fecha=f"Fecha de la anulación: {fecha}",
            ),
            f"Motivo: {anulacion.motivo}",
        ],
        acto=f"{ANULACION}:{anulacion.id}",
        verificar=enlace_verificacion(certificado.codigo_verificacion),
    )


def _certificado(certificado: Certificado, que: str) -> str:
    return (f"{que} del certificado {certificado.numero} ({galones_texto(certificado.galones_autorizados)} galones, "
            f"Capitanía de Puerto {certificado.capitania.codigo}, {fecha_larga(certificado.fecha_expedicion)}) "
            f"a la nave {_nave(certificado.nave)}")


def describir_certificado(codigo: str) -> Acto | None:
    c = Certificado.objects.select_related("nave", "capitania").filter(codigo_verificacion=codigo).first()
    if c is None:
        return None
    return Acto(f"certificado:{c.numero}", _certificado(c, "Expedición"), c.nave_id, c.cupo_id)


def describir_reintegro(inspeccion_id: str) -> Acto | None:
    i = Inspeccion.objects.select_related("zarpe__certificado__nave", "zarpe__certificado__capitania").filter(
        pk=int(inspeccion_id) if inspeccion_id.isdigit() else 0).first()
    if i is None:
        return None
    c = i.zarpe.certificado
    return Acto(f"reintegro:{c.numero}",
                _certificado(c, f"Reintegro de {galones_texto(i.reintegro)} galones por el informe del inspector"),
                c.nave_id, c.cupo_id)


def describir_anulacion(anulacion_id: str) -> Acto | None:
    a = Anulacion.objects.select_related("certificado__nave", "certificado__capitania").filter(
        pk=int(anulacion_id) if anulacion_id.isdigit() else 0).first()
    if a is None:
        return None
    c = a.certificado
    return Acto(f"anulacion:{c.numero}", _certificado(c, "Anulación"), c.nave_id, c.cupo_id)


DESCRIPTORES = {CERTIFICADO: describir_certificado, REINTEGRO: describir_reintegro, ANULACION: describir_anulacion}


def enlace_alerta(alerta) -> tuple[str, str] | None:
    """A "no fui yo" about a certificate links to the certificate (its verification page)."""
    if alerta.tipo != Alerta.Tipo.AVISO_NO_FUI_YO:
        return None
    clase, _, numero = alerta.referencia.partition(":")
    if clase not in DESCRIPTORES:
        return None
    codigo = Certificado.objects.filter(numero=numero).values_list("codigo_verificacion", flat=True).first()
    if codigo is None:
        return None
    return f"Certificado {numero}", reverse("zarpes:verificar", args=[codigo])
