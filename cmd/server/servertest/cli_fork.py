# cli_fork.py runs `openstack ARGS` commands, each in a fork of this Python,
# which imported the CLI's command modules once: a command of
# python-openstackclient imports ~750 of them (every service's) before it
# runs, about a second of CPU, which a fork inherits instead.
#
# Each fork runs the CLI's own entry point (openstackclient.shell.main, what
# /usr/bin/openstack runs) with the command's argv, stdout and stderr of its
# own; its exit status is the command's (a signal's -N). Two modes:
#
# - stdin mode (no argument; labcloud's CLI tests, labcloud/cli_fork_test.go):
#   a request is a JSON line {"args": [...]} on stdin, run with this
#   process's environment and cwd and stdin from /dev/null; the answer is a
#   JSON line {"code": N, "stdout": base64, "stderr": base64} on stdout. EOF
#   on stdin ends it.
# - socket mode (`cli_fork.py --listen PATH`; scripts, through the
#   `openstack` shim of servertest.ForkedCLI): it listens on the Unix socket
#   PATH, writes "ready" on stdout, and serves each connection in a fork of
#   its own. A request is a JSON line {"args": [...], "env": {...}, "cwd":
#   "...", "stdin": base64}: the command runs with exactly that environment
#   (os.environ replaced), in that cwd, with that stdin; the answer is the
#   same JSON line as in stdin mode. A connection that drops before the
#   answer (its shim killed) kills the command. SIGTERM kills the commands
#   running and ends the server.

import base64
import importlib
import json
import logging
import os
import select
import signal
import socket
import sys
import tempfile
import traceback
from importlib import metadata

# cliff names the program after sys.argv[0] when the CLI is imported.
ARGS, sys.argv = sys.argv[1:], ["openstack"]

from openstack.config import loader  # noqa: E402
from openstackclient import shell  # noqa: E402


def warm():
    """Imports what a command's start imports: the command, formatter and
    auth plugins of the CLI's entry points (import only, no state)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    eps = metadata.entry_points()
    for group in sorted(eps.groups):
        if not group.startswith(("openstack.", "cliff.", "keystoneauth1.", "oslo.")):
            continue
        for ep in eps.select(group=group):
            try:
                ep.load()
            except Exception:
                pass  # a plugin the CLI cannot load either: it skips it the same way
    # A plugin that configures logging as it is imported would print every
    # command's debug log: the program imports it after setting up its own.
    root.handlers[:], root.level = handlers, level


def child(args, stdin, out, err):
    os.dup2(stdin.fileno(), 0)
    os.dup2(out.fileno(), 1)
    os.dup2(err.fileno(), 2)
    sys.argv = ["openstack"] + args
    code = 0
    try:
        code = shell.main(args)
    except SystemExit as e:  # what sys.exit(main()) would do with it
        code = e.code
    except BaseException:
        traceback.print_exc()
        code = 1
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def fork(args, stdin, out, err, setup=None):
    """Forks a child that runs the command; returns its pid."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        if setup:
            setup()
        child(args, stdin, out, err)
    return pid


def answer(status, out, err):
    out.seek(0)
    err.seek(0)
    return json.dumps({
        "code": os.waitstatus_to_exitcode(status),
        "stdout": base64.b64encode(out.read()).decode(),
        "stderr": base64.b64encode(err.read()).decode(),
    }) + "\n"


def serve_stdin():
    reply = os.fdopen(os.dup(1), "w")
    for line in sys.stdin:
        args = json.loads(line)["args"]
        with open(os.devnull, "rb") as stdin, tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            pid = fork(args, stdin, out, err)
            _, status = os.waitpid(pid, 0)
            reply.write(answer(status, out, err))
            reply.flush()


def handle(conn):
    """Runs the one request of conn in a fork and answers it; kills the
    fork if conn drops first. Runs in a process of its own."""
    f = conn.makefile("rb")
    req = json.loads(f.readline())
    with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        stdin.write(base64.b64decode(req.get("stdin", "")))
        stdin.seek(0)

        def setup():
            conn.close()
            os.environ.clear()
            os.environ.update(req["env"])
            os.chdir(req["cwd"])
            # The config loader finds clouds.yaml from the cwd and HOME it
            # was imported with: import it again, as the program would.
            importlib.reload(loader)

        pid = fork(req["args"], stdin, out, err, setup)
        done = os.pidfd_open(pid)
        p = select.poll()
        p.register(done, select.POLLIN)
        p.register(conn, select.POLLIN)  # the shim sends nothing more: readable is a drop
        while True:
            ready = [fd for fd, _ in p.poll()]
            if done in ready:
                break
            if conn.fileno() in ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return
        _, status = os.waitpid(pid, 0)
        conn.sendall(answer(status, out, err).encode())


def serve_socket(path):
    conns = set()  # the connections' processes, reaped here so that their CPU counts as ours

    def reap(flags):
        while conns:
            try:
                pid, _ = os.waitpid(-1, flags)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conns.discard(pid)

    def stop(*_):  # SIGTERM: kill the connections' processes, then exit
        for pid in conns:
            os.kill(pid, signal.SIGKILL)
        reap(0)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(64)
    print("ready", flush=True)
    while True:
        conn, _ = srv.accept()
        reap(os.WNOHANG)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            srv.close()
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            code = 0
            try:
                handle(conn)
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                os._exit(code)
        conns.add(pid)
        conn.close()


def main():
    warm()
    if len(ARGS) == 2 and ARGS[0] == "--listen":
        serve_socket(ARGS[1])
    else:
        serve_stdin()


if __name__ == "__main__":
    main()
