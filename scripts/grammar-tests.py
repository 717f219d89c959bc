#!/usr/bin/env python3
"""Tests of the TextMate grammar (editors/vscode/syntaxes/stack.tmLanguage.json)
against editors/vscode/tests/*.stack, written in the assertion format of
vscode-tmgrammar-test: a comment line under a source line asserts scopes for
its columns — `//    ^^^^ scope.name` (the carets' columns) or
`// <---- scope.name` (from column 0, as many columns as the arrow is long).

VS Code tokenizes with vscode-textmate (Oniguruma); this machine has no npm,
so this script carries a small TextMate engine — match, begin/end, captures
(and beginCaptures/endCaptures),
include of the repository — enough for this grammar, with Python's `re`
(the grammar keeps to regex features both engines share).
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRAMMAR = os.path.join(ROOT, "editors", "vscode", "syntaxes", "stack.tmLanguage.json")
TESTS = os.path.join(ROOT, "editors", "vscode", "tests")


class Grammar:
    def __init__(self, path):
        with open(path) as f:
            self.data = json.load(f)
        self.repository = self.data.get("repository", {})

    def expand(self, patterns):
        """Patterns with includes resolved, in order."""
        out = []
        for pattern in patterns:
            if "include" in pattern:
                ref = pattern["include"]
                if ref == "$self":
                    out += self.expand(self.data["patterns"])
                elif ref.startswith("#"):
                    rule = self.repository[ref[1:]]
                    out += self.expand(rule["patterns"]) if "patterns" in rule and "match" not in rule and "begin" not in rule else [rule]
            else:
                out.append(pattern)
        return out

    def tokenize(self, lines):
        """Per line, the scopes of each column (lists of scope names)."""
        stack = []  # (rule, compiled end)
        result = []
        for line in lines:
            scopes = [[] for _ in line]
            pos = 0
            while pos <= len(line):
                outer = [r["name"] for r, _ in stack if "name" in r]
                patterns = self.expand(stack[-1][0].get("patterns", [])) if stack else self.expand(self.data["patterns"])
                best = None
                if stack:
                    m = stack[-1][1].search(line, pos)
                    if m:
                        best = (m.start(), -1, m, None)
                for order, pattern in enumerate(patterns):
                    regex = pattern.get("match") or pattern.get("begin")
                    m = re.compile(regex).search(line, pos)
                    if m and (best is None or m.start() < best[0]):
                        best = (m.start(), order, m, pattern)
                if best is None:
                    for c in range(pos, len(line)):
                        scopes[c] = outer[:]
                    break
                start, _, m, pattern = best
                for c in range(pos, start):
                    scopes[c] = outer[:]
                if pattern is None:  # the end of the current begin/end rule
                    for c in range(m.start(), m.end()):
                        scopes[c] = outer[:]
                    rule = stack[-1][0]
                    for group, capture in rule.get("endCaptures", rule.get("captures", {})).items():
                        if m.group(int(group)) is not None:
                            for c in range(m.start(int(group)), m.end(int(group))):
                                scopes[c] = outer + [capture["name"]]
                    stack.pop()
                else:
                    names = outer + ([pattern["name"]] if "name" in pattern else [])
                    for c in range(m.start(), m.end()):
                        scopes[c] = names[:]
                    captures = pattern.get("beginCaptures", pattern.get("captures", {})) if "begin" in pattern else pattern.get("captures", {})
                    for group, capture in captures.items():
                        if m.group(int(group)) is not None:
                            for c in range(m.start(int(group)), m.end(int(group))):
                                scopes[c] = names + [capture["name"]]
                    if "begin" in pattern:
                        stack.append((pattern, re.compile(pattern["end"])))
                if m.end() == pos and pattern is not None and "begin" not in pattern:
                    pos += 1  # an empty match must not loop
                else:
                    pos = max(m.end(), pos + (1 if m.end() == m.start() else 0))
                if pos >= len(line):
                    break
            result.append(scopes)
        return result


def run(path, grammar):
    lines = open(path).read().split("\n")
    source = []
    assertions = []  # (source line index, columns, scope)
    for line in lines:
        caret = re.match(r"^//(\s*)(\^+)\s+(\S+)", line)
        arrow = re.match(r"^//\s*(<-+)\s+(\S+)", line)
        if caret and source:
            start = 2 + len(caret.group(1))
            assertions.append((len(source) - 1, range(start, start + len(caret.group(2))), caret.group(3)))
        elif arrow and source:
            assertions.append((len(source) - 1, range(0, len(arrow.group(1))), arrow.group(2)))
        else:
            source.append(line)
    scopes = grammar.tokenize(source)
    failures = []
    for index, columns, scope in assertions:
        for c in columns:
            found = scopes[index][c] if c < len(scopes[index]) else []
            if scope not in found:
                failures.append("%s:%d:%d: expected %s, found %s in %r" % (os.path.basename(path), index + 1, c + 1, scope, found, source[index]))
                break
    return len(assertions), failures


def main():
    grammar = Grammar(GRAMMAR)
    total, failed = 0, []
    for name in sorted(os.listdir(TESTS)):
        if name.endswith(".stack"):
            count, failures = run(os.path.join(TESTS, name), grammar)
            total += count
            failed += failures
    for failure in failed:
        print("FAIL", failure)
    print("grammar tests: %d assertions, %d failed" % (total, len(failed)))
    sys.exit(1 if failed or total == 0 else 0)


if __name__ == "__main__":
    main()
