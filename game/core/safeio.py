"""One careful way to read and write the files a player can touch: saves, the autosaves, settings, the
play history's companions, card data, rules texts and UI texts.

Every problem becomes a `FileProblem` that names the file and carries a text key (``file.*`` in
data/i18n) so the app can say it in the player's language; nothing from deep inside a parser escapes.
Reading never changes a file (not even its mode); a damaged file is set aside by renaming, never deleted.

Limits are checked before parsing: a file that is not a regular file (a FIFO, a device, a folder), one
larger than its kind allows, text that is not UTF-8, JSON or YAML nested deeper than any of ours, numbers
too long to convert, lone surrogates, duplicate YAML keys and YAML aliases (the "billion laughs").
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from pathlib import Path

import yaml

# Sizes by kind of file. Our largest real files are far below these: a long save is ~200 KB, the
# largest card YAML ~40 KB.
SAVE_LIMIT = 8 * 1024 * 1024
SETTINGS_LIMIT = 256 * 1024
DATA_LIMIT = 2 * 1024 * 1024
MAX_DEPTH = 64  # nesting of JSON/YAML containers; ours never go past 8
MAX_INT_DIGITS = 40  # no number of ours is longer (seeds are 64-bit)

# The English of each problem, used when the UI texts themselves cannot be read (a damaged i18n file
# must still be reported). data/i18n/en.yaml holds the same sentences under `file.`; a test keeps them equal.
ENGLISH = {
    "file.missing": "{file} does not exist.",
    "file.not_regular": "{file} is not an ordinary file.",
    "file.too_large": "{file} is too large ({size} bytes; at most {limit} are read).",
    "file.unreadable": "{file} cannot be read (error {code}).",
    "file.bad_text": "{file} holds broken text (a character that cannot be written back).",
    "file.bad_number": "{file} holds a number that is not one of ours (too long, or not finite).",
    "file.no_permission": "Card Parlor is not allowed to use {file}.",
    "file.not_utf8": "{file} is not UTF-8 text.",
    "file.bad_json": "{file} is damaged or incomplete (line {line}, column {column}).",
    "file.bad_yaml": "{file} is not valid YAML (line {line}).",
    "file.too_deep": "{file} is nested too deeply to be one of ours.",
    "file.bad_content": "{file} does not hold what it should ({detail}).",
    "file.read_only": "{file} cannot be written: the folder or disk is read-only.",
    "file.disk_full": "{file} cannot be written: the disk is full.",
    "file.write_failed": "{file} cannot be written (error {code}).",
}


class FileProblem(Exception):
    """A file that cannot be read or written. `key` and `args` say it in any language; str() is English."""

    def __init__(self, path, key: str, **args):
        self.path = Path(path)
        self.key = key
        self.args_ = {"file": self.path.name, "detail": "", "code": "", "line": "?", "column": "?", **args}
        english = ENGLISH[key].format(**self.args_)
        # The parser's own words (English only) follow for logs and `validate-data`; players see `message`.
        detail = self.args_["detail"]
        super().__init__(f"{english} [{detail}]" if detail and "{detail}" not in ENGLISH[key] else english)

    def message(self, lang: str = "en") -> str:
        """The problem in `lang`; English from this module if the UI texts cannot be read."""
        try:
            from .i18n import text

            return text(self.key, lang, **self.args_)
        except Exception:  # the texts themselves may be the damaged files being reported
            return ENGLISH[self.key].format(**self.args_)


# -- reading -------------------------------------------------------------------------------------------------


def _os_problem(path, key: str, exc: OSError) -> FileProblem:
    """An OS error as a problem: the system's English words for logs, its error code for any language."""
    return FileProblem(path, key, detail=exc.strerror or str(exc), code=errno.errorcode.get(exc.errno or 0, "?"))


def read_bytes(path, limit: int) -> bytes:
    """The file's bytes, refusing what is not a regular file or is larger than `limit`.

    The file is opened without blocking and checked on the open descriptor, so a FIFO, a device or a
    link to /dev/zero is refused at once instead of hanging or filling memory.
    """
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileProblem(path, "file.missing") from None
    except PermissionError:
        raise FileProblem(path, "file.no_permission") from None
    except OSError as exc:
        raise _os_problem(path, "file.unreadable", exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(path, "file.not_regular")
        if info.st_size > limit:
            raise FileProblem(path, "file.too_large", size=info.st_size, limit=limit)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while we read
                raise FileProblem(path, "file.too_large", size=total, limit=limit)
        return b"".join(chunks)
    except OSError as exc:
        raise _os_problem(path, "file.unreadable", exc) from None
    finally:
        os.close(fd)


def read_text(path, limit: int) -> str:
    """The file as UTF-8 text (a UTF-8 byte-order mark is allowed; UTF-16 and others are refused)."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(path, "file.not_utf8") from None


def _nesting(text: str) -> int:
    """The deepest nesting of JSON brackets outside strings: checked before parsing, so a file of
    100,000 '[' never reaches the parser's recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError("a number is too long")
    return int(digits)


def _parse_float(digits: str) -> float:
    value = float(digits)
    if value in (float("inf"), float("-inf")):
        raise ValueError("a number is too large")
    return value


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number we write")


def _check_strings(value, path) -> None:
    """Refuse text that cannot be written back as UTF-8 (a lone surrogate such as "\\ud800")."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise FileProblem(path, "file.bad_text") from None
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def parse_json(text: str, path) -> object:
    if _nesting(text) > MAX_DEPTH:
        raise FileProblem(path, "file.too_deep")
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise FileProblem(path, "file.bad_json", detail=exc.msg, line=exc.lineno, column=exc.colno) from None
    except ValueError:  # from the number parsers above
        raise FileProblem(path, "file.bad_number") from None
    except RecursionError:
        raise FileProblem(path, "file.too_deep") from None
    _check_strings(value, path)
    return value


def read_json(path, limit: int) -> object:
    return parse_json(read_text(path, limit), path)


# YAML as we write it: no aliases (so no alias bombs), no key twice in one mapping, no deep nesting. The
# document is composed into nodes first (libyaml's C parser where PyYAML has it: ten times faster, which
# the start-up check of every data file feels), the node tree is checked, and only then built.
_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_Base):
    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
            except TypeError:
                duplicate = False
            if duplicate:
                raise yaml.constructor.ConstructorError(None, None, f"the key {key!r} appears twice",
                                                        key_node.start_mark)
            with contextlib.suppress(TypeError):
                seen.add(key)
        return super().construct_mapping(node, deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _StrictLoader.construct_mapping)


def _check_nodes(root) -> None:
    """Refuse aliases (a node reached twice: composing shares it, building would copy it, and a few
    nested aliases make billions) and nesting deeper than MAX_DEPTH. Iterative, so depth cannot overflow."""
    seen: set[int] = set()
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            raise yaml.constructor.ConstructorError(None, None, "aliases (*name) are not used in our files",
                                                    node.start_mark)
        seen.add(id(node))
        if depth > MAX_DEPTH:
            raise yaml.constructor.ConstructorError(None, None, "nested too deeply", node.start_mark)
        if isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend((part, depth + 1) for pair in node.value for part in pair)


def parse_yaml(text: str, path) -> object:
    if _nesting(text) > MAX_DEPTH:  # flow-style brackets, checked before the parser recurses into them
        raise FileProblem(path, "file.too_deep")
    try:
        loader = _StrictLoader(text)
        try:
            root = loader.get_single_node()
            if root is None:
                return None
            _check_nodes(root)
            return loader.construct_document(root)
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise FileProblem(path, "file.bad_yaml", detail=" ".join(problem.split())[:300],
                          line=where.line + 1 if where is not None else "?") from None
    except RecursionError:
        raise FileProblem(path, "file.too_deep") from None


def read_yaml(path, limit: int = DATA_LIMIT) -> object:
    return parse_yaml(read_text(path, limit), path)


# -- setting aside -------------------------------------------------------------------------------------------


def set_aside(path) -> Path | None:
    """Rename a damaged file to `<name>.damaged` (or `.damaged-2`, ...) next to it; never delete it.

    Returns the new path, or None when it could not be renamed (a read-only folder): then it stays where
    it is and the caller goes on without it.
    """
    path = Path(path)
    for n in range(1, 1000):
        aside = path.with_name(path.name + (".damaged" if n == 1 else f".damaged-{n}"))
        if os.path.lexists(aside):  # never raises: a folder we may not look into is not a crash
            continue
        try:
            os.rename(path, aside)
            return aside
        except OSError:
            return None
    return None


# -- writing -------------------------------------------------------------------------------------------------

TEMP_SUFFIX = ".tmp"


def _write_problem(path: Path, exc: OSError) -> FileProblem:
    if isinstance(exc, PermissionError):
        return FileProblem(path, "file.no_permission")
    if exc.errno == errno.EROFS:
        return FileProblem(path, "file.read_only")
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return FileProblem(path, "file.disk_full")
    return _os_problem(path, "file.write_failed", exc)


def write_atomic(path, data: bytes) -> None:
    """Write `data` to `path` through a temp file in the same folder, fsync and rename, so a crash or a
    full disk leaves the old file whole. The folder is made if missing; a file that exists keeps its mode.
    Any failure is a FileProblem and leaves no temp file behind."""
    path = Path(path)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=TEMP_SUFFIX, dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, mode)
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise _write_problem(path, exc) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def write_json(path, value) -> None:
    write_atomic(path, json.dumps(value, ensure_ascii=False, indent=1).encode("utf-8"))


def clean_temp_files(folder) -> int:
    """Remove temp files our writes left behind (a kill between write and rename); returns how many.
    Only `*.tmp` files are touched, and only in folders that are ours alone (saves, settings)."""
    removed = 0
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if entry.name.endswith(TEMP_SUFFIX) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    removed += 1
    return removed


def remove(path) -> None:
    """Delete a file the player asked to delete (a save), or one that has served its purpose (a finished
    game's autosave); a missing file is fine. A failure is a FileProblem."""
    path = Path(path)
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise _write_problem(path, exc) from None
