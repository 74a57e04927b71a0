-- Tables, seats, the action log with snapshots, and undo requests.
-- Times are ISO 8601 UTC text; user ids are the transport's ids as text.

CREATE TABLE game_tables (
    id              INTEGER PRIMARY KEY,
    channel_id      TEXT    NOT NULL,
    guild_id        TEXT,
    game_key        TEXT    NOT NULL,
    options_json    TEXT    NOT NULL DEFAULT '{}',
    seed            INTEGER NOT NULL,
    creator_id      TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'lobby'
                    CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    started_at      TEXT,
    ended_at        TEXT,
    -- Bumped by every change; a write succeeds only if the version it read is still current.
    version         INTEGER NOT NULL DEFAULT 0,
    -- Number of the last action in the log (0 before the first).
    move_count      INTEGER NOT NULL DEFAULT 0,
    -- The current game state (engine JSON); NULL while in the lobby.
    state_json      TEXT,
    -- The seats that must act now, as a JSON list, and since when they have been waited for.
    to_act_json     TEXT    NOT NULL DEFAULT '[]',
    waiting_since   TEXT
);

-- One open table per channel.
CREATE UNIQUE INDEX game_tables_one_open_per_channel
    ON game_tables (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX game_tables_by_channel ON game_tables (channel_id, id);
CREATE INDEX game_tables_by_guild ON game_tables (guild_id, status);

CREATE TABLE seats (
    table_id        INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id         TEXT    NOT NULL,
    display_name    TEXT    NOT NULL,
    joined_at       TEXT    NOT NULL,
    -- The engine's seat index, decided by the table's seed at start; NULL in the lobby.
    seat            INTEGER,
    PRIMARY KEY (table_id, user_id),
    UNIQUE (table_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    table_id        INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    number          INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    user_id         TEXT    NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('move', 'resign', 'skip')),
    text            TEXT    NOT NULL,
    events_json     TEXT    NOT NULL,
    -- 1 when the action revealed hidden information or randomness: no undo past it.
    reveals         INTEGER NOT NULL CHECK (reveals IN (0, 1)),
    created_at      TEXT    NOT NULL,
    -- The state before this action: an undo back to here restores it without any replay.
    state_before_json TEXT  NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE INDEX actions_by_seat ON actions (table_id, seat, kind);

CREATE TABLE undo_requests (
    id              INTEGER PRIMARY KEY,
    table_id        INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    requester_id    TEXT    NOT NULL,
    -- The first action to take back; every later one goes too.
    from_number     INTEGER NOT NULL,
    -- The table's version when asked: if the game moves on, the request lapses.
    table_version   INTEGER NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'open'
                    CHECK (status IN ('open', 'done', 'declined', 'lapsed')),
    created_at      TEXT    NOT NULL,
    expires_at      TEXT    NOT NULL,
    resolved_at     TEXT,
    -- What was taken back (JSON list of "number. name: text"), kept once the actions are gone.
    undone_json     TEXT
);
CREATE UNIQUE INDEX undo_requests_one_open_per_table
    ON undo_requests (table_id) WHERE status = 'open';

CREATE TABLE undo_votes (
    request_id      INTEGER NOT NULL REFERENCES undo_requests (id) ON DELETE CASCADE,
    user_id         TEXT    NOT NULL,
    approve         INTEGER NOT NULL CHECK (approve IN (0, 1)),
    voted_at        TEXT    NOT NULL,
    PRIMARY KEY (request_id, user_id)
);
