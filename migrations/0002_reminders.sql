-- Turn reminders: each table's interval and stall mark, how many reminders each awaited player
-- has had for the current position, and every user's notification preferences.
-- Due times are not stored: they follow from the table's row (its version and updated_at
-- change with every move), so a move made by any process resets them without a hook.

-- One row per table whose reminders were configured or which stalled; no row = every 24 h.
CREATE TABLE table_reminders (
    table_id            INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    enabled             INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    interval_seconds    INTEGER NOT NULL DEFAULT 86400 CHECK (interval_seconds > 0),
    -- When /remind last changed the interval (the new one counts from then), and who did it.
    changed_at          TEXT,
    changed_by          TEXT,
    -- The table version that was declared stalled; stalled while the version is unchanged.
    stalled_version     INTEGER,
    stalled_at          TEXT
);

-- Reminders sent to one awaited player about one position (table version) of a table.
CREATE TABLE reminder_progress (
    table_id            INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id             TEXT    NOT NULL,
    table_version       INTEGER NOT NULL,
    sent                INTEGER NOT NULL CHECK (sent > 0),
    last_sent_at        TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

-- How a user wants to be reminded, in every server: by direct message or in the channel, and
-- not during quiet hours ('HH:MM' local times in the IANA time zone `time_zone`).
CREATE TABLE notification_prefs (
    user_id             TEXT    PRIMARY KEY,
    dm                  INTEGER NOT NULL DEFAULT 0 CHECK (dm IN (0, 1)),
    quiet_start         TEXT,
    quiet_end           TEXT,
    time_zone           TEXT,
    updated_at          TEXT    NOT NULL,
    CHECK ((quiet_start IS NULL) = (quiet_end IS NULL)),
    CHECK (quiet_start IS NULL OR time_zone IS NOT NULL)
);
