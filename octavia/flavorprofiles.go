package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/flavorprofiles"
)

// Flavor profiles are admin-only: Octavia answers 403 (EFORBIDDEN) to other
// roles.

// FlavorProfiles streams the flavor profiles matching opts, page by page
// ("flavorprofile list"). Octavia names this list's links
// "flavorprofile_links" (singular); the pager reads that name too.
func (c *Client) FlavorProfiles(ctx context.Context, opts flavorprofiles.ListOptsBuilder) iter.Seq2[flavorprofiles.FlavorProfile, error] {
	const op = "list flavor profiles"
	q, err := opts.ToFlavorProfileListQuery()
	if err != nil {
		return errSeq[flavorprofiles.FlavorProfile](op, err)
	}
	return list[flavorprofiles.FlavorProfile](ctx, c, c.lb, op, c.collectionURL(KindFlavorProfile, ""), "flavorprofiles", q)
}

// GetFlavorProfile reads one flavor profile ("flavorprofile show").
func (c *Client) GetFlavorProfile(ctx context.Context, id string) (*flavorprofiles.FlavorProfile, error) {
	return getOne[flavorprofiles.FlavorProfile](ctx, c, "get flavor profile "+id, c.collectionURL(KindFlavorProfile, "", id), "flavorprofile")
}

// CreateFlavorProfile creates a flavor profile ("flavorprofile create");
// FlavorData is a JSON object as a string, with keys from
// ProviderFlavorCapabilities.
func (c *Client) CreateFlavorProfile(ctx context.Context, opts flavorprofiles.CreateOptsBuilder) (*flavorprofiles.FlavorProfile, Accepted, error) {
	const op = "create flavor profile"
	b, err := opts.ToFlavorProfileCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[flavorprofiles.FlavorProfile](ctx, c, c.lb, op, http.MethodPost, c.collectionURL(KindFlavorProfile, ""), b, "flavorprofile")
}

// UpdateFlavorProfile changes a flavor profile ("flavorprofile set").
func (c *Client) UpdateFlavorProfile(ctx context.Context, id string, opts flavorprofiles.UpdateOptsBuilder) (*flavorprofiles.FlavorProfile, Accepted, error) {
	op := "update flavor profile " + id
	b, err := opts.ToFlavorProfileUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[flavorprofiles.FlavorProfile](ctx, c, c.lb, op, http.MethodPut, c.collectionURL(KindFlavorProfile, "", id), b, "flavorprofile")
}

// DeleteFlavorProfile deletes a flavor profile ("flavorprofile delete");
// Octavia refuses (409) while a flavor uses it.
func (c *Client) DeleteFlavorProfile(ctx context.Context, id string) (Accepted, error) {
	return c.del(ctx, "delete flavor profile "+id, c.collectionURL(KindFlavorProfile, "", id))
}
