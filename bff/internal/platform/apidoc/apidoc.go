// Package apidoc builds the BFF's OpenAPI 3.1 document from the routes registered on
// authz.Router and the Go types their authz.Doc names. The front end's types are generated
// from this document (cmd/openapi, openapi-typescript), so the Go structs are the one contract.
package apidoc

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi31"

	"mallconsole/bff/internal/platform/authz"
)

// Build returns the document of every route, the staff API (/api), the channel API
// (/background) and the health checks alike, as indented JSON with sorted keys (stable, so that
// a regenerated file diffs cleanly). A route whose method OpenAPI has no operation for is left
// out (see Documentable).
func Build(title, version string, routes []authz.Route) ([]byte, error) {
	r := openapi31.NewReflector()
	r.Spec.Info.WithTitle(title).WithVersion(version)
	r.DefaultOptions = append(r.DefaultOptions, conventions()...)
	for _, rt := range routes {
		if !Documentable(rt.Method) {
			continue
		}
		if rt.Rule.Access == authz.AccessSigned {
			// Signed routes (server to server) name the header a signature travels in; the
			// scheme's description says how it is made.
			r.Spec.SetAPIKeySecurity(SignatureScheme, "X-Signature", openapi.InHeader, rt.Rule.Scheme)
		}
		if err := add(r, rt); err != nil {
			return nil, fmt.Errorf("%s: %w", authz.RouteKey(rt.Method, rt.Path), err)
		}
	}
	raw, err := json.Marshal(r.Spec)
	if err != nil {
		return nil, err
	}
	// A round trip through a map sorts every object's keys.
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// conventions are how the BFF's Go types encode to JSON, told to the schema reflector:
//   - a field without omitempty is always in the answer (required); pointers may be null;
//   - slices and maps are answered empty, never null (handlers build them with make or []T{});
//   - schema names drop the module path ("HttpxListUserRow", not "HttpxListMallconsole…").
func conventions() []func(*jsonschema.ReflectContext) {
	return []func(*jsonschema.ReflectContext){
		func(rc *jsonschema.ReflectContext) { rc.EnvelopNullability = true },
		jsonschema.InterceptNullability(func(p jsonschema.InterceptNullabilityParams) {
			if len(p.Schema.AnyOf) > 0 { // null or a $ref: the type belongs to the $ref alone
				p.Schema.Type = nil
				for i := range p.Schema.AnyOf {
					if o := p.Schema.AnyOf[i].TypeObject; o != nil && o.Ref != nil {
						o.Type = nil
					}
				}
			}
			if !p.NullAdded {
				return
			}
			if k := p.Type.Kind(); k == reflect.Slice || k == reflect.Map {
				p.Schema.RemoveType(jsonschema.Null)
			}
		}),
		jsonschema.InterceptProp(func(p jsonschema.InterceptPropParams) error {
			if !p.Processed || p.ParentSchema == nil {
				return nil
			}
			tag, ok := p.Field.Tag.Lookup("json")
			if !ok || tag == "-" || strings.Contains(tag, ",omitempty") {
				return nil
			}
			if !slices.Contains(p.ParentSchema.Required, p.Name) {
				p.ParentSchema.Required = append(p.ParentSchema.Required, p.Name)
			}
			return nil
		}),
		jsonschema.InterceptDefName(func(_ reflect.Type, name string) string {
			return strings.ReplaceAll(name, modulePath, "")
		}),
	}
}

// SignatureScheme names the security scheme of signed routes in the document.
const SignatureScheme = "signature"

// modulePath is how the default schema names spell this module's packages.
const modulePath = "MallconsoleBffInternal"

var param = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

// OpenAPIPath turns echo's "/api/users/:id" into OpenAPI's "/api/users/{id}".
func OpenAPIPath(echoPath string) string { return param.ReplaceAllString(echoPath, "{$1}") }

func add(r *openapi31.Reflector, rt authz.Route) error {
	path := OpenAPIPath(rt.Path)
	oc, err := r.NewOperationContext(rt.Method, path)
	if err != nil {
		return err
	}
	d := rt.API
	oc.SetTags(tag(rt.Path))
	oc.SetSummary(d.Summary)
	oc.SetDescription("Access: " + rt.Rule.String())
	if rt.Rule.Access == authz.AccessSigned {
		oc.AddSecurity(SignatureScheme)
	}
	if d.Params != nil {
		oc.AddReqStructure(d.Params)
	}
	if d.Form != nil {
		oc.AddReqStructure(d.Form) // urlencoded, or multipart when a field is a file
	}
	// The library leaves DELETE without a body; eladmin's deletes send the ids in one.
	bodyLater := d.Body != nil && rt.Method == http.MethodDelete
	if d.Body != nil && !bodyLater {
		oc.AddReqStructure(d.Body, openapi.WithContentType("application/json"))
	}
	status := d.Status
	if status == 0 {
		status = http.StatusNoContent
		if d.Resp != nil || d.RespType != "" {
			status = http.StatusOK
		}
	}
	switch {
	case d.RespType != "":
		oc.AddRespStructure(nil, openapi.WithContentType(d.RespType), openapi.WithHTTPStatus(status))
	default: // a nil Resp documents an answer without a body
		oc.AddRespStructure(d.Resp, openapi.WithHTTPStatus(status))
	}
	// x-access lets a reader (and the front end) see who may call the route.
	oc.(openapi31.OperationExposer).Operation().WithMapOfAnythingItem("x-access", rt.Rule.String())
	if err := r.AddOperation(oc); err != nil {
		return err
	}
	if bodyLater {
		return deleteBody(r, path, d.Body)
	}
	return nil
}

// deleteBody reflects body as if it were a POST's and moves it onto the DELETE of path.
func deleteBody(r *openapi31.Reflector, path string, body any) error {
	const scratch = "/__delete_body"
	oc, err := r.NewOperationContext(http.MethodPost, scratch)
	if err != nil {
		return err
	}
	oc.AddReqStructure(body, openapi.WithContentType("application/json"))
	oc.AddRespStructure(nil, openapi.WithHTTPStatus(http.StatusNoContent))
	if err := r.AddOperation(oc); err != nil {
		return err
	}
	paths := r.Spec.Paths.MapOfPathItemValues
	item := paths[path]
	item.Delete.RequestBody = paths[scratch].Post.RequestBody
	paths[path] = item
	delete(paths, scratch)
	return nil
}

// Documentable tells whether OpenAPI 3.1 has an operation for method: CONNECT and WebDAV's
// PROPFIND and REPORT, which echo's Any registers too, have none.
func Documentable(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete,
		http.MethodOptions, http.MethodTrace:
		return true
	}
	return false
}

// tag groups operations by the first segment after /api/, else by the path's first segment
// (background, healthz).
func tag(path string) string {
	rest, ok := strings.CutPrefix(path, "/api/")
	if !ok {
		rest = strings.TrimPrefix(path, "/")
	}
	seg, _, _ := strings.Cut(rest, "/")
	return seg
}
