#!/usr/bin/env python3
"""Checks Soundshelf documents against the JSON Schemas in schemas/ (draft 2020-12).

Usage:
  scripts/check-schemas.py [--invalid] [--schema-line] SCHEMA FILE...

SCHEMA is one of: pack, catalog-source, seed, manifest, catalog (schemas/<SCHEMA>.schema.json).
FILE is JSON or YAML (.yaml/.yml). YAML is read the way the Soundshelf tools read it: every
scalar by its text, so dates stay text (no timestamp conversion).

Every file must be valid, or with --invalid every file must be rejected. With --schema-line a
YAML file's first line must be `# yaml-language-server: $schema=PATH`, PATH relative to the
file and naming SCHEMA's file (so editors complete and check it).

Prints one line per file; exits 0 when every file came out as expected, 1 when one did not,
2 when the checker cannot run (python3 module missing, unknown schema, unreadable file).
"""
import json
import os
import sys

try:
    import jsonschema
    import yaml
except ImportError as error:
    print(f"check-schemas: {error}; install with `python3 -m pip install jsonschema pyyaml` "
          "(scripts/bootstrap does it)", file=sys.stderr)
    sys.exit(2)

SCHEMAS = ["pack", "catalog-source", "seed", "manifest", "catalog"]
SCHEMA_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "schemas"))
SCHEMA_LINE = "# yaml-language-server: $schema="


class TextLoader(yaml.SafeLoader):
    """SafeLoader without the timestamp resolver: `2026-01-01` stays the text it is."""


TextLoader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def fail_setup(message):
    print(f"check-schemas: {message}", file=sys.stderr)
    sys.exit(2)


def load(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if path.endswith((".yaml", ".yml")):
        return yaml.load(text, Loader=TextLoader), text
    return json.loads(text), text


def where(error):
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)


def schema_line_problem(path, text, schema_name):
    first = text.split("\n", 1)[0]
    if not first.startswith(SCHEMA_LINE):
        return f"the first line is not `{SCHEMA_LINE}…`"
    target = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)), first[len(SCHEMA_LINE):].strip()))
    expected = os.path.join(SCHEMA_DIR, f"{schema_name}.schema.json")
    if target != expected:
        return f"the $schema line points at {target}, not {expected}"
    return None


def main(argv):
    invalid = "--invalid" in argv
    schema_line = "--schema-line" in argv
    args = [a for a in argv if a not in ("--invalid", "--schema-line")]
    if len(args) < 2 or args[0] not in SCHEMAS:
        fail_setup(f"usage: check-schemas.py [--invalid] [--schema-line] {{{'|'.join(SCHEMAS)}}} FILE...")
    name, files = args[0], args[1:]
    with open(os.path.join(SCHEMA_DIR, f"{name}.schema.json"), encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    unexpected = 0
    for path in files:
        try:
            document, text = load(path)
        except (OSError, ValueError, yaml.YAMLError) as error:
            fail_setup(f"{path}: cannot be read: {error}")
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if schema_line:
            problem = schema_line_problem(path, text, name)
            if problem:
                print(f"{path}: {problem}")
                unexpected += 1
                continue
        if invalid:
            if errors:
                best = jsonschema.exceptions.best_match(errors)
                print(f"{path}: rejected as expected: {where(best)}: {best.message}")
            else:
                print(f"{path}: accepted by {name}.schema.json, but it should be rejected")
                unexpected += 1
        elif errors:
            best = jsonschema.exceptions.best_match(errors)
            print(f"{path}: {where(best)}: {best.message} ({len(errors)} problem{'s' if len(errors) > 1 else ''})")
            unexpected += 1
        else:
            print(f"{path}: valid ({name}.schema.json)")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
