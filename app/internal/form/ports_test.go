package form

import "testing"

// TestSetProtocol: picking TERMINATED_HTTPS or HTTPS moves a listener's
// port to 443 and HTTP back to 80, unless the user typed the port; a port
// another listener holds is skipped.
func TestSetProtocol(t *testing.T) {
	steps := func(v Values, typed string, protocols ...string) Values {
		if typed != "" {
			SetPort(v, typed)
		}
		for _, p := range protocols {
			SetProtocol(v, p, nil)
		}
		return v
	}
	for _, tt := range []struct {
		name string
		v    Values
		want string
	}{
		{"TERMINATED_HTTPS: 443", steps(Values{"protocol": "HTTP", "protocol_port": "80"}, "", "TERMINATED_HTTPS"), "443"},
		{"HTTPS: 443", steps(Values{"protocol": "HTTP", "protocol_port": "80"}, "", "HTTPS"), "443"},
		{"back to HTTP: 80", steps(Values{"protocol": "HTTP", "protocol_port": "80"}, "", "TERMINATED_HTTPS", "HTTP"), "80"},
		{"TCP keeps the port there is", steps(Values{"protocol": "HTTP", "protocol_port": "80"}, "", "TERMINATED_HTTPS", "TCP"), "443"},
		{"a typed port stays", steps(Values{"protocol": "HTTP", "protocol_port": "80"}, "8000", "TERMINATED_HTTPS", "HTTP"), "8000"},
		{"a typed 80 stays too", steps(Values{"protocol": "HTTP", "protocol_port": "80"}, "80", "TERMINATED_HTTPS"), "80"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.v["protocol_port"]; got != tt.want {
				t.Errorf("port: got %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("443 taken: 8443, then 8444", func(t *testing.T) {
		taken := map[string]bool{"443": true, "8443": true}
		v := Values{"protocol": "HTTP", "protocol_port": "80"}
		SetProtocol(v, "TERMINATED_HTTPS", func(p string) bool { return taken[p] })
		if got := v["protocol_port"]; got != "8444" {
			t.Errorf("port: got %q, want 8444", got)
		}
	})
}
