// Command k8sschemas writes kubeconform's schema files for every built-in Kubernetes kind, made
// from the OpenAPI v3 documents that the k8s.io/kubernetes module carries (api/openapi-spec/v3).
// The module comes through the Go module proxy, so `make check-k8s` validates deploy/k8s without
// the GitHub download kubeconform does by default (CI's network does not reach it). It prints the
// -schema-location to give kubeconform:
//
//	loc=$(go run ./bff/cmd/k8sschemas -out .cache/k8s-schemas)
//	kubectl kustomize deploy/k8s | go tool kubeconform -strict -schema-location "$loc" -
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "k8sschemas:", err)
		os.Exit(1)
	}
}

// KubernetesVersion is the API the manifests are checked against: the oldest minor release the
// Kubernetes project still supports, so that what passes here applies to every supported cluster.
const KubernetesVersion = "v1.35.4"

func run(args []string) error {
	fs := flag.NewFlagSet("k8sschemas", flag.ContinueOnError)
	version := fs.String("kubernetes", KubernetesVersion, "the k8s.io/kubernetes module version whose API to use")
	out := fs.String("out", "", "the folder to write the schemas to (into a sub-folder named after the version)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("-out is required")
	}
	dir := filepath.Join(*out, *version)
	n, err := GenerateFor(*version, dir)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "k8sschemas: %d schemas of Kubernetes %s in %s\n", n, *version, dir)
	fmt.Println(SchemaLocation(dir))
	return nil
}

// GenerateFor writes the schemas of Kubernetes version (a k8s.io/kubernetes module version) into dir.
func GenerateFor(version, dir string) (int, error) {
	mod, err := moduleDir(version)
	if err != nil {
		return 0, err
	}
	return Generate(filepath.Join(mod, "api", "openapi-spec", "v3"), dir)
}

// SchemaLocation is kubeconform's -schema-location for the files Generate wrote into dir.
func SchemaLocation(dir string) string {
	return filepath.Join(dir, "{{ .ResourceKind }}{{ .KindSuffix }}.json")
}

// moduleDir downloads k8s.io/kubernetes at version into the module cache (a no-op once there)
// and returns its folder. It runs outside our module so that go.mod is not consulted: the
// kubernetes module cannot be required (its go.mod points its k8s.io staging modules at
// v0.0.0 and replaces them by folders of its own).
func moduleDir(version string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", "k8s.io/kubernetes@"+version)
	cmd.Dir = os.TempDir()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, runErr := cmd.Output()
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(stdout, &info); err != nil {
		return "", fmt.Errorf("go mod download k8s.io/kubernetes@%s: %v %s", version, runErr, stderr.String())
	}
	if info.Error != "" || info.Dir == "" {
		return "", fmt.Errorf("go mod download k8s.io/kubernetes@%s: %s", version, info.Error)
	}
	return info.Dir, nil
}
