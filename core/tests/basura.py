"""Garbage for hostile-input tests: every write endpoint gets a valid body with one field at a time
replaced by each of these (numbers out of range, non-numbers, impossible dates, wrong JSON types)."""

BASURA = (
    10**30,
    -(10**30),
    -1,
    0,
    2**63,
    1.5,
    True,
    None,
    "",
    "x" * 3000,
    "\x00",
    "NaN",
    "Infinity",
    "1e400",
    "-0",
    "0001-01-01",
    "9999-12-31",
    "2026-02-30",
    "0001-01",
    "9999-12",
    "१२३",
    {"a": [1]},
    [1, 2],
)
