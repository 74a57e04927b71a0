-- Bot players (issue 13): bot seats, seats a bot covers, the move clock, absences.
--
-- A bot's seat: its level (`random`, `easy`, `normal`, `strong`); NULL for a person. Bot seats
-- have user ids of the form `bot:<n>`, which no transport gives a person.
ALTER TABLE seats ADD COLUMN bot_level TEXT;
-- A person's seat handed to the bot (`/replace … with:bot`): the bot plays it at this level
-- until its player moves again or uses /return; NULL while the person plays it.
ALTER TABLE seats ADD COLUMN covered_level TEXT;

-- The table's move clock (`/newgame clock:48h`): a player waited for longer than this has the
-- bot play that turn for them at `normal`; NULL: no clock (the default).
ALTER TABLE game_tables ADD COLUMN clock_seconds INTEGER;

-- Which bot level chose an action; NULL: its player chose it.
ALTER TABLE actions ADD COLUMN bot_level TEXT;

-- Announced absences (`/away until:<date>`): no reminders until then, at any table.
CREATE TABLE absences (
    user_id         TEXT    PRIMARY KEY,
    until           TEXT    NOT NULL,
    set_at          TEXT    NOT NULL
);

-- The bot scheduler looks at active tables that have a bot seat, a covered seat or a clock.
CREATE INDEX seats_played_by_bots ON seats (table_id)
    WHERE bot_level IS NOT NULL OR covered_level IS NOT NULL;
