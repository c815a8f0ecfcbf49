"""Demo data of the cargo reservation (filled in later)."""


def cargar():
    return None
