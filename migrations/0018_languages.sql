-- Languages (issue 16, docs/i18n.md).
--
-- A table's language: what its channel reads (moves, the lobby, reminders there). Set when
-- the table is opened (the server's default, else the DEFAULT_LANGUAGE setting) and changed
-- with /language; NULL (tables opened before this migration) reads as that default.
ALTER TABLE game_tables ADD COLUMN language TEXT;

-- A server's language for the tables opened from now on (/language server:true).
CREATE TABLE server_languages (
    guild_id    TEXT PRIMARY KEY,
    language    TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);

-- The language each user last used (their Discord language), so that what reaches them
-- outside a command of theirs — reminders by DM — reads in it.
CREATE TABLE user_languages (
    user_id     TEXT PRIMARY KEY,
    language    TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
