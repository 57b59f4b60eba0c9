# cli_fork.py runs `openstack ARGS` commands, one per line of stdin, each in
# a fork of this Python, which imported the CLI's command modules once: a
# command of python-openstackclient imports ~750 of them (every service's)
# before it runs, about a second of CPU, which a fork inherits instead.
#
# Each fork runs the CLI's own entry point (openstackclient.shell.main, what
# /usr/bin/openstack runs) with the command's argv, the process's environment,
# stdin from /dev/null, and stdout and stderr of its own; its exit status is
# the command's. Used by labcloud's CLI tests (cli_fork_test.go).
#
# Protocol: a request is a JSON line {"args": [...]}; the answer is a JSON
# line {"code": N, "stdout": base64, "stderr": base64}. EOF on stdin ends it.

import base64
import json
import os
import sys
import tempfile
import traceback
from importlib import metadata

from openstackclient import shell


def warm():
    """Imports what a command's start imports: the command, formatter and
    auth plugins of the CLI's entry points (import only, no state)."""
    eps = metadata.entry_points()
    for group in sorted(eps.groups):
        if not group.startswith(("openstack.", "cliff.", "keystoneauth1.", "oslo.")):
            continue
        for ep in eps.select(group=group):
            try:
                ep.load()
            except Exception:
                pass  # a plugin the CLI cannot load either: it skips it the same way


def child(args, out, err):
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
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


def main():
    warm()
    reply = os.fdopen(os.dup(1), "w")
    for line in sys.stdin:
        args = json.loads(line)["args"]
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                child(args, out, err)
            _, status = os.waitpid(pid, 0)
            out.seek(0)
            err.seek(0)
            reply.write(json.dumps({
                "code": os.waitstatus_to_exitcode(status),
                "stdout": base64.b64encode(out.read()).decode(),
                "stderr": base64.b64encode(err.read()).decode(),
            }) + "\n")
            reply.flush()


if __name__ == "__main__":
    main()
