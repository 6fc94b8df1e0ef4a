#!/usr/bin/env python3
"""Fails when a public declaration in a symbol graph has no documentation comment.

A member that only implements a protocol requirement of a protocol its type conforms to
(`description` of a CustomStringConvertible type, `init(from:)` of a Decodable one, …) inherits
the protocol's documentation; a member of the same name that is the type's own data (a pack's
`description` field) must be documented like any other."""
import json, sys

# Requirement name → the protocols (by name) that require it.
WITNESSES = {
    "description": {"CustomStringConvertible", "LosslessStringConvertible"},
    "debugDescription": {"CustomDebugStringConvertible"},
    "init(from:)": {"Decodable"},
    "encode(to:)": {"Encodable"},
    "hash(into:)": {"Hashable"},
    "hashValue": {"Hashable"},
    "==(_:_:)": {"Equatable"},
    "<(_:_:)": {"Comparable"},
    "id": {"Identifiable"},
    "init(rawValue:)": {"RawRepresentable"},
    "rawValue": {"RawRepresentable"},
    "init(stringLiteral:)": {"ExpressibleByStringLiteral"},
    "init(extendedGraphemeClusterLiteral:)": {"ExpressibleByExtendedGraphemeClusterLiteral"},
    "init(unicodeScalarLiteral:)": {"ExpressibleByUnicodeScalarLiteral"},
    "makeAsyncIterator()": {"AsyncSequence"},
    "next()": {"AsyncIteratorProtocol", "IteratorProtocol", "RandomNumberGenerator"},
    "errorDescription": {"LocalizedError"},
}

graph = json.load(open(sys.argv[1]))
names = {s["identifier"]["precise"]: s["names"]["title"] for s in graph["symbols"]}
parent, conforms = {}, {}
for r in graph["relationships"]:
    if r["kind"] == "memberOf":
        parent[r["source"]] = r["target"]
    elif r["kind"] == "conformsTo":
        protocol = r.get("targetFallback", names.get(r["target"], r["target"])).split(".")[-1]
        conforms.setdefault(r["source"], set()).add(protocol)

missing = []
for symbol in graph["symbols"]:
    if symbol.get("accessLevel") != "public" or "docComment" in symbol:
        continue
    path = ".".join(symbol["pathComponents"])
    name = symbol["pathComponents"][-1]
    owner = parent.get(symbol["identifier"]["precise"])
    if symbol["kind"]["identifier"] != "swift.enum.case" and WITNESSES.get(name, set()) & conforms.get(owner, set()):
        continue
    missing.append(path)
total = sum(1 for s in graph["symbols"] if s.get("accessLevel") == "public")
if missing:
    print(f"{len(missing)} of {total} public declarations of LibraryClient have no /// comment:", file=sys.stderr)
    for path in sorted(missing):
        print(f"  {path}", file=sys.stderr)
    sys.exit(1)
print(f"doc coverage: {total} public declarations, all documented")
