from enum import StrEnum


class SentidoDecisionEnum(StrEnum):
    CONFIRMA = "confirma"
    MODIFICA = "modifica"
    REVOCA = "revoca"

    def __str__(self) -> str:
        return str(self.value)
