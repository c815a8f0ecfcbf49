"""Writes of the quota regime. Each service checks the actor, runs atomically and audits."""
