-- Actions nobody has to wait for (engine/core/automatic.py): the service plays a forced action,
-- or a player's standing answer, for the seat.
--
-- Why an action was played for its player (`none of their figures can move`); NULL for an
-- action its player chose. An undo takes such actions back together with the chosen action
-- that led to them.
ALTER TABLE actions ADD COLUMN automatic TEXT;

-- The standing answers each seat has set (a game's `standing_answers`, by key): while set, the
-- service answers that question for the seat whenever the game asks it.
CREATE TABLE standing_answers (
    table_id        INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    answer          TEXT    NOT NULL,
    set_at          TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat, answer)
);
