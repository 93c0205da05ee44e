"""Each Hold'em statistics line keeps its net in the hand's own big blinds (``net_bb``), so that
big blinds per 100 hands stay right when the blinds rise. Every line stored before this was a
hand of the fixed 10/20 table: its net in big blinds is its net / 20."""

from typing import Any

from django.db import migrations, models
from django.db.models import F, FloatField
from django.db.models.functions import Cast

FIXED_BIG_BLIND = 20.0


def net_in_big_blinds(apps: Any, schema_editor: Any) -> None:
    line = apps.get_model("games", "HoldemStatLine")
    line.objects.update(net_bb=Cast(F("net"), FloatField()) / FIXED_BIG_BLIND)


class Migration(migrations.Migration):
    dependencies = [("games", "0012_match_audit")]

    operations = [
        migrations.AddField(
            model_name="holdemstatline",
            name="net_bb",
            field=models.FloatField(default=0.0),
            preserve_default=False,
        ),
        migrations.RunPython(net_in_big_blinds, migrations.RunPython.noop),
    ]
