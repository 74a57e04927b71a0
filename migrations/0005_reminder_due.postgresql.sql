-- 0005_reminder_due.sql in PostgreSQL's words (julianday is SQLite's; see that file).
ALTER TABLE game_tables ADD COLUMN remind_at BIGINT;

UPDATE game_tables
SET remind_at = CAST(EXTRACT(EPOCH FROM CAST(updated_at AS TIMESTAMPTZ)) * 1000000 AS BIGINT)
    - 1000000
    + 1000000 * COALESCE(
        (SELECT r.interval_seconds FROM table_reminders AS r WHERE r.table_id = game_tables.id),
        86400)
WHERE status = 'active';

CREATE INDEX game_tables_by_remind_at ON game_tables (remind_at, status) WHERE status = 'active';
