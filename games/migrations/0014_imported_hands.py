"""Imported hands: Match.origin (every existing match was played here), the HandImport of an
uploaded file, and the ImportedHand row of each hand it stored (games/imports.py)."""

import django.db.models.deletion
import uuid
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_holdem_stat_line_net_bb"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="origin",
            field=models.CharField(
                choices=[("played", "Played here"), ("imported", "Imported")],
                default="played",
                max_length=16,
            ),
        ),
        migrations.CreateModel(
            name="HandImport",
            fields=[
                (
                    "id",
                    models.UUIDField(
                        default=uuid.uuid4, editable=False, primary_key=True, serialize=False
                    ),
                ),
                ("file_name", models.CharField(max_length=255)),
                ("path", models.CharField(blank=True, max_length=1024)),
                ("size", models.PositiveBigIntegerField(default=0)),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("queued", "Queued"),
                            ("running", "Running"),
                            ("done", "Done"),
                            ("failed", "Failed"),
                        ],
                        default="queued",
                        max_length=16,
                    ),
                ),
                ("bytes_done", models.PositiveBigIntegerField(default=0)),
                ("hands_read", models.PositiveIntegerField(default=0)),
                ("imported", models.PositiveIntegerField(default=0)),
                ("skipped", models.PositiveIntegerField(default=0)),
                ("refused", models.JSONField(default=list)),
                ("error", models.JSONField(blank=True, null=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="imports",
                        to="games.player",
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at"],
            },
        ),
        migrations.CreateModel(
            name="ImportedHand",
            fields=[
                (
                    "match",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="imported_hand",
                        serialize=False,
                        to="games.match",
                    ),
                ),
                ("room", models.CharField(max_length=32)),
                ("source_hand_id", models.CharField(blank=True, max_length=128)),
                ("played_at", models.DateTimeField(blank=True, null=True)),
                ("table_name", models.CharField(blank=True, max_length=128)),
                ("file_name", models.CharField(max_length=255)),
                ("line", models.PositiveIntegerField()),
                ("unit", models.CharField(max_length=16)),
                ("scale", models.PositiveIntegerField(default=1)),
                ("small_blind", models.PositiveBigIntegerField()),
                ("big_blind", models.PositiveBigIntegerField()),
                ("players", models.JSONField(default=list)),
                ("hero", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("pot_total", models.PositiveBigIntegerField(default=0)),
                ("rake", models.PositiveBigIntegerField(default=0)),
                ("went_to_showdown", models.BooleanField(default=False)),
                ("fingerprint", models.CharField(max_length=64)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "hand_import",
                    models.ForeignKey(
                        db_column="import_id",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="hands",
                        to="games.handimport",
                    ),
                ),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="imported_hands",
                        to="games.player",
                    ),
                ),
            ],
            options={
                "ordering": ["-played_at", "-created_at"],
            },
        ),
        migrations.AddIndex(
            model_name="handimport",
            index=models.Index(fields=["owner", "-created_at"], name="games_import_owner"),
        ),
        migrations.AddIndex(
            model_name="importedhand",
            index=models.Index(
                fields=["owner", "room", "-played_at"], name="games_imported_owner_room"
            ),
        ),
        migrations.AddIndex(
            model_name="importedhand",
            index=models.Index(fields=["owner", "-played_at"], name="games_imported_owner_date"),
        ),
        migrations.AddConstraint(
            model_name="importedhand",
            constraint=models.UniqueConstraint(
                condition=models.Q(("source_hand_id", ""), _negated=True),
                fields=("owner", "room", "source_hand_id"),
                name="games_imported_hand_unique_id",
            ),
        ),
        migrations.AddConstraint(
            model_name="importedhand",
            constraint=models.UniqueConstraint(
                condition=models.Q(("source_hand_id", "")),
                fields=("owner", "fingerprint"),
                name="games_imported_hand_unique_content",
            ),
        ),
    ]
