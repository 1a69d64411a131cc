package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/yannh/kubeconform/pkg/validator"
)

// The schemas are made from the real k8s.io/kubernetes module (through the module proxy, once per
// machine) and checked with kubeconform's own validator at the version `go tool kubeconform` runs,
// with the options of `make check-k8s`: strict, and a kind without a schema is an error.
func newValidator(t *testing.T) validator.Validator {
	t.Helper()
	dir := t.TempDir()
	n, err := GenerateFor(KubernetesVersion, dir)
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d schemas written", n)
	}
	v, err := validator.New([]string{SchemaLocation(dir)}, validator.Opts{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func validate(t *testing.T, v validator.Validator, name string, r io.ReadCloser) []validator.Result {
	t.Helper()
	results := v.Validate(name, r)
	if len(results) == 0 {
		t.Fatalf("%s: no resource found", name)
	}
	return results
}

func TestDeployManifestsPass(t *testing.T) {
	v := newValidator(t)
	files, err := filepath.Glob("../../../deploy/k8s/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, file := range files {
		if filepath.Base(file) == "kustomization.yaml" { // kustomize's input, not an API object
			continue
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, res := range validate(t, v, file, f) {
			if res.Status != validator.Valid {
				t.Errorf("%s: status %d: %v %v", file, res.Status, res.Err, res.ValidationErrors)
			}
			checked++
		}
	}
	if checked < 6 { // ConfigMap, Deployment, PodDisruptionBudget, HPA, Service, Ingress, Secret
		t.Fatalf("only %d resources checked", checked)
	}
}

const goodDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web, any-label: free}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  strategy: {rollingUpdate: {maxSurge: 25%, maxUnavailable: 0}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
        - name: web
          image: web:1
          imagePullPolicy: IfNotPresent
          ports: [{containerPort: 8000, name: http}]
          resources: {requests: {cpu: 250m, memory: 128Mi}, limits: {cpu: 1}}
          readinessProbe: {httpGet: {path: /readyz, port: http}}
          livenessProbe: {httpGet: {path: /healthz, port: 8000}}
`

func TestGoodDeploymentPasses(t *testing.T) {
	v := newValidator(t)
	for _, res := range validate(t, v, "good.yaml", io.NopCloser(strings.NewReader(goodDeployment))) {
		if res.Status != validator.Valid {
			t.Fatalf("status %d: %v %v", res.Status, res.Err, res.ValidationErrors)
		}
	}
}

// Each case changes the valid Deployment above in one place; kubeconform must reject it and
// say where.
func TestMistakesFail(t *testing.T) {
	v := newValidator(t)
	cases := []struct{ name, from, to, want string }{
		{"misspelled spec field", "replicas: 2", "replica: 2", "at '/spec': additional properties 'replica' not allowed"},
		{"misspelled container field", "imagePullPolicy:", "imagePullPolicyy:",
			"at '/spec/template/spec/containers/0': additional properties 'imagePullPolicyy' not allowed"},
		{"unknown metadata field", "  name: web\n", "  name: web\n  nmespace: x\n", "at '/metadata': additional properties 'nmespace' not allowed"},
		{"string for an integer", "replicas: 2", `replicas: "two"`, "at '/spec/replicas': got string, want integer"},
		{"name for a port number", "containerPort: 8000", "containerPort: http",
			"at '/spec/template/spec/containers/0/ports/0/containerPort': got string, want integer"},
		{"object for a string", "image: web:1", "image: {name: web}", "at '/spec/template/spec/containers/0/image': got object, want string"},
		{"list for a map", "labels: {app: web, any-label: free}", "labels: [app]", "at '/metadata/labels': got array, want object"},
		{"required field missing", "        - name: web\n          image", "        - image",
			"at '/spec/template/spec/containers/0': missing property 'name'"},
		{"kind without a schema", "kind: Deployment", "kind: Deploymnt", "could not find schema for Deploymnt"},
		{"group-version without the kind", "apiVersion: apps/v1", "apiVersion: apps/v1beta1", "could not find schema for Deployment"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := strings.Replace(goodDeployment, c.from, c.to, 1)
			if doc == goodDeployment {
				t.Fatalf("%q is not in the manifest", c.from)
			}
			results := validate(t, v, "bad.yaml", io.NopCloser(strings.NewReader(doc)))
			res := results[0]
			if res.Status == validator.Valid {
				t.Fatal("passed")
			}
			got := ""
			if res.Err != nil {
				got = res.Err.Error()
			}
			if !strings.Contains(got, c.want) {
				t.Fatalf("error %q does not mention %q", got, c.want)

			}
		})
	}
}
