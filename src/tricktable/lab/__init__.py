"""The playtest lab: thousands of bot games per variant, paired across variants, written as Parquet, and a
designer's report (``tricktable playtest``; see ``docs/lab.md``).

Its dependencies (pyarrow, matplotlib, ray) are the ``lab`` extra: importing ``tricktable`` never needs them.
"""
