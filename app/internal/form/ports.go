package form

import "strconv"

// PortTyped is the key of a listener's Values that says the user typed its
// port ("true"): a protocol picked after that leaves the port alone. Keys
// starting with "_" are the forms' own and never sent.
const PortTyped = "_port_typed"

// usualPort is the port a listener moves to with its protocol while the
// user has typed none: HTTP 80; HTTPS and TERMINATED_HTTPS 443. The other
// protocols have no usual port (ok false) and keep the one there is.
func usualPort(protocol string) (port int, ok bool) {
	switch protocol {
	case "HTTP":
		return 80, true
	case "HTTPS", "TERMINATED_HTTPS":
		return 443, true
	}
	return 0, false
}

// SetProtocol sets the protocol of listener v and, unless the user typed
// its port (v[PortTyped]), moves the port to the protocol's usual one; when
// taken reports that port held by another listener of the load balancer
// (nil: none), the next free one (80, 8080, 8081, …; 443, 8443, 8444, …).
func SetProtocol(v Values, protocol string, taken func(port string) bool) {
	v["protocol"] = protocol
	port, ok := usualPort(protocol)
	if !ok || v[PortTyped] == "true" {
		return
	}
	for first := port; taken != nil && taken(strconv.Itoa(port)); {
		if port == first {
			port = first + 8000
		} else {
			port++
		}
	}
	v["protocol_port"] = strconv.Itoa(port)
}

// SetPort sets the port of listener v as the user typed it: a protocol
// picked after that leaves it alone.
func SetPort(v Values, port string) {
	v["protocol_port"] = port
	v[PortTyped] = "true"
}
