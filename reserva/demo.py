"""Demo data of the cargo reservation for `make run`: the ports of Cartagena, Barranquilla, Santa
Marta and Buenaventura (and foreign ones), three routes, two agencies, national shipowners, ships of
Colombian, assimilated and foreign flag, a conference, and last year's arrivals telling one story:

- Importadora del Caribe (NIT 900555123, login `importador`) carried too little on reserve ships: short;
- Ferretería Industrial del Pacífico (900666777) carried its half on Colombian ships: compliant;
- Alimentos del Valle (900888999, login `importador.valle`) had an exoneration granted by Dimar;
- Exportadora de Café de la Sierra (860007538, login `exportador.cafe`) exports green coffee.

This year: two recent arrivals, one still waiting for its manifest, a filed exoneration waiting for
Dimar, and a surcharge of the conference. Arrivals and bills are inserted directly (plain reports);
the exoneration goes through the services (notices, outbox, audit). Loaded once.
"""

import datetime as dt
from decimal import Decimal

from django.core.files.base import ContentFile
from django.db import transaction

from core.demo import crear_usuario_demo
from core.identidad.roles import Rol
from core.models import Capitania, Usuario
from core.vencimientos.calendario import add_business_days, today
from reserva import calculo
from reserva.models import (
    Agencia,
    Arribo,
    Conferencia,
    Conocimiento,
    Delegacion,
    DocumentoExoneracion,
    Nave,
    NavieraNacional,
    Puerto,
    Recargo,
    Ruta,
    UsuarioCarga,
)
from reserva.services import exoneraciones
from reserva.services.conocimientos import clase_de
from reserva.services.registros import usuario_carga_registrar

PUERTOS = [
    ("COCTG", "Cartagena", "CO", "CP05"),
    ("COBAQ", "Barranquilla", "CO", "CP03"),
    ("COSMR", "Santa Marta", "CO", "CP04"),
    ("COBUN", "Buenaventura", "CO", "CP01"),
    ("USHOU", "Houston", "US", None),
    ("CNSHA", "Shanghái", "CN", None),
    ("DEHAM", "Hamburgo", "DE", None),
]
RUTAS = [
    ("R-07", "Golfo de México – Caribe colombiano", "importacion"),
    ("R-12", "Asia – Pacífico colombiano", "importacion"),
    ("R-03", "Caribe colombiano – Norte de Europa", "exportacion"),
]
AGENCIAS = [("800123456", "Agencia Marítima del Caribe S.A.S."), ("800654321", "Agencia Marítima del Pacífico S.A.")]
NAVES = [  # name, IMO, flag, assimilated
    ("Ciudad de Cartagena", "9300001", "CO", False),
    ("Bahía de Buenaventura", "9300003", "CO", False),
    ("Caribbean Pride", "9300004", "PA", True),
    ("Atlantic Star", "9300002", "PA", False),
    ("Pacific Dawn", "9300005", "LR", False),
    ("Hanseatic Trader", "9300006", "DE", False),
]
NAVIERAS = [
    ("890100200", "Naviera Colombiana S.A.", ["R-07", "R-03"]),
    ("890300400", "Transportes Marítimos del Pacífico S.A.", ["R-12"]),
]
PDF_VACIO = b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
USUARIOS_CARGA = [
    ("900555123", "Importadora del Caribe S.A.S."),
    ("900666777", "Ferretería Industrial del Pacífico S.A."),
    ("900888999", "Alimentos del Valle S.A."),
    ("860007538", "Exportadora de Café de la Sierra S.A.S."),
]
# Last year's bills: (month, NIT, route, port, ship, commodity, packing, tonnes, freight USD per tonne);
# the class follows from the packing (C-02).
CONOCIMIENTOS = [
    (2, "900555123", "R-07", "Cartagena", "Ciudad de Cartagena", "ordinaria", "contenedor", 600, 40),
    (4, "900555123", "R-07", "Cartagena", "Atlantic Star", "ordinaria", "contenedor", 1500, 38),
    (7, "900555123", "R-07", "Barranquilla", "Atlantic Star", "ordinaria", "paletizada", 900, 38),
    (10, "900555123", "R-07", "Cartagena", "Ciudad de Cartagena", "ordinaria", "contenedor", 400, 40),
    (3, "900666777", "R-12", "Buenaventura", "Bahía de Buenaventura", "ordinaria", "contenedor", 1200, 55),
    (6, "900666777", "R-12", "Buenaventura", "Pacific Dawn", "ordinaria", "contenedor", 1000, 52),
    (9, "900666777", "R-12", "Buenaventura", "Caribbean Pride", "carbon", "embalada", 400, 54),
    (11, "900666777", "R-12", "Buenaventura", "Bahía de Buenaventura", "ordinaria", "granel", 5000, 21),
    (5, "900888999", "R-07", "Santa Marta", "Atlantic Star", "ordinaria", "granel", 8000, 24),
    (8, "900888999", "R-07", "Santa Marta", "Ciudad de Cartagena", "ordinaria", "granel", 1000, 26),
    (4, "860007538", "R-03", "Santa Marta", "Ciudad de Cartagena", "cafe_verde", "embalada", 700, 80),
    (9, "860007538", "R-03", "Santa Marta", "Hanseatic Trader", "cafe_verde", "contenedor", 600, 76),
]
# The foreign end of each route: (port, country).
EXTREMO_EXTRANJERO = {"R-07": ("Houston", "US"), "R-12": ("Shanghái", "CN"), "R-03": ("Hamburgo", "DE")}
DELEGACION = "Resolución 0042 de 2 de enero de {anio}"


def _registros() -> None:
    for codigo, nombre, pais, capitania in PUERTOS:
        Puerto.objects.update_or_create(
            codigo=codigo,
            defaults={
                "nombre": nombre,
                "pais": pais,
                "capitania": Capitania.objects.filter(codigo=capitania).first() if capitania else None,
            },
        )
    for codigo, nombre, operacion in RUTAS:
        Ruta.objects.update_or_create(codigo=codigo, defaults={"nombre": nombre, "operacion": operacion})
    for nit, razon in AGENCIAS:
        Agencia.objects.update_or_create(nit=nit, defaults={"razon_social": razon})
    for nombre, imo, bandera, asimilada in NAVES:
        Nave.objects.get_or_create(
            imo=imo,
            vigente_desde=dt.date(2015, 1, 1),
            defaults={"nombre": nombre, "bandera": bandera, "asimilada": asimilada},
        )
    for nit, razon, rutas in NAVIERAS:
        naviera, _ = NavieraNacional.objects.update_or_create(nit=nit, defaults={"razon_social": razon})
        naviera.rutas.set(Ruta.objects.filter(codigo__in=rutas))
    Conferencia.objects.update_or_create(codigo="CONF-CARIBE", defaults={"nombre": "Conferencia del Caribe y Golfo"})
    for nit, razon in USUARIOS_CARGA:
        usuario_carga_registrar(nit=nit, razon_social=razon)


def _arribo(
    fecha: dt.date,
    ruta: str,
    puerto: str,
    nave: str,
    *,
    presentado: bool = True,
    clase: str = "general",
    toneladas: int = 1000,
) -> Arribo:
    agencia = AGENCIAS[1][0] if puerto == "Buenaventura" else AGENCIAS[0][0]
    codigo_puerto = next(c for c, n, _, _ in PUERTOS if n == puerto)
    ruta_obj = Ruta.objects.get(codigo=ruta)
    vence_sobordo = calculo.vence_sobordo(fecha)
    vence_conocimientos = calculo.vence_conocimientos(fecha)
    return Arribo.objects.create(
        agencia=Agencia.objects.get(nit=agencia),
        nave=Nave.objects.get(nombre=nave),
        ruta=ruta_obj,
        puerto=puerto,
        capitania=Puerto.objects.get(codigo=codigo_puerto).capitania,
        fecha_arribo=fecha,
        operacion=ruta_obj.operacion,
        # C-08 (art. 9 par. 2): every notice carries the class and quantity of its cargo.
        clase_carga=clase,
        toneladas_declaradas=Decimal(toneladas),
        vence_sobordo=vence_sobordo,
        vence_conocimientos=vence_conocimientos,
        sobordo_presentado=add_business_days(fecha, 6) if presentado else None,
        conocimientos_entregados=add_business_days(fecha, 12) if presentado else None,
    )


def _radicar(
    actor: Usuario, nit: str, fundamento: str, clase: str, toneladas: int, destino: str, licencia: str, fecha: dt.date
):
    """A demo exoneration request: cargo from Houston on route R-07."""
    return exoneraciones.exoneracion_file(
        actor=actor,
        usuario_nit=nit,
        fundamento=fundamento,
        ruta="R-07",
        clase=clase,
        mercancia="ordinaria",
        toneladas=Decimal(toneladas),
        puerto_origen="Houston",
        puerto_destino=destino,
        licencia=licencia,
        fecha_radicacion=fecha,
    )


def _documentos(exoneracion, usuario: Usuario) -> None:
    """The file's documents (art. 15: two authenticated copies of the licence and, under (a), the
    national shipowners' answers), stored directly as one-page placeholders."""
    nombres = (
        "Licencia de importación (copia 1).pdf",
        "Licencia de importación (copia 2).pdf",
        "Respuestas de los armadores nacionales (marzo).pdf",
    )  # as an importer names its scans
    for tipo, nombre in zip(("licencia", "licencia", "respuestas_armadores"), nombres, strict=True):
        documento = DocumentoExoneracion(
            exoneracion=exoneracion, tipo=tipo, nombre_original=nombre, cargado_por=usuario
        )
        documento.archivo.save(f"demo-{tipo}.pdf", ContentFile(PDF_VACIO), save=False)
        documento.save()


def _exoneracion_concedida(anio: int, usuario: Usuario, dimar: Usuario):
    exoneracion = _radicar(
        usuario, "900888999", "a", "granel", 8000, "Santa Marta", "LI-2025-004512", dt.date(anio, 4, 1)
    )
    _documentos(exoneracion, usuario)
    delegacion, _ = Delegacion.objects.get_or_create(
        acto=DELEGACION.format(anio=anio),
        defaults={"vigente_desde": dt.date(anio, 1, 2), "nombre_delegado": "María Fernanda Ríos Pardo"},
    )
    concedida = exoneraciones.exoneracion_decide(
        actor=dimar,
        exoneracion=exoneracion,
        decision="concedida",
        fecha=dt.date(anio, 4, 14),
        motivo="Las navieras nacionales de la ruta informaron que no tienen graneleros disponibles en mayo.",
        embarcar_antes_de=dt.date(anio, 5, 29),
        firma={"cargo": "secretario_general", "acto_delegacion": delegacion.acto},
        transcrita=True,
        soporte=f"Resolución de exoneración del 14 de abril de {anio}, archivo de Dimar",
    )
    _notificar(dimar, concedida, dt.date(anio, 4, 15))
    return concedida


def _notificar(dimar: Usuario, exoneracion, fecha: dt.date) -> None:
    """DOMAIN §8: the decision was notified in person the day after; with no recurso it became firm."""
    from core.actos.services import notificacion_registrar

    interesado = exoneracion.acto.interesados.get()
    notificacion_registrar(
        actor=dimar, acto_id=exoneracion.acto_id, interesado_id=interesado.pk, medio="personal", fecha=fecha,
        soporte="Acta de notificación personal",
    )


def _exoneracion_negada(anio: int, usuario: Usuario, dimar: Usuario):
    """A denial with its reasons: a signed act too (issue 24), signed by the Director General."""
    exoneracion = _radicar(
        usuario, "900555123", "a", "general", 600, "Cartagena", "LI-2025-003318", dt.date(anio, 6, 2)
    )
    _documentos(exoneracion, usuario)
    negada = exoneraciones.exoneracion_decide(
        actor=dimar,
        exoneracion=exoneracion,
        decision="negada",
        fecha=dt.date(anio, 6, 13),
        motivo="Dos navieras nacionales de la ruta ofrecieron bodega para contenedores en junio y julio.",
        firma={"cargo": "director_general", "nombre": "Director General Marítimo de demostración"},
        transcrita=True,
        soporte=f"Resolución que niega la exoneración, 13 de junio de {anio}, archivo de Dimar",
    )
    _notificar(dimar, negada, dt.date(anio, 6, 16))
    return negada


def _puertos(arribo: Arribo) -> dict:
    """C-01: a bill's ports and countries: the foreign end of its route and the arrival's Colombian port."""
    extranjero, pais = EXTREMO_EXTRANJERO[arribo.ruta.codigo]
    if arribo.operacion == "exportacion":
        return {
            "puerto_cargue": arribo.puerto,
            "pais_cargue": "CO",
            "puerto_descargue": extranjero,
            "pais_descargue": pais,
        }
    return {"puerto_cargue": extranjero, "pais_cargue": pais, "puerto_descargue": arribo.puerto, "pais_descargue": "CO"}


@transaction.atomic
def cargar() -> list[tuple[str, str, str]]:
    logins = [
        crear_usuario_demo("importador.valle", Rol.USUARIO_CARGA, nit="900888999"),
        crear_usuario_demo("exportador.cafe", Rol.USUARIO_CARGA, nit="860007538"),
        crear_usuario_demo("agente.pacifico", Rol.AGENTE_MARITIMO, agencia_nit="800654321"),
    ]
    if Arribo.objects.exists():
        return logins
    _registros()
    hoy = today()
    anio = hoy.year - 1
    dimar = Usuario.objects.filter(rol=Rol.DIMAR).first()
    valle = Usuario.objects.get(username="importador.valle")
    exoneracion = _exoneracion_concedida(anio, valle, dimar) if dimar else None
    for i, (mes, nit, ruta, puerto, nave, mercancia, embalaje, toneladas, flete) in enumerate(CONOCIMIENTOS, start=1):
        fecha = dt.date(anio, mes, 10 + i % 10)
        arribo = _arribo(fecha, ruta, puerto, nave, clase=clase_de(embalaje), toneladas=toneladas)
        exonerada = exoneracion if (nit == "900888999" and nave == "Atlantic Star") else None
        Conocimiento.objects.create(
            arribo=arribo,
            numero=f"BL-{anio}-{i:04d}",
            usuario_nit=nit,
            usuario_nombre=UsuarioCarga.objects.get(nit=nit).razon_social,
            mercancia=mercancia,
            clase=clase_de(embalaje),
            embalaje=embalaje,
            **_puertos(arribo),
            toneladas=Decimal(toneladas),
            flete_usd=Decimal(toneladas * flete),
            exoneracion=exonerada,
            registrado=add_business_days(fecha, 8),
        )
    # This year: one arrival with its reports, one still waiting for the manifest, one late with it.
    reciente = _arribo(add_business_days(hoy, -20), "R-07", "Cartagena", "Atlantic Star", toneladas=450)
    Conocimiento.objects.create(
        arribo=reciente,
        numero=f"BL-{hoy.year}-0001",
        usuario_nit="900555123",
        usuario_nombre="Importadora del Caribe S.A.S.",
        mercancia="ordinaria",
        clase="general",
        embalaje="contenedor",
        **_puertos(reciente),
        toneladas=Decimal(450),
        flete_usd=Decimal(18000),
        registrado=hoy,
    )
    _arribo(add_business_days(hoy, -4), "R-07", "Barranquilla", "Ciudad de Cartagena", presentado=False)
    # The Pacific agency is late with a manifest: the daily check alerts its agent (and Dimar).
    _arribo(add_business_days(hoy, -13), "R-12", "Buenaventura", "Pacific Dawn", presentado=False)
    importador = Usuario.objects.filter(username="importador").first()
    if importador and dimar:
        _exoneracion_negada(anio, importador, dimar)
    if importador:
        _radicar(
            importador, "900555123", "c", "general", 1200, "Cartagena", "LI-2026-000871", add_business_days(hoy, -3)
        )
    presentado = add_business_days(hoy, -5)
    Recargo.objects.create(
        conferencia=Conferencia.objects.get(codigo="CONF-CARIBE"),
        concepto="Recargo por congestión portuaria",
        portuario=True,
        fecha_presentacion=presentado,
        fecha_completa=presentado,
        valor_usd=Decimal("150.00"),
        justificacion="Demoras de atraque superiores a 48 horas en Cartagena durante la temporada alta.",
        vence_decision=calculo.vence_decision_recargo(presentado, portuario=True),
    )
    return logins
