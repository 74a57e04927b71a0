-- Work that must happen once while several bot processes share the database (issue 15,
-- docs/deploy.md "Several processes"): a process claims a piece of work with a row here
-- (or, for reminders, on the table row itself) before doing it. A claim is a lease: it names
-- its owner process and when it expires, so work claimed by a process that dies is taken
-- over by another once the lease has run out. Times are microseconds since the Unix epoch
-- (UTC), like `game_tables.remind_at`. Written for SQLite and PostgreSQL alike.

CREATE TABLE work_claims (
    -- What kind of work: 'bot-turn' (a bot's or the move clock's turn), 'command-sync'.
    kind            TEXT    NOT NULL,
    -- Which piece of it, e.g. '12:40:1' (table 12 at version 40, seat 1).
    work_key        TEXT    NOT NULL,
    -- The process holding the claim: host/pid/random (bot/store/claims.py).
    owner           TEXT    NOT NULL,
    claimed_at      BIGINT  NOT NULL,
    -- The lease: after this another process may take the work over.
    expires_at      BIGINT  NOT NULL,
    -- Set when the work is done: it is never claimed again.
    done_at         BIGINT,
    PRIMARY KEY (kind, work_key)
);
-- Forgetting old claims reads this index.
CREATE INDEX work_claims_by_expiry ON work_claims (expires_at);

-- The process whose reminder pass holds a running table (its lease is `remind_at`, moved on
-- by the claim): NULL when none does.
ALTER TABLE game_tables ADD COLUMN remind_owner TEXT;
