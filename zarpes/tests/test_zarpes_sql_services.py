"""The two implementations of issuance (zarpes/sql.py on PostgreSQL, the ORM everywhere) write the same rows."""

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from core.comun.errors import ApplicationError
from core.identidad.roles import Rol
from core.mensajes import avisos
from core.models import MensajeSaliente, RegistroAuditoria
from cupos.models import Movimiento
from cupos.services.cupos import cupo_grant
from cupos.tests.factories import NaveFactory, ResolucionFactory
from zarpes.models import Certificado, ConsecutivoCertificado, Zarpe
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.factories import nave_con_cupo, usar_ruta

D = dt.date
VOLATILES = {"id", "zarpe_id", "movimiento_id", "creado", "codigo_verificacion"}


def _escenario(oficial, naves: dict):
    """Every outcome of a request: first certificate, chain, both caps, denials, a refused chain."""
    grande, chica, sin_saldo, sin_cupo, pendiente = (
        naves[k] for k in ("grande", "chica", "sin_saldo", "sin_cupo", "pendiente")
    )

    def pedir(nave, fecha, galones, anterior=None):
        return zarpe_request(
            actor=oficial,
            nave_id=nave.id,
            capitania="CP05",
            fecha=fecha,
            galones_solicitados=Decimal(galones),
            certificado_anterior=anterior,
        )

    a = pedir(grande, D(2026, 3, 20), "800")
    b = pedir(grande, D(2026, 3, 28), "5000", a.certificado.numero)  # capacity 3000 caps it
    pedir(chica, D(2026, 3, 20), "2500")  # cupo caps it
    c = pedir(sin_saldo, D(2026, 3, 20), "967.74")
    # the inspector verified 900: 67.74 return to the window, and the next zarpe can take them
    zarpe_inspect(actor=oficial, zarpe_id=c.id, fecha=D(2026, 3, 21), galones_verificados=Decimal(900))
    d = pedir(sin_saldo, D(2026, 3, 21), "100", c.certificado.numero)
    pedir(sin_saldo, D(2026, 3, 22), "1", d.certificado.numero)  # nothing left: denied sin_cupo
    pedir(sin_cupo, D(2026, 3, 20), "10")  # no cupo in force: denied sin_cupo_vigente
    pedir(pendiente, D(2026, 3, 20), "10")  # granted, not firm: denied sin_cupo_vigente
    with pytest.raises(ApplicationError):
        pedir(grande, D(2026, 3, 29), "10", a.certificado.numero)  # not the last one: R-14
    return b


def _sin_volatiles(texto: str) -> str:
    """A notice's text without its signed link (it carries a timestamp) and the random verification code."""
    texto = re.sub(r"/avisos/no-fui-yo/[^/\s]+/", "/avisos/no-fui-yo/…/", texto)
    return re.sub(r"/verificar/[^/\s]+/", "/verificar/…/", texto)


def _avisos(desde_mensaje: int) -> list:
    """The notices to the vessels (core.mensajes.avisos), each checked against its certificate."""
    filas = []
    for m in MensajeSaliente.objects.filter(id__gte=desde_mensaje).order_by("id"):
        numero = m.clave.removeprefix("aviso:certificado:")
        c = Certificado.objects.get(numero=numero)
        enlace = re.search(r"/avisos/no-fui-yo/([^/\s]+)/", m.payload["texto"]).group(1)
        assert avisos.acto_del_enlace(enlace) == m.payload["acto"] == f"certificado:{c.codigo_verificacion}"
        assert f"/verificar/{c.codigo_verificacion}/" in m.payload["texto"]
        datos = {k: _sin_volatiles(v) for k, v in m.payload.items() if k != "acto"}
        filas.append((m.tipo, m.clave, m.estado, m.intentos, m.proximo_intento is not None, datos))
    return filas


def _volcado(desde_zarpe: int, desde_registro: int, desde_mensaje: int = 0) -> dict:
    """The rows written, without what differs by nature (ids, timestamps, random codes)."""
    zarpes = Zarpe.objects.filter(id__gte=desde_zarpe).order_by("id")
    certificados = Certificado.objects.filter(zarpe__in=zarpes).select_related("zarpe", "movimiento").order_by("id")
    registros = RegistroAuditoria.objects.filter(id__gte=desde_registro).order_by("id")
    for c in certificados:  # the row links are right in both paths
        assert (c.zarpe.nave_id, c.zarpe.cupo_id, c.zarpe.galones_autorizados) == (
            c.nave_id,
            c.cupo_id,
            c.galones_autorizados,
        )
        assert c.movimiento.referencia == f"certificado:{c.numero}" and c.movimiento.galones == c.galones_autorizados
    for r in registros:  # each audit row points at its object and carries its real values
        if r.objeto_tipo in ("zarpes.zarpe", "zarpes.certificado"):
            modelo = Zarpe if r.objeto_tipo == "zarpes.zarpe" else Certificado
            obj = modelo.objects.get(pk=int(r.objeto_id))
            assert r.despues["id"] == obj.id and r.despues["creado"] == obj.creado.isoformat()
            assert r.objeto_repr == str(obj)
            if modelo is Certificado:
                assert r.despues["numero"] == obj.numero and r.despues["consecutivo"] == obj.consecutivo
                assert r.despues["movimiento_id"] == obj.movimiento_id and r.despues["zarpe_id"] == obj.zarpe_id
    return {
        "zarpes": [
            (
                z.nave_id,
                z.capitania_id,
                z.fecha,
                z.galones_solicitados,
                z.certificado_anterior,
                z.estado,
                z.motivo,
                z.limitado_por,
                z.galones_autorizados,
                z.disponible_despues,
                z.cupo_id,
                z.oficial_id,
            )
            for z in zarpes
        ],
        "certificados": [
            (
                c.numero,
                c.capitania_id,
                c.anio,
                c.consecutivo,
                c.nave_id,
                c.cupo_id,
                c.galones_autorizados,
                c.fecha_expedicion,
                c.estado,
                c.movimiento.tipo,
                c.movimiento.fecha,
                c.movimiento.detalle,
                c.movimiento.creado_por_id,
            )
            for c in certificados
        ],
        "auditoria": [
            (
                r.actor_id,
                r.actor_nombre,
                r.accion,
                r.objeto_tipo,
                re.sub(r"^Inspección del zarpe \d+", "Inspección", r.objeto_repr),
                {k: v for k, v in (r.despues or {}).items() if k not in VOLATILES},
            )
            for r in registros
        ],
        "avisos": _avisos(desde_mensaje),
    }


@pytest.mark.django_db
def test_both_paths_write_the_same_rows(crear_usuario, monkeypatch):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    naves = {  # two vessels are told of their certificates (core.mensajes.avisos): by e-mail and SMS, by SMS only
        "grande": nave_con_cupo(anual="120000", correo="grande@example.com", celular="+573001112233")[0],
        "chica": nave_con_cupo(anual="12000", celular="3004445566")[0],
        "sin_saldo": nave_con_cupo()[0],
        "sin_cupo": NaveFactory(),
    }
    naves["pendiente"] = NaveFactory(trb=Decimal("120"), capacidad_combustible_gal=Decimal("3000"))
    cupo_grant(
        actor=crear_usuario(Rol.UPME_ANALISTA),
        resolucion=ResolucionFactory(anio=2026),
        beneficiario=naves["pendiente"],
        galones_anuales=Decimal("24000"),
    )
    volcados = {}
    for ruta in ("postgresql", "orm"):
        usar_ruta(ruta, monkeypatch)
        inicio_z = (Zarpe.objects.order_by("-id").values_list("id", flat=True).first() or 0) + 1
        inicio_r = (RegistroAuditoria.objects.order_by("-id").values_list("id", flat=True).first() or 0) + 1
        inicio_m = (MensajeSaliente.objects.order_by("-id").values_list("id", flat=True).first() or 0) + 1
        with transaction.atomic():
            _escenario(oficial, naves)
            volcados[ruta] = _volcado(inicio_z, inicio_r, inicio_m)
            transaction.set_rollback(True)  # the other path starts from the same state
    assert volcados["postgresql"] == volcados["orm"]
    assert [c[0] for c in volcados["orm"]["certificados"]] == [f"CP05-2026-00000{i}" for i in range(1, 6)]
    assert [z[5:8] for z in volcados["orm"]["zarpes"]] == [
        ("certificado", "", ""),
        ("certificado", "", "capacidad"),
        ("certificado", "", "cupo"),
        ("certificado", "", ""),
        ("certificado", "", "cupo"),
        ("negado", "sin_cupo", ""),
        ("negado", "sin_cupo_vigente", ""),
        ("negado", "sin_cupo_vigente", ""),
    ]
    assert volcados["orm"]["zarpes"][4][8] == Decimal("67.74")  # the refund, and only it, was authorized again
    assert [r[2] for r in volcados["orm"]["auditoria"]][-1] == "zarpe.rechazo_cadena"
    # one notice per certificate of a vessel with contact data, with its number, gallons and capitanía
    avisos_orm = volcados["orm"]["avisos"]
    assert [a[1] for a in avisos_orm] == [f"aviso:certificado:CP05-2026-00000{i}" for i in (1, 2, 3)]
    assert "expidió el certificado CP05-2026-000002 por 3.000,00 galones" in avisos_orm[1][5]["texto"]
    assert (avisos_orm[2][5]["correo"], avisos_orm[2][5]["celular"]) == ("", "3004445566")


@pytest.mark.django_db
def test_r16_numbers_keep_every_digit_past_six(ambas_rutas, crear_usuario):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    ConsecutivoCertificado.objects.create(capitania=oficial.capitania, anio=2026, ultimo=999_999)
    nave, _ = nave_con_cupo()
    z = zarpe_request(
        actor=oficial,
        nave_id=nave.id,
        capitania="CP05",
        fecha=D(2026, 4, 1),
        galones_solicitados=Decimal(10),
        certificado_anterior=None,
    )
    assert (z.certificado.numero, z.certificado.consecutivo) == ("CP05-2026-1000000", 1_000_000)
    assert Movimiento.objects.get(pk=z.certificado.movimiento_id).referencia == "certificado:CP05-2026-1000000"


@pytest.mark.django_db
def test_postgresql_path_issues_a_certificate_in_three_statements(crear_usuario):
    oficial = crear_usuario(Rol.CAPITANIA_OFICIAL)
    nave, _ = nave_con_cupo(correo="nave@example.com")  # its notice is written in the same statement
    anterior = None
    for dia in (1, 2):  # the first of the year creates the counter row; the next one updates it
        with CaptureQueriesContext(connection) as consultas:
            z = zarpe_request(
                actor=oficial,
                nave_id=nave.id,
                capitania="CP05",
                fecha=D(2026, 4, dia),
                galones_solicitados=Decimal(10),
                certificado_anterior=anterior,
            )
        anterior = z.certificado.numero
        sentencias = [q["sql"] for q in consultas.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
        assert len(sentencias) == 3, sentencias
        assert "FOR NO KEY UPDATE" in sentencias[0] and sentencias[2].lstrip().startswith("WITH n AS")
    assert anterior == "CP05-2026-000002"
    assert ConsecutivoCertificado.objects.get(capitania=oficial.capitania, anio=2026).ultimo == 2
    claves = MensajeSaliente.objects.filter(tipo=avisos.TIPO_MENSAJE).order_by("id").values_list("clave", flat=True)
    assert list(claves) == ["aviso:certificado:CP05-2026-000001", "aviso:certificado:CP05-2026-000002"]
