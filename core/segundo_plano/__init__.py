"""Work in the background: long jobs that survive a dead worker, with progress users can follow.

`trabajos` keeps each job on a model row with a heartbeat; the beat sweeper re-queues a stalled one and abandons
it after too many deaths. Tasks themselves live in each app's `tasks.py` (core.tasks for core's)."""
