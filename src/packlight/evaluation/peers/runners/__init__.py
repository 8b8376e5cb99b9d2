"""Runner scripts for the external peers; nothing here is imported by packlight.

Each file runs under another project's virtualenv (``python -I _serve.py ADAPTER.py``) and
uses only the standard library and that project's package: ``_serve.py`` is the JSON-lines
loop with the sandbox and the network guard, and each ``*_runner.py`` is an adapter exposing
``ready()`` and ``OPERATIONS``. They ship inside the package so an installed packlight can
start them.
"""
