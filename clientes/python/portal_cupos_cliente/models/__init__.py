"""Contains all the data models used in inputs/outputs"""

from .actividad_enum import ActividadEnum
from .acto import Acto
from .acto_del_mostrador import ActoDelMostrador
from .acto_sincronizado import ActoSincronizado
from .agencia import Agencia
from .agencia_nueva import AgenciaNueva
from .alerta import Alerta
from .alta_dimar import AltaDimar
from .anulacion import Anulacion
from .arribo import Arribo
from .arribo_nuevo import ArriboNuevo
from .asignacion import Asignacion
from .asignacion_ejecutoria import AsignacionEjecutoria
from .asignacion_estacion import AsignacionEstacion
from .asignacion_nueva import AsignacionNueva
from .auditoria import Auditoria
from .auditoria_antes_type_0 import AuditoriaAntesType0
from .auditoria_despues_type_0 import AuditoriaDespuesType0
from .aviso import Aviso
from .baja_dimar import BajaDimar
from .beneficiario import Beneficiario
from .beneficiario_convenios import BeneficiarioConvenios
from .beneficiario_desembarques import BeneficiarioDesembarques
from .beneficiario_garantias import BeneficiarioGarantias
from .beneficiario_nuevo import BeneficiarioNuevo
from .blank_enum import BlankEnum
from .bloque import Bloque
from .calculo_desvios_aceptado import CalculoDesviosAceptado
from .calificacion_enum import CalificacionEnum
from .capitania import Capitania
from .capitania_nueva import CapitaniaNueva
from .carga_informe import CargaInforme
from .carga_informe_clase_enum import CargaInformeClaseEnum
from .carga_informe_nueva import CargaInformeNueva
from .cargo_firma_enum import CargoFirmaEnum
from .caso import Caso
from .caso_output_estado_enum import CasoOutputEstadoEnum
from .causal_cancelacion_enum import CausalCancelacionEnum
from .causal_enum import CausalEnum
from .certificado import Certificado
from .certificado_anulacion import CertificadoAnulacion
from .certificado_anulado import CertificadoAnulado
from .certificado_conformidad import CertificadoConformidad
from .certificado_conformidad_nuevo import CertificadoConformidadNuevo
from .certificado_transporte import CertificadoTransporte
from .certificado_transporte_nuevo import CertificadoTransporteNuevo
from .certificado_verificado import CertificadoVerificado
from .certificado_zarpe import CertificadoZarpe
from .clase_enum import ClaseEnum
from .clave_publicada import ClavePublicada
from .claves_mostradores import ClavesMostradores
from .combustible_cupo_enum import CombustibleCupoEnum
from .combustible_frontera_enum import CombustibleFronteraEnum
from .compra import Compra
from .compra_nueva import CompraNueva
from .comunicacion_origen_enum import ComunicacionOrigenEnum
from .conciliacion import Conciliacion
from .conciliacion_conteo import ConciliacionConteo
from .conciliacion_discrepancia import ConciliacionDiscrepancia
from .conciliacion_totales import ConciliacionTotales
from .conocimiento import Conocimiento
from .conocimiento_archivo import ConocimientoArchivo
from .conocimiento_nuevo import ConocimientoNuevo
from .conocimientos_cargados import ConocimientosCargados
from .conocimientos_entregados import ConocimientosEntregados
from .contrato import Contrato
from .contrato_autorizar import ContratoAutorizar
from .contrato_ecopetrol import ContratoEcopetrol
from .contrato_ecopetrol_nuevo import ContratoEcopetrolNuevo
from .contrato_negar import ContratoNegar
from .contrato_nuevo import ContratoNuevo
from .contrato_output_estado_enum import ContratoOutputEstadoEnum
from .contrato_registro import ContratoRegistro
from .control import Control
from .control_cierre import ControlCierre
from .control_nuevo import ControlNuevo
from .control_respuesta import ControlRespuesta
from .control_resultado import ControlResultado
from .convenio import Convenio
from .credenciales import Credenciales
from .cumplimiento import Cumplimiento
from .cumplimiento_nacional import CumplimientoNacional
from .cupo import Cupo
from .cupo_cancelacion import CupoCancelacion
from .cupo_cancelado import CupoCancelado
from .cupo_comunicacion import CupoComunicacion
from .cupo_fin_continuidad import CupoFinContinuidad
from .cupo_firmeza import CupoFirmeza
from .cupo_nuevo import CupoNuevo
from .decision_exoneracion_enum import DecisionExoneracionEnum
from .decision_recurso import DecisionRecurso
from .declaracion import Declaracion
from .declaracion_nueva import DeclaracionNueva
from .delegacion import Delegacion
from .delegacion_nueva import DelegacionNueva
from .demora import Demora
from .desembarque import Desembarque
from .despacho import Despacho
from .despacho_nuevo import DespachoNuevo
from .desvio_marcar import DesvioMarcar
from .desvio_marcar_api_input_estado_enum import DesvioMarcarApiInputEstadoEnum
from .discrepancia_reporte import DiscrepanciaReporte
from .distribuidor import Distribuidor
from .distribuidor_nuevo import DistribuidorNuevo
from .documento_en_curso import DocumentoEnCurso
from .documento_exoneracion_cargado import DocumentoExoneracionCargado
from .documento_solicitud import DocumentoSolicitud
from .documento_solicitud_nuevo import DocumentoSolicitudNuevo
from .documento_venta import DocumentoVenta
from .documento_venta_recibido import DocumentoVentaRecibido
from .embalaje_enum import EmbalajeEnum
from .embarque_exonerado import EmbarqueExonerado
from .entidad_enum import EntidadEnum
from .entrega_conocimientos import EntregaConocimientos
from .envio_relacion import EnvioRelacion
from .error import Error
from .error_fila_reporte import ErrorFilaReporte
from .errores_validacion import ErroresValidacion
from .escaneo_acto import EscaneoActo
from .estacion import Estacion
from .estacion_nueva import EstacionNueva
from .estado_asignacion_enum import EstadoAsignacionEnum
from .estado_certificado_enum import EstadoCertificadoEnum
from .estado_control_enum import EstadoControlEnum
from .estado_cupo_enum import EstadoCupoEnum
from .estado_exoneracion_enum import EstadoExoneracionEnum
from .estado_plan_enum import EstadoPlanEnum
from .estado_recargo_enum import EstadoRecargoEnum
from .estado_recurso_enum import EstadoRecursoEnum
from .estado_reporte_enum import EstadoReporteEnum
from .estado_resolucion_enum import EstadoResolucionEnum
from .estado_solicitud_enum import EstadoSolicitudEnum
from .estado_trabajo_enum import EstadoTrabajoEnum
from .estado_zarpe_enum import EstadoZarpeEnum
from .exoneracion import Exoneracion
from .exoneracion_decision import ExoneracionDecision
from .exoneracion_documento import ExoneracionDocumento
from .exoneracion_embarque import ExoneracionEmbarque
from .exoneracion_nueva import ExoneracionNueva
from .exoneracion_verificada import ExoneracionVerificada
from .exoneracion_verificada_estado_enum import ExoneracionVerificadaEstadoEnum
from .expedicion_en_curso import ExpedicionEnCurso
from .firma import Firma
from .firma_decision import FirmaDecision
from .firma_exoneracion import FirmaExoneracion
from .firmeza_masiva_en_curso import FirmezaMasivaEnCurso
from .fundamento_enum import FundamentoEnum
from .garantia import Garantia
from .garantia_resumen import GarantiaResumen
from .gran_consumidor import GranConsumidor
from .gran_consumidor_ejecutoria import GranConsumidorEjecutoria
from .gran_consumidor_nuevo import GranConsumidorNuevo
from .informe import Informe
from .informe_semestral import InformeSemestral
from .informe_semestral_nuevo import InformeSemestralNuevo
from .inspeccion import Inspeccion
from .inspector_designado import InspectorDesignado
from .instantanea import Instantanea
from .interesado import Interesado
from .latido import Latido
from .linea_nueva import LineaNueva
from .linea_propuesta import LineaPropuesta
from .linea_resolucion import LineaResolucion
from .lineas_fijadas import LineasFijadas
from .lineas_importadas import LineasImportadas
from .lista_sistemas_especiales import ListaSistemasEspeciales
from .lista_sistemas_especiales_nueva import ListaSistemasEspecialesNueva
from .medio_enum import MedioEnum
from .medio_notificacion_surtida_enum import MedioNotificacionSurtidaEnum
from .mercancia_enum import MercanciaEnum
from .moneda_enum import MonedaEnum
from .mostrador import Mostrador
from .mostrador_list import MostradorList
from .motivo_fin_enum import MotivoFinEnum
from .movimiento import Movimiento
from .municipio import Municipio
from .municipio_nuevo import MunicipioNuevo
from .nave_instantanea import NaveInstantanea
from .nave_reserva import NaveReserva
from .nave_reserva_nueva import NaveReservaNueva
from .naviera import Naviera
from .naviera_nueva import NavieraNueva
from .nivel_enum import NivelEnum
from .notificacion import Notificacion
from .notificacion_nueva import NotificacionNueva
from .novedad import Novedad
from .novedad_dimar_nueva import NovedadDimarNueva
from .obligaciones import Obligaciones
from .oferta import Oferta
from .oferta_calificacion import OfertaCalificacion
from .oferta_nueva import OfertaNueva
from .operacion_enum import OperacionEnum
from .origen_linea_enum import OrigenLineaEnum
from .pagina_agencia import PaginaAgencia
from .pagina_alerta import PaginaAlerta
from .pagina_arribo import PaginaArribo
from .pagina_asignacion import PaginaAsignacion
from .pagina_auditoria import PaginaAuditoria
from .pagina_aviso import PaginaAviso
from .pagina_beneficiario import PaginaBeneficiario
from .pagina_capitania import PaginaCapitania
from .pagina_caso import PaginaCaso
from .pagina_certificado_conformidad import PaginaCertificadoConformidad
from .pagina_certificado_transporte import PaginaCertificadoTransporte
from .pagina_compra import PaginaCompra
from .pagina_conocimiento import PaginaConocimiento
from .pagina_contrato import PaginaContrato
from .pagina_contrato_ecopetrol import PaginaContratoEcopetrol
from .pagina_control import PaginaControl
from .pagina_cumplimiento_nacional import PaginaCumplimientoNacional
from .pagina_cupo import PaginaCupo
from .pagina_declaracion import PaginaDeclaracion
from .pagina_delegacion import PaginaDelegacion
from .pagina_despacho import PaginaDespacho
from .pagina_discrepancia_reporte import PaginaDiscrepanciaReporte
from .pagina_distribuidor import PaginaDistribuidor
from .pagina_envio_relacion import PaginaEnvioRelacion
from .pagina_error_fila_reporte import PaginaErrorFilaReporte
from .pagina_estacion import PaginaEstacion
from .pagina_exoneracion import PaginaExoneracion
from .pagina_gran_consumidor import PaginaGranConsumidor
from .pagina_informe import PaginaInforme
from .pagina_informe_semestral import PaginaInformeSemestral
from .pagina_interesado import PaginaInteresado
from .pagina_lista_sistemas_especiales import PaginaListaSistemasEspeciales
from .pagina_movimiento import PaginaMovimiento
from .pagina_municipio import PaginaMunicipio
from .pagina_nave_reserva import PaginaNaveReserva
from .pagina_naviera import PaginaNaviera
from .pagina_novedad import PaginaNovedad
from .pagina_plan import PaginaPlan
from .pagina_porcentaje_pais import PaginaPorcentajePais
from .pagina_puerto import PaginaPuerto
from .pagina_recargo import PaginaRecargo
from .pagina_relacion import PaginaRelacion
from .pagina_reporte_mensual import PaginaReporteMensual
from .pagina_resolucion import PaginaResolucion
from .pagina_ruta import PaginaRuta
from .pagina_solicitud import PaginaSolicitud
from .pagina_solicitud_oferta import PaginaSolicitudOferta
from .pagina_usuario import PaginaUsuario
from .pagina_venta import PaginaVenta
from .pagina_zarpe import PaginaZarpe
from .plan import Plan
from .plan_ajustar import PlanAjustar
from .plan_aprobar import PlanAprobar
from .plan_informe_nuevo import PlanInformeNuevo
from .plan_nuevo import PlanNuevo
from .plan_solicitar_ajustes import PlanSolicitarAjustes
from .porcentaje_pais import PorcentajePais
from .porcentaje_pais_nuevo import PorcentajePaisNuevo
from .prioridad_contrato_ecopetrol_enum import PrioridadContratoEcopetrolEnum
from .propuesta import Propuesta
from .puerto import Puerto
from .recargo import Recargo
from .recargo_completar import RecargoCompletar
from .recargo_decidir import RecargoDecidir
from .recargo_nuevo import RecargoNuevo
from .recargo_resuelto import RecargoResuelto
from .recurso_decidido import RecursoDecidido
from .recurso_nuevo import RecursoNuevo
from .recurso_presentado import RecursoPresentado
from .recurso_procedente import RecursoProcedente
from .recurso_resumen import RecursoResumen
from .relacion import Relacion
from .relacion_enviar import RelacionEnviar
from .renuncia_nueva import RenunciaNueva
from .reporte_aceptado import ReporteAceptado
from .reporte_mensual import ReporteMensual
from .reporte_mensual_detalle import ReporteMensualDetalle
from .reporte_mensual_nuevo import ReporteMensualNuevo
from .resolucion import Resolucion
from .resolucion_firmeza import ResolucionFirmeza
from .resolucion_lineas import ResolucionLineas
from .resolucion_lineas_xlsx import ResolucionLineasXlsx
from .resolucion_nueva import ResolucionNueva
from .responsabilidad_flete_enum import ResponsabilidadFleteEnum
from .resultado_control import ResultadoControl
from .resultado_enum import ResultadoEnum
from .retencion import Retencion
from .retener import Retener
from .rol_enum import RolEnum
from .ruta import Ruta
from .ruta_nueva import RutaNueva
from .saldo import Saldo
from .senal import Senal
from .sentido_decision_enum import SentidoDecisionEnum
from .sincronizar import Sincronizar
from .sobordo import Sobordo
from .sobordo_presentado import SobordoPresentado
from .solicitante_enum import SolicitanteEnum
from .solicitud import Solicitud
from .solicitud_aprobar import SolicitudAprobar
from .solicitud_nueva import SolicitudNueva
from .solicitud_oferta import SolicitudOferta
from .solicitud_oferta_nueva import SolicitudOfertaNueva
from .solicitud_rechazar import SolicitudRechazar
from .solo_fecha import SoloFecha
from .tipo_aviso_enum import TipoAvisoEnum
from .tipo_beneficiario_enum import TipoBeneficiarioEnum
from .tipo_distribuidor_enum import TipoDistribuidorEnum
from .tipo_documento_venta_enum import TipoDocumentoVentaEnum
from .tipo_fila_transparencia_enum import TipoFilaTransparenciaEnum
from .tipo_movimiento_enum import TipoMovimientoEnum
from .tipo_nave_enum import TipoNaveEnum
from .tipo_recurso_enum import TipoRecursoEnum
from .tipo_resolucion_enum import TipoResolucionEnum
from .tipo_sujeto_enum import TipoSujetoEnum
from .token import Token
from .trabajo import Trabajo
from .trabajo_resultado import TrabajoResultado
from .transparencia import Transparencia
from .transparencia_fila import TransparenciaFila
from .usuario import Usuario
from .usuario_listado import UsuarioListado
from .usuario_listado_nuevo import UsuarioListadoNuevo
from .usuario_nuevo import UsuarioNuevo
from .v1_conciliacion_retrieve_codigo import V1ConciliacionRetrieveCodigo
from .v1_fronteras_transparencia_retrieve_formato import V1FronterasTransparenciaRetrieveFormato
from .v1_resoluciones_propuesta_retrieve_diferencia import V1ResolucionesPropuestaRetrieveDiferencia
from .v1_resoluciones_propuesta_retrieve_orden import V1ResolucionesPropuestaRetrieveOrden
from .v1_resoluciones_propuesta_retrieve_origen import V1ResolucionesPropuestaRetrieveOrigen
from .v1_resoluciones_propuesta_retrieve_tipo import V1ResolucionesPropuestaRetrieveTipo
from .venta import Venta
from .venta_nueva import VentaNueva
from .ventana import Ventana
from .vigencia import Vigencia
from .volumen import Volumen
from .zarpe import Zarpe
from .zarpe_inspeccion import ZarpeInspeccion
from .zarpe_solicitud import ZarpeSolicitud

__all__ = (
    "ActividadEnum",
    "Acto",
    "ActoDelMostrador",
    "ActoSincronizado",
    "Agencia",
    "AgenciaNueva",
    "Alerta",
    "AltaDimar",
    "Anulacion",
    "Arribo",
    "ArriboNuevo",
    "Asignacion",
    "AsignacionEjecutoria",
    "AsignacionEstacion",
    "AsignacionNueva",
    "Auditoria",
    "AuditoriaAntesType0",
    "AuditoriaDespuesType0",
    "Aviso",
    "BajaDimar",
    "Beneficiario",
    "BeneficiarioConvenios",
    "BeneficiarioDesembarques",
    "BeneficiarioGarantias",
    "BeneficiarioNuevo",
    "BlankEnum",
    "Bloque",
    "CalculoDesviosAceptado",
    "CalificacionEnum",
    "Capitania",
    "CapitaniaNueva",
    "CargaInforme",
    "CargaInformeClaseEnum",
    "CargaInformeNueva",
    "CargoFirmaEnum",
    "Caso",
    "CasoOutputEstadoEnum",
    "CausalCancelacionEnum",
    "CausalEnum",
    "Certificado",
    "CertificadoAnulacion",
    "CertificadoAnulado",
    "CertificadoConformidad",
    "CertificadoConformidadNuevo",
    "CertificadoTransporte",
    "CertificadoTransporteNuevo",
    "CertificadoVerificado",
    "CertificadoZarpe",
    "ClaseEnum",
    "ClavePublicada",
    "ClavesMostradores",
    "CombustibleCupoEnum",
    "CombustibleFronteraEnum",
    "Compra",
    "CompraNueva",
    "ComunicacionOrigenEnum",
    "Conciliacion",
    "ConciliacionConteo",
    "ConciliacionDiscrepancia",
    "ConciliacionTotales",
    "Conocimiento",
    "ConocimientoArchivo",
    "ConocimientoNuevo",
    "ConocimientosCargados",
    "ConocimientosEntregados",
    "Contrato",
    "ContratoAutorizar",
    "ContratoEcopetrol",
    "ContratoEcopetrolNuevo",
    "ContratoNegar",
    "ContratoNuevo",
    "ContratoOutputEstadoEnum",
    "ContratoRegistro",
    "Control",
    "ControlCierre",
    "ControlNuevo",
    "ControlRespuesta",
    "ControlResultado",
    "Convenio",
    "Credenciales",
    "Cumplimiento",
    "CumplimientoNacional",
    "Cupo",
    "CupoCancelacion",
    "CupoCancelado",
    "CupoComunicacion",
    "CupoFinContinuidad",
    "CupoFirmeza",
    "CupoNuevo",
    "DecisionExoneracionEnum",
    "DecisionRecurso",
    "Declaracion",
    "DeclaracionNueva",
    "Delegacion",
    "DelegacionNueva",
    "Demora",
    "Desembarque",
    "Despacho",
    "DespachoNuevo",
    "DesvioMarcar",
    "DesvioMarcarApiInputEstadoEnum",
    "DiscrepanciaReporte",
    "Distribuidor",
    "DistribuidorNuevo",
    "DocumentoEnCurso",
    "DocumentoExoneracionCargado",
    "DocumentoSolicitud",
    "DocumentoSolicitudNuevo",
    "DocumentoVenta",
    "DocumentoVentaRecibido",
    "EmbalajeEnum",
    "EmbarqueExonerado",
    "EntidadEnum",
    "EntregaConocimientos",
    "EnvioRelacion",
    "Error",
    "ErroresValidacion",
    "ErrorFilaReporte",
    "EscaneoActo",
    "Estacion",
    "EstacionNueva",
    "EstadoAsignacionEnum",
    "EstadoCertificadoEnum",
    "EstadoControlEnum",
    "EstadoCupoEnum",
    "EstadoExoneracionEnum",
    "EstadoPlanEnum",
    "EstadoRecargoEnum",
    "EstadoRecursoEnum",
    "EstadoReporteEnum",
    "EstadoResolucionEnum",
    "EstadoSolicitudEnum",
    "EstadoTrabajoEnum",
    "EstadoZarpeEnum",
    "Exoneracion",
    "ExoneracionDecision",
    "ExoneracionDocumento",
    "ExoneracionEmbarque",
    "ExoneracionNueva",
    "ExoneracionVerificada",
    "ExoneracionVerificadaEstadoEnum",
    "ExpedicionEnCurso",
    "Firma",
    "FirmaDecision",
    "FirmaExoneracion",
    "FirmezaMasivaEnCurso",
    "FundamentoEnum",
    "Garantia",
    "GarantiaResumen",
    "GranConsumidor",
    "GranConsumidorEjecutoria",
    "GranConsumidorNuevo",
    "Informe",
    "InformeSemestral",
    "InformeSemestralNuevo",
    "Inspeccion",
    "InspectorDesignado",
    "Instantanea",
    "Interesado",
    "Latido",
    "LineaNueva",
    "LineaPropuesta",
    "LineaResolucion",
    "LineasFijadas",
    "LineasImportadas",
    "ListaSistemasEspeciales",
    "ListaSistemasEspecialesNueva",
    "MedioEnum",
    "MedioNotificacionSurtidaEnum",
    "MercanciaEnum",
    "MonedaEnum",
    "Mostrador",
    "MostradorList",
    "MotivoFinEnum",
    "Movimiento",
    "Municipio",
    "MunicipioNuevo",
    "NaveInstantanea",
    "NaveReserva",
    "NaveReservaNueva",
    "Naviera",
    "NavieraNueva",
    "NivelEnum",
    "Notificacion",
    "NotificacionNueva",
    "Novedad",
    "NovedadDimarNueva",
    "Obligaciones",
    "Oferta",
    "OfertaCalificacion",
    "OfertaNueva",
    "OperacionEnum",
    "OrigenLineaEnum",
    "PaginaAgencia",
    "PaginaAlerta",
    "PaginaArribo",
    "PaginaAsignacion",
    "PaginaAuditoria",
    "PaginaAviso",
    "PaginaBeneficiario",
    "PaginaCapitania",
    "PaginaCaso",
    "PaginaCertificadoConformidad",
    "PaginaCertificadoTransporte",
    "PaginaCompra",
    "PaginaConocimiento",
    "PaginaContrato",
    "PaginaContratoEcopetrol",
    "PaginaControl",
    "PaginaCumplimientoNacional",
    "PaginaCupo",
    "PaginaDeclaracion",
    "PaginaDelegacion",
    "PaginaDespacho",
    "PaginaDiscrepanciaReporte",
    "PaginaDistribuidor",
    "PaginaEnvioRelacion",
    "PaginaErrorFilaReporte",
    "PaginaEstacion",
    "PaginaExoneracion",
    "PaginaGranConsumidor",
    "PaginaInforme",
    "PaginaInformeSemestral",
    "PaginaInteresado",
    "PaginaListaSistemasEspeciales",
    "PaginaMovimiento",
    "PaginaMunicipio",
    "PaginaNaveReserva",
    "PaginaNaviera",
    "PaginaNovedad",
    "PaginaPlan",
    "PaginaPorcentajePais",
    "PaginaPuerto",
    "PaginaRecargo",
    "PaginaRelacion",
    "PaginaReporteMensual",
    "PaginaResolucion",
    "PaginaRuta",
    "PaginaSolicitud",
    "PaginaSolicitudOferta",
    "PaginaUsuario",
    "PaginaVenta",
    "PaginaZarpe",
    "Plan",
    "PlanAjustar",
    "PlanAprobar",
    "PlanInformeNuevo",
    "PlanNuevo",
    "PlanSolicitarAjustes",
    "PorcentajePais",
    "PorcentajePaisNuevo",
    "PrioridadContratoEcopetrolEnum",
    "Propuesta",
    "Puerto",
    "Recargo",
    "RecargoCompletar",
    "RecargoDecidir",
    "RecargoNuevo",
    "RecargoResuelto",
    "RecursoDecidido",
    "RecursoNuevo",
    "RecursoPresentado",
    "RecursoProcedente",
    "RecursoResumen",
    "Relacion",
    "RelacionEnviar",
    "RenunciaNueva",
    "ReporteAceptado",
    "ReporteMensual",
    "ReporteMensualDetalle",
    "ReporteMensualNuevo",
    "Resolucion",
    "ResolucionFirmeza",
    "ResolucionLineas",
    "ResolucionLineasXlsx",
    "ResolucionNueva",
    "ResponsabilidadFleteEnum",
    "ResultadoControl",
    "ResultadoEnum",
    "Retencion",
    "Retener",
    "RolEnum",
    "Ruta",
    "RutaNueva",
    "Saldo",
    "Senal",
    "SentidoDecisionEnum",
    "Sincronizar",
    "Sobordo",
    "SobordoPresentado",
    "SolicitanteEnum",
    "Solicitud",
    "SolicitudAprobar",
    "SolicitudNueva",
    "SolicitudOferta",
    "SolicitudOfertaNueva",
    "SolicitudRechazar",
    "SoloFecha",
    "TipoAvisoEnum",
    "TipoBeneficiarioEnum",
    "TipoDistribuidorEnum",
    "TipoDocumentoVentaEnum",
    "TipoFilaTransparenciaEnum",
    "TipoMovimientoEnum",
    "TipoNaveEnum",
    "TipoRecursoEnum",
    "TipoResolucionEnum",
    "TipoSujetoEnum",
    "Token",
    "Trabajo",
    "TrabajoResultado",
    "Transparencia",
    "TransparenciaFila",
    "Usuario",
    "UsuarioListado",
    "UsuarioListadoNuevo",
    "UsuarioNuevo",
    "V1ConciliacionRetrieveCodigo",
    "V1FronterasTransparenciaRetrieveFormato",
    "V1ResolucionesPropuestaRetrieveDiferencia",
    "V1ResolucionesPropuestaRetrieveOrden",
    "V1ResolucionesPropuestaRetrieveOrigen",
    "V1ResolucionesPropuestaRetrieveTipo",
    "Venta",
    "Ventana",
    "VentaNueva",
    "Vigencia",
    "Volumen",
    "Zarpe",
    "ZarpeInspeccion",
    "ZarpeSolicitud",
)
