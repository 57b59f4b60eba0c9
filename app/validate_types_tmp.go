package app

// TEMPORARY until the validate branch lands (it defines these).
type formValues map[string]string
type fieldErrs map[string]string

func faultField(fault string, names []string) string                      { return "" }
func validateLoadBalancer(v formValues, create bool) fieldErrs            { return nil }
func validateListener(v formValues, create bool) fieldErrs                { return nil }
func validatePool(v formValues, create bool) fieldErrs                    { return nil }
func validateMember(v formValues, create bool) fieldErrs                  { return nil }
func validateMonitor(v formValues, create bool) fieldErrs                 { return nil }
func validateL7Policy(v formValues, create bool) fieldErrs                { return nil }
func validateL7Rule(v formValues, create bool) fieldErrs                  { return nil }
func validateQuota(v formValues, create bool) fieldErrs                   { return nil }
func validateFlavor(v formValues, create bool) fieldErrs                  { return nil }
func validateFlavorProfile(v formValues, create bool) fieldErrs           { return nil }
func validateAvailabilityZone(v formValues, create bool) fieldErrs        { return nil }
func validateAvailabilityZoneProfile(v formValues, create bool) fieldErrs { return nil }
