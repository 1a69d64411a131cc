package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

const componentRef = "#/components/schemas/"

// Generate reads the OpenAPI v3 documents in specDir (one per group-version, as Kubernetes
// publishes them) and writes one file per kind into outDir, named the way kubeconform's
// `{{ .ResourceKind }}{{ .KindSuffix }}.json` template looks it up (deployment-apps-v1.json).
// It returns how many files it wrote.
func Generate(specDir, outDir string) (int, error) {
	docs, err := filepath.Glob(filepath.Join(specDir, "*_openapi.json"))
	if err != nil {
		return 0, err
	}
	if len(docs) == 0 {
		return 0, fmt.Errorf("no OpenAPI v3 documents in %s", specDir)
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return 0, err
	}
	sort.Strings(docs)
	written := map[string]string{} // file name -> group/version/kind that took it
	for _, doc := range docs {
		schemas, err := readComponents(doc)
		if err != nil {
			return 0, err
		}
		for _, name := range sortedKeys(schemas) {
			for _, gvk := range groupVersionKinds(schemas[name]) {
				file := fileName(gvk)
				if took, ok := written[file]; ok {
					// Meta types (DeleteOptions, WatchEvent) list every group-version and come
					// again in each group's document; two different kinds on one file would be a bug.
					if took != gvk.String() {
						return 0, fmt.Errorf("%s and %s both map to %s", took, gvk, file)
					}
					continue
				}
				schema, err := standalone(schemas, name)
				if err != nil {
					return 0, fmt.Errorf("%s: %w", doc, err)
				}
				data, err := json.Marshal(schema)
				if err != nil {
					return 0, err
				}
				if err := os.WriteFile(filepath.Join(outDir, file), data, 0o644); err != nil {
					return 0, err
				}
				written[file] = gvk.String()
			}
		}
	}
	return len(written), nil
}

func readComponents(path string) (map[string]map[string]any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return doc.Components.Schemas, nil
}

type gvk struct{ Group, Version, Kind string }

func (g gvk) String() string { return g.Group + "/" + g.Version + "/" + g.Kind }

// groupVersionKinds reads x-kubernetes-group-version-kind: the kinds a schema is the body of.
// Schemas without it (PodSpec, ObjectMeta) are only ever parts of a kind.
func groupVersionKinds(schema map[string]any) []gvk {
	list, _ := schema["x-kubernetes-group-version-kind"].([]any)
	var out []gvk
	for _, item := range list {
		m, _ := item.(map[string]any)
		g, _ := m["group"].(string)
		v, _ := m["version"].(string)
		k, _ := m["kind"].(string)
		if v != "" && k != "" {
			out = append(out, gvk{g, v, k})
		}
	}
	return out
}

// fileName mirrors kubeconform's template data (pkg/registry): ResourceKind is the lower-case
// kind, KindSuffix "-<first label of the group>-<version>", or "-<version>" for the core group.
func fileName(g gvk) string {
	suffix := "-" + g.Version
	if g.Group != "" {
		suffix = "-" + strings.Split(g.Group, ".")[0] + suffix
	}
	return strings.ToLower(g.Kind + suffix + ".json")
}

// standalone is the schema of one kind as a self-contained JSON Schema (draft 4, kubeconform's
// default): the kind's schema at the root and every schema it reaches under "definitions", with
// the references pointing there. Kept as references rather than inlined: a kind's file stays
// small (core types are shared by many fields) and recursive types (JSONSchemaProps) stay finite.
func standalone(schemas map[string]map[string]any, name string) (map[string]any, error) {
	var pending []string
	ref := func(target string) { pending = append(pending, target) }
	root := strict(schemas[name], ref)
	defs := map[string]any{}
	for len(pending) > 0 {
		target := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		if _, done := defs[target]; done {
			continue
		}
		schema, ok := schemas[target]
		if !ok {
			return nil, fmt.Errorf("%s refers to %s, which the document lacks", name, target)
		}
		defs[target] = strict(schema, ref)
	}
	root["$schema"] = "http://json-schema.org/draft-04/schema#"
	if len(defs) > 0 {
		root["definitions"] = defs
	}
	return root, nil
}

// strict copies one OpenAPI schema as kubeconform's "strict" schemas have it: an object that
// lists its properties admits no others (what the API server's strict field validation and
// `kubectl apply --validate=strict` reject), while maps (additionalProperties given) and free-form
// objects (no properties, or x-kubernetes-preserve-unknown-fields) stay open. References move to
// "#/definitions/" and are reported to ref. Descriptions are dropped: they validate nothing and
// are most of the bytes.
func strict(schema map[string]any, ref func(string)) map[string]any {
	out := make(map[string]any, len(schema)+1)
	for key, value := range schema {
		switch key {
		case "description":
		case "$ref":
			target := strings.TrimPrefix(value.(string), componentRef)
			ref(target)
			out[key] = "#/definitions/" + target
		case "properties":
			props := map[string]any{}
			for prop, sub := range value.(map[string]any) {
				props[prop] = strict(sub.(map[string]any), ref)
			}
			out[key] = props
		case "items", "additionalProperties", "not":
			if sub, ok := value.(map[string]any); ok {
				out[key] = strict(sub, ref)
			} else {
				out[key] = value // additionalProperties: true/false
			}
		case "allOf", "anyOf", "oneOf":
			var list []any
			for _, sub := range value.([]any) {
				list = append(list, strict(sub.(map[string]any), ref))
			}
			out[key] = list
		case "nullable":
			// OpenAPI 3's nullable is not JSON Schema: say it with the type.
		default:
			out[key] = value
		}
	}
	if schema["nullable"] == true {
		if t, ok := out["type"].(string); ok {
			out["type"] = []any{t, "null"}
		}
	}
	if target, ok := onlyRef(out); ok {
		return map[string]any{"$ref": target}
	}
	_, hasProps := out["properties"]
	_, hasAdditional := out["additionalProperties"]
	if hasProps && !hasAdditional && schema["x-kubernetes-preserve-unknown-fields"] != true {
		out["additionalProperties"] = false
	}
	return out
}

// onlyRef reports a schema that is a reference and nothing more: OpenAPI v3 wraps each field's
// reference as {allOf: [{$ref}], default}, which would add an "'allOf' failed" line per level to
// kubeconform's messages. A default validates nothing, so the plain reference is the same schema.
func onlyRef(schema map[string]any) (string, bool) {
	list, _ := schema["allOf"].([]any)
	if len(list) != 1 {
		return "", false
	}
	for key := range schema {
		if key != "allOf" && key != "default" {
			return "", false
		}
	}
	sub, _ := list[0].(map[string]any)
	target, ok := sub["$ref"].(string)
	return target, ok && len(sub) == 1
}

func sortedKeys(m map[string]map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
