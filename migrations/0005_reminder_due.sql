-- When the reminders should next look at a table (see bot/store/reminder_due.py): in
-- microseconds since the Unix epoch (UTC); NULL: nothing due until the position changes.
-- The scheduler finds the due tables through the index, without reading every table.
ALTER TABLE game_tables ADD COLUMN remind_at INTEGER;

-- Running tables: one interval after their last change, a second early (julianday's
-- rounding). Reminders already sent, quiet hours, a stall or reminders turned off can only
-- make the true time later (or never): the scheduler works it out when it gets there.
UPDATE game_tables
SET remind_at = CAST((julianday(updated_at) - 2440587.5) * 86400000000 AS INTEGER) - 1000000
    + 1000000 * COALESCE(
        (SELECT r.interval_seconds FROM table_reminders AS r WHERE r.table_id = game_tables.id),
        86400)
WHERE status = 'active';

-- With `status`, finding the earliest due time reads the index alone.
CREATE INDEX game_tables_by_remind_at ON game_tables (remind_at, status) WHERE status = 'active';
