-- Secrets and simultaneous turns.
--
-- An action's text may name a secret (`keep <monument>` in Tiny Towns): `public_text` is what
-- everybody but its player reads (the engine's `public_text`); NULL means the text itself is
-- public. `text` stays the real action, as replay needs it.
ALTER TABLE actions ADD COLUMN public_text TEXT;

-- The seats that owed an action when the current round began — a round being a stretch of
-- play in which the engine's to_act set only shrinks (see bot/service/progress.py). Those no
-- longer in to_act have done their part of it.
ALTER TABLE game_tables ADD COLUMN round_seats_json TEXT NOT NULL DEFAULT '[]';
UPDATE game_tables SET round_seats_json = to_act_json;
