"""Runs ``python -m llama_cpp.server`` with llama.cpp's extra buffer types turned off.

Started by :func:`tests.summarizers.llama_server.run_llama_server` with ``.venv-llm``'s
interpreter (never imported by the test process). ``dev.py`` builds llama-cpp-python from
source for the machine it runs on; on CPUs with AMX, ggml then places weights in its AMX
buffer type, whose matrix kernel faults (SIGSEGV at ``ldtilecfg``) in some virtual machines,
on the first decode. ``use_extra_bufts=False`` keeps the weights in ordinary buffers.
"""

import runpy
import sys

import llama_cpp.llama_cpp as llama

_defaults = llama.llama_model_default_params


def _without_extra_buffers():  # type: ignore[no-untyped-def]
    params = _defaults()
    params.use_extra_bufts = False
    return params


llama.llama_model_default_params = _without_extra_buffers
sys.argv = ["llama_cpp.server", *sys.argv[1:]]
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
