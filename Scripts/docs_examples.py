#!/usr/bin/env python3
"""Keeps every Swift snippet of README.md and Docs/*.md compiled, run and in step.

Every ```swift block of those files carries a marker on the line before its fence:

    <!-- example -->                 compiled and run by the tests (generated below)
    <!-- not-example: REASON -->     shown only: Package.swift fragments, UIKit code for
                                     comparison, pseudo-code… (the reason is required)
    <!-- initialisers -->            an initialiser reference: `Type.init(…)` signatures
                                     that must equal the `public init` declarations of
                                     Sources (see "Initialisers" below)

A block with no marker is an error, so nobody can add an unchecked snippet.

Examples
--------
Each example becomes one function, `docs<File>Example<n>()` (`readmeExample<n>` for the
README; n counts the file's examples from 1), in
`Tests/<Target>/DocsExamples/<File>Examples.swift`, with one XCTest method per example
that calls it, so `swift test` runs every example. The generated files are committed:
`make docs-examples` rewrites them, and `DocsExamplesTests` fails when they differ from
what this script would write (`--check`).

- `import` lines are hoisted to the top of the generated file. A doc states an import
  once: an example compiles with the imports shown by it and by the file's earlier
  examples, plus `import Hooke`. The target is the test target of the most dependent
  module imported (HookeInteractions, else HookeLinear, else Hooke).
- The body is wrapped in a throwing function, so `try` works without `do`/`catch` and
  its top-level declarations (`let`, `func`, `struct`) become local ones.
- `#sourceLocation` maps the body to the doc, so a compiler error or a failed
  assertion names `Docs/<file>.md` and the line there.
- A `precondition(_:_:)` in an example is how it states its outcome; in the generated
  file it records an XCTest failure at the doc's line instead of trapping (the porter
  who copies the snippet gets the standard trap).

Initialisers
------------
A reference block lists signatures as `Type.init(parameters) effects`, e.g.

    BodyDefinition.init(shape: BodyShape, center: SIMD2<Double>, angle: Double = 0)

one or more lines each, `//` comments allowed (for units). `--check` compares each
with the `public init` declarations of that type in Sources (whitespace-normalised),
and requires every public initialiser of a listed type to be listed.

Usage:
    python3 Scripts/docs_examples.py           # rewrite the generated test sources
    python3 Scripts/docs_examples.py --check   # exit 1, saying what is stale, if any
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
REGENERATE = "make docs-examples   (or: python3 Scripts/docs_examples.py)"

# Module → test target; later entries depend on earlier ones.
TARGETS = [("Hooke", "HookeTests"), ("HookeLinear", "HookeLinearTests"),
           ("HookeInteractions", "HookeInteractionsTests")]
# Every library module whose public inits the docs may call (Hooke itself re-exports the first six).
SOURCE_MODULES = ["HookeCore", "HookeBatch", "HookeCollision", "HookeWorld", "HookeScenario", "HookeTuning",
                  "Hooke", "HookeLinear", "HookeInteractions"]

MARKER = re.compile(r"^<!--\s*(example|initialisers|not-example:\s*(?P<reason>.*?))\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
IMPORT = re.compile(r"^import\s+(\w+)\s*$")


class DocError(Exception):
    pass


def doc_files():
    docs = sorted(f for f in os.listdir(os.path.join(ROOT, "Docs")) if f.endswith(".md"))
    return ["README.md"] + ["Docs/" + f for f in docs]


def swift_blocks(path):
    """Yields (kind, fence line number, body lines) for every ```swift block of `path`."""
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        start = i
        j = i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            j += 1
        if j == len(lines):
            raise DocError(f"{path}:{start + 1}: the code block is never closed")
        if fence.group(2).lower() == "swift":
            previous = start - 1
            while previous >= 0 and not lines[previous].strip():
                previous -= 1
            marker = MARKER.match(lines[previous].strip()) if previous >= 0 else None
            if marker is None:
                raise DocError(
                    f"{path}:{start + 1}: a ```swift block needs a marker on the line before it: "
                    "<!-- example --> (compiled and run by the tests), "
                    "<!-- not-example: reason --> or <!-- initialisers --> (see Scripts/docs_examples.py)")
            kind = marker.group(1)
            if kind.startswith("not-example"):
                if not marker.group("reason"):
                    raise DocError(f"{path}:{previous + 1}: <!-- not-example: … --> needs a reason")
                kind = "not-example"
            indent = len(fence.group(1))
            yield kind, start + 1, [line[indent:] if line[:indent].isspace() else line
                                    for line in lines[start + 1:j]]
        i = j + 1


# MARK: - Examples

def identifier(path):
    """README.md → Readme, Docs/batch.md → DocsBatch, Docs/uikit-dynamics.md → DocsUikitDynamics."""
    stem = path[:-3]
    return "".join(part.capitalize() for part in re.split(r"[/\-_.]", stem) if part)


def generated_files():
    """{path relative to ROOT: contents} of every generated test source."""
    files = {}
    for path in doc_files():
        name = identifier(path)
        imports = ["Hooke"]
        per_target = {}
        number = 0
        for kind, fence_line, body in swift_blocks(path):
            if kind != "example":
                continue
            number += 1
            code = []
            for line in body:
                match = IMPORT.match(line)
                if match:
                    if match.group(1) not in imports:
                        imports.append(match.group(1))
                else:
                    code.append(line)
            target = max((TARGETS.index(t) for t in TARGETS if t[0] in imports))
            per_target.setdefault(TARGETS[target][1], []).append(
                (number, fence_line, list(imports), code, body))
        for target, examples in per_target.items():
            files[f"Tests/{target}/DocsExamples/{name}Examples.swift"] = render(path, name, examples)
    return files


def function_name(name, number):
    return name[:1].lower() + name[1:] + f"Example{number}"


def render(path, name, examples):
    imports = []
    for example in examples:
        imports += [m for m in example[2] if m not in imports]
    out = [f"// Generated by Scripts/docs_examples.py from {path}. Do not edit: edit the doc, then run",
           f"// `make docs-examples`.",
           ""]
    out += [f"import {m}" for m in sorted(set(imports) | {"XCTest"})]
    out += ["",
            "/// An example's stated outcome: a failed one is a test failure at the doc's line.",
            "fileprivate func precondition(",
            "    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = String(),",
            "    file: StaticString = #file, line: UInt = #line",
            ") {",
            "    let message = message()",
            "    XCTAssertTrue(condition(), message.isEmpty ? \"the example's precondition is false\" : message,",
            "                  file: file, line: line)",
            "}"]
    for number, fence_line, _, code, body in examples:
        # The body starts on the line after the fence; hoisted imports leave blank lines
        # so that every line keeps its number.
        lines = ["" if IMPORT.match(line) else line for line in body]
        out += ["",
                f"/// {path}, example {number} (line {fence_line}).",
                f"func {function_name(name, number)}() throws {{",
                f'#sourceLocation(file: "{path}", line: {fence_line + 1})']
        out += [line.rstrip() for line in lines]
        out += ["#sourceLocation()", "}"]
    out += ["", f"final class {name}Examples: XCTestCase {{"]
    for number, fence_line, _, _, _ in examples:
        out += [f"    func testExample{number}() throws {{ try {function_name(name, number)}() }}"]
    out += ["}", ""]
    return "\n".join(out)


def existing_generated():
    found = set()
    for _, target in TARGETS:
        folder = os.path.join(ROOT, "Tests", target, "DocsExamples")
        if os.path.isdir(folder):
            found |= {f"Tests/{target}/DocsExamples/{f}" for f in os.listdir(folder) if f.endswith(".swift")}
    return found


# MARK: - Initialisers

DECLARATION = re.compile(
    r"\b(?P<kind>struct|class|enum|actor|extension|protocol)\s+(?P<name>[A-Za-z_][\w.]*)")
PUBLIC_INIT = re.compile(r"\bpublic\s+(?:convenience\s+|required\s+)*init[?!]?\s*[(<]")


def strip_comments(text):
    """Removes // and /* */ comments (string literals holding them are not expected in
    declarations)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def normalise(signature):
    s = re.sub(r"\s+", " ", signature).strip()
    s = re.sub(r"\(\s+", "(", s)
    s = re.sub(r"\s+\)", ")", s)
    s = re.sub(r",\s*\)", ")", s)
    s = re.sub(r"\s*,\s*", ", ", s)
    return s


def balanced_end(text, open_index):
    """Index just past the parenthesis that closes the one at `open_index`."""
    depth = 0
    for k in range(open_index, len(text)):
        if text[k] == "(":
            depth += 1
        elif text[k] == ")":
            depth -= 1
            if depth == 0:
                return k + 1
    raise DocError("unbalanced parentheses in: " + text[open_index:open_index + 80])


EFFECTS = re.compile(r"\s*(?:async\s*)?(?:throws(?:\s*\([\w.]+\))?|rethrows)?")


def source_initialisers():
    """{type name: [normalised `init…` signatures]} of the public inits in Sources."""
    result = {}
    for module in SOURCE_MODULES:
        for folder, _, names in os.walk(os.path.join(ROOT, "Sources", module)):
            for file_name in sorted(names):
                if file_name.endswith(".swift"):
                    text = strip_comments(open(os.path.join(folder, file_name), encoding="utf-8").read())
                    for type_name, signature in initialisers_in(text):
                        result.setdefault(type_name, []).append(signature)
    return result


def initialisers_in(text):
    """(enclosing type, normalised signature) of each `public init` in `text`, the type
    found by tracking the braces of struct/class/enum/extension declarations."""
    stack = []            # (brace depth at which the declaration's body opened, type name)
    pending = None        # a declaration whose `{` has not been seen yet
    depth = 0
    k = 0
    while k < len(text):
        c = text[k]
        if c == '"':
            end = text.find('"""', k + 3) + 3 if text.startswith('"""', k) else k + 1
            if end == k + 1:
                while end < len(text) and text[end] != '"':
                    end += 2 if text[end] == "\\" else 1
                end += 1
            k = end
            continue
        if c == "{":
            depth += 1
            if pending is not None:
                stack.append((depth, pending))
                pending = None
        elif c == "}":
            if stack and stack[-1][0] == depth:
                stack.pop()
            depth -= 1
        elif c.isalpha() and (k == 0 or not (text[k - 1].isalnum() or text[k - 1] in "_.")):
            declaration = DECLARATION.match(text, k)
            if declaration:
                name = declaration.group("name")
                pending = name if declaration.group("kind") == "extension" or not stack \
                    else stack[-1][1] + "." + name
                k = declaration.end()
                continue
            init = PUBLIC_INIT.match(text, k)
            if init and stack:
                head = text.index("init", k)
                open_index = text.index("(", head)
                end = balanced_end(text, open_index)
                effects = EFFECTS.match(text, end)
                signature = text[head:effects.end()]
                yield stack[-1][1], normalise(signature)
                k = effects.end()
                continue
        k += 1


DOC_SIGNATURE = re.compile(r"(?P<type>[A-Z][\w.]*)\.(?P<init>init[?!]?)\s*(?=[(<])")


def documented_initialisers():
    """[(doc path, line, type, normalised signature)] of every initialiser reference block."""
    found = []
    for path in doc_files():
        for kind, fence_line, body in swift_blocks(path):
            if kind != "initialisers":
                continue
            text = "\n".join(body)
            code = strip_comments(text)
            position = 0
            listed = 0
            for match in DOC_SIGNATURE.finditer(code):
                if match.start() < position:
                    continue
                open_index = code.index("(", match.end("init"))
                end = balanced_end(code, open_index)
                effects = EFFECTS.match(code, end)
                line = fence_line + 1 + code[:match.start()].count("\n")
                signature = match.group("init") + code[match.end("init"):effects.end()]
                found.append((path, line, match.group("type"), normalise(signature)))
                position = effects.end()
                listed += 1
            if listed == 0:
                raise DocError(f"{path}:{fence_line}: an initialisers block lists no `Type.init(…)`")
    return found


def initialiser_problems():
    sources = source_initialisers()
    documented = documented_initialisers()
    problems = []
    listed = {}
    for path, line, type_name, signature in documented:
        listed.setdefault(type_name, []).append(signature)
        if type_name not in sources:
            problems.append(f"{path}:{line}: {type_name} has no public init in Sources")
        elif signature not in sources[type_name]:
            problems.append(
                f"{path}:{line}: {type_name}.{signature}\n    is not declared in Sources; its public inits are:\n"
                + "\n".join(f"      {type_name}.{s}" for s in sources[type_name]))
    for type_name, signatures in sorted(listed.items()):
        for signature in sources.get(type_name, []):
            if signature not in signatures:
                where = next(p for p, _, t, _ in documented if t == type_name)
                problems.append(f"{where}: {type_name}.{signature}\n    is declared in Sources but not listed")
    return problems


# MARK: - Main

def main():
    check = "--check" in sys.argv[1:]
    try:
        files = generated_files()
        problems = initialiser_problems() if check else []
    except DocError as error:
        print(f"docs_examples: {error}", file=sys.stderr)
        return 1
    stale = []
    for path, text in sorted(files.items()):
        full = os.path.join(ROOT, path)
        current = open(full, encoding="utf-8").read() if os.path.exists(full) else None
        if current != text:
            stale.append(path)
            if not check:
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w", encoding="utf-8") as out:
                    out.write(text)
    for path in sorted(existing_generated() - set(files)):
        stale.append(path)
        if not check:
            os.remove(os.path.join(ROOT, path))
    if not check:
        for path in stale:
            print(f"docs_examples: wrote {path}" if path in files else f"docs_examples: removed {path}")
        return 0
    for path in stale:
        print(f"docs_examples: {path} is out of date with the docs; run {REGENERATE}", file=sys.stderr)
    for problem in problems:
        print(f"docs_examples: {problem}", file=sys.stderr)
    return 1 if stale or problems else 0


if __name__ == "__main__":
    sys.exit(main())
