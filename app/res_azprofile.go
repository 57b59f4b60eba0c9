package app

import (
	"context"
	"iter"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/availabilityzoneprofiles"
)

// azProfileRes: availability zone profiles, what a zone means to its
// provider (availability_zone_data, a JSON object of the provider's zone
// capabilities). Admins only; Octavia applies a write at once.
var azProfileRes = register(&resource{
	Kind: octavia.KindAvailabilityZoneProfile, Prefix: "azprofile", Singular: "availability zone profile",
	Plural: "availability zone profiles", Title: "AZ profiles", Path: "/availability-zone-profiles",
	Envelope: "availability_zone_profile", Admin: true, WriteAdmin: true, Paged: true,
	Intro: "An availability zone profile is what a zone means to its provider: a JSON object of the provider's zone capabilities.",
	Columns: []column{{Title: "Provider", Key: "provider_name", Width: "11%"},
		{Title: "Zone data", Key: "availability_zone_data", Mono: true, Width: "40%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "ID", Key: "id", Mono: true}, {Label: "Provider", Key: "provider_name"},
		{Label: "Zone data", Key: "availability_zone_data", Mono: true},
	},
	Fields:   profileFields("availability_zone_data", "Zone data", `{"compute_zone": "az1"}`),
	Filters:  []listFilter{{Key: "provider_name", Label: "Provider"}},
	Validate: validateAvailabilityZoneProfile,
	Children: []child{{Of: octavia.KindAvailabilityZone, Filter: "availability_zone_profile_id"}},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return objects(c.AvailabilityZoneProfiles(ctx, availabilityzoneprofiles.ListOpts{ProviderName: q.get("provider_name"),
			Limit: q.Limit, Marker: q.Marker}))
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		return one(c.GetAvailabilityZoneProfile(ctx, r.ID))
	},
	Create: func(ctx context.Context, c *octavia.Client, _ string, b requestBody) (object, octavia.Accepted, error) {
		return written(c.CreateAvailabilityZoneProfile(ctx, b))
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		return written(c.UpdateAvailabilityZoneProfile(ctx, r.ID, b))
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeleteAvailabilityZoneProfile(ctx, r.ID)
	},
})
