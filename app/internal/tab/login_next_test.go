package tab

import "testing"

func TestLoginFor(t *testing.T) {
	for _, tt := range []struct{ uri, want string }{
		{"/", "/login?next=%2F"},
		{"/load-balancers?q=shop&sort=name", "/login?next=%2Fload-balancers%3Fq%3Dshop%26sort%3Dname"},
		{"/pools/p1/members/m1", "/login?next=%2Fpools%2Fp1%2Fmembers%2Fm1"},
		{"//evil.example/x", "/login?next=%2Fload-balancers"},
		{"/login?next=%2F", "/login?next=%2Fload-balancers"},
		{`/\evil.example`, "/login?next=%2Fload-balancers"},
	} {
		if got := LoginFor(tt.uri); got != tt.want {
			t.Errorf("LoginFor(%q): got %q, want %q", tt.uri, got, tt.want)
		}
	}
}
