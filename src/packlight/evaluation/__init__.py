"""``packlight eval``: what compaction costs and what it forgets, on real trajectories.

replay (turn-by-turn, as an agent host) -> probes and canaries (built from the raw trajectory)
-> the same inputs through each peer -> report (JSON, Markdown, HTML).
"""
