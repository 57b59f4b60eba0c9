package wizard

import "testing"

func TestPreferredSubnet(t *testing.T) {
	public := SubnetCandidate{ID: "public-subnet", ProjectID: "admin-p", NetProjID: "admin-p", Shared: true}
	own := SubnetCandidate{ID: "trainee3-subnet", ProjectID: "t3", NetProjID: "t3"}
	other := SubnetCandidate{ID: "a-other-subnet", ProjectID: "t9", NetProjID: "t9"}
	ownOnShared := SubnetCandidate{ID: "mine-on-a-shared-net", ProjectID: "t3", NetProjID: "admin-p", Shared: true}
	for _, tc := range []struct {
		name    string
		cands   []SubnetCandidate
		project string
		want    string
	}{
		{"none", nil, "t3", ""},
		{"the project's own before the public one listed first", []SubnetCandidate{public, own}, "t3", "trainee3-subnet"},
		{"the project's own before another's", []SubnetCandidate{other, public, own}, "t3", "trainee3-subnet"},
		{"a subnet of the project on a shared network is its own", []SubnetCandidate{public, ownOnShared}, "t3", "mine-on-a-shared-net"},
		{"no own: a shared one before another project's", []SubnetCandidate{other, public}, "t3", "public-subnet"},
		{"nothing but others: the first", []SubnetCandidate{other, {ID: "b"}}, "t3", "a-other-subnet"},
		{"the admin's own is the public one", []SubnetCandidate{other, public, own}, "admin-p", "public-subnet"},
		{"project unknown: shared, then first", []SubnetCandidate{other, public}, "", "public-subnet"},
		{"two own: the first listed", []SubnetCandidate{public, own, {ID: "trainee3-b", ProjectID: "t3"}}, "t3", "trainee3-subnet"},
	} {
		if got := PreferredSubnet(tc.cands, tc.project); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
