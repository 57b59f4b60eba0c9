package wizard

// SubnetCandidate is a subnet the VIP may take, as PreferredSubnet weighs
// it: its project's, and whether its network is shared.
type SubnetCandidate struct {
	ID        string
	ProjectID string // the subnet's project
	NetProjID string // its network's project ("" = unknown)
	Shared    bool   // its network is shared (e.g. the cloud's public network)
}

// PreferredSubnet is the subnet the wizard pre-selects for project's VIP:
// the first of cands (in the order the picker lists them) that is the
// project's own (the subnet's or its network's), else the first on a
// shared network, else the first. "" when cands is empty. A trainee then
// starts on their own subnet, not on the alphabetically first
// ("public-subnet"), as `openstack loadbalancer create` needs one named.
func PreferredSubnet(cands []SubnetCandidate, project string) string {
	if len(cands) == 0 {
		return ""
	}
	best, rank := cands[0].ID, 0
	for _, c := range cands {
		r := 1 // another project's, not shared
		switch {
		case project != "" && (c.ProjectID == project || c.NetProjID == project):
			r = 3
		case c.Shared:
			r = 2
		}
		if r > rank {
			best, rank = c.ID, r
		}
	}
	return best
}
