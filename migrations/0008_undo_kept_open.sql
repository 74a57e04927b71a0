-- An undo request stays open while later actions leave what it would take back untouched
-- (another player's move in their own town, say): it takes back actions `from_number` to
-- `last_number` only, and the later ones are played again on the position it restores.
-- When an action does touch them, the request lapses and `lapse_reason` says why.
ALTER TABLE undo_requests ADD COLUMN last_number INTEGER;
ALTER TABLE undo_requests ADD COLUMN lapse_reason TEXT;

-- Requests still open took back everything up to the table's last action when they were made
-- (one made on an older position lapses when next looked at, as before).
UPDATE undo_requests
SET last_number = (SELECT t.move_count FROM game_tables AS t WHERE t.id = undo_requests.table_id)
WHERE status = 'open';
