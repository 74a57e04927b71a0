-- Confirmations: what waits for its player's Confirm or Cancel. Previewed moves did (the
-- table of migration 0003); now /resign, /abandon and /skip do too, as they cannot be taken
-- back. `kind` says which; `action` holds a move's text, or the user id of the player a
-- /skip names. A /resign, /abandon or /skip must be confirmed before `expires_at`
-- (NULL: a preview, which only needs the position unchanged).
ALTER TABLE discord_previews RENAME TO confirmations;
ALTER TABLE confirmations ADD COLUMN kind TEXT NOT NULL DEFAULT 'move'
    CHECK (kind IN ('move', 'resign', 'abandon', 'skip'));
ALTER TABLE confirmations ADD COLUMN expires_at TEXT;
-- `/confirm` answers the asking player's newest open one at a table.
CREATE INDEX confirmations_open_by_player ON confirmations (table_id, user_id)
    WHERE status = 'open';

-- How long a table waits for a player before they may be skipped (`/newgame skip-after:`);
-- a stalled table may skip at once.
ALTER TABLE game_tables ADD COLUMN skip_after_seconds INTEGER NOT NULL DEFAULT 86400;
