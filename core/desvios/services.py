"""Writes of the diversion flags: queue a scoring (a recoverable job, core.segundo_plano.trabajos), run it, and mark
a case. A flag never blocks an act: nothing here is called by a zarpe, a sale or a report."""

import logging
import time
from collections import defaultdict
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from core.auditoria.audit import audit_record
from core.comun.errors import DatosInvalidos
from core.identidad.access import require_role
from core.segundo_plano import trabajos
from core.vencimientos.calendario import today

from . import EVIDENCIA_MAX, senales
from .access import CALCULADORES, MARCADORES, caso_access, exigir_marcador
from .models import CalculoDesvios, CasoDesvio, SenalCaso

logger = logging.getLogger(__name__)

TRABAJO = "core.desvios_calcular"  # its name in core.registro (registered in CoreConfig.ready)
MENSAJE_ERROR = "No se pudo terminar el cálculo por un error interno del portal. Vuelva a pedirlo más tarde."
MENSAJE_INTERRUMPIDO = "El cálculo se interrumpió varias veces sin terminar. Vuelva a pedirlo."
Estado = CalculoDesvios.Estado
NOTA_MAX = 2000


def desvios_calcular_request(*, actor) -> CalculoDesvios:
    """Queue a scoring of every subject as of today; one already waiting or running is returned."""
    require_role(actor, *CALCULADORES)
    with transaction.atomic():
        pendiente = CalculoDesvios.objects.filter(estado__in=(Estado.EN_ESPERA, Estado.CALCULANDO)).first()
        if pendiente is not None:
            return pendiente
        calculo = CalculoDesvios.objects.create(fecha=today(), pedido_por=actor)
        audit_record(actor=actor, accion="desvios.calcular", obj=calculo)
        trabajos.encolar_trabajo_al_confirmar(TRABAJO, calculo.id)
    return calculo


def desvios_calcular_build(*, calculo_id: int) -> CalculoDesvios | None:
    """The job's work: take the row, score, write the cases."""
    return trabajos.trabajo_correr(
        calculo_id,
        tomar=_tomar,
        en_curso=Estado.CALCULANDO,
        trabajar=_calcular,
        fallar=lambda: _fallar(calculo_id, MENSAJE_ERROR),
        log=logger,
        mensaje="Falló el cálculo de desvíos %s",
    )


def desvios_calcular_abandon(calculo_id: int) -> CalculoDesvios | None:
    return _fallar(calculo_id, MENSAJE_INTERRUMPIDO)


def _tomar(calculo_id: int):
    return trabajos.trabajo_tomar(
        CalculoDesvios.objects,
        calculo_id,
        nombre=TRABAJO,
        agotado=lambda fila: trabajos.fila_guardar(fila, estado=Estado.FALLIDO, mensaje=MENSAJE_INTERRUMPIDO),
        progreso=0,
    )


def _fallar(calculo_id: int, mensaje: str):
    return trabajos.trabajo_fallar(
        CalculoDesvios.objects,
        calculo_id,
        salvo=(Estado.TERMINADO,),
        estado=Estado.FALLIDO,
        mensaje=mensaje,
        terminado=timezone.now(),
        auditar="desvios.calcular_fallido",
    )


def _calcular(calculo: CalculoDesvios) -> CalculoDesvios:
    inicio = time.perf_counter()
    casos = desvios_puntuar(fecha=calculo.fecha)
    segundos = time.perf_counter() - inicio
    with transaction.atomic():
        plural = "s" if casos != 1 else ""
        trabajos.fila_guardar(
            calculo,
            estado=Estado.TERMINADO,
            progreso=100,
            casos=casos,
            segundos=segundos,
            terminado=timezone.now(),
            mensaje=f"{casos} caso{plural} señalado{plural}." + _alcance(),
        )
        audit_record(actor=None, accion="desvios.calcular_terminar", obj=calculo)
    return calculo


def _alcance() -> str:
    """On the embedded SQLite of `make run`, which signals ran (the others need PostgreSQL)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        return ""
    nombres = ", ".join(f"«{s.etiqueta}»" for s in senales(solo_portables=True))
    return (f" En esta instalación de demostración (SQLite) se calcularon solo las señales que no requieren "
            f"PostgreSQL: {nombres}.")


def desvios_puntuar(*, fecha) -> int:
    """Run every registered signal as of `fecha` and write the cases, in one transaction.

    A case the scoring raises again keeps its mark and note; its signals are replaced. An open case
    no signal raises any more is removed; a marked one stays (with its last signals, `vigente` off),
    so the precision of each signal keeps the analysts' verdicts. Returns the cases now raised."""
    from django.db import connection

    hallazgos: dict[tuple[str, int], dict] = defaultdict(lambda: {"senales": []})
    # On the embedded SQLite of `make run` only the signals written with the ORM run (issue 45: the PostgreSQL
    # statistics failed there and «Calcular ahora» never finished).
    for senal in senales(solo_portables=connection.vendor != "postgresql"):
        for h in senal.calcular(fecha):
            caso = hallazgos[(senal.tipo_sujeto, int(h.sujeto_id))]
            caso.update(sujeto=h.sujeto[:250], clave=h.clave[:40], url=h.url[:300])
            caso["senales"].append((senal.codigo, h))
    ahora = timezone.now()
    with transaction.atomic():
        existentes = {
            (c.tipo_sujeto, c.sujeto_id): c
            for c in CasoDesvio.objects.select_for_update().only("id", "tipo_sujeto", "sujeto_id", "estado")
        }
        nuevos, cambiados = [], []
        for (tipo, sujeto_id), datos in hallazgos.items():
            puntaje = sum(Decimal(str(h.puntaje)) for _, h in datos["senales"])
            valores = {
                "sujeto": datos["sujeto"],
                "clave": datos["clave"],
                "url": datos["url"],
                "puntaje": puntaje,
                "vigente": True,
                "calculado_en": ahora,
            }
            caso = existentes.get((tipo, sujeto_id))
            if caso is None:
                nuevos.append(CasoDesvio(tipo_sujeto=tipo, sujeto_id=sujeto_id, **valores))
            else:
                for campo, valor in valores.items():
                    setattr(caso, campo, valor)
                cambiados.append(caso)
        CasoDesvio.objects.bulk_create(nuevos, batch_size=1000)
        CasoDesvio.objects.bulk_update(
            cambiados, ["sujeto", "clave", "url", "puntaje", "vigente", "calculado_en"], batch_size=1000
        )
        vistos = {(c.tipo_sujeto, c.sujeto_id) for c in [*nuevos, *cambiados]}
        ausentes = [c for clave, c in existentes.items() if clave not in vistos]
        CasoDesvio.objects.filter(id__in=[c.id for c in ausentes if c.estado == CasoDesvio.Estado.ABIERTO]).delete()
        CasoDesvio.objects.filter(id__in=[c.id for c in ausentes if c.estado != CasoDesvio.Estado.ABIERTO]).update(
            vigente=False
        )
        casos = [*nuevos, *cambiados]
        SenalCaso.objects.filter(caso__in=[c.id for c in cambiados]).delete()
        SenalCaso.objects.bulk_create(
            [
                SenalCaso(
                    caso=caso,
                    codigo=codigo,
                    detalle=h.detalle[:600],
                    puntaje=Decimal(str(h.puntaje)),
                    evidencia=[{"texto": e.texto, "url": e.url} for e in h.evidencia[:EVIDENCIA_MAX]],
                )
                for caso in casos
                for codigo, h in hallazgos[(caso.tipo_sujeto, caso.sujeto_id)]["senales"]
            ],
            batch_size=2000,
        )
    return len(casos)


def caso_marcar(*, actor, caso_id, estado: str, nota: str) -> CasoDesvio:
    """An analyst's verdict on a case: «confirmado» or «descartado», with a note (audited)."""
    require_role(actor, *MARCADORES)
    errores = {}
    if estado not in (CasoDesvio.Estado.CONFIRMADO, CasoDesvio.Estado.DESCARTADO):
        errores["estado"] = ["Indique si confirma o descarta el caso."]
    nota = (nota or "").strip()
    if not nota:
        errores["nota"] = ["Escriba una nota que explique la decisión."]
    elif len(nota) > NOTA_MAX:
        errores["nota"] = [f"La nota admite hasta {NOTA_MAX} caracteres."]
    if errores:
        raise DatosInvalidos(errores)
    with transaction.atomic():
        caso = CasoDesvio.objects.select_for_update().get(pk=caso_access(actor, caso_id).pk)
        exigir_marcador(actor, caso)
        antes = {"estado": caso.estado, "nota": caso.nota}
        caso.estado, caso.nota, caso.marcado_por, caso.marcado_en = estado, nota, actor, timezone.now()
        caso.save(update_fields=["estado", "nota", "marcado_por", "marcado_en"])
        audit_record(
            actor=actor, accion="desvios.marcar", obj=caso, antes=antes, despues={"estado": estado, "nota": nota}
        )
    return caso
