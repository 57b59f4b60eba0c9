// The admin kinds' rules: quotas, flavors, availability zones and their
// profiles.

package form

// ValidateQuota checks a quota form, whose every value is a limit (its
// fields are the kind's limits); create does not matter.
func ValidateQuota(v Values, _ bool) Errs {
	f := newForm(v, false)
	for k := range v {
		f.field(k, quotaValue)
	}
	return f.result()
}

// ValidateFlavor checks a flavor form.
func ValidateFlavor(v Values, create bool) Errs {
	return validateOffer(v, create, "flavor_profile_id")
}

// ValidateFlavorProfile checks a flavor profile form.
func ValidateFlavorProfile(v Values, create bool) Errs {
	return validateProfile(v, create, "flavor_data")
}

// ValidateAvailabilityZone checks an availability zone form; its name is
// its ID, set at creation.
func ValidateAvailabilityZone(v Values, create bool) Errs {
	return validateOffer(v, create, "availability_zone_profile_id")
}

// ValidateAvailabilityZoneProfile checks an availability zone profile form.
func ValidateAvailabilityZoneProfile(v Values, create bool) Errs {
	return validateProfile(v, create, "availability_zone_data")
}

// validateOffer checks a flavor or an availability zone: what the admin
// offers users, over a profile; profile is the name of its profile's ID.
func validateOffer(v Values, create bool, profile string) Errs {
	f := newForm(v, create)
	f.field("name", text(maxName))
	f.field("description", text(maxName))
	f.field(profile, uuid)
	f.field("enabled", boolean)
	return f.result()
}

// validateProfile checks a flavor or availability zone profile; data is
// the name of its JSON attribute.
func validateProfile(v Values, create bool, data string) Errs {
	f := newForm(v, create)
	f.field("name", text(maxName))
	f.field("provider_name", text(maxName))
	f.field(data, text(maxDataLength), jsonObject)
	return f.result()
}
