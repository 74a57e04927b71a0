-- Finished games' results and the players' ratings per server and game (docs/ratings.md).
--
-- A finished table gets exactly one `game_results` row (its primary key), written in the same
-- transaction as its players' results and their new ratings: a result delivered twice finds
-- the row and changes nothing; a process that dies before writing it leaves the table without
-- one, and the next start (or /leaderboard, /stats) records it then.

CREATE TABLE game_results (
    table_id        INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    -- The server; '' for tables outside any (the key of `ratings` cannot hold NULL).
    guild_key       TEXT    NOT NULL,
    game_key        TEXT    NOT NULL,
    ended_at        TEXT    NOT NULL,
    -- 1 when the ratings were updated from this game; 0 with the reason when not.
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    unrated_reason  TEXT,
    recorded_at     TEXT    NOT NULL,
    CHECK ((rated = 1) = (unrated_reason IS NULL))
);
CREATE INDEX game_results_by_guild ON game_results (guild_key, game_key);

CREATE TABLE player_results (
    table_id        INTEGER NOT NULL REFERENCES game_results (table_id) ON DELETE CASCADE,
    user_id         TEXT    NOT NULL,
    display_name    TEXT    NOT NULL,
    seat            INTEGER NOT NULL,
    -- 1 for the best; tied players share a place.
    place           INTEGER NOT NULL CHECK (place >= 1),
    score           INTEGER NOT NULL,
    won             INTEGER NOT NULL CHECK (won IN (0, 1)),
    resigned        INTEGER NOT NULL CHECK (resigned IN (0, 1)),
    -- The rating before and after this game (NULL when the game was not rated).
    mu_before       REAL,
    sigma_before    REAL,
    mu_after        REAL,
    sigma_after     REAL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX player_results_by_user ON player_results (user_id);

CREATE TABLE ratings (
    guild_key       TEXT    NOT NULL,
    game_key        TEXT    NOT NULL,
    user_id         TEXT    NOT NULL,
    -- The name of the player's latest rated game, for leaderboards.
    display_name    TEXT    NOT NULL,
    -- openskill's Plackett-Luce rating: skill estimate and its uncertainty.
    mu              REAL    NOT NULL,
    sigma           REAL    NOT NULL,
    games           INTEGER NOT NULL CHECK (games > 0),
    updated_at      TEXT    NOT NULL,
    PRIMARY KEY (guild_key, game_key, user_id)
);
