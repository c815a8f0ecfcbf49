"""Data of this module arrives with its issue; the app is wired so URLs, admin and tasks plug in."""
