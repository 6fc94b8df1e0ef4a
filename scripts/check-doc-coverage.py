#!/usr/bin/env python3
"""Fails when a public declaration in a symbol graph has no documentation comment."""
import json, sys

graph = json.load(open(sys.argv[1]))
missing = []
for symbol in graph["symbols"]:
    if symbol.get("accessLevel") != "public":
        continue
    path = ".".join(symbol["pathComponents"])
    # Members that only restate a protocol requirement (description, init(from:), encode(to:), …)
    # inherit the protocol's documentation.
    if symbol["kind"]["identifier"] in ("swift.enum.case",) and "docComment" not in symbol:
        missing.append(path)
        continue
    if "docComment" in symbol:
        continue
    name = symbol["pathComponents"][-1]
    if name in ("description", "init(from:)", "encode(to:)", "hash(into:)", "==(_:_:)", "id",
                "init(stringLiteral:)", "init(rawValue:)", "hashValue", "init(extendedGraphemeClusterLiteral:)", "init(unicodeScalarLiteral:)", "rawValue", "makeAsyncIterator()", "next()"):
        continue
    missing.append(path)
total = sum(1 for s in graph["symbols"] if s.get("accessLevel") == "public")
if missing:
    print(f"{len(missing)} of {total} public declarations of LibraryClient have no /// comment:", file=sys.stderr)
    for path in sorted(missing):
        print(f"  {path}", file=sys.stderr)
    sys.exit(1)
print(f"doc coverage: {total} public declarations, all documented")
