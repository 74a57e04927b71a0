"""Each town: its player's name, score and progress above the grid; resources and buildings
on the squares; notes (what the player owes, stored resources, score lines) beside or below."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from PIL import Image, ImageDraw

from engine.core.messages import Message, msg, term
from engine.games.tiny_towns.view import PlayerView, SquareView, TinyTownsView, owed_message
from render.common import RGB, Box, Font, fit_text, font, paste_centred, wrap
from render.language import say
from render.recent import TABLE_IMAGES, Recent, draw_region

from .cards import Palette, building_name, resource_of
from .header import KEY_SIZE
from .layout import PAD, TownPanel
from .pieces import (
    building_sprite,
    cube_sprite,
    fed_sprite,
    finished_sprite,
    hammer_sprite,
    secret_card_sprite,
)
from .style import CARD_EDGE, DONE, HIGHLIGHT, INK, MUTED, WHITE, short_name
from .text import stamp_text

NOTE_SIZE, NOTE_LINE = 16, 20
CHIP_SIZE = 16

#: A player's status in the view → what their chip says while they are still to act.
ACTING_TEXT = {
    "keep": msg("to keep a monument"),
    "choose": msg("to choose a resource"),
    "place": msg("to place the resource"),
    "build": msg("may build, then done"),
}
#: The monument whose name the notes about claims and watched cards give.
WATCH = "Opaleye's Watch"


def cube_size(cell: int) -> int:
    return round(cell * 0.62)


def building_size(cell: int) -> int:
    return cell - 8


#: Towns as drawn lately, by all they show: a move changes one or two towns, the others
#: are pasted as they were (a town of six players is about 0.8 MB).
TOWNS: Recent[Image.Image] = Recent(24, budget=TABLE_IMAGES)
#: How far a town's drawing may reach outside its panel (its outline's width).
TOWN_MARGIN = 4


def draw_towns(
    image: Image.Image,
    panels: Sequence[TownPanel],
    view: TinyTownsView,
    palette: Palette,
    layer: Hashable,
    language: str,
) -> None:
    """Every town, over the cached layer that `layer` names (and words in `language`)."""
    acting = set(view.to_act)
    names = card_names(view, language)
    for panel, player in zip(panels, view.players, strict=True):
        status = Status.of(player, player.seat in acting, view, language)
        hammer = view.hammer == player.seat
        notes = town_notes(player, names, view.solo_rank, panel.notes_beside, language)
        left, top, right, bottom = panel.box
        box = (left - TOWN_MARGIN, top - TOWN_MARGIN, right + TOWN_MARGIN, bottom + TOWN_MARGIN)
        key = (layer, panel, player.model_dump_json(), status, hammer, tuple(notes))
        draw = partial(draw_town, image, panel, player, palette, status, hammer, notes, language)
        draw_region(TOWNS, image, box, key, draw)


def draw_town(
    image: Image.Image,
    panel: TownPanel,
    player: PlayerView,
    palette: Palette,
    status: Status,
    hammer: bool,
    notes: Sequence[Note],
    language: str,
) -> None:
    draw_town_header(image, panel, player, status, hammer, language)
    for square in player.town:
        draw_square(image, panel, square, palette, language)
    draw_last_changes(image, panel, player)
    draw_notes(image, panel.notes, notes, palette)


def card_names(view: TinyTownsView, language: str) -> dict[str, str]:
    """Card key → name in `language`, for every card the view names (score lines use keys)."""
    names = {card.key: card.name for card in view.cards}
    for player in view.players:
        for square in player.town:
            if square.building and square.name:
                names[square.building] = square.name
    return {key: building_name(name, language) for key, name in names.items()}


@dataclass(frozen=True)
class Status:
    """A player's progress in the round in words, and whether we are waiting for them."""

    text: str
    acting: bool
    finished: bool

    @classmethod
    def of(cls, player: PlayerView, acting: bool, view: TinyTownsView, language: str) -> Status:
        status = player.status
        finished = status == "finished"
        naming = view.phase == "name"
        text: Message | str
        if acting:
            if naming:
                text = msg("to name the resource")
            elif status == "place" and player.hand:
                hand = term(player.hand, "resource")
                text = msg("to place the {resource} in hand", resource=hand)
            elif status == "place" and view.round_kind == "choice":
                text = msg("to choose and place a resource")
            else:
                text = ACTING_TEXT.get(status, msg("owes a decision"))
        elif finished and player.finished_round is not None:
            text = msg("finished in round {round}", round=player.finished_round)
        elif status in ACTING_TEXT:
            text = msg("waiting for the resource") if naming else msg("waiting")
        else:
            text = msg("done for this round") if status == "done" else status
        return cls(say(text, language) if isinstance(text, Message) else text, acting, finished)


def draw_town_header(
    image: Image.Image,
    panel: TownPanel,
    player: PlayerView,
    status: Status,
    hammer: bool,
    language: str,
) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, _ = panel.box
    if status.acting:
        draw.rounded_rectangle(panel.box, 12, outline=HIGHLIGHT, width=4)
    x, y = left + PAD + 4, top + 22
    score_right = right - PAD - 4
    points = say(msg("pts"), language)
    unit = font(15).getlength(f" {points}")
    stamp_text(image, (score_right, y + 2), points, font(15), MUTED, "rm")
    score_left = _draw_score(image, score_right - unit, y, player.score)
    icons = _header_icons(player, hammer)
    icons_width = sum(sprite.width + 6 for sprite in icons)
    x = _draw_name(image, x, y, score_left - x - icons_width - 12, player.name) + 10
    for sprite in icons:
        paste_centred(image, sprite, (x + sprite.width / 2, y))
        x += sprite.width + 6
    _draw_chip(image, left + PAD + 2, top + 50, status)


def _draw_score(image: Image.Image, right: float, y: float, score: int) -> float:
    """The score right-aligned at `right`; returns where it begins."""
    text, score_font = str(score), font(32)
    stamp_text(image, (right, y), text, score_font, INK, "rm")
    return right - score_font.getlength(text)


def _draw_name(image: Image.Image, x: float, y: float, room: float, name: str) -> int:
    """The player's name in key-text size, cut short to `room`; returns where it ends."""
    name, name_font = fit_text(name, KEY_SIZE, room, minimum=KEY_SIZE)
    stamp_text(image, (x, y), name, name_font, INK, "lm")
    return round(x + name_font.getlength(name))


def _header_icons(player: PlayerView, hammer: bool) -> list[Image.Image]:
    """The hammer, a face-down card for a kept monument not built yet, a tick when finished."""
    icons = []
    if hammer:
        icons.append(hammer_sprite(28))
    if player.has_kept_monument and player.monument is None:
        icons.append(secret_card_sprite(26))
    if player.status == "finished":
        icons.append(finished_sprite(12, DONE))
    return icons


def _draw_chip(image: Image.Image, x: int, middle: int, status: Status) -> None:
    text = status.text
    chip_font = font(CHIP_SIZE)
    width = chip_font.getlength(text) + 16
    box = (x, middle - 11, x + width, middle + 11)
    fill: RGB | None
    if status.acting:
        fill, outline, colour = HIGHLIGHT, HIGHLIGHT, WHITE
    elif status.finished:
        fill, outline, colour = DONE, DONE, WHITE
    else:
        fill, outline, colour = None, CARD_EDGE, MUTED
    ImageDraw.Draw(image).rounded_rectangle(box, 11, fill=fill, outline=outline, width=2)
    stamp_text(image, (x + 8, middle), text, chip_font, colour, "lm")


def draw_square(
    image: Image.Image, panel: TownPanel, square: SquareView, palette: Palette, language: str
) -> None:
    column, row = square.column, square.row
    centre = panel.centre(column, row)
    cell = panel.cell
    if square.building:
        monument = square.colour == "monument"
        sprite = building_sprite(
            square.colour,
            short_name(building_name(square.name or "", language)),
            building_size(cell),
            monument,
        )
        paste_centred(image, sprite, centre)
        if square.fed is not None:
            radius = max(7, round(cell * 0.1))
            mark = fed_sprite(radius, square.fed)
            _, top, right, _ = panel.square(column, row)
            paste_centred(image, mark, (right - radius - 5, top + radius + 5))
        _draw_held(image, panel, square, palette)
    elif square.resource:
        resource = resource_of(palette, square.resource)
        paste_centred(image, cube_sprite(resource.fill, resource.letter, cube_size(cell)), centre)


def draw_last_changes(image: Image.Image, panel: TownPanel, player: PlayerView) -> None:
    """The town's latest move (its `last_changes`): a frame in the highlight colour, cased
    in white, round every square that holds what was placed, stored or built there, and
    corner marks on every square a building emptied."""
    names = set(player.last_changes.squares if player.last_changes else ())
    draw = ImageDraw.Draw(image)
    for square in player.town:
        if square.square not in names:
            continue
        left, top, right, bottom = panel.square(square.column, square.row)
        if square.building or square.resource or square.holds:
            box = (left + 1, top + 1, right - 1, bottom - 1)
            draw.rounded_rectangle(box, 8, outline=WHITE, width=6)
            draw.rounded_rectangle(box, 8, outline=HIGHLIGHT, width=4)
            continue
        arm = round(panel.cell * 0.24)
        for x, y, dx, dy in (
            (left + 3, top + 3, 1, 1),
            (right - 4, top + 3, -1, 1),
            (left + 3, bottom - 4, 1, -1),
            (right - 4, bottom - 4, -1, -1),
        ):
            corner = [(x + dx * arm, y), (x, y), (x, y + dy * arm)]
            draw.line(corner, fill=HIGHLIGHT, width=4, joint="curve")


def _draw_held(image: Image.Image, panel: TownPanel, square: SquareView, palette: Palette) -> None:
    """Resources lying on a building (Factory, Bank, Warehouse, Statue): small cubes along
    its foot."""
    held = square.holds
    if not held:
        return
    size = max(14, round(panel.cell * 0.24))
    cx, _ = panel.centre(square.column, square.row)
    _, _, _, bottom = panel.square(square.column, square.row)
    y = bottom - 4 - size / 2
    x = cx - (len(held) - 1) * (size + 2) / 2
    for key in held:
        resource = resource_of(palette, key)
        paste_centred(image, cube_sprite(resource.fill, resource.letter, size), (x, y))
        x += size + 2


@dataclass(frozen=True)
class Note:
    """One note under or beside a town: words, then `items` (a list that is wrapped between
    items only), then cubes; highlighted when owed."""

    text: str
    cubes: tuple[str, ...] = ()
    colour: RGB = INK
    items: tuple[str, ...] = ()

    def lines(self, note_font: Font, width: float) -> list[str]:
        lines = wrap(self.text, note_font, width)
        for index, item in enumerate(self.items):
            item_text = item + ("," if index < len(self.items) - 1 else "")
            candidate = f"{lines[-1]} {item_text}" if lines else item_text
            if lines and note_font.getlength(candidate) <= width:
                lines[-1] = candidate
            else:
                lines += wrap(item_text, note_font, width)
        return lines


def town_notes(
    player: PlayerView,
    names: Mapping[str, str],
    solo_rank: str | None,
    score_column: bool,
    language: str,
) -> list[Note]:
    """What the player owes, what lies aside or in hand, Opaleye's Watch, and the score by
    building (one line each in a `score_column`, else in a single note), in `language`.
    What the player owes is read back from the view's English into its message."""

    def said(message: Message) -> str:
        return say(message, language)

    watch = term(WATCH, "building")
    notes = [
        Note(said(msg("Owes: {owed}", owed=owed_message(owed))), colour=HIGHLIGHT)
        for owed in player.owes
    ]
    if player.claims:
        claimed = ", ".join(names.get(key, key) for key in player.claims)
        claim = msg("May take from {watch}: {buildings}", watch=watch, buildings=claimed)
        notes.append(Note(said(claim), colour=HIGHLIGHT))
    if player.hand:
        notes.append(Note(said(msg("In hand:")), (player.hand,)))
    if player.aside:
        notes.append(Note(said(msg("Set aside:")), tuple(player.aside)))
    if player.watch:
        watched = ", ".join(names.get(key, key) for key in player.watch)
        notes.append(Note(said(msg("On {watch}: {buildings}", watch=watch, buildings=watched))))
    # a score line names a card by its key, or the empty squares
    names = {**names, "empty": said(msg("empty"))}
    lines = [
        f"{names.get(line.what, line.what)} x{line.count}: {line.points:+d}"
        for line in player.score_lines
        if line.count
    ]
    if lines and score_column:
        notes += [Note(said(msg("Score")), colour=MUTED), *(Note(line) for line in lines)]
    elif lines:
        notes.append(Note(said(msg("Score:")), items=tuple(lines)))
    if solo_rank:
        notes.append(Note(said(msg("Rank: {rank}", rank=term(solo_rank, "solo rank")))))
    return notes


def draw_notes(image: Image.Image, box: Box, notes: Sequence[Note], palette: Palette) -> None:
    """Notes top down, wrapped to the box; what does not fit is left out."""
    left, top, right, bottom = box
    note_font = font(NOTE_SIZE)
    y = top + 2
    cube = NOTE_LINE - 2
    for note in notes:
        lines = note.lines(note_font, right - left)
        for line in lines:
            if y + NOTE_LINE > bottom:
                return
            stamp_text(image, (left, y), line, note_font, note.colour)
            y += NOTE_LINE
        if note.cubes:
            x = left + note_font.getlength(lines[-1]) + 6 if lines else left
            for key in note.cubes:
                resource = resource_of(palette, key)
                sprite = cube_sprite(resource.fill, resource.letter, cube)
                paste_centred(image, sprite, (x + cube / 2, y - NOTE_LINE / 2 + 1))
                x += cube + 3
        y += 4
