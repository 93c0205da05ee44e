import logging

from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "Bots"

    def ready(self) -> None:
        """Play the AI seats of ``games``: its hooks are how it reaches us, as ``games`` never
        imports ``bots``."""
        from bots import cutoffs, registry  # cutoffs: its task_failure handler, in every process
        from games import hooks

        del cutoffs
        hooks.on_ai_turn_due(_queue_ai_turn)
        hooks.provide_seat_personas(registry.seat_personas)
        hooks.on_analysis_due(_queue_analysis)


def _queue_ai_turn(match_id: str, seq: int) -> None:
    from bots.tasks import queue_play

    queue_play(match_id, seq)


def _queue_analysis(match_id: str, hand_number: int) -> None:
    from bots.tasks import analyse_hand

    try:
        analyse_hand.delay(match_id, hand_number)
    except Exception:
        # In-process (eager) the task runs here, and the broker may be down: either way the
        # request has answered "pending" and the next one asks again (a failed analysis is
        # forgotten), so a failure is logged, never sent to the player.
        logging.getLogger(__name__).exception(
            "analysis of hand %s of %s not queued", hand_number, match_id
        )
