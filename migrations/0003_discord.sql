-- What the Discord adapter must remember across restarts: interactions already handled (so a
-- repeated delivery is processed once), the last synced command tree, each table's lobby
-- message (to keep its seat list and buttons current), and move previews awaiting Confirm.

CREATE TABLE discord_interactions (
    -- The interaction's snowflake id as text.
    id              TEXT    PRIMARY KEY,
    received_at     TEXT    NOT NULL
);
CREATE INDEX discord_interactions_by_time ON discord_interactions (received_at);

-- Small named values, e.g. `commands_hash:global` (the hash of the last synced command tree).
CREATE TABLE discord_meta (
    key             TEXT    PRIMARY KEY,
    value           TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL
);

CREATE TABLE discord_lobbies (
    table_id        INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    channel_id      TEXT    NOT NULL,
    message_id      TEXT    NOT NULL
);

CREATE TABLE discord_previews (
    id              INTEGER PRIMARY KEY,
    table_id        INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    -- The table's version the preview was made on: Confirm plays it only on that position.
    table_version   INTEGER NOT NULL,
    channel_id      TEXT    NOT NULL,
    user_id         TEXT    NOT NULL,
    action          TEXT    NOT NULL,
    -- open → used (Confirm clicked, whatever came of it) or dismissed (Cancel clicked).
    status          TEXT    NOT NULL DEFAULT 'open'
                    CHECK (status IN ('open', 'used', 'dismissed')),
    created_at      TEXT    NOT NULL
);
