"""Events name an existing match, checked by the database once per statement, not per row.

The foreign key PostgreSQL enforced ran one query per event at commit: a third of the database's
time in a large import (about 30 events a hand). In its place, a statement trigger checks all the
rows an INSERT or COPY appended in one anti-join, and the match side refuses to delete or re-key
a match that has events, as the foreign key did. SQLite checks each row (its triggers are per row,
and cheap there), and gets back its immutability triggers (see SQLITE_IMMUTABILITY).
"""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

import django.db.models.deletion

POSTGRES_INSTALL = """
CREATE OR REPLACE FUNCTION games_event_reject_unknown_match() RETURNS trigger AS $$
DECLARE
    named integer;
    locked integer;
BEGIN
    -- The matches are locked as the foreign key locked each one (KEY SHARE): a transaction
    -- deleting one waits for this one, then sees its events.
    SELECT count(DISTINCT match_id) INTO named FROM appended;
    SELECT count(*) INTO locked FROM (
        SELECT 1 FROM games_match
        WHERE games_match.id IN (SELECT match_id FROM appended)
        FOR KEY SHARE
    ) AS found;
    IF locked <> named THEN
        RAISE EXCEPTION 'an event must belong to a stored match'
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER games_event_match_exists
    AFTER INSERT ON games_event REFERENCING NEW TABLE AS appended
    FOR EACH STATEMENT EXECUTE FUNCTION games_event_reject_unknown_match();

CREATE OR REPLACE FUNCTION games_match_keep_events() RETURNS trigger AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM games_event WHERE games_event.match_id = OLD.id) THEN
        RAISE EXCEPTION 'a match with events cannot be deleted or given another id'
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER games_match_keep_events_on_delete
    BEFORE DELETE ON games_match
    FOR EACH ROW EXECUTE FUNCTION games_match_keep_events();

CREATE TRIGGER games_match_keep_events_on_new_id
    BEFORE UPDATE OF id ON games_match
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION games_match_keep_events();
"""

POSTGRES_REMOVE = """
DROP TRIGGER IF EXISTS games_match_keep_events_on_new_id ON games_match;
DROP TRIGGER IF EXISTS games_match_keep_events_on_delete ON games_match;
DROP FUNCTION IF EXISTS games_match_keep_events();
DROP TRIGGER IF EXISTS games_event_match_exists ON games_event;
DROP FUNCTION IF EXISTS games_event_reject_unknown_match();
"""

# SQLite alters a table by rebuilding it, which drops the table's triggers: this migration's
# AlterField rebuilds games_event, as an earlier one did, which lost migration 0002's immutability
# triggers there. They are installed again after it.
SQLITE_IMMUTABILITY = [
    """CREATE TRIGGER IF NOT EXISTS games_event_no_update BEFORE UPDATE ON games_event
       BEGIN SELECT RAISE(ABORT, 'events are immutable: UPDATE on games_event is not allowed'); END;""",
    """CREATE TRIGGER IF NOT EXISTS games_event_no_delete BEFORE DELETE ON games_event
       BEGIN SELECT RAISE(ABORT, 'events are immutable: DELETE on games_event is not allowed'); END;""",
]

SQLITE_INSTALL = [
    """CREATE TRIGGER games_event_match_exists BEFORE INSERT ON games_event
       WHEN NOT EXISTS (SELECT 1 FROM games_match WHERE id = NEW.match_id)
       BEGIN SELECT RAISE(ABORT, 'an event must belong to a stored match'); END;""",
    """CREATE TRIGGER games_match_keep_events_on_delete BEFORE DELETE ON games_match
       WHEN EXISTS (SELECT 1 FROM games_event WHERE match_id = OLD.id)
       BEGIN SELECT RAISE(ABORT, 'a match with events cannot be deleted or given another id');
       END;""",
    """CREATE TRIGGER games_match_keep_events_on_new_id BEFORE UPDATE OF id ON games_match
       WHEN OLD.id IS NOT NEW.id AND EXISTS (SELECT 1 FROM games_event WHERE match_id = OLD.id)
       BEGIN SELECT RAISE(ABORT, 'a match with events cannot be deleted or given another id');
       END;""",
]

SQLITE_REMOVE = [
    "DROP TRIGGER IF EXISTS games_match_keep_events_on_new_id;",
    "DROP TRIGGER IF EXISTS games_match_keep_events_on_delete;",
    "DROP TRIGGER IF EXISTS games_event_match_exists;",
]


def install(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_INSTALL, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_IMMUTABILITY + SQLITE_INSTALL:
            schema_editor.execute(statement)
    else:
        raise RuntimeError(f"no match check for events on {vendor}: an event could name no match")


def remove(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_REMOVE, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_REMOVE:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("games", "0016_covered_foreign_key_indexes_dropped")]
    operations = [
        migrations.AlterField(
            model_name="event",
            name="match",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="events",
                to="games.match",
            ),
        ),
        migrations.RunPython(install, remove),
    ]
