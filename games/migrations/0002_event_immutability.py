"""Make the events table append-only in the database itself, so no code path can edit history.

PostgreSQL rejects UPDATE, DELETE and TRUNCATE. The one way past TRUNCATE is the session setting
``cardavia.allow_event_truncate = on``, which only the test harness sets, to empty the test
database between tests; production connections never set it. SQLite rejects UPDATE and DELETE.
"""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

POSTGRES_INSTALL = """
CREATE OR REPLACE FUNCTION games_event_reject_change() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'TRUNCATE'
       AND coalesce(current_setting('cardavia.allow_event_truncate', true), '') = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'events are immutable: % on games_event is not allowed', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER games_event_no_update_or_delete
    BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_reject_change();

CREATE TRIGGER games_event_no_truncate
    BEFORE TRUNCATE ON games_event
    FOR EACH STATEMENT EXECUTE FUNCTION games_event_reject_change();
"""

POSTGRES_REMOVE = """
DROP TRIGGER IF EXISTS games_event_no_truncate ON games_event;
DROP TRIGGER IF EXISTS games_event_no_update_or_delete ON games_event;
DROP FUNCTION IF EXISTS games_event_reject_change();
"""

SQLITE_INSTALL = [
    """CREATE TRIGGER games_event_no_update BEFORE UPDATE ON games_event
       BEGIN SELECT RAISE(ABORT, 'events are immutable: UPDATE on games_event is not allowed'); END;""",
    """CREATE TRIGGER games_event_no_delete BEFORE DELETE ON games_event
       BEGIN SELECT RAISE(ABORT, 'events are immutable: DELETE on games_event is not allowed'); END;""",
]

SQLITE_REMOVE = [
    "DROP TRIGGER IF EXISTS games_event_no_update;",
    "DROP TRIGGER IF EXISTS games_event_no_delete;",
]


def install(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_INSTALL, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_INSTALL:
            schema_editor.execute(statement)
    else:
        raise RuntimeError(f"no immutability triggers for {vendor}: events would be editable")


def remove(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_REMOVE, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_REMOVE:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(install, remove)]
