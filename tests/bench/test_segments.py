"""bench/segments.py: an action's marks, from two processes' files, cut into segments."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from bench.segments import (
    Mark,
    action_paths,
    read_marks,
    report,
    segment_table,
    work_by_process,
)

ACTING, OTHER = 101, 202


def two_process_action(start: float, table: int = 7, version: int = 12) -> list[Mark]:
    """One action's marks, ms after ``start``: arrived 0, queued 0.5, written 2.0,
    publish 2.1, heard 3.0 (other), own told 2.5, other tell 3.2, other told 3.6."""

    def at(ms: float) -> float:
        return start + ms / 1000

    return [
        Mark(at(0.0), ACTING, "arrived", table, version),
        Mark(at(0.5), ACTING, "queued", table, -1),
        Mark(at(2.0), ACTING, "written", table, -1),
        Mark(at(2.1), ACTING, "publish", table, version),
        Mark(at(2.2), ACTING, "tell", table, version),
        Mark(at(2.5), ACTING, "told", table, version),
        Mark(at(3.0), OTHER, "heard", table, -1),
        Mark(at(3.2), OTHER, "tell", table, version),
        Mark(at(3.6), OTHER, "told", table, version),
    ]


def by_name(rows):
    return {name: (p50, p90, p99, worst) for name, p50, p90, p99, worst in rows}


def test_an_action_across_two_processes_is_cut_into_its_segments():
    rows = by_name(segment_table(action_paths(two_process_action(100.0))))
    expected = {
        "wait for the database thread": 0.5,
        "on the database thread": 1.5,
        "back to the event loop": 0.1,
        "own sockets told": 0.4,
        "notice to the other process": 0.9,
        "other process, to its telling": 0.2,
        "other process's sockets told": 0.4,
        "arrival to the last socket told": 3.6,
    }
    assert set(rows) == set(expected)
    for name, took in expected.items():
        assert rows[name] == pytest.approx((took,) * 4, abs=1e-6), name


def test_marks_of_other_tables_and_versions_are_not_taken_for_the_actions():
    marks = two_process_action(100.0)
    # Another table's notice heard first, and a later version told before this one.
    marks += [Mark(100.0025, OTHER, "heard", 8, -1), Mark(100.0031, OTHER, "told", 7, 13)]
    (path,) = action_paths(marks)
    assert path["heard"] == pytest.approx(100.003)
    assert path["other told"] == pytest.approx(100.0036)


def test_an_action_whose_notice_never_reached_the_other_process_is_left_out():
    marks = two_process_action(100.0)
    unheard = [m for m in two_process_action(200.0, version=13) if m.pid == ACTING]
    paths = action_paths(marks + unheard)
    assert [p["arrived"] for p in paths] == [100.0]


def test_in_one_process_the_own_sockets_are_the_last_told():
    marks = [m for m in two_process_action(100.0) if m.pid == ACTING]
    rows = by_name(segment_table(action_paths(marks)))
    assert "notice to the other process" not in rows
    assert rows["arrival to the last socket told"][0] == pytest.approx(2.5)


def test_the_last_column_is_the_slowest_actions_own_segments():
    marks = []
    for n in range(100):  # 98 quick actions and two slow ones, slow on the database thread
        action = two_process_action(10.0 * n, version=n)
        if n in (40, 70):  # written 10 ms late, and so everything after it
            action = [m if m.what in ("arrived", "queued") else replace(m, at=m.at + 0.010)
                      for m in action]  # fmt: skip
        marks += action
    rows = by_name(segment_table(action_paths(marks)))
    assert rows["on the database thread"][0] == pytest.approx(1.5)
    assert rows["on the database thread"][3] == pytest.approx(11.5)
    assert rows["notice to the other process"][3] == pytest.approx(0.9)


def test_marks_are_read_from_each_processs_file(tmp_path):
    for pid in (ACTING, OTHER):
        lines = [f"{m.at:.6f}\t{m.pid}\t{m.what}\t{m.table}\t{m.version}\n"
                 for m in two_process_action(5.0) if m.pid == pid]  # fmt: skip
        (tmp_path / f"{pid}.tsv").write_text("".join(lines))
    assert sorted(read_marks(tmp_path), key=lambda m: m.at) == two_process_action(5.0)
    text = report(tmp_path)
    assert "traced: 1 actions" in text
    assert "notice to the other process" in text
    assert f"process {OTHER}: 0 actions taken, 0 written, 0 forwarded; 1 versions told" in text


def test_an_action_forwarded_to_the_tables_process_is_followed_there():
    # The player's socket is on OTHER, which forwards it: ACTING takes, writes and tells.
    marks = [m for m in two_process_action(100.0) if m.pid == ACTING]
    marks.insert(0, Mark(99.9995, OTHER, "forwarded", 7, -1))
    (path,) = action_paths(marks)
    assert path["arrived"] == pytest.approx(100.0)
    assert "heard" not in path
    assert work_by_process(marks) == {
        OTHER: Counter(forwarded=1),
        ACTING: Counter(arrived=1, written=1, tell=1),
    }
