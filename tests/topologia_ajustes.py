"""Settings of the topology's processes (tests/topologia.py): the test settings, with the database
aliases built as production builds them (persistent connections through PgBouncer, a real streaming
replica as `replica`, LECTURA_REPLICA on), instead of the test settings' mirror of the primary."""

from config.settings.base import ajustar_postgres, env
from config.settings.test import *  # noqa: F403

DATABASES = {"default": ajustar_postgres(env.db("DATABASE_URL"))}
if env("DATABASE_REPLICA_URL", default=""):
    DATABASES["replica"] = ajustar_postgres(env.db("DATABASE_REPLICA_URL"))
LECTURA_REPLICA = "replica" in DATABASES
