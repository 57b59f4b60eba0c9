package labcloud

import (
	"crypto/sha256"
	"slices"
	"time"
)

// User is one lab user, for README, `make run` output and the login page hint.
type User struct {
	Name, Password, Project, Role string
	Trainee                       bool // one of the class (Options.Trainees, Scenario.Trainees)
}

const (
	defaultDomainID   = "default"
	defaultDomainName = "Default"
	regionID          = "RegionOne"
)

// Keystone roles. admin implies member, member implies reader.
const (
	roleAdmin  = "admin"
	roleMember = "member"
	roleReader = "reader"

	// Octavia's roles (its default policy). impliedRoles grants the first
	// two; the others exist so that a credential asking for them is
	// refused as unassigned, as in a real cloud that defines them.
	roleLBMember         = "load-balancer_member"
	roleLBObserver       = "load-balancer_observer"
	roleLBAdmin          = "load-balancer_admin"
	roleLBGlobalObserver = "load-balancer_global_observer"
	roleLBQuotaAdmin     = "load-balancer_quota_admin"
)

type project struct {
	id, name, description string
}

type user struct {
	id, name string
	password [32]byte   // sha256 of the password
	plain    string     // kept only to list lab users
	project  *project   // the default project
	others   []*project // more projects, with the same role (Scenario users' "projects")
	role     string
	trainee  bool       // a trainee (Options.Trainees, Scenario.Trainees): the trainer's page shows it
	tokens   [][32]byte // digests of the tokens issued to the user, oldest first
}

type appCred struct {
	id, name, description string
	secret                [32]byte
	user                  *user
	project               *project
	roles                 []string
	expires               time.Time
	unrestricted          bool
}

func digest(s string) [32]byte { return sha256.Sum256([]byte(s)) }

// impliedRoles lists the role names a role assignment gives: Keystone's
// default implied roles, plus the Octavia roles a real cloud must grant
// for its default policy (load-balancer_member to write,
// load-balancer_observer to read).
func impliedRoles(role string) []string {
	switch role {
	case roleAdmin:
		return []string{roleAdmin, roleMember, roleReader}
	case roleMember:
		return []string{roleMember, roleReader, roleLBMember}
	default:
		return []string{roleReader, roleLBObserver}
	}
}

// isDefinedRole reports whether the lab's Keystone knows the role name:
// the roles a lab user can be given, and Octavia's load-balancer_* roles.
func isDefinedRole(name string) bool {
	switch name {
	case roleAdmin, roleMember, roleReader, roleLBAdmin, roleLBMember, roleLBObserver, roleLBGlobalObserver, roleLBQuotaAdmin:
		return true
	}
	return false
}

// addProject returns the project named name, creating it. Caller holds c.mu.
func (c *Cloud) addProject(name string) *project {
	if p := c.projectsByName[name]; p != nil {
		return p
	}
	p := &project{id: keystoneID("project", name), name: name}
	c.projects = append(c.projects, p)
	c.projectsByName[name] = p
	c.projectsByID[p.id] = p
	c.seedProjectNetwork(p)
	c.seedServers(p, time.Now())
	return p
}

// addUser adds a user with a role on a project. Caller holds c.mu.
func (c *Cloud) addUser(name, password, projectName, role string) *user {
	p := c.addProject(projectName)
	u := &user{id: keystoneID("user", name), name: name, password: digest(password), plain: password, project: p, role: role}
	if old := c.usersByName[name]; old != nil {
		u.trainee = old.trainee
		*old = *u
		return old
	}
	c.users = append(c.users, u)
	c.usersByName[name] = u
	c.usersByID[u.id] = u
	return u
}

// memberOf reports whether u has a role on p. Caller holds c.mu.
func (u *user) memberOf(p *project) bool {
	return u.project == p || slices.Contains(u.others, p)
}

// Users lists the lab's users in the order they were added: admin, demo,
// viewer, the trainees, then the scenario's.
func (c *Cloud) Users() []User {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]User, 0, len(c.users))
	for _, u := range c.users {
		out = append(out, User{Name: u.name, Password: u.plain, Project: u.project.name, Role: u.role, Trainee: u.trainee})
	}
	return out
}

// restore adds its projects and users from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c keystoneService) restore(s *State) error {
	for _, p := range s.Projects {
		np := &project{id: p.ID, name: p.Name, description: p.Description}
		c.projects = append(c.projects, np)
		c.projectsByID[np.id], c.projectsByName[np.name] = np, np
	}
	for _, su := range s.Users {
		p := c.projectsByID[su.Project]
		if p == nil {
			return missingRef("user", su.Name, "project", su.Project)
		}
		u := &user{id: keystoneID("user", su.Name), name: su.Name, password: digest(su.Password), plain: su.Password,
			project: p, role: su.Role, trainee: su.Trainee}
		for _, o := range su.Others {
			op := c.projectsByID[o]
			if op == nil {
				return missingRef("user", su.Name, "project", o)
			}
			u.others = append(u.others, op)
		}
		c.users = append(c.users, u)
		c.usersByID[u.id], c.usersByName[u.name] = u, u
	}
	return nil
}

// save adds its projects and users to s (Cloud.state). Caller holds c.mu.
func (c keystoneService) save(s *State) {
	for _, p := range c.projects {
		s.Projects = append(s.Projects, stProject{p.id, p.name, p.description})
	}
	for _, u := range c.users {
		su := stUser{Name: u.name, Password: u.plain, Project: u.project.id, Role: u.role, Trainee: u.trainee}
		for _, o := range u.others {
			su.Others = append(su.Others, o.id)
		}
		s.Users = append(s.Users, su)
	}
}
