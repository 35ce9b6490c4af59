/// The Python program that validates schema files against docs/bridgegen.schema.json with a
/// real validator (jsonschema: Debian `python3-jsonschema`, PyPI `jsonschema`), reading YAML
/// with PyYAML (Debian `python3-yaml`, PyPI `PyYAML`).
///
/// Arguments: the JSON Schema path, then YAML files. Prints JSON:
/// `{"metaschemaErrors": [...], "files": {path: {"loaded": bool, "errors": [...]}}}`.
enum JSONSchemaScript {
    static let source = #"""
import json, sys
import yaml
import jsonschema

class Loader(yaml.SafeLoader):
    pass

# Dates stay text, as they do for bridgegen (libyaml gives it scalars, not timestamps).
Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}

def keys_as_text(node):
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if isinstance(k, bool):
                k = "true" if k else "false"
            elif k is None:
                k = "null"
            out[str(k)] = keys_as_text(v)
        return out
    if isinstance(node, list):
        return [keys_as_text(v) for v in node]
    return node

schema = json.load(open(sys.argv[1], encoding="utf-8"))
cls = jsonschema.validators.validator_for(schema)
meta = [e.message for e in cls(cls.META_SCHEMA).iter_errors(schema)]
validator = cls(schema)
files = {}
for path in sys.argv[2:]:
    try:
        document = keys_as_text(yaml.load(open(path, encoding="utf-8", errors="strict").read(), Loader=Loader))
    except Exception as error:
        files[path] = {"loaded": False, "errors": [f"{type(error).__name__}: {error}"]}
        continue
    errors = sorted(
        "/".join(str(p) for p in e.absolute_path) + ": " + e.message
        for e in validator.iter_errors(document)
    )
    files[path] = {"loaded": True, "errors": errors}
print(json.dumps({"metaschemaErrors": meta, "files": files}))
"""#
}
