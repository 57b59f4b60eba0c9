package console

import (
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// AzRes: availability zones, named by their name (they have no ID), the
// places users can put a load balancer. Everyone reads them; admins write
// them, and only admins read the profile behind one. Octavia applies a
// write at once.
var AzRes = &Resource{
	Kind: octavia.KindAvailabilityZone, Prefix: "az", Singular: "availability zone", Plural: "availability zones",
	Title: "Availability zones", Path: "/availability-zones", Global: true, WriteAdmin: true, Create: true, Edit: true, Delete: true,
	Intro: "An availability zone is a place a load balancer can be built in (a compute zone, its networks).",
	Columns: []Column{{Title: "Description", Key: "description", Width: "34%"}, {Title: "Enabled", Key: "enabled", Width: "9%"},
		{Title: "Profile", Key: "availability_zone_profile_id", Link: octavia.KindAvailabilityZoneProfile, Width: "17%"}},
	Props: []property{{Key: "name"}, {Key: "description"}, {Key: "enabled"}, {Key: "availability_zone_profile_id", Mono: true}},
	Fields: form.Labelled([]form.Field{
		{Key: "name", Only: form.Create, Required: true}, {Key: "description", Null: true},
		{Key: "availability_zone_profile_id", Type: form.Ref, Ref: octavia.KindAvailabilityZoneProfile, Only: form.Create, Required: true},
		{Key: "enabled", Type: form.Bool, Default: "true", Hint: "A disabled zone cannot be picked for new load balancers."},
	}),
	Filters:  []listFilter{{Key: "availability_zone_profile_id", Label: "Profile", Of: octavia.KindAvailabilityZoneProfile}},
	Validate: form.ValidateAvailabilityZone,
}
