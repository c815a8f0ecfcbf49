"""Demo data for `make run`: Dimar's capitanías, wholesalers, and one login per role."""

import datetime as dt

from django.db import transaction

from core.identidad.roles import Rol
from core.models import Capitania, Distribuidor, Usuario

CLAVE_DEMO = "Cupos.Demo.2026"

# Capitanías de Puerto marítimas y fluviales de Dimar.
CAPITANIAS = [
    ("CP01", "Buenaventura"), ("CP02", "Tumaco"), ("CP03", "Barranquilla"), ("CP04", "Santa Marta"),
    ("CP05", "Cartagena"), ("CP06", "Riohacha"), ("CP07", "San Andrés"), ("CP08", "Turbo"),
    ("CP09", "Coveñas"), ("CP10", "Puerto Bolívar"), ("CP11", "Bahía Solano"), ("CP12", "Providencia"),
    ("CP13", "Leticia"), ("CP14", "Puerto Carreño"), ("CP15", "Puerto Inírida"), ("CP16", "Guapi"),
    ("CP17", "Puerto Leguízamo"), ("CP18", "Puerto Obaldía"), ("CP19", "Capurganá"),
]

DISTRIBUIDORES = [
    ("860002400", "Combustibles del Caribe S.A.S.", Distribuidor.Tipo.MAYORISTA),
    ("890900650", "Distribuidora Marítima del Pacífico S.A.", Distribuidor.Tipo.MAYORISTA),
    ("900456123", "Petromar Cartagena S.A.S.", Distribuidor.Tipo.MAYORISTA),
    ("800234567", "Estación Marítima Bocagrande", Distribuidor.Tipo.ESTACION_MARITIMA),
    ("900987321", "Estación de Servicio Marítimo Tumaco", Distribuidor.Tipo.ESTACION_MARITIMA),
    ("830112233", "Transportes y Combustibles Frontera S.A.S.", Distribuidor.Tipo.TERCERO),
]
# R-18: the maritime stations' habilitations; Tumaco's has lapsed (it may not sell exempt fuel).
HABILITACIONES = {
    "800234567": {
        "habilitacion_numero": "MME-EDSM-0412", "habilitacion_fecha": dt.date(2025, 1, 15),
        "habilitacion_vigente_hasta": dt.date(2030, 1, 14),
    },
    "900987321": {
        "habilitacion_numero": "MME-EDSM-0187", "habilitacion_fecha": dt.date(2020, 3, 2),
        "habilitacion_vigente_hasta": dt.date(2025, 3, 1),
    },
}

USUARIOS = [
    ("admin", Rol.ADMINISTRADOR, {}),
    ("analista", Rol.UPME_ANALISTA, {}),
    ("oficial.cartagena", Rol.CAPITANIA_OFICIAL, {"capitania": "CP05"}),
    ("oficial.buenaventura", Rol.CAPITANIA_OFICIAL, {"capitania": "CP01"}),
    ("oficial.barranquilla", Rol.CAPITANIA_OFICIAL, {"capitania": "CP03"}),
    ("dimar", Rol.DIMAR, {}),
    ("distribuidor", Rol.DISTRIBUIDOR, {"distribuidor": "900456123"}),
    # Issue 45: the tercero Ecopetrol contracts in every border municipality (fronteras/demo.py), the one who
    # records border deliveries; the wholesaler above has no border contract.
    ("tercero.frontera", Rol.DISTRIBUIDOR, {"distribuidor": "830112233"}),
    ("auditor", Rol.AUDITOR, {}),
    ("minminas", Rol.MINMINAS, {}),
    ("ecopetrol", Rol.ECOPETROL, {}),
    # Cargo reservation (reserva/demo.py creates the agency, importers and conference they stand for).
    ("agente", Rol.AGENTE_MARITIMO, {"agencia_nit": "800123456"}),
    ("importador", Rol.USUARIO_CARGA, {"nit": "900555123"}),
    ("conferencia", Rol.CONFERENCIA, {"conferencia": "CONF-CARIBE"}),
]

# Each demo user is a person with a name (fictitious): acts and the audit name people, never a login (issue 45:
# Dimar's seal read «Firmado digitalmente por: dimar»).
NOMBRES_DEMO = {
    "admin": ("Laura", "Gómez Ríos"), "analista": ("Andrés", "Salazar Peña"),
    "oficial.cartagena": ("Teniente Diana", "Marín Ortiz"), "oficial.buenaventura": ("Teniente Jhon", "Angulo Riascos"),
    "dimar": ("Contralmirante Carlos", "Moreno Duarte"), "distribuidor": ("Patricia", "Vélez Arango"),
    "auditor": ("Jorge", "Cárdenas Luna"), "minminas": ("Sandra", "Rojas Piedrahíta"),
    "ecopetrol": ("Mauricio", "Bernal Castro"), "agente": ("Luisa", "Herrera Polo"),
    "importador": ("Felipe", "Ortega Camacho"), "conferencia": ("Mónica", "Daza Lozano"),
    "tercero.frontera": ("Óscar", "Pabón Quintero"), "oficial.barranquilla": ("Teniente Camila", "Ospino Díaz"),
}

# Issue 24: the demo users who sign or decide acts come enrolled in the second factor, with these fixed
# secrets (DEMO ONLY, printed by cargar_demo and in the README): add them to an authenticator app, or run
# `manage.py codigo_otp <usuario>` (DEBUG only). Each also has 10 recovery codes <usuario>01…<usuario>10,
# every one good once (a second `cargar_demo` renews them).
SECRETOS_DEMO = {
    "admin": "DEMOADMINPORTALCUPOSUPMEAAAAAAAA",
    "analista": "DEMOANALISTAPORTALCUPOSUPMEAAAAA",
    "dimar": "DEMODIMARPORTALCUPOSUPMEAAAAAAAA",
    "minminas": "DEMOMINMINASPORTALCUPOSUPMEAAAAA",
}


def codigos_recuperacion_demo(username: str) -> list[str]:
    return [f"{username}{n:02d}" for n in range(1, 11)]


def inscribir_demo(usuario) -> None:
    from core.identidad import segundo_factor

    if usuario.username in SECRETOS_DEMO and segundo_factor.requiere(usuario):
        segundo_factor.segundo_factor_demo(
            usuario=usuario, secreto_b32=SECRETOS_DEMO[usuario.username],
            codigos=codigos_recuperacion_demo(usuario.username),
        )


@transaction.atomic
def cargar() -> list[tuple[str, str, str]]:
    for codigo, nombre in CAPITANIAS:
        Capitania.objects.update_or_create(codigo=codigo, defaults={"nombre": f"Capitanía de Puerto de {nombre}"})
    for nit, razon, tipo in DISTRIBUIDORES:
        Distribuidor.objects.update_or_create(
            nit=nit, defaults={"razon_social": razon, "tipo": tipo, **HABILITACIONES.get(nit, {})}
        )
    return [crear_usuario_demo(username, rol, **alcance) for username, rol, alcance in USUARIOS]


def crear_usuario_demo(username: str, rol: str, *, capitania=None, distribuidor=None, beneficiario=None, agencia_nit="",
                       nit="", conferencia=""):
    usuario, _ = Usuario.objects.get_or_create(username=username)
    usuario.rol = rol
    usuario.capitania = Capitania.objects.get(codigo=capitania) if capitania else None
    usuario.distribuidor = Distribuidor.objects.get(nit=distribuidor) if distribuidor else None
    usuario.beneficiario = beneficiario
    usuario.agencia_nit, usuario.nit, usuario.conferencia = agencia_nit, nit, conferencia
    usuario.is_staff = rol in (Rol.ADMINISTRADOR, Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.DIMAR)
    usuario.is_superuser = rol == Rol.ADMINISTRADOR
    usuario.first_name, usuario.last_name = NOMBRES_DEMO.get(username, ("", ""))
    usuario.set_password(CLAVE_DEMO)
    usuario.save()
    inscribir_demo(usuario)
    return (username, usuario.get_rol_display(), CLAVE_DEMO)
