"""What a peer benchmark's result file carries and how it is written: the Python side of
hooke-bench's RunContext, MachineDescription and HookeIO's OutputFile, for the scripts in
Benchmarks/peers (Docs/benchmarks.md, "Results kept as data").

- machine(): the processor, as hooke-bench's MachineDescription reads it from /proc/cpuinfo
  (the same fields, the same list of vector instruction-set flags);
- slug(model): the folder name of a processor's results, by MachineDescription.slug's rule;
- load_average(): /proc/loadavg's three averages;
- write_text(path, text): OutputFile.write's rules, so that a result file is never left
  half written and a device or a symbolic link given as the destination is never
  replaced by a regular file.
"""
import datetime
import os
import re
import stat
import sys

# MachineDescription.vectorFlags, in its order.
VECTOR_FLAGS = ["avx512f", "avx512dq", "avx512bw", "avx512vl", "avx2", "fma", "avx", "sse4_2",
                "sve2", "sve", "asimd"]


def machine():
    """The first processor's block of /proc/cpuinfo, as MachineDescription records it."""
    fields = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if not line.strip():
                    if fields:
                        break
                    continue
                key, colon, value = line.partition(":")
                if colon and key.strip() not in fields:
                    fields[key.strip()] = value.strip()
    except OSError:
        pass
    flags = set((fields.get("flags") or fields.get("Features") or "").split())
    signature = ", ".join(f"{name} {fields[key]}" for key, name in
                          [("cpu family", "family"), ("model", "model"), ("stepping", "stepping")] if key in fields)
    return {"cpuModel": fields.get("model name") or fields.get("Processor") or "unknown",
            "cpuSignature": signature, "isa": [f for f in VECTOR_FLAGS if f in flags],
            "logicalProcessors": os.cpu_count() or 0}


def slug(model):
    """MachineDescription.slug: lower case, every run of characters other than a-z and 0-9
    one hyphen, none at either end ("AMD EPYC" -> "amd-epyc")."""
    return re.sub(r"[^a-z0-9]+", "-", model.lower()).strip("-") or "unknown-cpu"


def load_average():
    """The 1, 5 and 15 minute load averages, or [] where /proc/loadavg does not exist."""
    try:
        with open("/proc/loadavg") as f:
            return [float(x) for x in f.read().split()[:3]]
    except OSError:
        return []


def utc_now():
    """Now, UTC, ISO 8601 to the second, as RunContext.startedAt."""
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def kept_path(results_dir, context, name):
    """RunContext.resultFileName's place for a run: <results_dir>/<slug>/<start time>-<name>.json."""
    compact = context["startedAt"].replace("-", "").replace(":", "")
    return os.path.join(results_dir, slug(context["machine"]["cpuModel"]), f"{compact}-{name}.json")


def _resolve_links(path):
    """Follows symbolic links (at most 40, as OutputFile does) to the path they name."""
    for _ in range(40):
        try:
            if not stat.S_ISLNK(os.lstat(path).st_mode):
                return path
        except FileNotFoundError:
            return path
        target = os.readlink(path)
        path = target if os.path.isabs(target) else os.path.join(os.path.dirname(path), target)
    raise OSError(f"{path}: too many levels of symbolic links")


def write_text(path, text):
    """Writes text (UTF-8) to path as HookeIO's OutputFile does: "-" is standard output; a
    regular file, or none yet, is replaced atomically (a temporary .NAME.PID.tmp in the
    same directory, flushed with fsync, renamed over it, the old permission bits kept); a
    symbolic link is followed and the file it names replaced in its own directory; a
    character device or a FIFO is written straight through (a FIFO nobody reads is an
    error, not a hang); a directory, a socket or a block device is refused."""
    data = text.encode("utf-8")
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    destination = _resolve_links(path)
    try:
        existing = os.lstat(destination)
    except FileNotFoundError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        mode = existing.st_mode
        if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
            fd = os.open(destination, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
            try:
                os.set_blocking(fd, True)
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
            finally:
                os.close(fd)
            return
        kind = "a directory" if stat.S_ISDIR(mode) else "a socket" if stat.S_ISSOCK(mode) else "a special file"
        raise OSError(f"{path}: not a file ({kind})")
    folder, name = os.path.split(destination)
    temporary = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if existing is not None:
                os.fchmod(fd, stat.S_IMODE(existing.st_mode))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, destination)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
