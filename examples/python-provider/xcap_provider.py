#!/usr/bin/env python3
"""xcap reference provider (provider protocol v1), Python 3.11, standard library only.

It serves two capabilities to an xcap host over its stdin/stdout:

* photos (list, get, pick): the JPEG and PNG files at the top level of a
  folder (``--photos DIR`` or the environment variable ``XCAP_PHOTOS_DIR``;
  without one, photos is not described, so the host does not provide it);
* notifications (post, cancel): kept in memory; "showing" one writes a line to
  stderr. Scheduled ones die with the process.

Protocol: one JSON-RPC 2.0 message per line. Requests are answered by a pool of
threads, so answers may come out of order and a slow call (a picker) never
holds up the others. ``providers/cancel`` is ignored. stdout carries nothing
but protocol lines (file descriptor 1 is pointed at stderr for everything
else, child processes included); the log goes to stderr. The process exits 0
when stdin ends. See README.md next to this file.
"""

import argparse
import base64
import concurrent.futures
import datetime
import errno
import hashlib
import json
import os
import re
import shlex
import stat
import subprocess
import sys
import threading
import traceback
from collections import OrderedDict

PROTOCOL_VERSION = 1
PROVIDER = {"name": "xcap-python-reference", "version": "1.0.0"}

INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603


def log(message):
    """One line to stderr (the host prefixes it with the provider's name)."""
    sys.stderr.write(f"xcap_provider: {message}\n")
    sys.stderr.flush()


def error_answer(request_id, code, message):
    """A JSON-RPC error answer."""
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


class BadParams(Exception):
    """The request's params do not have the shape the method takes: JSON-RPC -32602."""


# ---------------------------------------------------------------- photos

PHOTO_ID = re.compile(r"^ph-[0-9a-f]{32}$")
CANDIDATE_NAME = re.compile(r"\.(?:jpe?g|png)$", re.IGNORECASE)
CURSOR = re.compile(r"^v1\.(-?(?:0|[1-9][0-9]{0,15}))\.([A-Za-z0-9_-]{2,136})\.([0-9a-f]{32})$")
UNSAFE_NAME_CHARS = re.compile("[\u0000-\u001f\u007f/\\\\\u202a-\u202e\u2066-\u2069]")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ORDER_PREFIX_BYTES = 100
OPEN_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK


def sniff_photo(head):
    """image/jpeg or image/png from a file's first bytes, else None."""
    if head[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    if head[:8] == PNG_SIGNATURE:
        return "image/png"
    return None


def name_hash(raw_name):
    """The first 16 bytes of the SHA-256 of the name's bytes, in lowercase hex (the id after ``ph-``)."""
    return hashlib.sha256(raw_name).hexdigest()[:32]


def b64url(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def encode_cursor(key):
    """``v1.<time ms>.<name prefix, base64url>.<hash>``: a position in the order, not a photo."""
    time_ms, prefix, digest = key
    return f"v1.{time_ms}.{b64url(prefix)}.{digest}"


def decode_cursor(cursor):
    """The order key a cursor of ``encode_cursor`` holds, or None for anything else."""
    match = CURSOR.match(cursor)
    if match is None:
        return None
    time_ms = int(match.group(1))
    if abs(time_ms) > 8_640_000_000_000_000:
        return None
    text = match.group(2)
    try:
        prefix = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        return None
    if not 0 < len(prefix) <= ORDER_PREFIX_BYTES or b64url(prefix) != text:
        return None
    return (time_ms, prefix, match.group(3))


def order_key(photo):
    """Sorts newest first, then by the name's first 100 bytes, then by its hash (a total order)."""
    time_ms, prefix, digest = photo["key"]
    return (-time_ms, prefix, digest)


class Refusal(Exception):
    """A file that was not read; ``str()`` is the isError text."""


def open_untrusted(path, max_bytes):
    """Opens a file once with O_NOFOLLOW|O_NONBLOCK and checks that handle with fstat: (fd, stat)."""
    try:
        fd = os.open(path, OPEN_FLAGS)
    except OSError as error:
        if error.errno in (errno.ENOENT, errno.ENOTDIR):
            raise Refusal("notFound") from None
        if error.errno == errno.ELOOP:
            raise Refusal("unreadable: is a symbolic link") from None
        if error.errno == errno.ENXIO:
            raise Refusal("unreadable: is not a regular file (a socket or a device)") from None
        raise Refusal(f"unreadable: ({errno.errorcode.get(error.errno, error.errno)})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refusal("unreadable: is not a regular file")
        if info.st_size > max_bytes:
            raise Refusal(f"tooLarge: has {info.st_size} bytes, at most {max_bytes} are read")
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def read_at(fd, position, length):
    chunks = []
    while length > 0:
        chunk = os.pread(fd, length, position)
        if not chunk:
            break
        chunks.append(chunk)
        position += len(chunk)
        length -= len(chunk)
    return b"".join(chunks)


def read_bounded(fd, max_bytes):
    """The whole file, never more than max_bytes + 1 bytes read (the extra one tells a file that grew)."""
    data = read_at(fd, 0, max_bytes + 1)
    if len(data) > max_bytes:
        raise Refusal(f"tooLarge: grew past {max_bytes} bytes while it was read")
    return data


# EXIF: DateTimeOriginal (0x9003) and OffsetTimeOriginal (0x9011) of the Exif IFD (0x8769 in IFD0).
EXIF_DATE = re.compile(r"^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$")
EXIF_OFFSET = re.compile(r"^([+-])(\d{2}):(\d{2})$")


def exif_block(fd, size, mime_type):
    """The TIFF block of the JPEG APP1 ``Exif`` segment or the PNG ``eXIf`` chunk before the image data, or None."""
    position = 2 if mime_type == "image/jpeg" else 8
    for _ in range(4096):
        if mime_type == "image/jpeg":
            header = read_at(fd, position, 4)
            if len(header) < 4 or header[0] != 0xFF:
                return None
            marker = header[1]
            if marker == 0xFF:
                position += 1
                continue
            if marker == 0x01 or 0xD0 <= marker <= 0xD7:
                position += 2
                continue
            if marker in (0xDA, 0xD9) or marker < 0xC0:
                return None
            length = int.from_bytes(header[2:4], "big")
            if length < 2:
                return None
            if marker == 0xE1 and length >= 8:
                segment = read_at(fd, position + 4, length - 2)
                if segment[:6] == b"Exif\0\0":
                    return segment[6:]
            position += 2 + length
        else:
            header = read_at(fd, position, 8)
            if len(header) < 8:
                return None
            length = int.from_bytes(header[:4], "big")
            kind = header[4:8]
            if kind == b"eXIf":
                return read_at(fd, position + 8, length) if length <= 1024 * 1024 else None
            if kind in (b"IDAT", b"IEND"):
                return None
            position += 12 + length
        if position >= size:
            return None
    return None


def tiff_ascii_tags(tiff, wanted):
    """The ASCII values of the wanted tags of the Exif IFD in a TIFF block (a dict; broken structure = fewer)."""
    if len(tiff) < 8 or tiff[:4] not in (b"II*\0", b"MM\0*"):
        return {}
    order = "little" if tiff[:2] == b"II" else "big"

    def number(offset, width):
        return int.from_bytes(tiff[offset:offset + width], order) if offset + width <= len(tiff) else None

    def entries(ifd):
        count = number(ifd, 2)
        for index in range(min(count or 0, 1000)):
            at = ifd + 2 + index * 12
            if at + 12 > len(tiff):
                return
            yield number(at, 2), number(at + 2, 2), number(at + 4, 4), at + 8

    exif_ifd = next((number(at, 4) for tag, _, _, at in entries(number(4, 4)) if tag == 0x8769), None)
    found = {}
    if exif_ifd is None:
        return found
    for tag, kind, count, at in entries(exif_ifd):
        if tag in wanted and kind == 2 and count:
            start = at if count <= 4 else number(at, 4)
            if start is not None and start + count <= len(tiff):
                found[tag] = tiff[start:start + count].rstrip(b"\0").decode("latin-1").strip()
    return found


def exif_taken_at(tiff):
    """(takenAt RFC 3339, instant in ms) of the EXIF date, with its offset or else this host's zone; None without one."""
    try:
        tags = tiff_ascii_tags(tiff, {0x9003, 0x9011})
    except (ValueError, IndexError, TypeError):  # a broken EXIF block only means no takenAt
        return None
    match = EXIF_DATE.match(tags.get(0x9003, ""))
    if match is None:
        return None
    try:
        wall = datetime.datetime(*(int(part) for part in match.groups()))
    except ValueError:
        return None
    offset = EXIF_OFFSET.match(tags.get(0x9011, ""))
    if offset is not None and int(offset.group(2)) <= 23 and int(offset.group(3)) <= 59:
        minutes = int(offset.group(2)) * 60 + int(offset.group(3))
        zone = datetime.timezone(datetime.timedelta(minutes=-minutes if offset.group(1) == "-" else minutes))
        taken = wall.replace(tzinfo=zone)
    else:
        try:
            local = wall.astimezone().utcoffset()
        except (OverflowError, ValueError, OSError):
            return None
        minutes = round(local.total_seconds() / 60)  # a historical zone offset with seconds, rounded to the minute
        taken = wall.replace(tzinfo=datetime.timezone(datetime.timedelta(minutes=minutes)))
    text = taken.isoformat(timespec="seconds")
    if text.endswith("+00:00"):
        text = text[:-6] + "Z"
    try:
        return text, int(taken.timestamp() * 1000)
    except (OverflowError, ValueError, OSError):
        return None


class PhotoLibrary:
    """The JPEG/PNG files at the top level of a folder, newest first (EXIF date, else modification time)."""

    def __init__(self, folder, max_bytes):
        self.folder = os.fsencode(os.path.abspath(folder))
        self.max_bytes = max_bytes
        self._cache = {}
        self._lock = threading.Lock()

    def photos(self):
        """Every photo of the folder as it is now, in library order. Raises OSError when the folder cannot be read."""
        photos = []
        seen = set()
        with os.scandir(self.folder) as entries:
            for entry in entries:
                raw = entry.name
                if raw.startswith(b".") or not entry.is_file(follow_symlinks=False):
                    continue
                name = raw.decode("utf-8", errors="replace")
                if not CANDIDATE_NAME.search(name) or len(name) > 255:
                    continue
                seen.add(raw)
                photo = self._photo(raw, name)
                if photo is not None:
                    photos.append(photo)
        with self._lock:
            for raw in [raw for raw in self._cache if raw not in seen]:
                del self._cache[raw]
        return sorted(photos, key=order_key)

    def _photo(self, raw, name):
        path = os.path.join(self.folder, raw)
        try:
            info = os.lstat(path)
        except OSError:
            return None
        identity = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
        with self._lock:
            cached = self._cache.get(raw)
        if cached is not None and cached[0] == identity:
            return cached[1]
        photo = None
        try:
            fd, opened = open_untrusted(path, sys.maxsize)
        except Refusal:
            return None
        try:
            mime_type = sniff_photo(read_at(fd, 0, 8))
            if mime_type is not None:
                tiff = exif_block(fd, opened.st_size, mime_type)
                taken = exif_taken_at(tiff) if tiff else None
                time_ms = taken[1] if taken else opened.st_mtime_ns // 1_000_000
                photo = {
                    "id": f"ph-{name_hash(raw)}",
                    "name": UNSAFE_NAME_CHARS.sub("-", name),
                    "mimeType": mime_type,
                    "takenAt": taken[0] if taken else None,
                    "key": (time_ms, raw[:ORDER_PREFIX_BYTES], name_hash(raw)),
                    "path": path,
                    "dev": opened.st_dev,
                    "ino": opened.st_ino,
                }
        except OSError:
            photo = None
        finally:
            os.close(fd)
        with self._lock:
            self._cache[raw] = (identity, photo)
        return photo

    def with_data(self, photo):
        """The photo with its bytes in base64, read once from one open handle that must be the file the scan read."""
        try:
            fd, info = open_untrusted(photo["path"], self.max_bytes)
        except Refusal as refusal:
            reason = str(refusal)
            if reason == "notFound":
                raise
            word, _, why = reason.partition(": ")
            raise Refusal(f"{word}: {photo['name']} {why}") from None
        try:
            data = read_bounded(fd, self.max_bytes)
        except Refusal as refusal:
            word, _, why = str(refusal).partition(": ")
            raise Refusal(f"{word}: {photo['name']} {why}") from None
        except OSError as error:
            raise Refusal(f"unreadable: {photo['name']} ({error.strerror})") from None
        finally:
            os.close(fd)
        if (info.st_dev, info.st_ino) != (photo["dev"], photo["ino"]) or sniff_photo(data[:8]) != photo["mimeType"]:
            raise Refusal(f"unreadable: {photo['name']} changed since the folder was read")
        public = {key: photo[key] for key in ("id", "name", "mimeType", "takenAt")}
        return {**public, "data": base64.b64encode(data).decode("ascii")}


def newest_picker(candidates, limit):
    """The picker for automation: nobody is asked, the newest ``limit`` photos are chosen."""
    return [photo["id"] for photo in candidates[:limit]]


def command_picker(command, timeout_s):
    """A picker run as a command: argv = command + [limit]; stdin = one ``<id>\\t<path>`` line per photo; stdout = the chosen ids."""

    def pick(candidates, limit):
        lines = "".join(f"{p['id']}\t{os.fsdecode(p['path'])}\n" for p in candidates).encode("utf-8", "replace")
        try:
            child = subprocess.Popen(shlex.split(command) + [str(limit)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, start_new_session=True)
        except (OSError, ValueError) as error:
            raise Refusal(f"pickerFailed: the picker command cannot be started ({error})") from None
        try:
            out, err = child.communicate(lines, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, 9)  # its whole process group, so no grandchild keeps the pipes open
            child.communicate()
            raise Refusal(f"pickerFailed: the picker did not answer within {timeout_s} s") from None
        if child.returncode != 0:
            first = err.decode("utf-8", "replace").strip().split("\n")[0][:200]
            raise Refusal(f"pickerFailed: the picker exited with code {child.returncode}" + (f": {first}" if first else ""))
        return [line.strip() for line in out.decode("utf-8", "replace").split("\n") if line.strip()]

    return pick


def int_param(value, where, default, low, high):
    """An integer limit (not a boolean), missing = default, clamped into low..high like the Node providers."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadParams(f"{where} must be an integer")
    return min(max(value, low), high)


def str_param(value, where, optional=False):
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise BadParams(f"{where} must be a string")
    return value


class PhotosProvider:
    """photos_list, photos_get and photos_pick over a PhotoLibrary."""

    tools = ("get", "list", "pick")

    def __init__(self, library, picker):
        self.library = library
        self.picker = picker

    def _all(self):
        try:
            return self.library.photos()
        except OSError as error:
            raise Refusal(f"unavailable: the photo folder cannot be read ({error.strerror or error})") from None

    def list(self, params):
        limit = int_param(params.get("limit"), "/input/limit", 50, 1, 100)
        cursor = str_param(params.get("cursor"), "/input/cursor", optional=True)
        after = None if cursor is None else decode_cursor(cursor)
        if cursor is not None and after is None:
            return {"isError": "invalidCursor"}
        photos = self._all()
        start = 0
        if after is not None:
            boundary = (-after[0], after[1], after[2])
            start = next((i for i, p in enumerate(photos) if order_key(p) > boundary), len(photos))
        page = photos[start:start + limit]
        more = start + len(page) < len(photos)
        return {"structuredContent": {
            "photos": [{key: p[key] for key in ("id", "name", "mimeType", "takenAt")} for p in page],
            "cursor": encode_cursor(page[-1]["key"]) if more and page else None,
        }}

    def get(self, params):
        photo_id = str_param(params.get("id"), "/input/id")
        photo = next((p for p in self._all() if p["id"] == photo_id), None) if PHOTO_ID.match(photo_id) else None
        if photo is None:
            return {"isError": "notFound"}
        return {"structuredContent": {"photo": self.library.with_data(photo)}}

    def pick(self, params):
        limit = int_param(params.get("limit"), "/input/limit", 1, 1, 50)
        photos = self._all()
        chosen = self.picker(photos, limit)
        by_id = {p["id"]: p for p in photos}
        picked = []
        for photo_id in dict.fromkeys(chosen):
            if len(picked) == limit:
                break
            if photo_id not in by_id:
                return {"isError": "pickerFailed: the picker chose a photo that is not in the library"}
            try:
                picked.append(self.library.with_data(by_id[photo_id]))
            except Refusal as refusal:
                if str(refusal) != "notFound":
                    raise
        return {"structuredContent": {"photos": picked}}


# ---------------------------------------------------------------- notifications

def parse_instant(text):
    """A datetime for an RFC 3339 time with a zone, or None."""
    try:
        instant = datetime.datetime.fromisoformat(text.replace("z", "Z").replace("t", "T"))
    except ValueError:
        return None
    return instant if instant.tzinfo is not None else None


class NotificationsProvider:
    """notifications_post and notifications_cancel, kept in memory; "showing" one logs it to stderr.

    Ids arrive app-scoped (``<app>/<id>``), so apps never collide. Posting an
    id again replaces it (a scheduled one is re-armed, a shown one withdrawn
    and shown anew). ``cancel`` answers ``cancelled: true`` when the id was
    scheduled or is still shown (withdrawn now), ``false`` for an unknown id.
    """

    tools = ("cancel", "post")
    MAX_SCHEDULED = 1000
    MAX_SHOWN = 1000
    MAX_TIMER_S = 7 * 24 * 3600

    def __init__(self, clock=None):
        self.clock = clock or (lambda: datetime.datetime.now(datetime.timezone.utc))
        self.scheduled = {}
        self.shown = OrderedDict()
        self.lock = threading.Lock()

    @staticmethod
    def _id(params):
        value = str_param(params.get("id"), "/input/id")
        if not 3 <= len(value) <= 330:
            raise BadParams("/input/id must have 3 to 330 characters")
        return value

    def post(self, params):
        notification_id = self._id(params)
        title = str_param(params.get("title"), "/input/title")
        body = str_param(params.get("body"), "/input/body", optional=True)
        at = str_param(params.get("at"), "/input/at", optional=True)
        tap = params.get("tap")
        if tap is not None and not isinstance(tap, dict):
            raise BadParams("/input/tap must be an object or null")
        when = None if at is None else parse_instant(at)
        if at is not None and when is None:
            return {"isError": f"invalidTime: {at}"}
        entry = {"id": notification_id, "title": title, "body": body, "tap": tap}
        with self.lock:
            self._withdraw(notification_id)
            if when is None or when <= self.clock():
                self._show(entry)
                return {"structuredContent": {}}
            if len(self.scheduled) >= self.MAX_SCHEDULED:
                return {"isError": f"tooManyScheduled: {len(self.scheduled)} notifications are scheduled already (at most {self.MAX_SCHEDULED})"}
            entry["when"] = when
            self._arm(entry)
        return {"structuredContent": {}}

    def cancel(self, params):
        notification_id = self._id(params)
        with self.lock:
            return {"structuredContent": {"cancelled": self._withdraw(notification_id)}}

    def _withdraw(self, notification_id):
        scheduled = self.scheduled.pop(notification_id, None)
        if scheduled is not None:
            scheduled[1].cancel()
            return True
        return self.shown.pop(notification_id, None) is not None

    def _show(self, entry):
        self.shown[entry["id"]] = entry
        while len(self.shown) > self.MAX_SHOWN:
            self.shown.popitem(last=False)
        log(f"notification shown: {entry['id']}: {entry['title']!r}")

    def _arm(self, entry):
        """A timer for a scheduled entry, at most a week long (re-armed then), so no time is too far for it."""
        delay = min(max((entry["when"] - self.clock()).total_seconds(), 0), self.MAX_TIMER_S)
        timer = threading.Timer(delay, self._fire, args=(entry,))
        timer.daemon = True
        self.scheduled[entry["id"]] = (entry, timer)
        timer.start()

    def _fire(self, entry):
        with self.lock:
            current = self.scheduled.get(entry["id"])
            if current is None or current[0] is not entry:
                return
            if entry["when"] > self.clock():
                self._arm(entry)
                return
            del self.scheduled[entry["id"]]
            self._show(entry)


# ---------------------------------------------------------------- the protocol

class Provider:
    """Answers providers/describe and providers/call for the capabilities it was given."""

    def __init__(self, capabilities):
        self.capabilities = capabilities
        self.methods = {"providers/describe": self.describe, "providers/call": self.call}

    def describe(self, params):
        version = params.get("protocolVersion")
        if isinstance(version, bool) or not isinstance(version, int):
            raise BadParams("protocolVersion must be an integer")
        if version != PROTOCOL_VERSION:
            log(f"the host speaks protocol version {version}, this provider {PROTOCOL_VERSION}")
        return {
            "protocolVersion": PROTOCOL_VERSION,
            "provider": PROVIDER,
            "capabilities": {name: list(provider.tools) for name, provider in self.capabilities.items()},
        }

    def call(self, params):
        capability = str_param(params.get("capability"), "capability")
        tool = str_param(params.get("tool"), "tool")
        native_input = params.get("input")
        if not isinstance(native_input, dict):
            raise BadParams("input must be an object")
        provider = self.capabilities.get(capability)
        if provider is None or tool not in provider.tools:
            raise BadParams(f"this provider has no tool {capability}_{tool}")
        try:
            return getattr(provider, tool)(native_input)
        except Refusal as refusal:
            return {"isError": str(refusal)}

class Connection:
    """The stdio side: reads bounded lines, hands requests to a thread pool, writes whole lines under a lock."""

    def __init__(self, provider, stdin, stdout, max_line_bytes, workers):
        self.provider = provider
        self.stdin = stdin
        self.stdout = stdout
        self.max_line_bytes = max_line_bytes
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="call")
        self.write_lock = threading.Lock()
        self.logged_notifications = set()
        self.broken = threading.Event()

    def send(self, message):
        line = json.dumps(message, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode("ascii") + b"\n"
        with self.write_lock:
            if self.broken.is_set():
                return
            try:
                self.stdout.write(line)
                self.stdout.flush()
            except (BrokenPipeError, OSError, ValueError):
                self.broken.set()
                log("stdout is closed; answers are dropped")

    def answer(self, request_id, method, params):
        try:
            self.send({"jsonrpc": "2.0", "id": request_id, "result": self.provider.methods[method](params)})
        except BadParams as error:
            self.send(error_answer(request_id, INVALID_PARAMS, f"invalid params for {method}: {error}"))
        except Exception as error:  # a bug here must not take the provider down: the call fails, the rest go on
            log(f"request {request_id} ({method}) failed:\n{traceback.format_exc().rstrip()}")
            self.send(error_answer(request_id, INTERNAL_ERROR, f"internal error: {error}"))

    # #region main-loop
    def serve(self):
        """Reads stdin to its end; every request runs on the pool, so answers may come out of order."""
        while True:
            line = self.stdin.readline(self.max_line_bytes + 1)
            if not line:
                break  # stdin ended: the host is done with us
            if len(line) > self.max_line_bytes and not line.endswith(b"\n"):
                self.skip_long_line(line)
                continue
            if line.strip():
                self.dispatch(line)
        self.pool.shutdown(wait=True, cancel_futures=False)

    def dispatch(self, line):
        try:
            message = json.loads(line)
        except ValueError:
            log(f"ignored a line that is not JSON ({len(line)} bytes)")
            return
        if not isinstance(message, dict) or not isinstance(message.get("method"), str):
            log("ignored a message that is not a request or a notification")
            return
        method, params = message["method"], message.get("params", {})
        if "id" not in message:  # a notification: providers/cancel may be ignored
            if method != "providers/cancel" and method not in self.logged_notifications:
                self.logged_notifications.add(method)
                log(f"ignored the notification {method}")
            return
        request_id = message["id"]
        if message.get("jsonrpc") != "2.0":
            self.send(error_answer(request_id, INVALID_REQUEST, "not a JSON-RPC 2.0 request"))
        elif method not in self.provider.methods:
            self.send(error_answer(request_id, METHOD_NOT_FOUND, f"unknown method {method}"))
        elif not isinstance(params, dict):
            self.send(error_answer(request_id, INVALID_PARAMS, f"invalid params for {method}: params must be an object"))
        else:
            self.pool.submit(self.answer, request_id, method, params)
    # #endregion main-loop

    def skip_long_line(self, head):
        """Drops the rest of a line over the bound; a request whose id leads the line gets -32600 at once."""
        while True:
            rest = self.stdin.readline(65536)
            if not rest or rest.endswith(b"\n"):
                break
        log(f"dropped a line longer than {self.max_line_bytes} bytes")
        match = re.match(rb'^\{"jsonrpc":"2\.0","id":(\d{1,15}),', head)
        if match is not None:
            self.send(error_answer(int(match.group(1)), INVALID_REQUEST, f"the request line exceeds {self.max_line_bytes} bytes"))


def positive_int(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main(argv):
    parser = argparse.ArgumentParser(description="xcap reference provider (provider protocol v1): photos from a folder, notifications in memory.")
    parser.add_argument("--photos", default=os.environ.get("XCAP_PHOTOS_DIR"),
                        help="the photo folder (default $XCAP_PHOTOS_DIR); without one, photos is not provided")
    parser.add_argument("--picker-command", default=os.environ.get("XCAP_PHOTOS_PICKER"),
                        help="photos_pick asks this command (default: the newest photos are picked, nobody is asked)")
    parser.add_argument("--picker-timeout", type=positive_int, default=120, help="seconds the picker command may take (default 120)")
    parser.add_argument("--max-bytes", type=positive_int, default=64 * 1024 * 1024, help="the biggest photo handed over (default 64 MiB)")
    parser.add_argument("--max-line-bytes", type=positive_int, default=8 * 1024 * 1024, help="the longest request line read (default 8 MiB)")
    parser.add_argument("--workers", type=positive_int, default=8, help="requests answered at the same time (default 8)")
    options = parser.parse_args(argv)

    # Protocol lines go to a private copy of fd 1; fd 1 itself (print(), child processes) now goes to stderr.
    stdout = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    capabilities = {"notifications": NotificationsProvider()}
    if options.photos:
        if not os.path.isdir(options.photos):
            log(f"--photos {options.photos}: not a folder (photos_* calls answer unavailable until it is one)")
        picker = command_picker(options.picker_command, options.picker_timeout) if options.picker_command else newest_picker
        capabilities["photos"] = PhotosProvider(PhotoLibrary(options.photos, options.max_bytes), picker)
    log(f"serving {', '.join(sorted(capabilities))} (protocol v{PROTOCOL_VERSION})")
    Connection(Provider(capabilities), sys.stdin.buffer, stdout, options.max_line_bytes, options.workers).serve()
    stdout.close()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
