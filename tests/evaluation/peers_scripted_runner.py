"""A hand-written JSON-lines runner for testing RunnerProcess: it speaks the protocol
directly (no _serve.py) so it can misbehave on request.

Usage: python peers_scripted_runner.py [ready|bad-ready|silent]. Ops: echo, sleep (seconds),
exit (code), garbage (writes a non-JSON line), wrong-id, stderr (writes a line to stderr).
"""

from __future__ import annotations

import json
import os
import sys
import time


def send(obj: object) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "ready"
    if mode == "silent":
        time.sleep(3600)
    if mode == "bad-ready":
        send({"type": "hello"})
    else:
        send({"type": "ready", "pid": os.getpid(), "home": os.environ.get("HOME")})
    for raw in sys.stdin:
        request = json.loads(raw)
        op = request.get("op")
        if op == "shutdown":
            return 0
        if op == "echo":
            send({"id": request["id"], "ok": True, "echo": request.get("value")})
        elif op == "sleep":
            time.sleep(float(request["seconds"]))
            send({"id": request["id"], "ok": True})
        elif op == "exit":
            sys.stderr.write("scripted runner: exiting on request\n")
            sys.stderr.flush()
            os._exit(int(request.get("code", 3)))
        elif op == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
        elif op == "wrong-id":
            send({"id": -999, "ok": True})
        elif op == "env":
            send({"id": request["id"], "ok": True, "env": dict(os.environ)})
        else:
            send({"id": request["id"], "ok": False, "error": f"unknown op {op!r}"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
