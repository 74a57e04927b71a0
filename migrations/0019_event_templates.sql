-- Small action rows (issue 12): an action's events are kept compact (bot/store/events.py).
-- Each distinct message template (its English key, context and plural, as JSON) is written
-- once per database, here; the events of an action refer to it by id. Ids never change and
-- rows are never deleted, so every stored action reads back the same for ever.
--
-- actions.events_json holds, from now on, the format byte 1 followed by raw DEFLATE of the
-- events' compact JSON (a BLOB); the JSON text older versions wrote stays readable as it is.
CREATE TABLE message_templates (
    id              INTEGER PRIMARY KEY,
    template        TEXT    NOT NULL UNIQUE
);
