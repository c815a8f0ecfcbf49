"""The administrative procedure of every act (DOMAIN §8, P-01 to P-06; Ley 1437 de 2011, arts. 56-89).

An act (`models.Acto`) concerns persons (`Interesado`), each notified (P-01), told which recursos proceed and
before whom (P-02, `RecursoProcedente`, a data table with its legal basis), able to file them (P-03) and firm on
a date the portal computes (P-04, `firmeza.en_firme_desde`). Apps register their kinds of act
(`core.registro.registrar_tipo_acto`) and what a decision on a recurso does to them; core imports no app."""
