package app

import (
	"context"
	"iter"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/availabilityzones"
)

// azRes: availability zones, named by their name (they have no ID), the
// places users can put a load balancer. Everyone reads them; admins write
// them, and only admins read the profile behind one. Octavia applies a
// write at once.
var azRes = register(&resource{
	Kind: octavia.KindAvailabilityZone, Prefix: "az", Singular: "availability zone", Plural: "availability zones",
	Title: "Availability zones", Path: "/availability-zones", IDKey: "name", Envelope: "availability_zone", WriteAdmin: true,
	Intro: "An availability zone is a place a load balancer can be built in (a compute zone, its networks).",
	Columns: []column{{Title: "Description", Key: "description", Width: "34%"}, {Title: "Enabled", Key: "enabled", Width: "9%"},
		{Title: "Profile", Key: "availability_zone_profile_id", Link: octavia.KindAvailabilityZoneProfile, Width: "17%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "Description", Key: "description"}, {Label: "Enabled", Key: "enabled"},
		{Label: "Profile", Key: "availability_zone_profile_id", Link: octavia.KindAvailabilityZoneProfile, Mono: true},
	},
	Fields: []formField{
		{Key: "name", Label: "Name", Only: "create", Required: true}, {Key: "description", Label: "Description", Null: true},
		{Key: "availability_zone_profile_id", Label: "Profile", Type: fRef, Ref: octavia.KindAvailabilityZoneProfile, Only: "create", Required: true},
		{Key: "enabled", Label: "Enabled", Type: fBool, Default: "true", Hint: "A disabled zone cannot be picked for new load balancers."},
	},
	Filters: []listFilter{{Key: "availability_zone_profile_id", Label: "Profile", Of: octavia.KindAvailabilityZoneProfile}},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return objects(c.AvailabilityZones(ctx, availabilityzones.ListOpts{AvailabilityZoneProfileID: q.get("availability_zone_profile_id")}))
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		return one(c.GetAvailabilityZone(ctx, r.ID))
	},
	Create: func(ctx context.Context, c *octavia.Client, _ string, b requestBody) (object, octavia.Accepted, error) {
		return written(c.CreateAvailabilityZone(ctx, b))
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		return written(c.UpdateAvailabilityZone(ctx, r.ID, b))
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeleteAvailabilityZone(ctx, r.ID)
	},
	Validate: validateAvailabilityZone,
})
