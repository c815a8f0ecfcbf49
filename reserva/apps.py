from django.apps import AppConfig


class ReservaConfig(AppConfig):
    name = "reserva"
    verbose_name = "Reserva de carga"

    def ready(self):
        from core import registro
        from core.identidad.roles import Rol
        from core.registro import Entrada
        from reserva import access, demo, errors, plazos
        from reserva.models import TipoAlertaReserva

        dimar = frozenset(access.DIMAR)
        registro.registrar_menu(
            Entrada("Arribos y conocimientos", "reserva:arribos", frozenset(access.LECTORES_ARRIBOS), orden=450),
            Entrada(
                "Exoneraciones de carga", "reserva:exoneraciones", frozenset(access.LECTORES_EXONERACIONES), orden=460
            ),
            Entrada("Cumplimiento de reserva", "reserva:cumplimiento", frozenset({Rol.USUARIO_CARGA}), orden=470),
            Entrada("Reserva de carga nacional", "reserva:nacional", frozenset(access.LECTORES), orden=470),
            Entrada(
                "Recargos de conferencias", "reserva:recargos", frozenset(access.LECTORES_RECARGOS) | dimar, orden=480
            ),
            Entrada("Avisos de reserva de carga", "reserva:avisos", frozenset({Rol.CAPITANIA_OFICIAL}), orden=490),
            Entrada("Contratos e informes de carga", "reserva:contratos", frozenset({Rol.USUARIO_CARGA}), orden=475),
            Entrada("Control anual de reserva", "reserva:controles", dimar | {Rol.AUDITOR}, orden=485),
        )
        registro.registrar_plazos("reserva", plazos)
        registro.registrar_demo("reserva", demo.cargar, orden=50)
        registro.registrar_errores(errors.ErrorReserva)
        from django.urls import reverse

        from reserva.pdf import TIPO_FIRMADO, TIPO_NEGACION, TIPO_NEGACION_CONTRATO, TIPO_NEGACION_RECARGO

        registro.registrar_firmable(
            registro.Firmable(
                TIPO_FIRMADO,
                "Sello de exoneración de reserva de carga",
                lambda codigo: reverse("reserva:verificar-codigo", args=[codigo]),
            )
        )
        registro.registrar_firmable(
            registro.Firmable(
                TIPO_NEGACION,
                "Decisión de Dimar que niega una exoneración de reserva de carga",
                lambda codigo: reverse("reserva:verificar-codigo", args=[codigo]),
            )
        )
        registro.registrar_firmable(
            registro.Firmable(TIPO_NEGACION_CONTRATO, "Decisión de Dimar que niega un contrato anual de carga a granel")
        )
        registro.registrar_firmable(
            registro.Firmable(TIPO_NEGACION_RECARGO, "Decisión de Dimar que niega un recargo de conferencia")
        )
        registro.registrar_tipos_alerta(TipoAlertaReserva)
        from reserva.services.procedimiento import TIPOS_ACTO

        for tipo_acto in TIPOS_ACTO:  # DOMAIN §8: decisions, withdrawals and fines under the procedure
            registro.registrar_tipo_acto(tipo_acto)
        from reserva.pdf import oficinas_de_dimar

        registro.registrar_oficinas(oficinas_de_dimar)

        from reserva import datos as datos_abiertos

        datos_abiertos.registrar()  # what it publishes under /datos/ (core.datos, issue 28)
