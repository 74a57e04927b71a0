"""The header (round, what is asked of whom, the last placement) and one panel per player:
VP so far, person, resources raw and processed, tracks, workers (used or not), members,
crafted artifacts, the reserved card and the person's own pieces."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.core.messages import Message, Param, msg, plural_msg, stored, term
from engine.games.terramara.content import source_words
from engine.games.terramara.view import PlayerView, TerramaraView
from render.common import RGB, mix, paste_centred
from render.language import ENGLISH, say
from render.recent import TABLE_IMAGES, Recent

from .canvas import Canvas
from .layout import BOARD_RIGHT, Layout, draft_rows
from .pieces import Seats, token
from .style import (
    BODY,
    CARD,
    CARD_EDGE,
    HEAD,
    HIGHLIGHT,
    INK,
    KEY,
    LINE,
    MARGIN,
    MUTED,
    PAPER,
    SMALL,
    TITLE,
    USED,
    WHITE,
)
from .words import person_phrase

PANEL_PAD = 10
LINE_STEP = 24
ROMAN = ("", "I", "II", "III", "IV")
#: Victory points, after a number.
VP = msg("VP")


def draw_header(canvas: Canvas, view: TerramaraView) -> None:
    _draw_stage(canvas, view)
    _draw_status(canvas, view)


def _draw_stage(canvas: Canvas, view: TerramaraView) -> None:
    x = MARGIN + 2 + canvas.width("Terramara", TITLE) + 14
    canvas.text((x, 12), canvas.say(stage(view)), KEY, INK)


def _draw_status(canvas: Canvas, view: TerramaraView) -> None:
    """Who must act and what is asked of them (cut short, never drawn smaller)."""
    colour = HIGHLIGHT if view.to_act else INK
    line = status_line(view, canvas.language)
    canvas.fitted((MARGIN + 2, 46), line, KEY, colour, BOARD_RIGHT - MARGIN - 4)


def stage(view: TerramaraView) -> Message:
    if view.phase == "over":
        return msg("final scores")
    if view.phase == "neutral":
        return msg("set-up: neutral scouts")
    if view.phase == "draft":
        return msg("set-up: persons and start cards")
    return msg("round {round} of {rounds}", round=view.round, rounds=5)


def _words(param: Param, language: str) -> str:
    """A source as `source_words` gives it (a message, or notation as it is)."""
    return say(param, language) if isinstance(param, Message) else str(param)


def status_line(view: TerramaraView, language: str = ENGLISH) -> str:
    """Who must act now and what is asked of them, in words (a decision's prompt and source
    read back from the view's English into messages)."""
    names = [p.name for p in view.players]
    if view.phase == "over":
        ranked = sorted(view.players, key=lambda p: -p.score.total)
        scores = " · ".join(f"{p.name} {p.score.total} {say(VP, language)}" for p in ranked)
        return say(msg("Game over: {scores}", scores=scores), language)
    if view.decisions:
        asks = []
        for decision in view.decisions:
            left = msg("{count} left", count=decision.remaining)
            asks.append(
                names[decision.seat]
                + (
                    f" ({_words(source_words(decision.source), language)})"
                    if decision.source
                    else ""
                )
                + f": {say(stored(decision.prompt), language)}"
                + (f" ({say(left, language)})" if decision.remaining > 1 else "")
            )
        return "; ".join(asks)
    who = ", ".join(names[seat] for seat in view.to_act)
    if view.phase == "neutral":
        return say(msg("{players} puts a neutral scout on the board", players=who), language)
    if view.phase == "draft":
        return say(msg("{players} picks a person or a start resource card", players=who), language)
    if view.step == "after":
        return say(
            msg("{players}: craft or reserve, free actions, then done", players=who), language
        )
    line = say(msg("{players} to place a member", players=who), language)
    last = _last_words(view)
    return line + (" · " + say(last, language) if last else "")


def _last_words(view: TerramaraView) -> Message | None:
    last = view.last
    if last is None:
        return None
    return msg(
        "last: {player}'s {member} to {space}",
        player=view.players[last.seat].name,
        member=term(last.member, "member"),
        space=last.space,
    )


def draw_panels(
    image: Image.Image, view: TerramaraView, layout: Layout, seats: Seats, language: str
) -> None:
    """Each player's panel (in `language`); a panel is drawn again only when what it shows
    changed."""
    last_hut = view.last.seat if view.last is not None and view.last.space_id == "hut" else None
    for player in view.players:
        left, top, right, bottom = layout.panel_box(player.seat)
        size = (right - left, bottom - top)
        colour, label = seats.colours[player.seat], seats.labels[player.seat]
        hut_was_last = last_hut == player.seat
        key = (player.model_dump_json(), size, colour, label, hut_was_last, language)

        def make(player: PlayerView = player, key: tuple[Any, ...] = key) -> Image.Image:
            panel = Image.new("RGB", key[1], PAPER)
            draw_panel(panel, player, *key[2:])
            return panel

        image.paste(PANELS.get(key, make), (left, top))


#: The panels drawn lately: a move changes one or two of them.
PANELS: Recent[Image.Image] = Recent(32, budget=TABLE_IMAGES)


def draw_panel(
    image: Image.Image,
    player: PlayerView,
    colour: RGB,
    label: str,
    hut_was_last: bool,
    language: str = ENGLISH,
) -> None:
    """The panel of `player`, filling `image`, worded in `language`."""
    canvas = Canvas(image, language)
    box = (0, 0, image.width, image.height)
    left, top, right, _ = box
    if player.to_act:
        canvas.rect(box, fill=mix(CARD, colour, 0.12), outline=HIGHLIGHT, width=4, radius=10)
    else:
        canvas.rect(box, fill=CARD, outline=CARD_EDGE, width=2, radius=10)
    x = left + PANEL_PAD
    paste_centred(image, token("square", 30, colour, label), (x + 16, top + 22))
    score_width = _draw_score(canvas, player, right - PANEL_PAD, top + 22)
    badges = [(canvas.say(word), fill) for word, fill in _badges(player)]
    badge_width = sum(canvas.width(word, SMALL) + 16 for word, _ in badges)
    room = right - x - 40 - score_width - badge_width - 20
    bx = x + 40 + _draw_name(canvas, player, (x + 40, top + 22), room) + 10
    for word, fill in badges:
        width = canvas.width(word, SMALL) + 10
        canvas.rect((round(bx), top + 11, round(bx + width), top + 33), fill=fill, radius=5)
        canvas.text((bx + 5, top + 22), word, SMALL, WHITE if fill != USED else INK, anchor="lm")
        bx += width + 6
    y: float = top + 44
    canvas.text((x, y), _person(player, language), SMALL, INK)
    y += LINE_STEP
    _resources(canvas, player, x, y, right - PANEL_PAD)
    y += LINE_STEP + 2
    canvas.text((x, y), _tracks(player, language), SMALL, INK)
    y += LINE_STEP
    _workers(canvas, player, x, y)
    y += LINE_STEP
    members = _members(player, language)
    canvas.text((x, y), members, SMALL, HIGHLIGHT if hut_was_last else INK)
    y += LINE_STEP
    artifacts = _artifacts(player, language)
    y = canvas.paragraph((x, y), artifacts, SMALL, INK, right - x - PANEL_PAD, max_lines=2)
    extra = _extras(player, language)
    if extra:
        canvas.paragraph((x, y + 2), extra, SMALL, INK, right - x - PANEL_PAD, max_lines=2)


def _draw_score(canvas: Canvas, player: PlayerView, right: float, middle: float) -> float:
    """VP so far, right-aligned; returns its width."""
    score = f"{player.score.total} {canvas.say(VP)}"
    return canvas.text((right, middle), score, TITLE, INK, anchor="rm")


def _draw_name(canvas: Canvas, player: PlayerView, at: tuple[float, float], room: float) -> float:
    """The player's name, cut short to `room` (never drawn smaller); returns its width."""
    ink = MUTED if player.resigned else INK
    return canvas.fitted(at, player.name, KEY, ink, room, anchor="lm")


def _badges(player: PlayerView) -> list[tuple[Message, RGB]]:
    found: list[tuple[Message, RGB]] = []
    if player.to_act:
        found.append((msg("to act"), HIGHLIGHT))
    if player.start_player:
        found.append((msg("start"), INK))
    if player.resigned:
        found.append((msg("resigned"), USED))
    return found


def _person(player: PlayerView, language: str) -> str:
    """The player's person and its side's ability (in the design's short phrases)."""
    person = player.person
    if person is None:
        return say(msg("no person"), language)
    name = term(person.name, "person")
    if person.experienced:
        phrase = person_phrase(person.experienced_side)
        return say(msg("{person}, experienced: {ability}", person=name, ability=phrase), language)
    phrase = person_phrase(person.young)
    return say(msg("{person}, young: {ability}", person=name, ability=phrase), language)


def _resources(canvas: Canvas, player: PlayerView, x: int, y: float, right: int) -> None:
    """Four columns, one per kind: the raw count, then the processed count."""
    width = (right - x) / 4
    for index, (raw, processed) in enumerate(zip(player.raw, player.processed, strict=True)):
        at = x + index * width
        canvas.text((at, y), f"{raw} {player.raw[raw]}", BODY, INK)
        canvas.text((at + width * 0.42, y), f"{processed} {player.processed[processed]}", BODY, INK)


def _tracks(player: PlayerView, language: str) -> str:
    return say(
        msg(
            "mil {military} (power {power}) · cul {culture} · carts {carts} · "
            "banners {banners} ({left} left)",
            military=player.military,
            power=ROMAN[player.power_level],
            culture=player.culture,
            carts=" + ".join(player.carts),
            banners=len(player.banners),
            left=player.banners_left,
        ),
        language,
    )


def _workers(canvas: Canvas, player: PlayerView, x: int, y: float) -> None:
    at = x + canvas.text((x, y), canvas.say(msg("workers")), SMALL, INK) + 8
    if not player.workers:
        canvas.text((at, y), canvas.say(msg("none")), SMALL, MUTED)
    used = canvas.say(msg("used"))
    for worker in player.workers:
        word = f"L{worker.level}" + (f" {used}" if worker.used else "")
        width = canvas.width(word, SMALL) + 10
        fill = USED if worker.used else mix(CARD, INK, 0.12)
        canvas.rect(
            (round(at), y - 2, round(at + width), y + 20), fill=fill, outline=CARD_EDGE, radius=4
        )
        canvas.text((at + 5, y), word, SMALL, MUTED if worker.used else INK)
        at += width + 6


def _members(player: PlayerView, language: str) -> str:
    home: list[Message] = []
    if player.chief_home:
        home.append(term("chief", "member"))
    home.append(msg("{home} of {count} scouts", home=player.scouts_home, count=player.scouts))
    if player.warriors:
        home.append(plural_msg("{count} warrior", "{count} warriors", count=player.warriors))
    words = say(
        msg("at home: {members}", members=", ".join(say(m, language) for m in home)), language
    )
    if player.hut:
        hut = ", ".join(say(term(member, "member"), language) for member in player.hut)
        words += " · " + say(msg("hut: {members}", members=hut), language)
    return words


def _artifacts(player: PlayerView, language: str) -> str:
    if not player.artifacts:
        return say(msg("artifacts: none"), language)
    used = say(msg("(used)"), language)
    names = [
        f"{owned.card.id} {say(term(owned.card.name, 'artifact'), language)}"
        + (f" {used}" if owned.rotated else "")
        for owned in player.artifacts
    ]
    return say(msg("artifacts: {cards}", cards=", ".join(names)), language)


def _extras(player: PlayerView, language: str) -> str:
    parts: list[Message] = []
    if player.reserved is not None:
        card = player.reserved
        parts.append(
            msg(
                "reserved: {id} {card} ({cost}, {points} VP)",
                id=card.id,
                card=term(card.name, "artifact"),
                cost=card.cost,
                points=card.vp,
            )
        )
    if player.bonus_tiles:
        tiles = " ".join(tile.id for tile in player.bonus_tiles)
        parts.append(msg("own bonus tiles: {tiles}", tiles=tiles))
    if player.own_crossroad is not None:
        crossroad = player.own_crossroad
        parts.append(
            msg(
                "own crossroad {id} ({effect}; {count} here)",
                id=crossroad.id,
                effect=crossroad.effect,
                count=len(crossroad.members),
            )
        )
    if player.own_outpost is not None:
        parts.append(msg("own outpost {id}", id=player.own_outpost.id))
    return " · ".join(say(part, language) for part in parts)


def draw_draft(canvas: Canvas, view: TerramaraView, layout: Layout) -> None:
    """The persons and start resource cards on offer, and who picks in which order."""
    lines = draft_rows(view, canvas.language)
    if not lines:
        return
    top = layout.draft_top
    bottom = layout.panels_top - 8
    canvas.rect((MARGIN, top, BOARD_RIGHT, bottom), fill=CARD, outline=HIGHLIGHT, width=2, radius=8)
    heading = canvas.say(msg("Set-up: persons and start resource cards"))
    canvas.text((MARGIN + 10, top + 6), heading, HEAD, INK)
    y = top + 32
    for line, continued in lines:
        at = (MARGIN + (30 if continued else 10), y)
        canvas.fitted(at, line, SMALL, INK, BOARD_RIGHT - MARGIN - 40)
        y += LINE
