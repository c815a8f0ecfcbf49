"""The audit trail: who did what, when, to which object (every write that matters is attributable).

`audit.audit_record` records one event (`audit_records` several); `guardar_auditado`, `crear_auditado` and
`cambiar_auditado` save and audit at once; core.admin's bases audit the admin's saves."""
