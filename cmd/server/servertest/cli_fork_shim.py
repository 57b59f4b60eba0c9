# The `openstack` of servertest.ForkedCLI's PATH: it sends its argv, whole
# environment, cwd and stdin (unless a terminal) to the cli_fork.py server
# on the Unix socket $OCTAVIEW_CLI_FORK, writes the answer's stdout and
# stderr to its own and exits with the command's status (128+N for a
# signal N). Killing it drops the connection, which kills the command.
# Unlike the program, it reads stdin to its end before the command runs: a
# script that feeds a loop from stdin would lose it (the export's read none).
import base64, json, os, socket, sys

stdin = b"" if sys.stdin is None or sys.stdin.isatty() else sys.stdin.buffer.read()
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(os.environ["OCTAVIEW_CLI_FORK"])
s.sendall(json.dumps({"args": sys.argv[1:], "env": dict(os.environ), "cwd": os.getcwd(),
                      "stdin": base64.b64encode(stdin).decode()}).encode() + b"\n")
line = s.makefile("rb").readline()
if not line:
    sys.exit("openstack (servertest.ForkedCLI): the fork server answered nothing")
a = json.loads(line)
sys.stdout.buffer.write(base64.b64decode(a["stdout"]))
sys.stderr.buffer.write(base64.b64decode(a["stderr"]))
sys.stdout.flush()
sys.stderr.flush()
sys.exit(a["code"] if a["code"] >= 0 else 128 - a["code"])
