"""Runs a command with a pseudo-terminal as its CONTROLLING terminal while its
stdin, stdout and stderr stay the pipes this script was given (the MCP
protocol goes over them), and answers the consent prompts shown on the
terminal.

usage: python3 pty-serve.py <transcript-file> <answers-json> <command> [args...]

<answers-json> is a JSON list of strings; at the n-th prompt (the sheet's
last line, ending in "> ") the n-th string is typed on the terminal as it is
("a\\n", "\\n", "\\u0004" for end of input). Everything the command writes on
the terminal is appended to <transcript-file>. A prompt beyond the list is
reported on stderr ("pty-serve: unexpected prompt") and answered with an
empty line. Exits with the command's exit code.

<answers-json> may also be an object {"prompts": [...], "late": "a\\n"}:
a null prompt answer types nothing (the person is away), and each time the
terminal shows that the prompt stopped asking ("no longer asking") the
"late" string is typed (the person answering a sheet that is gone).
"""

import fcntl
import json
import os
import select
import sys
import termios

PROMPT = b"(Enter: nothing, asked again next time) > "
STOPPED = b"no longer asking"


def main() -> int:
    transcript_path, answers_json, *command = sys.argv[1:]
    given = json.loads(answers_json)
    prompts = given["prompts"] if isinstance(given, dict) else given
    late = given.get("late") if isinstance(given, dict) else None
    answers = [None if a is None else a.encode() for a in prompts]
    master, slave = os.openpty()
    pid = os.fork()
    if pid == 0:
        os.close(master)
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        os.close(slave)
        os.execvp(command[0], command)
    # The parent keeps the slave end open, so reading the master never fails
    # while the child has the terminal closed between two sheets.
    seen = b""
    asked = 0
    status = None
    with open(transcript_path, "ab") as transcript:
        while status is None:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                chunk = os.read(master, 4096)
                transcript.write(chunk)
                transcript.flush()
                seen += chunk
                while late is not None and STOPPED in seen:
                    seen = seen[seen.index(STOPPED) + len(STOPPED):]
                    os.write(master, late.encode())
                while PROMPT in seen:
                    seen = seen[seen.index(PROMPT) + len(PROMPT):]
                    if asked < len(answers):
                        if answers[asked] is not None:
                            os.write(master, answers[asked])
                    else:
                        sys.stderr.write("pty-serve: unexpected prompt\n")
                        sys.stderr.flush()
                        os.write(master, b"\n")
                    asked += 1
            done, code = os.waitpid(pid, os.WNOHANG)
            if done == pid:
                status = code
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
