-- 0011_checkpoints.sql in PostgreSQL's words: states are kept as bytes (BYTEA) — the table's
-- current one too, which SQLite keeps in its TEXT column as a BLOB. A PostgreSQL database
-- reaches this migration only while it is being created (the store runs on PostgreSQL from
-- schema 14 on; `python -m bot migrate-store` copies into an up-to-date one), so it has no
-- rows to convert: the actions' states before them are dropped, as on SQLite once converted.
CREATE TABLE checkpoints (
    table_id        BIGINT  NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    -- The position after this many actions of the log (0: the start).
    number          BIGINT  NOT NULL,
    -- The engine state: zlib-compressed JSON.
    state           BYTEA   NOT NULL,
    PRIMARY KEY (table_id, number)
);

ALTER TABLE game_tables ALTER COLUMN state_json TYPE BYTEA USING convert_to(state_json, 'UTF8');

ALTER TABLE actions DROP COLUMN state_before_json;
