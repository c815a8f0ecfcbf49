"""A client generated from the schema works as is (API.md Conventions), as other agencies generate it.

openapi-python-client (pinned in pyproject.toml) writes the SDK from the live schema into a temporary
folder; every module of it imports; an officer's day runs through it against the live test server;
and the SDK committed in clientes/python/ is exactly what the generator writes (`make sdk`).
"""

import datetime as dt
import filecmp
import importlib
import io
import json
import pkgutil
import sys
from pathlib import Path

import pytest
from django.conf import settings

from core.identidad.roles import Rol
from core.management.commands.generar_sdk import DESTINO, PAQUETE, esquema_api, generar
from core.tests.factories import CapitaniaFactory, DistribuidorFactory

AYER = dt.date(2026, 3, 20)


@pytest.fixture(scope="module")
def sdk(tmp_path_factory):
    """The SDK generated now, importable for the module's tests."""
    destino = generar(tmp_path_factory.mktemp("sdk") / "python")
    sys.path.insert(0, str(destino))
    yield destino
    sys.path.remove(str(destino))
    for nombre in [n for n in sys.modules if n == PAQUETE or n.startswith(PAQUETE + ".")]:
        del sys.modules[nombre]


def test_the_schema_is_valid_openapi_3():
    from openapi_spec_validator import validate
    from openapi_spec_validator.validation import OpenAPIV30SpecValidator

    validate(json.loads(json.dumps(esquema_api())), cls=OpenAPIV30SpecValidator)


def test_spectacular_validates_the_schema_without_a_warning(tmp_path):
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "esquema.yaml"))


def test_every_module_of_the_generated_sdk_imports(sdk):
    paquete = importlib.import_module(PAQUETE)
    modulos = [m.name for m in pkgutil.walk_packages(paquete.__path__, PAQUETE + ".")]
    assert len([m for m in modulos if ".api.v1." in m]) >= 130
    for nombre in modulos:
        importlib.import_module(nombre)  # any import error fails here, naming the module


def _diferencias(a: Path, b: Path, ruta="") -> list[str]:
    comparacion = filecmp.dircmp(a, b, ignore=["__pycache__", ".ruff_cache"])
    salida = [f"{ruta}{n}: solo en el SDK guardado" for n in comparacion.left_only]
    salida += [f"{ruta}{n}: falta en el SDK guardado" for n in comparacion.right_only]
    _, distintos, errores = filecmp.cmpfiles(a, b, comparacion.common_files, shallow=False)
    salida += [f"{ruta}{n}: distinto" for n in distintos + errores]
    for sub in comparacion.common_dirs:
        salida += _diferencias(a / sub, b / sub, f"{ruta}{sub}/")
    return salida


def test_the_committed_sdk_is_what_the_schema_generates(sdk):
    diferencias = _diferencias(DESTINO, sdk)
    assert not diferencias, "clientes/python/ no corresponde al esquema: ejecute `make sdk`.\n" + "\n".join(
        diferencias[:20]
    )


@pytest.mark.django_db(transaction=True)
def test_an_officers_day_through_the_generated_client(sdk, live_server, crear_usuario, settings, tmp_path):
    """Token, vessel, resolution, cupo, firmeza, the first zarpe (certificado_anterior null), balance,
    public verification, a filtered list and a monthly report upload (multipart), all through the SDK:
    any parse error or unexpected status fails."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    from portal_cupos_cliente import AuthenticatedClient, Client
    from portal_cupos_cliente.api.v1 import (
        v1_actos_notificaciones_create,
        v1_actos_renuncias_create,
        v1_auth_token_create,
        v1_beneficiarios_create,
        v1_beneficiarios_list,
        v1_beneficiarios_saldo_retrieve,
        v1_certificados_retrieve,
        v1_cupos_create,
        v1_cupos_firmeza_create,
        v1_reportes_mensuales_create,
        v1_reportes_mensuales_retrieve,
        v1_resoluciones_create,
        v1_verificar_retrieve,
        v1_zarpes_create,
        v1_zarpes_list,
    )
    from portal_cupos_cliente.models import (
        BeneficiarioNuevo,
        Credenciales,
        CupoFirmeza,
        CupoNuevo,
        Error,
        MedioEnum,
        NotificacionNueva,
        RenunciaNueva,
        ReporteMensualNuevo,
        ResolucionNueva,
        ZarpeSolicitud,
    )
    from portal_cupos_cliente.types import UNSET, File

    cartagena = CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    mayorista = DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
    claves = {}
    for rol, campos in [
        (Rol.UPME_ANALISTA, {}),
        (Rol.CAPITANIA_OFICIAL, {"capitania": cartagena}),
        (Rol.DISTRIBUIDOR, {"distribuidor": mayorista}),
    ]:
        usuario = crear_usuario(rol, **campos)
        usuario.set_password("Clave-de-prueba-2026")
        usuario.save()
        claves[rol] = usuario

    def conectar(rol) -> AuthenticatedClient:
        from core.identidad import segundo_factor
        from core.tests.segundo_factor import codigo

        publico = Client(base_url=live_server.url, raise_on_unexpected_status=True)
        usuario = claves[rol]
        # The analyst signs acts: the token needs a fresh code of the authenticator app (issue 39).
        fresco = codigo(usuario) if segundo_factor.requiere(usuario) else UNSET
        r = v1_auth_token_create.sync_detailed(
            client=publico,
            body=Credenciales(username=usuario.username, password="Clave-de-prueba-2026", codigo=fresco),
        )
        assert r.status_code == 200, r.content
        return AuthenticatedClient(
            base_url=live_server.url, token=r.parsed.token, prefix="Token", raise_on_unexpected_status=True
        )

    def ok(respuesta, estado=200):
        assert respuesta.status_code == estado, respuesta.content
        assert respuesta.parsed is not None and not isinstance(respuesta.parsed, Error), respuesta.content
        return respuesta.parsed

    analista, oficial = conectar(Rol.UPME_ANALISTA), conectar(Rol.CAPITANIA_OFICIAL)
    vendedor = conectar(Rol.DISTRIBUIDOR)

    nave = ok(
        v1_beneficiarios_create.sync_detailed(
            client=analista,
            body=BeneficiarioNuevo.from_dict({
                "tipo": "nave_nacional", "nombre": "Doña Lucía", "identificacion": "800111222",
                "matricula": "MC-05-0420", "bandera": "CO", "trb": "120", "actividad": "pesca",
                "capacidad_combustible_gal": "3000", "capitania": "CP05",
            }),
        ),
        201,
    )  # fmt: skip
    resolucion = ok(
        v1_resoluciones_create.sync_detailed(
            client=analista,
            body=ResolucionNueva(anio=2026, numero="000042", fecha_expedicion=dt.date(2026, 2, 20), transcrita=True,
                                 soporte="Resolución 000042 en papel"),
        ),
        201,
    )
    cupo = ok(
        v1_cupos_create.sync_detailed(
            client=analista, body=CupoNuevo(resolucion=resolucion.id, beneficiario=nave.id, galones_anuales="24000")
        ),
        201,
    )
    assert cupo.estado == "expedido" and cupo.cuota_mensual == "2000.00"
    # DOMAIN §8: notified in person and waiving its recursos on 16 March, the cupo may be firm on the 17th.
    el_dia = dt.date(2026, 3, 16)
    ok(v1_actos_notificaciones_create.sync_detailed(
        acto_id=cupo.acto, client=analista,
        body=NotificacionNueva(interesado=cupo.interesado, medio=MedioEnum.PERSONAL, fecha=el_dia, soporte="Acta"),
    ), 201)
    ok(v1_actos_renuncias_create.sync_detailed(
        acto_id=cupo.acto, client=analista,
        body=RenunciaNueva(interesado=cupo.interesado, fecha=el_dia, soporte="Acta"),
    ), 201)
    firme = ok(
        v1_cupos_firmeza_create.sync_detailed(
            cupo_id=cupo.id, client=analista, body=CupoFirmeza(fecha_firmeza=dt.date(2026, 3, 17))
        )
    )
    assert firme.estado == "en_firme"

    zarpe = ok(
        v1_zarpes_create.sync_detailed(
            client=oficial,
            body=ZarpeSolicitud(
                nave=str(nave.id), capitania="CP05", fecha=AYER, galones_solicitados="800.00", certificado_anterior=None
            ),
        ),
        201,
    )
    assert zarpe.estado == "certificado" and zarpe.certificado_anterior is None
    certificado = zarpe.certificado
    assert certificado.galones_autorizados == "800.00"
    assert ok(v1_certificados_retrieve.sync_detailed(numero=certificado.numero, client=oficial)).zarpe == zarpe.id

    saldo = ok(
        v1_beneficiarios_saldo_retrieve.sync_detailed(beneficiario_id=nave.id, client=oficial, fecha="2026-03-20")
    )
    assert saldo.cupo == cupo.id and saldo.consumido_ventana == "800.00"

    publico = Client(base_url=live_server.url, raise_on_unexpected_status=True)
    verificado = ok(v1_verificar_retrieve.sync_detailed(codigo=certificado.codigo_verificacion, client=publico))
    assert verificado.valido and verificado.numero == certificado.numero and verificado.estado == "vigente"

    lista = ok(v1_zarpes_list.sync_detailed(client=oficial, capitania="CP05", estado="certificado"))
    assert lista.count == 1 and lista.results[0].certificado.numero == certificado.numero
    encontrada = ok(v1_beneficiarios_list.sync_detailed(client=vendedor, matricula="MC-05-0420"))
    assert [b.id for b in encontrada.results] == [nave.id]

    csv = (
        f"fecha;identificacion_beneficiario;certificado;galones\n2026-03-21;800111222;{certificado.numero};800,00\n"
    ).encode()
    subida = ok(
        v1_reportes_mensuales_create.sync_detailed(
            client=vendedor,
            body=ReporteMensualNuevo(
                distribuidor_nit="900456123", periodo="2026-03",
                archivo=File(payload=io.BytesIO(csv), file_name="marzo.csv", mime_type="text/csv"),
            ),
        ),
        202,
    )  # fmt: skip
    reporte = ok(v1_reportes_mensuales_retrieve.sync_detailed(reporte_id=subida.id, client=vendedor))
    assert reporte.estado == "procesado" and reporte.filas_validas == 1, reporte


def test_the_sdk_folder_is_where_make_sdk_writes():
    assert Path(settings.BASE_DIR) / "clientes" / "python" == DESTINO
