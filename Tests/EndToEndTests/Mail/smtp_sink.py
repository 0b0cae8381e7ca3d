"""A real SMTP server for the tests (aiosmtpd, Debian's python3-aiosmtpd) on a free loopback
port: every message it accepts is kept in FOLDER as NNNN.eml (the bytes as received) beside
NNNN.json (the envelope: the sender and the recipients the client gave). It prints "ready PORT"
once it listens, and runs until it is sent SIGTERM.

Usage: smtp_sink.py FOLDER
       smtp_sink.py --read FOLDER   (each message parsed with email's strict policy, as JSON lines)
"""
import asyncio
import email
import email.policy
import json
import os
import signal
import socket
import sys


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Keeper:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        stem = os.path.join(self.folder, "%04d" % self.count)
        with open(stem + ".json.part", "w") as out:
            json.dump({"from": envelope.mail_from, "to": envelope.rcpt_tos}, out)
        with open(stem + ".eml", "wb") as out:
            out.write(envelope.original_content or envelope.content)
        os.rename(stem + ".json.part", stem + ".json")  # the message is whole once this exists
        return "250 Message accepted for delivery"


def serve(folder):
    from aiosmtpd.controller import Controller
    port = free_port()
    controller = Controller(Keeper(folder), hostname="127.0.0.1", port=port)
    controller.start()
    print("ready", port, flush=True)
    stop = asyncio.new_event_loop()
    signal.signal(signal.SIGTERM, lambda *_: stop.call_soon_threadsafe(stop.stop))
    stop.run_forever()
    controller.stop()


def read(folder):
    """One JSON line per message, oldest first: its envelope, its header fields as parsed under
    the strict policy (a defect fails the read), whether every header line is ASCII, and the
    decoded text body."""
    names = sorted(n[:-5] for n in os.listdir(folder) if n.endswith(".json"))
    for stem in names:
        with open(os.path.join(folder, stem + ".json")) as f:
            envelope = json.load(f)
        raw = open(os.path.join(folder, stem + ".eml"), "rb").read()
        head = raw.split(b"\r\n\r\n", 1)[0] if b"\r\n\r\n" in raw else raw.split(b"\n\n", 1)[0]
        message = email.message_from_bytes(raw, policy=email.policy.strict)
        body = message.get_body(("plain",))
        print(json.dumps({
            "envelope": envelope,
            "headers": [[name, str(value)] for name, value in message.items()],
            "raw_headers_ascii": all(b < 0x80 for b in head),
            "defects": [repr(d) for d in message.defects],
            "body": body.get_content() if body is not None else None,
        }))


if __name__ == "__main__":
    if sys.argv[1] == "--read":
        read(sys.argv[2])
    else:
        serve(sys.argv[1])
