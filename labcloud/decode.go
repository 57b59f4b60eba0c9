package labcloud

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strings"
)

// paramNames are the names of the body arguments of Octavia's controllers,
// which wsme puts in its "Unknown attribute" messages.
var paramNames = map[string]string{
	"loadbalancer": "load_balancer", "listener": "listener_", "pool": "pool_", "member": "member_",
	"members": "members_", "healthmonitor": "health_monitor_", "l7policy": "l7policy_", "rule": "rule_",
	"quota": "quotas", "flavor": "flavor_", "flavorprofile": "flavor_profile_",
	"availability_zone": "availability_zone_", "availability_zone_profile": "availability_zone_profile_",
}

// createOnly are the attributes of a create body that Octavia's update
// type of the same resource lacks: an update carrying one is "Unknown
// attribute", as a real Octavia answers.
var createOnly = map[string][]string{
	"loadbalancer": {"vip_address", "vip_port_id", "vip_subnet_id", "vip_network_id", "project_id", "provider",
		"flavor_id", "availability_zone", "listeners", "pools"},
	"listener":          {"protocol", "protocol_port", "loadbalancer_id", "project_id", "default_pool", "l7policies"},
	"pool":              {"protocol", "listener_id", "loadbalancer_id", "project_id", "members", "healthmonitor"},
	"member":            {"address", "protocol_port", "subnet_id", "project_id"},
	"healthmonitor":     {"type", "pool_id", "project_id"},
	"l7policy":          {"listener_id", "project_id", "rules"},
	"rule":              {"project_id"},
	"flavor":            {"flavor_profile_id"},
	"availability_zone": {"name", "availability_zone_profile_id"},
}

// parsedBody is what decodeArg needs of a request body whatever the
// resource: the body read, checked and parsed once. The octavia wrapper
// makes it before it takes the lab's lock, so a big or deep body costs
// its sender, not every other user.
type parsedBody struct {
	fault *apiError                  // media type, UTF-8 or JSON fault, as Octavia answers it
	top   map[string]json.RawMessage // the body's attributes
	tree  map[string]any             // the same, decoded once for checkTypes
}

type parsedBodyKey struct{}

// errBadJSON is wsme's answer to a body that is not a JSON object.
func errBadJSON() *apiError {
	return errorf(http.StatusBadRequest, "Request is not in valid JSON format")
}

// parseBody reads r's body and checks it as Octavia's API layer does
// before the controller: media type, UTF-8, JSON (at most maxJSONDepth
// deep, refused before it is parsed).
func parseBody(r *http.Request) *parsedBody {
	if r.Body == nil {
		r.Body = http.NoBody
	}
	raw, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, 4<<20))
	if err != nil {
		return &parsedBody{fault: errBadJSON()}
	}
	if err := checkMediaType(r, raw); err != nil {
		return &parsedBody{fault: err}
	}
	if err := checkUTF8(raw); err != nil {
		return &parsedBody{fault: err}
	}
	if jsonDepth(raw) > maxJSONDepth {
		return &parsedBody{fault: errBadJSON()}
	}
	b := &parsedBody{}
	if json.Unmarshal(raw, &b.top) != nil || json.Unmarshal(raw, &b.tree) != nil {
		return &parsedBody{fault: errBadJSON()}
	}
	return b
}

// withParsedBody returns r carrying its parsed body, for a request that
// may have one (POST, PUT).
func withParsedBody(r *http.Request) *http.Request {
	if r.Method != http.MethodPost && r.Method != http.MethodPut {
		return r
	}
	return r.WithContext(context.WithValue(r.Context(), parsedBodyKey{}, parseBody(r)))
}

// decodeArg decodes {"<key>": {...}} into dst (a pointer to a pointer to a
// body struct), with wsme's answers for bad JSON, unknown attributes and a
// missing argument. The body is parsed by withParsedBody, or here.
func decodeArg(r *http.Request, key string, dst any) *apiError {
	b, ok := r.Context().Value(parsedBodyKey{}).(*parsedBody)
	if !ok {
		b = parseBody(r)
	}
	if b.fault != nil {
		return b.fault
	}
	top := b.top
	param := paramNames[key]
	for k := range top {
		if k != key {
			return errorf(http.StatusBadRequest, "Unknown attribute for argument %s: %s", param, k)
		}
	}
	inner, ok := top[key]
	if !ok || string(inner) == "null" {
		return errorf(http.StatusBadRequest, "Missing argument: \"%s\"", key)
	}
	if err := checkTypes(map[string]any{key: b.tree[key]}); err != nil {
		return err
	}
	st := reflect.TypeOf(dst).Elem()
	for st.Kind() == reflect.Pointer || st.Kind() == reflect.Slice {
		st = st.Elem()
	}
	if st.Kind() == reflect.Struct && strings.HasPrefix(string(inner), "{") {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(inner, &fields); err != nil {
			return errBadJSON()
		}
		known := jsonNames(st)
		if r.Method == http.MethodPut {
			for _, k := range createOnly[key] {
				delete(known, k)
			}
		}
		for k := range fields {
			if !known[k] {
				return errorf(http.StatusBadRequest, "Unknown attribute for argument %s.%s: %s", param, key, k)
			}
		}
		if normalize(st, key, fields) {
			inner, _ = json.Marshal(fields)
		}
	}
	if err := json.Unmarshal(inner, dst); err != nil {
		return typeError(inner, err)
	}
	return nil
}

// decodeBodyArg decodes {"<key>": {...}} into a new B, as decodeArg.
func decodeBodyArg[B any](r *http.Request, key string) (*B, *apiError) {
	var b *B
	if err := decodeArg(r, key, &b); err != nil {
		return nil, err
	}
	return b, nil
}

// typeError turns a JSON type mismatch found decoding data into wsme's
// message, which shows the value sent as Python prints it: 5, True,
// ['a', 1], a string bare.
func typeError(data []byte, err error) *apiError {
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		return invalidInput(te.Field[strings.LastIndex(te.Field, ".")+1:], sentValue(data, te), "Value should be "+te.Type.String())
	}
	return errorf(http.StatusBadRequest, "Request is not in valid JSON format")
}

// sentValue is the value of data that te is about, as wsme prints it.
// encoding/json's te.Value names only its JSON type ("string", "number"),
// and te.Offset is where the value starts (+1) for an object or array and
// where it ends for any other.
func sentValue(data []byte, te *json.UnmarshalTypeError) string {
	off := int(te.Offset)
	if off <= 0 || off > len(data) {
		return te.Value
	}
	start, end := off-1, off
	if c := data[start]; c != '{' && c != '[' {
		start = literalStart(data, off)
	} else {
		var raw json.RawMessage
		d := json.NewDecoder(bytes.NewReader(data[start:]))
		if d.Decode(&raw) != nil {
			return te.Value
		}
		end = start + len(raw)
	}
	raw := json.RawMessage(data[start:end])
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return pyJSON(raw)
}

// literalStart is where the JSON literal (string, number, true, false)
// that ends at data[end-1] begins.
func literalStart(data []byte, end int) int {
	i := end - 1
	if data[i] != '"' {
		for i > 0 && strings.IndexByte("+-.0123456789eEtrufalsn", data[i-1]) >= 0 {
			i--
		}
		return i
	}
	for i--; i >= 0; i-- { // the opening quote: one not escaped
		if data[i] != '"' {
			continue
		}
		n := 0
		for j := i - 1; j >= 0 && data[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			return i
		}
	}
	return 0
}

func jsonNames(t reflect.Type) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out[name] = true
		}
	}
	return out
}

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$`)

// checkUUIDs answers wsme's 400 for an id attribute that is not a UUID.
func checkUUIDs(fields ...any) *apiError {
	for i := 0; i+1 < len(fields); i += 2 {
		v, _ := fields[i+1].(*string)
		if v != nil && *v != "" && !uuidRE.MatchString(*v) {
			return invalidInput(fields[i].(string), *v, "Value should be UUID format")
		}
	}
	return nil
}

// nullDefaults are the values a JSON null resets an attribute to (what the
// CLI's "unset" sends). "" and 0 on optional references mean "clear".
var nullDefaults = map[string]map[string]string{
	"loadbalancer": {"name": `""`, "description": `""`, "vip_qos_policy_id": `""`},
	"listener": {"name": `""`, "description": `""`, "connection_limit": `-1`, "default_pool_id": `""`,
		"timeout_client_data": `50000`, "timeout_member_connect": `5000`, "timeout_member_data": `50000`,
		"timeout_tcp_inspect": `0`, "allowed_cidrs": `[]`, "insert_headers": `{}`},
	"pool":              {"name": `""`, "description": `""`},
	"member":            {"name": `""`, "weight": `1`, "backup": `false`, "monitor_port": `0`, "monitor_address": `""`},
	"healthmonitor":     {"name": `""`, "url_path": `"/"`, "expected_codes": `"200"`, "http_method": `"GET"`, "max_retries_down": `3`, "domain_name": `""`, "http_version": `0`},
	"l7policy":          {"name": `""`, "description": `""`, "redirect_http_code": `0`},
	"rule":              {"key": `""`},
	"flavor":            {"description": `""`},
	"availability_zone": {"description": `""`},
}

// normalize rewrites, in place, what wsme accepts and Go's decoder does
// not: integers and booleans sent as strings ("100", "true"), and null
// meaning "back to the default". It reports whether anything changed.
func normalize(st reflect.Type, key string, fields map[string]json.RawMessage) bool {
	changed := false
	types := map[string]reflect.Type{}
	for i := 0; i < st.NumField(); i++ {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		types[name] = st.Field(i).Type
	}
	for k, v := range fields {
		if string(v) == "null" {
			if k == "tags" {
				fields[k] = json.RawMessage(`[]`)
				changed = true
			} else if d, ok := nullDefaults[key][k]; ok {
				fields[k] = json.RawMessage(d)
				changed = true
			}
			continue
		}
		if len(v) < 2 || v[0] != '"' {
			continue
		}
		var s string
		if json.Unmarshal(v, &s) != nil {
			continue
		}
		t := types[k]
		for t != nil && t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t == nil {
			continue
		}
		switch t.Kind() {
		case reflect.Int, reflect.Float64:
			if _, ok := atoiOK(s); ok {
				fields[k] = json.RawMessage(s)
				changed = true
			}
		case reflect.Bool:
			if b := strings.ToLower(s); b == "true" || b == "false" {
				fields[k] = json.RawMessage(b)
				changed = true
			}
		}
	}
	return changed
}
