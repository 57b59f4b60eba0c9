// Saving and restoring the lab's Barbican in a State: secrets with their
// payloads, containers, ACLs, and which projects got their seeded
// certificates.

package labcloud

import (
	"fmt"
	"time"

	"github.com/octaview/octaview/internal/uuid"
)

type stACL struct {
	Users         []string  `json:"users"`
	ProjectAccess bool      `json:"project_access"`
	Created       time.Time `json:"created"`
	Updated       time.Time `json:"updated"`
}

type stSecret struct {
	ID          string    `json:"id"`
	Project     string    `json:"project_id"`
	Creator     string    `json:"creator_id"`
	Name        *string   `json:"name,omitempty"`
	Type        string    `json:"secret_type"`
	Algorithm   *string   `json:"algorithm,omitempty"`
	Mode        *string   `json:"mode,omitempty"`
	BitLength   *int      `json:"bit_length,omitempty"`
	Expiration  time.Time `json:"expiration,omitzero"`
	ContentType string    `json:"content_type,omitempty"`
	Payload     []byte    `json:"payload,omitempty"`
	Created     time.Time `json:"created"`
	Updated     time.Time `json:"updated"`
	ACL         *stACL    `json:"acl,omitempty"`
}

type stContainerRef struct {
	Name   *string `json:"name"`
	Secret string  `json:"secret_id"`
}

type stContainer struct {
	ID      string           `json:"id"`
	Project string           `json:"project_id"`
	Creator string           `json:"creator_id"`
	Name    *string          `json:"name,omitempty"`
	Type    string           `json:"type"`
	Refs    []stContainerRef `json:"secret_refs"`
	Created time.Time        `json:"created"`
	Updated time.Time        `json:"updated"`
	ACL     *stACL           `json:"acl,omitempty"`
}

func aclOf(a *kmACL) *stACL {
	if !a.set {
		return nil
	}
	return &stACL{Users: a.users, ProjectAccess: a.projectAccess, Created: a.created, Updated: a.updated}
}

func (s *stACL) acl() kmACL {
	if s == nil {
		return kmACL{}
	}
	users := s.Users
	if users == nil {
		users = []string{}
	}
	return kmACL{set: true, users: users, projectAccess: s.ProjectAccess, created: s.Created, updated: s.Updated}
}

// save adds the lab's Barbican to s (Cloud.state). Caller holds c.mu.
func (c barbicanService) save(s *State) { c.keys.save(s, c.projects) }

// restore adds the lab's Barbican from s to an empty Cloud
// (Cloud.restore). Caller holds c.mu.
func (c barbicanService) restore(s *State) error { return c.keys.restore(s, c.projectsByID) }

// save adds the store's secrets and containers to s, and which of
// projects (the lab's, in its order) got their seeded certificates.
func (ks *keyStore) save(s *State, projects []*project) {
	for _, x := range ks.secretOrder {
		s.Secrets = append(s.Secrets, stSecret{x.id, x.projectID, x.creatorID, x.name, x.secretType, x.algorithm, x.mode,
			x.bitLength, x.expiration, x.contentType, x.payload, x.created, x.updated, aclOf(&x.acl)})
	}
	for _, x := range ks.containerOrder {
		refs := make([]stContainerRef, len(x.refs))
		for i, r := range x.refs {
			refs[i] = stContainerRef{r.name, r.secretID}
		}
		s.Containers = append(s.Containers, stContainer{x.id, x.projectID, x.creatorID, x.name, x.typ, refs,
			x.created, x.updated, aclOf(&x.acl)})
	}
	for _, p := range projects {
		if ks.seeded[p.id] {
			s.SeededCertificates = append(s.SeededCertificates, p.id)
		}
	}
}

// restore fills an empty store from s; projects is the restored lab's
// projects by id, which each secret and container must name.
func (ks *keyStore) restore(s *State, projects map[string]*project) error {
	for _, x := range s.Secrets {
		if projects[x.Project] == nil {
			return missingRef("secret", x.ID, "project", x.Project)
		}
		if !uuid.Valid(x.ID) || ks.secrets[x.ID] != nil {
			return fmt.Errorf("secret %q: not a UUID, or twice", x.ID)
		}
		ks.addSecret(&secret{id: x.ID, projectID: x.Project, creatorID: x.Creator, name: x.Name, secretType: x.Type,
			algorithm: x.Algorithm, mode: x.Mode, bitLength: x.BitLength, expiration: x.Expiration,
			contentType: x.ContentType, payload: x.Payload, created: x.Created, updated: x.Updated, acl: x.ACL.acl()})
	}
	for _, x := range s.Containers {
		if projects[x.Project] == nil {
			return missingRef("container", x.ID, "project", x.Project)
		}
		if !uuid.Valid(x.ID) || ks.containers[x.ID] != nil {
			return fmt.Errorf("container %q: not a UUID, or twice", x.ID)
		}
		ct := &container{id: x.ID, projectID: x.Project, creatorID: x.Creator, name: x.Name, typ: x.Type,
			created: x.Created, updated: x.Updated, acl: x.ACL.acl()}
		for _, r := range x.Refs {
			if ks.secrets[r.Secret] == nil {
				return missingRef("container", x.ID, "secret", r.Secret)
			}
			ct.refs = append(ct.refs, containerRef{r.Name, r.Secret})
		}
		ks.addContainer(ct)
	}
	for _, id := range s.SeededCertificates {
		ks.seeded[id] = true
	}
	return nil
}
