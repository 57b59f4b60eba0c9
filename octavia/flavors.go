package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/flavors"
)

// Flavors are readable by every user; creating, changing and deleting them
// is for admins (403, EFORBIDDEN, otherwise).

// FlavorCreateOpts is gophercloud's flavors.CreateOpts with Enabled as a
// pointer: flavors.CreateOpts drops enabled=false, so it cannot create a
// disabled flavor ("flavor create --disable"). It implements
// flavors.CreateOptsBuilder.
type FlavorCreateOpts struct {
	Name            string `json:"name" required:"true"`
	Description     string `json:"description,omitempty"`
	FlavorProfileID string `json:"flavor_profile_id" required:"true"`
	Enabled         *bool  `json:"enabled,omitempty"` // nil = Octavia's default, enabled
}

// ToFlavorCreateMap implements flavors.CreateOptsBuilder.
func (o FlavorCreateOpts) ToFlavorCreateMap() (map[string]any, error) {
	return gophercloud.BuildRequestBody(o, "flavor")
}

// FlavorUpdateOpts is gophercloud's flavors.UpdateOpts with pointers, nil
// leaving a field as it is: flavors.UpdateOpts drops enabled=false, so it
// cannot disable a flavor ("flavor set --disable"). It implements
// flavors.UpdateOptsBuilder; Unset clears the description.
type FlavorUpdateOpts struct {
	Name        *string `json:"name,omitempty"`
	Description *string `json:"description,omitempty"`
	Enabled     *bool   `json:"enabled,omitempty"`
}

// ToFlavorUpdateMap implements flavors.UpdateOptsBuilder.
func (o FlavorUpdateOpts) ToFlavorUpdateMap() (map[string]any, error) {
	return gophercloud.BuildRequestBody(o, "flavor")
}

// ToFlavorUpdateMap implements flavors.UpdateOptsBuilder ("flavor unset").
func (u Unset) ToFlavorUpdateMap() (map[string]any, error) { return u.body("flavor") }

// Flavors streams the flavors matching opts, page by page ("flavor list").
func (c *Client) Flavors(ctx context.Context, opts flavors.ListOptsBuilder) iter.Seq2[flavors.Flavor, error] {
	const op = "list flavors"
	q, err := opts.ToFlavorListQuery()
	if err != nil {
		return errSeq[flavors.Flavor](op, err)
	}
	return list[flavors.Flavor](ctx, c, c.lb, op, c.collectionURL(KindFlavor, ""), "flavors", q)
}

// GetFlavor reads one flavor ("flavor show").
func (c *Client) GetFlavor(ctx context.Context, id string) (*flavors.Flavor, error) {
	return getOne[flavors.Flavor](ctx, c, "get flavor "+id, c.collectionURL(KindFlavor, "", id), "flavor")
}

// CreateFlavor creates a flavor ("flavor create"; FlavorCreateOpts or
// flavors.CreateOpts). Flavors have no provisioning status: the answer is final.
func (c *Client) CreateFlavor(ctx context.Context, opts flavors.CreateOptsBuilder) (*flavors.Flavor, Accepted, error) {
	const op = "create flavor"
	b, err := opts.ToFlavorCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[flavors.Flavor](ctx, c, c.lb, op, http.MethodPost, c.collectionURL(KindFlavor, ""), b, "flavor")
}

// UpdateFlavor changes a flavor ("flavor set" with FlavorUpdateOpts,
// "flavor unset" with Unset{"description"}).
func (c *Client) UpdateFlavor(ctx context.Context, id string, opts flavors.UpdateOptsBuilder) (*flavors.Flavor, Accepted, error) {
	op := "update flavor " + id
	b, err := opts.ToFlavorUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[flavors.Flavor](ctx, c, c.lb, op, http.MethodPut, c.collectionURL(KindFlavor, "", id), b, "flavor")
}

// DeleteFlavor deletes a flavor ("flavor delete"); Octavia refuses (409)
// while load balancers use it.
func (c *Client) DeleteFlavor(ctx context.Context, id string) (Accepted, error) {
	return c.del(ctx, "delete flavor "+id, c.collectionURL(KindFlavor, "", id))
}
