"""Fill the statistics read model for the hands finished before it existed.

Afterwards the projector keeps it (games.stats.hand_stat_line). Only the pure engine functions that
compute a line are used, on the stored payloads, with this migration's historical models.
"""

from typing import Any

from django.db import migrations

HUMAN_SEAT = 0
HOLDEM_FIELDS = (
    "vpip",
    "pfr",
    "three_bet_opportunity",
    "three_bet",
    "saw_flop",
    "went_to_showdown",
    "won_at_showdown",
    "postflop_aggressive",
    "postflop_calls",
    "net",
)


def backfill(apps: Any, schema_editor: Any) -> None:
    from games.engine.holdem.hand_stats import hand_stat_line
    from games.engine.updown.deal_stats import deal_stat_line

    hand_summary = apps.get_model("games", "HandSummary")
    event = apps.get_model("games", "Event")
    holdem_line = apps.get_model("games", "HoldemStatLine")
    updown_line = apps.get_model("games", "UpDownStatLine")
    hands = hand_summary.objects.filter(finished=True).select_related("match")
    for hand in hands.iterator(chunk_size=500):
        match = hand.match
        rows = event.objects.filter(match=match, hand_number=hand.hand_number).order_by("seq")
        records = [{"type": kind, "payload": payload} for kind, payload in rows.values_list("type", "payload")]
        common = {"player_id": match.owner_id, "match": match, "level": match.level}
        if match.game == "holdem":
            if not any(
                r["type"] == "holdem.hole_cards_dealt" and r["payload"]["seat"] == HUMAN_SEAT
                for r in records
            ):
                continue
            line = hand_stat_line(records, seat=HUMAN_SEAT)
            fields = {name: getattr(line, name) for name in HOLDEM_FIELDS}
            holdem_line.objects.update_or_create(hand=hand, defaults={**common, **fields})
        elif match.game == "updown":
            deal = deal_stat_line(records, seat=HUMAN_SEAT)
            ended = next((r for r in records if r["type"] == "updown.deal_ended"), None)
            stacks = ended["payload"]["stacks"] if ended else []
            updown_line.objects.update_or_create(
                hand=hand,
                defaults={
                    **common,
                    "own_up": deal.own_up,
                    "opponent_up": deal.opponent_up,
                    "locked_up": deal.locked_up,
                    "folded": deal.folded,
                    "won_deal": deal.won_deal,
                    "won_match": bool(stacks) and stacks[HUMAN_SEAT] > 0 and min(stacks) == 0,
                    "net": deal.net,
                },
            )


class Migration(migrations.Migration):
    dependencies = [("games", "0008_hand_analysis")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
