"""Infractions and investigations Dimar sends to the capitanías, on C-05's path (an AvisoCapitania per
capitanía, the outbox message and Dimar's alert, each once per fact):

- C-04 (art. 20): a bill of lading carried under a grant it does not match (another user, commodity or
  class, a port other than the grant's, or loaded after its deadline) stays in the yearly base and is an
  infraction, `embarque_fuera_de_exoneracion`.
- C-10 (arts. 3–6): Dimar qualified a national shipowner's offer «iguales o mejores» and the cargo it
  covered went on a foreign ship: an investigation, `oferta_nacional_desatendida`.
"""

import datetime as dt

from core.comun.fechas import fecha_larga
from reserva.models import AvisoCapitania, Conocimiento, SolicitudOferta, TipoAlertaReserva
from reserva.selectors.deberes import referencia_oferta
from reserva.selectors.exoneraciones import desajustes_con_concesion
from reserva.services.avisos import capitania_avisar
from reserva.services.exoneraciones import capitanias_de

CODIGO_FUERA_DE_EXONERACION = "embarque_fuera_de_exoneracion"
CODIGO_OFERTA_DESATENDIDA = "oferta_nacional_desatendida"


def referencia_conocimiento(conocimiento: Conocimiento) -> str:
    return f"conocimiento-{conocimiento.pk}"


def _capitanias(*candidatas) -> list:
    vistas = []
    for capitania in candidatas:
        if capitania is not None and capitania not in vistas:
            vistas.append(capitania)
    return sorted(vistas, key=lambda c: c.codigo)


def infraccion_fuera_de_exoneracion_notify(*, conocimiento: Conocimiento, fecha: dt.date) -> list[str]:
    """C-04 (art. 20): when the bill does not match the grant it names, tell the capitanía of its arrival
    and those of the grant's ports (art. 19), once per bill. Returns the mismatches (empty: nothing sent)."""
    exoneracion = conocimiento.exoneracion
    if exoneracion is None:
        return []
    motivos = desajustes_con_concesion(conocimiento, exoneracion)
    if not motivos:
        return []
    arribo = conocimiento.arribo
    detalle = (
        f"Infracción a la reserva de carga (art. 20): el conocimiento {conocimiento.numero} de "
        f"{conocimiento.usuario_nombre} (NIT {conocimiento.usuario_nit}), {conocimiento.toneladas:,.3f} t en "
        f"{arribo.nave.nombre} ({fecha_larga(arribo.fecha_arribo)}), se presentó bajo la exoneración "
        f"n.º {exoneracion.pk} sin ajustarse a ella: {'; '.join(motivos)}. Sigue en la base de su reserva."
    )[:500]
    referencia = referencia_conocimiento(conocimiento)
    for capitania in _capitanias(arribo.capitania, *capitanias_de(exoneracion)):
        capitania_avisar(
            capitania=capitania,
            tipo=AvisoCapitania.Tipo.FUERA_DE_EXONERACION,
            referencia=referencia,
            detalle=detalle,
            mensaje=(
                f"reserva.{CODIGO_FUERA_DE_EXONERACION}",
                f"reserva-{referencia}-{capitania.codigo}",
                {
                    "infraccion": CODIGO_FUERA_DE_EXONERACION,
                    "conocimiento": conocimiento.pk,
                    "exoneracion": exoneracion.pk,
                    "usuario_nit": conocimiento.usuario_nit,
                    "capitania": capitania.codigo,
                    "detalle": detalle,
                },
            ),
            alerta=TipoAlertaReserva.EMBARQUE_FUERA_DE_EXONERACION,
            vence=arribo.fecha_arribo,
            fecha=fecha,
            exoneracion=exoneracion,
        )
    return motivos


def investigacion_oferta_open(*, solicitud: SolicitudOferta, fecha: dt.date) -> list[Conocimiento]:
    """C-10 (arts. 3–6, 13): Dimar qualified the national offer «iguales o mejores» and cargo the request
    covers went on a foreign ship (neither Colombian-flag nor assimilated on its arrival date): the user
    had to contract the national shipowner, so an investigation goes to the capitanía of each such
    arrival, on C-05's path, once per request and capitanía. Returns the bills on foreign ships."""
    if solicitud.calificacion != SolicitudOferta.Calificacion.IGUALES_O_MEJORES:
        return []
    extranjeros = [
        c
        for c in solicitud.conocimientos.select_related("arribo__nave", "arribo__capitania").order_by("numero")
        if not c.arribo.nave.cuenta_reserva_en(c.arribo.fecha_arribo)
    ]
    referencia = referencia_oferta(solicitud)
    for capitania in _capitanias(*(c.arribo.capitania for c in extranjeros)):
        suyos = [c for c in extranjeros if c.arribo.capitania == capitania]
        cargas = ", ".join(
            f"{c.numero} ({c.toneladas:,.3f} t en {c.arribo.nave.nombre}, bandera {c.arribo.nave.bandera})"
            for c in suyos
        )
        detalle = (
            f"Investigación (arts. 3 a 6 y 13): Dimar calificó en condiciones iguales o mejores la oferta del "
            f"armador nacional de la solicitud n.º {solicitud.pk} de {solicitud.usuario_nit} "
            f"({fecha_larga(solicitud.fecha_calificacion)}), y la carga viajó en nave extranjera: {cargas}."
        )[:500]
        capitania_avisar(
            capitania=capitania,
            tipo=AvisoCapitania.Tipo.OFERTA_NACIONAL_DESATENDIDA,
            referencia=referencia,
            detalle=detalle,
            mensaje=(
                f"reserva.{CODIGO_OFERTA_DESATENDIDA}",
                f"reserva-{referencia}-{capitania.codigo}",
                {
                    "investigacion": CODIGO_OFERTA_DESATENDIDA,
                    "solicitud_oferta": solicitud.pk,
                    "usuario_nit": solicitud.usuario_nit,
                    "capitania": capitania.codigo,
                    "conocimientos": [c.pk for c in suyos],
                    "detalle": detalle,
                },
            ),
            alerta=TipoAlertaReserva.OFERTA_NACIONAL_DESATENDIDA,
            vence=fecha,
            fecha=fecha,
        )
    return extranjeros
