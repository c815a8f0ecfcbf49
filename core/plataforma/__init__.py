"""The platform under the portal: database routing, cache, health, start-up, deploy checks and backups.

`db` (replica reads), `cache` (a Redis cache tolerant of Redis down), `salud` (/salud/), `arranque` (what a web
process does once), `checks` (what production refuses to start without), `respaldo` (backups), `red` (the
client's address behind trusted proxies)."""
