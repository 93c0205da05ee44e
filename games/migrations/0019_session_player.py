"""The session's player id beside its data, in Django's own session table (games.PlayerSession).

The column is added to ``django_session`` (owned by ``django.contrib.sessions``), so every
existing session stays valid: its NULL player id only means that its next read joins no player
row and the player is read by id as before, until the session is next saved.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0018_snapshot_marks"),
        ("sessions", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="PlayerSession",
            fields=[
                ("session_key", models.CharField(max_length=40, primary_key=True, serialize=False, verbose_name="session key")),
                ("session_data", models.TextField(verbose_name="session data")),
                ("expire_date", models.DateTimeField(db_index=True, verbose_name="expire date")),
                ("player_id", models.BigIntegerField(blank=True, null=True)),
            ],
            options={
                "db_table": "django_session",
                "managed": False,
            },
        ),
        # Plain SQL that PostgreSQL and SQLite both run; no foreign key: the column is a hint
        # checked against the session's data, and a player's row is never locked for it.
        migrations.RunSQL(
            'ALTER TABLE "django_session" ADD COLUMN "player_id" bigint NULL',
            reverse_sql='ALTER TABLE "django_session" DROP COLUMN "player_id"',
        ),
    ]
