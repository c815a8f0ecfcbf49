"""P-01's deadline (R-25): a person concerned still not notified 5 business days after the act was issued raises
`notificacion_pendiente` for the staff of the authority that issued it, who then notify in person or by aviso."""

from core.actos.access import PERSONAL
from core.actos.models import Interesado
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
        # Acts issued by the day whose fifth business day after has passed; transcribed and previous acts were
        # notified on paper.
        limite = add_business_days(fecha, -DIAS_HABILES - 1)
        filas = (
            Interesado.objects.filter(notificacion_fecha__isnull=True, acto__fecha_expedicion__lte=limite,
                                      acto__transcrito=False, acto__previo=False)
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
