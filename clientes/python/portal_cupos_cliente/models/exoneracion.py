from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clase_enum import ClaseEnum
from ..models.estado_exoneracion_enum import EstadoExoneracionEnum
from ..models.fundamento_enum import FundamentoEnum
from ..models.mercancia_enum import MercanciaEnum
from ..models.solicitante_enum import SolicitanteEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.firma_exoneracion import FirmaExoneracion


T = TypeVar("T", bound="Exoneracion")


@_attrs_define
class Exoneracion:
    """
    Attributes:
        id (int):
        usuario_nit (str):
        fundamento (FundamentoEnum): * `a` - a) Falta de capacidad de los armadores nacionales
            * `b` - b) Carga de uso exclusivo de las Fuerzas Armadas
            * `c` - c) Fletes lesivos para la economía nacional
            * `d` - d) Exportación de café exigida por las condiciones del comprador
        ruta (str):
        clase (ClaseEnum): * `general` - Carga general
            * `granel` - Carga a granel
        toneladas (str):
        puerto_origen (str):
        puerto_destino (str):
        licencia (str):
        documentos_requeridos (list[str]): C-06 (art. 15): the document types its ground requires (the licence, twice).
        documentos_faltantes (list[str]):
        fecha_radicacion (datetime.date):
        vence_decision (datetime.date):
        firma (FirmaExoneracion | None):
        sello_pdf (None | str): Art. 17: la copia sellada que acompaña la decisión.
        recurso_en_tramite (bool): DOMAIN §8 (P-03): el solicitante tiene un recurso en trámite contra la decisión; no
            produce efectos.
        mercancia (MercanciaEnum | Unset): * `ordinaria` - Mercancía ordinaria
            * `regimen_especial` - Sistemas especiales de importación y exportación
            * `zona_franca` - Mercancía para zona franca industrial
            * `papel_periodico` - Papel periódico para medios escritos
            * `importacion_menor` - Importación menor
            * `cafe_verde` - Café verde (excelso)
            * `cafe_procesado` - Café procesado
            * `carbon` - Carbón
            * `petroleo` - Petróleo
        solicitante (SolicitanteEnum | Unset): * `usuario` - El importador o exportador
            * `comprador` - El comprador
        concepto_federacion (bool | Unset):
        corredor_nit (str | Unset):
        estado (EstadoExoneracionEnum | Unset): * `radicada` - Radicada
            * `completar` - Documentos por completar
            * `aclaracion` - Aclaración solicitada
            * `concedida` - Concedida
            * `negada` - Negada
            * `desistida` - Desistida
        vence_completar (datetime.date | None | Unset):
        aviso_demora_fecha (datetime.date | None | Unset):
        aviso_demora_motivo (str | Unset):
        fecha_decision (datetime.date | None | Unset):
        motivo_decision (str | Unset):
        embarcar_antes_de (datetime.date | None | Unset):
        codigo_verificacion (None | str | Unset):
        acto (int | None | Unset):
    """

    id: int
    usuario_nit: str
    fundamento: FundamentoEnum
    ruta: str
    clase: ClaseEnum
    toneladas: str
    puerto_origen: str
    puerto_destino: str
    licencia: str
    documentos_requeridos: list[str]
    documentos_faltantes: list[str]
    fecha_radicacion: datetime.date
    vence_decision: datetime.date
    firma: FirmaExoneracion | None
    sello_pdf: None | str
    recurso_en_tramite: bool
    mercancia: MercanciaEnum | Unset = UNSET
    solicitante: SolicitanteEnum | Unset = UNSET
    concepto_federacion: bool | Unset = UNSET
    corredor_nit: str | Unset = UNSET
    estado: EstadoExoneracionEnum | Unset = UNSET
    vence_completar: datetime.date | None | Unset = UNSET
    aviso_demora_fecha: datetime.date | None | Unset = UNSET
    aviso_demora_motivo: str | Unset = UNSET
    fecha_decision: datetime.date | None | Unset = UNSET
    motivo_decision: str | Unset = UNSET
    embarcar_antes_de: datetime.date | None | Unset = UNSET
    codigo_verificacion: None | str | Unset = UNSET
    acto: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.firma_exoneracion import FirmaExoneracion  # noqa: PLC0415

        id = self.id

        usuario_nit = self.usuario_nit

        fundamento = self.fundamento.value

        ruta = self.ruta

        clase = self.clase.value

        toneladas = self.toneladas

        puerto_origen = self.puerto_origen

        puerto_destino = self.puerto_destino

        licencia = self.licencia

        documentos_requeridos = self.documentos_requeridos

        documentos_faltantes = self.documentos_faltantes

        fecha_radicacion = self.fecha_radicacion.isoformat()

        vence_decision = self.vence_decision.isoformat()

        firma: dict[str, Any] | None
        if isinstance(self.firma, FirmaExoneracion):
            firma = self.firma.to_dict()
        else:
            firma = self.firma

        sello_pdf: None | str
        sello_pdf = self.sello_pdf

        recurso_en_tramite = self.recurso_en_tramite

        mercancia: str | Unset = UNSET
        if not isinstance(self.mercancia, Unset):
            mercancia = self.mercancia.value

        solicitante: str | Unset = UNSET
        if not isinstance(self.solicitante, Unset):
            solicitante = self.solicitante.value

        concepto_federacion = self.concepto_federacion

        corredor_nit = self.corredor_nit

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        vence_completar: None | str | Unset
        if isinstance(self.vence_completar, Unset):
            vence_completar = UNSET
        elif isinstance(self.vence_completar, datetime.date):
            vence_completar = self.vence_completar.isoformat()
        else:
            vence_completar = self.vence_completar

        aviso_demora_fecha: None | str | Unset
        if isinstance(self.aviso_demora_fecha, Unset):
            aviso_demora_fecha = UNSET
        elif isinstance(self.aviso_demora_fecha, datetime.date):
            aviso_demora_fecha = self.aviso_demora_fecha.isoformat()
        else:
            aviso_demora_fecha = self.aviso_demora_fecha

        aviso_demora_motivo = self.aviso_demora_motivo

        fecha_decision: None | str | Unset
        if isinstance(self.fecha_decision, Unset):
            fecha_decision = UNSET
        elif isinstance(self.fecha_decision, datetime.date):
            fecha_decision = self.fecha_decision.isoformat()
        else:
            fecha_decision = self.fecha_decision

        motivo_decision = self.motivo_decision

        embarcar_antes_de: None | str | Unset
        if isinstance(self.embarcar_antes_de, Unset):
            embarcar_antes_de = UNSET
        elif isinstance(self.embarcar_antes_de, datetime.date):
            embarcar_antes_de = self.embarcar_antes_de.isoformat()
        else:
            embarcar_antes_de = self.embarcar_antes_de

        codigo_verificacion: None | str | Unset
        if isinstance(self.codigo_verificacion, Unset):
            codigo_verificacion = UNSET
        else:
            codigo_verificacion = self.codigo_verificacion

        acto: int | None | Unset
        if isinstance(self.acto, Unset):
            acto = UNSET
        else:
            acto = self.acto

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "usuario_nit": usuario_nit,
                "fundamento": fundamento,
                "ruta": ruta,
                "clase": clase,
                "toneladas": toneladas,
                "puerto_origen": puerto_origen,
                "puerto_destino": puerto_destino,
                "licencia": licencia,
                "documentos_requeridos": documentos_requeridos,
                "documentos_faltantes": documentos_faltantes,
                "fecha_radicacion": fecha_radicacion,
                "vence_decision": vence_decision,
                "firma": firma,
                "sello_pdf": sello_pdf,
                "recurso_en_tramite": recurso_en_tramite,
            }
        )
        if mercancia is not UNSET:
            field_dict["mercancia"] = mercancia
        if solicitante is not UNSET:
            field_dict["solicitante"] = solicitante
        if concepto_federacion is not UNSET:
            field_dict["concepto_federacion"] = concepto_federacion
        if corredor_nit is not UNSET:
            field_dict["corredor_nit"] = corredor_nit
        if estado is not UNSET:
            field_dict["estado"] = estado
        if vence_completar is not UNSET:
            field_dict["vence_completar"] = vence_completar
        if aviso_demora_fecha is not UNSET:
            field_dict["aviso_demora_fecha"] = aviso_demora_fecha
        if aviso_demora_motivo is not UNSET:
            field_dict["aviso_demora_motivo"] = aviso_demora_motivo
        if fecha_decision is not UNSET:
            field_dict["fecha_decision"] = fecha_decision
        if motivo_decision is not UNSET:
            field_dict["motivo_decision"] = motivo_decision
        if embarcar_antes_de is not UNSET:
            field_dict["embarcar_antes_de"] = embarcar_antes_de
        if codigo_verificacion is not UNSET:
            field_dict["codigo_verificacion"] = codigo_verificacion
        if acto is not UNSET:
            field_dict["acto"] = acto

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.firma_exoneracion import FirmaExoneracion  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        usuario_nit = d.pop("usuario_nit")

        fundamento = FundamentoEnum(d.pop("fundamento"))

        ruta = d.pop("ruta")

        clase = ClaseEnum(d.pop("clase"))

        toneladas = d.pop("toneladas")

        puerto_origen = d.pop("puerto_origen")

        puerto_destino = d.pop("puerto_destino")

        licencia = d.pop("licencia")

        documentos_requeridos = cast(list[str], d.pop("documentos_requeridos"))

        documentos_faltantes = cast(list[str], d.pop("documentos_faltantes"))

        fecha_radicacion = datetime.date.fromisoformat(d.pop("fecha_radicacion"))

        vence_decision = datetime.date.fromisoformat(d.pop("vence_decision"))

        def _parse_firma(data: object) -> FirmaExoneracion | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                firma_type_0 = FirmaExoneracion.from_dict(data)

                return firma_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FirmaExoneracion | None, data)

        firma = _parse_firma(d.pop("firma"))

        def _parse_sello_pdf(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sello_pdf = _parse_sello_pdf(d.pop("sello_pdf"))

        recurso_en_tramite = d.pop("recurso_en_tramite")

        _mercancia = d.pop("mercancia", UNSET)
        mercancia: MercanciaEnum | Unset
        if isinstance(_mercancia, Unset):
            mercancia = UNSET
        else:
            mercancia = MercanciaEnum(_mercancia)

        _solicitante = d.pop("solicitante", UNSET)
        solicitante: SolicitanteEnum | Unset
        if isinstance(_solicitante, Unset):
            solicitante = UNSET
        else:
            solicitante = SolicitanteEnum(_solicitante)

        concepto_federacion = d.pop("concepto_federacion", UNSET)

        corredor_nit = d.pop("corredor_nit", UNSET)

        _estado = d.pop("estado", UNSET)
        estado: EstadoExoneracionEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoExoneracionEnum(_estado)

        def _parse_vence_completar(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vence_completar_type_0 = datetime.date.fromisoformat(data)

                return vence_completar_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vence_completar = _parse_vence_completar(d.pop("vence_completar", UNSET))

        def _parse_aviso_demora_fecha(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                aviso_demora_fecha_type_0 = datetime.date.fromisoformat(data)

                return aviso_demora_fecha_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        aviso_demora_fecha = _parse_aviso_demora_fecha(d.pop("aviso_demora_fecha", UNSET))

        aviso_demora_motivo = d.pop("aviso_demora_motivo", UNSET)

        def _parse_fecha_decision(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_decision_type_0 = datetime.date.fromisoformat(data)

                return fecha_decision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_decision = _parse_fecha_decision(d.pop("fecha_decision", UNSET))

        motivo_decision = d.pop("motivo_decision", UNSET)

        def _parse_embarcar_antes_de(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                embarcar_antes_de_type_0 = datetime.date.fromisoformat(data)

                return embarcar_antes_de_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        embarcar_antes_de = _parse_embarcar_antes_de(d.pop("embarcar_antes_de", UNSET))

        def _parse_codigo_verificacion(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        codigo_verificacion = _parse_codigo_verificacion(d.pop("codigo_verificacion", UNSET))

        def _parse_acto(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        acto = _parse_acto(d.pop("acto", UNSET))

        exoneracion = cls(
            id=id,
            usuario_nit=usuario_nit,
            fundamento=fundamento,
            ruta=ruta,
            clase=clase,
            toneladas=toneladas,
            puerto_origen=puerto_origen,
            puerto_destino=puerto_destino,
            licencia=licencia,
            documentos_requeridos=documentos_requeridos,
            documentos_faltantes=documentos_faltantes,
            fecha_radicacion=fecha_radicacion,
            vence_decision=vence_decision,
            firma=firma,
            sello_pdf=sello_pdf,
            recurso_en_tramite=recurso_en_tramite,
            mercancia=mercancia,
            solicitante=solicitante,
            concepto_federacion=concepto_federacion,
            corredor_nit=corredor_nit,
            estado=estado,
            vence_completar=vence_completar,
            aviso_demora_fecha=aviso_demora_fecha,
            aviso_demora_motivo=aviso_demora_motivo,
            fecha_decision=fecha_decision,
            motivo_decision=motivo_decision,
            embarcar_antes_de=embarcar_antes_de,
            codigo_verificacion=codigo_verificacion,
            acto=acto,
        )

        exoneracion.additional_properties = d
        return exoneracion

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
