"""The statements every action runs, without the ORM's query building.

An action writes one event row and updates two rows: the table's version and the hand's
sequence and clock; the action that ends a hand also writes the hand's result, every
dealt player's stack and the time of the next deal, and a deal the table's button.
Built by Django's query machinery, each statement took more Python than the database
takes to run it (about 0.2 ms each); here each is a fixed SQL text per model and
columns, and its values are prepared by the model's own fields, so they are stored
exactly as the ORM stores them.
"""

from __future__ import annotations

from functools import lru_cache

from django.db import connection, models


def _prepared(model: type[models.Model], values: dict) -> list:
    fields = model._meta
    return [fields.get_field(name).get_db_prep_save(value, connection)
            for name, value in values.items()]  # fmt: skip


@lru_cache(maxsize=64)
def _columns(model: type[models.Model], names: tuple[str, ...]) -> tuple[str, ...]:
    quote = connection.ops.quote_name
    return tuple(quote(model._meta.get_field(name).column) for name in names)


@lru_cache(maxsize=64)
def _update_sql(model: type[models.Model], names: tuple, where: tuple) -> str:
    sets = ", ".join(f"{c} = %s" for c in _columns(model, names))
    match = " AND ".join(f"{c} = %s" for c in _columns(model, where))
    return f"UPDATE {connection.ops.quote_name(model._meta.db_table)} SET {sets} WHERE {match}"


@lru_cache(maxsize=64)
def _insert_sql(model: type[models.Model], names: tuple) -> str:
    columns = ", ".join(_columns(model, names))
    marks = ", ".join(["%s"] * len(names))
    return f"INSERT INTO {connection.ops.quote_name(model._meta.db_table)} ({columns}) " \
           f"VALUES ({marks})"  # fmt: skip


def update(model: type[models.Model], where: dict, **values) -> int:
    """``UPDATE`` the rows of ``model`` matching ``where`` (field names to values) to
    ``values``; the number of rows changed."""
    sql = _update_sql(model, tuple(values), tuple(where))
    with connection.cursor() as cursor:
        cursor.execute(sql, _prepared(model, values) + _prepared(model, where))
        return cursor.rowcount


def insert(model: type[models.Model], **values) -> int:
    """``INSERT`` one row of ``model`` (every field without a default given); its id."""
    sql, params = _insert_sql(model, tuple(values)), _prepared(model, values)
    with connection.cursor() as cursor:
        if not connection.features.can_return_columns_from_insert:
            cursor.execute(sql, params)
            return cursor.lastrowid
        cursor.execute(f"{sql} RETURNING {connection.ops.quote_name(model._meta.pk.column)}",
                       params)  # fmt: skip
        return cursor.fetchone()[0]


def update_each(model: type[models.Model], name: str, values: dict) -> None:
    """Set field ``name`` of each row of ``model`` to its own value: ``values`` maps a
    row's id to it (one statement, run once per row)."""
    field, key = model._meta.get_field(name), model._meta.pk
    rows = [(field.get_db_prep_save(value, connection), key.get_db_prep_save(pk, connection))
            for pk, value in values.items()]  # fmt: skip
    with connection.cursor() as cursor:
        cursor.executemany(_update_sql(model, (name,), (key.name,)), rows)
