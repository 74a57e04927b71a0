-- Undo and replay without a snapshot per action (issue 12). An action row no longer keeps the
-- whole state before it; a table keeps a few positions instead, and any other position is
-- reached by playing the logged actions again from the nearest kept one before it (a game is
-- exactly replayable: its randomness lives in the state). See bot/store/checkpoints.py.
--
-- Kept: the start (position 0) of every started table; while it runs, also the position
-- after its last action that revealed something (no undo reaches back past it) and every
-- 32nd position after that.
CREATE TABLE checkpoints (
    table_id        INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    -- The position after this many actions of the log (0: the start).
    number          INTEGER NOT NULL,
    -- The engine state: zlib-compressed JSON (a BLOB), or JSON text as this migration found it.
    state           BLOB    NOT NULL,
    PRIMARY KEY (table_id, number)
) WITHOUT ROWID;

-- game_tables.state_json, the current state, is written zlib-compressed from now on too;
-- the JSON text already there stays readable as it is.

-- The start of every table that has an action: the state before its first one.
INSERT OR IGNORE INTO checkpoints (table_id, number, state)
SELECT table_id, 0, state_before_json FROM actions WHERE number = 1;

-- A started table without actions is at its start.
INSERT OR IGNORE INTO checkpoints (table_id, number, state)
SELECT id, 0, state_json FROM game_tables WHERE state_json IS NOT NULL AND move_count = 0;

-- Where undo reaches in running tables: the position after the last revealing action …
CREATE TEMPORARY TABLE undo_reach AS
SELECT t.id AS table_id, t.move_count,
       COALESCE((SELECT MAX(a.number) FROM actions AS a
                 WHERE a.table_id = t.id AND a.reveals = 1), 0) AS since
FROM game_tables AS t
WHERE t.status = 'active' AND t.move_count > 0;

INSERT OR IGNORE INTO checkpoints (table_id, number, state)
SELECT r.table_id, r.since, a.state_before_json
FROM undo_reach AS r JOIN actions AS a ON a.table_id = r.table_id AND a.number = r.since + 1;

-- … which is the current position when that action was the last one …
INSERT OR IGNORE INTO checkpoints (table_id, number, state)
SELECT r.table_id, r.since, t.state_json
FROM undo_reach AS r JOIN game_tables AS t ON t.id = r.table_id
WHERE r.since = r.move_count;

-- … and every 32nd position after it.
INSERT OR IGNORE INTO checkpoints (table_id, number, state)
SELECT a.table_id, a.number - 1, a.state_before_json
FROM undo_reach AS r JOIN actions AS a ON a.table_id = r.table_id
WHERE a.number - 1 > r.since AND (a.number - 1) % 32 = 0;

DROP TABLE undo_reach;

ALTER TABLE actions DROP COLUMN state_before_json;
