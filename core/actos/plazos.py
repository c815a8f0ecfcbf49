"""The procedure's deadlines (R-25). P-01: a person concerned still not notified 5 business days after the act was
issued raises `notificacion_pendiente` for the staff of the authority that issued it, who then notify in person or by
aviso. P-03: a recurso still pending 30 days before its 2-month term for a decision ends raises
`recurso_por_decidir` for the authority that decides it, and again when the term has ended (art. 86: after it,
silence is a denial)."""

import datetime as dt

from core.actos.access import PERSONAL
from core.actos.models import Interesado, Recurso
from core.actos.procedimiento import procedentes
from core.comun.fechas import fecha_larga
from core.models import Alerta
from core.vencimientos.alertas import Sujeto
from core.vencimientos.calendario import add_business_days
from core.vencimientos.plazos import RevisionPorPaginas

DIAS_HABILES = 5  # P-01: «if the act is not opened within 5 business days, an officer records …»
PREFIJO = "interesado-"


class NotificacionPendiente(RevisionPorPaginas):
    tipo = Alerta.Tipo.NOTIFICACION_PENDIENTE

    def atrasados(self, fecha):
        # Acts issued by the day whose fifth business day after has passed, a transcribed paper act too (its
        # notification is recorded like any other's, API.md «Acts»: a paper act whose cupo waits for it would
        # otherwise wait unseen). Left out: the acts recorded firm before the procedure, and a person for whom
        # the act is firm or its effects settled without a notification (a cupo cancelled before it was firm).
        limite = add_business_days(fecha, -DIAS_HABILES - 1)
        filas = (
            Interesado.objects.filter(notificacion_fecha__isnull=True, en_firme_desde__isnull=True,
                                      efectos_aplicados__isnull=True, acto__fecha_expedicion__lte=limite,
                                      acto__previo=False)
            .select_related("acto").order_by("id")
        )
        sujetos = []
        for interesado in filas.iterator(chunk_size=2000):
            acto = interesado.acto
            vence = add_business_days(acto.fecha_expedicion, DIAS_HABILES)
            sujetos.append(Sujeto(
                f"{PREFIJO}{interesado.pk}",
                vence,
                f"{interesado.nombre} no ha sido notificado de {acto}, expedido el {fecha_larga(acto.fecha_expedicion)}"
                f": el {fecha_larga(vence)} vencieron los {DIAS_HABILES} días hábiles. Notifíquelo personalmente o por "
                "aviso (P-01).",
                rol_responsable=PERSONAL[acto.autoridad][0],
                alcance={"beneficiario": interesado.beneficiario_id} if interesado.beneficiario_id else {},
            ))
        return sujetos

    def persisten(self, alertas, fecha):
        ids = {a.id: int(a.referencia.removeprefix(PREFIJO)) for a in alertas if a.referencia.startswith(PREFIJO)}
        pendientes = set(
            Interesado.objects.filter(pk__in=set(ids.values()), notificacion_fecha__isnull=True)
            .values_list("pk", flat=True)
        )
        return {alerta for alerta, interesado in ids.items() if interesado in pendientes}


AVISO_DIAS = 30  # P-03 / R-25: «a recurso 30 days before its 2-month term ends, and again when it ends»
PREFIJO_RECURSO = "recurso-"


class RecursoPorDecidir(RevisionPorPaginas):
    tipo = Alerta.Tipo.RECURSO_POR_DECIDIR

    def atrasados(self, fecha):
        filas = (
            Recurso.objects.filter(estado=Recurso.Estado.EN_TRAMITE,
                                   vence_decision__lte=fecha + dt.timedelta(days=AVISO_DIAS))
            .select_related("interesado__acto").order_by("id")
        )
        sujetos = []
        for recurso in filas.iterator(chunk_size=2000):
            persona, acto = recurso.interesado, recurso.interesado.acto
            decide = {f.recurso: f.decide for f in procedentes(acto)}.get(recurso.tipo, acto.autoridad)
            que = (f"El recurso de {recurso.get_tipo_display().lower()} de {persona.nombre} contra {acto}, presentado "
                   f"el {fecha_larga(recurso.fecha)}")
            if fecha > recurso.vence_decision:
                referencia, vence = f"{PREFIJO_RECURSO}{recurso.pk}-vencido", recurso.vence_decision
                detalle = (f"{que}, no se decidió dentro de los dos meses, que vencieron el "
                           f"{fecha_larga(recurso.vence_decision)}: el silencio es negativo (Ley 1437, art. 86). "
                           "Decídalo cuanto antes.")
            else:
                referencia, vence = f"{PREFIJO_RECURSO}{recurso.pk}-aviso", recurso.vence_decision
                detalle = (f"{que}, debe decidirse a más tardar el {fecha_larga(recurso.vence_decision)} (dos meses, "
                           "Ley 1437, art. 86).")
            sujetos.append(Sujeto(
                referencia, vence, detalle, rol_responsable=PERSONAL[decide][0],
                alcance={"beneficiario": persona.beneficiario_id} if persona.beneficiario_id else {},
            ))
        return sujetos

    def persisten(self, alertas, fecha):
        ids = {}
        for alerta in alertas:
            if alerta.referencia.startswith(PREFIJO_RECURSO):
                numero = alerta.referencia.removeprefix(PREFIJO_RECURSO).split("-")[0]
                if numero.isdecimal():
                    ids[alerta.id] = int(numero)
        pendientes = set(
            Recurso.objects.filter(pk__in=set(ids.values()), estado=Recurso.Estado.EN_TRAMITE)
            .values_list("pk", flat=True)
        )
        return {alerta for alerta, recurso in ids.items() if recurso in pendientes}
