"""The statements every change of a table runs, without the ORM's query building.

Every write of games.services goes through here. An action writes one event row and
updates two rows: the table's version and the hand's sequence and clock; the action that
ends a hand also writes the hand's result, every dealt player's stack and the time of the
next deal, and a deal the table's button. Built by Django's query machinery, each
statement took more Python than the database takes to run it; here each is a fixed SQL
text per model and columns, and its values are prepared by the model's own fields, so
they are stored exactly as the ORM stores them. They run on the database driver's own
cursor, inside Django's error handling (a failure is Django's DatabaseError, and marks
the connection for replacing) but without its cursor wrapper: with DEBUG on, that
wrapper ran a second query on SQLite for each statement only to quote its values for
the query log. The log still gets each statement, with its values as given.

On PostgreSQL every change is one statement in all (``deferred`` and ``at_once``): the
table's fence and the writes in one text, which PostgreSQL runs as one transaction of
its own, with no BEGIN or COMMIT to wait for (a new row's id is one this process reserved
beforehand, ``reserved_id``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from django.db import DatabaseError, DataError, IntegrityError, connection, models

Statement = tuple[str, list]  # SQL and its values


def _prepared(model: type[models.Model], values: dict) -> list:
    fields = model._meta
    return [fields.get_field(name).get_db_prep_save(value, connection)
            for name, value in values.items()]  # fmt: skip


@lru_cache(maxsize=64)
def _columns(model: type[models.Model], names: tuple[str, ...]) -> tuple[str, ...]:
    quote = connection.ops.quote_name
    return tuple(quote(model._meta.get_field(name).column) for name in names)


def _mark() -> str:
    """The driver's placeholder for a value (sqlite3's differs from psycopg's)."""
    return "?" if connection.vendor == "sqlite" else "%s"


@lru_cache(maxsize=64)
def _update_sql(model: type[models.Model], names: tuple, where: tuple, mark: str) -> str:
    sets = ", ".join(f"{c} = {mark}" for c in _columns(model, names))
    match = " AND ".join(f"{c} = {mark}" for c in _columns(model, where))
    return f"UPDATE {connection.ops.quote_name(model._meta.db_table)} SET {sets} WHERE {match}"


@lru_cache(maxsize=64)
def _insert_sql(model: type[models.Model], names: tuple, mark: str) -> str:
    columns = ", ".join(_columns(model, names))
    marks = ", ".join([mark] * len(names))
    sql = f"INSERT INTO {connection.ops.quote_name(model._meta.db_table)} ({columns}) " \
          f"VALUES ({marks})"  # fmt: skip
    if connection.features.can_return_columns_from_insert:
        sql += f" RETURNING {connection.ops.quote_name(model._meta.pk.column)}"
    return sql


class Unexpected(Exception):
    """The lock of ``at_once`` did not change its row: nothing was written."""


def _run(
    sql: str,
    params: list,
    read: Callable,
    many: bool = False,
    checked: bool = True,
    writes: bool = True,
):
    """Run ``sql`` on the driver's cursor; what ``read`` takes from the cursor. ``checked``
    False: no health check of a connection kept from before (Django's ``SELECT 1``, a
    round trip of its own). ``writes`` False: a statement that changes no row, and may run
    while writes are ``deferred``."""
    if writes and getattr(_deferred, "batch", None) is not None:
        raise NeedsTransaction("a statement to run at once")
    connection.validate_no_broken_transaction()
    started = time.monotonic()
    with connection.wrap_database_errors:
        if checked or connection.connection is None:
            connection.ensure_connection()
        cursor = connection.connection.cursor()
        try:
            (cursor.executemany if many else cursor.execute)(sql, params)
            result = read(cursor)
        finally:
            cursor.close()
    if connection.queries_logged:
        shown = f"{len(params)} times: {sql}" if many else sql
        connection.queries_log.append({"sql": f"{shown} -- {params!r}",
                                       "time": f"{time.monotonic() - started:.3f}"})  # fmt: skip
    return result


def updating(model: type[models.Model], where: dict, **values) -> Statement:
    """The ``UPDATE`` of the rows of ``model`` matching ``where`` (field names to values)
    to ``values``."""
    sql = _update_sql(model, tuple(values), tuple(where), _mark())
    return sql, _prepared(model, values) + _prepared(model, where)


def inserting(model: type[models.Model], **values) -> Statement:
    """The ``INSERT`` of one row of ``model`` (every field without a default given)."""
    return _insert_sql(model, tuple(values), _mark()), _prepared(model, values)


def rows_changed(statement: Statement) -> int:
    """Run an ``UPDATE`` statement: the number of rows it changed."""
    return _run(*statement, _rowcount)


def insert(model: type[models.Model], **values) -> int:
    """Run ``inserting(...)``: the id of the row written. Inside ``deferred`` on
    PostgreSQL, the row is given an id this process reserved (``reserved_id``) and its
    ``INSERT`` is collected with the other writes."""
    if getattr(_deferred, "batch", None) is not None and _one_text():
        pk = reserved_id(model)
        together(inserting(model, **{model._meta.pk.attname: pk}, **values))
        return pk
    returns = connection.features.can_return_columns_from_insert
    return _run(*inserting(model, **values), _returned if returns else _last_id)


def create(row: models.Model) -> models.Model:
    """Write ``row``, a new instance of its model, with ``insert`` (each field as the ORM
    would save it, a creation time too); returns it with its id, as if read."""
    fields = row._meta.concrete_fields
    values = {f.attname: f.pre_save(row, True) for f in fields if not f.primary_key}
    row.pk = insert(type(row), **values)
    row._state.adding, row._state.db = False, "default"
    return row


def update(row: models.Model, *names: str) -> None:
    """Write the fields ``names`` of ``row`` (by its id) as they are now."""
    values = {name: getattr(row, name) for name in names}
    together(updating(type(row), {"id": row.pk}, **values))


RESERVED = 16  # ids taken from a model's sequence at a time
_reserved: dict[tuple, list[int]] = {}
_reserving = threading.Lock()


def reserved_id(model: type[models.Model]) -> int:
    """An id for a new row of ``model`` that no other row has or will be given: taken
    from the table's own sequence (PostgreSQL), ``RESERVED`` at a time, so that a row
    written with its id needs no round trip of its own to learn it (an insert deferred
    to run at once). Ids reserved and never used are gaps, as a rolled-back insert
    leaves."""
    key = (connection.alias, connection.settings_dict["NAME"], model._meta.db_table)
    with _reserving:
        ids = _reserved.setdefault(key, [])
        if not ids:
            sql = "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)"
            table, column = model._meta.db_table, model._meta.pk.column
            fetched = _run(sql, [table, column, RESERVED], _all_firsts, writes=False)
            ids.extend(sorted(fetched, reverse=True))
        return ids.pop()


def together(*statements: Statement) -> None:
    """Run ``statements`` in one round trip to the database where the driver takes them
    as one text: psycopg with client-side binding (Django's default on PostgreSQL), where
    each statement is otherwise a round trip of its own. (SQLite runs in this process:
    there they run in turn.) Inside ``deferred``, they are collected instead."""
    batch = getattr(_deferred, "batch", None)
    if batch is not None:
        batch.extend(statements)
        return
    if not _one_text():
        for sql, values in statements:
            _run(sql, values, _rowcount)
        return
    sql = "; ".join(sql for sql, _ in statements)
    _run(sql, [value for _, values in statements for value in values], _rowcount)


def _one_text() -> bool:
    """Whether the driver takes several statements as one text: psycopg with client-side
    binding (Django's default on PostgreSQL)."""
    options = connection.settings_dict.get("OPTIONS", {})
    return connection.vendor == "postgresql" and not options.get("server_side_binding")


class NeedsTransaction(Exception):
    """A call deferred to run at once wrote other than through this module, or the kept
    connection broke as it ran: nothing was written."""


_deferred = threading.local()


def can_run_at_once() -> bool:
    """Whether ``deferred`` and ``at_once`` can be used here: on PostgreSQL (one text is
    one transaction there), outside any transaction."""
    return _one_text() and not connection.in_atomic_block


@contextmanager
def deferred() -> Iterator[list[Statement]]:
    """Collect the writes of the block instead of running them, for ``at_once``: those of
    ``together``, ``update_each``, ``insert`` and ``create``. Queries run; any other
    statement that writes raises ``NeedsTransaction`` (then nothing has been written)."""
    batch: list[Statement] = []
    _deferred.batch = batch
    try:
        with connection.execute_wrapper(_reads_only):
            yield batch
    finally:
        _deferred.batch = None


def _reads_only(execute, sql, params, many, context):
    if not sql.lstrip().upper().startswith("SELECT"):
        raise NeedsTransaction("a write in a call deferred to run at once")
    return execute(sql, params, many, context)


def at_once(lock: Statement, batch: list[Statement]) -> None:
    """Run ``lock`` (an UPDATE of one row) and then ``batch``, as one text: one round trip
    and, on PostgreSQL, one transaction. Unless ``lock`` changes its row, PostgreSQL
    stops at it (a division by zero) and nothing is written: ``Unexpected``. A connection
    kept from before is not health-checked (a round trip of its own): if it turns out
    broken, it is closed and ``NeedsTransaction`` raised: the text was written if, and
    only if, the lock's row has moved on (the caller looks before doing it again)."""
    all_at_once([(lock, batch)])


def all_at_once(parts: list[tuple[Statement, list[Statement]]]) -> None:
    """``at_once`` for several locks, each followed by its own writes, in one text: one
    round trip and one transaction for all. Unless every lock changes its row, nothing
    at all is written (``Unexpected``), as when a new row's reserved id is taken; a
    write the database refuses otherwise (a duplicate event) raises its own error."""
    texts: list[str] = []
    values: list = []
    for (sql, locked), batch in parts:
        texts.append(f"WITH locked AS ({sql} RETURNING 1) SELECT 1 / (SELECT COUNT(*) FROM locked)")
        texts.extend(sql for sql, _ in batch)
        values.extend(locked)
        values.extend(v for _, vs in batch for v in vs)
    try:
        _run("; ".join(texts), values, _rowcount, checked=False)
    except (DataError, IntegrityError) as error:
        if _id_taken(error):  # a database restored from before: reserve anew
            with _reserving:
                _reserved.clear()
        elif not _lock_refused(error):
            raise  # a write the database refuses whatever the version: no retry mends it
        raise Unexpected(str(error)) from error
    except DatabaseError:
        if connection.is_usable():
            raise
        connection.close()  # e.g. the database restarted and cut it
        raise NeedsTransaction("the kept connection was broken") from None


def _lock_refused(error: DatabaseError) -> bool:
    """Whether the text stopped at a lock that changed no row (its division by zero)."""
    return getattr(error.__cause__, "sqlstate", None) == "22012"


def _id_taken(error: DatabaseError) -> bool:
    """Whether a row was written with an id another row has (a primary key's violation)."""
    cause = error.__cause__
    constraint = getattr(getattr(cause, "diag", None), "constraint_name", None) or ""
    return getattr(cause, "sqlstate", None) == "23505" and constraint.endswith("_pkey")


def update_each(model: type[models.Model], name: str, values: dict) -> None:
    """Set field ``name`` of each row of ``model`` to its own value: ``values`` maps a
    row's id to it (one statement, run once per row)."""
    field, key = model._meta.get_field(name), model._meta.pk
    rows = [[field.get_db_prep_save(value, connection), key.get_db_prep_save(pk, connection)]
            for pk, value in values.items()]  # fmt: skip
    sql = _update_sql(model, (name,), (key.name,), _mark())
    batch = getattr(_deferred, "batch", None)
    if batch is not None:
        batch.extend((sql, row) for row in rows)
        return
    _run(sql, rows, _rowcount, many=True)


def _rowcount(cursor) -> int:
    return cursor.rowcount


def _all_firsts(cursor) -> list:
    return [row[0] for row in cursor.fetchall()]


def _returned(cursor) -> int:
    return cursor.fetchone()[0]


def _last_id(cursor) -> int:
    return cursor.lastrowid
