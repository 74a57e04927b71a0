"""The command-line contract of docs/cli.md, run as real subprocesses (`python -m engine`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core.errors import EngineError
from engine.core.playout import random_playout, replay_log
from engine.core.replay import replay

ROOT = Path(__file__).resolve().parents[1]
GAME = "terra-nova-2006"
PLAYERS = ["alice", "bob", "carol"]
SEED = 7
SUMMARY_KEYS = {"game", "over", "to_act", "scores", "ranking", "moves"}


def run(
    *args: str, stdin: str = "", hash_seed: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if hash_seed is not None:
        env["PYTHONHASHSEED"] = hash_seed
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def game_args(command: str, moves: Path | str | None = None, *extra: str) -> list[str]:
    args = [command, GAME, "--players", ",".join(PLAYERS), "--seed", str(SEED), *extra]
    return args if moves is None else [*args, "--moves", str(moves)]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "moves.txt"
    path.write_text(text, encoding="utf-8")
    return path


def random_log(actions: int, seed: int = SEED) -> list[tuple[int, str]]:
    """The first `actions` of a seeded random game, as (seat, text)."""
    return random_playout(engine.get(GAME), PLAYERS, seed, max_actions=actions).log


def as_lines(log: list[tuple[int, str]]) -> list[str]:
    return [f"{PLAYERS[seat]}: {text}" for seat, text in log]


def log_into_play_phase() -> list[tuple[int, str]]:
    """A log that ends mid-turn in the play phase (after a turn's first move)."""
    game = engine.get(GAME)
    full = random_playout(game, PLAYERS, SEED).log
    first_move = next(i for i, (_, text) in enumerate(full) if text.startswith("move"))
    return full[: first_move + 1]


def assert_usage_error(result: subprocess.CompletedProcess[str], *named: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    for word in named:
        assert word in result.stderr


# -- list --------------------------------------------------------------------------------------


def test_list_prints_one_game_key_per_line() -> None:
    result = run("list")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [game.info.key for game in engine.all_games()]
    assert GAME in result.stdout.splitlines()
    assert result.stdout.endswith("\n")


# -- play --------------------------------------------------------------------------------------


def test_play_without_moves_prints_the_fresh_game() -> None:
    result = run(*game_args("play"))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert set(summary) == SUMMARY_KEYS
    assert summary == {
        "game": GAME,
        "over": False,
        "to_act": ["alice"],
        "scores": {name: 0 for name in PLAYERS},
        "ranking": [PLAYERS],
        "moves": 0,
    }


def test_play_ignores_comments_and_blank_lines(tmp_path: Path) -> None:
    log = random_log(8)
    lines = as_lines(log)
    text = "# a test game\n\n" + "\n".join(f"  {line}   # note" for line in lines) + "\n\n#end\n"
    result = run(*game_args("play", write(tmp_path, text)))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("\n") == 1
    summary = json.loads(result.stdout)
    assert set(summary) == SUMMARY_KEYS
    assert summary["moves"] == len(log)
    expected = replay(engine.get(GAME), PLAYERS, SEED, None, lines).summary()
    assert summary == expected


def test_play_reads_moves_from_stdin(tmp_path: Path) -> None:
    text = "\n".join(as_lines(random_log(5))) + "\n"
    from_stdin = run(*game_args("play", "-"), stdin=text)
    from_file = run(*game_args("play", write(tmp_path, text)))
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout)["moves"] == 5
    assert from_stdin.stdout == from_file.stdout


def test_play_a_whole_game_to_the_final_scores(tmp_path: Path) -> None:
    game = engine.get(GAME)
    playout = random_playout(game, PLAYERS, SEED)
    assert playout.finished
    result = run(*game_args("play", write(tmp_path, "\n".join(as_lines(playout.log)))))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    state = playout.state
    assert summary["over"] is True
    assert summary["to_act"] == []
    assert summary["moves"] == len(playout.log)
    assert summary["scores"] == dict(zip(PLAYERS, game.scores(state), strict=True))
    assert summary["ranking"] == [[PLAYERS[s] for s in group] for group in game.ranking(state)]


def test_a_replay_does_not_depend_on_python_hash_randomisation(tmp_path: Path) -> None:
    """Set and dict order must not leak into the rules: stored games replay in any process."""
    moves = write(tmp_path, "\n".join(as_lines(random_playout(engine.get(GAME), PLAYERS, 3).log)))
    outputs = {run(*game_args("state", moves), hash_seed=seed).stdout for seed in ("1", "2", "3")}
    assert len(outputs) == 1
    assert json.loads(outputs.pop())["phase"] == "over"


def test_a_whole_turn_on_one_line_counts_as_one_move(tmp_path: Path) -> None:
    game = engine.get(GAME)
    log = log_into_play_phase()
    state = replay_log(game, PLAYERS, SEED, None, log)
    seat = min(game.to_act(state))
    parts = []
    while seat in game.to_act(state) and len(parts) < 2:
        action = game.legal_actions(state, seat)[0]
        state, _ = game.apply(state, seat, action)
        parts.append(action)
    lines = [*as_lines(log), f"{PLAYERS[seat]}: {'; '.join(parts)}"]
    result = run(*game_args("play", write(tmp_path, "\n".join(lines))))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["moves"] == len(log) + 1


# -- bad move lines ------------------------------------------------------------------------------


def engine_message(lines: list[str], seat: int, text: str) -> str:
    game = engine.get(GAME)
    state = replay(game, PLAYERS, SEED, None, lines).state
    with pytest.raises(EngineError) as caught:
        game.apply(state, seat, text)
    return str(caught.value)


def test_an_illegal_line_exits_2_naming_the_line_and_the_engine_message(tmp_path: Path) -> None:
    good = as_lines(random_log(3))
    occupied = good[0].split(": ", 1)[1]  # alice's first placement: that cell is taken now
    seat = len(good) % len(PLAYERS)
    bad = f"{PLAYERS[seat]}: {occupied}"
    message = engine_message(good, seat, occupied)
    text = "# opening\n" + "\n".join(good) + "\n" + bad + "\n" + good[0] + "\n"
    result = run(*game_args("play", write(tmp_path, text)))
    assert_usage_error(result, f"line {len(good) + 2}", message)


def test_a_line_of_the_wrong_player_exits_2(tmp_path: Path) -> None:
    result = run(*game_args("play", write(tmp_path, "bob: place A1\n")))
    assert_usage_error(result, "line 1", "not bob's turn", "alice")


@pytest.mark.parametrize(
    ("text", "number", "named"),
    [
        ("alice place A1\n", 1, "player: action"),
        ("\n# x\nalice:\n", 3, "player: action"),
        ("alice: fly to the moon\n", 1, "'fly to the moon' is not understood"),
        ("zed: place A1\n", 1, "'zed' is not one of alice, bob, carol"),
    ],
)
def test_an_unparseable_line_exits_2_naming_the_line(
    tmp_path: Path, text: str, number: int, named: str
) -> None:
    result = run(*game_args("play", write(tmp_path, text)))
    assert_usage_error(result, f"line {number}", named)


def test_line_numbers_count_newlines_only(tmp_path: Path) -> None:
    """A form feed or other Unicode line break inside a line does not shift the numbering."""
    first = as_lines(random_log(1))[0]
    result = run(*game_args("play", write(tmp_path, f"{first}\f\u2028\nbob: fly\n")))
    assert_usage_error(result, "line 2:")


def test_a_bad_line_from_stdin_exits_2() -> None:
    result = run(*game_args("play", "-"), stdin="# hi\nalice: nonsense\n")
    assert_usage_error(result, "line 2", "'nonsense' is not understood")


def test_a_missing_moves_file_exits_2(tmp_path: Path) -> None:
    result = run(*game_args("play", tmp_path / "nowhere.txt"))
    assert_usage_error(result, "cannot read", "nowhere.txt")


def test_a_moves_file_that_is_not_text_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "moves.bin"
    path.write_bytes(b"alice: place A1\n\xff\xfe\x00\n")
    assert_usage_error(run(*game_args("play", path)), "not UTF-8")


# -- legal ---------------------------------------------------------------------------------------


def expected_legal(log: list[tuple[int, str]]) -> list[str]:
    game = engine.get(GAME)
    state = replay_log(game, PLAYERS, SEED, None, log)
    return [
        f"{PLAYERS[seat]}: {action}"
        for seat in sorted(game.to_act(state))
        for action in game.legal_actions(state, seat)
    ]


@pytest.mark.parametrize("phase", ["fresh", "placement", "mid-turn"])
def test_legal_lists_the_actions_of_the_player_to_act(tmp_path: Path, phase: str) -> None:
    log = {"fresh": [], "placement": random_log(4), "mid-turn": log_into_play_phase()}[phase]
    result = run(*game_args("legal", write(tmp_path, "\n".join(as_lines(log)))))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines == expected_legal(log)
    assert lines
    to_act = {line.split(": ", 1)[0] for line in lines}
    assert len(to_act) == 1


def test_legal_after_the_end_prints_nothing(tmp_path: Path) -> None:
    playout = random_playout(engine.get(GAME), PLAYERS, SEED)
    result = run(*game_args("legal", write(tmp_path, "\n".join(as_lines(playout.log)))))
    assert (result.returncode, result.stdout) == (0, "")


# -- state ---------------------------------------------------------------------------------------


def expected_view(log: list[tuple[int, str]], viewer: int | None) -> Any:
    game = engine.get(GAME)
    state = replay_log(game, PLAYERS, SEED, None, log)
    return json.loads(json.dumps(game.view(state, viewer)))


def test_state_prints_the_public_view(tmp_path: Path) -> None:
    log = random_log(6)
    result = run(*game_args("state", write(tmp_path, "\n".join(as_lines(log)))))
    assert result.returncode == 0, result.stderr
    view = json.loads(result.stdout)
    assert view == expected_view(log, None)
    assert view["game"] == GAME


def test_state_as_a_viewer_sees_it(tmp_path: Path) -> None:
    log = random_log(6)
    moves = write(tmp_path, "\n".join(as_lines(log)))
    result = run(*game_args("state", moves, "--viewer", "bob"))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == expected_view(log, 1)


def test_state_with_an_unknown_viewer_exits_2() -> None:
    assert_usage_error(
        run(*game_args("state", None, "--viewer", "zed")), "'zed'", "alice, bob, carol"
    )


# -- bad arguments -------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "legal", "state"])
def test_an_unknown_game_exits_2(command: str) -> None:
    result = run(command, "chess", "--players", "a,b")
    assert_usage_error(result, "'chess'", GAME)


@pytest.mark.parametrize(
    ("option", "named"),
    [("speed=fast", "'speed'"), ("speed", "KEY=VALUE"), ("=3", "option ''")],
)
def test_a_bad_option_exits_2(option: str, named: str) -> None:
    assert_usage_error(run(*game_args("play", None, "--option", option)), named)


@pytest.mark.parametrize(
    ("players", "named"),
    [("alice", "2–4 players, not 1"), ("a,b,c,d,e", "not 5"), ("a,b,a", "different")],
)
def test_a_bad_player_list_exits_2(players: str, named: str) -> None:
    assert_usage_error(run("play", GAME, "--players", players), named)


def test_a_player_name_a_move_line_cannot_name_exits_2() -> None:
    assert_usage_error(run("play", GAME, "--players", "a:b,c"), "'a:b'")


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["dance"],
        ["play", GAME, "--players", "a,b", "--seed", "seven"],
    ],
)
def test_malformed_command_lines_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "usage:" in result.stderr


# -- records: the arguments in the moves file's header ----------------------------------------


def record(log: list[tuple[int, str]], *extra_header: str) -> str:
    """A record as /export writes it: free text, the arguments, then the moves."""
    header = [
        "# Meeple Post — table #9: a test record",
        f"# game: {GAME}",
        f"# players: {', '.join(PLAYERS)}",
        f"# seed: {SEED}",
        *extra_header,
    ]
    return "\n".join([*header, *as_lines(log)]) + "\n"


@pytest.mark.parametrize("command", ["play", "legal", "state"])
def test_without_players_the_arguments_come_from_the_header(tmp_path: Path, command: str) -> None:
    log = random_log(12)
    from_header = run(command, "--moves", str(write(tmp_path, record(log))))
    with_game = run(command, GAME, "--moves", str(write(tmp_path, record(log))))
    given = run(*game_args(command, write(tmp_path, "\n".join(as_lines(log)))))
    assert from_header.returncode == 0, from_header.stderr
    assert from_header.stdout == given.stdout == with_game.stdout


def test_a_record_with_resignations_and_skips_replays_from_stdin() -> None:
    game = engine.get(GAME)
    log = log_into_play_phase()
    state = replay_log(game, PLAYERS, SEED, None, log)
    to_act = PLAYERS[min(game.to_act(state))]
    lines = record(log) + f"{to_act}: /skip\ncarol: /resign\n"
    result = run("play", "--moves", "-", stdin=lines)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["moves"] == len(log) + 2
    assert summary["ranking"][-1] == ["carol"]


def test_the_command_line_wins_over_the_header_but_not_for_the_game(tmp_path: Path) -> None:
    moves = write(tmp_path, record([]))
    other_seed = run("state", "--moves", str(moves), "--seed", str(SEED + 1))
    assert other_seed.stdout == run(*game_args("state", None, "--seed", str(SEED + 1))).stdout
    assert_usage_error(run("play", "tiny-towns", "--moves", str(moves)), f"of {GAME}", "tiny-towns")


def test_header_options_reach_the_game(tmp_path: Path) -> None:
    moves = write(tmp_path, record([], "# option: speed=fast"))
    assert_usage_error(run("play", "--moves", str(moves)), "'speed'")


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("alice: place E5\n", "--players"),
        (f"# game: {GAME}\n# seed: 1\n", "# players:"),
        (f"# game: {GAME}\n# players: a, b\n# seed: seven\n", "whole number"),
    ],
)
def test_a_record_without_a_readable_header_exits_2(tmp_path: Path, text: str, named: str) -> None:
    assert_usage_error(run("play", "--moves", str(write(tmp_path, text))), named)


def test_without_players_or_moves_the_cli_asks_for_them() -> None:
    assert_usage_error(run("play", GAME), "--players")
